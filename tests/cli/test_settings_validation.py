"""Invalid settings and arguments stop a run before any work, with one line and exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dagster_project.core.common.months import Month
from dagster_project.core.release.checks import too_small
from tests.samples import sample_articles, sample_questions

REPO_ROOT = Path(__file__).resolve().parents[2]


def _ragbench(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {
        **os.environ,
        "RAGBENCH_DATA_DIR": str(tmp_path / "data"),
        "RAGBENCH_HUB": str(tmp_path / "hub"),
        "DAGSTER_HOME": "",
        "PYTHONWARNINGS": "ignore",
        **env,
    }
    return subprocess.run(
        [sys.executable, "-m", "dagster_project.cli", *args],
        cwd=REPO_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _one_line_error(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    return lines[-1]


@pytest.mark.parametrize("value", ["0", "-5", "abc"])
def test_a_bad_top_k_exits_2_before_any_work_and_publishes_nothing(tmp_path, value):
    result = _ragbench(tmp_path, "materialize", "--month", "2025-09", RAGBENCH_TOP_K=value)
    assert _one_line_error(result).startswith(f"error: RAGBENCH_TOP_K='{value}' is not valid")
    assert not (tmp_path / "hub").exists() and not (tmp_path / "data").exists()


@pytest.mark.parametrize("month", ["2025-09xyz", "2025-13", "2025-9", "2025-09-15", "2023-01"])
def test_a_bad_month_exits_2_with_one_line(tmp_path, month):
    result = _ragbench(tmp_path, "materialize", "--month", month)
    assert "not a month" in _one_line_error(result) or "before the first benchmark month" in result.stderr
    assert not (tmp_path / "data").exists()


def test_a_hub_path_that_is_a_file_is_refused_before_any_work(tmp_path):
    (tmp_path / "hub-file").write_text("not a folder")
    result = _ragbench(tmp_path, "materialize", "--month", "2025-09", RAGBENCH_HUB=str(tmp_path / "hub-file"))
    assert "RAGBENCH_HUB=" in _one_line_error(result) and "not a directory" in result.stderr
    assert not (tmp_path / "data").exists()


def test_months_are_strict():
    assert Month.parse("2025-09") == Month.parse("2025-09-01") == Month(2025, 9)
    for bad in ("2025-09xyz", "2025-09-02", " 2025-09-01T00:00", "25-09"):
        with pytest.raises(ValueError, match="not a month"):
            Month.parse(bad)


def test_no_texts_or_no_questions_is_too_small():
    articles = sample_articles()
    questions = sample_questions(articles)
    empty = questions.iloc[0:0]
    problems = too_small(empty, articles.iloc[0:0], min_per_type=0, types=("simple",))
    assert problems == ["the release has no texts", "the release has no questions"]
