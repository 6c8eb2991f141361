"""extraction: raw triplets from each article, then normalized entities and relations."""

import pandas as pd
from dagster import AssetExecutionContext, MetadataValue, Output, asset

from ..core.extraction import EXTRACTOR_NAME, extract_triplets, triplets_frame
from ..core.normalization import normalize_triplets
from ..core.records import ItemFailure
from ..core.wikidata import apply_novelty, check_novelty
from ..partitions import monthly_partitions
from ..resources import BenchmarkSettings, LLMResource, StorageResource, WikidataResource
from ._common import record_failures, table_metadata

OFFLINE_NOTE = "offline strategy (no LLM configured)"


def strategy_note(llm: LLMResource, context: AssetExecutionContext, stage: str) -> str:
    if llm.is_configured:
        context.log.warning(
            f"{stage}: an LLM endpoint is configured, but LLM-backed {stage} is not part of "
            "this version; running the offline strategy"
        )
    return OFFLINE_NOTE


@asset(
    group_name="extraction",
    partitions_def=monthly_partitions,
    description="Raw (subject, relation, object) triplets per article. Offline: Natasha dependency "
    "parse (subject, verb lemma + preposition, complement; named entities, numbers and dates kept).",
)
def raw_triplets(
    context: AssetExecutionContext,
    news_articles: pd.DataFrame,
    llm: LLMResource,
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    note = strategy_note(llm, context, "triplet extraction")
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
            strategy=f"{EXTRACTOR_NAME}, {note}",
            articles_with_triplets=MetadataValue.int(frame["article_id"].nunique()),
            **failure_metadata,
        ),
    )


@asset(
    group_name="extraction",
    partitions_def=monthly_partitions,
    description="Triplets with canonical entity and relation names (lemma keys, alias table, surname "
    "resolution, similarity clustering), entity types, and the Wikidata novelty verdict.",
)
def normalized_triplets(
    context: AssetExecutionContext,
    raw_triplets: pd.DataFrame,
    benchmark: BenchmarkSettings,
    wikidata: WikidataResource,
    storage: StorageResource,
) -> Output[pd.DataFrame]:
    frame = normalize_triplets(raw_triplets, benchmark.aliases())
    if wikidata.is_configured and not frame.empty:
        client = wikidata.client(storage.path("wikidata_cache.sqlite"))
        try:
            frame = apply_novelty(frame, check_novelty(frame, client))
        finally:
            client.close()
        context.log.info(f"Wikidata novelty: {client.requests_made} requests to the endpoint")
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
            strategy="lemma keys + alias table + surname resolution + rapidfuzz clustering (offline)",
            entities=MetadataValue.int(int(entities)),
            relations=MetadataValue.int(int(frame["relation_key"].nunique())),
            novelty=MetadataValue.json(novelty_counts),
            raw_triplets=MetadataValue.int(len(raw_triplets)),
        ),
    )
