"""The Dagster project loads, has every stage of the design, and schedules the right month."""

from datetime import UTC, datetime

import pytest
from dagster import AssetKey, build_schedule_context

from dagster_project.core.common.months import Month, month_of_version
from dagster_project.definitions import defs, monthly_schedule
from dagster_project.partitions import monthly_partitions, partition_for_version, version_for_partition

EXPECTED_ASSETS = {
    "news_articles": "crawl",
    "raw_triplets": "extraction",
    "normalized_triplets": "extraction",
    "knowledge_graph": "graph",
    "subgraphs": "graph",
    "qa_candidates": "questions",
    "qa_acceptability": "filters",
    "qa_ner_presence": "filters",
    "qa_closed_book": "filters",
    "qa_entity_match": "filters",
    "qa_judge": "filters",
    "benchmark_questions": "filters",
    "public_texts": "release",
    "public_questions": "release",
    "private_qa": "release",
    "private_texts": "release",
    "published_release": "release",
    "leaderboard": "scoring",
}


def test_definitions_load_with_every_stage_grouped_and_described():
    repository = defs.get_repository_def()
    graph = repository.asset_graph
    keys = {key.to_user_string() for key in graph.get_all_asset_keys()}
    assert set(EXPECTED_ASSETS) <= keys
    for name, group in EXPECTED_ASSETS.items():
        node = graph.get(AssetKey(name))
        assert node.group_name == group, name
        assert node.description, f"{name} has no description"
        assert node.partitions_def == monthly_partitions, name
    job = defs.resolve_job_def("monthly_benchmark")
    assert job.partitions_def == monthly_partitions


def test_release_checks_are_blocking():
    checks = defs.get_repository_def().asset_graph.asset_check_keys
    names = {key.name for key in checks}
    assert {
        "public_texts_do_not_leak",
        "public_questions_do_not_leak",
        "private_qa_is_consistent",
        "private_texts_ids_are_unique",
    } <= names
    repository = defs.get_repository_def()
    for key in checks:
        spec = repository.asset_graph.get_check_spec(key)
        assert spec.blocking, key


def test_partitions_start_in_august_2024_and_are_monthly():
    keys = monthly_partitions.get_partition_keys(current_time=datetime(2025, 7, 3, tzinfo=UTC))
    assert keys[0] == "2024-08-01"
    assert keys[-1] == "2025-06-01"
    assert len(keys) == 11


def test_schedule_tick_on_july_3rd_requests_june():
    context = build_schedule_context(scheduled_execution_time=datetime(2025, 7, 3, 3, 0, tzinfo=UTC))
    requests = list(monthly_schedule.evaluate_tick(context).run_requests)
    assert [r.partition_key for r in requests] == ["2025-06-01"]


@pytest.mark.parametrize(
    ("partition", "version"),
    [
        ("2024-08-01", "1.0.0"),
        ("2024-09-01", "1.1.0"),
        ("2025-01-01", "1.5.0"),
        ("2025-06-01", "1.10.0"),
        ("2025-09-01", "1.13.0"),
        ("2026-08-01", "1.24.0"),
    ],
)
def test_version_naming(partition, version):
    assert version_for_partition(partition) == version
    assert partition_for_version(version) == partition
    assert month_of_version(version) == Month.parse(partition)


def test_versions_before_the_first_month_and_malformed_versions_are_rejected():
    with pytest.raises(ValueError, match="before the first"):
        version_for_partition("2024-07-01")
    with pytest.raises(ValueError):
        month_of_version("2.0.0")
    with pytest.raises(ValueError):
        Month.parse("2025-13")


def test_the_production_instance_config_is_valid_dagster_yaml():
    import importlib
    from pathlib import Path

    from dagster._core.instance.config import dagster_instance_config

    deploy = Path(__file__).resolve().parents[2] / "deploy"
    config, _ = dagster_instance_config(str(deploy))
    assert set(config["storage"]["postgres"]["postgres_db"]["password"]) == {"env"}
    # months need not run one at a time (publications wait for their previous month): runs are
    # capped by the queue, steps by pool
    assert "config" not in config["run_coordinator"]
    assert config["concurrency"]["runs"]["max_concurrent_runs"] >= 2
    assert config["concurrency"]["pools"]["default_limit"] == 1
    for section in ("run_coordinator", "run_launcher"):  # the classes it names exist in this dagster
        module = importlib.import_module(config[section]["module"])
        assert hasattr(module, config[section]["class"]), section
