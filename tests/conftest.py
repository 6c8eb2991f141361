"""Shared fixtures. The expensive one materializes the whole pipeline for one bundled month once
per test session, in-process, with storage and hub in a temporary directory."""

from __future__ import annotations

import os
import tempfile

# Hugging Face caches (huggingface_hub, datasets) go to a throwaway directory, never to ~/.cache.
# Set before anything imports those libraries, which read the variable once at import.
os.environ.setdefault("HF_HOME", tempfile.mkdtemp(prefix="ragbench-test-hf-home-"))
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")

from dataclasses import dataclass
from pathlib import Path

import pytest
from dagster import DagsterInstance

from dagster_project.cli import run_month
from dagster_project.core.common.months import Month
from dagster_project.core.release.hub.local import LocalHub
from dagster_project.core.scoring.baseline import baseline_submission
from dagster_project.core.scoring.submission import gold_from_release
from dagster_project.testing.openai_server import FakeOpenAIServer, task_responder

SAMPLE_MONTH = Month(2025, 9)
NEXT_MONTH = Month(2025, 10)
TEST_SECRET = "test-release-secret"


def pipeline_env(root: Path, secret: str = TEST_SECRET) -> dict[str, str]:
    return {
        "RAGBENCH_DATA_DIR": str(root / "data"),
        "RAGBENCH_HUB": str(root / "hub"),
        "RAGBENCH_RELEASE_SECRET": secret,
        "RAGBENCH_SUBMISSIONS_DIR": str(root / "submissions"),
    }


@dataclass
class MaterializedMonth:
    root: Path
    env: dict[str, str]
    month: Month
    result: object
    instance: DagsterInstance

    @property
    def data_dir(self) -> Path:
        return Path(self.env["RAGBENCH_DATA_DIR"])

    @property
    def hub(self) -> LocalHub:
        return LocalHub(self.env["RAGBENCH_HUB"])


@pytest.fixture(scope="session")
def materialized_month(tmp_path_factory) -> MaterializedMonth:
    root = tmp_path_factory.mktemp("pipeline")
    env = pipeline_env(root)
    instance = DagsterInstance.ephemeral()
    result = run_month(SAMPLE_MONTH, instance=instance, env=env)
    assert result.success, "the whole pipeline failed for the sample month"
    return MaterializedMonth(root, env, SAMPLE_MONTH, result, instance)


@pytest.fixture(scope="session")
def release(materialized_month):
    """The session's published release of the sample month, as scoring reads it."""
    return materialized_month.hub.load_release(SAMPLE_MONTH.version)


@pytest.fixture(scope="session")
def gold(release):
    return gold_from_release(SAMPLE_MONTH.version, release)


@pytest.fixture(scope="session")
def baseline(release):
    return baseline_submission(release["public_texts"], release["public_questions"])


@pytest.fixture(scope="module")
def server():
    """The local OpenAI-compatible server answering the project's own prompts; a module that needs
    another responder defines its own `server`."""
    with FakeOpenAIServer(task_responder) as running:
        yield running
