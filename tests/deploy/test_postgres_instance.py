"""deploy/dagster.yaml against a real PostgreSQL: run, event-log and schedule storage in Postgres,
runs queued by the QueuedRunCoordinator and launched by the DefaultRunLauncher into a code server,
as the daemon does (its iterations are driven here, so no 30-second ticks). One month, then a
two-month backfill, of the real published_release behind light release datasets
(tests/assets/ordered_backfill_defs.py); the runs and materializations are read back from Postgres.

Marked `postgres`: it needs the PostgreSQL server binaries, which .ci/run installs."""

import logging
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from dagster import DagsterInstance
from dagster._core.execution.backfill import BulkActionStatus
from dagster._core.test_utils import create_test_daemon_workspace_context
from dagster._core.workspace.load_target import PythonFileTarget
from dagster._daemon.backfill import execute_backfill_iteration
from dagster._daemon.run_coordinator.queued_run_coordinator_daemon import QueuedRunCoordinatorDaemon

from dagster_project.core.release.hub.local import LocalHub, repo_name
from dagster_project.pools import apply_pool_limits
from dagster_project.settings import Settings
from dagster_project.testing.backfills import add_asset_backfill
from dagster_project.testing.postgres import find_postgres_bin, start_postgres, stop_postgres
from tests.assets.test_ordered_backfill import RELEASE_ASSETS as DATASETS_AND_RELEASE
from tests.conftest import pipeline_env

pytestmark = pytest.mark.postgres

REPO = Path(__file__).resolve().parents[2]
DEFS_FILE = REPO / "tests" / "assets" / "ordered_backfill_defs.py"


@pytest.fixture
def postgres():
    bin_dir = find_postgres_bin()
    if bin_dir is None:
        pytest.skip("no PostgreSQL server binaries (apt-get install postgresql; .ci/run does)")
    root = Path(tempfile.mkdtemp(prefix="ragbench-pg-"))  # not under pytest's 0700 folder: postgres reads it
    server = start_postgres(root, bin_dir)
    try:
        yield server
    finally:
        stop_postgres(server, bin_dir)
        shutil.rmtree(root, ignore_errors=True)


def _drive_daemon(instance, workspace_context, backfill_id: str, deadline_s: float = 300) -> BulkActionStatus:
    """The backfill and run-queue daemons' iterations, until the backfill is done."""
    logger = logging.getLogger("postgres-test")
    queue = QueuedRunCoordinatorDaemon(interval_seconds=1)
    give_up = time.monotonic() + deadline_s
    while time.monotonic() < give_up:
        errors = [error for error in execute_backfill_iteration(workspace_context, logger) if error]
        assert not errors, errors[0].to_string()
        list(queue.run_iteration(workspace_context))
        status = instance.get_backfill(backfill_id).status
        if status != BulkActionStatus.REQUESTED:
            return status
        time.sleep(0.5)
    return instance.get_backfill(backfill_id).status


def test_the_production_instance_runs_a_month_and_a_backfill_on_postgres(postgres, tmp_path, monkeypatch):
    env = {**pipeline_env(tmp_path), **postgres.env, "DAGSTER_HOME": str(tmp_path / "dagster_home")}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    home = Path(env["DAGSTER_HOME"])
    home.mkdir()
    # the production file as it is, plus: wait for the code server to exit before Postgres stops
    (home / "dagster.yaml").write_text(
        (REPO / "deploy" / "dagster.yaml").read_text(encoding="utf-8")
        + "code_servers:\n  wait_for_local_processes_on_shutdown: true\n",
        encoding="utf-8",
    )

    with DagsterInstance.get() as instance:
        for storage in (instance.run_storage, instance.event_log_storage, instance.schedule_storage):
            assert type(storage).__name__.startswith("Postgres"), storage
        assert type(instance.run_coordinator).__name__ == "QueuedRunCoordinator"
        assert apply_pool_limits(instance, Settings.from_env().operations) == {"llm": 2, "hub": 1}

        target = PythonFileTarget(str(DEFS_FILE), "defs", str(REPO), "ragbench")
        with create_test_daemon_workspace_context(target, instance) as workspace_context:
            one_month = add_asset_backfill(instance, workspace_context, ["2025-09-01"], DATASETS_AND_RELEASE)
            assert _drive_daemon(instance, workspace_context, one_month) == BulkActionStatus.COMPLETED_SUCCESS
            two_months = add_asset_backfill(
                instance, workspace_context, ["2025-11-01", "2025-10-01"], DATASETS_AND_RELEASE
            )
            assert _drive_daemon(instance, workspace_context, two_months) == BulkActionStatus.COMPLETED_SUCCESS

    # read back from Postgres itself: every run succeeded, one publication per month, in month order
    statuses = dict(postgres.query("SELECT status, count(*) FROM runs GROUP BY status"))
    assert set(statuses) == {"SUCCESS"} and statuses["SUCCESS"] >= 5
    published = postgres.query(
        "SELECT partition FROM event_logs WHERE dagster_event_type = 'ASSET_MATERIALIZATION' "
        "AND asset_key = '[\"published_release\"]' ORDER BY id"
    )
    assert [row[0] for row in published] == ["2025-09-01", "2025-10-01", "2025-11-01"]
    hub = LocalHub(env["RAGBENCH_HUB"])
    assert hub.versions(repo_name("private_qa")) == ["1.13.0", "1.14.0", "1.15.0"]
    assert hub.versions(repo_name("private_qa", hist=True)) == ["1.13.0", "1.14.0"]
