"""The question linter: an offline, deterministic well-formedness verdict per question.

Each rule is a rule of Russian or of news writing, checked on the question, its answer and its
gold texts, so it holds for template and LLM questions alike. A question fails with every reason
that applies; the reason column lists them as `code: detail` separated by "; ".
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ..common.abbreviations import LEGAL_FORMS, abbreviates, is_abbreviation
from ..common.parses import article_text
from ..common.russian import PREPOSITION_VOWEL, lemma, lemma_key, lemmas, needs_vowel, parse_document
from . import linter_names, linter_owners, linter_posts
from .alternatives import (
    DEAL_NOUNS,
    HOME_RELATIONS,
    asked_class_noun,
    asked_facts,
    deal_sides,
    fact_parts,
    fills,
    home_city_names,
    is_deal_paper,
    name_attachment,
    name_key,
    question_tense,
    relation_words,
    said,
    statement_sides,
    synonyms,
    toponymic,
    verb_arguments,
)
from .question_grammar import (
    Clause,
    Group,
    Token,
    cases_of,
    fragment_problem,
    is_date,
    is_quantity,
    looks_like_person,
    readings,
    split_clauses,
    tokenize,
)
from .verdicts import FAIL, FILTER_COLUMNS, PASS

MISSING_OBJECT = "missing_object"
RELATIVE_TIME = "relative_time"
FRAGMENT_ANSWER = "fragment_answer"
QUESTION_WORD_TYPE = "question_word_type"
ANSWER_NOT_IN_TEXT = "answer_not_in_text"
CONDITION_REDUNDANT = "condition_redundant"
UNGRAMMATICAL = "ungrammatical"
ANSWER_IN_QUESTION = "answer_in_question"
INCOMPLETE_SET = "incomplete_set"
NOT_UNIQUE = "not_unique"
OTHER_DEAL_PARTY = "other_deal_party"
OTHER_ACQUISITION = "other_acquisition"
PLAN_AS_DONE = "plan_as_done"
DUPLICATE_MEMBER = "duplicate_member"
REASON_CODES = (
    MISSING_OBJECT, RELATIVE_TIME, FRAGMENT_ANSWER, QUESTION_WORD_TYPE, ANSWER_NOT_IN_TEXT,
    CONDITION_REDUNDANT, UNGRAMMATICAL, ANSWER_IN_QUESTION, INCOMPLETE_SET, NOT_UNIQUE, OTHER_DEAL_PARTY,
    OTHER_ACQUISITION, PLAN_AS_DONE, DUPLICATE_MEMBER,
)  # fmt: skip

# Transitive verbs that news uses without an object ("клуб выиграл у «Сокола»").
_ABSOLUTE_USE = frozenset({"выиграть", "проиграть", "победить", "сыграть", "играть", "уступить", "голосовать"})
# «преподаёт в университете», «форум прошёл в Твери»: news uses these without an object
_ABSOLUTE_USE |= {"преподавать", "пройти", "проходить"}
# Verbs whose quantity is their own measure: "Сколько стоит ...?", "Сколько составила выручка?"
_MEASURE_VERBS = frozenset({"стоить", "весить", "длиться", "продолжаться", "составить", "составлять", "насчитывать"})
_COPULAS = frozenset({"называться", "являться", "быть", "стать", "становиться", "считаться", "зваться"})
# Time words that only make sense relative to the article's date.
_DEICTIC = frozenset({"вчера", "сегодня", "завтра", "позавчера", "послезавтра", "накануне", "недавно", "сейчас",
                      "теперь", "ныне", "нынче", "назад", "вскоре"})  # fmt: skip
_RELATIVE_ADJECTIVES = frozenset({"следующий", "прошлый", "предыдущий", "текущий", "нынешний", "минувший",
                                  "прошедший", "будущий", "предстоящий", "грядущий", "позапрошлый"})  # fmt: skip
_TIME_UNITS = frozenset({"год", "месяц", "неделя", "день", "сутки", "время", "сезон", "квартал", "полугодие",
                         "выходные", "весна", "лето", "осень", "зима"})  # fmt: skip
_EVENTS = frozenset({"матч", "игра", "тур", "встреча", "заседание", "сессия", "этап", "раз", "турнир", "выпуск"})
_PERSON_WORDS = frozenset({"кто"})  # every case form lemmatizes to "кто"
_PLACE_WORDS = frozenset({"где", "куда", "откуда"})
# Class nouns of organizations, as «Какую организацию ...?» uses them.
_ORGANIZATION_NOUNS = frozenset({"организация", "компания", "предприятие", "учреждение", "фирма", "ведомство"})
# Authorities that are always of a place: a name cannot end with one in the genitive and no owner.
_OWNED_NOUNS = frozenset({"мэрия", "администрация", "правительство", "префектура", "дума"})
# A place's class noun ends a name only after the place's own adjective («... Тверской области»);
# bare, it is the article's place left unsaid («... администрации города»: which city?).
_PLACE_NOUNS = frozenset("город район область край округ регион республика".split())
# A word and the innermost «...» name after it: «ООО «Бергранит»», «пароход «Гордый»», «у «Сокола»».
# (Not inside a word: a match there would have started at the word's start, so this only saves the tries.)
_QUOTED = re.compile(r"(?<!\w)(\w+)\s+«([^«»]{2,80})»")
# A name in quotes, for lists of organizations Natasha does not tag: «А», «Б» и «В».
_QUOTED_NAME = re.compile(r"«([^«»]{2,80})»")
# What joins the names of a list: «A, B и C», «A и B», «A, а также B».
_LIST_JOINT = re.compile(r"\s*(?:,|,?\s+и|,?\s+а\s+также)\s+")  # quotes around the names taken out


@dataclass(frozen=True)
class Finding:
    code: str
    detail: str

    def __str__(self) -> str:
        return f"{self.code}: {self.detail}"


def reason_codes(reason: str) -> list[str]:
    """The reason codes of a linter reason string ("missing_object: ...; relative_time: ...")."""
    codes = [part.split(":", 1)[0].strip() for part in reason.split("; ")]
    return [code for code in codes if code in REASON_CODES]


# --- the question alone ---------------------------------------------------------------------------


_QUESTION_WORDS = frozenset({"кто", "что", "где", "куда", "откуда", "когда", "сколько", "какой"})


def _wh_word(clauses: list[Clause]) -> Token | None:
    for token in clauses[0].tokens if clauses else []:
        if token.kind == "word" and token.lemma() in _QUESTION_WORDS:
            return token
    return None


def relative_time(text: str) -> list[Finding]:
    words = [w for w in lemmas(text)]
    found = []
    for i, word in enumerate(words):
        window = words[i + 1 : i + 4]
        if word in _DEICTIC:
            found.append(word)
        elif word == "на" and window[:1] == ["день"]:
            found.append("на днях")
        elif word in _RELATIVE_ADJECTIVES and set(window) & (_TIME_UNITS | _EVENTS):
            found.append(f"{word} {next(w for w in window if w in _TIME_UNITS | _EVENTS)}")
        elif word in {"этот", "это", "последний"} and set(window[:2]) & _TIME_UNITS:
            found.append(f"{word} {next(w for w in window[:2] if w in _TIME_UNITS)}")
    return [Finding(RELATIVE_TIME, f"«{phrase}» depends on the article's date") for phrase in found]


def _missing_counted_noun(tokens: list[Token]) -> Finding | None:
    """«Сколько» needs what is counted right after it ("Сколько очков набрал ..."), unless the
    verb measures itself ("Сколько стоит ...") or it asks a difference ("На сколько выросла ...")."""
    for i, token in enumerate(tokens):
        if token.lower != "сколько":
            continue
        if i > 0 and tokens[i - 1].lower == "на":
            return None
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if following is not None and following.kind == "word" and "gent" in cases_of(following.text, {"NOUN", "ADJF"}):
            return None
        if following is not None and following.is_finite_verb() and following.lemma() in _MEASURE_VERBS:
            return None
        return Finding(MISSING_OBJECT, "«Сколько» without the counted noun")
    return None


def _clause_findings(clause: Clause) -> list[Finding]:
    verbs = [v for v in clause.verbs if v.lemma() not in _COPULAS]
    core = [g for g in clause.groups if g.cases & {"nomn", "accs", "gent"}]
    findings = [Finding(MISSING_OBJECT, f"«{verb.text}» has no object")
                for verb in verbs if _lacks_object(verb, clause, core)]  # fmt: skip
    subjects = [g for g in core if g.cases == {"nomn"}]
    if verbs and len(subjects) >= 2:
        findings.append(Finding(UNGRAMMATICAL, f"two subjects «{subjects[0].text}» and «{subjects[1].text}»"))
    return findings


def _lacks_object(verb: Token, clause: Clause, core: list[Group]) -> bool:
    """A transitive verb needs its object among the clause's free groups, besides its subject."""
    if "tran" not in verb.top.tag or verb.lemma() in _ABSOLUTE_USE or clause.has_infinitive:
        return False
    objects = [g for g in core if g.cases & {"accs", "gent"}]
    # no subject to name: a continued predicate, an imperative, an indefinite-personal plural
    needed = 1 if clause.continues or {"impr", "plur"} & verb.top.tag.grammemes else 2
    return len(core) < needed or not objects


