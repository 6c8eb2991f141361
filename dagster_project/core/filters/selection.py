"""Combining filter verdicts, and the selection of a release's questions (DESIGN section 7).

Kept questions are ranked within each type and taken in rank order under the caps that keep a
benchmark a benchmark: no answer above a share of its type, no fact under more than two
questions, no mirrored multi-hop pair, nothing an earlier version already asked. A type is never
padded to reach K; what it lacks is its shortfall.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from dataclasses import dataclass

import pandas as pd

from ..common.russian import fold
from ..graph.subgraphs import SUBGRAPH_TYPES
from .linter import reason_codes
from .verdicts import FAIL, SKIPPED

# What became of each candidate, in the order the funnel shows them.
DROPPED_BY_FILTERS = "dropped by filters"
DUPLICATE = "duplicates"
ASKED_BEFORE = "asked before"
ANSWER_CAP = "answer cap"
FACT_CAP = "fact cap"
MIRRORED_MH = "mirrored mh"
BELOW_TOP_K = "below top K"
SELECTED = "selected"
OUTCOMES = (DROPPED_BY_FILTERS, DUPLICATE, ASKED_BEFORE, ANSWER_CAP, FACT_CAP, MIRRORED_MH, BELOW_TOP_K, SELECTED)
LINTER = "qa_linter"


@dataclass(frozen=True)
class SelectionCaps:
    max_answer_share: float = 0.05  # of the selected questions of a type
    max_questions_per_fact: int = 2  # across the release


def combine_verdicts(qa: pd.DataFrame, verdicts: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """One row per question with each filter's verdict, score and reason; `kept` is False when
    any filter failed it (a skipped filter neither keeps nor drops)."""
    combined = qa.copy()
    failed_by = pd.Series([[] for _ in range(len(combined))], index=combined.index, dtype=object)
    for name, table in verdicts.items():
        indexed = table.set_index("qa_id")
        missing = set(combined["qa_id"]) - set(indexed.index)
        if missing:
            raise ValueError(f"filter {name} has no verdict for {len(missing)} questions, e.g. {sorted(missing)[0]}")
        combined[f"{name}_verdict"] = combined["qa_id"].map(indexed["verdict"])
        combined[f"{name}_score"] = combined["qa_id"].map(indexed["score"]).astype(float)
        combined[f"{name}_reason"] = combined["qa_id"].map(indexed["reason"])
        for i, verdict in combined[f"{name}_verdict"].items():
            if verdict == FAIL:
                failed_by[i] = failed_by[i] + [name]
    combined["failed_filters"] = failed_by.map(lambda names: ",".join(names))
    combined["kept"] = failed_by.map(lambda names: not names)
    return combined


def normalized_question(text: str) -> str:
    """How questions are compared across versions: case, ё and whitespace do not matter."""
    return " ".join(fold(text).split())


def _answer_key(row) -> str:
    items = row.get("answer_items")
    items = [] if items is None or isinstance(items, str) else list(items)
    return " | ".join(sorted(normalized_question(str(i)) for i in items)) or normalized_question(str(row["answer"]))


def _facts(row) -> list[tuple[str, ...]]:
    """The question's triples as (subject, relation, object) label tuples (from triples_text)."""
    raw = row.get("triples_text")
    if not isinstance(raw, str) or not raw:
        return []
    return [tuple(normalized_question(part) for part in fact.split("|")) for fact in json.loads(raw)]


def _mh_ends(facts: list[tuple[str, ...]]) -> frozenset[str] | None:
    """The two ends q and x of a chain q - b - x: the nodes of its two facts other than the bridge."""
    if len(facts) != 2:
        return None
    first, second = ({f[0], f[-1]} for f in facts)
    bridge = first & second
    if len(bridge) != 1:
        return None
    return frozenset((first | second) - bridge)


def _tiebreak(qa_id: str, seed: int) -> str:
    return hashlib.sha256(f"{seed}:{qa_id}".encode()).hexdigest()


def _ranked(combined: pd.DataFrame, seed: int, rank_by: tuple[str, ...]) -> pd.DataFrame:
    """Kept questions ranked within each type by `rank_by` (higher first, missing scores last),
    ties broken by a seeded hash."""
    kept = combined[combined["kept"]].copy()
    kept["_tiebreak"] = kept["qa_id"].map(lambda qa_id: _tiebreak(qa_id, seed))
    sort_columns, ascending = [], []
    for column in rank_by:
        if column in kept:
            kept[f"_{column}"] = kept[column].fillna(-1.0)
            sort_columns.append(f"_{column}")
            ascending.append(False)
    kept = kept.sort_values(["type", *sort_columns, "_tiebreak"], ascending=[True, *ascending, True], kind="stable")
    kept["rank"] = kept.groupby("type").cumcount() + 1
    return kept


