"""Which written form of a name is its nominative, read from how the month writes it.

A name in quotes after its class noun or legal form stands in apposition and keeps the nominative
whatever the case of the noun before it («с ООО «Сибмостстрой-Ярга»», «директор компании
«Сибмостстрой-Ярга»»), so such a form is the name's nominative even where the dictionary, which does
not know the name, would read its last word as a genitive («Ярга» as «Ярг»)."""

from __future__ import annotations

import re
from collections import Counter

import pandas as pd

from ..common.abbreviations import is_abbreviation
from ..common.russian import morph

# Words, then the whole rest of the written argument in quotes: «ООО «Сибмостстрой-Ярга»».
_APPOSITION = re.compile(r"^(?:[А-ЯЁа-яё-]+\s+)*(?P<noun>[А-ЯЁа-яё]+)\s+«(?P<name>[^«»]+)»$")


def nominatives_in_apposition(raw: pd.DataFrame) -> set[str]:
    """The normal forms the month writes in quotes after a noun, exactly as written there."""
    found = set()
    for side in ("subject", "object"):
        for written, normal in raw[[side, f"{side}_normal"]].itertuples(index=False):
            match = _APPOSITION.match(str(written).strip())
            if match and match.group("name") == normal and _noun(match.group("noun")):
                found.add(normal)
    return found


def _noun(word: str) -> bool:
    """A legal form («ООО») or a noun («компании»); not a preposition («у «Сокола»»)."""
    if is_abbreviation(word):
        return True
    return len(word) > 2 and any(p.tag.POS == "NOUN" for p in morph().parse(word.lower()))


# A capitalized word of a sentence («Яргане», «Усть-Талицы»).
_CAPITALIZED = re.compile(r"(?<![\w-])[А-ЯЁ][а-яё]+(?![\w-])")


def with_place_nominatives(raw: pd.DataFrame) -> pd.DataFrame:
    """`raw` with each one-word place name the dictionary does not know put into the nominative
    whose singular paradigm covers most of the forms the month's sentences write of it: «в Яргане»
    gives «Яргана» (a feminine guess) where the month also writes «Ярган» and «Яргана», which only
    the masculine «Ярган» covers all of. Without a form that only another paradigm has, the name stays."""
    places = set()
    for side in ("subject", "object"):
        places |= set(raw.loc[raw[f"{side}_type"] == "LOC", f"{side}_normal"])
    words: Counter = Counter()
    for sentence in raw["sentence"].drop_duplicates():
        words.update(_CAPITALIZED.findall(str(sentence)))
    better = {name: _covering_nominative(name, words) for name in places if _unknown_word(name)}
    better = {name: found for name, found in better.items() if found != name}
    if not better:
        return raw
    raw = raw.copy()
    for side in ("subject", "object"):
        is_place = raw[f"{side}_type"] == "LOC"
        raw.loc[is_place, f"{side}_normal"] = raw.loc[is_place, f"{side}_normal"].map(lambda n: better.get(n, n))
    return raw


def _unknown_word(name: str) -> bool:
    return bool(_CAPITALIZED.fullmatch(name)) and not any(p.is_known for p in morph().parse(name.lower()))


def _covering_nominative(name: str, words: Counter) -> str:
    stem = name.lower()[: max(3, len(name) - 2)]
    related = {w.lower(): n for w, n in words.items() if w.lower().startswith(stem)}
    related[name.lower()] = related.get(name.lower(), 0)
    candidates = {name.lower()} | {
        p.normal_form for w in related for p in morph().parse(w) if p.tag.POS == "NOUN" and "sing" in p.tag
    }
    covered = {c: _singular_forms(c) for c in candidates}
    covered = {c: forms for c, forms in covered.items() if name.lower() in forms}  # the mention's own form
    if not covered:
        return name
    score = {c: sum(n for w, n in related.items() if w in forms) for c, forms in covered.items()}
    best = max(sorted(score), key=lambda c: (score[c], c == name.lower()))
    return best.capitalize() if score[best] > score.get(name.lower(), -1) else name


def _singular_forms(nominative: str) -> set[str]:
    """The singular forms of the noun whose nominative singular is `nominative`."""
    return {
        form.word
        for p in morph().parse(nominative)
        if p.tag.POS == "NOUN" and p.tag.case == "nomn" and "sing" in p.tag and p.normal_form == nominative
        for form in p.lexeme
        if "sing" in form.tag
    }
