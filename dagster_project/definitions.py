"""Dagster definitions: assets, checks, the monthly job and schedule, resources from the environment."""

from __future__ import annotations

from dagster import (
    AssetSelection,
    Definitions,
    build_schedule_from_partitioned_job,
    define_asset_job,
    load_assets_from_modules,
)

from .assets import ASSET_MODULES
from .assets.release import RELEASE_CHECKS
from .assets.testbeds import TESTBED_CHECKS
from .partitions import monthly_partitions
from .resources import build_resources

all_assets = load_assets_from_modules(ASSET_MODULES)

monthly_benchmark_job = define_asset_job(
    name="monthly_benchmark",
    selection=AssetSelection.all(),
    partitions_def=monthly_partitions,
    description="The whole pipeline for one month: crawl -> extraction -> graph -> questions -> filters -> release.",
)

# Early on the 2nd of each month: materialize the month that just ended.
monthly_schedule = build_schedule_from_partitioned_job(
    monthly_benchmark_job,
    name="monthly_benchmark_schedule",
    day_of_month=2,
    hour_of_day=3,
)


def build_definitions(env=None) -> Definitions:
    """Definitions with resources from `env` (the process environment by default)."""
    return Definitions(
        assets=all_assets,
        asset_checks=RELEASE_CHECKS + TESTBED_CHECKS,
        jobs=[monthly_benchmark_job],
        schedules=[monthly_schedule],
        resources=build_resources(env),
    )


defs = build_definitions()
