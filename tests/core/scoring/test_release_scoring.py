"""Scoring on a real release built by the pipeline (the session's materialized 2025-09):
DRAGON parity, baseline against random, missing answers, refusals, the leaderboard."""

import json

import pytest
from datasets import Dataset, DatasetDict
from rag_bench.evaluator import RAGEvaluator, evaluate_rag_results

from dagster_project.core.scoring.baseline import random_submission
from dagster_project.core.scoring.evaluate import ScoringConfig, evaluate
from dagster_project.core.scoring.leaderboard import build_leaderboard
from dagster_project.core.scoring.submission import Entry, submission_json
from tests.conftest import SAMPLE_MONTH

VERSION = SAMPLE_MONTH.version
FAST = ScoringConfig(bootstrap_samples=200)


def _dragon_scores(release, submission: dict) -> dict:
    qa = DatasetDict({"train": Dataset.from_pandas(release["private_qa"], preserve_index=False)})
    texts = release["private_texts"]
    mapping = {int(p): i for i, p in zip(texts["id"], texts["public_id"], strict=True)}
    return evaluate_rag_results(submission, qa, mapping, RAGEvaluator())["aggregated_metrics"]


@pytest.mark.parametrize("which", ["baseline", "random"])
def test_dragon_metrics_equal_rag_bench(release, gold, baseline, which):
    entries = (
        baseline if which == "baseline" else random_submission(release["public_texts"], release["public_questions"])
    )
    metrics = evaluate(gold, entries, ScoringConfig(bootstrap_samples=0)).metrics
    theirs = _dragon_scores(release, submission_json(entries))
    assert set(metrics["dragon"]) == set(theirs) == {"simple", "set", "cond", "mh", "overall"}
    for scope, blocks in theirs.items():
        for block, values in blocks.items():
            for metric, value in values.items():
                assert metrics["dragon"][scope][block][metric] == pytest.approx(float(value), abs=1e-12), (
                    scope,
                    metric,
                )
                # the same number, with its CI and coverage, in our own metrics table
                assert metrics["metrics"][scope][f"dragon_{metric}"]["value"] == pytest.approx(float(value), abs=1e-12)


def test_baseline_beats_random_retrieval(release, gold, baseline):
    random_run = random_submission(release["public_texts"], release["public_questions"], seed=3)
    ours = evaluate(gold, baseline, FAST).metrics["metrics"]["overall"]
    floor = evaluate(gold, random_run, FAST).metrics["metrics"]["overall"]
    for metric in ("hit@5", "ndcg@5", "mrr", "containment", "token_f1"):
        assert ours[metric]["ci_low"] > floor[metric]["ci_high"], metric


def test_missing_answers_count_as_wrong_and_are_reported(gold, baseline):
    blanked = dict(baseline)
    first = sorted(blanked)[:10]
    for qid in first:
        blanked[qid] = Entry(found_ids=(), model_answer="")
    metrics = evaluate(gold, blanked, ScoringConfig(bootstrap_samples=0)).metrics
    assert metrics["missing_answers"] == {"count": 10, "public_ids": first}
    assert metrics["empty_retrievals"]["count"] == 10
    overall = metrics["metrics"]["overall"]["containment"]
    assert overall["n_scored"] == overall["n"] == len(gold.questions)  # not dropped from the mean
    full = evaluate(gold, baseline, ScoringConfig(bootstrap_samples=0)).metrics["metrics"]["overall"]["containment"]
    assert overall["value"] < full["value"]


def test_leaderboard_scores_every_submission_and_records_invalid_ones(release, gold, baseline, tmp_path):
    folder = tmp_path / "submissions" / VERSION
    folder.mkdir(parents=True)
    random_run = random_submission(release["public_texts"], release["public_questions"])
    (folder / "random.json").write_text(json.dumps(submission_json(random_run)), encoding="utf-8")
    (folder / "broken.json").write_text("{", encoding="utf-8")
    board = build_leaderboard(gold, release["public_questions"], tmp_path / "submissions", tmp_path / "out", FAST)
    table = board.table.set_index("submission")
    assert list(board.table["submission"][:2]) == ["baseline-bm25", "random"]
    assert table.loc["broken", "status"].startswith("invalid")
    assert table.loc["random", "vs_baseline"].startswith("worse")
    assert board.failures and board.failures[0][0] == "broken.json"
    assert "baseline-bm25" in (tmp_path / "out" / "leaderboard.html").read_text(encoding="utf-8")
    assert (tmp_path / "out" / "runs" / "random" / "metrics.json").exists()


def test_expected_refusals_are_scored_by_the_refuse_check(gold, baseline):
    first, second = sorted(baseline)[:2]
    entries = {**baseline, first: Entry(found_ids=(), model_answer="Увы, не удалось найти ответ на вопрос.")}
    config = ScoringConfig(bootstrap_samples=0, expect_refusal=frozenset({first, second}))
    overall = evaluate(gold, entries, config).metrics["metrics"]["overall"]
    assert overall["ifeval_refuse"]["n_scored"] == 2
    assert overall["ifeval_refuse"]["value"] == 0.5  # the first refused, the second answered
    assert overall["refused"]["value"] == pytest.approx(1 / len(gold.questions))
