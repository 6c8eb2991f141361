"""Small helpers shared by the assets: the partition's month, metadata, per-item failures."""

from __future__ import annotations

import pandas as pd
from dagster import AssetExecutionContext, MetadataValue

from ..core.common.months import Month
from ..core.common.records import ItemFailure, check_error_budget, failures_frame
from ..resources import StorageResource

PREVIEW_ROWS = 10


def month_of(context: AssetExecutionContext) -> Month:
    return Month.parse(context.partition_key)


def markdown_table(frame: pd.DataFrame, max_rows: int = PREVIEW_ROWS, max_chars: int = 120) -> str:
    if frame.empty:
        return "_(empty)_"
    shown = frame.head(max_rows).copy()
    for column in shown.columns:
        shown[column] = shown[column].map(lambda v: _short(v, max_chars))
    return shown.to_markdown(index=False)


def _short(value, max_chars: int) -> str:
    text = str(value)
    return text if len(text) <= max_chars else text[: max_chars - 1] + "…"


def table_metadata(frame: pd.DataFrame, preview_columns: list[str] | None = None, **extra) -> dict:
    preview = frame[preview_columns] if preview_columns else frame
    metadata = {"rows": MetadataValue.int(len(frame)), "preview": MetadataValue.md(markdown_table(preview))}
    metadata.update(extra)
    return metadata


def record_failures(
    context: AssetExecutionContext,
    storage: StorageResource,
    stage: str,
    failures: list[ItemFailure],
    attempted: int,
    max_share: float,
) -> dict:
    """Write the stage's per-item failures next to its output, log them, enforce the error budget,
    and return metadata describing them."""
    path = storage.path("failures", stage, f"{context.partition_key}.parquet")
    failures_frame(failures).to_parquet(path, index=False)
    for failure in failures[:5]:
        context.log.warning(f"{stage}: {failure.item_id}: {failure.error}")
    if len(failures) > 5:
        context.log.warning(f"{stage}: {len(failures) - 5} more failures, listed in {path}")
    check_error_budget(stage, failures, attempted, max_share)
    return {
        "failed_items": MetadataValue.int(len(failures)),
        "failures_file": MetadataValue.path(str(path)),
        "failures_preview": MetadataValue.md(markdown_table(failures_frame(failures))),
    }


def record_passed_over(context: AssetExecutionContext, storage: StorageResource, stage: str,
                       items: list[ItemFailure]) -> dict:
    """Items a stage deliberately passes over (not errors, so outside the error budget): written
    next to the failures and counted in metadata, so nothing disappears silently."""
    path = storage.path("passed_over", stage, f"{context.partition_key}.parquet")
    failures_frame(items).to_parquet(path, index=False)
    if items:
        context.log.info(f"{stage}: passed over {len(items)} items (listed in {path})")
    return {
        "passed_over_items": MetadataValue.int(len(items)),
        "passed_over_file": MetadataValue.path(str(path)),
        "passed_over_preview": MetadataValue.md(markdown_table(failures_frame(items))),
    }
