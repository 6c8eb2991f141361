"""What a monthly release publishes, on any hub, and how users read it back.

A hub is a LocalHub (a directory) or an HfHub (hf://NAMESPACE); both satisfy hub.base.Hub.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..common.months import Month, version_sort_key
from .hub.base import Hub, PublishedRepo, ReleaseNotFoundError, release_uploads, repo_name
from .hub.hf import HF_SCHEME, HfHub
from .hub.local import LocalHub
from .manifest import IntegrityError
from .tables import DATASETS


def open_hub(
    location: str,
    *,
    token: str | None = None,
    endpoint: str | None = None,
    private: Mapping[str, bool] | None = None,
    cache_dir: str | None = None,
) -> Hub:
    """`hf://NAMESPACE` is a Hugging Face namespace; anything else is a local directory. The token,
    endpoint and privacy overrides come from the caller (the project's settings), never from here."""
    if location.startswith(HF_SCHEME):
        return HfHub(location, token=token, endpoint=endpoint, private=private, cache_dir=cache_dir)
    return LocalHub(Path(location))


def parse_private_overrides(value: str) -> dict[str, bool]:
    """RAGBENCH_HF_PRIVATE: comma-separated repo names to create private, e.g. to keep the hist
    public datasets private; `name=false` makes a repo public (refused for private datasets)."""
    overrides = {}
    for item in filter(None, (part.strip() for part in value.split(","))):
        name, _, flag = item.partition("=")
        overrides[name.strip()] = flag.strip().lower() not in ("false", "0", "no", "public")
    return overrides


@dataclass
class MonthPublication:
    version: str
    repos: list[PublishedRepo]
    hist_version: str | None = None
    hist_repos: list[PublishedRepo] = field(default_factory=list)
    hist_status: str = ""

    def as_dict(self) -> dict:
        return {
            "version": self.version,
            "repos": {p.repo: {"version": p.version, "status": p.status, "commit": p.commit} for p in self.repos},
            "hist": {
                "status": self.hist_status,
                "version": self.hist_version,
                "repos": {p.repo: {"status": p.status, "commit": p.commit} for p in self.hist_repos},
            },
        }


def publish_month(
    hub: Hub, month: Month, tables: dict[str, pd.DataFrame], manifest: dict, *, force: bool = False
) -> MonthPublication:
    """Publish month M as its version, and the hub's version of M-1 as the hist-* datasets, in one
    all-or-nothing batch (on Hugging Face: no tag is created until every repo's commit succeeded)."""
    uploads = release_uploads(month.version, tables, manifest)
    previous = month.previous()
    result = MonthPublication(month.version, [])
    if previous.months_since_first() < 0:
        result.hist_status = "none: no month before the first release"
    else:
        try:
            lagged = verified_release(hub, previous.version)
            lagged_manifest = hub.manifest(repo_name("private_qa"), previous.version)
        except ReleaseNotFoundError:
            result.hist_status = f"skipped: {previous.version} ({previous}) is not published"
        else:
            uploads += release_uploads(previous.version, lagged, lagged_manifest, hist=True)
            result.hist_version = previous.version
            result.hist_status = "published"
    published = hub.publish_uploads(uploads, force=force)
    result.repos = [p for p in published if not p.repo.startswith("hist-")]
    result.hist_repos = [p for p in published if p.repo.startswith("hist-")]
    return result


def verified_release(hub: Hub, version: str) -> dict[str, pd.DataFrame]:
    """The four datasets of `version`, after checking every file against its manifest's checksums:
    a version edited after publication is refused, never copied on as if genuine."""
    problems = [
        f"{repo_name(name)} {version}: {problem}"
        for name in DATASETS
        for problem in hub.verify(repo_name(name), version, require_checksums=False)
    ]
    if problems:
        raise IntegrityError(f"{version} on {hub.describe()} fails verification: " + "; ".join(problems))
    return hub.load_release(version)


class VersionMismatchError(RuntimeError):
    """The public texts and questions of a hub are at different versions."""


def check_public_versions(hub: Hub, version: str | None = None, *, hist: bool = False) -> str:
    """The version to read: `version` if both public repos have it, else the latest, which must be
    the same for texts and questions (DRAGON's client makes the same check)."""
    texts_repo, questions_repo = repo_name("public_texts", hist=hist), repo_name("public_questions", hist=hist)
    text_versions, question_versions = hub.versions(texts_repo), hub.versions(questions_repo)
    if version is None:
        if not text_versions or not question_versions:
            raise ReleaseNotFoundError(
                f"{hub.describe()} has no published version of {texts_repo} and {questions_repo}"
            )
        latest_texts = max(text_versions, key=version_sort_key)
        latest_questions = max(question_versions, key=version_sort_key)
        if latest_texts != latest_questions:
            raise VersionMismatchError(
                f"texts and questions have different latest versions on {hub.describe()}: "
                f"{texts_repo} {latest_texts}, {questions_repo} {latest_questions}"
            )
        version = latest_texts
    missing = [
        repo
        for repo, found in ((texts_repo, text_versions), (questions_repo, question_versions))
        if version not in found
    ]
    if missing:
        raise ReleaseNotFoundError(f"{', '.join(missing)}: no version {version} on {hub.describe()}")
    return version


def load_public_release(hub: Hub | str, version: str | None = None, *, hist: bool = False):
    """The public texts and questions of `version` (default: the latest), as two DataFrames.

    Like DRAGON's client, the texts and questions must be at the same version: asking for the
    latest when one of them is ahead of the other is an error, not a silent mix of two months.
    A location string opens the hub anonymously: public datasets need no token."""
    hub = open_hub(hub) if isinstance(hub, str) else hub
    version = check_public_versions(hub, version, hist=hist)
    texts_repo, questions_repo = repo_name("public_texts", hist=hist), repo_name("public_questions", hist=hist)
    texts, questions = hub.load(texts_repo, version), hub.load(questions_repo, version)
    for repo in (texts_repo, questions_repo):
        recorded = hub.manifest(repo, version).get("version")
        if recorded not in (None, version):
            raise VersionMismatchError(f"{repo}@{version} carries a manifest for version {recorded}")
    return texts, questions


def download_release(
    hub: Hub, destination: Path | str, version: str | None = None, *, hist: bool = False, private: bool = False
) -> tuple[str, list[Path]]:
    """Copy the public datasets of `version` (default: the latest) into `destination`, in the
    local hub layout; `private` adds the private QA and text mapping (needs access to them).
    The texts and questions must be at the same version, as in load_public_release."""
    version = check_public_versions(hub, version, hist=hist)
    names = ["public_texts", "public_questions"] + (["private_qa", "private_texts"] if private else [])
    return version, [hub.download(repo_name(name, hist=hist), version, destination) for name in names]


def earlier_questions(hub: Hub, version: str) -> list[str]:
    """Every question of the private QA published at a version before `version`."""
    repo = repo_name("private_qa")
    earlier = [v for v in hub.versions(repo) if version_sort_key(v) < version_sort_key(version)]
    return [question for v in earlier for question in hub.load(repo, v)["question"]]
