"""Question templates per schema relation and direction.

Every schema relation has one wording (core/extraction/schema/relations.py): a verb in a fixed
tense, the words after it, a preposition and the case of the object. A question asks for one
side of it, with the question word chosen by the argument type (Кто only for people, «какая
компания» from an organization's class noun, Где / Когда / Сколько + counted noun), so each
question is grammatical by construction:

    ask_object   «С какой компанией подписала соглашение компания «Северный ветер»?»
    ask_subject  «Кто возглавляет банк «Заречный»?»
    description  «компанию, которая открыла логистический центр в Заречье» (a bridge in mh)
    conjunction  «Какая компания подписала соглашение с ВТУ и открыла сервисный центр в Заречье?»
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..common.russian import (
    grammatical_gender,
    inflect_adjective,
    inflect_phrase,
    lemma,
    lemma_key,
    morph,
    with_preposition_vowels,
)
from ..extraction.schema.lexicon import INSTITUTION_NOUNS, ON_NOUNS, SUBUNIT_NOUNS
from ..extraction.schema.relations import (
    DATE,
    EVENT,
    FACILITY,
    FORMER,
    IMPLIED_BY,
    MONEY,
    ORGANIZATION,
    PASSIVE,
    PERSON,
    PLACE,
    POSITION,
    PRESENT,
    QUANTITY,
    SCHEMA,
    WORK,
    Relation,
)
from ..graph.rdf import GraphIndex, NodeInfo
from ..graph.subgraphs import Subgraph

GENERATOR = "schema-template-ru-v1"

_WHO = {"nomn": "кто", "gent": "кого", "datv": "кому", "accs": "кого", "ablt": "кем", "loct": "ком"}
_DEFAULT_NOUNS = {
    ORGANIZATION: "организация",
    FACILITY: "объект",
    EVENT: "мероприятие",
    WORK: "произведение",
    POSITION: "должность",
    PERSON: "человек",
}
_REGION_NOUNS = ("область", "край", "республика", "район", "округ", "поселение")
_GRAPH_TYPES = {"PER": PERSON, "ORG": ORGANIZATION, "LOC": PLACE, "DATE": DATE}


class QuestionError(ValueError):
    """The relation or direction has no template (e.g. asking who harvested a given tonnage)."""


@dataclass(frozen=True)
class QA:
    question: str
    answer: str
    answer_items: list[str]


# --- nodes ---------------------------------------------------------------------------------------


def argument_type(node: NodeInfo, relation: Relation, is_subject: bool) -> str:
    """The schema type of a node in a relation: its graph type, refined by the relation's signature."""
    allowed = relation.subject_types if is_subject else relation.object_types
    if node.type in _GRAPH_TYPES:
        return _GRAPH_TYPES[node.type]
    if node.type == "NUM":
        return MONEY if MONEY in allowed else QUANTITY
    kinds = sorted(allowed & {FACILITY, EVENT, WORK, POSITION})
    return kinds[0] if kinds else FACILITY


# A legal form is no class noun a reader asks with: «какое ООО» reads as a form, not a question.
_LEGAL_FORM_NOUNS = (
    dict.fromkeys(("ооо", "ао", "пао", "оао", "зао", "нао", "гк"), "компания")
    | dict.fromkeys(("муп", "гуп", "фгуп", "нпо", "нпп"), "предприятие")
    | dict.fromkeys(("гбу", "гбуз", "мбу", "мау", "гау", "фгбу", "фгбоу", "мку", "гку", "фку"), "учреждение")
    | dict.fromkeys(("мбоу", "маоу", "мадоу", "мбдоу", "гбоу", "гбпоу", "гапоу"), "учреждение")
    | dict.fromkeys(("ано", "нко"), "организация")
    | {"кфх": "хозяйство", "спк": "кооператив"}
)


# An organization a relation only holds of: who wins a match or has a coach is a sports club.
_RELATION_NOUNS = {("won_against", ORGANIZATION): "клуб", ("coaches", ORGANIZATION): "клуб"}


