"""The whole monthly graph, materialized in-process on a bundled month."""

import json

import pandas as pd
from dagster import AssetKey, DagsterInstance, materialize

from dagster_project.cli import run_month
from dagster_project.core.graph.subgraphs import SUBGRAPH_TYPES
from dagster_project.core.release.hub.local import DATA_FILE, repo_name
from dagster_project.core.release.tables import DATASETS
from dagster_project.definitions import all_assets
from dagster_project.resources import build_resources
from tests.conftest import NEXT_MONTH, SAMPLE_MONTH, pipeline_env


def _materialized_keys(result) -> set[str]:
    return {event.asset_key.to_user_string() for event in result.get_asset_materialization_events()}


def test_whole_graph_materializes_and_publishes_all_four_types(materialized_month):
    materialized = _materialized_keys(materialized_month.result)
    assert {"news_articles", "knowledge_graph", "benchmark_questions", "published_release"} <= materialized
    hub = materialized_month.hub
    version = SAMPLE_MONTH.version
    for dataset in DATASETS:
        assert hub.versions(repo_name(dataset)) == [version]
    private_qa = hub.load(repo_name("private_qa"), version)
    counts = private_qa["type"].value_counts().to_dict()
    assert set(counts) == set(SUBGRAPH_TYPES), counts
    assert all(counts[kind] <= 150 for kind in SUBGRAPH_TYPES)
    manifest = hub.manifest(repo_name("private_qa"), version)
    assert manifest["counts"]["questions"] == len(private_qa)
    assert manifest["offline"] is True
    assert manifest["strategies"]["judge"].startswith("skipped")
    assert set(manifest["sparql_sha256"]) == set(SUBGRAPH_TYPES)
    assert TEST_SECRET_NOT_IN(manifest)


def TEST_SECRET_NOT_IN(manifest) -> bool:  # noqa: N802 - reads as an assertion
    from tests.conftest import TEST_SECRET

    return TEST_SECRET not in json.dumps(manifest, ensure_ascii=False)


def test_model_backed_filters_are_skipped_never_passed(materialized_month):
    for name in ("qa_acceptability", "qa_closed_book", "qa_judge"):
        table = pd.read_parquet(materialized_month.data_dir / name / f"{SAMPLE_MONTH.key}.parquet")
        assert len(table) > 0
        assert set(table["verdict"]) == {"skipped"}
        assert table["reason"].str.len().min() > 0
    selected = pd.read_parquet(materialized_month.data_dir / "benchmark_questions" / f"{SAMPLE_MONTH.key}.parquet")
    assert set(selected["qa_judge_verdict"]) == {"skipped"}
    assert set(selected["qa_entity_match_verdict"]) == {"pass"}
    assert set(selected["qa_ner_presence_verdict"]) == {"pass"}


def test_metadata_reports_rows_and_previews(materialized_month):
    for event in materialized_month.result.get_asset_materialization_events():
        metadata = event.materialization.metadata
        key = event.asset_key.to_user_string()
        if key in {"knowledge_graph", "published_release"}:
            continue
        assert "rows" in metadata and "preview" in metadata, key


def test_subgraphs_no_template_fits_are_listed_not_counted_as_errors(materialized_month):
    # the schema templates cover every relation of the sample month, so the list may be empty
    events = {
        e.asset_key.to_user_string(): e.materialization.metadata
        for e in materialized_month.result.get_asset_materialization_events()
    }
    metadata = events["qa_candidates"]
    passed_over = pd.read_parquet(metadata["passed_over_file"].path)
    assert len(passed_over) == metadata["passed_over_items"].value
    assert metadata["failed_items"].value == 0
    subgraphs = pd.read_parquet(materialized_month.data_dir / "subgraphs" / f"{SAMPLE_MONTH.key}.parquet")
    candidates = pd.read_parquet(materialized_month.data_dir / "qa_candidates" / f"{SAMPLE_MONTH.key}.parquet")
    assert len(candidates) + len(passed_over) == len(subgraphs)  # every subgraph is accounted for


def test_rematerializing_one_filter_runs_nothing_upstream(materialized_month):
    target = materialized_month.data_dir / "qa_entity_match" / f"{SAMPLE_MONTH.key}.parquet"
    before = pd.read_parquet(target)
    target.unlink()
    candidates_file = materialized_month.data_dir / "qa_candidates" / f"{SAMPLE_MONTH.key}.parquet"
    candidates_mtime = candidates_file.stat().st_mtime_ns
    result = materialize(
        all_assets,
        selection=[AssetKey("qa_entity_match")],
        partition_key=SAMPLE_MONTH.key,
        resources=build_resources(materialized_month.env),
        instance=DagsterInstance.ephemeral(),
    )
    assert result.success
    assert _materialized_keys(result) == {"qa_entity_match"}
    assert candidates_file.stat().st_mtime_ns == candidates_mtime
    pd.testing.assert_frame_equal(pd.read_parquet(target), before)


def test_next_month_publishes_hist_datasets_one_version_behind(materialized_month):
    result = run_month(NEXT_MONTH, instance=materialized_month.instance, env=materialized_month.env)
    assert result.success
    hub = materialized_month.hub
    for dataset in DATASETS:
        assert hub.versions(repo_name(dataset)) == [SAMPLE_MONTH.version, NEXT_MONTH.version]
        assert hub.versions(repo_name(dataset, hist=True)) == [SAMPLE_MONTH.version]
        current = hub.version_dir(repo_name(dataset), SAMPLE_MONTH.version) / DATA_FILE
        lagged = hub.version_dir(repo_name(dataset, hist=True), SAMPLE_MONTH.version) / DATA_FILE
        assert current.read_bytes() == lagged.read_bytes()
    hist_qa = hub.load(repo_name("private_qa", hist=True), SAMPLE_MONTH.version)
    assert "answer" in hist_qa.columns  # the lagged copy includes answers


def test_same_inputs_give_byte_identical_public_datasets(materialized_month, tmp_path):
    env = pipeline_env(tmp_path)
    result = run_month(SAMPLE_MONTH, instance=DagsterInstance.ephemeral(), env=env)
    assert result.success
    for dataset in DATASETS:
        first = materialized_month.hub.version_dir(repo_name(dataset), SAMPLE_MONTH.version) / DATA_FILE
        second = tmp_path / "hub" / repo_name(dataset) / SAMPLE_MONTH.version / DATA_FILE
        assert first.read_bytes() == second.read_bytes(), dataset


def test_a_different_release_key_shuffles_public_ids(materialized_month, tmp_path):
    env = pipeline_env(tmp_path, secret="another-secret")
    assert run_month(SAMPLE_MONTH, instance=DagsterInstance.ephemeral(), env=env).success
    ours = materialized_month.hub.load(repo_name("private_texts"), SAMPLE_MONTH.version)
    theirs = pd.read_parquet(tmp_path / "hub" / repo_name("private_texts") / SAMPLE_MONTH.version / DATA_FILE)
    assert set(ours["id"]) == set(theirs["id"])
    mapping_ours = dict(zip(ours["id"], ours["public_id"], strict=True))
    mapping_theirs = dict(zip(theirs["id"], theirs["public_id"], strict=True))
    assert mapping_ours != mapping_theirs
