"""Events and their outcomes: who was at a named event, where it took place, who organized it and
who won it.

News names an event once («Северореченский инвестиционный форум», «выставка «ТехноВолга-2025»»)
and then says «форум», «выставка»; a bare event noun stands for that event when the article named
exactly one event with that noun before it. Whoever did something past «на форуме» (spoke, signed,
presented) was at the forum; «открылась в Казани», «форум в Верхнеозёрске» in a past statement
say where it took place; «организатором выступил X» who held it; «занял первое место в конкурсе»,
«получил Гран-при фестиваля», «награждён премией» who won. A generic «встреча» or an unnamed
«форум» names no event, a future or a negated statement yields nothing, and a reporting source is
never the actor (arguments.argument).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...common.russian import fold
from .arguments import Argument, ParsedSentence, argument
from .lexicon import CLASS_NOUNS, CONTEST_NOUNS, MONTH_LEMMAS, RELATIVE_TIME
from .matchers_people import _planned, finished
from .relations import AGENTS, DATE, EVENT, PERSON, PLACE

Fact = tuple[str, Argument, Argument]

EVENT_NOUNS = frozenset(lemma for lemma, kind in CLASS_NOUNS.items() if kind == EVENT)
_EVENTS = frozenset({EVENT})
_PLACES = frozenset({PLACE})
# Adjectives that keep a bare event noun the article's one event: «этот форум», «тот же форум»,
# «сентябрьский форум» (a month's adjective dates it, it names no other).
_SAME_EVENT_MODIFIERS = frozenset({"этот", "тот", "же", "данный", "сам"})
_MONTH_ADJECTIVE_STEMS = tuple(m[:4] for m in MONTH_LEMMAS)
# Phrases whose genitive event says the action took place at it: «на полях форума», «в рамках
# выставки», «на площадке форума». «На время выставки», «во время» or «в первый день форума» say
# when, not where.
_AT_EVENT_NOUNS = frozenset({"поле", "рамка", "площадка"})
# Verbs whose subject was not at the event its «на форуме» names.
_ABSENT_VERBS = frozenset({"отказаться", "пропустить", "опоздать", "уехать", "отсутствовать"})
# An event starts, goes on and ends where it is: «открылась в Казани», «прошёл в Твери».
_TAKING_PLACE_VERBS = frozenset(
    {"пройти", "проходить", "состояться", "открыться", "стартовать", "завершиться", "закрыться"}
)
# Whoever opened, held or organized an event did it where the event was: «открыл форум в Твери».
_HOSTING_VERBS = frozenset({"открыть", "провести", "организовать", "закрыть"})
# Titles that say what one had to do with an event: «организатором форума выступила компания «Х»»,
# «участниками выставки стали», «чемпионом турнира стал».
# Whoever spoke at, exhibited at, was a guest of, reached the final of or placed in an event took part in it.
_TITLES = {
    "организатор": "held",
    "устроитель": "held",
    "чемпион": "won",
    **dict.fromkeys(("участник", "спикер", "докладчик", "экспонент", "гость", "финалист", "призёр"), "took_part_in"),
}
_DECLARING_VERBS = frozenset({"выступить", "стать"})
# What a contest's winner takes: «получил Гран-при фестиваля «Х»», «завоевал главный приз турнира».
_TOP_PRIZES = frozenset({"гран-при", "приз"})
_MAIN = frozenset({"главный"})


def event(sentence: ParsedSentence, token) -> Argument | None:
    """The named event `token` heads, or the one event the article named before with that bare noun."""
    found = argument(sentence, token, _EVENTS)
    if found is not None or token.lemma not in EVENT_NOUNS:
        return found
    return _earlier_event(sentence, token) if _bare(sentence, token) else None


def _bare(sentence: ParsedSentence, token) -> bool:
    """A singular event noun with no name, owner or modifier of its own but those that keep it the
    article's event (an adjective of the event's own name is checked by _earlier_event)."""
    proper = token.text[:1].isupper() and token is not sentence.tokens[0]  # «Форум прошёл ...» starts a sentence
    if token.pos != "NOUN" or token.feats.get("Number") != "Sing" or proper:
        return False
    if sentence.kids(token, "nmod", "appos", "flat", "flat:name", "nummod", "compound"):
        return False  # «форум молодёжи», «форум «Х»», «форум в Твери»: its own name, owner or place
    return not any(k.lemma in RELATIVE_TIME for k in sentence.kids(token, "amod", "det"))


def _earlier_event(sentence: ParsedSentence, token) -> Argument | None:
    """The one event the article named with this noun before `token`, when neither the token nor an
    earlier unnamed mention («в Твери прошёл молодёжный форум») has a modifier the name lacks."""
    names: dict[str, Argument] = {}
    unnamed: list[tuple[ParsedSentence, object]] = []
    for index, sent in enumerate(sentence.article.sentences[: sentence.index + 1]):
        earlier = ParsedSentence(sent, sentence.article, index)
        for word in earlier.tokens:
            if index == sentence.index and word.start >= token.start:
                break
            found = argument(earlier, word, _EVENTS) if word.lemma == token.lemma else None
            if found is not None:
                names.setdefault(fold(found.normal), found)
            elif word.lemma == token.lemma:
                unnamed.append((earlier, word))
    if len(names) != 1:
        return None
    (found,) = names.values()
    if not all(_fits(where, word, found) for where, word in [*unnamed, (sentence, token)]):
        return None  # «на молодёжном форуме» after «Инвестиционный форум»: maybe another forum
    return Argument(token.text, found.normal, EVENT, token.lemma)


def _fits(sentence: ParsedSentence, word, named: Argument) -> bool:
    """Every adjective of a mention is a word of the event's name, a month's or «этот»."""
    name_stems = {fold(w)[:5] for w in named.normal.split()}
    for modifier in sentence.kids(word, "amod", "det"):
        own = fold(modifier.text)[:5] in name_stems
        dated = fold(modifier.lemma).startswith(_MONTH_ADJECTIVE_STEMS)
        if not (own or dated or modifier.lemma in _SAME_EVENT_MODIFIERS):
            return False
    return True


def _events_at(sentence: ParsedSentence, verb) -> list[Argument]:
    """The events a verb's action took place at: «на форуме», «на полях выставки», «в рамках форума»;
    the event one «принял участие в», «участвовал в»."""
    found = []
    taking_part = _participation(sentence, verb)
    phrases = {t.id: t for t in sentence.kids(verb, "obl") + taking_part}
    for place in phrases.values():
        if place.lemma in EVENT_NOUNS and sentence.preposition(place) == "на" and place.feats.get("Case") == "Loc":
            heads = [place]
        elif place.lemma in EVENT_NOUNS and sentence.preposition(place) == "в" and place.feats.get("Case") == "Loc":
            heads = [place] if any(place is t for t in taking_part) else []
        elif place.lemma in _AT_EVENT_NOUNS and sentence.preposition(place) in {"на", "в"}:
            heads = [o for o in sentence.kids(place, "nmod") if o.lemma in EVENT_NOUNS and not sentence.preposition(o)]
        else:
            continue
        found += [e for e in (event(sentence, h) for h in heads) if e is not None]
    return found


def _past_finite(verb) -> bool:
    """«участвовал», «проходил»: a past statement of either aspect."""
    return verb.pos == "VERB" and verb.feats.get("VerbForm") == "Fin" and verb.feats.get("Tense") == "Past"


def _participation(sentence: ParsedSentence, verb) -> list:
    """«принял участие в форуме» (the parser hangs «в форуме» off the verb or off «участие»),
    «участвовал в выставке»: the event phrases «в X» of taking part."""
    if verb.lemma == "участвовать":
        hosts = [verb]
    elif verb.lemma == "принять":
        hosts = [c for c in sentence.kids(verb, "obj") if c.lemma == "участие"]
        hosts += [verb] if hosts else []
    else:
        return []
    return [c for h in hosts for c in sentence.kids(h, "obl", "nmod") if sentence.preposition(c) == "в"]


def _subjects(sentence: ParsedSentence, verb) -> list[Argument] | None:
    """Named agents the verb is said of; None when any item of their list names nobody («A и ещё
    пять экспертов»), so a set is never cut short. A list after the verb runs to the sentence's end."""
    from .matchers import _list_after, _subject_heads, _whole_list_before  # one grammar of subjects and lists

    heads = _subject_heads(sentence, verb)
    if heads and heads[0].start > verb.start:
        return _list_after(sentence, verb)
    subjects = [argument(sentence, t, AGENTS) for t in heads]
    if not subjects or any(s is None for s in subjects):
        return None
    # one subject with its title in commas («Дмитрий Ковалёв, председатель правления банка, выступил») is no list
    single = len(heads) == 1 and len(sentence.kids(verb, "nsubj")) == 1 and subjects[0].type == PERSON
    return subjects if single or _whole_list_before(sentence, verb) else None


