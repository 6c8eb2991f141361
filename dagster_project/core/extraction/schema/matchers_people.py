"""Grammars of facts about people that news states in its own turns: who holds a title is read
from the words around it, not from the parse (which scatters the names of a list of titled people
over the wrong role nouns); posts taken and left («занял пост», «вступил в должность», «назначена
исполняющей обязанности», «покинул пост»); speakers at a named event («выступил на форуме «Х»»).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from ...common.russian import inflect_phrase, restore_yo, syntax_normal_form
from .anaphora import PERSONAL_PRONOUNS
from .arguments import (
    _PHRASE_RELS,
    Argument,
    ParsedSentence,
    _alias,
    _phrase_tokens,
    argument,
    entity_argument,
    phrase_argument,
    pronoun_argument,
    role_holder,
)
from .lexicon import (
    CHIEF_ROLES,
    CHIEF_STAFF_ROLES,
    CLASS_NOUNS,
    COLLECTIVE_BODY_NOUNS,
    FORMER_MARKERS,
    HEAD_ROLES,
    INSTITUTION_NOUNS,
    PLAN_WORDS,
    POSITION_NOUNS,
    STAFF_ROLES,
    SUBUNIT_NOUNS,
)
from .place_owners import with_place_owner
from .relations import AGENTS, EVENT, ORGANIZATION, PERSON, PLACE, POSITION

Fact = tuple[str, Argument, Argument]

# Words that end a title read in order: «директор завода «Х» | Иван Петров», «Иван Петров, | директор ...».
_BOUNDARY_POS = frozenset({"VERB", "AUX", "CCONJ", "SCONJ", "PRON", "ADV", "NUM", "PUNCT"})
_ENCLOSING = {"«": 1, "(": 1, "»": -1, ")": -1}
_POST_NOUNS = frozenset({"пост", "должность"})
# A holder these release from a post («освобождён от должности», «отстранён от работы») holds it no longer.
_RELEASING_VERBS = frozenset({"освободить", "отстранить"})
APPOSITION_MARKS = frozenset({",", "—", "–"})  # what opens a title after a name


def is_role_noun(sentence: ParsedSentence, token) -> bool:
    """A role noun, also where the tagger took a capitalized first word for a name («Ректор ...»)."""
    return token.pos == "NOUN" or (token.pos == "PROPN" and token is sentence.tokens[0])


def _index(sentence: ParsedSentence, token) -> int:
    return next(i for i, t in enumerate(sentence.tokens) if t.id == token.id)


def _person_starting_at(sentence: ParsedSentence, token):
    span = sentence.article.span_of.get(token.id)
    return span if span is not None and span.type == "PER" and span.tokens[0].id == token.id else None


def title_holder(sentence: ParsedSentence, role) -> Argument | None:
    """The person a role noun titles, read in order: the name right after the role's own words
    («директор завода «Электроприбор» Олег Ветров») or right before a comma that opens them («Олег
    Ветров, директор ...»). Nothing when a word that no title holds comes between (a verb, a
    conjunction, a comma, a preposition other than «по»), so in «ректор университета «А» Иван
    Петров и директор завода «Б» Анна Котова» each role gets its own name."""
    tokens = sentence.tokens
    at = _index(sentence, role)
    if at > 0 and (tokens[at - 1].lemma == "обязанность" or tokens[at - 1].text.lower() in {"и.о.", "врио"}):
        return None  # «исполняющий обязанности министра Анна Котова» acts for the minister, is none
    if at > 0 and tokens[at - 1].lemma in _POST_NOUNS:
        return None  # «сменил на посту директора завода Ивана Петрова»: the name is the verb's
    if _titled_by_another(tokens, at):
        return None  # «заместителя директора завода Ивана Петрова»: the deputy's name, not the director's
    depth = 0
    for token in tokens[at + 1 :]:
        depth += _ENCLOSING.get(token.text, 0)
        if depth > 0 or token.text in _ENCLOSING:
            continue
        span = _person_starting_at(sentence, token)
        if span is not None:
            if not _agree_in_case(role, token):
                return None  # «благодарность директору завода «Х» Анна Котова выразила»: two phrases
            found = entity_argument(sentence, token)
            return found if found is not None and found.type == PERSON else None
        if _joins_owners(sentence, token, role):
            continue  # «министр транспорта и дорожного хозяйства области Денис Курепин»
        if token.pos in _BOUNDARY_POS or (token.pos == "ADP" and token.lemma != "по"):
            break
    return _name_before_comma(sentence, at)


def role_phrase_end(sentence: ParsedSentence, role) -> int:
    """Where a role's own words end: at the name they title, a comma, a colon or a verb outside quotes
    («директор комбината «Х» | Ирина Левина, председатель правления банка «Y» | Дмитрий Ковалёв»)."""
    tokens, depth = sentence.tokens, 0
    for i in range(_index(sentence, role) + 1, len(tokens)):
        token = tokens[i]
        depth += _ENCLOSING.get(token.text, 0)
        if depth > 0 or token.text in _ENCLOSING:
            continue
        if token.text in {",", ";", ":"} or token.pos == "VERB" or _person_starting_at(sentence, token) is not None:
            return i
    return len(tokens)


def _joins_owners(sentence: ParsedSentence, token, role) -> bool:
    """«и» between two genitives of the role's own words: «министр транспорта и дорожного хозяйства»."""
    if token.lemma != "и" or token.pos != "CCONJ":
        return False
    second = sentence.head(token)
    first = sentence.head(second) if second is not None and second.rel == "conj" else None
    if first is None or {first.feats.get("Case"), second.feats.get("Case")} != {"Gen"} or first.rel != "nmod":
        return False
    return getattr(sentence.head(first), "id", None) == role.id


def _titled_by_another(tokens: list, at: int) -> bool:
    """A role governed by a person noun before it («заместитель | директора», «помощника |
    губернатора»): the name after them titles the outer person."""
    before = at - 1
    while before >= 0 and tokens[before].pos == "ADJ":
        before -= 1
    outer = tokens[before] if before >= 0 else None
    if tokens[at].feats.get("Case") not in {"Gen", None}:
        return False  # «заявил журналистам министр ...»: a noun governs a genitive role only
    return outer is not None and outer.pos == "NOUN" and outer.feats.get("Animacy") == "Anim"


