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
from collections.abc import Iterable

from ..common.abbreviations import is_abbreviation
from ..common.russian import lemma, lemma_key
from .question_grammar import readings, tokenize

_QUOTED = re.compile(r"«([^«»]{1,80})»")
_WORD = re.compile(r"[А-ЯЁа-яёA-Za-z][А-ЯЁа-яёA-Za-z-]*")
# What may stand before a sentence's first word: the start, an end mark, a dash or a quote after it.
_SENTENCE_START = re.compile(r"(?:^|[.!?…\n]\s*[«\"—–-]?\s*)$")


def _without_quotes(text: str) -> str:
    """The text with every «...» name (nested ones too) taken out."""
    while True:
        bare = _QUOTED.sub(" , ", text)
        if bare == text:
            return bare
        text = bare


def _quoted_keys(text: str) -> set[str]:
    keys = set()
    while True:
        found = _QUOTED.findall(text)
        if not found:
            return keys
        keys |= {lemma_key(name.replace("„", " ").replace("“", " ")) for name in found}
        text = _QUOTED.sub(" , ", text)


def always_quoted(texts: Iterable[str]) -> set[str]:
    """Lemma keys of the names the texts quote and never write bare."""
    texts = list(texts)
    quoted = set().union(*(_quoted_keys(t) for t in texts)) if texts else set()
    bare = " ".join(f" {lemma_key(_without_quotes(t))} " for t in texts)
    return {key for key in quoted if key and f" {key} " not in bare}


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
    small = inside = False
    for text in texts:
        for match in _WORD.finditer(text):
            word = match.group(0)
            if word[:1].lower() != wanted[:1] or lemma(word) != wanted:
                continue
            if word[:1].islower():
                small = True
            elif not _SENTENCE_START.search(text[: match.start()]):
                inside = True
    return small, inside


def common_nouns_as_names(names: Iterable[str], texts: list[str]) -> list[str]:
    """One-word names the texts never quote and write in small letters, capitalized only where a
    sentence starts: a common noun («Аграрии»), not a name."""
    quoted = set().union(*(_quoted_keys(t) for t in texts)) if texts else set()
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
    found = []
    for word in lone:
        wanted = _surname_lemmas(word)
        for text in texts if wanted else []:
            pairs = zip(_WORD.findall(text), _WORD.findall(text)[1:], strict=False)
            if any(_surname_lemmas(after) & wanted and _is_first_name(before) for before, after in pairs):
                found.append(word)
                break
    return found
