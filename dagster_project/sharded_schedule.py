"""The monthly start of a pipeline whose extraction is sharded (RAGBENCH_EXTRACTION_SHARDS > 1).

A schedule starts one job, and the sharded pipeline is two jobs of different partitions (the
month's crawl and the rest in monthly_benchmark, the shards in extraction_shards), so a sensor
plays the schedule's part: from the 2nd of each month, 03:00 UTC, it launches the crawl of the month
that ended, then one run per shard, then the rest of the month. Each step is launched once (run
keys); a failed run is rerun by hand (or by a backfill), and the sensor goes on from there.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from dagster import (
    AssetCheckKey,
    AssetKey,
    AssetRecordsFilter,
    DagsterInstance,
    DefaultSensorStatus,
    RunRequest,
    SensorDefinition,
    SensorEvaluationContext,
    sensor,
)

from .core.common.months import Month
from .partitions import month_shard_key

# The same moment as monthly_benchmark_schedule: the 2nd of the month, 03:00 UTC.
START_AFTER_MONTH_END = timedelta(days=1, hours=3)
NEWS_ARTICLES = AssetKey("news_articles")
RAW_TRIPLET_SHARDS = AssetKey("raw_triplet_shards")
RAW_TRIPLETS = AssetKey("raw_triplets")


def month_due(now: datetime) -> Month:
    """The latest month whose run is due at `now`."""
    return Month.of(now - START_AFTER_MONTH_END).previous()


def _materialized(instance: DagsterInstance, key: AssetKey, partition: str) -> bool:
    records = instance.fetch_materializations(AssetRecordsFilter(asset_key=key, asset_partitions=[partition]), limit=1)
    return bool(records.records)


def next_runs(
    instance: DagsterInstance, month: Month, shards: int, rest: list[AssetKey], rest_checks: list[AssetCheckKey]
) -> list[RunRequest]:
    """What the month needs next: its crawl, the shards not extracted yet, or the rest (`rest`:
    every monthly asset but the crawl, with their checks); nothing once raw_triplets is merged."""
    if not _materialized(instance, NEWS_ARTICLES, month.key):
        return [RunRequest(run_key=f"{month.key}/crawl", job_name="monthly_benchmark", partition_key=month.key,
                           asset_selection=[NEWS_ARTICLES])]  # fmt: skip
    shard_keys = [month_shard_key(month.key, shard) for shard in range(shards)]
    missing = [shard for shard, key in enumerate(shard_keys) if not _materialized(instance, RAW_TRIPLET_SHARDS, key)]
    if missing:
        return [
            RunRequest(run_key=f"{month.key}/shard-{shard}", job_name="extraction_shards",
                       partition_key=shard_keys[shard])
            for shard in missing
        ]  # fmt: skip
    if not _materialized(instance, RAW_TRIPLETS, month.key):
        return [RunRequest(run_key=f"{month.key}/rest", job_name="monthly_benchmark", partition_key=month.key,
                           asset_selection=rest, asset_check_keys=rest_checks)]  # fmt: skip
    return []


def sharded_monthly_sensor(
    jobs: list, shards: int, rest: list[AssetKey], rest_checks: list[AssetCheckKey]
) -> SensorDefinition:
    @sensor(
        name="monthly_sharded_benchmark",
        jobs=jobs,
        minimum_interval_seconds=60,
        default_status=DefaultSensorStatus.STOPPED,
        description=f"Instead of monthly_benchmark_schedule when extraction is sharded ({shards} shards): from the "
        "2nd of each month, 03:00 UTC, the crawl of the month that ended, then each shard as a run, then the rest.",
    )
    def monthly_sharded_benchmark(context: SensorEvaluationContext):
        month = month_due(datetime.now(UTC))
        if month.months_since_first() < 0:
            return []
        return next_runs(context.instance, month, shards, rest, rest_checks)

    return monthly_sharded_benchmark
