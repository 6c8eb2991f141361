"""Careers in appointment news: what a person did before, said in the past and kept in the past.

An appointment is followed by the appointee's career, often with a pronoun: «До этого он работал
главным инженером компании «Х»», «С 2019 года она руководила ...», «была директором лицея «Y»».
A post is left by a decision of another: «губернатор освободил Ивана Петрова от должности
министра ...», «уволил с поста», «освобождён от должности». A successor is named beside the one
replaced: «назначен на должность ... вместо Ивана Петрова», «на его место назначен Андрей Лаптев».

Each fact keeps its tense: a past job is worked_at («ранее работал в»), never works_at; a post
headed before is formerly_headed. A plan, a negation or a future yields nothing.

Heads and deputies named by their title: a chief physician or editor appointed («Главным врачом
больницы X назначен ...») heads X; a board appoints its own company's head («Совет директоров АО
«X» назначил генеральным директором ...»); a unit run before («заведовала отделением больницы X»)
is a job at X; a governor's deputy named without the region («первый заместитель губернатора ...»)
holds the post of the one region the article named, and is never its head.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...common.russian import fold, inflect_phrase, syntax_normal_form
from .arguments import Argument, ParsedSentence, argument
from .lexicon import (
    CHIEF_ROLES,
    FORMER_MARKERS,
    HEAD_ROLES,
    NON_IDENTIFYING,
    POSITION_NOUNS,
    STAFF_ROLES,
    SUBUNIT_NOUNS,
)
from .matchers_people import (
    _POST_NOUNS,
    Deputies,
    _appointees,
    _person,
    _planned,
    employment,
    finished,
    linear_post,
    post_argument,
    pronoun_person,
    verb_roles,
)
from .relations import ORGANIZATION, PERSON, PLACE, POSITION

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
    # «являлась ректором университета с 2014 года»: the bookish copula in the past is a post held before
    triggers = _WORK_VERBS | {"быть", "занимать", "являться"}

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


def _appointing(sentence: ParsedSentence, verb) -> bool:
    """«назначил», «избрал» in a done past, or «назначен(а)», «избран(а)» not planned."""
    feats = verb.feats
    if verb.lemma not in {"назначить", "избрать"} or feats.get("Aspect") != "Perf" or sentence.negated(verb):
        return False
    if feats.get("VerbForm") == "Part":
        return feats.get("Voice") == "Pass" and not sentence.planned(verb)
    return finished(verb)


def _chief(sentence: ParsedSentence, role) -> bool:
    """«главный врач», «главный редактор»: who leads the hospital or the newsroom («врач» alone works there)."""
    from .matchers import _role_relation  # matchers imports this module

    return role.lemma in CHIEF_ROLES and _role_relation(sentence, role) == "heads"


class ChiefAppointments:
    """«Главным врачом Ярганской областной клинической больницы назначен Дмитрий Шелестов»,
    «назначил ... на должность главного врача больницы «Х»» -> appointed_to(person, «главный врач
    ...»). A chief physician or a chief editor leads the organization as its director does, so the
    head's fact comes with it (employment, through Deputies); a plan or a negation gives nothing,
    nor a post whose words name no organization or place («главным врачом назначен ...»)."""

    triggers = CHIEF_ROLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _appointees as appointees  # matchers imports this module
        from .matchers_people import _names_owner

        if "назначить" not in sentence.lemmas or _planned(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma != "назначить" or not _appointing(sentence, verb):
                continue
            people = [_person(sentence, h) for h in appointees(sentence, verb) or []]
            people = [p for p in people if p is not None and p.type == PERSON]
            roles = [r for r in Deputies._roles(sentence, verb) if _chief(sentence, r) and _names_owner(sentence, r)]
            if len(people) != 1 or len(roles) != 1:
                continue
            post = linear_post(sentence, roles[0])  # read in order: «больницы № 1» keeps its number
            if post is not None:
                yield "appointed_to", people[0], post


# The board that appoints a joint-stock company's head: «Совет директоров АО «Х»», «Наблюдательный
# совет банка «Х»» (the law gives it that right); the head it appoints heads that company.
_BOARD_WORDS = frozenset({"директор", "наблюдательный"})
# What a board calls its own company when it names it again: «генеральным директором компании».
_OWN_COMPANY_NOUNS = frozenset({"компания", "общество", "предприятие"})


class BoardAppointments:
    """«Совет директоров АО «Ярганская энергетическая компания» назначил генеральным директором
    Константина Муравьёва», «... избрал генеральным директором компании Олега Ли» ->
    heads(person, company) and appointed_to(person, «генеральный директор АО «...»»). Only the head
    role itself («директор», «генеральный директор», «президент»; not «технический директор» or
    «директор по развитию»), owned by nothing or by the bare «компании»; one person appointed; a
    plan, a negation or another body's appointment gives nothing."""

    triggers = frozenset({"совет"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if not sentence.lemmas & {"назначить", "избрать"} or _planned(sentence):
            return
        for verb in sentence.tokens:
            if not _appointing(sentence, verb) or verb.feats.get("VerbForm") != "Fin":
                continue
            company, name = self._company(sentence, verb)
            roles = [r for r in sentence.kids(verb, "xcomp", "obl") if self._own_head_role(sentence, r)]
            person = self._appointee(sentence, verb) if company is not None and len(roles) == 1 else None
            if person is None:
                continue
            role = roles[0]
            # «новым генеральным директором»: «новый» says when, not which post
            kept = [k for k in sentence.kids(role, "amod") if k.lemma not in NON_IDENTIFYING | FORMER_MARKERS]
            words = sorted([*kept, role], key=lambda t: t.start)
            post = f"{syntax_normal_form(words)} {name}"
            yield "appointed_to", person, Argument(post, post, POSITION, "должность")
            yield "heads", person, company

    @staticmethod
    def _company(sentence: ParsedSentence, verb) -> tuple[Argument | None, str]:
        """The company whose board is the verb's subject, and its name as written (in the genitive)."""
        boards = [s for s in sentence.kids(verb, "nsubj") if s.lemma == "совет"]
        if len(boards) != 1:
            return None, ""
        tokens = sentence.tokens
        at = next(i for i, t in enumerate(tokens) if t.id == boards[0].id)
        before = tokens[at - 1].lemma if at > 0 else ""
        after = tokens[at + 1] if at + 1 < len(tokens) else None
        if before == "наблюдательный" and after is not None:
            first = after
        elif after is not None and after.lemma == "директор" and after.feats.get("Number") == "Plur":
            first = tokens[at + 2] if at + 2 < len(tokens) else None
        else:
            return None, ""
        span = sentence.article.span_of.get(first.id) if first is not None else None
        if span is None or span.type != "ORG" or span.tokens[0].id != first.id or span.tokens[-1].stop > verb.start:
            return None, ""
        company = argument(sentence, first, _ORGANIZATIONS)
        if company is None or company.type != ORGANIZATION:
            return None, ""
        # «АО «Х» (ЯЭК)»: the short name in brackets is no part of the post
        return company, sentence.surface(list(span.tokens)).split(" (")[0]

    @staticmethod
    def _own_head_role(sentence: ParsedSentence, role) -> bool:
        """«генеральным директором (компании)»: a head role in the instrumental owned by nothing else."""
        from .matchers import _role_relation  # matchers imports this module

        if role.lemma not in HEAD_ROLES - {"глава", "губернатор", "мэр", "ректор", "главврач"}:
            return False
        if role.feats.get("Case") != "Ins" or sentence.preposition(role) or _role_relation(sentence, role) != "heads":
            return False
        owners = [k for k in sentence.kids(role, "nmod") if k.feats.get("Case") == "Gen" and k.pos == "NOUN"]
        return all(k.lemma in _OWN_COMPANY_NOUNS and not sentence.kids(k, "amod", "nmod", "appos") for k in owners)

    @staticmethod
    def _appointee(sentence: ParsedSentence, verb) -> Argument | None:
        """The one person named after the verb (the parser hangs the name on the verb or the role)."""
        spans = {
            id(span): span
            for t in sentence.tokens
            if t.start > verb.start
            for span in [sentence.article.span_of.get(t.id)]
            if span is not None and span.type == "PER"
        }
        if len(spans) != 1:
            return None
        (span,) = spans.values()
        found = argument(sentence, span.tokens[0], frozenset({PERSON}))
        return found if found is not None and found.type == PERSON else None


class PastUnits:
    """«До этого Анна Ли заведовала лабораторией института «Гидропроект»», «Анна Ли, ранее
    заведовавшая отделением больницы «Медика»», «Ранее она была заведующей отделением больницы
    «Медика»» -> worked_at(person, организация): who ran a lab, a department or a chair worked at the
    organization it belongs to, and headed no more than the unit. A present («заведует») is the
    staff grammars'; a negation, a plan or a unit with no named organization gives nothing."""

    # the tagger lemmatizes a past «заведовала» now as the verb, now as a word of its own
    triggers = frozenset({"заведовать", "заведовал", "заведовала", "заведовали"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for token in sentence.tokens:
            if token.lemma not in self.triggers or sentence.negated(token):
                continue
            holder = self._past_holder(sentence, token)
            person = _person(sentence, holder) if holder is not None else None
            units = [
                u
                for u in sentence.kids(token, "obj", "obl", "nmod", "iobj")
                if u.lemma in SUBUNIT_NOUNS and u.feats.get("Case") == "Ins" and not sentence.preposition(u)
            ]
            if person is None or len(units) != 1:
                continue
            owner = self._organization(sentence, units[0])
            if owner is not None:
                yield "worked_at", person, owner

    @staticmethod
    def _past_holder(sentence: ParsedSentence, token):
        """Whose past it is: the subject of «заведовала», the noun «заведовавшая» qualifies, or the
        subject of «была заведующей». The word's own ending tells its form: the tagger takes
        «заведовала» for a noun and «заведовавшая» for a passive."""
        word = token.text.lower()
        if word.startswith("заведовавш") and token.rel in {"acl", "amod"}:
            return sentence.head(token)
        if word in {"заведовал", "заведовала", "заведовали"}:
            subject = clause_subject(sentence, token)
            if subject is not None and subject.lemma == "который":  # «Анна Ли, которая заведовала ...»
                return sentence.head(token) if token.rel in {"acl", "acl:relcl"} else None
            return subject
        past_copula = [c for c in sentence.kids(token, "cop") if c.lemma == "быть" and _before(c)]
        return clause_subject(sentence, token) if past_copula and token.feats.get("Case") == "Ins" else None

    @staticmethod
    def _organization(sentence: ParsedSentence, unit) -> Argument | None:
        """The last organization named in the unit's genitive tail: «отделением | больницы «Медика»»."""
        from .matchers_people import _index, _unit_chunk

        tail = _unit_chunk(sentence, _index(sentence, unit))[1:]
        found = [
            a
            for t in tail
            if t.pos in {"NOUN", "PROPN"}
            for a in [argument(sentence, t, _ORGANIZATIONS)]
            if a is not None and a.type == ORGANIZATION
        ]
        return found[-1] if found else None


# A governor's deputies, named without the region: «первый заместитель губернатора», «вице-губернатор».
_GOVERNOR_DEPUTIES = frozenset({"вице-губернатор", "замгубернатора"})


class GovernorDeputies:
    """«Первый заместитель губернатора Олег Тарханов», «вице-губернатор Сергей Гуров» in an article
    that named one region before -> holds_position(person, «первый заместитель губернатора Ярганской
    области»): a governor governs one region, and news names it once, then writes «губернатора». With
    two regions or none named, an acting («исполняющий обязанности ...») or former deputy, a deputy
    «по ...» (whose post names a field the wording would lose), or another owner, nothing."""

    triggers = _GOVERNOR_DEPUTIES | {"заместитель"}

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers_people import leaves_post, title_holder
        from .matchers_posts import earlier_place

        for role in sentence.tokens:
            governor = self._bare_governor(sentence, role)
            if governor is None or self._acting_or_former(sentence, role):
                continue
            holder = title_holder(sentence, role)
            if holder is None or leaves_post(sentence, role):
                continue
            place = earlier_place(sentence, role, frozenset({"область", "край", "республика"}))
            region = inflect_phrase(place.normal, "gent") if place is not None else ""
            if not region or fold(region) == fold(place.normal):
                continue  # no one region, or a name that does not decline
            words = sorted(
                [*(k for k in sentence.kids(role, "amod") if k.lemma == "первый"), role], key=lambda t: t.start
            )
            title = syntax_normal_form(words) if len(words) > 1 else role.lemma
            title = title[:1].lower() + title[1:]
            post = f"{title} губернатора {region}" if governor is not role else f"{title} {region}"
            yield "holds_position", holder, Argument(post, post, POSITION, "должность")

    @staticmethod
    def _bare_governor(sentence: ParsedSentence, role):
        """The governor a deputy's title names with no owner of its own: «заместитель | губернатора»
        (the governor's token) or «вице-губернатор» (the role itself); else None."""
        if role.pos != "NOUN" or any(sentence.preposition(k) == "по" for k in sentence.kids(role, "nmod")):
            return None
        owners = [
            k for k in sentence.kids(role, "nmod") if k.feats.get("Case") == "Gen" and not sentence.preposition(k)
        ]
        if role.lemma in _GOVERNOR_DEPUTIES:
            return role if not owners else None
        if role.lemma != "заместитель" or len(owners) != 1 or owners[0].lemma != "губернатор":
            return None
        governor = owners[0]
        own = sentence.kids(governor, "nmod", "appos", "flat:name", "amod")
        return governor if not own and sentence.article.span_of.get(governor.id) is None else None

    @staticmethod
    def _acting_or_former(sentence: ParsedSentence, role) -> bool:
        tokens = sentence.tokens
        at = next(i for i, t in enumerate(tokens) if t.id == role.id)
        before = tokens[max(0, at - 3) : at]
        acting = any(t.lemma == "обязанность" or t.text.lower() in {"и.о.", "врио", "врид"} for t in before)
        qualifiers = {k.lemma for k in sentence.kids(role, "amod")}
        return acting or bool(qualifiers & FORMER_MARKERS) or bool(qualifiers - {"первый"})


class FormerHeads:
    """«Экс-директор завода «Электроприбор» Иван Петров», «экс-глава района Пётр Ли» ->
    formerly_headed(person, owner): the prefix says the lead is over, as «бывший» does (which the
    apposition grammar reads). A function under the head («экс-директор по развитию»), a unit
    («экс-начальник цеха»), or a title with no name beside it gives nothing."""

    triggers = frozenset({"экс"})  # extract.py indexes the parts of a hyphenated lemma

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .lexicon import HEAD_ROLE_QUALIFIERS, STAFF_UNIT_NOUNS
        from .matchers import _role_owners  # matchers imports this module
        from .matchers_people import title_holder

        for role in sentence.tokens:
            prefix, _, title = role.lemma.partition("-")
            if prefix != "экс" or title not in HEAD_ROLES or role.pos != "NOUN":
                continue
            qualifiers = {k.lemma for k in sentence.kids(role, "amod")}
            if qualifiers - HEAD_ROLE_QUALIFIERS or any(sentence.preposition(k) == "по" for k in sentence.kids(role)):
                continue
            holder = title_holder(sentence, role)
            for owner in _role_owners(sentence, role) if holder is not None else []:
                if owner.lemma in SUBUNIT_NOUNS | STAFF_UNIT_NOUNS:
                    continue  # «экс-начальник цеха завода»: he led the shop, not the plant
                found = argument(sentence, owner, frozenset({ORGANIZATION, PLACE}))
                if found is not None and found.type in {ORGANIZATION, PLACE}:
                    yield "formerly_headed", holder, found


CAREER_PATTERNS = (
    FormerHeads(),
    GovernorDeputies(),
    PastUnits(),
    PastJobs(),
    Dismissals(),
    Replacements(),
    LeftPosts(),
    Predecessors(),
    ChiefAppointments(),
    BoardAppointments(),
)
