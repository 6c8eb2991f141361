"""An asset backfill launched in reverse month order publishes the months in order, because
published_release depends on its own previous partition; the daemon's backfill iteration is driven
in-process, with runs executed as they are launched."""

import logging
from pathlib import Path

from dagster import AssetKey, AssetRecordsFilter
from dagster._core.execution.backfill import BulkActionStatus
from dagster._core.remote_origin import InProcessCodeLocationOrigin
from dagster._core.test_utils import (
    InProcessTestWorkspaceLoadTarget,
    create_test_daemon_workspace_context,
    instance_for_test,
)
from dagster._core.types.loadable_target_origin import LoadableTargetOrigin
from dagster._daemon.backfill import execute_backfill_iteration

from dagster_project.core.release.hub.local import LocalHub, repo_name
from dagster_project.testing.backfills import add_asset_backfill
from tests.conftest import pipeline_env

IMMEDIATE_COORDINATOR = {"module": "dagster._core.run_coordinator", "class": "DefaultRunCoordinator"}
MONTHS_REVERSED = ["2025-11-01", "2025-10-01", "2025-09-01"]
SYNC_LAUNCHER = {"module": "dagster._core.launcher.sync_in_memory_run_launcher", "class": "SyncInMemoryRunLauncher"}


RELEASE_ASSETS = (
    "public_texts", "public_questions", "private_qa", "private_texts", "public_testbeds", "private_testbeds",
    "published_release",
)  # fmt: skip


def _run_daemon(instance, workspace_context, backfill_id: str, max_iterations: int = 20):
    """Tick the backfill daemon until the backfill is done; returns its final status and, per
    tick, the (partition, published?) of the runs it launched."""
    logger = logging.getLogger("backfill-test")
    seen, ticks = set(), []
    for _ in range(max_iterations):
        errors = [error for error in execute_backfill_iteration(workspace_context, logger) if error]
        assert not errors, errors[0].to_string()
        launched = [run for run in instance.get_runs() if run.run_id not in seen]
        seen |= {run.run_id for run in launched}
        if launched:
            ticks.append(
                sorted(
                    (run.tags["dagster/partition"], AssetKey("published_release") in run.asset_selection)
                    for run in launched
                )
            )
        status = instance.get_backfill(backfill_id).status
        if status != BulkActionStatus.REQUESTED:
            return status, ticks
    return instance.get_backfill(backfill_id).status, ticks


def test_a_backfill_launched_in_reverse_publishes_months_in_order(tmp_path, monkeypatch):
    env = pipeline_env(tmp_path)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    origin = LoadableTargetOrigin(
        python_file=str(Path(__file__).with_name("ordered_backfill_defs.py")), attribute="defs"
    )
    overrides = {"run_launcher": SYNC_LAUNCHER, "run_coordinator": IMMEDIATE_COORDINATOR}
    with instance_for_test(overrides=overrides) as instance:
        target = InProcessTestWorkspaceLoadTarget(InProcessCodeLocationOrigin(origin))
        with create_test_daemon_workspace_context(target, instance) as workspace_context:
            backfill_id = add_asset_backfill(instance, workspace_context, MONTHS_REVERSED, RELEASE_ASSETS)
            status, ticks = _run_daemon(instance, workspace_context, backfill_id)
        assert status == BulkActionStatus.COMPLETED_SUCCESS
        # the first tick starts the datasets of every month at once (they may run in parallel); the
        # publications follow one month per tick, oldest first, each after the previous month's
        months = sorted(MONTHS_REVERSED)
        assert ticks[0] == [(month, False) for month in months]
        assert ticks[1:] == [[(month, True)] for month in months]

        records = instance.fetch_materializations(
            AssetRecordsFilter(asset_key=AssetKey("published_release")), limit=10, ascending=True
        ).records
        published_order = [record.partition_key for record in records]
        assert published_order == sorted(MONTHS_REVERSED)
        runs = {record.run_id for record in records}
        assert len(runs) == 3  # one run per month: the publications waited for each other

    hub = LocalHub(env["RAGBENCH_HUB"])
    assert hub.versions(repo_name("private_qa")) == ["1.13.0", "1.14.0", "1.15.0"]
    # each month's hist-* datasets are the previous month's release: none were skipped
    assert hub.versions(repo_name("private_qa", hist=True)) == ["1.13.0", "1.14.0"]
    hist = hub.load(repo_name("private_qa", hist=True), "1.14.0")
    assert hist["qa_id"].tolist() == ["2025-10-q"]
