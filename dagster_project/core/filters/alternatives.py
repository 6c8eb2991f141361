"""Other arguments the month's texts give a question's relation: is its answer the only one?

A question about the fact (given, relation, sought) asks for `sought`. When a sentence of the
month has the relation's words, `given` in its own role and another name of `sought`'s kind in
the role of `sought` («клуб «Старт» выиграл у клуба «Кедр»» besides «Сокол» for «Какой клуб
выиграл у клуба «Кедр»?»), a reader of the texts finds two answers. Roles come from the
dependency parse the pipeline already has: the subject (nsubj) is the fact's subject, an object
or an oblique with the relation's preposition is its object.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..common.russian import lemma_key, lemmas, morph

# Prepositions and question words that end a relation label («выиграть у», «выдать кредит (кому)»).
_FUNCTION_WORDS = frozenset({"с", "со", "в", "во", "у", "к", "на", "о", "об", "по", "за", "из", "от", "до", "для",
                             "против", "при", "кому", "чему", "кто", "что", "когда", "где"})  # fmt: skip
# How a name hangs on the noun that carries its role: «клуба «Кедр»», «Анна и Олег», «Иван Петров».
_NAME_LINKS = frozenset({"appos", "flat", "flat:name", "conj", "compound"})


# Words news uses for one another in the same relation: a contract is signed or concluded, and
# «договор», «контракт» and «соглашение» name the same signed paper.
DEAL_NOUNS = frozenset({"соглашение", "договор", "контракт"})
_SYNONYMS = ({"подписать", "заключить"}, DEAL_NOUNS)


def synonyms(word: str) -> set[str]:
    return next((group for group in _SYNONYMS if word in group), {word})


def said(word: str, lemma_text: str) -> bool:
    """Does a lemmatized text (spaces around) have the word or a synonym of it?"""
    return any(f" {w} " in lemma_text for w in synonyms(word))


@dataclass(frozen=True)
class Asked:
    """One fact as the question uses it: `given` is named (or known), `sought` is asked for."""

    given: str
    relation: str
    sought: str
    sought_is_object: bool


def fact_parts(triples_text: str | None) -> list[list[str]]:
    """The parts of each fact of a subgraph, written «subject | relation | object»."""
    facts = json.loads(triples_text) if triples_text else []
    return [[part.strip() for part in str(fact).split("|")] for fact in facts]


def asked_facts(kind: str, triples_text: str | None, items: list[str]) -> list[Asked]:
    """The facts whose one end the question asks for: the answer, and for mh also the bridge
    (the entity both facts share, which the question describes but does not name)."""
    facts = [fact for fact in fact_parts(triples_text) if len(fact) == 3]
    answers = {name_key(item) for item in items}
    bridge: set[str] = set()
    if kind == "mh" and len(facts) == 2:
        bridge = {name_key(facts[0][0]), name_key(facts[0][2])} & {name_key(facts[1][0]), name_key(facts[1][2])}
    elif kind not in {"simple", "set"}:
        return []
    asked = []
    for subject, relation, obj in facts:
        sought = answers if answers & {name_key(subject), name_key(obj)} else bridge
        if name_key(obj) in sought:
            asked.append(Asked(subject, relation, obj, True))
        elif name_key(subject) in sought:
            asked.append(Asked(obj, relation, subject, False))
    return asked


def relation_words(relation: str) -> tuple[list[str], str]:
    """The content lemmas of a relation label and its preposition («подписать соглашение с» ->
    [подписать, соглашение], «с»)."""
    words = re.sub(r"\(.*?\)", " ", relation).split()
    preposition = words[-1] if len(words) > 1 and words[-1] in _FUNCTION_WORDS else ""
    return [w for w in lemmas(" ".join(words)) if w not in _FUNCTION_WORDS], preposition


def question_tense(question: str, verb_lemma: str) -> str | None:
    """Pres or Past of the question's form of the relation's verb («возглавляет» is not
    «возглавлял»: a past state is a former one)."""
    for word in re.findall(r"\w+", question):
        reading = _likeliest(word)
        if reading.normal_form == verb_lemma:
            return "Pres" if "pres" in reading.tag else "Past" if "past" in reading.tag else None
    return None


@lru_cache(maxsize=100_000)
def name_key(name: str) -> str:
    """`lemma_key` of a name or an answer, made once: every check of a question asks it again."""
    return lemma_key(name)


@lru_cache(maxsize=100_000)
def _likeliest(word: str):
    """pymorphy3's likeliest reading of a word, looked up once: the month's questions repeat their words."""
    return morph().parse(word)[0]


def _position(token_id: str) -> int:
    return int(token_id.split("_")[1])


@dataclass(frozen=True)
class Argument:
    key: str
    type: str
    start: int
    stop: int
    role: str  # subj or obj
    preposition: str
    relation: str


def name_attachment(sentence, by_id: dict, start: int, stop: int):
    """The token through which a name (characters start..stop) attaches to its clause: up from the
    name's root through class nouns, conjuncts and genitive-free nmods."""
    tokens = [t for t in sentence.tokens if start <= t.start < stop and t.text not in "«»\""]
    ids = {t.id for t in tokens}
    roots = [t for t in tokens if t.head_id not in ids]
    if not roots:
        return None
    current = roots[0]
    for _ in range(4):
        head = by_id.get(current.head_id)
        if head is None or head.pos == "VERB":
            break
        has_case = any(t.head_id == current.id and t.rel == "case" for t in sentence.tokens)
        if not (current.rel in _NAME_LINKS or (current.rel == "nmod" and not has_case)):
            break
        current = head
    return current