class PresenceAtEvents:
    """«Дмитрий Ковалёв выступил на форуме с докладом», «компания «Х» подписала на выставке
    соглашение», «на полях выставки «Y» объявил Павел Гречко» -> took_part_in(subject, event): whoever
    did something at a named event was at it. Only a past perfective statement of the subject's own
    action («планирует представить на выставке» is a plan, «не приехал» nothing)."""

    triggers = EVENT_NOUNS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for verb in sentence.tokens:
            done = finished(verb) or verb.lemma == "участвовать" and _past_finite(verb)
            if not done or verb.lemma in _ABSENT_VERBS or sentence.negated(verb):
                continue
            events = _events_at(sentence, verb)
            subjects = _subjects(sentence, verb) if events else None
            for subject in subjects or []:
                for found in events:
                    yield "took_part_in", subject, found


def _places(sentence: ParsedSentence, host) -> list[Argument]:
    """Named places «в X» hanging off a word: «в Казани»."""
    return [
        p
        for c in sentence.kids(host, "obl", "nmod")
        if sentence.preposition(c) == "в"
        and c.feats.get("Case") == "Loc"
        and getattr(sentence.article.span_of.get(c.id), "type", "") == "LOC"
        for p in [argument(sentence, c, _PLACES)]
        if p is not None and p.normal[:1].isupper()
    ]


