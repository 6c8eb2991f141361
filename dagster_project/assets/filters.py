"""filters: five independent verdict tables (each re-materializable alone) and the selection.

The model-backed filters run the strategy their resource holds; with no model configured it is a
SkippedFilter, which marks every question 'skipped' with the reason. A skipped verdict never
counts as a pass and never drops a question.
"""

import pandas as pd
from dagster import AssetExecutionContext, MetadataValue, Output, ResourceParam, asset

from ..core.common.months import seed_for
from ..core.common.parses import ParseCache
from ..core.filters import verdicts as core_filters
from ..core.filters.entity_match import entity_match
from ..core.filters.linter import lint
from ..core.filters.ner_presence import ner_presence
from ..core.filters.selection import combine_verdicts, funnel, normalized_question, select, selected_questions
from ..core.filters.strategies import (
    VerdictFilter,
    entity_match_description,
    linter_description,
    ner_presence_description,
)
from ..core.graph.rdf import MonthGraph
from ..core.graph.subgraphs import SUBGRAPH_TYPES, subgraph_from_row
from ..core.release.hub.base import Hub
from ..core.release.publishing import earlier_questions
from ..partitions import monthly_partitions
from ..pools import LLM_POOL
from ..resources import BenchmarkSettings, StorageResource
from ._common import markdown_table, month_of, outcome_metadata, strategy_metadata, table_metadata

FILTER_NAMES = ["qa_acceptability", "qa_ner_presence", "qa_closed_book", "qa_entity_match", "qa_judge", "qa_linter"]


def funnel_path(storage: StorageResource, partition_key: str):
    """The selection funnel of a month, read back by published_release for the manifest."""
    return storage.path("funnel", f"{partition_key}.json")


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


def _filter_asset(description: str, pool: str | None = None):
    return asset(
        group_name="filters",
        partitions_def=monthly_partitions,
        kinds={"python", "parquet"},
        description=description,
        pool=pool,
    )


