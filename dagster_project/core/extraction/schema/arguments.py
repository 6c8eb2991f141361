"""Typed arguments of schema relations, read from one sentence of Natasha's parse.

An argument is a named entity (NER span, or a quoted name after its class noun), a phrase
naming a facility, event, work or post, a quantity with its unit, or a date. Every argument
carries a type from the schema; a phrase that names nothing («новый завод», «компания»), a
reporting source («пресс-служба») or a phrase relative to the article's date yields none.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from copy import copy
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from itertools import takewhile

from ...common.abbreviations import abbreviates, is_abbreviation
from ...common.russian import (
    adjectival,
    fold,
    morph,
    restore_yo,
    span_nominative,
    surname_agreeing,
    syntax_normal_form,
)
from .anaphora import (
    PERSONAL_PRONOUNS,
    QUOTED_AFTER,
    anaphoric_noun,
    completed_owner,
    earlier_full_name,
    earlier_namesake,
    pronoun_antecedent,
)
from .lexicon import (
    CLASS_NOUNS,
    ESTABLISHMENT_NOUNS,
    FINANCIAL_QUALIFIERS,
    INSTITUTION_NOUNS,
    MINISTRY_SHORT_NAMES,
    MONEY_UNITS,
    MONTH_LEMMAS,
    MONTHS_GENITIVE,
    NON_IDENTIFYING,
    POSITION_NOUNS,
    PROPERTY_NOUNS,
    RATE_UNITS,
    RELATIVE_TIME,
    REPORTING_HEADS,
    STAFF_ROLES,
    TERRITORIAL_BODIES,
    WEEKDAY_LEMMAS,
)
from .place_owners import LEGISLATURES, qualified_abbreviation, regional_body, regional_legislature, with_place_owner
from .relations import DATE, EVENT, FACILITY, MONEY, ORGANIZATION, PERSON, PLACE, POSITION, QUANTITY

NER_TYPES = {"PER": PERSON, "ORG": ORGANIZATION, "LOC": PLACE}
_NAME_RELS = {"appos", "flat", "flat:name", "flat:foreign"}
_PHRASE_RELS = {"amod", "nmod", "flat", "flat:name", "appos", "nummod", "nummod:gov", "compound", "case", "fixed"}
_ABBREVIATION_AFTER = re.compile(r"\s*\(([А-ЯЁA-Z][А-ЯЁA-Zа-яё]{1,9})\)")
_UNQUOTED = str.maketrans("", "", '«»"')
_EDITION = re.compile(r"[IVXLC]+|\d+(?:-[а-я]{1,3})?")


@dataclass(frozen=True)
class Argument:
    text: str  # as written
    normal: str  # nominative; an abbreviation's full name
    type: str  # a schema argument type
    descriptor: str = ""  # the class noun from the entity's own apposition: «компания»


class ParsedSentence:
    """One sentence of a parsed article with the lookups the matchers need."""

    def __init__(self, sent, article: ArticleContext, index: int = 0):
        self.index = index  # the sentence's position in the article
        self.tokens = _agreeing_adjectives_attached(sent.tokens)
        self.text = sent.text
        self.article = article
        self.by_id = {t.id: t for t in self.tokens}
        self.children: dict[str, list] = defaultdict(list)
        for token in self.tokens:
            self.children[token.head_id].append(token)
        self.lemmas = {t.lemma for t in self.tokens}

    def kids(self, token, *rels: str) -> list:
        return [c for c in self.children.get(token.id, []) if not rels or c.rel in rels]

    def negated(self, verb) -> bool:
        """«не выиграл у «Сокола»»: a negated verb states that nothing happened («не только открыла, но
        и купила» negates nothing)."""
        following = {t.start: t for t in self.tokens}
        return any(
            c.lemma == "не" and getattr(following.get(c.stop + 1), "lemma", "") != "только" for c in self.kids(verb)
        )

    def planned(self, verb) -> bool:
        """«будет подписан», «может быть открыт»: an auxiliary «быть» not in the past makes the verb a
        plan (the tagger reads «будет» as a present, so anything but a past «был» counts)."""
        return any(k.lemma == "быть" and k.feats.get("Tense") != "Past" for k in self.kids(verb))

    def head(self, token):
        return self.by_id.get(token.head_id)

    def preposition(self, token) -> str:
        """The preposition before `token` (a 'case' dependent after it belongs to a misattached phrase)."""
        return " ".join(c.lemma for c in self.kids(token, "case") if c.start < token.start)

    def subtree(self, token, rels: set[str] | None = None) -> list:
        out, stack, seen = [], [token], {token.id}
        while stack:  # `seen`: the parser can return a cycle of heads
            current = stack.pop()
            out.append(current)
            kids = [c for c in self.kids(current) if (rels is None or c.rel in rels) and c.id not in seen]
            seen.update(c.id for c in kids)
            stack += kids
        return sorted(out, key=lambda t: t.start)

    def surface(self, tokens) -> str:
        tokens = [t for t in tokens if t.pos != "PUNCT" or t.text in "«»"]
        if not tokens:
            return ""
        text = self.article.text[tokens[0].start : tokens[-1].stop]
        if text.count("«") > text.count("»"):
            text += "»"  # the closing quote hangs off another token
        return text

    def conjuncts(self, token) -> list:
        """«A, B и C»; after a plural noun the names it lists: «компании «А», «Б» и «В»» (a list of
        names makes «компании» plural where the parser read a genitive singular)."""
        listed = [t for name in self._names_listed(token) for t in self.conjuncts(name)]
        if listed and (token.feats.get("Number") == "Plur" or len(listed) > 1):
            return listed
        members = [token] + self._conj_nouns(token)
        for member in self._listed_class_nouns(token):
            members += [member] + self._conj_nouns(member)
        return members

    def _conj_nouns(self, token) -> list:
        """Nouns coordinated with `token` in its case: «клуб «Сокол» выиграл у клуба «Кедр» и клуба
        «Вымпел»» has the parser join the genitive «клуба» to the subject, yet a list shares one case
        (a nominative and an accusative of a thing sound alike, and the tagger mixes them up)."""
        # a quoted name keeps its nominative whatever its class noun's case: compare with the class noun
        head = self.head(token)
        named = token.rel in _NAME_RELS and head is not None and head.lemma in CLASS_NOUNS
        reference = head if named else token
        return [
            c
            for c in self.kids(token, "conj")
            if c.pos in {"NOUN", "PROPN", "X"}
            and (_same_case(c, reference) or _quoted_around(self.article.text, c) is not None)
        ]

    def _listed_class_nouns(self, token) -> list:
        """«с банком «Окский», компанией «Ладья» и фондом «Исток»»: the parser makes the second item an
        apposition of the first; a class noun in the same case, after a comma and with a quoted name
        of its own, is another member of the list, never a description of the first."""
        if token.lemma not in CLASS_NOUNS:
            return []
        return [
            c
            for c in self.kids(token, "appos")
            if c.lemma in CLASS_NOUNS
            and c.start > token.start
            and _same_case(c, token)
            and self.article.text[: c.start].rstrip().endswith(",")
            and QUOTED_AFTER.match(self.article.text, c.stop) is not None
        ]

    def _names_listed(self, token) -> list:
        """Names in apposition to a class noun («компании «А» и «Б»») or, naming people, to any
        noun («журналисты Анна Соколова и Иван Петров»)."""
        names = [
            c
            for c in self.kids(token, "appos", "flat:name")
            if c.id in self.article.span_of and not self.other_class_noun_between(token, c)
        ]
        if token.lemma in CLASS_NOUNS:
            return names
        return [c for c in names if token.pos == "NOUN" and self.article.span_of[c.id].type == "PER"]

    def other_class_noun_between(self, token, name) -> bool:
        """«компания «Ладья» и университет «Волга»»: a name after another class noun is that noun's,
        though the parser hangs it on the first."""
        return any(
            t.lemma in CLASS_NOUNS and t.pos in {"NOUN", "PROPN"} and token.stop <= t.start and t.stop <= name.start
            for t in self.tokens
        )


def _same_case(token, other) -> bool:
    """Members of one list share a case; a thing's nominative and accusative sound alike and the
    tagger mixes them up, and a word with no case (a name it did not know, an abbreviation such as
    «АО», which does not decline) fits any."""
    if any(t.text.isupper() and len(t.text) > 1 for t in (token, other)):
        return True
    cases = {token.feats.get("Case"), other.feats.get("Case")}
    if None in cases or len(cases) == 1 or cases == {"Nom", "Acc"}:
        return True
    # «в университете «Волга» и академии «Нева»»: «академии» may be the locative the tagger did not pick
    # (in the number the tagger read: «команды» is no nominative singular)
    wanted = {_PYMORPHY_CASE.get(other.feats.get("Case")), _PYMORPHY_NUMBER.get(token.feats.get("Number"))}
    return None not in wanted and any(wanted <= p.tag.grammemes and "NOUN" in p.tag for p in morph().parse(token.text))


_PYMORPHY_CASE = {"Nom": "nomn", "Gen": "gent", "Dat": "datv", "Acc": "accs", "Ins": "ablt", "Loc": "loct"}
_PYMORPHY_NUMBER = {"Sing": "sing", "Plur": "plur"}


_AGREEMENT = {"Sing": ("Case", "Number", "Gender"), "Plur": ("Case", "Number"), None: ("Case", "Number")}


def _agreeing_adjectives_attached(tokens: list) -> list:
    """The parser sometimes makes an adjective before its noun a sibling of that noun («открыл
    Северореченский(obj) инвестиционный форум(obj)», «с тверской(nmod) компанией(obl)»): an
    adjective that agrees in case, number and gender with the noun right after it modifies it."""
    repaired = list(tokens)
    for i, token in enumerate(tokens):
        if token.pos != "ADJ" or token.rel in {"amod", "root"} or not adjectival(token.text):
            continue  # «мэрии Бережанска(ADJ) Ирины»: a word without an adjective's ending is a mis-tagged noun
        following = next((t for t in tokens[i + 1 :] if not (t.pos == "ADJ" and t.rel == "amod")), None)
        if (
            following is not None
            and following.pos in {"NOUN", "PROPN"}
            and all(following.feats.get(f) == token.feats.get(f) for f in _AGREEMENT[token.feats.get("Number")])
        ):
            repaired[i] = copy(token)
            repaired[i].head_id, repaired[i].rel = following.id, "amod"
            # its preposition belongs to the noun: «с Верхнеозёрским ... университетом»
            for j, child in enumerate(tokens):
                if child.head_id == token.id and child.rel == "case":
                    repaired[j] = copy(child)
                    repaired[j].head_id = following.id
    return repaired


@dataclass(frozen=True)
class EntitySpan:
    """A NER span, extended over the words NER left out of an adjective-led name
    («Верхнеозёрским | техническим университетом»)."""

    type: str
    tokens: tuple
    normal: str  # Natasha's normal form of the original span
    original_length: int  # tokens NER itself found
    ner_type: str  # the type NER gave (its normal form follows that type's rules)


def entity_spans(doc) -> dict[str, EntitySpan]:
    """Every token of a named entity -> its (extended) span."""
    sentences = [sorted(sent.tokens, key=lambda t: t.start) for sent in doc.sents]
    # each token's sentence and place in it; the words around a token are read only at a name's ends
    places = {t.id: (tokens, i) for tokens in sentences for i, t in enumerate(tokens)}
    votes = _type_votes(doc.spans)
    span_of: dict[str, EntitySpan] = {}
    for span in doc.spans:
        found = sorted(span.tokens, key=lambda t: t.start)
        tokens = found + (_name_extension(found[-1], places) if span.type != "PER" else [])
        kind = _span_type(span.type, tokens, places, votes[_name_key(found)], doc.text)
        entity = EntitySpan(kind, tuple(tokens), span.normal or "", len(span.tokens), span.type)
        for token in tokens:
            span_of.setdefault(token.id, entity)
    return span_of


def _type_votes(spans) -> dict[tuple[str, ...], Counter]:
    """How often NER gives each type to each name in the article."""
    votes: dict[tuple[str, ...], Counter] = defaultdict(Counter)
    for span in spans:
        votes[_name_key(sorted(span.tokens, key=lambda t: t.start))][span.type] += 1
    return votes


def _name_extension(last, places: dict) -> list:
    """The words NER left out after a name ending in an adjective, up to the noun they agree with in
    case («Верхнеозёрским | техническим университетом»); none when no such noun follows."""
    if last.pos != "ADJ":
        return []
    extension = []
    sentence, i = places.get(last.id, ([], 0))
    for token in sentence[i + 1 :]:
        if token.pos not in {"ADJ", "NOUN"} or token.feats.get("Case") != last.feats.get("Case"):
            return []
        extension.append(token)
        if token.pos == "NOUN":
            return extension
    return []


def _name_key(tokens) -> tuple[str, ...]:
    return tuple(t.lemma.lower().replace("ё", "е") for t in tokens)


def _preceding(token_id, places: dict):
    """The word before a token in its sentence, an opening quote skipped («посёлок «Ольховка»»)."""
    sentence, i = places.get(token_id, ([], 0))
    return next((p for p in reversed(sentence[:i]) if p.text != "«"), None)


def _span_type(ner_type: str, tokens: list, places: dict, counts: Counter, text: str) -> str:
    """The entity type by rules of Russian where NER's guess conflicts with them: a head noun of
    an organization class («областной больницей») makes an organization; a settlement name
    (pymorphy3 Geox) or a name after a place noun («посёлок Ольховка») makes a place; otherwise
    the type NER gives the same name most often in the article. A capitalized common noun alone
    decides nothing: news writes many organizations unquoted (Сбербанк, Аэрофлот)."""
    head = tokens[-1]
    if CLASS_NOUNS.get(head.lemma) == ORGANIZATION:
        return "ORG"
    before = _preceding(tokens[0].id, places)
    if before is not None and CLASS_NOUNS.get(before.lemma) == PLACE and not _personal_name(ner_type, tokens):
        return "LOC"  # «посёлок Ольховка», but «губернатор области Олег Мельников» names a person
    if len(tokens) == 1 and _place_word(head, text):
        return "LOC"
    top, top_count = counts.most_common(1)[0]
    return top if top_count > counts[ner_type] else ner_type


def _personal_name(ner_type: str, tokens: list) -> bool:
    """A first name followed by more words is a person's name, whatever noun precedes it."""
    # any reading: «Роман» is first of all a novel to pymorphy3, «Роман Тихонов» still a person
    return ner_type == "PER" and len(tokens) > 1 and any("Name" in p.tag for p in morph().parse(tokens[0].text))


