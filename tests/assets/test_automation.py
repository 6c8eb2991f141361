"""Declarative automation after a single-stage rerun, the setting that turns its sensor on, and the
executor chosen by the settings."""

from dagster import (
    AssetKey,
    DagsterInstance,
    DefaultSensorStatus,
    Definitions,
    evaluate_automation_conditions,
    materialize,
)

from dagster_project.definitions import REFRESH_AFTER_RERUN, REFRESH_RELEASE_AFTER_RERUN, build_definitions
from dagster_project.resources import build_resources
from tests.assets.ordered_backfill_defs import published_release, release_datasets
from tests.conftest import pipeline_env

SEPTEMBER = "2025-09-01"


def test_rerunning_a_stage_of_an_old_month_refreshes_its_release_and_nothing_else(tmp_path):
    resources = build_resources(pipeline_env(tmp_path))
    assets = [
        release_datasets.with_attributes(automation_condition=REFRESH_AFTER_RERUN),
        published_release.with_attributes(automation_condition=REFRESH_RELEASE_AFTER_RERUN),
    ]
    defs = Definitions(assets=assets, resources=resources)
    instance = DagsterInstance.ephemeral()
    for month in (SEPTEMBER, "2025-10-01"):
        assert materialize(assets, partition_key=month, resources=resources, instance=instance).success
    first = evaluate_automation_conditions(defs=defs, instance=instance)
    assert first.total_requested == 0  # everything is up to date; months never built are not filled in

    # a single stage of September is re-materialized: its release is refreshed, October is untouched
    rerun = materialize([release_datasets], partition_key=SEPTEMBER, resources=resources, instance=instance)
    assert rerun.success
    second = evaluate_automation_conditions(defs=defs, instance=instance, cursor=first.cursor)
    requested = second.get_requested_partitions(AssetKey("published_release"))
    assert requested == {SEPTEMBER}


def _sensor(defs):
    return next(sensor for sensor in defs.sensors if sensor.name == "refresh_after_rerun")


def test_the_refresh_sensor_is_visible_and_on_only_when_the_setting_says_so(tmp_path):
    env = pipeline_env(tmp_path)
    off = _sensor(build_definitions(env))
    on = _sensor(build_definitions({**env, "RAGBENCH_AUTOMATION": "true"}))
    assert off.default_status == DefaultSensorStatus.STOPPED
    assert on.default_status == DefaultSensorStatus.RUNNING
    graph = build_definitions(env).get_repository_def().asset_graph
    assert graph.get(AssetKey("published_release")).automation_condition is not None
    assert graph.get(AssetKey("news_articles")).automation_condition is None  # new months come from the schedule


def test_the_executor_is_chosen_by_the_settings(tmp_path):
    env = pipeline_env(tmp_path)
    default = build_definitions(env).resolve_job_def("monthly_benchmark").executor_def
    isolated = build_definitions({**env, "RAGBENCH_EXECUTOR": "multiprocess"}).resolve_job_def("monthly_benchmark")
    assert default.name == "in_process"
    assert isolated.executor_def.name == "multiprocess"
