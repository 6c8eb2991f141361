"""Strategies are chosen once from the settings; each says what it is, and the release manifest is
assembled from what the data of each stage recorded."""

import json
import shutil

from dagster import AssetKey, DagsterInstance, materialize

from dagster_project.core.common.package_files import file_sha256, project_dir
from dagster_project.core.extraction.strategies import LLMTripletExtractor, SchemaExtractor
from dagster_project.core.filters.strategies import (
    NO_CLOSED_BOOK_MODELS,
    NO_LLM_ENDPOINT,
    ClosedBookFilter,
    JudgeFilter,
    SkippedFilter,
)
from dagster_project.core.graph.entity_candidates import EndpointEmbedder
from dagster_project.core.graph.strategies import LLMNormalizer, NoNoveltyCheck, OfflineNormalizer, WikidataNoveltyCheck
from dagster_project.core.questions.strategies import LLMQuestionGenerator, TemplateQuestionGenerator
from dagster_project.core.release.hub.local import LocalHub, repo_name
from dagster_project.resources import build_resources, strategy_resources
from dagster_project.settings import Settings
from tests.conftest import SAMPLE_MONTH

STRATEGY_KEYS = ["triplet_extractor", "entity_normalizer", "question_generator", "judge_filter", "novelty_check",
                 "acceptability_filter", "closed_book_filter"]  # fmt: skip
LLM_ENV = {"RAGBENCH_LLM_BASE_URL": "http://127.0.0.1:9/v1", "RAGBENCH_LLM_MODEL": "big", "RAGBENCH_LLM_QA_MODEL": "qa"}


def test_without_a_model_every_stage_is_offline_or_skipped_and_says_so():
    strategies = strategy_resources(Settings.from_env({}))
    assert sorted(strategies) == sorted(STRATEGY_KEYS)
    assert isinstance(strategies["triplet_extractor"], SchemaExtractor)
    assert isinstance(strategies["entity_normalizer"], OfflineNormalizer)
    assert isinstance(strategies["question_generator"], TemplateQuestionGenerator)
    assert isinstance(strategies["novelty_check"], NoNoveltyCheck)
    assert strategies["judge_filter"] == SkippedFilter(NO_LLM_ENDPOINT)
    assert strategies["closed_book_filter"] == SkippedFilter(NO_LLM_ENDPOINT)
    for strategy in strategies.values():
        described = strategy.describe()
        assert described["kind"] in {"offline", "skipped"}
        assert described["summary"].startswith(f"{described['kind']}:" if described["kind"] == "offline" else "skipped")
        json.dumps(described)


def test_with_an_endpoint_the_llm_strategies_run_with_their_stage_models():
    strategies = strategy_resources(Settings.from_env({**LLM_ENV, "RAGBENCH_WIKIDATA_ENDPOINT": "http://127.0.0.1:9"}))
    assert isinstance(strategies["triplet_extractor"], LLMTripletExtractor)
    assert isinstance(strategies["entity_normalizer"], LLMNormalizer)
    assert isinstance(strategies["question_generator"], LLMQuestionGenerator)
    assert isinstance(strategies["judge_filter"], JudgeFilter)
    assert isinstance(strategies["novelty_check"], WikidataNoveltyCheck)
    assert strategies["closed_book_filter"] == SkippedFilter(NO_CLOSED_BOOK_MODELS)
    extraction = strategies["triplet_extractor"].describe()
    assert extraction["kind"] == "llm" and extraction["model"] == "big"
    prompt = project_dir("prompts") / "triplet_extraction.j2"
    assert extraction["prompts_sha256"] == {prompt.name: file_sha256(prompt)}
    assert extraction["summary"] == "llm: big (prompt triplet_extraction.j2)"
    assert strategies["question_generator"].describe()["model"] == "qa"
    assert strategies["entity_normalizer"].embeddings is None


def test_closed_book_models_and_an_embeddings_endpoint_come_from_the_settings():
    env = {**LLM_ENV, "RAGBENCH_CLOSED_BOOK_MODELS": "tiny-1b,tiny-2b", "RAGBENCH_EMBEDDINGS_BASE_URL": "http://127.0.0.1:9",
           "RAGBENCH_EMBEDDINGS_MODEL": "emb", "RAGBENCH_EMBEDDINGS_API_KEY": "sk-emb-secret"}  # fmt: skip
    strategies = strategy_resources(Settings.from_env(env))
    closed_book = strategies["closed_book_filter"]
    assert isinstance(closed_book, ClosedBookFilter)
    assert closed_book.describe()["models"] == ["tiny-1b", "tiny-2b"]
    assert closed_book.embedding.model == "emb"
    embeddings = strategies["entity_normalizer"].embeddings
    assert isinstance(embeddings, EndpointEmbedder) and embeddings.model == "emb"
    assert "sk-emb-secret" not in json.dumps([s.describe() for s in strategies.values()])


def test_each_stage_records_its_strategy_next_to_its_data(materialized_month):
    data = materialized_month.data_dir
    recorded = json.loads((data / "raw_triplets" / f"{SAMPLE_MONTH.key}.strategy.json").read_text(encoding="utf-8"))
    assert recorded == {"triplet_extraction": SchemaExtractor().describe()}
    manifest = materialized_month.hub.manifest(repo_name("private_qa"), SAMPLE_MONTH.version)
    assert manifest["strategy_details"]["triplet_extraction"] == recorded["triplet_extraction"]
    assert manifest["strategies"]["entity_normalization"].startswith("offline:")
    assert set(manifest["strategies"]) == {
        "triplet_extraction", "entity_normalization", "novelty", "qa_generation",
        "acceptability", "closed_book", "judge", "ner_presence", "entity_match", "linter",
    }


def test_a_rerun_of_one_stage_with_another_strategy_shows_in_the_next_manifest(materialized_month, tmp_path):
    from dagster_project.definitions import all_assets

    shutil.copytree(materialized_month.data_dir, tmp_path / "data")
    env = {**materialized_month.env, "RAGBENCH_DATA_DIR": str(tmp_path / "data"), "RAGBENCH_HUB": str(tmp_path / "hub")}
    resources = {**build_resources(env), "judge_filter": SkippedFilter("judged elsewhere this month")}
    for asset in ("qa_judge", "published_release"):  # one after the other: no selected asset links them
        result = materialize(all_assets, selection=[AssetKey(asset)], partition_key=SAMPLE_MONTH.key,
                             resources=resources, instance=DagsterInstance.ephemeral())  # fmt: skip
        assert result.success
    manifest = LocalHub(tmp_path / "hub").manifest(repo_name("private_qa"), SAMPLE_MONTH.version)
    assert manifest["strategies"]["judge"] == "skipped (judged elsewhere this month)"
    assert manifest["strategies"]["triplet_extraction"] == "offline: schema-v1"  # the other stages as recorded
