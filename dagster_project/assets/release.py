"""release: the four datasets, the blocking checks that stop a leaking release, and publication
of version M (and of the historical datasets at version M-1)."""

import json

import pandas as pd
from dagster import (
    AssetCheckResult,
    AssetDep,
    AssetExecutionContext,
    AssetIn,
    AssetKey,
    AssetOut,
    AssetRecordsFilter,
    AssetSelection,
    MetadataValue,
    Output,
    ResourceParam,
    asset,
    asset_check,
    multi_asset,
)

from ..core.common.strategy import unrecorded_description
from ..core.graph.subgraphs import SUBGRAPH_TYPES
from ..core.release.checks import (
    answers_in_questions,
    dangling_text_ids,
    dense_ids,
    duplicate_ids,
    public_dataset_problems,
    too_small,
)
from ..core.release.hub.base import Hub
from ..core.release.manifest import build_manifest
from ..core.release.publishing import publish_month
from ..core.release.tables import DATASETS, build_release, month_key
from ..partitions import PREVIOUS_MONTH, monthly_partitions
from ..pools import HUB_POOL
from ..resources import BenchmarkSettings, ReleaseKey, StorageResource
from ..resources.io_manager import read_strategies
from ._common import check_result, markdown_table, month_of, table_metadata
from .filters import funnel_path
from .testbeds import recorded_testbeds

_DESCRIPTIONS = {
    "public_texts": "Public texts: id (public int), text. The retrieval corpus of the month.",
    "public_questions": "Public questions: id (public int, 0..n-1), question. No answers.",
    "private_qa": "Private QA: public_id, question, answer, type, text_ids (JSON list of private text ids), "
    "plus answer_items, subgraph and qa ids.",
    "private_texts": "Private texts mapping: id (private text id), public_id.",
}


@multi_asset(
    outs={
        name: AssetOut(group_name="release", description=_DESCRIPTIONS[name], kinds={"python", "parquet"})
        for name in DATASETS
    },
    partitions_def=monthly_partitions,
    description="The four DRAGON-compatible datasets, with public ids from a keyed shuffle.",
)
def release_datasets(
    context: AssetExecutionContext,
    news_articles: pd.DataFrame,
    benchmark_questions: pd.DataFrame,
    release_key: ResourceParam[ReleaseKey],
):
    key, _ = release_key.load()
    tables = build_release(news_articles, benchmark_questions, month_key(key, context.partition_key))
    previews = {
        "public_texts": ["id", "text"],
        "public_questions": ["id", "question"],
        "private_qa": ["public_id", "type", "question", "answer", "text_ids"],
        "private_texts": ["id", "public_id"],
    }
    for name, table in tables.as_dict().items():
        yield Output(table, output_name=name, metadata=table_metadata(table, previews[name]))


@asset_check(
    asset=AssetKey("public_texts"),
    blocking=True,
    partitions_def=monthly_partitions,
    additional_ins={"news_articles": AssetIn("news_articles")},
    description="Public texts carry only id and text: no private ids, no source URLs, ids 0..n-1, unique.",
)
def public_texts_do_not_leak(public_texts: pd.DataFrame, news_articles: pd.DataFrame) -> AssetCheckResult:
    problems = public_dataset_problems(
        "public_texts", public_texts, private_ids=set(news_articles["article_id"]), urls=set(news_articles["url"])
    )
    return check_result(problems, "public texts")


@asset_check(
    asset=AssetKey("public_questions"),
    blocking=True,
    partitions_def=monthly_partitions,
    additional_ins={"private_qa": AssetIn("private_qa"), "news_articles": AssetIn("news_articles")},
    description="Public questions carry only id and question: no answers, private ids or URLs.",
)
def public_questions_do_not_leak(
    public_questions: pd.DataFrame, private_qa: pd.DataFrame, news_articles: pd.DataFrame
) -> AssetCheckResult:
    private_ids = set(news_articles["article_id"]) | set(private_qa["qa_id"])
    problems = public_dataset_problems(
        "public_questions",
        public_questions,
        private_ids=private_ids,
        urls=set(news_articles["url"]),
        answers=set(private_qa["answer"]),
    )
    return check_result(problems, "public questions")


