"""The leaderboard of one release: every submission in <submissions>/<version>/*.json, plus the
offline baseline, scored the same way and ranked by a primary metric.

An invalid submission does not stop the leaderboard: it gets a row with status "invalid" and its
problems are returned as per-item failures (file, message).
"""

from __future__ import annotations

import html
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from .baseline import BASELINE_NAME, baseline_submission
from .compare import compare_runs
from .evaluate import DEFAULT_CONFIG, Evaluation, ScoringConfig, evaluate
from .report import _fmt, html_page
from .runs import Run, write_run
from .submission import Gold, SubmissionError, load_submission

PRIMARY_METRIC = "containment"
COLUMNS = ["hit@5", "ndcg@5", "mrr", "containment", "token_f1", "rougeL", "set_f1", "ifeval_correctness"]


@dataclass
class Leaderboard:
    version: str
    table: pd.DataFrame
    failures: list[tuple[str, str]] = field(default_factory=list)  # (submission file, problem)
    runs_dir: Path | None = None


def submissions_for(submissions_root: Path | str, version: str) -> list[Path]:
    folder = Path(submissions_root) / version
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def build_leaderboard(
    gold: Gold,
    public_questions: pd.DataFrame,
    submissions_root: Path | str,
    out_dir: Path | str,
    config: ScoringConfig = DEFAULT_CONFIG,
    primary: str = PRIMARY_METRIC,
) -> Leaderboard:
    out = Path(out_dir)
    evaluations: dict[str, Evaluation] = {}
    failures: list[tuple[str, str]] = []
    statuses: dict[str, str] = {}

    baseline = baseline_submission(gold.texts, public_questions)
    evaluations[BASELINE_NAME] = evaluate(gold, baseline, config, name=BASELINE_NAME)
    statuses[BASELINE_NAME] = "ok (offline baseline)"
    for path in submissions_for(submissions_root, gold.version):
        name = path.stem if path.stem != BASELINE_NAME else f"{path.stem} (submitted)"
        try:
            entries = load_submission(path, gold)
        except SubmissionError as exc:
            failures += [(path.name, problem) for problem in exc.problems]
            statuses[name] = f"invalid: {len(exc.problems)} problem(s)"
            continue
        evaluations[name] = evaluate(gold, entries, config, name=name)
        statuses[name] = "ok"

    runs: dict[str, Run] = {}
    for name, evaluation in evaluations.items():
        folder = out / "runs" / _safe_name(name)
        write_run(folder, evaluation)
        runs[name] = Run(folder, evaluation.metrics, evaluation.per_question)

    rows = []
    for name, status in statuses.items():
        row = {"submission": name, "status": status}
        if name in runs:
            overall = runs[name].metrics["metrics"]["overall"]
            row.update({metric: overall[metric]["value"] for metric in COLUMNS})
            row[f"{primary}_ci"] = _fmt(overall[primary])
            row["missing_answers"] = runs[name].metrics["missing_answers"]["count"]
            row["vs_baseline"] = _versus_baseline(runs, name, primary, config)
        rows.append(row)
    table = pd.DataFrame(rows)
    table["_scored"] = table["status"].str.startswith("ok")
    table = table.sort_values(["_scored", primary], ascending=[False, False], na_position="last").drop(
        columns="_scored"
    )
    table.insert(0, "rank", [i + 1 if s.startswith("ok") else None for i, s in enumerate(table["status"])])
    table = table.reset_index(drop=True)
    board = Leaderboard(gold.version, table, failures, out / "runs")
    (out / "leaderboard.md").write_text(leaderboard_markdown(board, primary), encoding="utf-8")
    (out / "leaderboard.html").write_text(leaderboard_html(board, primary), encoding="utf-8")
    (out / "leaderboard.json").write_text(
        json.dumps(
            {"version": gold.version, "primary": primary, "rows": _json_rows(table)}, ensure_ascii=False, indent=2
        ),
        encoding="utf-8",
    )
    return board


def _versus_baseline(runs: dict[str, Run], name: str, primary: str, config: ScoringConfig) -> str:
    if name == BASELINE_NAME:
        return "-"
    (result,) = compare_runs(
        runs[BASELINE_NAME], runs[name], metrics=[primary], samples=max(config.bootstrap_samples, 200), seed=config.seed
    )
    if not result.significant:
        return f"no significant difference (p={result.p_value:.3f})"
    return f"{'better' if result.winner == 'B' else 'worse'} (delta {result.delta:+.3f}, p={result.p_value:.3f})"


def _safe_name(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)


def _json_rows(table: pd.DataFrame) -> list[dict]:
    rows = []
    for record in table.to_dict(orient="records"):
        rows.append({k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in record.items()})
    return rows


def _display(table: pd.DataFrame) -> pd.DataFrame:
    shown = table.copy()
    for column in COLUMNS:
        if column in shown:
            shown[column] = shown[column].map(lambda v: "" if v is None or pd.isna(v) else f"{v:.3f}")
    shown["rank"] = shown["rank"].map(lambda v: "" if v is None or pd.isna(v) else str(int(v)))
    return shown.fillna("")


def leaderboard_markdown(board: Leaderboard, primary: str = PRIMARY_METRIC) -> str:
    lines = [
        f"# Leaderboard, release {board.version}",
        "",
        f"Ranked by {primary} (overall); the CI column is its 95% bootstrap interval. 'vs_baseline' is a paired "
        "permutation test on the same questions.",
        "",
        _display(board.table).to_markdown(index=False),
        "",
    ]
    if board.failures:
        lines += ["## Invalid submissions", ""] + [f"- {name}: {problem}" for name, problem in board.failures] + [""]
    return "\n".join(lines)


def leaderboard_html(board: Leaderboard, primary: str = PRIMARY_METRIC) -> str:
    table = _display(board.table).to_html(index=False, escape=True, border=0)
    problems = "".join(f"<li>{html.escape(n)}: {html.escape(p)}</li>" for n, p in board.failures)
    body = (
        f"<h1>Leaderboard, release {html.escape(board.version)}</h1>"
        f"<p>Ranked by {html.escape(primary)} (overall), with 95% bootstrap intervals.</p>{table}"
        + (f"<h2>Invalid submissions</h2><ul>{problems}</ul>" if problems else "")
    )
    return html_page(f"ragbench leaderboard {board.version}", body)
