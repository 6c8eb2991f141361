"""Throughput and coverage of the offline schema extractor on the bundled months.

Parses every bundled article once with Natasha (segmentation, morphology, syntax, NER), then
runs the schema grammars on the parses, and reports both the end-to-end rate (parse + grammars)
and the grammars' own share, with the number of facts per schema relation. It runs with one BLAS
thread, as the extraction workers do, and gives the CPU milliseconds per article of each part and
the load average (on a shared machine the CPU figures move less than the rates).

Usage: python benchmarks/extraction_schema.py [--months 2025-09 2025-10]
Last line: RESULT schema_articles_per_s <articles per second, parse + grammars>
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from pathlib import Path

from threadpoolctl import threadpool_limits

from dagster_project.core.common.russian import natasha, parse_document
from dagster_project.core.extraction.schema import SCHEMA, extract_schema_triplets
from dagster_project.core.ingest.articles import parse_markdown_article

CORPUS = Path(__file__).resolve().parent.parent / "data" / "corpus"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--months", nargs="+", default=["2025-09", "2025-10"])
    args = parser.parse_args()
    articles = [
        parse_markdown_article(path.read_text(encoding="utf-8"))
        for month in args.months
        for path in sorted((CORPUS / month).glob("*.md"))
    ]
    texts = [(a.article_id, f"{a.title}.\n\n{a.text}", a.published_at) for a in articles]
    threadpool_limits(limits=1)  # as in the extraction workers
    natasha()  # models load once per process; not part of the per-article rate
    parse_document("Прогрев.")

    start, start_cpu = time.perf_counter(), time.process_time()
    docs = [parse_document(text) for _, text, _ in texts]
    parsed, parsed_cpu = time.perf_counter(), time.process_time()
    facts = Counter()
    for (article_id, text, published), doc in zip(texts, docs, strict=True):
        facts.update(t.relation for t in extract_schema_triplets(article_id, text, published, doc=doc))
    done, done_cpu = time.perf_counter(), time.process_time()

    per_article_ms = 1000 / len(texts)
    print(f"articles: {len(texts)}, load average {os.getloadavg()[0]:.1f}")
    print(f"parse + NER: {len(texts) / (parsed - start):.1f} articles/s, "
          f"{(parsed_cpu - start_cpu) * per_article_ms:.2f} ms CPU per article")  # fmt: skip
    print(f"grammars alone: {len(texts) / (done - parsed):.1f} articles/s, "
          f"{(done_cpu - parsed_cpu) * per_article_ms:.2f} ms CPU per article")  # fmt: skip
    for relation in SCHEMA:
        print(f"  {relation:24s} {facts[relation]}")
    print(f"facts: {sum(facts.values())}, relations with facts: {sum(1 for r in SCHEMA if facts[r])}/{len(SCHEMA)}")
    print(f"RESULT schema_articles_per_s {len(texts) / (done - start):.2f}")


if __name__ == "__main__":
    main()
