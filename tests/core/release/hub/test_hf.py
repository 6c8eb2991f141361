"""Publishing to Hugging Face (hf://NAMESPACE) over real HTTP against a fake Hub on 127.0.0.1:
privacy, layout, tags, the hist lag, all-or-nothing with resume, refusals, retries, and the token
never showing up in logs or errors."""

from __future__ import annotations

import hashlib
import json
import logging
import re
import traceback

import pandas as pd
import pytest
import yaml

from dagster_project.core.common.months import Month
from dagster_project.core.release.card import DATA_FILE
from dagster_project.core.release.hub.hf import HfHub, HubError, PrivacyError, RetryPolicy
from dagster_project.core.release.hub.local import LocalHub, RepoUpload, VersionExistsError, release_uploads, repo_name
from dagster_project.core.release.publishing import (
    VersionMismatchError,
    download_release,
    load_public_release,
    publish_month,
)
from dagster_project.core.release.tables import DATASETS
from dagster_project.testing.hf_hub import FakeHub

TOKEN = "hf_test-token-that-must-never-leak-0123456789"  # fake; hyphens keep it unlike a real token
NS = "acme"
SEPT, OCT = Month(2025, 9), Month(2025, 10)


@pytest.fixture(autouse=True)
def _lfs_transport(monkeypatch):
    # The fake Hub speaks the LFS upload protocol, not Xet's content-addressed store.
    import huggingface_hub.constants

    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_DISABLE_XET", True)


@pytest.fixture
def fake():
    server = FakeHub(TOKEN).start()
    yield server
    server.stop()


class Sleeps(list):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def make_hub(fake: FakeHub, tmp_path, **kwargs) -> HfHub:
    kwargs.setdefault("token", TOKEN)
    kwargs.setdefault("retry", RetryPolicy(attempts=4, base_delay=0.001, max_delay=0.01))
    return HfHub(f"hf://{NS}", endpoint=fake.url, cache_dir=tmp_path / "hf-cache", **kwargs)


def tables(answer: str = "Тверь", n_texts: int = 3) -> dict[str, pd.DataFrame]:
    return {
        "public_texts": pd.DataFrame({"id": list(range(n_texts)), "text": [f"текст {i}" for i in range(n_texts)]}),
        "public_questions": pd.DataFrame({"id": [0, 1], "question": ["Где прошла встреча?", "Кто возглавил фонд?"]}),
        "private_qa": pd.DataFrame(
            {
                "public_id": [0, 1],
                "question": ["Где прошла встреча?", "Кто возглавил фонд?"],
                "answer": [answer, "Иван Петров"],
                "type": ["simple", "mh"],
                "text_ids": ['["a"]', '["b", "c"]'],
            }
        ),
        "private_texts": pd.DataFrame({"id": ["a", "b", "c"][:n_texts], "public_id": list(range(n_texts))}),
    }


def manifest(month: Month) -> dict:
    return {
        "month": month.label,
        "version": month.version,
        "offline": True,
        "counts": {"texts": 3, "questions": 2, "questions_per_type": {"simple": 1, "set": 0, "cond": 0, "mh": 1}},
    }


def rid(name: str, hist: bool = False) -> str:
    return f"{NS}/{repo_name(name, hist=hist)}"


def files_at(fake: FakeHub, repo_id: str, revision: str) -> dict:
    return fake.repos[repo_id].resolve(revision).files


