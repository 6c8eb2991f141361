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

from collections.abc import Iterator
from dataclasses import dataclass, replace

from ...common.russian import can_be_dative
from .arguments import Argument, ParsedSentence, argument, phrase_argument, role_holder
from .lexicon import FORMER_MARKERS, FOUNDER_ROLES, HEAD_ROLE_QUALIFIERS, HEAD_ROLES, POSITION_NOUNS, WEIGHT_UNITS
from .relations import FACILITY, ORGANIZATION, PERSON, PLACE, POSITION, SCHEMA

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

    @property
    def triggers(self) -> frozenset[str]:
        return self.verbs

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        relation = SCHEMA[self.relation]
        for verb in sentence.tokens:
            if verb.lemma not in self.verbs or not _is_finite_active(verb, self.tense, self.aspect):
                continue
            if self.requires and not any(c.lemma in self.requires for c in sentence.kids(verb)):
                continue
            subjects = [
                a for a in (argument(sentence, t, relation.subject_types) for t in _subject_heads(sentence, verb)) if a
            ]
            if not subjects:
                continue
            objects = [
                argument(sentence, t, relation.object_types, self.units) for t in self._object_heads(sentence, verb)
            ]
            objects = [_located(sentence, verb, o) for o in objects if o is not None]
            if not objects and self.symmetric and len(subjects) > 1:
                for i, left in enumerate(subjects):
                    for right in subjects[i + 1 :]:
                        yield self.relation, left, right
                continue
            for subject in subjects:
                for obj in objects:
                    if subject.normal != obj.normal:
                        yield self.relation, subject, obj

    def _object_heads(self, sentence: ParsedSentence, verb) -> list:
        slot = self.slot
        hosts = [verb]
        if slot.carrier:
            carriers = [
                c
                for c in sentence.kids(verb, "obj", "obl", "xcomp", "iobj")
                if c.lemma in slot.carrier and sentence.preposition(c) == slot.carrier_preposition
            ]
            if not carriers:
                return []
            hosts = carriers + [verb]  # the partner hangs off the carrier or, as often, off the verb
        heads = []
        for host in hosts:
            for child in sentence.kids(host, "obj", "obl", "iobj", "nmod", "xcomp"):
                if child.lemma in slot.carrier or sentence.preposition(child) != slot.preposition:
                    continue
                case = child.feats.get("Case", "")
                recipient = (
                    slot.dative_from_genitive
                    and host is not verb
                    and case == "Gen"
                    and can_be_dative(child.text, child.lemma)
                )
                undated = "Gen" in slot.cases and child.pos == "NUM"  # «29 октября»: the day number heads the date
                if case in slot.cases or recipient or undated:
                    heads += sentence.conjuncts(child)
        return heads


def _located(sentence: ParsedSentence, verb, obj: Argument) -> Argument:
    """«построила цех в Ветлуге»: where a facility was opened or built is part of what it is, whether
    the parser hangs the place off the noun or off the verb."""
    if obj.type != FACILITY or " в " in f" {obj.normal} " or " на " in f" {obj.normal} ":
        return obj
    for child in sentence.kids(verb, "obl"):
        place = sentence.article.span_of.get(child.id)
        if place is not None and place.type == "LOC" and sentence.preposition(child) in {"в", "на"}:
            where = sentence.surface(sentence.subtree(child, {"case", "amod", "flat", "flat:name"}))
            return replace(obj, text=f"{obj.text} {where}", normal=f"{obj.normal} {where}")
    return obj


def _is_finite_active(verb, tense: str, aspect: str) -> bool:
    feats = verb.feats
    return (
        verb.pos == "VERB"
        and feats.get("VerbForm") == "Fin"
        and feats.get("Voice", "Act") == "Act"
        and feats.get("Tense") == tense
        and feats.get("Aspect") == aspect
    )


