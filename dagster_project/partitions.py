"""Monthly partitions (key = first day of the month, from 2024-08-01), month x shard partitions of
the sharded extraction, and release versions."""

from __future__ import annotations

from dagster import (
    MonthlyPartitionsDefinition,
    MultiPartitionKey,
    MultiPartitionsDefinition,
    MultiToSingleDimensionPartitionMapping,
    StaticPartitionsDefinition,
    TimeWindowPartitionMapping,
)

from .core.common.months import FIRST_MONTH, Month, month_of_version

monthly_partitions = MonthlyPartitionsDefinition(start_date=FIRST_MONTH.isoformat(), timezone="UTC")

# Month M depends on month M-1 of the same asset (the first month on nothing): used by
# published_release, so Dagster's asset backfills publish months in order.
PREVIOUS_MONTH = TimeWindowPartitionMapping(start_offset=-1, end_offset=-1)

MONTH, SHARD = "month", "shard"
# A month x shard partition reads its month's monthly partition, and a monthly partition reads
# every shard of its month.
SAME_MONTH = MultiToSingleDimensionPartitionMapping(partition_dimension_name=MONTH)


def month_shard_partitions(shards: int) -> MultiPartitionsDefinition:
    """One partition per (month, shard): key '2025-11-01|0' for shard 0 of November 2025."""
    return MultiPartitionsDefinition(
        {MONTH: monthly_partitions, SHARD: StaticPartitionsDefinition([str(shard) for shard in range(shards)])}
    )


def month_shard_key(month_key: str, shard: int) -> MultiPartitionKey:
    return MultiPartitionKey({MONTH: month_key, SHARD: str(shard)})


def version_for_partition(partition_key: str) -> str:
    """2024-08-01 -> 1.0.0, 2025-06-01 -> 1.10.0."""
    return Month.parse(partition_key).version


def partition_for_version(version: str) -> str:
    return month_of_version(version).key
