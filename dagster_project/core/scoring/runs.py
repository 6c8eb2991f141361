"""A scored run on disk: the folder `ragbench evaluate --out DIR` writes, and reading it back."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .evaluate import Evaluation
from .report import html_report, markdown_report

METRICS_FILE = "metrics.json"
PER_QUESTION_FILE = "per_question.parquet"
MARKDOWN_FILE = "report.md"
HTML_FILE = "report.html"


class RunNotFoundError(FileNotFoundError):
    pass


def write_run(out_dir: Path | str, evaluation: Evaluation) -> dict[str, Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {
        "metrics": out / METRICS_FILE,
        "per_question": out / PER_QUESTION_FILE,
        "markdown": out / MARKDOWN_FILE,
        "html": out / HTML_FILE,
    }
    paths["metrics"].write_text(json.dumps(evaluation.metrics, ensure_ascii=False, indent=2), encoding="utf-8")
    evaluation.per_question.to_parquet(paths["per_question"], index=False)
    paths["markdown"].write_text(markdown_report(evaluation.metrics), encoding="utf-8")
    paths["html"].write_text(html_report(evaluation.metrics), encoding="utf-8")
    return paths


@dataclass(frozen=True)
class Run:
    path: Path
    metrics: dict
    per_question: pd.DataFrame


def load_run(path: Path | str) -> Run:
    folder = Path(path)
    metrics_file, per_question_file = folder / METRICS_FILE, folder / PER_QUESTION_FILE
    if not metrics_file.exists() or not per_question_file.exists():
        raise RunNotFoundError(f"{folder} is not a scored run (expected {METRICS_FILE} and {PER_QUESTION_FILE})")
    return Run(folder, json.loads(metrics_file.read_text(encoding="utf-8")), pd.read_parquet(per_question_file))
