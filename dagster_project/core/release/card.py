"""The dataset card (README.md) of one dataset repo at one version.

The YAML front matter is what the Hugging Face Hub and `datasets` read: `configs` points the
default config at the parquet file under data/, so `load_dataset(repo_id, revision="1.N.0")`
works; `dataset_info.features` gives the column types; license, language and size category are
the Hub's search metadata. The body says what the version holds (counts per question type), lists
the versions of the repo and shows how to load one.
"""

from __future__ import annotations

import pandas as pd
import pyarrow as pa
import yaml

from ..common.months import month_of_version, version_sort_key

DATA_FILE = "data/train-00000-of-00001.parquet"
LICENSE = "cc-by-4.0"

_TASKS = {
    "public-texts": ["text-retrieval"],
    "public-questions": ["question-answering"],
    "private-qa": ["question-answering"],
    "private-texts": ["text-retrieval"],
}

_SIMPLE_DTYPES = {
    pa.int8(): "int8",
    pa.int16(): "int16",
    pa.int32(): "int32",
    pa.int64(): "int64",
    pa.float32(): "float32",
    pa.float64(): "float64",
    pa.bool_(): "bool",
    pa.string(): "string",
    pa.large_string(): "string",  # pandas 3 strings; datasets casts them to its plain string type
}


def size_category(rows: int) -> str:
    """The Hub's size_categories label for a row count."""
    for limit, label in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M")):
        if rows < limit:
            return label
    return "n>1M"


def features_of(table: pd.DataFrame) -> list[dict] | None:
    """`datasets` feature declarations for the columns, or None when a column has a type we do
    not map (then `datasets` infers the features from the parquet schema itself)."""
    schema = pa.Schema.from_pandas(table, preserve_index=False)
    features = []
    for field in schema:
        dtype = _SIMPLE_DTYPES.get(field.type)
        if dtype is None:
            return None
        features.append({"name": field.name, "dtype": dtype})
    return features


def front_matter(repo: str, table: pd.DataFrame) -> dict:
    info: dict = {"splits": [{"name": "train", "num_examples": int(len(table))}]}
    features = features_of(table)
    if features is not None:
        info = {"features": features, **info}
    kind = next((k for k in _TASKS if repo.endswith(k)), None)
    return {
        "license": LICENSE,
        "size_categories": [size_category(len(table))],
        "task_categories": _TASKS.get(kind, ["question-answering"]),
        "pretty_name": repo,
        "configs": [{"config_name": "default", "data_files": [{"split": "train", "path": DATA_FILE}]}],
        "dataset_info": info,
    }


def _load_call(repo_id: str, version: str, local: bool) -> str:
    if local:  # a local hub keeps one folder per version
        return f'load_dataset("{repo_id}/{version}", split="train")'
    return f'load_dataset("{repo_id}", revision="{version}", split="train")'


def _versions_table(versions: list[str], current: str, repo_id: str, local: bool) -> list[str]:
    rows = ["| version | month | load |", "| --- | --- | --- |"]
    for version in sorted(set(versions) | {current}, key=version_sort_key, reverse=True):
        mark = " (this version)" if version == current else ""
        rows.append(
            f"| {version}{mark} | {month_of_version(version).label} | `{_load_call(repo_id, version, local)}` |"
        )
    return rows


def dataset_card(
    repo: str,
    version: str,
    table: pd.DataFrame,
    manifest: dict,
    *,
    repo_id: str | None = None,
    versions: list[str] | None = None,
    local: bool = False,
) -> str:
    """README.md for `repo` at `version`. `repo_id` is how users address the repo (namespace/name
    on the Hub; the repo folder, relative to the hub directory, when `local`); `versions` are the
    repo's other published versions."""
    repo_id = repo_id or repo
    hub_location = "HUB_DIRECTORY" if local else "hf://" + repo_id.split("/")[0]
    month = month_of_version(version).label
    counts = manifest.get("counts", {})
    meta = yaml.safe_dump(front_matter(repo, table), sort_keys=False, allow_unicode=True)
    lines = [
        "---",
        "language: [ru]",
        meta.rstrip("\n"),
        "---",
        "",
        f"# {repo} {version}",
        "",
        f"Monthly RAG benchmark release for {month}, built from that month's Russian news "
        f"({'sample corpus, offline strategies' if manifest.get('offline') else 'crawled sources'}).",
        "Questions are about events of that month, so a model cannot answer them from memory.",
        "",
        f"- version: {version} (month {month})",
        f"- rows: {len(table)}",
        f"- columns: {', '.join(str(c) for c in table.columns)}",
    ]
    if counts:
        lines.append(f"- release: {counts.get('texts', '?')} texts, {counts.get('questions', '?')} questions")
    if counts.get("questions_per_type"):
        per_type = ", ".join(f"{k}: {v}" for k, v in counts["questions_per_type"].items())
        lines.append(f"- questions per type: {per_type}")
    if "type" in table.columns:
        here = ", ".join(f"{k}: {int(v)}" for k, v in table["type"].value_counts().sort_index().items())
        lines.append(f"- rows per type in this dataset: {here}")
    lines += [
        "",
        "`manifest.json` next to this card records the counts, the strategy of every stage, the thresholds,",
        "the SPARQL and prompt hashes and the code version.",
        "",
        "## Versions",
        "",
        "Each monthly version is an immutable tag. The `hist-*` datasets lag one version behind.",
        "",
        *_versions_table(versions or [], version, repo_id, local),
        "",
        "## How to load",
        "",
        "```python",
        "from datasets import load_dataset",
        "",
        f"ds = {_load_call(repo_id, version, local)}",
        "```",
        "",
        "or, for the public texts and questions of one version together (their versions are checked to match):",
        "",
        "```python",
        "from dagster_project.core.release.publishing import load_public_release",
        "",
        f'texts, questions = load_public_release("{hub_location}", "{version}")',
        "```",
        "",
    ]
    return "\n".join(lines)
