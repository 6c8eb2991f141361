"""Hostile or broken submissions: bounded parsing, every bad entry named, exit code 2, and a
leaderboard that records a bad file as a failed row and scores the rest."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from dagster_project.cli import main
from dagster_project.core.release.hub.local import LocalHub
from dagster_project.core.scoring import submission as submission_module
from dagster_project.core.scoring.evaluate import ScoringConfig
from dagster_project.core.scoring.leaderboard import build_leaderboard
from dagster_project.core.scoring.submission import SubmissionError, gold_from_release, nesting_depth, parse_submission

from ..release.hub.test_local import MANIFEST
from .test_metrics import GOOD, tiny_gold


def test_a_deeply_nested_submission_is_a_clear_error_not_a_recursion_error():
    raw = '{"0": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(SubmissionError) as error:
        parse_submission(raw, tiny_gold())
    assert "nest 100001 deep" in str(error.value)


def test_nesting_is_measured_outside_strings():
    assert nesting_depth(json.dumps({"0": {"found_ids": [1], "model_answer": '[[[[{{{{ \\" ]]'}})) == 3


def test_a_submission_above_the_size_limit_is_refused(monkeypatch):
    monkeypatch.setattr(submission_module, "MAX_SUBMISSION_BYTES", 100)
    with pytest.raises(SubmissionError, match="above the limit of 100"):
        parse_submission(json.dumps({**GOOD, "pad": "x" * 200}), tiny_gold())


def test_many_found_ids_parse_and_repeats_are_named_once():
    gold = tiny_gold()
    found = [0, 1, 2] * 30_000
    with pytest.raises(SubmissionError) as error:
        parse_submission(json.dumps({**GOOD, "1": {"found_ids": found, "model_answer": ""}}), gold)
    assert error.value.problems == ["question '1': found_ids repeats 0, 1, 2"]


def test_every_bad_entry_is_named():
    raw = json.dumps(
        {"0": {"found_ids": [9], "model_answer": 5}, "1": {"found_ids": "x", "model_answer": ""}, "zz": {}}
    )
    with pytest.raises(SubmissionError) as error:
        parse_submission(raw, tiny_gold())
    problems = error.value.problems
    assert any(p.startswith("question '0': found_ids not in the public texts: 9") for p in problems)
    assert any(p.startswith("question '0': model_answer must be a string") for p in problems)
    assert any(p.startswith("question '1': found_ids must be a list") for p in problems)
    assert any(p.startswith("question 'zz': key is not a question id") for p in problems)


def _tiny_release():
    gold = tiny_gold()
    release = {
        "public_texts": pd.DataFrame({"id": [0, 1, 2], "text": ["Сбербанк открыл офис", "Фонд А", "Фонд Б"]}),
        "public_questions": gold.questions[["public_id", "question"]].rename(columns={"public_id": "id"}),
        "private_texts": pd.DataFrame(
            {"id": list(gold.private_to_public), "public_id": list(gold.private_to_public.values())}
        ),
        "private_qa": pd.DataFrame(
            {
                "public_id": [0, 1],
                "question": ["q0", "q1"],
                "answer": ["Сбербанк", "А, Б"],
                "type": ["simple", "set"],
                "text_ids": [json.dumps(["p0"]), json.dumps(["p1", "p2"])],
            }
        ),
    }
    return release


@pytest.mark.parametrize("content", ['{"0": ' + "[" * 50_000 + "]" * 50_000 + "}", "{", b"\xff\xfe"])
def test_evaluate_exits_2_on_hostile_input(tmp_path, capsys, content):
    hub = LocalHub(tmp_path / "hub")
    hub.publish("1.13.0", _tiny_release(), MANIFEST)
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    code = main(
        [
            "evaluate",
            "--hub",
            str(tmp_path / "hub"),
            "--version",
            "1.13.0",
            "--submission",
            str(path),
            "--out",
            str(tmp_path / "out"),
        ]
    )
    assert code == 2
    err = capsys.readouterr().err
    assert "invalid submission" in err and "Traceback" not in err


def test_the_leaderboard_records_a_hostile_file_as_a_failed_row_and_scores_the_rest(tmp_path):
    release = _tiny_release()
    gold = gold_from_release("1.13.0", release)
    folder = tmp_path / "submissions" / "1.13.0"
    folder.mkdir(parents=True)
    (folder / "good.json").write_text(json.dumps(GOOD), encoding="utf-8")
    (folder / "nested.json").write_text('{"0": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    config = ScoringConfig(bootstrap_samples=0)
    board = build_leaderboard(gold, release["public_questions"], tmp_path / "submissions", tmp_path / "out", config)
    table = board.table.set_index("submission")
    assert table.loc["good", "status"] == "ok"
    assert table.loc["nested", "status"].startswith("invalid")
    assert board.failures[0][0] == "nested.json" and "deep" in board.failures[0][1]
