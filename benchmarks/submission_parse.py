"""How long a submission with 100,000 found_ids takes to validate (the issue measured 79 s when
repeated ids were found with list.count; the bound is 1 s).

    python benchmarks/submission_parse.py [--ids 100000]

The last line is `RESULT parse_100k_s <seconds>`.
"""

from __future__ import annotations

import argparse
import json
import time

import pandas as pd

from dagster_project.core.scoring.submission import gold_from_release, parse_submission


def release_with(texts: int) -> dict[str, pd.DataFrame]:
    return {
        "public_texts": pd.DataFrame({"id": range(texts), "text": ["t"] * texts}),
        "public_questions": pd.DataFrame({"id": [0], "question": ["q"]}),
        "private_texts": pd.DataFrame({"id": ["p0"], "public_id": [0]}),
        "private_qa": pd.DataFrame(
            {"public_id": [0], "question": ["q"], "answer": ["a"], "type": ["simple"], "text_ids": ['["p0"]']}
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", type=int, default=100_000)
    args = parser.parse_args()
    gold = gold_from_release("1.13.0", release_with(args.ids))
    raw = json.dumps({"0": {"found_ids": list(range(args.ids)), "model_answer": "a"}})
    started = time.perf_counter()
    entries = parse_submission(raw, gold)
    elapsed = time.perf_counter() - started
    assert len(entries[0].found_ids) == args.ids
    print(f"parsed {len(raw):,} bytes with {args.ids:,} found_ids in {elapsed:.3f} s")
    print(f"RESULT parse_100k_s {elapsed:.3f}")


if __name__ == "__main__":
    main()