def _place_word(token, text: str) -> bool:
    if text[max(token.start - 1, 0) : token.start] == "«" or token.text.isupper() or token.lemma in CLASS_NOUNS:
        return False
    return "Geox" in morph().parse(token.text)[0].tag


@dataclass
class ArticleContext:
    """What one article knows beyond a sentence: its date, its byline source and its abbreviations."""

    text: str
    published: date
    span_of: dict[str, EntitySpan]
    aliases: dict[str, str]  # folded abbreviation -> full name
    reporting_sources: set[str]
    sentences: list = field(default_factory=list)  # the article's parsed sentences, in order


# --- entities --------------------------------------------------------------------------------


def argument(
    sentence: ParsedSentence, token, types: frozenset[str], units: frozenset[str] = frozenset()
) -> Argument | None:
    """The argument headed by `token`, if it has one of `types` (a quantity in one of `units`); a
    personal pronoun where a person may stand, if it can mean one person alone («Он подписал ...»)."""
    if token.pos == "PRON" and token.lemma in PERSONAL_PRONOUNS:
        return pronoun_argument(sentence, token) if PERSON in types else None
    found = _argument(sentence, token, types, units)
    if found is None or found.type not in types:
        return None
    if _folded(found.normal) in sentence.article.reporting_sources:
        return None
    return found


