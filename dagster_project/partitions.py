"""Monthly partitions (key = first day of the month, from 2024-08-01) and release versions."""

from __future__ import annotations

from dagster import MonthlyPartitionsDefinition, TimeWindowPartitionMapping

from .core.common.months import FIRST_MONTH, Month, month_of_version

monthly_partitions = MonthlyPartitionsDefinition(start_date=FIRST_MONTH.isoformat(), timezone="UTC")

# Month M depends on month M-1 of the same asset (the first month on nothing): used by
# published_release, so Dagster's asset backfills publish months in order.
PREVIOUS_MONTH = TimeWindowPartitionMapping(start_offset=-1, end_offset=-1)


def version_for_partition(partition_key: str) -> str:
    """2024-08-01 -> 1.0.0, 2025-06-01 -> 1.10.0."""
    return Month.parse(partition_key).version


def partition_for_version(version: str) -> str:
    return month_of_version(version).key
