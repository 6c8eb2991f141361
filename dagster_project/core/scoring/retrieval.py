"""Retrieval metrics for one question: ranked public text ids against the gold public text ids.

Standard definitions (k = cut-off):
- hit@k: 1 if any gold text is in the top k;
- recall@k: gold texts in the top k / gold texts;
- precision@k: gold texts in the top k / k (a list shorter than k is not rewarded for being short);
- ndcg@k: binary-relevance DCG of the top k / the ideal DCG (all gold texts first);
- mrr: 1 / rank of the first gold text in the whole list (0 when none).

DRAGON's own definitions (rag_bench.evaluator, reproduced so numbers match its leaderboard):
- dragon_hit_rate: any gold text anywhere in the list;
- dragon_mrr: 1 / rank of the first gold text anywhere in the list;
- dragon_precision: gold texts in the list / length of the list (0 for an empty list).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

DEFAULT_KS = (5, 10)


def retrieval_metrics(found: Sequence[int], gold: Sequence[int], ks: Sequence[int] = DEFAULT_KS) -> dict[str, float]:
    gold_set = set(gold)
    relevant = [1 if doc in gold_set else 0 for doc in found]
    first = next((rank for rank, rel in enumerate(relevant, start=1) if rel), None)
    metrics: dict[str, float] = {"mrr": 1.0 / first if first else 0.0}
    for k in ks:
        top = relevant[:k]
        hits = sum(top)
        metrics[f"hit@{k}"] = 1.0 if hits else 0.0
        metrics[f"recall@{k}"] = hits / len(gold_set) if gold_set else 0.0
        metrics[f"precision@{k}"] = hits / k
        dcg = sum(rel / math.log2(rank + 1) for rank, rel in enumerate(top, start=1))
        ideal = sum(1 / math.log2(rank + 1) for rank in range(1, min(k, len(gold_set)) + 1))
        metrics[f"ndcg@{k}"] = dcg / ideal if ideal else 0.0
    metrics["dragon_hit_rate"] = 1.0 if first else 0.0
    metrics["dragon_mrr"] = metrics["mrr"]
    metrics["dragon_precision"] = sum(relevant) / len(found) if found else 0.0
    return metrics


def retrieval_metric_names(ks: Sequence[int] = DEFAULT_KS) -> list[str]:
    names = ["mrr"]
    for k in ks:
        names += [f"hit@{k}", f"recall@{k}", f"precision@{k}", f"ndcg@{k}"]
    return names + ["dragon_hit_rate", "dragon_mrr", "dragon_precision"]
