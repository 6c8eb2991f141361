"""Closed-book filter: small models answer each question with no context, told how long the answer
is; a question that any of them answers correctly is too easy (it can be answered from memory)
and fails.

Similarity is the token F1 of the two answers' lemmas (pymorphy3, ё folded), in 0..1, or the
cosine of their embeddings when an embeddings model is configured. Every
model's answer and similarity are kept. A model that could not answer an item is recorded as a
per-item failure; a question no model answered is 'skipped', not passed.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable

import pandas as pd
from pydantic import BaseModel

from ..common.russian import lemma_key
from ..llm.client import LLMResult, LLMTask, pydantic_parser
from ..llm.prompts import render_messages
from .verdicts import FAIL, FILTER_COLUMNS, PASS, SKIPPED

CLOSED_BOOK_PROMPT = "closed_book.j2"
CLOSED_BOOK_COLUMNS = [*FILTER_COLUMNS, "model_answers", "similarities"]


class ClosedBookReply(BaseModel):
    answer: str


def lemma_f1(prediction: str, gold: str) -> float:
    """Token F1 over lemmas (SQuAD-style, with Russian normalization)."""
    predicted, expected = lemma_key(prediction).split(), lemma_key(gold).split()
    if not predicted or not expected:
        return float(predicted == expected)
    common = sum((Counter(predicted) & Counter(expected)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(predicted), common / len(expected)
    return 2 * precision * recall / (precision + recall)


def closed_book_tasks(qa: pd.DataFrame) -> list[LLMTask]:
    parse = pydantic_parser(ClosedBookReply)
    return [
        LLMTask(
            item_id=row.qa_id,
            messages=render_messages(
                CLOSED_BOOK_PROMPT, question=row.question, answer_words=max(1, len(str(row.answer).split()))
            ),
            parse=parse,
        )
        for row in qa.itertuples(index=False)
    ]


def cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def embedding_similarity(texts: list[str], embed: Callable[[list[str]], list]) -> Callable[[str, str], float]:
    """Cosine similarity of embeddings (one request batch for all `texts`); pairs whose embedding
    failed fall back to lemma F1."""
    unique = sorted(set(texts))
    vectors = dict(zip(unique, embed(unique), strict=True))

    def similarity(prediction: str, gold: str) -> float:
        a, b = vectors.get(prediction), vectors.get(gold)
        return cosine(a, b) if a is not None and b is not None else lemma_f1(prediction, gold)

    return similarity


def closed_book_table(
    qa: pd.DataFrame,
    results_by_model: dict[str, list[LLMResult]],
    *,
    threshold: float = 0.8,
    similarity: Callable[[str, str], float] = lemma_f1,
) -> pd.DataFrame:
    by_model = {model: {r.item_id: r for r in results} for model, results in results_by_model.items()}
    rows = []
    for row in qa.itertuples(index=False):
        answers, similarities = {}, {}
        for model, results in by_model.items():
            result = results.get(row.qa_id)
            if result is not None and result.ok:
                answers[model] = result.value.answer
                similarities[model] = round(similarity(result.value.answer, row.answer), 4)
        if not similarities:
            verdict, score, reason = SKIPPED, float("nan"), "no closed-book model answered"
        else:
            score = max(similarities.values())
            guessed = [m for m, s in similarities.items() if s >= threshold]
            verdict = FAIL if guessed else PASS
            reason = (f"answered without context by {', '.join(guessed)}" if guessed
                      else f"no model's answer reaches similarity {threshold}")  # fmt: skip
            missing = sorted(set(by_model) - set(similarities))
            if missing:
                reason += f"; no answer from {', '.join(missing)}"
        rows.append(
            {
                "qa_id": row.qa_id,
                "score": score,
                "verdict": verdict,
                "reason": reason,
                "model_answers": json.dumps(answers, ensure_ascii=False),
                "similarities": json.dumps(similarities),
            }
        )
    return pd.DataFrame(rows, columns=CLOSED_BOOK_COLUMNS)
