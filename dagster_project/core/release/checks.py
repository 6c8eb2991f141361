"""Checks that stop a release that leaks or is inconsistent. Each returns a list of problems
(empty = fine); every problem names the offending rows so the cause can be found. Leak checks
compare normal forms (lemmas, canonical URLs, lower-cased ids) and index what they look for once,
so they stay linear in the size of the release."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qsl, urlencode, urlsplit

import pandas as pd

from ..common.russian import lemmas
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
    """Private ids (any case), source URLs (any scheme, host case, trailing slash or query order) or,
    for questions, whole answers (after lemmatization) appearing in public cells. Each index is
    built once, so the check is linear in the size of the release."""
    ids, url_keys = SubstringIndex(private_ids), {canonical_url(u) for u in urls if u}
    answer_keys = {key for key in map(lemma_tuple, answers) if key}
    question = name == "public_questions"
    problems = []
    for column in table.columns:
        if pd.api.types.is_numeric_dtype(table[column]):
            continue
        for row_id, value in zip(table["id"], table[column], strict=True):
            if isinstance(value, str):
                leaks = _leaks_in_cell(value, ids, url_keys, answer_keys, question=question)
                problems += [f"{name} id {row_id}: {leak}" for leak in leaks]
    return problems


def _leaks_in_cell(
    value: str, ids: SubstringIndex, url_keys: set[str], answer_keys: set[tuple[str, ...]], *, question: bool
) -> list[str]:
    """What one public cell gives away. Only a question may hold no URL at all, nor be an answer."""
    leaks = []
    leaked_id = ids.first_in(value)
    if leaked_id:
        leaks.append(f"contains private id {leaked_id}")
    found_urls = [canonical_url(match) for match in _url_likes(value)]
    if any(url in url_keys for url in found_urls) or (question and _URL_RE.search(value)):
        leaks.append("contains a URL")
    if question and answer_keys and lemma_tuple(value) in answer_keys:
        leaks.append("the cell is an answer")
    return leaks


# -- normal forms the leak checks compare -------------------------------------------------------

_URL_LIKE_RE = re.compile(
    r"(?:https?://)?(?:www\.)?[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?:[/?#][^\s<>\"'«»]*)?", re.IGNORECASE
)

# Every address _URL_LIKE_RE finds has a dot before two or more Latin letters (its top-level
# domain). Searching for that alone is a linear scan; most public cells have none, and for them
# _URL_LIKE_RE, which backtracks through every word of a long text, need not run.
_DOMAIN_END_RE = re.compile(r"\.[a-z]{2,}", re.IGNORECASE)


def _url_likes(text: str) -> list[str]:
    return _URL_LIKE_RE.findall(text) if _DOMAIN_END_RE.search(text) else []


def canonical_url(url: str) -> str:
    """One form per address: no scheme, no www., lower-case host, no trailing slash or fragment,
    query parameters sorted; so http://Site.ru/a/?b=1&a=2 and https://site.ru/a?a=2&b=1 are equal."""
    text = url.strip().rstrip(".,;:!?)")
    if "://" not in text:
        text = "http://" + text
    parts = urlsplit(text)
    host = (parts.hostname or "").lower().removeprefix("www.")
    path = parts.path.rstrip("/")
    query = urlencode(sorted(parse_qsl(parts.query, keep_blank_values=True)))
    return host + path + (f"?{query}" if query else "")


def lemma_tuple(text: str) -> tuple[str, ...]:
    """The words of `text` as lemmas: case, ё/е, inflection and digit grouping ("2 139") folded."""
    return tuple(lemmas(text)) if isinstance(text, str) else ()


def _contains(tokens: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return bool(n) and any(tokens[i : i + n] == phrase for i in range(len(tokens) - n + 1))


class SubstringIndex:
    """Case-insensitive search of many ids in a text: one set lookup per position and distinct id
    length, so the cost grows with the text, not with the number of ids."""

    def __init__(self, values):
        self._values = {v.lower(): v for v in values if isinstance(v, str) and v}
        self._lengths = sorted({len(v) for v in self._values})
        # An id can only be inside a run of the characters ids are made of (hex digits, say), so
        # only such runs, found by one regex scan, are read position by position.
        alphabet = "".join(sorted({re.escape(ch) for value in self._values for ch in value}))
        self._runs = re.compile(f"[{alphabet}]{{{self._lengths[0]},}}") if self._values else None

    def first_in(self, text: str) -> str | None:
        if self._runs is None:
            return None
        runs = [match.span() for match in self._runs.finditer(text.lower())]
        folded = text.lower()
        for length in self._lengths:
            for run_start, run_end in runs:
                for start in range(run_start, run_end - length + 1):
                    hit = self._values.get(folded[start : start + length])
                    if hit is not None:
                        return hit
        return None


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
    """A question must not contain its own answer (or any item of a set answer), in any inflected
    or variant form: Москве gives away Москва, Ивана Петрова gives away Иван Петров."""
    problems = []
    for row in private_qa.itertuples(index=False):
        items = json.loads(row.answer_items) if isinstance(row.answer_items, str) else [row.answer]
        question = lemma_tuple(row.question)
        given_away = [
            item for item in [row.answer, *items] if isinstance(item, str) and _contains(question, lemma_tuple(item))
        ]
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
