"""Selection caps on small frames: answer share, facts per question, mirrored multi-hop pairs,
questions of earlier versions, no padding, and a funnel whose outcomes add up."""

from __future__ import annotations

import json

import pandas as pd

from dagster_project.core.filters.selection import (
    ANSWER_CAP,
    ASKED_BEFORE,
    DROPPED_BY_FILTERS,
    FACT_CAP,
    MIRRORED_MH,
    OUTCOMES,
    SELECTED,
    combine_verdicts,
    funnel,
    normalized_question,
    select,
    selected_questions,
)


def _frame(rows: list[dict], linter_reasons: dict[str, str] | None = None) -> pd.DataFrame:
    qa = pd.DataFrame([{"answer_items": [r["answer"]], "triples_text": "[]", **r} for r in rows])
    reasons = linter_reasons or {}
    linter = pd.DataFrame({
        "qa_id": qa["qa_id"],
        "score": 1.0,
        "verdict": ["fail" if q in reasons else "pass" for q in qa["qa_id"]],
        "reason": [reasons.get(q, "well-formed") for q in qa["qa_id"]],
    })  # fmt: skip
    return combine_verdicts(qa, {"qa_linter": linter})


def _outcomes(decided: pd.DataFrame) -> dict[str, str]:
    return dict(zip(decided["qa_id"], decided["selection"], strict=True))


def test_no_answer_above_five_percent_of_its_type():
    rows = [{"qa_id": f"q{i}", "type": "simple", "question": f"Вопрос {i}?", "answer": "Тверь" if i < 30 else f"A{i}"}
            for i in range(60)]  # fmt: skip
    decided = select(_frame(rows), k=150, seed=1)
    chosen = selected_questions(decided)
    # 31 distinct answers selected; 5% of 31 is 1.55, so each answer at most once
    assert len(chosen) == 31
    assert chosen["answer"].value_counts().max() == 1
    assert (decided["selection"] == ANSWER_CAP).sum() == 29


def test_answer_cap_grows_with_the_selection():
    rows = [{"qa_id": f"q{i}", "type": "set", "question": f"Вопрос {i}?", "answer": "Тверь" if i < 5 else f"A{i}"}
            for i in range(45)]  # fmt: skip
    chosen = selected_questions(select(_frame(rows), k=150, seed=1))
    assert (chosen["answer"] == "Тверь").sum() == 2  # 2 of 42 is under 5%, 3 of 43 is not
    assert chosen["answer"].value_counts(normalize=True).max() <= 0.05


def test_no_fact_under_more_than_two_questions_across_the_release():
    fact = json.dumps(["Мария Иванова | возглавлять | Театр драмы"])
    rows = [{"qa_id": f"{kind}{i}", "type": kind, "question": f"Вопрос {kind} {i}?", "answer": f"A{kind}{i}",
             "triples_text": fact} for kind in ("simple", "mh") for i in range(2)]  # fmt: skip
    outcomes = _outcomes(select(_frame(rows), k=10, seed=3))
    assert sorted(outcomes.values()).count(SELECTED) == 2
    assert sorted(outcomes.values()).count(FACT_CAP) == 2


def test_a_shared_fact_goes_first_to_the_type_with_fewest_questions():
    # cond has two candidates and nothing to fall back on; simple and mh have three each
    fact = json.dumps(["Мария Иванова | возглавлять | Театр драмы"])
    counts = {"cond": 2, "simple": 3, "mh": 3}
    rows = [{"qa_id": f"{kind}{i}", "type": kind, "question": f"Вопрос {kind} {i}?", "answer": f"A{kind}{i}",
             "triples_text": fact} for kind, n in counts.items() for i in range(n)]  # fmt: skip
    outcomes = _outcomes(select(_frame(rows), k=10, seed=3))
    assert [q for q, outcome in outcomes.items() if outcome == SELECTED] == ["cond0", "cond1"]


def test_mirrored_multi_hop_pairs_are_asked_once():
    there = json.dumps(["Мария Иванова | возглавлять | Театр драмы", "Театр драмы | выступить в | Тверь"])
    back = json.dumps(["Театр драмы | выступить в | Тверь", "Мария Иванова | возглавлять | Театр драмы"])
    rows = [
        {"qa_id": "forward", "type": "mh", "question": "Где выступил театр, который возглавляет Мария Иванова?",
         "answer": "Тверь", "triples_text": there},
        {"qa_id": "backward", "type": "mh", "question": "Кто возглавляет театр, который выступил в Твери?",
         "answer": "Мария Иванова", "triples_text": back},
    ]  # fmt: skip
    outcomes = _outcomes(select(_frame(rows), k=10, seed=0))
    assert sorted(outcomes.values()) == sorted([SELECTED, MIRRORED_MH])


def test_questions_of_earlier_versions_are_not_asked_again():
    rows = [{"qa_id": "old", "type": "simple", "question": "Кто  возглавляет театр драмы?", "answer": "Мария Иванова"},
            {"qa_id": "new", "type": "simple", "question": "Где выступил театр драмы?", "answer": "Тверь"}]  # fmt: skip
    earlier = {normalized_question("кто возглавляет Театр драмы?")}
    outcomes = _outcomes(select(_frame(rows), k=10, seed=0, asked_before=earlier))
    assert outcomes == {"old": ASKED_BEFORE, "new": SELECTED}


def test_types_are_never_padded_and_the_funnel_shows_the_shortfall_and_reasons():
    rows = [{"qa_id": f"q{i}", "type": "cond", "question": f"Вопрос {i}?", "answer": f"A{i}"} for i in range(6)]
    reasons = {"q0": "missing_object: «провёл» has no object; relative_time: «следующий матч» depends on the date",
               "q1": "missing_object: «Сколько» without the counted noun",
               "q2": "relative_time: «вчера» depends on it; relative_time: «сегодня» depends on it"}  # fmt: skip
    decided = select(_frame(rows, reasons), k=10, seed=0)
    assert (decided["selection"] == DROPPED_BY_FILTERS).sum() == 3
    table = funnel(decided, ["qa_linter"], k=10).set_index("type")
    cond = table.loc["cond"]
    assert cond["selected"] == 3 and cond["shortfall"] == 7
    assert cond["qa_linter failed"] == 3
    # q2 gives relative_time twice and counts once
    assert cond["top reasons"] == "qa_linter: missing_object (2), qa_linter: relative_time (2)"
    assert all(row["candidates"] == sum(row[o] for o in OUTCOMES) for _, row in table.iterrows())
    assert table.loc["simple", "shortfall"] == 10
