"""Combining filter verdicts and keeping the top K questions per type."""

from __future__ import annotations

import hashlib

import pandas as pd

from ..graph.subgraphs import SUBGRAPH_TYPES
from .verdicts import FAIL, SKIPPED


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


def _tiebreak(qa_id: str, seed: int) -> str:
    return hashlib.sha256(f"{seed}:{qa_id}".encode()).hexdigest()


def select_top_k(
    combined: pd.DataFrame, *, k: int, seed: int, rank_by: tuple[str, ...] = ("qa_judge_score", "qa_entity_match_score")
) -> pd.DataFrame:
    """Kept questions ranked within each type by `rank_by` (higher first, missing scores last),
    ties broken by a seeded hash; duplicate question texts are kept once; top K per type."""
    kept = combined[combined["kept"]].copy()
    kept = kept.drop_duplicates(subset=["question"], keep="first")
    kept["_tiebreak"] = kept["qa_id"].map(lambda qa_id: _tiebreak(qa_id, seed))
    sort_columns, ascending = [], []
    for column in rank_by:
        if column in kept:
            kept[f"_{column}"] = kept[column].fillna(-1.0)
            sort_columns.append(f"_{column}")
            ascending.append(False)
    kept = kept.sort_values(["type", *sort_columns, "_tiebreak"], ascending=[True, *ascending, True], kind="stable")
    kept["rank"] = kept.groupby("type").cumcount() + 1
    selected = kept[kept["rank"] <= k]
    return selected.drop(columns=[c for c in selected.columns if c.startswith("_")]).reset_index(drop=True)


def funnel(combined: pd.DataFrame, selected: pd.DataFrame, filter_names: list[str]) -> pd.DataFrame:
    """Per type: candidates, how many each filter failed or skipped, kept, and where the kept ones
    went. The counts add up: candidates = dropped by filters + duplicates + below top K + selected
    (a question failed by two filters counts once in 'dropped by filters')."""
    unique_kept = combined[combined["kept"]].drop_duplicates(subset=["question"], keep="first")
    rows = []
    for kind in SUBGRAPH_TYPES:
        of_type = combined[combined["type"] == kind]
        row = {"type": kind, "candidates": len(of_type)}
        for name in filter_names:
            row[f"{name} failed"] = int((of_type[f"{name}_verdict"] == FAIL).sum())
            row[f"{name} skipped"] = int((of_type[f"{name}_verdict"] == SKIPPED).sum())
        kept = int(of_type["kept"].sum())
        unique = int((unique_kept["type"] == kind).sum())
        row["dropped by filters"] = len(of_type) - kept
        row["kept"] = kept
        row["duplicates"] = kept - unique
        row["selected"] = int((selected["type"] == kind).sum())
        row["below top K"] = unique - row["selected"]
        rows.append(row)
    return pd.DataFrame(rows)
