"""release: the four datasets, the blocking checks that stop a leaking release, and publication
of version M (and of the historical datasets at version M-1)."""

import json

import pandas as pd
from dagster import (
    AssetCheckResult,
    AssetCheckSeverity,
    AssetExecutionContext,
    AssetIn,
    AssetKey,
    AssetOut,
    MetadataValue,
    Output,
    asset,
    asset_check,
    multi_asset,
)

from ..core.extraction.dependency_parse import EXTRACTOR_NAME
from ..core.filters.acceptability import acceptability_strategy
from ..core.filters.closed_book import CLOSED_BOOK_PROMPT
from ..core.filters.judge import JUDGE_PROMPT
from ..core.llm.prompts import EXTRACTION_PROMPT, NORMALIZATION_PROMPT, QA_PROMPTS
from ..core.questions.templates import GENERATOR
from ..core.release.checks import (
    answers_in_questions,
    dangling_text_ids,
    dense_ids,
    duplicate_ids,
    public_dataset_problems,
)
from ..core.release.manifest import build_manifest
from ..core.release.publishing import publish_month
from ..core.release.tables import DATASETS, build_release, load_or_create_key, month_key
from ..partitions import monthly_partitions
from ..resources import BenchmarkSettings, HubResource, LLMResource, StorageResource, WikidataResource
from ._common import markdown_table, month_of, table_metadata
from ._llm import llm_strategy
from .filters import funnel_path

_DESCRIPTIONS = {
    "public_texts": "Public texts: id (public int), text. The retrieval corpus of the month.",
    "public_questions": "Public questions: id (public int, 0..n-1), question. No answers.",
    "private_qa": "Private QA: public_id, question, answer, type, text_ids (JSON list of private text ids), "
    "plus answer_items, subgraph and qa ids.",
    "private_texts": "Private texts mapping: id (private text id), public_id.",
}


def _key(storage: StorageResource, benchmark: BenchmarkSettings) -> tuple[bytes, str]:
    return load_or_create_key(storage.path("secrets", "release.key"), benchmark.release_secret)


@multi_asset(
    outs={name: AssetOut(group_name="release", description=_DESCRIPTIONS[name]) for name in DATASETS},
    partitions_def=monthly_partitions,
    description="The four DRAGON-compatible datasets, with public ids from a keyed shuffle.",
)
def release_datasets(
    context: AssetExecutionContext,
    news_articles: pd.DataFrame,
    benchmark_questions: pd.DataFrame,
    storage: StorageResource,
    benchmark: BenchmarkSettings,
):
    key, _ = _key(storage, benchmark)
    tables = build_release(news_articles, benchmark_questions, month_key(key, context.partition_key))
    previews = {
        "public_texts": ["id", "text"],
        "public_questions": ["id", "question"],
        "private_qa": ["public_id", "type", "question", "answer", "text_ids"],
        "private_texts": ["id", "public_id"],
    }
    for name, table in tables.as_dict().items():
        yield Output(table, output_name=name, metadata=table_metadata(table, previews[name]))


def _result(problems: list[str], what: str) -> AssetCheckResult:
    return AssetCheckResult(
        passed=not problems,
        severity=AssetCheckSeverity.ERROR,
        description=f"{what}: " + ("ok" if not problems else f"{len(problems)} problem(s)"),
        metadata={"problems": MetadataValue.md("\n".join(f"- {p}" for p in problems[:50]) or "none")},
    )


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
    return _result(problems, "public texts")


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
    return _result(problems, "public questions")


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
    return _result(problems, "private QA")


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
    return _result(problems, "private texts")


RELEASE_CHECKS = [
    public_texts_do_not_leak,
    public_questions_do_not_leak,
    private_qa_is_consistent,
    private_texts_ids_are_unique,
]


