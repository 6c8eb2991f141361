"""Compare two releases made from the same corpus and key: are the published datasets byte-identical,
and do the artifacts under the data dir keep their names and columns?

A refactoring that must not change behaviour is checked by publishing before and after it with the
same RAGBENCH_RELEASE_SECRET and comparing the two hubs (and data dirs):

    python benchmarks/compare_releases.py BEFORE_HUB AFTER_HUB [--data BEFORE_DATA AFTER_DATA]

The last line is `RESULT release_files_differing <n>` (0 when every parquet file is identical).
"""

from __future__ import annotations

import argparse
import filecmp
import sys
from pathlib import Path

import pyarrow.parquet as pq


def parquet_files(root: Path) -> set[Path]:
    return {path.relative_to(root) for path in root.rglob("*.parquet")}


def compare_hubs(before: Path, after: Path) -> int:
    """Print one line per dataset file; return how many differ or exist on one side only."""
    files_before, files_after = parquet_files(before), parquet_files(after)
    differing = 0
    for name in sorted(files_before | files_after):
        if name not in files_after or name not in files_before:
            side = "before" if name in files_before else "after"
            print(f"only {side:<6} {name}")
            differing += 1
        elif filecmp.cmp(before / name, after / name, shallow=False):
            print(f"same        {name}")
        else:
            print(f"DIFFERENT   {name}")
            differing += 1
    return differing


def compare_artifact_columns(before: Path, after: Path) -> int:
    """Artifacts are a contract for independent tools: the same file names, the same columns."""
    problems = 0
    files_before, files_after = parquet_files(before), parquet_files(after)
    for name in sorted(files_before - files_after):
        print(f"artifact missing after: {name}")
        problems += 1
    for name in sorted(files_before & files_after):
        columns_before = pq.read_schema(before / name).names
        columns_after = pq.read_schema(after / name).names
        if columns_before != columns_after:
            print(f"artifact columns changed: {name}: {columns_before} -> {columns_after}")
            problems += 1
    for suffix in (".nq",):
        for path in sorted(before.rglob(f"*{suffix}")):
            if not (after / path.relative_to(before)).exists():
                print(f"artifact missing after: {path.relative_to(before)}")
                problems += 1
    print(f"artifacts compared: {len(files_before & files_after)} parquet files, {problems} problem(s)")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before_hub", type=Path)
    parser.add_argument("after_hub", type=Path)
    parser.add_argument("--data", nargs=2, type=Path, metavar=("BEFORE_DATA", "AFTER_DATA"))
    args = parser.parse_args(argv)
    for hub in (args.before_hub, args.after_hub):
        if not hub.is_dir():
            print(f"error: {hub} is not a hub directory", file=sys.stderr)
            return 2
    differing = compare_hubs(args.before_hub, args.after_hub)
    if args.data:
        differing += compare_artifact_columns(*args.data)
    print(f"RESULT release_files_differing {differing}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