def _preposition_findings(tokens: list[Token]) -> list[Finding]:
    findings = []
    for token, following in zip(tokens, tokens[1:] + [Token("?", "punct")], strict=True):
        if not token.is_preposition():
            continue
        if following.is_preposition() and following.lower != token.lower + "о":
            findings.append(Finding(UNGRAMMATICAL, f"two prepositions «{token.text} {following.text}»"))
        elif following.kind == "punct" or following.is_finite_verb():
            findings.append(Finding(UNGRAMMATICAL, f"dangling preposition «{token.text}»"))
        elif following.lower == "сколько" and token.lower != "на":
            findings.append(Finding(UNGRAMMATICAL, f"«{token.text} сколько» needs an inflected «скольких»"))
        elif token.lower in PREPOSITION_VOWEL and following.kind in {"word", "quoted"}:
            if needs_vowel(token.lower, following.lower.strip("«»\"")):
                findings.append(Finding(UNGRAMMATICAL, f"«{token.text} {following.text}» needs «{token.lower}о»"))
    return findings


def question_findings(question: str) -> list[Finding]:
    tokens = tokenize(question)
    clauses = split_clauses(tokens)
    findings = relative_time(question)
    counted = _missing_counted_noun(tokens)
    if counted is not None:
        findings.append(counted)
    for clause in clauses:
        findings += _clause_findings(clause)
    return findings + _preposition_findings(tokens)


# --- the answer -----------------------------------------------------------------------------------


def answer_findings(
    question: str, items: list[str], is_person: Callable[[str], bool | None] = looks_like_person
) -> list[Finding]:
    findings = []
    for item in items:
        problem = fragment_problem(item) or _malformed_name(item)
        if problem:
            findings.append(Finding(FRAGMENT_ANSWER, problem))
        findings += relative_time(item)
    wh = _wh_word(split_clauses(tokenize(question)))
    findings += _question_word_findings(wh, items, is_person)
    question_key = f" {' '.join(lemmas(question))} "
    for item in items:
        key = " ".join(lemmas(item))
        if key and f" {key} " in question_key:
            findings.append(Finding(ANSWER_IN_QUESTION, f"the question names its answer «{item}»"))
    return findings


def _malformed_name(item: str) -> str | None:
    """A doubled space inside a name («МУП  Водоканал») is where normalization dropped its quotes;
    so does a legal form before a name with no quotes at all («ООО СК Кварцит»); a bracket or a
    quote left open cuts a name off inside it («... корпорация (КРКО»)."""
    if "  " in item.strip():
        return f"«{item}» is a name that lost its quotes"
    words = item.split()
    if "«" not in item and any(w.lower() in LEGAL_FORMS and w.isupper() for w in words[:-1]):
        return f"«{item}» is a name that lost its quotes"
    if item.count("(") != item.count(")") or item.count("«") != item.count("»"):
        return f"«{item}» breaks off inside brackets or quotes"
    return None


def _question_word_findings(wh: Token | None, items: list[str], is_person) -> list[Finding]:
    if wh is None:
        return []
    word = wh.lemma()
    mismatched = [(item, _expected_kind(word, item, is_person(item))) for item in items]
    return [Finding(QUESTION_WORD_TYPE, f"«{wh.text}» asks for {kind}, the answer is «{item}»")
            for item, kind in mismatched if kind]  # fmt: skip


def _expected_kind(word: str, item: str, person: bool | None) -> str | None:
    """What the question word asks for when the answer item is not that, else None."""
    if word in _PERSON_WORDS and person is False:
        return "a person"
    if word == "что" and person is True:
        return "a thing, not a person"
    if word == "когда" and not is_date(item):
        return "a date"
    if word in _PLACE_WORDS and (is_date(item) or is_quantity(item) or person is True):
        return "a place"
    if word == "сколько" and not is_quantity(item):
        return "a number"
    return None


# --- the gold texts -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Name:
    start: int
    stop: int
    type: str
    key: str  # lemma key


def _unlisted_members(group: list[Name], keys: set[str], anchors: set[str], text: str) -> list[tuple[str, str]]:
    """Names of a list, neither members (`keys`) nor anchors, of the type of a member in it
    (««Кварц-Лаб» и «Северный ветер» подписали соглашение» lists the anchor with a member)."""
    members = [n for n in group if n.key in keys]
    kinds = {n.type for n in members}

    def written(name: Name) -> str:
        return text[name.start : name.stop].strip("«»")

    return [(written(n), written(members[0]))
            for n in group if n.key not in keys | anchors and n.type in kinds]  # fmt: skip


def _sentence_around(text: str, start: int, stop: int) -> str:
    begin = max(text.rfind(mark, 0, start) for mark in ".!?\n") + 1
    ends = [i for i in (text.find(mark, stop) for mark in ".!?\n") if i >= 0]
    return text[begin : min(ends) if ends else len(text)]


@dataclass(frozen=True)
class Body:
    """An article's body as the parse tokenizes it (the headline left out), each token's lemma, and
    where each lemma occurs, so a search for a name starts only at its first word."""

    tokens: list
    keys: list[str]
    positions: dict[str, list[int]]