def kind_noun(node: NodeInfo, kind: str, relation: Relation | None = None) -> str:
    """The class noun a question uses for a node: its own descriptor, else one for its type in
    `relation` («клуб» for a match result), else one for its type; «город» only for places."""
    if node.descriptor and kind != PERSON:
        return _LEGAL_FORM_NOUNS.get(node.descriptor.lower(), node.descriptor)
    if kind == PLACE:
        last = node.label.split(" ")[-1].lower()
        return last if last in _REGION_NOUNS else "город"
    if relation is not None and (relation.id, kind) in _RELATION_NOUNS:
        return _RELATION_NOUNS[relation.id, kind]
    return _DEFAULT_NOUNS.get(kind, "объект")


def name(node: NodeInfo, case: str, kind: str) -> str:
    """A node named in a case: «компанией «Северный ветер»», «Анной Соколовой», «Казани»."""
    if kind in {DATE, QUANTITY, MONEY} or case == "date":
        return node.label
    if kind == PERSON:
        return _person_in_case(node.label, case)
    if node.descriptor and node.label[:1].isupper() and node.descriptor not in node.label.lower():
        legal_form = node.descriptor.lower() in _LEGAL_FORM_NOUNS  # «АО «Порт»»: a legal form is not declined
        descriptor = node.descriptor.upper() if legal_form else inflect_phrase(node.descriptor, case)
        return f"{descriptor} «{node.label}»"
    if kind == ORGANIZATION and _common_word(node.label):
        return f"«{inflect_phrase(node.label, case)}»"  # «Где базируется «Колокольчик»?», not a bell
    return _inside_sentence(inflect_phrase(node.label, case))


def _common_word(label: str) -> bool:
    """A name that is one common noun of the dictionary («Колокольчик», «Маяк»): without its class
    noun only quotes tell it is a name."""
    if " " in label or "«" in label or not label[:1].isupper():
        return False
    parse = morph().parse(label)[0]
    proper = {"Name", "Surn", "Patr", "Geox", "Orgn"} & parse.tag.grammemes
    return parse.is_known and parse.tag.POS == "NOUN" and not proper


# A fund is named, not described: «Фонд развития промышленности» keeps its capital mid-sentence,
# unlike «мэрия Бережанска» or «правительство области».
_OWN_NAME_NOUNS = frozenset({"фонд"})


def _inside_sentence(named: str) -> str:
    """«подала иск мэрия Бережанска», «возглавляет лабораторию морских биоресурсов института»: a name
    that starts with a common institution or subunit noun is capitalized only as a sentence's first
    word (answers keep the capital); «Арбитражный суд» keeps its own."""
    first = named.split(" ")[0]
    if first[1:].islower() and lemma(first) in (INSTITUTION_NOUNS | SUBUNIT_NOUNS) - _OWN_NAME_NOUNS:
        return first.lower() + named[len(first) :]
    return named


_SURNAME_CASE_ENDINGS = {
    "masc": {"gent": "а", "accs": "а", "datv": "у", "ablt": "ым", "loct": "е"},
    "femn": {"gent": "ой", "accs": "у", "datv": "ой", "ablt": "ой", "loct": "ой"},
}


def _person_in_case(label: str, case: str) -> str:
    """A person's name in a case; a surname in -ов/-ев/-ин the dictionary does not know declines
    by the regular pattern («Денис Шатров» -> «Денисом Шатровым»)."""
    inflected = inflect_phrase(label, case, person=True).split(" ")
    words = label.split(" ")
    person_gender = gender(NodeInfo(label, "PER"), PERSON)
    last = words[-1]
    endings = _SURNAME_CASE_ENDINGS.get(person_gender, {})
    if len(words) > 1 and inflected[-1] == last and case in endings:
        if person_gender == "masc" and last.endswith(("ов", "ев", "ёв", "ин", "ын")):
            inflected[-1] = last + endings[case]
        elif person_gender == "femn" and last.endswith(("ова", "ева", "ёва", "ина", "ына")):
            inflected[-1] = last[:-1] + endings[case]
    return " ".join(inflected)


