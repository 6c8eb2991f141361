"""A body whose owner is a bare class noun of a place: «правительства области», «министерстве
финансов региона». News names the region once («Вельозерская область») and then writes «области»;
the body is that region's when the article named exactly one place of that kind before
(matchers_posts.earlier_place), and names nobody a reader could look up otherwise."""

from __future__ import annotations

from ...common.russian import fold, inflect_phrase
from .lexicon import ANAPHORIC_PLACE_SYNONYMS


def with_place_owner(sentence, head, normal: str) -> str | None:
    """`normal` («Правительство области») with its last word, a bare place noun governed by the
    body's chain of genitives, replaced by the genitive of the one such place the article named
    before («Правительство Вельозерской области»); None when there is no such owner or no one place."""
    from .matchers_posts import earlier_place  # matchers_posts imports arguments, which imports this

    owner = _bare_place_owner(sentence, head)
    if owner is None or not normal.endswith(" " + owner.text):
        return None
    place = earlier_place(sentence, owner)
    if place is None:
        return None
    genitive = inflect_phrase(place.normal, "gent")
    if fold(genitive) == fold(place.normal):
        return None  # not inflected: the name would stand in the nominative inside the body's
    return normal[: -len(owner.text)] + genitive


def _bare_place_owner(sentence, head):
    """The last genitive of the body's chain («правительства | области», «министерстве | финансов |
    области»; the parser may hang each genitive on the body) when it is a place's class noun."""
    chain, frontier = [], [head]
    while frontier:
        current = frontier.pop()
        for owner in sentence.kids(current, "nmod"):
            if not sentence.preposition(owner) and owner.feats.get("Case") == "Gen" and owner.start > head.start:
                chain.append(owner)
                frontier.append(owner)
    last = max(chain, key=lambda t: t.start, default=None)
    return last if last is not None and last.lemma in ANAPHORIC_PLACE_SYNONYMS else None


# «региональный минздрав», «областной минфин»: the region's own ministry.
_REGIONAL_ADJECTIVES = {"региональный": ANAPHORIC_PLACE_SYNONYMS["регион"], "областной": frozenset({"область"})}
_REGIONAL_ADJECTIVES["краевой"] = frozenset({"край"})


def regional_body(sentence, token, name: str) -> str | None:
    """«Министерство здравоохранения Вельозерской области» for «региональный минздрав» (`name`: the
    ministry's full name without an owner) in an article that named one region before; None otherwise."""
    from .matchers_posts import earlier_place  # matchers_posts imports arguments, which imports this

    kinds = {k.lemma for k in sentence.kids(token, "amod")} & _REGIONAL_ADJECTIVES.keys()
    if len(kinds) != 1:
        return None
    place = earlier_place(sentence, token, _REGIONAL_ADJECTIVES[kinds.pop()])
    if place is None:
        return None
    genitive = inflect_phrase(place.normal, "gent")
    return f"{name} {genitive}" if fold(genitive) != fold(place.normal) else None