class GoldTexts:
    """Lemmatized texts of the month, with the named entities Natasha finds in each (for types)."""

    def __init__(self, articles: pd.DataFrame, parse: Callable[[str], Any] = parse_document):
        # The article as extraction parsed it (the title a sentence of its own), so the linter reads
        # that one parse, cached where the pipeline keeps parses.
        texts = map(article_text, articles["title"], articles["text"])
        self._text = dict(zip(articles["article_id"], texts, strict=True))
        self._order = {article_id: i for i, article_id in enumerate(self._text)}  # the month's order
        self._parse = parse
        self._lemmas: dict[str, str] = {}
        self._entities: dict[str, list[Name]] = {}
        self._documents: dict[str, Any] = {}
        self._classes: dict[str, set[str]] | None = None
        self._sentence_keys: dict[str, list[str]] = {}
        self._quoted: dict[str, dict[str, set[str]]] = {}
        self._postings: dict[str, set[str]] | None = None  # lemma -> articles that have it
        self._kinds_by_key: dict[str, list[str]] | None = None  # name key -> its types, mention by mention
        self._referents: dict[str, dict[str, Name]] = {}
        self._deals: dict[str, list[list[Name]]] = {}
        self._bodies: dict[str, Body] = {}
        self._joinings: dict[str, list[tuple[list[Name], list[Name]]]] = {}
        self._capitalized: set[str] | None = None

    def __contains__(self, article_id: str) -> bool:
        return article_id in self._text

    def order(self, article_id: str) -> int:
        """The article's place in the month (the texts come in order of publication)."""
        return self._order[article_id]

    def lemma_text(self, article_id: str) -> str:
        if article_id not in self._lemmas:
            self._lemmas[article_id] = f" {' '.join(lemmas(self._text[article_id]))} "
        return self._lemmas[article_id]

    def quoted_names(self, article_id: str) -> dict[str, set[str]]:
        """Lemma key -> the forms a «quoted» name takes after a noun or a legal form («клуба «Сокол»»,
        «ООО «Бергранит»»): there Russian keeps a name in the nominative, whatever the noun's case."""
        if article_id not in self._quoted:
            names: dict[str, set[str]] = {}
            for before, name in _QUOTED.findall(self._text[article_id]):
                if before.isupper() or (before.islower() and readings(before)[0].tag.POS == "NOUN"):
                    names.setdefault(lemma_key(name), set()).add(_surface(name))
            self._quoted[article_id] = names
        return self._quoted[article_id]

    def capitalized_words(self) -> set[str]:
        """Every capitalized word the month's texts write (built once: asked for each answer)."""
        if self._capitalized is None:
            words = (re.findall(r"\b[А-ЯЁ][а-яё]+\b", text) for text in self._text.values())
            self._capitalized = set().union(*words)
        return self._capitalized

    def entity_types(self, article_id: str) -> dict[str, str]:
        """Lemma key of each named entity's normal form -> PER / ORG / LOC."""
        return {name.key: name.type for name in self.names(article_id)}

    @property
    def article_ids(self) -> list[str]:
        return list(self._text)

    def text(self, article_id: str) -> str:
        return self._text[article_id]

    def document(self, article_id: str):
        """The article's Natasha parse (sentences, tokens with lemmas and dependencies, spans)."""
        if article_id not in self._documents:
            self._documents[article_id] = self._parse(self._text[article_id])
        return self._documents[article_id]

    def sentence_keys(self, article_id: str) -> list[str]:
        """The lemma key of each sentence of the parse, spaces around (computed once per article)."""
        if article_id not in self._sentence_keys:
            sentences = self.document(article_id).sents
            self._sentence_keys[article_id] = [f" {lemma_key(sentence.text)} " for sentence in sentences]
        return self._sentence_keys[article_id]

    def kinds(self, key: str, article_ids: Iterable[str]) -> set[str]:
        """The entity types (PER / ORG / LOC) the texts give a name's lemma key."""
        return {name.type for a in article_ids if a in self for name in self.names(a) if name.key == key}

    def month_kinds(self, key: str) -> list[str]:
        """The type of every mention of a name in the month's texts (indexed once: the month-wide
        checks ask it for every question)."""
        if self._kinds_by_key is None:
            self._kinds_by_key = {}
            for article_id in self._text:
                for name in self.names(article_id):
                    self._kinds_by_key.setdefault(name.key, []).append(name.type)
        return self._kinds_by_key.get(key, [])

    def articles_saying(self, groups: Iterable[Iterable[str]]) -> list[str]:
        """Articles whose lemmas include a word of every group (a group: a word and its synonyms), in
        the month's order; from an index built once, so a month-wide check does not reread every text."""
        postings = self._lemma_postings()
        found: set[str] | None = None
        for group in groups:
            having = set().union(*(postings.get(word, set()) for word in group))
            found = having if found is None else found & having
            if not found:
                return []
        return list(self._text) if found is None else sorted(found, key=self._order.__getitem__)

    def articles_with_lemma_prefix(self, prefix: str) -> list[str]:
        """Articles with a lemma starting with `prefix` (a place and its adjective share a stem)."""
        postings = self._lemma_postings()
        found = set().union(*(ids for word, ids in postings.items() if word.startswith(prefix)))
        return sorted(found, key=self._order.__getitem__)

    def _lemma_postings(self) -> dict[str, set[str]]:
        if self._postings is None:
            self._postings = {}
            for article_id in self._text:
                for word in set(self.lemma_text(article_id).split()):
                    self._postings.setdefault(word, set()).add(article_id)
        return self._postings

    def class_nouns(self, key: str) -> set[str]:
        """The nouns the month's texts write a quoted name after («клуб «Кедр»» -> клуб)."""
        if self._classes is None:
            self._classes = {}
            for text in self._text.values():
                for before, name in _QUOTED.findall(text):
                    if not before.isupper() and readings(before)[0].tag.POS == "NOUN":
                        self._classes.setdefault(lemma_key(name), set()).add(lemma(before))
        return self._classes.get(key, set())

    def main_kind(self, key: str) -> str | None:
        """The type the month's texts give a name most often (Natasha tags a town now and then as ORG)."""
        found = self.month_kinds(key)
        return max(sorted(set(found)), key=found.count) if found else None

    def names(self, article_id: str) -> list[Name]:
        """The named entities Natasha finds in the text, and quoted names it missed, in text order."""
        if article_id not in self._entities:
            text = self._text[article_id]
            doc = self.document(article_id)
            found = [Name(span.start, span.stop, span.type, lemma_key(span.normal or span.text)) for span in doc.spans]
            for match in _QUOTED_NAME.finditer(text):
                if not any(n.start <= match.start() < n.stop or match.start() <= n.start < match.end() for n in found):
                    found.append(Name(match.start(), match.end(), "ORG", lemma_key(match.group(1))))
            self._entities[article_id] = sorted(found, key=lambda n: n.start)
        return self._entities[article_id]

    def class_referents(self, article_id: str) -> dict[str, Name]:
        """Class noun -> the one name the article writes with it («стартап «Кварц-Лаб»», the head of
        «Верхнеозёрский технический университет»): news calls a named thing by its class noun
        afterwards («стартап», «университет»). A noun two names of the article share stands for neither."""
        if article_id not in self._referents:
            found: dict[str, list[Name]] = {}
            tokens = {t.id: t for sentence in self.document(article_id).sents for t in sentence.tokens}
            for name in self.names(article_id):
                for noun in _class_nouns_of(name, tokens, self._text[article_id]):
                    # «Банк «Восход»» and «Восход» are one name
                    if not any(_names_an_end(name.key, {n.key}) for n in found.get(noun, [])):
                        found.setdefault(noun, []).append(name)
            self._referents[article_id] = {noun: names[0] for noun, names in found.items() if len(names) == 1}
        return self._referents[article_id]

    def deal_parties(self, article_id: str) -> list[list[Name]]:
        """The parties of each deal the article reports (a sentence with «соглашение», «договор» or
        «контракт»), read from the parse: the names on the paper («соглашение с Б», «соглашением
        компании и университета») and the signer and co-signer of its verb. News often states the
        deal first and its paper after («А поставит оборудование для Б. Контракт подписан 13
        октября»): a paper with fewer than two parties takes those of the sentence before it."""
        if article_id not in self._deals:
            sentences = self.document(article_id).sents
            deals = []
            for i, sentence in enumerate(sentences):
                papers = [t for t in sentence.tokens if is_deal_paper(sentence, t)]
                if not papers:
                    continue
                found = [name for name, _ in self.mentions(article_id, sentence, deal_sides(sentence, papers))]
                if len({n.key for n in found}) < 2 and i > 0:
                    before = self.mentions(article_id, sentences[i - 1], statement_sides(sentences[i - 1]))
                    found = [name for name, _ in before] + found
                deals.append(found)
            self._deals[article_id] = deals
        return self._deals[article_id]

    def joinings(self, article_id: str) -> list[tuple[list[Name], list[Name]]]:
        """(the names that joined, the names whose group they joined) of each «вошла в группу» of the
        article, sentence by sentence (read once: every acquisition question of the month asks)."""
        if article_id not in self._joinings:
            sentences = self.document(article_id).sents
            self._joinings[article_id] = [found for s in sentences for found in _joinings(article_id, s, self)]
        return self._joinings[article_id]

    def body(self, article_id: str) -> Body:
        """The article's body tokens with their lemmas, indexed by lemma (built once per article)."""
        if article_id not in self._bodies:
            tokens = [t for sentence in self.document(article_id).sents[1:] for t in sentence.tokens]
            keys = [lemma(t.text) for t in tokens]
            positions: dict[str, list[int]] = {}
            for i, key in enumerate(keys):
                positions.setdefault(key, []).append(i)
            self._bodies[article_id] = Body(tokens, keys, positions)
        return self._bodies[article_id]

    def mentions(self, article_id: str, sentence, is_side: Callable[[Any], bool]) -> list[tuple[Name, Any]]:
        """The names of a sentence, and the class nouns that stand for a name of the article, each
        with the token it hangs on the sentence by, kept where `is_side` accepts that token."""
        by_id = {t.id: t for t in sentence.tokens}
        names = [n for n in self.names(article_id) if sentence.start <= n.start < sentence.stop]
        found = [(name, name_attachment(sentence, by_id, name.start, name.stop)) for name in names]
        found += self._referent_mentions(article_id, sentence, names)
        sides = []
        for name, token in found:
            while token is not None and token.rel == "conj" and token.head_id in by_id:
                token = by_id[token.head_id]  # «компании и университета»: each conjunct is a side
            if token is not None and is_side(token):
                sides.append((name, token))
        return sides

    def _referent_mentions(self, article_id: str, sentence, names: list[Name]) -> list[tuple[Name, Any]]:
        """Bare class nouns («банка», «университета») that stand for the article's one name of them."""
        referents = self.class_referents(article_id)
        found = []
        for token in sentence.tokens:
            referent = referents.get(token.lemma)
            stop = token.start + len(token.text)
            named = any(n.start <= token.start < n.stop or 0 <= n.start - stop <= 2 for n in names)
            if token.pos == "NOUN" and referent is not None and not named:
                found.append((referent, token))
        return found

    def listed_with(self, article_id: str, keys: set[str], anchors: set[str]) -> list[tuple[str, str]]:
        """(name, a member of `keys`) for every name the text lists together with a member («A, B
        и C»: names joined by a comma, «и» or «а также»), where the list is the set's own: it holds
        two members, or its sentence names an anchor."""
        text, names = self._text[article_id], self.names(article_id)
        groups: list[list[Name]] = [names[:1]]
        for previous, name in zip(names, names[1:], strict=False):
            if _LIST_JOINT.fullmatch(text[previous.stop : name.start].replace("«", " ").replace("»", " ")):
                groups[-1].append(name)
            else:
                groups.append([name])
        pairs = []
        for group in groups:
            if len(group) < 2 or not any(n.key in keys for n in group):
                continue
            sentence = f" {lemma_key(_sentence_around(text, group[0].start, group[-1].stop))} "
            if sum(n.key in keys for n in group) >= 2 or any(f" {a} " in sentence for a in anchors):
                pairs += _unlisted_members(group, keys, anchors, text)
        return pairs

    def person_judge(self, article_ids: Iterable[str]) -> Callable[[str], bool | None]:
        """Is an answer a person? Natasha's entity type in the gold texts when it found the name,
        the name's morphology otherwise."""
        types: dict[str, str] = {}
        for article_id in article_ids:
            if article_id in self:
                types.update(self.entity_types(article_id))

        def is_person(item: str) -> bool | None:
            kind = types.get(" ".join(lemmas(item)))
            return looks_like_person(item) if kind is None else kind == "PER"

        return is_person


