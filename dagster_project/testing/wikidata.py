"""A small Wikidata for novelty tests: a pyoxigraph store with a few items, labels and statements,
and a SPARQL-protocol handler (SPARQL-JSON replies, queued faults) to serve it with `local_http`."""

from __future__ import annotations

from pyoxigraph import Literal, NamedNode, Quad, QueryResultsFormat, Store

from ..core.graph.wikidata import ENTITY_PREFIX

RDFS_LABEL = NamedNode("http://www.w3.org/2000/01/rdf-schema#label")
ALT_LABEL = NamedNode("http://www.w3.org/2004/02/skos/core#altLabel")


def item(q: str) -> NamedNode:
    return NamedNode(ENTITY_PREFIX + q)


def wdt(p: str) -> NamedNode:
    return NamedNode("http://www.wikidata.org/prop/direct/" + p)


def wikidata_store() -> Store:
    store = Store()
    for q, label in [
        ("Q1", "Сбербанк"),
        ("Q2", "Герман Греф"),
        ("Q3", "Москва"),
        ("Q4", "ПАО Газпром"),
        ("Q7", 'Фонд "Север"'),
        ("Q8", "Банк «Заречный»"),
        ("Q30", "Москва"),
    ]:  # Q30: a homonym
        store.add(Quad(item(q), RDFS_LABEL, Literal(label, language="ru")))
    store.add(Quad(item("Q4"), ALT_LABEL, Literal("Газпром", language="ru")))
    store.add(Quad(item("Q1"), wdt("P488"), item("Q2")))  # chairperson
    store.add(Quad(item("Q1"), wdt("P159"), item("Q3")))  # headquarters
    store.add(Quad(item("Q8"), wdt("P127"), item("Q7")))  # owned by
    return store


def sparql_app(store: Store, faults: list | None = None):
    """An HTTP handler: SPARQL protocol over POST (form) or GET, SPARQL-JSON replies.
    `faults` is a list of replies (status, headers, body) served first, one per request."""
    faults = list(faults or [])

    def handler(method, path, params, headers, body):
        if faults:
            return faults.pop(0)
        query = params["query"][0]
        results = store.query(query)
        return (
            200,
            {"Content-Type": "application/sparql-results+json"},
            results.serialize(format=QueryResultsFormat.JSON),
        )

    return handler
