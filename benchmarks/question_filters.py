"""CPU cost of the question stages that read the whole month: qa_candidates (templates), qa_ner_presence
and qa_linter, on months kept by `benchmarks/pipeline_scale.py --articles N --keep DIR`.

Usage: python benchmarks/question_filters.py DIR [DIR ...]   (e.g. the kept 720- and 2,880-article months)

Each stage runs in a fresh process on the kept month's tables and parse cache, timed in CPU seconds of
that process (a shared machine changes wall time far more), and writes nothing back. The NER filter
reads the entity names that extraction writes beside each parse; on a month kept by older code its
first run makes them. With two or more months, the last line compares the linter's CPU per article
of the largest with the smallest (1.0 when its cost grows linearly with the month's articles).
Last line: RESULT linter_cpu_ms_per_article <ms> (one month) or RESULT linter_scaling <ratio>.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd

MONTH = "2025-09-01"  # the month pipeline_scale.py writes
STAGES = ("qa_candidates", "qa_ner_presence", "qa_linter")


def _tables(data: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    for name in ("news_articles", "qa_candidates", "subgraphs"):
        if not (data / name / f"{MONTH}.parquet").exists():
            raise SystemExit(f"{data} has no {name} table: give a directory kept by pipeline_scale.py --keep")
    return pd.read_parquet(data / "news_articles" / f"{MONTH}.parquet"), pd.read_parquet(
        data / "qa_candidates" / f"{MONTH}.parquet"
    )


def run_stage(stage: str, data: Path) -> float:
    """CPU seconds of one stage's core call in this process."""
    from dagster_project.core.common.parses import ParseCache
    from dagster_project.core.filters.linter import lint
    from dagster_project.core.filters.ner_presence import ner_presence
    from dagster_project.core.graph.rdf import MonthGraph
    from dagster_project.core.questions.strategies import TemplateQuestionGenerator

    articles, qa = _tables(data)
    parses = ParseCache(data / "parses")
    if stage == "qa_candidates":
        subgraphs = pd.read_parquet(data / "subgraphs" / f"{MONTH}.parquet")
        index = MonthGraph.load(data / "knowledge_graph" / f"{MONTH}.nq").index
        started = time.process_time()
        TemplateQuestionGenerator().generate(subgraphs, index, _QuietLog())
    elif stage == "qa_ner_presence":
        started = time.process_time()
        ner_presence(qa, articles, entities_of=parses.entity_names)
    else:
        started = time.process_time()
        lint(qa, articles, parse=parses.parse_to_keep)
    return time.process_time() - started


class _QuietLog:
    def info(self, message: str) -> None:
        pass

    warning = info


def measure(directory: Path) -> tuple[int, int, dict[str, float]]:
    """(articles, questions, CPU seconds per stage), each stage in a fresh process."""
    articles, qa = _tables(directory / "data")
    seconds = {}
    for stage in STAGES:
        done = subprocess.run(
            [sys.executable, __file__, "--stage", stage, str(directory / "data")],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"{stage} failed on {directory}:\n{done.stderr[-2000:]}")
        seconds[stage] = float(done.stdout.split()[-1])
    return len(articles), len(qa), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("months", nargs="+", type=Path, help="directories kept by pipeline_scale.py --keep")
    parser.add_argument("--stage", choices=STAGES, help=argparse.SUPPRESS)  # one stage, in a child process
    args = parser.parse_args()
    if args.stage:
        print(f"{run_stage(args.stage, args.months[0]):.4f}")
        return
    rows = []
    for directory in args.months:
        articles, questions, seconds = measure(directory)
        rows.append((articles, seconds["qa_linter"] / articles * 1000))
        cells = ", ".join(f"{stage} {value:.2f} s" for stage, value in seconds.items())
        print(f"{directory}: {articles} articles, {questions} questions: {cells} "
              f"(linter {rows[-1][1]:.2f} ms per article; load average {os.getloadavg()[0]:.1f})")  # fmt: skip
    if len(rows) == 1:
        print(f"RESULT linter_cpu_ms_per_article {rows[0][1]:.2f}")
        return
    smallest, largest = min(rows), max(rows)
    print(f"RESULT linter_scaling {largest[1] / smallest[1]:.2f}")


if __name__ == "__main__":
    main()
