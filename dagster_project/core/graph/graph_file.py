"""Reading a graph file given by a user (`ragbench subgraphs FILE`): N-Quads as the pipeline writes
it, or N-Triples / Turtle / TriG, where facts may sit in the default graph.

The pipeline keeps facts in per-article named graphs and describes nodes in the default graph;
the subgraph queries read facts from named graphs only. A file whose facts are in the default
graph has them moved to one named graph (the file's), so they are found, and every entity a
fact mentions that has no rdf:type is treated as untyped (OTHER) rather than failing."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pyoxigraph import DefaultGraph, NamedNode, Quad, RdfFormat, Store

from .rdf import HAS_DESCRIPTOR, RDF_TYPE, RDFS_LABEL, VOCAB, GraphIndex, NodeInfo, article_iri

FORMATS = {".nq": RdfFormat.N_QUADS, ".nt": RdfFormat.N_TRIPLES, ".ttl": RdfFormat.TURTLE, ".trig": RdfFormat.TRIG}
FORMAT_NAMES = {".nq": "N-Quads", ".nt": "N-Triples", ".ttl": "Turtle", ".trig": "TriG"}


class GraphFileError(ValueError):
    """A graph file that cannot be read, or holds no facts; the message says which and why."""


@dataclass
class GraphFile:
    store: Store
    index: GraphIndex
    facts: int
    notes: list[str] = field(default_factory=list)  # what was assumed while reading, for the user


def _is_description(predicate: NamedNode) -> bool:
    return predicate in (RDF_TYPE, RDFS_LABEL, HAS_DESCRIPTOR) or predicate.value.startswith(VOCAB)


def load_graph_file(path: Path) -> GraphFile:
    if not path.is_file():
        raise GraphFileError(f"{path}: no such file")
    suffix = path.suffix.lower()
    rdf_format = FORMATS.get(suffix, RdfFormat.N_QUADS)
    store = Store()
    try:
        with path.open("rb") as source:
            store.bulk_load(source, format=rdf_format)
    except (SyntaxError, ValueError, OSError) as exc:
        raise GraphFileError(f"{path}: not valid {FORMAT_NAMES.get(suffix, 'N-Quads')}: {exc}") from None
    notes = _move_default_graph_facts(store, path)
    facts = sum(1 for q in store.quads_for_pattern(None, None, None) if not isinstance(q.graph_name, DefaultGraph))
    if not facts:
        raise GraphFileError(
            f"{path}: no facts (only rdf:type, rdfs:label and {VOCAB} descriptions); nothing to make subgraphs of"
        )
    index = GraphIndex.from_store(store)
    untyped = _add_untyped_entities(store, index)
    if untyped:
        notes.append(
            f"{untyped} entit{'y has' if untyped == 1 else 'ies have'} no rdf:type; treated as untyped (OTHER)"
        )
    return GraphFile(store, index, facts, notes)


def _move_default_graph_facts(store: Store, path: Path) -> list[str]:
    facts = [q for q in store.quads_for_pattern(None, None, None, DefaultGraph()) if not _is_description(q.predicate)]
    if not facts:
        return []
    graph = article_iri(path.stem)
    for quad in facts:
        store.remove(quad)
        store.add(Quad(quad.subject, quad.predicate, quad.object, graph))
    return [f"{len(facts)} facts of the default graph read as facts of one source ({graph.value})"]


def _add_untyped_entities(store: Store, index: GraphIndex) -> int:
    labels = {q.subject.value: q.object.value for q in store.quads_for_pattern(None, RDFS_LABEL, None, DefaultGraph())}
    added = 0
    for quad in store.quads_for_pattern(None, None, None):
        if isinstance(quad.graph_name, DefaultGraph):
            continue
        for term in (quad.subject, quad.object):
            if isinstance(term, NamedNode) and term.value not in index.nodes:
                index.nodes[term.value] = NodeInfo(labels.get(term.value, _local_name(term.value)), "OTHER")
                added += 1
        if quad.predicate.value not in index.relations:
            from .rdf import RelationFrame

            label = labels.get(quad.predicate.value, _local_name(quad.predicate.value))
            index.relations[quad.predicate.value] = RelationFrame(
                label=label, verb="", complement="", preposition="", case=""
            )
    return added


def _local_name(iri: str) -> str:
    for separator in ("#", "/", ":"):
        if separator in iri:
            iri = iri.rsplit(separator, 1)[1] or iri
    return iri
