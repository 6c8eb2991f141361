"""Scoring on a real release built by the pipeline (the session's materialized 2025-09):
DRAGON parity, the CLI (evaluate, compare, gate, baseline), bad submissions, the leaderboard."""

import json

import pytest
from datasets import Dataset, DatasetDict
from rag_bench.evaluator import RAGEvaluator, evaluate_rag_results

from dagster_project.cli import main
from dagster_project.core.scoring.baseline import baseline_submission, random_submission
from dagster_project.core.scoring.evaluate import ScoringConfig, evaluate
from dagster_project.core.scoring.leaderboard import build_leaderboard
from dagster_project.core.scoring.runs import load_run
from dagster_project.core.scoring.submission import Entry, gold_from_release, submission_json

from tests.conftest import SAMPLE_MONTH

VERSION = SAMPLE_MONTH.version
FAST = ScoringConfig(bootstrap_samples=200)


@pytest.fixture(scope="module")
def release(materialized_month):
    return materialized_month.hub.load_release(VERSION)


@pytest.fixture(scope="module")
def gold(release):
    return gold_from_release(VERSION, release)


@pytest.fixture(scope="module")
def baseline(release):
    return baseline_submission(release["public_texts"], release["public_questions"])


@pytest.fixture(scope="module")
def baseline_file(baseline, tmp_path_factory):
    path = tmp_path_factory.mktemp("subs") / "baseline.json"
    path.write_text(json.dumps(submission_json(baseline), ensure_ascii=False), encoding="utf-8")
    return path


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


def _evaluate(materialized_month, version: str, submission, out, *options: str) -> int:
    """`ragbench evaluate` on the session's hub; returns the exit code."""
    hub = str(materialized_month.hub.root)
    return main(["evaluate", "--hub", hub, "--version", version, "--submission", str(submission), "--out", str(out),
                 *options])  # fmt: skip


def test_evaluate_cli_writes_metrics_reports_and_per_question_results(materialized_month, baseline_file, tmp_path):
    out = tmp_path / "run"
    code = _evaluate(materialized_month, VERSION, baseline_file, out, "--bootstrap", "100", "--k", "3,5")
    assert code == 0
    run = load_run(out)
    assert run.metrics["version"] == VERSION
    assert len(run.per_question) == run.metrics["questions"] > 0
    assert set(run.metrics["metrics"]) == {"overall", "simple", "set", "cond", "mh"}
    cell = run.metrics["metrics"]["overall"]["hit@3"]
    assert cell["ci_low"] <= cell["value"] <= cell["ci_high"] and cell["coverage"] == 1.0
    assert run.metrics["metrics"]["set"]["set_f1"]["n_scored"] == run.metrics["questions_per_type"]["set"]
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "<svg" in page and "<script" not in page and "http://" not in page.replace("http://www.w3.org", "")
    assert "| containment |" in (out / "report.md").read_text(encoding="utf-8")


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


def _bad_cases(good: dict, gold) -> dict[str, tuple[str, str]]:
    first = next(iter(good))
    missing = dict(good)
    missing.pop(first)
    return {
        "not_json": ("{oops", "not valid JSON"),
        "unknown_id": (json.dumps({**good, "99999": good[first]}), "question '99999': unknown question id"),
        "duplicate_id": (
            json.dumps(good)[:-1] + f', "{first}": ' + json.dumps(good[first]) + "}",
            f"question '{first}': duplicate key",
        ),
        "missing_id": (json.dumps(missing), f"missing 1 question id(s): {first}"),
        "wrong_type": (
            json.dumps({**good, first: {"found_ids": [0], "model_answer": 42}}),
            f"question '{first}': model_answer must be a string",
        ),
        "unknown_text": (
            json.dumps({**good, first: {"found_ids": [100000], "model_answer": "x"}}),
            f"question '{first}': found_ids not in the public texts: 100000",
        ),
    }


@pytest.mark.parametrize("case", ["not_json", "unknown_id", "duplicate_id", "missing_id", "wrong_type", "unknown_text"])
def test_bad_submission_exits_2_names_the_entry_and_writes_nothing(
    case, materialized_month, gold, baseline, tmp_path, capsys
):
    raw, expected = _bad_cases(submission_json(baseline), gold)[case]
    submission = tmp_path / "bad.json"
    submission.write_text(raw, encoding="utf-8")
    out = tmp_path / "out"
    code = _evaluate(materialized_month, VERSION, submission, out)
    assert code == 2
    assert expected in capsys.readouterr().err
    assert not out.exists()