def test_first_two_months_create_private_and_public_repos_tags_layout_and_the_hist_lag(fake, tmp_path):
    hub = make_hub(fake, tmp_path)
    first = publish_month(hub, SEPT, tables(), manifest(SEPT))
    assert {p.status for p in first.repos} == {"created"} and first.hist_repos == []
    assert first.hist_status.startswith("skipped: 1.12.0")
    second = publish_month(hub, OCT, tables(answer="Казань"), manifest(OCT))
    assert second.hist_version == SEPT.version and {p.status for p in second.hist_repos} == {"created"}

    privacy = {repo_id: repo.private for repo_id, repo in fake.repos.items()}
    assert privacy == {
        rid("public_texts"): False,
        rid("public_questions"): False,
        rid("private_qa"): True,
        rid("private_texts"): True,
        rid("public_texts", True): False,
        rid("public_questions", True): False,
        rid("private_qa", True): True,
        rid("private_texts", True): True,
    }
    for name in DATASETS:
        repo = fake.repos[rid(name)]
        assert repo.tags.keys() == {"1.13.0", "1.14.0"}
        # one commit per version, named after version and month, each tag on its own commit
        commits = fake.release_commits(rid(name))
        assert [c.message for c in commits] == ["Release 1.13.0 (2025-09)", "Release 1.14.0 (2025-10)"]
        assert [repo.tags["1.13.0"], repo.tags["1.14.0"]] == [c.oid for c in commits]
        at_tag = files_at(fake, rid(name), "1.14.0")
        assert set(at_tag) == {".gitattributes", DATA_FILE, "README.md", "manifest.json"}
        assert at_tag[DATA_FILE].lfs and not at_tag["README.md"].lfs
        published_manifest = json.loads(at_tag["manifest.json"].content)
        checksums = published_manifest.pop("checksums")
        assert published_manifest == manifest(OCT)
        expected = {path: hashlib.sha256(at_tag[path].content).hexdigest() for path in (DATA_FILE, "README.md")}
        assert checksums == expected
        # the lag: hist-* holds version M-1 only, with exactly the data published as M-1
        hist = fake.repos[rid(name, True)]
        assert hist.tags.keys() == {"1.13.0"}
        assert [c.message for c in fake.release_commits(rid(name, True))] == [
            "Release 1.13.0 (2025-09) in the historical datasets"
        ]
        assert (
            files_at(fake, rid(name, True), "1.13.0")[DATA_FILE].content
            == files_at(fake, rid(name), "1.13.0")[DATA_FILE].content
        )
    hist_qa = pd.read_parquet(
        __import__("io").BytesIO(files_at(fake, rid("private_qa", True), "1.13.0")[DATA_FILE].content)
    )
    assert hist_qa["answer"].tolist() == ["Тверь", "Иван Петров"]  # answers included, from September


def test_dataset_card_has_the_front_matter_counts_version_table_and_how_to_load(fake, tmp_path):
    hub = make_hub(fake, tmp_path)
    publish_month(hub, SEPT, tables(), manifest(SEPT))
    publish_month(hub, OCT, tables(), manifest(OCT))
    card = files_at(fake, rid("private_qa"), "1.14.0")["README.md"].content.decode()
    meta = yaml.safe_load(re.match(r"^---\n(.*?)\n---\n", card, re.S).group(1))
    assert meta["language"] == ["ru"] and meta["license"] == "cc-by-4.0"
    assert meta["size_categories"] == ["n<1K"]
    assert meta["configs"] == [{"config_name": "default", "data_files": [{"split": "train", "path": DATA_FILE}]}]
    features = {f["name"]: f["dtype"] for f in meta["dataset_info"]["features"]}
    assert features == {
        "public_id": "int64",
        "question": "string",
        "answer": "string",
        "type": "string",
        "text_ids": "string",
    }
    assert meta["dataset_info"]["splits"] == [{"name": "train", "num_examples": 2}]
    assert "questions per type: simple: 1, set: 0, cond: 0, mh: 1" in card
    assert "| 1.14.0 (this version) | 2025-10 |" in card and "| 1.13.0 | 2025-09 |" in card
    assert f'load_dataset("{rid("private_qa")}", revision="1.14.0", split="train")' in card


def test_republishing_the_same_month_changes_nothing(fake, tmp_path):
    hub = make_hub(fake, tmp_path)
    publish_month(hub, SEPT, tables(), manifest(SEPT))
    publish_month(hub, OCT, tables(), manifest(OCT))
    before = {r: (dict(repo.tags), len(repo.commits)) for r, repo in fake.repos.items()}
    again = publish_month(hub, OCT, tables(), manifest(OCT))
    assert {p.status for p in again.repos + again.hist_repos} == {"unchanged"}
    assert {r: (dict(repo.tags), len(repo.commits)) for r, repo in fake.repos.items()} == before
    assert fake.count("POST", r"/commit/") == 4 + 8 and fake.count("POST", r"/api/repos/create") == 8


