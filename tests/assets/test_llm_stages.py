"""The LLM strategies as Dagster stages, against a local OpenAI-compatible server that answers each
prompt (extraction, normalization, questions, filters) and injects faults."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest
from dagster import AssetKey, DagsterInstance, materialize

from dagster_project.cli import run_month
from dagster_project.core.common.package_files import project_dir
from dagster_project.core.release.hub.local import repo_name
from dagster_project.definitions import all_assets
from dagster_project.resources import build_resources
from dagster_project.testing.openai_server import Reply, prompt_task
from tests.conftest import SAMPLE_MONTH, pipeline_env

API_KEY = "sk-stage-secret-5678"
ARTICLES = 6


@pytest.fixture
def llm_env(tmp_path, server) -> dict[str, str]:
    """A small corpus (the first articles of the sample month) and an LLM endpoint."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for path in sorted((project_dir("data") / "corpus" / "2025-09").glob("*.md"))[:ARTICLES]:
        shutil.copy(path, corpus / path.name)
    sources = tmp_path / "sources.yaml"
    sources.write_text("sources:\n  - name: small\n    kind: markdown_dir\n    path: corpus\n", encoding="utf-8")
    server.reset()
    return {
        **pipeline_env(tmp_path),
        "RAGBENCH_SOURCES": str(sources),
        "RAGBENCH_LLM_BASE_URL": server.base_url,
        "RAGBENCH_LLM_MODEL": "fake-70b",
        "RAGBENCH_LLM_QA_MODEL": "fake-qa-8b",
        "RAGBENCH_LLM_API_KEY": API_KEY,
        "RAGBENCH_LLM_INITIAL_WAIT": "0.01",
        "RAGBENCH_LLM_TIMEOUT": "10",
        "RAGBENCH_JUDGE_CRITERIA": "grammar,context_sufficiency",
        "RAGBENCH_CLOSED_BOOK_MODELS": "tiny-1b",
    }


def _materialize(env: dict, names: list[str]):
    return materialize(
        all_assets,
        selection=[AssetKey(name) for name in names],
        partition_key=SAMPLE_MONTH.key,
        resources=build_resources(env),
        instance=DagsterInstance.ephemeral(),
        raise_on_error=False,
    )


def _metadata(result, asset: str) -> dict:
    for event in result.get_asset_materialization_events():
        if event.asset_key == AssetKey(asset):
            return {k: v.value for k, v in event.materialization.metadata.items()}
    raise AssertionError(f"{asset} was not materialized")


def _failures(env: dict, stage: str) -> pd.DataFrame:
    return pd.read_parquet(Path(env["RAGBENCH_DATA_DIR"]) / "failures" / stage / f"{SAMPLE_MONTH.key}.parquet")


def _about_article(titles: list[str]):
    return lambda body: prompt_task(body) == "extraction" and any(t in body["messages"][1]["content"] for t in titles)


def _articles(env: dict) -> pd.DataFrame:
    return pd.read_parquet(Path(env["RAGBENCH_DATA_DIR"]) / "news_articles" / f"{SAMPLE_MONTH.key}.parquet")


def test_the_whole_month_runs_on_the_llm_strategies_and_a_rerun_asks_nothing_new(llm_env, server, tmp_path):
    result = run_month(SAMPLE_MONTH, instance=DagsterInstance.ephemeral(), env=llm_env)
    assert result.success
    asked = {prompt_task(r.body) for r in server.requests}
    assert {"extraction", "normalization", "qa", "judge", "closed_book"} <= asked
    # per-stage model override: questions came from the QA model, the rest from the default one
    models = {(prompt_task(r.body), r.body["model"]) for r in server.requests}
    assert {model for task, model in models if task == "qa"} == {"fake-qa-8b"}
    assert {model for task, model in models if task == "closed_book"} == {"tiny-1b"}
    assert {model for task, model in models if task not in {"qa", "closed_book"}} == {"fake-70b"}

    data = Path(llm_env["RAGBENCH_DATA_DIR"])
    raw = pd.read_parquet(data / "raw_triplets" / f"{SAMPLE_MONTH.key}.parquet")
    assert len(raw) > 0 and set(raw["extractor"]) == {"llm:fake-70b"}
    qa = pd.read_parquet(data / "qa_candidates" / f"{SAMPLE_MONTH.key}.parquet")
    assert len(qa) > 0 and set(qa["generator"]) == {"llm:fake-qa-8b"}
    assert qa["question"].str.contains("?", regex=False).all()

    hub_manifest = _hub(llm_env).manifest(repo_name("private_qa"), SAMPLE_MONTH.version)
    strategies = hub_manifest["strategies"]
    assert hub_manifest["offline"] is False
    assert strategies["triplet_extraction"].startswith("llm: fake-70b")
    assert strategies["entity_normalization"].startswith("llm: fake-70b")
    assert strategies["qa_generation"].startswith("llm: fake-qa-8b")
    assert strategies["judge"].startswith("llm: fake-70b")
    assert strategies["closed_book"].startswith("llm closed-book: tiny-1b")
    assert strategies["acceptability"].startswith("skipped")
    assert hub_manifest["thresholds"]["judge_criteria"] == ["grammar", "context_sufficiency"]
    assert hub_manifest["thresholds"]["closed_book_threshold"] == 0.8
    selected = pd.read_parquet(data / "benchmark_questions" / f"{SAMPLE_MONTH.key}.parquet")
    assert set(selected["qa_judge_verdict"]) == {"pass"} and set(selected["qa_closed_book_verdict"]) == {"pass"}
    assert selected["qa_judge_score"].between(0.5, 1.0).all()

    # the API key reached the server, and nothing else: no file, no log line, no metadata
    assert {r.authorization for r in server.requests} == {f"Bearer {API_KEY}"}
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert API_KEY.encode() not in path.read_bytes(), path
    for event in result.all_events:
        assert API_KEY not in str(event), event.event_type_value

    # a second run re-asks only the items that failed in the first (two requests each: ask + repair)
    stages = ("raw_triplets", "normalized_triplets", "qa_candidates", "qa_judge", "qa_closed_book")
    failed_before = sum(len(_failures(llm_env, s)) for s in stages)
    server.reset()
    assert _materialize(llm_env, list(stages)).success
    assert len(server.requests) == 2 * failed_before