def _class_nouns_of(name: Name, tokens: dict, text: str) -> list[str]:
    """The nouns an organization or place is written with: the noun its name is apposed to
    («стартап «Кварц-Лаб»», «Банк «Восход»»), or the head of an unquoted name. A person's role
    nouns are not read here."""
    inside = [t for t in tokens.values() if name.start <= t.start < name.stop and t.pos != "PUNCT"]
    if name.type == "PER" or not inside:
        return []
    ids = {t.id for t in inside}
    heads = [tokens.get(t.head_id) for t in inside if t.head_id not in ids and t.rel in {"appos", "flat:name"}]
    return [t.lemma for t in heads if t is not None and t.pos in {"NOUN", "PROPN"}] + _own_head(name, inside, text)


def _own_head(name: Name, inside: list, text: str) -> list[str]:
    """The head noun of an unquoted name («университет»), or the noun a span holds before its quotes."""
    if len(inside) < 2:
        return []
    quote = text.find("«", name.start, name.stop + 1)
    before_quotes = [t for t in inside if quote < 0 or t.start < quote]
    nouns = [t.lemma for t in before_quotes if t.pos in {"NOUN", "PROPN"}]
    return nouns[:1] if quote != name.start else []


def _surface(name: str) -> str:
    return " ".join(name.lower().replace("ё", "е").strip(" «»\"").split())


def _oblique_name(item: str, article_ids: list[str], texts: GoldTexts) -> Finding | None:
    """An answer with a quoted name's lemmas but not its nominative form is the name in an oblique
    case («Бергранита» where the texts write «подрядчик «Бергранит»»)."""
    key, surface = lemma_key(item), _surface(item)
    written = set().union(*(texts.quoted_names(a).get(key, set()) for a in article_ids))
    if written and surface not in written:
        return Finding(FRAGMENT_ANSWER, f"«{item}» is an oblique form of «{sorted(written)[0]}» as the texts write it")
    return None


def _genitive_of_a_written_name(item: str, texts: GoldTexts) -> Finding | None:
    """«Яргана» where the texts also write «Ярган»: a masculine name's genitive ends in «-а» / «-я»
    after the stem the nominative is (or ends in «-ь»), so the one-word answer is an oblique form."""
    if " " in item or not re.fullmatch(r"[А-ЯЁ][а-яё]+[ая]", item):
        return None
    nominative = item[:-1] if item.endswith("а") else item[:-1] + "ь"
    if nominative in texts.capitalized_words():
        return Finding(FRAGMENT_ANSWER, f"«{item}» is the genitive of «{nominative}» as the texts write it")
    return None


def class_noun_findings(question: str, items: list[str], article_ids: list[str], texts: GoldTexts) -> list[Finding]:
    """«Какую организацию ...?» asks for an organization: an answer the month's texts mostly name as a
    place (Natasha's LOC) does not fit it. (Not the converse: «мэрии Сопкинска» often tags the town ORG.)"""
    tokens = [t for t in tokenize(question) if t.kind != "punct"]
    nouns = [after.lemma() for word, after in zip(tokens, tokens[1:], strict=False) if word.lemma() == "какой"]
    findings = []
    for noun in nouns[:1]:
        for item in items if noun in _ORGANIZATION_NOUNS else []:
            if texts.main_kind(lemma_key(item)) == "LOC":
                findings.append(Finding(QUESTION_WORD_TYPE, f"«{noun}» does not fit «{item}», a place in the texts"))
    return findings


