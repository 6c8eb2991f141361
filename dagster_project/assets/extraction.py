"""extraction: raw triplets from each article, then normalized entities and relations.

Each stage runs the strategy its resource holds (chosen from the settings: an LLM when
RAGBENCH_LLM_BASE_URL is set, the offline one otherwise), and records its description with the data.
With RAGBENCH_EXTRACTION_SHARDS > 1, `sharded_extraction` replaces raw_triplets by a month x shard
asset and a monthly raw_triplets that merges its month's shards.
"""

import pandas as pd
from dagster import (
    AssetExecutionContext,
    AssetIn,
    AssetsDefinition,
    Failure,
    MetadataValue,
    Output,
    ResourceParam,
    asset,
)

from ..core.extraction.shards import merge_shards, shard_articles
from ..core.extraction.strategies import TripletExtractor
from ..core.graph.strategies import EntityNormalizer, NoveltyCheck
from ..partitions import SAME_MONTH, SHARD, month_shard_partitions, monthly_partitions
from ..pools import LLM_POOL
from ..resources import BenchmarkSettings, StorageResource
from ..resources.io_manager import read_strategies
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
    return _extracted(context, "raw_triplets", news_articles, triplet_extractor, storage, benchmark)


def _extracted(
    context: AssetExecutionContext,
    stage: str,
    articles: pd.DataFrame,
    triplet_extractor: TripletExtractor,
    storage: StorageResource,
    benchmark: BenchmarkSettings,
) -> Output[pd.DataFrame]:
    outcome = triplet_extractor.extract(articles, context.log)
    frame = outcome.table
    return Output(
        frame,
        metadata=table_metadata(
            frame,
            ["article_id", "subject", "relation", "object"],
            articles_with_triplets=MetadataValue.int(frame["article_id"].nunique()),
            **outcome_metadata(context, storage, stage, outcome, benchmark.max_error_share),
            **strategy_metadata(triplet_extraction=triplet_extractor.describe()),
        ),
    )


def sharded_extraction(shards: int) -> list[AssetsDefinition]:
    """raw_triplet_shards (month x shard: each partition extracts its contiguous share of the
    month's articles, as its own run, so runs can go to different machines) and raw_triplets
    (monthly: the month's shards merged in shard order, the same table one machine makes)."""
    partitions = month_shard_partitions(shards)

    @asset(
        name="raw_triplet_shards",
        group_name="extraction",
        partitions_def=partitions,
        ins={"news_articles": AssetIn(partition_mapping=SAME_MONTH)},
        pool=LLM_POOL,
        kinds={"python", "parquet"},
        description=f"raw_triplets of one of the month's {shards} shards of articles (contiguous in published "
        "order). Each shard is its own run, so a run launcher or executor for several machines "
        "(dagster-k8s, dagster-celery) spreads extraction over them.",
    )
    def raw_triplet_shards(
        context: AssetExecutionContext,
        news_articles: pd.DataFrame,
        triplet_extractor: ResourceParam[TripletExtractor],
        storage: StorageResource,
        benchmark: BenchmarkSettings,
    ) -> Output[pd.DataFrame]:
        shard = int(partitions.get_partition_key_from_str(context.partition_key).keys_by_dimension[SHARD])
        articles = shard_articles(news_articles, shard, shards)
        context.log.info(f"shard {shard} of {shards}: {len(articles)} of {len(news_articles)} articles")
        return _extracted(context, "raw_triplet_shards", articles, triplet_extractor, storage, benchmark)

    @asset(
        name="raw_triplets",
        group_name="extraction",
        partitions_def=monthly_partitions,
        ins={"raw_triplet_shards": AssetIn(partition_mapping=SAME_MONTH)},
        kinds={"python", "parquet"},
        description=f"Raw (subject, relation, object) triplets per article: the month's {shards} raw_triplet_shards "
        "merged in shard order, the same table as extraction on one machine.",
    )
    def merged_raw_triplets(
        context: AssetExecutionContext, raw_triplet_shards: dict[str, pd.DataFrame], storage: StorageResource
    ) -> Output[pd.DataFrame]:
        by_shard = {
            int(partitions.get_partition_key_from_str(key).keys_by_dimension[SHARD]): (key, table)
            for key, table in raw_triplet_shards.items()
        }
        frame = merge_shards({shard: table for shard, (_, table) in by_shard.items()})
        strategies = _one_strategy(storage, [key for key, _ in by_shard.values()])
        failures = pd.concat(
            [pd.read_parquet(storage.path("failures", "raw_triplet_shards", f"{key}.parquet"))
             for key, _ in by_shard.values()],
            ignore_index=True,
        )  # fmt: skip
        failures_file = storage.path("failures", "raw_triplets", f"{context.partition_key}.parquet")
        failures.to_parquet(failures_file, index=False)
        return Output(
            frame,
            metadata=table_metadata(
                frame,
                ["article_id", "subject", "relation", "object"],
                articles_with_triplets=MetadataValue.int(frame["article_id"].nunique()),
                shards=MetadataValue.int(len(by_shard)),
                failed_items=MetadataValue.int(len(failures)),
                failures_file=MetadataValue.path(str(failures_file)),
                **strategy_metadata(**strategies),
            ),
        )

    return [raw_triplet_shards, merged_raw_triplets]


def _one_strategy(storage: StorageResource, shard_keys: list[str]) -> dict:
    """The strategy recorded by every shard; shards extracted by different strategies do not merge."""
    recorded = {key: read_strategies(storage.data_dir, "raw_triplet_shards", key) for key in shard_keys}
    distinct = {repr(sorted(value.items())) for value in recorded.values()}
    if len(distinct) > 1:
        raise Failure(
            f"the shards of this month were extracted by different strategies ({sorted(recorded)}); "
            "re-materialize raw_triplet_shards for every shard of the month with the same settings"
        )
    return next(iter(recorded.values()), {})


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
