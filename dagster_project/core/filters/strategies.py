"""The model-backed verdict filters as strategies: acceptability (a local classifier), closed-book
(small LLMs answer without context) and the LLM judge. Each is either the model implementation or
SkippedFilter, which marks every question 'skipped' with the reason; a skipped verdict never
counts as a pass and never drops a question."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import pandas as pd

from ..common.records import ItemFailure, StageOutcome
from ..common.strategy import LLM, MODEL, Log, offline_description, skipped_description
from ..llm.client import LLMClient, LLMSettings
from ..llm.stage import client_report, llm_description, prompt_sha256, result_failures, run_llm_stage
from . import verdicts
from .acceptability import AcceptabilityClassifier, acceptability_table
from .closed_book import CLOSED_BOOK_PROMPT, closed_book_table, closed_book_tasks, embedding_similarity, lemma_f1
from .judge import JUDGE_PROMPT, judge_table, judge_tasks

NO_LLM_ENDPOINT = "no LLM endpoint configured (RAGBENCH_LLM_BASE_URL)"
NO_CLOSED_BOOK_MODELS = "no closed-book models configured (RAGBENCH_CLOSED_BOOK_MODELS)"


class VerdictFilter(Protocol):
    """A verdict table (verdicts.FILTER_COLUMNS, maybe more) with one row per question candidate."""

    def verdicts(self, qa: pd.DataFrame, log: Log) -> StageOutcome: ...

    def describe(self) -> dict: ...


@dataclass(frozen=True)
class SkippedFilter:
    reason: str

    def describe(self) -> dict:
        return skipped_description(self.reason)

    def verdicts(self, qa: pd.DataFrame, log: Log) -> StageOutcome:
        return StageOutcome(verdicts.skipped(qa, self.reason))


@dataclass(frozen=True)
class AcceptabilityFilter:
    """RuCoLA-style: P(acceptable) from a local sequence classifier; pass at or above the threshold."""

    checkpoint: str
    threshold: float = 0.7
    batch_size: int = 32

    def describe(self) -> dict:
        return {"name": "rucola-acceptability", "kind": MODEL, "checkpoint": Path(self.checkpoint).name,
                "threshold": self.threshold,
                "summary": f"transformers classifier: {Path(self.checkpoint).name}"}  # fmt: skip

    def verdicts(self, qa: pd.DataFrame, log: Log) -> StageOutcome:
        classifier = AcceptabilityClassifier(self.checkpoint, batch_size=self.batch_size)
        log.info(f"acceptability: {len(qa)} questions on {classifier.device}")
        frame = acceptability_table(qa, classifier.scores(list(qa["question"])), threshold=self.threshold)
        return StageOutcome(frame, report={"threshold": self.threshold, "device": classifier.device})


@dataclass(frozen=True)
class ClosedBookFilter:
    """Small LLMs answer without context, told the answer's length; a question any of them answers
    (similarity >= threshold: lemma token F1, or embedding cosine when an embedding model is set) fails."""

    models: list[LLMSettings]
    embedding: LLMSettings | None = None
    threshold: float = 0.8

    def _measure(self) -> str:
        if self.embedding is None:
            return "lemma token F1"
        return f"embedding cosine ({self.embedding.model}; lemma F1 where embedding failed)"

    def describe(self) -> dict:
        names = [m.model for m in self.models]
        return {
            "name": "llm-closed-book",
            "kind": LLM,
            "models": names,
            "prompts_sha256": {CLOSED_BOOK_PROMPT: prompt_sha256(CLOSED_BOOK_PROMPT)},
            "similarity": self._measure(),
            "threshold": self.threshold,
            "summary": f"llm closed-book: {', '.join(names)} (prompt {CLOSED_BOOK_PROMPT}), {self._measure()}",
        }

    def verdicts(self, qa: pd.DataFrame, log: Log) -> StageOutcome:
        tasks = closed_book_tasks(qa)
        results_by_model, failures, stats = {}, [], {}
        for settings in self.models:
            client, results = run_llm_stage(settings, "closed_book", tasks, log)
            results_by_model[settings.model] = results
            failures += [ItemFailure(f"{settings.model}:{f.item_id}", f.error, f.raw_reply)
                         for f in result_failures(results)]  # fmt: skip
            stats[settings.model] = client.stats.as_dict()
        similarity = lemma_f1
        if self.embedding is not None:
            answers = [r.value.answer for results in results_by_model.values() for r in results if r.ok]
            embedder = LLMClient(self.embedding)
            try:
                similarity = embedding_similarity(list(qa["answer"]) + answers, embedder.embed_sync)
            finally:
                if embedder.cache is not None:
                    embedder.cache.close()
            stats["embeddings"] = embedder.stats.as_dict()
        frame = closed_book_table(qa, results_by_model, threshold=self.threshold, similarity=similarity)
        return StageOutcome(frame, failures, len(tasks) * len(self.models),
                            report={"threshold": self.threshold, "llm_stats": stats})  # fmt: skip


@dataclass(frozen=True)
class JudgeFilter:
    """POLLUX-style judge: one request per question and criterion, 0-2 rubric; score = harmonic mean
    of the criteria / 2; a criterion under `min_criterion_score` fails the question."""

    llm: LLMSettings
    criteria: list[str] = field(default_factory=list)
    min_criterion_score: int = 1

    def describe(self) -> dict:
        return llm_description("llm-judge", self.llm.model, [JUDGE_PROMPT], criteria=list(self.criteria),
                               min_criterion_score=self.min_criterion_score)  # fmt: skip

    def verdicts(self, qa: pd.DataFrame, log: Log) -> StageOutcome:
        tasks = judge_tasks(qa, list(self.criteria))
        client, results = run_llm_stage(self.llm, "judge", tasks, log)
        frame = judge_table(qa, list(self.criteria), results, min_criterion_score=self.min_criterion_score)
        report = {"criteria": list(self.criteria), **client_report(client)}
        return StageOutcome(frame, result_failures(results), len(tasks), report=report)


def ner_presence_description(threshold: float) -> dict:
    return offline_description("natasha NER + rapidfuzz on lemmas", threshold=threshold)


def entity_match_description(threshold: float) -> dict:
    return offline_description("rapidfuzz partial ratio on lemmas", threshold=threshold)


def linter_description() -> dict:
    return offline_description("question linter: rules over pymorphy3 morphology and gold-text lemmas")