def test_a_failure_mid_publication_tags_nothing_and_a_rerun_resumes_without_duplicate_commits(fake, tmp_path):
    hub = make_hub(fake, tmp_path)
    publish_month(hub, SEPT, tables(), manifest(SEPT))
    # October: the third repo's commit fails on every attempt (two commits already went through).
    fake.fail("POST", r"/commit/main$", status=500, skip=2, times=100)
    with pytest.raises(HubError, match="500"):
        publish_month(hub, OCT, tables(answer="Казань"), manifest(OCT))
    assert all("1.14.0" not in repo.tags for repo in fake.repos.values())
    assert all("1.13.0" not in fake.repos[rid(name, True)].tags for name in DATASETS if rid(name, True) in fake.repos)
    committed_first = {name: fake.release_commits(rid(name))[-1] for name in ("public_texts", "public_questions")}
    assert [c.message for c in committed_first.values()] == ["Release 1.14.0 (2025-10)"] * 2

    fake.clear_faults()
    rerun = publish_month(hub, OCT, tables(answer="Казань"), manifest(OCT))
    assert {p.status for p in rerun.repos} == {"created"}
    for name in DATASETS:
        messages = [c.message for c in fake.release_commits(rid(name))]
        assert messages == ["Release 1.13.0 (2025-09)", "Release 1.14.0 (2025-10)"]  # no duplicate
        assert fake.repos[rid(name)].tags["1.14.0"] == fake.release_commits(rid(name))[-1].oid
        assert len(fake.release_commits(rid(name, True))) == 1 and fake.repos[rid(name, True)].tags.keys() == {"1.13.0"}
    for name, commit in committed_first.items():  # the commits of the failed run were reused
        assert fake.repos[rid(name)].tags["1.14.0"] == commit.oid


def test_a_failed_tag_withdraws_the_batch_and_a_rerun_completes_it(fake, tmp_path):
    hub = make_hub(fake, tmp_path)
    publish_month(hub, SEPT, tables(), manifest(SEPT))
    fake.fail("POST", r"/tag/", status=500, skip=5, times=100)  # the sixth of eight tags never succeeds
    with pytest.raises(HubError, match="500"):
        publish_month(hub, OCT, tables(answer="Казань"), manifest(OCT))
    assert all("1.14.0" not in fake.repos[rid(name)].tags for name in DATASETS)  # withdrawn
    assert all(rid(name, True) not in fake.repos or not fake.repos[rid(name, True)].tags for name in DATASETS)
    assert all(len(fake.release_commits(rid(name))) == 2 for name in DATASETS)
    fake.clear_faults()
    publish_month(hub, OCT, tables(answer="Казань"), manifest(OCT))
    for name in DATASETS:
        commits = fake.release_commits(rid(name))
        assert len(commits) == 2 and fake.repos[rid(name)].tags["1.14.0"] == commits[-1].oid
        assert len(fake.release_commits(rid(name, True))) == 1
        assert fake.repos[rid(name, True)].tags.keys() == {"1.13.0"}


def test_a_commit_whose_response_is_lost_is_not_made_twice(fake, tmp_path):
    hub = make_hub(fake, tmp_path)
    fake.fail("POST", r"/commit/main$", status=502, after_processing=True, times=1)
    published = hub.publish(SEPT.version, tables(), manifest(SEPT))
    assert {p.status for p in published} == {"created"}
    assert [len(fake.release_commits(rid(name))) for name in DATASETS] == [1, 1, 1, 1]
    assert fake.repos[rid("public_texts")].tags["1.13.0"] == fake.release_commits(rid("public_texts"))[0].oid


def test_rate_limits_server_errors_and_dropped_connections_are_retried_with_backoff(fake, tmp_path):
    sleeps = Sleeps()
    hub = make_hub(fake, tmp_path, sleep=sleeps, retry=RetryPolicy(attempts=5, base_delay=0.001, max_delay=0.5))
    fake.fail("POST", r"^/api/repos/create$", status=429, retry_after=0.25, times=2)
    fake.fail("GET", r"/revision/main$", drop_connection=True, times=1)
    fake.fail("POST", r"/tag/", status=503, times=2)
    fake.fail("POST", r"/paths-info/", status=500, times=1)
    published = hub.publish(SEPT.version, tables(), manifest(SEPT))
    assert {p.status for p in published} == {"created"}
    assert sleeps.count(0.25) == 2  # Retry-After honoured
    assert len(sleeps) == 6  # 2 rate limits, 1 dropped connection, 1 server error, 2 unavailable
    assert all(f.injected == f.times for f in fake.faults)
    assert all(fake.repos[rid(n)].tags.keys() == {"1.13.0"} for n in DATASETS)
    # a failure that does not go away is reported after the configured number of attempts
    fake.clear_faults()
    fake.fail("GET", r"/refs$", status=503, times=100)
    with pytest.raises(HubError, match="503"):
        hub.versions(repo_name("public_texts"))
    assert fake.faults[0].injected == 5