def verb_arguments(sentence, names, verb, relation_nouns: set[str] = frozenset()) -> list[Argument]:
    """The names of a sentence that are the subject or an object of `verb` (or of the relation's
    noun that is the verb's object: «подписать соглашение с X»)."""
    by_id = {t.id: t for t in sentence.tokens}
    has_subject = any(t.head_id == verb.id and t.rel.startswith("nsubj") for t in sentence.tokens)
    before = [_position(t.id) for t in sentence.tokens if t.pos == "VERB" and _position(t.id) < _position(verb.id)]
    clause_start, verb_at = max(before, default=0), _position(verb.id)
    found = []
    for name in names:
        link = name_attachment(sentence, by_id, name.start, name.stop)
        if link is None:
            continue
        role, relation = None, link.rel
        head = by_id.get(link.head_id)
        if link.rel == "nmod" and head is not None and head.head_id == verb.id and head.lemma in relation_nouns:
            role, relation = "obj", "obl"  # «подписал контракт с компанией»: the argument of the verb's noun
        elif link.head_id == verb.id:
            role = "subj" if link.rel.startswith("nsubj") else "obj" if link.rel in {"obj", "obl", "iobj"} else None
        elif not has_subject and link.rel.startswith("nsubj") and clause_start < _position(link.id) < verb_at:
            role = "subj"  # the parser hung this clause's subject on the verb before it
        if role is None:
            continue
        preposition = next((t.lemma for t in sentence.tokens if t.head_id == link.id and t.rel == "case"), "")
        found.append(Argument(name.key, name.type, name.start, name.stop, role, preposition, relation))
    return found


def fills(argument: Argument, role: str, preposition: str) -> bool:
    """Does the argument stand where the relation puts this end: the subject, or the object with the
    relation's preposition (a direct object when it has none)?"""
    if argument.role != role:
        return False
    return role == "subj" or (argument.preposition == preposition and (bool(preposition) or argument.relation == "obj"))


# Relations that state where an organization is based; news says it with «из Казани» or «казанская».
HOME_RELATIONS = frozenset({"базироваться", "находиться", "располагаться"})


def toponymic(adjective: str, place: str) -> bool:
    """Is the adjective the place's («казанский» of «Казань», «московский» of «Москва»)? Russian
    makes it with -ский from the name's stem, which may drop its last letters."""
    if not adjective.endswith("ский") or len(place) < 4:
        return False
    return adjective[:-4].startswith(place[: len(place) - 2])  # «омск» -> «ом|ский», «казань» -> «казан|ский»


def home_city_names(sentence, names, place: str, class_noun: str, classes_of) -> list:
    """The names of the class noun a sentence places in a city: the class noun the name is apposed
    to (or a bare name, whose class the month's other mentions give: `classes_of(lemma)`) has «из
    <place>» or the place's adjective («компания «Промавтоматика» из Казани», «казанская компания
    «Поволжские генераторы»», «новосибирский «Буревестник»»)."""
    by_id = {t.id: t for t in sentence.tokens}
    found = []
    for name in names:
        tokens = [t for t in sentence.tokens if name.start <= t.start < name.stop and t.text not in "«»\""]
        ids = {t.id for t in tokens}
        roots = [t for t in tokens if t.head_id not in ids][:1]
        if not roots:
            continue
        if roots[0].rel in {"appos", "flat", "flat:name"} and roots[0].head_id in by_id:
            noun = by_id[roots[0].head_id]  # the class noun the name is apposed to
            if noun.lemma != class_noun:
                continue
        elif class_noun in classes_of(roots[0].lemma):
            noun = roots[0]
        else:
            continue
        noun_ids = {noun.id}
        name_end = max(_position(t.id) for t in tokens)
        for child in (t for t in sentence.tokens if t.head_id in noun_ids):
            # «из Казани» right after the name (a parse may hang a later «из» on the wrong noun)
            of_place = child.rel == "nmod" and child.lemma == place and any(
                t.head_id == child.id and t.lemma == "из" and _position(t.id) <= name_end + 2 for t in sentence.tokens
            )
            if of_place or (child.rel == "amod" and toponymic(child.lemma, place)):
                found.append(name)
                break
    return found


