"""What a monthly release publishes, on any hub, and how users read it back.

A hub is a LocalHub (a directory) or an HfHub (hf://NAMESPACE); both satisfy hub.base.Hub.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..common.months import Month, month_of_version, revision_of_version, version_sort_key
from ..graph.subgraphs import SUBGRAPH_TYPES
from .hub.base import Hub, PublishedRepo, ReleaseNotFoundError, parquet_bytes, release_uploads, repo_name
from .hub.hf import HF_SCHEME, HfHub
from .hub.local import LocalHub
from .manifest import IntegrityError
from .tables import DATASETS, TESTBED_DATASETS


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


class PreviousMonthMissingError(RuntimeError):
    """Month M cannot be published before M-1: the hub has earlier months, but not M-1."""


@dataclass
class MonthPublication:
    version: str
    repos: list[PublishedRepo]
    hist_version: str | None = None
    hist_repos: list[PublishedRepo] = field(default_factory=list)
    hist_status: str = ""
    changed: bool = True  # False: the data equals the latest revision, nothing of month M was published
    revises: str | None = None
    message: str = ""
    manifest: dict = field(default_factory=dict)  # as published (or as found, when nothing changed)

    def as_dict(self) -> dict:
        return {
            "version": self.version,
            "changed": self.changed,
            "revises": self.revises,
            "message": self.message,
            "repos": {p.repo: {"version": p.version, "status": p.status, "commit": p.commit} for p in self.repos},
            "hist": {
                "status": self.hist_status,
                "version": self.hist_version,
                "repos": {p.repo: {"status": p.status, "commit": p.commit} for p in self.hist_repos},
            },
        }


def month_versions(hub: Hub, month: Month) -> list[str]:
    """Every published revision of `month` (1.N.0, 1.N.1, ...), oldest first; the private QA repo
    is the reference, since its manifest is the one that records revisions."""
    found = [v for v in hub.versions(repo_name("private_qa")) if month_of_version(v) == month]
    return sorted(found, key=version_sort_key)


def latest_revision(hub: Hub, month: Month) -> str | None:
    found = month_versions(hub, month)
    return found[-1] if found else None


def previous_release(hub: Hub, month: Month) -> tuple[str | None, str]:
    """The version whose data become the hist-* datasets of `month`: the latest revision of M-1.
    None (with the reason) when M is the first month of the benchmark or of this hub; a hub that
    has earlier months but not M-1 is an error naming the month to publish first."""
    previous = month.previous()
    if previous.months_since_first() < 0:
        return None, "none: no month before the first release"
    version = latest_revision(hub, previous)
    if version:
        return version, "published"
    earlier = sorted(
        {month_of_version(v) for v in hub.versions(repo_name("private_qa")) if month_of_version(v) < previous}
    )
    if earlier:
        raise PreviousMonthMissingError(
            f"publish {previous} ({previous.version}) first: {hub.describe()} has {earlier[-1]} but not {previous}, "
            f"and the hist-* datasets of {month} are the release of {previous} (materialize published_release "
            f"for partition {previous.key}, or backfill {previous}..{month} from the Dagster UI)"
        )
    first = f"{month} is the first month on {hub.describe()}"
    return None, f"skipped: {previous.version} ({previous}) is not published; {first}"


def _as_published(table: pd.DataFrame) -> pd.DataFrame:
    """A table as a reader gets it back from a hub (through parquet), so equal data compares equal."""
    return pd.read_parquet(io.BytesIO(parquet_bytes(table)))


def same_data(published: Mapping[str, pd.DataFrame], tables: Mapping[str, pd.DataFrame]) -> bool:
    return all(_as_published(tables[name]).equals(published[name].reset_index(drop=True)) for name in DATASETS)


_QA_FIELDS = ("question", "answer", "text_ids")


def question_changes(before: pd.DataFrame, after: pd.DataFrame) -> dict[str, dict[str, int]]:
    """Per type: questions added, removed, and changed (same qa_id, another question, answer or
    texts) from one revision's private QA to the next."""
    old, new = before.set_index("qa_id"), after.set_index("qa_id")
    changes = {}
    for kind in SUBGRAPH_TYPES:
        old_ids = set(old.index[old["type"] == kind])
        new_ids = set(new.index[new["type"] == kind])
        kept = sorted(old_ids & new_ids)
        changed = sum(
            any(str(old.at[qa_id, f]) != str(new.at[qa_id, f]) for f in _QA_FIELDS if f in old and f in new)
            for qa_id in kept
        )
        changes[kind] = {"added": len(new_ids - old_ids), "removed": len(old_ids - new_ids), "changed": changed}
    return changes