def _take(ranked: pd.DataFrame, k: int, caps: SelectionCaps | None, answer_limit: dict[str, int]) -> dict:
    """One greedy pass, type by type from the one with the fewest questions, each in rank order: a fact
    may carry two questions release-wide, and a type with few candidates (cond, set) has no others to
    fall back on, while simple and mh have many."""
    outcome: dict[str, str] = {}
    answers: Counter = Counter()
    facts: Counter = Counter()
    ends: set = set()
    taken: Counter = Counter()
    scarcity = ranked["type"].map(ranked["type"].value_counts())
    order = ranked.assign(_scarcity=scarcity).sort_values(["_scarcity", "type", "rank"], kind="stable")
    for _, row in order.iterrows():
        kind, answer, row_facts = row["type"], _answer_key(row), _facts(row)
        mirror = _mh_ends(row_facts) if kind == "mh" else None
        if caps is not None and answers[(kind, answer)] >= answer_limit[kind]:
            outcome[row["qa_id"]] = ANSWER_CAP
        elif caps is not None and any(facts[f] >= caps.max_questions_per_fact for f in row_facts):
            outcome[row["qa_id"]] = FACT_CAP
        elif caps is not None and mirror is not None and mirror in ends:
            outcome[row["qa_id"]] = MIRRORED_MH
        elif taken[kind] >= k:
            outcome[row["qa_id"]] = BELOW_TOP_K
        else:
            outcome[row["qa_id"]] = SELECTED
            taken[kind] += 1
            answers[(kind, answer)] += 1
            facts.update(row_facts)
            if mirror is not None:
                ends.add(mirror)
    return outcome


def select(
    combined: pd.DataFrame,
    *,
    k: int,
    seed: int,
    caps: SelectionCaps | None = SelectionCaps(),
    asked_before: frozenset[str] | set[str] = frozenset(),
    rank_by: tuple[str, ...] = ("qa_judge_score", "qa_entity_match_score"),
) -> pd.DataFrame:
    """`combined` with `selection` (one of OUTCOMES) and `rank`. Duplicate question texts are
    kept once; the answer cap is a share of what the type ends up with (at least one question per
    answer), so the greedy pass is repeated with a tighter cap until the share holds."""
    decided = combined.copy()
    decided["selection"] = DROPPED_BY_FILTERS
    ranked = _ranked(combined, seed, rank_by)
    normalized = ranked["question"].map(normalized_question)
    duplicate = normalized.duplicated(keep="first")
    before = normalized.isin(asked_before) & ~duplicate
    outcome = {qa_id: DUPLICATE for qa_id in ranked.loc[duplicate, "qa_id"]}
    outcome |= {qa_id: ASKED_BEFORE for qa_id in ranked.loc[before, "qa_id"]}
    eligible = ranked[~duplicate & ~before]
    share = caps.max_answer_share if caps is not None else 1.0
    limit = {kind: max(1, math.floor(share * k)) for kind in SUBGRAPH_TYPES}
    while True:
        taken = _take(eligible, k, caps, limit)
        counts = Counter(eligible.loc[eligible["qa_id"].map(taken) == SELECTED, "type"])
        allowed = {kind: max(1, math.floor(share * counts[kind])) for kind in SUBGRAPH_TYPES}
        if all(limit[kind] <= allowed[kind] for kind in SUBGRAPH_TYPES):
            break
        limit = {kind: min(limit[kind], allowed[kind]) for kind in SUBGRAPH_TYPES}
    outcome |= taken
    decided["selection"] = decided["qa_id"].map(outcome).fillna(DROPPED_BY_FILTERS)
    decided["rank"] = decided["qa_id"].map(ranked.set_index("qa_id")["rank"])
    return decided


def selected_questions(decided: pd.DataFrame) -> pd.DataFrame:
    """The selected questions in rank order, without the per-filter and selection columns."""
    chosen = decided[decided["selection"] == SELECTED].sort_values(["type", "rank"], kind="stable")
    chosen = chosen.assign(rank=chosen["rank"].astype(int))
    return chosen.drop(columns=["selection"]).reset_index(drop=True)


def _failure_reasons(row, filter_names: list[str]) -> list[str]:
    reasons = []
    for name in filter_names:
        if row[f"{name}_verdict"] != FAIL:
            continue
        # a question counts once per reason, however many of its facts gave it
        codes = list(dict.fromkeys(reason_codes(str(row[f"{name}_reason"])))) if name == LINTER else []
        reasons += [f"{name}: {code}" for code in codes] or [name]
    return reasons


def funnel(decided: pd.DataFrame, filter_names: list[str], k: int, top_reasons: int = 3) -> pd.DataFrame:
    """Per type: candidates, what each filter failed or skipped, what became of the rest (the
    outcomes add up to the candidates), the shortfall against K, and the commonest reasons a
    question was dropped by the filters."""
    rows = []
    for kind in SUBGRAPH_TYPES:
        of_type = decided[decided["type"] == kind]
        row: dict = {"type": kind, "candidates": len(of_type)}
        for name in filter_names:
            row[f"{name} failed"] = int((of_type[f"{name}_verdict"] == FAIL).sum())
            row[f"{name} skipped"] = int((of_type[f"{name}_verdict"] == SKIPPED).sum())
        for outcome in OUTCOMES:
            row[outcome] = int((of_type["selection"] == outcome).sum())
        row["shortfall"] = max(0, k - row[SELECTED])
        reasons = Counter(r for _, q in of_type.iterrows() for r in _failure_reasons(q, filter_names))
        row["top reasons"] = ", ".join(f"{reason} ({n})" for reason, n in reasons.most_common(top_reasons))
        rows.append(row)
    return pd.DataFrame(rows)
