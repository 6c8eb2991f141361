"""Submissions (docs/architecture.md, Scoring contract) and the gold side of a release.

A submission is a JSON object {public_question_id: {"found_ids": [public text ids, ranked],
"model_answer": "..."}}. Validation collects every problem, each naming its entry, so a
participant can fix the whole file in one go; nothing is scored when there is any problem.
An empty answer ("") is valid and is scored as a missing answer (wrong), and counted.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

import pandas as pd

MAX_LISTED_PROBLEMS = 50
# Bounds on what a submission may be: well above any real one (a release has a few hundred
# questions and texts), far below what could exhaust memory or the parser's recursion.
MAX_SUBMISSION_BYTES = 64 * 1024 * 1024
MAX_NESTING = 8  # a valid submission nests 3 deep: object -> entry -> found_ids
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")


class SubmissionError(ValueError):
    """A submission that cannot be scored; `problems` names each offending entry."""

    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = problems
        listed = problems[:MAX_LISTED_PROBLEMS]
        more = len(problems) - len(listed)
        lines = [f"invalid submission {source}: {len(problems)} problem(s)"] + [f"  - {p}" for p in listed]
        if more:
            lines.append(f"  ... and {more} more")
        super().__init__("\n".join(lines))


@dataclass(frozen=True)
class Entry:
    found_ids: tuple[int, ...]
    model_answer: str


@dataclass(frozen=True)
class Gold:
    """The scoring view of one release: one row per question, gold texts as public ids."""

    version: str
    questions: pd.DataFrame  # public_id, type, question, answer, answer_items (list), gold_ids (list), triples (list)
    public_text_ids: frozenset[int]
    texts: pd.DataFrame  # id, text (the public texts; the baseline retrieves from them)
    private_to_public: dict[str, int]


def gold_from_release(version: str, release: dict[str, pd.DataFrame]) -> Gold:
    private_texts = release["private_texts"]
    private_to_public = {str(p): int(q) for p, q in zip(private_texts["id"], private_texts["public_id"], strict=True)}
    qa = release["private_qa"].sort_values("public_id").reset_index(drop=True)
    rows = []
    for row in qa.itertuples(index=False):
        text_ids = json.loads(row.text_ids)
        flat = [t for group in text_ids for t in (group if isinstance(group, list) else [group])]
        gold_ids = sorted({private_to_public[str(t)] for t in flat})
        items = json.loads(row.answer_items) if getattr(row, "answer_items", None) else [str(row.answer)]
        triples = json.loads(row.triples) if getattr(row, "triples", None) else []
        rows.append(
            {
                "public_id": int(row.public_id),
                "type": str(row.type),
                "question": str(row.question),
                "answer": str(row.answer),
                "answer_items": [str(i) for i in items] or [str(row.answer)],
                "gold_ids": gold_ids,
                "triples": [str(t) for t in triples],
            }
        )
    texts = release["public_texts"][["id", "text"]].copy()
    return Gold(
        version=version,
        questions=pd.DataFrame(rows),
        public_text_ids=frozenset(int(i) for i in texts["id"]),
        texts=texts,
        private_to_public=private_to_public,
    )


def _reject_duplicate_keys(pairs):
    seen: dict[str, object] = {}
    duplicates = []
    for key, value in pairs:
        if key in seen:
            duplicates.append(key)
        seen[key] = value
    if duplicates:
        seen["\0duplicates"] = duplicates
    return seen


def parse_submission(raw: str | bytes, gold: Gold, source: str = "submission") -> dict[int, Entry]:
    """Validate a submission's text against a release; raises SubmissionError listing every problem."""
    data = _json_object(raw, source)
    problems: list[str] = [f"question {key!r}: duplicate key" for key in data.pop("\0duplicates", [])]
    known = set(gold.questions["public_id"])
    entries: dict[int, Entry] = {}
    for key, value in data.items():
        where = f"question {key!r}"
        key_problem = _key_problem(key, known, entries, gold.version)
        if key_problem:
            problems.append(f"{where}: {key_problem}")
            continue
        entry_problems, entry = _parse_entry(value, gold.public_text_ids)
        problems += [f"{where}: {p}" for p in entry_problems]
        if entry is not None:
            entries[int(key)] = entry
    missing = sorted(known - {int(k) for k in data if isinstance(k, str) and k.isascii() and k.isdigit()})
    if missing:
        shown = ", ".join(str(m) for m in missing[:20]) + (" ..." if len(missing) > 20 else "")
        problems.append(f"missing {len(missing)} question id(s): {shown}")
    if problems:
        raise SubmissionError(source, problems)
    return entries