def _agree_in_case(role, name) -> bool:
    """A title and its name stand in one case; an unknown case (a name the tagger missed) passes."""
    cases = {role.feats.get("Case"), name.feats.get("Case")}
    return None in cases or len(cases) == 1


def _name_before_comma(sentence: ParsedSentence, at: int) -> Argument | None:
    """«Олег Ветров, генеральный директор ...», «Олег Ветров — генеральный директор ...»: only
    adjectives between the comma or dash and the role."""
    tokens = sentence.tokens
    first = at
    while first > 0 and tokens[first - 1].pos == "ADJ":
        first -= 1
    if first < 2 or tokens[first - 1].text not in APPOSITION_MARKS:
        return None
    last = tokens[first - 2]
    span = sentence.article.span_of.get(last.id)
    if span is None or span.type != "PER" or span.tokens[-1].id != last.id:
        return None
    if not _agree_in_case(tokens[at], span.tokens[0]):
        return None  # «Анна Котова — министром культуры»: an item of an appointment list, no apposition
    found = entity_argument(sentence, span.tokens[0])
    return found if found is not None and found.type == PERSON else None


def finished(verb) -> bool:
    """A past perfective finite verb, active: «занял», «покинула»."""
    feats = verb.feats
    return (
        verb.pos == "VERB"
        and feats.get("VerbForm") == "Fin"
        and feats.get("Tense") == "Past"
        and feats.get("Aspect") == "Perf"
        and feats.get("Voice", "Act") in {"Act", "Mid"}
    )


def finished_verbs(sentence: ParsedSentence, lemmas) -> Iterator:
    """The sentence's verbs of `lemmas` that state a done action: finished and not negated."""
    return (v for v in sentence.tokens if v.lemma in lemmas and finished(v) and not sentence.negated(v))


def _person(sentence: ParsedSentence, head) -> Argument | None:
    """A person subject, the holder of a role subject («министр ... Анна Котова покинула пост»), or
    the one person a pronoun subject can mean («Ранее он занимал пост ...»)."""
    if head.lemma in PERSONAL_PRONOUNS and head.pos == "PRON":
        return pronoun_person(sentence, head)
    if head.lemma in POSITION_NOUNS:
        return title_holder(sentence, head) or role_holder(sentence, head)
    return argument(sentence, head, frozenset({PERSON}))


def post_argument(sentence: ParsedSentence, role) -> Argument | None:
    """A post in the nominative: the role and the words before it change, its genitive tail stays as
    written with its quotes («главы Кимрского района» -> «глава Кимрского района», «ректора
    университета «Политех»» -> «ректор университета «Политех»»). The phrase's own normal form
    misreads «главы» as a plural nominative and drops the quotes of a name."""
    post = phrase_argument(sentence, role, POSITION, require_modifier=True)
    if post is None:
        return None
    phrase = _phrase_tokens(sentence, role)
    head = [t for t in phrase if t.start <= role.start]
    if role.lemma in DEPUTY_ROLES:  # «первый заместитель министра» is a post of its own, not any deputy's
        head = sorted(
            head + [k for k in sentence.kids(role, "amod") if k.lemma == "первый" and k not in head],
            key=lambda t: t.start,
        )
    tail = [t for t in phrase if t.start > role.start]
    # in text order: «промышленности | и торговли | Сурминской области»
    tail = sorted(tail + _coordinated_owners(sentence, tail), key=lambda t: t.start)
    changed = role.lemma if len(head) == 1 else syntax_normal_form(head)
    if head[0].lemma == "первый":
        changed = changed[:1].lower() + changed[1:]  # capitalized only as the sentence's first word
    normal = f"{changed} {sentence.surface(tail)}".strip() if tail else changed
    normal = with_place_owner(sentence, role, normal) or normal  # «министр ... региона»: the one region's
    return replace(post, normal=restore_yo(normal, post.text))


# Deputies of a head, whose first deputy is named so in the post's title.
DEPUTY_ROLES = frozenset(
    "заместитель замминистра замглавы заммэра замгубернатора вице-губернатор вице-мэр вице-президент "
    "вице-премьер".split()
)


def _coordinated_owners(sentence: ParsedSentence, tail: list) -> list:
    """«министра труда и социального развития»: a genitive coordinated with a genitive of the tail
    names the same ministry, though the phrase leaves conjuncts out."""
    extra = []
    for noun in tail:
        for conj in sentence.kids(noun, "conj"):
            if conj.pos == "NOUN" and conj.feats.get("Case") == "Gen" and noun.feats.get("Case") == "Gen":
                extra += [t for t in sentence.subtree(conj, _PHRASE_RELS | {"cc"}) if t.pos != "PUNCT"]
    return sorted(extra, key=lambda t: t.start)


def _post(sentence: ParsedSentence, role) -> Argument | None:
    return post_argument(sentence, role)


def leaves_post(sentence: ParsedSentence, role) -> bool:
    """«Глава района Иван Петров ушёл в отставку», «... покинул пост»: the role's holder held it until now."""
    verb = sentence.head(role) if role.rel in {"nsubj", "nsubj:pass"} else None
    if verb is not None and role.rel == "nsubj:pass":
        return _released(sentence, verb)
    if verb is None or not finished(verb):
        return False
    if verb.lemma == "уйти":  # «ушёл в отставку», «ушёл со своего поста»
        return any(
            c.lemma == "отставка" or (c.lemma in _POST_NOUNS and sentence.preposition(c) == "с")
            for c in sentence.kids(verb, "obl")
        )
    if verb.lemma == "сложить":  # «сложил полномочия»
        return any(c.lemma == "полномочие" for c in sentence.kids(verb, "obj"))
    return verb.lemma in PostChanges.left and any(c.lemma in _POST_NOUNS for c in sentence.kids(verb, "obj"))


def _released(sentence: ParsedSentence, verb) -> bool:
    """«освобождён от должности», «отстранён от обязанностей», «уволен»: a done passive release."""
    feats = verb.feats
    done = feats.get("Voice") == "Pass" and feats.get("Aspect") == "Perf" and feats.get("VerbForm") == "Part"
    if not done or sentence.negated(verb) or sentence.planned(verb):
        return False
    return verb.lemma == "уволить" or (
        verb.lemma in _RELEASING_VERBS
        and any(
            c.lemma in _POST_NOUNS | {"обязанность", "полномочие"} and sentence.preposition(c) == "от"
            for c in sentence.kids(verb, "obl")
        )
    )


