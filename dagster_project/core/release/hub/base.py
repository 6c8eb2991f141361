"""What every hub shares: repo names, the errors, the unit of publication, and the Hub protocol
that LocalHub (a directory) and HfHub (hf://NAMESPACE) both satisfy."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pandas as pd

from ...common.months import month_of_version
from ..tables import DATASETS, PUBLIC_COLUMNS, TESTBED_DATASETS

REPO_PREFIX = "rag-bench-"
HIST_PREFIX = "hist-"
PRIVATE_DATASETS = ("private_qa", "private_texts", "private_testbeds")


def repo_name(dataset: str, *, hist: bool = False) -> str:
    """public_texts -> rag-bench-public-texts (hist-rag-bench-public-texts for the lagged copy)."""
    if dataset not in DATASETS + TESTBED_DATASETS:
        raise ValueError(f"unknown dataset {dataset!r}; expected one of {', '.join(DATASETS + TESTBED_DATASETS)}")
    return (HIST_PREFIX if hist else "") + REPO_PREFIX + dataset.replace("_", "-")


_VERSION_ARGUMENT = re.compile(r"^\d+\.\d+\.\d+$")
_REPO_ARGUMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


class InvalidArgumentError(ValueError):
    """A version or repo name given by a user that cannot name anything on a hub."""


def checked_version(version: str) -> str:
    """`version` if it looks like MAJOR.MINOR.PATCH; never a path (`../..`) or a pattern."""
    if not isinstance(version, str) or not _VERSION_ARGUMENT.match(version):
        raise InvalidArgumentError(f"not a version: {version!r} (expected MAJOR.MINOR.PATCH, e.g. 1.13.0)")
    return version


def checked_repo(repo: str) -> str:
    """`repo` if it is a plain repo name (no path separators, not hidden)."""
    if not isinstance(repo, str) or not _REPO_ARGUMENT.match(repo) or ".." in repo:
        raise InvalidArgumentError(f"not a dataset repo name: {repo!r}")
    return repo


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
    names = DATASETS + tuple(name for name in TESTBED_DATASETS if name in tables)  # testbeds when built
    return [RepoUpload(name, version, tables[name], manifest, hist=hist) for name in names]


class Hub(Protocol):
    """A place releases are published to and read from, one repo per dataset, one version per tag."""

    def describe(self) -> str: ...

    def repos(self) -> list[str]: ...

    def versions(self, repo: str) -> list[str]: ...

    def load(self, repo: str, version: str) -> pd.DataFrame: ...

    def manifest(self, repo: str, version: str) -> dict: ...

    def load_release(self, version: str, *, hist: bool = False) -> dict[str, pd.DataFrame]: ...

    def download(self, repo: str, version: str, destination: Path | str) -> Path: ...

    def publish(
        self, version: str, tables: dict[str, pd.DataFrame], manifest: dict, *, hist: bool = False, force: bool = False
    ) -> list[PublishedRepo]: ...

    def publish_uploads(self, uploads: list[RepoUpload], *, force: bool = False) -> list[PublishedRepo]: ...

    def verify(self, repo: str, version: str, *, require_checksums: bool = True) -> list[str]: ...