def bridge_noun_findings(question: str, triples_text: str | None, texts: GoldTexts) -> list[Finding]:
    """«Кто посетил организацию, которую возглавляет Сергей Воронин?»: the noun a relative clause
    hangs on names the middle entity's kind; a town the month's texts mostly name as a place is no
    «организация» (its head is «глава», the same word for a town and a company)."""
    facts = fact_parts(triples_text)
    if len(facts) != 2:
        return []
    shared = {facts[0][0], facts[0][-1]} & {facts[1][0], facts[1][-1]}
    tokens = tokenize(question)
    nouns = [tokens[i - 2].lemma() for i, t in enumerate(tokens)
             if i >= 2 and t.lemma() == "который" and tokens[i - 1].text == ","]  # fmt: skip
    return [
        Finding(QUESTION_WORD_TYPE, f"«{noun}» does not fit «{bridge}», a place in the texts")
        for noun in nouns
        if noun in _ORGANIZATION_NOUNS
        for bridge in shared
        if texts.main_kind(lemma_key(bridge)) == "LOC"
    ]


def _name_continues(item: str, article_id: str, texts: GoldTexts) -> bool | None:
    """Whether the first occurrence of an unquoted name in the text goes on with a capitalized
    genitive («Фонд развития промышленности Северореченской области»): news gives the full name at
    its first mention in the body and may shorten it later. None when the body does not have it."""
    wanted = lemmas(item)
    # from the body: a headline shortens names, the first sentence of the body gives them in full
    body = texts.body(article_id)
    last = len(body.tokens) - len(wanted)  # the name must have a token after it
    for i in body.positions.get(wanted[0], []) if wanted else range(last):
        if i >= last:
            break
        if body.keys[i : i + len(wanted)] == wanted:
            after = i + len(wanted)
            if body.tokens[after].text == "»" and after + 1 < len(body.tokens):
                after += 1  # «МКУ «Управление строительства» Ольшанска»: the owner follows the quotes
            following = body.tokens[after]
            if linter_owners.place_noun_owner(following.text, body.tokens[after + 1 :][:1]):
                return True  # «МУП «Водоканал» города Светлодонска», «Общественной палаты области»
            # the tagger takes a town's genitive for a person now and then («... строительства» Ольшанска»)
            text = texts.text(article_id)
            persons = [n for n in texts.names(article_id) if n.type == "PER" and not _town_word(n, text)]
            return (following.text[:1].isupper() and "gent" in cases_of(following.text)
                    and not any(n.start <= following.start < n.stop for n in persons))  # fmt: skip
    return None


def _town_word(name: Name, text: str) -> bool:
    """A one-word name the dictionary knows only as a place («Ольшанска»), whatever the tagger said."""
    written = text[name.start : name.stop]
    found = readings(written) if " " not in written else ()
    return bool(found) and all("Geox" in p.tag.grammemes for p in found)


def truncated_name_findings(items: list[str], texts: GoldTexts, is_person) -> list[Finding]:
    """An unquoted name of two words or more that a text of the month first writes on with a
    capitalized genitive is cut short: «Фонд развития промышленности» of «... Северореченской области»; so is
    a name ending in the genitive of an authority that is always someone's («... мэрии» of which city?)."""
    findings = []
    for item in items:
        if is_person(item) or any(c.isdigit() for c in item):
            continue
        if len(item.split()) < 2 and not linter_owners.generic_word(item):
            continue
        key = f" {lemma_key(item)} "
        candidates = texts.articles_saying([word] for word in key.split())
        having = [a for a in candidates if key in texts.lemma_text(a)]
        if any(_name_continues(item, a, texts) for a in having):
            findings.append(Finding(FRAGMENT_ANSWER, f"«{item}» is cut short: the texts go on with a genitive"))
        elif _unowned_ending(item):
            findings.append(Finding(FRAGMENT_ANSWER, f"«{item}» ends with «{item.split()[-1]}» of nobody"))
    return findings


def question_name_findings(question: str, triples_text: str | None, items: list[str], texts: GoldTexts,
                           is_person) -> list[Finding]:
    """A name the question asks about that the texts write on with its owner («К какой компании
    подало иск МУП «Водоканал»?» of «МУП «Водоканал» города Светлодонска») does not say which one."""
    asked = f" {lemma_key(question)} "
    answers = {lemma_key(item) for item in items}
    named = {end for ends in _fact_ends(triples_text) for end in ends if lemma_key(end) not in answers}
    # a quoted name is whole whatever owner follows it («судно «Профессор Сухорук» института»), unless
    # it is a utility's trade («МУП «Водоканал»»)
    named = [end for end in sorted(named) if lemma_key(end) and f" {lemma_key(end)} " in asked
             and (f"«{end}»" not in question or linter_owners.generic_word(end))]
    return [Finding(NOT_UNIQUE, f"the question's {finding.detail}")
            for finding in truncated_name_findings(named, texts, is_person)]


def longer_name_findings(items: list[str], article_ids: list[str], texts: GoldTexts, is_person) -> list[Finding]:
    """A name of two words or more that a gold text quotes longer («... завод железобетонных изделий»)."""
    gold = [texts.text(a) for a in article_ids]
    findings = []
    for item in items:
        if len(item.split()) > 1 and not is_person(item):
            longer = linter_owners.longer_quoted_name(item, gold)
            if longer:
                findings.append(Finding(FRAGMENT_ANSWER, f"«{item}» is cut short: the texts quote «{longer}»"))
    return findings


def board_findings(question: str, items: list[str]) -> list[Finding]:
    """«Какие организации возглавляет ...? — ..., Совет директоров «Надёжного щита»»: a board is no organization."""
    if asked_class_noun(question, True) not in _ORGANIZATION_NOUNS:
        return []
    return [Finding(QUESTION_WORD_TYPE, f"«{item}» is a board of an organization, not an organization")
            for item in items if linter_owners.board_of_an_organization(item)]


def duplicate_member_findings(items: list[str]) -> list[Finding]:
    return [Finding(DUPLICATE_MEMBER, f"«{district}» is the town «{town}»")
            for district, town in linter_owners.town_districts_twice(items)]


def _unowned_ending(item: str) -> bool:
    *before, last = item.split()
    if "gent" not in cases_of(last):
        return False
    if before and _agrees_as_nominative(before[-1], last):
        return False  # «Верхнесольский округ», «Омшанский муниципальный округ»: the last word is the head
    ending = lemmas(last)[-1]
    # a name's first word is capitalized whatever it is: «Правительство области» names no region
    proper_place = len(before) > 1 and before[-1][:1].isupper()
    return ending in _OWNED_NOUNS or (ending in _PLACE_NOUNS and not proper_place)


def _agrees_as_nominative(adjective: str, noun: str) -> bool:
    """Whether `adjective` can be a nominative adjective agreeing with `noun` in the nominative."""
    nouns = [r.tag for r in readings(noun) if r.tag.POS == "NOUN" and r.tag.case == "nomn"]
    return any(
        r.tag.POS == "ADJF" and r.tag.case == "nomn" and any(
            r.tag.number == n.number and (r.tag.number == "plur" or r.tag.gender == n.gender) for n in nouns)
        for r in readings(adjective)
    )  # fmt: skip


def bare_name_findings(question: str, article_ids: list[str], texts: GoldTexts) -> list[Finding]:
    """A name the texts write in quotes after its class noun («судоверфь «Кречет»») written bare
    after a noun in the question («Судоверфь Кречет») has lost its quotes."""
    quoted: dict[str, set[str]] = {}
    for article_id in article_ids:
        for key, forms in texts.quoted_names(article_id).items():
            quoted.setdefault(key, set()).update(forms)
    tokens = tokenize(question)
    findings = []
    for before, word in zip(tokens, tokens[1:], strict=False):
        if before.kind == "word" and before.has_pos("NOUN") and word.kind == "word" and word.text[:1].isupper():
            if _surface(word.text) in quoted.get(lemma_key(word.text), set()):
                findings.append(Finding(UNGRAMMATICAL, f"«{word.text}» after «{before.text}» needs its quotes"))
    return findings


