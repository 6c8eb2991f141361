"""The scoring commands (evaluate, compare, gate, baseline) on the session's release."""

import json

import pytest

from dagster_project.cli import main
from dagster_project.core.scoring.evaluate import ScoringConfig, evaluate
from dagster_project.core.scoring.runs import load_run
from dagster_project.core.scoring.submission import Entry, submission_json
from tests.conftest import SAMPLE_MONTH

VERSION = SAMPLE_MONTH.version
FAST = ScoringConfig(bootstrap_samples=200)


@pytest.fixture(scope="module")
def baseline_file(baseline, tmp_path_factory):
    path = tmp_path_factory.mktemp("subs") / "baseline.json"
    path.write_text(json.dumps(submission_json(baseline), ensure_ascii=False), encoding="utf-8")
    return path


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
    for qid in sorted(worse)[::2]:  # half of the answers removed: a gold set of ~50 questions still shows it
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
    # the gold set is the bundled month's release, whose size moves with the pipeline: 0.05 is the test's alpha
    assert results["containment"]["ci_high"] < 0 and results["containment"]["p_value"] < 0.05
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
