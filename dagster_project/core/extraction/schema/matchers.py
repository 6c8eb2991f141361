"""Grammars of the schema relations over Natasha's morphology and dependency parse.

A verb pattern says which verb lemmas trigger the relation, in which tense and aspect, and where
its object stands: a direct object, a prepositional complement in a given case, or a dependent of
a carrier noun («подписал соглашение с X», «входит в состав X»). Subjects are the verb's own
nominal subject; a verb joined by «и» without a comma shares its head verb's subject, nothing
else crosses a clause boundary (a «который» clause has its own pronoun subject, which names
nothing). Role appositions («генеральный директор компании X Анна Соколова») give positions;
the genitive owner of a role is never its holder.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations

from ...common.russian import can_be_dative, morph
from .arguments import (
    Argument,
    ParsedSentence,
    _genitive,
    _quoted_around,
    argument,
    entity_argument,
    is_rate,
    role_holder,
)
from .lexicon import (
    AWARD_VERBS,
    BOARD_NOUNS,
    CHIEF_ROLES,
    CHIEF_STAFF_ROLES,
    CLASS_NOUNS,
    CLUB_NOUNS,
    COACH_QUALIFIERS,
    COACH_ROLES,
    CONTEST_NOUNS,
    FEMININE_STAFF_ROLES,
    FORMER_MARKERS,
    FOUNDER_ROLES,
    HEAD_ROLE_QUALIFIERS,
    HEAD_ROLES,
    MEASURE_RELATIONS,
    MORE_STAFF_ROLES,
    ON_NOUNS,
    PARTIAL_LIST_WORDS,
    PAYMENT_VERBS,
    PLAN_WORDS,
    PLAYER_ROLES,
    POSITION_NOUNS,
    PRIZE_NOUNS,
    RULING_VERBS,
    STAFF_NOUNS,
    STAFF_ROLES,
    STAFF_UNIT_NOUNS,
    SUBUNIT_NOUNS,
    TEACHING_ORGANIZATIONS,
    TEACHING_ROLES,
    WEIGHT_UNITS,
)
from .matchers_agreements import AGREEMENT_PATTERNS
from .matchers_awards import AWARD_PATTERNS
from .matchers_business import (
    CreditLines,
    DealsOfStatements,
    LoansReceived,
    NewOwners,
    Owners,
    PlacedPurchases,
    Sales,
    SignedPapers,
    Subsidiaries,
    Supplies,
)
from .matchers_careers import CAREER_PATTERNS
from .matchers_contract_builders import CONTRACT_BUILDER_PATTERNS
from .matchers_courts import CourtDecisions, Suits
from .matchers_events import EVENT_PATTERNS
from .matchers_hubs import HUB_PATTERNS
from .matchers_juries import JURY_PATTERNS
from .matchers_lists import (
    AnnouncedLaureates,
    Applicants,
    GrantAwards,
    GrantHolderLists,
    Inverted,
    PrizeLists,
    SidesOfSigning,
    cut_list,
    in_nominations,
    marked_list_items,
    read_list,
    subunit_owner,
)
from .matchers_lists2 import LIST_PATTERNS_2, more_than_listed
from .matchers_money import Costs, InvestmentsInWork
from .matchers_objects import FieldLaureates, FirstPlacesOfTheLead, FounderLists, NominationWinners
from .matchers_orgs import ORG_PATTERNS, from_goes_elsewhere
from .matchers_people import (
    APPOSITION_MARKS,
    PEOPLE_PATTERNS,
    is_role_noun,
    leaves_post,
    post_argument,
    pronoun_person,
    quoted_after,
    role_phrase_end,
    title_holder,
)
from .matchers_places import (
    PLACE_PATTERNS,
    AdjectivalOrigins,
    BracketOrigins,
    Headquartered,
    LocatedStatements,
    OpenedIn,
    Ownership,
    PlacedFacilities,
    settlement,
)
from .matchers_posts import POST_PATTERNS, appointment_list
from .matchers_recall import recall_patterns
from .matchers_staff import STAFF_PATTERNS
from .matchers_successions import SUCCESSION_PATTERNS
from .matchers_tenders import TenderSides
from .relations import AGENTS, EVENT, FACILITY, MONEY, ORGANIZATION, PERSON, PLACE, SCHEMA

RELATIVE_PRONOUNS = frozenset({"который", "что", "кто", "где", "чей"})
Fact = tuple[str, Argument, Argument]  # (relation id, subject, object)


@dataclass(frozen=True)
class Slot:
    """Where the object of a verb stands."""

    preposition: str = ""
    cases: frozenset[str] = frozenset({"Acc"})
    carrier: frozenset[str] = frozenset()  # a noun that carries the object: «соглашение (с X)»
    carrier_preposition: str = ""  # «в (состав X)»
    dative_from_genitive: bool = False  # «кредит компании X»: the parser reads the recipient as a genitive
    # The object must be one of these nouns: «победил в конкурсе», never «выиграл в матче» (one game).
    only: frozenset[str] = frozenset()


# Relations whose subjects a text may count («семь проектов стали победителями»).
_COUNTED_SETS = frozenset({"received_grant_from", "won"})


@dataclass(frozen=True)
class VerbPattern:
    relation: str
    verbs: frozenset[str]
    tense: str  # UD Tense of the finite verb: Past or Pres
    aspect: str  # UD Aspect: Perf or Imp
    slot: Slot
    requires: frozenset[str] = frozenset()  # a complement lemma the verb needs: «ввести в эксплуатацию»
    symmetric: bool = False  # «X и Y подписали соглашение»: each is the other's partner
    units: frozenset[str] = frozenset()  # a quantity object must be measured in one of these
    # The subjects are a set: only before the verb (a list after it, «В состав X вошли A, B и C», is
    # MembershipLists' or ParticipantLists'), and a list with an item that names nobody gives nothing.
    whole_subject_list: bool = False
    # A unit with no name acts for its organization: «лаборатория института «Х» получила грант» -> Х.
    subunit_owner: bool = False

    @property
    def triggers(self) -> frozenset[str]:
        return self.verbs

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        relation = SCHEMA[self.relation]
        for verb in sentence.tokens:
            heads = self._argument_heads(sentence, verb) if self._triggered_by(sentence, verb) else None
            if heads is None:
                continue
            subject_heads, object_heads = heads
            if self.whole_subject_list:
                subject_heads = [t for t in subject_heads if t.start < verb.start]
            # «A, B и несколько фермерских хозяйств подписали ...»: a subject list with an unnamed item is no set
            several = len(subject_heads) > 1 or len(sentence.kids(verb, "nsubj", "nsubj:pass")) > 1
            if several and (not _whole_list_before(sentence, verb) or self._said_to_be_more(sentence, subject_heads)):
                continue
            if _left_out_conjuncts(sentence, subject_heads):  # «Анна Котова и ещё трое депутатов»
                continue
            subjects = [self._subject(sentence, t, relation.subject_types) for t in subject_heads]
            object_heads = [t for t in object_heads if t.id not in {h.id for h in subject_heads}]
            objects = [argument(sentence, t, relation.object_types, self.units) for t in object_heads]
            unnamed_subject = len(subjects) > 1 and None in subjects
            unnamed_object = any(o is None and h.rel == "conj" for h, o in zip(object_heads, objects, strict=True))
            # «посетила Заречье(?) и Ветлугу»: a list with an item that names nothing gives no member of it
            unnamed_object = unnamed_object or _unnamed_in_list(sentence, object_heads, objects)
            unnamed_object = unnamed_object or _object_list_cut(sentence, object_heads)
            unnamed_object = unnamed_object or _partial_objects(sentence, verb, object_heads)
            if unnamed_subject or unnamed_object:
                continue  # «A и её партнёры», «цех «Х» и новый склад»: a list with an unnamed item is no set
            subjects = [a for a in subjects if a]
            if not subjects:
                continue
            objects = [_located(sentence, verb, o) for o in objects if o is not None]
            if objects or (self.symmetric and _signed_with_each_other(sentence, verb, self.slot, subjects)):
                yield from self._facts(subjects, objects)

    def _said_to_be_more(self, sentence: ParsedSentence, subject_heads: list) -> bool:
        """«A и B получили гранты фонда. Семь проектов стали победителями ...»: the text counts more
        recipients than the list names, so the list is a part of them."""
        return self.relation in _COUNTED_SETS and more_than_listed(sentence, len(subject_heads))

    def _subject(self, sentence: ParsedSentence, head, types: frozenset[str]) -> Argument | None:
        owner = subunit_owner(sentence, head) if self.subunit_owner else None
        found = owner if owner is not None else argument(sentence, head, types)
        if self.subunit_owner and owner is None and head.lemma in SUBUNIT_NOUNS and found and "«" not in found.text:
            return None  # «Лаборатория медуниверситета»: a unit with no name of its own, whose owner is not read
        return found

    def _triggered_by(self, sentence: ParsedSentence, verb) -> bool:
        """One of the verbs, with the complement it needs («ввести в эксплуатацию»)."""
        if verb.lemma not in self.verbs or sentence.negated(verb):
            return False
        return not self.requires or any(c.lemma in self.requires for c in sentence.kids(verb))

    def _argument_heads(self, sentence: ParsedSentence, verb) -> tuple[list, list] | None:
        """Subject and object heads of the verb in the pattern's tense, or of its passive participle
        («цех построен компанией X», «цех, построенный компанией X»); None for any other form."""
        if _is_active(verb, self.tense, self.aspect):
            return self._subjects_of_active(sentence, verb), self._object_heads(sentence, verb)
        if self._takes_passive(verb):
            return _agents(sentence, verb), _passive_subjects(sentence, verb)
        return None

    def _subjects_of_active(self, sentence: ParsedSentence, verb) -> list:
        """The verb's subjects; when the parser made the carrier noun the subject («получил грант(nsubj,
        Acc)») and a nominative the object («университет(obj, Nom)»), the nominative is the subject."""
        subjects = _subject_heads(sentence, verb)
        if not self.slot.carrier or not subjects or any(s.lemma not in self.slot.carrier for s in subjects):
            return subjects
        swapped = [c for c in sentence.kids(verb, "obj") if c.feats.get("Case") == "Nom" and c.start < verb.start]
        return sentence.conjuncts(swapped[0]) if swapped else subjects

    def _facts(self, subjects: list[Argument], objects: list[Argument]) -> Iterator[Fact]:
        """Each subject with each object; with no object, the subjects of a symmetric relation with
        each other, once its carrier noun says what they signed («X и Y подписали соглашение»)."""
        if not objects and self.symmetric:
            yield from _each_pair(self.relation, subjects)
            return
        for subject in subjects:
            for obj in objects:
                if subject.normal != obj.normal:
                    yield self.relation, subject, obj

    def _takes_passive(self, verb) -> bool:
        """A direct object becomes the passive subject of a perfective participle."""
        feats = verb.feats
        direct = not self.slot.preposition and not self.slot.carrier and "Acc" in self.slot.cases
        return (
            direct
            and self.tense == "Past"
            and feats.get("VerbForm") == "Part"
            and feats.get("Voice") == "Pass"
            and feats.get("Aspect") == self.aspect
        )

    def _object_heads(self, sentence: ParsedSentence, verb) -> list:
        slot = self.slot
        hosts = _hosts(sentence, verb, slot)
        heads = []
        for host in hosts:
            for child in sentence.kids(host, "obj", "obl", "iobj", "nmod", "xcomp"):
                if child.lemma in slot.carrier or sentence.preposition(child) != slot.preposition:
                    continue
                if host is not verb and _crossing(sentence, host, child):
                    continue  # «грант фонда X на изучение озера Y»: «Y» is the study's, misattached to «фонда»
                case = child.feats.get("Case", "")
                recipient = (
                    slot.dative_from_genitive
                    and (host is not verb or child.rel == "iobj")  # an indirect object of the verb is its dative
                    and case == "Gen"
                    and can_be_dative(child.text, child.lemma)
                )
                undated = "Gen" in slot.cases and child.text.isdigit()  # «29 октября»: the day number heads the date
                # «заём мебельной фабрике»: a locative never stands bare, so a bare one is the dative it sounds like
                bare_dative = "Dat" in slot.cases and case == "Loc" and not sentence.preposition(child)
                if slot.only and child.lemma not in slot.only:
                    continue
                # «с АО «Х»», «в МГУ»: an abbreviation does not decline, whatever case the tagger guessed
                indeclinable = bool(slot.preposition) and child.text.isupper() and len(child.text) > 1
                if (
                    case in slot.cases
                    or _fronted_object(sentence, host, child, slot)
                    or recipient
                    or undated
                    or bare_dative
                    or indeclinable
                    or _listed_plural(sentence, child, slot.cases)
                ):
                    heads += sentence.conjuncts(child)
        if slot.carrier & _CONSTRUCTION:
            heads = _without_owners_of_objects(heads)
        return heads + _repeated_preposition_phrases(sentence, heads, slot)


def _crossing(sentence: ParsedSentence, host, child) -> bool:
    """A dependent after its noun with a word between them that is not in the noun's phrase: the arc
    crosses another phrase, which in Russian news is the parser's misattachment, not a genitive."""
    if child.start < host.start:
        return False
    phrase = {t.id for t in sentence.subtree(host)}
    return any(host.stop <= t.start and t.stop <= child.start and t.id not in phrase for t in sentence.tokens)