def pronoun_argument(sentence: ParsedSentence, pronoun, people_only: bool = False) -> Argument | None:
    """The person «он», «она», «его», «её» means (anaphora.pronoun_antecedent), or None.
    `people_only`: the pronoun's verb is one only a person does, so no body is a rival."""
    found = pronoun_antecedent(sentence, pronoun, people_only)
    if found is None:
        return None
    index, first = found
    article = sentence.article
    context = sentence if index == sentence.index else ParsedSentence(article.sentences[index], article, index)
    person = entity_argument(context, first)
    if person is None or person.type != PERSON or _folded(person.normal) in article.reporting_sources:
        return None
    return person


def _argument(sentence: ParsedSentence, token, types: frozenset[str], units: frozenset[str]) -> Argument | None:
    # «стартапу» is sometimes tagged a verb: a class noun is a noun whatever the tagger says
    noun = token.pos in {"NOUN", "PROPN", "X", "ADJ", "NUM"} or token.lemma in CLASS_NOUNS
    if not noun or token.lemma in REPORTING_HEADS:
        return None
    if types & {DATE, MONEY, QUANTITY}:
        return _value_argument(sentence, token, types, units)
    return _named_argument(sentence, token, types)


def _value_argument(sentence: ParsedSentence, token, types: frozenset[str], units: frozenset[str]) -> Argument | None:
    """A date, a sum of money or a quantity in one of `units`."""
    if DATE in types:
        return date_argument(sentence, token)
    if MONEY in types:
        found = quantity_argument(sentence, token, MONEY_UNITS, ends_at_unit=True)
        return replace(found, type=MONEY) if found is not None else None
    return quantity_argument(sentence, token, units)


def _named_argument(sentence: ParsedSentence, token, types: frozenset[str]) -> Argument | None:
    """A person in apposition to a role, a named event, institution or entity, or else a post or
    facility named by a common noun phrase."""
    if PERSON in types and token.pos in {"NOUN", "ADJ"}:
        holder = role_holder(sentence, token)
        if holder is not None:  # «директор компании X Анна Соколова», «нападающим Денисом Шатровым»
            return holder  # the person, never the genitive owner X
    if CLASS_NOUNS.get(token.lemma) == EVENT and EVENT in types:
        return class_noun_name(sentence, token) or event_argument(sentence, token) or giver_prize(sentence, token)
    if token.lemma in INSTITUTION_NOUNS and ORGANIZATION in types:  # «Арбитражный суд Пермского края»
        institution = institution_argument(sentence, token)
        if institution is not None:
            return institution
    named = class_noun_name(sentence, token) or entity_argument(sentence, token) or listed_name(sentence, token)
    if named is None and ORGANIZATION in types and anaphoric_noun(sentence, token):
        # «компания» after «компания «Вектор»», «университет» after «Бережанский государственный университет»
        namesake = earlier_namesake(sentence, token, lambda index, word: _name_headed_by(sentence.article, index, word))
        named = Argument(token.text, namesake[0], ORGANIZATION, namesake[1]) if namesake else None
    return named if named is not None else _common_noun_argument(sentence, token, types)


def _name_headed_by(article: ArticleContext, index: int, word) -> str | None:
    """The organization's name whose head noun `word` is, in the article's sentence `index`: «суд»
    of «Хвойногорский районный суд», «мэрия» of «мэрия Бережанска»; never a word inside another
    name («Фонд поддержки университетов» names no university)."""
    sentence = ParsedSentence(article.sentences[index], article, index)
    token = sentence.by_id.get(word.id)
    if token is None:
        return None
    span = article.span_of.get(token.id)
    parent = sentence.head(token)
    if span is not None and parent is not None and parent.id in {t.id for t in span.tokens}:
        return None  # not the name's head
    found = (institution_argument(sentence, token) if token.lemma in INSTITUTION_NOUNS else None) or (
        class_noun_name(sentence, token) or (entity_argument(sentence, token) if span is not None else None)
    )
    if found is not None and fold(token.text) != fold(token.lemma) and fold(token.text) in fold(found.normal).split():
        return None  # «Верхнеборская центральной районной больнице»: the name's head noun was left inflected
    return found.normal if found is not None and found.type == ORGANIZATION else None


def _body_named_at(article: ArticleContext, index: int, word) -> str | None:
    """The institution `word` names in the article's sentence `index`, also inside a longer name:
    «департамент культуры администрации Ветлуги» still says whose «администрация» is meant."""
    sentence = ParsedSentence(article.sentences[index], article, index)
    token = sentence.by_id.get(word.id)
    found = institution_argument(sentence, token) if token is not None else None
    if found is not None:
        return found.normal
    # the parser often hangs a genitive chain's last name on its first noun («департамента ...
    # администрации Ветлуги»): the capitalized genitives right after the body are its owner
    after = sentence.tokens[sentence.tokens.index(token) + 1 :] if token is not None else []
    owner = list(takewhile(lambda t: t.text[:1].isupper() and _genitive(t) and not _in_person_name(article, t), after))
    return f"{token.lemma.capitalize()} {sentence.surface(owner)}" if owner else None


def _in_person_name(article: ArticleContext, token) -> bool:
    """«департамента мэрии Анны Котовой»: a person's name after a body is its official, never its owner."""
    return getattr(article.span_of.get(token.id), "type", "") == "PER"


