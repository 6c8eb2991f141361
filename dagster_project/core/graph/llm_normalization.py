"""Entity normalization with an LLM.

Every named mention of the month gets a lemma key (and its alias-table canonical name, if any).
For each distinct entity, the most similar other entities of the month and the alias table's
canonical names are its candidates (entity_candidates.CandidateIndex: navec word vectors or an
embeddings endpoint for meaning, rapidfuzz on lemma keys for spelling); the LLM reads the mention, a sentence
where it occurs and the candidates, and answers which candidate it is, or "new". Its answers
become merges of entities; names, types and keys then follow normalization.build_entity_table.
Mentions with no similar candidate need no question. A failed question leaves the mention as its
own entity and is recorded as a per-item failure.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pandas as pd
from pydantic import BaseModel, Field

from ..common.russian import lemma_key
from ..llm.client import LLMResult, LLMTask, ReplyInvalid, pydantic_parser
from ..llm.prompts import NORMALIZATION_PROMPT, render_messages
from .entity_candidates import CandidateIndex
from .normalization import NAMED_TYPES, entity_base_key, named_mentions

NEW = "new"


class NormalizationReply(BaseModel):
    canonical: str = Field(min_length=1)


@dataclass(frozen=True)
class NormalizationQuestion:
    item_id: str
    mention: str
    type: str
    sentence: str
    base_key: str
    candidates: dict[str, str]  # shown name -> base key


def _clean(name: str) -> str:
    return " ".join(name.replace("«", "").replace("»", "").replace('"', "").split()).casefold()


def normalization_questions(
    raw: pd.DataFrame,
    aliases: dict[str, str],
    *,
    max_candidates: int = 5,
    min_similarity: float = 70.0,
    embedder=None,
) -> list[NormalizationQuestion]:
    """One question per distinct named entity (person, organization, place) that has similar
    candidates (similarity 0-100 at least `min_similarity`), most frequent first. `embedder`
    defaults to Natasha's navec vectors."""
    named = named_mentions(raw)
    named = named[named["type"].isin(NAMED_TYPES)]  # generic phrases (OTHER) keep their lemma identity
    if named.empty:
        return []
    counts = Counter(zip(named["normal"], named["type"], strict=True))
    # the most frequent spelling names each base key in candidate lists
    display: dict[str, str] = {}
    frequency: Counter = Counter()
    type_of: dict[str, str] = {}
    for (normal, kind), count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        key = entity_base_key(normal, aliases)
        display.setdefault(key, normal)
        type_of.setdefault(key, kind)
        frequency[key] += count
    for canonical in sorted(set(aliases.values())):
        display.setdefault(lemma_key(canonical), canonical)
    for key in display:
        if key in aliases:
            display[key] = aliases[key]  # the alias table's spelling wins
    sentences = _first_sentences(raw)
    keys = sorted(display)
    key_of_name = {display[key]: key for key in keys}
    index = CandidateIndex([display[key] for key in keys], types=[type_of.get(key) for key in keys], embedder=embedder)
    questions = []
    for key in sorted(frequency, key=lambda k: (-frequency[k], k)):
        found = index.scored_candidates(display[key], max_candidates + 1, entity_type=type_of[key])
        candidates = {
            c.name: key_of_name[c.name]
            for c in found
            if c.score * 100 >= min_similarity and key_of_name[c.name] != key
        }
        if not candidates:
            continue
        questions.append(
            NormalizationQuestion(
                item_id=f"{type_of[key]}:{display[key]}",
                mention=display[key],
                type=type_of[key],
                sentence=sentences.get(display[key], ""),
                base_key=key,
                candidates=dict(list(candidates.items())[:max_candidates]),
            )
        )
    return questions


def _first_sentences(raw: pd.DataFrame) -> dict[str, str]:
    sentences: dict[str, str] = {}
    for row in raw.itertuples(index=False):
        sentences.setdefault(row.subject_normal, row.sentence)
        sentences.setdefault(row.object_normal, row.sentence)
    return sentences


def normalization_tasks(questions: list[NormalizationQuestion]) -> list[LLMTask]:
    tasks = []
    for question in questions:
        item = {
            "mention": question.mention,
            "type": question.type,
            "sentence": question.sentence,
            "candidates": list(question.candidates),
        }
        tasks.append(
            LLMTask(
                item_id=question.item_id,
                messages=render_messages(NORMALIZATION_PROMPT, item=item),
                parse=pydantic_parser(NormalizationReply, _answer_check(question)),
            )
        )
    return tasks


def _answer_check(question: NormalizationQuestion):
    allowed = {_clean(name) for name in question.candidates} | {NEW}

    def check(reply: NormalizationReply) -> None:
        if _clean(reply.canonical) not in allowed:
            options = ", ".join(f'"{name}"' for name in [*question.candidates, NEW])
            raise ReplyInvalid(f'canonical must be exactly one of {options}; got "{reply.canonical}"')

    return check


def links_from_results(questions: list[NormalizationQuestion], results: list[LLMResult]) -> list[tuple[str, str]]:
    """(candidate base key, mention base key) for every 'same entity' answer."""
    links = []
    for question, result in zip(questions, results, strict=True):
        if not result.ok:
            continue
        answer = _clean(result.value.canonical)
        for name, key in question.candidates.items():
            if _clean(name) == answer:
                links.append((key, question.base_key))
    return links