def test_an_existing_tag_with_other_content_is_refused_unless_forced(fake, tmp_path):
    hub = make_hub(fake, tmp_path)
    hub.publish(SEPT.version, tables(), manifest(SEPT))
    before = {r: (dict(repo.tags), len(repo.commits)) for r, repo in fake.repos.items()}
    with pytest.raises(VersionExistsError, match=r"acme/rag-bench-private-qa@1\.13\.0.*immutable"):
        hub.publish(SEPT.version, tables(answer="Казань"), manifest(SEPT))
    assert {r: (dict(repo.tags), len(repo.commits)) for r, repo in fake.repos.items()} == before

    forced = {p.repo: p.status for p in hub.publish(SEPT.version, tables(answer="Казань"), manifest(SEPT), force=True)}
    assert forced[repo_name("private_qa")] == "replaced"
    assert forced[repo_name("public_texts")] == "unchanged"
    assert hub.load(repo_name("private_qa"), SEPT.version)["answer"].tolist() == ["Казань", "Иван Петров"]
    assert fake.repos[rid("public_texts")].tags == before[rid("public_texts")][0]


def test_a_forced_publication_that_fails_puts_the_old_tag_back(fake, tmp_path):
    hub = make_hub(fake, tmp_path)
    hub.publish(SEPT.version, tables(), manifest(SEPT))
    old_tag = fake.repos[rid("private_qa")].tags["1.13.0"]
    fake.fail("POST", r"/tag/", status=500, times=4)  # every attempt at the new tag fails
    with pytest.raises(HubError, match="500"):
        hub.publish(SEPT.version, tables(answer="Казань"), manifest(SEPT), force=True)
    assert fake.repos[rid("private_qa")].tags["1.13.0"] == old_tag
    assert hub.load(repo_name("private_qa"), SEPT.version)["answer"].tolist() == ["Тверь", "Иван Петров"]


def test_private_data_is_never_pushed_to_a_public_repo(fake, tmp_path):
    fake.create_repo(rid("private_qa"), private=False)  # someone made the private QA repo public
    with pytest.raises(PrivacyError, match="acme/rag-bench-private-qa exists and is public"):
        make_hub(fake, tmp_path).publish(SEPT.version, tables(), manifest(SEPT))
    assert set(fake.repos) == {rid("private_qa")} and fake.count("POST", r"/commit/") == 0

    fake.repos.clear()
    misconfigured = make_hub(fake, tmp_path, private={repo_name("private_texts"): False})
    with pytest.raises(PrivacyError, match="rag-bench-private-texts is configured public"):
        misconfigured.publish(SEPT.version, tables(), manifest(SEPT))
    assert fake.repos == {}

    leaking = tables()
    leaking["public_questions"] = leaking["public_questions"].assign(answer=["Тверь", "Иван Петров"])
    with pytest.raises(PrivacyError, match="public_questions holds private data"):
        make_hub(fake, tmp_path).publish(SEPT.version, leaking, manifest(SEPT))
    assert fake.repos == {}


def test_repo_visibility_is_configurable(fake, tmp_path):
    hub = make_hub(fake, tmp_path, private={repo_name("public_texts", hist=True): True})
    hub.publish_uploads(release_uploads(SEPT.version, tables(), manifest(SEPT), hist=True))
    assert fake.repos[rid("public_texts", True)].private is True
    assert fake.repos[rid("public_questions", True)].private is False


