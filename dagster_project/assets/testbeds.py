"""testbeds: RGB-style robustness testbeds (noise, negative rejection, integration, counterfactual)
built from the month's questions and texts, their two release datasets, the blocking checks that
stop a leaking testbed, and the offline extractive reader scored on them."""

import json

import pandas as pd
from dagster import (
    AssetCheckResult,
    AssetExecutionContext,
    AssetIn,
    AssetKey,
    AssetOut,
    MetadataValue,
    Output,
    ResourceParam,
    asset,
    asset_check,
    multi_asset,
)

from ..core.common.months import seed_for
from ..core.release.hub.base import Hub, ReleaseNotFoundError
from ..core.release.tables import month_key
from ..core.scoring.testbeds import extractive_replies, score_testbeds, summary_rows, write_testbed_scores
from ..core.testbeds.build import build_testbeds
from ..core.testbeds.checks import public_testbed_problems, soundness_problems
from ..core.testbeds.tables import build_testbed_tables
from ..partitions import monthly_partitions
from ..resources import ReleaseKey, ScoringSettings, StorageResource, TestbedSettings
from ._common import check_result, markdown_table, month_of, record_passed_over, table_metadata


def testbeds_record_path(storage: StorageResource, partition_key: str):
    """The funnel and configuration of the month's testbeds, which the release manifest carries."""
    return storage.path("testbeds_funnel", f"{partition_key}.json")


def funnel_table(funnel: list[dict]) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "testbed": row["testbed"],
                "candidates": row["candidates"],
                "questions_used": row["questions_used"],
                "items": row["items"],
                "dropped": ", ".join(f"{reason}: {n}" for reason, n in row["dropped"].items()) or "-",
            }
            for row in funnel
        ]
    )


@asset(
    group_name="testbeds",
    partitions_def=monthly_partitions,
    kinds={"python", "parquet"},
    description="RGB-style testbed items built from the month's kept questions and texts: noise (5 documents "
    "at noise rates 0-0.8), negative rejection, integration and counterfactual. Documents are ~300-word "
    "chunks; negatives name no answer item in any form. The funnel says why questions were dropped.",
)
def robustness_testbeds(
    context: AssetExecutionContext,
    news_articles: pd.DataFrame,
    benchmark_questions: pd.DataFrame,
    normalized_triplets: pd.DataFrame,
    storage: StorageResource,
    testbeds: TestbedSettings,
) -> Output[pd.DataFrame]:
    config = testbeds.config()
    built = build_testbeds(
        news_articles, benchmark_questions, normalized_triplets,
        seed=seed_for(context.partition_key, "testbeds"), config=config,
    )  # fmt: skip
    record = {"config": config.describe(), "funnel": built.funnel}
    testbeds_record_path(storage, context.partition_key).write_text(
        json.dumps(record, ensure_ascii=False, indent=2), encoding="utf-8"
    )
    per_rate = built.items.groupby(["testbed", "noise_rate"]).size().reset_index(name="items")
    metadata = table_metadata(
        built.items,
        ["testbed", "noise_rate", "question", "answer", "counterfactual_answer"],
        funnel=MetadataValue.md(markdown_table(funnel_table(built.funnel))),
        items_per_noise_rate=MetadataValue.md(markdown_table(per_rate, max_rows=50)),
        config=MetadataValue.json(record["config"]),
    )
    metadata.update(record_passed_over(context, storage, "robustness_testbeds", built.passed_over))
    return Output(built.items, metadata=metadata)


@multi_asset(
    outs={
        "public_testbeds": AssetOut(
            group_name="testbeds", kinds={"python", "parquet"},
            description="Public testbeds: id (public int), testbed, noise_rate, question, documents (list of strings).",
        ),
        "private_testbeds": AssetOut(
            group_name="testbeds", kinds={"python", "parquet"},
            description="Private testbeds: id, answer, answer_items (JSON list), counterfactual_answer, "
            "question_public_id, plus source question ids and the role of each document.",
        ),
    },  # fmt: skip
    partitions_def=monthly_partitions,
    description="The two testbed datasets of the release, with public ids from the release's keyed shuffle.",
)
def testbed_datasets(
    context: AssetExecutionContext,
    robustness_testbeds: pd.DataFrame,
    private_qa: pd.DataFrame,
    release_key: ResourceParam[ReleaseKey],
):
    key, _ = release_key.load()
    tables = build_testbed_tables(robustness_testbeds, private_qa, month_key(key, context.partition_key))
    previews = {
        "public_testbeds": ["id", "testbed", "noise_rate", "question"],
        "private_testbeds": ["id", "answer", "counterfactual_answer", "question_public_id"],
    }
    for name, table in tables.items():
        yield Output(table, output_name=name, metadata=table_metadata(table, previews[name]))