def nesting_depth(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest, found in linear time without parsing."""
    brackets = _NOT_A_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(1 if b in "[{" else -1 for b in brackets), default=0)


def _refuse_size(size: int, source: str) -> None:
    if size > MAX_SUBMISSION_BYTES:
        raise SubmissionError(source, [f"the file is {size:,} bytes, above the limit of {MAX_SUBMISSION_BYTES:,}"])


def _json_object(raw: str | bytes, source: str) -> dict:
    """The submission's top-level object; repeated keys are listed by `_reject_duplicate_keys`.
    Size and nesting are bounded before parsing, so no input can exhaust memory or recursion."""
    _refuse_size(len(raw), source)
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise SubmissionError(source, [f"not valid JSON: not UTF-8 ({exc.reason} at byte {exc.start})"]) from None
    depth = nesting_depth(text)
    if depth > MAX_NESTING:
        raise SubmissionError(source, [f"arrays and objects nest {depth} deep; a submission nests at most 3"])
    try:
        data = json.loads(text, object_pairs_hook=_reject_duplicate_keys)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise SubmissionError(source, [f"not valid JSON: {exc}"]) from None
    if not isinstance(data, dict):
        raise SubmissionError(source, [f"the top level must be a JSON object, got {type(data).__name__}"])
    return data


def _key_problem(key, known: set[int], entries: dict[int, Entry], version: str) -> str | None:
    """Why `key` cannot name a question of the release, or None when it can."""
    if not (isinstance(key, str) and key.isascii() and key.isdigit() and str(int(key)) == key):
        return "key is not a question id (a non-negative integer without leading zeros)"
    qid = int(key)
    if qid not in known:
        return f"unknown question id (release {version} has ids 0..{len(known) - 1})"
    if qid in entries:
        return "duplicate question id"
    return None


def _parse_entry(value, public_text_ids: frozenset[int]) -> tuple[list[str], Entry | None]:
    if not isinstance(value, dict):
        return [f"entry must be an object with found_ids and model_answer, got {type(value).__name__}"], None
    problems = []
    repeated_fields = value.pop("\0duplicates", [])
    if repeated_fields:
        problems.append(f"duplicate field(s) {', '.join(repeated_fields)}")
    extra = sorted(set(value) - {"found_ids", "model_answer"})
    if extra:
        problems.append(f"unexpected field(s) {', '.join(extra)}")
    problems += _found_ids_problems(value, public_text_ids)
    answer = value.get("model_answer")
    if "model_answer" not in value:
        problems.append("model_answer is missing")
    elif not isinstance(answer, str):
        problems.append(f"model_answer must be a string, got {type(answer).__name__}")
    if problems:
        return problems, None
    return [], Entry(found_ids=tuple(value["found_ids"]), model_answer=answer)


def _found_ids_problems(value: dict, public_text_ids: frozenset[int]) -> list[str]:
    """found_ids must be a list of distinct integers, each a public text id."""
    if "found_ids" not in value:
        return ["found_ids is missing"]
    found = value["found_ids"]
    if not isinstance(found, list):
        return [f"found_ids must be a list of integers, got {type(found).__name__}"]
    wrong = [repr(i) for i in found if not isinstance(i, int) or isinstance(i, bool)]
    if wrong:
        return [f"found_ids must hold integers, got {', '.join(wrong[:5])}"]
    problems = []
    unknown = [i for i in found if i not in public_text_ids]
    if unknown:
        problems.append(f"found_ids not in the public texts: {', '.join(map(str, unknown[:10]))}")
    repeated = sorted(i for i, count in Counter(found).items() if count > 1)
    if repeated:
        problems.append(f"found_ids repeats {', '.join(map(str, repeated))}")
    return problems


def load_submission(path: Path | str, gold: Gold) -> dict[int, Entry]:
    path = Path(path)
    try:
        _refuse_size(path.stat().st_size, str(path))
        raw = path.read_bytes()
    except OSError as exc:
        raise SubmissionError(str(path), [f"cannot read the file: {exc.strerror or exc}"]) from None
    return parse_submission(raw, gold, source=str(path))


def submission_json(entries: dict[int, Entry]) -> dict:
    return {
        str(qid): {"found_ids": list(entry.found_ids), "model_answer": entry.model_answer}
        for qid, entry in sorted(entries.items())
    }
