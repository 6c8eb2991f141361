"""Question generation strategies: grammatical Russian templates offline, or an LLM per subgraph.
Both give one question/answer candidate per subgraph, in the same columns."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Protocol

import pandas as pd

from ..common.records import ItemFailure, StageOutcome
from ..common.strategy import Log, offline_description
from ..graph.rdf import GraphIndex
from ..graph.subgraphs import SUBGRAPH_TYPES, subgraph_from_row
from ..llm.client import LLMSettings
from ..llm.prompts import QA_PROMPTS
from ..llm.stage import client_report, llm_description, result_failures, run_llm_stage
from .llm import qa_task
from .templates import GENERATOR, QuestionError, generate_question

QA_COLUMNS = [
    "qa_id",
    "subgraph_id",
    "type",
    "question",
    "answer",
    "answer_items",
    "article_ids",
    "generator",
    "triples_text",
]


def qa_id_for(subgraph_id: str, generator: str) -> str:
    return hashlib.sha1(f"{subgraph_id}:{generator}".encode()).hexdigest()[:16]


def candidate_row(subgraph_row, question: str, answer: str, answer_items: list[str], generator: str) -> dict:
    return {
        "qa_id": qa_id_for(subgraph_row["subgraph_id"], generator),
        "subgraph_id": subgraph_row["subgraph_id"],
        "type": subgraph_row["type"],
        "question": question,
        "answer": answer,
        "answer_items": answer_items,
        "article_ids": list(subgraph_row["article_ids"]),
        "generator": generator,
        "triples_text": subgraph_row["triples_text"],
    }


def _candidates(rows: list[dict]) -> tuple[pd.DataFrame, dict]:
    frame = pd.DataFrame(rows, columns=QA_COLUMNS)
    return frame, {"per_type": {kind: int((frame["type"] == kind).sum()) for kind in SUBGRAPH_TYPES}}


def _undescribed(subgraph_id: str, exc: KeyError) -> ItemFailure:
    return ItemFailure(subgraph_id, f"the graph does not describe {exc}")


class QuestionGenerator(Protocol):
    """One question/answer candidate per subgraph (QA_COLUMNS)."""

    def generate(self, subgraphs: pd.DataFrame, index: GraphIndex, log: Log) -> StageOutcome: ...

    def describe(self) -> dict: ...


class TemplateQuestionGenerator:
    """Offline: templates per schema relation and direction, the question word from the argument type,
    inflected with pymorphy3. A subgraph no template reads
    naturally for is passed over, not counted as an error."""

    def describe(self) -> dict:
        return offline_description(GENERATOR)

    def generate(self, subgraphs: pd.DataFrame, index: GraphIndex, log: Log) -> StageOutcome:
        rows, failures, unaskable = [], [], []
        for _, row in subgraphs.iterrows():
            try:
                qa = generate_question(subgraph_from_row(row), index)
            except QuestionError as exc:
                unaskable.append(ItemFailure(row["subgraph_id"], str(exc)))
                continue
            except KeyError as exc:
                failures.append(_undescribed(row["subgraph_id"], exc))
                continue
            rows.append(candidate_row(row, qa.question, qa.answer, qa.answer_items, GENERATOR))
        frame, report = _candidates(rows)
        return StageOutcome(frame, failures, len(subgraphs), passed_over=unaskable, report=report)


@dataclass(frozen=True)
class LLMQuestionGenerator:
    """prompts/qa_<type>.j2 per subgraph; replies checked against the type's rules (entities named,
    answer not given away, closeness by rapidfuzz at `entity_match_threshold`)."""

    llm: LLMSettings
    entity_match_threshold: float = 85.0

    def describe(self) -> dict:
        return llm_description("llm-question-generation", self.llm.model, list(QA_PROMPTS.values()),
                               entity_match_threshold=self.entity_match_threshold)  # fmt: skip

    def generate(self, subgraphs: pd.DataFrame, index: GraphIndex, log: Log) -> StageOutcome:
        tasks, rows_by_id, failures = [], {}, []
        for _, row in subgraphs.iterrows():
            try:
                tasks.append(qa_task(subgraph_from_row(row), index, threshold=self.entity_match_threshold))
                rows_by_id[row["subgraph_id"]] = row
            except KeyError as exc:
                failures.append(_undescribed(row["subgraph_id"], exc))
        client, results = run_llm_stage(self.llm, "qa", tasks, log)
        generator = f"llm:{self.llm.model}"
        rows = [
            candidate_row(rows_by_id[r.item_id], r.value.question, r.value.answer,
                          list(rows_by_id[r.item_id]["answer_labels"]), generator)  # fmt: skip
            for r in results
            if r.ok
        ]
        frame, report = _candidates(rows)
        return StageOutcome(
            frame, failures + result_failures(results), len(subgraphs), report={**report, **client_report(client)}
        )