def answer_text(node: NodeInfo) -> str:
    """The answer: the node's canonical nominative name, a quantity with its unit."""
    return node.label


def gender(node: NodeInfo, kind: str) -> str:
    if node.descriptor and kind != PERSON:
        return grammatical_gender(node.descriptor)
    if kind == PERSON:
        for parse in morph().parse(node.label.split(" ")[0]):
            if {"Name", "Surn"} & parse.tag.grammemes:
                return str(parse.tag.gender or "masc")
        return "masc"
    return grammatical_gender(node.label)


def _which(noun: str, case: str, plural: bool = False) -> str:
    """«какую компанию», «каким фондом»; plural for sets: «какие клубы», «с какими компаниями»."""
    if plural:
        return _which_plural(noun, case)
    noun_gender = grammatical_gender(noun)
    animate = "anim" in morph().parse(noun)[0].tag
    return f"{inflect_adjective('какой', noun_gender, case, animate)} {inflect_phrase(noun, case)}"


def _which_plural(noun: str, case: str) -> str:
    head, _, rest = noun.partition(" ")  # class nouns are one word, or a word and its genitive tail
    parsed = morph().parse(head)[0]
    noun_form = parsed.inflect({case, "plur"})
    animacy = ({"anim"} if "anim" in parsed.tag else {"inan"}) if case == "accs" else set()
    which = morph().parse("какой")[0].inflect({case, "plur"} | animacy)
    if noun_form is None or which is None:
        raise QuestionError(f"no plural of {noun!r} in {case}")
    return " ".join(part for part in (which.word, noun_form.word, rest) if part)


def counted_noun(quantity: str) -> str:
    """«640 тысяч тонн зерна» -> «тонн зерна»; «4,5 мегаватта» -> «мегаватт»: what «Сколько» counts."""
    words = quantity.split(" ")
    numbers = [i for i, w in enumerate(words) if any(ch.isdigit() for ch in w)]
    rest = words[numbers[-1] + 1 :] if numbers else words  # «более 110 сотрудников»: after the number
    while rest and morph().parse(rest[0])[0].normal_form in {"тысяча", "миллион", "миллиард", "тыс", "млн", "млрд"}:
        rest = rest[1:]
    if not rest:
        raise QuestionError(f"quantity {quantity!r} has no counted noun")
    readings = morph().parse(rest[0])
    if any(r.tag.POS == "NOUN" and {"gent", "plur"} <= r.tag.grammemes for r in readings):
        return " ".join(rest)  # already the counting form: «210 человек», «85 тысяч тонн»
    unit = readings[0]
    plural = unit.inflect({"gent", "plur"}) if unit.tag.POS == "NOUN" else None
    return " ".join([plural.word if plural else rest[0], *rest[1:]])


# --- question words and predicates ---------------------------------------------------------------


def _preposition_parts(relation: Relation) -> tuple[str, str]:
    """«в состав» -> («в», «состав»): a preposition with a noun governs its object in the genitive."""
    preposition, _, noun = relation.wording.preposition.partition(" ")
    return preposition, noun


def _place_preposition(relation: Relation, phrase: str) -> str:
    """The relation's preposition before `phrase`; a locative «в» becomes «на» before a noun that takes
    it («работает на судоверфи», «на комбинате, который ...»), as Russian has it for these nouns."""
    preposition = relation.wording.preposition
    if preposition != "в" or relation.wording.case != "loct":
        return preposition
    words = phrase.split("«")[0].split(",")[0].split()
    head = next((word for word in words if not _adjectival(word)), "")
    return "на" if head and lemma(head) in ON_NOUNS else preposition


_ADJECTIVE_ENDING = re.compile(r"(?:ск|цк)(?:ий|ая|ое|ие|ого|ой|ому|ом|им|ую|их|ими)$")


def _adjectival(word: str) -> bool:
    """An adjective before the head noun, place adjectives included («Каменногорском», which a
    dictionary takes for the town «Каменногорск»)."""
    return bool(_ADJECTIVE_ENDING.search(word.lower())) or any(
        parse.tag.POS in {"ADJF", "PRTF"} for parse in morph().parse(word)
    )


