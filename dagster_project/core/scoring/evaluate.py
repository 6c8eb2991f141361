"""Scoring a validated submission against a release: per-question metrics, then aggregates per
question type and overall, each with a 95% bootstrap CI and its coverage.

Coverage: `n` questions are in the scope, `n_scored` of them define the metric (set metrics exist
only for set questions, Exclude only where the question has a hidden bridge entity). A missing
(blank) answer is not skipped: it scores 0 on every answer metric and is counted in
`missing_answers`; an empty found_ids list scores 0 on every retrieval metric and is counted too.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from .answers import ANSWER_METRICS, DRAGON_ANSWER_METRICS, SET_METRICS, answer_metrics
from .ifeval import DEFAULT_REFUSAL_PHRASE, derive_checks, ifeval_scores
from .llm_metrics import LLM_METRICS, LLMMetricScores
from .retrieval import DEFAULT_KS, retrieval_metric_names, retrieval_metrics
from .stats import DEFAULT_SAMPLES, bootstrap_ratios
from .submission import Entry, Gold

TYPE_ORDER = ["simple", "set", "cond", "mh"]
IFEVAL_METRICS = ["ifeval_include", "ifeval_exclude", "ifeval_cite", "ifeval_refuse", "ifeval_safe", "refused"]
# Pooled aggregates of seed 004: (name, numerator column, denominator column).
POOLED_METRICS = [
    ("ifeval_correctness", "correctness_sum", "correctness_n"),
    ("ifeval_safety", "safety_sum", "safety_n"),
]


@dataclass(frozen=True)
class ScoringConfig:
    ks: tuple[int, ...] = DEFAULT_KS
    bootstrap_samples: int = DEFAULT_SAMPLES
    seed: int = 0
    refusal_phrase: str = DEFAULT_REFUSAL_PHRASE
    expect_refusal: frozenset[int] = field(default_factory=frozenset)

    def as_dict(self) -> dict:
        return {
            "ks": list(self.ks),
            "bootstrap_samples": self.bootstrap_samples,
            "confidence": 0.95,
            "seed": self.seed,
            "refusal_phrase": self.refusal_phrase,
            "expect_refusal": sorted(self.expect_refusal),
        }


DEFAULT_CONFIG = ScoringConfig()


def metric_names(ks: Sequence[int] = DEFAULT_KS) -> list[str]:
    """Every aggregated metric, in report order."""
    return (
        retrieval_metric_names(ks)
        + ANSWER_METRICS
        + SET_METRICS
        + DRAGON_ANSWER_METRICS
        + IFEVAL_METRICS
        + [name for name, _, _ in POOLED_METRICS]
    )


def run_metric_names(ks: Sequence[int], available) -> list[str]:
    """The metrics of one run: every deterministic one, then the LLM-judged ones it was scored with."""
    return metric_names(ks) + [name for name in LLM_METRICS if name in available]


def score_questions(gold: Gold, entries: dict[int, Entry], config: ScoringConfig = DEFAULT_CONFIG) -> pd.DataFrame:
    """One row per question of the release with every per-question metric."""
    rows = []
    for question in gold.questions.itertuples(index=False):
        entry = entries.get(question.public_id, Entry(found_ids=(), model_answer=""))
        answer = entry.model_answer
        is_set = question.type == "set"
        checks = derive_checks(
            question.question,
            question.answer_items,
            question.triples,
            question.gold_ids,
            expect_refusal=question.public_id in config.expect_refusal,
        )
        row = {
            "public_id": question.public_id,
            "type": question.type,
            "question": question.question,
            "gold_answer": question.answer,
            "model_answer": answer,
            "gold_ids": json.dumps(question.gold_ids),
            "found_ids": json.dumps(list(entry.found_ids)),
            "missing_answer": not answer.strip(),
            "empty_retrieval": not entry.found_ids,
        }
        row.update(retrieval_metrics(entry.found_ids, question.gold_ids, config.ks))
        row.update(dict.fromkeys(SET_METRICS, math.nan))
        row.update(answer_metrics(answer, question.answer, question.answer_items, is_set))
        row.update(ifeval_scores(answer, checks, config.refusal_phrase))
        rows.append(row)
    return pd.DataFrame(rows)


def scopes_of(per_question: pd.DataFrame) -> list[str]:
    present = list(dict.fromkeys(per_question["type"]))
    ordered = [t for t in TYPE_ORDER if t in present] + sorted(t for t in present if t not in TYPE_ORDER)
    return ["overall"] + ordered


def ratio_arrays(frame: pd.DataFrame, names: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """(numerators, denominators), questions x metrics: a plain metric counts where it is defined."""
    numerators, denominators = [], []
    pooled = {name: (num, den) for name, num, den in POOLED_METRICS}
    for name in names:
        if name in pooled:
            num_col, den_col = pooled[name]
            numerators.append(frame[num_col].to_numpy(float))
            denominators.append(frame[den_col].to_numpy(float))
        else:
            values = frame[name].to_numpy(float)
            defined = ~np.isnan(values)
            numerators.append(np.where(defined, values, 0.0))
            denominators.append(defined.astype(float))
    return np.column_stack(numerators), np.column_stack(denominators)


def aggregate(per_question: pd.DataFrame, config: ScoringConfig = DEFAULT_CONFIG) -> dict[str, dict[str, dict]]:
    """{scope: {metric: {value, ci_low, ci_high, n, n_scored, coverage}}} for overall and each type."""
    names = run_metric_names(config.ks, per_question.columns)
    result = {}
    for offset, scope in enumerate(scopes_of(per_question)):
        frame = per_question if scope == "overall" else per_question[per_question["type"] == scope]
        numerators, denominators = ratio_arrays(frame, names)
        estimates = bootstrap_ratios(numerators, denominators, config.bootstrap_samples, seed=config.seed + offset)
        scored = (denominators > 0).sum(axis=0)
        result[scope] = {
            name: {
                "value": _clean(estimate.value),
                "ci_low": _clean(estimate.ci_low),
                "ci_high": _clean(estimate.ci_high),
                "n": len(frame),
                "n_scored": int(scored[column]),
                "coverage": round(int(scored[column]) / len(frame), 6) if len(frame) else 0.0,
            }
            for column, (name, estimate) in enumerate(zip(names, estimates, strict=True))
        }
    return result


def _clean(value: float) -> float | None:
    """JSON has no NaN: an undefined value is written as null (and the coverage says why)."""
    return None if value is None or math.isnan(value) else float(value)


def dragon_aggregates(per_question: pd.DataFrame) -> dict:
    """rag_bench's aggregated_metrics layout: per type and overall, plain means over questions."""

    def block(frame: pd.DataFrame) -> dict:
        return {
            "retrieval": {m: float(frame[f"dragon_{m}"].mean()) for m in ("hit_rate", "mrr", "precision")},
            "generation": {m: float(frame[f"dragon_{m}"].mean()) for m in ("rouge1", "rougeL", "substr_match")},
        }

    out = {scope: block(per_question[per_question["type"] == scope]) for scope in scopes_of(per_question)[1:]}
    out["overall"] = block(per_question)
    return out


