"""The whole monthly pipeline on a synthetic month of N articles (benchmarks/synthetic_corpus.py), in
one process with a fresh data dir and hub: per-asset wall time, total wall, CPU, peak memory.

Usage: python benchmarks/pipeline_scale.py [--articles N] [--workers W] [--seed S] [--keep DIR]

CPU counts this process and its extraction workers. Peak RSS is the largest resident memory of this
process and all its descendants together, sampled from /proc during the run (what the machine needed
at once); the table gives it per step too. The load average is printed, since a shared machine slows
every figure down.
Last lines: RESULT peak_rss_mb <MB>, then RESULT articles_per_s <articles / wall second>.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import sys
import tempfile
import threading
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


def step_windows(instance: DagsterInstance, run_id: str) -> dict[str, list[tuple[float, float]]]:
    """(start, end) epoch seconds of each step of the run, from its start and end events."""
    started, windows = {}, defaultdict(list)
    for entry in instance.all_logs(run_id):
        event = entry.dagster_event
        if event is None or event.step_key is None:
            continue
        if event.event_type == DagsterEventType.STEP_START:
            started[event.step_key] = entry.timestamp
        elif event.event_type in (DagsterEventType.STEP_SUCCESS, DagsterEventType.STEP_FAILURE):
            windows[event.step_key].append((started.pop(event.step_key, entry.timestamp), entry.timestamp))
    return dict(windows)


def _rss_mb(pid: int) -> float:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:  # the process ended between listing and reading
        return 0.0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return int(match.group(1)) / 1024 if match else 0.0


def _descendants(pid: int) -> list[int]:
    found, pending = [], [pid]
    while pending:
        parent = pending.pop()
        for children in Path(f"/proc/{parent}").glob("task/*/children"):
            try:
                kids = [int(k) for k in children.read_text().split()]
            except OSError:
                continue
            found += kids
            pending += kids
    return found


class MemorySampler:
    """Resident memory of this process and of all its descendants, read from /proc every `interval`
    seconds: what the machine held at once. (ru_maxrss of the children cannot say it: a child
    started by fork reports its parent's size at that moment, even when it shares those pages or
    replaces them by exec.)"""

    def __init__(self, interval: float = 0.2):
        self.interval = interval
        self.samples: list[tuple[float, float, float]] = []  # (epoch s, this process MB, descendants MB)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        if Path("/proc/self/status").exists():
            self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        own = os.getpid()
        while not self._stop.wait(self.interval):
            children = sum(_rss_mb(pid) for pid in _descendants(own))
            self.samples.append((time.time(), _rss_mb(own), children))

    def peak(self, start: float = 0.0, end: float = float("inf")) -> tuple[float, float, float]:
        """Peak of the sum, and the largest this process and its descendants each reached, in [start, end]."""
        inside = [s for s in self.samples if start <= s[0] <= end] or [(0.0, 0.0, 0.0)]
        return max(s[1] + s[2] for s in inside), max(s[1] for s in inside), max(s[2] for s in inside)


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
    with MemorySampler() as memory:
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
    windows = step_windows(instance, result.run_id)
    print(f"{'step':<48}{'wall s':>8}{'peak MB':>9}{'main MB':>9}{'children MB':>12}")
    for step, spans in sorted(windows.items(), key=lambda item: -sum(end - start for start, end in item[1])):
        peaks = [memory.peak(start, end) for start, end in spans]
        total, own, children = (max(p[i] for p in peaks) for i in range(3))
        seconds = sum(end - start for start, end in spans)
        print(f"{step[:47]:<48}{seconds:>8.1f}{total:>9.0f}{own:>9.0f}{children:>12.0f}")
    peak_mb, own_peak, children_peak = memory.peak()
    print(f"total wall {wall:.1f} s, CPU {cpu:.1f} s ({cpu / wall:.2f} cores busy), "
          f"{kept / cpu:.1f} articles per CPU second")  # fmt: skip
    print(f"peak RSS (sampled every {memory.interval} s): this process and its workers together {peak_mb:.0f} MB; "
          f"this process alone {own_peak:.0f} MB, its workers together {children_peak:.0f} MB; "
          f"ru_maxrss of this process {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    workers_cpu = _children_cpu_seconds()
    if workers > 1:  # the workers did the extraction (parse + grammars) and nothing else
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