def _object_list_cut(sentence: ParsedSentence, heads: list) -> bool:
    """A list of objects read short of a member it has, so it gives no set: a noun coordinated with
    an object that the object's list left out (the tagger read «фабрике» of «кредиты компании «Ладья»
    и фабрике «Маяк»» in another case), more of the list after its last object read
    (_list_goes_on), or a facility's list of places its name keeps one of («офисы в Заречье и Ветлуге»)."""
    left_out = _left_out_conjuncts(sentence, heads)
    return left_out or _list_goes_on(sentence, heads) or any(_places_listed(sentence, h) for h in heads)


# Words that make what follows them some of the objects: «подписала соглашения, в том числе с ...».
_PARTIAL_MARKERS = ("в том числе", "в частности", "включая", "например", "среди них", "среди которых")


def _partial_objects(sentence: ParsedSentence, verb, heads: list) -> bool:
    """«подписала соглашения, в том числе с банком «Окский» и фондом «Исток»»: objects said to be
    some of them, between the verb and the first object, are no set."""
    if not heads:
        return False
    first = min(h.start for h in heads)
    between = sentence.article.text[verb.stop : first].lower() if first > verb.stop else ""
    return any(marker in between for marker in _PARTIAL_MARKERS)


def _left_out_conjuncts(sentence: ParsedSentence, heads: list) -> bool:
    """A noun coordinated with a list's member that the list read left out: a member it has."""
    found = {h.id for h in heads}
    # the parser may join the next item to the member's name rather than to its class noun
    hosts = heads + [n for h in heads for n in sentence.kids(h, "appos", "flat", "flat:name") if n.id not in found]
    return any(
        c.id not in found and c.pos in {"NOUN", "PROPN"} and c.start > h.start and _same_list(sentence, h, c)
        for h in hosts
        for c in sentence.kids(h, "conj")
    )


def _places_listed(sentence: ParsedSentence, head) -> bool:
    return any(
        sentence.preposition(place)
        and any(c.pos in {"NOUN", "PROPN"} and c.start > place.start for c in sentence.kids(place, "conj"))
        for place in sentence.kids(head, "nmod")
    )


def _unnamed_in_list(sentence: ParsedSentence, heads: list, objects: list) -> bool:
    """An object of a list («Заречье(?) и Ветлугу», «и нескольким хозяйствам») that names nothing,
    first item or not; an object outside any list («третий сезон» of «тренирует клуб третий сезон»)
    is just no object."""
    found = {h.id for h in heads}

    def listed(head) -> bool:
        joined = head.rel == "conj" and head.head_id in found
        return joined or any(c.id in found for c in sentence.kids(head, "conj")) or bool(sentence.kids(head, "cc"))

    return any(o is None and listed(h) for h, o in zip(heads, objects, strict=True))


# What an object's own phrase is made of: its name, quotes, adjectives and genitive tail, appositions.
_OBJECT_PHRASE = frozenset({"appos", "flat", "flat:name", "flat:foreign", "amod", "nmod", "punct", "case", "nummod"})


def _list_goes_on(sentence: ParsedSentence, heads: list) -> bool:
    """«предоставил кредиты компании «Ладья» и нескольким фермерским хозяйствам»: after the last object
    read, «и» (or «, а также») opens one more noun phrase of the list, or a comma one more named item,
    which the parser hung elsewhere; the list read is short of it. A verb, a relative word or a
    participle there opens a clause, and a comma before a phrase with no name of its own an apposition
    («завод «Омега», крупнейшее предприятие района»)."""
    if not heads:
        return False
    found = {h.id for h in heads}
    last = max(heads, key=lambda h: h.start)
    phrase = {t.id for t in sentence.subtree(last, _OBJECT_PHRASE) if t.text not in {",", "—", "–"}}
    # the phrase's words in a row from its head (a word the parser hung on it from afar is no part of it)
    following = [t for t in sentence.tokens if t.start > last.start]
    while following and following[0].id in phrase:
        following = following[1:]
    following = [t for t in following if t.text != "»"]
    words = [t.lemma for t in following[:3]]
    if words[:1] == ["и"]:
        rest, named_only = following[1:], False
    elif words[:3] == [",", "а", "также"]:
        rest, named_only = following[3:], False
    elif words[:1] == [","]:
        rest, named_only = following[1:], True
    else:
        return False
    if not rest or rest[0].id in found or rest[0].lemma in {"также", "другой", "прочий"} | RELATIVE_PRONOUNS:
        return False
    first = rest[0]
    if first.feats.get("VerbForm") == "Part" or not (first.pos in {"NOUN", "PROPN", "NUM", "ADJ"} or first.text == "«"):
        return False
    item = []
    for token in rest:
        if token.text in {",", ";", "—", "–"} or token.lemma == "и" or token.pos in {"VERB", "AUX"}:
            break
        item.append(token)
    return not named_only or any(t.text == "«" or t.id in sentence.article.span_of for t in item)


def _fronted_object(sentence: ParsedSentence, verb, child, slot: Slot) -> bool:
    """«Терминал «Восток» запустила компания «Х»»: an inanimate object put before the verb, which the
    tagger reads as a nominative, is the accusative it sounds like when the verb has its own subject."""
    if slot.preposition or "Acc" not in slot.cases or child.rel != "obj" or child.feats.get("Case") != "Nom":
        return False
    if child.feats.get("Animacy") != "Inan" or child.start > verb.start:
        return False
    if not any(s.id != child.id and s.feats.get("Case") == "Nom" for s in sentence.kids(verb, "nsubj")):
        return False
    return any(p.tag.case == "accs" and p.normal_form == child.lemma for p in morph().parse(child.text.lower()))


def _without_owners_of_objects(heads: list) -> list:
    """«приступила к строительству корпуса больницы»: what is built is the carrier's own genitive, and
    the genitive owner of it («больницы») is no second object (a council's company of «в состав совета
    директоров компании» is what one joins, so other carriers keep their chains)."""
    found = {h.id for h in heads}
    return [h for h in heads if not (h.rel == "nmod" and h.head_id in found)]


_PYMORPHY_CASES = {"Nom": "nomn", "Gen": "gent", "Dat": "datv", "Acc": "accs", "Ins": "ablt", "Loc": "loct"}


def _listed_plural(sentence: ParsedSentence, noun, cases: frozenset[str]) -> bool:
    """«купил компании «Ладья», «Кварта» и «Луч»»: a class noun before a list of names is a plural,
    whatever case the tagger read in its singular look-alike, when the word can be that plural."""
    if noun.lemma not in CLASS_NOUNS or len(sentence.conjuncts(noun)) < 2:
        return False
    wanted = [{_PYMORPHY_CASES[c], "plur"} for c in cases if c in _PYMORPHY_CASES]
    return any(w <= set(p.tag.grammemes) for p in morph().parse(noun.text) for w in wanted)


def _repeated_preposition_phrases(sentence: ParsedSentence, heads: list, slot: Slot) -> list:
    """«выиграл у «Буревестника» со счётом 4:2, у «Ладоги» ... и у «Ледокола» ...»: a phrase that
    repeats the object's preposition is coordinated with the object, though the parser joins it to
    the score before it (or anywhere in a broken tree); only within the verb's own clause."""
    if not heads or not slot.preposition or slot.carrier:
        return []
    found = {h.id for h in heads}
    return [
        t
        for t in sentence.tokens
        if t.rel == "conj"
        and t.id not in found
        and t.start > heads[0].start
        and (sentence.preposition(t) == slot.preposition or _listed_class_noun(sentence, heads[0], t))
        and t.feats.get("Case") in slot.cases
        and _same_list(sentence, heads[0], t)
    ]


def _listed_class_noun(sentence: ParsedSentence, first, later) -> bool:
    """«у клуба «Кедр», команды «Ладога» и клуба «Вымпел»»: a class noun in the object's case with
    no preposition of its own continues the object's list, wherever the parser attached it."""
    return (
        not sentence.preposition(later)
        and first.lemma in CLASS_NOUNS
        and later.lemma in CLASS_NOUNS
        and later.feats.get("Case") == first.feats.get("Case")
    )


def _same_list(sentence: ParsedSentence, first, later) -> bool:
    """Nothing between two members of a list opens another clause: no verb, no «а» or «но», no
    relative pronoun or subordinating conjunction."""
    between = [t for t in sentence.tokens if first.stop <= t.start and t.stop <= later.start]
    return not any(t.pos in {"VERB", "AUX", "SCONJ"} or t.lemma in RELATIVE_PRONOUNS | {"а", "но"} for t in between)


def _each_pair(relation_id: str, sides: list[Argument]) -> Iterator[Fact]:
    """A symmetric relation between every two of the sides, each once."""
    for left, right in combinations(sides, 2):
        yield relation_id, left, right


def _hosts(sentence: ParsedSentence, verb, slot: Slot) -> list:
    """Where the object of `verb` may hang: the verb itself or, with a carrier noun, the carrier, the
    verb, or (misattached) anywhere in the carrier's phrase: «соглашение о сотрудничестве с X»,
    «соглашение с X о подготовке ...». No carrier where one is needed: nowhere."""
    if not slot.carrier:
        return [verb]
    carriers = [
        c
        for c in sentence.kids(verb, "obj", "obl", "xcomp", "iobj", "nsubj")
        if c.lemma in slot.carrier
        and sentence.preposition(c) == slot.carrier_preposition
        and (c.rel != "nsubj" or c.feats.get("Case") == "Acc")  # «лаборатория получила грант(nsubj, Acc)»
    ] + _relative_antecedent(sentence, verb, slot.carrier)
    if not carriers:
        return []
    return [t for c in carriers for t in sentence.subtree(c, {"nmod"})] + [verb]