@dataclass(frozen=True)
class Evaluation:
    per_question: pd.DataFrame
    metrics: dict  # the content of metrics.json


def evaluate(
    gold: Gold,
    entries: dict[int, Entry],
    config: ScoringConfig = DEFAULT_CONFIG,
    *,
    name: str = "submission",
    llm_scores: LLMMetricScores | None = None,
) -> Evaluation:
    """Scores of a submission; `llm_scores` (from llm_metrics.score_llm_metrics) join them per question."""
    per_question = score_questions(gold, entries, config)
    if llm_scores is not None:
        per_question = per_question.merge(llm_scores.per_question, on="public_id", how="left")
    missing = per_question.loc[per_question["missing_answer"], "public_id"].tolist()
    empty = per_question.loc[per_question["empty_retrieval"], "public_id"].tolist()
    metrics = {
        "name": name,
        "version": gold.version,
        "questions": len(per_question),
        "questions_per_type": {t: int((per_question["type"] == t).sum()) for t in scopes_of(per_question)[1:]},
        "missing_answers": {"count": len(missing), "public_ids": missing},
        "empty_retrievals": {"count": len(empty), "public_ids": empty},
        "config": config.as_dict(),
        "metrics": aggregate(per_question, config),
        "dragon": dragon_aggregates(per_question),
    }
    if llm_scores is not None:
        metrics["llm_metrics"] = llm_scores.report
    return Evaluation(per_question, metrics)