def _common_noun_argument(sentence: ParsedSentence, token, types: frozenset[str]) -> Argument | None:
    """A post or a facility that no name identifies: «министр строительства области», «завод в Твери»."""
    if POSITION in types and token.lemma in POSITION_NOUNS:
        post = phrase_argument(sentence, token, POSITION, require_modifier=True)
        completed = with_place_owner(sentence, token, post.normal) if post is not None else None
        return replace(post, normal=completed) if completed else post  # «министр ... региона»: the region's
    return _unnamed_facility(sentence, token) if FACILITY in types else None


def _unnamed_facility(sentence: ParsedSentence, token) -> Argument | None:
    """«лесопильный цех в Ветлуге», «завод в Твери»: a facility named by a noun phrase."""
    if any(k.lemma in FINANCIAL_QUALIFIERS for k in sentence.kids(token, "amod")):
        return None  # «открыл кредитную линию»: a loan, not a line
    if CLASS_NOUNS.get(token.lemma) == FACILITY:
        return phrase_argument(sentence, token, FACILITY, require_modifier=True)
    if token.lemma in ESTABLISHMENT_NOUNS and _specific(sentence, token):
        return phrase_argument(sentence, token, FACILITY, require_modifier=False)
    return None


def _specific(sentence: ParsedSentence, head) -> bool:
    """An establishment named by a common noun («завод», «школа») is one particular thing only with a
    named place («завод в Твери», also when the parser hangs «в Твери» off the verb) or a proper
    adjective of its own («Каменногорский завод»); «новый завод» or «семенной завод» alone is
    anaphoric."""
    own = sentence.subtree(head, _PHRASE_RELS)
    governor = sentence.head(head)
    beside = sentence.kids(governor, "obl") if governor is not None and governor.pos == "VERB" else []
    for token in own + beside:
        span = sentence.article.span_of.get(token.id)
        if span is not None and span.type == "LOC" and sentence.preposition(token) in {"в", "на", "под"}:
            return True
    return any(t.text[:1].isupper() and _coined(t) for t in sentence.kids(head, "amod"))


def event_argument(sentence: ParsedSentence, head) -> Argument | None:
    """An event named without quotes is identified by a proper adjective or an edition number of
    its own: «Северореченский инвестиционный форум», «XV фестиваль», «15-й фестиваль». «Матч
    второго тура» is not one match (the ordinal counts rounds, each with several matches), and
    «второй матч» counts from the article's point of view."""
    own = sentence.kids(head, "amod")
    proper = any(t.text[:1].isupper() and (t.start > sentence.tokens[0].start or _coined(t)) for t in own)
    edition = any(_EDITION.fullmatch(t.text) for t in own)
    if not (proper or edition or _named_after(sentence, head)):
        return None
    # where it is held is no part of an event's name: «форум в Верхнеозёрске» is the same forum
    placed = frozenset(
        t.id for c in sentence.kids(head, "nmod") if sentence.preposition(c) for t in sentence.subtree(c)
    )
    found = phrase_argument(sentence, head, EVENT, require_modifier=True, hidden=placed)
    if found is None or not found.text[:1].isupper():
        return found
    return replace(found, normal=found.normal[:1].upper() + found.normal[1:])  # a name keeps its capital


def _named_after(sentence: ParsedSentence, head) -> bool:
    """«премия имени Матвея Ерохина»: an event named after a person is a proper name."""
    return any(
        c.lemma == "имя"
        and not sentence.preposition(c)
        and any(n.id in sentence.article.span_of for n in sentence.kids(c))
        for c in sentence.kids(head, "nmod")
    )


def class_noun_name(sentence: ParsedSentence, head) -> Argument | None:
    """«компания «Северный ветер»», «теплоход «Витязь»»: the class noun types the name it governs.
    The name must be the class noun's own apposition (not a genitive owner)."""
    kind = CLASS_NOUNS.get(head.lemma)
    if kind is None:
        return None
    match = QUOTED_AFTER.match(sentence.article.text, head.stop)
    if match is not None and any(match.start(1) <= t.start and t.stop <= match.end(1) for t in sentence.tokens):
        # a quoted name right after a class noun is that noun's name, however the parser attached it
        # («с казанской компанией «Поволжские генераторы»»)
        name = match.group(1).strip()
        return Argument(f"{head.text} «{name}»", name, kind, head.lemma)
    for child in sentence.kids(head, *_NAME_RELS):
        if sentence.other_class_noun_between(head, child):  # «институт ... и компания «Х»»: «Х» is the company's
            continue
        span = sentence.article.span_of.get(child.id)
        # An unquoted apposition agrees in case («аэропорт Верхнеозёрска» is an owner); a settlement's
        # name after its place noun may stay in the nominative («в посёлке Сосновка»).
        nominative_name = kind == PLACE and any("nomn" in r.tag for r in morph().parse(child.text)[:3])
        if child.feats.get("Case") != head.feats.get("Case") and not nominative_name:
            continue
        if span is not None and span.type == "LOC" and kind != PLACE and child.feats.get("Case") == "Gen":
            continue  # «дума Верхнеозёрска»: a place in the genitive owns the organization, it is no name
        if span is not None and kind in {ORGANIZATION, FACILITY, PLACE} and span.type != "PER":
            entity = _span_argument(sentence, span)
            return Argument(entity.text, entity.normal, kind, head.lemma)
    return None


def listed_name(sentence: ParsedSentence, token) -> Argument | None:
    """«компании «Альфа», «Бета» и «Гамма»»: a quoted name further down a list of names after a class
    noun has that noun's type, though NER may have missed it."""
    first = token
    while first.rel == "conj" and sentence.head(first) is not None:
        first = sentence.head(first)
    owner = sentence.head(first) if first is not token and first.rel in _NAME_RELS else None
    kind = CLASS_NOUNS.get(owner.lemma) if owner is not None else None
    name = _quoted_around(sentence.article.text, token)
    if kind is None or name is None:
        return None
    return Argument(f"«{name}»", name, kind, owner.lemma)


def _quoted_around(text: str, token) -> str | None:
    """The quoted name the token stands in, if it names something (not a number)."""
    opening, closing = text.rfind("«", 0, token.start), text.find("»", token.stop)
    if opening < 0 or closing < 0 or "»" in text[opening : token.start] or "«" in text[token.stop : closing]:
        return None
    name = text[opening + 1 : closing].strip()
    return name if 0 < len(name) <= 80 and any(c.isalpha() for c in name) else None


