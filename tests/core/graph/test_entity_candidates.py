"""Candidate canonical names by similarity: navec vectors offline, an embeddings endpoint over HTTP."""

import json
import time

import numpy as np
import pytest

from dagster_project.core.common.package_files import project_dir
from dagster_project.core.graph.entity_candidates import (
    CandidateIndex,
    EmbeddingError,
    EndpointEmbedder,
    NavecEmbedder,
    index_from_normalized,
)
from dagster_project.core.graph.normalization import load_aliases
from dagster_project.testing.graph_builder import facts_frame
from dagster_project.testing.local_http import json_reply, local_server

NAMES = [
    "Сбербанк",
    "Газпром",
    "Анна Соколова",
    "Олег Мельников",
    "Москва",
    "Россия",
    "Каменногорский металлургический комбинат",
    "Банк «Заречный»",
]
TYPES = ["ORG", "ORG", "PER", "PER", "LOC", "LOC", "ORG", "ORG"]


@pytest.fixture(scope="module")
def navec_index():
    return CandidateIndex(NAMES, types=TYPES, aliases=load_aliases(project_dir("data") / "aliases.yaml"))


def test_navec_vectors_come_from_the_natasha_package():
    vectors = NavecEmbedder().embed(["банк", "кредитная организация", "xyzzyq"])
    assert vectors.shape == (3, 300)
    assert np.linalg.norm(vectors[0]) > 0 and np.linalg.norm(vectors[2]) == 0  # unknown word: no vector


@pytest.mark.parametrize(
    ("mention", "entity_type", "expected"),
    [
        ("Сбера", None, "Сбербанк"),  # a shortened, inflected name
        ("Соколовой", "PER", "Анна Соколова"),  # a surname in the genitive
        ("КМК", None, "Каменногорский металлургический комбинат"),  # from the alias table
        ("РФ", None, "Россия"),
        ("банка «Заречный»", None, "Банк «Заречный»"),
        ("металлургический завод", "ORG", "Каменногорский металлургический комбинат"),  # by meaning
        ("газовый концерн", "ORG", "Газпром"),  # by meaning only: no letters in common with the name
    ],
)
def test_the_right_entity_is_the_first_candidate(navec_index, mention, entity_type, expected):
    assert navec_index.candidates(mention, k=3, entity_type=entity_type)[0] == expected


def test_an_abbreviation_finds_the_full_name_it_abbreviates():
    index = CandidateIndex(["Тихоморский научный фонд", "Тихоморский край", "ТНК-Групп"], types=["ORG", "LOC", "ORG"])
    assert index.candidates("ТНФ", k=1) == ["Тихоморский научный фонд"]
    assert index.scored_candidates("ТНФ", k=1)[0].score == 1.0


def test_candidates_respect_k_and_the_type(navec_index):
    found = navec_index.scored_candidates("Мельникова", k=2, entity_type="PER")
    assert [c.name for c in found] == ["Олег Мельников", "Анна Соколова"]
    assert found[0].score > found[1].score
    assert navec_index.candidates("Мельникова", k=0) == []
    assert all(c.type == "LOC" for c in navec_index.scored_candidates("город", k=5, entity_type="LOC"))


def test_index_over_a_normalized_frame_leaves_numbers_out():
    frame = facts_frame([("PER:Анна Соколова", "получить", "NUM:450 млн рублей"), ("Сбербанк", "нанять", "PER:Олег")])
    index = index_from_normalized(frame)
    assert sorted(index.names) == ["Анна Соколова", "Олег", "Сбербанк"]
    assert index.candidates("Сбербанка", k=1) == ["Сбербанк"]


def _fake_vectors(texts):
    """Deterministic 4-d vectors: bank-like names point one way, people another."""
    out = []
    for text in texts:
        low = text.lower()
        bank_like = any(word in low for word in ("банк", "сбер", "кредит"))
        out.append([1.0, 0.1, 0.0, 0.0] if bank_like else [0.0, 0.0, 1.0, 0.2])
    return out


def test_endpoint_embedder_batches_and_feeds_the_index():
    def handler(method, path, params, headers, body):
        request = json.loads(body)
        data = [{"index": i, "embedding": v} for i, v in enumerate(_fake_vectors(request["input"]))]
        return json_reply({"data": list(reversed(data)), "model": request["model"]})  # any order

    with local_server(handler) as (url, requests):
        embedder = EndpointEmbedder(base_url=url + "/v1", model="test-emb", api_key="sk-secret-1", batch_size=3)
        index = CandidateIndex(["Сбербанк", "Анна Соколова", "Газпром", "Олег", "Банк «Заречный»"], embedder=embedder)
        # no letters in common with either bank: only the endpoint's vectors can rank them first
        assert set(index.candidates("кредитная организация", k=2)) == {"Сбербанк", "Банк «Заречный»"}
    posts = [r for r in requests if r[0] == "POST"]
    assert [r[1] for r in posts] == ["/v1/embeddings"] * 3  # 5 names in batches of 3, then the mention
    assert all(r[3]["authorization"] == "Bearer sk-secret-1" for r in posts)
    assert "sk-secret-1" not in repr(embedder)


def test_endpoint_embedder_retries_server_errors_then_succeeds():
    calls = {"n": 0}

    def handler(method, path, params, headers, body):
        calls["n"] += 1
        if calls["n"] == 1:
            return 503, {}, b"busy"
        inputs = json.loads(body)["input"]
        return json_reply({"data": [{"index": i, "embedding": [1.0, 0.0]} for i in range(len(inputs))]})

    with local_server(handler) as (url, _):
        vectors = EndpointEmbedder(base_url=url, model="m", retries=1).embed(["а", "б"])
    assert vectors.shape == (2, 2) and calls["n"] == 2


@pytest.mark.parametrize(
    ("reply", "message"),
    [
        ((200, {}, b"not json"), "malformed embeddings reply"),
        (json_reply({"data": [{"index": 0, "embedding": [1.0]}]}), "1 vectors for 2 inputs"),
        (json_reply({"error": "bad key"}, status=401), "HTTP 401"),
        ((500, {}, b"boom"), "failed after 2 attempts: HTTP 500"),
    ],
)
def test_endpoint_embedder_faults_give_clear_errors_without_the_key(reply, message):
    with local_server(lambda *args: reply) as (url, _):
        with pytest.raises(EmbeddingError, match=message) as error:
            EndpointEmbedder(base_url=url, model="m", api_key="sk-secret-2", retries=1).embed(["а", "б"])
    assert "sk-secret-2" not in str(error.value)


def test_endpoint_embedder_times_out():
    def slow(*args):
        time.sleep(1.0)
        return json_reply({"data": []})

    with local_server(slow) as (url, _):
        with pytest.raises(EmbeddingError, match="ReadTimeout"):
            EndpointEmbedder(base_url=url, model="m", timeout=0.2, retries=0).embed(["а"])
