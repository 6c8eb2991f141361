"""Triplet extraction with an LLM: one request per chunk of an article.

The output has the same columns as the offline extractor (extraction.RAW_TRIPLET_COLUMNS), so
normalization, the graph and the questions work unchanged. The relation grammar the offline
templates use is filled from the relation text where it can be: verb lemma, complement, final
preposition; the grammatical case is not known (empty) except for dates.
Triplets whose entities do not occur in the chunk (invented facts), that have no named entity, or
that break the offline schema's type rules (core/extraction/type_checks.py) are dropped and counted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

import pandas as pd
from pydantic import BaseModel, Field, field_validator

from ..common.mentions import mention_score
from ..common.russian import lemma_key, morph
from ..llm.client import LLMResult, LLMTask, pydantic_parser
from ..llm.prompts import EXTRACTION_PROMPT, chunk_text, render_messages
from .triplets import ENTITY_TYPES, RawTriplet
from .type_checks import schema_problem

PREPOSITIONS = {
    "в", "во", "на", "с", "со", "к", "ко", "о", "об", "обо", "от", "до", "из", "у", "по", "за", "для", "без",
    "под", "над", "при", "про", "через", "между", "перед", "около", "после", "против", "среди", "вокруг",
    "вместо", "кроме", "ради", "из-за", "из-под",
}  # fmt: skip
GROUNDING_THRESHOLD = 75.0
_DIGITS_RE = re.compile(r"\d+")


class ExtractedTriplet(BaseModel):
    subject: str = Field(min_length=1, max_length=200)
    subject_type: Literal["PER", "ORG", "LOC", "OTHER"]
    relation: str = Field(min_length=1, max_length=150)
    object: str = Field(min_length=1, max_length=200)
    object_type: Literal["PER", "ORG", "LOC", "NUM", "DATE", "OTHER"]
    evidence: str = ""

    @field_validator("subject", "relation", "object", "evidence")
    @classmethod
    def _single_spaced(cls, value: str) -> str:
        return " ".join(value.split())


class ExtractionReply(BaseModel):
    triplets: list[ExtractedTriplet]


@dataclass(frozen=True)
class Chunk:
    article_id: str
    index: int
    text: str

    @property
    def item_id(self) -> str:
        return f"{self.article_id}#{self.index}"


@dataclass
class ExtractionOutcome:
    triplets: list[RawTriplet] = field(default_factory=list)
    ungrounded: list[dict] = field(default_factory=list)  # dropped: entity not in the text
    off_schema: list[dict] = field(default_factory=list)  # dropped: breaks a schema type rule
    without_named_entity: int = 0


def article_chunks(articles: pd.DataFrame, max_chars: int) -> list[Chunk]:
    chunks = []
    for row in articles.itertuples(index=False):
        for i, text in enumerate(chunk_text(row.text, max_chars)):
            chunks.append(Chunk(row.article_id, i, text))
    return chunks


def extraction_tasks(articles: pd.DataFrame, max_chars: int) -> tuple[list[LLMTask], dict[str, Chunk]]:
    titles = dict(zip(articles["article_id"], articles["title"], strict=True))
    chunks = article_chunks(articles, max_chars)
    counts: dict[str, int] = {}
    for chunk in chunks:
        counts[chunk.article_id] = counts.get(chunk.article_id, 0) + 1
    parse = pydantic_parser(ExtractionReply)
    tasks = [
        LLMTask(
            item_id=chunk.item_id,
            messages=render_messages(
                EXTRACTION_PROMPT,
                title=titles[chunk.article_id],
                text=chunk.text,
                chunk_number=chunk.index + 1,
                chunk_count=counts[chunk.article_id],
            ),
            parse=parse,
        )
        for chunk in chunks
    ]
    return tasks, {chunk.item_id: chunk for chunk in chunks}


def relation_grammar(relation: str, object_type: str) -> tuple[str, str, str, str]:
    """(verb lemma, complement, preposition, case) from 'подписать соглашение с'."""
    words = relation.lower().split()
    verb = words[0]
    parses = morph().parse(verb)
    verbal = [p for p in parses if {"INFN", "VERB"} & p.tag.grammemes]
    if verbal:
        verb = verbal[0].normal_form
    preposition = words[-1] if len(words) > 1 and words[-1] in PREPOSITIONS else ""
    complement = " ".join(words[1 : len(words) - (1 if preposition else 0)])
    case = "date" if object_type == "DATE" else ""
    return verb, complement, preposition, case


def _grounded(name: str, kind: str, text: str, text_key: str) -> bool:
    if kind in {"NUM", "DATE"}:
        return all(number in text for number in _DIGITS_RE.findall(name)) and (
            bool(_DIGITS_RE.search(name)) or mention_score(name, text_key) >= GROUNDING_THRESHOLD
        )
    return mention_score(name, text_key) >= GROUNDING_THRESHOLD


def triplets_from_results(results: list[LLMResult], chunks: dict[str, Chunk], extractor: str) -> ExtractionOutcome:
    """Raw triplets from the successful replies (failed ones are the caller's failures)."""
    outcome = ExtractionOutcome()
    seen: set[tuple[str, str, str, str]] = set()
    for result in results:
        if not result.ok:
            continue
        chunk = chunks[result.item_id]
        text_key = lemma_key(chunk.text)
        for item in result.value.triplets:
            if item.subject_type not in ENTITY_TYPES and item.object_type not in ENTITY_TYPES:
                outcome.without_named_entity += 1
                continue
            missing = [
                name
                for name, kind in ((item.subject, item.subject_type), (item.object, item.object_type))
                if not _grounded(name, kind, chunk.text, text_key)
            ]
            if missing:
                outcome.ungrounded.append(
                    {"item_id": chunk.item_id, "triplet": f"{item.subject} | {item.relation} | {item.object}",
                     "not_in_text": ", ".join(missing)}
                )  # fmt: skip
                continue
            verb, complement, preposition, case = relation_grammar(item.relation, item.object_type)
            relation = " ".join(p for p in (verb, complement, preposition) if p)
            problem = schema_problem(item.subject, item.subject_type, verb, relation, item.object, item.object_type)
            if problem:
                outcome.off_schema.append(
                    {"item_id": chunk.item_id, "triplet": f"{item.subject} | {item.relation} | {item.object}",
                     "problem": problem}
                )  # fmt: skip
                continue
            key = (chunk.article_id, item.subject, relation, item.object)
            if key in seen or item.subject == item.object:
                continue
            seen.add(key)
            outcome.triplets.append(
                RawTriplet(
                    article_id=chunk.article_id,
                    subject=item.subject,
                    relation=relation,
                    object=item.object,
                    extractor=extractor,
                    sentence_index=chunk.index,
                    sentence=item.evidence or chunk.text,
                    subject_normal=item.subject,
                    subject_type=item.subject_type,
                    subject_descriptor="",
                    verb=verb,
                    complement=complement,
                    preposition=preposition,
                    case=case,
                    object_normal=item.object,
                    object_type=item.object_type,
                    object_descriptor="",
                )
            )
    return outcome
