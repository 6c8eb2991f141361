"""Wikidata novelty against a local SPARQL endpoint on 127.0.0.1 (pyoxigraph behind a small HTTP
app answering SPARQL-JSON), with faults: unreachable, 429, 5xx, malformed replies."""

import time

import pytest
from pyoxigraph import Store

from dagster_project.core.graph.wikidata import (
    WikidataClient,
    apply_novelty,
    check_novelty,
    default_user_agent,
)
from dagster_project.testing.graph_builder import facts_frame
from dagster_project.testing.local_http import local_server
from dagster_project.testing.wikidata import sparql_app, wikidata_store

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


