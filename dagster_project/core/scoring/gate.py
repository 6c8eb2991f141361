"""Quality gates for CI pipelines (seed 002): a run fails when a metric is under its threshold.

Thresholds file (YAML or JSON):

    use: ci_low            # or "value": compare the point value instead of the lower CI bound
    thresholds:
      overall.hit@5: 0.6   # scope.metric; a bare metric name means overall
      mh.containment: 0.2
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from ..common.safe_yaml import safe_load
from .runs import Run

MODES = ("ci_low", "value")


class GateConfigError(ValueError):
    pass


@dataclass(frozen=True)
class GateResult:
    key: str
    threshold: float
    observed: float | None
    mode: str
    passed: bool
    reason: str


def load_thresholds(path: Path | str) -> tuple[dict[str, float], str]:
    try:
        data = safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise GateConfigError(f"cannot read thresholds file {path}: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("thresholds"), dict) or not data["thresholds"]:
        raise GateConfigError(f"{path}: expected a mapping with a non-empty 'thresholds' mapping")
    mode = data.get("use", "ci_low")
    if mode not in MODES:
        raise GateConfigError(f"{path}: 'use' must be one of {', '.join(MODES)}, got {mode!r}")
    thresholds = {}
    for key, value in data["thresholds"].items():
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise GateConfigError(f"{path}: threshold of {key!r} must be a number, got {value!r}")
        thresholds[str(key)] = float(value)
    return thresholds, mode


def check_gates(run: Run, thresholds: dict[str, float], mode: str = "ci_low") -> list[GateResult]:
    """One result per threshold. A metric the run does not have is a configuration error."""
    metrics = run.metrics["metrics"]
    results = []
    for key, threshold in thresholds.items():
        scope, _, name = key.rpartition(".") if "." in key else ("overall", "", key)
        # Metric names contain "@" but no ".", so the last dot separates scope and metric.
        if scope not in metrics or name not in metrics[scope]:
            raise GateConfigError(f"unknown metric {key!r} (scopes: {', '.join(metrics)})")
        cell = metrics[scope][name]
        observed = cell["ci_low"] if mode == "ci_low" else cell["value"]
        if mode == "ci_low" and observed is None and cell["value"] is not None:
            raise GateConfigError(f"{key}: the run has no confidence intervals (scored without bootstrap); use value")
        if observed is None:
            results.append(GateResult(key, threshold, None, mode, False, "metric undefined on this run"))
            continue
        passed = observed >= threshold
        reason = f"{mode} {observed:.4f} {'>=' if passed else '<'} {threshold:.4f}"
        results.append(GateResult(key, threshold, observed, mode, passed, reason))
    return results
