"""A body whose owner is a bare class noun of a place: «правительства области», «министерстве
финансов региона». News names the region once («Вельозерская область») and then writes «области»;
the body is that region's when the article named exactly one place of that kind before
(matchers_posts.earlier_place), and names nobody a reader could look up otherwise."""

from __future__ import annotations

import re
from functools import lru_cache

from ...common.russian import fold, inflect_phrase, lemma_key, morph
from .lexicon import ANAPHORIC_PLACE_SYNONYMS


def with_place_owner(sentence, head, normal: str) -> str | None:
    """`normal` («Правительство области», «министр здравоохранения региона») with its last word, a
    bare place noun governed by the chain of genitives, replaced by the genitive of the one such place
    the article named before («Правительство Вельозерской области»); a governor's post («первый
    заместитель губернатора») with the region's name after it. None when there is no such owner or
    no one place."""
    owner = _last_owner(sentence, head)
    if owner is None or not normal.endswith(" " + owner.text):
        return None
    if owner.lemma in _REGION_HEADS:
        genitive = _earlier_place_genitive(sentence, owner, ANAPHORIC_PLACE_SYNONYMS["регион"])
        kept = normal
    else:
        # (its kinds given: NER may take the bare noun into the body's name, «Фонд развития области»)
        kinds = ANAPHORIC_PLACE_SYNONYMS.get(owner.lemma)
        singular = kinds and owner.feats.get("Number") == "Sing"
        genitive = _earlier_place_genitive(sentence, owner, kinds) if singular else None
        kept = normal[: -len(owner.text)].rstrip()
    return f"{kept} {genitive}" if genitive is not None else None


def _earlier_place_genitive(sentence, token, kinds) -> str | None:
    """The genitive of the one place of `kinds` the article named before `token`; None when there is
    none, or when its name does not inflect (it would stand in the nominative inside another name)."""
    from .matchers_posts import earlier_place  # matchers_posts imports arguments, which imports this

    place = earlier_place(sentence, token, kinds)
    if place is None:
        return None
    genitive = inflect_phrase(place.normal, "gent")
    return genitive if fold(genitive) != fold(place.normal) else None


# A region's head, whose deputy's post names the region after it: «заместитель губернатора».
_REGION_HEADS = frozenset({"губернатор"})


def _last_owner(sentence, head):
    """The last genitive of the chain after `head` («правительства | области», «министерстве |
    финансов | области»; the parser may hang each genitive on the head), if it has no words of its own."""
    chain, frontier = [], [head]
    while frontier:
        current = frontier.pop()
        for owner in sentence.kids(current, "nmod"):
            if not sentence.preposition(owner) and owner.feats.get("Case") == "Gen" and owner.start > head.start:
                chain.append(owner)
                frontier.append(owner)
    last = max(chain, key=lambda t: t.start, default=None)
    span = sentence.article.span_of.get(last.id) if last is not None else None
    if last is None or last.text[:1].isupper() or (span is not None and span.type == "LOC"):
        return None
    return last if all(k.rel in {"punct", "case"} for k in sentence.kids(last)) else None


# «региональный минздрав», «областной минфин»: the region's own ministry.
_REGIONAL_ADJECTIVES = {"региональный": ANAPHORIC_PLACE_SYNONYMS["регион"], "областной": frozenset({"область"})}
_REGIONAL_ADJECTIVES["краевой"] = frozenset({"край"})


def regional_body(sentence, token, name: str) -> str | None:
    """«Министерство здравоохранения Вельозерской области» for «региональный минздрав» (`name`: the
    ministry's full name without an owner) in an article that named one region before; None otherwise."""
    kinds = {k.lemma for k in sentence.kids(token, "amod")} & _REGIONAL_ADJECTIVES.keys()
    if len(kinds) != 1:
        return None
    genitive = _earlier_place_genitive(sentence, token, _REGIONAL_ADJECTIVES[kinds.pop()])
    return f"{name} {genitive}" if genitive is not None else None


# «Сорокопольской ЦРБ»: a capitalized adjective right before an abbreviation.
_QUALIFIED_ABBREVIATION = re.compile(r"(?<![\w«-])([А-ЯЁ][а-яё]{3,}(?:-[А-ЯЁ][а-яё]+)?)\s+([А-ЯЁ]{2,5})(?![\w-])")


@lru_cache(maxsize=1024)
def qualified_abbreviation(text: str, abbreviation: str) -> str | None:
    """«Сорокопольская ЦРБ» for a bare «ЦРБ» in an article that writes that abbreviation after one
    place's adjective only («в Сорокопольской ЦРБ не хватает врачей ... главный врач ЦРБ»): news
    names a district's hospital so and then drops the district. None when the article gives the
    abbreviation two adjectives or none."""
    nominatives: dict[str, str] = {}
    for match in _QUALIFIED_ABBREVIATION.finditer(text):
        if match.group(2) != abbreviation:
            continue  # (a sentence's first word counts too: «Новая ЦРБ ...» makes a second adjective)
        nominative = _adjective_nominative(match.group(1))
        if nominative is None:
            return None  # not an adjective: «главный врач ЦРБ» after «Ивана Петрова ЦРБ» says nothing
        nominatives.setdefault(fold(nominative), nominative)
    return f"{next(iter(nominatives.values()))} {abbreviation}" if len(nominatives) == 1 else None


def _adjective_nominative(word: str) -> str | None:
    """«Сорокопольской» -> «Сорокопольская»: the singular nominative of the adjective's gender; None
    when the word has no adjective reading or its readings disagree on the gender."""
    readings = [p for p in morph().parse(word.lower()) if p.tag.POS == "ADJF" and "sing" in p.tag]
    genders = {p.tag.gender for p in readings}
    if not readings or len(genders) != 1:
        return None
    inflected = readings[0].inflect({"nomn", "sing", readings[0].tag.gender})
    if inflected is None:
        return None
    return _kept_case(word, inflected.word)


def _kept_case(written: str, word: str) -> str:
    """The nominative spelled as the text writes the adjective: capitalized, its «е» kept."""
    letters = [("е" if c == "ё" and i < len(written) and written[i].lower() == "е" else c) for i, c in enumerate(word)]
    out = "".join(letters)
    return out[:1].upper() + out[1:]


# A region's legislature, whose committees are named «по ...» («комитет Законодательного собрания по
# социальной политике»): the «по ...» is the committee's, and the bare name the one region's.
LEGISLATURES = frozenset({"собрание", "дума"})
_REGIONAL_LEGISLATURES = frozenset({"законодательный собрание"})


def regional_legislature(sentence, head, normal: str) -> str | None:
    """«Законодательное собрание Вельозерской области» for a bare «Законодательное собрание» in an
    article that named one region (область, край, республика) before; None otherwise."""
    if lemma_key(normal) not in _REGIONAL_LEGISLATURES:
        return None
    genitive = _earlier_place_genitive(sentence, head, ANAPHORIC_PLACE_SYNONYMS["регион"])
    return f"{normal} {genitive}" if genitive is not None else None
