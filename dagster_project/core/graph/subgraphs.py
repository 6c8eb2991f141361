"""Subgraphs of the four question types, found by the SPARQL files in sparql/ on pyoxigraph.

Semantics (docs/architecture.md, Subgraph semantics): the queries check each rule (uniqueness, a cond's conditions each
shared with another node, an mh answer not linked to the named entity, a set of entity partners
only) against every fact of the graph.
This module adds node eligibility (generic noun phrases, rb:Things with no name, are never asked about)
and the class part of the cond rule (the other node fitting a condition is called as the answer is),
turns query rows into `Subgraph` records, attaches provenance (the articles that state each
triple), and samples a bounded, seeded number of subgraphs per type.

Two ways to run a query:

- `enumerate_subgraphs` runs it on the whole graph: every subgraph, for small graphs (`--all`).
- `sample_subgraphs` stays bounded on graphs of millions of triples. A `GraphProfile` (one pass
  of two GROUP BY queries) gives each entity's degree. Entities with at most `max_degree` facts
  are shuffled with the seed and visited in that order as the query's center (?s, ?anchor, ?x
  or ?b), a few per query, bound by a VALUES clause that replaces the query's "#@center" line.
  Results are streamed and each center's are cut at `rows_per_center`; at most `per_center`
  subgraphs are kept from one center, and the visit stops once `limit` subgraphs are found (a
  small graph whose centers run out first gets its cut centers reread in full). Hubs (degree
  above the cap) are never centers, and conditional questions do not use the largest ones as
  constraints either (their NOT EXISTS scan would be as long as the hub's degree). None of this
  relaxes a rule: the EXISTS and NOT EXISTS checks still see the whole graph, so every sampled
  subgraph is one that `enumerate_subgraphs` also returns.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path

import pandas as pd
from pyoxigraph import DefaultGraph, NamedNode, Store

from ..common.package_files import file_sha256, project_dir
from ..common.russian import lemma_key
from ..extraction.schema.relations import (
    GRAPH_TYPE,
    IMPLIED_BY,
    INTERCHANGEABLE,
    OPEN_OBJECT_SETS,
    OPEN_SUBJECT_SETS,
    SCHEMA,
    SYMMETRIC,
)
from .rdf import (
    HAS_DESCRIPTOR,
    RDF_TYPE,
    RDFS_LABEL,
    SCHEMA_KEY_PREFIX,
    TYPE_CLASSES,
    GraphIndex,
    article_id_of,
    relation_iri,
    term_from_key,
    term_key,
)

SUBGRAPH_TYPES = ("simple", "set", "cond", "mh")
SUBGRAPH_COLUMNS = [
    "subgraph_id",
    "type",
    "triples",
    "answer",
    "answer_labels",
    "bridge",
    "anchor",
    "article_ids",
    "asked_by_type",
]

Triple = tuple[str, str, str]  # term keys: IRI or literal:<kind>:<value>
_DIRECTION_VARIABLES = {"direction", "d1", "d2"}  # "out" / "in" flags bound by the queries
THING = TYPE_CLASSES["OTHER"]
_ORGANIZATION_TYPE = TYPE_CLASSES["ORG"].value

# The variable bound to one entity when sampling, and the fewest facts that entity needs.
CENTER_VARIABLE = {"simple": "s", "set": "anchor", "cond": "x", "mh": "b"}
MIN_CENTER_DEGREE = {"simple": 1, "set": 2, "cond": 2, "mh": 2}
# Variables that must be named, non-generic nodes (the answer of mh may be a literal).
ASKED_ABOUT = {"simple": ("s", "o"), "set": ("anchor",), "cond": ("x", "y1", "y2"), "mh": ("q", "b", "x")}
_NOT_HUB_LINE = re.compile(r"^[ \t]*#@not-hub (?P<variables>.+)$", re.MULTILINE)
_CENTER_LINE = re.compile(r"^(?P<indent>[ \t]*)#@center (?P<variable>\?\w+)[ \t]*$", re.MULTILINE)

_OUT_DEGREE = "SELECT ?node (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?node ?r ?o } } GROUP BY ?node"
_IN_DEGREE = "SELECT ?node (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?r ?node } FILTER (isIRI(?node)) } GROUP BY ?node"
# Relation IRI -> schema relation id.
_SCHEMA_IDS = {relation_iri(SCHEMA_KEY_PREFIX + schema_id).value: schema_id for schema_id in SCHEMA}
_THING_LABELS = (
    f"SELECT ?node ?label WHERE {{ ?node a <{THING.value}> OPTIONAL {{ ?node <{RDFS_LABEL.value}> ?label }} }}"
)
# A thing the texts name is no generic noun phrase: «Капитан Ведерников» (a vessel), «премия имени
# Матвея Ерохина», «выставка «Первый причал»». A common noun phrase's label starts in lowercase.
_DEDICATION = re.compile(r"\bимени\s+[А-ЯЁ]")


# A prize an office of a named region gives is named by its office too: «премия губернатора Н-ской
# области в сфере культуры» is one prize of the month, as «премия губернатора в сфере культуры» is not.
_OFFICE_PRIZE = re.compile(r"\bпреми[яи]\s+(?:губернатора|главы|мэра|правительства)\s+[А-ЯЁ]")


def is_named_thing(label: str) -> bool:
    return label[:1].isupper() or "«" in label or bool(_DEDICATION.search(label) or _OFFICE_PRIZE.search(label))


def generic_nodes(store: Store) -> frozenset[str]:
    """Things described by a common noun phrase («базовая кафедра судостроения», a post): they count
    for uniqueness but are never asked about."""
    return frozenset(
        solution["node"].value
        for solution in store.query(_THING_LABELS)
        if solution["label"] is None or not is_named_thing(solution["label"].value)
    )


@dataclass(frozen=True)
class Subgraph:
    type: str
    triples: tuple[Triple, ...]
    answer: tuple[str, ...]
    bridge: str | None = None
    anchor: str | None = None  # the entity a set question is about
    # A cond question calls its answer by type («организация»), not by its class noun: another
    # organization fits each condition, but none called as the answer is (_cond_of_row).
    asked_by_type: bool = False
    article_ids: tuple[str, ...] = field(default=(), compare=False)

    @cached_property
    def subgraph_id(self) -> str:
        payload = json.dumps([self.type, sorted(self.triples), sorted(self.answer), self.bridge], ensure_ascii=False)
        return hashlib.sha1(payload.encode("utf-8")).hexdigest()[:16]


def expected_and_forbidden(subgraph: Subgraph) -> tuple[list[str], list[str]]:
    """Nodes a question must name, and nodes it must not (the answer; for mh, also the bridge)."""
    nodes: list[str] = []
    for s, _, o in subgraph.triples:
        for node in (s, o):
            if node not in nodes:
                nodes.append(node)
    forbidden = list(subgraph.answer) + ([subgraph.bridge] if subgraph.bridge else [])
    return [n for n in nodes if n not in forbidden], forbidden


@dataclass(frozen=True)
class SamplingLimits:
    """Bounds of `sample_subgraphs`; they choose which subgraphs are found, never relax uniqueness."""

    max_degree: int = 200  # entities with more facts (quads) are hubs: never centers or cond constraints
    per_center: int = 2  # subgraphs kept around one center, so a sample is not a few entities' neighbourhoods
    rows_per_center: int = 8  # query rows read per center before the stream is dropped (first pass)
    centers_per_query: int = 4  # centers bound by one VALUES clause (planned once; with 8, pyoxigraph plans cond worse)
    # The largest hubs kept out of cond constraints, by a NOT IN list in the query: each pair's NOT EXISTS
    # scan is as long as its constraint's degree, but a long list slows every row, so only the biggest go.
    max_excluded_hubs: int = 200


@dataclass
class GraphProfile:
    """Degrees (fact quads touching a node) and generic nodes of a store, computed once."""

    degree: Counter
    generic: frozenset[str]

    @classmethod
    def of(cls, store: Store) -> GraphProfile:
        degree: Counter = Counter()
        for query in (_OUT_DEGREE, _IN_DEGREE):
            for solution in store.query(query):
                degree[solution["node"].value] += int(solution["n"].value)
        return cls(degree, generic_nodes(store))

    def hubs(self, max_degree: int) -> list[str]:
        return sorted(node for node, count in self.degree.items() if count > max_degree)

    def largest_hubs(self, max_degree: int, count: int) -> list[str]:
        """At most `count` hubs, the highest degrees first (ties by name), returned sorted by name."""
        ranked = sorted((node for node, n in self.degree.items() if n > max_degree), key=lambda x: (-self.degree[x], x))
        return sorted(ranked[:count])

    def centers(self, kind: str, max_degree: int) -> list[str]:
        """Entities that may be the center of a `kind` subgraph, in a stable order."""
        low = MIN_CENTER_DEGREE[kind]
        return sorted(
            node
            for node, count in self.degree.items()
            if low <= count <= max_degree and node not in self.generic and not node.startswith("_:")
        )


def query_path(kind: str) -> Path:
    if kind not in SUBGRAPH_TYPES:
        raise ValueError(f"unknown subgraph type {kind!r}; expected one of {', '.join(SUBGRAPH_TYPES)}")
    return project_dir("sparql") / f"{kind}.rq"


def query_hashes() -> dict[str, str]:
    return {kind: file_sha256(query_path(kind)) for kind in SUBGRAPH_TYPES}


@cache
def _query_text(kind: str) -> str:
    return query_path(kind).read_text(encoding="utf-8")


def _bounded_query(kind: str, hubs: tuple[str, ...]) -> str:
    """The query with its "#@not-hub ?a ?b" line turned into a FILTER keeping hubs out of ?a, ?b."""

    def not_hub(match: re.Match) -> str:
        if not hubs:
            return ""
        listed = ", ".join(f"<{hub}>" for hub in hubs)
        variables = match.group("variables").split()
        return "  FILTER (" + " && ".join(f"{v} NOT IN ({listed})" for v in variables) + ")"

    return _NOT_HUB_LINE.sub(not_hub, _query_text(kind))


def _rows(store: Store, query: str) -> Iterator[dict[str, object]]:
    solutions = store.query(query)
    names = [v.value for v in solutions.variables]
    for solution in solutions:
        yield dict(zip(names, solution, strict=True))


def _edge(a: str, relation: str, b: str, direction: str) -> Triple:
    """The triple linking a to b through relation: (a r b) when 'out', (b r a) when 'in'."""
    return (a, relation, b) if direction == "out" else (b, relation, a)


def _partners(store: Store, anchor, relation, direction: str) -> list[str]:
    if direction == "out":
        quads = store.quads_for_pattern(anchor, relation, None, None)
        return sorted({term_key(q.object) for q in quads})
    quads = store.quads_for_pattern(None, relation, anchor, None)
    return sorted({term_key(q.subject) for q in quads})


def _said_by_an_implying_relation(store: Store, triple: Triple) -> bool:
    """Whether (s r o) also holds by a relation that implies r: the graph states «работает в» for the
    director too (core/graph/inference.py), but a question about him asks what the text says,
    «возглавляет»; the implied triple serves sets and conditions."""
    s, r, o = triple
    implying = IMPLIED_BY.get(_SCHEMA_IDS.get(r), ())
    subject, obj = NamedNode(s), term_from_key(o)
    return any(
        next(store.quads_for_pattern(subject, relation_iri(SCHEMA_KEY_PREFIX + other), obj, None), None) is not None
        for other in implying
    )


def _directions(relation, direction: str) -> tuple[str, ...]:
    """The directions a partner may stand in: both for a symmetric relation (SYMMETRIC)."""
    return (direction, _reverse(direction)) if _SCHEMA_IDS.get(relation.value) in SYMMETRIC else (direction,)


def _reverse_partners(store: Store, anchor, relation, direction: str) -> set[str]:
    """Partners by a symmetric relation written the other way round: whoever signed an agreement with
    the anchor signed it with him."""
    if len(_directions(relation, direction)) == 1:
        return set()
    return set(_partners(store, anchor, relation, _reverse(direction)))


def _interchangeable_partners(store: Store, anchor, relation, direction: str) -> set[str]:
    """Partners of the anchor by relations news uses for the same kind of fact (INTERCHANGEABLE)."""
    found: set[str] = set()
    for other in INTERCHANGEABLE.get(_SCHEMA_IDS.get(relation.value), ()):
        for way in _directions(relation, direction):
            found |= set(_partners(store, anchor, relation_iri(SCHEMA_KEY_PREFIX + other), way))
    return found


def _rival_partners(store: Store, anchor, relation, direction: str) -> set[str]:
    """Partners that also answer a question about `relation`: by an interchangeable relation, or by a
    symmetric one written the other way round. (Implied facts, a director working where he heads,
    are in the graph itself: core/graph/inference.py.)"""
    return _interchangeable_partners(store, anchor, relation, direction) | _reverse_partners(
        store, anchor, relation, direction
    )


NodeClass = tuple[tuple[str, ...], tuple[str, ...]]


def _class_of(store: Store, node, known: dict[str, NodeClass]) -> NodeClass:
    """What a question calls a node: its types and class nouns («компания», «агрохолдинг»)."""
    if node.value not in known:
        default = DefaultGraph()
        types = sorted(q.object.value for q in store.quads_for_pattern(node, RDF_TYPE, None, default))
        nouns = sorted(q.object.value for q in store.quads_for_pattern(node, HAS_DESCRIPTOR, None, default))
        known[node.value] = (tuple(types), tuple(nouns))
    return known[node.value]


def _open_subject_set(store: Store, anchor, relation, known: dict[str, NodeClass]) -> bool:
    """Whether news never lists everyone in `relation` with the anchor (OPEN_SUBJECT_SETS)."""
    schema_id = _SCHEMA_IDS.get(relation.value)
    if schema_id not in OPEN_SUBJECT_SETS:
        return False
    kinds = OPEN_SUBJECT_SETS[schema_id]
    if kinds is None:
        return True
    graph_types = {TYPE_CLASSES[GRAPH_TYPE[kind]].value for kind in kinds}
    return bool(graph_types & set(_class_of(store, anchor, known)[0]))


def _open_object_set(relation) -> bool:
    """Whether news never lists everything the subject does in `relation` (OPEN_OBJECT_SETS)."""
    return _SCHEMA_IDS.get(relation.value) in OPEN_OBJECT_SETS


def _condition_fits_another_of_its_class(
    store: Store, x, relation, y, direction: str, known: dict[str, NodeClass], by_type: bool = False
) -> bool:
    """Whether a node other than x, called as x is (same types and class nouns, or the same types
    when the question calls x by its type), satisfies (x r y).

    The question names x by its class noun, so a condition only x's class fits would name the
    answer alone («Какая компания получила кредит банка?» when the other borrower is a person)."""
    wanted = _called(_class_of(store, x, known), by_type)
    if direction == "out":
        others = (q.subject for q in store.quads_for_pattern(None, relation, y, None))
    else:
        others = (q.object for q in store.quads_for_pattern(y, relation, None, None))
    return any(
        isinstance(other, NamedNode)
        and other != x
        and _called(_class_of(store, other, known), by_type) == wanted
        and not _part_of_one_another(store, x, other)
        for other in others
    )


def _part_of_one_another(store: Store, a, b) -> bool:
    """«Кафедра кораблестроения Бережанского университета» and «Бережанский университет»: a reader
    takes a subunit named with its owner for a part of it, so it is no second answer to a condition."""
    first, second = (_label_key(store, node) for node in (a, b))
    return bool(first and second) and (f" {first} " in f" {second} " or f" {second} " in f" {first} ")


def _label_key(store: Store, node) -> str:
    labels = [q.object.value for q in store.quads_for_pattern(node, RDFS_LABEL, None, DefaultGraph())]
    return lemma_key(labels[0]) if labels else ""


def _called(node_class: NodeClass, by_type: bool) -> NodeClass | tuple[str, ...]:
    """What a question names a node by: its types and class nouns, or its types alone."""
    return node_class[0] if by_type else node_class


def _subgraph_of_row(
    store: Store,
    kind: str,
    row: dict[str, object],
    generic: frozenset[str],
    max_set_partners: int,
    classes: dict[str, NodeClass],
) -> Subgraph | None:
    """The subgraph a query row stands for, or None when a generic node would be asked about or a
    rule the query leaves to Python fails. `classes` caches node classes across rows."""
    keys = {
        name: value.value if name in _DIRECTION_VARIABLES else term_key(value)
        for name, value in row.items()
        if value is not None
    }
    if any(keys[name] in generic for name in ASKED_ABOUT[kind]):
        return None
    if kind == "simple":
        if _open_object_set(row["r"]):
            return None  # «Против какой компании вынес решение суд X?»: the court decided other cases too
        rivals = _rival_partners(store, row["s"], row["r"], "out") | _rival_partners(store, row["o"], row["r"], "in")
        if rivals - {keys["s"], keys["o"]}:
            return None  # «Кто работает в X?» has a second answer: its director
        triple = (keys["s"], keys["r"], keys["o"])
        return None if _said_by_an_implying_relation(store, triple) else Subgraph("simple", (triple,), (keys["o"],))
    if kind == "set":
        if int(row["partners"].value) > max_set_partners:
            return None
        if keys["direction"] == "in" and _open_subject_set(store, row["anchor"], row["r"], classes):
            return None  # «Кто работает в X? Назовите всех.»: news never names all the staff
        if keys["direction"] == "out" and _open_object_set(row["r"]):
            return None  # «Против каких организаций вынес решение суд X?»: news reports a few of its cases
        partners = _partners(store, row["anchor"], row["r"], keys["direction"])
        # «С кем подписал соглашение X?» names those who signed with X too
        reverse = sorted(_reverse_partners(store, row["anchor"], row["r"], keys["direction"]) - set(partners))
        everyone = sorted(set(partners) | set(reverse))
        if len(everyone) > max_set_partners or keys["anchor"] in everyone or any(p in generic for p in everyone):
            return None
        if _interchangeable_partners(store, row["anchor"], row["r"], keys["direction"]) - set(everyone):
            return None  # «С кем подписал соглашение X?» leaves out whom X signed a contract with
        triples = tuple(_edge(keys["anchor"], keys["r"], p, keys["direction"]) for p in partners)
        triples += tuple(_edge(keys["anchor"], keys["r"], p, _reverse(keys["direction"])) for p in reverse)
        return Subgraph("set", triples, tuple(everyone), anchor=keys["anchor"])
    if kind == "cond":
        return _cond_of_row(store, row, keys, classes)
    return _mh_of_row(store, row, keys, classes)


def _reverse(direction: str) -> str:
    return "in" if direction == "out" else "out"


def _cond_of_row(store: Store, row: dict[str, object], keys: dict[str, str], classes: dict) -> Subgraph | None:
    conditions = [(row["x"], row[f"r{n}"], row[f"y{n}"], keys[f"d{n}"]) for n in (1, 2)]
    by_type = False
    if not all(_condition_fits_another_of_its_class(store, *condition, classes) for condition in conditions):
        # «Какая организация ...?»: a bank and a bakery that borrowed alike are both organizations
        by_type = _ORGANIZATION_TYPE in _class_of(store, row["x"], classes)[0] and all(
            _condition_fits_another_of_its_class(store, *condition, classes, by_type=True) for condition in conditions
        )
        if not by_type:
            return None
    # Only x may satisfy both, counting interchangeable and symmetric relations too.
    satisfying = [
        set(_partners(store, y, r, _reverse(d))) | _rival_partners(store, y, r, _reverse(d))
        for _, r, y, d in conditions
    ]
    if (satisfying[0] & satisfying[1]) - {keys["x"]}:
        return None
    triples = (
        _edge(keys["x"], keys["r1"], keys["y1"], keys["d1"]),
        _edge(keys["x"], keys["r2"], keys["y2"], keys["d2"]),
    )
    return Subgraph("cond", triples, (keys["x"],), asked_by_type=by_type)


def _mh_of_row(store: Store, row: dict[str, object], keys: dict[str, str], classes: dict) -> Subgraph | None:
    # A hop may not single out one of an open set: «клуб, в котором работает X» is fine, «человек,
    # который работает в клубе» is not, since news never names all the staff (OPEN_SUBJECT_SETS).
    for known, relation, direction in ((row["q"], row["r1"], keys["d1"]), (row["b"], row["r2"], keys["d2"])):
        if direction == "in" and _open_subject_set(store, known, relation, classes):
            return None
        if direction == "out" and _open_object_set(relation):
            return None  # «компания, против которой вынес решение суд X»: not the court's only case
    # Each hop names one entity, counting interchangeable and symmetric relations: «компания, с которой
    # подписал соглашение X» is no one company when another signed with X the other way round.
    if _rival_partners(store, row["q"], row["r1"], keys["d1"]) - {keys["b"]}:
        return None
    if _rival_partners(store, row["b"], row["r2"], keys["d2"]) - {keys["x"]}:
        return None
    triples = (
        _edge(keys["q"], keys["r1"], keys["b"], keys["d1"]),
        _edge(keys["b"], keys["r2"], keys["x"], keys["d2"]),
    )
    if any(_said_by_an_implying_relation(store, triple) for triple in triples):
        return None
    return Subgraph("mh", triples, (keys["x"],), bridge=keys["b"], anchor=keys["q"])


def enumerate_subgraphs(
    store: Store, kind: str, *, max_set_partners: int = 5, max_candidates: int | None = None
) -> Iterator[Subgraph]:
    """Every subgraph of `kind` on the whole graph (up to `max_candidates` query rows), in query order."""
    generic = generic_nodes(store)
    classes: dict[str, NodeClass] = {}
    for count, row in enumerate(_rows(store, _bounded_query(kind, ()))):
        if max_candidates is not None and count >= max_candidates:
            return
        subgraph = _subgraph_of_row(store, kind, row, generic, max_set_partners, classes)
        if subgraph is not None:
            yield subgraph


def _excluded_hubs(kind: str, profile: GraphProfile, limits: SamplingLimits) -> tuple[str, ...]:
    if kind != "cond":
        return ()
    return tuple(profile.largest_hubs(limits.max_degree, limits.max_excluded_hubs))


def _around_each(
    store: Store,
    kind: str,
    query: str,
    centers: list[str],
    generic: frozenset[str],
    limits: SamplingLimits,
    max_set_partners: int,
    classes: dict[str, NodeClass],
) -> tuple[dict[str, list[Subgraph]], set[str]]:
    """Subgraphs around each of `centers` and the centers whose rows were cut short, from one query.

    VALUES binds the center variable to all of them, so the query is parsed and planned once.
    Reading stops after `rows_per_center` rows for one center, or that many times the number of
    centers in all."""
    values = " ".join(str(NamedNode(center)) for center in centers)  # NamedNode validates each IRI
    bound = _CENTER_LINE.sub(lambda m: f"{m['indent']}VALUES {m['variable']} {{ {values} }}", query)
    variable = CENTER_VARIABLE[kind]
    found: dict[str, dict[str, Subgraph]] = {center: {} for center in centers}
    rows_of: Counter = Counter()
    cut: set[str] = set()
    for count, row in enumerate(_rows(store, bound)):
        if count >= limits.rows_per_center * len(centers):
            cut.update(centers)  # which ones had more is unknown: all of them may be revisited
            break
        center = row[variable].value
        rows_of[center] += 1
        if rows_of[center] > limits.rows_per_center:
            cut.add(center)
            continue
        subgraph = _subgraph_of_row(store, kind, row, generic, max_set_partners, classes)
        if subgraph is not None:
            found[center].setdefault(subgraph.subgraph_id, subgraph)
    return {center: [by_id[key] for key in sorted(by_id)] for center, by_id in found.items()}, cut


def with_provenance(store: Store, subgraph: Subgraph) -> Subgraph:
    articles: set[str] = set()
    for s, r, o in subgraph.triples:
        for quad in store.quads_for_pattern(NamedNode(s), NamedNode(r), term_from_key(o), None):
            articles.add(article_id_of(quad.graph_name.value))
    return replace(subgraph, article_ids=tuple(sorted(articles)))


def sample_subgraphs(
    store: Store,
    kind: str,
    *,
    limit: int,
    seed: int,
    max_set_partners: int = 5,
    limits: SamplingLimits = SamplingLimits(),
    profile: GraphProfile | None = None,
) -> list[Subgraph]:
    """Up to `limit` subgraphs of `kind`, found around seeded random centers, sorted by id.

    Pass one `profile` for several calls on the same store to compute degrees only once.
    """
    if kind not in SUBGRAPH_TYPES:
        raise ValueError(f"unknown subgraph type {kind!r}; expected one of {', '.join(SUBGRAPH_TYPES)}")
    profile = profile or GraphProfile.of(store)
    rng = random.Random(seed)
    centers = profile.centers(kind, limits.max_degree)
    rng.shuffle(centers)
    query = _bounded_query(kind, _excluded_hubs(kind, profile, limits))
    visit = _Visit(store, kind, query, profile.generic, max_set_partners, rng)
    visit.walk(centers, limit, limits)
    if len(visit.chosen) < limit and visit.truncated:
        # Every center was visited and the sample is still short (a small graph): read the cut
        # centers in full, so that a graph with at most `limit` subgraphs yields all of them.
        visit.reread_in_full(limits)
    if len(visit.chosen) < limit and visit.spare:
        visit.fill_from_spare(limit)
    ordered = [visit.chosen[key] for key in sorted(visit.chosen)][:limit]
    return [with_provenance(store, sg) for sg in ordered]


@dataclass
class _Visit:
    """The state of one `sample_subgraphs` call: what was kept, what was put aside, what was cut."""

    store: Store
    kind: str
    query: str
    generic: frozenset[str]
    max_set_partners: int
    rng: random.Random
    chosen: dict[str, Subgraph] = field(default_factory=dict)
    spare: dict[str, Subgraph] = field(default_factory=dict)  # beyond per_center; used if the centers run out
    truncated: list[str] = field(default_factory=list)  # centers whose rows were cut at rows_per_center
    classes: dict[str, NodeClass] = field(default_factory=dict)  # node classes looked up so far

    def walk(self, centers: list[str], limit: int, limits: SamplingLimits) -> None:
        """Visit the centers in order, a batch per query, keeping `per_center` subgraphs of each,
        until `limit` are chosen."""
        for start in range(0, len(centers), limits.centers_per_query):
            if len(self.chosen) >= limit:
                break
            batch = centers[start : start + limits.centers_per_query]
            found, cut = _around_each(
                self.store, self.kind, self.query, batch, self.generic, limits, self.max_set_partners, self.classes
            )
            self.truncated += [center for center in batch if center in cut]
            for center in batch:
                if len(self.chosen) >= limit:
                    break
                self._keep_some(found[center], limits.per_center)

    def _keep_some(self, around: list[Subgraph], per_center: int) -> None:
        self.rng.shuffle(around)
        for subgraph in around[:per_center]:
            self.chosen[subgraph.subgraph_id] = subgraph
            self.spare.pop(subgraph.subgraph_id, None)
        for subgraph in around[per_center:]:
            self.spare.setdefault(subgraph.subgraph_id, subgraph)

    def reread_in_full(self, limits: SamplingLimits) -> None:
        """Read every row of the cut centers; what was not chosen becomes spare."""
        unbounded = replace(limits, rows_per_center=1 << 40)
        for center in self.truncated:
            found, _ = _around_each(
                self.store,
                self.kind,
                self.query,
                [center],
                self.generic,
                unbounded,
                self.max_set_partners,
                self.classes,
            )
            for subgraph in found[center]:
                if subgraph.subgraph_id not in self.chosen:
                    self.spare.setdefault(subgraph.subgraph_id, subgraph)

    def fill_from_spare(self, limit: int) -> None:
        """Top the sample up to `limit` with seeded random spare subgraphs."""
        extra = sorted(self.spare)
        for key in self.rng.sample(extra, min(limit - len(self.chosen), len(extra))):
            self.chosen[key] = self.spare[key]


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
                "asked_by_type": sg.asked_by_type,
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
        asked_by_type=bool(row.get("asked_by_type", False)),  # absent from files written before it
    )


def describe(subgraph: Subgraph, index: GraphIndex) -> list[str]:
    """Human-readable triples: 'Анна Соколова | подписать соглашение с | Олег Мельников'."""
    return [
        f"{index.node(s).label} | {index.relations[r].label} | {index.node(o).label}" for s, r, o in subgraph.triples
    ]
