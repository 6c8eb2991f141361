"""RAGAS-style metrics judged by an LLM (seeds 001 and 002), per question, over an OpenAI-compatible
chat endpoint (the judge) and an embeddings endpoint.

- faithfulness: the answer, split into sentences by razdel, is rewritten into atomic statements;
  the judge marks each statement supported (1) or not (0) by the retrieved contexts; the score is
  the supported share.
- answer_relevancy: the judge writes N questions the answer would answer (and flags a
  noncommittal answer, which scores 0); the score is the mean cosine similarity between the
  embeddings of those questions and of the real question.
- context_precision: the judge marks each retrieved context useful or not for reaching the
  reference answer; the score is the average precision over the ranks: sum_k(precision@k * v_k) /
  (useful contexts), 0 when none is useful.
- context_recall: the reference answer's statements, each attributable to the contexts or not;
  the score is the attributable share.
- answer_correctness: statements of the answer and of the reference compared by the judge: TP =
  answer statements the reference supports, FP = the others, FN = reference statements the answer
  misses; F1 = TP / (TP + (FP + FN) / 2), then w * F1 + (1 - w) * cosine(answer, reference).

Every judge reply is validated by a pydantic model (and its statement numbers checked); a reply
that stays invalid after the client's repair round is a counted failure of the item's metrics,
never a value. Values that do not exist are NaN with a recorded reason, so coverage shows them:
no NaN is dropped from a mean unreported. A blank answer scores 0 on the answer metrics and an
empty retrieval 0 on the context metrics (and faithfulness), as the deterministic scorer does.
Judge replies and embeddings are cached on disk; tokens and an estimated cost are reported.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import pandas as pd
import razdel
from pydantic import BaseModel, Field, field_validator

from ..llm.cache import ResponseCache, cache_key
from ..llm.client import LLMClient, LLMResult, LLMSettings, LLMTask, ReplyInvalid, pydantic_parser
from ..llm.prompts import render_messages
from ..llm.stage import prompt_sha256
from .submission import Entry, Gold

LLM_METRICS = ["faithfulness", "answer_relevancy", "context_precision", "context_recall", "answer_correctness"]
DEFAULT_CORRECTNESS_WEIGHT = 0.75  # RAGAS's default weights: 0.75 statement F1, 0.25 semantic similarity
DEFAULT_RELEVANCY_QUESTIONS = 3
PROMPTS = {
    "statements": "metric_statements.j2",
    "faithfulness": "metric_faithfulness.j2",
    "answer_relevancy": "metric_answer_relevancy.j2",
    "context_precision": "metric_context_precision.j2",
    "context_recall": "metric_context_recall.j2",
    "answer_correctness": "metric_answer_correctness.j2",
}
# which judge tasks each metric needs (besides the final verdicts of its own prompt)
NEEDS_ANSWER_STATEMENTS = {"faithfulness", "answer_correctness"}
NEEDS_REFERENCE_STATEMENTS = {"context_recall", "answer_correctness"}
NEEDS_EMBEDDINGS = {"answer_relevancy", "answer_correctness"}


# --- the judge's replies --------------------------------------------------------------------------


class StatementsReply(BaseModel):
    statements: list[str]

    @field_validator("statements")
    @classmethod
    def _not_blank(cls, value: list[str]) -> list[str]:
        return [s.strip() for s in value if s.strip()]


class StatementVerdict(BaseModel):
    statement: int
    verdict: Literal[0, 1]
    reason: str = ""


class VerdictsReply(BaseModel):
    verdicts: list[StatementVerdict]


class QuestionsReply(BaseModel):
    questions: list[str] = Field(min_length=1)
    noncommittal: Literal[0, 1]


class ContextVerdict(BaseModel):
    verdict: Literal[0, 1]
    reason: str = ""


class AnswerStatement(BaseModel):
    statement: int
    supported: Literal[0, 1]


class ReferenceStatement(BaseModel):
    statement: int
    covered: Literal[0, 1]


class CorrectnessReply(BaseModel):
    answer: list[AnswerStatement]
    reference: list[ReferenceStatement]


def _numbered_once(numbers: Sequence[int], count: int, what: str) -> None:
    """The judge must give exactly one verdict for each of statements 1..count."""
    if sorted(numbers) != list(range(1, count + 1)):
        raise ReplyInvalid(f"expected one verdict for each {what} 1..{count}, got numbers {list(numbers)}")


def _verdicts_parser(count: int) -> Callable[[str], VerdictsReply]:
    return pydantic_parser(VerdictsReply, lambda r: _numbered_once([v.statement for v in r.verdicts], count,
                                                                   "statement"))  # fmt: skip


def _correctness_parser(answer_count: int, reference_count: int) -> Callable[[str], CorrectnessReply]:
    def check(reply: CorrectnessReply) -> None:
        _numbered_once([s.statement for s in reply.answer], answer_count, "answer statement")
        _numbered_once([s.statement for s in reply.reference], reference_count, "reference statement")

    return pydantic_parser(CorrectnessReply, check)


# --- the arithmetic (RAGAS's definitions) ---------------------------------------------------------


def supported_share(verdicts: Sequence[int]) -> float:
    return sum(verdicts) / len(verdicts)


def average_precision(useful: Sequence[int]) -> float:
    """sum over ranks k of precision@k * useful_k, divided by the number of useful contexts."""
    hits, total = 0, 0.0
    for rank, verdict in enumerate(useful, 1):
        if verdict:
            hits += 1
            total += hits / rank
    return total / hits if hits else 0.0


def statement_f1(tp: int, fp: int, fn: int) -> float:
    denominator = tp + 0.5 * (fp + fn)
    return tp / denominator if denominator else 0.0


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    u, v = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    norm = float(np.linalg.norm(u) * np.linalg.norm(v))
    return float(u @ v / norm) if norm else 0.0


def answer_correctness(f1: float, similarity: float, weight: float) -> float:
    return weight * f1 + (1 - weight) * similarity


# --- inputs, configuration, results --------------------------------------------------------------


@dataclass(frozen=True)
class MetricInput:
    """One scored question: what the system answered from which contexts, and the reference."""

    public_id: int
    question: str
    answer: str
    contexts: tuple[str, ...]
    reference: str


DEFAULT_CONTEXTS = 5


def metric_inputs(gold: Gold, entries: dict[int, Entry], contexts: int = DEFAULT_CONTEXTS) -> list[MetricInput]:
    """The judge's view of a scored submission: each question's answer, the texts of its first
    `contexts` found ids (the retrieved contexts), and the release's answer as the reference."""
    text_of = {int(i): str(t) for i, t in zip(gold.texts["id"], gold.texts["text"], strict=True)}
    inputs = []
    for question in gold.questions.itertuples(index=False):
        entry = entries.get(question.public_id, Entry(found_ids=(), model_answer=""))
        found = tuple(text_of[i] for i in entry.found_ids[:contexts])
        inputs.append(MetricInput(question.public_id, question.question, entry.model_answer, found, question.answer))
    return inputs


