"""crawl: the month's news articles."""

import pandas as pd
from dagster import AssetExecutionContext, Failure, MetadataValue, Output, asset

from ..core.ingest.articles import articles_frame, deduplicate
from ..core.ingest.sources import AllSourcesFailed
from ..partitions import monthly_partitions
from ..resources import BenchmarkSettings, NewsSourcesResource, StorageResource
from ._common import markdown_table, month_of, record_failures, table_metadata


@asset(
    group_name="crawl",
    partitions_def=monthly_partitions,
    kinds={"python", "parquet"},
    description="The month's news articles: one row per article (stable id from the canonical URL, "
    "UTC publication time, content hash), deduplicated by URL, exact content and near-duplicate content.",
)
def news_articles(
    context: AssetExecutionContext, sources: NewsSourcesResource, storage: StorageResource, benchmark: BenchmarkSettings
) -> Output[pd.DataFrame]:
    month = month_of(context)
    try:
        load = sources.load_month_report(month)
    except AllSourcesFailed as exc:
        raise Failure(str(exc)) from None
    articles, failures, per_source = load.articles, load.failures, load.per_source
    if load.failed_sources:
        context.log.warning(f"sources that failed entirely (the month goes on without them): {load.failed_sources}")
    kept, dropped = deduplicate(articles)
    failure_metadata = record_failures(
        context,
        storage,
        "news_articles",
        failures,
        attempted=len(articles) + len(failures),
        max_share=benchmark.max_error_share,
        source=sources.describe(),
    )
    if not kept:
        raise Failure(
            f"no articles published in {month} were found in {sources.describe()}; "
            "check RAGBENCH_SOURCES or pick a month the sources cover"
        )
    frame = articles_frame(kept)
    context.log.info(f"{len(frame)} articles for {month} ({len(dropped)} duplicates dropped)")
    duplicates = pd.DataFrame(
        [{"article_id": a.article_id, "url": a.url, "reason": why} for a, why in dropped],
        columns=["article_id", "url", "reason"],
    )
    return Output(
        frame,
        metadata=table_metadata(
            frame,
            ["article_id", "source", "title", "published_at"],
            sources=MetadataValue.json(per_source),
            failed_sources=MetadataValue.json(load.failed_sources),
            crawl=MetadataValue.json(load.crawl_stats),
            duplicates_dropped=MetadataValue.int(len(dropped)),
            duplicates=MetadataValue.md(markdown_table(duplicates)),
            **failure_metadata,
        ),
    )