def entity_argument(sentence: ParsedSentence, token) -> Argument | None:
    span = sentence.article.span_of.get(token.id)
    if span is None:
        alias = _alias(sentence.article, token.text)
        if alias and fold(token.text) in MINISTRY_SHORT_NAMES:  # «региональный минздрав»: the region's
            alias = regional_body(sentence, token, alias) or alias
        if not alias and is_abbreviation(token.text):  # «ЦРБ» of the article's one «Сорокопольская ЦРБ»
            alias = qualified_abbreviation(sentence.article.text, token.text) or ""
        return Argument(token.text, alias, ORGANIZATION) if alias else None
    if span.type == "PER" and any(t.feats.get("Number") == "Plur" for t in span.tokens):
        return None  # «каменногорцы»: a plural is a group of people, not a person's name
    parent = sentence.head(token)
    if token.rel in _NAME_RELS and parent is not None and parent.lemma in CLASS_NOUNS:
        if not _stray_person_name(sentence, span, parent):
            return class_noun_name(sentence, parent)
    quoted = sentence.article.text[: span.tokens[0].start].rstrip().endswith("«")  # «Капитан Сорокин», a ship
    if span.type == "ORG" and not quoted and _post_word(span.tokens[0]):
        return None  # «Проректором лесотехнического университета стал ...»: NER took the post into the name
    found = _span_argument(sentence, span)
    if found.type == PERSON and _first_name_and_patronymic(found.normal):
        return None  # an address the article did not resolve names nobody a reader could look up
    return found


def _post_word(token) -> bool:
    """A post or a staff role («директор», «проректор»), which begins no organization's name,
    also where the tagger read the capitalized first word of a sentence as a name."""
    lemmas = {token.lemma, *(p.normal_form for p in morph().parse(token.text.lower())[:1])}
    return bool(lemmas & (POSITION_NOUNS | STAFF_ROLES))


def _stray_person_name(sentence: ParsedSentence, span, parent) -> bool:
    """A person's name the parser hung on a class noun it does not name: «сотрудники института
    океанологии Анна Котова» (words between them, no quotes), unlike «теплоход «Анна Котова»»."""
    if span.type != "PER" or sentence.article.text[: span.tokens[0].start].rstrip().endswith("«"):
        return False
    return any(parent.stop <= t.start and t.stop <= span.tokens[0].start for t in sentence.tokens)


_SURNAME_ENDINGS = {  # (gender, case) -> oblique ending -> nominative ending, for -ов/-ев/-ин surnames
    ("Masc", "Gen"): {"а": ""},
    ("Masc", "Acc"): {"а": ""},
    ("Masc", "Dat"): {"у": ""},
    ("Masc", "Ins"): {"ым": ""},
    ("Masc", "Loc"): {"е": ""},
    ("Fem", "Gen"): {"ой": "а"},
    ("Fem", "Dat"): {"ой": "а"},
    ("Fem", "Ins"): {"ой": "а"},
    ("Fem", "Loc"): {"ой": "а"},
    ("Fem", "Acc"): {"у": "а"},
}
_SURNAME_STEM = re.compile(r"(?:ов|ев|ёв|ин|ын)$")


def _surname_nominative(word: str, feats: dict) -> str:
    """«Шатровым» -> «Шатров» for surnames the dictionary does not know, by the regular
    declension of Russian surnames in -ов, -ев, -ин."""
    for ending, nominative in _SURNAME_ENDINGS.get((feats.get("Gender"), feats.get("Case")), {}).items():
        stem = word[: -len(ending)]
        if word.endswith(ending) and _SURNAME_STEM.search(stem):
            return stem + nominative
    return word


def _after_class_noun(sentence: ParsedSentence, first) -> bool:
    before = [t for t in sentence.tokens if t.stop <= first.start and t.text != "«"]
    return bool(before) and before[-1].lemma in CLASS_NOUNS


def institution_argument(sentence: ParsedSentence, head) -> Argument | None:
    """«Правительство Северореченской области», «министерство промышленности»: an institution
    noun with its genitive complement is the institution's name."""
    if not any(not sentence.preposition(c) and _genitive(c) for c in sentence.kids(head, "nmod")):
        return _proper_institution(sentence, head)
    found = phrase_argument(sentence, head, ORGANIZATION, require_modifier=True)
    if found is None:
        return None
    normal = found.normal[:1].upper() + found.normal[1:]
    if _generic_jurisdiction(sentence, head):  # «администрация округа» after its full name
        own_name = lambda index, word: _name_headed_by(sentence.article, index, word)  # noqa: E731
        completed = earlier_full_name(sentence, head, normal, own_name)
    else:  # «Департамент здравоохранения мэрии» of the one city the article names
        body_at = lambda index, word: _body_named_at(sentence.article, index, word)  # noqa: E731
        completed = completed_owner(sentence, normal, body_at)
    # «правительства области», «министерстве финансов области» of the one region the article named
    normal = completed or with_place_owner(sentence, head, normal) or normal
    return Argument(found.text, normal, ORGANIZATION, head.lemma)


def _proper_institution(sentence: ParsedSentence, head) -> Argument | None:
    """«(в 2025 году) Российский научный фонд», «Верховный суд»: an institution named by adjectives
    alone is a proper name when its first word is capitalized inside the sentence (Russian capitalizes
    only a name's first word) or is coined from a place name; «научный фонд» names none."""
    own = sorted(sentence.kids(head, "amod"), key=lambda t: t.start)
    if not own or own[0].start > head.start or not own[0].text[:1].isupper():
        return None
    if own[0].start == sentence.tokens[0].start and not _coined(own[0]):
        return None  # «Научный фонд выделил ...»: any first word is capitalized
    found = phrase_argument(sentence, head, ORGANIZATION, require_modifier=True)
    if found is None or not found.text[:1].isupper():
        return None
    normal = found.normal[:1].upper() + found.normal[1:]
    normal = regional_legislature(sentence, head, normal) or normal  # «Законодательное собрание» of the one region
    return Argument(found.text, normal, ORGANIZATION, head.lemma)


def _generic_jurisdiction(sentence: ParsedSentence, head) -> bool:
    """«администрация округа», «мэрия города»: the genitive is a place's class noun with no name."""
    places = [c for c in sentence.kids(head, "nmod") if not sentence.preposition(c) and _genitive(c)]
    return bool(places) and all(
        (CLASS_NOUNS.get(c.lemma) == PLACE or c.lemma == "округ")
        and not any(k.text[:1].isupper() for k in sentence.kids(c))
        for c in places
    )


def _genitive(token) -> bool:
    """A genitive, also where the tagger read a place name as a nominative («мэрия Бережанска»): a
    name with no nominative reading is none."""
    if token.feats.get("Case") == "Gen":
        return True
    return token.pos == "PROPN" and all(p.tag.case == "gent" for p in morph().parse(token.text))


