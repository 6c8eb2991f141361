"""Russian-aware text normalization for scoring answers.

Both the gold answer and the model answer go through the same steps, so an inflected form
("Сбербанком") matches its dictionary form ("Сбербанк"), and "2 139" matches "2139":

1. case folding and ё -> е;
2. numbers: digit groups split by a space, no-break space or thin space are joined ("2 139" -> "2139"),
   and a decimal comma becomes a point ("2,5" -> "2.5");
3. razdel tokenization; tokens without a letter or digit (punctuation, quotes, brackets) are dropped;
4. lemmatization with pymorphy3 (numbers stay as they are).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..common import tokens as cuts
from ..common.russian import lemma

_THOUSANDS_RE = re.compile(r"(?<=\d)[ \u00a0\u202f\u2009](?=\d{3}(?!\d))")
_DECIMAL_COMMA_RE = re.compile(r"(?<=\d),(?=\d)")
_HAS_WORD_CHAR = re.compile(r"\w")
_EDGE_PUNCT = "«»\"'„“”()[]{}.,;:!?—–-…"


def normalize_text(text: str) -> str:
    """Folded text with numbers in one canonical spelling; punctuation is kept (razdel needs it)."""
    text = (text or "").lower().replace("ё", "е")
    previous = None
    while previous != text:  # "1 234 567" needs two passes: each join exposes the next group
        previous = text
        text = _THOUSANDS_RE.sub("", text)
    return _DECIMAL_COMMA_RE.sub(".", text)


def tokens(text: str) -> list[str]:
    """Normalized word and number tokens (razdel), punctuation removed."""
    return list(_tokens(text))


@lru_cache(maxsize=100_000)
def _tokens(text: str) -> tuple[str, ...]:
    # Cached: the same gold answers, items and questions are tokenized by several metrics.
    out = []
    for token in cuts.tokenize(normalize_text(text)):  # razdel's tokens, faster
        word = token.text.strip(_EDGE_PUNCT)
        if word and _HAS_WORD_CHAR.search(word):
            out.append(word)
    return tuple(out)


@lru_cache(maxsize=200_000)
def token_lemma(token: str) -> str:
    if any(ch.isdigit() for ch in token):
        return token
    return lemma(token)


def lemma_tokens(text: str) -> list[str]:
    return list(_lemma_tokens(text))


@lru_cache(maxsize=100_000)
def _lemma_tokens(text: str) -> tuple[str, ...]:
    return tuple(token_lemma(t) for t in _tokens(text))


def contains_sequence(haystack: list[str], needle: list[str]) -> bool:
    """True when `needle` occurs in `haystack` as a contiguous run of whole tokens (word boundaries)."""
    if not needle:
        return False
    size = len(needle)
    first = needle[0]
    for start, token in enumerate(haystack):
        if token == first and haystack[start : start + size] == needle:
            return True
    return False


_ITEM_SPLIT_RE = re.compile(r"\s*(?:[,;\n•]|\s-\s|\s+и\s+|\s+а также\s+)\s*", re.IGNORECASE)


def split_items(answer: str) -> list[str]:
    """A list answer cut into items at commas, semicolons, new lines, bullets and the conjunction "и"."""
    normalized = normalize_text(answer)
    return [part for part in _ITEM_SPLIT_RE.split(normalized) if tokens(part)]
