"""A plain-Python statement of docs/architecture.md, Subgraph semantics, written independently of the SPARQL files,
to check `enumerate_subgraphs` and `sample_subgraphs` against on any graph.

Works on term keys (`graph.term_key`): entity IRIs, and 'literal:<NUM|DATE>:<value>' for literals.
"""

from __future__ import annotations

from collections import defaultdict

from pyoxigraph import DefaultGraph, Store

from dagster_project.core.graph.rdf import RDFS_LABEL, term_key
from dagster_project.core.graph.subgraphs import THING, Subgraph, is_named_thing


def facts_and_generic(store: Store) -> tuple[set[tuple[str, str, str]], set[str]]:
    facts = {
        (q.subject.value, q.predicate.value, term_key(q.object))
        for q in store.quads_for_pattern(None, None, None, None)
        if not isinstance(q.graph_name, DefaultGraph)
    }
    things = {q.subject.value for q in store.quads_for_pattern(None, None, THING, DefaultGraph())}
    named = {q.subject.value for q in store.quads_for_pattern(None, RDFS_LABEL, None, DefaultGraph())
             if q.subject.value in things and is_named_thing(q.object.value)}  # fmt: skip
    return facts, things - named


def reference_ids(store: Store, kind: str, max_set_partners: int = 5) -> set[str]:
    graph = _Facts(store)
    if kind == "simple":
        return _simple(graph)
    if kind == "set":
        return _set(graph, max_set_partners)
    if kind == "cond":
        return _cond(graph)
    if kind == "mh":
        return _mh(graph)
    return set()


class _Facts:
    """The facts of a store, indexed by (node, relation, direction) -> the nodes at the other end."""

    def __init__(self, store: Store):
        self.facts, self.generic = facts_and_generic(store)
        self.partners: dict[tuple[str, str, str], set[str]] = defaultdict(set)
        self.linked: dict[str, set[str]] = defaultdict(set)  # node -> nodes sharing a fact with it, either way
        for s, r, o in self.facts:
            self.partners[(s, r, "out")].add(o)
            self.partners[(o, r, "in")].add(s)
            self.linked[s].add(o)
            self.linked[o].add(s)

    def named(self, node: str) -> bool:
        return not node.startswith("literal:") and node not in self.generic


def _edge(a, r, b, d):
    return (a, r, b) if d == "out" else (b, r, a)


def _simple(graph: _Facts) -> set[str]:
    found: set[str] = set()
    partners = graph.partners
    for s, r, o in graph.facts:
        if s != o and graph.named(s) and o not in graph.generic and partners[(s, r, "out")] == {o}:
            if partners[(o, r, "in")] == {s}:
                found.add(Subgraph("simple", ((s, r, o),), (o,)).subgraph_id)
    return found


def _set(graph: _Facts, max_set_partners: int) -> set[str]:
    found: set[str] = set()
    for (anchor, r, d), nodes in list(graph.partners.items()):
        if graph.named(anchor) and 2 <= len(nodes) <= max_set_partners and anchor not in nodes:
            if all(graph.named(n) for n in nodes):  # every partner an entity: no literal, no generic phrase
                triples = tuple(_edge(anchor, r, n, d) for n in sorted(nodes))
                found.add(Subgraph("set", triples, tuple(sorted(nodes)), anchor=anchor).subgraph_id)
    return found


def _cond(graph: _Facts) -> set[str]:
    found: set[str] = set()
    partners, named = graph.partners, graph.named
    facts_of: dict[str, list[tuple[str, str, str]]] = defaultdict(list)  # x -> (relation, direction, y)
    for (node, r, d), nodes in list(partners.items()):
        for y in nodes:
            facts_of[node].append((r, d, y))
    for x, constraints in facts_of.items():
        if not named(x):
            continue
        for i, (r1, d1, y1) in enumerate(constraints):
            for r2, d2, y2 in constraints[i + 1 :]:
                if not (named(y1) and named(y2)) or x in (y1, y2) or (r1, y1) == (r2, y2):
                    continue
                # the entities standing where x stands in each fact, seen from y's side
                back1 = partners[(y1, r1, "in" if d1 == "out" else "out")]
                back2 = partners[(y2, r2, "in" if d2 == "out" else "out")]
                # each condition alone fits at least two entities, and only x fits both
                if len(back1) >= 2 and len(back2) >= 2 and back1 & back2 == {x}:
                    triples = (_edge(x, r1, y1, d1), _edge(x, r2, y2, d2))
                    found.add(Subgraph("cond", triples, (x,)).subgraph_id)
    return found


def _mh(graph: _Facts) -> set[str]:
    found: set[str] = set()
    partners, named = graph.partners, graph.named
    for (q, r1, d1), bridges in list(partners.items()):
        if not named(q) or len(bridges) != 1:
            continue
        (b,) = bridges
        if not named(b) or b == q:
            continue
        for (node, r2, d2), answers in list(partners.items()):
            if node != b or r2 == r1 or len(answers) != 1:  # noqa: SIM102 - small test graphs only
                continue
            (x,) = answers
            if x in (b, q) or x in graph.generic or x in graph.linked[q]:
                continue
            triples = (_edge(q, r1, b, d1), _edge(b, r2, x, d2))
            found.add(Subgraph("mh", triples, (x,), bridge=b, anchor=q).subgraph_id)
    return found
