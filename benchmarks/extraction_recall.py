"""Recall audit of the offline schema extractor: sentences that name entities but give no fact.

Parses every article of the given months once (Natasha: syntax and NER), runs the schema grammars
on the parse, and lists the sentences with no fact that still name at least two entities (NER
spans PER/ORG/LOC) or one entity and a role noun («директор», «профессор», «нападающий»): the
sentences where a fact may have been missed. They are grouped by the construction that would state
it, the lemma of the sentence's root (a verb, or the noun of a verbless sentence), so the most
frequent missed constructions come first.

Usage: python benchmarks/extraction_recall.py [--months 2025-09 2025-10] [--show N] [--dump FILE]
  --show N   print up to N sentences per construction (default 0: counts only)
  --dump F   write every such sentence, with its article, root and entities, to F (TSV)
Last line: RESULT unextracted_entity_sentences <number of such sentences>
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

from threadpoolctl import threadpool_limits

from dagster_project.core.common.russian import parse_document
from dagster_project.core.extraction.schema import extract
from dagster_project.core.extraction.schema.arguments import (
    ArticleContext,
    ParsedSentence,
    abbreviations,
    byline_source,
    entity_spans,
)
from dagster_project.core.extraction.schema.lexicon import (
    COACH_ROLES,
    FOUNDER_ROLES,
    MORE_STAFF_ROLES,
    PLAYER_ROLES,
    POSITION_NOUNS,
    STAFF_ROLES,
)
from dagster_project.core.ingest.articles import parse_markdown_article

CORPUS = Path(__file__).resolve().parent.parent / "data" / "corpus"
ROLE_NOUNS = POSITION_NOUNS | STAFF_ROLES | PLAYER_ROLES | COACH_ROLES | FOUNDER_ROLES | MORE_STAFF_ROLES
ENTITY_TYPES = {"PER", "ORG", "LOC"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--months", nargs="+", default=["2025-09", "2025-10"])
    parser.add_argument("--show", type=int, default=0)
    parser.add_argument("--dump", type=Path)
    args = parser.parse_args()
    threadpool_limits(limits=1)
    groups: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    sentences_seen = with_facts = 0
    for month in args.months:
        for path in sorted((CORPUS / month).glob("*.md")):
            article = parse_markdown_article(path.read_text(encoding="utf-8"))
            text = f"{article.title}.\n\n{article.text}"
            doc = parse_document(text)
            covered = _sentences_with_facts(text, article.published_at, doc)
            for index, sent in enumerate(doc.sents):
                sentences_seen += 1
                if index in covered:
                    with_facts += 1
                    continue
                entities = _entities(doc, sent)
                if not _names_a_fact_candidate(sent, entities):
                    continue
                groups[_construction(sent)].append((article.article_id, sent.text, "; ".join(entities)))
    missed = sum(len(v) for v in groups.values())
    print(f"sentences: {sentences_seen}, with a fact: {with_facts}, entity sentences without a fact: {missed}")
    for construction, items in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"{len(items):4d}  {construction}")
        for _, sentence, entities in items[: args.show]:
            print(f"        {sentence}\n          [{entities}]")
    if args.dump:
        with args.dump.open("w", encoding="utf-8") as out:
            for construction, items in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
                for article_id, sentence, entities in items:
                    out.write(f"{construction}\t{article_id}\t{sentence}\t{entities}\n")
    print(f"RESULT unextracted_entity_sentences {missed}")


def _sentences_with_facts(text: str, published, doc) -> set[int]:
    """Indexes of the sentences any grammar reads a fact from, a fact an earlier sentence of the
    article stated too included (the extractor keeps each fact once, from its first sentence)."""
    source = byline_source(text)
    article = ArticleContext(
        text=text,
        published=extract._day(published),
        span_of=entity_spans(doc),
        aliases=abbreviations(text, doc.spans),
        reporting_sources={source} if source else set(),
        sentences=list(doc.sents),
    )
    covered = set()
    for index, sent in enumerate(doc.sents):
        lemmas = {t.lemma for t in sent.tokens}
        lemmas |= {part for lemma in lemmas if "-" in lemma for part in lemma.split("-")}
        patterns = [p for p in extract.PATTERNS if p.triggers & lemmas]
        sentence = ParsedSentence(sent, article, index) if patterns else None
        if any(next(iter(p.match(sentence)), None) is not None for p in patterns):
            covered.add(index)
    return covered


def _entities(doc, sent) -> list[str]:
    return [
        f"{span.type}:{span.text}"
        for span in doc.spans
        if span.type in ENTITY_TYPES and sent.start <= span.start and span.stop <= sent.stop
    ]


def _names_a_fact_candidate(sent, entities: list[str]) -> bool:
    if len(entities) >= 2:
        return True
    return len(entities) == 1 and any(t.lemma in ROLE_NOUNS for t in sent.tokens)


def _construction(sent) -> str:
    """The root's lemma with its part of speech; a verbless root shows the verbs under it too."""
    roots = [t for t in sent.tokens if t.rel == "root"]
    if not roots:
        return "(no root)"
    root = roots[0]
    if root.pos in {"VERB", "AUX"}:
        return f"V {root.lemma}"
    verbs = sorted({t.lemma for t in sent.tokens if t.pos == "VERB"})
    return f"{root.pos[0]} {root.lemma}" + (f" [{' '.join(verbs[:3])}]" if verbs else "")


if __name__ == "__main__":
    main()
