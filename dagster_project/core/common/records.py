"""Records shared by every stage: per-item failures and the error budget they are held to."""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd


@dataclass(frozen=True)
class ItemFailure:
    """One item a stage could not process. Failures are kept, counted and shown; never dropped."""

    item_id: str
    error: str
    raw_reply: str = ""  # what a model answered, when the item failed on its reply


class ErrorBudgetExceeded(RuntimeError):
    """Raised when a stage fails on a larger share of its items than it is allowed to."""


@dataclass
class StageOutcome:
    """What a stage produced, what it could not process, and what it reports about the run."""

    table: pd.DataFrame
    failures: list[ItemFailure] = field(default_factory=list)
    attempted: int = 0
    # items deliberately not processed (not errors, so outside the error budget); None: the stage passes over nothing
    passed_over: list[ItemFailure] | None = None
    # plain values for the asset's metadata (a DataFrame is shown as a preview table)
    report: dict = field(default_factory=dict)


def check_error_budget(
    stage: str, failures: list[ItemFailure], attempted: int, max_share: float, *, source: str | None = None
) -> None:
    """Fail the stage when too many items failed, naming the stage, what it read from (`source`:
    an endpoint or a file) and a few failures, so the cause is visible."""
    if attempted and len(failures) / attempted > max_share:
        sample = "; ".join(f"{f.item_id}: {f.error}" for f in failures[:3])
        against = f" (source: {source})" if source else ""
        raise ErrorBudgetExceeded(
            f"stage {stage} failed{against}: {len(failures)} of {attempted} items failed "
            f"({len(failures) / attempted:.0%} > allowed {max_share:.0%}). First failures: {sample}"
        )


def failures_frame(failures: list[ItemFailure]) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "item_id": [f.item_id for f in failures],
            "error": [f.error for f in failures],
            "raw_reply": [f.raw_reply for f in failures],
        },
        columns=["item_id", "error", "raw_reply"],
    )