def _span_argument(sentence: ParsedSentence, span: EntitySpan) -> Argument:
    tokens = list(span.tokens)
    text = sentence.article.text[tokens[0].start : tokens[-1].stop]
    kind = NER_TYPES[span.type]
    descriptor = ""
    if kind == ORGANIZATION and len(tokens) == 1 and is_abbreviation(text) and not _alias(sentence.article, text):
        qualified = qualified_abbreviation(sentence.article.text, text)  # «ЦРБ»: the one «Сорокопольская ЦРБ»
        if qualified:
            return Argument(text, qualified, ORGANIZATION)
    if kind == ORGANIZATION:
        tokens = [t for t in _before_brackets(tokens) if not _alias(sentence.article, t.text)] or tokens
        named = _organization_name(sentence, span, tokens, text)
        if named is not None:
            return named
        descriptor = tokens[-1].lemma if CLASS_NOUNS.get(tokens[-1].lemma) == ORGANIZATION else ""
    if kind == PERSON and _owner_before_name(tokens):
        tokens = tokens[1:]  # «директор «Водоканала» Светлодонска Игорь Сомов»: the town is the title's
        text = sentence.article.text[tokens[0].start : tokens[-1].stop]
        span = replace(span, tokens=tuple(tokens), normal="")
    normal = _span_normal(span, tokens, kind)
    if kind == PERSON and _first_name_and_patronymic(normal):
        normal = _full_name_of(sentence.article, normal) or normal
    if kind == ORGANIZATION:  # «Фонд развития области» of the one region the article named
        normal = with_place_owner(sentence, tokens[0], normal) or normal
    return Argument(text, " ".join(restore_yo(normal, text).translate(_UNQUOTED).split()), kind, descriptor)


def _first_name_and_patronymic(normal: str) -> bool:
    """«Марина Юрьевна»: how an article addresses a person it named before, never a name on its own."""
    words = normal.split()
    return len(words) == 2 and any("Patr" in p.tag.grammemes for p in morph().parse(words[1]))


def _full_name_of(article: ArticleContext, address: str) -> str | None:
    """The one person of the article named in full with the address's first name («Марина Кошелева»
    for «Марина Юрьевна»), or None."""
    first = address.split()[0]
    full = set()
    for span in {id(s): s for s in article.span_of.values() if s.type == "PER"}.values():
        words = span_nominative(list(span.tokens), "PER").split()
        if len(words) >= 2 and words[0] == first and not _first_name_and_patronymic(" ".join(words)):
            full.add(" ".join(words))
    return full.pop() if len(full) == 1 else None


def _owner_before_name(tokens: list) -> bool:
    """A person span of three words whose first has no nominative and no reading as a first name
    or a patronymic, then a first name and no patronymic: NER glued the end of a title («директор
    «Водоканала» Светлодонска») to the name after it. («Ртищева Анна Петровна», surname first, ends
    with a patronymic.)"""
    if len(tokens) != 3:
        return False
    first, name, last = (morph().parse(t.text) for t in tokens)
    return (
        not any(p.tag.case == "nomn" or {"Name", "Patr"} & p.tag.grammemes for p in first)
        and any("Name" in p.tag.grammemes for p in name)
        and not any("Patr" in p.tag.grammemes for p in last)
    )


def _before_brackets(tokens: list) -> list:
    """«Тихоморская краевая клиническая больница (ККБ)»: what stands in brackets after a name is
    an alias of it, never part of it."""
    opening = next((i for i, t in enumerate(tokens) if t.text == "("), len(tokens))
    return tokens[:opening]


def _organization_name(sentence: ParsedSentence, span: EntitySpan, tokens: list, text: str) -> Argument | None:
    """An organization's name taken as written: quoted, or the full name of its abbreviation."""
    quoted = QUOTED_AFTER.match(sentence.article.text, tokens[0].start - 1)
    if quoted is not None and _after_class_noun(sentence, tokens[0]):  # «агрохолдинга «Ольховские поля»»
        return Argument(text, quoted.group(1).strip(), ORGANIZATION)  # never inflected
    named = _quoted_after_own_class_noun(sentence, tokens)
    if named is not None:
        return named
    if text.startswith("«"):  # a bare quoted name: NER's normal form undoes the case («Сокола» -> Сокол)
        return Argument(text, " ".join((span.normal or text).translate(_UNQUOTED).split()), ORGANIZATION)
    alias = _alias(sentence.article, " ".join(t.text for t in tokens))
    return Argument(text, alias, ORGANIZATION) if alias else None


def _quoted_after_own_class_noun(sentence: ParsedSentence, tokens: list) -> Argument | None:
    """«Судоверфь «Кречет» спустила на воду ...»: NER takes a sentence-initial class noun into the
    name, but the capital is the sentence's; the noun is the class, the quoted words the name."""
    first = tokens[0]
    if len(tokens) < 2 or CLASS_NOUNS.get(first.lemma) != ORGANIZATION:
        return None
    quoted = QUOTED_AFTER.match(sentence.article.text, first.stop)
    if quoted is None or quoted.end() < tokens[-1].stop:
        return None
    return Argument(
        sentence.article.text[first.start : quoted.end()], quoted.group(1).strip(), ORGANIZATION, first.lemma
    )


def _span_normal(span: EntitySpan, tokens: list, kind: str) -> str:
    """The nominative of an entity's name."""
    if kind == PERSON and span.normal and len(tokens) == span.original_length and span.type == span.ner_type:
        normal = span.normal  # Natasha's own normal form is reliable for people's names; for places it
        # guesses an unknown adjective's nominative («Тихоморского края» -> «Тихоморской край»), which
        # agreement with the head noun gets right; a surname it read alone takes the first name's gender
        normal = " ".join(surname_agreeing(normal.split(" ")))
    else:
        normal = span_nominative(tokens, span.type)
    if kind != PERSON:
        return normal
    words = normal.split(" ")
    if len(words) != len(tokens):
        return normal
    lone = tokens[0] if len(tokens) == 1 else None
    if lone is not None and lone.rel in {"nsubj", "nsubj:pass"} and lone.text[:1].isupper():
        # «Котова руководит ...»: a subject is written in the nominative, though the tagger may read a
        # woman's lone surname as a man's genitive
        return lone.text
    # a surname takes the gender of the first name before it: the tagger reads «(Анну) Котову» as masculine
    gender = tokens[0].feats.get("Gender")
    return " ".join(
        _first_name_nominative(_surname_nominative(w, {**t.feats, "Gender": gender or t.feats.get("Gender")}), t)
        for w, t in zip(words, tokens, strict=True)
    )


def _first_name_nominative(word: str, token) -> str:
    """«(премия присуждена) Анне Котовой» -> «Анна»: the dictionary knows «Анне» as an indeclinable
    name of its own, so a dative or locative «-е» left as written is undone when the name in «-а»
    declines to it."""
    if token.feats.get("Case") not in {"Dat", "Loc"} or word != token.text or not word.endswith("е"):
        return word
    candidate = word[:-1] + "а"
    for parsed in morph().parse(candidate)[:3]:
        if "Name" in parsed.tag and "nomn" in parsed.tag:
            case = "datv" if token.feats["Case"] == "Dat" else "loct"
            inflected = parsed.inflect({case})
            if inflected is not None and inflected.word == word.lower():
                return candidate
    return word


def phrase_argument(
    sentence: ParsedSentence, head, kind: str, *, require_modifier: bool, hidden: frozenset[str] = frozenset()
) -> Argument | None:
    """'завод ветроустановок в Заречье', 'министр строительства Северореченской области'; `hidden`:
    ids of tokens that are no part of the phrase."""
    phrase = [t for t in _phrase_tokens(sentence, head) if t.id not in hidden]
    lemmas = {t.lemma for t in phrase}
    if lemmas & RELATIVE_TIME or lemmas & REPORTING_HEADS:
        return None
    if require_modifier and len([t for t in phrase if t.pos in {"NOUN", "PROPN", "ADJ"}]) < 2:
        return None  # «завод» alone is anaphoric
    text = sentence.surface(phrase)
    normal = restore_yo(syntax_normal_form(phrase), text)
    if phrase[0].pos != "PROPN":
        normal = normal[:1].lower() + normal[1:]  # a common noun capitalized only as the sentence's first word
    return Argument(text, normal, kind, head.lemma if kind != POSITION else "должность")


