"""Subgraphs of the four question types, found by the SPARQL files in sparql/ on pyoxigraph.

Semantics (DESIGN.md section 7) are enforced by the queries on the whole graph; this module
turns query rows into `Subgraph` records, attaches provenance (the articles that state each
triple) and samples a bounded, seeded number of subgraphs per type.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
from pyoxigraph import DefaultGraph, NamedNode, Store, Variable

from .graph import RDF_TYPE, TYPE_CLASSES, GraphIndex, article_id_of, term_from_key, term_key
from .package_files import file_sha256, project_dir

SUBGRAPH_TYPES = ("simple", "set", "cond", "mh")
SUBGRAPH_COLUMNS = ["subgraph_id", "type", "triples", "answer", "answer_labels", "bridge", "anchor", "article_ids"]

Triple = tuple[str, str, str]  # term keys: IRI or literal:<kind>:<value>
_DIRECTION_VARIABLES = {"direction", "d1", "d2"}  # "out" / "in" flags bound by the queries
THING = TYPE_CLASSES["OTHER"]


@dataclass(frozen=True)
class Subgraph:
    type: str
    triples: tuple[Triple, ...]
    answer: tuple[str, ...]
    bridge: str | None = None
    anchor: str | None = None  # the entity a set question is about
    article_ids: tuple[str, ...] = field(default=(), compare=False)

    @property
    def subgraph_id(self) -> str:
        payload = json.dumps([self.type, sorted(self.triples), sorted(self.answer), self.bridge], ensure_ascii=False)
        return hashlib.sha1(payload.encode("utf-8")).hexdigest()[:16]


def query_path(kind: str) -> Path:
    if kind not in SUBGRAPH_TYPES:
        raise ValueError(f"unknown subgraph type {kind!r}; expected one of {', '.join(SUBGRAPH_TYPES)}")
    return project_dir("sparql") / f"{kind}.rq"


def query_hashes() -> dict[str, str]:
    return {kind: file_sha256(query_path(kind)) for kind in SUBGRAPH_TYPES}


def _rows(store: Store, kind: str) -> Iterator[dict[str, object]]:
    solutions = store.query(query_path(kind).read_text(encoding="utf-8"))
    names = [v.value for v in solutions.variables]
    for solution in solutions:
        yield {name: solution[Variable(name)] for name in names}


def _edge(a: str, relation: str, b: str, direction: str) -> Triple:
    """The triple linking a to b through relation: (a r b) when 'out', (b r a) when 'in'."""
    return (a, relation, b) if direction == "out" else (b, relation, a)


def _partners(store: Store, anchor, relation, direction: str) -> list[str]:
    if direction == "out":
        quads = store.quads_for_pattern(anchor, relation, None, None)
        return sorted({term_key(q.object) for q in quads})
    quads = store.quads_for_pattern(None, relation, anchor, None)
    return sorted({term_key(q.subject) for q in quads})


def _generic(store: Store, key: str) -> bool:
    """A generic noun phrase node (rb:Thing): it may close a set, but is never asked about."""
    return not key.startswith("literal:") and any(
        True for _ in store.quads_for_pattern(NamedNode(key), RDF_TYPE, THING, DefaultGraph())
    )


def enumerate_subgraphs(
    store: Store, kind: str, *, max_set_partners: int = 5, max_candidates: int | None = None
) -> Iterator[Subgraph]:
    """Every subgraph of `kind` (up to `max_candidates` query rows), in query order."""
    for count, row in enumerate(_rows(store, kind)):
        if max_candidates is not None and count >= max_candidates:
            return
        keys = {
            name: value.value if name in _DIRECTION_VARIABLES else term_key(value)
            for name, value in row.items()
            if value is not None
        }
        if kind == "simple":
            triple = (keys["s"], keys["r"], keys["o"])
            yield Subgraph("simple", (triple,), (keys["o"],))
        elif kind == "set":
            partners = _partners(store, row["anchor"], row["r"], keys["direction"])
            if len(partners) > max_set_partners or any(_generic(store, p) for p in partners):
                continue
            triples = tuple(_edge(keys["anchor"], keys["r"], p, keys["direction"]) for p in partners)
            yield Subgraph("set", triples, tuple(partners), anchor=keys["anchor"])
        elif kind == "cond":
            triples = (
                _edge(keys["x"], keys["r1"], keys["y1"], keys["d1"]),
                _edge(keys["x"], keys["r2"], keys["y2"], keys["d2"]),
            )
            yield Subgraph("cond", triples, (keys["x"],))
        elif kind == "mh":
            triples = (
                _edge(keys["q"], keys["r1"], keys["b"], keys["d1"]),
                _edge(keys["b"], keys["r2"], keys["x"], keys["d2"]),
            )
            yield Subgraph("mh", triples, (keys["x"],), bridge=keys["b"], anchor=keys["q"])


def with_provenance(store: Store, subgraph: Subgraph) -> Subgraph:
    articles: set[str] = set()
    for s, r, o in subgraph.triples:
        for quad in store.quads_for_pattern(NamedNode(s), NamedNode(r), term_from_key(o), None):
            articles.add(article_id_of(quad.graph_name.value))
    return Subgraph(
        subgraph.type, subgraph.triples, subgraph.answer, subgraph.bridge, subgraph.anchor, tuple(sorted(articles))
    )


def sample_subgraphs(
    store: Store, kind: str, *, limit: int, seed: int, max_set_partners: int = 5, max_candidates: int = 50_000
) -> list[Subgraph]:
    """Up to `limit` subgraphs of `kind`, a seeded sample of the candidates, in a stable order."""
    candidates = {
        sg.subgraph_id: sg
        for sg in enumerate_subgraphs(store, kind, max_set_partners=max_set_partners, max_candidates=max_candidates)
    }
    ordered = [candidates[key] for key in sorted(candidates)]
    if len(ordered) > limit:
        ordered = random.Random(seed).sample(ordered, limit)
        ordered.sort(key=lambda sg: sg.subgraph_id)
    return [with_provenance(store, sg) for sg in ordered]


def subgraphs_frame(subgraphs: Iterable[Subgraph], index: GraphIndex) -> pd.DataFrame:
    rows = []
    for sg in subgraphs:
        rows.append(
            {
                "subgraph_id": sg.subgraph_id,
                "type": sg.type,
                "triples": json.dumps([list(t) for t in sg.triples], ensure_ascii=False),
                "answer": json.dumps(list(sg.answer), ensure_ascii=False),
                "answer_labels": [index.node(a).label for a in sg.answer],
                "bridge": sg.bridge,
                "anchor": sg.anchor,
                "article_ids": list(sg.article_ids),
            }
        )
    return pd.DataFrame(rows, columns=SUBGRAPH_COLUMNS)


def subgraph_from_row(row) -> Subgraph:
    return Subgraph(
        type=row["type"],
        triples=tuple(tuple(t) for t in json.loads(row["triples"])),
        answer=tuple(json.loads(row["answer"])),
        bridge=row["bridge"] if isinstance(row["bridge"], str) else None,
        anchor=row["anchor"] if isinstance(row["anchor"], str) else None,
        article_ids=tuple(row["article_ids"]),
    )


def describe(subgraph: Subgraph, index: GraphIndex) -> list[str]:
    """Human-readable triples: 'Анна Соколова | подписать соглашение с | Олег Мельников'."""
    return [
        f"{index.node(s).label} | {index.relations[r].label} | {index.node(o).label}" for s, r, o in subgraph.triples
    ]
