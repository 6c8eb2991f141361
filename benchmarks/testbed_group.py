"""CPU seconds of the testbed group on a month that `pipeline_scale.py --keep DIR` ran: the core
calls of robustness_testbeds, public_testbeds_do_not_leak, testbed_documents_are_sound,
testbed_baseline and leaderboard, in one process and in that order, as the monthly job's
in-process executor runs them (so a later step finds the words an earlier one looked up).

    python benchmarks/testbed_group.py DIR [--out OUT]

Each step reads what its asset reads (DIR/data, the hub in DIR/hub) and writes its files under OUT
(a temporary folder by default). Besides its CPU seconds, each step prints a SHA-256 of what it
gives (items, funnel, problems, replies, scores, files written), so two branches can be compared
on the same month. The load average is printed: other processes slow every figure down.
Last line: RESULT testbed_group_cpu_s <seconds>.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import tempfile
from pathlib import Path

import pandas as pd

from dagster_project.core.common.months import Month, seed_for
from dagster_project.core.release.publishing import open_hub, published_testbeds
from dagster_project.core.scoring.evaluate import ScoringConfig
from dagster_project.core.scoring.leaderboard import build_leaderboard
from dagster_project.core.scoring.submission import gold_from_release
from dagster_project.core.scoring.testbeds import extractive_replies, score_testbeds, write_testbed_scores
from dagster_project.core.testbeds.build import build_testbeds
from dagster_project.core.testbeds.checks import public_testbed_problems, soundness_problems

MONTH = Month.parse("2025-09")  # the month pipeline_scale.py runs
BOOTSTRAP_SAMPLES = 1000  # ScoringSettings' default


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def digest(value) -> str:
    """A SHA-256 of a step's output: frames as CSV, files by content, the rest as JSON."""
    if isinstance(value, pd.DataFrame):
        text = value.to_csv(index=False)
    elif isinstance(value, Path):
        return hashlib.sha256(b"".join(p.read_bytes() for p in sorted(value.rglob("*")) if p.is_file())).hexdigest()
    else:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Steps:
    def __init__(self, root: Path, out: Path):
        self.data, self.hub, self.out = root / "data", open_hub(str(root / "hub")), out
        self.key = MONTH.key

    def table(self, name: str) -> pd.DataFrame:
        return pd.read_parquet(self.data / name / f"{self.key}.parquet")

    def robustness_testbeds(self) -> dict:
        built = build_testbeds(self.table("news_articles"), self.table("benchmark_questions"),
                               self.table("normalized_triplets"), seed=seed_for(self.key, "testbeds"))  # fmt: skip
        return {"items": built.items, "funnel": built.funnel, "passed_over": built.passed_over}

    def public_testbeds_do_not_leak(self) -> dict:
        articles, private_qa = self.table("news_articles"), self.table("private_qa")
        private_ids = set(articles["article_id"]) | set(private_qa["qa_id"])
        problems = public_testbed_problems(self.table("public_testbeds"), private_ids=private_ids,
                                           urls=set(articles["url"]))  # fmt: skip
        return {"problems": problems}

    def testbed_documents_are_sound(self) -> dict:
        public, private = self.table("public_testbeds"), self.table("private_testbeds")
        return {"problems": soundness_problems(public, private, self.table("private_qa"))}

    def testbed_baseline(self) -> dict:
        tables = published_testbeds(self.hub, MONTH.version)
        public, private = tables["public_testbeds"], tables["private_testbeds"]
        replies = extractive_replies(public)
        scores = score_testbeds(public, private, replies, samples=BOOTSTRAP_SAMPLES, name="baseline-extractive",
                                version=MONTH.version)  # fmt: skip
        write_testbed_scores(self.out / "testbed_baseline", scores)
        return {"replies": replies, "metrics": scores.metrics, "files": self.out / "testbed_baseline"}

    def leaderboard(self) -> dict:
        release = self.hub.load_release(MONTH.version)
        gold = gold_from_release(MONTH.version, release)
        config = ScoringConfig(bootstrap_samples=BOOTSTRAP_SAMPLES)
        board = build_leaderboard(gold, release["public_questions"], self.out / "no_submissions",
                                  self.out / "leaderboard", config)  # fmt: skip
        return {"table": board.table, "files": self.out / "leaderboard"}


STEPS = ["robustness_testbeds", "public_testbeds_do_not_leak", "testbed_documents_are_sound", "testbed_baseline",
         "leaderboard"]  # fmt: skip


def run(root: Path, out: Path) -> None:
    if not (root / "data" / "news_articles" / f"{MONTH.key}.parquet").exists():
        raise SystemExit(f"{root} holds no month kept by pipeline_scale.py --keep (no data/news_articles)")
    steps = Steps(root, out)
    load = os.getloadavg()[0]
    total = 0.0
    for name in STEPS:
        before = cpu_seconds()
        output = getattr(steps, name)()
        spent = cpu_seconds() - before
        total += spent
        digests = " ".join(f"{part}={digest(value)[:12]}" for part, value in output.items())
        print(f"{name:<30} {spent:6.2f} CPU s   {digests}", flush=True)
    print(f"load average before {load:.1f}, after {os.getloadavg()[0]:.1f}")
    print(f"RESULT testbed_group_cpu_s {total:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path, help="the folder given to pipeline_scale.py --keep")
    parser.add_argument("--out", type=Path, help="where the steps write their files (default: a temporary folder)")
    args = parser.parse_args()
    if args.out:
        run(args.root, args.out)
        return
    with tempfile.TemporaryDirectory(prefix="ragbench-testbeds-") as out:
        run(args.root, Path(out))


if __name__ == "__main__":
    main()
