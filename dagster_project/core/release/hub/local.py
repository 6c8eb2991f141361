"""A local dataset hub: one folder per dataset repo, one immutable folder per version.

    <root>/rag-bench-public-texts/1.13.0/data/train-00000-of-00001.parquet
    <root>/rag-bench-public-texts/1.13.0/manifest.json
    <root>/rag-bench-public-texts/1.13.0/README.md

The layout mirrors a Hugging Face dataset repo at a tag, so `datasets` reads a version with
load_dataset("parquet", data_files=".../data/*.parquet") or load_dataset(".../<repo>/<version>"), which
reads the card's `configs`. A version is written to a temporary
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

from ...common.months import month_of_version, version_sort_key
from ..card import DATA_FILE, dataset_card
from ..tables import DATASETS, PUBLIC_COLUMNS

REPO_PREFIX = "rag-bench-"
HIST_PREFIX = "hist-"
PRIVATE_DATASETS = ("private_qa", "private_texts")


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


@dataclass(frozen=True)
class PublishedRepo:
    repo: str
    version: str
    status: str  # created, unchanged or replaced
    commit: str | None = None  # the commit the version's tag points to (Hugging Face hubs)


@dataclass(frozen=True)
class RepoUpload:
    """One dataset at one version, bound for one repo: the unit both hubs publish."""

    dataset: str  # one of DATASETS
    version: str
    table: pd.DataFrame
    manifest: dict
    hist: bool = False

    @property
    def repo(self) -> str:
        return repo_name(self.dataset, hist=self.hist)

    @property
    def holds_private_data(self) -> bool:
        """Private by name, or a public dataset carrying columns beyond its public schema."""
        if self.dataset in PRIVATE_DATASETS:
            return True
        return bool(set(self.table.columns) - set(PUBLIC_COLUMNS[self.dataset]))


def release_uploads(version: str, tables: dict[str, pd.DataFrame], manifest: dict, *, hist: bool = False):
    month_of_version(version)  # validates the version string
    return [RepoUpload(name, version, tables[name], manifest, hist=hist) for name in DATASETS]


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
        found = [p.name for p in folder.iterdir() if not p.name.startswith(".") and (p / DATA_FILE).exists()]
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

    def download(self, repo: str, version: str, destination: Path | str) -> Path:
        """Copy one version into `destination` in this same layout (<repo>/<version>/...)."""
        source = self.version_dir(repo, version)
        if not (source / DATA_FILE).exists():
            raise ReleaseNotFoundError(f"{repo} has no version {version} in {self.root}")
        target = Path(destination) / repo / version
        shutil.copytree(source, target, dirs_exist_ok=True)
        return target

    def describe(self) -> str:
        return str(self.root)

    def publish(
        self, version: str, tables: dict[str, pd.DataFrame], manifest: dict, *, hist: bool = False, force: bool = False
    ) -> list[PublishedRepo]:
        """Publish the four datasets as `version`, all or nothing (see publish_uploads)."""
        return self.publish_uploads(release_uploads(version, tables, manifest, hist=hist), force=force)

    def publish_uploads(self, uploads: list[RepoUpload], *, force: bool = False) -> list[PublishedRepo]:
        """Publish every upload, all or nothing.

        An existing version with identical data is left as it is ('unchanged'); one with other
        data is refused unless `force`, checked for every repo before anything is written.
        """
        payloads = [(upload, parquet_bytes(upload.table)) for upload in uploads]
        statuses: list[str] = []
        for upload, data in payloads:
            existing = self.version_dir(upload.repo, upload.version) / DATA_FILE
            if not existing.exists():
                statuses.append("created")
            elif existing.read_bytes() == data:
                statuses.append("unchanged")
            elif force:
                statuses.append("replaced")
            else:
                raise VersionExistsError(
                    f"{upload.repo} {upload.version} is already published with different content; "
                    "versions are immutable (publish with force=True to replace it)"
                )
        for (upload, data), status in zip(payloads, statuses, strict=True):
            if status != "unchanged":
                self._write_version(upload, data)
        return [
            PublishedRepo(upload.repo, upload.version, status)
            for (upload, _), status in zip(payloads, statuses, strict=True)
        ]

    def _write_version(self, upload: RepoUpload, data: bytes) -> None:
        repo, version, manifest = upload.repo, upload.version, upload.manifest
        target = self.version_dir(repo, version)
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{version}-", dir=target.parent))
        try:
            (staging / DATA_FILE).parent.mkdir(parents=True)
            (staging / DATA_FILE).write_bytes(data)
            (staging / "manifest.json").write_text(
                json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n", encoding="utf-8"
            )
            card = dataset_card(repo, version, upload.table, manifest, versions=self.versions(repo), local=True)
            (staging / "README.md").write_text(card, encoding="utf-8")
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
