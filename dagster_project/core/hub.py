"""A local dataset hub: one folder per dataset repo, one immutable folder per version.

    <root>/rag-bench-public-texts/1.13.0/data/train-00000-of-00001.parquet
    <root>/rag-bench-public-texts/1.13.0/manifest.json
    <root>/rag-bench-public-texts/1.13.0/README.md

The layout mirrors a Hugging Face dataset repo at a tag, so `datasets` reads a version with
load_dataset("parquet", data_files=".../data/*.parquet"). A version is written to a temporary
folder and renamed into place, so a reader never sees half a version.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .months import month_of_version, version_sort_key
from .release import DATASETS

REPO_PREFIX = "rag-bench-"
HIST_PREFIX = "hist-"
DATA_FILE = "data/train-00000-of-00001.parquet"


def repo_name(dataset: str, *, hist: bool = False) -> str:
    """public_texts -> rag-bench-public-texts (hist-rag-bench-public-texts for the lagged copy)."""
    if dataset not in DATASETS:
        raise ValueError(f"unknown dataset {dataset!r}; expected one of {', '.join(DATASETS)}")
    return (HIST_PREFIX if hist else "") + REPO_PREFIX + dataset.replace("_", "-")


class VersionExistsError(RuntimeError):
    """A version is already published with different content; pass force to replace it."""


class ReleaseNotFoundError(LookupError):
    pass


def parquet_bytes(table: pd.DataFrame) -> bytes:
    buffer = io.BytesIO()
    table.to_parquet(buffer, index=False, engine="pyarrow", compression="zstd")
    return buffer.getvalue()


def dataset_card(repo: str, version: str, table: pd.DataFrame, manifest: dict) -> str:
    month = month_of_version(version).label
    counts = manifest.get("counts", {})
    lines = [
        "---",
        "language: [ru]",
        "license: cc-by-4.0",
        "configs:",
        "- config_name: default",
        "  data_files:",
        "  - split: train",
        f"    path: {DATA_FILE}",
        "---",
        "",
        f"# {repo} {version}",
        "",
        f"Monthly RAG benchmark release for {month}, built from that month's news "
        f"({'sample corpus' if manifest.get('offline') else 'crawled sources'}).",
        "",
        f"- rows: {len(table)}",
        f"- columns: {', '.join(table.columns)}",
    ]
    if counts.get("questions_per_type"):
        per_type = ", ".join(f"{k}: {v}" for k, v in counts["questions_per_type"].items())
        lines.append(f"- questions per type: {per_type}")
    lines += [
        "",
        "Load it with `datasets`:",
        "",
        "```python",
        "from datasets import load_dataset",
        f'load_dataset("parquet", data_files="{repo}/{version}/data/*.parquet")',
        "```",
        "",
    ]
    return "\n".join(lines)


@dataclass(frozen=True)
class PublishedRepo:
    repo: str
    version: str
    status: str  # created, unchanged or replaced


class LocalHub:
    def __init__(self, root: Path | str):
        self.root = Path(root)

    def __repr__(self) -> str:
        return f"LocalHub({str(self.root)!r})"

    def version_dir(self, repo: str, version: str) -> Path:
        return self.root / repo / version

    def repos(self) -> list[str]:
        if not self.root.exists():
            return []
        return sorted(p.name for p in self.root.iterdir() if p.is_dir() and not p.name.startswith("."))

    def versions(self, repo: str) -> list[str]:
        folder = self.root / repo
        if not folder.exists():
            return []
        found = [p.name for p in folder.iterdir() if p.is_dir() and (p / DATA_FILE).exists()]
        return sorted(found, key=version_sort_key)

    def load(self, repo: str, version: str) -> pd.DataFrame:
        path = self.version_dir(repo, version) / DATA_FILE
        if not path.exists():
            raise ReleaseNotFoundError(f"{repo} has no version {version} in {self.root}")
        return pd.read_parquet(path)

    def manifest(self, repo: str, version: str) -> dict:
        path = self.version_dir(repo, version) / "manifest.json"
        if not path.exists():
            raise ReleaseNotFoundError(f"{repo} has no manifest for {version} in {self.root}")
        return json.loads(path.read_text(encoding="utf-8"))

    def load_release(self, version: str, *, hist: bool = False) -> dict[str, pd.DataFrame]:
        return {name: self.load(repo_name(name, hist=hist), version) for name in DATASETS}

    def publish(
        self, version: str, tables: dict[str, pd.DataFrame], manifest: dict, *, hist: bool = False, force: bool = False
    ) -> list[PublishedRepo]:
        """Publish the four datasets as `version`, all or nothing.

        An existing version with identical data is left as it is ('unchanged'); one with other
        data is refused unless `force`, checked for every repo before anything is written.
        """
        month_of_version(version)  # validates the version string
        payloads = {repo_name(name, hist=hist): (tables[name], parquet_bytes(tables[name])) for name in DATASETS}
        statuses: dict[str, str] = {}
        for repo, (_, data) in payloads.items():
            existing = self.version_dir(repo, version) / DATA_FILE
            if not existing.exists():
                statuses[repo] = "created"
            elif existing.read_bytes() == data:
                statuses[repo] = "unchanged"
            elif force:
                statuses[repo] = "replaced"
            else:
                raise VersionExistsError(
                    f"{repo} {version} is already published with different content; "
                    "versions are immutable (publish with force=True to replace it)"
                )
        for repo, (table, data) in payloads.items():
            if statuses[repo] != "unchanged":
                self._write_version(repo, version, table, data, manifest)
        return [PublishedRepo(repo, version, statuses[repo]) for repo in payloads]

    def _write_version(self, repo: str, version: str, table: pd.DataFrame, data: bytes, manifest: dict) -> None:
        target = self.version_dir(repo, version)
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{version}-", dir=target.parent))
        try:
            (staging / DATA_FILE).parent.mkdir(parents=True)
            (staging / DATA_FILE).write_bytes(data)
            (staging / "manifest.json").write_text(
                json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8"
            )
            (staging / "README.md").write_text(dataset_card(repo, version, table, manifest), encoding="utf-8")
            if target.exists():
                retired = target.with_name(f".{version}-retired")
                shutil.rmtree(retired, ignore_errors=True)
                os.replace(target, retired)
                os.replace(staging, target)
                shutil.rmtree(retired, ignore_errors=True)
            else:
                os.replace(staging, target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
