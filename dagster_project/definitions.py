"""Dagster definitions: assets, checks, the monthly job and schedule, resources from the environment."""

from __future__ import annotations

from dagster import (
    AssetKey,
    AssetSelection,
    AutomationCondition,
    AutomationConditionSensorDefinition,
    DefaultSensorStatus,
    Definitions,
    build_schedule_from_partitioned_job,
    define_asset_job,
    in_process_executor,
    load_assets_from_modules,
    multiprocess_executor,
)

from . import dagster_warnings  # noqa: F401  (before the assets: it filters their warnings)
from .assets import ASSET_MODULES
from .assets.extraction import sharded_extraction
from .assets.release import RELEASE_CHECKS
from .assets.testbeds import TESTBED_CHECKS
from .core.common.gc_tuning import fewer_collections
from .partitions import month_shard_key, month_shard_partitions, monthly_partitions
from .resources import build_resources
from .settings import Settings
from .sharded_schedule import NEWS_ARTICLES, RAW_TRIPLET_SHARDS, sharded_monthly_sensor

# Every process that runs the pipeline loads these definitions: the month-wide stages keep millions of
# objects alive, and the default collector thresholds spent a third of the linter's CPU walking them.
fewer_collections()

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

# After a stage of some month is re-materialized, its downstream assets of that month are refreshed,
# up to a revision of the release (and, through published_release's dependency on its previous
# month, the hist-* datasets of the next month). Months never built are not filled in: the
# schedule and backfills create months; this only keeps existing ones consistent.
REFRESH_AFTER_RERUN = (
    AutomationCondition.eager().without(AutomationCondition.in_latest_time_window()).with_label("refresh after rerun")
)
# The release of the first month on a hub has no previous month: its own missing previous partition
# must not hold it back (publishing still refuses a gap in the middle, naming the month).
REFRESH_RELEASE_AFTER_RERUN = REFRESH_AFTER_RERUN.replace(
    AutomationCondition.any_deps_missing(),
    AutomationCondition.any_deps_missing().ignore(AssetSelection.assets("published_release")),
).with_label("refresh after rerun (the first month needs no previous month)")
AUTOMATED = AssetSelection.all() - AssetSelection.assets("news_articles")


def refresh_condition(spec):
    condition = REFRESH_RELEASE_AFTER_RERUN if spec.key.to_user_string() == "published_release" else REFRESH_AFTER_RERUN
    return spec.replace_attributes(automation_condition=condition)


EXECUTORS = {"in_process": in_process_executor, "multiprocess": multiprocess_executor}


def refresh_sensor(enabled: bool) -> AutomationConditionSensorDefinition:
    return AutomationConditionSensorDefinition(
        "refresh_after_rerun",
        target=AUTOMATED,
        default_status=DefaultSensorStatus.RUNNING if enabled else DefaultSensorStatus.STOPPED,
        minimum_interval_seconds=30,
        description="Re-materializes the downstream assets of a month whose stage was re-materialized "
        "(on when RAGBENCH_AUTOMATION=true; can be started or stopped here).",
    )


SHARDS = AssetSelection.assets("raw_triplet_shards")
CHECKS = RELEASE_CHECKS + TESTBED_CHECKS


def sharded_assets(shards: int) -> list:
    """The assets with raw_triplets extracted in `shards` month x shard partitions and merged per month."""
    return [a for a in all_assets if AssetKey("raw_triplets") not in a.keys] + sharded_extraction(shards)


def sharded_jobs(shards: int) -> list:
    """A job takes one partitions definition, so the shards have a job of their own and the monthly
    job runs everything else; the sensor of sharded_schedule (or an asset backfill of the month)
    runs the crawl, then every shard (one run each), then the rest."""
    return [
        define_asset_job(
            name="monthly_benchmark",
            selection=AssetSelection.all() - SHARDS,
            partitions_def=monthly_partitions,
            description="The pipeline for one month except extraction: it merges the month's extracted shards.",
        ),
        define_asset_job(
            name="extraction_shards",
            selection=SHARDS,
            partitions_def=month_shard_partitions(shards),
            description="Extraction of one shard of a month's articles (run every shard before monthly_benchmark).",
        ),
    ]


def _after_extraction(assets) -> list[AssetKey]:
    """The monthly assets a sharded month runs once its shards are extracted: all but the crawl."""
    return [key for a in assets for key in a.keys if key not in (NEWS_ARTICLES, RAW_TRIPLET_SHARDS)]


def _all_checks() -> list:
    return [key for checks in CHECKS for key in checks.check_keys]


def sharded_steps(
    definitions: Definitions, month_key: str, shards: int
) -> list[tuple[str, str, list[AssetKey] | None]]:
    """A sharded month as (job, partition, assets) in order, for running it in one process:
    the crawl, each shard, then the rest (the sensor launches the same runs one by one)."""
    return [
        ("monthly_benchmark", month_key, [NEWS_ARTICLES]),
        *[("extraction_shards", month_shard_key(month_key, shard), None) for shard in range(shards)],
        ("monthly_benchmark", month_key, _after_extraction(definitions.assets)),
    ]


def build_definitions(env=None) -> Definitions:
    """Definitions with resources and operations settings from `env` (the process environment by default)."""
    operations = Settings.from_env(env).operations
    shards = operations.extraction_shards
    sensors = [refresh_sensor(operations.automation)]
    if shards == 1:
        assets, jobs, schedules = all_assets, [monthly_benchmark_job], [monthly_schedule]
    else:
        assets, jobs, schedules = sharded_assets(shards), sharded_jobs(shards), []
        sensors.append(sharded_monthly_sensor(jobs, shards, _after_extraction(assets), _all_checks()))
    definitions = Definitions(
        assets=assets,
        asset_checks=CHECKS,
        jobs=jobs,
        schedules=schedules,
        sensors=sensors,
        resources=build_resources(env),
        executor=EXECUTORS[operations.executor],
    )
    return definitions.map_resolved_asset_specs(func=refresh_condition, selection=AUTOMATED)


defs = build_definitions()
