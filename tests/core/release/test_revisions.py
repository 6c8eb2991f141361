"""Revisions of a republished month, the hist-* datasets from the latest revision of M-1, and the
refusal to publish a month whose previous month is missing from a hub that has earlier months."""

import json

import pandas as pd
import pytest

from dagster_project.cli import main
from dagster_project.core.common.months import Month, month_of_version, revision_of_version
from dagster_project.core.release.hub.local import LocalHub, repo_name
from dagster_project.core.release.publishing import (
    PreviousMonthMissingError,
    earlier_questions,
    latest_revision,
    load_public_release,
    publish_month,
    question_changes,
)

SEPT, OCT, NOV = Month(2025, 9), Month(2025, 10), Month(2025, 11)


def _tables(questions: dict[str, tuple[str, str, str]]) -> dict[str, pd.DataFrame]:
    """questions: qa_id -> (type, question, answer)."""
    ids = list(questions)
    return {
        "public_texts": pd.DataFrame({"id": [0, 1], "text": ["т1", "т2"]}),
        "public_questions": pd.DataFrame({"id": range(len(ids)), "question": [questions[i][1] for i in ids]}),
        "private_qa": pd.DataFrame(
            {
                "public_id": range(len(ids)),
                "question": [questions[i][1] for i in ids],
                "answer": [questions[i][2] for i in ids],
                "type": [questions[i][0] for i in ids],
                "text_ids": ['["a"]'] * len(ids),
                "qa_id": ids,
            }
        ),
        "private_texts": pd.DataFrame({"id": ["a", "b"], "public_id": [0, 1]}),
    }


BASE = {"q1": ("simple", "Где?", "Тверь"), "q2": ("set", "Кто?", "Иванов; Петров"), "q3": ("mh", "Когда?", "В мае")}


def _manifest(month: Month, top_k: int = 150) -> dict:
    return {"month": month.label, "version": month.version, "thresholds": {"top_k_per_type": top_k},
            "strategies": {"qa_generation": "templates"}, "counts": {"questions_per_type": {}}}  # fmt: skip


def test_versions_of_revisions_belong_to_their_month():
    assert month_of_version("1.13.2") == SEPT
    assert revision_of_version("1.13.2") == 2 and revision_of_version("1.13.0") == 0
    assert SEPT.revision(0) == "1.13.0" and SEPT.revision(1) == "1.13.1"
    with pytest.raises(ValueError, match="not a benchmark version"):
        month_of_version("1.13")


def test_changed_data_become_the_next_revision_and_identical_data_are_a_no_op(tmp_path):
    hub = LocalHub(tmp_path)
    first = publish_month(hub, SEPT, _tables(BASE), _manifest(SEPT))
    assert (first.version, first.revises, first.changed) == ("1.13.0", None, True)

    changed = {**BASE, "q2": ("set", "Кто именно?", "Иванов; Петров"), "q4": ("cond", "Что?", "Завод")}
    del changed["q3"]
    reason = {"run_id": "run-2", "rematerialized": {"benchmark_questions": "run-2"}}
    revision = publish_month(hub, SEPT, _tables(changed), _manifest(SEPT, top_k=5), reason=reason)
    assert (revision.version, revision.revises, revision.changed) == ("1.13.1", "1.13.0", True)
    manifest = hub.manifest(repo_name("private_qa"), "1.13.1")
    assert manifest["version"] == "1.13.1" and manifest["revises"] == "1.13.0"
    assert manifest["revision_reason"]["rematerialized"] == {"benchmark_questions": "run-2"}
    assert manifest["revision_reason"]["settings_changed"]["thresholds"] == {"top_k_per_type": [150, 5]}
    assert manifest["changes"]["simple"] == {"added": 0, "removed": 0, "changed": 0}
    assert manifest["changes"]["set"] == {"added": 0, "removed": 0, "changed": 1}
    assert manifest["changes"]["mh"] == {"added": 0, "removed": 1, "changed": 0}
    assert manifest["changes"]["cond"] == {"added": 1, "removed": 0, "changed": 0}
    # the first publication is untouched: tags never move
    assert len(hub.load(repo_name("private_qa"), "1.13.0")) == 3
    assert hub.manifest(repo_name("private_qa"), "1.13.0").get("revises") is None

    again = publish_month(hub, SEPT, _tables(changed), _manifest(SEPT, top_k=5))
    assert (again.version, again.changed) == ("1.13.1", False)
    assert "nothing of 2025-09 was published" in again.message
    assert {p.status for p in again.repos} == {"unchanged"}
    assert hub.versions(repo_name("private_qa")) == ["1.13.0", "1.13.1"]
    assert latest_revision(hub, SEPT) == "1.13.1"


