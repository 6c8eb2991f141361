"""Wikidata novelty against a local SPARQL endpoint on 127.0.0.1 (pyoxigraph behind a small HTTP
app answering SPARQL-JSON), with faults: unreachable, 429, 5xx, malformed replies."""

import time
from pathlib import Path

import pytest
from pyoxigraph import Literal, NamedNode, Quad, QueryResultsFormat, Store

from dagster_project.core.graph.wikidata import (
    ENTITY_PREFIX,
    WikidataClient,
    apply_novelty,
    check_novelty,
    default_user_agent,
)

from .graph_builder import facts_frame
from .local_http import local_server

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


FACTS = facts_frame(
    [
        ("PER:Герман Греф", "возглавлять", "Сбербанк"),  # Q1 -P488-> Q2: known, stated the other way round
        ("Сбербанк", "открыть офис в", "LOC:Москва"),  # Q1 -P159-> Q3 (Q30 is another Москва): known
        ("Газпром", "купить", "Сбербанк"),  # found through an alias, no statement: novel
        ("PER:Анна Соколова", "посетить", "LOC:Москва"),  # not in Wikidata: novel
        ("Сбербанк", "получить", "NUM:450 млн рублей"),  # a number: not looked up
        ("Банк «Заречный»", "принадлежать", 'Фонд "Север"'),  # quotes in labels: known
    ]
)


def test_known_facts_are_found_and_new_ones_are_not(tmp_path):
    with local_server(sparql_app(wikidata_store())) as (url, requests):
        client = WikidataClient(url + "/sparql", cache_path=tmp_path / "cache.sqlite", min_interval=0)
        verdicts = check_novelty(FACTS, client)
    assert [v.in_wikidata for v in verdicts] == [True, True, False, False, None, True]
    assert verdicts[0].novelty == "known: Wikidata links Q2 and Q1"  # subject (Греф) first
    assert verdicts[3].novelty == "novel: the subject is not in Wikidata"
    assert verdicts[2].novelty.startswith("novel: no statement links Q4 and Q1")
    assert verdicts[4].novelty.startswith("skipped:")
    assert len(requests) == 2  # one label batch, one statement batch
    assert all(r[3]["user-agent"].startswith("ragbench-factory/") for r in requests)
    assert all("application/sparql-results+json" in r[3]["accept"] for r in requests)

    frame = apply_novelty(FACTS, verdicts)
    assert frame["in_wikidata"].tolist()[:4] == [True, True, False, False]
    assert frame["in_wikidata"].isna().tolist()[4] and str(frame["in_wikidata"].dtype) == "boolean"


def test_answers_are_cached_on_disk(tmp_path):
    cache = tmp_path / "cache.sqlite"
    with local_server(sparql_app(wikidata_store())) as (url, _):
        first = check_novelty(FACTS, WikidataClient(url, cache_path=cache, min_interval=0))
    with local_server(sparql_app(Store())) as (url, requests):  # an empty endpoint: answers must come from disk
        again = check_novelty(FACTS, WikidataClient(url, cache_path=cache, min_interval=0))
    assert again == first and requests == []


def test_batches_and_rate_limit(tmp_path):
    with local_server(sparql_app(wikidata_store())) as (url, requests):
        client = WikidataClient(url, batch_size=2, min_interval=0.15)
        started = time.monotonic()
        found = client.items_for(["Сбербанк", "Москва", "Газпром", "Нет такого", "Герман Греф"])
        elapsed = time.monotonic() - started
    assert found["Москва"] == ["Q3", "Q30"] and found["Газпром"] == ["Q4"] and found["Нет такого"] == []
    assert len(requests) == 3  # 5 names, 2 per request
    assert elapsed >= 0.29  # at least min_interval between consecutive requests


def test_an_unreachable_endpoint_gives_skipped_verdicts_not_a_crash():
    with local_server(sparql_app(Store())) as (url, _):
        dead = url  # the port is free again once the server stops
    client = WikidataClient(dead, min_interval=0, retries=3)
    verdicts = check_novelty(FACTS, client)
    assert [v.in_wikidata for v in verdicts] == [None] * len(FACTS)
    assert verdicts[0].novelty.startswith("skipped: ConnectError")
    assert client.requests_made == 1  # nothing listens: no retries


