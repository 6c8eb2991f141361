"""Extraction across machines: with RAGBENCH_EXTRACTION_SHARDS=4, an asset backfill of one month
runs the crawl, then each of the four month x shard partitions of raw_triplet_shards as a run of
its own, then the monthly raw_triplets that merges them; the month's graph is byte for byte the
graph of the one-machine pipeline. The backfill daemon is driven in-process, runs execute as they
are launched (as in test_ordered_backfill)."""

import shutil
import time
from datetime import UTC, datetime
from pathlib import Path

import pandas as pd
from dagster import AssetKey, AssetMaterialization, DagsterInstance, build_sensor_context
from dagster._core.execution.backfill import BulkActionStatus, PartitionBackfill
from dagster._core.remote_origin import InProcessCodeLocationOrigin
from dagster._core.test_utils import (
    InProcessTestWorkspaceLoadTarget,
    create_test_daemon_workspace_context,
    instance_for_test,
)
from dagster._core.types.loadable_target_origin import LoadableTargetOrigin
from dagster._core.utils import make_new_backfill_id

from dagster_project.cli import run_month
from dagster_project.core.common.months import Month
from dagster_project.definitions import build_definitions
from dagster_project.sharded_schedule import month_due
from tests.assets.test_ordered_backfill import IMMEDIATE_COORDINATOR, SYNC_LAUNCHER, _run_daemon
from tests.conftest import SAMPLE_MONTH, pipeline_env

STAGES = ["news_articles", "raw_triplet_shards", "raw_triplets", "normalized_triplets", "knowledge_graph"]


def _backfill(instance, workspace_context, month: str) -> str:
    backfill = PartitionBackfill.from_asset_partitions(
        backfill_id=make_new_backfill_id(),
        asset_graph=workspace_context.create_request_context().asset_graph,
        partition_names=[month],
        asset_selection=[AssetKey(name) for name in STAGES],
        backfill_timestamp=time.time(),
        tags={},
        dynamic_partitions_store=instance,
        all_partitions=False,
        title=None,
        description=None,
        run_config=None,
    )
    instance.add_backfill(backfill)
    return backfill.backfill_id


def test_four_shards_through_dagster_give_the_graph_of_one_machine(tmp_path, monkeypatch, materialized_month):
    env = {**pipeline_env(tmp_path), "RAGBENCH_EXTRACTION_SHARDS": "4", "RAGBENCH_WORKERS": "1"}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    # the one-machine run's parses: extraction re-runs its grammars but does not parse again
    shutil.copytree(materialized_month.data_dir / "parses", Path(env["RAGBENCH_DATA_DIR"]) / "parses")
    origin = LoadableTargetOrigin(python_file=str(Path(__file__).with_name("sharded_defs.py")), attribute="defs")
    overrides = {"run_launcher": SYNC_LAUNCHER, "run_coordinator": IMMEDIATE_COORDINATOR}
    with instance_for_test(overrides=overrides) as instance:
        target = InProcessTestWorkspaceLoadTarget(InProcessCodeLocationOrigin(origin))
        with create_test_daemon_workspace_context(target, instance) as workspace_context:
            backfill_id = _backfill(instance, workspace_context, SAMPLE_MONTH.key)
            status, _ = _run_daemon(instance, workspace_context, backfill_id)
        assert status == BulkActionStatus.COMPLETED_SUCCESS
        shard_runs = [run for run in instance.get_runs() if AssetKey("raw_triplet_shards") in run.asset_selection]
        assert sorted(run.tags["dagster/partition"] for run in shard_runs) == [
            f"{SAMPLE_MONTH.key}|{shard}" for shard in range(4)
        ]  # one run per shard: each could have gone to a machine of its own

    sharded, whole = Path(env["RAGBENCH_DATA_DIR"]), materialized_month.data_dir
    shards_dir = sharded / "raw_triplet_shards" / SAMPLE_MONTH.key
    shard_tables = [pd.read_parquet(shards_dir / f"{shard}.parquet") for shard in range(4)]
    assert all(len(table) for table in shard_tables)  # every shard did part of the work
    merged = pd.read_parquet(sharded / "raw_triplets" / f"{SAMPLE_MONTH.key}.parquet")
    pd.testing.assert_frame_equal(merged, pd.read_parquet(whole / "raw_triplets" / f"{SAMPLE_MONTH.key}.parquet"))
    graph = f"{SAMPLE_MONTH.key}.nq"
    assert (sharded / "knowledge_graph" / graph).read_bytes() == (whole / "knowledge_graph" / graph).read_bytes()
    # the merged month records the strategy its shards ran, for the release manifest
    assert (sharded / "raw_triplets" / f"{SAMPLE_MONTH.key}.strategy.json").read_text() == (
        whole / "raw_triplets" / f"{SAMPLE_MONTH.key}.strategy.json"
    ).read_text()