def _hub(env):
    from dagster_project.core.release.hub.local import LocalHub

    return LocalHub(env["RAGBENCH_HUB"])


def test_extraction_below_its_error_limit_succeeds_and_records_each_failure(llm_env, server):
    assert _materialize(llm_env, ["news_articles"]).success
    articles = _articles(llm_env)
    broken = articles.iloc[0]
    server.inject(Reply(content="Извините, не могу."), Reply(content="{'triplets': []}"),
                  match=_about_article([broken["title"]]))  # fmt: skip
    server.inject(Reply(status=429, headers={"Retry-After": "0"}), Reply(status=500), Reply(delay=30),
                  match=_about_article([articles.iloc[1]["title"]]))  # fmt: skip
    env = {**llm_env, "RAGBENCH_LLM_TIMEOUT": "3"}
    result = _materialize(env, ["raw_triplets"])
    assert result.success  # 1 of 6 chunks failed: under the 20% limit
    assert server.pending_faults() == 0
    failures = _failures(llm_env, "raw_triplets")
    assert list(failures["item_id"]) == [f"{broken['article_id']}#0"]
    assert "not valid JSON" in failures["error"][0]
    assert failures["raw_reply"][0] == "{'triplets': []}"
    metadata = _metadata(result, "raw_triplets")
    assert metadata["llm_failed"] == 1 and metadata["llm_ok"] == ARTICLES - 1
    assert metadata["llm_stats"]["retries"] == 3  # 429, 500 and the hang, each retried once
    assert metadata["llm_prompt_tokens"] > 0 and metadata["llm_completion_tokens"] > 0
    raw = pd.read_parquet(Path(llm_env["RAGBENCH_DATA_DIR"]) / "raw_triplets" / f"{SAMPLE_MONTH.key}.parquet")
    assert broken["article_id"] not in set(raw["article_id"])
    assert articles.iloc[1]["article_id"] in set(raw["article_id"])

    server.reset()  # re-materializing asks only for the failed chunk
    assert _materialize(llm_env, ["raw_triplets"]).success
    assert len(server.requests) == 1
    assert _failures(llm_env, "raw_triplets").empty


def test_extraction_above_its_error_limit_fails_the_stage(llm_env, server):
    assert _materialize(llm_env, ["news_articles"]).success
    titles = list(_articles(llm_env)["title"][:2])
    server.inject(*[Reply(status=400)] * 2, match=_about_article(titles))
    result = _materialize(llm_env, ["raw_triplets"])
    assert not result.success
    failure = next(e for e in result.all_events if e.is_step_failure)
    message = str(failure.event_specific_data.error)
    assert "2 of 6 items failed" in message and "HTTP 400" in message
    assert API_KEY not in message


def test_without_an_endpoint_the_offline_strategies_run(materialized_month):
    # the session's offline pipeline run: no LLM configured
    assert "RAGBENCH_LLM_BASE_URL" not in materialized_month.env
    for asset in ("raw_triplets", "normalized_triplets", "qa_candidates"):
        recorded = _metadata(materialized_month.result, asset)["strategy"]  # {stage: describe()}
        assert {described["kind"] for described in recorded.values()} <= {"offline", "skipped"}, asset