def wh_object(relation: Relation, node: NodeInfo, plural: bool = False) -> str:
    """The question word for the object of `relation`, with its preposition (plural: for a set)."""
    kind = argument_type(node, relation, is_subject=False)
    case = relation.wording.case
    preposition, noun = _preposition_parts(relation)
    if kind == DATE:
        return "когда"
    if kind in {QUANTITY, MONEY}:
        return f"сколько {counted_noun(node.label)}"
    if kind == PLACE and preposition in {"в", "на"} and case == "loct" and not noun:
        return "где"
    if kind == POSITION and case == "ablt" and not noun:
        return "кем"  # «Кем является Марина Крылова?»: a post held is asked with «кем»
    if noun:  # «на какую должность», «в состав какой компании», «с какого поста»
        if kind == POSITION:
            # from the noun's lemma: «от должности» alone reads as a plural («от каких должностей»)
            return f"{preposition} {_which(lemma(noun), 'accs' if preposition in {'на', 'в'} else 'gent')}"
        wh = _WHO["gent"] if kind == PERSON else _which(kind_noun(node, kind, relation), "gent", plural)
        return f"{preposition} {noun} {wh}"
    if kind == PERSON:
        return f"{preposition} {_WHO[case]}".strip()
    noun = kind_noun(node, kind, relation)
    return f"{_place_preposition(relation, noun)} {_which(noun, case, plural)}".strip()


def wh_subject(relation: Relation, node: NodeInfo, plural: bool = False) -> tuple[str, str]:
    """The question word for the subject and the gender (or "plur") its verb agrees with."""
    kind = argument_type(node, relation, is_subject=True)
    if kind == PERSON:
        return "кто", "masc"
    noun = kind_noun(node, kind, relation)
    if plural:
        return _which(noun, "nomn", plural=True), "plur"
    return _which(noun, "nomn"), grammatical_gender(noun)


def verb_phrase(relation: Relation, subject_gender: str) -> str:
    """The verb in the relation's tense, agreeing with the subject: «подписала», «ранее возглавлял»."""
    wording = relation.wording
    infinitive = next((p for p in morph().parse(wording.verb) if p.tag.POS == "INFN"), None)
    if infinitive is None:
        return wording.verb
    number = {"plur"} if subject_gender == "plur" else {subject_gender, "sing"}
    if wording.tense == PRESENT:
        form = infinitive.inflect({"pres", "3per", "plur" if subject_gender == "plur" else "sing"})
    elif wording.tense == PASSIVE:
        form = infinitive.inflect({"PRTS", "pssv", "past"} | number)
    else:
        form = infinitive.inflect({"past"} | number)
    word = form.word if form else wording.verb
    return f"ранее {word}" if wording.tense == FORMER else word


def object_tail(relation: Relation, obj: NodeInfo) -> str:
    """What follows the verb: «соглашение с компанией «Северный ветер»»."""
    kind = argument_type(obj, relation, is_subject=False)
    wording = relation.wording
    case = "gent" if _preposition_parts(relation)[1] else wording.case
    named = name(obj, case, kind)
    parts = (wording.complement, _euphonic(_place_preposition(relation, named), named), named)
    return " ".join(p for p in parts if p)


_CONSONANTS = "бвгджзйклмнпрстфхцчшщ"
# «со Всеволодом», «со Смоленском», «во Владивостоке»: Russian adds a vowel to «с» and «в» before a
# cluster that starts with the same or a like sound.
_EUPHONY = {"с": ("сзшжщ", ("вс", "вт", "мн")), "в": ("вф", ("мн",))}


def _euphonic(preposition: str, following: str) -> str:
    if preposition not in _EUPHONY:
        return preposition
    starts, clusters = _EUPHONY[preposition]
    word = following.lstrip("«").lower()
    cluster = len(word) > 1 and word[0] in starts and word[1] in _CONSONANTS
    return preposition + "о" if cluster or word.startswith(clusters) else preposition


def _relation(relation_id: str) -> Relation:
    try:
        return SCHEMA[relation_id]
    except KeyError:
        raise QuestionError(f"{relation_id!r} is not a schema relation") from None


