"""A bare class noun that refers back to the one organization the article named with it.

News names a company once («компания «Вектор» открыла завод») and then says «компания»:
«Штаб-квартира компании находится в Казани», «компания подписала контракт». Such a noun is
resolved only when nothing else could be meant: before it, the article named exactly one
organization with that class noun and no bare quoted name («Полярный путь» without a class noun)
that could be another organization of its kind.
"""

from __future__ import annotations

import re

from ...common.russian import fold, restore_yo, span_nominative
from .lexicon import CLASS_NOUNS, INSTITUTION_NOUNS
from .relations import ORGANIZATION

_QUOTED_AFTER = re.compile(r"\s*«([^«»]{1,80})»")
# Modifiers that keep a noun anaphoric: «эта компания», «сама компания».
_ANAPHORIC_MODIFIERS = frozenset({"этот", "данный", "сам", "такой"})


def anaphoric_noun(sentence, token) -> bool:
    """A singular organization class noun with no name, modifier or owner of its own."""
    if token.pos != "NOUN" or CLASS_NOUNS.get(token.lemma) != ORGANIZATION or token.lemma in INSTITUTION_NOUNS:
        return False
    if token.feats.get("Number") != "Sing" or (token.text[:1].isupper() and token is not sentence.tokens[0]):
        return False
    own = sentence.kids(token, "amod", "nmod", "appos", "flat", "flat:name", "nummod", "det", "compound")
    return all(k.lemma in _ANAPHORIC_MODIFIERS for k in own)


def earlier_namesake(sentence, token) -> tuple[str, str] | None:
    """(name, class noun) of the one organization the article named with this class noun before
    `token`, if no other organization could be meant."""
    text = sentence.article.text
    names: set[str] = set()
    rivals: set[str] = set()
    for sent in sentence.article.sentences:
        previous = None
        for word in sent.tokens:
            if word.start >= token.start:
                break
            quoted = _QUOTED_AFTER.match(text, word.stop)
            if word.lemma == token.lemma and quoted is not None:
                names.add(quoted.group(1).strip())
            elif word.lemma == token.lemma and _ends_organization_name(sentence, word):
                names.add(_span_name(sentence, sentence.article.span_of[word.id]))
            elif _bare_quoted_organization(sentence, word, previous):
                rivals.add(_quoted_name(text, word))
            previous = word if word.text != "«" else previous
    if len(names) != 1:
        return None
    (name,) = names
    if any(fold(rival) != fold(name) for rival in rivals):
        return None
    return name, token.lemma


def _ends_organization_name(sentence, word) -> bool:
    """«Верхнеозёрский технический университет»: an unquoted name the class noun ends."""
    span = sentence.article.span_of.get(word.id)
    return span is not None and span.type == "ORG" and len(span.tokens) > 1 and span.tokens[-1].id == word.id


def _span_name(sentence, span) -> str:
    tokens = list(span.tokens)
    surface = sentence.article.text[tokens[0].start : tokens[-1].stop]
    return restore_yo(span_nominative(tokens, "ORG"), surface)


def _bare_quoted_organization(sentence, word, previous) -> bool:
    """The first word of a quoted organization's name with no class noun before the quote; a
    quoted remark («Мы откроем ...», — сказал ...) is speech, not a name."""
    span = sentence.article.span_of.get(word.id)
    if not word.text[:1].isupper() or sentence.article.text[word.start - 1 : word.start] != "«":
        return False
    if span is None and _speech(sentence.article.text, word):
        return False
    if span is None and previous is not None and previous.pos == "NOUN":
        return False  # «направление «Техническая эксплуатация ...»»: the name of that noun's thing
    if span is not None and span.type != "ORG":  # a person or a place in quotes is no rival
        return False
    return previous is None or previous.lemma not in CLASS_NOUNS


def _speech(text: str, word) -> bool:
    """A remark in quotes: a dash after it introduces who said it, and a name has no sentence
    punctuation and few words."""
    quoted = _quoted_name(text, word)
    closing = text.find("»", word.start)
    said = closing > 0 and _SAID.match(text, closing + 1) is not None
    return said or any(mark in quoted for mark in ".!?,:;") or len(quoted.split()) > _LONGEST_NAME_WORDS


_SAID = re.compile(r"[,.!?…]?\s*[—–]")

_LONGEST_NAME_WORDS = 6


def _quoted_name(text: str, word) -> str:
    closing = text.find("»", word.start)
    return text[word.start : closing].strip() if closing > 0 else text[word.start : word.stop]
