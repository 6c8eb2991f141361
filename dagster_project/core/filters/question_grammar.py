"""Morphology of one short Russian question or answer, as the linter needs it.

Questions are split into words (pymorphy3 readings), guillemet-quoted names (opaque: their case
is carried by the class noun before them) and punctuation; then into clauses; each clause into
its finite verbs and the noun groups that are not governed by a preposition. Everything here is
a rule of Russian grammar, independent of the corpus.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..common import tokens as word_tokens
from ..common.abbreviations import LEGAL_FORMS as _LEGAL_FORM_WORDS
from ..common.russian import fold, morph

ALL_CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})
# pymorphy3's second genitive / locative / vocative count as the main case.
_CASE_ALIASES = {"gen1": "gent", "gen2": "gent", "acc2": "accs", "loc1": "loct", "loc2": "loct", "voct": "nomn"}
_NOMINAL_POS = {"NOUN", "ADJF", "PRTF", "NPRO", "NUMR"}
_PERSON_NAME = {"Name", "Surn", "Patr"}
_QUOTE_RE = re.compile(r"«[^«»]*»|\"[^\"]*\"")
_NUMBER_RE = re.compile(r"^\d+(?:[.,]\d+)?$")
_UNITS = {"%", "‰", "₽", "$", "€"}
_NONSTANDARD = {"Infr", "Erro", "Dist", "Arch"}  # "года" as an informal plural is not a nominative
_WH_PRONOUNS = {"что", "кто"}  # pymorphy3 prefers the conjunction reading of "что"
_RELATIVE = "котор"  # the stem of "который" in every form


@lru_cache(maxsize=100_000)
def readings(word: str) -> tuple:
    return tuple(morph().parse(word))


def cases_of(word: str, pos: set[str] | None = None) -> frozenset[str]:
    """The cases a word can be in (among standard readings of the given parts of speech)."""
    return _cases(word, None if pos is None else frozenset(pos))


@lru_cache(maxsize=100_000)
def _cases(word: str, pos: frozenset[str] | None) -> frozenset[str]:
    found = set()
    for parse in readings(word):
        if (pos is not None and parse.tag.POS not in pos) or _NONSTANDARD & parse.tag.grammemes:
            continue
        case = parse.tag.case
        if case:
            found.add(_CASE_ALIASES.get(str(case), str(case)))
    return frozenset(found)


@dataclass(frozen=True)
class Token:
    text: str
    kind: str  # word, number, unit, quoted, punct

    @property
    def lower(self) -> str:
        return fold(self.text)

    @property
    def top(self):
        return readings(self.text)[0] if self.kind == "word" else None

    @property
    def pos(self) -> str:
        return _top_pos(self.text) if self.kind == "word" else ""

    def lemma(self) -> str:
        return _top_lemma(self.text) if self.kind == "word" else self.lower

    def has_pos(self, *pos: str) -> bool:
        return self.kind == "word" and any(p.tag.POS in pos for p in readings(self.text))

    def is_preposition(self) -> bool:
        return self.pos == "PREP"

    def is_finite_verb(self) -> bool:
        # a question capitalizes only its first word and names: «Заречстрой» is a company, never «строй!»
        return self.pos == "VERB" and not (self.text[:1].isupper() and self.has_pos("NOUN"))

    def is_nominal(self) -> bool:
        return self.kind in {"quoted", "number"} or (
            self.kind == "word" and (self.pos in _NOMINAL_POS or self.lower in _WH_PRONOUNS))

    def is_name_part(self) -> bool:
        """A capitalized first name, surname or patronymic ("Анна", "Соколова")."""
        return (self.kind == "word" and self.text[:1].isupper()
                and any(_PERSON_NAME & p.tag.grammemes for p in readings(self.text)))  # fmt: skip

    def is_opaque(self) -> bool:
        """Tokens whose case morphology cannot tell: quoted names, numbers, abbreviations, Latin."""
        return (
            self.kind != "word"
            or (self.text.isupper() and len(self.text) > 1)
            or not re.fullmatch(r"[А-Яа-яЁё-]+", self.text)
            or any(part[:1].isupper() for part in self.text.split("-")[1:])
        )


@lru_cache(maxsize=100_000)
def _top_pos(word: str) -> str:
    """The part of speech of a word's likeliest reading (asked of one question's words many times)."""
    return str(readings(word)[0].tag.POS)


@lru_cache(maxsize=100_000)
def _top_lemma(word: str) -> str:
    return fold(readings(word)[0].normal_form)


def tokenize(text: str) -> list[Token]:
    """Words, numbers, quoted names and punctuation; a quoted name is one token."""
    return list(_tokens(text))


@lru_cache(maxsize=20_000)
def _tokens(text: str) -> tuple[Token, ...]:
    """`tokenize`, remembered: each rule of the linter reads the question (and the answer) again."""
    tokens: list[Token] = []
    position = 0
    for match in _QUOTE_RE.finditer(text):
        tokens += _plain_tokens(text[position : match.start()])
        tokens.append(Token(match.group(0), "quoted"))
        position = match.end()
    return tuple(tokens + _plain_tokens(text[position:]))


def _plain_tokens(text: str) -> list[Token]:
    out = []
    for piece in word_tokens.tokenize(text):  # razdel's tokens
        value = piece.text
        if _NUMBER_RE.match(value):
            out.append(Token(value, "number"))
        elif value in _UNITS:
            out.append(Token(value, "unit"))
        elif re.search(r"[0-9A-Za-zА-Яа-яЁё]", value):
            out.append(Token(value, "word"))
        else:
            out.append(Token(value, "punct"))
    return out


# --- noun groups and clauses ---------------------------------------------------------------------


@dataclass
class Group:
    """A noun group: adjectives, its head noun, an apposed quoted name, genitive dependents."""

    tokens: list[Token] = field(default_factory=list)
    cases: frozenset[str] = ALL_CASES
    has_head: bool = False
    person_name: bool = False

    @property
    def text(self) -> str:
        return " ".join(t.text for t in self.tokens)


@dataclass
class Clause:
    tokens: list[Token]
    continues: bool  # starts with "и" + verb: the subject is the previous clause's
    verbs: list[Token] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)  # not governed by a preposition
    has_infinitive: bool = False


def _agreeing_cases(token: Token) -> frozenset[str]:
    if token.is_opaque():
        return ALL_CASES
    return cases_of(token.text, _NOMINAL_POS) or ALL_CASES


def _starts_new_group(group: Group, token: Token) -> bool:
    """After a complete noun group, does this nominal start a new one (or depend on it)?"""
    if not group.has_head:
        return False
    if token.kind == "quoted":
        return False  # "клуб «Сокол»": an apposed name
    if group.person_name and (token.is_name_part() or _surname_after_first_name(group, token)):
        return False  # "Анна Соколова", "Константин Лебедь"
    if token.kind == "number" or token.lower in _LEGAL_FORM_WORDS:
        return True  # «иск ООО «Гранит»»: a legal form opens the name of the subject after the object
    if token.is_name_part():
        head = next((t for t in reversed(group.tokens) if t.pos == "NOUN"), None)
        if head is not None and not group.person_name and "anim" in head.top.tag and (
                group.cases & _agreeing_cases(token)):  # fmt: skip
            return False  # "губернатор Михаил Орлов": a name apposed to a person noun
        if "nomn" in _agreeing_cases(token):
            return True  # "возглавляет администрацию Верхнеозёрска Игорь Белов"
    return "gent" not in _agreeing_cases(token)  # a genitive depends on the group before it


def _leaves_the_governed(group: Group, token: Token) -> bool:
    """«Кого сменил на посту человек, ...»: after a noun a preposition governs, a common noun whose
    likeliest reading is the nominative starts the subject («человек», not «(постов) людей»)."""
    return group.has_head and token.kind == "word" and token.text.islower() and token.top.tag.case == "nomn"


def _surname_after_first_name(group: Group, token: Token) -> bool:
    """A capitalized word right after a first name is the surname, whatever else the dictionary knows it
    as («Константин Лебедь», «Ольга Пресняк»)."""
    last = group.tokens[-1]
    return (token.kind == "word" and token.text[:1].isupper() and last.kind == "word"
            and "Name" in last.top.tag.grammemes)  # fmt: skip


def _is_group_word(token: Token) -> bool:
    """A word a noun group can hold; "сколько" and "как" are nominal to pymorphy3 but ask, not name."""
    return token.is_nominal() and token.lower not in {"сколько", "как"}


def _is_head(token: Token) -> bool:
    return (token.kind in {"quoted", "number"} or token.pos in {"NOUN", "NPRO"} or token.lower in _WH_PRONOUNS
            or token.lower.startswith(_RELATIVE))  # fmt: skip


def _extend_group(group: Group, token: Token) -> None:
    """Adds a word to the group; its case narrows with each word up to the head (and along a name)."""
    group.tokens.append(token)
    if not group.has_head or (group.person_name and token.is_name_part()):
        group.cases = group.cases & _agreeing_cases(token) or group.cases
    if _is_head(token):
        group.person_name = group.person_name or (not group.has_head and token.is_name_part())
        group.has_head = True


def noun_groups(tokens: list[Token]) -> list[Group]:
    """Noun groups of a clause that no preposition governs."""
    groups: list[Group] = []
    current: Group | None = None
    governed = False  # the group being read follows a preposition
    for token in tokens:
        if token.is_preposition():
            current, governed = None, True
            continue
        if not _is_group_word(token):
            if current is not None or token.kind == "punct" or token.is_finite_verb():
                current, governed = None, False
            continue
        if current is not None and (
            _starts_new_group(current, token) or (governed and _leaves_the_governed(current, token))
        ):
            current, governed = None, False
        if current is None:
            current = Group()
            if not governed:
                groups.append(current)
        _extend_group(current, token)
    return groups


_CLAUSE_ENDS = {",", "?", ".", "!", ";"}


def _joins_predicates(tokens: list[Token], i: int) -> bool:
    """Is tokens[i] an "и" before a second predicate ("и открыл", "и который", "и в котором")?"""
    if tokens[i].lower != "и" or i + 1 >= len(tokens):
        return False
    following = tokens[i + 1]
    relative_after_preposition = (
        following.is_preposition() and i + 2 < len(tokens) and tokens[i + 2].lower.startswith(_RELATIVE)
    )
    return following.is_finite_verb() or following.lower.startswith(_RELATIVE) or relative_after_preposition


def _split_at_boundaries(tokens: list[Token]) -> list[Clause]:
    """Clauses without their analysis; the boundary tokens themselves belong to none."""
    clauses: list[Clause] = []
    current: list[Token] = []
    continues = False
    for i, token in enumerate(tokens):
        joins = _joins_predicates(tokens, i)
        if token.text in _CLAUSE_ENDS or joins:
            if current:
                clauses.append(Clause(current, continues))
            current = []
            continues = joins and tokens[i + 1].is_finite_verb()
            continue
        current.append(token)
    if current:
        clauses.append(Clause(current, continues))
    return clauses


def split_clauses(tokens: list[Token]) -> list[Clause]:
    """Clauses split at commas and at "и" that joins two predicates ("и который ...", "и открыл ..."),
    each with its finite verbs and free noun groups."""
    clauses = _split_at_boundaries(tokens)
    for clause in clauses:
        clause.verbs = [t for t in clause.tokens if t.is_finite_verb()]
        clause.has_infinitive = any(t.pos == "INFN" for t in clause.tokens)
        clause.groups = noun_groups(clause.tokens)
    return clauses


# --- answers --------------------------------------------------------------------------------------

MONTHS = frozenset(
    "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь".split()
)
_TIME_HEADS = frozenset(
    {"начало", "конец", "середина", "год", "весна", "лето", "осень", "зима", "квартал", "полугодие"}
)


def _is_year(token: Token) -> bool:
    return token.kind == "number" and token.text.isdigit() and len(token.text) == 4 and token.text[:2] in {"19", "20"}


def is_date(text: str) -> bool:
    """A calendar date or period: "28 октября", "сентябрь 2025 года", "2024 год", "начало сентября"."""
    tokens = [t for t in tokenize(text) if t.kind != "punct"]
    if not tokens:
        return False
    first = tokens[0]
    if _is_year(first):
        return True
    if first.kind == "number":
        return len(tokens) > 1 and tokens[1].lemma() in MONTHS
    return first.kind == "word" and (first.lemma() in MONTHS or (
        first.lemma() in _TIME_HEADS and any(t.lemma() in MONTHS or _is_year(t) for t in tokens[1:])))  # fmt: skip


def is_quantity(text: str) -> bool:
    """Starts with a number: digits ("14,5 млрд рублей", "34%") or a numeral ("девять самолётов")."""
    tokens = [t for t in tokenize(text) if t.kind != "punct"]
    return bool(tokens) and (tokens[0].kind == "number" or tokens[0].has_pos("NUMR"))


def looks_like_person(text: str) -> bool | None:
    """True for a personal name ("Анна Соколова", "Мартынов"), False for what cannot be one
    (quoted names, common nouns, dates, numbers), None when morphology cannot tell."""
    tokens = [t for t in tokenize(text) if t.kind != "punct"]
    if not tokens or any(t.kind != "word" for t in tokens):
        return False
    if not all(t.text[:1].isupper() for t in tokens):
        return False
    if all(t.is_name_part() for t in tokens) and any(_PERSON_NAME & t.top.tag.grammemes for t in tokens):
        return True
    if len(tokens) >= 2 and _PERSON_NAME & tokens[0].top.tag.grammemes and "Name" in tokens[0].top.tag:
        return None  # a first name and an unknown surname: the texts decide
    return False


def _number_phrase_problem(text: str, tokens: list) -> str | None:
    """A number answer needs its unit, and the unit the case a number governs (nominative or genitive)."""
    first, rest = tokens[0], tokens[1:]
    if not rest:
        return None if _is_year(first) else f"number «{first.text}» without a unit"
    following = rest[0]
    if _is_year(first) and following.lemma() == "год" and "nomn" not in cases_of(following.text):
        return f"year in an oblique case «{text}»"
    if following.kind == "word" and not following.is_opaque() and not ({"nomn", "gent"} & cases_of(following.text)):
        return f"«{following.text}» after a number is in an oblique case"
    return None


def fragment_problem(text: str) -> str | None:
    """Why an answer item is not a full nominal phrase in the nominative, or None."""
    tokens = [t for t in tokenize(text) if t.kind != "punct"]
    if not tokens:
        return "empty answer"
    first = tokens[0]
    if first.is_preposition():
        return f"starts with the preposition «{first.text}»"
    if first.kind == "number":
        return _number_phrase_problem(text, tokens)
    if first.has_pos("NUMR"):
        return _numeral_problem(first)
    return _leading_group_problem(text, tokens)


def _numeral_problem(numeral: Token) -> str | None:
    """A counted answer ("девять самолётов") starts with its numeral in the nominative or accusative."""
    if not {"nomn", "accs"} & cases_of(numeral.text, {"NUMR"}):
        return f"numeral «{numeral.text}» in an oblique case"
    return None


# Russian place names in «-ово», «-ево», «-ино», «-ыно» are neuter nouns that do not inflect in news
_PLACE_NAME_IN_O = re.compile(r"[А-ЯЁ][а-яё]+(?:ов|ев|ёв|ин|ын)о")


def _adjective_before_more(token: Token, tokens: list[Token]) -> bool:
    """A word whose likeliest reading is an adjective, with a lowercase word after it."""
    at = tokens.index(token)
    following = tokens[at + 1] if at + 1 < len(tokens) else None
    return token.pos == "ADJF" and following is not None and following.kind == "word" and following.text.islower()


def _leading_group_problem(text: str, tokens: list[Token]) -> str | None:
    """The leading group, adjectives up to the first noun, must be nominative and agree."""
    agreement = None  # (number, gender) readings the leading words share in the nominative
    for token in tokens:
        if token.is_opaque():
            if token.kind == "quoted":
                return None
            continue
        if _PLACE_NAME_IN_O.fullmatch(token.text):
            return None  # «Вересково», «Бородино»: a place name the dictionary reads as a short adjective
        nominal = cases_of(token.text, {"NOUN", "ADJF", "PRTF", "NPRO"})
        if not nominal:
            return f"«{token.text}» is not a noun phrase"
        if "nomn" not in nominal:
            return f"«{token.text}» is in an oblique case"
        agreement = _agree(agreement, _nominative_forms(token.text))
        if not agreement:
            return f"«{text}» does not agree in the nominative"
        # the head noun ends the group; a word read first as an adjective («Журавецкая», also a
        # surname to the dictionary) still wants its noun to agree
        head = token.has_pos("NOUN") and "nomn" in cases_of(token.text, {"NOUN"})
        if head and not _adjective_before_more(token, tokens):
            return None
    return None


def _nominative_forms(word: str) -> set[tuple[str, str]]:
    """(number, gender) of the word's nominative readings; "*" where gender does not apply."""
    forms = set()
    for parse in readings(word):
        if parse.tag.case == "nomn" and not _NONSTANDARD & parse.tag.grammemes:
            number = str(parse.tag.number or "sing")
            common = number == "plur" or {"GNdr", "Ms-f"} & parse.tag.grammemes or not parse.tag.gender
            forms.add((number, "*" if common else str(parse.tag.gender)))
    return forms


def _agree(left: set | None, right: set) -> set:
    if left is None:
        return right
    return {(n, h if g == "*" else g) for n, g in left for m, h in right if n == m and (g == h or "*" in (g, h))}