def _run_filter(
    context: AssetExecutionContext,
    stage: str,
    strategy: VerdictFilter,
    qa_candidates: pd.DataFrame,
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    """Run a model-backed filter's strategy; `stage` names it in the release manifest."""
    outcome = strategy.verdicts(qa_candidates, context.log)
    metadata = outcome_metadata(context, storage, context.asset_key.path[-1], outcome, benchmark.max_error_share)
    metadata.update(strategy_metadata(**{stage: strategy.describe()}))
    return Output(outcome.table, metadata=verdict_metadata(outcome.table, **metadata))


@_filter_asset(
    "RuCoLA-style acceptability: a transformers classifier from a local checkpoint (RAGBENCH_RUCOLA_CHECKPOINT) "
    "gives P(acceptable) per question; pass at or above the threshold. Skipped without the [ml] extra or a path."
)
def qa_acceptability(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    acceptability_filter: ResourceParam[VerdictFilter],
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    return _run_filter(context, "acceptability", acceptability_filter, qa_candidates, storage, benchmark)


@_filter_asset(
    "Closed-book check: small LLMs (RAGBENCH_CLOSED_BOOK_MODELS) answer without context, told the answer's "
    "length; a question any of them answers (lemma token F1 >= threshold) fails. Skipped without models.",
    pool=LLM_POOL,
)
def qa_closed_book(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    closed_book_filter: ResourceParam[VerdictFilter],
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    return _run_filter(context, "closed_book", closed_book_filter, qa_candidates, storage, benchmark)


@_filter_asset(
    "POLLUX-style LLM judge: one request per question and criterion, 0-2 rubric, strict 'Объяснение / Оценка' "
    "replies; score = harmonic mean of the criteria / 2. Skipped without an LLM endpoint.",
    pool=LLM_POOL,
)
def qa_judge(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    judge_filter: ResourceParam[VerdictFilter],
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    return _run_filter(context, "judge", judge_filter, qa_candidates, storage, benchmark)


@_filter_asset(
    "Named-entity presence (Natasha NER): the question or answer must mention a named entity of its source articles."
)
def qa_ner_presence(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    news_articles: pd.DataFrame,
    benchmark: BenchmarkSettings,
    parses: ResourceParam[ParseCache],
) -> Output[pd.DataFrame]:
    threshold = benchmark.ner_match_threshold
    frame = ner_presence(qa_candidates, news_articles, threshold=threshold, entities_of=parses.entity_names)
    return Output(
        frame, metadata=verdict_metadata(frame, **strategy_metadata(ner_presence=ner_presence_description(threshold)))
    )


@_filter_asset(
    "Entity match (Levenshtein, rapidfuzz on lemmas): the question names the subgraph's entities "
    "but not its answer (nor, for multi-hop, the bridge); the answer names the subgraph's answer."
)
def qa_entity_match(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    subgraphs: pd.DataFrame,
    knowledge_graph: MonthGraph,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    threshold = benchmark.entity_match_threshold
    by_id = {row["subgraph_id"]: subgraph_from_row(row) for _, row in subgraphs.iterrows()}
    frame = entity_match(qa_candidates, by_id, knowledge_graph.index, threshold=threshold)
    return Output(
        frame, metadata=verdict_metadata(frame, **strategy_metadata(entity_match=entity_match_description(threshold)))
    )


@_filter_asset(
    "Question linter (offline, always on): missing objects and counted nouns, article-relative time, answer "
    "fragments, question word vs answer type, answer not in a gold text, conditions not named, ungrammatical "
    "patterns, answer in the question. One reason code per finding."
)
def qa_linter(
    qa_candidates: pd.DataFrame, news_articles: pd.DataFrame, parses: ResourceParam[ParseCache]
) -> Output[pd.DataFrame]:
    # the linter keeps the month's parses while it reads them: slimmed, they take 40% of the memory
    frame = lint(qa_candidates, news_articles, parse=parses.parse_to_keep)
    return Output(frame, metadata=verdict_metadata(frame, **strategy_metadata(linter=linter_description())))


@asset(
    group_name="filters",
    partitions_def=monthly_partitions,
    kinds={"python", "parquet"},
    description="The benchmark's questions: all verdicts combined (a failed verdict drops a question, a "
    "skipped one does not), ranked per type, then taken under the selection caps (answer share, facts per "
    "question, mirrored multi-hop, asked in an earlier version) up to K per type, never padded.",
)
def benchmark_questions(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    qa_acceptability: pd.DataFrame,
    qa_ner_presence: pd.DataFrame,
    qa_closed_book: pd.DataFrame,
    qa_entity_match: pd.DataFrame,
    qa_judge: pd.DataFrame,
    qa_linter: pd.DataFrame,
    benchmark: BenchmarkSettings,
    hub: ResourceParam[Hub],
    storage: StorageResource,
) -> Output[pd.DataFrame]:
    verdicts = {
        "qa_acceptability": qa_acceptability,
        "qa_ner_presence": qa_ner_presence,
        "qa_closed_book": qa_closed_book,
        "qa_entity_match": qa_entity_match,
        "qa_judge": qa_judge,
        "qa_linter": qa_linter,
    }
    combined = combine_verdicts(qa_candidates, verdicts)
    asked_before = {normalized_question(q) for q in earlier_questions(hub, month_of(context).version)}
    k = benchmark.top_k_per_type
    decided = select(combined, k=k, seed=seed_for(context.partition_key, "selection"), asked_before=asked_before)
    selected = selected_questions(decided)
    table = funnel(decided, FILTER_NAMES, k)
    funnel_path(storage, context.partition_key).write_text(table.to_json(orient="records", force_ascii=False))
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
            shortfall=MetadataValue.json({row.type: int(row.shortfall) for row in table.itertuples()}),
            asked_before=MetadataValue.int(len(asked_before)),
            funnel=MetadataValue.md(markdown_table(table.set_index("type").T.reset_index(names="step"), max_rows=40)),
            top_k_per_type=MetadataValue.int(benchmark.top_k_per_type),
        ),
    )
