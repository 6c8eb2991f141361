"""Linter rules on how a question writes the names of its texts (rules of Russian typography and news).

- A name the texts always put in quotes («уступил «Невским львам»») is a name only in quotes: written
  bare where no class noun stands before it («выиграли Невские львы») it reads as common words (after
  a class noun, «фестиваль кино Восточный горизонт», the noun still tells a reader it is a name).
- A bracket or a quote the question opens and never closes cuts a name off inside it.
- A common noun a headline starts with («Аграрии области собрали ...») is no name: the texts write it
  in small letters everywhere else and never quote it, so «Сколько собрали «Аграрии»?» asks about nobody.
- News names a person in full at the first mention and by surname after it; a question has no earlier
  mention, so a person the texts name in full is named in full there too («возглавлял Бортников»
  drops the first name the texts give).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from ..common.abbreviations import is_abbreviation
from ..common.russian import lemma, lemma_key
from .question_grammar import readings, tokenize

_QUOTED = re.compile(r"«([^«»]{1,80})»")
_WORD = re.compile(r"[А-ЯЁа-яёA-Za-z][А-ЯЁа-яёA-Za-z-]*")


@lru_cache(maxsize=4096)  # a month's questions read the same few gold texts again and again
def _quoted_counts(text: str) -> Counter:
    """How often the text quotes each name (by lemma key), nested names included."""
    counts: Counter = Counter()
    while True:
        found = _QUOTED.findall(text)
        if not found:
            return counts
        counts.update(lemma_key(name.replace("„", " ").replace("“", " ")) for name in found)
        text = _QUOTED.sub(" , ", text)


def always_quoted(texts: Iterable[tuple[str, str]]) -> set[str]:
    """Lemma keys of the names the texts quote and never write bare; `texts`: (text, its lemma
    text with spaces around), so a name said more often than quoted is also said bare."""
    read = [(_quoted_counts(text), lemmas) for text, lemmas in texts]
    quoted = {key for counts, _ in read for key in counts if key}
    return {key for key in quoted if all(lemmas.count(f" {key} ") <= counts[key] for counts, lemmas in read)}


def _capitalized_runs(text: str, first: int) -> Iterable[tuple[int, list[str]]]:
    """(index, the words from it on) of each capitalized word outside quotes from word `first` on
    that no noun stands before (a class noun before a name tells it is one)."""
    tokens = [t for t in tokenize(text) if t.kind in {"word", "quoted"}]
    for i in range(first, len(tokens)):
        before = tokens[i - 1] if i else None
        after_noun = before is not None and before.kind == "word" and before.has_pos("NOUN")
        if tokens[i].kind == "word" and tokens[i].text[:1].isupper() and not after_noun:
            yield i, [t.text for t in tokens[i:]]


def bare_quoted_names(text: str, keys: set[str], first: int) -> list[str]:
    """The names of `keys` written in `text` without their quotes, from word `first` on."""
    text = re.sub(r"„([^„“]*)“", r"«\1»", text)  # inner quotes are quotes too: «Винодельня „Тихий Яр“»
    found = []
    for _, following in _capitalized_runs(text, first):
        for key in keys:
            wanted = key.split()
            if len(following) >= len(wanted) and [lemma(w) for w in following[: len(wanted)]] == wanted:
                found.append(" ".join(following[: len(wanted)]))
    return found


def unclosed(text: str) -> bool:
    return text.count("(") != text.count(")") or text.count("«") != text.count("»")


def _word_cases(texts: Iterable[str], wanted: str) -> tuple[bool, bool]:
    """(written in small letters somewhere, capitalized somewhere inside a sentence) for the lemma."""
    found = [_word_cases_in(text, wanted) for text in texts]
    return any(small for small, _ in found), any(inside for _, inside in found)


@lru_cache(maxsize=4096)
def _word_cases_in(text: str, wanted: str) -> tuple[bool, bool]:
    small = inside = False
    for match in _WORD.finditer(text):
        word = match.group(0)
        if word[:1].lower() != wanted[:1] or lemma(word) != wanted:
            continue
        if word[:1].islower():
            small = True
        elif not _starts_sentence(text, match.start()):
            inside = True
    return small, inside


def _starts_sentence(text: str, start: int) -> bool:
    """The text's start, an end mark, or a dash or a quote after one stands before `start`."""
    before = text[max(0, start - 8) : start].rstrip(' «"—–-\u00a0')
    return start < 8 and not before or before[-1:] in {".", "!", "?", "…", "\n"}


def common_nouns_as_names(names: Iterable[str], texts: list[str]) -> list[str]:
    """One-word names the texts never quote and write in small letters, capitalized only where a
    sentence starts: a common noun («Аграрии»), not a name."""
    quoted = {key for text in texts for key in _quoted_counts(text)}
    found = []
    for name in names:
        if " " in name or not name[:1].isupper() or is_abbreviation(name) or lemma_key(name) in quoted:
            continue
        small, inside = _word_cases(texts, lemma(name))
        if small and not inside:
            found.append(name)
    return found


def _is_first_name(word: str) -> bool:
    return len(word) > 2 and word[:1].isupper() and any("Name" in p.tag.grammemes for p in readings(word))


def _surname_lemmas(word: str) -> set[str]:
    return {p.normal_form for p in readings(word) if "Surn" in p.tag.grammemes} if word[:1].isupper() else set()


def surnames_alone(question: str, texts: list[str]) -> list[str]:
    """Capitalized words the question writes alone that the texts write after a first name."""
    words = [t.text for t in tokenize(question) if t.kind == "word"]
    lone = [
        w
        for i, w in enumerate(words)
        if i > 0
        and w[:1].isupper()
        and not words[i - 1][:1].isupper()
        and not (i + 1 < len(words) and words[i + 1][:1].isupper())
    ]
    named = set().union(*(_surnames_after_first_names(t) for t in texts)) if lone else set()
    return [word for word in lone if _surname_lemmas(word) & named]


@lru_cache(maxsize=4096)
def _surnames_after_first_names(text: str) -> frozenset[str]:
    """The surname lemmas the text writes right after a first name («Станиславом Бортниковым»)."""
    words = _WORD.findall(text)
    return frozenset(
        surname
        for before, after in zip(words, words[1:], strict=False)
        if after[:1].isupper() and _is_first_name(before)
        for surname in _surname_lemmas(after)
    )
