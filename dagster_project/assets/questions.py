"""questions: one question/answer candidate per subgraph."""

import hashlib
from pathlib import Path

import pandas as pd
from dagster import AssetExecutionContext, MetadataValue, Output, asset

from ..core.common.records import ItemFailure
from ..core.graph.rdf import GraphIndex, load_store
from ..core.graph.subgraphs import SUBGRAPH_TYPES, subgraph_from_row
from ..core.llm.prompts import QA_PROMPTS
from ..core.questions.llm import qa_task
from ..core.questions.templates import GENERATOR, QuestionError, generate_question
from ..partitions import monthly_partitions
from ..resources import BenchmarkSettings, LLMResource, StorageResource
from ._common import record_failures, record_passed_over, table_metadata
from ._llm import OFFLINE_NOTE, llm_metadata, llm_strategy, result_failures, run_llm_stage

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


def _candidate_row(subgraph_row, question: str, answer: str, answer_items: list[str], generator: str) -> dict:
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


def _per_type(frame: pd.DataFrame) -> dict[str, int]:
    return {kind: int((frame["type"] == kind).sum()) for kind in SUBGRAPH_TYPES}


def qa_id_for(subgraph_id: str, generator: str) -> str:
    return hashlib.sha1(f"{subgraph_id}:{generator}".encode()).hexdigest()[:16]


@asset(
    group_name="questions",
    partitions_def=monthly_partitions,
    description="Question/answer candidates, one per subgraph. With an LLM: prompts/qa_<type>.j2 per subgraph, "
    "replies checked against the type's rules. Offline: grammatical Russian templates per type (pymorphy3 "
    "inflection). answer_items lists every item of a set answer.",
)
def qa_candidates(
    context: AssetExecutionContext,
    subgraphs: pd.DataFrame,
    knowledge_graph: dict,
    llm: LLMResource,
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    index = GraphIndex.from_store(load_store(Path(knowledge_graph["path"])))
    if llm.is_configured:
        return _llm_qa_candidates(context, subgraphs, index, llm, storage, benchmark)
    rows, failures, unaskable = [], [], []
    for _, row in subgraphs.iterrows():
        subgraph = subgraph_from_row(row)
        try:
            qa = generate_question(subgraph, index)
        except QuestionError as exc:  # no template reads naturally for this subgraph: passed over, not an error
            unaskable.append(ItemFailure(row["subgraph_id"], str(exc)))
            continue
        except KeyError as exc:
            failures.append(ItemFailure(row["subgraph_id"], f"the graph does not describe {exc}"))
            continue
        rows.append(_candidate_row(row, qa.question, qa.answer, qa.answer_items, GENERATOR))
    failure_metadata = record_failures(
        context, storage, "qa_candidates", failures, len(subgraphs), benchmark.max_error_share
    )
    failure_metadata.update(record_passed_over(context, storage, "qa_candidates", unaskable))
    frame = pd.DataFrame(rows, columns=QA_COLUMNS)
    per_type = _per_type(frame)
    return Output(
        frame,
        metadata=table_metadata(
            frame,
            ["type", "question", "answer"],
            strategy=f"{GENERATOR}, {OFFLINE_NOTE}",
            per_type=MetadataValue.json(per_type),
            **failure_metadata,
        ),
    )


def _llm_qa_candidates(context, subgraphs: pd.DataFrame, index: GraphIndex, llm: LLMResource, storage, benchmark):
    tasks, rows_by_id, failures = [], {}, []
    for _, row in subgraphs.iterrows():
        try:
            tasks.append(qa_task(subgraph_from_row(row), index, threshold=benchmark.entity_match_threshold))
            rows_by_id[row["subgraph_id"]] = row
        except KeyError as exc:
            failures.append(ItemFailure(row["subgraph_id"], f"the graph does not describe {exc}"))
    client, results = run_llm_stage(context, llm, storage, "qa", tasks)
    failures += result_failures(results)
    failure_metadata = record_failures(
        context, storage, "qa_candidates", failures, len(subgraphs), benchmark.max_error_share
    )
    generator = f"llm:{client.settings.model}"
    rows = []
    for result in results:
        if not result.ok:
            continue
        row = rows_by_id[result.item_id]
        rows.append(
            _candidate_row(row, result.value.question, result.value.answer, list(row["answer_labels"]), generator)
        )
    frame = pd.DataFrame(rows, columns=QA_COLUMNS)
    per_type = _per_type(frame)
    return Output(
        frame,
        metadata=table_metadata(
            frame,
            ["type", "question", "answer"],
            strategy=llm_strategy(llm, "qa", ", ".join(QA_PROMPTS.values())),
            per_type=MetadataValue.json(per_type),
            **llm_metadata(client),
            **failure_metadata,
        ),
    )
