"""The whole monthly pipeline on a synthetic month of N articles (benchmarks/synthetic_corpus.py), in
one process with a fresh data dir and hub: per-asset wall time, total wall, CPU, peak memory.

Usage: python benchmarks/pipeline_scale.py [--articles N] [--workers W] [--seed S] [--keep DIR]

CPU counts this process and its extraction workers. Peak RSS is this process's peak plus, when
extraction ran in worker processes, the largest worker's peak times the number of workers (an upper
bound on what the machine needed at once). The load average is printed, since a shared machine
slows every figure down.
Last lines: RESULT peak_rss_mb <MB>, then RESULT articles_per_s <articles / wall second>.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from dagster import DagsterEventType, DagsterInstance

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic_corpus import DEFAULT_ARTICLES, write_month  # noqa: E402

from dagster_project.cli import run_month  # noqa: E402
from dagster_project.core.common.months import Month  # noqa: E402

MONTH = Month.parse("2025-09")


def usable_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def step_seconds(instance: DagsterInstance, run_id: str) -> dict[str, float]:
    """Wall seconds of each step of the run, from its start and end events."""
    started, seconds = {}, defaultdict(float)
    for entry in instance.all_logs(run_id):
        event = entry.dagster_event
        if event is None or event.step_key is None:
            continue
        if event.event_type == DagsterEventType.STEP_START:
            started[event.step_key] = entry.timestamp
        elif event.event_type in (DagsterEventType.STEP_SUCCESS, DagsterEventType.STEP_FAILURE):
            seconds[event.step_key] += entry.timestamp - started.pop(event.step_key, entry.timestamp)
    return dict(seconds)


def cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run(root: Path, articles: int, workers: int, seed: int) -> None:
    sources = write_month(root / "month", articles, MONTH, seed)
    env = {
        "RAGBENCH_DATA_DIR": str(root / "data"),
        "RAGBENCH_HUB": str(root / "hub"),
        "RAGBENCH_SOURCES": str(sources),
        "RAGBENCH_RELEASE_SECRET": "benchmark",
        "RAGBENCH_WORKERS": str(workers),
    }
    load_before = os.getloadavg()
    cpu_before, started = cpu_seconds(), time.perf_counter()
    instance = DagsterInstance.ephemeral()
    result = run_month(MONTH, instance=instance, env=env)
    wall = time.perf_counter() - started
    cpu = cpu_seconds() - cpu_before
    kept = _kept_articles(result)
    if not result.success:
        # A blocking release check can stop a synthetic month (its renamed names are odd data); every
        # stage before it ran, so the timings still say what they measure.
        failed = sorted({e.step_key for e in result.all_events if e.is_step_failure})
        print(f"the run stopped at {', '.join(failed)}; the stages downstream of it did not run")
    print(f"nproc {usable_cores()}, workers {workers}, load average before {load_before[0]:.1f}, "
          f"after {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"articles: {articles} generated, {kept} kept after deduplication")
    print(f"{'step':<28}{'wall s':>9}")
    for step, seconds in sorted(step_seconds(instance, result.run_id).items(), key=lambda item: -item[1]):
        print(f"{step:<28}{seconds:>9.1f}")
    own_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worker_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    # Other children (git for the code version) are small; an extraction worker holds Natasha (> 200 MB).
    peak_mb = own_mb + (worker_mb * workers if worker_mb > 200 else 0)
    print(f"total wall {wall:.1f} s, CPU {cpu:.1f} s ({cpu / wall:.2f} cores busy), "
          f"{kept / cpu:.1f} articles per CPU second")  # fmt: skip
    print(f"peak RSS: this process {own_mb:.0f} MB, largest worker {worker_mb:.0f} MB")
    workers_cpu = _children_cpu_seconds()
    if worker_mb > 200:  # the workers did the extraction (parse + grammars) and nothing else
        print(f"extraction workers CPU {workers_cpu:.1f} s = {workers_cpu / kept * 1000:.1f} ms per article")
    print(f"RESULT peak_rss_mb {peak_mb:.0f}")
    print(f"RESULT articles_per_s {kept / wall:.2f}")


def _children_cpu_seconds() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


def _kept_articles(result) -> int:
    for materialization in result.asset_materializations_for_node("news_articles"):
        rows = materialization.metadata.get("dagster/row_count") or materialization.metadata.get("rows")
        if rows is not None:
            return int(rows.value)
    raise SystemExit("the pipeline failed before news_articles reported its row count")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=DEFAULT_ARTICLES)
    parser.add_argument("--workers", type=int, default=usable_cores(), help="extraction processes (RAGBENCH_WORKERS)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--keep", type=Path, help="keep the month, data and hub in this directory")
    args = parser.parse_args()
    if args.articles < 1 or args.workers < 1:
        raise SystemExit("--articles and --workers must be at least 1")
    if args.keep:
        run(args.keep, args.articles, args.workers, args.seed)
        return
    with tempfile.TemporaryDirectory(prefix="ragbench-scale-") as root:
        run(Path(root), args.articles, args.workers, args.seed)


if __name__ == "__main__":
    main()