def _phrase_tokens(sentence: ParsedSentence, head) -> list:
    """The words of a noun phrase without punctuation, evaluative adjectives («новый»), clauses and
    the preposition that governs the whole phrase («иск к мэрии Бережанска»: «к» is no part of it)."""
    properties = _property_tokens(sentence, head) | _crossing_dependents(sentence, head) | _post_topic(sentence, head)
    return [
        t
        for t in sentence.subtree(head, _PHRASE_RELS)
        if t.pos != "PUNCT"
        and t.id not in properties
        and not (t.rel == "case" and t.head_id == head.id)
        and not (t.pos == "ADJ" and t.lemma in NON_IDENTIFYING and t.head_id == head.id)
        and (t is head or _within_phrase(sentence, t, head))
    ]


def _post_topic(sentence: ParsedSentence, head) -> set:
    """Ids of a «по ...» phrase the parser hung on a territorial body, with its words: it names a post
    there, never the body («комитет по культуре» keeps its own)."""
    if head.lemma not in TERRITORIAL_BODIES and head.lemma not in LEGISLATURES:
        return set()
    return {
        t.id
        for kid in sentence.kids(head, "nmod")
        if sentence.preposition(kid) == "по"
        for t in sentence.subtree(kid, _PHRASE_RELS)
    }


def _crossing_dependents(sentence: ParsedSentence, head) -> set:
    """Ids of the words of a dependent after `head` with a word of another phrase between them
    («грант фонда поддержки исследований на изучение Кареозера», «Кареозера» hung on «фонда»): the
    arc crosses that phrase, which is the parser's misattachment, not part of the name."""
    found: set = set()
    own: set | None = None
    for kid in sentence.kids(head):
        between = [t for t in sentence.tokens if head.stop <= t.start and t.stop <= kid.start]
        # cheap test first: a word between whose own head lies outside the two (the usual case has none)
        if kid.start < head.stop or all(_head_within(sentence, t, head, kid) for t in between):
            continue
        own = own if own is not None else {t.id for t in sentence.subtree(head)}
        if any(t.id not in own for t in between):
            found |= {t.id for t in sentence.subtree(kid)}
    return found


def _head_within(sentence: ParsedSentence, token, head, kid) -> bool:
    parent = sentence.head(token)
    return parent is not None and head.start <= parent.start <= kid.start


def _property_tokens(sentence: ParsedSentence, head) -> set:
    """Ids of the words of a property in the instrumental («мощностью 300 тонн сырья») and of a
    rate («в сутки»), which the parser may hang off the thing itself."""
    return {
        t.id
        for kid in sentence.kids(head, "nmod")
        if (kid.lemma in PROPERTY_NOUNS and kid.feats.get("Case") == "Ins" and not sentence.preposition(kid))
        or is_rate(sentence, kid)
        for t in sentence.subtree(kid)
    }


def is_rate(sentence: ParsedSentence, token) -> bool:
    """«в сутки», «в год»: a time unit in the accusative after «в» makes an amount a rate."""
    return token.lemma in RATE_UNITS and token.feats.get("Case") == "Acc" and sentence.preposition(token) == "в"


def _coined(token) -> bool:
    """An adjective made from a name («Северореченский»): a toponym's adjective or no dictionary word."""
    best = morph().parse(token.text)[0]
    return not best.is_known or "Geox" in best.tag


def _within_phrase(sentence: ParsedSentence, token, head) -> bool:
    """A modifier belongs to the phrase unless a clause or a comma intervenes."""
    current = token
    while current is not None and current is not head:
        if current.rel in {"acl", "acl:relcl", "conj", "parataxis"}:
            return False
        current = sentence.head(current)
    return current is head


def _alias(article: ArticleContext, text: str) -> str:
    folded = _folded(text)
    head, _, rest = folded.partition(" ")
    if head in MINISTRY_SHORT_NAMES:
        return " ".join(p for p in (MINISTRY_SHORT_NAMES[head], text.partition(" ")[2]) if p)
    return article.aliases.get(folded, "")


def _folded(text: str) -> str:
    return " ".join(fold(text).translate(_UNQUOTED).split())


def role_holder(sentence: ParsedSentence, role) -> Argument | None:
    """The person named in apposition to a role noun: «директор ... Анна Соколова» or
    «Анна Соколова, директор ...»."""
    candidates = sentence.kids(role, "appos", "flat:name", "flat")
    parent = sentence.head(role)
    if role.rel == "appos" and parent is not None:
        candidates.append(parent)
    for token in candidates:
        found = entity_argument(sentence, token)
        if found is not None and found.type == PERSON:
            return found
    return None


# --- abbreviations and bylines ---------------------------------------------------------------


def abbreviations(text: str, spans) -> dict[str, str]:
    """«Российский научный фонд (РНФ)»: the abbreviation in brackets after a name whose words'
    initials spell it names the same organization; later mentions of «РНФ» mean the full name."""
    found: dict[str, str] = {}
    for span in spans:
        if span.type != "ORG":
            continue
        name = re.sub(r"\s*\([^)]*\)\s*$", "", span.text)
        tail = text[span.start + len(name) :]
        match = _ABBREVIATION_AFTER.match(tail)
        if match is None:
            continue
        abbreviation = match.group(1)
        words = [w for w in re.findall(r"[А-ЯЁа-яёA-Za-z-]+", name) if len(w) > 2]
        initials = "".join(w[0] for w in words).upper()
        # «Тихоморская краевая клиническая больница (ККБ)»: a regional adjective may stay out;
        # «Бережанский государственный университет (БерГУ)»: a part may be a word's first syllable
        short = abbreviation.upper()
        if initials == short or (len(short) > 2 and initials.endswith(short)) or abbreviates(abbreviation, name):
            tokens = [t for t in span.tokens if t.start < span.start + len(name)]
            found[_folded(abbreviation)] = span_nominative(sorted(tokens, key=lambda t: t.start), "ORG")
    return found


_BYLINE = re.compile(r"^[А-ЯЁA-Z][А-ЯЁA-Z .-]+,\s*\d{1,2}\s+[а-яё]+\s*[—–-]\s*([^.\n]{2,60})\.")


def byline_source(text: str) -> str:
    """«МОСКВА, 5 ноября — РИА Новости.»: the agency that reports the article."""
    match = _BYLINE.search(text.lstrip()[:200]) or _BYLINE.search(text.split("\n\n", 1)[-1].lstrip()[:200])
    return _folded(match.group(1)) if match else ""


# --- dates and quantities --------------------------------------------------------------------


