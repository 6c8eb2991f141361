"""The testbeds of the session's month: built, checked, published with the release, scored."""

import json

import pytest
from dagster import AssetKey

from dagster_project.cli import main
from dagster_project.core.release.hub.base import repo_name
from dagster_project.core.release.publishing import published_testbeds
from dagster_project.core.testbeds.build import NOISE_RATES, TESTBEDS
from dagster_project.core.testbeds.checks import counterfactual_problems, negative_document_problems
from dagster_project.definitions import defs
from tests.conftest import SAMPLE_MONTH

VERSION = SAMPLE_MONTH.version


@pytest.fixture(scope="module")
def testbeds(materialized_month):
    return published_testbeds(materialized_month.hub, VERSION)


def test_the_testbed_assets_are_a_group_behind_blocking_checks():
    graph = defs.get_repository_def().asset_graph
    for name in ("robustness_testbeds", "public_testbeds", "private_testbeds", "testbed_baseline"):
        assert graph.get(AssetKey(name)).group_name == "testbeds"
    checks = {key.name: graph.get_check_spec(key) for key in graph.asset_check_keys}
    assert checks["public_testbeds_do_not_leak"].blocking and checks["testbed_documents_are_sound"].blocking


def test_the_release_has_all_four_testbeds_at_all_five_noise_rates(materialized_month, testbeds):
    public, private = testbeds["public_testbeds"], testbeds["private_testbeds"]
    assert set(public["testbed"]) == set(TESTBEDS)
    assert set(public.loc[public["testbed"] == "noise", "noise_rate"]) == set(NOISE_RATES)
    assert list(public.columns) == ["id", "testbed", "noise_rate", "question", "documents"]
    assert len(private) == len(public)
    release = materialized_month.hub.load_release(VERSION)
    assert negative_document_problems(public, private, release["private_qa"]) == []
    assert counterfactual_problems(public, private) == []
    evaluations = {e.check_name: e.passed for e in materialized_month.result.get_asset_check_evaluations()}
    assert evaluations["public_testbeds_do_not_leak"] and evaluations["testbed_documents_are_sound"]


def test_the_manifest_carries_the_testbed_funnel(materialized_month, testbeds):
    manifest = materialized_month.hub.manifest(repo_name("public_testbeds"), VERSION)["testbeds"]
    assert manifest["items"] == len(testbeds["public_testbeds"])
    assert [row["testbed"] for row in manifest["funnel"]] == list(TESTBEDS)
    assert set(manifest["items_per_testbed_and_noise_rate"]["noise"]) == {"0", "0.2", "0.4", "0.6", "0.8"}
    assert manifest["config"]["documents"] == 5


def test_the_baseline_reader_is_scored_every_month(materialized_month):
    scores = json.loads(
        (materialized_month.data_dir / "testbed_baseline" / SAMPLE_MONTH.key / "testbeds.json").read_text("utf-8")
    )
    noise = [s for s in scores["scopes"] if s["testbed"] == "noise" and s["noise_rate"] is not None]
    assert [s["noise_rate"] for s in noise] == list(NOISE_RATES)
    assert all(0 <= s["metrics"]["accuracy"]["value"] <= 1 for s in noise)


def test_cli_scores_replies_and_refuses_bad_input(materialized_month, tmp_path, capsys):
    hub = str(materialized_month.hub.root)
    replies = tmp_path / "replies.json"
    assert main(["testbeds", "baseline", "--hub", hub, "--version", VERSION, "--out", str(replies)]) == 0
    out = tmp_path / "scores"
    code = main(["testbeds", "score", "--hub", hub, "--version", VERSION, "--responses", str(replies),
                 "--out", str(out), "--bootstrap", "50"])  # fmt: skip
    assert code == 0
    assert "noise" in capsys.readouterr().out
    assert json.loads((out / "testbeds.json").read_text("utf-8"))["missing_replies"]["count"] == 0
    assert main(["testbeds", "score", "--hub", hub, "--version", "1.99.0", "--responses", str(replies),
                 "--out", str(out)]) == 2  # fmt: skip
    replies.write_text('{"100000": "x"}', encoding="utf-8")
    assert main(["testbeds", "score", "--hub", hub, "--version", VERSION, "--responses", str(replies),
                 "--out", str(out)]) == 2  # fmt: skip
    assert "unknown testbed id '100000'" in capsys.readouterr().err
    assert main(["releases", "--hub", hub, "--version", VERSION]) == 0
    assert "rag-bench-public-testbeds: " in capsys.readouterr().out
