"""A local dataset hub: one folder per dataset repo, one immutable folder per version.

    <root>/rag-bench-public-texts/1.13.0/data/train-00000-of-00001.parquet
    <root>/rag-bench-public-texts/1.13.0/manifest.json
    <root>/rag-bench-public-texts/1.13.0/README.md

The layout mirrors a Hugging Face dataset repo at a tag, so `datasets` reads a version with
load_dataset("parquet", data_files=".../data/*.parquet") or load_dataset(".../<repo>/<version>"), which
reads the card's `configs`. manifest.json lists the SHA-256 of every other file of the version.
Publication is atomic: see LocalHub.publish_uploads.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pandas as pd

from ...common.months import version_sort_key
from ..card import DATA_FILE, dataset_card
from ..manifest import MANIFEST_FILE, IntegrityError, folder_problems, manifest_bytes, with_checksums
from ..tables import DATASETS
from .base import (
    PublishedRepo,
    ReleaseNotFoundError,
    RepoUpload,
    VersionExistsError,
    checked_repo,
    checked_version,
    parquet_bytes,
    release_uploads,
    repo_name,
)

CARD_FILE = "README.md"
STAGING_DIR = ".staging"
LOCK_FILE = ".publish.lock"
JOURNAL_FILE = "journal.json"

logger = logging.getLogger(__name__)


class PublicationLockedError(RuntimeError):
    """Another process holds the hub's publication lock for too long."""