def _signed_with_each_other(sentence: ParsedSentence, verb, slot: Slot, sides: list) -> bool:
    """«A, B и C подписали соглашение»: one document signed by all, so each signed with each other,
    and «A и B подписали соглашения» are deals between the two; «A, B и C подписали соглашения»
    may be deals with anyone else, so no pair of them is said."""
    documents = [t for t in _hosts(sentence, verb, slot) if t.lemma in slot.carrier]
    return bool(documents) and (len(sides) == 2 or all(d.feats.get("Number") != "Plur" for d in documents))


def _relative_antecedent(sentence: ParsedSentence, verb, carrier: frozenset[str]) -> list:
    """«соглашением, которое X и Y подписали»: «которое» stands for the carrier noun it refers to."""
    antecedent = sentence.head(verb)
    if verb.rel != "acl:relcl" or antecedent is None or antecedent.lemma not in carrier:
        return []
    return [antecedent] if any(c.lemma == "который" for c in sentence.kids(verb, "obj")) else []


def _located(sentence: ParsedSentence, verb, obj: Argument) -> Argument:
    """«построила цех в Ветлуге»: where a facility was opened or built is part of what it is, whether
    the parser hangs the place off the noun or off the verb."""
    if obj.type != FACILITY or " в " in f" {obj.normal} " or " на " in f" {obj.normal} ":
        return obj
    if obj.descriptor and "«" in obj.text:  # a quoted name names it alone; the place is located_in's
        return obj
    for child in sentence.kids(verb, "obl"):
        place = sentence.article.span_of.get(child.id)
        if place is not None and place.type == "LOC" and sentence.preposition(child) in {"в", "на"}:
            # «офисы в Заречье, Ветлуге и Каменногорске»: every place of the list, or the facility is cut short
            where = sentence.surface(sentence.subtree(child, {"case", "amod", "flat", "flat:name", "conj", "cc"}))
            return replace(obj, text=f"{obj.text} {where}", normal=f"{obj.normal} {where}")
    return obj


def _is_active(verb, tense: str, aspect: str) -> bool:
    """A finite verb or an active participle («возглавляющая», «ранее возглавлявший») in the tense."""
    feats = verb.feats
    participle = feats.get("VerbForm") == "Part" and verb.rel in {"acl", "amod"}
    return (
        verb.pos == "VERB"
        and (feats.get("VerbForm") == "Fin" or participle)
        and feats.get("Voice", "Act") in {"Act", "Mid"}  # «базируется»: a reflexive verb is active in meaning
        and feats.get("Tense") == tense
        and feats.get("Aspect") == aspect
    )


def _agents(sentence: ParsedSentence, verb) -> list:
    """The agent of a passive: an instrumental without a preposition («построен компанией X»)."""
    return [
        t
        for c in sentence.kids(verb, "obl", "obl:agent")
        if c.feats.get("Case") == "Ins" and not sentence.preposition(c)
        for t in sentence.conjuncts(c)
    ]


def _passive_subjects(sentence: ParsedSentence, verb) -> list:
    own = sentence.kids(verb, "nsubj:pass", "nsubj")
    if own:
        return sentence.conjuncts(own[0])
    head = sentence.head(verb)
    return [head] if verb.rel in {"acl", "amod"} and head is not None else []


def _subject_heads(sentence: ParsedSentence, verb, depth: int = 0) -> list:
    if verb.feats.get("VerbForm") == "Part":  # «Вера Полякова, возглавляющая ...»: the noun it modifies
        head = sentence.head(verb)
        return [head] if head is not None else []
    # «Банк «Х» выдал кредит ..., а компания «Y» провела форум»: a subject with another finite verb
    # between it and the verb belongs to that verb, wherever the parser attached it
    # «прошёл IV Северореченский инвестиционный форум»: the parser may give a name's adjective the
    # subject's role beside its noun; the noun is the subject
    attached = sorted(sentence.kids(verb, "nsubj"), key=lambda s: s.pos not in {"NOUN", "PROPN", "PRON"})
    own = [s for s in attached if not _finite_verb_between(sentence, s, verb)]
    if attached and not own:
        own = _nominative_after_last_verb(sentence, verb)
    if own and own[0].lemma == "который":  # «фонд «Исток», который подписал ...»: the antecedent
        antecedent = _antecedent(sentence, own[0]) if verb.rel == "acl:relcl" else None
        return [antecedent] if antecedent is not None else []
    if own:
        return sentence.conjuncts(own[0]) + _stray_subject_conjuncts(sentence, verb, own[0])
    head = sentence.head(verb)
    if sentence.kids(verb, "nsubj:pass") or verb.rel != "conj" or depth > 2 or head is None or head.pos != "VERB":
        return []
    if not _same_clause(sentence, head, verb):
        return []
    return _subject_heads(sentence, head, depth + 1)


def _finite_verb_between(sentence: ParsedSentence, one, other) -> bool:
    """A finite verb of another clause between two words; a relative clause («Фонд «Х», который
    подписал ..., открыл ...») sits inside its noun's clause and separates nothing."""
    left, right = sorted((one, other), key=lambda t: t.start)
    between = [t for t in sentence.tokens if left.stop <= t.start and t.stop <= right.start]
    if any(t.lemma in RELATIVE_PRONOUNS for t in between):
        return False
    return any(t.pos in {"VERB", "AUX"} and t.feats.get("VerbForm") == "Fin" for t in between)


def _nominative_after_last_verb(sentence: ParsedSentence, verb) -> list:
    """«... одержал две победы: хоккейный клуб «Кедр» выиграл у ...»: when the parser gave the verb
    a subject of an earlier clause, the verb's own is the nominative noun of its clause, between the
    last finite verb and it, that no other word governs as an object or a modifier."""
    before = [t for t in sentence.tokens if t.stop <= verb.start]
    finite = [i for i, t in enumerate(before) if t.pos in {"VERB", "AUX"} and t.feats.get("VerbForm") == "Fin"]
    clause = before[finite[-1] + 1 :] if finite else before
    return [
        t
        for t in clause
        if t.pos in {"NOUN", "PROPN"}
        and t.feats.get("Case") == "Nom"
        and t.rel in {"nsubj", "parataxis", "dep", "conj", "root"}
        and not sentence.preposition(t)
    ][:1]


def _stray_subject_conjuncts(sentence: ParsedSentence, verb, subject) -> list:
    """«Фонд «Исток» и банк «Окский» провели форум»: the parser may join «банк» to the object after
    the verb; a nominative noun coordinated before the verb, in the subject's list, is a subject."""
    if subject.start > verb.start:
        return []
    return [
        t
        for t in sentence.tokens
        if t.rel == "conj"
        and subject.stop <= t.start < verb.start
        and t.pos in {"NOUN", "PROPN"}
        and t.feats.get("Case") == "Nom"
        and (head := sentence.head(t)) is not None
        and head.start > verb.start
        and _same_list(sentence, subject, t)
    ]


def _antecedent(sentence: ParsedSentence, pronoun):
    """«который» refers to the nearest noun before it that agrees with it in gender and number
    (the parser often attaches the clause to a farther noun)."""
    number, gender = pronoun.feats.get("Number"), pronoun.feats.get("Gender")
    for token in reversed([t for t in sentence.tokens if t.stop <= pronoun.start]):
        if _inside_a_quoted_name(sentence.article.text, token):
            continue  # «форум «Энергия ветра», который»: «ветра» is a word of the name, not its antecedent
        if token.pos in {"NOUN", "PROPN"} and token.feats.get("Number") == number:
            if number == "Plur" or token.feats.get("Gender") == gender:
                return token
    return None


def _inside_a_quoted_name(text: str, token) -> bool:
    """A word of a quoted name other than its first: «Энергия ветра» -> «ветра»."""
    opening = text.rfind("«", 0, token.start)
    return opening >= 0 and "»" not in text[opening : token.start] and bool(text[opening + 1 : token.start].strip())


def _same_clause(sentence: ParsedSentence, head, verb) -> bool:
    """«купил компанию, открыл центр и подписал соглашение»: verbs joined by commas and «и» share the
    subject when they agree with each other and nothing between them opens a clause (a relative
    pronoun, a subordinating conjunction or a subject of its own)."""
    between = [t for t in sentence.tokens if head.stop <= t.start and t.stop <= verb.start]
    if any(t.lemma in RELATIVE_PRONOUNS or t.pos == "SCONJ" or t.rel.startswith("nsubj") for t in between):
        return False
    if not any(t.text == "," for t in between):
        return True
    return all(head.feats.get(f) == verb.feats.get(f) for f in ("Number", "Gender", "Tense", "VerbForm"))


class RoleAppositions:
    """«генеральный директор компании «Северный ветер» Анна Соколова» -> heads(Анна Соколова,
    Северный ветер); «бывший директор» -> formerly_headed; «основатель стартапа» -> founded;
    «главный врач больницы», «председатель правления банка» -> heads; «главный тренер клуба
    «Сокол»» -> coaches."""

    triggers = HEAD_ROLES | FOUNDER_ROLES | CHIEF_ROLES | COACH_ROLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for role in sentence.tokens:
            if role.lemma not in self.triggers or not is_role_noun(sentence, role):
                continue
            holder = title_holder(sentence, role)
            relation = _role_relation(sentence, role) if holder is not None else None
            if relation is None:
                continue
            if relation == "heads" and leaves_post(sentence, role):
                relation = "formerly_headed"  # «Глава района Иван Петров ушёл в отставку»
            types = SCHEMA[relation].object_types
            for owner in _role_owners(sentence, role):
                if owner.lemma in SUBUNIT_NOUNS and not quoted_after(sentence, owner):
                    continue  # the head of «лаборатории ... ТИО» leads the lab (LedUnits), not ТИО
                found = argument(sentence, owner, types)
                if found is not None and found.type in {ORGANIZATION, PLACE}:
                    yield relation, holder, found


def _role_relation(sentence: ParsedSentence, role) -> str | None:
    """What a role noun says of its holder, or None for a role under the head («спортивный директор»,
    «тренер вратарей», «врач»)."""
    qualifiers = {c.lemma for c in sentence.kids(role, "amod")}
    former = bool(qualifiers & FORMER_MARKERS) or role.text.lower().startswith("экс")
    if role.lemma in COACH_ROLES:
        return None if former or qualifiers - COACH_QUALIFIERS else "coaches"
    if role.lemma in CHIEF_ROLES:
        if "главный" not in qualifiers:
            return None
        qualifiers -= {"главный"}
    if qualifiers - HEAD_ROLE_QUALIFIERS or any(sentence.preposition(c) == "по" for c in sentence.kids(role, "nmod")):
        return None  # «спортивный директор», «директор по развитию» run one function, not the organization
    if role.lemma in FOUNDER_ROLES:
        return "founded"
    return "formerly_headed" if former else "heads"


def _role_owners(sentence: ParsedSentence, role) -> list:
    """The genitive owners of a role, through a board: «председатель правления банка «Х»» -> банк.
    An owner stands among the role's own words: in a long list of titles the parser may hang one
    title's owner on another's role, and then the first genitive noun of the role's words is read."""
    owners = []
    for owner in sentence.kids(role, "nmod"):
        if sentence.preposition(owner) or not _genitive(owner):  # «Мэр Бережанска»: read as a nominative
            continue
        if owner.lemma in BOARD_NOUNS:
            owners += [n for n in sentence.kids(owner, "nmod") if n.feats.get("Case") == "Gen"]
        else:
            owners.append(owner)
    start, end = sentence.tokens.index(role), role_phrase_end(sentence, role)
    own = [o for o in owners if start < sentence.tokens.index(o) < end]
    return own or _first_genitive_noun(sentence, start + 1, end)