class EventPlaces:
    """«Выставка «ТехноВолга-2025» открылась в Казани», «форум прошёл в Твери», «выставка,
    прошедшая в Омске», «губернатор открыл форум в Верхнеозёрске», «подписали на форуме «Х» в Твери»
    -> took_place_in(event, place); «форум прошёл 17 сентября» -> took_place_on. A past statement
    only: a forum «который пройдёт в Твери» has not taken place anywhere yet."""

    triggers = EVENT_NOUNS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if _planned(sentence):
            return
        for token in sentence.tokens:
            if token.lemma not in EVENT_NOUNS:
                continue
            verbs = [v for v in [_governing_verb(sentence, token), *_participles(sentence, token)] if v is not None]
            verbs = [v for v in verbs if _past(sentence, v) and not sentence.negated(v)]
            found = event(sentence, token) if verbs else None
            if found is None:
                continue
            for verb in verbs:
                for place in self._places(sentence, token, verb):
                    if fold(place.normal) not in fold(found.normal):
                        yield "took_place_in", found, place
                if _took_place_then(sentence, token, verb):
                    for day in _dates(sentence, verb):
                        yield "took_place_on", found, day

    @staticmethod
    def _places(sentence: ParsedSentence, token, verb) -> list[Argument]:
        """The event's own «в X» when something was done at it («подписали на форуме в Твери»: not
        «подтвердили участие в форуме в Твери», which may be to come), and the verb's «в X» when the
        event itself took place or was held («открылась в Казани», «провёл форум в Твери»)."""
        places = _places(sentence, token) if _at(sentence, token) else []
        subject = _is_subject(sentence, token, verb) and verb.lemma in _TAKING_PLACE_VERBS
        hosted = token.rel in {"obj", "nsubj:pass"} and verb.lemma in _HOSTING_VERBS and sentence.head(token) is verb
        if subject or hosted:
            places += _places(sentence, verb) + _places(sentence, token)
        return places


