"""Offline extraction with the typed relation schema: one Natasha parse per article, each
grammar run only on the sentences that contain its trigger lemmas."""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import date, datetime

from ...common.russian import parse_document
from ..triplets import RawTriplet
from .arguments import Argument, ArticleContext, ParsedSentence, abbreviations, byline_source, entity_spans
from .matchers import PATTERNS
from .quoted_abbreviations import quoted_abbreviations
from .relations import DATE, GRAPH_TYPE, SCHEMA

EXTRACTOR_NAME = "schema-v1"

# Trigger lemma -> positions in PATTERNS of the grammars it wakes: a sentence looks up its own lemmas
# instead of testing every grammar, and the grammars still run in PATTERNS order.
_PATTERNS_OF_TRIGGER: dict[str, list[int]] = defaultdict(list)
for _position, _pattern in enumerate(PATTERNS):
    for _trigger in _pattern.triggers:
        _PATTERNS_OF_TRIGGER[_trigger].append(_position)


def extract_schema_triplets(
    article_id: str, text: str, published_at: datetime | date | str, doc=None
) -> list[RawTriplet]:
    """Facts of one article that fit the schema, in sentence order. `doc`: an existing Natasha
    parse of `text` (with syntax and NER), so a caller that parsed the text already need not again."""
    doc = doc if doc is not None else parse_document(text)
    source = byline_source(text)
    article = ArticleContext(
        text=text,
        published=_day(published_at),
        span_of=entity_spans(doc),
        # a quoted definition is read whole; a NER span may end inside its quotes
        aliases={**abbreviations(text, doc.spans), **quoted_abbreviations(text)},
        reporting_sources={source} if source else set(),
        sentences=list(doc.sents),
    )
    triplets: list[RawTriplet] = []
    seen: set[tuple[str, str, str]] = set()
    for index, sent in enumerate(doc.sents):
        lemmas = {t.lemma for t in sent.tokens}
        lemmas |= {part for lemma in lemmas if "-" in lemma for part in lemma.split("-")}  # «врач-кардиолог»
        patterns = [PATTERNS[i] for i in sorted({i for lemma in lemmas for i in _PATTERNS_OF_TRIGGER.get(lemma, ())})]
        if not patterns:
            continue
        sentence = ParsedSentence(sent, article, index)
        for pattern in patterns:
            for relation_id, subject, obj in pattern.match(sentence):
                key = (subject.normal, relation_id, obj.normal)
                if key not in seen:
                    seen.add(key)
                    triplets.append(_triplet(article_id, index, sent.text, relation_id, subject, obj))
    return triplets


def _triplet(
    article_id: str, index: int, sentence: str, relation_id: str, subject: Argument, obj: Argument
) -> RawTriplet:
    wording = SCHEMA[relation_id].wording
    return RawTriplet(
        article_id=article_id,
        subject=subject.text,
        relation=relation_id,
        object=obj.text,
        extractor=EXTRACTOR_NAME,
        sentence_index=index,
        sentence=sentence,
        subject_normal=_tidy(subject.normal),
        subject_type=GRAPH_TYPE[subject.type],
        subject_descriptor=subject.descriptor,
        verb=wording.verb,
        complement=wording.complement,
        preposition=wording.preposition,
        case="date" if obj.type == DATE else wording.case,
        object_normal=_tidy(obj.normal),
        object_type=GRAPH_TYPE[obj.type],
        object_descriptor=obj.descriptor,
    )


def _tidy(name: str) -> str:
    """Quotes hug the name they enclose: «ООО « Порт »» -> «ООО «Порт»»."""
    return _SPACE_INSIDE_QUOTES.sub(lambda m: m.group(1) or m.group(2), name)


_SPACE_INSIDE_QUOTES = re.compile(r"(«)\s+|\s+(»)")


def _day(published_at: datetime | date | str) -> date:
    if isinstance(published_at, str):
        published_at = datetime.fromisoformat(published_at)
    return published_at.date() if isinstance(published_at, datetime) else published_at