def text_findings(items: list[str], article_ids: list[str], texts: GoldTexts) -> list[Finding]:
    present = [a for a in article_ids if a in texts]
    if len(present) < len(article_ids):
        missing = sorted(set(article_ids) - set(present))
        return [Finding(ANSWER_NOT_IN_TEXT, f"gold articles not found: {', '.join(missing)}")]
    findings = []
    for item in items:
        key = " ".join(lemmas(item))
        if key and not any(f" {key} " in texts.lemma_text(a) for a in present):
            findings.append(Finding(ANSWER_NOT_IN_TEXT, f"«{item}» is in none of the gold texts"))
        oblique = _oblique_name(item, present, texts) or _genitive_of_a_written_name(item, texts)
        if oblique:
            findings.append(oblique)
    return findings


def set_wording_findings(question: str, items: list[str], is_person) -> list[Finding]:
    """A set question asks in the plural («Какие клубы ...?», «С какими организациями ...?»), and
    «Назовите всех» is said of people: organizations, places and things take «все»."""
    findings = []
    tokens = [t for t in tokenize(question) if t.kind == "word"]
    for token in tokens:
        forms = [r for r in readings(token.text) if r.normal_form == "какой"]
        if forms and not any("plur" in r.tag for r in forms):
            findings.append(Finding(UNGRAMMATICAL, f"a set question asks «{token.text}» in the singular"))
            break
    asks_all = any(a.lemma() == "назвать" and b.lower == "всех" for a, b in zip(tokens, tokens[1:], strict=False))
    if asks_all and any(is_person(item) is False for item in items):
        findings.append(Finding(UNGRAMMATICAL, "«Назовите всех» is said of people, not of these answers"))
    return findings


def _fact_ends(triples_text: str | None) -> list[tuple[str, str]]:
    """(subject, object) of each fact of a subgraph, written «subject | relation | object»."""
    return [(parts[0], parts[-1]) for parts in fact_parts(triples_text)]


def set_findings(
    items: list[str], article_ids: list[str], texts: GoldTexts, triples_text: str | None
) -> list[Finding]:
    """A set answer lists every partner: a name a gold text lists together with a partner, of the
    same kind, and missing from the answer makes the set incomplete."""
    keys = {lemma_key(item) for item in items}
    anchors = {lemma_key(end) for ends in _fact_ends(triples_text) for end in ends} - keys
    findings = []
    for article_id in article_ids:
        for missing, member in texts.listed_with(article_id, keys, anchors):
            findings.append(Finding(INCOMPLETE_SET, f"«{missing}» is listed with «{member}» but not in the answer"))
    return findings


def _other_arguments(
    asked, question: str, ends: set[str], answers: set[str], texts: GoldTexts, kinds: set[str]
) -> Iterable[str]:
    """Names the month's sentences put in `asked.sought`'s place of the relation, beside `asked.given`."""
    words, preposition = relation_words(asked.relation)
    given = lemma_key(asked.given)
    if not words or not kinds:
        return
    if words[0] in HOME_RELATIONS and not asked.sought_is_object:
        class_noun = asked_class_noun(question, lemma_key(asked.sought) in answers)
        yield from _other_residents(given, ends, texts, kinds, class_noun) if class_noun else ()
        return
    tense = question_tense(question, words[0])
    nouns = {synonym for word in words[1:] for synonym in synonyms(word)}
    given_role, sought_role = ("subj", "obj") if asked.sought_is_object else ("obj", "subj")
    candidates = texts.articles_saying([[word] for word in given.split()] + [synonyms(w) for w in words])
    for article_id in candidates:
        lemma_text = texts.lemma_text(article_id)
        if f" {given} " not in lemma_text or not all(said(w, lemma_text) for w in words):
            continue
        names = texts.names(article_id)
        for sentence, key in zip(texts.document(article_id).sents, texts.sentence_keys(article_id), strict=True):
            if not all(said(w, key) for w in words):
                continue
            inside = [n for n in names if sentence.start <= n.start < sentence.stop]
            for verb in (t for t in sentence.tokens if t.lemma in synonyms(words[0])):
                if tense and verb.feats.get("Tense") not in {None, tense}:
                    continue
                arguments = verb_arguments(sentence, inside, verb, nouns)
                if not any(_names_an_end(a.key, {given}) and fills(a, given_role, preposition) for a in arguments):
                    continue
                for a in arguments:
                    if fills(a, sought_role, preposition) and a.type in kinds and not _names_an_end(a.key, ends):
                        yield texts.text(article_id)[a.start : a.stop].strip("«»")


def _other_residents(place: str, ends: set[str], texts: GoldTexts, kinds: set[str], noun: str) -> Iterable[str]:
    """Names of the answer's kind and class noun the month's texts place in the same city."""
    # the place's lemma or its adjective («казанский» of «казань») shares the stem toponymic() reads
    for article_id in texts.articles_with_lemma_prefix(place[: max(len(place) - 2, 1)]):
        for sentence in texts.document(article_id).sents:
            if not any(t.lemma == place or toponymic(t.lemma, place) for t in sentence.tokens):
                continue
            inside = [n for n in texts.names(article_id) if sentence.start <= n.start < sentence.stop]
            for name in home_city_names(sentence, inside, place, noun, texts.class_nouns):
                if name.type in kinds and not _names_an_end(name.key, ends):
                    yield texts.text(article_id)[name.start : name.stop].strip("«»")


def _names_an_end(key: str, ends: set[str]) -> bool:
    """«Банк «Заречный»» names the end «Заречный»; «Денисом Шатровым» (a form Natasha left
    inflected) names «Денис Шатров»: word by word the same stem, as Russian endings are short."""
    return any(f" {end} " in f" {key} " or f" {key} " in f" {end} " or _same_stems(key, end) for end in ends)


def _same_stems(first: str, second: str) -> bool:
    pairs = list(zip(first.split(), second.split(), strict=False))
    if not pairs or len(first.split()) != len(second.split()):
        return False
    return all(a[: max(3, min(len(a), len(b)) - 2)] == b[: max(3, min(len(a), len(b)) - 2)] for a, b in pairs)


def uniqueness_findings(row, items: list[str], texts: GoldTexts) -> list[Finding]:
    """The answer is the only one the month's texts give: no sentence states the question's relation
    of its named entity with another name of the answer's kind (for mh, also of the bridge's kind).
    For a set, such a name is a missing member."""
    triples_text = getattr(row, "triples_text", None)
    asked = asked_facts(row.type, triples_text, items)
    ends = {name_key(end) for a in asked for end in (a.given, a.sought)} | {name_key(i) for i in items}
    code = INCOMPLETE_SET if row.type == "set" else NOT_UNIQUE
    findings = []
    for fact in asked:
        sought = lemma_key(fact.sought)
        kinds = texts.kinds(sought, row.article_ids) or set(texts.month_kinds(sought))
        answers = {lemma_key(i) for i in items}
        other = next(iter(_other_arguments(fact, row.question, ends, answers, texts, kinds)), None)
        if other is not None:
            detail = f"the texts also give «{other}» for «{fact.given} | {fact.relation}», besides «{fact.sought}»"
            findings.append(Finding(code, detail))
    return findings


