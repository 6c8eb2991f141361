"""Abbreviations of organization names: «ТИО», «РНФ», and syllabic ones such as «БерГУ».

Extraction reads an article's «Полное название (СОКР)» with them and normalization joins a bare
abbreviation to the month's full name, so both stages must agree on what abbreviates what.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .russian import fold, morph

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
    for words in (w for written in spellings(name) for w in _shortenings(written)):
        candidates = (words, words[1:]) if len(parts) >= 3 else (words,)
        if any(
            len(words) >= 2
            and len(candidate) == len(parts)
            and all(w.startswith(p) for p, w in zip(parts, candidate, strict=True))
            for candidate in candidates
        ):
            return True
    return False


# A regional body's abbreviation leaves out its legal form and its region: «УКС» is «КГКУ «Управление
# капитального строительства Приокеанского края»».
_REGIONAL_FORMS = frozenset("кгку кгбу кгбуз кгау огку огбу огбуз огау гкуз".split())
_REGION_TAIL = frozenset({"края", "области", "республики", "округа"})


def _shortenings(words: list[str]) -> list[list[str]]:
    """The name's words as written, and without a leading legal form and a trailing region."""
    out = [words]
    if len(words) > 2 and (words[0] in LEGAL_FORMS or words[0] in _REGIONAL_FORMS):
        words = words[1:]
    if len(words) > 3 and words[-1] in _REGION_TAIL and words[-2].endswith(("ого", "ой", "ей", "его")):
        words = words[:-2]
    return out if words == out[0] else [*out, words]


def spellings(name: str) -> list[list[str]]:
    """The name's words (folded, three letters or more) as an abbreviation may take them: as written;
    a compound adjective giving a letter per part («ЦБК»: «целлюлозно-бумажный комбинат», «УШВЗ»:
    «Усть-Шорьинский вагоностроительный завод»), a hyphenated brand staying one word («Кварц-Лаб»);
    and a compound written as one word giving a letter per root («ВГЛТУ»: «лесотехнический»), a
    proper adjective staying whole («Каменногорский» is one letter, never «каменно-горский»)."""
    written = _NAME_WORD.findall(name)
    compound = [p for w in written for p in (w.split("-") if _split_compound(w) else [w])]
    rooted = [root for part in compound for root in (_roots(part) if part.islower() else (fold(part),))]
    return [
        [fold(w) for w in written if len(w) > 2],
        [fold(p) for p in compound if len(p) > 2],
        [r for r in rooted if len(r) > 2],
    ]


def _split_compound(word: str) -> bool:
    """«целлюлозно-бумажный», «Усть-Шорьинский»: a hyphenated adjective, not a brand («Кварц-Лаб»)."""
    last = word.split("-")[-1]
    return "-" in word and (last.islower() or _ADJECTIVE_ENDING.search(last) is not None)


_ADJECTIVE_ENDING = re.compile(r"(?:ский|цкий|ской|ный|ой|ий|ый)$")


@lru_cache(maxsize=50_000)
def _roots(word: str) -> tuple[str, ...]:
    """«лесотехнический» -> («лесо», «технический»): a compound adjective's first root ends in the
    joining vowel and the rest is an adjective of its own; other words stay whole («вельозерский»)."""
    for cut in range(3, len(word) - 4):
        rest = word[cut:]
        if word[cut - 1] in "ое" and morph().word_is_known(rest) and any(
            p.tag.POS == "ADJF" for p in morph().parse(rest)
        ):
            return (word[:cut], rest)
    return (word,)


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