def _titled_post(sentence: ParsedSentence, role) -> Argument | None:
    """The post a role noun names, without the name of the person it titles."""
    from .matchers import _role_phrase  # matchers imports this module

    return _role_phrase(sentence, role)


class PostChanges:
    """«Олег Ветров занял пост министра транспорта Тверской области», «вступил в должность
    министра ...» -> appointed_to(person, post); «покинул пост министра ...», «оставил пост ...» ->
    resigned_from(person, post). A past perfective only: «занимал пост» is a post held before,
    «займёт пост» a plan, and neither says the post was taken."""

    triggers = frozenset({"занять", "вступить", "покинуть", "оставить"})
    taken = {"занять": ("obj", ""), "вступить": ("obl", "в")}
    left = {"покинуть": ("obj", ""), "оставить": ("obj", "")}

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if sentence.lemmas & PLAN_WORDS:
            return
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or not finished(verb):
                continue
            relation = "appointed_to" if verb.lemma in self.taken else "resigned_from"
            subjects = sentence.kids(verb, "nsubj")
            roles = self._roles(sentence, verb, subjects)
            person = _person(sentence, subjects[0]) if subjects and roles else None
            post = _titled_post(sentence, roles[0]) if person is not None else None
            if post is not None:
                yield relation, person, post

    def _roles(self, sentence: ParsedSentence, verb, subjects: list) -> list:
        """Role nouns of the post: «пост | министра ...»; for a post left, else the role subject
        («Министр транспорта области Олег Ветров покинул пост»)."""
        rel, preposition = (self.taken | self.left)[verb.lemma]
        posts = [
            p for p in sentence.kids(verb, rel) if p.lemma in _POST_NOUNS and sentence.preposition(p) == preposition
        ]
        roles = [
            role
            for post in posts
            for role in sentence.kids(post, "nmod")
            if role.lemma in POSITION_NOUNS and role.feats.get("Case") == "Gen"
        ]
        if roles or verb.lemma in self.taken or not posts or not subjects:
            return roles
        return subjects[:1] if subjects[0].lemma in POSITION_NOUNS else []


