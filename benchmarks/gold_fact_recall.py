"""Fact recall of the offline extractor against facts a reader wrote down, and the set and cond
questions those facts would allow.

data/audit/gold_facts/<month>.jsonl holds, for a bundled month, every fact of the schema between two
named entities that a careful reader took from its articles (one line per mention: article file,
subject, relation, object, the words that state it), each entity under one name across the month.
The month is extracted and normalized as the pipeline does, and a gold fact counts as found when the
graph has the same relation between the same names (compared by lemmas, quotes and legal forms
aside; either direction for a symmetric relation). Names the graph spells otherwise count as missed,
so the figure is a floor. Reported: recall of distinct facts per relation and overall, recall of
mentions (found in the article that states them), and how many set and cond subgraphs the gold
facts and the extracted facts allow under DESIGN section 7 (sets of 2 to 5 partners, none of an
open set; conds whose each condition fits another entity and whose pair fits only the answer).

Usage: python benchmarks/gold_fact_recall.py [--month 2025-11]
Last line: RESULT gold_fact_recall <distinct gold facts found / distinct gold facts>
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

from dagster_project.core.common.abbreviations import LEGAL_FORMS
from dagster_project.core.common.russian import lemma_key
from dagster_project.core.extraction.schema import extract_schema_triplets
from dagster_project.core.extraction.schema.relations import LITERAL_ARGUMENTS, OPEN_SUBJECT_SETS, SCHEMA, SYMMETRIC
from dagster_project.core.extraction.triplets import triplets_frame
from dagster_project.core.graph.normalization import normalize_triplets
from dagster_project.core.ingest.articles import parse_markdown_article

ROOT = Path(__file__).resolve().parent.parent
Fact = tuple[str, str, str]


def name_key(name: str) -> str:
    return " ".join(word for word in lemma_key(name).split() if word not in LEGAL_FORMS)


def fact_key(subject: str, relation: str, obj: str) -> Fact:
    pair = (name_key(subject), name_key(obj))
    if relation in SYMMETRIC:
        pair = tuple(sorted(pair))
    return pair[0], relation, pair[1]


def entity_relations() -> set[str]:
    return {r for r, rel in SCHEMA.items() if not (rel.object_types & LITERAL_ARGUMENTS)}


def set_count(facts: set[Fact]) -> int:
    """Anchors and relations with 2 to 5 partners in one direction, open sets («who works at X») aside."""
    partners: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for s, r, o in facts:
        partners[(s, r, "out")].add(o)
        if r not in OPEN_SUBJECT_SETS:
            partners[(o, r, "in")].add(s)
    return sum(1 for group in partners.values() if 2 <= len(group) <= 5)


def cond_count(facts: set[Fact]) -> int:
    """Pairs of conditions on one entity, each met by another entity too, both met by it alone."""
    meeting: dict[tuple[str, str, str], set[str]] = defaultdict(set)  # condition -> entities meeting it
    for s, r, o in facts:
        meeting[(r, "out", o)].add(s)
        meeting[(r, "in", s)].add(o)
    conditions: dict[str, list] = defaultdict(list)
    for condition, entities in meeting.items():
        if len(entities) >= 2:
            for entity in entities:
                conditions[entity].append(condition)
    count = 0
    for entity, own in conditions.items():
        for i, first in enumerate(own):
            for second in own[i + 1 :]:
                if first[0::2] != second[0::2] and meeting[first] & meeting[second] == {entity}:
                    count += 1
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--month", default="2025-11")
    args = parser.parse_args()
    gold_rows = [json.loads(line) for line in (ROOT / "data/audit/gold_facts" / f"{args.month}.jsonl").open()]
    relations = entity_relations()
    # the reader wrote down the facts of the articles the month had then; articles added to the month
    # later are not counted, so the figure stays comparable from round to round
    covered = {g["article"] for g in gold_rows}
    gold_rows = [g for g in gold_rows if g["relation"] in relations]

    article_of_file, triplets = {}, []
    for path in sorted((ROOT / "data/corpus" / args.month).glob("*.md")):
        if path.name not in covered:
            continue
        article = parse_markdown_article(path.read_text(encoding="utf-8"))
        article_of_file[path.name] = article.article_id
        text = f"{article.title}.\n\n{article.text}"
        triplets += extract_schema_triplets(article.article_id, text, article.published_at)
    graph = normalize_triplets(triplets_frame(triplets), {})
    graph = graph[graph["relation"].isin(relations)]
    keyed = [(r.article_id, fact_key(r.canonical_subject, r.relation, r.canonical_object)) for r in graph.itertuples()]
    extracted = {fact for _, fact in keyed}
    mentioned = {(article_id, *fact) for article_id, fact in keyed}

    gold = {fact_key(g["subject"], g["relation"], g["object"]) for g in gold_rows}
    total, found = Counter(r for _, r, _ in gold), Counter(r for _, r, _ in gold & extracted)
    print(f"{args.month}: {len(gold)} distinct gold facts in {len(gold_rows)} mentions; graph: {len(extracted)} facts")
    for relation, n in total.most_common():
        print(f"  {relation:24s} {found[relation]:3d} / {n:<3d}")
    mention_hits = sum(
        (article_of_file.get(g["article"]), *fact_key(g["subject"], g["relation"], g["object"])) in mentioned
        for g in gold_rows
    )
    print(f"mentions found in their own article: {mention_hits} / {len(gold_rows)}")
    print(f"set subgraphs: gold {set_count(gold)}, extracted {set_count(extracted)}")
    print(f"cond subgraphs: gold {cond_count(gold)}, extracted {cond_count(extracted)}")
    print(f"RESULT gold_fact_recall {len(gold & extracted) / len(gold):.3f}")


if __name__ == "__main__":
    main()
