"""Wall-clock time of `ragbench evaluate` on a 600-question submission, end to end in a fresh
process (load the release, validate, score, bootstrap, write metrics, parquet and reports).

The 600 questions are real pipeline output: both bundled months are materialized into a temporary
hub (or taken from --hub if it already has 1.13.0 and 1.14.0), merged into one 600-question
release, and answered by the offline BM25 baseline (answers are whole sentences, as a RAG
system's would be).

Usage: python benchmarks/evaluate.py [--hub HUB]
Last line: RESULT evaluate_600_seconds <s>  (with 1,000 bootstrap samples; the line before is without)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd
from dagster import DagsterInstance

from dagster_project.cli import run_month
from dagster_project.core.common.months import Month
from dagster_project.core.release.hub.local import LocalHub, ReleaseNotFoundError
from dagster_project.core.scoring.baseline import baseline_submission
from dagster_project.core.scoring.submission import submission_json

QUESTIONS = 600
MONTHS = [Month(2025, 9), Month(2025, 10)]
MERGED_VERSION = "1.99.0"


def releases(hub_root: Path, scratch: Path) -> list[dict]:
    hub = LocalHub(hub_root)
    try:
        return [hub.load_release(m.version) for m in MONTHS]
    except ReleaseNotFoundError:
        pass
    env = {
        "RAGBENCH_DATA_DIR": str(scratch / "data"),
        "RAGBENCH_HUB": str(scratch / "hub"),
        "RAGBENCH_RELEASE_SECRET": "benchmark",
        "RAGBENCH_SUBMISSIONS_DIR": str(scratch / "subs"),
    }
    instance = DagsterInstance.ephemeral()
    for month in MONTHS:
        print(f"materializing {month} ...", flush=True)
        if not run_month(month, instance=instance, env=env).success:
            raise SystemExit(f"the pipeline failed for {month}")
    hub = LocalHub(scratch / "hub")
    return [hub.load_release(m.version) for m in MONTHS]


def merge(parts: list[dict], questions: int) -> dict[str, pd.DataFrame]:
    """One release from several: public ids of the later parts are shifted past the earlier ones."""
    merged = {name: [] for name in ("public_texts", "public_questions", "private_qa", "private_texts")}
    text_offset = question_offset = 0
    for part in parts:
        merged["public_texts"].append(part["public_texts"].assign(id=part["public_texts"]["id"] + text_offset))
        merged["private_texts"].append(
            part["private_texts"].assign(public_id=part["private_texts"]["public_id"] + text_offset)
        )
        merged["public_questions"].append(
            part["public_questions"].assign(id=part["public_questions"]["id"] + question_offset)
        )
        merged["private_qa"].append(
            part["private_qa"].assign(public_id=part["private_qa"]["public_id"] + question_offset)
        )
        text_offset += len(part["public_texts"])
        question_offset += len(part["public_questions"])
    tables = {name: pd.concat(frames, ignore_index=True) for name, frames in merged.items()}
    if len(tables["private_qa"]) < questions:
        raise SystemExit(f"only {len(tables['private_qa'])} questions available, need {questions}")
    tables["private_qa"] = tables["private_qa"][tables["private_qa"]["public_id"] < questions].reset_index(drop=True)
    tables["public_questions"] = tables["public_questions"][tables["public_questions"]["id"] < questions]
    return tables


def timed_evaluate(hub: Path, submission: Path, out: Path, bootstrap: int) -> float:
    command = [
        sys.executable,
        "-m",
        "dagster_project.cli",
        "evaluate",
        "--hub",
        str(hub),
        "--version",
        MERGED_VERSION,
        "--submission",
        str(submission),
        "--out",
        str(out),
        "--bootstrap",
        str(bootstrap),
    ]
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hub", default="var/hub", help="a hub that may already hold 1.13.0 and 1.14.0")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        tables = merge(releases(Path(args.hub), scratch), QUESTIONS)
        bench_hub = LocalHub(scratch / "bench-hub")
        bench_hub.publish(MERGED_VERSION, tables, {"month": "merged", "counts": {"questions": QUESTIONS}})
        entries = baseline_submission(tables["public_texts"], tables["public_questions"])
        submission = scratch / "submission.json"
        submission.write_text(json.dumps(submission_json(entries), ensure_ascii=False), encoding="utf-8")
        no_bootstrap = timed_evaluate(bench_hub.root, submission, scratch / "run0", 0)
        with_bootstrap = timed_evaluate(bench_hub.root, submission, scratch / "run1000", 1000)
        scored = json.loads((scratch / "run1000" / "metrics.json").read_text(encoding="utf-8"))["questions"]
    print(f"scored {scored} questions (goal: < 5 s without bootstrap, < 15 s with 1,000 samples)")
    print(f"RESULT evaluate_600_no_bootstrap_seconds {no_bootstrap:.2f}")
    print(f"RESULT evaluate_600_seconds {with_bootstrap:.2f}")


if __name__ == "__main__":
    main()