class ActingAppointments:
    """«Анна Котова назначена исполняющей обязанности министра здравоохранения Тверской области»,
    «губернатор назначил Анну Котову временно исполняющей обязанности ...», «исполняющим
    обязанности директора завода «Х» назначен Олег Ветров», «назначил Олега Ветрова врио
    губернатора ...» -> appointed_to(person, «исполняющий обязанности министра ...»): the acting
    post is not the post itself."""

    triggers = frozenset({"обязанность", "врио"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for at in range(len(sentence.tokens)):
            found = self._acting_role(sentence, at)
            if found is None:
                continue
            prefix, role = found
            verb = self._appointing_verb(sentence, at, role)
            appointees = _appointees(sentence, verb) if verb is not None else []
            # the parser may take the title itself for a second passive subject
            person = next((p for p in (_person(sentence, a) for a in appointees) if p is not None), None)
            post = self._acting_post(sentence, prefix, role) if person is not None else None
            if post is not None:
                yield "appointed_to", person, post

    @staticmethod
    def _acting_role(sentence: ParsedSentence, at: int) -> tuple[str, object] | None:
        """The title's wording and its role noun: «(временно) исполняющей обязанности | министра»,
        «врио | губернатора»."""
        tokens = sentence.tokens
        word = tokens[at].text.lower()
        temporary = at > 0 and tokens[at - 1].lemma == "временно"
        if word.startswith("исполняющ") and at + 2 < len(tokens) and tokens[at + 1].lemma == "обязанность":
            prefix, role = "исполняющий обязанности", tokens[at + 2]
            prefix = f"временно {prefix}" if temporary else prefix
        elif word == "врио" and at + 1 < len(tokens):
            prefix, role = "врио", tokens[at + 1]
        else:
            return None
        return (prefix, role) if role.lemma in POSITION_NOUNS else None

    @staticmethod
    def _appointing_verb(sentence: ParsedSentence, at: int, role):
        """«назначен(а) | исполняющей», «назначил Анну Котову временно | исполняющей»: the nearest
        «назначить» before, with only the appointee's name and adverbs between; or right after the
        title, past a «был»: «исполняющим обязанности директора завода «Х» | назначен» (the parser
        hangs the participle anywhere)."""
        tokens = sentence.tokens
        for token in reversed(tokens[:at]):
            if token.lemma == "назначить":
                return token
            if token.pos in _BOUNDARY_POS - {"ADV"}:
                break
        end = max(t.stop for t in sentence.subtree(role))
        after = [t for t in tokens if t.start >= end and t.text not in _ENCLOSING and t.lemma != "быть"]
        return after[0] if after and after[0].lemma == "назначить" else None

    @staticmethod
    def _acting_post(sentence: ParsedSentence, prefix: str, role) -> Argument | None:
        if _post(sentence, role) is None:
            return None
        # the role stays in the genitive after the title: «исполняющий обязанности министра ...»
        owned = sentence.surface([t for t in sentence.subtree(role) if t.start >= role.start])
        return Argument(f"{prefix} {owned}", f"{prefix} {owned}", POSITION)


def _appointees(sentence: ParsedSentence, verb) -> list:
    """Who «назначен(а)» (passive participle) or whom «назначил» (past perfective)."""
    feats = verb.feats
    if verb.lemma != "назначить" or feats.get("Aspect") != "Perf":
        return []
    if sentence.planned(verb):
        return []  # «будет назначен»: a plan
    if feats.get("VerbForm") == "Part" and feats.get("Voice") == "Pass":
        return sentence.kids(verb, "nsubj:pass", "nsubj")
    return sentence.kids(verb, "obj") if finished(verb) else []


class Speakers:
    """«Иван Петров выступил на форуме «Энергия Севера»», «директор завода «Х» Анна Котова
    выступила с докладом на конференции «Y»» -> took_part_in(speaker, event). The event must be
    named; a future («выступит»), a role («продавцом выступила компания») or an unnamed «на форуме»
    gives nothing. A list of speakers after the verb is a set and must be complete (every item one
    named person or organization, no «и другие»), like the lists of MembershipLists."""

    triggers = frozenset({"выступить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        # the shared list grammar; imported here because matchers imports this module
        from .matchers import _says_partial

        if _says_partial(sentence):
            return
        for verb in finished_verbs(sentence, {"выступить"}):
            events = self._events(sentence, verb)
            for speaker in self._speakers(sentence, verb) if events else []:
                for event in events:
                    yield "took_part_in", speaker, event

    @staticmethod
    def _events(sentence: ParsedSentence, verb) -> list[Argument]:
        """The named events of «на форуме «Х»»."""
        events = frozenset({EVENT})
        heads = [
            c for c in sentence.kids(verb, "obl") if sentence.preposition(c) == "на" and c.feats.get("Case") == "Loc"
        ]
        return [a for a in (argument(sentence, h, events) for h in heads) if a is not None]

    def _speakers(self, sentence: ParsedSentence, verb) -> list[Argument]:
        """The whole list after the verb, or the subjects before it when each is a named member."""
        from .matchers import _list_after, _whole_list_before

        subjects = sentence.kids(verb, "nsubj")
        if not subjects:
            return []
        if subjects[0].start > verb.start:
            return _list_after(sentence, verb) or []
        listed = len(subjects) > 1 or sentence.kids(subjects[0], "conj")
        if listed and not _whole_list_before(sentence, verb):
            return []  # a single subject with its title after a comma is no list
        return [s for s in (self._speaker(sentence, h) for h in sentence.conjuncts(subjects[0])) if s]

    @staticmethod
    def _speaker(sentence: ParsedSentence, head) -> Argument | None:
        if head.lemma in POSITION_NOUNS:
            return title_holder(sentence, head)
        return argument(sentence, head, AGENTS)


PEOPLE_PATTERNS = (PostChanges(), ActingAppointments(), Speakers())


def _planned(sentence: ParsedSentence) -> bool:
    """A verb that plans what the sentence says («планирует возглавить», «ожидается»); a noun
    («рассказал о планах») plans nothing."""
    return any(t.lemma in PLAN_WORDS and t.pos == "VERB" for t in sentence.tokens)


# --- units and their heads ------------------------------------------------------------------

_CHUNK_POS = frozenset({"NOUN", "PROPN", "ADJ", "NUM"})
# Collectives led by a coach or a chief of delegation are no organizational units.
_NOT_UNITS = frozenset({"команда", "клуб", "группа", "сеть"})


def _unit_noun(sentence: ParsedSentence, token) -> bool:
    return (
        is_role_noun(sentence, token)
        and token.lemma not in _NOT_UNITS
        and (token.lemma in SUBUNIT_NOUNS or CLASS_NOUNS.get(token.lemma) == ORGANIZATION)
    )


def _unit_chunk(sentence: ParsedSentence, start: int) -> list:
    """The unit's words read on from its noun: adjectives, a genitive tail, a quoted name, a number
    («больница № 3»); the first other word ends it."""
    tokens, chunk, depth = sentence.tokens, [], 0
    for i, token in enumerate(sentence.tokens[start:], start):
        depth += _ENCLOSING.get(token.text, 0)
        inside = depth > 0 or token.text in _ENCLOSING
        if not inside and i > start and token.text != "№" and token.pos not in _CHUNK_POS:
            break
        if not inside and i > start and token.pos in {"NOUN", "PROPN"} and token.feats.get("Case") != "Gen":
            if tokens[i - 1].text != "№" and not _abbreviation(token):  # «БерГУ» has no case
                break
        if sentence.article.span_of.get(token.id) is not None and sentence.article.span_of[token.id].type == "PER":
            break
        chunk.append(token)
    while chunk and chunk[-1].text in {"(", "«"}:
        chunk.pop()
    return chunk


def linear_post(sentence: ParsedSentence, role) -> Argument | None:
    """A post read in order, in the nominative: the role with the adjectives before it, then its
    genitive tail as written («генерального директора компании «Вектор»» -> «генеральный директор
    компании «Вектор»»); the parse may hang a quoted name outside the role's phrase."""
    at = _index(sentence, role)
    head, changed = _with_adjectives_before(sentence, at)
    tail = _unit_chunk(sentence, at)[1:]
    if not any(t.pos in {"NOUN", "PROPN"} for t in tail):
        return None  # «директор» alone: of what?
    if head[0].pos != "PROPN":
        changed = changed[:1].lower() + changed[1:]  # capitalized only as the sentence's first word
    text = sentence.surface(head + tail)
    return Argument(text, restore_yo(f"{changed} {sentence.surface(tail)}", text), POSITION, "должность")


def _with_adjectives_before(sentence: ParsedSentence, at: int) -> tuple[list, str]:
    """The noun at `at` with the adjectives right before it («генерального директора»), and that
    phrase in the nominative («генеральный директор»; a lone noun: its lemma)."""
    first = at
    while first > 0 and sentence.tokens[first - 1].pos == "ADJ":
        first -= 1
    if first < at and sentence.tokens[first].lemma == "новый":
        first += 1  # «Новым директором стал ...»: «новый» says when he took it, not which post
    head = sentence.tokens[first : at + 1]
    return head, head[0].lemma if len(head) == 1 else syntax_normal_form(head)


def quoted_after(sentence: ParsedSentence, token) -> bool:
    return sentence.article.text[token.stop : token.stop + 2].lstrip().startswith("«")


def _abbreviation(token) -> bool:
    return sum(c.isupper() for c in token.text) >= 2


_BRACKETED = re.compile(r"\s*\([^()]*\)?")  # the closing bracket may fall outside the words


def unit_argument(sentence: ParsedSentence, unit, chunk: list) -> Argument | None:
    """A unit named by its noun phrase («лаборатория морской геологии Тихоморского института
    океанологии»), or the organization a class noun names («институт «Х»»)."""
    if unit.lemma not in SUBUNIT_NOUNS:
        return argument(sentence, unit, frozenset({ORGANIZATION}))
    named = argument(sentence, unit, frozenset({ORGANIZATION})) if quoted_after(sentence, unit) else None
    if named is not None and named.descriptor == unit.lemma:
        return named  # «лаборатория «Х»»; an abbreviation after it is the organization's («лаборатории ... ТИО»)
    tail = [t for t in chunk if t.start > unit.start]
    if not any(t.id in sentence.article.span_of or _abbreviation(t) for t in tail):
        return None  # «лаборатория морских биоресурсов» alone may be any institute's
    head = [t for t in chunk if t.start <= unit.start]
    changed = unit.lemma if len(head) == 1 else syntax_normal_form(head)
    written = _BRACKETED.sub("", sentence.surface(tail))  # «(ТИО)» abbreviates the name before it
    for token in tail:  # «лаборатория ... БерГУ» is the lab of the university the article spelled out
        full = _alias(sentence.article, token.text) if _abbreviation(token) else ""
        written = written.replace(token.text, inflect_phrase(full, "gent")) if full else written
    normal = restore_yo(f"{changed} {written}", sentence.surface(chunk))
    return Argument(sentence.surface(chunk), normal[:1].upper() + normal[1:], ORGANIZATION, unit.lemma)


def unit_parent(sentence: ParsedSentence, unit, chunk: list, named: Argument) -> Argument | None:
    """The organization a unit belongs to: the last one named in its genitive tail."""
    if unit.lemma not in SUBUNIT_NOUNS:
        return None
    parents = [
        a
        for t in chunk
        if t.start > unit.start and t.pos in {"NOUN", "PROPN"}
        for a in [argument(sentence, t, frozenset({ORGANIZATION}))]
        if a is not None and a.normal != named.normal and a.descriptor not in SUBUNIT_NOUNS
    ]
    return parents[-1] if parents else None


def _unit_facts(sentence: ParsedSentence, person: Argument, unit_at: int, relation: str) -> Iterator[Fact]:
    unit = sentence.tokens[unit_at]
    chunk = _unit_chunk(sentence, unit_at)
    named = unit_argument(sentence, unit, chunk) if chunk else None
    if named is None:
        return
    yield relation, person, named
    parent = unit_parent(sentence, unit, chunk, named) if relation == "heads" else None
    if parent is not None:
        yield "works_at", person, parent


class LedUnits:
    """«лаборатория морской геологии Тихоморского института океанологии под руководством
    профессора Андрея Назарова», «кафедра ... во главе с Ольгой Савиной», «лаборатория, которой
    руководит Андрей Назаров», «Андрей Назаров руководит лабораторией ... института» ->
    heads(person, unit) and works_at(person, the organization the unit belongs to). A past
    imperfective («которой руководил») -> formerly_headed; a plan gives nothing."""

    triggers = frozenset({"руководство", "глава", "руководить", "возглавлять", "заведовать"}) | HEAD_ROLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for at, token in enumerate(sentence.tokens):
            found = self._led_by(sentence, at) if token.lemma in {"под", "в", "во"} else None
            found = found or self._unit_title(sentence, at)
            if found is not None:
                unit_at, person = found
                yield from _unit_facts(sentence, person, unit_at, "heads")
            elif token.lemma in {"руководить", "возглавлять"}:
                yield from self._leading_verb(sentence, token)

    @staticmethod
    def _unit_title(sentence: ParsedSentence, at: int):
        """«заведующий лабораторией ... Андрей Назаров», «руководитель лаборатории ... Полина
        Ясинская»: a head's title over a unit, with the name it titles."""
        from .matchers import _role_relation  # matchers imports this module

        tokens = sentence.tokens
        role = tokens[at]
        head_role = role.lemma in HEAD_ROLES and is_role_noun(sentence, role)
        if not (head_role or role.lemma == "заведовать") or at + 1 >= len(tokens):
            return None
        if tokens[at + 1].lemma not in SUBUNIT_NOUNS or (head_role and _role_relation(sentence, role) != "heads"):
            return None
        chunk = _unit_chunk(sentence, at + 1)
        person = title_holder(sentence, role) if head_role else None
        if person is None and chunk and not _titled_by_another(tokens, at):
            after = _index(sentence, chunk[-1]) + 1  # the name right after the title
            span = _person_starting_at(sentence, tokens[after]) if after < len(tokens) else None
            person = entity_argument(sentence, tokens[after]) if span is not None else None
        return (at + 1, person) if person is not None and person.type == PERSON else None

    @staticmethod
    def _led_by(sentence: ParsedSentence, at: int):
        """«<unit> под руководством | во главе с <titles> <person>»: the unit's noun and the person."""
        tokens = sentence.tokens
        words = [t.lemma for t in tokens[at : at + 3]]
        if words[:2] == ["под", "руководство"]:
            after = at + 2
        elif words == [tokens[at].lemma, "глава", "с"]:
            after = at + 3
        else:
            return None
        person = _person_after_titles(sentence, after)
        unit_at = _unit_before(sentence, at)
        return (unit_at, person) if person is not None and unit_at is not None else None

    @staticmethod
    def _leading_verb(sentence: ParsedSentence, verb) -> Iterator[Fact]:
        """«Андрей Назаров руководит лабораторией ...», «лаборатория, которой руководит Андрей Назаров»."""
        from .matchers import _is_active  # matchers imports this module

        relation = "heads" if _is_active(verb, "Pres", "Imp") else None
        relation = relation or ("formerly_headed" if _is_active(verb, "Past", "Imp") else None)
        subjects = sentence.kids(verb, "nsubj")
        person = _person(sentence, subjects[0]) if relation and subjects else None
        if person is None:
            return
        for obj in sentence.kids(verb, "obj", "obl", "iobj"):
            unit = _unit_antecedent(sentence, obj) if obj.lemma == "который" else obj
            if unit is not None and unit.lemma in SUBUNIT_NOUNS and not sentence.preposition(obj):
                yield from _unit_facts(sentence, person, _index(sentence, unit), relation)


def _unit_antecedent(sentence: ParsedSentence, pronoun):
    """«лаборатория морской геологии, которой руководит ...»: the nearest unit noun before the
    pronoun that agrees with it, within the noun phrase the pronoun's comma closes."""
    number, gender = pronoun.feats.get("Number"), pronoun.feats.get("Gender")
    before = [t for t in sentence.tokens if t.stop <= pronoun.start]
    for token in reversed(before[:-1] if before and before[-1].text == "," else before):
        if token.pos not in _CHUNK_POS and token.text not in _ENCLOSING and token.text != "№":
            return None
        agrees = token.feats.get("Number") == number and (number == "Plur" or token.feats.get("Gender") == gender)
        if token.lemma in SUBUNIT_NOUNS and agrees:
            return token
    return None


def _person_after_titles(sentence: ParsedSentence, start: int) -> Argument | None:
    """The person after «под руководством», past the titles before the name («профессора»,
    «заведующего кафедрой»); none for a list of leaders."""
    tokens = sentence.tokens
    for i in range(start, len(tokens)):
        span = _person_starting_at(sentence, tokens[i])
        if span is not None:
            last = _index(sentence, span.tokens[-1])
            if last + 1 < len(tokens) and tokens[last + 1].pos == "CCONJ":
                return None
            found = entity_argument(sentence, tokens[i])
            return found if found is not None and found.type == PERSON else None
        if tokens[i].pos not in {"NOUN", "ADJ", "PROPN"}:
            return None
    return None


def _unit_before(sentence: ParsedSentence, at: int) -> int | None:
    """The index of the unit's noun in the noun phrase right before `at`, when its chunk reaches `at`."""
    tokens = sentence.tokens
    first, depth = at, 0
    for i in range(at - 1, -1, -1):
        depth += {"»": 1, "«": -1, ")": 1, "(": -1}.get(tokens[i].text, 0)
        inside = depth > 0 or tokens[i].text in _ENCLOSING
        if not inside and tokens[i].pos not in _CHUNK_POS and tokens[i].text != "№":
            break
        first = i
    for i in range(first, at):
        if tokens[i].pos == "ADJ":
            continue
        if not _unit_noun(sentence, tokens[i]):
            return None
        chunk = _unit_chunk(sentence, i)
        return i if chunk and chunk[-1].stop >= tokens[at - 1].stop else None
    return None


class Successions:
    """«Андрей Лаптев сменил на посту директора завода «Х» Ивана Петрова», «... сменил Ивана
    Петрова на посту ...», «На посту директора завода «Х» Ивана Петрова сменил Андрей Лаптев» ->
    succeeded(new, former), appointed_to(new, post); for a head's post also heads(new, X) and
    formerly_headed(former, X). The two must be the sentence's only people."""

    triggers = frozenset({"сменить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for verb in finished_verbs(sentence, {"сменить"}):
            role = self._role_of_post(sentence)
            sides = self._new_and_former(sentence, verb)
            if role is None or sides is None:
                continue
            new, former = sides
            yield "succeeded", new, former
            post = linear_post(sentence, role)
            if post is not None:
                yield "appointed_to", new, post
            yield from self._heads(sentence, role, new, former)

    @staticmethod
    def _role_of_post(sentence: ParsedSentence):
        """The role noun of «на посту | должности <role>»."""
        tokens = sentence.tokens
        for at in range(1, len(tokens) - 1):
            on_post = tokens[at].lemma in _POST_NOUNS and tokens[at].feats.get("Case") == "Loc"
            if on_post and tokens[at - 1].lemma == "на":
                role = tokens[at + 1]
                return role if role.lemma in POSITION_NOUNS and role.feats.get("Case") == "Gen" else None
        return None

    @staticmethod
    def _new_and_former(sentence: ParsedSentence, verb) -> tuple[Argument, Argument] | None:
        """The subject and the one other person the sentence names."""
        subjects = sentence.kids(verb, "nsubj")
        new = _person(sentence, subjects[0]) if subjects else None
        if new is None:
            return None
        others = {
            a.normal: a
            for t in sentence.tokens
            if _person_starting_at(sentence, t) is not None
            for a in [entity_argument(sentence, t)]
            if a is not None and a.type == PERSON and a.normal != new.normal
        }
        return (new, next(iter(others.values()))) if len(others) == 1 else None

    @staticmethod
    def _heads(sentence: ParsedSentence, role, new: Argument, former: Argument) -> Iterator[Fact]:
        from .matchers import _role_owners, _role_relation  # matchers imports this module

        if role.lemma not in HEAD_ROLES or _role_relation(sentence, role) != "heads":
            return
        for owner in _role_owners(sentence, role):
            found = argument(sentence, owner, frozenset({ORGANIZATION, PLACE}))
            if found is not None:
                yield "heads", new, found
                yield "formerly_headed", former, found


# Posts held under the one who appoints: «назначил своим заместителем».
_AIDES = frozenset({"заместитель", "советник", "помощник"})


class Deputies:
    """«Мэр Верхнеозёрска Игорь Белов назначил своим первым заместителем Павла Рябова» ->
    appointed_to(Павел Рябов, «первый заместитель мэра Верхнеозёрска»), and works_at where the
    appointer heads an organization. «Павел Рябов назначен заместителем директора завода «Х»»,
    «назначил ... на должность главного инженера завода «Х»» -> works_at(Павел Рябов, Х) beside the
    appointment; a head's post -> heads."""

    triggers = frozenset({"назначить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma != "назначить" or verb.feats.get("Aspect") != "Perf":
                continue
            heads = _appointees(sentence, verb)
            passive = verb.feats.get("VerbForm") == "Part"
            for role in self._roles(sentence, verb) if heads or (finished(verb) and not passive) else []:
                own = any(k.lemma == "свой" for k in sentence.kids(role))
                appointee = self._appointee(sentence, heads, role)
                if appointee is None:
                    continue
                if own and role.lemma in _AIDES and finished(verb):
                    yield from self._own_aide(sentence, verb, role, appointee)
                elif not own:
                    yield from employment(sentence, role, appointee)

    @staticmethod
    def _roles(sentence: ParsedSentence, verb) -> list:
        """«назначил (кем) заместителем», «назначен на должность (кого) заместителя ...»."""
        roles = []
        for child in sentence.kids(verb, "obl", "xcomp", "nmod"):
            if child.lemma in _POST_NOUNS and sentence.preposition(child) == "на":
                roles += [n for n in sentence.kids(child, "nmod") if n.lemma in POSITION_NOUNS | STAFF_ROLES]
            elif child.feats.get("Case") == "Ins" and not sentence.preposition(child):
                roles += [child] if child.lemma in POSITION_NOUNS | STAFF_ROLES else []
        return roles

    @staticmethod
    def _appointee(sentence: ParsedSentence, heads: list, role) -> Argument | None:
        """The person appointed; the parser may hang the name on the post («заместителем Павла Рябова»)."""
        candidates = heads + [k for k in sentence.kids(role, "nmod") if k.feats.get("Case") in {"Gen", "Acc"}]
        for head in candidates:
            found = argument(sentence, head, frozenset({PERSON}))
            if found is not None:
                return found
        return None

    @staticmethod
    def _own_aide(sentence: ParsedSentence, verb, role, appointee: Argument) -> Iterator[Fact]:
        """The aide's post is named after the appointer's: «первый заместитель мэра Верхнеозёрска»."""
        from .matchers import _role_owners  # matchers imports this module

        boss = next((s for s in sentence.kids(verb, "nsubj") if s.lemma in POSITION_NOUNS), None)
        boss_post = linear_post(sentence, boss) if boss is not None else None
        if boss_post is None:
            return
        aide = [t for t in sentence.kids(role, "amod") if t.start < role.start] + [role]
        aide_words = syntax_normal_form(sorted(aide, key=lambda t: t.start))
        post = f"{aide_words} {inflect_phrase(boss_post.normal, 'gent')}"
        yield "appointed_to", appointee, Argument(post, post, POSITION, "должность")
        for owner in _role_owners(sentence, boss):
            employer = argument(sentence, owner, frozenset({ORGANIZATION}))
            if employer is not None:
                yield "works_at", appointee, employer


def employment(sentence: ParsedSentence, role, person: Argument) -> Iterator[Fact]:
    """What holding a role says now: a head's post -> heads its own owner; staff and aides ->
    works_at the last organization named in the post («заместитель директора завода «Х»» -> Х)."""
    from .matchers import _role_owners, _role_relation  # matchers imports this module

    if role.lemma in HEAD_ROLES | CHIEF_ROLES and _role_relation(sentence, role) == "heads":  # «главный врач»
        for owner in _role_owners(sentence, role):
            found = argument(sentence, owner, frozenset({ORGANIZATION, PLACE}))
            if found is not None:
                yield "heads", person, found
    elif role.lemma in _AIDES | STAFF_ROLES or chief_staff(sentence, role):
        tail = _unit_chunk(sentence, _index(sentence, role))[1:]
        owners = [
            a
            for t in tail
            if t.pos in {"NOUN", "PROPN"}
            for a in [argument(sentence, t, frozenset({ORGANIZATION}))]
            if a is not None
        ]
        if owners:
            yield "works_at", person, owners[-1]


class RolePredicates:
    """A role said with a verb: «Сергей Панин является (остаётся) генеральным директором компании
    «Х»», «Андрей Назаров работает старшим научным сотрудником института «Х»», «занимает пост
    директора ...» -> heads / works_at / holds_position now; «стал директором ...» ->
    appointed_to(post) and what the post says now; «занимал пост директора ...» ->
    formerly_headed."""

    triggers = frozenset({"являться", "оставаться", "работать", "трудиться", "стать", "занимать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _is_active  # matchers imports this module

        if _planned(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or sentence.negated(verb):
                continue
            now = _is_active(verb, "Pres", "Imp") and verb.feats.get("VerbForm") == "Fin"
            became = verb.lemma == "стать" and finished(verb)
            finite = verb.feats.get("VerbForm") == "Fin"
            before = verb.lemma == "занимать" and _is_active(verb, "Past", "Imp") and finite
            subjects = sentence.kids(verb, "nsubj")
            person = _person(sentence, subjects[0]) if subjects and (now or became or before) else None
            for role in self._roles(sentence, verb) if person is not None else []:
                if before:
                    yield from self._former(sentence, role, person)
                    continue
                post = linear_post(sentence, role) if role.lemma in POSITION_NOUNS else None
                post = post if post is not None and _names_owner(sentence, role) else None  # whose governor?
                if became and post is not None:
                    yield "appointed_to", person, post
                facts = list(employment(sentence, role, person))
                yield from facts
                if now and not facts and post is not None:
                    yield "holds_position", person, post

    @staticmethod
    def _roles(sentence: ParsedSentence, verb) -> list:
        return verb_roles(sentence, verb, POSITION_NOUNS)

    @staticmethod
    def _former(sentence: ParsedSentence, role, person: Argument) -> Iterator[Fact]:
        for relation, _, owner in employment(sentence, role, person):
            if relation == "heads":
                yield "formerly_headed", person, owner


def verb_roles(sentence: ParsedSentence, verb, posts: frozenset[str]) -> list:
    """The roles a verb gives its subject: «является | работал директором» (a position or a staff role
    in the instrumental), «занимает пост | должность директора» (one of `posts` after the post noun)."""
    roles = []
    for child in sentence.kids(verb, "obl", "xcomp", "obj", "nmod"):
        if verb.lemma == "занимать":
            if child.lemma in _POST_NOUNS and not sentence.preposition(child):
                roles += [n for n in sentence.kids(child, "nmod") if n.lemma in posts or chief_staff(sentence, n)]
        elif child.feats.get("Case") == "Ins" and not sentence.preposition(child):
            staff = child.lemma in POSITION_NOUNS | STAFF_ROLES or chief_staff(sentence, child)
            roles += [child] if staff else []
    return roles


def chief_staff(sentence: ParsedSentence, role) -> bool:
    """«главный металлург завода», «главный энергетик»: a staff post, which leads no organization."""
    return role.lemma in CHIEF_STAFF_ROLES and any(k.lemma == "главный" for k in sentence.kids(role, "amod"))


def _names_owner(sentence: ParsedSentence, role) -> bool:
    """The post's tail names an organization or a place («министр экономики Тверской области»)."""
    tail = _unit_chunk(sentence, _index(sentence, role))[1:]
    spans = [sentence.article.span_of.get(t.id) for t in tail]
    return any(span is not None and span.type in {"ORG", "LOC"} for span in spans)


# Members of an elected or collective body: «депутат Законодательного собрания», «член правления банка».
_MEMBER_ROLES = frozenset({"депутат", "член"})


class MemberAppositions:
    """«Депутат Законодательного собрания Тверской области Галина Рябова», «Иван Петров, член
    совета Ассоциации «Х»» -> member_of(person, body). The body is the role's own genitive: a member
    of a bank's board is no member of the bank."""

    triggers = _MEMBER_ROLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for role in sentence.tokens:
            if role.lemma not in _MEMBER_ROLES or not is_role_noun(sentence, role):
                continue
            if {c.lemma for c in sentence.kids(role, "amod")} & FORMER_MARKERS or leaves_post(sentence, role):
                continue
            holder = title_holder(sentence, role)
            owners = [
                o for o in sentence.kids(role, "nmod") if o.feats.get("Case") == "Gen" and not sentence.preposition(o)
            ]
            members = [holder, *_listed_with(sentence, role, holder)] if holder is not None else []
            for owner in owners if holder is not None else []:
                body = argument(sentence, owner, frozenset({ORGANIZATION}))
                if owner.lemma in INSTITUTION_NOUNS and (body is None or body.normal.lower() in INSTITUTION_NOUNS):
                    body = _body_of_place(sentence, owner)  # «думы | Бережанска»: the parse split the name
                for member in members if body is not None and not _whose_unsaid(body) else []:
                    yield "member_of", member, body


def _body_of_place(sentence: ParsedSentence, owner) -> Argument | None:
    """«депутат городской думы Бережанска»: an institution noun with its adjectives and the place
    right after it, read in order."""
    at = _index(sentence, owner)
    head, changed = _with_adjectives_before(sentence, at)
    rest = _unit_chunk(sentence, at)[1:]
    places = {id(p): p for p in (sentence.article.span_of.get(t.id) for t in rest)}
    if not rest or len(places) != 1 or None in places.values() or next(iter(places.values())).type != "LOC":
        return None
    normal = f"{changed[:1].upper()}{changed[1:]} {sentence.surface(rest)}"
    return Argument(sentence.surface(head + rest), normal, ORGANIZATION, owner.lemma)


def _listed_with(sentence: ParsedSentence, role, holder: Argument) -> list[Argument]:
    """«Депутаты Законодательного собрания Галина Рябова и Иван Петров»: a plural title holds every
    name listed right after its first holder (only a comma or «и» between, in one case)."""
    from .matchers import _listed_after, _person_spans  # matchers imports this module

    if role.feats.get("Number") != "Plur":
        return []
    spans = [s for s in _person_spans(sentence) if s.tokens[0].start > role.start]
    found = []
    for previous, span in zip(spans, spans[1:], strict=False):
        if not _listed_after(sentence, previous, span):
            break
        person = entity_argument(sentence, span.tokens[0])
        if person is None or person.type != PERSON:
            break
        found.append(person)
    first = entity_argument(sentence, spans[0].tokens[0]) if spans else None
    return found if first is not None and first.normal == holder.normal else []


def _whose_unsaid(body: Argument) -> bool:
    """«Законодательное собрание», «городская дума»: every region or town has one; the name must say whose."""
    return body.normal.split(" ")[-1].lower() in COLLECTIVE_BODY_NOUNS


_PERSONAL_PRONOUNS = PERSONAL_PRONOUNS


def pronoun_person(sentence: ParsedSentence, pronoun) -> Argument | None:
    """«Кирилл Данилов ... . Ранее он возглавлял ...»: «он» / «она» («его», «её») names the person
    an earlier sentence made its subject, when nothing between could be meant instead
    (anaphora.pronoun_antecedent); nothing when two people could be meant."""
    return pronoun_argument(sentence, pronoun)


class PronounLeaders:
    """«Ранее он возглавлял управление транспорта мэрии Верхнеозёрска» after a sentence about
    Кирилл Данилов -> formerly_headed(Кирилл Данилов, ...); «она руководит ...» -> heads. The verb
    patterns read named subjects; this one only a pronoun that can mean one person alone."""

    triggers = frozenset({"возглавлять", "руководить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _is_active  # matchers imports this module

        if _planned(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or sentence.negated(verb):
                continue
            relation = "heads" if _is_active(verb, "Pres", "Imp") else None
            relation = relation or ("formerly_headed" if _is_active(verb, "Past", "Imp") else None)
            pronouns = [s for s in sentence.kids(verb, "nsubj") if s.lemma in _PERSONAL_PRONOUNS]
            person = pronoun_person(sentence, pronouns[0]) if relation and pronouns else None
            case = "Acc" if verb.lemma == "возглавлять" else "Ins"
            objects = [
                o
                for o in sentence.kids(verb, "obj", "obl")
                if o.feats.get("Case") == case and not sentence.preposition(o)
            ]
            for obj in objects if person is not None else []:
                if obj.lemma in SUBUNIT_NOUNS:
                    yield from _unit_facts(sentence, person, _index(sentence, obj), relation)
                    continue
                found = argument(sentence, obj, frozenset({ORGANIZATION, PLACE}))
                if found is not None:
                    yield relation, person, found


class TookTheLead:
    """«Анна Котова возглавила институт «Х»», «Кимрский район возглавил Иван Петров» -> heads: news
    reports taking the lead when it happens. Not when the sentence dates it to another year or to
    before («в 2015 году возглавил», «ранее возглавил»): the lead may have passed since."""

    triggers = frozenset({"возглавить"})
    _EARLIER = frozenset({"ранее", "прежде", "раньше", "когда-то", "затем", "потом"})
    _TEAM_WORDS = ("команд", "сборн")

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _verb  # matchers imports this module

        if sentence.lemmas & (PLAN_WORDS | self._EARLIER) or self._dated_to_another_year(sentence):
            return
        for relation, person, led in _verb("heads", "возглавить", "Past", "Perf").match(sentence):
            # «Команду возглавил Тимур Батыров»: whoever takes the lead of a team or a national side
            # is its head coach; the club has a general director of its own
            team = led.type == ORGANIZATION and led.text.split()[0].lower().startswith(self._TEAM_WORDS)
            yield ("coaches" if team else relation), person, led

    @staticmethod
    def _dated_to_another_year(sentence: ParsedSentence) -> bool:
        year = sentence.article.published.year
        return any(t.text.isdigit() and len(t.text) == 4 and int(t.text) != year for t in sentence.tokens)


PEOPLE_PATTERNS = (
    *PEOPLE_PATTERNS,
    LedUnits(),
    Successions(),
    Deputies(),
    RolePredicates(),
    MemberAppositions(),
    PronounLeaders(),
    TookTheLead(),
)