def _question(text: str) -> str:
    text = with_preposition_vowels(" ".join(text.split()).replace(" ,", ","))
    return text[:1].upper() + text[1:] + "?"


def owner_phrase(relation: Relation, subject: NodeInfo, described: str = "") -> str:
    """The owner of a measure in the wording's case, named («ветропарка «Степной»», «на хлебозаводе
    «Каравай»») or `described` already in that case («на комбинате, который возглавляет ...»)."""
    kind = argument_type(subject, relation, is_subject=True)
    case = relation.wording.subject_case
    named = described or name(subject, case, kind)
    if case != "loct":
        return named
    head = (subject.descriptor or kind_noun(subject, kind, relation)).split(" ")[0]
    return f"{'на' if head in ON_NOUNS else 'в'} {named}"


def _measure_question(relation: Relation, amount: NodeInfo, owner: str, plural: bool = False) -> str:
    """«Сколько человек работает на хлебозаводе «Каравай»?»: the verb agrees with the wording's
    complement («мощность составляет»), or is neuter with none."""
    wording = relation.wording
    agreement = grammatical_gender(wording.complement) if wording.complement else "neut"
    verb = verb_phrase(relation, agreement)
    return _question(f"{wh_object(relation, amount, plural)} {verb} {wording.complement} {owner}")


def ask_object(relation_id: str, subject: NodeInfo, obj: NodeInfo, plural: bool = False) -> str:
    """A question whose answer is the object: «Какую компанию возглавляет Анна Соколова?»;
    a measure names its owner in the wording's case: «Сколько мегаватт составляет мощность
    ветропарка «Степной»?», «Сколько человек работает на хлебозаводе «Каравай»?»."""
    relation = _relation(relation_id)
    wording = relation.wording
    if wording.subject_case != "nomn":
        return _measure_question(relation, obj, owner_phrase(relation, subject), plural)
    subject_kind = argument_type(subject, relation, is_subject=True)
    verb = verb_phrase(relation, gender(subject, subject_kind))
    return _question(
        f"{wh_object(relation, obj, plural)} {verb} {relation.wording.complement} {name(subject, 'nomn', subject_kind)}"
    )


def ask_subject(relation_id: str, subject: NodeInfo, obj: NodeInfo, plural: bool = False) -> str:
    """A question whose answer is the subject: «Кто возглавляет банк «Заречный»?»."""
    relation = _relation(relation_id)
    if not relation.asks_subject:
        raise QuestionError(f"{relation_id}: a count, a sum or a date does not identify who")
    wh, wh_gender = wh_subject(relation, subject, plural)
    return _question(f"{wh} {verb_phrase(relation, wh_gender)} {object_tail(relation, obj)}")


# --- bridges and conditions ----------------------------------------------------------------------


def relative_clause(
    relation_id: str, described: NodeInfo, described_is_subject: bool, other: NodeInfo, also: NodeInfo | None = None
) -> str:
    """«которая открыла логистический центр в Заречье» / «с которой подписала соглашение компания X»;
    with `also`, two subjects share the verb: «в которой работают Анна Котова и Пётр Сизов»."""
    relation = _relation(relation_id)
    if relation.wording.subject_case != "nomn":
        raise QuestionError(f"{relation_id}: a measure is asked of its owner, not used as a clause")
    kind = argument_type(described, relation, described_is_subject)
    noun_gender = "masc" if kind == PERSON else grammatical_gender(kind_noun(described, kind, relation))
    if described_is_subject:
        which = inflect_adjective("который", noun_gender, "nomn")
        return f"{which} {verb_phrase(relation, noun_gender)} {object_tail(relation, other)}"
    if kind in {DATE, QUANTITY, MONEY}:
        raise QuestionError("a date or a quantity is not described by a clause")
    if kind == POSITION and relation.wording.case == "ablt":
        raise QuestionError("a post one is («является министром») has no «которой» clause")
    other_kind = argument_type(other, relation, is_subject=True)
    preposition, noun = _preposition_parts(relation)
    case = "gent" if noun else relation.wording.case
    which = inflect_adjective("который", noun_gender, case, animate=kind == PERSON)
    if noun:
        lead = f"{preposition} {noun} {which}"
    else:
        lead = f"{_place_preposition(relation, kind_noun(described, kind, relation))} {which}"
    subjects = name(other, "nomn", other_kind)
    if also is not None:
        subjects += f" и {name(also, 'nomn', argument_type(also, relation, is_subject=True))}"
    verb = verb_phrase(relation, "plur" if also is not None else gender(other, other_kind))
    return f"{lead.strip()} {verb} {relation.wording.complement} {subjects}"


