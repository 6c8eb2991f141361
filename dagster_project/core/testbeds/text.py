"""Where an answer occurs in a text, in any inflected form.

A text is cut into word tokens (razdel's cuts, common/tokens.py) that keep their character offsets. Each token carries
every lemma pymorphy3 can read into it, not only the likeliest: "Анне" is read as "анна" as well,
so an answer item is found whatever its case, and a negative document that might mention it is
rejected rather than kept. An item occurs where its lemmas match a contiguous run of tokens.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..common import tokens
from ..common.russian import analysis, fold, lemma
from ..filters.question_grammar import looks_like_person as person_by_morphology

# Words, and numbers with a decimal point or comma ("96,4"), which razdel keeps as one token.
_WORD_RE = re.compile(r"[0-9A-Za-zА-Яа-яЁё]+(?:(?:[-']|(?<=\d)[.,](?=\d))[0-9A-Za-zА-Яа-яЁё]+)*")


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    text: str
    readings: frozenset[str]


@lru_cache(maxsize=200_000)
def readings(word: str) -> frozenset[str]:
    """Every lemma of a word (folded); a number is its own lemma."""
    if any(ch.isdigit() for ch in word):  # "2139", "Вектор-7": read as written, folded as lemma() folds
        return frozenset({lemma(word), fold(word)})
    return analysis(word)[1]  # the same lookup as lemma(word), which is among these


def tokenize(text: str) -> list[Token]:
    return as_tokens(tokens.tokenize(text))


def as_tokens(cuts: Iterable[tokens.Span]) -> list[Token]:
    """The word tokens among a text's cuts, with their readings."""
    return [Token(t.start, t.stop, t.text, readings(t.text)) for t in cuts if _WORD_RE.fullmatch(t.text)]


@lru_cache(maxsize=100_000)
def item_lemmas(item: str) -> tuple[str, ...]:
    """The lemmas an occurrence of `item` must match, one per word."""
    return tuple(lemma(t.text) for t in tokens.tokenize(item) if _WORD_RE.fullmatch(t.text))


def spans(tokens: Sequence[Token], needle: Sequence[str]) -> list[tuple[int, int]]:
    """Token spans [i, j) where `needle` (lemmas) occurs as whole words."""
    size = len(needle)
    if not size:
        return []
    return [
        (i, i + size)
        for i in range(len(tokens) - size + 1)
        if all(needle[k] in tokens[i + k].readings for k in range(size))
    ]


def occurs(tokens: Sequence[Token], needle: Sequence[str]) -> bool:
    """Whether `needle` occurs anywhere: `spans` stopped at the first one."""
    size = len(needle)
    if not size:
        return False
    first = needle[0]
    return any(
        first in tokens[i].readings and all(needle[k] in tokens[i + k].readings for k in range(1, size))
        for i in range(len(tokens) - size + 1)
    )


def looks_like_person(item: str) -> bool:
    """A personal name ("Анна Соколова"), whose surname alone also names it, by morphology; when
    morphology cannot tell, two or three capitalized words count as one, so negatives stay clean.
    «Администрация Бережанска» is no person: «Бережанск» alone does not name it."""
    verdict = person_by_morphology(item)
    if verdict is not None:
        return verdict
    parts = item.split()
    return 2 <= len(parts) <= 3 and all(p[:1].isupper() and p.replace("-", "").isalpha() for p in parts)


def item_forms(item: str, mentions: Iterable[str] = (), *, person: bool | None = None) -> list[tuple[str, ...]]:
    """Lemma sequences that count as a mention of `item`: the item itself, the other names the
    month's texts gave the same entity, and a person's surname alone."""
    forms = {item_lemmas(item)} | {item_lemmas(m) for m in mentions}
    if person if person is not None else looks_like_person(item):
        forms.add(item_lemmas(item.split()[-1]))
    return sorted(f for f in forms if f)


def mentions_any(tokens: Sequence[Token], forms: Iterable[Sequence[str]]) -> bool:
    return any(occurs(tokens, form) for form in forms)
