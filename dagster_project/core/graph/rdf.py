"""The month's knowledge graph as RDF.

Facts live in named graphs, one per article (the graph name is the article IRI), so every
triple keeps its provenance; the same fact reported by two articles is in both graphs.
Descriptions of nodes (labels, types, descriptors) and of relations (verb, preposition, case)
live in the default graph, so queries over facts (`GRAPH ?g { ... }`) never see them.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
from pyoxigraph import DefaultGraph, Literal, NamedNode, Quad, RdfFormat, Store, serialize

from ..common.atomic import unique_temp_path

NS = "urn:ragbench:"
VOCAB = NS + "vocab:"
RDF_TYPE = NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
RDFS_LABEL = NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
HAS_DESCRIPTOR = NamedNode(VOCAB + "descriptor")
HAS_VERB = NamedNode(VOCAB + "verb")
HAS_COMPLEMENT = NamedNode(VOCAB + "complement")
HAS_PREPOSITION = NamedNode(VOCAB + "preposition")
HAS_CASE = NamedNode(VOCAB + "case")
# The typed-schema relation id (core/extraction/schema) a relation stands for; question templates
# are looked up by it. Relations from open extraction have none.
HAS_SCHEMA_RELATION = NamedNode(VOCAB + "schemaRelation")
SCHEMA_KEY_PREFIX = "schema:"
RELATION_CLASS = NamedNode(VOCAB + "Relation")
TYPE_CLASSES = {
    "PER": NamedNode(VOCAB + "Person"),
    "ORG": NamedNode(VOCAB + "Organization"),
    "LOC": NamedNode(VOCAB + "Location"),
    "OTHER": NamedNode(VOCAB + "Thing"),
}
CLASS_TYPES = {node.value: kind for kind, node in TYPE_CLASSES.items()}
# Numbers and dates are literal objects; their datatype says which.
LITERAL_DATATYPES = {"NUM": NamedNode(VOCAB + "quantity"), "DATE": NamedNode(VOCAB + "date")}
DATATYPE_TYPES = {node.value: kind for kind, node in LITERAL_DATATYPES.items()}
LITERAL_TYPES = set(LITERAL_DATATYPES)


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def entity_iri(key: str) -> NamedNode:
    return NamedNode(f"{NS}entity:{_digest(key)}")


def relation_iri(key: str) -> NamedNode:
    return NamedNode(f"{NS}relation:{_digest(key)}")


def article_iri(article_id: str) -> NamedNode:
    return NamedNode(f"{NS}article:{article_id}")


def article_id_of(graph_iri: str) -> str:
    return graph_iri.removeprefix(f"{NS}article:")


@dataclass
class GraphStats:
    quads: int
    fact_triples: int
    entities: int
    relations: int
    articles: int


def build_quads(facts: pd.DataFrame) -> list[Quad]:
    """Quads for the normalized triplets that survived the novelty filter, in a stable order."""
    default = DefaultGraph()
    quads: set[Quad] = set()
    for row in facts.itertuples(index=False):
        subject = entity_iri(row.subject_key)
        quads.add(Quad(subject, RDFS_LABEL, Literal(row.canonical_subject), default))
        quads.add(Quad(subject, RDF_TYPE, TYPE_CLASSES.get(row.subject_type, TYPE_CLASSES["OTHER"]), default))
        if row.subject_descriptor:
            quads.add(Quad(subject, HAS_DESCRIPTOR, Literal(row.subject_descriptor), default))
        if row.object_type in LITERAL_TYPES:
            obj = Literal(row.canonical_object, datatype=LITERAL_DATATYPES[row.object_type])
        else:
            obj = entity_iri(row.object_key)
            quads.add(Quad(obj, RDFS_LABEL, Literal(row.canonical_object), default))
            quads.add(Quad(obj, RDF_TYPE, TYPE_CLASSES.get(row.object_type, TYPE_CLASSES["OTHER"]), default))
            if row.object_descriptor:
                quads.add(Quad(obj, HAS_DESCRIPTOR, Literal(row.object_descriptor), default))
        relation = relation_iri(row.relation_key)
        quads.add(Quad(relation, RDF_TYPE, RELATION_CLASS, default))
        quads.add(Quad(relation, RDFS_LABEL, Literal(row.canonical_relation), default))
        quads.add(Quad(relation, HAS_VERB, Literal(row.verb), default))
        quads.add(Quad(relation, HAS_COMPLEMENT, Literal(row.complement), default))
        quads.add(Quad(relation, HAS_PREPOSITION, Literal(row.preposition), default))
        quads.add(Quad(relation, HAS_CASE, Literal(row.case), default))
        if row.relation_key.startswith(SCHEMA_KEY_PREFIX):
            schema_id = row.relation_key.removeprefix(SCHEMA_KEY_PREFIX)
            quads.add(Quad(relation, HAS_SCHEMA_RELATION, Literal(schema_id), default))
        quads.add(Quad(subject, relation, obj, article_iri(row.article_id)))
    return sorted(quads, key=str)


def write_graph(facts: pd.DataFrame, path: Path) -> GraphStats:
    """Write the graph as N-Quads (sorted, so the same facts give the same bytes)."""
    quads = build_quads(facts)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = unique_temp_path(path)
    with tmp.open("wb") as out:
        serialize(quads, out, format=RdfFormat.N_QUADS)
    tmp.replace(path)
    facts_only = [q for q in quads if not isinstance(q.graph_name, DefaultGraph)]
    return GraphStats(
        quads=len(quads),
        fact_triples=len({(q.subject, q.predicate, q.object) for q in facts_only}),
        entities=len(
            {q.subject for q in quads if q.predicate == RDFS_LABEL and q.subject.value.startswith(NS + "entity:")}
        ),
        relations=len({q.predicate for q in facts_only}),
        articles=len({q.graph_name for q in facts_only}),
    )


def load_store(path: Path) -> Store:
    """An in-memory store with the graph file loaded."""
    store = Store()
    with path.open("rb") as source:
        store.bulk_load(source, format=RdfFormat.N_QUADS)
    return store


@dataclass
class RelationFrame:
    """How a relation is said in Russian: 'подписать соглашение с' + instrumental."""

    label: str
    verb: str
    complement: str
    preposition: str
    case: str
    schema: str = ""  # the schema relation id, when the relation comes from the typed schema


@dataclass
class NodeInfo:
    label: str
    type: str  # PER, ORG, LOC, OTHER, NUM or DATE
    descriptor: str = ""


@dataclass
class GraphIndex:
    """Labels, types and relation frames of a graph, for turning IRIs back into words."""

    nodes: dict[str, NodeInfo] = field(default_factory=dict)
    relations: dict[str, RelationFrame] = field(default_factory=dict)
    provenance: dict[tuple[str, str, str], set[str]] = field(default_factory=lambda: defaultdict(set))

    @classmethod
    def from_store(cls, store: Store, *, provenance: bool = False) -> GraphIndex:
        """Labels, types and relation frames; with `provenance`, also the articles of every fact
        (a pass over all facts: slow on large graphs; `subgraphs.with_provenance` asks per subgraph)."""
        index = cls()
        labels: dict[str, str] = {}
        types: dict[str, str] = {}
        descriptors: dict[str, str] = {}
        relation_props: dict[str, dict[str, str]] = defaultdict(dict)
        for quad in store.quads_for_pattern(None, None, None, DefaultGraph()):
            subject, predicate, obj = quad.subject.value, quad.predicate, quad.object
            if predicate == RDFS_LABEL:
                labels[subject] = obj.value
            elif predicate == RDF_TYPE:
                types[subject] = obj.value
            elif predicate == HAS_DESCRIPTOR:
                descriptors[subject] = obj.value
            elif predicate.value.startswith(VOCAB):
                relation_props[subject][predicate.value.removeprefix(VOCAB)] = obj.value
        for iri, kind in types.items():
            if kind == RELATION_CLASS.value:
                props = relation_props[iri]
                index.relations[iri] = RelationFrame(
                    label=labels.get(iri, ""),
                    verb=props.get("verb", ""),
                    complement=props.get("complement", ""),
                    preposition=props.get("preposition", ""),
                    case=props.get("case", ""),
                    schema=props.get("schemaRelation", ""),
                )
            else:
                index.nodes[iri] = NodeInfo(
                    labels.get(iri, iri), CLASS_TYPES.get(kind, "OTHER"), descriptors.get(iri, "")
                )
        for quad in store.quads_for_pattern(None, None, None) if provenance else ():
            if isinstance(quad.graph_name, DefaultGraph):
                continue
            key = (quad.subject.value, quad.predicate.value, term_key(quad.object))
            index.provenance[key].add(article_id_of(quad.graph_name.value))
        return index

    def node(self, term: str) -> NodeInfo:
        """Info for an entity IRI, or for a literal given as its term key."""
        if term in self.nodes:
            return self.nodes[term]
        if term.startswith("literal:"):
            _, kind, value = term.split(":", 2)
            return NodeInfo(value, kind)
        raise KeyError(term)


@dataclass(frozen=True)
class MonthGraph:
    """The month's graph as its consumers read it: the store for SPARQL, the index for words."""

    path: Path
    store: Store
    index: GraphIndex

    @classmethod
    def load(cls, path: Path) -> MonthGraph:
        store = load_store(path)
        return cls(path, store, GraphIndex.from_store(store))


def term_key(term) -> str:
    """A string naming a node: the IRI for entities, 'literal:<NUM|DATE>:<value>' for literals."""
    if isinstance(term, Literal):
        return f"literal:{DATATYPE_TYPES.get(term.datatype.value, 'NUM')}:{term.value}"
    return term.value


def term_from_key(key: str):
    if key.startswith("literal:"):
        _, kind, value = key.split(":", 2)
        return Literal(value, datatype=LITERAL_DATATYPES[kind])
    return NamedNode(key)