def test_hist_datasets_come_from_the_latest_revision_of_the_previous_month(tmp_path):
    hub = LocalHub(tmp_path)
    publish_month(hub, SEPT, _tables(BASE), _manifest(SEPT))
    publish_month(hub, SEPT, _tables({**BASE, "q9": ("simple", "Зачем?", "Так")}), _manifest(SEPT))
    october = publish_month(hub, OCT, _tables({"o1": ("simple", "Кем?", "Мэром")}), _manifest(OCT))
    assert october.version == "1.14.0" and october.hist_version == "1.13.1"
    assert hub.versions(repo_name("private_qa", hist=True)) == ["1.13.1"]
    assert "q9" in set(hub.load(repo_name("private_qa", hist=True), "1.13.1")["qa_id"])
    texts, questions = load_public_release(hub, "1.13.1")
    assert len(questions) == 4
    # the latest public release is October's; September's revisions are not "earlier" than September
    assert load_public_release(hub)[1]["question"].tolist() == ["Кем?"]
    assert earlier_questions(hub, SEPT.revision(1)) == []
    assert set(earlier_questions(hub, OCT.version)) == {"Где?", "Кто?", "Когда?", "Зачем?"}  # any revision


def test_a_month_after_a_gap_names_the_month_to_publish_first(tmp_path):
    hub = LocalHub(tmp_path)
    publish_month(hub, SEPT, _tables(BASE), _manifest(SEPT))
    with pytest.raises(PreviousMonthMissingError, match=r"publish 2025-10 \(1\.14\.0\) first"):
        publish_month(hub, NOV, _tables(BASE), _manifest(NOV))
    # the first month on a hub needs nothing before it
    fresh = publish_month(LocalHub(tmp_path / "other"), NOV, _tables(BASE), _manifest(NOV))
    assert fresh.hist_version is None and "2025-11 is the first month" in fresh.hist_status


def test_question_changes_count_per_type():
    before = _tables(BASE)["private_qa"]
    after = _tables({"q1": ("simple", "Где?", "Москва")})["private_qa"]
    changes = question_changes(before, after)
    assert changes["simple"] == {"added": 0, "removed": 0, "changed": 1}
    assert changes["set"]["removed"] == 1 and changes["mh"]["removed"] == 1


def test_releases_command_lists_revisions_and_shows_one(tmp_path, monkeypatch, capsys):
    hub = LocalHub(tmp_path)
    publish_month(hub, SEPT, _tables(BASE), _manifest(SEPT))
    reason = {"run_id": "run-2", "rematerialized": {"benchmark_questions": "run-2"}}
    publish_month(hub, SEPT, _tables({"q1": BASE["q1"]}), _manifest(SEPT, top_k=5), reason=reason)
    assert main(["releases", "--hub", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "rag-bench-private-qa: 1.13.0, 1.13.1" in out
    assert "1.13.1 revises 1.13.0: run run-2" in out
    assert "re-materialized: benchmark_questions" in out and "top_k_per_type 150 -> 5" in out
    assert "set +0 -1 ~0" in out
    assert main(["releases", "--hub", str(tmp_path), "--version", "1.13.1"]) == 0
    out = capsys.readouterr().out
    assert "1.13.1 (2025-09)" in out and "revises 1.13.0" in out
    assert json.loads((tmp_path / "rag-bench-private-qa" / "1.13.1" / "manifest.json").read_text())["revises"]