@dataclass(frozen=True)
class LLMMetricsConfig:
    metrics: tuple[str, ...] = tuple(LLM_METRICS)
    correctness_weight: float = DEFAULT_CORRECTNESS_WEIGHT
    relevancy_questions: int = DEFAULT_RELEVANCY_QUESTIONS
    price_input_per_million: float | None = None  # USD per 1M prompt tokens of the judge
    price_output_per_million: float | None = None

    def __post_init__(self):
        unknown = [m for m in self.metrics if m not in LLM_METRICS]
        if unknown:
            raise ValueError(f"unknown LLM metric(s) {', '.join(unknown)}; known: {', '.join(LLM_METRICS)}")
        if not 0 <= self.correctness_weight <= 1:
            raise ValueError(f"the correctness weight must be within 0..1, got {self.correctness_weight}")
        if self.relevancy_questions < 1:
            raise ValueError("at least one generated question is needed for answer relevancy")

    def needs_embeddings(self) -> bool:
        wanted = set(self.metrics) & NEEDS_EMBEDDINGS
        return bool(wanted - {"answer_correctness"}) or ("answer_correctness" in wanted and self.correctness_weight < 1)


@dataclass
class LLMMetricScores:
    per_question: pd.DataFrame  # public_id, one column per metric (NaN = not scored), llm_errors (JSON)
    report: dict  # for metrics.json: judge, calls, tokens, cost, failures and unscored items per metric


