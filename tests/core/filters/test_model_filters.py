"""Model-backed filters: the judge and closed-book against the local OpenAI-compatible server, the
RuCoLA classifier on a tiny randomly initialised model, and deterministic selection with a funnel
whose counts add up."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from dagster_project.core.filters.acceptability import acceptability_table, unavailable_reason
from dagster_project.core.filters.closed_book import ClosedBookReply, closed_book_table, closed_book_tasks, lemma_f1
from dagster_project.core.filters.judge import CRITERIA, judge_table, judge_tasks, parse_judge_reply
from dagster_project.core.filters.selection import combine_verdicts, funnel, select, selected_questions
from dagster_project.core.filters.verdicts import FILTER_COLUMNS
from dagster_project.core.llm import LLMClient, LLMResult, LLMSettings, ReplyInvalid
from dagster_project.testing.openai_server import Reply

QA = pd.DataFrame(
    [
        {"qa_id": "q1", "question": "Кто возглавляет компанию «Северный ветер»?", "answer": "Анна Соколова",
         "triples_text": json.dumps(["Анна Соколова | возглавлять | Северный ветер"], ensure_ascii=False)},
        {"qa_id": "q2", "question": "Где открыл завод «Северный ветер»?", "answer": "Заречье",
         "triples_text": json.dumps(["Северный ветер | открыть завод в | Заречье"], ensure_ascii=False)},
    ]
)  # fmt: skip


def client(server, model: str = "judge-70b") -> LLMClient:
    return LLMClient(LLMSettings(base_url=server.base_url, model=model, initial_wait=0.01, max_retries=2))


def about(qa_row: int, criterion_title: str | None = None):
    question = QA["question"][qa_row]

    def match(body: dict) -> bool:
        system, user = body["messages"][0]["content"], body["messages"][1]["content"]
        return f"Вопрос: {question}" in user and (criterion_title is None or f"«{criterion_title}»" in system)

    return match


# --- judge ---------------------------------------------------------------------------------------


def test_judge_has_at_least_the_eight_required_criteria():
    assert {"grammar", "clarity", "naturalness", "context_sufficiency", "context_necessity", "answer_uniqueness",
            "correctness", "answer_grammar"} <= set(CRITERIA)  # fmt: skip
    assert all(set(c.rubric) == {0, 1, 2} for c in CRITERIA.values())


@pytest.mark.parametrize(
    "reply",
    [
        "Оценка: 2",  # no explanation
        "Объяснение: всё хорошо.",  # partial: no score
        "Объяснение: всё хорошо.\nОценка: 3",  # out of the rubric
        "Оценка: 2\nОбъяснение: всё хорошо.",  # wrong order
        "Объяснение: всё хорошо.\nОценка: 2\nСпасибо!",  # trailing text
        '{"score": 2}',
    ],
)
def test_judge_replies_are_parsed_strictly(reply):
    with pytest.raises(ReplyInvalid):
        parse_judge_reply(reply)


def test_judge_reply_format():
    verdict = parse_judge_reply("  Объяснение: Ошибок нет,\nсогласование верное.\nОценка: 1 ")
    assert verdict.score == 1 and verdict.explanation.startswith("Ошибок нет")


def test_judge_scores_per_criterion_and_unparseable_ones_are_failed_not_zero(server):
    server.reset()
    criteria = ["grammar", "clarity", "correctness"]
    grammar, clarity, correctness = (CRITERIA[c].title for c in criteria)
    # q1: clarity unparseable twice -> failed criterion; grammar repaired after one bad reply
    server.inject(Reply(content="Объяснение: непонятно"), Reply(content="Оценка: отлично"), match=about(0, clarity))
    server.inject(Reply(content="Всё хорошо, 2 балла."), match=about(0, grammar))
    # q2: correctness scored 0 -> fails
    server.inject(Reply(content="Объяснение: ответ не следует из фактов.\nОценка: 0"), match=about(1, correctness))
    tasks = judge_tasks(QA, criteria)
    assert len(tasks) == len(QA) * len(criteria)
    judge = client(server)
    results = judge.run_sync(tasks)
    failed = [r.item_id for r in results if not r.ok]
    assert failed == ["q1:clarity"]
    repair = server.requests_matching(about(0, grammar))[1].messages[-1]["content"]
    assert "Объяснение: <текст>" in repair  # the judge's own format, not JSON
    assert all("response_format" not in r.body for r in server.requests)

    table = judge_table(QA, criteria, results).set_index("qa_id")
    assert set(FILTER_COLUMNS) <= set(table.reset_index().columns)
    q1, q2 = table.loc["q1"], table.loc["q2"]
    assert json.loads(q1["criterion_scores"]) == {"grammar": 2, "correctness": 2}  # clarity: neither 0 nor 2
    assert q1["failed_criteria"] == "clarity" and "not scored" in q1["reason"]
    assert q1["verdict"] == "pass" and q1["score"] == 1.0
    assert q2["verdict"] == "fail" and "correctness" in q2["reason"] and q2["score"] == 0.0
    assert set(json.loads(q2["explanations"])) == set(criteria)


def test_judge_with_every_criterion_failed_is_skipped_not_passed():
    from dagster_project.core.llm import LLMResult

    results = [LLMResult(item_id=f"q1:{c}", error="invalid reply") for c in ("grammar", "clarity")]
    row = judge_table(QA.head(1), ["grammar", "clarity"], results).iloc[0]
    assert row["verdict"] == "skipped" and pd.isna(row["score"])


def test_unknown_criteria_are_rejected():
    with pytest.raises(ValueError, match="unknown judge criteria"):
        judge_tasks(QA, ["grammar", "vibes"])


# --- closed-book ---------------------------------------------------------------------------------


def test_lemma_f1_normalizes_russian_forms():
    assert lemma_f1("Анной Соколовой", "Анна Соколова") == 1.0
    assert lemma_f1("Соколова", "Анна Соколова") == pytest.approx(2 / 3)
    assert lemma_f1("не знаю", "Заречье") == 0.0
    assert lemma_f1("в Заречье", "Заречье") == pytest.approx(2 / 3)


def test_closed_book_fails_questions_a_model_answers_from_memory(server):
    server.reset()
    is_q1 = lambda body: "компанию «Северный ветер»" in body["messages"][1]["content"]  # noqa: E731
    server.inject(Reply(content='{"answer": "Анной Соколовой"}'), match=lambda b: is_q1(b) and b["model"] == "big")
    server.inject(Reply(content="ответ: Заречье"), Reply(content="Заречье"),
                  match=lambda b: not is_q1(b) and b["model"] == "small")  # fmt: skip
    tasks = closed_book_tasks(QA)
    assert "примерно 2 слова" in tasks[0].messages[0]["content"]  # told the answer's length
    results = {model: client(server, model).run_sync(tasks) for model in ("small", "big")}
    assert [r.item_id for r in results["small"] if not r.ok] == ["q2"]
    table = closed_book_table(QA, results, threshold=0.8).set_index("qa_id")
    assert table.loc["q1", "verdict"] == "fail" and "big" in table.loc["q1", "reason"]
    assert json.loads(table.loc["q1", "model_answers"]) == {"small": "не знаю", "big": "Анной Соколовой"}
    assert json.loads(table.loc["q1", "similarities"]) == {"small": 0.0, "big": 1.0}
    assert table.loc["q2", "verdict"] == "pass" and "no answer from small" in table.loc["q2", "reason"]


# --- selection -----------------------------------------------------------------------------------


def _candidates(n_per_type: int = 6) -> tuple[pd.DataFrame, dict[str, pd.DataFrame]]:
    rows, verdicts = [], {"qa_judge": [], "qa_entity_match": [], "qa_closed_book": []}
    for kind in ("simple", "set", "cond", "mh"):
        for i in range(n_per_type):
            qa_id = f"{kind}-{i}"
            question = "Один и тот же вопрос?" if (kind == "cond" and i < 2) else f"Вопрос {qa_id}?"
            rows.append({"qa_id": qa_id, "type": kind, "question": question, "answer": "x"})
            judge_score = [1.0, 0.75, 0.75, 0.5, 0.0, 1.0][i % 6]
            verdicts["qa_judge"].append({"qa_id": qa_id, "score": judge_score,
                                         "verdict": "fail" if judge_score == 0 else "pass", "reason": ""})
            verdicts["qa_entity_match"].append({"qa_id": qa_id, "score": 1.0 if i % 2 else 0.9,
                                                "verdict": "fail" if i == 5 else "pass", "reason": ""})
            verdicts["qa_closed_book"].append({"qa_id": qa_id, "score": float("nan"), "verdict": "skipped",
                                               "reason": "no model"})  # fmt: skip
    return pd.DataFrame(rows), {name: pd.DataFrame(v) for name, v in verdicts.items()}


def select_top_k(combined: pd.DataFrame, *, k: int, seed: int) -> pd.DataFrame:
    """Ranking alone: every test question has the answer "x", so the caps stay off here."""
    return selected_questions(select(combined, k=k, seed=seed, caps=None))


def test_selection_ranks_by_judge_then_entity_match_and_is_deterministic():
    qa, verdicts = _candidates()
    combined = combine_verdicts(qa, verdicts)
    first = select_top_k(combined, k=2, seed=7)
    again = select_top_k(combined.sample(frac=1, random_state=3), k=2, seed=7)
    assert list(first["qa_id"]) == list(again["qa_id"])
    # judge 1.0 first (simple-5 also has 1.0 but failed entity match); the 0.75 tie between simple-1 and
    # simple-2 goes to the better entity match, whatever the seed
    for seed in range(5):
        simple = select_top_k(combined, k=2, seed=seed)
        assert list(simple[simple["type"] == "simple"]["qa_id"]) == ["simple-0", "simple-1"]
    # a skipped filter neither drops nor keeps: closed-book was skipped everywhere
    assert combined["kept"].sum() == len(qa) - 2 * 4  # judge 0 (i=4) and entity match (i=5) fail


def test_ties_are_broken_by_the_seed():
    qa = pd.DataFrame([{"qa_id": f"q{i}", "type": "simple", "question": f"В{i}?", "answer": "x"} for i in range(20)])
    same = {"qa_judge": pd.DataFrame({"qa_id": qa["qa_id"], "score": 1.0, "verdict": "pass", "reason": ""})}
    combined = combine_verdicts(qa, same)
    orders = {tuple(select_top_k(combined, k=5, seed=seed)["qa_id"]) for seed in range(4)}
    assert len(orders) > 1
    assert select_top_k(combined, k=5, seed=1)["qa_id"].tolist() == select_top_k(combined, k=5, seed=1)[
        "qa_id"
    ].tolist()


def test_funnel_counts_add_up():
    qa, verdicts = _candidates()
    combined = combine_verdicts(qa, verdicts)
    decided = select(combined, k=2, seed=7, caps=None)
    table = funnel(decided, list(verdicts), k=2).set_index("type")
    for kind, row in table.iterrows():
        assert row["candidates"] == row["dropped by filters"] + row["duplicates"] + row["below top K"] + row[
            "selected"
        ], kind
        assert row["qa_closed_book skipped"] == row["candidates"]
        assert row["shortfall"] == 0
    assert table.loc["cond", "duplicates"] == 1
    assert table["selected"].sum() == len(selected_questions(decided))
    assert table.loc["simple", "top reasons"] == "qa_judge (1), qa_entity_match (1)"


# --- acceptability (RuCoLA) ----------------------------------------------------------------------


def test_acceptability_is_skipped_without_a_checkpoint_or_the_ml_extra(tmp_path):
    assert "RAGBENCH_RUCOLA_CHECKPOINT" in unavailable_reason(None)
    reason = unavailable_reason(str(tmp_path / "missing"))
    assert "does not exist" in reason or "not installed" in reason


def test_acceptability_verdicts_from_scores():
    table = acceptability_table(QA, [0.91, 0.42], threshold=0.7)
    assert list(table["verdict"]) == ["pass", "fail"]
    assert "0.420 < 0.7" in table["reason"][1]


def test_the_classifier_is_loaded_from_a_local_checkpoint_and_scores_in_batches(tmp_path):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from dagster_project.core.filters.acceptability import AcceptabilityClassifier
    from dagster_project.testing.tiny_models import build_tiny_classifier

    checkpoint = build_tiny_classifier(tmp_path / "tiny-rucola")
    assert unavailable_reason(str(checkpoint)) is None
    questions = list(QA["question"]) * 5 + ["Анна Соколова?"]
    batched = AcceptabilityClassifier(checkpoint, batch_size=4)
    assert batched.device in {"cpu", "cuda"} and batched.acceptable == 1
    scores = batched.scores(questions)
    assert len(scores) == len(questions) and all(0.0 <= s <= 1.0 for s in scores)
    one_by_one = AcceptabilityClassifier(checkpoint, batch_size=1).scores(questions)
    assert scores == pytest.approx(one_by_one, abs=1e-5)
    assert scores[0] == pytest.approx(scores[2], abs=1e-6)  # same question, same score


def test_closed_book_similarity_by_embeddings_when_configured(server):
    from dagster_project.core.filters.closed_book import embedding_similarity

    server.reset()
    server.inject(Reply(status=503), match=lambda body: "input" in body)
    embedder = LLMClient(LLMSettings(base_url=server.base_url, model="embed-small", initial_wait=0.01))
    texts = ["Анной Соколовой", "Анна Соколова", "не знаю", "Заречье"]
    similarity = embedding_similarity(texts, embedder.embed_sync)
    assert [r.body["model"] for r in server.requests] == ["embed-small", "embed-small"]  # 503, then retried
    assert similarity("Анной Соколовой", "Анна Соколова") == pytest.approx(1.0)
    assert similarity("не знаю", "Заречье") == pytest.approx(0.0)
    assert similarity("Заречье", "Неизвестный текст") == 0.0  # no embedding for it: lemma F1
    results = {"m": [LLMResult(item_id="q1", value=ClosedBookReply(answer="Анной Соколовой"))]}
    table = closed_book_table(QA.head(1), results, similarity=similarity)
    assert table["verdict"][0] == "fail"


def test_failed_embeddings_fall_back_to_lemma_f1(server):
    from dagster_project.core.filters.closed_book import embedding_similarity

    server.reset()
    server.inject(Reply(status=400), match=lambda body: "input" in body)
    embedder = LLMClient(LLMSettings(base_url=server.base_url, model="embed-small", initial_wait=0.01))
    similarity = embedding_similarity(["Соколова", "Анна Соколова"], embedder.embed_sync)
    assert embedder.stats.failed == 1
    assert similarity("Соколова", "Анна Соколова") == pytest.approx(2 / 3)
