"""Grammars found by the recall audit (benchmarks/extraction_recall.py): frequent news wordings of
existing relations that no other grammar read.

- Sports results said by the loser or with another verb: «клуб «Сокол» уступил «Ладоге» 1:4»,
  «проиграл клубу «Кедр»» (won_against with the roles turned), «переиграл / разгромил / одолел
  «Вымпел»», «взял реванш у «Кедра»», «вырвал победу у «Ладоги»». A loss or a rout is a result only
  in a game: a team or a match word must be in the sentence («компания уступила по выручке банку
  «Х»» compares two companies, «уступил долю компании «Х»» sells a stake).
- Joining an organization: «вступила в ассоциацию «Х»», «присоединился к союзу «Х»», «стал членом
  Общественной палаты», «является членом Союза журналистов» (member_of).
- An agreement in the passive with its sides after «между»: «Соглашение о сотрудничестве между
  мэрией Ветлуги и компанией «Ладья» подписано на форуме», «Между X и Y заключён договор»
  (signed_agreement_with, signed_contract_with). «будет подписано» is a plan and gives nothing, and a
  sentence with two «между» pairs gives nothing (which document each pair signed is not said).
- A visit by air: «прилетел в Ветлугу с рабочим визитом» (visited), as «прибыл с визитом»; an
  inspection on site: «осмотрел завод «Х»», «осмотрел выставку «Y»» (visited; a town one does not
  «осмотреть» in news, so a place object gives nothing).
- Taking part «в работе» of an event: «В работе конференции «Х» приняли участие A и B» (took_part_in).
- Owners and founders as predicates: «является владельцем терминала «Х»» (belongs_to),
  «основателем компании «Х» является / стал Y» (founded).
- A base at a town's airport or port: «базируется в аэропорту Ветлуги» (based_in the town).
- A direct object the tagger read as a nominative after a fronted phrase: «открыла в Ветлуге завод
  «Кедровый»», «выкупила у компании «Вереск» завод «Кедровый»» (opened, bought, built, ...).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...common.russian import morph
from .arguments import Argument, ParsedSentence, argument, phrase_argument
from .lexicon import CLUB_NOUNS, COLLECTIVE_BODY_NOUNS
from .matchers_people import finished
from .relations import AGENTS, EVENT, ORGANIZATION, PERSON, PLACE, THINGS

Fact = tuple[str, Argument, Argument]

# Words that make a loss or a rout a game's result.
GAME_WORDS = frozenset(
    "матч игра встреча поединок финал полуфинал четвертьфинал овертайм буллит пенальти серия счёт счет "
    "тайм период шайба гол чемпионат турнир первенство кубок тур плей-офф гость хозяин соперник сезон".split()
)
# What a team may lose: the game itself, never a stake, a seat or the lead of a market.
_GAME_OBJECTS = frozenset("матч игра встреча поединок финал полуфинал четвертьфинал серия".split())
_AGREEMENTS = {
    "соглашение": "signed_agreement_with",
    "меморандум": "signed_agreement_with",
    "договор": "signed_contract_with",
    "контракт": "signed_contract_with",
    "госконтракт": "signed_contract_with",
}
_SIGNING_VERBS = frozenset({"подписать", "заключить"})


class InGame:
    """A pattern that reads a result only in a sentence about a game: a sports club among the
    sides or a word of a game in the sentence; `by_dative`: the opponent stands in the dative
    («уступил «Ладоге»»), so the verb may have no object but the game itself."""

    def __init__(self, pattern, *, by_dative: bool = False):
        self.pattern = pattern
        self.triggers = pattern.triggers
        self.by_dative = by_dative

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        verbs = [v for v in sentence.tokens if v.lemma in self.triggers]
        if self.by_dative and any(self._loses_a_thing(sentence, verb) for verb in verbs):
            return
        for relation_id, subject, obj in self.pattern.match(sentence):
            if sentence.lemmas & GAME_WORDS or _club(sentence, subject) or _club(sentence, obj):
                yield relation_id, subject, obj

    @staticmethod
    def _loses_a_thing(sentence: ParsedSentence, verb) -> bool:
        """«уступил долю», «уступила по выручке»: a thing handed over or a measure compared."""
        if any(k.lemma not in _GAME_OBJECTS for k in sentence.kids(verb, "obj") if k.feats.get("Case") == "Acc"):
            return True
        return any(sentence.preposition(k) == "по" and k.lemma not in GAME_WORDS for k in sentence.kids(verb, "obl"))


def _club(sentence: ParsedSentence, side: Argument) -> bool:
    from .matchers import _club as called_a_club  # matchers imports this module

    return side.descriptor.lower() in CLUB_NOUNS or called_a_club(sentence, side)


class WholeBodies:
    """A body one joins by its whole name: NER may cut «Ассоциация экспортёров Поволжья» or «Союз
    журналистов России» short of its genitive tail, which says whose it is. The cut name gets its
    tail back; a body every region has one of («Общественная палата», «городская дума») with no
    tail names no organization and gives nothing."""

    def __init__(self, pattern):
        self.pattern = pattern
        self.triggers = pattern.triggers

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for relation_id, subject, body in self.pattern.match(sentence):
            body = _with_tail(sentence, body)
            if body.normal.split(" ")[-1].lower() not in COLLECTIVE_BODY_NOUNS:
                yield relation_id, subject, body


def _with_tail(sentence: ParsedSentence, body: Argument) -> Argument:
    if "«" in body.text:
        return body  # a quoted name is whole
    at = sentence.article.text.find(body.text, sentence.tokens[0].start)
    inside = [t for t in sentence.tokens if at <= t.start and t.stop <= at + len(body.text)]
    heads = [t for t in inside if sentence.head(t) not in inside]
    if at < 0 or len(heads) != 1:
        return body
    phrase = phrase_argument(sentence, heads[0], ORGANIZATION, require_modifier=True)
    if phrase is None or len(phrase.text) <= len(body.text) or not phrase.text.startswith(body.text):
        return body
    return Argument(phrase.text, phrase.normal[:1].upper() + phrase.normal[1:], ORGANIZATION, body.descriptor)


class PassiveAgreements:
    """«Соглашение между мэрией Ветлуги и компанией «Ладья» подписано», «Между X и Y было заключено
    соглашение» -> signed_agreement_with (a contract: signed_contract_with) between the two sides."""

    triggers = _SIGNING_VERBS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        betweens = [t for t in sentence.tokens if sentence.preposition(t) == "между"]
        if len(betweens) != 1:
            return
        for verb in sentence.tokens:
            if verb.lemma not in _SIGNING_VERBS or not _done_passive(sentence, verb):
                continue
            documents = [d for d in sentence.kids(verb, "nsubj:pass", "nsubj") if d.lemma in _AGREEMENTS]
            if len(documents) != 1:
                continue
            document = documents[0]
            # «соглашение (о сотрудничестве) между X и Y»: the sides hang on the document's phrase or the verb
            if betweens[0].head_id not in {t.id for t in sentence.subtree(document, {"nmod"})} | {verb.id}:
                continue
            sides = [argument(sentence, t, AGENTS) for t in sentence.conjuncts(betweens[0])]
            if len(sides) == 2 and None not in sides and sides[0].normal != sides[1].normal:
                yield _AGREEMENTS[document.lemma], sides[0], sides[1]


class RelativeAgreements:
    """«соглашением, которое правительство области и компания «Х» подписали на форуме»: the sides of
    a document named in a relative clause (the parser may leave the two subjects unjoined). Two
    sides, both named, and no third after «с»."""

    triggers = _SIGNING_VERBS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _antecedent  # matchers imports this module

        for verb in sentence.tokens:
            if verb.lemma not in _SIGNING_VERBS or not finished(verb) or sentence.negated(verb):
                continue
            pronouns = [k for k in sentence.kids(verb, "obj") if k.lemma == "который"]
            document = _antecedent(sentence, pronouns[0]) if pronouns else None
            subjects = sentence.kids(verb, "nsubj")
            subjects = sentence.conjuncts(subjects[0]) if len(subjects) == 1 else subjects
            if document is None or document.lemma not in _AGREEMENTS or len(subjects) != 2:
                continue
            if any(sentence.preposition(k) == "с" for k in sentence.kids(verb)):
                continue
            sides = [argument(sentence, t, AGENTS) for t in subjects]
            if None not in sides and sides[0].normal != sides[1].normal:
                yield _AGREEMENTS[document.lemma], sides[0], sides[1]


class ParticipantsInWork:
    """«В работе конференции «Море-2025» приняли участие институт «Х» и университет «Y»», «A и B
    участвовали в работе форума «Х»» -> took_part_in(each, event): the event stands in the genitive
    of «работа». A past statement; every member one named person or organization, or nothing (the
    list rules of matchers.ParticipantLists), and «в том числе» or «и другие» gives nothing."""

    triggers = frozenset({"работа"})
    _EVENTS = frozenset({EVENT})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _list_after, _says_partial, _whole_list_before  # matchers imports this module

        if _says_partial(sentence):
            return
        for verb in sentence.tokens:
            hosts = self._participation(sentence, verb)
            works = [
                c for h in hosts for c in sentence.kids(h) if c.lemma == "работа" and sentence.preposition(c) == "в"
            ]
            events = [
                a
                for w in works
                for o in sentence.kids(w, "nmod")
                if o.feats.get("Case") == "Gen" and not sentence.preposition(o)
                for a in [argument(sentence, o, self._EVENTS)]
                if a is not None
            ]
            if not events:
                continue
            members = _list_after(sentence, verb)
            if members is None and _whole_list_before(sentence, verb):
                heads = [s for s in sentence.kids(verb, "nsubj") if s.start < verb.start]
                found = [argument(sentence, t, AGENTS) for h in heads[:1] for t in sentence.conjuncts(h)]
                members = found if found and None not in found else None
            for member in members or []:
                for event in events:
                    yield "took_part_in", member, event

    @staticmethod
    def _participation(sentence: ParsedSentence, verb) -> list:
        """The verb and its «участие» when it states a past participation: «приняли участие»,
        «участвовали»; none for a plan, a negation or a present."""
        if sentence.negated(verb) or not (finished(verb) or verb.feats.get("Tense") == "Past"):
            return []
        if verb.lemma == "участвовать" and verb.feats.get("VerbForm") == "Fin":
            return [verb]
        shares = [c for c in sentence.kids(verb, "obj") if c.lemma == "участие"]
        return [verb, *shares] if verb.lemma == "принять" and shares and finished(verb) else []


class PredicateTitles:
    """«Компания «Ольха» является владельцем терминала «Восток»» -> belongs_to(терминал, компания);
    «Основателем компании «Ольха» является / стал Денис Ручьёв» -> founded(person, company). The
    owner now («является»; «стал владельцем» is a purchase, matchers_business.NewOwners'), the
    founder by either verb. A share of the thing («владельцем 50% акций», «доли») is no ownership of
    it, and every holder of the list must be named."""

    _OWNERS = frozenset({"владелец", "собственник"})
    _FOUNDERS = frozenset({"основатель", "сооснователь"})
    _SHARES = frozenset({"доля", "акция", "пакет", "процент", "часть", "%"})
    triggers = _OWNERS | _FOUNDERS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            titles = self._titles(sentence, verb)
            holders = sentence.kids(verb, "nsubj") if titles else []
            if len(holders) != 1:
                continue
            for title in titles:
                if any(t.pos == "NUM" or t.lemma in self._SHARES for t in sentence.subtree(title, {"nmod", "nummod"})):
                    continue
                owned = [o for o in sentence.kids(title, "nmod") if o.feats.get("Case") == "Gen"]
                owned = [o for o in owned if not sentence.preposition(o)]
                yield from self._facts(sentence, title, sentence.conjuncts(holders[0]), owned[:1])

    def _titles(self, sentence: ParsedSentence, verb) -> list:
        present = verb.lemma == "являться" and verb.feats.get("Tense") == "Pres" and verb.feats.get("VerbForm") == "Fin"
        became = verb.lemma == "стать" and finished(verb)
        if not (present or became) or sentence.negated(verb) or sentence.planned(verb):
            return []
        wanted = self.triggers if present else self._FOUNDERS
        return [t for t in sentence.kids(verb) if t.lemma in wanted and t.feats.get("Case") == "Ins"]

    def _facts(self, sentence: ParsedSentence, title, holder_heads: list, owned_heads: list) -> Iterator[Fact]:
        founder = title.lemma in self._FOUNDERS
        holders = [argument(sentence, h, frozenset({PERSON}) if founder else AGENTS) for h in holder_heads]
        things = [argument(sentence, o, frozenset({ORGANIZATION}) if founder else THINGS) for o in owned_heads]
        if not holders or None in holders or not things or None in things:
            return
        for holder in holders:
            if founder:
                yield "founded", holder, things[0]
            elif holder.normal != things[0].normal:
                yield "belongs_to", things[0], holder


class BasedAtFacility:
    """«Авиакомпания «Северное небо» базируется в аэропорту Ветлуги», «пароходство базируется в порту
    Ветлуги» -> based_in(organization, town): the town whose airport or port is the base."""

    triggers = frozenset({"базироваться"})
    _BASES = frozenset({"аэропорт", "порт", "аэродром", "вокзал", "терминал", "гавань"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _is_active, _nominative_known, _subject_heads  # matchers imports this module

        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or not _is_active(verb, "Pres", "Imp") or sentence.negated(verb):
                continue
            subjects = _subject_heads(sentence, verb)
            organization = argument(sentence, subjects[0], frozenset({ORGANIZATION})) if len(subjects) == 1 else None
            bases = [k for k in sentence.kids(verb, "obl") if k.lemma in self._BASES and sentence.preposition(k) == "в"]
            towns = [_town(sentence, o) for b in bases for o in sentence.kids(b, "nmod", "appos")]
            if organization is not None and len(towns) == 1 and towns[0] is not None and _nominative_known(towns[0]):
                yield "based_in", organization, towns[0]  # never «Яргана» for a town the dictionary lacks


def _town(sentence: ParsedSentence, token) -> Argument | None:
    """«(в аэропорту) Ветлуги»: the town named after a facility noun, whose name the argument reader
    would take for the facility's own; the tagger may read its genitive as a nominative apposition."""
    from .arguments import _span_argument  # one reading of a span's words and normal form

    span = sentence.article.span_of.get(token.id)
    if (
        span is None
        or span.type != "LOC"
        or sentence.preposition(token)
        or token.feats.get("Case") not in {"Gen", "Nom"}
    ):
        return None
    found = _span_argument(sentence, span)
    return found if found.type == PLACE else None


class Inspections:
    """«Губернатор Олег Мельников осмотрел завод «Каравай»», «осмотрел выставку «Север-2025»» ->
    visited: an inspection on site. Only named objects (a quoted name or an organization: «осмотрел
    цеха завода» names nothing one can ask about), never a town (news does not «осмотреть» one),
    and a list of what was inspected gives all its members or nothing. A pronoun subject is left to
    the grammars that resolve pronouns."""

    def __init__(self, pattern):
        self.pattern = pattern
        self.triggers = pattern.triggers

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        verbs = [v for v in sentence.tokens if v.lemma in self.triggers]
        if any(s.pos == "PRON" for v in verbs for s in sentence.kids(v, "nsubj")):
            return
        facts = list(self.pattern.match(sentence))
        if all(o.type != PLACE and ("«" in o.text or o.type == ORGANIZATION) for _, _, o in facts):
            yield from facts


def _done_passive(sentence: ParsedSentence, verb) -> bool:
    """A perfective passive participle of a done act: «подписано», «было подписано»; never «будет
    подписано», «может быть подписано», «не подписано», nor a participle that modifies a noun."""
    feats = verb.feats
    return (
        feats.get("VerbForm") == "Part"
        and feats.get("Voice") == "Pass"
        and feats.get("Aspect") == "Perf"
        and verb.rel not in {"amod", "acl"}
        and not sentence.negated(verb)
        and not sentence.planned(verb)
        and not any(k.pos == "VERB" and k.rel == "aux" for k in sentence.kids(verb))
        and not any(t.lemma == "мочь" for t in sentence.tokens)
    )


# Verbs whose direct object the tagger may read as a nominative after a fronted phrase: «открыла в
# Ветлуге завод «Кедровый»», «выкупила у компании «Вереск» завод «Кедровый»».
_DIRECT_OBJECT_VERBS = (  # (relation, verbs, the complement the verb needs)
    ("opened", "открыть", ""),
    ("launched", "запустить", ""),
    ("built", "построить возвести", ""),
    ("bought", "купить приобрести выкупить поглотить", ""),
    ("held", "провести", ""),
    ("visited", "посетить", ""),
    ("commissioned", "ввести сдать", "эксплуатация строй"),  # «ввела в эксплуатацию в Казани терминал «Х»»
    ("launched_vessel", "спустить", "вода"),  # «спустила на воду в Казани сухогруз «Х»»
)


def _mistagged_object_pattern(base):
    """A subclass of matchers.VerbPattern that reads only the object the tagger mistook for a
    nominative: an inanimate noun after the verb, the verb's `obj`, in a form that can be an
    accusative, while the verb has a nominative subject of its own (a clause has one nominative)."""

    class MistaggedObject(base):
        def _argument_heads(self, sentence: ParsedSentence, verb):
            from .matchers import _is_active  # matchers imports this module

            if not _is_active(verb, self.tense, self.aspect):
                return None
            subjects = self._subjects_of_active(sentence, verb)
            objects = [o for o in sentence.kids(verb, "obj") if _accusative_read_as_nominative(sentence, verb, o)]
            if not subjects or not objects:
                return None
            return subjects, [t for o in objects for t in sentence.conjuncts(o)]

    return MistaggedObject


def _accusative_read_as_nominative(sentence: ParsedSentence, verb, noun) -> bool:
    feats = noun.feats
    if feats.get("Case") != "Nom" or feats.get("Animacy") != "Inan" or noun.start < verb.start:
        return False
    if sentence.preposition(noun):
        return False
    if not any(s.id != noun.id and s.feats.get("Case") == "Nom" for s in sentence.kids(verb, "nsubj")):
        return False
    return any(p.tag.case == "accs" and p.normal_form == noun.lemma for p in morph().parse(noun.text.lower()))


def recall_patterns() -> tuple:
    """The audit's grammars; built when matchers.PATTERNS is, from its verb patterns."""
    from .matchers import Slot, VerbPattern, _verb  # matchers imports this module; called once its classes exist
    from .matchers_lists import Inverted

    mistagged = _mistagged_object_pattern(VerbPattern)

    dative = Slot("", frozenset({"Dat"}))
    opponent = Slot("у", frozenset({"Gen"}))
    member_of = Slot("", frozenset({"Gen"}), frozenset({"член"}))
    return (
        InGame(Inverted(_verb("won_against", "уступить проиграть", "Past", "Perf", dative)), by_dative=True),
        InGame(_verb("won_against", "переиграть разгромить одолеть", "Past", "Perf")),
        _verb("won_against", "взять", "Past", "Perf", opponent, requires=frozenset({"реванш"})),
        _verb("won_against", "вырвать", "Past", "Perf", opponent, requires=frozenset({"победа"})),
        WholeBodies(
            _verb("member_of", "вступить", "Past", "Perf", Slot("в", frozenset({"Acc"})), whole_subject_list=True)
        ),
        WholeBodies(
            _verb("member_of", "присоединиться", "Past", "Perf", Slot("к", frozenset({"Dat"})), whole_subject_list=True)
        ),
        WholeBodies(_verb("member_of", "стать", "Past", "Perf", member_of, whole_subject_list=True)),
        WholeBodies(_verb("member_of", "являться", "Pres", "Imp", member_of, whole_subject_list=True)),
        PassiveAgreements(),
        RelativeAgreements(),
        ParticipantsInWork(),
        PredicateTitles(),
        BasedAtFacility(),
        *(
            mistagged(relation, frozenset(verbs.split()), "Past", "Perf", Slot(), requires=frozenset(needs.split()))
            for relation, verbs, needs in _DIRECT_OBJECT_VERBS
        ),
        Inspections(_verb("visited", "осмотреть", "Past", "Perf")),  # «губернатор осмотрел завод «Х»»
        _verb(
            "visited",
            "прилететь",
            "Past",
            "Perf",
            Slot("в", frozenset({"Acc", "Loc"}), frozenset({"визит", "поездка"}), "с"),
        ),
    )
