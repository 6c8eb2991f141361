"""Careers in appointment news: what a person did before, said in the past and kept in the past.

An appointment is followed by the appointee's career, often with a pronoun: «До этого он работал
главным инженером компании «Х»», «С 2019 года она руководила ...», «была директором лицея «Y»».
A post is left by a decision of another: «губернатор освободил Ивана Петрова от должности
министра ...», «уволил с поста», «освобождён от должности». A successor is named beside the one
replaced: «назначен на должность ... вместо Ивана Петрова», «на его место назначен Андрей Лаптев».

Each fact keeps its tense: a past job is worked_at («ранее работал в»), never works_at; a post
headed before is formerly_headed. A plan, a negation or a future yields nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from .arguments import Argument, ParsedSentence, argument
from .lexicon import POSITION_NOUNS, STAFF_ROLES
from .matchers_people import (
    _POST_NOUNS,
    Deputies,
    _appointees,
    _person,
    _planned,
    employment,
    finished,
    post_argument,
    pronoun_person,
    verb_roles,
)
from .relations import ORGANIZATION, PERSON

Fact = tuple[str, Argument, Argument]

_ORGANIZATIONS = frozenset({ORGANIZATION})
_SUBJECT_RELS = ("nsubj", "nsubj:pass")


def clause_subject(sentence: ParsedSentence, verb):
    """The verb's subject, or the subject of the verb it is listed with: in «Он окончил университет,
    работал хирургом, а затем занимал пост ...» every verb is his. Only a finite verb listed after
    a finite verb shares it (the parser links it as «conj» or starts a second root at the comma); a
    clause of its own («, где работал», «, что ...») does not."""
    for _ in range(6):
        subjects = sentence.kids(verb, *_SUBJECT_RELS)
        if subjects:
            return subjects[0]
        verb = _listed_after(sentence, verb)
        if verb is None:
            return None
    return None


# Words that open a clause of its own, whose verb does not share the subject before it.
_CLAUSE_OPENERS = frozenset({"который", "где", "что", "когда", "кто", "куда", "откуда", "чтобы", "если", "как"})


def _listed_after(sentence: ParsedSentence, verb):
    """The finite verb `verb` is listed after, with only its own words and «,» / «и» / «а» between."""
    if verb.rel not in {"conj", "root"}:
        return None
    before = [t for t in sentence.tokens if t.stop <= verb.start]
    for token in reversed(before):
        if token.pos in {"SCONJ"} or token.lemma in _CLAUSE_OPENERS or token.text in {"—", ":", ";"}:
            return None
        if token.pos == "VERB" and token.feats.get("VerbForm") == "Fin":
            return token
    return None


def _before(verb) -> bool:
    """A finite past («работал», «был», «проработал»: a done span of work is past too) or a past
    active participle on its person («Олег Ветров, ранее работавший ...»)."""
    feats = verb.feats
    return (
        verb.pos in {"VERB", "AUX"}
        and (feats.get("VerbForm") == "Fin" or _past_participle(verb))
        and feats.get("Tense") == "Past"
        and feats.get("Voice", "Act") in {"Act", "Mid"}
    )


def _past_participle(verb) -> bool:
    return verb.feats.get("VerbForm") == "Part" and verb.rel in {"acl", "amod"}


def _career_subject(sentence: ParsedSentence, verb):
    """Whose career the verb tells: the noun a participle qualifies, else the clause's subject."""
    if _past_participle(verb):
        return sentence.head(verb)
    host = sentence.head(verb) if verb.rel == "cop" else verb  # «была | директором»: the role heads
    return clause_subject(sentence, host) if host is not None else None


class PastJobs:
    """«До этого он работал в компании «Х»», «работал на заводе «Х»», «более 15 лет работал главным
    инженером компании «Х»», «была директором лицея «Y»», «занимал пост заместителя главного врача
    больницы «Z»» -> worked_at(person, X); a head's post («был директором», «занимал пост
    ректора») -> formerly_headed. The person is named or the one a pronoun can mean."""

    _WORK_VERBS = frozenset({"работать", "трудиться", "проработать"})
    triggers = _WORK_VERBS | {"быть", "занимать"}

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or not _before(verb) or sentence.negated(verb):
                continue
            subject = _career_subject(sentence, verb)
            person = _person(sentence, subject) if subject is not None else None
            if person is None:
                continue
            if verb.lemma in self._WORK_VERBS:
                yield from self._places(sentence, verb, person)
            for role in self._roles(sentence, verb):
                yield from _past_role(sentence, role, person)

    @staticmethod
    def _places(sentence: ParsedSentence, verb, person: Argument) -> Iterator[Fact]:
        """«работал в компании «Х»», «на заводе «Х»»."""
        for head in sentence.kids(verb, "obl"):
            if sentence.preposition(head) in {"в", "на"} and head.feats.get("Case") == "Loc":
                found = argument(sentence, head, _ORGANIZATIONS)
                if found is not None:
                    yield "worked_at", person, found

    @staticmethod
    def _roles(sentence: ParsedSentence, verb) -> list:
        """«работал | был главным инженером ...», «занимал пост | должность директора ...»."""
        roles = verb_roles(sentence, verb, POSITION_NOUNS | STAFF_ROLES)
        if verb.lemma == "быть":  # «была директором лицея»: the parser makes the role the head
            head = sentence.head(verb)
            if head is not None and verb.rel == "cop" and head.feats.get("Case") == "Ins":
                roles += [head] if head.lemma in POSITION_NOUNS | STAFF_ROLES else []
        return roles