class LocalHub:
    def __init__(self, root: Path | str, *, lock_timeout: float = 600.0):
        self.root = Path(root)
        self.lock_timeout = lock_timeout

    def __repr__(self) -> str:
        return f"LocalHub({str(self.root)!r})"

    def version_dir(self, repo: str, version: str) -> Path:
        """The folder of a version, always inside the hub: names that could leave it are refused."""
        return self.root / checked_repo(repo) / checked_version(version)

    def repos(self) -> list[str]:
        if not self.root.exists():
            return []
        return sorted(p.name for p in self.root.iterdir() if p.is_dir() and not p.name.startswith("."))

    def versions(self, repo: str) -> list[str]:
        folder = self.root / checked_repo(repo)
        self._settle()
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
        problems = folder_problems(target, require_checksums=False)
        if problems:
            shutil.rmtree(target, ignore_errors=True)
            raise IntegrityError(f"{repo} {version} on {self.root} fails verification: {'; '.join(problems)}")
        return target

    def describe(self) -> str:
        return str(self.root)

    def publish(
        self, version: str, tables: dict[str, pd.DataFrame], manifest: dict, *, hist: bool = False, force: bool = False
    ) -> list[PublishedRepo]:
        """Publish the four datasets as `version`, all or nothing (see publish_uploads)."""
        return self.publish_uploads(release_uploads(version, tables, manifest, hist=hist), force=force)

    def publish_uploads(self, uploads: list[RepoUpload], *, force: bool = False) -> list[PublishedRepo]:
        """Publish every upload, all or nothing, under the hub's exclusive lock.

        An existing version with identical data is left as it is ('unchanged'); one with other
        data is refused unless `force`, checked for every repo before anything is written. The
        new versions are written and verified in a staging folder, then a journal file is renamed
        into place (the commit point) and each version folder is renamed into its repo. A crash
        before the journal leaves nothing visible; after it, the next publication completes the
        renames. Either way the next publication removes what the crash left in staging.
        """
        payloads = [(upload, parquet_bytes(upload.table)) for upload in uploads]
        with self._exclusive_lock():
            self.recover()
            statuses = [self._status(upload, data, force=force) for upload, data in payloads]
            pending = [(u, d) for (u, d), status in zip(payloads, statuses, strict=True) if status != "unchanged"]
            if pending:
                self._publish_atomically(pending)
        return [
            PublishedRepo(upload.repo, upload.version, status)
            for (upload, _), status in zip(payloads, statuses, strict=True)
        ]

    def verify(self, repo: str, version: str, *, require_checksums: bool = True) -> list[str]:
        """What is wrong with a published version against its manifest's checksums (empty = intact)."""
        folder = self.version_dir(repo, version)
        if not (folder / DATA_FILE).exists():
            raise ReleaseNotFoundError(f"{repo} has no version {version} in {self.root}")
        return folder_problems(folder, require_checksums=require_checksums)

    def recover(self) -> list[str]:
        """Finish or discard what an interrupted publication left in staging; call under the lock.
        Returns what was done, one line per transaction."""
        staging = self.root / STAGING_DIR
        done = []
        for transaction in sorted(staging.iterdir()) if staging.is_dir() else []:
            if (transaction / JOURNAL_FILE).exists():
                self._make_visible(transaction)
                done.append(f"completed the interrupted publication {transaction.name}")
            else:
                shutil.rmtree(transaction, ignore_errors=True)
                done.append(f"removed stale staging {transaction.name}")
        for line in done:
            logger.warning("%s: %s", self.root, line)
        return done

    def _settle(self) -> None:
        """A reader that finds a committed but unfinished publication (its writer died between
        renames) completes it first, when no publisher is at work, so it never sees half of it."""
        staging = self.root / STAGING_DIR
        if not staging.is_dir() or not any(staging.glob(f"*/{JOURNAL_FILE}")):
            return
        fd = os.open(self.root / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)  # a publisher is at work and will complete it
            return
        try:
            self.recover()
        finally:
            os.close(fd)

    # -- publication internals ------------------------------------------------------------------

    def _status(self, upload: RepoUpload, data: bytes, *, force: bool) -> str:
        existing = self.version_dir(upload.repo, upload.version) / DATA_FILE
        if not existing.exists():
            return "created"
        if existing.read_bytes() == data:
            return "unchanged"
        if force:
            return "replaced"
        raise VersionExistsError(
            f"{upload.repo} {upload.version} is already published with different content; "
            "versions are immutable (publish with force=True to replace it)"
        )

    @contextmanager
    def _exclusive_lock(self):
        """One publisher at a time per hub (an flock, released by the OS if the process dies)."""
        self.root.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.root / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        deadline = time.monotonic() + self.lock_timeout
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise PublicationLockedError(
                            f"another process is publishing to {self.root} and still holds {LOCK_FILE} "
                            f"after {self.lock_timeout:.0f} s; try again when it is done"
                        ) from None
                    time.sleep(0.05)
            yield
        finally:
            os.close(fd)

    def _publish_atomically(self, pending: list[tuple[RepoUpload, bytes]]) -> None:
        staging = self.root / STAGING_DIR
        staging.mkdir(parents=True, exist_ok=True)
        transaction = Path(tempfile.mkdtemp(prefix="publication-", dir=staging))
        moves = []
        for index, (upload, data) in enumerate(pending):
            staged = transaction / "new" / str(index)
            self._stage(staged, upload, data)
            problems = folder_problems(staged)
            if problems:
                shutil.rmtree(transaction, ignore_errors=True)
                raise IntegrityError(f"{upload.repo} {upload.version}: staged copy is corrupt: {'; '.join(problems)}")
            moves.append({"staged": f"new/{index}", "target": f"{upload.repo}/{upload.version}"})
        self.fault_point("staged")
        journal = transaction / (JOURNAL_FILE + ".tmp")
        with journal.open("w", encoding="utf-8") as stream:
            json.dump(moves, stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(journal, transaction / JOURNAL_FILE)  # the commit point
        self._make_visible(transaction)

    def _stage(self, staged: Path, upload: RepoUpload, data: bytes) -> None:
        repo, version = upload.repo, upload.version
        card = dataset_card(repo, version, upload.table, upload.manifest, versions=self.versions(repo), local=True)
        files = {DATA_FILE: data, CARD_FILE: card.encode("utf-8")}
        files[MANIFEST_FILE] = manifest_bytes(with_checksums(upload.manifest, files))
        for path, content in files.items():
            (staged / path).parent.mkdir(parents=True, exist_ok=True)
            (staged / path).write_bytes(content)

    def _make_visible(self, transaction: Path) -> None:
        """Rename every staged version into its repo (idempotent: a rerun skips what is done)."""
        moves = json.loads((transaction / JOURNAL_FILE).read_text(encoding="utf-8"))
        retired = transaction / "retired"
        for index, move in enumerate(moves):
            staged, target = transaction / move["staged"], self.root / move["target"]
            if not staged.exists():
                continue
            if index:
                self.fault_point("between-renames")
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.exists():
                retired.mkdir(exist_ok=True)
                os.replace(target, retired / str(index))
            os.replace(staged, target)
        shutil.rmtree(transaction, ignore_errors=True)

    def fault_point(self, stage: str) -> None:
        """Called at each step of a publication; tests replace it to crash the process there."""
