"""CPU cost of extraction per article, measured shard by shard, and the extraction workers a month of
100,000 articles needs to be done in an hour.

Each shard of a synthetic month (benchmarks/synthetic_corpus.py) is extracted in this process the way
one raw_triplet_shards run extracts it (one worker, a fresh parse cache, so every article is parsed),
after loading the models once; CPU time (not wall time) is counted, so a loaded machine changes the
figure little. The single-process stages after extraction are taken as --other-ms per article (9 ms:
the wall of every stage but raw_triplets in benchmarks/pipeline_scale.py at 11,520 articles, 93.7 s for
10,646 kept articles).

Usage: python benchmarks/extraction_shards.py [--articles N] [--shards S] [--other-ms MS] [--headroom H]
Last line: RESULT workers_for_100k_articles_in_an_hour <workers>
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic_corpus import write_month  # noqa: E402

from dagster_project.core.common.months import Month  # noqa: E402
from dagster_project.core.extraction.shards import merge_shards, shard_articles  # noqa: E402
from dagster_project.core.extraction.strategies import SchemaExtractor  # noqa: E402
from dagster_project.core.ingest.articles import articles_frame, deduplicate  # noqa: E402
from dagster_project.core.ingest.sources import load_month, read_sources_file  # noqa: E402

MONTH = Month.parse("2025-09")
TARGET_ARTICLES, HOUR_SECONDS = 100_000, 3600


class _Quiet:
    def info(self, message: str) -> None:
        pass


def workers_needed(cpu_per_article: float, other_per_article: float, headroom: float) -> tuple[float, int]:
    """Cores of extraction the hour needs (the single-process stages take their share of it first),
    and the workers to run with `headroom` times that for uneven shards and slower machines."""
    extraction_budget = HOUR_SECONDS - TARGET_ARTICLES * other_per_article
    if extraction_budget <= 0:
        raise SystemExit("the single-process stages alone take more than an hour: no number of workers is enough")
    cores = TARGET_ARTICLES * cpu_per_article / extraction_budget
    return cores, math.ceil(cores * headroom)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=360)
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--other-ms", type=float, default=9.0, help="CPU ms per article of the other stages")
    parser.add_argument("--headroom", type=float, default=2.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as root:
        sources = read_sources_file(write_month(Path(root), args.articles, MONTH))
        articles, _ = deduplicate(load_month(sources, MONTH)[0])
        frame = articles_frame(articles)
        extractor = SchemaExtractor(workers=1, parse_cache_dir=str(Path(root) / "parses"))
        started = time.process_time()
        extractor.extract(frame.iloc[:1], _Quiet())  # loads the models, as each run does once
        print(f"model load and first article: {time.process_time() - started:.1f} s CPU")
        tables, total_cpu = {}, 0.0
        for shard in range(args.shards):
            part = shard_articles(frame.iloc[1:], shard, args.shards)
            started = time.process_time()
            tables[shard] = extractor.extract(part, _Quiet()).table
            cpu = time.process_time() - started
            total_cpu += cpu
            print(f"shard {shard}: {len(part)} articles, {cpu:.1f} s CPU, {1000 * cpu / len(part):.1f} ms/article")
        extracted = len(frame) - 1
        print(f"{len(merge_shards(tables))} triplets from {extracted} articles in {args.shards} shards")
    per_article = total_cpu / extracted
    cores, workers = workers_needed(per_article, args.other_ms / 1000, args.headroom)
    print(f"extraction: {1000 * per_article:.1f} ms CPU per article; other stages: {args.other_ms:.0f} ms per article")
    print(f"100,000 articles in an hour: {cores:.2f} cores of extraction, x{args.headroom:g} headroom")
    print(f"RESULT workers_for_100k_articles_in_an_hour {workers}")


if __name__ == "__main__":
    main()
