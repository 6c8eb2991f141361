"""Operating the pipeline through Dagster: a re-materialized stage publishes a revision, an
identical rerun publishes nothing, the schedule targets the month that just ended, and an LLM
outage fails the run naming the stage and the endpoint."""

import shutil
import socket
from datetime import UTC, datetime

from dagster import AssetKey, AssetSelection, DagsterInstance, build_schedule_context, materialize

from dagster_project.assets.release import RELEASE_CHECKS
from dagster_project.cli import publication_outcome
from dagster_project.core.release.hub.local import LocalHub, repo_name
from dagster_project.definitions import all_assets, monthly_schedule
from dagster_project.resources import build_resources
from tests.conftest import SAMPLE_MONTH, pipeline_env


def _copy_of(materialized_month, tmp_path) -> dict[str, str]:
    """The session's materialized month (its data and hub), copied so this test may change it."""
    env = pipeline_env(tmp_path)
    shutil.copytree(materialized_month.data_dir, env["RAGBENCH_DATA_DIR"])
    shutil.copytree(materialized_month.env["RAGBENCH_HUB"], env["RAGBENCH_HUB"])
    return env


def _rematerialize(env, instance, selection):
    return materialize(
        [*all_assets, *RELEASE_CHECKS],
        selection=selection,
        partition_key=SAMPLE_MONTH.key,
        resources=build_resources(env),
        instance=instance,
        raise_on_error=False,
    )


def _publication_metadata(result) -> dict:
    for event in result.get_asset_materialization_events():
        if event.asset_key == AssetKey("published_release"):
            return {name: value.value for name, value in event.materialization.metadata.items()}
    raise AssertionError("published_release was not materialized")


def test_a_rematerialized_stage_publishes_a_revision_and_an_identical_rerun_nothing(materialized_month, tmp_path):
    env = {**_copy_of(materialized_month, tmp_path), "RAGBENCH_TOP_K": "5"}
    instance = DagsterInstance.ephemeral()
    downstream = AssetSelection.assets("benchmark_questions").downstream()
    first = _rematerialize(env, instance, downstream)
    assert first.success
    assert publication_outcome(first) == "2025-09: published 1.13.1, a revision of 1.13.0"
    hub = LocalHub(env["RAGBENCH_HUB"])
    assert [v for v in hub.versions(repo_name("private_qa")) if v.startswith("1.13.")] == ["1.13.0", "1.13.1"]
    manifest = hub.manifest(repo_name("private_qa"), "1.13.1")
    assert manifest["revises"] == "1.13.0"
    reason = manifest["revision_reason"]
    assert reason["run_id"] == first.run_id
    assert reason["rematerialized"]["benchmark_questions"] == first.run_id
    assert reason["settings_changed"]["thresholds"]["top_k_per_type"] == [150, 5]
    # a smaller K mostly removes; it may also let in a question the fact cap held back (a fact is
    # used by at most two questions of the release, and fewer of the other types now use it)
    added, removed = (sum(counts[key] for counts in manifest["changes"].values()) for key in ("added", "removed"))
    assert removed > 0 and added < removed / 10, manifest["changes"]
    assert max(manifest["counts"]["questions_per_type"].values()) <= 5
    metadata = _publication_metadata(first)
    assert metadata["revises"] == "1.13.0" and "removed" in metadata["changes"].splitlines()[0]

    again = _rematerialize(env, instance, AssetSelection.assets("published_release"))
    assert again.success
    assert publication_outcome(again) == (
        "2025-09: the data equal the published 1.13.1; nothing of 2025-09 was published"
    )
    assert [v for v in hub.versions(repo_name("private_qa")) if v.startswith("1.13.")] == ["1.13.0", "1.13.1"]


def test_the_schedule_tick_on_july_2nd_requests_june():
    context = build_schedule_context(scheduled_execution_time=datetime(2025, 7, 2, 3, 0, tzinfo=UTC))
    requests = list(monthly_schedule.evaluate_tick(context).run_requests)
    assert [request.partition_key for request in requests] == ["2025-06-01"]


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nothing listens there once the probe is closed


def test_an_llm_outage_fails_the_stage_naming_the_endpoint(materialized_month, tmp_path, capsys):
    endpoint = f"http://127.0.0.1:{_closed_port()}/v1"
    env = {
        **_copy_of(materialized_month, tmp_path),
        "RAGBENCH_LLM_BASE_URL": endpoint,
        "RAGBENCH_LLM_MODEL": "down-70b",
        "RAGBENCH_LLM_MAX_RETRIES": "0",
        "RAGBENCH_LLM_TIMEOUT": "2",
    }
    result = _rematerialize(env, DagsterInstance.ephemeral(), AssetSelection.assets("raw_triplets"))
    assert not result.success
    failure = next(event for event in result.all_events if event.is_step_failure)
    message = str(failure.event_specific_data.error)
    assert "stage raw_triplets failed" in message and f"source: {endpoint}" in message
    assert "items failed (100% > allowed 20%)" in message
    metadata = failure.event_specific_data.user_failure_data.metadata
    assert metadata["source"].value == endpoint and metadata["failed_items"].value > 0
    assert "| item_id" in metadata["first_failures"].value