@dataclass
class _Item:
    """What one question needs and gets during scoring."""

    source: MetricInput
    values: dict[str, float] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)  # metric -> why it failed (a counted failure)
    unscored: dict[str, str] = field(default_factory=dict)  # metric -> why it does not exist
    answer_statements: list[str] | None = None
    reference_statements: list[str] | None = None
    generated: QuestionsReply | None = None

    def open(self, metric: str) -> bool:
        """Still to be decided (not given a value, a failure or a reason yet)."""
        return metric not in self.values and metric not in self.errors and metric not in self.unscored

    def fail(self, metrics, error: str) -> None:
        for metric in metrics:
            if self.open(metric):
                self.errors[metric] = error


class EmbeddingCache:
    """Embeddings of texts from an OpenAI-compatible /embeddings endpoint, cached on disk by
    (endpoint, model, text); a text whose batch failed gets None."""

    def __init__(self, settings: LLMSettings, cache: ResponseCache | None):
        self.settings = settings
        self.cache = cache
        self.requested = 0
        self.failed = 0

    def _key(self, text: str) -> str:
        return cache_key(self.settings.base_url, self.settings.model, [{"role": "embedding", "content": text}], {})

    def embed(self, texts: Sequence[str]) -> dict[str, list[float] | None]:
        unique = list(dict.fromkeys(texts))
        found: dict[str, list[float] | None] = {}
        for text in unique:
            hit = self.cache.get(self._key(text)) if self.cache is not None else None
            if hit is not None:
                found[text] = json.loads(hit[0])
        missing = [t for t in unique if t not in found]
        if missing:
            client = LLMClient(self.settings)
            vectors = asyncio.run(client.embed(missing))
            self.requested += client.stats.requests
            for text, vector in zip(missing, vectors, strict=True):
                found[text] = vector
                if vector is None:
                    self.failed += 1
                elif self.cache is not None:
                    self.cache.put(self._key(text), json.dumps(vector), {})
        return found


# --- scoring ------------------------------------------------------------------------------------


def _sentences(text: str) -> list[str]:
    return [s.text for s in razdel.sentenize(text) if s.text.strip()]


def _task(task_id: str, prompt: str, item: dict, parse, **variables) -> LLMTask:
    return LLMTask(task_id, render_messages(PROMPTS[prompt], item=item, **variables), parse)


def _first_round(items: dict[int, _Item], config: LLMMetricsConfig) -> list[LLMTask]:
    """Statements of answers and references, generated questions, per-context usefulness."""
    wanted, tasks = set(config.metrics), []
    statements = pydantic_parser(StatementsReply)
    for pid, item in items.items():
        source = item.source
        if wanted & NEEDS_ANSWER_STATEMENTS and source.answer.strip():
            payload = {"question": source.question, "sentences": _sentences(source.answer)}
            tasks.append(_task(f"statements:answer:{pid}", "statements", payload, statements))
        if wanted & NEEDS_REFERENCE_STATEMENTS and source.reference.strip():
            payload = {"question": source.question, "sentences": _sentences(source.reference)}
            tasks.append(_task(f"statements:reference:{pid}", "statements", payload, statements))
        if "answer_relevancy" in wanted and source.answer.strip():
            payload = {"answer": source.answer, "n_questions": config.relevancy_questions}
            tasks.append(_task(f"answer_relevancy:{pid}", "answer_relevancy", payload,
                               pydantic_parser(QuestionsReply), n_questions=config.relevancy_questions))  # fmt: skip
        if "context_precision" in wanted:
            for rank, context in enumerate(source.contexts):
                payload = {"question": source.question, "reference": source.reference, "context": context}
                tasks.append(_task(f"context_precision:{pid}:{rank}", "context_precision", payload,
                                   pydantic_parser(ContextVerdict)))  # fmt: skip
    return tasks


