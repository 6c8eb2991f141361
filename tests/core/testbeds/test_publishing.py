"""The testbed datasets go out with the release, and to the hist repos one version behind."""

import pandas as pd

from dagster_project.core.common.months import Month
from dagster_project.core.release.hub.base import RepoUpload, repo_name
from dagster_project.core.release.hub.local import DATA_FILE, LocalHub
from dagster_project.core.release.publishing import publish_month, published_testbeds

SEPT, OCT = Month(2025, 9), Month(2025, 10)


def _tables(with_testbeds: bool = True) -> dict[str, pd.DataFrame]:
    tables = {
        "public_texts": pd.DataFrame({"id": [0], "text": ["т1"]}),
        "public_questions": pd.DataFrame({"id": [0], "question": ["Где?"]}),
        "private_qa": pd.DataFrame(
            {"public_id": [0], "question": ["Где?"], "answer": ["Тверь"], "type": ["simple"], "text_ids": ['["a"]']}
        ),
        "private_texts": pd.DataFrame({"id": ["a"], "public_id": [0]}),
    }
    if with_testbeds:
        tables["public_testbeds"] = pd.DataFrame(
            {"id": [0], "testbed": ["noise"], "noise_rate": [0.0], "question": ["Где?"], "documents": [["т1"]]}
        )
        tables["private_testbeds"] = pd.DataFrame(
            {"id": [0], "answer": ["Тверь"], "answer_items": ['["Тверь"]'], "counterfactual_answer": [None],
             "question_public_id": [0]}  # fmt: skip
        )
    return tables


def _manifest(month: Month) -> dict:
    return {"month": month.label, "version": month.version, "testbeds": {"items": 1}}


def test_testbeds_are_published_with_the_release_and_lagged_into_hist(tmp_path):
    hub = LocalHub(tmp_path)
    publish_month(hub, SEPT, _tables(), _manifest(SEPT))
    october = publish_month(hub, OCT, _tables(), _manifest(OCT))
    assert {"rag-bench-public-testbeds", "rag-bench-private-testbeds"} <= {p.repo for p in october.repos}
    for dataset in ("public_testbeds", "private_testbeds"):
        assert hub.versions(repo_name(dataset)) == [SEPT.version, OCT.version]
        assert hub.versions(repo_name(dataset, hist=True)) == [SEPT.version]
        current = hub.version_dir(repo_name(dataset), SEPT.version) / DATA_FILE
        assert current.read_bytes() == (hub.version_dir(repo_name(dataset, hist=True), SEPT.version) / DATA_FILE
                                        ).read_bytes()  # fmt: skip
    loaded = published_testbeds(hub, OCT.version)
    assert list(loaded["public_testbeds"]["documents"].iloc[0]) == ["т1"]


def test_a_month_published_before_the_testbeds_existed_lags_without_them(tmp_path):
    hub = LocalHub(tmp_path)
    publish_month(hub, SEPT, _tables(with_testbeds=False), _manifest(SEPT))
    october = publish_month(hub, OCT, _tables(), _manifest(OCT))
    assert october.hist_status == "published"
    assert hub.versions(repo_name("public_testbeds", hist=True)) == []
    assert published_testbeds(hub, SEPT.version) == {}


def test_private_testbeds_and_public_ones_with_answers_count_as_private_data():
    tables = _tables()
    assert RepoUpload("private_testbeds", "1.13.0", tables["private_testbeds"], {}).holds_private_data
    assert not RepoUpload("public_testbeds", "1.13.0", tables["public_testbeds"], {}).holds_private_data
    leaking = tables["public_testbeds"].assign(answer="Тверь")
    assert RepoUpload("public_testbeds", "1.13.0", leaking, {}).holds_private_data