def _subject_heads(sentence: ParsedSentence, verb, depth: int = 0) -> list:
    own = sentence.kids(verb, "nsubj")
    if own:
        return sentence.conjuncts(own[0])
    head = sentence.head(verb)
    if sentence.kids(verb, "nsubj:pass") or verb.rel != "conj" or depth > 2 or head is None or head.pos != "VERB":
        return []
    between = [t for t in sentence.tokens if head.stop <= t.start and t.stop <= verb.start]
    if any(t.text == "," or t.lemma in RELATIVE_PRONOUNS for t in between):
        return []  # a comma or «который» opens another clause: its subject is not this verb's
    return _subject_heads(sentence, head, depth + 1)


class RoleAppositions:
    """«генеральный директор компании «Северный ветер» Анна Соколова» -> heads(Анна Соколова,
    Северный ветер); «бывший директор» -> formerly_headed; «основатель стартапа» -> founded."""

    triggers = HEAD_ROLES | FOUNDER_ROLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for role in sentence.tokens:
            if role.lemma not in self.triggers or role.pos != "NOUN":
                continue
            holder = role_holder(sentence, role)
            qualifiers = {c.lemma for c in sentence.kids(role, "amod")}
            if holder is None or qualifiers - HEAD_ROLE_QUALIFIERS:
                continue  # «спортивный директор» runs one function, not the organization
            former = any(
                c.lemma in FORMER_MARKERS for c in sentence.kids(role, "amod")
            ) or role.text.lower().startswith("экс")
            relation = "founded" if role.lemma in FOUNDER_ROLES else "formerly_headed" if former else "heads"
            types = SCHEMA[relation].object_types
            for owner in sentence.kids(role, "nmod"):
                if sentence.preposition(owner) or owner.feats.get("Case") != "Gen":
                    continue
                found = argument(sentence, owner, types)
                if found is not None and found.type in {ORGANIZATION, PLACE}:
                    yield relation, holder, found