@asset_check(
    asset=AssetKey("private_qa"),
    blocking=True,
    partitions_def=monthly_partitions,
    additional_ins={"private_texts": AssetIn("private_texts")},
    description="Every text id of a question is in the private texts mapping; public ids are "
    "unique and 0..n-1; no question contains its own answer.",
)
def private_qa_is_consistent(private_qa: pd.DataFrame, private_texts: pd.DataFrame) -> AssetCheckResult:
    problems = (
        dangling_text_ids(private_qa, private_texts)
        + duplicate_ids("private_qa", private_qa, "public_id")
        + dense_ids("private_qa", private_qa, "public_id")
        + answers_in_questions(private_qa)
    )
    return check_result(problems, "private QA")


@asset_check(
    asset=AssetKey("private_texts"),
    blocking=True,
    partitions_def=monthly_partitions,
    description="Private and public text ids are unique; public ids are 0..n-1.",
)
def private_texts_ids_are_unique(private_texts: pd.DataFrame) -> AssetCheckResult:
    problems = (
        duplicate_ids("private_texts", private_texts, "id")
        + duplicate_ids("private_texts", private_texts, "public_id")
        + dense_ids("private_texts", private_texts, "public_id")
    )
    return check_result(problems, "private texts")


@asset_check(
    asset=AssetKey("private_qa"),
    blocking=True,
    partitions_def=monthly_partitions,
    additional_ins={"public_texts": AssetIn("public_texts")},
    description="The release has texts and questions, and at least the configured minimum of each type.",
)
def release_is_big_enough(
    private_qa: pd.DataFrame, public_texts: pd.DataFrame, benchmark: BenchmarkSettings
) -> AssetCheckResult:
    problems = too_small(
        private_qa, public_texts, min_per_type=benchmark.min_questions_per_type, types=SUBGRAPH_TYPES
    )
    return check_result(problems, "release size")


RELEASE_CHECKS = [
    release_is_big_enough,
    public_texts_do_not_leak,
    public_questions_do_not_leak,
    private_qa_is_consistent,
    private_texts_ids_are_unique,
]


# The stages of the manifest, by the asset whose data records their strategy (in pipeline order).
STRATEGY_RECORDS = {
    "raw_triplets": ("triplet_extraction",),
    "normalized_triplets": ("entity_normalization", "novelty"),
    "qa_candidates": ("qa_generation",),
    "qa_acceptability": ("acceptability",),
    "qa_closed_book": ("closed_book",),
    "qa_judge": ("judge",),
    "qa_ner_presence": ("ner_presence",),
    "qa_entity_match": ("entity_match",),
    "qa_linter": ("linter",),
}


def recorded_strategies(context: AssetExecutionContext, storage: StorageResource) -> dict[str, dict]:
    """The describe() of the strategy behind each stage, as recorded with the data it produced."""
    strategies: dict[str, dict] = {}
    for asset_name, stages in STRATEGY_RECORDS.items():
        recorded = read_strategies(storage.data_dir, asset_name, context.partition_key)
        for stage in stages:
            if stage not in recorded:
                context.log.warning(f"{asset_name} records no strategy for {stage}; the manifest says so")
            strategies[stage] = recorded.get(stage) or unrecorded_description(asset_name)
    return strategies


def _recorded_funnel(storage: StorageResource, partition_key: str) -> list[dict] | None:
    path = funnel_path(storage, partition_key)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def _rematerialized_since_last_publication(context: AssetExecutionContext) -> dict:
    """Why this publication may differ from the last one: the assets of this month materialized
    after the last publication of the month recorded on this Dagster instance, with their runs."""
    partition = context.partition_key
    instance = context.instance

    def latest(key: AssetKey):
        records = instance.fetch_materializations(
            AssetRecordsFilter(asset_key=key, asset_partitions=[partition]), limit=1
        ).records
        return records[0] if records else None

    previous = latest(context.asset_key)
    since = previous.timestamp if previous else None
    upstream = AssetSelection.assets(context.asset_key).upstream().resolve(context.job_def.asset_layer.asset_graph)
    rematerialized = {}
    for key in sorted(upstream - {context.asset_key}, key=lambda k: k.to_user_string()):
        record = latest(key)
        if record and (since is None or record.timestamp > since):
            rematerialized[key.to_user_string()] = record.run_id
    return {
        "run_id": context.run_id,
        "previous_publication_run_id": previous.run_id if previous else None,
        "rematerialized": rematerialized,
    }


