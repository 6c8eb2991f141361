"""extraction: raw triplets from each article, then normalized entities and relations.

Each stage runs the strategy its resource holds (chosen from the settings: an LLM when
RAGBENCH_LLM_BASE_URL is set, the offline one otherwise), and records its description with the data.
"""

import pandas as pd
from dagster import AssetExecutionContext, MetadataValue, Output, ResourceParam, asset

from ..core.extraction.strategies import TripletExtractor
from ..core.graph.strategies import EntityNormalizer, NoveltyCheck
from ..partitions import monthly_partitions
from ..pools import LLM_POOL
from ..resources import BenchmarkSettings, StorageResource
from ._common import outcome_metadata, strategy_metadata, table_metadata


@asset(
    group_name="extraction",
    partitions_def=monthly_partitions,
    pool=LLM_POOL,
    kinds={"python", "parquet"},
    description="Raw (subject, relation, object) triplets per article. With an LLM: prompts/triplet_extraction.j2 "
    "per chunk of whole sentences, JSON validated by pydantic. Offline: the typed relation schema (appointments, "
    "affiliations, outcomes, facilities, rulings, places, dates, quantities) matched by grammars over Natasha's parse; "
    "a sentence outside the schema yields no fact.",
)
def raw_triplets(
    context: AssetExecutionContext,
    news_articles: pd.DataFrame,
    triplet_extractor: ResourceParam[TripletExtractor],
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    outcome = triplet_extractor.extract(news_articles, context.log)
    frame = outcome.table
    return Output(
        frame,
        metadata=table_metadata(
            frame,
            ["article_id", "subject", "relation", "object"],
            articles_with_triplets=MetadataValue.int(frame["article_id"].nunique()),
            **outcome_metadata(context, storage, "raw_triplets", outcome, benchmark.max_error_share),
            **strategy_metadata(triplet_extraction=triplet_extractor.describe()),
        ),
    )


@asset(
    group_name="extraction",
    partitions_def=monthly_partitions,
    pool=LLM_POOL,
    kinds={"python", "parquet"},
    description="Triplets with canonical entity and relation names, entity types, and the Wikidata novelty verdict. "
    "With an LLM: similar names of the month are candidates and prompts/entity_normalization.j2 picks one or 'new'. "
    "Offline: lemma keys, alias table, surname resolution, similarity clustering.",
)
def normalized_triplets(
    context: AssetExecutionContext,
    raw_triplets: pd.DataFrame,
    benchmark: BenchmarkSettings,
    entity_normalizer: ResourceParam[EntityNormalizer],
    novelty_check: ResourceParam[NoveltyCheck],
    storage: StorageResource,
) -> Output[pd.DataFrame]:
    outcome = entity_normalizer.normalize(raw_triplets, benchmark.aliases(), context.log)
    frame = novelty_check.check(outcome.table, context.log)
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
            entities=MetadataValue.int(int(entities)),
            relations=MetadataValue.int(int(frame["relation_key"].nunique())),
            novelty=MetadataValue.json(novelty_counts),
            raw_triplets=MetadataValue.int(len(raw_triplets)),
            **outcome_metadata(context, storage, "normalized_triplets", outcome, benchmark.max_error_share),
            **strategy_metadata(
                entity_normalization=entity_normalizer.describe(), novelty=novelty_check.describe()
            ),
        ),
    )
