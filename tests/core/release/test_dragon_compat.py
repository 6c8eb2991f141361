"""DRAGON's own published client (rag-bench on PyPI) evaluates our release unchanged."""

import json

from datasets import Dataset, DatasetDict
from rag_bench.evaluator import RAGEvaluator, evaluate_rag_results

from dagster_project.core.release.hub.local import repo_name
from tests.conftest import SAMPLE_MONTH


def _release(materialized_month):
    hub, version = materialized_month.hub, SAMPLE_MONTH.version
    return {
        name: hub.load(repo_name(name), version)
        for name in ("public_texts", "public_questions", "private_qa", "private_texts")
    }


def _gold_submission(private_qa, private_texts) -> dict:
    public_of = dict(zip(private_texts["id"], private_texts["public_id"], strict=True))
    return {
        str(row.public_id): {
            "found_ids": [int(public_of[text_id]) for text_id in json.loads(row.text_ids)],
            "model_answer": row.answer,
        }
        for row in private_qa.itertuples(index=False)
    }


def test_rag_bench_scores_a_gold_submission_perfectly(materialized_month):
    release = _release(materialized_month)
    private_qa, private_texts = release["private_qa"], release["private_texts"]
    dataset = DatasetDict({"train": Dataset.from_pandas(private_qa, preserve_index=False)})
    mapping = {int(p): i for i, p in zip(private_texts["id"], private_texts["public_id"], strict=True)}
    results = evaluate_rag_results(_gold_submission(private_qa, private_texts), dataset, mapping, RAGEvaluator())
    overall = results["aggregated_metrics"]["overall"]
    assert overall["retrieval"]["hit_rate"] == 1.0
    assert overall["generation"]["substr_match"] == 1.0
    assert set(results["aggregated_metrics"]) == {"simple", "set", "cond", "mh", "overall"}


def test_rag_bench_notices_a_wrong_submission(materialized_month):
    """The same client on a submission with wrong texts and answers does not score 1.0, so the
    test above measures something."""
    release = _release(materialized_month)
    private_qa, private_texts = release["private_qa"], release["private_texts"]
    submission = _gold_submission(private_qa, private_texts)
    gold_public = {i for entry in submission.values() for i in entry["found_ids"]}
    wrong_text = (
        next(int(p) for p in private_texts["public_id"] if int(p) not in gold_public)
        if len(gold_public) < len(private_texts)
        else None
    )
    for entry in submission.values():
        entry["model_answer"] = "не знаю"
        if wrong_text is not None:
            entry["found_ids"] = [wrong_text]
    dataset = DatasetDict({"train": Dataset.from_pandas(private_qa, preserve_index=False)})
    mapping = {int(p): i for i, p in zip(private_texts["id"], private_texts["public_id"], strict=True)}
    overall = evaluate_rag_results(submission, dataset, mapping, RAGEvaluator())["aggregated_metrics"]["overall"]
    assert overall["generation"]["substr_match"] < 0.05
    if wrong_text is not None:
        assert overall["retrieval"]["hit_rate"] < 1.0


def test_public_datasets_have_exactly_the_dragon_columns(materialized_month):
    release = _release(materialized_month)
    assert list(release["public_texts"].columns) == ["id", "text"]
    assert list(release["public_questions"].columns) == ["id", "question"]
    assert {"public_id", "question", "answer", "type", "text_ids"} <= set(release["private_qa"].columns)
    assert list(release["private_texts"].columns) == ["id", "public_id"]
    assert sorted(release["public_questions"]["id"]) == list(range(len(release["public_questions"])))
