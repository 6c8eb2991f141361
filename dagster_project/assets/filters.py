"""filters: five independent verdict tables (each re-materializable alone) and the selection.

Model-backed filters with no model configured mark every question 'skipped' with the reason;
a skipped verdict never counts as a pass and never drops a question.
"""

from pathlib import Path

import pandas as pd
from dagster import AssetExecutionContext, MetadataValue, Output, asset

from ..core.common.months import seed_for
from ..core.common.records import ItemFailure
from ..core.filters import verdicts as core_filters
from ..core.filters.acceptability import (
    AcceptabilityClassifier,
    acceptability_strategy,
    acceptability_table,
    unavailable_reason,
)
from ..core.filters.closed_book import (
    CLOSED_BOOK_PROMPT,
    closed_book_table,
    closed_book_tasks,
    embedding_similarity,
    lemma_f1,
)
from ..core.filters.judge import JUDGE_PROMPT, judge_table, judge_tasks
from ..core.filters.linter import lint
from ..core.filters.selection import combine_verdicts, funnel, normalized_question, select, selected_questions
from ..core.graph.rdf import GraphIndex, load_store
from ..core.graph.subgraphs import SUBGRAPH_TYPES, subgraph_from_row
from ..core.release.publishing import earlier_questions
from ..partitions import monthly_partitions
from ..resources import BenchmarkSettings, HubResource, LLMResource, StorageResource
from ._common import markdown_table, month_of, record_failures, table_metadata
from ._llm import llm_metadata, llm_strategy, result_failures, run_llm_stage

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


def _filter_asset(description: str):
    return asset(group_name="filters", partitions_def=monthly_partitions, description=description)


@_filter_asset(
    "RuCoLA-style acceptability: a transformers classifier from a local checkpoint (RAGBENCH_RUCOLA_CHECKPOINT) "
    "gives P(acceptable) per question; pass at or above the threshold. Skipped without the [ml] extra or a path."
)
def qa_acceptability(
    context: AssetExecutionContext, qa_candidates: pd.DataFrame, benchmark: BenchmarkSettings
) -> Output[pd.DataFrame]:
    checkpoint = benchmark.acceptability_checkpoint
    reason = unavailable_reason(checkpoint)
    if reason:
        frame = core_filters.skipped(qa_candidates, reason)
        return Output(frame, metadata=verdict_metadata(frame, strategy=f"skipped ({reason})"))
    classifier = AcceptabilityClassifier(checkpoint, batch_size=benchmark.acceptability_batch_size)
    context.log.info(f"acceptability: {len(qa_candidates)} questions on {classifier.device}")
    scores = classifier.scores(list(qa_candidates["question"]))
    frame = acceptability_table(qa_candidates, scores, threshold=benchmark.acceptability_threshold)
    return Output(
        frame,
        metadata=verdict_metadata(
            frame,
            strategy=acceptability_strategy(checkpoint),
            threshold=benchmark.acceptability_threshold,
            device=classifier.device,
        ),
    )


@_filter_asset(
    "Closed-book check: small LLMs (RAGBENCH_CLOSED_BOOK_MODELS) answer without context, told the answer's "
    "length; a question any of them answers (lemma token F1 >= threshold) fails. Skipped without models."
)
def qa_closed_book(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    llm: LLMResource,
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    if not llm.is_configured or not llm.closed_book_models:
        reason = ("no closed-book models configured (RAGBENCH_CLOSED_BOOK_MODELS)" if llm.is_configured
                  else "no LLM endpoint configured (RAGBENCH_LLM_BASE_URL)")  # fmt: skip
        frame = core_filters.skipped(qa_candidates, reason)
        return Output(frame, metadata=verdict_metadata(frame, strategy="skipped (no model)"))
    tasks = closed_book_tasks(qa_candidates)
    results_by_model, failures, stats = {}, [], {}
    for model in llm.closed_book_models:
        client, results = run_llm_stage(context, llm, storage, "closed_book", tasks, model=model)
        results_by_model[model] = results
        failures += [ItemFailure(f"{model}:{f.item_id}", f.error, f.raw_reply) for f in result_failures(results)]
        stats[model] = client.stats.as_dict()
    failure_metadata = record_failures(
        context, storage, "qa_closed_book", failures, len(tasks) * len(results_by_model), benchmark.max_error_share
    )
    similarity, measure = lemma_f1, "lemma token F1"
    if llm.embedding_model:
        texts = list(qa_candidates["answer"]) + [
            r.value.answer for results in results_by_model.values() for r in results if r.ok
        ]
        embedder = llm.client("closed_book", storage, model=llm.embedding_model)
        try:
            similarity = embedding_similarity(texts, embedder.embed_sync)
        finally:
            if embedder.cache is not None:
                embedder.cache.close()
        measure = f"embedding cosine ({llm.embedding_model}; lemma F1 where embedding failed)"
        stats["embeddings"] = embedder.stats.as_dict()
    frame = closed_book_table(
        qa_candidates, results_by_model, threshold=benchmark.closed_book_threshold, similarity=similarity
    )
    return Output(
        frame,
        metadata=verdict_metadata(
            frame,
            strategy=f"llm closed-book: {', '.join(llm.closed_book_models)} (prompt {CLOSED_BOOK_PROMPT}), {measure}",
            threshold=benchmark.closed_book_threshold,
            llm_stats=MetadataValue.json(stats),
            **failure_metadata,
        ),
    )


@_filter_asset(
    "POLLUX-style LLM judge: one request per question and criterion, 0-2 rubric, strict 'Объяснение / Оценка' "
    "replies; score = harmonic mean of the criteria / 2. Skipped without an LLM endpoint."
)
def qa_judge(
    context: AssetExecutionContext,
    qa_candidates: pd.DataFrame,
    llm: LLMResource,
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    if not llm.is_configured:
        frame = core_filters.skipped(qa_candidates, "no LLM endpoint configured (RAGBENCH_LLM_BASE_URL)")
        return Output(frame, metadata=verdict_metadata(frame, strategy="skipped (no model)"))
    criteria = list(benchmark.judge_criteria)
    tasks = judge_tasks(qa_candidates, criteria)
    client, results = run_llm_stage(context, llm, storage, "judge", tasks)
    failure_metadata = record_failures(
        context, storage, "qa_judge", result_failures(results), len(tasks), benchmark.max_error_share
    )
    frame = judge_table(qa_candidates, criteria, results, min_criterion_score=benchmark.judge_min_criterion_score)
    return Output(
        frame,
        metadata=verdict_metadata(
            frame,
            strategy=llm_strategy(llm, "judge", JUDGE_PROMPT),
            criteria=MetadataValue.json(criteria),
            **llm_metadata(client),
            **failure_metadata,
        ),
    )


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


@_filter_asset(
    "Question linter (offline, always on): missing objects and counted nouns, article-relative time, answer "
    "fragments, question word vs answer type, answer not in a gold text, conditions not named, ungrammatical "
    "patterns, answer in the question. One reason code per finding."
)
def qa_linter(qa_candidates: pd.DataFrame, news_articles: pd.DataFrame) -> Output[pd.DataFrame]:
    frame = lint(qa_candidates, news_articles)
    return Output(frame, metadata=verdict_metadata(frame, strategy="rules over pymorphy3 morphology and lemmas"))


@asset(
    group_name="filters",
    partitions_def=monthly_partitions,
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
    hub: HubResource,
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
    asked_before = {normalized_question(q) for q in earlier_questions(hub.hub(), month_of(context).version)}
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