def test_the_token_never_appears_in_logs_or_exceptions(fake, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    hub = make_hub(fake, tmp_path)
    assert TOKEN not in repr(hub) and TOKEN not in hub.describe()
    hub.publish(SEPT.version, tables(), manifest(SEPT))
    # a server that quotes the credentials back in its error message, on a non-retryable error
    fake.fail("GET", r"/refs$", status=403, echo_auth=True, times=10)
    with pytest.raises(HubError) as raised:
        hub.publish(OCT.version, tables(), manifest(OCT))
    fake.clear_faults()
    # a rejected token (the server's 401) and a missing one
    wrong = make_hub(fake, tmp_path, token=TOKEN[::-1])
    with pytest.raises(HubError) as rejected:
        wrong.publish(OCT.version, tables(), manifest(OCT))
    with pytest.raises(HubError, match="set HF_TOKEN") as missing:
        make_hub(fake, tmp_path, token=None).publish(OCT.version, tables(), manifest(OCT))
    assert "<redacted>" in str(raised.value) and "403" in str(raised.value)
    for exc, secret in ((raised.value, TOKEN), (rejected.value, TOKEN[::-1]), (missing.value, TOKEN)):
        rendered = "".join(traceback.format_exception(exc))
        assert secret not in rendered and secret not in repr(exc)
        assert exc.__cause__ is None and exc.__context__ is None
    assert TOKEN not in caplog.text and TOKEN[::-1] not in caplog.text
    assert "token-that-must-never-leak" not in caplog.text and "<redacted>" in caplog.text


def test_private_repos_are_not_readable_without_the_token(fake, tmp_path):
    make_hub(fake, tmp_path).publish(SEPT.version, tables(), manifest(SEPT))
    anonymous = make_hub(fake, tmp_path, token=None)
    assert anonymous.versions(repo_name("public_texts")) == ["1.13.0"]
    assert anonymous.versions(repo_name("private_qa")) == []
    texts, questions = load_public_release(anonymous)
    pd.testing.assert_frame_equal(texts, tables()["public_texts"])
    pd.testing.assert_frame_equal(questions, tables()["public_questions"])


def test_the_loader_refuses_texts_and_questions_at_different_versions(fake, tmp_path):
    hub = make_hub(fake, tmp_path)
    hub.publish(SEPT.version, tables(), manifest(SEPT))
    hub.publish_uploads([RepoUpload("public_texts", OCT.version, tables(n_texts=2)["public_texts"], manifest(OCT))])
    with pytest.raises(VersionMismatchError, match="rag-bench-public-texts 1.14.0, rag-bench-public-questions 1.13.0"):
        load_public_release(hub)
    with pytest.raises(LookupError, match="rag-bench-public-questions: no version 1.14.0"):
        load_public_release(hub, "1.14.0")
    texts, _ = load_public_release(hub, "1.13.0")
    assert len(texts) == 3
    # the same check on a local hub
    local = LocalHub(tmp_path / "local")
    local.publish(SEPT.version, tables(), manifest(SEPT))
    local.publish_uploads([RepoUpload("public_texts", OCT.version, tables()["public_texts"], manifest(OCT))])
    with pytest.raises(VersionMismatchError):
        load_public_release(local)
    with pytest.raises(VersionMismatchError):
        download_release(local, tmp_path / "out")


def test_download_command_from_hf_and_from_a_local_hub(fake, tmp_path, monkeypatch, capsys):
    from dagster_project.cli import main

    hub = make_hub(fake, tmp_path)
    publish_month(hub, SEPT, tables(), manifest(SEPT))
    publish_month(hub, OCT, tables(answer="Казань"), manifest(OCT))
    monkeypatch.setenv("HF_TOKEN", TOKEN)
    monkeypatch.setenv("HF_ENDPOINT", fake.url)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "cli-cache"))
    out = tmp_path / "downloads"
    assert main(["download", "--hub", f"hf://{NS}", "--version", "1.14.0", "--out", str(out)]) == 0
    assert TOKEN not in capsys.readouterr().out
    assert sorted(p.name for p in out.iterdir()) == [repo_name("public_questions"), repo_name("public_texts")]
    downloaded = LocalHub(out)
    pd.testing.assert_frame_equal(downloaded.load(repo_name("public_texts"), "1.14.0"), tables()["public_texts"])
    downloaded_manifest = downloaded.manifest(repo_name("public_questions"), "1.14.0")
    assert {k: v for k, v in downloaded_manifest.items() if k != "checksums"} == manifest(OCT)
    assert downloaded.verify(repo_name("public_questions"), "1.14.0") == []
    assert main(["verify", "1.14.0", "--hub", f"hf://{NS}"]) == 0
    assert "rag-bench-private-qa: ok" in capsys.readouterr().out

    assert main(["download", "--hub", f"hf://{NS}", "--hist", "--private", "--out", str(out)]) == 0
    hist_qa = downloaded.load(repo_name("private_qa", hist=True), "1.13.0")
    assert hist_qa["answer"].tolist() == ["Тверь", "Иван Петров"]

    assert main(["download", "--hub", f"hf://{NS}", "--version", "1.20.0", "--out", str(out)]) == 2
    assert "no version 1.20.0" in capsys.readouterr().err
    # the downloaded folder is itself a hub
    assert main(["download", "--hub", str(out), "--version", "1.14.0", "--out", str(tmp_path / "copy")]) == 0
    assert (tmp_path / "copy" / repo_name("public_texts") / "1.14.0" / DATA_FILE).exists()


