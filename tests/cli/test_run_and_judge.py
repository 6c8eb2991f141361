"""The README's walkthrough on a small release: run a generator twice (BM25 and the gold texts),
score both with the deterministic and the LLM-judged metrics, and compare the runs."""

import json

import pytest

from dagster_project.cli import main
from dagster_project.core.scoring.llm_metrics import LLM_METRICS
from dagster_project.core.scoring.runs import load_run
from dagster_project.testing.openai_server import FakeOpenAIServer, prompt_task, task_responder
from tests.core.scoring.small_release import QUESTIONS, VERSION, publish_small_release


@pytest.fixture(scope="module")
def server():
    with FakeOpenAIServer(task_responder) as running:
        yield running


@pytest.fixture(scope="module")
def runs(server, tmp_path_factory):
    """Two generator runs on the same release: BM25's top 3, and the gold texts alone."""
    root = tmp_path_factory.mktemp("walkthrough")
    hub = publish_small_release(root / "hub")
    for name, retriever in (("bm25", "bm25"), ("gold", "none")):
        assert main(["run", "--hub", str(hub.root), "--version", VERSION, "--endpoint", server.base_url,
                     "--model", "generator", "--retriever", retriever, "--top-k", "3",
                     "--out", str(root / name)]) == 0  # fmt: skip
    return root, hub


def _evaluate(root, hub, server, name: str, *options: str) -> int:
    return main(["evaluate", "--hub", str(hub.root), "--version", VERSION, "--submission",
                 str(root / name / "submission.json"), "--out", str(root / f"{name}-scored"), "--bootstrap", "200",
                 "--llm-metrics", "--judge-endpoint", server.base_url, "--judge-model", "judge",
                 "--embeddings-model", "embedder", "--judge-cache", str(root / "judge.sqlite"),
                 "--judge-price-input", "0.5", "--judge-price-output", "1.5", *options])  # fmt: skip


def test_evaluate_adds_llm_metrics_with_cis_and_cost(runs, server, monkeypatch, capsys):
    root, hub = runs
    monkeypatch.setenv("RAGBENCH_JUDGE_API_KEY", "sk-judge-secret")
    server.reset()
    assert _evaluate(root, hub, server, "bm25") == 0
    assert all(r.authorization == "Bearer sk-judge-secret" for r in server.requests)
    run = load_run(root / "bm25-scored")
    overall = run.metrics["metrics"]["overall"]
    for metric in LLM_METRICS:
        cell = overall[metric]
        assert cell["n"] == len(QUESTIONS) and 0 <= cell["value"] <= 1, metric
        assert cell["ci_low"] <= cell["value"] <= cell["ci_high"], metric
        assert metric in run.per_question.columns
    llm = run.metrics["llm_metrics"]
    assert llm["judge"] == {"endpoint": server.base_url, "model": "judge"}
    assert llm["tokens"]["prompt"] > 0 and llm["estimated_cost_usd"] == pytest.approx(
        (llm["tokens"]["prompt"] * 0.5 + llm["tokens"]["completion"] * 1.5) / 1e6, abs=1e-6
    )
    assert "sk-judge-secret" not in (root / "bm25-scored" / "metrics.json").read_text(encoding="utf-8")
    report = (root / "bm25-scored" / "report.md").read_text(encoding="utf-8")
    assert "## LLM judge (RAGAS-style metrics)" in report and "| faithfulness |" in report
    assert "LLM judge (RAGAS)" in (root / "bm25-scored" / "report.html").read_text(encoding="utf-8")
    out = capsys.readouterr().out
    assert "faithfulness:" in out and "estimated cost $" in out


def test_compare_covers_the_llm_metrics(runs, server, capsys):
    root, hub = runs
    assert _evaluate(root, hub, server, "bm25") == 0
    assert _evaluate(root, hub, server, "gold") == 0
    capsys.readouterr()
    assert main(["compare", str(root / "bm25-scored"), str(root / "gold-scored"), "--json", "--bootstrap", "200",
                 "--permutations", "200"]) == 0  # fmt: skip
    compared = {row["metric"]: row for row in json.loads(capsys.readouterr().out)}
    assert set(LLM_METRICS) <= set(compared)
    # gold texts only: every context is useful, so context precision is 1 for the second run
    assert compared["context_precision"]["value_b"] == 1.0
    assert compared["context_precision"]["value_b"] >= compared["context_precision"]["value_a"]


def test_a_second_evaluation_reuses_the_judge_cache(runs, server):
    root, hub = runs
    assert _evaluate(root, hub, server, "bm25") == 0
    server.reset()
    assert _evaluate(root, hub, server, "bm25") == 0
    assert server.requests == []
    assert load_run(root / "bm25-scored").metrics["llm_metrics"]["judge_calls"]["requests"] == 0


def test_bad_llm_options_are_clear_errors(runs, server, capsys):
    root, hub = runs
    base = ["evaluate", "--hub", str(hub.root), "--version", VERSION, "--submission",
            str(root / "bm25" / "submission.json"), "--out", str(root / "x")]  # fmt: skip
    assert main([*base, "--llm-metrics"]) == 2
    assert "--llm-metrics needs --judge-endpoint and --judge-model" in capsys.readouterr().err
    assert main([*base, "--llm-metrics", "faithfulness,fluency", "--judge-endpoint", server.base_url,
                 "--judge-model", "j"]) == 2  # fmt: skip
    assert "unknown LLM metric(s) fluency" in capsys.readouterr().err
    assert main([*base, "--llm-metrics", "answer_relevancy", "--judge-endpoint", server.base_url,
                 "--judge-model", "j"]) == 2  # fmt: skip
    assert "need --embeddings-model" in capsys.readouterr().err
    assert not (root / "x").exists()
    assert not any(prompt_task(r.body) == "faithfulness" and "fluency" in str(r.body) for r in server.requests)