def test_unknown_release_exits_2(materialized_month, baseline_file, tmp_path, capsys):
    code = _evaluate(materialized_month, "9.9.9", baseline_file, tmp_path / "o")
    assert code == 2 and "9.9.9" in capsys.readouterr().err


def test_compare_finds_a_planted_difference_and_not_an_identical_run(gold, baseline, tmp_path, capsys):
    from dagster_project.core.scoring.runs import write_run

    worse = dict(baseline)
    for qid in sorted(worse)[::3]:  # a third of the answers removed
        worse[qid] = Entry(found_ids=worse[qid].found_ids, model_answer="")
    write_run(tmp_path / "a", evaluate(gold, baseline, FAST, name="a"))
    write_run(tmp_path / "a_again", evaluate(gold, baseline, FAST, name="a again"))
    write_run(tmp_path / "b", evaluate(gold, worse, FAST, name="b"))

    assert (
        main(
            [
                "compare",
                str(tmp_path / "a"),
                str(tmp_path / "b"),
                "--json",
                "--bootstrap",
                "300",
                "--permutations",
                "500",
            ]
        )
        == 0
    )
    results = {r["metric"]: r for r in json.loads(capsys.readouterr().out)}
    assert results["containment"]["significant"] and results["containment"]["winner"] == "A"
    assert results["containment"]["ci_high"] < 0 and results["containment"]["p_value"] < 0.01
    assert not results["hit@5"]["significant"]  # retrieval was left unchanged

    assert (
        main(
            [
                "compare",
                str(tmp_path / "a"),
                str(tmp_path / "a_again"),
                "--json",
                "--bootstrap",
                "300",
                "--permutations",
                "500",
            ]
        )
        == 0
    )
    same = json.loads(capsys.readouterr().out)
    assert same and not any(r["significant"] or r["winner"] for r in same)

    assert main(["compare", str(tmp_path / "a"), str(tmp_path / "b"), "--metric", "no_such_metric"]) == 2
    assert "unknown metric(s) no_such_metric" in capsys.readouterr().err


def test_gate_fails_on_the_lower_ci_bound_or_the_value(gold, baseline, tmp_path, capsys):
    from dagster_project.core.scoring.runs import write_run

    write_run(tmp_path / "run", evaluate(gold, baseline, FAST))
    value = load_run(tmp_path / "run").metrics["metrics"]["overall"]["containment"]
    between = (value["ci_low"] + value["value"]) / 2  # above the lower bound, under the value
    thresholds = tmp_path / "gates.yaml"
    thresholds.write_text(f"use: ci_low\nthresholds:\n  containment: {between}\n  simple.hit@5: 0.5\n")
    assert main(["gate", str(tmp_path / "run"), "--thresholds", str(thresholds)]) == 1
    assert "FAIL containment" in capsys.readouterr().out
    assert main(["gate", str(tmp_path / "run"), "--thresholds", str(thresholds), "--use", "value"]) == 0
    thresholds.write_text("thresholds:\n  no_such_metric: 0.5\n")
    assert main(["gate", str(tmp_path / "run"), "--thresholds", str(thresholds)]) == 2


def test_baseline_cli_writes_a_valid_submission(materialized_month, gold, tmp_path):
    out = tmp_path / "baseline.json"
    assert main(["baseline", "--hub", str(materialized_month.hub.root), "--version", VERSION, "--out", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == {str(i) for i in gold.questions["public_id"]}
    assert all(entry["model_answer"] and entry["found_ids"] for entry in data.values())


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


def test_leaderboard_asset_ran_in_the_monthly_job(materialized_month):
    materializations = materialized_month.result.asset_materializations_for_node("leaderboard")
    assert materializations, "the monthly job did not materialize the leaderboard"
    metadata = materializations[0].metadata
    assert "baseline-bm25" in metadata["leaderboard"].value
    board = materialized_month.data_dir / "leaderboard" / SAMPLE_MONTH.key / "leaderboard.html"
    assert board.exists()


def test_expected_refusals_are_scored_by_the_refuse_check(gold, baseline):
    first, second = sorted(baseline)[:2]
    entries = {**baseline, first: Entry(found_ids=(), model_answer="Увы, не удалось найти ответ на вопрос.")}
    config = ScoringConfig(bootstrap_samples=0, expect_refusal=frozenset({first, second}))
    overall = evaluate(gold, entries, config).metrics["metrics"]["overall"]
    assert overall["ifeval_refuse"]["n_scored"] == 2
    assert overall["ifeval_refuse"]["value"] == 0.5  # the first refused, the second answered
    assert overall["refused"]["value"] == pytest.approx(1 / len(gold.questions))