def test_429_with_retry_after_and_5xx_are_retried():
    faults = [(429, {"Retry-After": "0"}, b"slow down"), (503, {}, b"busy")]
    with local_server(sparql_app(wikidata_store(), faults)) as (url, requests):
        found = WikidataClient(url, min_interval=0.01, retries=3).items_for(["Сбербанк"])
    assert found == {"Сбербанк": ["Q1"]} and len(requests) == 3


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        ((500, {}, b"down"), "HTTP 500 from the Wikidata endpoint (after 3 attempts)"),
        ((200, {"Content-Type": "application/json"}, b"{not json"), "malformed SPARQL JSON"),
        ((200, {"Content-Type": "application/json"}, b'{"head": {}}'), "malformed SPARQL JSON"),
        ((403, {}, b"forbidden"), "HTTP 403"),
    ],
)
def test_faults_are_recorded_as_skipped_with_the_reason(fault, reason):
    with local_server(sparql_app(wikidata_store(), [fault] * 5)) as (url, _):
        verdicts = check_novelty(FACTS, WikidataClient(url, min_interval=0, retries=2, max_retry_after=0.01))
    checked = [v for v in verdicts if not v.novelty.startswith("skipped: a number")]
    assert all(v.in_wikidata is None and reason in v.novelty for v in checked)


def test_a_slow_endpoint_times_out_into_skipped():
    def slow(*args):
        time.sleep(0.5)
        return 200, {}, b"{}"

    with local_server(slow) as (url, _):
        verdicts = check_novelty(FACTS, WikidataClient(url, min_interval=0, timeout=0.1, retries=0))
    assert verdicts[0].in_wikidata is None and "ReadTimeout" in verdicts[0].novelty


def test_user_agent_names_the_project_and_contact():
    agent = default_user_agent("bench@example.org")
    assert agent.startswith("ragbench-factory/") and "bench@example.org" in agent


def test_the_normalized_triplets_asset_records_verdicts_and_the_graph_drops_known_facts(tmp_path):
    from dagster import build_asset_context

    from dagster_project.assets.extraction import normalized_triplets
    from dagster_project.assets.graph import knowledge_graph
    from dagster_project.core.extraction.dependency_parse import extract_triplets, triplets_frame
    from dagster_project.core.graph.rdf import load_store
    from dagster_project.core.graph.strategies import OfflineNormalizer, WikidataNoveltyCheck
    from dagster_project.resources import BenchmarkSettings, StorageResource

    text = "Сбербанк открыл офис в Москве. Герман Греф возглавляет Сбербанк. Анна Соколова посетила Москву."
    raw = triplets_frame(extract_triplets("a1", text))
    storage = StorageResource(data_dir=str(tmp_path / "data"))
    with local_server(sparql_app(wikidata_store())) as (url, requests):
        novelty = WikidataNoveltyCheck(
            url, cache_path=tmp_path / "data" / "wikidata_cache.sqlite", contact="tests@example.org", min_interval=0
        )
        context = build_asset_context(partition_key="2025-09-01")
        output = normalized_triplets(
            context,
            raw_triplets=raw,
            benchmark=BenchmarkSettings(),
            entity_normalizer=OfflineNormalizer(),
            novelty_check=novelty,
            storage=storage,
        )
    frame = output.value
    verdicts = dict(
        zip(frame["canonical_subject"] + " > " + frame["canonical_object"], frame["in_wikidata"], strict=True)
    )
    assert verdicts == {"Сбербанк > Москва": True, "Герман Греф > Сбербанк": True, "Анна Соколова > Москва": False}
    assert output.metadata["novelty"].data == {"known (dropped from the graph)": 2, "novel": 1, "skipped": 0}
    assert "tests@example.org" in requests[0][3]["user-agent"]
    assert (tmp_path / "data" / "wikidata_cache.sqlite").exists()

    graph = knowledge_graph(build_asset_context(partition_key="2025-09-01"), frame, storage).value
    assert graph["fact_triples"] == 1 and graph["dropped_as_known"] == 2
    labels = {quad.object.value for quad in load_store(Path(graph["path"])).quads_for_pattern(None, None, None)}
    assert "Анна Соколова" in labels and "Герман Греф" not in labels
