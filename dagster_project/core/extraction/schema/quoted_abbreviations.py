"""An abbreviation defined after a quoted name: «Северореченская дорожная компания» (СДК).

News spells a company's name out once, in quotes, with its abbreviation in brackets, and writes
the abbreviation alone after that («Генеральный директор СДК ...»). Natasha often tags no span
for a quoted name of common words, so the definition is read from the text itself. Only a name
written in the nominative is taken («с «Северореченской дорожной компанией» (СДК)» would need
inflecting back, which a name of unknown words does not allow safely)."""

from __future__ import annotations

import re

from ...common.abbreviations import abbreviates
from ...common.russian import fold, morph

# «Name» (ABBR): the quoted name, then the abbreviation alone in brackets.
_DEFINITION = re.compile(r"«([А-ЯЁ][^«»()]{2,80})»\s*\(([А-ЯЁ][А-ЯЁа-яё]{1,9})\)")


def quoted_abbreviations(text: str) -> dict[str, str]:
    """Folded abbreviation -> the quoted name it abbreviates, for each definition in the text whose
    name is in the nominative and whose words' initials spell the abbreviation."""
    found: dict[str, str] = {}
    for name, abbreviation in _DEFINITION.findall(text):
        words = [w for w in re.findall(r"[А-ЯЁа-яё-]+", name) if len(w) > 2]
        initials = "".join(w[0] for w in words).upper()
        if (initials == abbreviation.upper() or abbreviates(abbreviation, name)) and _nominative(words):
            found.setdefault(fold(abbreviation), " ".join(name.split()))
    return found


def _nominative(words: list[str]) -> bool:
    """The name's first noun can be a nominative («... дорожная компания», not «... компанией»); an
    adjective alone says nothing («Тихоморской» is a masculine nominative too)."""
    for word in words:
        readings = morph().parse(word.lower())
        if any(p.tag.POS == "NOUN" for p in readings):
            return any(p.tag.POS == "NOUN" and p.tag.case == "nomn" for p in readings)
    return False
