"""Question quality: the linter and the single-question part of selection against a labeled audit set.

data/audit/*.jsonl holds questions of the bundled months, each labeled by a strict native reader
as acceptable or unacceptable (with a failure category). The gold texts come from the bundled
corpus (data/corpus). Three verdicts of "keep" are scored against the labels, per type and overall:
- the linter alone;
- the linter and the release selection (caps, repeats of an earlier release) among the audit's questions;
- the whole pipeline: the offline pipeline is run on the bundled months (in a temporary data dir and
  hub), and a question is kept when the linter passes it and the pipeline releases it (the same
  question text in that month's benchmark_questions). A question the pipeline no longer generates
  is not kept: that is what the pipeline would publish.
The last line scores the whole pipeline; `--no-pipeline` skips the run and scores linter and selection.

Usage: python benchmarks/question_quality.py [--audit data/audit] [--no-pipeline] [--show-misses]
Last line: RESULT keep_precision <x>
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import pandas as pd

from dagster_project.core.common.months import Month, version_sort_key
from dagster_project.core.filters.linter import lint, reason_codes
from dagster_project.core.filters.selection import SELECTED, combine_verdicts, normalized_question, select
from dagster_project.core.graph.subgraphs import SUBGRAPH_TYPES
from dagster_project.core.ingest.sources import bundled_sources, load_month

ROOT = Path(__file__).resolve().parents[1]


def released_by_pipeline(months: list[str]) -> set[tuple[str, str]]:
    """(month, normalized question) of every question the offline pipeline releases for `months`,
    run in month order in a temporary data dir and hub."""
    from dagster import DagsterInstance

    from dagster_project.cli import run_month

    released: set[tuple[str, str]] = set()
    with tempfile.TemporaryDirectory() as root:
        env = {"RAGBENCH_DATA_DIR": f"{root}/data", "RAGBENCH_HUB": f"{root}/hub", "RAGBENCH_RELEASE_SECRET": "audit"}
        instance = DagsterInstance.ephemeral()
        for label in months:
            month = Month.parse(label)
            if not run_month(month, instance=instance, env=env).success:
                raise SystemExit(f"the pipeline failed for {label}")
            selected = pd.read_parquet(Path(root) / "data" / "benchmark_questions" / f"{month.key}.parquet")
            released |= {(label, normalized_question(q)) for q in selected["question"]}
    return released


def load_audit(folder: Path) -> pd.DataFrame:
    frames = [pd.read_json(path, lines=True, dtype={"audit_id": str}) for path in sorted(folder.glob("*.jsonl"))]
    audit = pd.concat(frames, ignore_index=True)
    # the same subgraph keeps its qa_id across pipeline versions: the audit id is the pair
    audit["qa_id"] = audit["pipeline"] + ":" + audit["audit_id"]
    return audit.drop(columns="audit_id").assign(subgraph_id="", generator=audit["pipeline"])


def month_articles(months: list[str]) -> pd.DataFrame:
    articles = []
    for month in months:
        loaded, _, _ = load_month(bundled_sources(), Month.parse(month))
        articles += [a.model_dump() for a in loaded]
    return pd.DataFrame(articles)


def keep_decisions(audit: pd.DataFrame, linted: pd.DataFrame) -> pd.Series:
    """Linter verdicts, then each release's selection in version order (a question an earlier
    release of the audit set asked counts as asked before)."""
    combined = combine_verdicts(audit, {"qa_linter": linted})
    kept = pd.Series(False, index=combined.index)
    asked: set[str] = set()
    for release in sorted(combined["release"].unique(), key=version_sort_key):
        of_release = combined[combined["release"] == release]
        decided = select(of_release, k=150, seed=0, asked_before=asked)
        kept[of_release.index] = (decided["selection"] == SELECTED).to_numpy()
        asked |= set(of_release["question"].map(normalized_question))
    return kept


def _scores(frame: pd.DataFrame, kept_column: str = "kept") -> dict:
    good = frame["label"] == "acceptable"
    kept = frame[kept_column]
    true_keep = int((good & kept).sum())
    return {
        "questions": len(frame),
        "acceptable": int(good.sum()),
        "kept": int(kept.sum()),
        "kept acceptable": true_keep,
        "keep precision": round(true_keep / kept.sum(), 3) if kept.sum() else float("nan"),
        "keep recall": round(true_keep / good.sum(), 3) if good.sum() else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--audit", type=Path, default=ROOT / "data" / "audit")
    parser.add_argument("--show-misses", action="store_true", help="list the kept unacceptable questions")
    parser.add_argument("--no-pipeline", action="store_true", help="score linter and selection only")
    args = parser.parse_args()

    audit = load_audit(args.audit)
    # linted month by month, as the pipeline does: uniqueness is against the month's own texts
    months = sorted(audit["month"].unique())
    linted = pd.concat([lint(audit[audit["month"] == m], month_articles([m])) for m in months], ignore_index=True)
    audit["linter"] = audit["qa_id"].map(linted.set_index("qa_id")["verdict"])
    audit["reasons"] = audit["qa_id"].map(linted.set_index("qa_id")["reason"]).map(reason_codes)
    audit["kept"] = keep_decisions(audit, linted)

    audit["linter passed"] = audit["linter"] == "pass"
    verdicts = [("Linter alone", "linter passed"), ("Linter and selection", "kept")]
    if not args.no_pipeline:
        released = released_by_pipeline(sorted(audit["month"].unique()))
        pairs = zip(audit["month"], audit["question"], strict=True)
        in_release = [(month, normalized_question(question)) in released for month, question in pairs]
        audit["released"] = audit["linter passed"] & pd.Series(in_release, index=audit.index)
        verdicts.append(("Whole pipeline (linter, and released by a fresh run)", "released"))
    for title, column in verdicts:
        rows = [{"type": kind, **_scores(audit[audit["type"] == kind], column)} for kind in SUBGRAPH_TYPES]
        rows.append({"type": "all", **_scores(audit, column)})
        print(f"\n{title}\n" + pd.DataFrame(rows).to_markdown(index=False))

    if not args.no_pipeline:
        audit["kept"] = audit["released"]  # what follows scores the whole pipeline
    print("\nPer label category: how many the linter failed, how many were kept, the linter's commonest reason")
    category = audit["category"].replace("", "(acceptable)")
    per_category = []
    for name, group in audit.groupby(category):
        codes = pd.Series([c for codes in group["reasons"] for c in codes], dtype=object)
        per_category.append({
            "category": name,
            "questions": len(group),
            "linter failed": int((group["linter"] == "fail").sum()),
            "kept": int(group["kept"].sum()),
            "commonest linter reason": codes.value_counts().index[0] if len(codes) else "",
        })  # fmt: skip
    print(pd.DataFrame(per_category).to_markdown(index=False))

    if args.show_misses:
        for row in audit[audit["kept"] & (audit["label"] != "acceptable")].itertuples():
            print(f"KEPT {row.category}: {row.question} => {row.answer}")
        for row in audit[~audit["kept"] & (audit["label"] == "acceptable")].itertuples():
            print(f"DROPPED {row.reasons}: {row.question} => {row.answer}")

    overall = _scores(audit)
    print(f"\nkeep recall {overall['keep recall']}")
    print(f"RESULT keep_precision {overall['keep precision']}")


if __name__ == "__main__":
    main()
