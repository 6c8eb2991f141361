"""Wikidata novelty through the assets: normalized_triplets records the verdicts and knowledge_graph
drops the known facts."""

from pathlib import Path

from dagster_project.testing.local_http import local_server
from dagster_project.testing.wikidata import sparql_app, wikidata_store


def test_the_normalized_triplets_asset_records_verdicts_and_the_graph_drops_known_facts(tmp_path):
    from dagster import build_asset_context

    from dagster_project.assets.extraction import normalized_triplets
    from dagster_project.assets.graph import knowledge_graph
    from dagster_project.core.extraction.schema import extract_schema_triplets
    from dagster_project.core.extraction.triplets import triplets_frame
    from dagster_project.core.graph.rdf import load_store
    from dagster_project.core.graph.strategies import OfflineNormalizer, WikidataNoveltyCheck
    from dagster_project.resources import BenchmarkSettings, StorageResource

    text = "Герман Греф возглавляет Сбербанк. Анна Соколова посетила Москву."
    raw = triplets_frame(extract_schema_triplets("a1", text, "2025-09-10"))
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
    assert verdicts == {"Герман Греф > Сбербанк": True, "Анна Соколова > Москва": False}
    assert output.metadata["novelty"].data == {"known (dropped from the graph)": 1, "novel": 1, "skipped": 0}
    assert "tests@example.org" in requests[0][3]["user-agent"]
    assert (tmp_path / "data" / "wikidata_cache.sqlite").exists()

    graph = knowledge_graph(build_asset_context(partition_key="2025-09-01"), frame, storage).value
    assert graph["fact_triples"] == 1 and graph["dropped_as_known"] == 1
    labels = {quad.object.value for quad in load_store(Path(graph["path"])).quads_for_pattern(None, None, None)}
    assert "Анна Соколова" in labels and "Герман Греф" not in labels