def _past_role(sentence: ParsedSentence, role, person: Argument) -> Iterator[Fact]:
    """What a role held before says: a head's post -> formerly_headed its owner; staff and aides
    -> worked_at the organization named in the post."""
    for relation, _, owner in employment(sentence, role, person):
        if relation == "heads":
            yield "formerly_headed", person, owner
        elif relation == "works_at" and owner.type == ORGANIZATION:
            yield "worked_at", person, owner


class Dismissals:
    """«Губернатор освободил Ивана Петрова от должности министра транспорта области», «Иван
    Петров освобождён от занимаемой должности главы района», «уволил ... с поста директора завода
    «Х»» -> dismissed_from(person, post); a head's post also -> formerly_headed(person, owner)."""

    triggers = frozenset({"освободить", "уволить", "снять"})
    _FROM = {"освободить": "от", "уволить": "с", "снять": "с"}

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma not in self._FROM or sentence.negated(verb) or sentence.planned(verb):
                continue
            people = self._dismissed(sentence, verb)
            roles = self._roles(sentence, verb)
            if len(people) != 1 or not roles:
                continue
            post = post_argument(sentence, roles[0])
            if post is None:
                continue
            yield "dismissed_from", people[0], post
            for relation, _, owner in employment(sentence, roles[0], people[0]):
                if relation == "heads":
                    yield "formerly_headed", people[0], owner

    @staticmethod
    def _dismissed(sentence: ParsedSentence, verb) -> list[Argument]:
        """Whom «освободил» (past perfective), or who «освобождён» (passive participle)."""
        feats = verb.feats
        if feats.get("Aspect") != "Perf":
            return []
        if feats.get("VerbForm") == "Part" and feats.get("Voice") == "Pass":
            heads = sentence.kids(verb, "nsubj:pass", "nsubj")
        elif finished(verb):
            heads = sentence.kids(verb, "obj")
        else:
            return []
        found = [_person(sentence, h) for h in heads]
        return [p for p in found if p is not None]

    def _roles(self, sentence: ParsedSentence, verb) -> list:
        """Role nouns of «от должности | с поста <role>»."""
        preposition = self._FROM[verb.lemma]
        posts = [
            p
            for p in sentence.kids(verb, "obl")
            if p.lemma in _POST_NOUNS and sentence.preposition(p) == preposition and p.feats.get("Case") == "Gen"
        ]
        return [
            role
            for post in posts
            for role in sentence.kids(post, "nmod")
            if role.lemma in POSITION_NOUNS and role.feats.get("Case") == "Gen"
        ]


