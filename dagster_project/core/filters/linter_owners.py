"""Linter rules on names that leave out whose or what they are (rules of Russian news writing).

- A body named by its own class noun («МУП «Водоканал»», «Общественная палата») is one of many: news
  gives its owner right after the name at the first mention («МУП «Водоканал» Каменногорска», «первый
  заместитель председателя Общественной палаты области») and may drop it later; a question has no
  earlier mention, so it must name the owner too.
- A name the texts quote longer, going on with a genitive in small letters («АО «Каменногорский
  завод железобетонных изделий»»), is cut short without its end («Каменногорский завод»).
- A board is a body of an organization, not one: «совет директоров «Надёжного щита»», «попечительский
  совет ВТУ», «правление банка» answer no «Какую организацию ...?».
- A town and its «городской округ» are one municipality with one head («глава Верхнесольского
  городского округа» and «руководил Верхнесольском»): a set listing both names one body twice.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..common.russian import lemma, lemma_key
from .alternatives import toponymic
from .question_grammar import cases_of, readings

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


_QUOTED_NAME = re.compile(r"«([^«»]{2,120})»")


def longer_quoted_name(item: str, texts: list[str]) -> str | None:
    """A «quoted» name of the texts that begins with the item's words and goes on with a genitive in
    small letters («Каменногорский завод | железобетонных изделий»); None when there is none."""
    words = item.split()
    key = lemma_key(item)
    for text in texts:
        for name in _QUOTED_NAME.findall(text.replace("„", "«").replace("“", "»")):
            written = name.split()
            if len(written) <= len(words) or not written[len(words)][:1].islower():
                continue
            if "gent" in cases_of(written[len(words)]) and lemma_key(" ".join(written[: len(words)])) == key:
                return name
    return None


# The governing bodies of an organization, by lemma key («совет директоров», «правление»).
_BOARDS = ("совет директор", "попечительский совет", "наблюдательный совет", "правление", "управляющий совет")


def board_of_an_organization(item: str) -> bool:
    """The item names a board of some organization: «Совет директоров Надёжного щита»."""
    key = f" {lemma_key(item)} "
    return len(item.split()) > 1 and any(f" {board} " in key for board in _BOARDS)
