"""Linter rules on names that leave out whose or what they are (rules of Russian news writing).

- A body named by its own class noun («МУП «Водоканал»», «Общественная палата») is one of many: news
  gives its owner right after the name at the first mention («МУП «Водоканал» Каменногорска», «первый
  заместитель председателя Общественной палаты области») and may drop it later; a question has no
  earlier mention, so it must name the owner too.
- An abbreviation a text spells out («Северореченская дорожная компания» (СДК)) stands for the name
  written before it: the answer is that full name, not its letters.
- A town and its «городской округ» are one municipality with one head («глава Верхнесольского
  городского округа» and «руководил Верхнесольском»): a set listing both names one body twice.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..common.russian import lemma
from .alternatives import toponymic
from .question_grammar import readings

# A place's class noun, whose genitive after a body's name is the body's owner.
_PLACE_NOUNS = frozenset("город район область край округ регион республика поселение".split())
_TOWN_DISTRICT = re.compile(r"^(?P<adjective>[А-ЯЁ][а-яё-]+ский) городской округ$")


def place_noun_owner(word: str, following: list) -> bool:
    """`word` (with the tokens `following` it) is a place's class noun in the genitive and in small
    letters: «города» (Светлодонска), «области», «района». A capitalized class noun starts a name of
    its own («Общественная палата Области ...» does not occur); a plural is no one place."""
    if not word[:1].islower():
        return False
    genitive = [
        r for r in readings(word) if r.tag.POS == "NOUN" and r.tag.case == "gent" and r.normal_form in _PLACE_NOUNS
    ]
    if not any(r.tag.number == "sing" for r in genitive):
        return False
    # «города» needs the town's name after it; «области», «района» stand alone for the article's own
    return genitive[0].normal_form != "город" or bool(following and following[0].text[:1].isupper())


# Municipal utilities news names by their trade alone, every town having one: «МУП «Водоканал»»,
# «МУП «Горэлектросеть»», «МКУ «Благоустройство»».
_UTILITY_NAMES = frozenset(
    "водоканал горводоканал водоканализация тепловодоканал теплосеть горэлектросеть электросеть горсвет"
    " благоустройство спецавтохозяйство жилкомсервис горжилхоз горводоснабжение".split()
)


@lru_cache(maxsize=4096)
def generic_word(name: str) -> bool:
    """A one-word name that is a utility's trade («Водоканал», «Теплосеть»): one of many towns'."""
    return " " not in name and lemma(name) in _UTILITY_NAMES


def spelled_out(abbreviation: str, texts: list[str]) -> bool:
    """A text writes the abbreviation in brackets right after the name it stands for: «(СДК)»."""
    return any(f"({abbreviation})" in text for text in texts)


def town_districts_twice(items: list[str]) -> list[tuple[str, str]]:
    """(district, town) pairs of the items where «X-ский городской округ» is the town X's own:
    «Верхнесольский городской округ» and «Верхнесольск»."""
    pairs = []
    for item in items:
        match = _TOWN_DISTRICT.match(item)
        if not match:
            continue
        adjective = match.group("adjective").lower()
        pairs += [(item, other) for other in items if " " not in other and toponymic(adjective, other.lower())]
    return pairs
