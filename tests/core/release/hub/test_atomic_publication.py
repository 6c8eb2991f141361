"""Fault tests of local publication with real processes: two publishers at once, a crash between
staging and visibility, a crash between the renames, and a file edited after publication."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pandas as pd
import pytest

from dagster_project.cli import main
from dagster_project.core.common.months import Month
from dagster_project.core.release.hub.base import InvalidArgumentError
from dagster_project.core.release.hub.local import DATA_FILE, STAGING_DIR, LocalHub, repo_name
from dagster_project.core.release.manifest import IntegrityError
from dagster_project.core.release.publishing import publish_month
from dagster_project.core.release.tables import DATASETS

from .test_local import MANIFEST, _tables

REPO_ROOT = Path(__file__).resolve().parents[4]

# A child process that publishes 1.13.0 with answer ANSWER; FAULT names a publication step at which
# it dies (os._exit, as a crash would) or pauses (so that two publishers overlap).
PUBLISHER = textwrap.dedent(
    """
    import os, sys, time
    sys.path.insert(0, {tests!r})
    from dagster_project.core.release.hub.local import LocalHub
    from dagster_project.core.release.hub.base import VersionExistsError
    from core.release.hub.test_local import MANIFEST, _tables

    hub_root, answer, fault, action = sys.argv[1:5]

    def fault_point(stage):
        if stage != fault:
            return
        if action == "crash":
            os._exit(17)
        open(os.path.join(hub_root, "..", answer + ".staged"), "w").close()
        time.sleep(0.5)  # widen the window another publisher could race into

    hub = LocalHub(hub_root)
    hub.fault_point = fault_point
    try:
        hub.publish("1.13.0", _tables(answer), MANIFEST)
    except VersionExistsError as exc:
        print(f"refused: {{exc}}", file=sys.stderr)
        sys.exit(3)
    """
).format(tests=str(REPO_ROOT / "tests"))


def _publisher(hub_root: Path, answer: str, fault: str = "", action: str = "pause") -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", PUBLISHER, str(hub_root), answer, fault, action],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _visible_answers(hub: LocalHub) -> set[str]:
    return set(hub.load(repo_name("private_qa"), "1.13.0")["answer"])


def test_two_concurrent_publishers_of_one_version_exactly_one_wins(tmp_path):
    hub_root = tmp_path / "hub"
    first, second = _publisher(hub_root, "Тверь", "staged"), _publisher(hub_root, "Пермь", "staged")
    outcomes = {name: (p.wait(timeout=120), p.stderr.read()) for name, p in (("Тверь", first), ("Пермь", second))}
    codes = sorted(code for code, _ in outcomes.values())
    assert codes == [0, 3], outcomes
    winner = next(name for name, (code, _) in outcomes.items() if code == 0)
    loser_error = next(err for code, err in outcomes.values() if code == 3)
    assert "already published with different content" in loser_error
    hub = LocalHub(hub_root)
    assert _visible_answers(hub) == {winner}
    for name in DATASETS:  # every repo holds the winner's files, all intact
        assert hub.verify(repo_name(name), "1.13.0") == []


def test_a_crash_between_staging_and_visibility_leaves_nothing_and_is_cleaned_up(tmp_path):
    hub_root = tmp_path / "hub"
    crashed = _publisher(hub_root, "Тверь", "staged", "crash")
    assert crashed.wait(timeout=120) == 17
    hub = LocalHub(hub_root)
    assert all(hub.versions(repo_name(name)) == [] for name in DATASETS)
    assert list((hub_root / STAGING_DIR).iterdir()), "the crash should have left its staging behind"

    published = hub.publish("1.13.0", _tables("Пермь"), MANIFEST)
    assert {p.status for p in published} == {"created"}
    assert list((hub_root / STAGING_DIR).iterdir()) == []
    assert _visible_answers(hub) == {"Пермь"}


def test_a_crash_between_renames_is_completed_before_anyone_reads(tmp_path):
    hub_root = tmp_path / "hub"
    crashed = _publisher(hub_root, "Тверь", "between-renames", "crash")
    assert crashed.wait(timeout=120) == 17
    half = [name for name in DATASETS if (hub_root / repo_name(name) / "1.13.0" / DATA_FILE).exists()]
    assert 0 < len(half) < len(DATASETS)  # the crash hit after the commit point, mid-way
    hub = LocalHub(hub_root)
    assert all(hub.versions(repo_name(name)) == ["1.13.0"] for name in DATASETS)
    assert _visible_answers(hub) == {"Тверь"}
    assert list((hub_root / STAGING_DIR).iterdir()) == []


def _tamper(hub_root: Path, repo: str, version: str = "1.13.0") -> None:
    path = hub_root / repo / version / DATA_FILE
    table = pd.read_parquet(path)
    table.iloc[0, table.columns.get_loc("text")] = "подменённый текст"
    table.to_parquet(path, index=False)


def test_every_file_has_a_checksum_and_verify_names_a_tampered_file(tmp_path, capsys):
    hub = LocalHub(tmp_path)
    hub.publish("1.13.0", _tables(), MANIFEST)
    checksums = hub.manifest(repo_name("public_texts"), "1.13.0")["checksums"]
    assert set(checksums) == {DATA_FILE, "README.md"} and all(len(v) == 64 for v in checksums.values())
    assert main(["verify", "1.13.0", "--hub", str(tmp_path)]) == 0
    assert main(["verify", "--hub", str(tmp_path)]) == 0  # the latest

    _tamper(tmp_path, repo_name("public_texts"))
    capsys.readouterr()
    assert main(["verify", "1.13.0", "--hub", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"rag-bench-public-texts: FAILED\n    {DATA_FILE}: SHA-256 mismatch" in out
    assert "rag-bench-private-qa: ok" in out


def test_an_unlisted_or_missing_file_fails_verification(tmp_path):
    hub = LocalHub(tmp_path)
    hub.publish("1.13.0", _tables(), MANIFEST)
    folder = tmp_path / repo_name("private_qa") / "1.13.0"
    (folder / "README.md").unlink()
    (folder / "data" / "extra.parquet").write_bytes(b"x")
    problems = hub.verify(repo_name("private_qa"), "1.13.0")
    assert problems == ["README.md: missing", "data/extra.parquet: not listed in the manifest"]


def test_a_tampered_version_is_not_copied_into_hist_nor_downloaded(tmp_path, capsys):
    hub = LocalHub(tmp_path / "hub")
    hub.publish("1.13.0", _tables(), MANIFEST)
    _tamper(tmp_path / "hub", repo_name("public_texts"))
    with pytest.raises(IntegrityError, match="rag-bench-public-texts 1.13.0: data/train"):
        publish_month(hub, Month(2025, 10), _tables(), {**MANIFEST, "version": "1.14.0"})
    assert hub.versions(repo_name("public_texts", hist=True)) == []
    assert hub.versions(repo_name("public_texts")) == ["1.13.0"]  # nothing of 1.14.0 either

    code = main(["download", "--hub", str(tmp_path / "hub"), "--version", "1.13.0", "--out", str(tmp_path / "dl")])
    assert code == 1
    assert "fails verification" in capsys.readouterr().err
    assert not (tmp_path / "dl" / repo_name("public_texts") / "1.13.0").exists()


@pytest.mark.parametrize("version", ["../..", "1.13", "1.13.0/../../x", "latest"])
def test_version_arguments_cannot_leave_the_hub(tmp_path, capsys, version):
    hub = LocalHub(tmp_path / "hub")
    hub.publish("1.13.0", _tables(), MANIFEST)
    assert main(["releases", "--hub", str(tmp_path / "hub"), "--version", version]) == 2
    assert main(["verify", version, "--hub", str(tmp_path / "hub")]) == 2
    err = capsys.readouterr().err
    assert "not a version" in err and "Traceback" not in err
    with pytest.raises(InvalidArgumentError):
        hub.load("../" + repo_name("public_texts"), "1.13.0")


def test_publication_leaves_no_lock_holder_or_staging_behind(tmp_path):
    hub = LocalHub(tmp_path)
    hub.publish("1.13.0", _tables(), MANIFEST)
    assert list((tmp_path / STAGING_DIR).iterdir()) == []
    assert json.loads((tmp_path / repo_name("private_qa") / "1.13.0" / "manifest.json").read_text())["version"]
    assert os.path.exists(tmp_path / ".publish.lock")


def _with_testbeds() -> dict:
    public = pd.DataFrame({"id": [0], "testbed": ["negative"], "noise_rate": [1.0], "question": ["Кто?"],
                           "documents": [["Документ без ответа."]]})  # fmt: skip
    private = pd.DataFrame({"id": [0], "answer": ["Не удалось найти ответ на вопрос"], "answer_items": ["[]"],
                            "counterfactual_answer": [None], "question_public_id": [0], "source_question_ids": ["[0]"],
                            "document_roles": ['["negative"]'], "item_key": ["k"]})  # fmt: skip
    return {**_tables(), "public_testbeds": public, "private_testbeds": private}


def test_verify_and_the_hist_copy_cover_the_testbed_datasets(tmp_path, capsys):
    hub = LocalHub(tmp_path)
    hub.publish("1.13.0", _with_testbeds(), MANIFEST)
    assert main(["verify", "1.13.0", "--hub", str(tmp_path)]) == 0
    assert "rag-bench-public-testbeds: ok" in capsys.readouterr().out
    path = tmp_path / repo_name("public_testbeds") / "1.13.0" / DATA_FILE
    path.write_bytes(path.read_bytes() + b"tampered")
    assert main(["verify", "1.13.0", "--hub", str(tmp_path)]) == 1
    assert "rag-bench-public-testbeds: FAILED" in capsys.readouterr().out
    with pytest.raises(IntegrityError, match="rag-bench-public-testbeds 1.13.0"):
        publish_month(hub, Month(2025, 10), _with_testbeds(), {**MANIFEST, "version": "1.14.0"})
