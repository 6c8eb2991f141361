"""Wall-clock time of the whole monthly pipeline on one bundled month, in-process.

Usage: python benchmarks/pipeline.py [YYYY-MM]
Last line: RESULT pipeline_month_seconds <s>
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

from dagster import DagsterInstance

from dagster_project.cli import run_month
from dagster_project.core.common.months import Month


def main() -> None:
    month = Month.parse(sys.argv[1] if len(sys.argv) > 1 else "2025-09")
    with tempfile.TemporaryDirectory() as root:
        env = {
            "RAGBENCH_DATA_DIR": str(Path(root) / "data"),
            "RAGBENCH_HUB": str(Path(root) / "hub"),
            "RAGBENCH_RELEASE_SECRET": "benchmark",
        }
        started = time.perf_counter()
        result = run_month(month, instance=DagsterInstance.ephemeral(), env=env)
        elapsed = time.perf_counter() - started
    if not result.success:
        raise SystemExit(f"the pipeline failed for {month}")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"RESULT pipeline_month_peak_rss_mb {peak_mb:.0f}")
    print(f"RESULT pipeline_month_seconds {elapsed:.2f}")


if __name__ == "__main__":
    main()