def test_connection_errors_are_retried_then_reported(tmp_path):
    import socket

    with socket.socket() as probe:  # a port on 127.0.0.1 with nothing listening
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sleeps = Sleeps()
    hub = HfHub(
        f"hf://{NS}",
        token=TOKEN,
        endpoint=f"http://127.0.0.1:{port}",
        sleep=sleeps,
        retry=RetryPolicy(attempts=3, base_delay=0.5, max_delay=0.75),
    )
    with pytest.raises(HubError, match="ConnectError") as raised:
        hub.versions(repo_name("public_texts"))
    assert len(sleeps) == 2 and 0.5 <= sleeps[0] <= 0.55 and 0.75 <= sleeps[1] <= 0.83  # exponential, capped
    assert TOKEN not in str(raised.value)


def test_an_unreachable_hub_fails_within_the_connection_deadline(tmp_path):
    import socket

    with socket.socket() as probe:  # a port on 127.0.0.1 with nothing listening
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sleeps = Sleeps()
    hub = HfHub(
        f"hf://{NS}", token=TOKEN, endpoint=f"http://127.0.0.1:{port}", sleep=sleeps, retry=RetryPolicy(attempts=50)
    )
    with pytest.raises(HubError, match="is unreachable") as raised:
        hub.versions(repo_name("public_texts"))
    assert sum(sleeps) <= RetryPolicy().connection_deadline < 30  # not 50 attempts of exponential backoff
    assert len(sleeps) == 4  # 1 + 2 + 4 + 8 s of waits; the next 16 s would pass the deadline
    assert f"127.0.0.1:{port}" in str(raised.value) and TOKEN not in str(raised.value)


def test_verify_names_a_file_changed_on_the_hub(fake, tmp_path, monkeypatch, capsys):
    from dagster_project.cli import main
    from dagster_project.testing.hf_hub import StoredFile

    publish_month(make_hub(fake, tmp_path), SEPT, tables(), manifest(SEPT))
    at_tag = files_at(fake, rid("public_texts"), SEPT.version)
    at_tag["README.md"] = StoredFile(at_tag["README.md"].content + b"\nedited afterwards\n", lfs=False)
    fresh = make_hub(fake, tmp_path / "fresh")
    assert fresh.verify(repo_name("public_texts"), SEPT.version) == [
        "README.md: SHA-256 mismatch (the file changed after publication)"
    ]
    assert fresh.verify(repo_name("private_qa"), SEPT.version) == []
    monkeypatch.setenv("HF_TOKEN", TOKEN)
    monkeypatch.setenv("HF_ENDPOINT", fake.url)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "cli-cache"))
    assert main(["verify", SEPT.version, "--hub", f"hf://{NS}"]) == 1
    assert "rag-bench-public-texts: FAILED\n    README.md: SHA-256 mismatch" in capsys.readouterr().out


def test_of_two_concurrent_publishers_the_one_that_tags_first_wins(fake, tmp_path):
    slow, fast = make_hub(fake, tmp_path / "slow"), make_hub(fake, tmp_path / "fast")
    tag = slow._tag

    def tag_after_the_other_publisher(planned):
        if not fake.repos[rid("public_texts")].tags:
            fast.publish(SEPT.version, tables(answer="Казань"), manifest(SEPT))  # wins the race
        return tag(planned)

    slow._tag = tag_after_the_other_publisher
    with pytest.raises(VersionExistsError, match="published by another process"):
        slow.publish(SEPT.version, tables(), manifest(SEPT))
    # the loser withdrew nothing of the winner's: every repo is tagged, private_qa with the winner's data
    assert all(SEPT.version in fake.repos[rid(name)].tags for name in DATASETS)
    winner = make_hub(fake, tmp_path / "reader").load(repo_name("private_qa"), SEPT.version)
    assert "Казань" in set(winner["answer"])
