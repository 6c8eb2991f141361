"""Asset backfills for tests, as the UI's "Materialize partitions" dialog submits them."""

from __future__ import annotations

import time
from collections.abc import Iterable

from dagster import AssetKey
from dagster._core.execution.backfill import PartitionBackfill
from dagster._core.utils import make_new_backfill_id


def add_asset_backfill(instance, workspace_context, partitions: list[str], assets: Iterable[str]) -> str:
    """Submit a backfill of `assets` over `partitions` to the instance; its id. The backfill daemon
    (or a test ticking it) then launches the runs."""
    backfill = PartitionBackfill.from_asset_partitions(
        backfill_id=make_new_backfill_id(),
        asset_graph=workspace_context.create_request_context().asset_graph,
        partition_names=partitions,
        asset_selection=[AssetKey(name) for name in assets],
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
