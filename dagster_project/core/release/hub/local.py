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

import json
import os
import shutil
import tempfile
from pathlib import Path

import pandas as pd

from ...common.months import version_sort_key
from ..card import DATA_FILE, dataset_card
from ..tables import DATASETS
from .base import (
    PublishedRepo,
    ReleaseNotFoundError,
    RepoUpload,
    VersionExistsError,
    parquet_bytes,
    release_uploads,
    repo_name,
)


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
