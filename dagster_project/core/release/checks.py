"""Checks that stop a release that leaks or is inconsistent. Each returns a list of problems
(empty = fine); every problem names the offending rows so the cause can be found."""

from __future__ import annotations

import json
import re

import pandas as pd

from .tables import PUBLIC_COLUMNS

_URL_RE = re.compile(r"https?://\S+", re.IGNORECASE)


def _first(items, n: int = 5) -> str:
    items = list(items)
    more = f" (+{len(items) - n} more)" if len(items) > n else ""
    return ", ".join(map(str, items[:n])) + more


def unexpected_columns(name: str, table: pd.DataFrame) -> list[str]:
    """A public dataset carries only its public columns (no answers, private ids, URLs)."""
    extra = [c for c in table.columns if c not in PUBLIC_COLUMNS[name]]
    return [f"{name} has non-public columns: {_first(extra)}"] if extra else []


def leaked_values(
    name: str, table: pd.DataFrame, *, private_ids: set[str], urls: set[str], answers: set[str] = frozenset()
) -> list[str]:
    """Private ids, source URLs or (for questions) whole answers appearing in public cells."""
    problems = []
    for column in table.columns:
        if pd.api.types.is_numeric_dtype(table[column]):
            continue
        for row_id, value in zip(table["id"], table[column], strict=True):
            if isinstance(value, str):
                leaks = _leaks_in_cell(value, private_ids, urls, answers, question=name == "public_questions")
                problems += [f"{name} id {row_id}: {leak}" for leak in leaks]
    return problems


def _leaks_in_cell(
    value: str, private_ids: set[str], urls: set[str], answers: set[str], *, question: bool
) -> list[str]:
    """What one public cell gives away. Only a question may hold no URL at all, nor be an answer."""
    leaks = []
    leaked_ids = [pid for pid in private_ids if pid and pid in value]
    if leaked_ids:
        leaks.append(f"contains private id {leaked_ids[0]}")
    leaked_urls = [u for u in urls if u and u in value]
    if leaked_urls or (question and _URL_RE.search(value)):
        leaks.append("contains a URL")
    if question and value in answers:
        leaks.append("the cell is an answer")
    return leaks


def duplicate_ids(name: str, table: pd.DataFrame, column: str) -> list[str]:
    duplicated = table.loc[table[column].duplicated(keep=False), column]
    return [f"{name}: duplicate {column} values {_first(sorted(set(duplicated)))}"] if len(duplicated) else []


def dense_ids(name: str, table: pd.DataFrame, column: str) -> list[str]:
    """DRAGON's client indexes questions by position, so public ids must be exactly 0..n-1."""
    values = sorted(table[column].tolist())
    return [] if values == list(range(len(values))) else [f"{name}: {column} is not 0..{len(values) - 1}"]


def dangling_text_ids(private_qa: pd.DataFrame, private_texts: pd.DataFrame) -> list[str]:
    known = set(private_texts["id"])
    problems = []
    for public_id, raw in zip(private_qa["public_id"], private_qa["text_ids"], strict=True):
        try:
            text_ids = json.loads(raw)
        except (TypeError, json.JSONDecodeError):
            problems.append(f"private_qa public_id {public_id}: text_ids is not a JSON list")
            continue
        if not text_ids:
            problems.append(f"private_qa public_id {public_id}: no supporting texts")
        unknown = [t for t in text_ids if t not in known]
        if unknown:
            problems.append(f"private_qa public_id {public_id}: text_ids not in private_texts: {_first(unknown)}")
    return problems


def answers_in_questions(private_qa: pd.DataFrame) -> list[str]:
    """A question must not contain its own answer (or any item of a set answer) verbatim."""
    problems = []
    for row in private_qa.itertuples(index=False):
        items = json.loads(row.answer_items) if isinstance(row.answer_items, str) else [row.answer]
        question = row.question.lower()
        given_away = [item for item in [row.answer, *items] if item and item.lower() in question]
        if given_away:
            problems.append(f"private_qa public_id {row.public_id}: the question contains its answer {given_away[0]!r}")
    return problems


def too_small(private_qa: pd.DataFrame, public_texts: pd.DataFrame, *, min_per_type: int, types) -> list[str]:
    """A release with no texts, no questions, or fewer questions of a type than the configured minimum."""
    problems = []
    if public_texts.empty:
        problems.append("the release has no texts")
    if private_qa.empty:
        problems.append("the release has no questions")
    counts = private_qa["type"].value_counts() if not private_qa.empty else {}
    for kind in types:
        found = int(counts.get(kind, 0))
        if found < min_per_type:
            problems.append(f"{kind}: {found} question(s), fewer than the minimum {min_per_type} "
                            "(RAGBENCH_MIN_QUESTIONS_PER_TYPE)")  # fmt: skip
    return problems


def public_dataset_problems(
    name: str, table: pd.DataFrame, *, private_ids: set[str], urls: set[str], answers: set[str] = frozenset()
) -> list[str]:
    return (
        unexpected_columns(name, table)
        + duplicate_ids(name, table, "id")
        + dense_ids(name, table, "id")
        + leaked_values(name, table, private_ids=private_ids, urls=urls, answers=answers)
    )