def manifest_changes(before: Mapping, after: Mapping) -> dict[str, dict[str, list]]:
    """The thresholds and strategies that differ between two manifests, as [before, after]."""
    changes: dict[str, dict[str, list]] = {}
    for section in ("thresholds", "strategies"):
        old, new = before.get(section) or {}, after.get(section) or {}
        differing = {k: [old.get(k), new.get(k)] for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)}
        if differing:
            changes[section] = differing
    return changes


def publish_month(
    hub: Hub,
    month: Month,
    tables: dict[str, pd.DataFrame],
    manifest: dict,
    *,
    reason: Mapping | None = None,
    force: bool = False,
) -> MonthPublication:
    """Publish month M, and the latest revision of M-1 as the hist-* datasets, in one all-or-nothing
    batch (on Hugging Face: no tag is created until every repo's commit succeeded).

    The first publication of M is 1.N.0. Data that differ from M's latest revision become the
    next revision 1.N.R+1, whose manifest records `revises`, the `revision_reason` (`reason`, e.g.
    which assets were re-materialized by which run, plus the settings that changed) and the
    `changes` per question type. Data equal to the latest revision publish nothing of M (only
    hist-* datasets still missing). Published versions never move."""
    hist_version, hist_status = previous_release(hub, month)
    latest = latest_revision(hub, month)
    result = MonthPublication(month.version, [], hist_status=hist_status)
    uploads = []
    if latest is not None and same_data(hub.load_release(latest), tables):
        result.version, result.changed = latest, False
        result.message = f"{month}: the data equal the published {latest}; nothing of {month} was published"
        result.manifest = hub.manifest(repo_name("private_qa"), latest)
    else:
        if latest is not None:
            previous_manifest = hub.manifest(repo_name("private_qa"), latest)
            result.version = month.revision(revision_of_version(latest) + 1)
            result.revises = latest
            manifest = {
                **manifest,
                "version": result.version,
                "revises": latest,
                "revision_reason": {
                    **(reason or {}),
                    "settings_changed": manifest_changes(previous_manifest, manifest),
                },
                "changes": question_changes(hub.load(repo_name("private_qa"), latest), tables["private_qa"]),
            }
            result.message = f"{month}: published {result.version}, a revision of {latest}"
        else:
            manifest = {**manifest, "version": result.version}
            result.message = f"{month}: published {result.version}"
        result.manifest = manifest
        uploads += release_uploads(result.version, tables, manifest)
    if hist_version is not None:
        lagged_manifest = hub.manifest(repo_name("private_qa"), hist_version)
        lagged = verified_release(hub, hist_version)  # a tampered version is never copied on
        lagged.update(published_testbeds(hub, hist_version))
        uploads += release_uploads(hist_version, lagged, lagged_manifest, hist=True)
        result.hist_version = hist_version
    published = hub.publish_uploads(uploads, force=force) if uploads else []
    result.repos = [p for p in published if not p.repo.startswith("hist-")]
    if not result.changed:
        result.repos = [PublishedRepo(repo_name(name), latest, "unchanged") for name in DATASETS]
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
def published_testbeds(hub: Hub, version: str, *, hist: bool = False) -> dict[str, pd.DataFrame]:
    """The testbed datasets of `version`, checked against their manifests' checksums before they
    are read, or {} for a version published without them."""
    repos = {name: repo_name(name, hist=hist) for name in TESTBED_DATASETS}
    if not all(version in hub.versions(repo) for repo in repos.values()):
        return {}
    problems = [
        f"{repo} {version}: {problem}"
        for repo in repos.values()
        for problem in hub.verify(repo, version, require_checksums=False)
    ]
    if problems:
        raise IntegrityError(f"{version} on {hub.describe()} fails verification: " + "; ".join(problems))
    return {name: hub.load(repo, version) for name, repo in repos.items()}


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
    """Every question of the private QA published for a month before the month of `version`
    (any revision; revisions of the same month are not 'earlier')."""
    repo = repo_name("private_qa")
    month = month_of_version(version)
    earlier = [v for v in hub.versions(repo) if month_of_version(v) < month]
    return [question for v in earlier for question in hub.load(repo, v)["question"]]