def description(relation_id: str, described: NodeInfo, described_is_subject: bool, other: NodeInfo, case: str) -> str:
    """A node without its name: «компанию, которая открыла логистический центр в Заречье»."""
    relation = _relation(relation_id)
    kind = argument_type(described, relation, described_is_subject)
    noun = kind_noun(described, kind, relation)
    clause = relative_clause(relation_id, described, described_is_subject, other)
    return f"{inflect_phrase(noun, case)}, {' '.join(clause.split())}"


def conjunction(answer: NodeInfo, facts: list[tuple[str, bool, NodeInfo]]) -> str:
    """A question about the one node satisfying two facts (relation id, answer is subject, other end):
    «Какая компания подписала соглашение с ВТУ и открыла сервисный центр в Заречье?»."""
    relations = [_relation(relation_id) for relation_id, _, _ in facts]
    if any(relation.wording.subject_case != "nomn" for relation in relations):
        raise QuestionError("a measure is asked of its owner, not joined as a condition")
    if all(is_subject for _, is_subject, _ in facts):
        wh, wh_gender = wh_subject(relations[0], answer)
        if facts[0][0] == facts[1][0]:  # one verb, two objects: «посетил Казань и Пермь», not «посетил ... и посетил»
            relation = relations[0]
            second = object_tail(relation, facts[1][2]).removeprefix(relation.wording.complement).strip()
            return _question(f"{wh} {verb_phrase(relation, wh_gender)} {object_tail(relation, facts[0][2])} и {second}")
        predicates = [
            f"{verb_phrase(relation, wh_gender)} {object_tail(relation, other)}"
            for relation, (_, _, other) in zip(relations, facts, strict=True)
        ]
        return _question(f"{wh} {predicates[0]} и {predicates[1]}")
    kind = argument_type(answer, relations[0], facts[0][1])
    lead = "Как зовут человека" if kind == PERSON else f"Как называется {kind_noun(answer, kind, relations[0])}"
    if facts[0][0] == facts[1][0] and not facts[0][1] and not facts[1][1]:
        # one verb, two subjects: «в которой работают А и Б», not «в которой работает А и в которой работает Б»
        return _question(f"{lead}, {relative_clause(facts[0][0], answer, False, facts[0][2], also=facts[1][2])}")
    clauses = [relative_clause(rid, answer, is_subject, other) for rid, is_subject, other in facts]
    return _question(f"{lead}, {clauses[0]} и {clauses[1]}")


# --- subgraphs -----------------------------------------------------------------------------------


def schema_relation(index: GraphIndex, relation_iri: str) -> str:
    frame = index.relations.get(relation_iri)
    if frame is None or not frame.schema:
        raise QuestionError(f"relation {relation_iri} carries no schema relation id")
    return frame.schema


def generate_question(subgraph: Subgraph, index: GraphIndex) -> QA:
    """The question for a subgraph whose relations all come from the schema."""
    builders = {"simple": _simple, "set": _set, "cond": _cond, "mh": _multihop}
    question = builders[subgraph.type](subgraph, index)
    answers = [answer_text(index.node(a)) for a in subgraph.answer]
    return QA(question=question, answer=", ".join(answers), answer_items=answers)


def _simple(sg: Subgraph, index: GraphIndex) -> str:
    s, r, o = sg.triples[0]
    relation_id = schema_relation(index, r)
    if sg.answer[0] == o:
        return ask_object(relation_id, index.node(s), index.node(o))
    return ask_subject(relation_id, index.node(s), index.node(o))