def _publication_metadata(publication, manifest: dict, hub: Hub) -> dict:
    repos = [{"repo": p.repo, "version": p.version, "status": p.status} for p in publication.repos]
    hist = [{"repo": p.repo, "version": publication.hist_version, "status": p.status} for p in publication.hist_repos]
    metadata = {
        "version": MetadataValue.text(publication.version),
        "outcome": MetadataValue.text(publication.message),
        "revises": MetadataValue.text(publication.revises or "-"),
        "hub": MetadataValue.text(hub.describe()),
        "repos": MetadataValue.md(markdown_table(pd.DataFrame(repos + hist))),
        "hist": MetadataValue.json(publication.as_dict()["hist"]),
        "questions_per_type": MetadataValue.md(
            markdown_table(pd.DataFrame([manifest["counts"]["questions_per_type"]]))
        ),
        "strategies": MetadataValue.md(
            markdown_table(pd.DataFrame(list(manifest["strategies"].items()), columns=["stage", "strategy"]), 50)
        ),
        "offline": MetadataValue.bool(manifest["offline"]),
    }
    if publication.revises:
        published = publication.manifest
        changes = pd.DataFrame(published.get("changes", {})).T.rename_axis("type").reset_index()
        metadata["changes"] = MetadataValue.md(markdown_table(changes))
        metadata["revision_reason"] = MetadataValue.json(published.get("revision_reason", {}))
    return metadata


@asset(
    group_name="release",
    partitions_def=monthly_partitions,
    kinds={"python", "huggingface"},
    pool=HUB_POOL,
    # The previous month's publication comes first (its release is this month's hist-* datasets), so
    # an asset backfill publishes months in order whatever the run concurrency.
    deps=[AssetDep("published_release", partition_mapping=PREVIOUS_MONTH)],
    description="Publishes the month's four datasets and two testbed datasets to the hub (RAGBENCH_HUB) as "
    "version 1.N.0, and the latest revision of the previous month as the hist-* datasets. A month republished "
    "with different data becomes revision 1.N.1, 1.N.2, ... (manifest: revises, reason, changes per type); "
    "identical data publish nothing. Published versions never move.",
)
def published_release(
    context: AssetExecutionContext,
    public_texts: pd.DataFrame,
    public_questions: pd.DataFrame,
    private_qa: pd.DataFrame,
    private_texts: pd.DataFrame,
    public_testbeds: pd.DataFrame,
    private_testbeds: pd.DataFrame,
    hub: ResourceParam[Hub],
    release_key: ResourceParam[ReleaseKey],
    benchmark: BenchmarkSettings,
    storage: StorageResource,
) -> Output[dict]:
    month = month_of(context)
    _, key_source = release_key.load()
    manifest = build_manifest(
        month=month.label,
        version=month.version,
        private_qa=private_qa,
        public_texts=public_texts,
        strategies=recorded_strategies(context, storage),
        thresholds=benchmark.thresholds(),
        key_source=key_source,
        funnel=_recorded_funnel(storage, context.partition_key),
    )
    tables = {
        "public_texts": public_texts,
        "public_questions": public_questions,
        "private_qa": private_qa,
        "private_texts": private_texts,
        "public_testbeds": public_testbeds,
        "private_testbeds": private_testbeds,
    }
    manifest["testbeds"] = recorded_testbeds(storage, context.partition_key, public_testbeds)
    publication = publish_month(
        hub, month, tables, manifest, reason=_rematerialized_since_last_publication(context)
    )
    summary = {"month": month.label, "hub": hub.describe(), **publication.as_dict(), "manifest": publication.manifest}
    context.log.info(publication.message)
    for repo in publication.repos + publication.hist_repos:
        context.log.info(f"{repo.repo} {repo.version}: {repo.status}")
    if not publication.hist_repos:
        context.log.info(f"hist: {publication.hist_status}")
    return Output(summary, metadata=_publication_metadata(publication, manifest, hub))