def test_one_shard_keeps_the_monthly_job_and_schedule(tmp_path):
    env = pipeline_env(tmp_path)
    default = build_definitions(env)
    sharded = build_definitions({**env, "RAGBENCH_EXTRACTION_SHARDS": "4"})
    assert [s.name for s in default.schedules] == ["monthly_benchmark_schedule"]
    graph = default.get_repository_def().asset_graph
    assert AssetKey("raw_triplet_shards") not in graph.materializable_asset_keys
    assert graph.get(AssetKey("raw_triplets")).parent_keys == {AssetKey("news_articles")}
    sharded_graph = sharded.get_repository_def().asset_graph
    assert sharded_graph.get(AssetKey("raw_triplets")).parent_keys == {AssetKey("raw_triplet_shards")}
    assert sharded.resolve_job_def("extraction_shards").partitions_def.get_partition_keys()[:2] == [
        "2024-08-01|0", "2024-08-01|1",
    ]  # fmt: skip


def test_the_sharded_sensor_starts_the_crawl_then_each_shard_then_the_rest(tmp_path):
    definitions = build_definitions({**pipeline_env(tmp_path), "RAGBENCH_EXTRACTION_SHARDS": "2"})
    sensor = definitions.get_repository_def().get_sensor_def("monthly_sharded_benchmark")
    assert month_due(datetime(2025, 10, 2, 2, 59, tzinfo=UTC)) == Month(2025, 8)
    assert month_due(datetime(2025, 10, 2, 3, 0, tzinfo=UTC)) == Month(2025, 9)
    instance = DagsterInstance.ephemeral()
    month = month_due(datetime.now(UTC)).key

    def requested():
        context = build_sensor_context(instance=instance, repository_def=definitions.get_repository_def())
        return [(r.job_name, r.partition_key, r.run_key) for r in sensor.evaluate_tick(context).run_requests]

    def materialized(key: str, partition: str) -> None:
        instance.report_runless_asset_event(AssetMaterialization(asset_key=key, partition=partition))

    assert requested() == [("monthly_benchmark", month, f"{month}/crawl")]
    materialized("news_articles", month)
    assert requested() == [("extraction_shards", f"{month}|{shard}", f"{month}/shard-{shard}") for shard in (0, 1)]
    materialized("raw_triplet_shards", f"{month}|0")
    assert [run_key for *_, run_key in requested()] == [f"{month}/shard-1"]
    materialized("raw_triplet_shards", f"{month}|1")
    context = build_sensor_context(instance=instance, repository_def=definitions.get_repository_def())
    (rest,) = sensor.evaluate_tick(context).run_requests
    assert (rest.job_name, rest.partition_key) == ("monthly_benchmark", month)
    assert AssetKey("news_articles") not in rest.asset_selection  # the shards read this crawl: it is not redone
    assert {AssetKey("raw_triplets"), AssetKey("published_release")} <= set(rest.asset_selection)
    assert any(check.name == "private_qa_is_consistent" for check in rest.asset_check_keys)
    materialized("raw_triplets", month)
    assert requested() == []


def test_a_sharded_month_run_in_one_process_publishes_the_same_release(tmp_path, materialized_month):
    env = {**pipeline_env(tmp_path), "RAGBENCH_EXTRACTION_SHARDS": "3", "RAGBENCH_WORKERS": "1"}
    shutil.copytree(materialized_month.data_dir / "parses", Path(env["RAGBENCH_DATA_DIR"]) / "parses")
    result = run_month(SAMPLE_MONTH, instance=DagsterInstance.ephemeral(), env=env)
    assert result.success
    sharded_hub, whole_hub = Path(env["RAGBENCH_HUB"]), Path(materialized_month.env["RAGBENCH_HUB"])
    published = sorted(path.relative_to(sharded_hub) for path in sharded_hub.rglob("*.parquet"))
    assert len(published) >= 6  # the public and private datasets of the release
    for name in published:
        assert (sharded_hub / name).read_bytes() == (whole_hub / name).read_bytes(), name
