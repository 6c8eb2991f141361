"""A failed blocking release check stops publication; a clean release is published."""

import pandas as pd
from dagster import AssetKey, DagsterInstance, materialize

from dagster_project.assets.release import RELEASE_CHECKS
from dagster_project.assets.testbeds import TESTBED_CHECKS
from dagster_project.core.release.hub.local import LocalHub
from dagster_project.definitions import all_assets
from dagster_project.resources import build_resources
from tests.samples import sample_articles, sample_questions

MONTH_KEY = "2025-09-01"


TRIPLET_COLUMNS = ["subject", "canonical_subject", "subject_type", "subject_descriptor",
                   "object", "canonical_object", "object_type", "object_descriptor", "in_wikidata"]  # fmt: skip


def _write_inputs(data_dir, articles, questions):
    triplets = pd.DataFrame(columns=TRIPLET_COLUMNS)  # the testbeds' entity catalog: none needed here
    for name, table in (("news_articles", articles), ("benchmark_questions", questions),
                        ("normalized_triplets", triplets)):  # fmt: skip
        (data_dir / name).mkdir(parents=True, exist_ok=True)
        table.to_parquet(data_dir / name / f"{MONTH_KEY}.parquet", index=False)


def _release_run(tmp_path, questions_transform, **settings):
    articles = sample_articles()
    questions = questions_transform(sample_questions(articles))
    _write_inputs(tmp_path / "data", articles, questions)
    env = {
        "RAGBENCH_DATA_DIR": str(tmp_path / "data"),
        "RAGBENCH_HUB": str(tmp_path / "hub"),
        "RAGBENCH_RELEASE_SECRET": "s",
        **settings,
    }
    release = ("public_texts", "public_questions", "private_qa", "private_texts", "published_release")
    testbeds = ("robustness_testbeds", "public_testbeds", "private_testbeds")
    selection = [AssetKey(n) for n in release + testbeds]
    return materialize(
        [*all_assets, *RELEASE_CHECKS, *TESTBED_CHECKS],
        selection=selection,
        partition_key=MONTH_KEY,
        resources=build_resources(env),
        instance=DagsterInstance.ephemeral(),
        raise_on_error=False,
    )


def test_a_failed_blocking_check_stops_publication(tmp_path):
    def leak(questions):
        questions.loc[0, "question"] = "Правда ли, что ответ — Тверь?"
        return questions

    result = _release_run(tmp_path, leak)
    assert not result.success
    failed = [e.check_name for e in result.get_asset_check_evaluations() if not e.passed]
    assert failed == ["private_qa_is_consistent"]
    published = {e.asset_key.to_user_string() for e in result.get_asset_materialization_events()}
    assert "published_release" not in published
    assert LocalHub(tmp_path / "hub").repos() == []


def test_a_clean_release_passes_the_checks_and_is_published(tmp_path):
    result = _release_run(tmp_path, lambda questions: questions)
    assert result.success
    assert all(e.passed for e in result.get_asset_check_evaluations())
    assert "rag-bench-private-qa" in LocalHub(tmp_path / "hub").repos()


def test_a_release_under_the_minimum_per_type_is_blocked_with_the_reason(tmp_path):
    def only_simple(questions):
        return questions[questions["type"] == "simple"].reset_index(drop=True)

    result = _release_run(tmp_path, only_simple, RAGBENCH_MIN_QUESTIONS_PER_TYPE="1")
    assert not result.success
    failed = [e for e in result.get_asset_check_evaluations() if not e.passed]
    assert [e.check_name for e in failed] == ["release_is_big_enough"]
    reasons = failed[0].metadata["problems"].value
    assert "set: 0 question(s), fewer than the minimum 1" in reasons
    assert LocalHub(tmp_path / "hub").repos() == []
