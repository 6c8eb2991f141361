"""Concurrency with real processes: 50 first runs creating the release key at once all read one
key; parallel writers of one file never share a temporary name; a fresh DAGSTER_HOME opened by
several processes at once is initialized once."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from dagster_project.core.common.atomic import unique_temp_path

REPO_ROOT = Path(__file__).resolve().parents[3]


def _start_together(tmp_path: Path, code: str, count: int, *args: str, env: dict | None = None) -> list:
    """`count` processes that wait for a go file, so they hit the shared resource at the same moment."""
    go = tmp_path / "go"
    waiting = textwrap.dedent(
        f"""
        import os, sys, time
        while not os.path.exists({str(go)!r}):
            time.sleep(0.005)
        """
    )
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", waiting + textwrap.dedent(code), *args, str(n)],
            cwd=REPO_ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **(env or {})},
        )
        for n in range(count)
    ]
    time.sleep(0.5)  # not a timing assertion: only lets the interpreters start before the go signal
    go.touch()
    return [(p.wait(timeout=300), p.stdout.read(), p.stderr.read()) for p in processes]


KEY_CREATOR = """
from pathlib import Path
from dagster_project.core.release.key import load_or_create_key
key, _ = load_or_create_key(Path(sys.argv[1]), None)
print(key.decode())
"""


def test_fifty_parallel_first_runs_all_read_one_key(tmp_path):
    key_file = tmp_path / "secrets" / "release.key"
    outcomes = _start_together(tmp_path, KEY_CREATOR, 50, str(key_file))
    assert [code for code, _, _ in outcomes] == [0] * 50, [err for code, _, err in outcomes if code][:1]
    keys = {out.strip() for _, out, _ in outcomes}
    assert keys == {key_file.read_text().strip()} and len(keys.pop()) == 64
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"
    assert sorted(p.name for p in key_file.parent.iterdir()) == ["release.key"]  # no temporary left


WRITER = """
from pathlib import Path
from dagster_project.core.common.atomic import atomic_write_bytes
target, n = Path(sys.argv[1]), sys.argv[2]
for _ in range(200):
    atomic_write_bytes(target, (n * 50_000).encode())
"""


def test_parallel_writers_of_one_file_never_collide(tmp_path):
    target = tmp_path / "data" / "asset.parquet"
    outcomes = _start_together(tmp_path, WRITER, 8, str(target))
    assert [code for code, _, _ in outcomes] == [0] * 8, [err for code, _, err in outcomes if code][:1]
    content = target.read_text()
    assert len(set(content)) == 1 and len(content) == 50_000  # one writer's whole content
    assert [p.name for p in target.parent.iterdir()] == ["asset.parquet"]


def test_temporary_names_are_unique_and_hidden(tmp_path):
    names = {unique_temp_path(tmp_path / "x.parquet").name for _ in range(1000)}
    assert len(names) == 1000 and all(n.startswith(".x.parquet.") for n in names)


INSTANCE_USER = """
from dagster_project.cli import _instance
instance = _instance()
print(len(instance.get_runs(limit=1)))
"""


def test_a_fresh_dagster_home_opened_by_several_processes_is_initialized_once(tmp_path):
    home = tmp_path / "dagster_home"
    outcomes = _start_together(tmp_path, INSTANCE_USER, 3, env={"DAGSTER_HOME": str(home)})
    failures = [err for code, _, err in outcomes if code]
    assert not failures, failures[0][-2000:]
    assert (home / "history" / "runs.db").exists()
