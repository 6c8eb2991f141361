"""The published_release asset with RAGBENCH_HUB=hf://NAMESPACE: the pipeline's real release goes to
a fake Hub on 127.0.0.1, and `datasets.load_dataset(repo_id, revision="1.N.0")` reads it back,
equal to the release."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pandas as pd
import pytest
from dagster import AssetKey, DagsterInstance, materialize

from dagster_project.core.release.hub.local import repo_name
from dagster_project.core.release.tables import DATASETS
from dagster_project.definitions import all_assets
from dagster_project.resources import build_resources
from dagster_project.testing.hf_hub import FakeHub
from tests.conftest import SAMPLE_MONTH

TOKEN = "hf_pipeline-token-that-must-never-leak-42"  # fake; hyphens keep it unlike a real token
NS = "ragbench-test"

LOAD_WITH_DATASETS = """
import sys
from datasets import load_dataset
namespace, version, out = sys.argv[1:4]
for repo in sys.argv[4:]:
    ds = load_dataset(f"{namespace}/{repo}", revision=version, split="train")
    ds.to_parquet(f"{out}/{repo}.parquet")
"""


@pytest.fixture
def fake(monkeypatch):
    import huggingface_hub.constants

    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_DISABLE_XET", True)  # the fake speaks LFS, not Xet
    server = FakeHub(TOKEN).start()
    yield server
    server.stop()


def test_published_release_pushes_the_pipeline_release_and_datasets_loads_it_back(materialized_month, fake, tmp_path):
    data_dir = tmp_path / "data"
    shutil.copytree(materialized_month.data_dir, data_dir)  # the upstream assets, read from storage
    env = {
        **materialized_month.env,
        "RAGBENCH_DATA_DIR": str(data_dir),
        "RAGBENCH_HUB": f"hf://{NS}",
        "HF_TOKEN": TOKEN,
        "HF_ENDPOINT": fake.url,
    }
    instance = DagsterInstance.ephemeral()
    result = materialize(
        all_assets,
        selection=[AssetKey("published_release")],
        partition_key=SAMPLE_MONTH.key,
        resources=build_resources(env),
        instance=instance,
    )
    assert result.success
    version = SAMPLE_MONTH.version
    for name in DATASETS:
        repo = fake.repos[f"{NS}/{repo_name(name)}"]
        assert repo.private is name.startswith("private")
        assert list(repo.tags) == [version]
    (event,) = result.get_asset_materialization_events()
    metadata = event.materialization.metadata
    assert metadata["hub"].value == f"hf://{NS} at {fake.url}"
    assert json.loads(json.dumps(metadata["hist"].value))["status"].startswith("skipped: 1.12.0")
    logged = "\n".join(str(entry.dagster_event or entry.user_message) for entry in instance.all_logs(result.run_id))
    stored = (data_dir / "published_release" / f"{SAMPLE_MONTH.key}.json").read_text(encoding="utf-8")
    assert TOKEN not in logged and TOKEN not in stored and TOKEN not in json.dumps(str(metadata))

    # A fresh process, as a user would: datasets reads the README's configs at the tag.
    out = tmp_path / "loaded"
    out.mkdir()
    child_env = {
        **os.environ,
        "HF_ENDPOINT": fake.url,
        "HF_TOKEN": TOKEN,
        "HF_HOME": str(tmp_path / "hf-home"),
        "HF_HUB_DISABLE_XET": "1",
        "HF_HUB_DISABLE_TELEMETRY": "1",
    }
    repos = [repo_name(name) for name in DATASETS]
    completed = subprocess.run(
        [sys.executable, "-c", LOAD_WITH_DATASETS, NS, version, str(out), *repos],
        env=child_env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    release = materialized_month.hub.load_release(version)
    for name in DATASETS:
        loaded = pd.read_parquet(out / f"{repo_name(name)}.parquet")
        pd.testing.assert_frame_equal(loaded, release[name], check_dtype=False)
        assert list(loaded.dtypes.astype(str)) == list(release[name].dtypes.astype(str)), name