def _took_place_then(sentence: ParsedSentence, token, verb) -> bool:
    """The verb's date is the event's: «форум прошёл 17 сентября», «компания провела 8 ноября форум
    «Х»» (whoever held an event held it on the day it took place)."""
    if verb.lemma in {"пройти", "состояться"}:
        return _is_subject(sentence, token, verb)
    held = verb.lemma == "провести" and verb.feats.get("VerbForm") == "Fin" and token.rel == "obj"
    return held and sentence.head(token) is verb


def _is_subject(sentence: ParsedSentence, token, verb) -> bool:
    """The event is what the verb says took place: its subject, or the noun its participle modifies."""
    participle = verb.feats.get("VerbForm") == "Part" and verb.rel in {"acl", "amod"}
    if participle or _relative(sentence, verb):
        return sentence.head(verb) is token
    return token.rel == "nsubj" and sentence.head(token) is verb


def _relative(sentence: ParsedSentence, verb) -> bool:
    """«фестиваль, который проходил в Казани»: a clause whose subject «который» is the noun it hangs on."""
    return verb.rel == "acl:relcl" and any(c.lemma == "который" for c in sentence.kids(verb, "nsubj"))


def _participles(sentence: ParsedSentence, token) -> list:
    """«выставка, прошедшая в Омске», «на форуме, проходившем в Твери», «форум, который прошёл в Твери»."""
    clauses = [v for v in sentence.kids(token, "acl:relcl") if _relative(sentence, v)]
    participles = sentence.kids(token, "acl", "amod") + clauses
    return [v for v in participles if v.lemma in _TAKING_PLACE_VERBS and v.pos == "VERB"]


def _at(sentence: ParsedSentence, token) -> bool:
    """«на форуме», «на полях выставки», «в рамках фестиваля»: the phrase of something done at the event."""
    if token.rel == "obl" and sentence.preposition(token) == "на":
        return True
    holder = sentence.head(token)
    return (
        token.rel == "nmod"
        and holder is not None
        and holder.lemma in _AT_EVENT_NOUNS
        and holder.rel == "obl"
        and sentence.preposition(holder) in {"на", "в"}
    )


def _governing_verb(sentence: ParsedSentence, token):
    """The verb whose clause the event noun stands in, through the nouns and prepositions above it."""
    current, steps = sentence.head(token), 0
    while current is not None and current.pos != "VERB" and steps < 3:
        current, steps = sentence.head(current), steps + 1
    return current if current is not None and current.pos == "VERB" else None


def _past(sentence: ParsedSentence, verb) -> bool:
    """A past perfective statement: a finite verb or a past participle («подписанный на форуме»),
    never with a future «будет»; «проходил» is past whatever its aspect."""
    if sentence.planned(verb):
        return False  # «будет проведён»
    feats = verb.feats
    return feats.get("Tense") == "Past" and (feats.get("Aspect") == "Perf" or verb.lemma == "проходить")


def _dates(sentence: ParsedSentence, verb) -> list[Argument]:
    return [
        d
        for c in sentence.kids(verb, "obl", "nmod")
        if not sentence.preposition(c) or sentence.preposition(c) == "в"
        for d in [argument(sentence, c, frozenset({DATE}))]
        if d is not None
    ]


class Titles:
    """«Организатором форума «Х» выступила компания «Y»», «участниками выставки стали A и B», «A и B
    стали участниками форума «Х»», «чемпионом турнира «Х» стал клуб «Y»» -> held / took_part_in /
    won (each, event). A past perfective «выступил», «стал» only («выступает организатором» may be
    of one to come), and every item of a list one named member, so a set is never cut short."""

    triggers = frozenset(_TITLES)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _list_after, _says_partial

        if _says_partial(sentence):
            return
        for title in sentence.tokens:
            verb = sentence.head(title)
            if title.lemma not in _TITLES or title.feats.get("Case") != "Ins" or verb is None:
                continue
            if verb.lemma not in _DECLARING_VERBS or not finished(verb) or sentence.negated(verb):
                continue
            events = [
                e
                for o in sentence.kids(title, "nmod")
                if o.feats.get("Case") == "Gen" and not sentence.preposition(o)
                for e in [event(sentence, o)]
                if e is not None
            ]
            subjects = sentence.kids(verb, "nsubj") if events else []
            if not subjects:
                continue
            after = subjects[0].start > verb.start
            holders = _list_after(sentence, verb) if after else _subjects(sentence, verb)
            for holder in holders or []:
                for found in events:
                    yield _TITLES[title.lemma], holder, found


