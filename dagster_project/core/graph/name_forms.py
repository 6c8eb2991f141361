"""Which written form of a name is its nominative, read from how the month writes it.

A name in quotes after its class noun or legal form stands in apposition and keeps the nominative
whatever the case of the noun before it («с ООО «Сибмостстрой-Ярга»», «директор компании
«Сибмостстрой-Ярга»»), so such a form is the name's nominative even where the dictionary, which does
not know the name, would read its last word as a genitive («Ярга» as «Ярг»)."""

from __future__ import annotations

import re

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