class Replacements:
    """«Андрей Лаптев назначен на должность директора завода «Х» вместо Ивана Петрова», «Андрей
    Лаптев занял пост вместо Ивана Петрова», «На его место назначен Андрей Лаптев» (after a
    sentence about Иван Петров) -> succeeded(new, former). The new one is appointed or takes the
    post in a done past; the former is named or the one a pronoun can mean."""

    triggers = frozenset({"вместо", "место"})
    _TAKING = frozenset({"назначить", "занять", "избрать", "стать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for token in sentence.tokens:
            former_head = self._former(sentence, token)
            verb = sentence.head(former_head) if former_head is not None else None
            if verb is None or verb.lemma not in self._TAKING or sentence.negated(verb):
                continue
            former = self._person_of(sentence, former_head, token)
            new = self._newcomer(sentence, verb)
            if former is not None and new is not None and former.normal != new.normal:
                yield "succeeded", new, former
                yield from self._former_lead(sentence, verb, former)

    @staticmethod
    def _former_lead(sentence: ParsedSentence, verb, former: Argument) -> Iterator[Fact]:
        """«назначен директором завода «Х» вместо Ивана Петрова»: the one replaced headed X before."""
        roles = Deputies._roles(sentence, verb) if verb.lemma == "назначить" else []
        for role in roles[:1]:
            for relation, _, owner in employment(sentence, role, former):
                if relation == "heads":
                    yield "formerly_headed", former, owner

    @staticmethod
    def _former(sentence: ParsedSentence, token):
        """The word that names the one replaced: the noun of «вместо <X>», the noun «место» of «на
        <его> место» / «на место <X>»."""
        if token.lemma == "вместо" and token.rel == "case":
            return sentence.head(token)
        if token.lemma == "место" and sentence.preposition(token) == "на" and token.feats.get("Case") == "Acc":
            return token
        return None

    @staticmethod
    def _person_of(sentence: ParsedSentence, head, marker) -> Argument | None:
        if marker.lemma == "вместо":
            return _person(sentence, head)
        owners = sentence.kids(head, "det", "nmod", "nmod:poss")
        pronouns = [o for o in owners if o.lemma in {"он", "она", "его", "её", "ее"} and o.start < head.start]
        if pronouns:
            return pronoun_person(sentence, pronouns[0])
        named = [o for o in owners if o.feats.get("Case") == "Gen" and o.start > head.start]
        return _person(sentence, named[0]) if named else None

    @staticmethod
    def _newcomer(sentence: ParsedSentence, verb) -> Argument | None:
        """Who is appointed (passive or whom), or who «занял пост» / «стал ...» in a done past."""
        if verb.lemma == "назначить" or verb.lemma == "избрать":
            heads = _appointees(sentence, verb) if verb.lemma == "назначить" else _elected(sentence, verb)
        elif finished(verb):
            heads = sentence.kids(verb, "nsubj")
        else:
            heads = []
        found = [_person(sentence, h) for h in heads]
        found = [p for p in found if p is not None and p.type == PERSON]
        return found[0] if len(found) == 1 else None


def _elected(sentence: ParsedSentence, verb) -> list:
    feats = verb.feats
    if feats.get("Aspect") != "Perf" or sentence.planned(verb):
        return []
    if feats.get("VerbForm") == "Part" and feats.get("Voice") == "Pass":
        return sentence.kids(verb, "nsubj:pass", "nsubj")
    return sentence.kids(verb, "obj") if finished(verb) else []


class LeftPosts:
    """«Иван Петров досрочно сложил полномочия главы Кимрского района», «Анна Котова ушла с поста
    директора завода «Х»», «Глава района Иван Петров ушёл со своего поста» -> resigned_from(person,
    post); a head's post also -> formerly_headed. (The post left with «в отставку» is Resignations'.)"""

    triggers = frozenset({"сложить", "уйти"})
    _POSTS = {"сложить": ("obj", "", frozenset({"полномочие"})), "уйти": ("obl", "с", _POST_NOUNS)}

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _role_phrase  # matchers imports this module

        if _planned(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma not in self._POSTS or not finished(verb) or sentence.negated(verb):
                continue
            if any(k.lemma == "отставка" for k in sentence.kids(verb, "obl")):
                continue  # «ушёл в отставку с поста ...»: Resignations reads it
            subject = clause_subject(sentence, verb)
            person = _person(sentence, subject) if subject is not None else None
            roles = self._roles(sentence, verb, subject) if person is not None else []
            post = _role_phrase(sentence, roles[0]) if roles else None
            if post is None:
                continue
            yield "resigned_from", person, post
            for relation, _, owner in employment(sentence, roles[0], person):
                if relation == "heads":
                    yield "formerly_headed", person, owner

    def _roles(self, sentence: ParsedSentence, verb, subject) -> list:
        """The role of «полномочия | с поста <role>», else a role subject («Глава района ...»)."""
        rel, preposition, nouns = self._POSTS[verb.lemma]
        posts = [p for p in sentence.kids(verb, rel) if p.lemma in nouns and sentence.preposition(p) == preposition]
        roles = [
            role
            for post in posts
            for role in sentence.kids(post, "nmod")
            if role.lemma in POSITION_NOUNS and role.feats.get("Case") == "Gen"
        ]
        if roles or not posts:
            return roles
        return [subject] if subject is not None and subject.lemma in POSITION_NOUNS else []


class Predecessors:
    """«До него районом руководила Елена Мамедова», «До неё институт возглавлял Иван Петров»
    after a sentence about the new head -> succeeded(new head, predecessor): who led it before
    him is the one he took over from."""

    triggers = frozenset({"руководить", "возглавлять"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for verb in sentence.tokens:
            past = verb.pos == "VERB" and verb.feats.get("Tense") == "Past" and verb.feats.get("Aspect") == "Imp"
            if verb.lemma not in self.triggers or not past or verb.feats.get("VerbForm") != "Fin":
                continue
            before = [
                k
                for k in sentence.kids(verb, "obl")
                if k.pos == "PRON" and k.lemma in {"он", "она"} and sentence.preposition(k) == "до"
            ]
            subjects = [s for s in sentence.kids(verb, "nsubj") if s.pos != "PRON"]
            if not before or not subjects or sentence.negated(verb):
                continue
            new, former = pronoun_person(sentence, before[0]), _person(sentence, subjects[0])
            if new is not None and former is not None and new.normal != former.normal:
                yield "succeeded", new, former


CAREER_PATTERNS = (PastJobs(), Dismissals(), Replacements(), LeftPosts(), Predecessors())
