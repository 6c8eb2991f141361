"""The release manifest: what a version contains and how it was made."""

from __future__ import annotations

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
