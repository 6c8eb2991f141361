"""Abbreviations of organization names: «ТИО», «РНФ», and syllabic ones such as «БерГУ».

Extraction reads an article's «Полное название (СОКР)» with them and normalization joins a bare
abbreviation to the month's full name, so both stages must agree on what abbreviates what.
"""

from __future__ import annotations

import re

from .russian import fold

_ABBREVIATION = re.compile(r"[А-ЯЁA-Z][а-яёa-z]{0,3}(?:[А-ЯЁA-Z][а-яёa-z]{0,3})+")
_ABBREVIATION_PART = re.compile(r"[А-ЯЁA-Z][а-яёa-z]*")
_NAME_WORD = re.compile(r"[А-ЯЁа-яёA-Za-z-]+")


def is_abbreviation(name: str) -> bool:
    """«ТИО», «БерГУ», «РНФ»: one word, two or more capitals, no lowercase letter before the second."""
    return bool(_ABBREVIATION.fullmatch(name))


def abbreviation_parts(abbreviation: str) -> list[str]:
    """«БерГУ» -> [«бер», «г», «у»]: each part begins one word of the full name."""
    return [fold(p) for p in _ABBREVIATION_PART.findall(abbreviation)]


def abbreviates(abbreviation: str, name: str) -> bool:
    """Each part of the abbreviation («Бер», «Г», «У») begins the next word of the name
    («Бережанский государственный университет»); short function words («и», «по») are skipped,
    and so may be a leading regional adjective before three or more parts, which agencies often leave out («ККБ» for
    «Тихоморская краевая клиническая больница»)."""
    parts = abbreviation_parts(abbreviation)
    if len(parts) < 2:
        return False
    written = _NAME_WORD.findall(name)
    # a compound adjective gives a letter per part («ЦБК»: «целлюлозно-бумажный комбинат») or one in all
    compound = [p for w in written for p in (w.split("-") if w.split("-")[-1].islower() else [w])]
    for words in ([fold(w) for w in written if len(w) > 2], [fold(p) for p in compound if len(p) > 2]):
        candidates = (words, words[1:]) if len(parts) >= 3 else (words,)
        if any(
            len(words) >= 2
            and len(candidate) == len(parts)
            and all(w.startswith(p) for p, w in zip(parts, candidate, strict=True))
            for candidate in candidates
        ):
            return True
    return False


# Compound short words Russian news uses for a region's or a city's bodies, by lemma, with the
# words of the full name they stand for: «облдума» is the «областная дума», «горсовет» the
# «городской совет», «горадминистрация» the «администрация города».
COMPOUND_BODY_WORDS = {
    "облдума": "областной дума",
    "гордума": "городской дума",
    "горсовет": "городской совет",
    "заксобрание": "законодательный собрание",
    "облсуд": "областной суд",
    "горсуд": "городской суд",
    "облправительство": "правительство область",
    "горадминистрация": "администрация город",
    "райадминистрация": "администрация район",
    "облизбирком": "областной избирательный комиссия",
    "горизбирком": "городской избирательный комиссия",
}


def expand_compound_bodies(key: str) -> str:
    """A lemma key with each compound body word spelled out: «приморский облдума» -> «приморский
    областной дума»."""
    words = key.split()
    if not any(word in COMPOUND_BODY_WORDS for word in words):
        return key
    return " ".join(COMPOUND_BODY_WORDS.get(word, word) for word in words)


# Legal forms Russian news writes before a company's or an agency's name («ООО «Вектор»», «АО
# «Омшанский арматурный завод»», «МУП «Горводоканал»»), by lemma; the name after them is the entity's.
LEGAL_FORMS = frozenset(
    "ооо оао зао ао пао нао муп гуп фгуп гк нпо нпп ано нко гбу гбуз мбу мау гау фгбу фгбоу кфх спк "
    "мку гку фку мбоу маоу мадоу мбдоу гбоу гбпоу гапоу".split()
)