def _apply_first_round(items: dict[int, _Item], results: list[LLMResult]) -> None:
    precision: dict[int, dict[int, int]] = {}
    for result in results:
        kind, *rest = result.item_id.split(":")
        pid = int(rest[-1] if kind != "context_precision" else rest[0])
        item = items[pid]
        if kind == "statements":
            needers = NEEDS_ANSWER_STATEMENTS if rest[0] == "answer" else NEEDS_REFERENCE_STATEMENTS
            if not result.ok:
                item.fail(needers, f"{rest[0]} statements: {result.error}")
            elif rest[0] == "answer":
                item.answer_statements = result.value.statements
            else:
                item.reference_statements = result.value.statements
        elif kind == "answer_relevancy":
            if result.ok:
                item.generated = result.value
            else:
                item.fail(["answer_relevancy"], result.error)
        elif result.ok:
            precision.setdefault(pid, {})[int(rest[1])] = result.value.verdict
        else:
            item.fail(["context_precision"], f"context {int(rest[1]) + 1}: {result.error}")
    for pid, verdicts in precision.items():
        item = items[pid]
        if item.open("context_precision") and len(verdicts) == len(item.source.contexts):
            item.values["context_precision"] = average_precision([verdicts[k] for k in sorted(verdicts)])


def _second_round(items: dict[int, _Item], config: LLMMetricsConfig) -> list[LLMTask]:
    """Verdicts on statements: faithfulness, context recall, answer correctness."""
    wanted, tasks = set(config.metrics), []
    for pid, item in items.items():
        source, answer, reference = item.source, item.answer_statements, item.reference_statements
        if "faithfulness" in wanted and item.open("faithfulness") and answer:
            payload = {"contexts": list(source.contexts), "statements": answer}
            tasks.append(_task(f"faithfulness:{pid}", "faithfulness", payload, _verdicts_parser(len(answer))))
        if "context_recall" in wanted and item.open("context_recall") and reference:
            payload = {"question": source.question, "contexts": list(source.contexts), "statements": reference}
            tasks.append(_task(f"context_recall:{pid}", "context_recall", payload, _verdicts_parser(len(reference))))
        if "answer_correctness" in wanted and item.open("answer_correctness") and answer and reference:
            payload = {"question": source.question, "answer_statements": answer, "reference_statements": reference}
            tasks.append(_task(f"answer_correctness:{pid}", "answer_correctness", payload,
                               _correctness_parser(len(answer), len(reference))))  # fmt: skip
    return tasks


def _apply_second_round(items: dict[int, _Item], results: list[LLMResult]) -> dict[int, float]:
    """Values of faithfulness and context recall; the statement F1 of answer correctness per item."""
    f1s = {}
    for result in results:
        metric, pid_text = result.item_id.split(":")
        item = items[int(pid_text)]
        if not result.ok:
            item.fail([metric], result.error)
        elif metric == "answer_correctness":
            reply = result.value
            tp = sum(s.supported for s in reply.answer)
            fn = sum(1 - s.covered for s in reply.reference)
            f1s[int(pid_text)] = statement_f1(tp, len(reply.answer) - tp, fn)
        else:
            item.values[metric] = supported_share([v.verdict for v in result.value.verdicts])
    return f1s


