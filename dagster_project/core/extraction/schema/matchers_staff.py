"""Grammars of who works where beyond the titles read in apposition (matchers.StaffAppositions):
a club's signing («клуб «Сокол» подписал контракт с нападающим Денисом Шатровым»), playing for a
club now («выступает за «Сокол»»), a move to a new employer («перешёл в клуб «Кедр»», «перешла на
работу в компанию «Х»»). Each says the person is on the organization's staff now; a move dated to
another year or told as earlier («ранее перешёл») may have been followed by another, and gives nothing.
And visits framed by another action: «в ходе визита в Заречье Олег Мельников осмотрел ...».
"""

from __future__ import annotations

from collections.abc import Iterator

from .arguments import Argument, ParsedSentence, argument
from .lexicon import PLAYER_ROLES
from .matchers_people import TookTheLead, _person, _planned, finished, finished_verbs, pronoun_person
from .relations import AGENTS, EVENT, FACILITY, ORGANIZATION, PERSON, PLACE

Fact = tuple[str, Argument, Argument]

_ORGANIZATIONS = frozenset({ORGANIZATION})
_EARLIER = TookTheLead._EARLIER


def _stale(sentence: ParsedSentence) -> bool:
    """A plan, an earlier event or one dated to another year than the article's."""
    return _planned(sentence) or bool(sentence.lemmas & _EARLIER) or TookTheLead._dated_to_another_year(sentence)


def _is_club(sentence: ParsedSentence, organization: Argument) -> bool:
    from .matchers import _club  # matchers imports this module

    return _club(sentence, organization)