def deal_party_findings(row, items: list[str], texts: GoldTexts) -> list[Finding]:
    """A deal has its two parties wherever the month's texts report it, not only where a verb
    signs it: «Договор подписан 28 октября» after «А поставит камеры для Б», «соглашение с Б» in a
    sentence about А. When a deal of the question's named organization has another party of the
    answer's kind (and of the class noun the question gives it, unless that is as general as
    «компания»), «С кем подписал соглашение ...?» has a second answer (a set misses a member).
    A person signs for an organization, so a person's deals are not read this way."""
    asked = asked_facts(row.type, getattr(row, "triples_text", None), items)
    ends = {name_key(end) for a in asked for end in (a.given, a.sought)} | {name_key(i) for i in items}
    written_ends = {end for a in asked for end in (a.given, a.sought)} | set(items)
    findings = []
    for fact in asked:
        words, _ = relation_words(fact.relation)
        given, sought = lemma_key(fact.given), lemma_key(fact.sought)
        if not DEAL_NOUNS & {s for w in words for s in synonyms(w)} or texts.main_kind(given) == "PER":
            continue
        kinds = texts.kinds(sought, row.article_ids) or set(texts.month_kinds(sought))
        noun = asked_class_noun(row.question, sought in {lemma_key(i) for i in items})
        if noun is not None and (noun in _ORGANIZATION_NOUNS or not _known_as(noun, sought, texts)):
            noun = None  # a general noun, or one the texts do not give the sought entity
        other = next(iter(_fitting_deal_parties(given, ends, written_ends, kinds, noun, texts)), None)
        if other is not None:
            detail = f"the texts report a deal of «{fact.given}» with «{other}» too, besides «{fact.sought}»"
            findings.append(Finding(OTHER_DEAL_PARTY, detail))
    return findings


def _fitting_deal_parties(given: str, ends: set[str], written_ends: set[str], kinds: set[str], noun: str | None,
                          texts: GoldTexts) -> Iterable[str]:  # fmt: skip
    """Other parties of the given entity's deals, as written, that the question's class noun fits."""
    for article_id, party in _other_deal_parties(given, ends, kinds, texts):
        written = texts.text(article_id)[party.start : party.stop].strip("«»")
        if is_abbreviation(written) and any(abbreviates(written, end) for end in written_ends):
            continue
        if noun is None or _known_as(noun, party.key, texts):
            yield written


def _known_as(noun: str, key: str, texts: GoldTexts) -> bool:
    """Do the texts call the name by the class noun: «банк «Заречный»», or the noun heads the
    name itself («Верхнеозёрский технический университет»)?"""
    return noun in texts.class_nouns(key) or noun in key.split()


def _other_deal_parties(given: str, ends: set[str], kinds: set[str], texts: GoldTexts) -> Iterable[tuple[str, Name]]:
    candidates = texts.articles_saying([[word] for word in given.split()] + [DEAL_NOUNS])
    for article_id in candidates:
        for parties in texts.deal_parties(article_id):
            if not any(_names_an_end(p.key, {given}) for p in parties):
                continue
            for party in parties:
                if party.type in kinds and not _names_an_end(party.key, ends):
                    yield article_id, party


# Verbs of buying a company, and how news says it from the side of the company bought: it «вошла в
# группу» (or «в холдинг») of the buyer, «перешла под контроль» of the buyer.
_BUYING = frozenset({"купить", "приобрести", "поглотить"})
_JOINING = frozenset({"войти", "перейти"})
_OWNED_BY = frozenset({"группа", "холдинг", "контроль"})


def acquisition_findings(row, items: list[str], texts: GoldTexts) -> list[Finding]:
    """«Какую компанию купил банк?» has a second answer when the texts say another company «вошла в
    группу банка» (by its name or by the class noun that stands for it in the article); «Кто купил
    X?» when X «вошла в группу» of another buyer."""
    asked = asked_facts(row.type, getattr(row, "triples_text", None), items)
    ends = {name_key(end) for a in asked for end in (a.given, a.sought)} | {name_key(i) for i in items}
    findings = []
    for fact in asked:
        if not _BUYING & set(relation_words(fact.relation)[0]):
            continue
        given, sought = lemma_key(fact.given), lemma_key(fact.sought)
        kinds = texts.kinds(sought, row.article_ids) or set(texts.month_kinds(sought))
        for article_id in texts.articles_saying([_JOINING, _OWNED_BY]):
            other = next(iter(_joined(article_id, given, ends, kinds, fact.sought_is_object, texts)), None)
            if other is not None:
                detail = (f"the texts give «{other}» for «{fact.given} | {fact.relation}» too "
                          "(a company that joins a buyer's group is bought)")
                findings.append(Finding(OTHER_ACQUISITION, detail))
                break
    return findings


def _joined(article_id: str, given: str, ends: set[str], kinds: set[str], bought_sought: bool, texts: GoldTexts):
    """Names of `kinds` on the other side of «<bought> вошла в группу <buyer>» from `given`."""
    for bought, buyers in texts.joinings(article_id):
        named, others = (buyers, bought) if bought_sought else (bought, buyers)
        if any(_names_an_end(name.key, {given}) for name in named):
            yield from (texts.text(article_id)[n.start : n.stop].strip("«»")
                        for n in others if n.type in kinds and not _names_an_end(n.key, ends))  # fmt: skip


def _joinings(article_id: str, sentence, texts: GoldTexts) -> Iterable[tuple[list[Name], list[Name]]]:
    """(the names that joined, the names whose group they joined) of each «вошла в группу» of a sentence."""
    for verb in (t for t in sentence.tokens if t.lemma in _JOINING):
        groups = {t.id for t in sentence.tokens if t.head_id == verb.id and t.lemma in _OWNED_BY}
        if groups:
            found = texts.mentions(article_id, sentence, lambda t: True)
            bought = [n for n, t in found if t.head_id == verb.id and t.rel.startswith("nsubj")]
            yield bought, [n for n, t in found if t.head_id in groups and t.rel == "nmod"]


def _sentences_naming(keys: list[str], article_ids: list[str], texts: GoldTexts) -> Iterable:
    for article_id in article_ids:
        for sentence, key in zip(texts.document(article_id).sents, texts.sentence_keys(article_id), strict=True):
            if any(f" {name} " in key for name in keys):
                yield sentence


def plan_findings(question: str, triples_text: str | None, article_ids: list[str], texts: GoldTexts) -> list[Finding]:
    """«Где построила хаб компания?» states as done what its texts only announce («построит»,
    «планирует построить»): news reports plans, and a plan is not yet a fact. Fires when every
    gold sentence with the relation's verb and a name of the fact has it in the future or the
    infinitive, and the question has it in the past."""
    findings = []
    for fact in json.loads(triples_text) if triples_text else []:
        parts = [part.strip() for part in fact.split("|")]
        words, _ = relation_words(parts[1]) if len(parts) == 3 else ([], "")
        if not words or question_tense(question, words[0]) != "Past":
            continue
        ends = [lemma_key(parts[0]), lemma_key(parts[2])]
        forms = [token.feats.get("Tense") or token.feats.get("VerbForm")
                 for sentence in _sentences_naming(ends, article_ids, texts)
                 for token in sentence.tokens if token.lemma == words[0]]  # fmt: skip
        if forms and all(form in {"Fut", "Inf"} for form in forms):
            findings.append(Finding(PLAN_AS_DONE, f"the texts give «{parts[1]}» only as a plan, the question as done"))
    return findings


