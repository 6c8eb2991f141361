"""extraction: raw triplets from each article, then normalized entities and relations.

With an LLM configured (RAGBENCH_LLM_BASE_URL), both stages use it (core/llm); otherwise the
offline strategies run (Natasha dependency parse; lemma keys and similarity clustering).
"""

import pandas as pd
from dagster import AssetExecutionContext, MetadataValue, Output, asset

from ..core.common.records import ItemFailure
from ..core.extraction.dependency_parse import EXTRACTOR_NAME, extract_triplets, triplets_frame
from ..core.extraction.llm import extraction_tasks, triplets_from_results
from ..core.graph.entity_candidates import default_embedder
from ..core.graph.llm_normalization import links_from_results, normalization_questions, normalization_tasks
from ..core.graph.normalization import normalize_triplets
from ..core.graph.wikidata import apply_novelty, check_novelty
from ..core.llm.prompts import EXTRACTION_PROMPT, NORMALIZATION_PROMPT
from ..partitions import monthly_partitions
from ..resources import BenchmarkSettings, LLMResource, StorageResource, WikidataResource
from ._common import markdown_table, record_failures, table_metadata
from ._llm import OFFLINE_NOTE, llm_metadata, llm_strategy, result_failures, run_llm_stage

OFFLINE_NORMALIZATION = "lemma keys + alias table + surname resolution + rapidfuzz clustering (offline)"


@asset(
    group_name="extraction",
    partitions_def=monthly_partitions,
    description="Raw (subject, relation, object) triplets per article. With an LLM: prompts/triplet_extraction.j2 "
    "per chunk of whole sentences, JSON validated by pydantic. Offline: Natasha dependency parse (subject, verb "
    "lemma + preposition, complement; named entities, numbers and dates kept).",
)
def raw_triplets(
    context: AssetExecutionContext,
    news_articles: pd.DataFrame,
    llm: LLMResource,
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    if llm.is_configured:
        return _llm_raw_triplets(context, news_articles, llm, storage, benchmark)
    triplets, failures = [], []
    for i, row in enumerate(news_articles.itertuples(index=False), start=1):
        try:
            triplets += extract_triplets(row.article_id, f"{row.title}.\n\n{row.text}")
        except Exception as exc:  # noqa: BLE001 - one bad article must not stop the month
            failures.append(ItemFailure(row.article_id, f"{type(exc).__name__}: {exc}"))
        if i % 25 == 0:
            context.log.info(f"extracted {i}/{len(news_articles)} articles")
    failure_metadata = record_failures(
        context, storage, "raw_triplets", failures, len(news_articles), benchmark.max_error_share
    )
    frame = triplets_frame(triplets)
    return Output(
        frame,
        metadata=table_metadata(
            frame,
            ["article_id", "subject", "relation", "object"],
            strategy=f"{EXTRACTOR_NAME}, {OFFLINE_NOTE}",
            articles_with_triplets=MetadataValue.int(frame["article_id"].nunique()),
            **failure_metadata,
        ),
    )


def _llm_raw_triplets(context, news_articles, llm: LLMResource, storage, benchmark) -> Output[pd.DataFrame]:
    tasks, chunks = extraction_tasks(news_articles, llm.chunk_chars)
    client, results = run_llm_stage(context, llm, storage, "extraction", tasks)
    failures = result_failures(results)
    failure_metadata = record_failures(
        context, storage, "raw_triplets", failures, len(tasks), benchmark.max_error_share
    )
    outcome = triplets_from_results(results, chunks, extractor=f"llm:{client.settings.model}")
    frame = triplets_frame(outcome.triplets)
    if outcome.ungrounded:
        context.log.warning(f"dropped {len(outcome.ungrounded)} triplets whose entities are not in their text")
    return Output(
        frame,
        metadata=table_metadata(
            frame,
            ["article_id", "subject", "relation", "object"],
            strategy=llm_strategy(llm, "extraction", EXTRACTION_PROMPT),
            chunks=MetadataValue.int(len(tasks)),
            articles_with_triplets=MetadataValue.int(frame["article_id"].nunique()),
            dropped_not_in_text=MetadataValue.int(len(outcome.ungrounded)),
            dropped_not_in_text_preview=MetadataValue.md(markdown_table(pd.DataFrame(outcome.ungrounded))),
            dropped_without_named_entity=MetadataValue.int(outcome.without_named_entity),
            **llm_metadata(client),
            **failure_metadata,
        ),
    )


@asset(
    group_name="extraction",
    partitions_def=monthly_partitions,
    description="Triplets with canonical entity and relation names, entity types, and the Wikidata novelty verdict. "
    "With an LLM: similar names of the month are candidates and prompts/entity_normalization.j2 picks one or 'new'. "
    "Offline: lemma keys, alias table, surname resolution, similarity clustering.",
)
def normalized_triplets(
    context: AssetExecutionContext,
    raw_triplets: pd.DataFrame,
    benchmark: BenchmarkSettings,
    wikidata: WikidataResource,
    llm: LLMResource,
    storage: StorageResource,
) -> Output[pd.DataFrame]:
    aliases = benchmark.aliases()
    extra_metadata: dict = {}
    if llm.is_configured:
        questions = normalization_questions(raw_triplets, aliases, embedder=default_embedder())
        client, results = run_llm_stage(context, llm, storage, "normalization", normalization_tasks(questions))
        failures = result_failures(results)
        extra_metadata.update(
            record_failures(
                context, storage, "normalized_triplets", failures, len(questions), benchmark.max_error_share
            )
        )
        links = links_from_results(questions, results)
        frame = normalize_triplets(raw_triplets, aliases, links=links)
        strategy = llm_strategy(llm, "normalization", NORMALIZATION_PROMPT) + ", candidates by navec + rapidfuzz"
        extra_metadata.update(llm_metadata(client))
        extra_metadata["entities_asked"] = MetadataValue.int(len(questions))
        extra_metadata["entities_merged_by_llm"] = MetadataValue.int(len(links))
    else:
        frame = normalize_triplets(raw_triplets, aliases)
        strategy = OFFLINE_NORMALIZATION
    if wikidata.is_configured and not frame.empty:
        wikidata_client = wikidata.client(storage.path("wikidata_cache.sqlite"))
        try:
            frame = apply_novelty(frame, check_novelty(frame, wikidata_client))
        finally:
            wikidata_client.close()
        context.log.info(f"Wikidata novelty: {wikidata_client.requests_made} requests to the endpoint")
    else:
        frame["novelty"] = "skipped: RAGBENCH_WIKIDATA_ENDPOINT not set"
    verdicts = frame["in_wikidata"]
    novelty_counts = {
        "known (dropped from the graph)": int(verdicts.fillna(False).astype(bool).sum()),
        "novel": int((~verdicts.fillna(True).astype(bool)).sum()),
        "skipped": int(verdicts.isna().sum()),
    }
    entities = pd.concat([frame["subject_key"], frame["object_key"]]).nunique()
    return Output(
        frame,
        metadata=table_metadata(
            frame,
            ["canonical_subject", "canonical_relation", "canonical_object", "subject_type", "object_type"],
            strategy=strategy,
            entities=MetadataValue.int(int(entities)),
            relations=MetadataValue.int(int(frame["relation_key"].nunique())),
            novelty=MetadataValue.json(novelty_counts),
            raw_triplets=MetadataValue.int(len(raw_triplets)),
            **extra_metadata,
        ),
    )
