"""Wikidata novelty: is a normalized fact already known to Wikidata?

The seed drops facts Wikidata already has, so that questions are about what is new. For each
triplet (subject, relation, object):

1. label search: the Wikidata items whose Russian label or alias is exactly the subject's
   (and the object's) canonical name, many names per SPARQL request;
2. statement search: whether any statement links a subject item and an object item, in either
   direction, many pairs per request.

Verdicts, in the `in_wikidata` column: True (a statement links them: the fact is known and is
dropped from the graph), False (no such statement, or an entity Wikidata does not have: the fact
is new), None (not checked: numbers and dates as objects, or the endpoint failed; the reason is in
the `novelty` column). An unreachable endpoint never fails the stage: the remaining facts get None.

Politeness: a descriptive User-Agent (Wikimedia's policy asks for one with contact details), at
most one request per `min_interval` seconds, retries with back-off on 429 / 5xx that honour
Retry-After (bounded), and an on-disk SQLite cache so a re-run asks nothing it already asked.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pandas as pd

from ... import __version__

ENTITY_PREFIX = "http://www.wikidata.org/entity/"
LITERAL_TYPES = {"NUM", "DATE"}


def default_user_agent(contact: str | None = None) -> str:
    who = contact or "no contact configured; set RAGBENCH_WIKIDATA_CONTACT"
    return f"ragbench-factory/{__version__} (RAG benchmark novelty check; {who}) httpx/{httpx.__version__}"


class WikidataUnavailable(RuntimeError):
    """The endpoint could not be reached or kept failing; the message says why (no secrets in it)."""


def _string_literal(text: str) -> str:
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    )
    return f'"{escaped}"@ru'


def label_query(names: Sequence[str]) -> str:
    values = " ".join(_string_literal(name) for name in names)
    return (
        "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
        "PREFIX skos: <http://www.w3.org/2004/02/skos/core#>\n"
        "SELECT DISTINCT ?name ?item WHERE {\n"
        f"  VALUES ?name {{ {values} }}\n"
        "  { ?item rdfs:label ?name } UNION { ?item skos:altLabel ?name }\n"
        f'  FILTER (STRSTARTS(STR(?item), "{ENTITY_PREFIX}Q"))\n'
        "}"
    )


def statement_query(pairs: Sequence[tuple[str, str]]) -> str:
    values = " ".join(f"(<{ENTITY_PREFIX}{a}> <{ENTITY_PREFIX}{b}>)" for a, b in pairs)
    return f"SELECT DISTINCT ?a ?b WHERE {{\n  VALUES (?a ?b) {{ {values} }}\n  {{ ?a ?p ?b }} UNION {{ ?b ?p ?a }}\n}}"


class _Cache:
    """label -> item ids, and item pair -> linked?, kept in SQLite between runs."""

    def __init__(self, path: Path | None) -> None:
        self.db = sqlite3.connect(str(path) if path else ":memory:")
        if path:
            path.parent.mkdir(parents=True, exist_ok=True)
        self.db.execute("CREATE TABLE IF NOT EXISTS labels (name TEXT PRIMARY KEY, items TEXT NOT NULL)")
        self.db.execute("CREATE TABLE IF NOT EXISTS links (a TEXT, b TEXT, linked INTEGER, PRIMARY KEY (a, b))")

    def labels(self, names: Iterable[str]) -> dict[str, list[str]]:
        found = {}
        for name in names:
            row = self.db.execute("SELECT items FROM labels WHERE name = ?", (name,)).fetchone()
            if row:
                found[name] = json.loads(row[0])
        return found

    def put_labels(self, found: dict[str, list[str]]) -> None:
        self.db.executemany(
            "INSERT OR REPLACE INTO labels VALUES (?, ?)", [(n, json.dumps(i)) for n, i in found.items()]
        )
        self.db.commit()

    def links(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], bool]:
        found = {}
        for a, b in pairs:
            row = self.db.execute("SELECT linked FROM links WHERE a = ? AND b = ?", (a, b)).fetchone()
            if row:
                found[(a, b)] = bool(row[0])
        return found

    def put_links(self, found: dict[tuple[str, str], bool]) -> None:
        self.db.executemany(
            "INSERT OR REPLACE INTO links VALUES (?, ?, ?)", [(a, b, int(v)) for (a, b), v in found.items()]
        )
        self.db.commit()


@dataclass
class WikidataClient:
    endpoint: str
    user_agent: str = field(default_factory=default_user_agent)
    cache_path: Path | None = None
    min_interval: float = 1.0  # seconds between requests
    batch_size: int = 50  # names or pairs per request
    max_items_per_label: int = 3  # homonyms kept per name
    timeout: float = 30.0
    retries: int = 3
    max_retry_after: float = 30.0
    requests_made: int = 0

    def __post_init__(self) -> None:
        self._cache = _Cache(self.cache_path)
        self._last_request = 0.0
        self._http = httpx.Client(
            timeout=self.timeout,
            headers={"User-Agent": self.user_agent, "Accept": "application/sparql-results+json"},
        )

    def close(self) -> None:
        self._http.close()

    def _wait_turn(self) -> None:
        pause = self._last_request + self.min_interval - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        self._last_request = time.monotonic()

    def select(self, query: str) -> list[dict[str, str]]:
        """Run a SELECT query; rows map variable names to values. Raises WikidataUnavailable."""
        problem = ""
        for attempt in range(self.retries + 1):
            self._wait_turn()
            self.requests_made += 1
            try:
                response = self._http.post(self.endpoint, data={"query": query})
            except httpx.HTTPError as exc:
                problem = f"{type(exc).__name__} talking to the Wikidata endpoint"
                if isinstance(exc, httpx.ConnectError):
                    break  # nothing listens there: do not keep knocking
                continue
            if response.status_code == 429 or response.status_code >= 500:
                problem = f"HTTP {response.status_code} from the Wikidata endpoint"
                retry_after = response.headers.get("Retry-After", "")
                delay = float(retry_after) if retry_after.isdigit() else min(2.0**attempt, 8.0) * self.min_interval
                time.sleep(min(delay, self.max_retry_after))
                continue
            if response.status_code != 200:
                raise WikidataUnavailable(f"HTTP {response.status_code} from the Wikidata endpoint")
            try:
                bindings = response.json()["results"]["bindings"]
                return [{name: value["value"] for name, value in row.items()} for row in bindings]
            except (ValueError, KeyError, TypeError) as exc:
                reason = f"malformed SPARQL JSON from the Wikidata endpoint ({type(exc).__name__})"
                raise WikidataUnavailable(reason) from None
        raise WikidataUnavailable(f"{problem} (after {attempt + 1} attempts)")

    def items_for(self, names: Iterable[str]) -> dict[str, list[str]]:
        """Item ids (Q...) whose Russian label or alias is exactly each name; [] when none."""
        wanted = sorted(set(names))
        found = self._cache.labels(wanted)
        missing = [n for n in wanted if n not in found]
        for start in range(0, len(missing), self.batch_size):
            batch = missing[start : start + self.batch_size]
            answer: dict[str, list[str]] = {name: [] for name in batch}
            for row in self.select(label_query(batch)):
                item = row["item"].removeprefix(ENTITY_PREFIX)
                if row["name"] in answer and item not in answer[row["name"]]:
                    answer[row["name"]].append(item)
            answer = {n: sorted(items, key=_item_number)[: self.max_items_per_label] for n, items in answer.items()}
            self._cache.put_labels(answer)
            found.update(answer)
        return found

    def linked(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], bool]:
        """Whether some statement links each (a, b) pair of item ids, in either direction."""
        wanted = sorted(set(pairs))
        found = self._cache.links(wanted)
        missing = [p for p in wanted if p not in found]
        for start in range(0, len(missing), self.batch_size):
            batch = missing[start : start + self.batch_size]
            answer = dict.fromkeys(batch, False)
            for row in self.select(statement_query(batch)):
                key = (row["a"].removeprefix(ENTITY_PREFIX), row["b"].removeprefix(ENTITY_PREFIX))
                if key in answer:
                    answer[key] = True
            self._cache.put_links(answer)
            found.update(answer)
        return found


def _item_number(item: str) -> int:
    """Q42 -> 42: lower ids are older, usually the better-known homonym."""
    return int(item[1:]) if item[1:].isdigit() else 1 << 62


@dataclass(frozen=True)
class Verdict:
    in_wikidata: bool | None
    novelty: str


def check_novelty(frame: pd.DataFrame, client: WikidataClient) -> list[Verdict]:
    """One verdict per row of a normalized_triplets frame, in row order. Never raises for the endpoint."""
    checkable = [
        i
        for i, row in enumerate(frame.itertuples(index=False))
        if row.object_type not in LITERAL_TYPES and row.subject_type not in LITERAL_TYPES
    ]
    verdicts: list[Verdict] = [Verdict(None, "skipped: a number or date object is not looked up")] * len(frame)
    subjects, objects = list(frame["canonical_subject"]), list(frame["canonical_object"])
    try:
        items = client.items_for({subjects[i] for i in checkable} | {objects[i] for i in checkable})
        pairs = {(a, b) for i in checkable for a in items[subjects[i]] for b in items[objects[i]]}
        links = client.linked(pairs)
    except WikidataUnavailable as exc:
        for i in checkable:
            verdicts[i] = Verdict(None, f"skipped: {exc}")
        return verdicts
    for i in checkable:
        verdicts[i] = _verdict(items[subjects[i]], items[objects[i]], links)
    return verdicts


def _verdict(s_items: list[str], o_items: list[str], links: dict[tuple[str, str], bool]) -> Verdict:
    """Known when Wikidata links an item of the subject with one of the object; novel otherwise."""
    if not s_items or not o_items:
        side = "subject" if not s_items else "object"
        return Verdict(False, f"novel: the {side} is not in Wikidata")
    known = [(a, b) for a in s_items for b in o_items if links[(a, b)]]
    if known:
        return Verdict(True, f"known: Wikidata links {known[0][0]} and {known[0][1]}")
    return Verdict(False, f"novel: no statement links {'/'.join(s_items)} and {'/'.join(o_items)}")


def apply_novelty(frame: pd.DataFrame, verdicts: Sequence[Verdict]) -> pd.DataFrame:
    out = frame.copy()
    out["in_wikidata"] = pd.array([v.in_wikidata for v in verdicts], dtype="boolean")
    out["novelty"] = [v.novelty for v in verdicts]
    return out
