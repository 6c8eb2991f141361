"""Small helpers shared by the assets: the partition's month, metadata, per-item failures, strategies."""

from __future__ import annotations

import pandas as pd
from dagster import AssetCheckResult, AssetCheckSeverity, AssetExecutionContext, Failure, MetadataValue

from ..core.common.months import Month
from ..core.common.records import (
    ErrorBudgetExceeded,
    ItemFailure,
    StageOutcome,
    check_error_budget,
    failures_frame,
)
from ..resources import StorageResource
from ..resources.io_manager import STRATEGY_METADATA

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
    source: str | None = None,
) -> dict:
    """Write the stage's per-item failures next to its output, log them, enforce the error budget,
    and return metadata describing them. Over budget, the step fails with a message naming the
    stage, its `source` (endpoint or file) and the share of failed items, and with the first
    failures as a table in the failure's metadata."""
    path = storage.path("failures", stage, f"{context.partition_key}.parquet")
    failures_frame(failures).to_parquet(path, index=False)
    for failure in failures[:5]:
        context.log.warning(f"{stage}: {failure.item_id}: {failure.error}")
    if len(failures) > 5:
        context.log.warning(f"{stage}: {len(failures) - 5} more failures, listed in {path}")
    try:
        check_error_budget(stage, failures, attempted, max_share, source=source)
    except ErrorBudgetExceeded as exc:
        raise Failure(
            description=str(exc),
            metadata={
                "stage": MetadataValue.text(stage),
                "source": MetadataValue.text(source or "-"),
                "failed_items": MetadataValue.int(len(failures)),
                "attempted_items": MetadataValue.int(attempted),
                "allowed_share": MetadataValue.float(max_share),
                "failures_file": MetadataValue.path(str(path)),
                "first_failures": MetadataValue.md(markdown_table(failures_frame(failures)[["item_id", "error"]])),
            },
        ) from exc
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


def report_metadata(report: dict) -> dict:
    """A strategy's plain report as Dagster metadata: tables as previews, dicts and lists as JSON."""
    metadata = {}
    for name, value in report.items():
        if isinstance(value, pd.DataFrame):
            metadata[name] = MetadataValue.md(markdown_table(value))
        elif isinstance(value, dict | list):
            metadata[name] = MetadataValue.json(value)
        elif isinstance(value, int):
            metadata[name] = MetadataValue.int(value)
        elif isinstance(value, float):
            metadata[name] = MetadataValue.float(value)
        else:
            metadata[name] = MetadataValue.text(str(value))
    return metadata


def outcome_metadata(
    context: AssetExecutionContext, storage: StorageResource, stage: str, outcome: StageOutcome, max_share: float
) -> dict:
    """Record a strategy's failures (and what it passed over), enforce the error budget, and
    return its report as metadata."""
    source = outcome.report.get("llm_endpoint")
    metadata = record_failures(context, storage, stage, outcome.failures, outcome.attempted, max_share, source)
    if outcome.passed_over is not None:
        metadata.update(record_passed_over(context, storage, stage, outcome.passed_over))
    metadata.update(report_metadata(outcome.report))
    return metadata


def strategy_metadata(**described: dict) -> dict:
    """What made an asset's data, per manifest stage; the IO manager records it next to the data,
    and the release manifest is assembled from those records."""
    return {STRATEGY_METADATA: MetadataValue.json(described)}


def check_result(problems: list[str], what: str) -> AssetCheckResult:
    """A blocking check's verdict: passed when nothing is wrong, else the first 50 problems."""
    return AssetCheckResult(
        passed=not problems,
        severity=AssetCheckSeverity.ERROR,
        description=f"{what}: " + ("ok" if not problems else f"{len(problems)} problem(s)"),
        metadata={"problems": MetadataValue.md("\n".join(f"- {p}" for p in problems[:50]) or "none")},
    )