def asked_class_noun(question: str, sought_is_answer: bool) -> str | None:
    """The class noun the question gives what it asks for: after «какой» for the answer
    («Какая компания ...»), before «, который» for an mh bridge («... в городе, который ...»)."""
    words = re.findall(r"[\w-]+|,", question)
    for i, word in enumerate(words[:-1]):
        if sought_is_answer and _likeliest(word).normal_form == "какой":
            return _likeliest(words[i + 1]).normal_form
        if not sought_is_answer and word == "," and words[i + 1].lower().startswith("котор") and i > 0:
            return _likeliest(words[i - 1]).normal_form
    return None


# A deal's sides: on the paper («соглашение с Б», «между А и Б», «договор компании»), or the signer
# and co-signer of its verb; a beneficiary («для стартапа контракт стал ...») is a side too.
_PAPER_LINKS = frozenset({"", "с", "со", "между"})
_SIGNER_LINKS = frozenset({"с", "со", "между", "для"})
# How a statement names the two sides of a deal it goes on to sign: «А поставит Х для Б», «А
# получил заказ от Б», «А продаст Б ...»; not a place or a topic («в Казани», «на выставке», «о ...»).
_STATEMENT_LINKS = frozenset({"с", "со", "для", "от", "у"})
# A paper of another relation the schema reports on its own: a loan («кредитный договор»), a job.
_OTHER_PAPERS = frozenset({"кредитный", "трудовой", "заёмный", "заемный"})


def _preposition(sentence, token) -> str:
    return next((t.lemma for t in sentence.tokens if t.head_id == token.id and t.rel == "case"), "")


# «Суд утвердил мировое соглашение между А и Б», «совет директоров одобрил договор»: whoever approves
# or registers a paper is no party to it.
_APPROVING_VERBS = frozenset({"утвердить", "утверждать", "одобрить", "одобрять", "согласовать", "зарегистрировать"})


def deal_sides(sentence, papers) -> Callable:
    """Accepts the token a name hangs on when it makes the name a side of one of the papers."""
    paper_ids = {p.id for p in papers}
    by_id = {t.id: t for t in sentence.tokens}
    verbs = {p.head_id for p in papers if p.rel in {"obj", "obl", "nsubj", "nsubj:pass"}}
    verbs = {v for v in verbs if getattr(by_id.get(v), "lemma", "") not in _APPROVING_VERBS}
    for verb_id in list(verbs):
        verb = by_id.get(verb_id)
        subjects = [t for t in sentence.tokens if t.head_id == verb_id and t.rel.startswith("nsubj")]
        if verb is not None and verb.rel == "conj" and not subjects:
            verbs.add(verb.head_id)  # «купил ... и подписал соглашение»: the first verb's subject signs

    def is_side(token) -> bool:
        preposition = _preposition(sentence, token)
        if token.head_id in paper_ids:
            return preposition in _PAPER_LINKS
        if token.head_id in verbs:
            return (token.rel.startswith("nsubj") and not preposition) or preposition in _SIGNER_LINKS
        return False

    return is_side


def statement_sides(sentence) -> Callable:
    """Accepts the token a name hangs on when it is a side of what the sentence states."""

    def is_side(token) -> bool:
        preposition = _preposition(sentence, token)
        if not preposition:
            return token.rel.split(":")[0] in {"nsubj", "obj", "iobj"}
        return token.rel.split(":")[0] in {"obl", "nmod"} and preposition in _STATEMENT_LINKS

    return is_side


def is_deal_paper(sentence, token) -> bool:
    """«соглашение», «договор», «контракт», unless its adjective makes it a loan or a job."""
    if token.lemma not in DEAL_NOUNS:
        return False
    return not any(t.head_id == token.id and t.rel == "amod" and t.lemma in _OTHER_PAPERS for t in sentence.tokens)