def _set(sg: Subgraph, index: GraphIndex) -> str:
    # the relation asked about: the one the others imply when a set joins them («работает в» for a
    # director and his staff)
    relations = {schema_relation(index, r) for _, r, _ in sg.triples}
    relation_id = next((r for r in sorted(relations) if r in IMPLIED_BY), schema_relation(index, sg.triples[0][1]))
    s = next(s for s, r, _ in sg.triples if schema_relation(index, r) == relation_id)
    partners = [index.node(x) for x in sg.answer]
    if len({p.type for p in partners}) > 1:
        raise QuestionError("set partners of different types have no common question word")
    if _named_twice(partners):
        raise QuestionError("one set partner's name lies inside another's: likely one entity named twice")
    # the partners' class noun when they share one («какие клубы»), else the generic one of their type
    descriptors = {p.descriptor for p in partners}
    shared = descriptors.pop() if len(descriptors) == 1 else ""
    asked = NodeInfo(partners[0].label, partners[0].type, shared)
    if s == sg.anchor:
        question = ask_object(relation_id, index.node(sg.anchor), asked, plural=True)
    else:
        question = ask_subject(relation_id, asked, index.node(sg.anchor), plural=True)
    # «кто» has no plural: ask for all of them; a plural «какие ...» already does
    return f"{question} Назовите всех." if asked.type == "PER" else question


def _named_twice(partners: list[NodeInfo]) -> bool:
    """«Верхнеозёрск» and «Администрация Верхнеозёрска»: the words of one name within another's."""
    words = [set(lemma_key(p.label).split()) for p in partners]
    return any(a <= b for i, a in enumerate(words) for j, b in enumerate(words) if i != j and a)


def _cond(sg: Subgraph, index: GraphIndex) -> str:
    x = sg.answer[0]
    facts = [(schema_relation(index, r), s == x, index.node(o if s == x else s)) for s, r, o in sg.triples]
    answer = index.node(x)
    # called by its type («какая организация»): another kind of organization fits each condition too
    return conjunction(replace(answer, descriptor="") if sg.asked_by_type else answer, facts)


def _multihop(sg: Subgraph, index: GraphIndex) -> str:
    (s1, r1, o1), (s2, r2, o2) = sg.triples
    first, second = schema_relation(index, r1), schema_relation(index, r2)
    bridge, anchor, answer = index.node(sg.bridge), index.node(sg.anchor), index.node(sg.answer[0])
    bridge_is_subject_1 = s1 == sg.bridge
    relation = _relation(second)
    if s2 == sg.answer[0]:  # (x r2 b): the bridge is the object of r2, described in its case
        if not relation.asks_subject:
            raise QuestionError(f"{second}: a count, a sum or a date does not identify who")
        case = "gent" if _preposition_parts(relation)[1] else relation.wording.case
        wh, wh_gender = wh_subject(relation, answer)
        described = description(first, bridge, bridge_is_subject_1, anchor, case)
        parts = (
            wh,
            verb_phrase(relation, wh_gender),
            relation.wording.complement,
            _place_preposition(relation, described),
            described,
        )
        return _question(" ".join(p for p in parts if p))
    # (b r2 x): the bridge is the subject of r2, a measure's owner in the wording's case
    if relation.wording.subject_case != "nomn":
        described = description(first, bridge, bridge_is_subject_1, anchor, relation.wording.subject_case)
        return _measure_question(relation, answer, owner_phrase(relation, bridge, described))
    first_relation = _relation(first)
    kind = argument_type(bridge, first_relation, bridge_is_subject_1)
    described = description(first, bridge, bridge_is_subject_1, anchor, "nomn")
    # the verb agrees with the class noun the description named the bridge by
    noun_gender = grammatical_gender(kind_noun(bridge, kind, first_relation)) if kind != PERSON else "masc"
    verb = verb_phrase(relation, noun_gender)
    return _question(f"{wh_object(relation, answer)} {verb} {relation.wording.complement} {described}")
