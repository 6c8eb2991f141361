"""filters: five independent verdict tables (each re-materializable alone) and the selection.

Model-backed filters with no model configured mark every question 'skipped' with the reason;
a skipped verdict never counts as a pass and never drops a question.
"""

from pathlib import Path

import pandas as pd
from dagster import AssetExecutionContext, MetadataValue, Output, asset

from ..core import filters as core_filters
from ..core.graph import GraphIndex, load_store
from ..core.months import seed_for
from ..core.selection import combine_verdicts, funnel, select_top_k
from ..core.subgraphs import SUBGRAPH_TYPES, subgraph_from_row
from ..partitions import monthly_partitions
from ..resources import BenchmarkSettings, LLMResource
from ._common import markdown_table, table_metadata

FILTER_NAMES = ["qa_acceptability", "qa_ner_presence", "qa_closed_book", "qa_entity_match", "qa_judge"]


def verdict_metadata(frame: pd.DataFrame, **extra) -> dict:
    counts = frame["verdict"].value_counts().to_dict()
    return table_metadata(
        frame,
        ["qa_id", "score", "verdict", "reason"],
        passed=MetadataValue.int(int(counts.get(core_filters.PASS, 0))),
        failed=MetadataValue.int(int(counts.get(core_filters.FAIL, 0))),
        skipped=MetadataValue.int(int(counts.get(core_filters.SKIPPED, 0))),
        **extra,
    )


def _filter_asset(description: str):
    return asset(group_name="filters", partitions_def=monthly_partitions, description=description)


@_filter_asset("RuCoLA-style acceptability of each question (needs a classifier checkpoint; skipped without one).")
def qa_acceptability(qa_candidates: pd.DataFrame) -> Output[pd.DataFrame]:
    frame = core_filters.skipped(qa_candidates, "no acceptability classifier configured")
    return Output(frame, metadata=verdict_metadata(frame, strategy="skipped (no model)"))


@_filter_asset(
    "Closed-book check: small LLMs answer without context; questions they get right fail "
    "(needs an LLM endpoint; skipped without one)."
)
def qa_closed_book(qa_candidates: pd.DataFrame, llm: LLMResource) -> Output[pd.DataFrame]:
    reason = (
        "closed-book models are not part of this version"
        if llm.is_configured
        else "no LLM endpoint configured (RAGBENCH_LLM_BASE_URL)"
    )
    frame = core_filters.skipped(qa_candidates, reason)
    return Output(frame, metadata=verdict_metadata(frame, strategy="skipped (no model)"))


@_filter_asset(
    "POLLUX-style LLM judge scoring each QA pair per criterion (needs an LLM endpoint; skipped without one)."
)
def qa_judge(qa_candidates: pd.DataFrame, llm: LLMResource) -> Output[pd.DataFrame]:
    reason = (
        "the LLM judge is not part of this version"
        if llm.is_configured
        else "no LLM endpoint configured (RAGBENCH_LLM_BASE_URL)"
    )
    frame = core_filters.skipped(qa_candidates, reason)
    return Output(frame, metadata=verdict_metadata(frame, strategy="skipped (no model)"))


@_filter_asset(
    "Named-entity presence (Natasha NER): the question or answer must mention a named entity of its source articles."
)
def qa_ner_presence(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    news_articles: pd.DataFrame,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    frame = core_filters.ner_presence(qa_candidates, news_articles, threshold=benchmark.ner_match_threshold)
    return Output(frame, metadata=verdict_metadata(frame, strategy="natasha NER + rapidfuzz on lemmas"))


@_filter_asset(
    "Entity match (Levenshtein, rapidfuzz on lemmas): the question names the subgraph's entities "
    "but not its answer (nor, for multi-hop, the bridge); the answer names the subgraph's answer."
)
def qa_entity_match(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    subgraphs: pd.DataFrame,
    knowledge_graph: dict,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    index = GraphIndex.from_store(load_store(Path(knowledge_graph["path"])))
    by_id = {row["subgraph_id"]: subgraph_from_row(row) for _, row in subgraphs.iterrows()}
    frame = core_filters.entity_match(qa_candidates, by_id, index, threshold=benchmark.entity_match_threshold)
    return Output(frame, metadata=verdict_metadata(frame, threshold=benchmark.entity_match_threshold))


@asset(
    group_name="filters",
    partitions_def=monthly_partitions,
    description="The benchmark's questions: all verdicts combined (a failed verdict drops a question, a "
    "skipped one does not), ranked per type, top K per type.",
)
def benchmark_questions(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    qa_acceptability: pd.DataFrame,
    qa_ner_presence: pd.DataFrame,
    qa_closed_book: pd.DataFrame,
    qa_entity_match: pd.DataFrame,
    qa_judge: pd.DataFrame,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    verdicts = {
        "qa_acceptability": qa_acceptability,
        "qa_ner_presence": qa_ner_presence,
        "qa_closed_book": qa_closed_book,
        "qa_entity_match": qa_entity_match,
        "qa_judge": qa_judge,
    }
    combined = combine_verdicts(qa_candidates, verdicts)
    selected = select_top_k(combined, k=benchmark.top_k_per_type, seed=seed_for(context.partition_key, "selection"))
    table = funnel(combined, selected, FILTER_NAMES)
    missing = [kind for kind in SUBGRAPH_TYPES if not (selected["type"] == kind).any()]
    if missing:
        context.log.warning(f"no questions of type {', '.join(missing)} survived the filters")
    per_type = {kind: int((selected["type"] == kind).sum()) for kind in SUBGRAPH_TYPES}
    return Output(
        selected,
        metadata=table_metadata(
            selected,
            ["type", "question", "answer"],
            per_type=MetadataValue.json(per_type),
            funnel=MetadataValue.md(markdown_table(table, max_rows=10)),
            top_k_per_type=MetadataValue.int(benchmark.top_k_per_type),
        ),
    )
