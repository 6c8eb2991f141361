"""The named-entity presence filter: a question must mention a named entity (found by Natasha)
of the articles it was generated from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd

from ..common.mentions import key_mention_score
from ..common.parses import article_text, entity_names
from ..common.russian import lemma_key, parse_document
from .verdicts import FAIL, FILTER_COLUMNS, PASS


def article_entities(text: str, parse: Callable[[str], Any] = parse_document) -> list[str]:
    """Normal forms of the named entities Natasha finds in a text (`parse`: a cached parse, where one is kept)."""
    return entity_names(parse(text))


def ner_presence(
    qa: pd.DataFrame,
    articles: pd.DataFrame,
    *,
    threshold: float = 90.0,
    entities_of: Callable[[str], list[str]] = article_entities,
) -> pd.DataFrame:
    """Pass when the question or answer mentions a named entity of its source articles."""
    texts = map(article_text, articles["title"], articles["text"])
    text_by_id = dict(zip(articles["article_id"], texts, strict=True))
    cache: dict[str, list[str]] = {}
    keys: dict[str, str] = {}  # entity -> its lemma key, made once: many questions share a source
    rows = []
    for row in qa.itertuples(index=False):
        entities: set[str] = set()
        missing = [a for a in row.article_ids if a not in text_by_id]
        for article_id in row.article_ids:
            if article_id in text_by_id:
                if article_id not in cache:
                    cache[article_id] = entities_of(text_by_id[article_id])
                    keys.update((e, lemma_key(e)) for e in cache[article_id] if e not in keys)
                entities.update(cache[article_id])
        text_key = lemma_key(f"{row.question} {row.answer}")
        found = sorted(e for e in entities if key_mention_score(keys[e], text_key) >= threshold)
        if missing:
            verdict, reason = FAIL, f"source articles not found: {', '.join(missing)}"
        elif found:
            verdict, reason = PASS, "mentions " + "; ".join(found[:5])
        else:
            verdict, reason = FAIL, f"none of the {len(entities)} named entities of its sources is mentioned"
        rows.append({"qa_id": row.qa_id, "score": float(len(found)), "verdict": verdict, "reason": reason})
    return pd.DataFrame(rows, columns=FILTER_COLUMNS)