@asset_check(
    asset=AssetKey("public_testbeds"),
    blocking=True,
    partitions_def=monthly_partitions,
    additional_ins={"news_articles": AssetIn("news_articles"), "private_qa": AssetIn("private_qa")},
    description="Public testbeds carry only id, testbed, noise_rate, question and documents: no answers, "
    "private ids or source URLs; ids 0..n-1, unique.",
)
def public_testbeds_do_not_leak(
    public_testbeds: pd.DataFrame, news_articles: pd.DataFrame, private_qa: pd.DataFrame
) -> AssetCheckResult:
    problems = public_testbed_problems(
        public_testbeds,
        private_ids=set(news_articles["article_id"]) | set(private_qa["qa_id"]),
        urls=set(news_articles["url"]),
    )
    return check_result(problems, "public testbeds")


@asset_check(
    asset=AssetKey("private_testbeds"),
    blocking=True,
    partitions_def=monthly_partitions,
    additional_ins={"public_testbeds": AssetIn("public_testbeds"), "private_qa": AssetIn("private_qa")},
    description="Every negative document names no answer item (lemma level); counterfactual documents name "
    "the counterfactual answer and never the true one; every item points to a question of the release.",
)
def testbed_documents_are_sound(
    private_testbeds: pd.DataFrame, public_testbeds: pd.DataFrame, private_qa: pd.DataFrame
) -> AssetCheckResult:
    problems = soundness_problems(public_testbeds, private_testbeds, private_qa)
    return check_result(problems, "testbed documents")


TESTBED_CHECKS = [public_testbeds_do_not_leak, testbed_documents_are_sound]


def recorded_testbeds(storage: StorageResource, partition_key: str, public_testbeds: pd.DataFrame) -> dict:
    """The manifest's testbeds section: items per testbed and noise rate, the funnel, the configuration."""
    path = testbeds_record_path(storage, partition_key)
    record = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"config": {}, "funnel": []}
    per_rate = public_testbeds.groupby(["testbed", "noise_rate"]).size()
    counts: dict[str, dict[str, int]] = {}
    for (testbed, rate), n in per_rate.items():
        counts.setdefault(str(testbed), {})[f"{rate:g}"] = int(n)
    return {"items": int(len(public_testbeds)), "items_per_testbed_and_noise_rate": counts, **record}


@asset(
    group_name="testbeds",
    partitions_def=monthly_partitions,
    kinds={"python"},
    deps=["published_release"],
    description="The offline extractive reader (the sentence sharing most question lemmas; the refusal "
    "phrase when none shares enough) scored on the published testbeds: accuracy, rejection, error "
    "detection and correction per testbed and noise rate, with bootstrap CIs. Writes testbeds.json and "
    "testbeds.html under the storage root.",
)
def testbed_baseline(
    context: AssetExecutionContext,
    hub: ResourceParam[Hub],
    storage: StorageResource,
    scoring: ScoringSettings,
    testbeds: TestbedSettings,
) -> Output[pd.DataFrame]:
    from ..core.release.publishing import published_testbeds

    version = month_of(context).version
    tables = published_testbeds(hub, version)
    if not tables:
        raise ReleaseNotFoundError(f"{version} has no published testbeds; materialize published_release first")
    public, private = tables["public_testbeds"], tables["private_testbeds"]
    replies = extractive_replies(public, refusal_phrase=testbeds.refusal_phrase)
    scores = score_testbeds(
        public, private, replies, refusal_phrase=testbeds.refusal_phrase, samples=scoring.bootstrap_samples,
        name="baseline-extractive", version=version,
    )  # fmt: skip
    out_dir = storage.path("testbed_baseline", context.partition_key)
    paths = write_testbed_scores(out_dir, scores)
    table = pd.DataFrame(summary_rows(scores.metrics))
    return Output(
        table,
        metadata=table_metadata(
            table,
            version=MetadataValue.text(version),
            html=MetadataValue.path(str(paths["html"])),
            json=MetadataValue.path(str(paths["json"])),
        ),
    )
