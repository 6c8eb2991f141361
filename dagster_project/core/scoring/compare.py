"""Paired comparison of two scored runs on the same release and the same questions.

For each metric: both values, delta = B - A, a paired bootstrap 95% CI of delta and a two-sided
permutation-test p-value. A winner is named only when the difference is significant: p < alpha
and the CI excludes 0 (seed 002 named a winner on any delta over 0.02, which noise alone can give).
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from .evaluate import ratio_arrays, run_metric_names
from .runs import Run
from .stats import DEFAULT_PERMUTATIONS, DEFAULT_SAMPLES, paired_test

DEFAULT_ALPHA = 0.05


class IncomparableRunsError(ValueError):
    pass


@dataclass(frozen=True)
class MetricComparison:
    metric: str
    n: int
    value_a: float
    value_b: float
    delta: float
    ci_low: float
    ci_high: float
    p_value: float
    significant: bool
    winner: str  # "A", "B" or "" (no significant difference)


def compare_runs(
    run_a: Run,
    run_b: Run,
    *,
    scope: str = "overall",
    alpha: float = DEFAULT_ALPHA,
    samples: int = DEFAULT_SAMPLES,
    permutations: int = DEFAULT_PERMUTATIONS,
    seed: int = 0,
    metrics: list[str] | None = None,
) -> list[MetricComparison]:
    a, b = _paired_questions(run_a, run_b, scope)
    names = _metrics_to_compare(a, b, run_a.metrics["config"]["ks"], metrics)
    num_a, den_a = ratio_arrays(a, names)
    num_b, den_b = ratio_arrays(b, names)
    results = []
    for column, name in enumerate(names):
        test = paired_test(
            num_a[:, column],
            den_a[:, column],
            num_b[:, column],
            den_b[:, column],
            samples=samples,
            permutations=permutations,
            seed=seed + column,
        )
        significant = bool(test.p_value < alpha and (test.ci_low > 0 or test.ci_high < 0))
        winner = ("B" if test.delta > 0 else "A") if significant else ""
        results.append(
            MetricComparison(
                name,
                test.n,
                test.value_a,
                test.value_b,
                test.delta,
                test.ci_low,
                test.ci_high,
                test.p_value,
                significant,
                winner,
            )
        )
    return results


def _paired_questions(run_a: Run, run_b: Run, scope: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Both runs' per-question rows in `scope`, in the same order; refuses runs that cannot be paired."""
    if run_a.metrics.get("version") != run_b.metrics.get("version"):
        raise IncomparableRunsError(
            f"runs are on different releases: {run_a.metrics.get('version')} vs {run_b.metrics.get('version')}"
        )
    a, b = run_a.per_question, run_b.per_question
    if scope != "overall":
        a, b = a[a["type"] == scope], b[b["type"] == scope]
    ids_a, ids_b = set(a["public_id"]), set(b["public_id"])
    if ids_a != ids_b:
        raise IncomparableRunsError(f"runs score different questions ({len(ids_a ^ ids_b)} differ)")
    if not ids_a:
        raise IncomparableRunsError(f"no questions in scope {scope!r}")
    return a.sort_values("public_id").reset_index(drop=True), b.sort_values("public_id").reset_index(drop=True)


def _metrics_to_compare(a: pd.DataFrame, b: pd.DataFrame, ks, metrics: list[str] | None) -> list[str]:
    """The requested metrics (all that both runs have, by default); refuses unknown ones."""
    available = _common_metrics(a, b, ks)
    unknown = [m for m in metrics or [] if m not in available]
    if unknown:
        raise IncomparableRunsError(
            f"unknown metric(s) {', '.join(unknown)}; available: {', '.join(sorted(available))}"
        )
    return metrics or [n for n in run_metric_names(ks, available) if n in available]


def _common_metrics(a: pd.DataFrame, b: pd.DataFrame, ks) -> set[str]:
    pooled_ok = {"ifeval_correctness", "ifeval_safety"}
    names = run_metric_names(ks, set(a.columns) & set(b.columns))  # LLM metrics when both runs have them
    return {n for n in names if n in pooled_ok or (n in a.columns and n in b.columns)}

