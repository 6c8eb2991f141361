"""What every question filter returns: one row per question with qa_id, score, verdict
(pass / fail / skipped) and reason; and the 'skipped' verdict of model-backed filters that have
no model configured.
"""

from __future__ import annotations

import pandas as pd

FILTER_COLUMNS = ["qa_id", "score", "verdict", "reason"]
PASS, FAIL, SKIPPED = "pass", "fail", "skipped"


def skipped(qa: pd.DataFrame, reason: str) -> pd.DataFrame:
    """A model-backed filter with no model: every question is marked skipped, never passed."""
    return pd.DataFrame(
        {"qa_id": qa["qa_id"], "score": float("nan"), "verdict": SKIPPED, "reason": reason}, columns=FILTER_COLUMNS
    )
