"""Confidence intervals and significance tests over questions.

Every aggregate is a ratio sum(numerator) / sum(denominator) over questions: a plain mean has
denominator 1 per question, and a pooled aggregate (seed 004's correctness, the mean over all
conditions) has the number of conditions of the question. Questions resample as a whole, so a
bootstrap replicate of a ratio is computed on the same resampled questions for every metric.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

DEFAULT_SAMPLES = 1000
DEFAULT_PERMUTATIONS = 2000
CONFIDENCE = 0.95


@dataclass(frozen=True)
class Estimate:
    value: float
    ci_low: float
    ci_high: float


def _ratio(numerators: np.ndarray, denominators: np.ndarray) -> np.ndarray:
    """Column ratios of sums along axis -2 (questions); NaN where the denominator sums to 0."""
    num = numerators.sum(axis=-2)
    den = denominators.sum(axis=-2)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


def bootstrap_ratios(
    numerators: np.ndarray, denominators: np.ndarray, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> list[Estimate]:
    """Point estimate and percentile CI for each column of (questions x metrics) arrays.
    samples=0 gives the point estimate only (CI bounds NaN)."""
    numerators = np.asarray(numerators, dtype=float)
    denominators = np.asarray(denominators, dtype=float)
    values = _ratio(numerators, denominators)
    n = numerators.shape[0]
    if samples <= 0 or n == 0:
        return [Estimate(float(v), float("nan"), float("nan")) for v in values]
    rng = np.random.default_rng(seed)
    low_q, high_q = (1 - CONFIDENCE) / 2 * 100, (1 + CONFIDENCE) / 2 * 100
    replicates = np.empty((samples, numerators.shape[1]))
    # Chunks keep the (samples x questions x metrics) gather small in memory.
    chunk = max(1, 4_000_000 // max(1, n * numerators.shape[1]))
    for start in range(0, samples, chunk):
        stop = min(samples, start + chunk)
        index = rng.integers(0, n, size=(stop - start, n))
        replicates[start:stop] = _ratio(numerators[index], denominators[index])
    estimates = []
    for column, value in enumerate(values):
        finite = replicates[:, column][~np.isnan(replicates[:, column])]
        if finite.size == 0:
            estimates.append(Estimate(float(value), float("nan"), float("nan")))
            continue
        low, high = np.percentile(finite, [low_q, high_q])
        estimates.append(Estimate(float(value), float(low), float(high)))
    return estimates


@dataclass(frozen=True)
class PairedResult:
    value_a: float
    value_b: float
    delta: float  # b - a
    ci_low: float
    ci_high: float
    p_value: float
    n: int


def paired_test(
    num_a: np.ndarray,
    den_a: np.ndarray,
    num_b: np.ndarray,
    den_b: np.ndarray,
    samples: int = DEFAULT_SAMPLES,
    permutations: int = DEFAULT_PERMUTATIONS,
    seed: int = 0,
) -> PairedResult:
    """Paired comparison of one metric on the same questions (1-D arrays, one entry per question).

    CI: paired bootstrap of delta (both runs resampled with the same question indices).
    p-value: two-sided permutation test that swaps the two runs' values per question at random
    (the null hypothesis: the runs are exchangeable), with the +1 correction so p is never 0.
    """
    arrays = [np.asarray(a, dtype=float) for a in (num_a, den_a, num_b, den_b)]
    num_a, den_a, num_b, den_b = arrays
    n = num_a.shape[0]

    def ratio(num, den, axis=-1):
        total = den.sum(axis=axis)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(total > 0, num.sum(axis=axis) / np.where(total > 0, total, 1), np.nan)

    value_a, value_b = float(ratio(num_a, den_a)), float(ratio(num_b, den_b))
    observed = value_b - value_a
    rng = np.random.default_rng(seed)
    if n == 0 or np.isnan(observed):
        return PairedResult(value_a, value_b, observed, float("nan"), float("nan"), float("nan"), n)
    index = rng.integers(0, n, size=(samples, n))
    deltas = ratio(num_b[index], den_b[index]) - ratio(num_a[index], den_a[index])
    deltas = deltas[~np.isnan(deltas)]
    ci_low, ci_high = np.percentile(deltas, [(1 - CONFIDENCE) / 2 * 100, (1 + CONFIDENCE) / 2 * 100])
    swap = rng.random((permutations, n)) < 0.5
    perm_num_a, perm_num_b = np.where(swap, num_b, num_a), np.where(swap, num_a, num_b)
    perm_den_a, perm_den_b = np.where(swap, den_b, den_a), np.where(swap, den_a, den_b)
    permuted = ratio(perm_num_b, perm_den_b) - ratio(perm_num_a, perm_den_a)
    extreme = np.sum(np.abs(permuted) >= abs(observed) - 1e-12)
    p_value = (extreme + 1) / (permutations + 1)
    return PairedResult(value_a, value_b, observed, float(ci_low), float(ci_high), float(p_value), n)