def _first_genitive_noun(sentence: ParsedSentence, start: int, end: int) -> list:
    """The first genitive noun in tokens[start:end] no preposition governs, past a board noun."""
    for i in range(start, end):
        token = sentence.tokens[i]
        if token.pos == "ADP":
            return []
        if token.pos in {"NOUN", "PROPN"} and token.feats.get("Case") == "Gen" and token.lemma not in BOARD_NOUNS:
            return [token]
    return []


class PositionAppositions:
    """«министр экономики Северореченской области Марина Крылова», «заместитель мэра Верхнеозёрска
    Кирилл Данилов» -> holds_position(person, post). The post must name whose it is (an entity in its
    genitive tail): «министр экономики Марина Крылова» does not say of which region."""

    triggers = POSITION_NOUNS - HEAD_ROLES - COACH_ROLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for role in sentence.tokens:
            if role.lemma not in self.triggers or not is_role_noun(sentence, role):
                continue
            if {c.lemma for c in sentence.kids(role, "amod")} & FORMER_MARKERS or leaves_post(sentence, role):
                continue
            holder = title_holder(sentence, role)
            post = _role_phrase(sentence, role) if holder is not None else None
            if post is None or not _names_an_owner(sentence, role):
                continue
            yield "holds_position", holder, post


def _names_an_owner(sentence: ParsedSentence, role) -> bool:
    tail = [t for c in sentence.kids(role, "nmod") if not sentence.preposition(c) for t in sentence.subtree(c)]
    spans = [sentence.article.span_of.get(t.id) for t in tail]
    return any(span is not None and span.type in {"ORG", "LOC"} for span in spans)


class Signings:
    """«Подписание соглашения между банком «Х» и компанией «Y» состоялось в Казани» -> each side
    signed with the other, when the sentence reports it as done (its main verb is in the past and
    nothing plans it)."""

    triggers = frozenset({"подписание"})
    carriers = {"соглашение": "signed_agreement_with", "меморандум": "signed_agreement_with"} | dict.fromkeys(
        ("контракт", "договор"), "signed_contract_with"
    )

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if not _reported_as_done(sentence):
            return
        for signing in sentence.tokens:
            if signing.lemma != "подписание" or signing.pos != "NOUN":
                continue
            for document in sentence.kids(signing, "nmod"):
                relation_id = self.carriers.get(document.lemma)
                sides = _between(sentence, (signing, document)) if relation_id else []
                yield from _each_pair(relation_id, sides)


def _between(sentence: ParsedSentence, hosts) -> list[Argument]:
    """The sides of «между A и B»."""
    return [
        a
        for host in hosts
        for c in sentence.kids(host, "nmod")
        if sentence.preposition(c) == "между"
        for t in sentence.conjuncts(c)
        for a in [argument(sentence, t, AGENTS)]
        if a
    ]


def _reported_as_done(sentence: ParsedSentence) -> bool:
    roots = [t for t in sentence.tokens if t.rel == "root"]
    if sentence.lemmas & PLAN_WORDS:
        return False
    return any(r.feats.get("Tense") == "Past" or r.feats.get("VerbForm") == "Part" for r in roots)