class ClubSignings:
    """«Хоккейный клуб «Сокол» подписал контракт с нападающим Денисом Шатровым», «Денис Шатров
    подписал контракт с «Соколом»», «нападающий Денис Шатров заключил контракт с «Кедром»» ->
    works_at(player, club): whom a club signs plays (or coaches) for it from then on. Only a sports
    club's contract (a club so called, or one a titled player signs with); a company's contract with
    a person may be a supplier's."""

    triggers = frozenset({"подписать", "заключить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import PATTERNS  # matchers imports this module

        if _stale(sentence):
            return
        signings = [p for p in PATTERNS if getattr(p, "relation", None) == "signed_contract_with"]
        for pattern in signings:
            for _, one, other in pattern.match(sentence):
                sides = {one.type: one, other.type: other}
                person, club = sides.get(PERSON), sides.get(ORGANIZATION)
                if person is None or club is None:
                    continue
                if _is_club(sentence, club) or _titled_player(sentence, person):
                    yield "works_at", person, club


def _titled_player(sentence: ParsedSentence, person: Argument) -> bool:
    """«нападающий Денис Шатров», «с защитником Денисом Мартыновым»: a player's title of the person."""
    from .matchers_people import title_holder

    for role in sentence.tokens:
        if role.lemma in PLAYER_ROLES and role.pos == "NOUN":
            holder = title_holder(sentence, role)
            if holder is not None and holder.normal == person.normal:
                return True
    return False


class PlaysFor:
    """«Денис Шатров выступает за «Сокол»», «играет за клуб «Кедр»», «провёл второй матч за «Сокол»»,
    «дебютировал за «Кедр»» -> works_at(player, club): playing now, or a game just reported. «Выступал
    за «Кедр»» was before, «будет играть» a plan, and a game dated to another year may be old."""

    _NOW = frozenset({"выступать", "играть"})
    _GAMES = frozenset({"провести", "сыграть", "дебютировать"})
    triggers = _NOW | _GAMES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _is_active  # matchers imports this module

        if _planned(sentence):
            return
        for verb in sentence.tokens:
            now = verb.lemma in self._NOW and _is_active(verb, "Pres", "Imp")
            game = verb.lemma in self._GAMES and finished(verb) and not _stale(sentence)
            if not (now or game) or sentence.negated(verb) or verb.feats.get("VerbForm") != "Fin":
                continue
            subjects = sentence.kids(verb, "nsubj")
            person = _person(sentence, subjects[0]) if subjects else None
            for club in _objects(sentence, verb, "за", "Acc") if person is not None else []:
                if _is_club(sentence, club):
                    yield "works_at", person, club


class Transfers:
    """«Защитник Иван Петров перешёл в клуб «Кедр»», «Анна Котова перешла на работу в компанию
    «Вектор»» -> works_at(person, organization). A move to a club, or one said to be to work; «перешёл
    в собственность», a move of a company, has no person subject."""

    triggers = frozenset({"перейти"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _stale(sentence):
            return
        for verb in finished_verbs(sentence, {"перейти"}):
            subjects = sentence.kids(verb, "nsubj")
            person = _person(sentence, subjects[0]) if subjects else None
            to_work = any(
                k.lemma == "работа" and sentence.preposition(k) == "на" for k in sentence.kids(verb, "obl")
            )
            for employer in _objects(sentence, verb, "в", "Acc") if person is not None else []:
                if to_work or _is_club(sentence, employer):
                    yield "works_at", person, employer


class VisitFrames:
    """«В ходе визита в Заречье Олег Мельников осмотрел квартал», «Во время рабочей поездки в Казань
    Анна Соколова встретилась с поставщиками» -> visited(person, place): the subject of the verb the
    visit frames made it. A past verb only: «в ходе визита в Казань она подпишет» is a plan."""

    triggers = frozenset({"визит", "поездка"})
    _VISITED = frozenset({PLACE, ORGANIZATION, FACILITY, EVENT})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for noun in sentence.tokens:
            if noun.lemma not in self.triggers or not _framed(sentence, noun):
                continue
            verb = sentence.head(noun)
            past = verb is not None and verb.feats.get("Tense") == "Past" and verb.feats.get("VerbForm") == "Fin"
            if not past or sentence.negated(verb):
                continue
            person = _subject_person(sentence, verb)
            targets = [
                h
                for h in sentence.kids(noun, "nmod")
                if sentence.preposition(h) == "в" and h.feats.get("Case") in {"Acc", "Loc"}
            ]
            for target in targets if person is not None else []:
                found = argument(sentence, target, self._VISITED)
                if found is not None:
                    yield "visited", person, found


class PronounFacts:
    """«Затем он побывал на заводе «Х»», «она посетила Казань», «сейчас он работает в компании «Х»»,
    «она преподаёт в БерГУ» after a sentence about one person -> visited / works_at / teaches_at of
    that person: the verb patterns read named subjects; this one only a pronoun that can mean one
    person alone (matchers_people.pronoun_person). A visit is a finished past, a job the present."""

    # verb -> (relation, done (past perfective) or now (present imperfective), object slots)
    _VERBS = {
        "посетить": ("visited", "done", (("obj", ""),)),
        "побывать": ("visited", "done", (("obl", "в"), ("obl", "на"))),
        "работать": ("works_at", "now", (("obl", "в"), ("obl", "на"))),
        "трудиться": ("works_at", "now", (("obl", "в"), ("obl", "на"))),
        "преподавать": ("teaches_at", "now", (("obl", "в"),)),
    }
    triggers = frozenset(_VERBS)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _is_active  # matchers imports this module

        if _planned(sentence):
            return
        for verb in sentence.tokens:
            relation, when, slots = self._VERBS.get(verb.lemma, (None, None, ()))
            now = _is_active(verb, "Pres", "Imp") and verb.feats.get("VerbForm") == "Fin"
            if relation is None or not (finished(verb) if when == "done" else now) or sentence.negated(verb):
                continue
            pronouns = [s for s in sentence.kids(verb, "nsubj") if s.lemma in {"он", "она"}]
            person = pronoun_person(sentence, pronouns[0]) if pronouns else None
            types = VisitFrames._VISITED if relation == "visited" else _ORGANIZATIONS
            for rel, preposition in slots if person is not None else ():
                for head in sentence.kids(verb, rel):
                    found = argument(sentence, head, types)
                    if sentence.preposition(head) == preposition and found is not None:
                        yield relation, person, found


def _subject_person(sentence: ParsedSentence, verb) -> Argument | None:
    """The verb's person subject, or the one person a pronoun subject can mean."""
    subjects = sentence.kids(verb, "nsubj")
    if subjects and subjects[0].lemma in {"он", "она"}:
        return pronoun_person(sentence, subjects[0])
    return _person(sentence, subjects[0]) if subjects else None


def _framed(sentence: ParsedSentence, noun) -> bool:
    """«в ходе | во время (рабочего) визита»."""
    tokens = sentence.tokens
    at = next(i for i, t in enumerate(tokens) if t.id == noun.id)
    while at > 0 and tokens[at - 1].pos == "ADJ":
        at -= 1
    return at >= 2 and tokens[at - 1].lemma in {"ход", "время"} and tokens[at - 2].lemma == "в"


def _objects(sentence: ParsedSentence, verb, preposition: str, case: str) -> list[Argument]:
    """Named organizations of «за / в <case>» under the verb or its object («провёл матч | за
    «Сокол»»); a quoted name the tagger may read in the nominative."""
    hosts = [verb] + sentence.kids(verb, "obj")
    heads = [
        k
        for host in hosts
        for k in sentence.kids(host, "obl", "nmod")
        if sentence.preposition(k) == preposition and k.feats.get("Case") in {case, "Nom", None}
    ]
    found = [argument(sentence, h, _ORGANIZATIONS) for h in heads]
    return [a for a in found if a is not None and a.type in AGENTS]


STAFF_PATTERNS = (ClubSignings(), PlaysFor(), Transfers(), VisitFrames(), PronounFacts())