def date_argument(sentence: ParsedSentence, token) -> Argument | None:
    """An absolute day from '29 октября [2025 года]', or a relative one ('вчера', 'в понедельник')
    resolved against the article's date. A relative period ('в прошлом году', 'на следующей
    неделе') names no day and yields nothing."""
    phrase = sentence.subtree(token, {"amod", "nummod", "nmod", "flat", "case", "nummod:gov"})
    day = _named_day(token, phrase, sentence.article.published)
    if day is None:
        return None
    text = sentence.surface([t for t in phrase if t.rel != "case"]) or token.text
    return Argument(text, f"{day.day} {MONTHS_GENITIVE[day.month - 1]} {day.year} года", DATE)


_DAYS_BACK = {"сегодня": 0, "вчера": 1, "позавчера": 2}


def _named_day(token, phrase: list, published: date) -> date | None:
    """The day a date phrase headed by `token` names: a calendar date, a day relative to the
    article's date, or a weekday of the current week."""
    lemmas = [t.lemma for t in phrase]
    if any(lemma in MONTH_LEMMAS for lemma in lemmas):  # the phrase includes its head
        return _calendar_day(phrase, published.year)
    if token.lemma in _DAYS_BACK:
        return published - timedelta(days=_DAYS_BACK[token.lemma])
    if token.lemma in WEEKDAY_LEMMAS and not set(lemmas) & RELATIVE_TIME:
        back = (published.weekday() - WEEKDAY_LEMMAS.index(token.lemma)) % 7
        return published - timedelta(days=back)  # news reports a past weekday of the current week
    return None


def _calendar_day(phrase: list, default_year: int) -> date | None:
    """«29 октября [2025 года]»; the article's year when none is written, nothing without a day."""
    month = next(MONTH_LEMMAS.index(t.lemma) + 1 for t in phrase if t.lemma in MONTH_LEMMAS)
    numbers = [int(t.text) for t in phrase if t.text.isdigit()]
    days = [n for n in numbers if 1 <= n <= 31]
    years = [n for n in numbers if n > 1900]
    if not days:
        return None
    try:
        return date(years[0] if years else default_year, month, days[0])
    except ValueError:
        return None


def quantity_argument(
    sentence: ParsedSentence,
    token,
    units: frozenset[str] = frozenset(),
    *,
    ends_at_unit: bool = False,
    governed: bool = False,
) -> Argument | None:
    """'640 тысяч тонн зерна': a number with its multiplier, unit and counted noun; with `units`,
    only a quantity measured in one of them. `ends_at_unit`: a sum ends at its currency («700 тысяч
    рублей», not «... рублей компенсации морального вреда», which says what the money is for).
    `governed`: the head stands after a preposition the caller chose («оштрафовал на 4 млн рублей»),
    which is no part of the amount."""
    if token.pos != "NUM" and not sentence.kids(token, "nummod", "nummod:gov"):
        return None  # «компенсацию в размере 2 млн рублей»: the word a number counts heads an amount
    phrase = [t for t in sentence.subtree(token, {"nummod", "nummod:gov", "nmod", "amod", "flat"}) if t.pos != "PUNCT"]
    phrase = [
        t
        for t in phrase
        if _within_phrase(sentence, t, token) and (not sentence.preposition(t) or (governed and t is token))
    ]
    unit_end = next((t.start for t in phrase if t.lemma in units), None) if ends_at_unit else None
    if unit_end is not None:
        phrase = [t for t in phrase if t.start <= unit_end]
    if not any(t.pos == "NUM" or t.text.replace(",", "").isdigit() for t in phrase):
        return None
    if not any(t.pos == "NOUN" for t in phrase):
        return None  # a bare number has no counted noun
    if units and not {t.lemma for t in phrase} & units:
        return None
    text = sentence.surface(_with_bound(sentence, phrase))
    return Argument(text, text, QUANTITY)


# «более 210 тысяч тонн» is a bound, not an amount: the answer keeps the word that says so.
_BOUND_WORDS = frozenset("более свыше около почти порядка менее примерно приблизительно".split())


def _with_bound(sentence: ParsedSentence, phrase: list) -> list:
    """The phrase with the bound word right before it («более», «не менее»), if there is one."""
    first = min(phrase, key=lambda t: t.start)
    before = [t for t in sentence.tokens if t.stop <= first.start]
    bound = []
    if before and before[-1].text.lower() in _BOUND_WORDS:
        bound = [before[-1]]
        if len(before) > 1 and before[-2].text.lower() == "не":
            bound.insert(0, before[-2])
    return sorted(bound + phrase, key=lambda t: t.start)


# Who gives a prize that news names by its giver: «премия губернатора Тихоморского края».
_GIVER_ROLES = frozenset({"губернатор", "мэр", "глава", "президент"})
# Prepositional words that tell one prize of a giver from another: «премия губернатора в области культуры».
_PRIZE_FIELDS = frozenset({"область", "сфера"})


def giver_prize(sentence: ParsedSentence, head) -> Argument | None:
    """«премия губернатора Тихоморского края», «премия правительства Тихоморской области»: a prize
    with no name of its own is known by who gives it, when the giver is known itself: an institution
    with its jurisdiction or name, or a governor, mayor or head of a named place. A bare «премия
    губернатора» (whose?), a person's name («премия Олега Белова») or a company's bonus names no prize.
    The prize's field («в области культуры») stays part of its name; a year or a reason («за 2025 год»)
    does not."""
    if head.lemma != "премия":
        return None
    givers = [c for c in sentence.kids(head, "nmod") if not sentence.preposition(c) and _genitive(c)]
    if len(givers) != 1 or givers[0].lemma not in _GIVER_ROLES | INSTITUTION_NOUNS:
        return None
    giver = givers[0]
    owners = [c for c in sentence.kids(giver, "nmod") if not sentence.preposition(c) and _genitive(c)]
    if giver.lemma in _GIVER_ROLES:
        known = len(owners) == 1 and _argument(sentence, owners[0], frozenset({PLACE, ORGANIZATION}), frozenset())
    else:  # «правительства Тихоморской области», «фонда «Исток»»
        known = _argument(sentence, giver, frozenset({ORGANIZATION}), frozenset())
    if not known:
        return None
    hidden = frozenset(
        t.id
        for c in sentence.kids(head, "nmod") + sentence.kids(giver, "nmod", "appos", "flat:name")
        if (sentence.preposition(c) and c.lemma not in _PRIZE_FIELDS)
        or getattr(sentence.article.span_of.get(c.id), "type", "") == "PER"
        for t in sentence.subtree(c)
    )
    found = phrase_argument(sentence, head, EVENT, require_modifier=True, hidden=hidden)
    if found is None or any(o.id in hidden or o.text not in found.text for o in owners[:1]):
        return None  # the giver's place or name fell out of the phrase: «премия мэра» alone names none
    normal = found.normal[:1].lower() + found.normal[1:]
    if "«" in found.text:  # «премии фонда «Исток»»: the giver's quoted name keeps its quotes
        before, quoted = found.text.split("«", 1)
        normal = " ".join(normal.split()[: len(before.split())] + [f"«{quoted}"])
    return replace(found, normal=normal)
