"""The local hub: immutable versions, refusal to overwrite, listing and loading."""

import pandas as pd
import pytest

from dagster_project.cli import main
from dagster_project.core.release.hub.local import (
    DATA_FILE,
    LocalHub,
    ReleaseNotFoundError,
    VersionExistsError,
    repo_name,
)


def _tables(answer: str = "Тверь") -> dict[str, pd.DataFrame]:
    return {
        "public_texts": pd.DataFrame({"id": [0, 1], "text": ["т1", "т2"]}),
        "public_questions": pd.DataFrame({"id": [0], "question": ["Где?"]}),
        "private_qa": pd.DataFrame(
            {"public_id": [0], "question": ["Где?"], "answer": [answer], "type": ["simple"], "text_ids": ['["a"]']}
        ),
        "private_texts": pd.DataFrame({"id": ["a", "b"], "public_id": [0, 1]}),
    }


MANIFEST = {"month": "2025-09", "version": "1.13.0", "counts": {"questions_per_type": {"simple": 1}}}


def test_publish_writes_one_folder_per_repo_and_version(tmp_path):
    hub = LocalHub(tmp_path)
    published = hub.publish("1.13.0", _tables(), MANIFEST)
    assert {p.status for p in published} == {"created"}
    assert hub.repos() == sorted(repo_name(n) for n in _tables())
    assert (tmp_path / "rag-bench-private-qa" / "1.13.0" / DATA_FILE).exists()
    card = (tmp_path / "rag-bench-public-texts" / "1.13.0" / "README.md").read_text(encoding="utf-8")
    assert card.startswith("---\nlanguage: [ru]") and "1.13.0" in card
    pd.testing.assert_frame_equal(hub.load(repo_name("private_qa"), "1.13.0"), _tables()["private_qa"])
    manifest = hub.manifest(repo_name("public_texts"), "1.13.0")
    assert {k: v for k, v in manifest.items() if k != "checksums"} == MANIFEST
    assert set(manifest["checksums"]) == {DATA_FILE, "README.md"}
    assert not [p for p in (tmp_path / "rag-bench-private-qa").iterdir() if p.name.startswith(".")]


def test_republishing_is_idempotent_but_different_content_is_refused_unless_forced(tmp_path):
    hub = LocalHub(tmp_path)
    hub.publish("1.13.0", _tables(), MANIFEST)
    again = hub.publish("1.13.0", _tables(), MANIFEST)
    assert {p.status for p in again} == {"unchanged"}
    with pytest.raises(VersionExistsError, match="immutable"):
        hub.publish("1.13.0", _tables(answer="Казань"), MANIFEST)
    assert hub.load(repo_name("private_qa"), "1.13.0")["answer"].tolist() == ["Тверь"]
    forced = {p.repo: p.status for p in hub.publish("1.13.0", _tables(answer="Казань"), MANIFEST, force=True)}
    assert forced[repo_name("private_qa")] == "replaced"
    assert forced[repo_name("public_texts")] == "unchanged"
    assert hub.load(repo_name("private_qa"), "1.13.0")["answer"].tolist() == ["Казань"]


def test_a_refused_publication_writes_nothing(tmp_path):
    hub = LocalHub(tmp_path)
    hub.publish("1.13.0", _tables(), MANIFEST)
    changed = _tables(answer="Казань")
    changed["public_texts"] = pd.DataFrame({"id": [0, 1, 2], "text": ["т1", "т2", "т3"]})
    with pytest.raises(VersionExistsError):
        hub.publish("1.13.0", changed, MANIFEST)
    assert len(hub.load(repo_name("public_texts"), "1.13.0")) == 2


def test_versions_sort_numerically_and_missing_versions_are_clear_errors(tmp_path):
    hub = LocalHub(tmp_path)
    for version in ("1.9.0", "1.10.0", "1.2.0"):
        hub.publish(version, _tables(), MANIFEST)
    assert hub.versions(repo_name("public_texts")) == ["1.2.0", "1.9.0", "1.10.0"]
    with pytest.raises(ReleaseNotFoundError, match="no version 1.11.0"):
        hub.load(repo_name("public_texts"), "1.11.0")
    with pytest.raises(ValueError):
        hub.publish("2025-09", _tables(), MANIFEST)


def test_releases_command_lists_and_shows_versions(tmp_path, capsys):
    hub = LocalHub(tmp_path)
    hub.publish("1.13.0", _tables(), MANIFEST)
    assert main(["releases", "--hub", str(tmp_path)]) == 0
    listing = capsys.readouterr().out
    assert "rag-bench-public-questions: 1.13.0" in listing
    assert main(["releases", "--hub", str(tmp_path), "--version", "1.13.0"]) == 0
    shown = capsys.readouterr().out
    assert "rag-bench-private-qa: 1 rows" in shown
    assert main(["releases", "--hub", str(tmp_path), "--version", "1.14.0"]) == 2


def test_datasets_reads_a_local_version_folder_through_its_card(tmp_path, monkeypatch):
    from datasets import load_dataset

    hub = LocalHub(tmp_path / "hub")
    hub.publish("1.13.0", _tables(), MANIFEST)
    card = (tmp_path / "hub" / "rag-bench-private-qa" / "1.13.0" / "README.md").read_text(encoding="utf-8")
    assert 'load_dataset("rag-bench-private-qa/1.13.0", split="train")' in card and str(tmp_path) not in card
    monkeypatch.chdir(tmp_path / "hub")  # the card's snippet, as written, from the hub directory
    loaded = load_dataset("rag-bench-private-qa/1.13.0", split="train", cache_dir=str(tmp_path / "cache")).to_pandas()
    pd.testing.assert_frame_equal(loaded, _tables()["private_qa"], check_dtype=False)