def _decide_without_judge(item: _Item, wanted: set[str]) -> None:
    """Values that need no judge: a blank answer or an empty retrieval scores 0 (missing = wrong)."""
    source = item.source
    if not source.answer.strip():
        for metric in wanted & {"faithfulness", "answer_relevancy", "answer_correctness"}:
            item.values[metric] = 0.0
    if not source.contexts:
        for metric in wanted & {"context_precision", "context_recall", "faithfulness"}:
            item.values.setdefault(metric, 0.0)
    if not source.reference.strip():
        for metric in wanted & {"context_recall", "answer_correctness", "context_precision"}:
            if item.open(metric):
                item.unscored[metric] = "no reference answer"


def _mark_unscored(item: _Item, wanted: set[str]) -> None:
    """Metrics the judge's statements leave undefined (no statements at all)."""
    if "faithfulness" in wanted and item.open("faithfulness") and item.answer_statements == []:
        item.unscored["faithfulness"] = "the answer has no statements (e.g. a refusal)"
    if "context_recall" in wanted and item.open("context_recall") and item.reference_statements == []:
        item.unscored["context_recall"] = "the reference has no statements"
    if "answer_correctness" in wanted and item.open("answer_correctness"):
        if item.answer_statements == [] and item.reference_statements == []:
            item.unscored["answer_correctness"] = "neither the answer nor the reference has statements"


def _relevancy_texts(item: _Item) -> list[str]:
    """The real question, then the generated ones, when relevancy still needs embeddings."""
    generated = item.generated
    if generated is None or not item.open("answer_relevancy") or generated.noncommittal:
        return []
    return [item.source.question, *generated.questions]


def _correctness_pairs(items: dict[int, _Item], f1s: dict[int, float], config: LLMMetricsConfig) -> dict:
    """(answer, reference) of each item whose correctness still needs their similarity; an answer
    with no statements against a reference with some gets F1 0 here."""
    for pid, item in items.items():
        if "answer_correctness" in config.metrics and item.open("answer_correctness") and item.answer_statements == []:
            f1s[pid] = statement_f1(0, 0, len(item.reference_statements or []))
    if config.correctness_weight >= 1:
        return {}
    return {pid: [items[pid].source.answer, items[pid].source.reference] for pid in f1s
            if items[pid].open("answer_correctness")}  # fmt: skip


def _embedding_metrics(items: dict[int, _Item], f1s: dict[int, float], embedder: EmbeddingCache | None,
                       config: LLMMetricsConfig) -> None:  # fmt: skip
    """answer_relevancy, and answer_correctness (its F1 combined with the answers' similarity)."""
    weight = config.correctness_weight
    pairs = _correctness_pairs(items, f1s, config)
    texts = [t for item in items.values() for t in _relevancy_texts(item)] + [t for p in pairs.values() for t in p]
    vectors = embedder.embed(texts) if texts and embedder is not None else {}
    for pid, item in items.items():
        _set_relevancy(item, vectors)
        if pid in pairs:
            _set_from_vectors(item, "answer_correctness", vectors, pairs[pid],
                              lambda v, f1=f1s[pid]: answer_correctness(f1, cosine(v[0], v[1]), weight))  # fmt: skip
        elif pid in f1s and item.open("answer_correctness"):  # weight 1: the F1 alone
            item.values["answer_correctness"] = f1s[pid]


def _set_relevancy(item: _Item, vectors: dict) -> None:
    """0 for a noncommittal answer, else the mean cosine of the generated questions to the real one."""
    if item.generated is None or not item.open("answer_relevancy"):
        return
    if item.generated.noncommittal:
        item.values["answer_relevancy"] = 0.0
        return
    _set_from_vectors(item, "answer_relevancy", vectors, _relevancy_texts(item),
                      lambda v: float(np.mean([cosine(v[0], g) for g in v[1:]])))  # fmt: skip


def _set_from_vectors(item: _Item, metric: str, vectors: dict, texts: list[str], compute) -> None:
    found = [vectors.get(t) for t in texts]
    if any(v is None for v in found):
        item.errors[metric] = "embeddings: the endpoint gave no vector for some of the texts"
    else:
        item.values[metric] = compute(found)


