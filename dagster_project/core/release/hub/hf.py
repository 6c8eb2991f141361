"""Releases on the Hugging Face Hub (RAGBENCH_HUB=hf://NAMESPACE), with huggingface_hub's HfApi.

Each dataset is a dataset repo NAMESPACE/<repo>; each version is a commit on main holding
data/train-00000-of-00001.parquet, README.md (the dataset card) and manifest.json, and an
immutable tag 1.N.0 on that commit, so `load_dataset(repo_id, revision="1.N.0")` reads it.

Publishing a batch of repos (the four datasets at version M and the four hist-* datasets at M-1)
is all-or-nothing for a user, who only ever addresses versions by tag:

1. Check everything before writing: a private dataset bound for a public repo (by configuration
   or because the existing repo is public) is refused, and so is an existing tag whose data
   differs (unless forced). A tag with the same data is skipped.
2. Create missing repos, public-* public, private-* and hist-private-* private (configurable).
3. One commit per repo. Before committing, the head of main is compared with the files about to
   be committed: after an interrupted run the commit is already there and is reused, so a rerun
   never duplicates commits. The commit names its parent, so a concurrent writer is detected.
4. Only when every commit succeeded are the tags created.

Transient failures (HTTP 5xx, 429, connection errors) are retried with exponential backoff
(Retry-After is honoured). The token comes from the caller (HF_TOKEN), is sent only in the
Authorization header, and is scrubbed from every error this module raises.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import random
import shutil
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ...common.months import month_of_version, version_sort_key
from ..card import DATA_FILE, dataset_card
from ..manifest import IntegrityError, folder_problems, manifest_bytes, with_checksums
from ..tables import DATASETS
from .base import (
    InvalidArgumentError,
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

HF_SCHEME = "hf://"
MANIFEST_FILE = "manifest.json"
CARD_FILE = "README.md"
TRANSIENT_STATUS = frozenset({408, 429, 500, 502, 503, 504})
REDACTED = "<redacted>"

logger = logging.getLogger(__name__)

_SECRETS: set[str] = set()
_factory_installed = False
CONNECT_TIMEOUT = 5.0  # seconds to open a connection; reads and uploads are not bounded
_timeout_installed = False


def _bound_connect_time() -> None:
    """huggingface_hub's shared HTTP client has no timeout at all: give it a connect timeout, so an
    unreachable Hub fails fast (once per process; it wraps the library's own client factory)."""
    global _timeout_installed
    if _timeout_installed:
        return
    import httpx
    from huggingface_hub import set_client_factory
    from huggingface_hub.utils import _http

    default_factory = _http.default_client_factory

    def factory() -> httpx.Client:
        client = default_factory()
        client.timeout = httpx.Timeout(None, connect=CONNECT_TIMEOUT)
        return client

    set_client_factory(factory)
    _timeout_installed = True


def _redact_log_records(secret: str) -> None:
    """Scrub `secret` from every log record of the process. We never log the token, but the HTTP
    client logs response headers at DEBUG level, and a server may quote the credentials back."""
    global _factory_installed
    _SECRETS.add(secret)
    if _factory_installed:
        return
    previous = logging.getLogRecordFactory()

    def factory(*args, **kwargs):
        record = previous(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # a malformed record is the logging module's business, not ours
            return record
        if any(s in message for s in _SECRETS):
            for s in _SECRETS:
                message = message.replace(s, REDACTED)
            record.msg, record.args = message, None
        return record

    logging.setLogRecordFactory(factory)
    _factory_installed = True


class HubError(RuntimeError):
    """A Hub operation failed; the message never contains the token."""


class PrivacyError(HubError):
    """Private data would become public: refused before anything is written."""


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 6
    base_delay: float = 1.0
    max_delay: float = 60.0
    # An unreachable Hub (no HTTP answer at all) is given up on after this many seconds of attempts
    # and waits; with CONNECT_TIMEOUT per attempt, a call fails within 30 s.
    connection_deadline: float = 25.0

    def delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_delay)
        backoff = min(self.base_delay * 2**attempt, self.max_delay)
        return backoff * (1 + random.random() * 0.1)  # jitter, so parallel publishers do not retry in step


def default_private(repo: str) -> bool:
    """rag-bench-private-* and hist-rag-bench-private-* are private, the public ones public."""
    return "-private-" in repo


def _status_of(exc: BaseException) -> int | None:
    response = getattr(exc, "response", None)
    return getattr(response, "status_code", None)


def _retry_after(exc: BaseException) -> float | None:
    response = getattr(exc, "response", None)
    value = getattr(response, "headers", {}).get("Retry-After") if response is not None else None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def transient(exc: BaseException) -> tuple[bool, float | None]:
    """Is `exc` (or what caused it) worth retrying, and after how long the server asked for."""
    import httpx

    seen: BaseException | None = exc
    visited: set[int] = set()
    while seen is not None and id(seen) not in visited:
        visited.add(id(seen))
        status = _status_of(seen)
        if status is not None:
            return status in TRANSIENT_STATUS, _retry_after(seen)
        if isinstance(seen, httpx.TransportError | ConnectionError | TimeoutError):
            return True, None
        seen = seen.__cause__ or seen.__context__
    return False, None


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _git_blob_sha1(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def _scrubbed(method):
    """Re-raise any failure of a public method as a fresh exception whose message has the token
    replaced and which carries no chained exception (a chained one could quote the token)."""

    @functools.wraps(method)
    def wrapper(self: HfHub, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except (HubError, VersionExistsError, ReleaseNotFoundError, IntegrityError, InvalidArgumentError) as exc:
            failure: Exception = type(exc)(self._redact(str(exc)))
        except Exception as exc:  # anything from huggingface_hub, httpx or pandas
            failure = HubError(
                f"{method.__name__} on {self.describe()} failed: {type(exc).__name__}: {self._redact(str(exc))}"
            )
        raise failure  # outside the except block: no __context__ pointing at the original

    return wrapper


@dataclass
class _Planned:
    upload: RepoUpload
    repo_id: str
    files: dict[str, bytes]
    status: str = "created"
    private: bool | None = None  # visibility of the existing repo; None when it does not exist yet
    tags: dict[str, str] = field(default_factory=dict)
    commit: str | None = None
    previous_tag_commit: str | None = None  # where a forced tag pointed before, to restore it on failure
    resumed: bool = False
    tag_created: bool = False  # by this run: only such a tag is withdrawn when the batch fails


class HfHub:
    """A hub of dataset repos under one Hugging Face namespace (user or organization)."""

    def __init__(
        self,
        namespace: str,
        *,
        token: str | None = None,
        endpoint: str | None = None,
        private: Mapping[str, bool] | None = None,
        retry: RetryPolicy | None = None,
        cache_dir: Path | str | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ):
        from huggingface_hub import HfApi

        namespace = namespace.removeprefix(HF_SCHEME).strip("/")
        if not namespace or "/" in namespace:
            raise ValueError(f"not a Hugging Face namespace: {namespace!r} (expected hf://NAMESPACE)")
        self.namespace = namespace
        self.endpoint = endpoint
        self.private_overrides = dict(private or {})
        self.retry = retry or RetryPolicy()
        self.cache_dir = str(cache_dir) if cache_dir else None
        self._token = token or None
        if self._token:
            _redact_log_records(self._token)
        self._sleep = sleep
        _bound_connect_time()
        # token=False, not None, when there is no token: never fall back to a token saved on disk.
        self._api = HfApi(endpoint=endpoint, token=self._token or False, library_name="ragbench-factory")

    def __repr__(self) -> str:
        return f"HfHub({self.describe()!r})"

    def describe(self) -> str:
        where = f" at {self.endpoint}" if self.endpoint else ""
        return f"{HF_SCHEME}{self.namespace}{where}"

    def repo_id(self, repo: str) -> str:
        return f"{self.namespace}/{repo}"

    def is_private(self, repo: str) -> bool:
        return self.private_overrides.get(repo, default_private(repo))

    # -- plumbing -----------------------------------------------------------------------------

    def _redact(self, text: str) -> str:
        if self._token:
            text = text.replace(self._token, REDACTED)
        return text

    def _call(self, what: str, fn: Callable, *args, **kwargs):
        """fn(*args, **kwargs), retried with backoff on transient failures; other errors propagate.
        Failures with no HTTP answer (the Hub is unreachable) stop at the policy's connection deadline."""
        started, waited = time.monotonic(), 0.0
        for attempt in range(self.retry.attempts):
            try:
                return fn(*args, **kwargs)
            except Exception as exc:
                retry, retry_after = transient(exc)
                if not retry or attempt == self.retry.attempts - 1:
                    raise
                wait = self.retry.delay(attempt, retry_after)
                spent = time.monotonic() - started + waited
                if _status_of(exc) is None and spent + wait > self.retry.connection_deadline:
                    raise HubError(
                        f"{what}: {self.describe()} is unreachable ({type(exc).__name__} after {attempt + 1} "
                        f"attempt(s) in {spent:.0f} s); check the network or HF_ENDPOINT"
                    ) from None
                logger.warning(
                    "%s: transient failure (%s, status %s); retry %d of %d in %.2f s",
                    what,
                    type(exc).__name__,
                    _status_of(exc),
                    attempt + 1,
                    self.retry.attempts - 1,
                    wait,
                )
                self._sleep(wait)
                waited += wait
        raise AssertionError("unreachable")

    def _require_token(self) -> None:
        if not self._token:
            raise HubError(
                f"publishing to {self.describe()} needs a Hugging Face token with write access: set HF_TOKEN"
            )

    # -- reading ------------------------------------------------------------------------------

    def _repo_info(self, repo_id: str, revision: str | None = None):
        from huggingface_hub.errors import RepositoryNotFoundError

        try:
            return self._call(f"info {repo_id}", self._api.repo_info, repo_id, repo_type="dataset", revision=revision)
        except RepositoryNotFoundError:
            return None

    def _tags(self, repo_id: str) -> dict[str, str]:
        refs = self._call(f"refs {repo_id}", self._api.list_repo_refs, repo_id, repo_type="dataset")
        return {tag.name: tag.target_commit for tag in refs.tags}

    def _same_files(self, repo_id: str, revision: str, files: Mapping[str, bytes]) -> bool:
        """Whether `revision` holds exactly these bytes at these paths (compared by hash)."""
        from huggingface_hub.hf_api import RepoFile

        infos = self._call(
            f"paths-info {repo_id}@{revision}",
            self._api.get_paths_info,
            repo_id,
            list(files),
            revision=revision,
            repo_type="dataset",
        )
        by_path = {info.path: info for info in infos}
        for path, content in files.items():
            info = by_path.get(path)
            if not isinstance(info, RepoFile):
                return False
            if info.lfs is not None:
                if info.lfs.sha256 != _sha256(content):
                    return False
            elif info.blob_id != _git_blob_sha1(content):
                return False
        return True

    @_scrubbed
    def repos(self) -> list[str]:
        found = self._call(f"list {self.namespace}", lambda: list(self._api.list_datasets(author=self.namespace)))
        names = [d.id.split("/", 1)[1] for d in found if d.id.startswith(self.namespace + "/")]
        return sorted(n for n in names if "rag-bench-" in n)

    @_scrubbed
    def versions(self, repo: str) -> list[str]:
        from huggingface_hub.errors import RepositoryNotFoundError

        try:
            tags = self._tags(self.repo_id(repo))
        except RepositoryNotFoundError:
            return []
        valid = []
        for tag in tags:
            try:
                month_of_version(tag)
                valid.append(tag)
            except ValueError:
                continue
        return sorted(valid, key=version_sort_key)

    def _download(self, repo: str, version: str, filename: str) -> Path:
        from huggingface_hub.errors import EntryNotFoundError, RepositoryNotFoundError, RevisionNotFoundError

        repo_id = self.repo_id(repo)
        try:
            path = self._call(
                f"download {repo_id}@{version}/{filename}",
                self._api.hf_hub_download,
                repo_id,
                filename,
                repo_type="dataset",
                revision=version,
                cache_dir=self.cache_dir,
            )
        except (RepositoryNotFoundError, RevisionNotFoundError, EntryNotFoundError) as exc:
            raise ReleaseNotFoundError(
                f"{repo} has no version {version} on {self.describe()} ({type(exc).__name__})"
            ) from None
        return Path(path)

    @_scrubbed
    def load(self, repo: str, version: str) -> pd.DataFrame:
        return pd.read_parquet(self._download(repo, version, DATA_FILE))

    @_scrubbed
    def manifest(self, repo: str, version: str) -> dict:
        return json.loads(self._download(repo, version, MANIFEST_FILE).read_text(encoding="utf-8"))

    @_scrubbed
    def load_release(self, version: str, *, hist: bool = False) -> dict[str, pd.DataFrame]:
        return {name: self.load(repo_name(name, hist=hist), version) for name in DATASETS}

    @_scrubbed
    def download(self, repo: str, version: str, destination: Path | str) -> Path:
        """Copy one version into `destination` in the local hub layout (<repo>/<version>/...),
        verified against the checksums of its manifest (a corrupt copy is removed)."""
        target = self._fetch(repo, version, Path(destination))
        problems = folder_problems(target, require_checksums=False)
        if problems:
            shutil.rmtree(target, ignore_errors=True)
            raise IntegrityError(f"{repo} {version} on {self.describe()} fails verification: {'; '.join(problems)}")
        return target

    @_scrubbed
    def verify(self, repo: str, version: str, *, require_checksums: bool = True) -> list[str]:
        """What is wrong with a published version against its manifest's checksums (empty = intact)."""
        with tempfile.TemporaryDirectory(prefix="ragbench-verify-") as scratch:
            return folder_problems(self._fetch(repo, version, Path(scratch)), require_checksums=require_checksums)

    def _fetch(self, repo: str, version: str, destination: Path) -> Path:
        target = destination / checked_repo(repo) / checked_version(version)
        for filename in (DATA_FILE, MANIFEST_FILE, CARD_FILE):
            source = self._download(repo, version, filename)
            (target / filename).parent.mkdir(parents=True, exist_ok=True)
            (target / filename).write_bytes(source.read_bytes())
        return target

    # -- publishing ---------------------------------------------------------------------------

    @_scrubbed
    def publish(
        self, version: str, tables: dict[str, pd.DataFrame], manifest: dict, *, hist: bool = False, force: bool = False
    ) -> list[PublishedRepo]:
        return self.publish_uploads(release_uploads(version, tables, manifest, hist=hist), force=force)

    @_scrubbed
    def publish_uploads(self, uploads: list[RepoUpload], *, force: bool = False) -> list[PublishedRepo]:
        self._require_token()
        plan = [self._plan(upload) for upload in uploads]
        self._refuse_leaks_and_conflicts(plan, force=force)
        pending = [p for p in plan if p.status != "unchanged"]
        for p in pending:
            p.files[CARD_FILE] = self._card(p)
            checked = {DATA_FILE: p.files[DATA_FILE], CARD_FILE: p.files[CARD_FILE]}
            p.files[MANIFEST_FILE] = manifest_bytes(with_checksums(p.upload.manifest, checked))
        for p in pending:
            self._ensure_repo(p)
        for p in pending:  # every commit before any tag
            self._commit(p)
        touched: list[_Planned] = []
        try:
            for p in pending:
                touched.append(p)
                self._tag(p)
        except Exception:
            self._withdraw_tags(touched)
            raise
        return [PublishedRepo(p.upload.repo, p.upload.version, p.status, p.commit) for p in plan]

    def _plan(self, upload: RepoUpload) -> _Planned:
        month_of_version(upload.version)
        manifest = json.dumps(upload.manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        planned = _Planned(
            upload,
            self.repo_id(upload.repo),
            {DATA_FILE: parquet_bytes(upload.table), MANIFEST_FILE: manifest.encode("utf-8")},
        )
        info = self._repo_info(planned.repo_id)
        if info is None:
            return planned
        planned.private = bool(info.private)
        planned.tags = self._tags(planned.repo_id)
        tagged = planned.tags.get(upload.version)
        if tagged is not None:
            same = self._same_files(planned.repo_id, tagged, {DATA_FILE: planned.files[DATA_FILE]})
            planned.status = "unchanged" if same else "conflict"
            planned.commit = planned.previous_tag_commit = tagged
        return planned

    def _refuse_leaks_and_conflicts(self, plan: list[_Planned], *, force: bool) -> None:
        leaks = []
        for p in plan:
            if not p.upload.holds_private_data:
                continue
            if not self.is_private(p.upload.repo):
                leaks.append(f"{p.repo_id} is configured public, but {p.upload.dataset} holds private data")
            elif p.private is False:
                leaks.append(f"{p.repo_id} exists and is public, but {p.upload.dataset} holds private data")
        if leaks:
            raise PrivacyError("refusing to publish private data to a public repo: " + "; ".join(leaks))
        conflicts = [p for p in plan if p.status == "conflict"]
        if conflicts and not force:
            names = ", ".join(f"{p.repo_id}@{p.upload.version}" for p in conflicts)
            raise VersionExistsError(
                f"{names}: already published with different content; versions are immutable "
                "(publish with force=True to move the tag)"
            )
        for p in conflicts:
            p.status = "replaced"

    def _card(self, p: _Planned) -> bytes:
        versions = [v for v in p.tags if _is_version(v)]
        card = dataset_card(
            p.upload.repo, p.upload.version, p.upload.table, p.upload.manifest, repo_id=p.repo_id, versions=versions
        )
        return card.encode("utf-8")

    def _ensure_repo(self, p: _Planned) -> None:
        if p.private is None:
            private = self.is_private(p.upload.repo)
            self._call(
                f"create {p.repo_id}",
                self._api.create_repo,
                p.repo_id,
                repo_type="dataset",
                private=private,
                exist_ok=True,
            )
            logger.info("%s: created (%s)", p.repo_id, "private" if private else "public")
            info = self._repo_info(p.repo_id)
            if info is None:
                raise HubError(f"{p.repo_id} was created but cannot be read back")
            p.private = bool(info.private)
            if p.upload.holds_private_data and not p.private:
                raise PrivacyError(f"{p.repo_id} is public after creation, but {p.upload.dataset} holds private data")

    def _commit(self, p: _Planned) -> None:
        """One commit on main with the version's files. A commit left by an interrupted run (same
        files at the head of main) is reused; a failed attempt re-reads the head before retrying,
        so a commit whose response was lost is not made twice."""
        from huggingface_hub import CommitOperationAdd

        version, month = p.upload.version, month_of_version(p.upload.version).label
        message = f"Release {version} ({month})" + (" in the historical datasets" if p.upload.hist else "")
        for attempt in range(self.retry.attempts):
            head = self._repo_info(p.repo_id, revision="main")
            head_sha = getattr(head, "sha", None)
            if head_sha and self._same_files(p.repo_id, head_sha, p.files):
                p.commit, p.resumed = head_sha, True
                logger.info("%s: main already holds %s (commit %s); not committing again", p.repo_id, version, head_sha)
                return
            operations = [CommitOperationAdd(path, content) for path, content in p.files.items()]
            try:
                info = self._api.create_commit(
                    p.repo_id,
                    operations,
                    commit_message=message,
                    commit_description=f"ragbench-factory release {version}: {', '.join(p.files)}",
                    repo_type="dataset",
                    revision="main",
                    parent_commit=head_sha,
                )
            except Exception as exc:
                retry, retry_after = transient(exc)
                conflict = _status_of(exc) in (409, 412)  # main moved since we read it: read again
                if not (retry or conflict) or attempt == self.retry.attempts - 1:
                    raise
                wait = self.retry.delay(attempt, retry_after)
                logger.warning(
                    "%s: commit failed (status %s); checking main and retrying in %.2f s",
                    p.repo_id,
                    _status_of(exc),
                    wait,
                )
                self._sleep(wait)
                continue
            p.commit = info.oid
            logger.info("%s: committed %s as %s", p.repo_id, version, info.oid)
            return

    def _tag(self, p: _Planned) -> None:
        from huggingface_hub.errors import HfHubHTTPError, RevisionNotFoundError

        version = p.upload.version
        if p.status == "replaced":
            try:
                self._call(f"untag {p.repo_id}", self._api.delete_tag, p.repo_id, tag=version, repo_type="dataset")
            except RevisionNotFoundError:
                pass
            logger.warning("%s: tag %s moved to new content (forced)", p.repo_id, version)
        try:
            self._call(
                f"tag {p.repo_id}",
                self._api.create_tag,
                p.repo_id,
                tag=version,
                tag_message=f"Release {version} ({month_of_version(version).label})",
                revision=p.commit,
                repo_type="dataset",
            )
            p.tag_created = True
        except HfHubHTTPError as exc:
            # A retried request whose first attempt succeeded answers 409: fine if the tag is ours.
            if _status_of(exc) != 409:
                raise
            tagged = self._tags(p.repo_id).get(version)
            if tagged != p.commit:  # another publisher tagged this version first: it won
                raise VersionExistsError(
                    f"{p.repo_id}@{version} was published by another process (commit {tagged}) while this one "
                    "was publishing; versions are immutable, so this publication is withdrawn"
                ) from None
        logger.info("%s: tagged %s", p.repo_id, version)

    def _withdraw_tags(self, touched: list[_Planned]) -> None:
        """Best effort after a failed tag phase: take back the tags this run created and put forced
        ones back where they were, so users see the whole batch or none of it. The commits stay
        on main, so a rerun tags them without committing again."""
        for p in reversed(touched):
            version = p.upload.version
            if not p.tag_created and p.status != "replaced":
                continue  # the tag was there already (another publisher's, same content): not ours to take
            try:
                current = self._tags(p.repo_id).get(version)
                if current is not None and current == p.commit and current != p.previous_tag_commit:
                    self._call(f"untag {p.repo_id}", self._api.delete_tag, p.repo_id, tag=version, repo_type="dataset")
                    current = None
                if current is None and p.previous_tag_commit:
                    self._call(
                        f"retag {p.repo_id}",
                        self._api.create_tag,
                        p.repo_id,
                        tag=version,
                        revision=p.previous_tag_commit,
                        repo_type="dataset",
                    )
                logger.warning("%s: tag %s withdrawn because the publication failed", p.repo_id, version)
            except Exception as exc:  # keep going: withdraw as many as possible
                logger.error(
                    "%s: could not withdraw tag %s (%s); rerun the publication to complete it",
                    p.repo_id,
                    version,
                    type(exc).__name__,
                )


def _is_version(tag: str) -> bool:
    try:
        month_of_version(tag)
        return True
    except ValueError:
        return False
