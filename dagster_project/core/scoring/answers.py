"""Answer metrics for one question, Russian-aware (see text.py for the normalization).

- exact_match: the answer's lemmas equal the gold answer's lemmas; for set questions, the answer's
  items equal the gold items in any order (item F1 = 1);
- containment: the gold answer's lemmas occur in the answer as a contiguous run of whole words
  (for set questions: every gold item does), so "работает в Сбербанке" contains "Сбербанк" but
  "Сбербанковский" does not;
- token_f1: F1 of the multisets of lemmas (SQuAD-style);
- rouge1, rougeL: F-measures over normalized razdel tokens;
- set_precision, set_recall, set_f1 (set questions only): the answer is cut into items, and each
  predicted item matches at most one gold item when one's lemmas contain the other's;
- dragon_rouge1, dragon_rougeL, dragon_substr_match: DRAGON's definitions (raw razdel tokens, case
  sensitive; gold answer as a lower-cased raw substring), reproduced for comparability.

A missing (blank) answer scores 0 on every answer metric.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import razdel

from .text import contains_sequence, lemma_tokens, split_items, tokens

ANSWER_METRICS = ["exact_match", "containment", "token_f1", "rouge1", "rougeL"]
SET_METRICS = ["set_precision", "set_recall", "set_f1"]
DRAGON_ANSWER_METRICS = ["dragon_rouge1", "dragon_rougeL", "dragon_substr_match"]


def _f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0


def rouge_n(target: Sequence[str], prediction: Sequence[str], n: int = 1) -> float:
    """ROUGE-N F-measure, computed exactly as rouge_score does."""
    target_grams = Counter(tuple(target[i : i + n]) for i in range(len(target) - n + 1))
    prediction_grams = Counter(tuple(prediction[i : i + n]) for i in range(len(prediction) - n + 1))
    overlap = sum(min(count, prediction_grams[gram]) for gram, count in target_grams.items())
    precision = overlap / max(sum(prediction_grams.values()), 1)
    recall = overlap / max(sum(target_grams.values()), 1)
    return _f1(precision, recall)


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    if not a or not b:
        return 0
    previous = [0] * (len(b) + 1)
    for x in a:
        current = [0]
        for j, y in enumerate(b, start=1):
            current.append(previous[j - 1] + 1 if x == y else max(previous[j], current[j - 1]))
        previous = current
    return previous[-1]


def rouge_l(target: Sequence[str], prediction: Sequence[str]) -> float:
    """ROUGE-L F-measure (longest common subsequence), computed exactly as rouge_score does."""
    if not target or not prediction:
        return 0.0
    lcs = lcs_length(target, prediction)
    return _f1(lcs / len(prediction), lcs / len(target))


def token_f1(gold: Sequence[str], predicted: Sequence[str]) -> float:
    common = sum((Counter(gold) & Counter(predicted)).values())
    if not common:
        return 0.0
    return _f1(common / len(predicted), common / len(gold))


def _items_match(gold_item: list[str], predicted_item: list[str]) -> bool:
    if [t for t in gold_item if t != "и"] == predicted_item:  # a rejoined name lost its "и"
        return True
    return contains_sequence(predicted_item, gold_item) or contains_sequence(gold_item, predicted_item)


def _rejoin_split_names(parts: list[list[str]], gold: list[list[str]]) -> list[list[str]]:
    """Undo a split inside a gold item's own name ("Мир и труд" was cut at "и" into two parts)."""
    targets = [[t for t in g if t != "и"] for g in gold if len(g) > 1]
    out, i = [], 0
    while i < len(parts):
        for j in range(len(parts), i + 1, -1):
            joined = [t for part in parts[i:j] for t in part]
            if joined in targets:
                out.append(joined)
                i = j
                break
        else:
            out.append(parts[i])
            i += 1
    return out


def set_scores(gold_items: Sequence[str], answer: str) -> dict[str, float]:
    """Item-level precision, recall and F1, order-insensitive, one-to-one matching."""
    gold = [lemma_tokens(item) for item in gold_items]
    gold = [g for g in gold if g]
    predicted = _rejoin_split_names([lemma_tokens(item) for item in split_items(answer)], gold)
    if not gold or not predicted:
        return {"set_precision": 0.0, "set_recall": 0.0, "set_f1": 0.0}
    unmatched = list(range(len(gold)))
    matched = 0
    for item in predicted:
        for index in unmatched:
            if _items_match(gold[index], item):
                unmatched.remove(index)
                matched += 1
                break
    precision, recall = matched / len(predicted), matched / len(gold)
    return {"set_precision": precision, "set_recall": recall, "set_f1": _f1(precision, recall)}


def dragon_answer_metrics(answer: str, gold_answer: str) -> dict[str, float]:
    """rag_bench.evaluator.RAGEvaluator.evaluate_generation: rouge_score with razdel as tokenizer
    (no lower-casing), target = the model answer, prediction = the gold answer."""
    generated = [t.text for t in razdel.tokenize(answer)]
    reference = [t.text for t in razdel.tokenize(gold_answer)]
    return {
        "dragon_rouge1": rouge_n(generated, reference, 1),
        "dragon_rougeL": rouge_l(generated, reference),
        "dragon_substr_match": 1.0 if gold_answer.lower() in answer.lower() else 0.0,
    }


def answer_metrics(answer: str, gold_answer: str, gold_items: Sequence[str], is_set: bool) -> dict[str, float]:
    metrics = dragon_answer_metrics(answer, gold_answer)
    if not answer.strip():
        metrics.update(dict.fromkeys(ANSWER_METRICS, 0.0))
        if is_set:
            metrics.update(dict.fromkeys(SET_METRICS, 0.0))
        return metrics
    answer_lemmas = lemma_tokens(answer)
    gold_lemmas = lemma_tokens(gold_answer)
    items = [lemma_tokens(item) for item in gold_items] or [gold_lemmas]
    if is_set:
        metrics.update(set_scores(gold_items, answer))
        exact = metrics["set_f1"] == 1.0
    else:
        exact = answer_lemmas == gold_lemmas
    metrics["exact_match"] = 1.0 if exact else 0.0
    contained = all(contains_sequence(answer_lemmas, item) for item in items if item)
    metrics["containment"] = 1.0 if exact or contained else 0.0
    metrics["token_f1"] = token_f1(gold_lemmas, answer_lemmas)
    answer_tokens, gold_tokens = tokens(answer), tokens(gold_answer)
    metrics["rouge1"] = rouge_n(gold_tokens, answer_tokens, 1)
    metrics["rougeL"] = rouge_l(gold_tokens, answer_tokens)
    return metrics
