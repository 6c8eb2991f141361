"""The acceptability asset runs the classifier from the configured checkpoint."""

from __future__ import annotations

import pandas as pd
import pytest


def test_the_acceptability_asset_runs_the_classifier_from_the_configured_path(materialized_month, tmp_path):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    import shutil

    from dagster import AssetKey, DagsterInstance, materialize

    from dagster_project.definitions import all_assets
    from dagster_project.resources import build_resources
    from dagster_project.testing.tiny_models import build_tiny_classifier
    from tests.conftest import SAMPLE_MONTH, pipeline_env

    env = pipeline_env(tmp_path)
    source = materialized_month.data_dir / "qa_candidates" / f"{SAMPLE_MONTH.key}.parquet"
    (tmp_path / "data" / "qa_candidates").mkdir(parents=True)
    shutil.copy(source, tmp_path / "data" / "qa_candidates" / source.name)
    env["RAGBENCH_RUCOLA_CHECKPOINT"] = str(build_tiny_classifier(tmp_path / "tiny"))
    env["RAGBENCH_ACCEPTABILITY_THRESHOLD"] = "0.5"
    result = materialize(all_assets, selection=[AssetKey("qa_acceptability")], partition_key=SAMPLE_MONTH.key,
                         resources=build_resources(env), instance=DagsterInstance.ephemeral())  # fmt: skip
    assert result.success
    table = pd.read_parquet(tmp_path / "data" / "qa_acceptability" / f"{SAMPLE_MONTH.key}.parquet")
    candidates = pd.read_parquet(source)
    assert list(table["qa_id"]) == list(candidates["qa_id"])
    assert table["score"].between(0, 1).all()
    assert set(table["verdict"]) <= {"pass", "fail"}
    assert ((table["score"] >= 0.5) == (table["verdict"] == "pass")).all()