# A sum of money as news writes it: «700 тысяч рублей», «96,4 млн рублей», «1,2 млрд руб.»
_SUM = re.compile(
    r"(\d[\d\s\u00a0\u202f]*(?:,\d+)?)\s*(тыс\w*\.?|млн\.?|миллион\w*|млрд\.?|миллиард\w*)?\s*(руб\w*|долл\w*|евро)",
    re.IGNORECASE,
)
# Verbs of a payment someone owes: a court ruling nearly always orders costs besides the award.
_PAYMENT_VERBS = frozenset({"выплатить", "возместить", "взыскать", "компенсировать", "заплатить", "оплатить",
                            "перечислить", "уплатить", "выплачивать", "возмещать", "взыскивать"})  # fmt: skip


def _sum_key(match: re.Match) -> tuple[str, str]:
    digits = re.sub(r"[\s\u00a0\u202f]", "", match.group(1))
    scale = (match.group(2) or "").lower()
    for short, words in (("тыс", ("тыс",)), ("млн", ("млн", "миллион")), ("млрд", ("млрд", "миллиард"))):
        if scale.startswith(words):
            return digits, short
    return digits, ""


def other_sum_findings(question: str, items: list[str], article_ids: list[str], texts: GoldTexts) -> list[Finding]:
    """«Сколько рублей обязана выплатить больница?» has two answers when its article orders another
    payment too (court costs, a penalty besides the compensation): the question does not say which."""
    asked = [m for item in items for m in _SUM.finditer(item)]
    if not asked or not _PAYMENT_VERBS & set(lemmas(question)):
        return []
    answer_keys = {_sum_key(m) for m in asked}
    for article_id in article_ids:
        # the parse's sentences and their lemma keys, which the other checks have already read
        for sentence, key in zip(texts.document(article_id).sents, texts.sentence_keys(article_id), strict=True):
            if not any(f" {verb} " in key for verb in _PAYMENT_VERBS):
                continue
            for match in _SUM.finditer(sentence.text):
                if _sum_key(match) not in answer_keys:
                    return [Finding(NOT_UNIQUE, f"the texts name another sum to pay, «{match.group(0).strip()}»")]
    return []


def condition_findings(question: str, triples_text: str | None) -> list[Finding]:
    """A cond question names both of its conditions: a predicate for each relation (two conditions by one
    relation share it: «Кто посетил Казань и комбинат?»), and each condition's entity."""
    clauses = split_clauses(tokenize(question))
    predicates = [v for c in clauses for v in c.verbs if v.lemma() not in _COPULAS]
    facts = json.loads(triples_text) if triples_text else []
    relations = {fact.split("|")[1].strip() for fact in facts if fact.count("|") >= 2}
    findings = []
    if len(predicates) < min(2, len(relations) or 2):
        findings.append(Finding(CONDITION_REDUNDANT, "the question names fewer than two conditions"))
    question_key = f" {' '.join(lemmas(question))} "
    for fact in facts:
        ends = [part.strip() for part in fact.split("|")]
        named = [end for end in (ends[0], ends[-1]) if f" {' '.join(lemmas(end))} " in question_key]
        if not named:
            findings.append(Finding(CONDITION_REDUNDANT, f"the condition «{fact}» is not named"))
    return findings


def name_writing_findings(question: str, items: list[str], gold: list[str], texts: GoldTexts) -> list[Finding]:
    """How the question and its answer write the names of the gold texts (linter_names.py)."""
    written = [texts.text(a) for a in gold]
    findings = []
    if linter_names.unclosed(question):
        findings.append(Finding(UNGRAMMATICAL, "a bracket or a quote is left open"))
    keys = linter_names.always_quoted((texts.text(a), texts.lemma_text(a)) for a in gold)
    for bare in linter_names.bare_quoted_names(question, keys, first=1):
        findings.append(Finding(UNGRAMMATICAL, f"«{bare}» is a name the texts always quote"))
    for item in items:
        for bare in linter_names.bare_quoted_names(item, keys, first=1):
            findings.append(Finding(FRAGMENT_ANSWER, f"«{bare}» in «{item}» lost the quotes the texts give it"))
    named = [token.text.strip("«»") for token in tokenize(question) if token.kind == "quoted"]
    for noun in linter_names.common_nouns_as_names(named + items, written):
        findings.append(Finding(UNGRAMMATICAL, f"«{noun}» is a common noun the texts write in small letters"))
    for surname in linter_names.surnames_alone(question, written):
        findings.append(Finding(UNGRAMMATICAL, f"«{surname}» is a person the texts name with a first name"))
    return findings


_PRESENT_HEADS = re.compile(r"\bвозглавляе?ю?т\b")


def stale_post_findings(question: str, triples_text: str | None, gold: list[str], texts: GoldTexts) -> list[Finding]:
    """A «возглавляет» question whose head a later article says «возглавлял» (linter_posts.py)."""
    if "ранее" in question.lower().split() or not _PRESENT_HEADS.search(question):
        return []
    return [
        Finding(NOT_UNIQUE, f"a later article says {person} headed «{body}» before: the post is over")
        for person, body in linter_posts.stale_heads(triples_text, gold, texts)
    ]


# --- the verdict table ----------------------------------------------------------------------------


def lint_question(row, texts: GoldTexts) -> list[Finding]:
    items = [str(i) for i in row.answer_items] if len(row.answer_items) else [row.answer]
    findings = question_findings(row.question)
    findings += answer_findings(row.question, items, texts.person_judge(row.article_ids))
    findings += text_findings(items, list(row.article_ids), texts)
    gold = [a for a in row.article_ids if a in texts]
    findings += class_noun_findings(row.question, items, gold, texts)
    findings += truncated_name_findings(items, texts, texts.person_judge(gold))
    findings += bare_name_findings(row.question, gold, texts)
    findings += longer_name_findings(items, gold, texts, texts.person_judge(gold))
    findings += board_findings(row.question, items)
    findings += question_name_findings(row.question, getattr(row, "triples_text", None), items, texts,
                                       texts.person_judge(gold))
    if row.type == "set":
        findings += duplicate_member_findings(items)
        findings += set_wording_findings(row.question, items, texts.person_judge(gold))
        findings += set_findings(items, [a for a in row.article_ids if a in texts], texts,
                                 getattr(row, "triples_text", None))
    if row.type in {"simple", "set", "mh"}:
        # a deal without its verb is read only where the verb's sentences found no other answer
        findings += uniqueness_findings(row, items, texts) or deal_party_findings(row, items, texts)
        findings += acquisition_findings(row, items, texts)
        findings += other_sum_findings(row.question, items, gold, texts)
    findings += plan_findings(row.question, getattr(row, "triples_text", None), gold, texts)
    if row.type == "cond":
        findings += condition_findings(row.question, getattr(row, "triples_text", None))
    if row.type == "mh":
        findings += bridge_noun_findings(row.question, getattr(row, "triples_text", None), texts)
    findings += name_writing_findings(row.question, items, gold, texts)
    findings += stale_post_findings(row.question, getattr(row, "triples_text", None), gold, texts)
    unique = []
    for finding in findings:
        if finding not in unique:
            unique.append(finding)
    return unique


def lint(qa: pd.DataFrame, articles: pd.DataFrame, parse: Callable[[str], Any] = parse_document) -> pd.DataFrame:
    """One verdict per question: pass when no rule fires; score = 1 / (1 + number of findings).
    `parse`: Natasha's parse of an article text (a cached one where the pipeline keeps them)."""
    texts = GoldTexts(articles, parse)
    rows = []
    for row in qa.itertuples(index=False):
        findings = lint_question(row, texts)
        rows.append({
            "qa_id": row.qa_id,
            "score": 1.0 / (1 + len(findings)),
            "verdict": FAIL if findings else PASS,
            "reason": "; ".join(map(str, findings)) if findings else "well-formed",
        })  # fmt: skip
    return pd.DataFrame(rows, columns=FILTER_COLUMNS)
