"""Throughput and coverage of the offline schema extractor on the bundled months.

Parses every bundled article once with Natasha (segmentation, morphology, syntax, NER), then
runs the schema grammars on the parses, and reports both the end-to-end rate (parse + grammars)
and the grammars' own share, with the number of facts per schema relation.

Usage: python benchmarks/extraction_schema.py [--months 2025-09 2025-10]
Last line: RESULT schema_articles_per_s <articles per second, parse + grammars>
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

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
    natasha()  # models load once per process; not part of the per-article rate
    parse_document("Прогрев.")

    start = time.perf_counter()
    docs = [parse_document(text) for _, text, _ in texts]
    parsed = time.perf_counter()
    facts = Counter()
    for (article_id, text, published), doc in zip(texts, docs, strict=True):
        facts.update(t.relation for t in extract_schema_triplets(article_id, text, published, doc=doc))
    done = time.perf_counter()

    print(f"articles: {len(texts)}")
    print(f"parse + NER: {len(texts) / (parsed - start):.1f} articles/s")
    print(f"grammars alone: {len(texts) / (done - parsed):.1f} articles/s")
    for relation in SCHEMA:
        print(f"  {relation:24s} {facts[relation]}")
    print(f"facts: {sum(facts.values())}, relations with facts: {sum(1 for r in SCHEMA if facts[r])}/{len(SCHEMA)}")
    print(f"RESULT schema_articles_per_s {len(texts) / (done - start):.2f}")


if __name__ == "__main__":
    main()