def strategies(
    llm: LLMResource, wikidata: WikidataResource, benchmark: BenchmarkSettings | None = None
) -> dict[str, str]:
    """What ran at each model-backed stage: the LLM strategies when an endpoint is configured,
    the offline ones otherwise; model-backed filters without a model are skipped."""
    no_model = "skipped (no model configured)"
    if llm.is_configured:
        generation = {
            "triplet_extraction": llm_strategy(llm, "extraction", EXTRACTION_PROMPT),
            "entity_normalization": llm_strategy(llm, "normalization", NORMALIZATION_PROMPT)
            + " over navec + rapidfuzz candidates",
            "qa_generation": llm_strategy(llm, "qa", ", ".join(QA_PROMPTS.values())),
        }
    else:
        generation = {
            "triplet_extraction": f"offline: {EXTRACTOR_NAME}",
            "entity_normalization": "offline: lemma keys + alias table + rapidfuzz clustering",
            "qa_generation": f"offline: {GENERATOR}",
        }
    return {
        "triplet_extraction": generation["triplet_extraction"],
        "entity_normalization": generation["entity_normalization"],
        "novelty": "skipped: no Wikidata endpoint" if not wikidata.is_configured else "wikidata-sparql-lookup",
        "qa_generation": generation["qa_generation"],
        "acceptability": acceptability_strategy(benchmark.acceptability_checkpoint if benchmark else None),
        "closed_book": (
            f"llm closed-book: {', '.join(llm.closed_book_models)} (prompt {CLOSED_BOOK_PROMPT}), "
            + (f"embedding cosine ({llm.embedding_model})" if llm.embedding_model else "lemma token F1")
            if llm.is_configured and llm.closed_book_models
            else no_model
        ),
        "judge": llm_strategy(llm, "judge", JUDGE_PROMPT) if llm.is_configured else no_model,
        "ner_presence": "natasha",
        "entity_match": "rapidfuzz partial ratio on lemmas",
        "linter": "offline rules over pymorphy3 morphology and gold-text lemmas",
    }


def _recorded_funnel(storage: StorageResource, partition_key: str) -> list[dict] | None:
    path = funnel_path(storage, partition_key)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


@asset(
    group_name="release",
    partitions_def=monthly_partitions,
    description="Publishes version 1.N.0 of the four datasets to the hub (RAGBENCH_HUB), and the previous "
    "month's release as version 1.(N-1).0 of the hist-* datasets. Versions are immutable.",
)
def published_release(
    context: AssetExecutionContext,
    public_texts: pd.DataFrame,
    public_questions: pd.DataFrame,
    private_qa: pd.DataFrame,
    private_texts: pd.DataFrame,
    hub: HubResource,
    benchmark: BenchmarkSettings,
    storage: StorageResource,
    llm: LLMResource,
    wikidata: WikidataResource,
) -> Output[dict]:
    month = month_of(context)
    target = hub.hub()
    _, key_source = _key(storage, benchmark)
    manifest = build_manifest(
        month=month.label,
        version=month.version,
        private_qa=private_qa,
        public_texts=public_texts,
        strategies=strategies(llm, wikidata, benchmark),
        thresholds=benchmark.thresholds(),
        key_source=key_source,
        funnel=_recorded_funnel(storage, context.partition_key),
    )
    tables = {
        "public_texts": public_texts,
        "public_questions": public_questions,
        "private_qa": private_qa,
        "private_texts": private_texts,
    }
    publication = publish_month(target, month, tables, manifest)
    published = publication.repos
    summary = {"month": month.label, "hub": target.describe(), **publication.as_dict(), "manifest": manifest}
    for repo in publication.repos + publication.hist_repos:
        context.log.info(f"{repo.repo} {repo.version}: {repo.status}")
    if not publication.hist_repos:
        context.log.info(f"hist: {publication.hist_status}")
    return Output(
        summary,
        metadata={
            "version": MetadataValue.text(month.version),
            "hub": MetadataValue.text(target.describe()),
            "repos": MetadataValue.md(
                markdown_table(
                    pd.DataFrame([{"repo": p.repo, "version": p.version, "status": p.status} for p in published])
                )
            ),
            "hist": MetadataValue.json(summary["hist"]),
            "questions_per_type": MetadataValue.json(manifest["counts"]["questions_per_type"]),
            "strategies": MetadataValue.json(manifest["strategies"]),
            "offline": MetadataValue.bool(manifest["offline"]),
        },
    )