def score_llm_metrics(
    inputs: Sequence[MetricInput],
    judge: LLMSettings,
    embeddings: LLMSettings | None,
    config: LLMMetricsConfig = LLMMetricsConfig(),  # noqa: B008 - frozen, never mutated
) -> LLMMetricScores:
    """Every configured metric for every input; see the module docstring for the definitions."""
    if config.needs_embeddings() and embeddings is None:
        raise ValueError("answer relevancy and answer correctness need an embeddings endpoint and model")
    wanted = set(config.metrics)
    items = {source.public_id: _Item(source) for source in inputs}
    for item in items.values():
        _decide_without_judge(item, wanted)
    client = LLMClient(judge.model_copy(update={"json_mode": True}))
    embedder = EmbeddingCache(embeddings, client.cache) if embeddings is not None else None
    try:
        _apply_first_round(items, client.run_sync(_first_round(items, config)))
        for item in items.values():
            _mark_unscored(item, wanted)
        f1s = _apply_second_round(items, client.run_sync(_second_round(items, config)))
        _embedding_metrics(items, f1s, embedder, config)
    finally:
        if client.cache is not None:
            client.cache.close()
    for item in items.values():  # anything still open lost an input to a failure upstream
        item.fail(wanted, "not scored: an earlier judge step failed")
    return LLMMetricScores(_frame(items, config), _report(items, client, embedder, judge, embeddings, config))


def _frame(items: dict[int, _Item], config: LLMMetricsConfig) -> pd.DataFrame:
    rows = []
    for pid, item in items.items():
        row = {"public_id": pid}
        row.update({metric: item.values.get(metric, math.nan) for metric in config.metrics})
        row["llm_errors"] = json.dumps(item.errors | item.unscored, ensure_ascii=False)
        rows.append(row)
    return pd.DataFrame(rows, columns=["public_id", *config.metrics, "llm_errors"])


def _report(items, client: LLMClient, embedder, judge: LLMSettings, embeddings, config: LLMMetricsConfig) -> dict:
    stats = client.stats
    failures, unscored = {}, {}
    for metric in config.metrics:
        failed = [{"public_id": pid, "error": item.errors[metric]} for pid, item in items.items()
                  if metric in item.errors]  # fmt: skip
        failures[metric] = {"count": len(failed), "items": failed}
        reasons = Counter(item.unscored[metric] for item in items.values() if metric in item.unscored)
        unscored[metric] = {"count": sum(reasons.values()), "reasons": dict(reasons)}
    cost = None
    if config.price_input_per_million is not None or config.price_output_per_million is not None:
        cost = round((stats.prompt_tokens * (config.price_input_per_million or 0)
                      + stats.completion_tokens * (config.price_output_per_million or 0)) / 1e6, 6)  # fmt: skip
    return {
        "metrics": list(config.metrics),
        "judge": {"endpoint": judge.base_url, "model": judge.model},
        "embeddings": {"endpoint": embeddings.base_url, "model": embeddings.model} if embeddings else None,
        "prompts_sha256": {name: prompt_sha256(name) for name in PROMPTS.values()},
        "correctness_weight": config.correctness_weight,
        "relevancy_questions": config.relevancy_questions,
        "judge_calls": {"ok": stats.ok, "failed": stats.failed, "from_cache": stats.cached,
                        "requests": stats.requests, "retries": stats.retries, "repairs": stats.repairs,
                        "errors_by_kind": dict(sorted(stats.errors_by_kind.items()))},  # fmt: skip
        "embedding_requests": embedder.requested if embedder else 0,
        "tokens": {"prompt": stats.prompt_tokens, "completion": stats.completion_tokens,
                   "total": stats.prompt_tokens + stats.completion_tokens},  # fmt: skip
        "estimated_cost_usd": cost,
        "prices_per_million_tokens": {"input": config.price_input_per_million,
                                      "output": config.price_output_per_million},  # fmt: skip
        "failures": failures,
        "unscored": unscored,
    }
