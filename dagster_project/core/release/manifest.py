"""The release manifest: what a version contains and how it was made."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pandas as pd

from ... import __version__
from ..common.package_files import file_sha256, project_dir
from ..common.strategy import LLM, UNRECORDED
from ..graph.subgraphs import SUBGRAPH_TYPES, query_hashes


def code_version() -> str:
    """Package version, plus the git commit when running from a checkout."""
    root = Path(__file__).resolve().parents[3]
    if (root / ".git").exists():
        try:
            commit = subprocess.run(
                ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
                capture_output=True,
                text=True,
                timeout=5,
                check=True,
            ).stdout.strip()
            return f"{__version__}+g{commit}"
        except (OSError, subprocess.SubprocessError):
            pass
    return __version__


def prompt_hashes() -> dict[str, str]:
    try:
        folder = project_dir("prompts")
    except FileNotFoundError:
        return {}
    return {p.name: file_sha256(p) for p in sorted(folder.glob("*.j2"))}


def build_manifest(
    *,
    month: str,
    version: str,
    private_qa: pd.DataFrame,
    public_texts: pd.DataFrame,
    strategies: dict[str, dict],
    thresholds: dict[str, float | int],
    key_source: str,
    funnel: list[dict] | None = None,
) -> dict:
    """`strategies`: the describe() of the strategy behind each stage, as recorded with its data;
    `strategies` in the manifest keeps their one-line summaries, `strategy_details` all of it.
    `funnel`: the selection funnel, one record per type (candidates, each filter, the caps,
    selected, shortfall and the top reasons), recorded as it is."""
    per_type = {kind: int((private_qa["type"] == kind).sum()) for kind in SUBGRAPH_TYPES}
    top_k = int(thresholds.get("top_k_per_type", 0))
    return {
        "month": month,
        "version": version,
        "offline": all(described["kind"] not in (LLM, UNRECORDED) for described in strategies.values()),
        "counts": {"texts": int(len(public_texts)), "questions": int(len(private_qa)), "questions_per_type": per_type},
        "shortfall": {kind: max(0, top_k - n) for kind, n in per_type.items()} if top_k else {},
        "funnel": funnel or [],
        "strategies": {stage: described["summary"] for stage, described in strategies.items()},
        "strategy_details": strategies,
        "thresholds": thresholds,
        "sparql_sha256": query_hashes(),
        "prompts_sha256": prompt_hashes(),
        "public_id_key": key_source,
        "code_version": code_version(),
    }


# -- checksums: what makes a published version verifiable ------------------------------------

MANIFEST_FILE = "manifest.json"
CHECKSUMS = "checksums"  # manifest field: {path in the version: SHA-256 hex} of every other file


class IntegrityError(RuntimeError):
    """A published version's files do not match the checksums of its manifest."""


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def with_checksums(manifest: dict, files: dict[str, bytes]) -> dict:
    """A copy of `manifest` listing the SHA-256 of each of `files` (every file of the version but
    the manifest itself, which cannot hold its own hash)."""
    return {**manifest, CHECKSUMS: {path: sha256_hex(data) for path, data in sorted(files.items())}}


def manifest_bytes(manifest: dict) -> bytes:
    return (json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode("utf-8")


def folder_problems(folder: Path, *, require_checksums: bool = True) -> list[str]:
    """What is wrong with one version folder (<repo>/<version>/) against its manifest: files whose
    SHA-256 differs, listed files that are missing, files the manifest does not list. Empty = intact.
    A version published before checksums existed is a problem only when `require_checksums`."""
    manifest_path = folder / MANIFEST_FILE
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return [f"{MANIFEST_FILE}: unreadable ({type(exc).__name__})"]
    listed = manifest.get(CHECKSUMS) if isinstance(manifest, dict) else None
    if not isinstance(listed, dict) or not listed:
        if not require_checksums:
            return []
        return [f"{MANIFEST_FILE}: lists no checksums (published before checksums existed); cannot verify"]
    problems = []
    for path, expected in sorted(listed.items()):
        file = folder / path
        if not file.is_file():
            problems.append(f"{path}: missing")
        elif _file_sha256(file) != expected:
            problems.append(f"{path}: SHA-256 mismatch (the file changed after publication)")
    present = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    for path in sorted(present - set(listed) - {MANIFEST_FILE}):
        problems.append(f"{path}: not listed in the manifest")
    return problems


def _file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