# Verbs of an agent and an event, in either order: who organized or won it.
_BY_TYPES = {"организовать": "held", "провести": "held", "выиграть": "won", "завоевать": "won"}


class Organized:
    """«Компания «Y» организовала форум «Х»», «фестиваль «Х» провёл театр «Маяк»», «форум,
    организованный фондом «Y»» -> held(organizer, event); «конкурс «Х» выиграл стартап «Y»» ->
    won. An event neither organizes nor wins anything, so whichever of subject and object is the
    event is what was organized or won, whatever the parser made of the word order («фестиваль
    провёл театр»: inanimate subject and object sound alike)."""

    triggers = frozenset(_BY_TYPES)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _left_out_conjuncts, _subject_heads, _whole_list_before  # one grammar of subjects

        if _planned(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or sentence.negated(verb) or not _past(sentence, verb):
                continue
            if not _whole_list_before(sentence, verb):
                continue  # «Компания «Ладья» и ещё два стартапа выиграли конкурс»: no whole list of winners
            if finished(verb):
                sides = _subject_heads(sentence, verb)[:1] + sentence.kids(verb, "obj")
            elif verb.feats.get("Voice") == "Pass":  # «организованный фондом «Y»», «организован фондом»
                sides = _passive_event(sentence, verb) + [
                    c for c in sentence.kids(verb, "obl", "obl:agent") if c.feats.get("Case") == "Ins"
                ]
            else:
                continue
            events = [e for e in (event(sentence, t) for t in sides) if e is not None]
            organizers = [t for t in sides if event(sentence, t) is None]
            listed = [h for t in organizers for h in sentence.conjuncts(t)]
            holders = [argument(sentence, h, AGENTS) for h in listed]
            if len(events) != 1 or not holders or any(h is None for h in holders):
                continue
            if _left_out_conjuncts(sentence, listed):
                continue
            for holder in holders:
                yield _BY_TYPES[verb.lemma], holder, events[0]


def _passive_event(sentence: ParsedSentence, verb) -> list:
    own = sentence.kids(verb, "nsubj:pass", "nsubj")
    head = sentence.head(verb)
    return own or ([head] if verb.rel in {"acl", "amod"} and head is not None else [])


class Placings:
    """«Команда «Х» заняла первое место в турнире «Y»», «получил Гран-при фестиваля «Y»», «завоевал
    главный приз конкурса «Y»», «одержал победу в конкурсе «Y»», «завоевал Кубок «Y»» -> won(subject,
    event): first place, the top prize, the victory in a named contest or the cup itself is winning
    it. A second place or a special prize is not."""

    triggers = frozenset({"место", "гран-при", "приз", "победа", "завоевать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if not finished(verb) or sentence.negated(verb) or verb.lemma not in _PLACING_VERBS:
                continue
            contests = self._contests(sentence, verb)
            subjects = _subjects(sentence, verb) if contests else None
            for subject in subjects or []:
                for found in contests:
                    yield "won", subject, found

    @staticmethod
    def _contests(sentence: ParsedSentence, verb) -> list[Argument]:
        found = []
        for obj in sentence.kids(verb, "obj"):
            if verb.lemma == "занять" and obj.lemma == "место" and _first(sentence, obj):
                heads = [
                    c
                    for c in sentence.kids(verb, "obl") + sentence.kids(obj, "nmod")
                    if _in_contest(sentence, c) and c.lemma in _FINAL_PLACE_CONTESTS
                ]
            elif verb.lemma == "одержать" and obj.lemma == "победа" and _whole_victory(sentence, verb, obj):
                heads = [
                    c
                    for c in sentence.kids(obj, "nmod") + sentence.kids(verb, "obl")
                    if _in_contest(sentence, c) and c.lemma in CONTEST_NOUNS  # one «матч» is no contest won
                ]
            elif verb.lemma == "завоевать" and obj.lemma in EVENT_NOUNS:  # «завоевал Кубок «Золотая шайба»»
                heads = [obj]
            elif verb.lemma in {"получить", "завоевать"} and _top_prize(sentence, obj):
                heads = [c for c in sentence.kids(obj, "nmod") if not sentence.preposition(c)]
            else:
                continue
            found += [
                e
                for h in heads
                if h.lemma in EVENT_NOUNS and h.lemma not in {"премия"}
                for e in [event(sentence, h)]
                if e is not None
            ]
        return found


_PLACING_VERBS = frozenset({"занять", "получить", "завоевать", "одержать"})
# Contests whose places are final when news reports them; a league's «занял первое место в
# чемпионате» may be this week's standing.
_FINAL_PLACE_CONTESTS = frozenset({"конкурс", "олимпиада", "турнир", "кубок"})


def _in_contest(sentence: ParsedSentence, phrase) -> bool:
    """«в конкурсе», «на турнире»: the contest a victory was in."""
    return sentence.preposition(phrase) in {"в", "на"} and phrase.feats.get("Case") == "Loc"


def _whole_victory(sentence: ParsedSentence, verb, victory) -> bool:
    """«одержал победу в конкурсе» is winning it; «одержал победу над «Соколом» в турнире» or «третью
    победу в турнире» is one game of it."""
    over = any(sentence.preposition(c) == "над" for c in sentence.kids(verb) + sentence.kids(victory))
    counted = any(k.rel in {"amod", "nummod", "det"} for k in sentence.kids(victory))
    return not over and not counted


def _first(sentence: ParsedSentence, place) -> bool:
    """«первое место», «1-е место» — and no «разделил»: a place shared is no win."""
    return any(k.lemma in {"первый", "1-й", "1-е"} for k in sentence.kids(place, "amod", "nummod"))


def _top_prize(sentence: ParsedSentence, prize) -> bool:
    if prize.lemma == "гран-при":
        return True
    return prize.lemma == "приз" and any(k.lemma in _MAIN for k in sentence.kids(prize, "amod"))


class Honours:
    """«Театр «Маяк» награждён премией «Х»», «Анна Соколова удостоена премии «Х»», «жюри наградило
    премией «Х» театр «Маяк»» -> won(laureate, prize): whoever a named prize was given to won it.
    A past statement only («будет награждён» is a plan)."""

    triggers = frozenset({"наградить", "удостоить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _left_out_conjuncts
        from .matchers_lists import cut_list

        if _planned(sentence) or cut_list(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or sentence.negated(verb) or not _past(sentence, verb):
                continue
            case = "Ins" if verb.lemma == "наградить" else "Gen"
            prizes = [
                e
                for c in sentence.kids(verb, "obl", "obj", "nmod", "iobj")
                if c.feats.get("Case") == case and not sentence.preposition(c)
                for e in [argument(sentence, c, _EVENTS)]
                if e is not None
            ]
            passive = verb.feats.get("Voice") == "Pass" or verb.feats.get("VerbForm") == "Part"
            laureate_heads = sentence.kids(verb, "nsubj:pass", "nsubj") if passive else sentence.kids(verb, "obj")
            if passive:  # «награждены A, B и C»: a list after the verb is PrizeLists', read whole
                laureate_heads = [h for h in laureate_heads if h.start < verb.start]
            listed = [t for h in laureate_heads for t in sentence.conjuncts(h)]
            laureates = [argument(sentence, t, AGENTS) for t in listed]
            if not prizes or not laureates or any(a is None for a in laureates):
                continue
            if _left_out_conjuncts(sentence, listed):
                continue  # «Анна Котова и ещё трое учёных награждены»: one laureate of four is a wrong set
            for laureate in laureates:
                for prize in prizes:
                    yield "won", laureate, prize


EVENT_PATTERNS = (PresenceAtEvents(), EventPlaces(), Titles(), Organized(), Placings(), Honours())