class Appointments:
    """«назначил Ивана Петрова на должность министра транспорта», «назначил ... министром»,
    «Иван Петров назначен на должность ...» -> appointed_to(person, post)."""

    triggers = frozenset({"назначить", "назначение"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if appointment_list(sentence):
            return  # «X назначен министром ..., Y — министром ...»: matchers_posts.AppointmentLists
        for verb in sentence.tokens:
            people = _appointees(sentence, verb)
            if people is None:
                continue
            posts = list(_posts(sentence, verb))
            for person in _every_appointee(sentence, people[:1]):
                for post in posts:
                    yield "appointed_to", person, post


def _every_appointee(sentence: ParsedSentence, heads: list) -> list[Argument]:
    """«назначены Иван Ли и Анна Котова»: every person of the list, or none when one item is no
    person (a list given in part makes a wrong set)."""
    listed = sentence.conjuncts(heads[0]) if heads else []
    people = [argument(sentence, head, frozenset({PERSON})) for head in listed]
    if len(people) > 1 and not all(people):
        return []
    return [p for p in people if p is not None]


def _appointees(sentence: ParsedSentence, verb) -> list | None:
    """Heads of who is appointed: the genitive of «назначение», the object of «назначил», the subject
    of «назначен»; None when the word appoints nobody (another word, a plan, «назначает»)."""
    feats = verb.feats
    if verb.lemma == "назначение" and verb.pos == "NOUN":  # «назначение Ивана Петрова на должность ...»
        return [c for c in sentence.kids(verb, "nmod") if c.feats.get("Case") == "Gen"]
    if verb.lemma != "назначить" or feats.get("Aspect") != "Perf":
        return None
    if feats.get("VerbForm") == "Fin" and feats.get("Tense") == "Past":
        return sentence.kids(verb, "obj")
    if feats.get("VerbForm") == "Part" and feats.get("Voice") == "Pass":
        return None if sentence.planned(verb) else sentence.kids(verb, "nsubj:pass")  # «будет назначен»: a plan
    return None


def _posts(sentence: ParsedSentence, verb) -> Iterator[Argument]:
    for child in sentence.kids(verb, "obl", "xcomp", "nmod"):
        if child.lemma in {"должность", "пост"} and sentence.preposition(child) == "на":
            roles = [n for n in sentence.kids(child, "nmod") if n.lemma in POSITION_NOUNS]
        elif child.lemma in POSITION_NOUNS and child.feats.get("Case") == "Ins" and not sentence.preposition(child):
            roles = [child]
        else:
            continue
        for role in roles:
            post = post_argument(sentence, role)
            if post is not None:
                yield post


class Resignations:
    """«Министр здравоохранения Валентина Гусева ушла в отставку» / «... ушёл в отставку с поста
    министра» -> resigned_from(person, post)."""

    triggers = frozenset({"отставка"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if not _resigns(sentence, verb):
                continue
            for subject_head in sentence.kids(verb, "nsubj")[:1]:
                person = _resigner(sentence, subject_head)
                for role in _resigned_roles(sentence, verb, subject_head)[-1:]:
                    post = _role_phrase(sentence, role)
                    if person is not None and post is not None:
                        yield "resigned_from", person, post


def _resigns(sentence: ParsedSentence, verb) -> bool:
    """«ушёл в отставку»."""
    if verb.lemma != "уйти" or not _is_active(verb, "Past", "Perf"):
        return False
    return any(c.lemma == "отставка" and sentence.preposition(c) == "в" for c in sentence.kids(verb, "obl"))


def _resigner(sentence: ParsedSentence, subject_head) -> Argument | None:
    """The person who resigns: the subject, the holder of a role subject («министр ... Валентина Гусева»),
    or the one person a pronoun subject can mean («Она ушла в отставку»)."""
    if subject_head.pos == "PRON":
        return pronoun_person(sentence, subject_head)
    if subject_head.lemma in POSITION_NOUNS:
        return role_holder(sentence, subject_head)
    return argument(sentence, subject_head, frozenset({PERSON}))


def _resigned_roles(sentence: ParsedSentence, verb, subject_head) -> list:
    """Role nouns of the post left: the role subject, then those of «с поста министра»."""
    roles = [subject_head] if subject_head.lemma in POSITION_NOUNS else []
    for post_noun in sentence.kids(verb, "obl"):
        if post_noun.lemma in {"пост", "должность"} and sentence.preposition(post_noun) == "с":
            roles += [n for n in sentence.kids(post_noun, "nmod") if n.lemma in POSITION_NOUNS]
    return roles


def _role_phrase(sentence: ParsedSentence, role) -> Argument | None:
    """The post of a role noun without the name of its holder."""
    holder_ids = {t.id for c in sentence.kids(role, "appos", "flat:name") for t in sentence.subtree(c)}
    trimmed = _Without(sentence, holder_ids)
    return post_argument(trimmed, role)


class _Without(ParsedSentence):
    """A view of a sentence with some tokens removed (the holder's name inside a role phrase)."""

    def __init__(self, sentence: ParsedSentence, hidden: set[str]):  # noqa: D107 - a thin view
        self.__dict__.update(sentence.__dict__)
        self.children = {k: [c for c in v if c.id not in hidden] for k, v in sentence.children.items()}


class Awards:
    """«Жюри присудило премию «Золотая маска» театру «Маяк»», «губернатор вручил премию «Х» Анне
    Соколовой» -> won(laureate, prize): the laureate is the dative, whoever hands the prize."""

    triggers = AWARD_VERBS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        won = SCHEMA["won"]
        if cut_list(sentence):  # a piece of a list: PrizeLists reads it whole
            return
        for verb in sentence.tokens:
            if verb.lemma not in AWARD_VERBS or verb.feats.get("Aspect") != "Perf" or verb.feats.get("Tense") == "Fut":
                continue
            prize_heads = sentence.kids(verb, "obj", "nsubj:pass")
            laureate_heads = _laureate_heads(sentence, verb, prize_heads)
            prizes = [p for p in (argument(sentence, t, won.object_types) for t in prize_heads) if p]
            laureates = [argument(sentence, t, won.subject_types) for t in laureate_heads]
            if None in laureates:  # «премии вручены A и двум студентам»: a set is never cut short
                continue
            for laureate in laureates:
                for prize in prizes:
                    yield "won", laureate, prize


def _laureate_heads(sentence: ParsedSentence, verb, prize_heads: list) -> list:
    """The dative laureate hangs off the verb or, as the parser often has it, off the prize."""
    return [
        t
        for host in [verb, *prize_heads]
        for c in sentence.kids(host, "iobj", "obl", "nmod", "conj")
        if c.feats.get("Case") == "Dat" and not sentence.preposition(c)
        for t in sentence.conjuncts(c)
    ]


class CourtRulings:
    """«Суд взыскал с компании X в пользу банка Y 12 млн рублей» -> ruled_against(суд, X),
    sued(Y, X), ordered_to_pay(X, 12 млн рублей); «суд обязал компанию X выплатить N рублей»
    -> ruled_against(суд, X), ordered_to_pay(X, N рублей)."""

    triggers = RULING_VERBS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma not in RULING_VERBS or not _is_active(verb, "Past", "Perf"):
                continue
            courts = _courts(sentence, verb)
            payer_heads, sum_hosts = _payer_heads_and_sum_hosts(sentence, verb)
            payers = [
                a for a in (argument(sentence, t, AGENTS) for h in payer_heads for t in sentence.conjuncts(h)) if a
            ]
            sums = _sums(sentence, sum_hosts)
            claimants = _claimants(sentence, verb)
            for payer in payers:
                for court in courts:
                    yield "ruled_against", court, payer
                for claimant in claimants:
                    yield "sued", claimant, payer
                # «с компаний A и B 12 млн»: jointly; and only a court's order is what a party is
                # ordered to pay («банк взыскал с заёмщика» is no ruling)
                for amount in sums[:1] if len(payers) == 1 and _a_court_rules(sentence, verb, courts) else []:
                    yield "ordered_to_pay", payer, amount


def _a_court_rules(sentence: ParsedSentence, verb, courts: list[Argument]) -> bool:
    """A named court, one news calls «суд» or «арбитраж» without its name, or its judge («судья ... взыскал»)
    is the verb's subject."""
    return bool(courts) or any(head.lemma in {"суд", "арбитраж", "судья"} for head in _subject_heads(sentence, verb))


def _courts(sentence: ParsedSentence, verb) -> list[Argument]:
    """The subjects of a ruling verb that are courts (a bank also «взыскал» its debts)."""
    subjects = [argument(sentence, t, frozenset({ORGANIZATION})) for t in _subject_heads(sentence, verb)]
    return [s for s in subjects if s is not None and "суд" in s.normal.lower().split()]  # not «судоверфь»


def _payer_heads_and_sum_hosts(sentence: ParsedSentence, verb) -> tuple[list, list]:
    """«взыскал с X N рублей»: the payer after «с», the sum on the verb; «обязал X выплатить N
    рублей»: the payer is the object, the sum on the infinitive."""
    if verb.lemma == "взыскать":
        return [c for c in sentence.kids(verb, "obl") if sentence.preposition(c) == "с"], [verb]
    payer_heads = [c for c in sentence.kids(verb, "obj") if c.feats.get("Case") == "Acc"]
    payments = [c for c in sentence.kids(verb, "xcomp") if c.lemma in PAYMENT_VERBS]
    # the parser may hang the sum of «обязал X вернуть банку N рублей» on «обязал»
    return payer_heads, payments + [verb] if payments else []


def _sums(sentence: ParsedSentence, hosts: list) -> list[Argument]:
    """Money amounts without a preposition under the hosts, or the amount of what is paid: «неустойку
    в размере 2 млн рублей», «компенсацию на сумму 2 млн рублей»."""
    heads = [c for host in hosts for c in sentence.kids(host, "obj", "obl") if not sentence.preposition(c)]
    heads = [a for h in heads for a in [h, *_amounts_of(sentence, h)]]
    return [a for a in (argument(sentence, h, frozenset({MONEY})) for h in heads) if a]


def _amounts_of(sentence: ParsedSentence, payment) -> list:
    """The amount inside «в размере N» or «на сумму N» of a payment noun."""
    return [
        n
        for c in sentence.kids(payment, "nmod")
        if (c.lemma, sentence.preposition(c)) in {("размер", "в"), ("сумма", "на")}
        for n in sentence.kids(c, "nmod", "nummod:gov")
        if not sentence.preposition(n)
    ]


def _claimants(sentence: ParsedSentence, verb) -> list[Argument]:
    """«в пользу банка Y», «по иску банка Y» (the suit's own claimant)."""
    return [
        a
        for c in sentence.kids(verb, "obl")
        if (c.lemma, sentence.preposition(c)) in {("польза", "в"), ("иск", "по")}
        for n in sentence.kids(c, "nmod")
        if n.feats.get("Case") == "Gen" and not sentence.preposition(n)
        for a in [argument(sentence, n, AGENTS)]
        if a
    ]


class Measures:
    """«ветропарк «Х» мощностью 90 мегаватт», «терминал стоимостью 3,2 млрд рублей», «мощность
    ветропарка «Х» составляет 90 мегаватт» -> capacity / cost (thing, quantity with its unit)."""

    triggers = frozenset(MEASURE_RELATIONS)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for measure in sentence.tokens:
            relation_id = MEASURE_RELATIONS.get(measure.lemma)
            if relation_id is None or measure.pos != "NOUN" or sentence.preposition(measure):
                continue
            relation = SCHEMA[relation_id]
            owner, amount_heads = _measured_owner_and_amounts(sentence, measure)
            rated = owner is not None and _has_rate(sentence, owner, measure, amount_heads)
            if rated and relation_id != "capacity":
                continue  # «300 тонн в сутки» is a rate, and «300 тонн» alone would be a wrong answer
            thing = argument(sentence, owner, relation.subject_types) if owner is not None else None
            amount = _first_argument(sentence, amount_heads, relation.object_types) if thing is not None else None
            if amount is not None and rated:
                amount = _with_rate(sentence, amount)  # a capacity keeps its rate: «300 тонн в сутки»
            if amount is not None:
                yield relation_id, thing, amount


def _has_rate(sentence: ParsedSentence, owner, measure, amount_heads: list = ()) -> bool:
    words = sentence.kids(owner) + sentence.subtree(measure) + [t for h in amount_heads for t in sentence.subtree(h)]
    return any(is_rate(sentence, t) for t in words)


def _with_rate(sentence: ParsedSentence, amount: Argument) -> Argument | None:
    """The amount with the rate written right after it («300 тонн хлеба | в сутки»); None when the
    rate stands elsewhere, so it cannot be told whose it is."""
    text = sentence.article.text
    at = text.find(amount.text, sentence.tokens[0].start)
    end = at + len(amount.text) if at >= 0 else -1
    for rate in (t for t in sentence.tokens if is_rate(sentence, t)):
        preposition = next(c for c in sentence.kids(rate, "case") if c.start < rate.start)
        if end >= 0 and not text[end : preposition.start].strip():
            rated = text[at : rate.stop]
            return replace(amount, text=rated, normal=rated)
    return None


def _first_argument(sentence: ParsedSentence, heads: list, types: frozenset[str]) -> Argument | None:
    return next((a for a in (argument(sentence, h, types) for h in heads) if a is not None), None)


def _measured_owner_and_amounts(sentence: ParsedSentence, measure) -> tuple:
    """What a measure noun measures and the heads of its amount: «ветропарк мощностью 90 мегаватт»
    (the measure follows its owner) or «мощность ветропарка составляет 90 мегаватт»; no owner for
    any other use, nor for a plan («стоимость составит»)."""
    case = measure.feats.get("Case")
    after_dash = _amount_after_dash(sentence, measure) if case == "Nom" else None
    if after_dash is not None:  # «мощность элеватора «Х» — 40 тысяч тонн»: a statement without a verb
        measured = next((c for c in sentence.kids(measure, "nmod") if c.feats.get("Case") == "Gen"), None)
        return measured, [after_dash]
    owner = sentence.head(measure)
    if owner is not None and owner.start > measure.start and owner.pos != "VERB":
        return None, []
    if case == "Nom" and owner is not None and owner.lemma in {"составлять", "составить"}:
        if owner.feats.get("Tense") == "Fut":
            return None, []
        if owner.feats.get("Tense") == "Past" and owner.lemma == "составлять":
            return None, []  # «до ввода блока мощность составляла 1140 МВт»: what it was, not what it is
        measured = next((c for c in sentence.kids(measure, "nmod") if c.feats.get("Case") == "Gen"), None)
        return measured, sentence.kids(owner, "obj", "obl", "nsubj")
    if case != "Ins":
        return None, []
    return owner, sentence.kids(measure, "nmod", "nummod", "nummod:gov")


def _amount_after_dash(sentence: ParsedSentence, measure):
    """The head of the amount right after a dash that closes the measure's own phrase («мощность
    элеватора «Х» | — 40 тысяч тонн»): the counted noun no other number word hangs on; None when the
    measure is not so followed."""
    dash = next((t for t in sentence.tokens if t.start > measure.start and t.text in {"—", "–"}), None)
    if dash is None:
        return None
    own = {t.id for t in sentence.subtree(measure, {"nmod", "appos", "amod", "flat", "flat:name", "punct"})}
    between = [t for t in sentence.tokens if measure.start < t.start < dash.start]
    following = [t for t in sentence.tokens if t.start > dash.start]
    if any(t.id not in own for t in between) or not following or following[0].pos != "NUM":
        return None
    counted = (
        t
        for t in following
        if t.pos == "NOUN" and sentence.kids(t, "nummod", "nummod:gov") and t.rel not in {"nummod", "nummod:gov"}
    )
    return next(counted, None)


class Staff:
    """«На хлебозаводе «Каравай» работают 210 человек», «в штате «Кварц-Лаб» работают 110
    сотрудников» -> employs(organization, 210 человек)."""

    triggers = frozenset({"работать", "трудиться"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        employs = SCHEMA["employs"]
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or not _is_active(verb, "Pres", "Imp") or verb.rel != "root":
                continue
            counts = [
                q for q in (argument(sentence, c, employs.object_types) for c in _staff_heads(sentence, verb)) if q
            ]
            places = [
                a for a in (argument(sentence, h, employs.subject_types) for h in _workplaces(sentence, verb)) if a
            ]
            for place in places[:1]:
                for count in counts[:1]:
                    yield "employs", place, count


def _staff_heads(sentence: ParsedSentence, verb) -> list:
    """«работают 210 человек», «110 сотрудников»: a subject that counts staff."""
    return [c for c in sentence.kids(verb, "nsubj") if c.lemma in STAFF_NOUNS]


def _workplaces(sentence: ParsedSentence, verb) -> list:
    """Heads of where people work: «на хлебозаводе X», «в штате X» (the owner of the staff)."""
    heads = []
    for c in sentence.kids(verb, "obl"):
        if sentence.preposition(c) in {"в", "на"}:
            heads += [n for n in sentence.kids(c, "nmod") if c.lemma == "штат"] or [c]
    return heads


class StaffAppositions:
    """«научный сотрудник Тихоморского института океанологии Вероника Лунёва», «Иван Петров,
    профессор университета «Х»,», «руководитель лаборатории робототехники БерГУ Полина Ясинская»
    -> works_at(person, organization). The title is read linearly (the parser scatters the names
    of a list of titled people over the wrong role nouns): the words between the person's name and
    the nearest comma, conjunction, verb or preposition, opening with a staff role that agrees with
    the name in case; the employer is the last organization in the title's genitive tail."""

    triggers = STAFF_ROLES | HEAD_ROLES | PLAYER_ROLES | CHIEF_STAFF_ROLES | FEMININE_STAFF_ROLES | MORE_STAFF_ROLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        shared, previous = None, None  # a plural title before a list: «научные сотрудники ТИО А и Б»
        for span in _person_spans(sentence):
            person = entity_argument(sentence, span.tokens[0])
            if person is None or person.type != PERSON:
                shared, previous = None, span
                continue
            before = _title_before(sentence, span)
            found = _employer(sentence, before, span.tokens[0]) if before else None
            if not before and shared is not None and _listed_after(sentence, previous, span):
                found = shared
            shared = found if found is not None and found[0].feats.get("Number") == "Plur" else None
            previous = span
            title = _title_after(sentence, span)
            after = _employer(sentence, title, span.tokens[0]) if title else None
            for role, employer in [f for f in (found, after) if f is not None]:
                yield ("teaches_at" if _teaches(role, employer) else "works_at"), person, employer


def _listed_after(sentence: ParsedSentence, previous, span) -> bool:
    """The name follows the previous one after only «и» or a comma, in the same case."""
    if previous is None:
        return False
    between = [t for t in sentence.tokens if previous.tokens[-1].stop <= t.start and t.stop <= span.tokens[0].start]
    same_case = previous.tokens[0].feats.get("Case") == span.tokens[0].feats.get("Case")
    return same_case and len(between) == 1 and between[0].text in {",", "и"}


def _teaches(role, employer: Argument) -> bool:
    """«доцент кафедры ... университета «Х»» teaches there; a professor of a research institute need not."""
    kind = employer.descriptor or employer.normal.split(" ")[-1]
    words = {w.lower() for w in employer.normal.split(" ")} | {kind.lower()}
    return role.lemma in TEACHING_ROLES and bool(words & TEACHING_ORGANIZATIONS)


def _person_spans(sentence: ParsedSentence) -> list:
    spans, seen = [], set()
    for token in sentence.tokens:
        span = sentence.article.span_of.get(token.id)
        if span is not None and span.type == "PER" and id(span) not in seen:
            seen.add(id(span))
            spans.append(span)
    return spans


_TITLE_BOUNDARY_POS = frozenset({"VERB", "AUX", "CCONJ", "ADP", "SCONJ", "PRON", "ADV", "NUM"})


def _title_boundary(token) -> bool:
    """A word no title holds; «по» does: «директор по развитию компании «Х»»."""
    if token.pos == "ADP" and token.lemma == "по":
        return False
    return token.pos in _TITLE_BOUNDARY_POS or token.pos == "PUNCT"


def _position(sentence: ParsedSentence, token) -> int:
    return next(i for i, t in enumerate(sentence.tokens) if t.id == token.id)


def _title_words(sentence: ParsedSentence, tokens: list) -> list | None:
    """The words of a title as read in order, without what stands in brackets (an abbreviation of
    the name before it); None once a word outside a title appears, or another person's name (the
    title is then that person's)."""
    words, depth = [], 0
    for token in tokens:
        span = sentence.article.span_of.get(token.id)
        if span is not None and span.type == "PER":
            return None
        if token.text in {"(", ")"}:
            depth += 1 if token.text == "(" else -1
            continue
        if depth or token.text in {"«", "»"}:
            continue
        if _title_boundary(token):
            return None
        words.append(token)
    return words


def _title_before(sentence: ParsedSentence, span) -> list | None:
    """«научный сотрудник ТИО | Вероника Лунёва»: the words back to a boundary."""
    tokens = sentence.tokens
    start = _position(sentence, span.tokens[0])
    first, depth = start, 0
    for i in range(start - 1, -1, -1):
        text = tokens[i].text
        depth += {")": 1, "(": -1}.get(text, 0)
        inside = depth > 0 or text in {"(", ")", "«", "»"}
        if not inside and _title_boundary(tokens[i]):
            break
        first = i
    return _title_words(sentence, tokens[first:start])


def _title_after(sentence: ParsedSentence, span) -> list | None:
    """«Иван Петров, профессор университета «Х», ...», «Иван Петров — профессор ...»: the words
    after the comma or dash up to the next comma, dash or the sentence's end."""
    tokens = sentence.tokens
    after = _position(sentence, span.tokens[-1]) + 1
    if after >= len(tokens) or tokens[after].text not in APPOSITION_MARKS:
        return None
    last, depth = after, 0
    for i in range(after + 1, len(tokens)):
        text = tokens[i].text
        depth += {"(": 1, ")": -1}.get(text, 0)
        inside = depth > 0 or text in {"(", ")", "«", "»"}
        if not inside and _title_boundary(tokens[i]):
            if tokens[i].text not in {",", "—", "–", ".", ")"}:
                return None  # «Иван Петров, профессор университета, который ...» reads on
            break
        last = i
    return _title_words(sentence, tokens[after + 1 : last + 1])


def _staff_role(token) -> bool:
    roles = STAFF_ROLES | PLAYER_ROLES | CHIEF_STAFF_ROLES | FEMININE_STAFF_ROLES | MORE_STAFF_ROLES
    return token.lemma in roles or any(part in roles for part in token.lemma.split("-"))


def _staff_noun(token) -> bool:
    """A noun of a title; «заведующая» the tagger may read as an adjective in any case."""
    return token.pos in {"NOUN", "PROPN"} or token.lemma == "заведовать"


def _employer(sentence: ParsedSentence, title: list, name) -> tuple[object, Argument] | None:
    """The role and the organization a titled person works at: a staff role («сотрудник»,
    «профессор», «нападающий») or the head of a unit («руководитель лаборатории») first, agreeing
    with the name in case; none for a former role or one that leads the organization itself
    (RoleAppositions reads those); a player's only of a club."""
    title = _from_the_role(title, name)
    nouns = [t for t in title if _staff_noun(t)]
    if len(nouns) < 2 or {t.lemma for t in title[: title.index(nouns[0])]} & FORMER_MARKERS:
        return None
    role, owned = nouns[0], nouns[1]
    head_of_unit = role.lemma == "заведовать"
    if not (is_role_noun(sentence, role) or head_of_unit) or role.text.lower().startswith("экс"):
        return None
    if role.feats.get("Case") != name.feats.get("Case") and not head_of_unit:
        return None
    subunit_head = role.lemma in HEAD_ROLES and owned.lemma in SUBUNIT_NOUNS | STAFF_UNIT_NOUNS
    qualifiers = {t.lemma for t in title[: title.index(role)]}
    # «спортивный директор», «художественный руководитель»: one function under the head, on the staff
    by_function = any(t.lemma == "по" for t in title)  # «директор по развитию»
    function_head = role.lemma in HEAD_ROLES and (bool(qualifiers - HEAD_ROLE_QUALIFIERS - {"главный"}) or by_function)
    if not (_staff_role(role) or subunit_head or function_head) or _chief(role, qualifiers):
        return None
    employers = []
    for token in nouns[1:]:
        found = argument(sentence, token, frozenset({ORGANIZATION}))
        genitive = token.feats.get("Case") == "Gen" or token.text.isupper()
        if found is not None and genitive and (not employers or employers[-1].normal != found.normal):
            employers.append(found)
    if not employers or (role.lemma in PLAYER_ROLES and not _current_club(sentence, employers[-1])):
        return None
    return role, employers[-1]


# A sentence about a move: «нападающий клуба «А» Y подписал контракт с «Б»» leaves «А» behind.
_TRANSFER_WORDS = frozenset({"контракт", "перейти", "переход", "обмен", "обменять", "аренда", "покинуть"})


def _current_club(sentence: ParsedSentence, employer: Argument) -> bool:
    """The club a player's title names, unless the sentence moves him."""
    return _club(sentence, employer) and not sentence.lemmas & _TRANSFER_WORDS


def _chief(role, qualifiers: set[str]) -> bool:
    """«главный врач», «главный редактор» lead (RoleAppositions); «главный инженер» is on the staff."""
    return "главный" in qualifiers and role.lemma not in CHIEF_STAFF_ROLES


def _club(sentence: ParsedSentence, employer: Argument) -> bool:
    """A sports club: so called («клуб «Кедр»», «ХК «Сокол»») or elsewhere in the article."""
    if employer.descriptor.lower() in CLUB_NOUNS:
        return True
    named = re.escape(employer.normal.lower())
    return re.search(rf"(?<!\w)(клуб|команд|хк|фк)\w* «{named}", sentence.article.text.lower()) is not None


def _from_the_role(title: list, name) -> list:
    """«(По) словам | спортивного директора «Сокола» Андрея Кузьмина»: a leading noun in another
    case than the name governs the title and is no part of it."""
    at = 0
    while at < len(title) and (
        title[at].pos == "ADP" or (title[at].pos == "NOUN" and title[at].feats.get("Case") != name.feats.get("Case"))
    ):
        at += 1
    return title[at:]


class LaureateLists:
    """«Лауреатами премии «Х» стали A, B и C», «победителями конкурса «Х» признаны A и B» -> won(each,
    prize). A list that does not name the prize names the one the article's lead named, when the
    two sentences before it name exactly one («Правительство определило лауреатов премии имени Х.
    Лауреатами стали ...»). A set must be complete: every item of the list yields a laureate (one
    person's name, or one organization), or the list yields nothing."""

    triggers = frozenset({"лауреат", "победитель", "обладатель"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if in_nominations(sentence):  # the winners of one nomination are not all the prize's
            return
        for title in sentence.tokens:
            verb = sentence.head(title)
            if title.lemma not in self.triggers or title.feats.get("Case") != "Ins" or not _declares(verb):
                continue
            prize = _prize(sentence, title)
            members = _list_members(sentence, verb, title) if prize is not None else None
            for member in members or []:
                yield "won", member, prize


def _declares(verb) -> bool:
    """«стали», «признаны», «были признаны»: a result stated as done."""
    if verb is None or verb.feats.get("Aspect") != "Perf":
        return False
    if verb.lemma == "стать":
        return _is_active(verb, "Past", "Perf")
    return verb.lemma == "признать" and verb.feats.get("VerbForm") == "Part" and verb.feats.get("Voice") == "Pass"


_PRIZE_NOUNS = CONTEST_NOUNS | PRIZE_NOUNS


def _prize(sentence: ParsedSentence, title) -> Argument | None:
    """The prize named in the title's genitive; for a bare «премии», «конкурса» or none at all, the one
    prize of that kind named in the two sentences before (news names a prize in its lead, then lists
    who won it)."""
    events = frozenset({EVENT})
    owners = [c for c in sentence.kids(title, "nmod") if c.feats.get("Case") == "Gen" and not sentence.preposition(c)]
    for owner in owners:
        found = argument(sentence, owner, events)
        if found is not None or owner.lemma not in _PRIZE_NOUNS:
            return found
    return earlier_prize(sentence, {o.lemma for o in owners} or _PRIZE_NOUNS)


def earlier_prize(sentence: ParsedSentence, kinds) -> Argument | None:
    """The one prize or contest of these kinds («премия», «конкурс») named in the two sentences before."""
    events = frozenset({EVENT})
    named = {}
    for sent in sentence.article.sentences[max(0, sentence.index - 2) : sentence.index]:
        earlier = ParsedSentence(sent, sentence.article)
        for token in earlier.tokens:
            found = argument(earlier, token, events) if token.lemma in kinds else None
            if found is not None and _more_names_after(earlier, token, found):
                return None  # «премий «Х» и «Y»»: which one is meant is not said
            if found is not None:
                named[found.normal] = found
    return next(iter(named.values())) if len(named) == 1 else None


_ANOTHER_QUOTED_NAME = re.compile(r"\s*(?:,|и)\s*«")


def _more_names_after(sentence: ParsedSentence, token, found: Argument) -> bool:
    text = sentence.article.text
    written = text.find(found.text, token.start)
    return written >= 0 and _ANOTHER_QUOTED_NAME.match(text, written + len(found.text)) is not None


def _list_members(sentence: ParsedSentence, verb, title) -> list[Argument] | None:
    """The laureates on the subject's side of the verb, one per item of the list; None when an item
    names no laureate or more than one."""
    subjects = sentence.kids(verb, "nsubj", "nsubj:pass")
    opens_a_list = _colon_after(sentence, verb)
    if not subjects and not opens_a_list:
        return None
    if opens_a_list or subjects[0].start > verb.start:  # «Лауреатами стали A, B и C.»: the list runs to the end
        region = [t for t in sentence.tokens if t.start > verb.stop]
    else:  # «A, B и C стали лауреатами»: from the list's first word
        listed = [t for s in sentence.conjuncts(subjects[0]) for t in sentence.subtree(s)] + subjects
        first = min(t.start for t in listed)
        region = [t for t in sentence.tokens if first <= t.start and t.stop <= verb.start]
    while region and (region[0].id == title.id or _in_subtree(sentence, region[0], title)):
        region = region[1:]  # «признаны победителями конкурса «Х» A и B»: the title's own words lead
    # an item read as another item's name («компании «А» и «Б»» -> А twice) is no item
    return read_list(sentence, region, _item_member)


def _colon_after(sentence: ParsedSentence, verb) -> bool:
    """«Лауреатами стали: ...»: a colon right after the verb opens the list of its subjects."""
    following = [t for t in sentence.tokens if t.start >= verb.stop][:1]
    return bool(following) and following[0].text == ":"


def _in_subtree(sentence: ParsedSentence, token, root) -> bool:
    current = sentence.head(token)
    while current is not None:
        if current.id == root.id:
            return True
        current = sentence.head(current)
    return False


def _list_items(region: list, text: str = "") -> list[list]:
    """Split a list on commas, «и» and «а также» outside quotes and brackets; what follows a dash
    up to the next comma («— за спектакль «Х»») says why, and is no item. `text`: the article's
    text, whose line breaks and «;» split a list set out line by line."""
    return [item for item, _, _ in marked_list_items(region, text)]


def _item_member(sentence: ParsedSentence, item: list) -> Argument | None:
    """One person's name in the nominative, or else one organization headed by the item's first noun."""
    spans = {id(s): s for t in item for s in [sentence.article.span_of.get(t.id)] if s is not None and s.type == "PER"}
    names = [s for s in spans.values() if s.tokens[0].feats.get("Case", "Nom") == "Nom"]
    if len(names) == 1:
        found = entity_argument(sentence, names[0].tokens[0])
        return found if found is not None and found.type == PERSON else None
    if names:
        return None
    nouns = [t for t in item if t.pos in {"NOUN", "PROPN"}]
    if not nouns or nouns[0].feats.get("Case") != "Nom":
        return None
    found = argument(sentence, nouns[0], frozenset({ORGANIZATION}))
    quoted = _quoted_around(sentence.article.text, nouns[-1]) if found is not None else None
    if quoted is not None and quoted != found.normal:  # «компании «А» и «Б»»: «Б» is named by its own quotes
        return replace(found, text=f"«{quoted}»", normal=quoted)
    return found


class MembershipLists:
    """«В (новый) состав совета директоров компании «Х» вошли A, B и C», «... включены A и B»,
    «Членами ассоциации «Х» стали A и B» -> member_of(each, organization): who joined is a member
    now. The organization must be named (a bare «В состав комиссии вошли» names none); a future
    («войдут», «будут включены»), a negation («не вошли») or a list that says it is partial («в
    частности», «и другие») gives nothing, and so does a list with any item that is not one named
    person or organization: a set must be complete."""

    triggers = frozenset({"состав", "член", "депутат"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _says_partial(sentence):
            return
        for verb in sentence.tokens:
            organizations = self._organizations(sentence, verb)
            members = _list_after(sentence, verb) if organizations and _joined(sentence, verb) else None
            for member in members or []:
                for organization in organizations:
                    if member.normal != organization.normal:
                        yield "member_of", member, organization

    def _organizations(self, sentence: ParsedSentence, verb) -> list[Argument]:
        """The organization of «в состав X» after «вошли»/«включены», or of «членами X» after «стали»."""
        organizations = frozenset({ORGANIZATION})
        if verb.lemma in {"войти", "включить"}:
            heads = _COMPOSITION._object_heads(sentence, verb)
        elif verb.lemma in {"стать", "избрать"}:  # «депутатами думы «Х» избраны A и B»: a deputy is a member
            heads = _title_owners(sentence, verb, "член") + _title_owners(sentence, verb, "депутат", through=False)
        else:
            return []
        return [a for a in (argument(sentence, h, organizations) for h in heads) if a is not None]


class ParticipantLists:
    """«В форуме «Х» приняли участие A, B и C», «Участниками выставки «Х» стали A и B» ->
    took_part_in(each, event), by the rules of MembershipLists: a named event, a past statement,
    and every item one named person or organization («около 1 500 человек» is no set)."""

    triggers = frozenset({"участие", "участник", "выступить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _says_partial(sentence):
            return
        events = frozenset({EVENT})
        for verb in sentence.tokens:
            if verb.lemma == "принять" and any(c.lemma == "участие" for c in sentence.kids(verb, "obj")):
                heads = _PARTICIPATION._object_heads(sentence, verb)
            elif verb.lemma == "выступить":  # «На фестивале «Х» выступили A, B и C»
                heads = _PERFORMANCE._object_heads(sentence, verb)
            elif verb.lemma == "стать":
                heads = _title_owners(sentence, verb, "участник")
            else:
                continue
            found = [a for a in (argument(sentence, h, events) for h in heads) if a is not None]
            members = _list_after(sentence, verb) if found and _joined(sentence, verb) else None
            for member in members or []:
                for event in found:
                    yield "took_part_in", member, event


def _says_partial(sentence: ParsedSentence) -> bool:
    return bool(sentence.lemmas & PARTIAL_LIST_WORDS) or "в том числе" in sentence.surface(sentence.tokens).lower()


def _title_owners(sentence: ParsedSentence, verb, title_lemma: str, through: bool = True) -> list:
    """«(стали) членами правления фонда «Х»»: the genitive owners down the chain from the title;
    not `through`: the title's own owner only («депутатами думы Твери» are no members of Твери)."""
    titles = [c for c in sentence.kids(verb) if c.lemma == title_lemma and c.feats.get("Case") == "Ins"]
    return [
        o
        for title in titles
        for host in (sentence.subtree(title, {"nmod"}) if through else [title])
        for o in sentence.kids(host, "nmod")
        if o.feats.get("Case") == "Gen" and not sentence.preposition(o)
    ]


def _joined(sentence: ParsedSentence, verb) -> bool:
    """«вошли», «стали» (past perfective, active) or «включены», «были включены» (a passive
    participle, not with a future «будут»); never with «не»."""
    if sentence.negated(verb):
        return False
    if verb.lemma in {"включить", "избрать"}:
        passive = verb.feats.get("VerbForm") == "Part" and verb.feats.get("Voice") == "Pass"
        return passive and not sentence.planned(verb)
    return _is_active(verb, "Past", "Perf") and verb.feats.get("VerbForm") == "Fin"


# What a list's items are made of: names, their roles and owners, quotes; never a clause («основанный в ...»).
_LIST_EDGES = {"conj", "appos", "flat", "flat:name", "nmod", "amod", "nummod", "nummod:gov", "cc", "punct", "case"}


def _whole_list_before(sentence: ParsedSentence, verb) -> bool:
    """«A, пять человек и B вошли в ...», «A, B и другие приняли участие в ...»: a list of subjects
    before the verb with an item that is no named member is no set. A single subject, a «который»
    or a shared subject is no list and passes."""
    own = [s for s in sentence.kids(verb, "nsubj", "nsubj:pass") if s.start < verb.start]
    if not own or own[0].lemma in RELATIVE_PRONOUNS:
        return True
    # every subject before the verb: the parser makes «(и ещё) пять экспертов» a second subject
    listed = {t.id: t for s in own for t in sentence.subtree(s, _LIST_EDGES) if t.stop <= verb.start}
    items = _list_items(sorted(listed.values(), key=lambda t: t.start))
    if len(items) < 2:
        return True
    members = [_item_member(sentence, item) or _subject_item(sentence, item) for item in items]
    return all(m is not None for m in members) and len({m.normal for m in members}) == len(members)


def _subject_item(sentence: ParsedSentence, item: list) -> Argument | None:
    """An item headed by the subject or its conjunct, which the tagger may read as an accusative
    («Банк «Окский» и ...»: inanimate nominative and accusative sound alike)."""
    nouns = [t for t in item if t.pos in {"NOUN", "PROPN"}]
    if not nouns or nouns[0].rel not in {"nsubj", "nsubj:pass", "conj"}:
        return None
    return argument(sentence, nouns[0], AGENTS)


def _list_after(sentence: ParsedSentence, verb) -> list[Argument] | None:
    """The members listed after the verb to the sentence's end, one per item; None when the verb's
    subject stands before it or any item names no member or more than one."""
    subjects = sentence.kids(verb, "nsubj", "nsubj:pass")
    if not _colon_after(sentence, verb) and (not subjects or subjects[0].start < verb.start):
        return None
    region = [t for t in sentence.tokens if t.start > verb.stop and t.text != ":"]
    complement = {t.id for c in sentence.kids(verb, "obj", "obl", "xcomp") for t in sentence.subtree(c)}
    while region and region[0].id in complement:  # «приняли участие | A, B и C»
        region = region[1:]
    return read_list(sentence, region, _item_member)


class Origins:
    """«клуб «Кедр» из Новосибирска», «компания «Промавтоматика» из Казани» -> based_in(organization,
    place): a named place after «из» right after an organization's name says where it is from.
    Only right after it: the parser hangs «из X» anywhere, and a place after a verb of motion
    («прилетел из Казани») or after another noun says nothing of the organization."""

    triggers = frozenset({"из"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        places = frozenset({PLACE})
        for place_head in sentence.tokens:
            if place_head.rel not in {"nmod", "obl"} or sentence.preposition(place_head) != "из":
                continue
            owner = _name_right_before(sentence, place_head)
            if owner is None or _owns_another_noun(sentence, owner) or from_goes_elsewhere(sentence, owner):
                continue
            place = argument(sentence, place_head, places)
            organization = argument(sentence, owner, frozenset({ORGANIZATION})) if place is not None else None
            if organization is not None and _nominative_known(place) and settlement(place):
                # in a long list the parser may join a name to another item's «из X»: the name must be
                # the words right before it
                adjacent = re.escape(organization.text.rstrip("»")) + r"»*\s+из\s+" + re.escape(place.text)
                if re.search(adjacent, sentence.text):
                    yield "based_in", organization, place


def _name_right_before(sentence: ParsedSentence, place_head):
    """The word the «из» phrase follows, past a closing quote, if it is a noun or a name."""
    preposition = next((c for c in sentence.kids(place_head, "case") if c.lemma == "из"), None)
    before = [t for t in sentence.tokens if preposition is not None and t.stop <= preposition.start]
    while before and before[-1].text == "»":
        before.pop()
    if not before or before[-1].pos not in {"NOUN", "PROPN"}:
        return None
    return before[-1]


def _owns_another_noun(sentence: ParsedSentence, name) -> bool:
    """«рейс «Победы» из Казани»: after a genitive owner «из X» says where the owned thing comes from."""
    head = sentence.head(name) if name.rel in {"appos", "flat", "flat:name"} else name
    head = head if head is not None else name
    return head.rel == "nmod" and head.feats.get("Case") == "Gen" and not sentence.preposition(head)


def _nominative_known(place: Argument) -> bool:
    """«из Усть-Ламска»: a name the dictionary does not know keeps its genitive as its "normal form";
    such a place is no answer."""
    last = place.normal.split()[-1]
    return place.normal != place.text or morph().parse(last)[0].is_known


def _verb(relation: str, verbs: str, tense: str, aspect: str, slot: Slot = Slot(), **options) -> VerbPattern:
    return VerbPattern(relation, frozenset(verbs.split()), tense, aspect, slot, **options)


_MEMBERSHIP = Slot("", frozenset({"Gen"}), frozenset({"состав", "число", "группа"}), "в")
_SUIT = frozenset({"иск"})
_CONSTRUCTION = frozenset({"строительство", "возведение"})  # «приступила к строительству моста»
_LOANS = frozenset({"кредит", "заём", "заем", "займ"})  # the tagger lemmatizes «заём» without its «ё»
# «открыл кредитную линию компании X»
_CREDIT_LINE = Slot("", frozenset({"Dat"}), frozenset({"линия"}), dative_from_genitive=True)
_COMPOSITION = _verb("member_of", "войти включить", "Past", "Perf", _MEMBERSHIP)  # where «в состав X» stands
_ARRIVAL_CASES = frozenset({"Acc", "Loc"})
_VISIT_NOUNS = frozenset({"визит", "поездка"})
_TEACHING_WORK = frozenset({"лекция", "занятие", "курс", "урок"})
_PARTICIPATION_SLOT = Slot("в", frozenset({"Loc"}), frozenset({"участие"}))  # «приняли участие в форуме»
_PARTICIPATION = _verb("took_part_in", "принять", "Past", "Perf", _PARTICIPATION_SLOT)
# «выступили на фестивале «Х»»: performing at a named event is taking part in it
_PERFORMANCE = _verb(
    "took_part_in", "выступить", "Past", "Perf", Slot("на", frozenset({"Loc"})), whole_subject_list=True
)
PATTERNS = (
    _verb("heads", "возглавлять", "Pres", "Imp"),
    _verb("heads", "руководить", "Pres", "Imp", Slot(cases=frozenset({"Ins"}))),
    _verb("formerly_headed", "возглавлять", "Past", "Imp"),
    _verb("formerly_headed", "руководить", "Past", "Imp", Slot(cases=frozenset({"Ins"}))),
    _verb("succeeded", "сменить", "Past", "Perf", requires=frozenset({"пост", "должность"})),  # «на посту»
    _verb("based_in", "базироваться", "Pres", "Imp", Slot("в", frozenset({"Loc"}))),
    _verb("works_at", "работать трудиться", "Pres", "Imp", Slot("в", frozenset({"Loc"}))),
    _verb("teaches_at", "преподавать", "Pres", "Imp", Slot("в", frozenset({"Loc"}))),
    _verb("member_of", "входить", "Pres", "Imp", _MEMBERSHIP),
    _verb(
        "member_of", "войти", "Past", "Perf", _MEMBERSHIP, whole_subject_list=True
    ),  # «вошла в состав»: a member since
    _verb("won_against", "выиграть", "Past", "Perf", Slot("у", frozenset({"Gen"}))),
    _verb("won_against", "победить обыграть", "Past", "Perf"),
    # «одержал победу над «Кедром»», «потерпел поражение от «Сокола»» (the winner stands after «от»)
    _verb("won_against", "одержать", "Past", "Perf", Slot("над", frozenset({"Ins"}), frozenset({"победа"}))),
    Inverted(
        _verb("won_against", "потерпеть", "Past", "Perf", Slot("от", frozenset({"Gen"}), frozenset({"поражение"})))
    ),
    _verb("won", "выиграть", "Past", "Perf"),
    _verb(
        "received_grant_from",
        "получить выиграть",
        "Past",
        "Perf",
        Slot("", frozenset({"Gen"}), frozenset({"грант"})),
        subunit_owner=True,
    ),
    _verb(
        "received_grant_from",
        "получить",
        "Past",
        "Perf",
        Slot("от", frozenset({"Gen"}), frozenset({"грант"})),
        subunit_owner=True,
    ),
    _verb("won", "получить", "Past", "Perf", Slot(only=PRIZE_NOUNS)),  # «премию «Х» получили A и B»
    # «победил в конкурсе «Х»»
    _verb("won", "выиграть победить", "Past", "Perf", Slot("в", frozenset({"Loc"}), only=CONTEST_NOUNS)),
    _verb("opened", "открыть", "Past", "Perf"),
    _verb("launched", "запустить", "Past", "Perf"),
    _verb("built", "построить возвести", "Past", "Perf"),
    # «ввела в эксплуатацию», «ввела в строй», «сдала в эксплуатацию» (the builder hands it over)
    _verb("commissioned", "ввести сдать", "Past", "Perf", requires=frozenset({"эксплуатация", "строй"})),
    _verb("bought", "купить приобрести выкупить поглотить", "Past", "Perf"),
    _verb("held", "провести", "Past", "Perf"),
    _verb("visited", "посетить", "Past", "Perf"),
    _verb("took_part_in", "принять", "Past", "Perf", _PARTICIPATION_SLOT, whole_subject_list=True),
    _PERFORMANCE,
    _verb(
        "signed_agreement_with",
        "подписать заключить",
        "Past",
        "Perf",
        Slot("с", frozenset({"Ins"}), frozenset({"соглашение", "меморандум"})),
        symmetric=True,
    ),
    _verb(
        "signed_contract_with",
        "подписать заключить",
        "Past",
        "Perf",
        Slot("с", frozenset({"Ins"}), frozenset({"контракт", "договор"})),
        symmetric=True,
    ),
    _verb(  # «получила контракт от мэрии»: the customer is the other side of the contract
        "signed_contract_with", "получить", "Past", "Perf", Slot("от", frozenset({"Gen"}), frozenset({"контракт"}))
    ),
    _verb(
        "lent_to",
        "выдать предоставить",
        "Past",
        "Perf",
        Slot("", frozenset({"Dat"}), _LOANS, dative_from_genitive=True),
    ),
    _verb("sued", "подать", "Past", "Perf", Slot("к", frozenset({"Dat"}), _SUIT)),
    _verb("sued", "подать", "Past", "Perf", Slot("против", frozenset({"Gen"}), _SUIT)),
    _verb("sued", "обратиться", "Past", "Perf", Slot("к", frozenset({"Dat"}), _SUIT, "с")),  # «в суд с иском к X»
    _verb("launched_vessel", "спустить", "Past", "Perf", requires=frozenset({"вода"})),
    _verb("took_place_in", "пройти состояться", "Past", "Perf", Slot("в", frozenset({"Loc"}))),
    _verb("took_place_on", "пройти состояться", "Past", "Perf", Slot("", frozenset({"Gen", "Nom", "Acc"}))),
    _verb("took_place_on", "пройти состояться", "Past", "Perf", Slot("в", frozenset({"Acc"}))),  # «в понедельник»
    # «фестиваль, который проходил в Казани 8 сентября»: a past event of one day, said in the imperfective
    _verb("took_place_on", "проходить", "Past", "Imp", Slot("", frozenset({"Gen", "Nom", "Acc"}))),
    _verb("harvested", "собрать", "Past", "Perf", Slot("", frozenset({"Acc", "Gen", "Nom"})), units=WEIGHT_UNITS),
    RoleAppositions(),
    Signings(),
    PositionAppositions(),
    Appointments(),
    Resignations(),
    Awards(),
    CourtRulings(),
    Measures(),
    Staff(),
    StaffAppositions(),
    LaureateLists(),
    PrizeLists(),
    Applicants(),
    MembershipLists(),
    ParticipantLists(),
    GrantAwards(),
    GrantHolderLists(),
    AnnouncedLaureates(),
    SidesOfSigning(),
    Origins(),
    _verb("coaches", "тренировать", "Pres", "Imp"),  # «Елена Васнецова тренирует клуб «Сокол»»
    _verb("founded", "основать", "Past", "Perf"),  # «Павел Гречко основал стартап «Кварц-Лаб»»
    *PEOPLE_PATTERNS,
    *STAFF_PATTERNS,
    *CAREER_PATTERNS,
    _verb("visited", "побывать", "Past", "Perf", Slot("в", frozenset({"Loc"}))),  # «побывал в Заречье»
    _verb("visited", "побывать", "Past", "Perf", Slot("на", frozenset({"Loc"}))),  # «побывал на заводе «Х»»
    # «прибыл с рабочим визитом в Заречье» (the place may hang on the visit; an indeclinable name may
    # be read as a locative); a bare «прибыл в Каменногорск» may be a move there, no visit
    _verb("visited", "прибыть приехать", "Past", "Perf", Slot("в", _ARRIVAL_CASES, _VISIT_NOUNS, "с")),
    _verb("visited", "совершить", "Past", "Perf", Slot("в", _ARRIVAL_CASES, _VISIT_NOUNS)),  # «совершил поездку в»
    _verb("works_at", "работать трудиться", "Pres", "Imp", Slot("на", frozenset({"Loc"}), only=ON_NOUNS)),
    # «читает лекции в БерГУ», «ведёт занятия в школе № 5»: teaching there now
    _verb("teaches_at", "читать вести", "Pres", "Imp", Slot("в", frozenset({"Loc"}), _TEACHING_WORK)),
    # organizations, facilities and places (matchers_places.py)
    _verb("began_building", "приступить", "Past", "Perf", Slot("", frozenset({"Gen"}), _CONSTRUCTION, "к")),
    _verb("began_building", "начать", "Past", "Perf", Slot("", frozenset({"Gen"}), _CONSTRUCTION)),
    _verb("built", "завершить закончить", "Past", "Perf", Slot("", frozenset({"Gen"}), _CONSTRUCTION)),
    LocatedStatements(),
    Headquartered(),
    Ownership(),
    _verb("invested_in", "инвестировать вложить", "Past", "Perf", Slot("в", frozenset({"Acc"}))),
    _verb("invested_in", "инвестировать", "Past", "Imp", Slot("в", frozenset({"Acc"}))),
    AdjectivalOrigins(),
    BracketOrigins(),
    PlacedFacilities(),
    OpenedIn(),
    # deals, loans, owners and purchases (matchers_business.py)
    DealsOfStatements(),
    CreditLines(_verb("lent_to", "открыть предоставить", "Past", "Perf", _CREDIT_LINE)),
    # «строительство моста ведёт компания X»: who is building has begun
    _verb("began_building", "вести", "Pres", "Imp", Slot("", frozenset({"Gen"}), _CONSTRUCTION)),
    Owners(),
    Subsidiaries(),
    NewOwners(),
    PlacedPurchases(),
    LoansReceived(),
    Sales(),
    Supplies(),
    SignedPapers(),
    # events: presence, places, organizers and winners (matchers_events.py)
    *EVENT_PATTERNS,
    *PLACE_PATTERNS,
    # procurement: the customer and the contractor of works (matchers_tenders.py)
    TenderSides(),
    # courts (matchers_courts.py): «подала в суд на мэрию», fines, verdicts, granted suits
    _verb("sued", "подать", "Past", "Perf", Slot("на", frozenset({"Acc"})), requires=frozenset({"суд", "арбитраж"})),
    CourtDecisions(),
    Suits(),
    # money said of a thing (matchers_money.py): «обошёлся в N», «вложила в строительство X»
    Costs(),
    InvestmentsInWork(),
    # officials titled by the region named before, appointment lists (matchers_posts.py)
    *POST_PATTERNS,
    # frequent wordings the recall audit found unread (matchers_recall.py): losses, joining, passive deals
    *recall_patterns(),
    # winners nomination by nomination, founders (matchers_objects.py)
    NominationWinners(),
    FounderLists(),
    FirstPlacesOfTheLead(),
    FieldLaureates(),
    # a contract's side named by its role after the customer's sentence, a builder of a facility named
    # before by its class noun (matchers_contract_builders.py)
    *CONTRACT_BUILDER_PATTERNS,
    # «сменил на посту Y», «сменив на посту Y», «Он сменил ...» after an appointment (matchers_successions.py)
    *SUCCESSION_PATTERNS,
    # a customer named by the auction it held, the sides of «стороны подписали» named by their meeting
    # (matchers_agreements.py)
    *AGREEMENT_PATTERNS,
    # grants with the giver in the genitive, owners in a participle (matchers_awards.py)
    *AWARD_PATTERNS,
    # groups an organization belongs to, judges of the one court an article names (matchers_orgs.py)
    *ORG_PATTERNS,
    # grants and loans listed under a bare title, their giver named by the lead (matchers_lists2.py)
    *LIST_PATTERNS_2,
    # laureates of a governor's prizes listed under the decree that awards them (matchers_hubs.py)
    *HUB_PATTERNS,
    # a festival's or a prize's jury listed in full (matchers_juries.py)
    *JURY_PATTERNS,
)