class Appointments:
    """«назначил Ивана Петрова на должность министра транспорта», «назначил ... министром»,
    «Иван Петров назначен на должность ...» -> appointed_to(person, post)."""

    triggers = frozenset({"назначить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma != "назначить" or verb.feats.get("Aspect") != "Perf":
                continue
            if verb.feats.get("VerbForm") == "Fin" and verb.feats.get("Tense") == "Past":
                people = sentence.kids(verb, "obj")
            elif verb.feats.get("VerbForm") == "Part" and verb.feats.get("Voice") == "Pass":
                people = sentence.kids(verb, "nsubj:pass")
            else:
                continue
            posts = [p for p in _posts(sentence, verb)]
            for head in people[:1]:
                person = argument(sentence, head, frozenset({PERSON}))
                for post in posts if person is not None else []:
                    yield "appointed_to", person, post


def _posts(sentence: ParsedSentence, verb) -> Iterator[Argument]:
    for child in sentence.kids(verb, "obl", "xcomp"):
        if child.lemma in {"должность", "пост"} and sentence.preposition(child) == "на":
            roles = [n for n in sentence.kids(child, "nmod") if n.lemma in POSITION_NOUNS]
        elif child.lemma in POSITION_NOUNS and child.feats.get("Case") == "Ins" and not sentence.preposition(child):
            roles = [child]
        else:
            continue
        for role in roles:
            post = phrase_argument(sentence, role, POSITION, require_modifier=True)
            if post is not None:
                yield post


class Resignations:
    """«Министр здравоохранения Валентина Гусева ушла в отставку» / «... ушёл в отставку с поста
    министра» -> resigned_from(person, post)."""

    triggers = frozenset({"отставка"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma != "уйти" or not _is_finite_active(verb, "Past", "Perf"):
                continue
            if not any(c.lemma == "отставка" and sentence.preposition(c) == "в" for c in sentence.kids(verb, "obl")):
                continue
            for subject_head in sentence.kids(verb, "nsubj")[:1]:
                person = argument(sentence, subject_head, frozenset({PERSON}))
                roles = [subject_head] if subject_head.lemma in POSITION_NOUNS else []
                if subject_head.lemma in POSITION_NOUNS:
                    person = role_holder(sentence, subject_head)
                for post_noun in sentence.kids(verb, "obl"):
                    if post_noun.lemma in {"пост", "должность"} and sentence.preposition(post_noun) == "с":
                        roles += [n for n in sentence.kids(post_noun, "nmod") if n.lemma in POSITION_NOUNS]
                for role in roles[-1:]:
                    post = _role_phrase(sentence, role)
                    if person is not None and post is not None:
                        yield "resigned_from", person, post


def _role_phrase(sentence: ParsedSentence, role) -> Argument | None:
    """The post of a role noun without the name of its holder."""
    holder_ids = {t.id for c in sentence.kids(role, "appos", "flat:name") for t in sentence.subtree(c)}
    trimmed = _Without(sentence, holder_ids)
    return phrase_argument(trimmed, role, POSITION, require_modifier=True)


class _Without(ParsedSentence):
    """A view of a sentence with some tokens removed (the holder's name inside a role phrase)."""

    def __init__(self, sentence: ParsedSentence, hidden: set[str]):  # noqa: D107 - a thin view
        self.__dict__.update(sentence.__dict__)
        self.children = {k: [c for c in v if c.id not in hidden] for k, v in sentence.children.items()}


def _verb(relation: str, verbs: str, tense: str, aspect: str, slot: Slot = Slot(), **options) -> VerbPattern:
    return VerbPattern(relation, frozenset(verbs.split()), tense, aspect, slot, **options)


_WITH = Slot("с", frozenset({"Ins"}))
PATTERNS = (
    _verb("heads", "возглавлять", "Pres", "Imp"),
    _verb("heads", "руководить", "Pres", "Imp", Slot(cases=frozenset({"Ins"}))),
    _verb("formerly_headed", "возглавлять", "Past", "Imp"),
    _verb("formerly_headed", "руководить", "Past", "Imp", Slot(cases=frozenset({"Ins"}))),
    _verb("works_at", "работать", "Pres", "Imp", Slot("в", frozenset({"Loc"}))),
    _verb("teaches_at", "преподавать", "Pres", "Imp", Slot("в", frozenset({"Loc"}))),
    _verb("member_of", "входить", "Pres", "Imp", Slot("", frozenset({"Gen"}), frozenset({"состав", "число"}), "в")),
    _verb("won_against", "выиграть", "Past", "Perf", Slot("у", frozenset({"Gen"}))),
    _verb("won_against", "победить обыграть", "Past", "Perf"),
    _verb("won", "выиграть", "Past", "Perf"),
    _verb(
        "won", "стать", "Past", "Perf", Slot("", frozenset({"Gen"}), frozenset({"победитель", "лауреат", "обладатель"}))
    ),
    _verb("received_grant_from", "получить", "Past", "Perf", Slot("", frozenset({"Gen"}), frozenset({"грант"}))),
    _verb("opened", "открыть", "Past", "Perf"),
    _verb("launched", "запустить", "Past", "Perf"),
    _verb("built", "построить", "Past", "Perf"),
    _verb("commissioned", "ввести", "Past", "Perf", requires=frozenset({"эксплуатация"})),
    _verb("bought", "купить приобрести", "Past", "Perf"),
    _verb("held", "провести", "Past", "Perf"),
    _verb("visited", "посетить", "Past", "Perf"),
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
    _verb(
        "lent_to",
        "выдать предоставить",
        "Past",
        "Perf",
        Slot("", frozenset({"Dat"}), frozenset({"кредит", "заём", "займ"}), dative_from_genitive=True),
    ),
    _verb("sued", "подать", "Past", "Perf", Slot("к", frozenset({"Dat"}), frozenset({"иск"}))),
    _verb("took_place_in", "пройти состояться", "Past", "Perf", Slot("в", frozenset({"Loc"}))),
    _verb("took_place_on", "пройти состояться", "Past", "Perf", Slot("", frozenset({"Gen", "Nom", "Acc"}))),
    _verb("took_place_on", "пройти состояться", "Past", "Perf", Slot("в", frozenset({"Acc"}))),  # «в понедельник»
    _verb("harvested", "собрать", "Past", "Perf", Slot("", frozenset({"Acc", "Gen", "Nom"})), units=WEIGHT_UNITS),
    RoleAppositions(),
    Appointments(),
    Resignations(),
)
