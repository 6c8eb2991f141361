"""Where organizations and facilities are: grammars of news forms that place a named thing.

«казанская компания «Вектор»» and «компания «Вектор» (Казань)» say where a company is based;
«завод «Искра» в Твери» where a plant stands. A place adjective gives a place only when the
article itself names that place (an NER place whose stem the adjective is derived from), so no
place is ever guessed from an adjective alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...common.russian import can_be_dative, fold, morph
from .arguments import Argument, ParsedSentence, _span_argument, argument
from .lexicon import BUILD_VERBS, CLASS_NOUNS, ESTABLISHMENT_NOUNS, HEADQUARTERS_NOUNS, VEHICLE_NOUNS
from .relations import AGENTS, EVENT, FACILITY, ORGANIZATION, PLACE, THINGS

Fact = tuple[str, Argument, Argument]

_PLACE_ADJECTIVE = re.compile(r"(?:с|ц)к(?:ий|ой)$")
_PLACE_ENDING = re.compile(r"(?:[аяоеьйиы]|ск|цк)$")


def _adjective_stems(lemma: str) -> set[str]:
    """«казанский» -> {казан}; «московский» -> {москов, москв} (the «-ов-» of Москва's adjective)."""
    stem = _PLACE_ADJECTIVE.sub("", fold(lemma))
    stems = {stem}
    if stem.endswith(("ов", "ев")):
        stems.add(stem[:-2] + "в")
    return stems


def _place_stem(name: str) -> str:
    """«Казань» -> казан, «Новосибирск» -> новосибир, «Санкт-Петербург» -> петербург."""
    return _PLACE_ENDING.sub("", fold(name).split("-")[-1])


def _article_places(sentence: ParsedSentence) -> dict[str, set[str]]:
    """Stem -> the one-word places the article's NER found, in the nominative."""
    places: dict[str, set[str]] = {}
    for span in {id(s): s for s in sentence.article.span_of.values()}.values():
        if span.type != "LOC" or len(span.tokens) != 1 or not span.normal:
            continue
        name = span.normal.strip()
        if " " in name or not name[:1].isupper() or not morph().parse(name.split("-")[-1])[0].is_known:
            continue
        places.setdefault(_place_stem(name), set()).add(name)
    return places


def _derived_place(sentence: ParsedSentence, lemma: str) -> set[str]:
    """The article's place whose name the adjective is regularly derived from by «-ск-ий»
    («бережанский» <- Бережанск), when the dictionary knows neither; the NER normal form of the
    place must be exactly that name, so an oblique form the normalizer left as it was never matches."""
    folded = fold(lemma)
    if not folded.endswith("ский") or folded.endswith("сский"):
        return set()
    name = folded[: -len("ий")]
    return {
        span.normal.strip()
        for span in {id(s): s for s in sentence.article.span_of.values()}.values()
        if span.type == "LOC" and len(span.tokens) == 1 and span.normal and fold(span.normal.strip()) == name
    }


class AdjectivalOrigins:
    """«казанская компания «Вектор»», «с новосибирским клубом «Кедр»», «над московским «Ледоколом»»
    -> based_in(organization,
    place), when the article names the place the adjective is derived from (Казань) and no other
    place with the same stem. A capitalized adjective inside the sentence is part of a name
    («Каменногорский металлургический комбинат») and says nothing beyond the name."""

    triggers = frozenset(lemma for lemma, kind in CLASS_NOUNS.items() if kind == ORGANIZATION) | {"«"}

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for adjective in sentence.tokens:
            head = sentence.head(adjective) if adjective.rel == "amod" else None
            head = head if head is not None and _next_word(sentence, adjective) is head else None
            if head is None or not self._common(sentence, adjective) or not self._organization_head(sentence, head):
                continue
            place = self._place(sentence, adjective.lemma)
            if place is None:
                continue
            # «казанские компании «А» и «Б»» place each name; a singular head places itself alone
            # («у московского «Ледокола», новосибирского «Кедра»»: each name has its own adjective)
            plural = head.feats.get("Number") == "Plur" and head.lemma in CLASS_NOUNS
            for token in sentence.conjuncts(head) if plural else [head]:
                organization = self._organization(sentence, token)
                if organization is not None and fold(adjective.text) not in fold(organization.text):
                    yield "based_in", organization, place

    @staticmethod
    def _organization(sentence: ParsedSentence, token) -> Argument | None:
        """The class noun's named organization, or the quoted name itself (the parser may hang a
        listed name off an earlier class noun: «клуб «Сокол» выиграл у ... тверской «Искры»»)."""
        span = sentence.article.span_of.get(token.id)
        if token.lemma in CLASS_NOUNS or span is None:
            return argument(sentence, token, frozenset({ORGANIZATION}))
        found = _span_argument(sentence, span)
        return found if found.type == ORGANIZATION else None

    @staticmethod
    def _organization_head(sentence: ParsedSentence, head) -> bool:
        """A class noun of organizations, or a quoted organization's name («московский «Ледокол»»)."""
        if CLASS_NOUNS.get(head.lemma) == ORGANIZATION:
            return True
        span = sentence.article.span_of.get(head.id)
        return span is not None and span.type == "ORG" and sentence.article.text[head.start - 1 : head.start] == "«"

    @staticmethod
    def _common(sentence: ParsedSentence, adjective) -> bool:
        if adjective.pos != "ADJ" or not _PLACE_ADJECTIVE.search(adjective.lemma):
            return False
        return adjective.text.islower() or adjective is sentence.tokens[0]

    @staticmethod
    def _place(sentence: ParsedSentence, lemma: str) -> Argument | None:
        places = _article_places(sentence)
        found = {name for stem in _adjective_stems(lemma) for name in places.get(stem, ())}
        if not found:  # a town the dictionary does not know: «бережанский» names Бережанск exactly
            found = _derived_place(sentence, lemma)
        if len(found) != 1:
            return None
        (name,) = found
        return Argument(name, name, PLACE)


def _next_word(sentence: ParsedSentence, token):
    """The word right after `token`, past an opening quote: the adjective's own noun, whatever the
    parser attached it to."""
    later = [t for t in sentence.tokens if t.start >= token.stop and t.text != "«"]
    return later[0] if later else None


class BracketOrigins:
    """«компания «Вектор» (Казань)», «компания «Вектор» (г. Казань)» -> based_in: a place alone in
    brackets right after an organization's name is where it is from."""

    triggers = frozenset({"("})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        tokens = sentence.tokens
        for i in range(1, len(tokens) - 2):
            j = _past_settlement_word(tokens, i + 1)
            if tokens[i].text != "(" or j + 1 >= len(tokens) or tokens[j + 1].text != ")":
                continue
            place_token = tokens[j]
            span = sentence.article.span_of.get(place_token.id)
            if span is None or span.type != "LOC" or place_token.feats.get("Case", "Nom") != "Nom":
                continue
            owner = _name_before(tokens, i)
            organization = argument(sentence, owner, frozenset({ORGANIZATION})) if owner is not None else None
            place = argument(sentence, place_token, frozenset({PLACE})) if organization is not None else None
            if place is not None and _placeable(place):
                yield "based_in", organization, place


_SETTLEMENT_WORDS = frozenset({"г", "гор", "город", "пос", "поселок", "пгт", "с", "село"})


def _past_settlement_word(tokens: list, index: int) -> int:
    """The index after «г.», «пос.», «село» that may stand before a place's name in brackets."""
    if index < len(tokens) and fold(tokens[index].text) in _SETTLEMENT_WORDS:
        index += 1
        if index < len(tokens) and tokens[index].text == ".":
            index += 1
    return index


def _name_before(tokens: list, index: int):
    """The noun or name a bracket follows, past a closing quote."""
    j = index - 1
    while j >= 0 and tokens[j].text == "»":
        j -= 1
    return tokens[j] if j >= 0 and tokens[j].pos in {"NOUN", "PROPN"} else None


class LocatedStatements:
    """«терминал «Южный» находится в Твери», «... расположен в Твери» -> located_in (a facility) or
    based_in (an organization); «штаб-квартира компании «Вектор» находится в Казани» -> based_in
    of the owner. Only in the present: «находился» was, «будет расположен» is a plan. The subject
    must be named: «офис компании находится в Казани» places no identified thing."""

    triggers = frozenset({"находиться", "располагаться", "расположить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or not _present_location(sentence, verb):
                continue
            places = [
                p
                for c in sentence.kids(verb, "obl")
                if sentence.preposition(c) in {"в", "на"} and c.feats.get("Case") == "Loc"
                for p in [argument(sentence, c, frozenset({PLACE})) or _place_phrase(sentence, c)]
                if p is not None and _placeable(p)
            ]
            for subject in sentence.kids(verb, "nsubj", "nsubj:pass") if places else []:
                yield from _placed(sentence, subject, places[0])


def _present_location(sentence: ParsedSentence, verb) -> bool:
    feats = verb.feats
    if verb.lemma == "расположить":  # the short participle «расположен», not «был/будет расположен»
        short = feats.get("Variant") == "Short" or feats.get("VerbForm") == "Part"
        return short and not any(k.lemma == "быть" for k in sentence.kids(verb))
    return feats.get("VerbForm") == "Fin" and feats.get("Tense") == "Pres" and verb.pos == "VERB"


def _placed(sentence: ParsedSentence, subject, place: Argument) -> Iterator[Fact]:
    if subject.lemma in HEADQUARTERS_NOUNS:
        for owner in sentence.kids(subject, "nmod"):
            found = argument(sentence, owner, frozenset({ORGANIZATION})) if owner.feats.get("Case") == "Gen" else None
            if found is not None and not sentence.preposition(owner) and _named(found):
                yield "based_in", found, place
        return
    thing = argument(sentence, subject, frozenset({FACILITY, ORGANIZATION}))
    if thing is None or not _named(thing) or fold(place.normal) in fold(thing.normal):
        return
    yield ("located_in" if thing.type == FACILITY else "based_in"), thing, place


class Headquartered:
    """«компания «Вектор» со штаб-квартирой в Казани» -> based_in: the phrase right after the name."""

    triggers = HEADQUARTERS_NOUNS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        tokens = sentence.tokens
        for i, noun in enumerate(tokens):
            if noun.lemma not in self.triggers or i < 2 or tokens[i - 1].lemma != "с":
                continue
            owner = _name_before(tokens, i - 1)
            organization = argument(sentence, owner, frozenset({ORGANIZATION})) if owner is not None else None
            if organization is None or not _named(organization) or i + 2 >= len(tokens):
                continue
            preposition, place_head = tokens[i + 1], tokens[i + 2]
            if preposition.lemma != "в" or place_head.feats.get("Case") != "Loc":
                continue
            place = argument(sentence, place_head, frozenset({PLACE}))
            if place is not None and _placeable(place):
                yield "based_in", organization, place


class Ownership:
    """«компании «Вектор» принадлежит терминал «Южный»» -> belongs_to(terminal, company): present
    only; the owner is a dative (which the parser often reads as a genitive)."""

    triggers = frozenset({"принадлежать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or not _present_location(sentence, verb):
                continue
            owners = [
                a
                for c in sentence.kids(verb, "iobj", "obl", "obj", "nmod")
                if not sentence.preposition(c)
                and (c.feats.get("Case") == "Dat" or c.feats.get("Case") == "Gen" and can_be_dative(c.text, c.lemma))
                for a in [argument(sentence, c, AGENTS)]
                if a is not None and _named(a)
            ]
            things = [argument(sentence, s, THINGS) for s in sentence.kids(verb, "nsubj")]
            for thing in (t for t in things if t is not None and _named(t)):
                for owner in owners:
                    if owner.normal != thing.normal:
                        yield "belongs_to", thing, owner


def _named(thing: Argument) -> bool:
    """A quoted or proper name (also one a bare «компания» refers back to), never a common phrase
    such as «офис компании»."""
    return "«" in thing.text or thing.normal[:1].isupper()


class PlacedFacilities:
    """«завод «Искра» в Твери», «открыла центр «Точка» в Казани» -> located_in(facility, place) for
    a named facility, based_in for a named establishment (a plant, a school): a named place right
    after the name, hung off the name itself or off a verb of opening or building. A vessel or a
    route moves and stands nowhere; «рейс «Победы» в Казань» is a destination (accusative)."""

    triggers = frozenset(lemma for lemma, kind in CLASS_NOUNS.items() if kind in {FACILITY, ORGANIZATION})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for place_head in sentence.tokens:
            if sentence.preposition(place_head) not in {"в", "на"} or place_head.feats.get("Case") != "Loc":
                continue
            span = sentence.article.span_of.get(place_head.id)
            noun = _class_noun_before(sentence, place_head) if span is not None and span.type == "LOC" else None
            if noun is None or not _placed_by(sentence, place_head, noun):
                continue
            thing = argument(sentence, noun, frozenset({FACILITY, ORGANIZATION}))
            thing = thing if thing is not None and _named(thing) else None
            place = argument(sentence, place_head, frozenset({PLACE})) if thing is not None else None
            if place is None or not _placeable(place) or fold(place.normal) in fold(thing.normal):
                continue
            if thing.type == FACILITY:
                yield "located_in", thing, place
            elif noun.lemma in ESTABLISHMENT_NOUNS:
                yield "based_in", thing, place


class OpenedIn:
    """«В Твери компания открыла центр «Точка»», «открыла в Казани магазин «Y»»: the place of a past
    opening or building is where the named facility it made stands."""

    triggers = BUILD_VERBS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or verb.pos != "VERB" or not _done(sentence, verb):
                continue
            places = [
                p
                for c in sentence.kids(verb, "obl")
                if sentence.preposition(c) in {"в", "на"}
                and c.feats.get("Case") == "Loc"
                and getattr(sentence.article.span_of.get(c.id), "type", "") == "LOC"
                for p in [argument(sentence, c, frozenset({PLACE}))]
                if p is not None and _placeable(p)
            ]
            if len(places) != 1:
                continue
            # «в Твери открылся магазин «Колос»»: a reflexive verb's subject is what was opened
            made_rels = ("obj", "nsubj:pass", "nsubj") if verb.lemma.endswith("ся") else ("obj", "nsubj:pass")
            for made in sentence.kids(verb, *made_rels):
                if made.lemma in VEHICLE_NOUNS:
                    continue
                thing = argument(sentence, made, frozenset({FACILITY, ORGANIZATION}))
                if thing is None or not _named(thing) or fold(places[0].normal) in fold(thing.normal):
                    continue
                if thing.type == FACILITY:
                    yield "located_in", thing, places[0]
                elif made.lemma in ESTABLISHMENT_NOUNS:
                    yield "based_in", thing, places[0]


def _class_noun_before(sentence: ParsedSentence, place_head):
    """The class noun of a quoted name that ends right before «в X» («завод «Искра» в Твери»)."""
    preposition = next((c for c in sentence.kids(place_head, "case") if c.lemma in {"в", "на"}), None)
    before = [t for t in sentence.tokens if preposition is not None and t.stop <= preposition.start]
    if len(before) < 3 or before[-1].text != "»":
        return None
    opening = next((i for i in range(len(before) - 1, -1, -1) if before[i].text == "«"), None)
    if opening is None or opening == 0:
        return None
    noun = before[opening - 1]
    if noun.lemma not in CLASS_NOUNS or noun.lemma in VEHICLE_NOUNS or _genitive_owner(sentence, noun):
        return None
    return noun


def _placed_by(sentence: ParsedSentence, place_head, noun) -> bool:
    """The place hangs off the name, or the name is what a verb opened or built: right after its
    object, «в X» says where the thing was opened, however the parser attached it."""
    builder = sentence.head(noun)
    if builder is not None and builder.lemma in BUILD_VERBS:  # «построит завод «Х» в Твери»: not there yet
        return noun.rel in {"obj", "nsubj:pass"} and _done(sentence, builder)
    governor = sentence.head(place_head)
    return governor is not None and (governor is noun or sentence.head(governor) is noun)


def _done(sentence: ParsedSentence, verb) -> bool:
    """«открыла», «был открыт», «открытый»: a past action, never a future or a planned one."""
    if sentence.planned(verb):
        return False
    feats = verb.feats
    return feats.get("Tense") == "Past" or feats.get("VerbForm") == "Part" and feats.get("Voice") == "Pass"


def _genitive_owner(sentence: ParsedSentence, noun) -> bool:
    """«делегация завода «Искра» в Москве»: a genitive owner's «в X» belongs to what it owns."""
    return noun.rel == "nmod" and noun.feats.get("Case") == "Gen" and not sentence.preposition(noun)


def _placeable(place: Argument) -> bool:
    """A place these grammars may put a thing in: a town under its nominative name (see settlement)."""
    return _nominative_known(place) and settlement(place)


def _nominative_known(place: Argument) -> bool:
    """A place name the dictionary does not know keeps its oblique form as its "normal" one."""
    return place.normal != place.text or morph().parse(place.normal.split()[-1])[0].is_known


# Branches are named as branches: «филиал банка работает в Казани» says nothing of the bank's home.
_BRANCH_NOUNS = frozenset("филиал представительство отделение подразделение офис дочка".split())
_PRESENT_PARTICIPLE = re.compile(r"(?:ащ|ящ|ущ|ющ)(?:ий|ая|ее|ие|его|ей|ему|им|ую|ем|их|ими)(?:ся)?$")
_HEAD_OFFICE_ADJECTIVES = frozenset({"головной", "центральный"})


def _place_phrase(sentence: ParsedSentence, head) -> Argument | None:
    """The named place of «в Казани», «в посёлке Ольховка», «на территории Каменногорска» (the
    territory of a place is the place), in the locative; None for anything else."""
    if head.feats.get("Case") != "Loc":
        return None
    preposition = sentence.preposition(head)
    if head.lemma == "территория" and preposition == "на":
        owners = [c for c in sentence.kids(head, "nmod") if _bare_genitive(sentence, c)]
        head = owners[0] if len(owners) == 1 else None
    elif preposition != "в":
        return None
    span = sentence.article.span_of.get(head.id) if head is not None else None
    named_place = span is not None and span.type == "LOC" or head is not None and CLASS_NOUNS.get(head.lemma) == PLACE
    place = argument(sentence, head, frozenset({PLACE})) if named_place else None
    if place is None or not _nominative_known(place) or not place.normal[:1].isupper():
        return None
    return place if settlement(place) else None


# A region holds every town in it, and the graph does not know which town lies where: «банк работает
# в Тверской области» would make «Какие организации базируются в Тверской области?» miss every
# company of Твери. So these grammars place things in settlements only.
_REGION_WORDS = frozenset("область край район республика округ регион федерация россия".split())


def settlement(place: Argument) -> bool:
    return not _REGION_WORDS & set(fold(place.normal).split())


def _bare_genitive(sentence: ParsedSentence, token) -> bool:
    return token.feats.get("Case") == "Gen" and not sentence.preposition(token)


def _one_place(sentence: ParsedSentence, verb) -> Argument | None:
    """The one named place a verb is in: «работает в Казани и Москве» names no single home."""
    found = []
    for child in sentence.kids(verb, "obl"):
        place = _place_phrase(sentence, child)
        if place is not None:
            found.append(place)
            if len(sentence.conjuncts(child)) > 1:
                return None
    return found[0] if len(found) == 1 else None


def _holders(sentence: ParsedSentence, verb) -> list:
    """Who a present-state verb speaks of: its subject, the noun a relative «который» stands for
    («завод, который находится в Твери»), or the noun a participle describes («компания,
    расположенная в Твери»)."""
    if verb.pos == "VERB" and verb.feats.get("VerbForm") == "Fin":
        if verb.feats.get("Tense") != "Pres" or any(k.lemma == "быть" for k in sentence.kids(verb)):
            return []
        subjects = sentence.kids(verb, "nsubj")
        relative = [s for s in subjects if s.lemma == "который"]
        if relative:
            antecedent = sentence.head(verb) if verb.rel.startswith("acl") else None
            return [antecedent] if antecedent is not None else []
        return subjects
    if verb.rel in {"acl", "amod"} and _present_participle(verb):
        antecedent = sentence.head(verb)
        return [antecedent] if antecedent is not None else []
    if verb.feats.get("Variant") == "Short" and _present_participle(verb):  # «компания зарегистрирована в Твери»
        return [] if any(k.lemma == "быть" for k in sentence.kids(verb)) else sentence.kids(verb, "nsubj", "nsubj:pass")
    return []


# Passive participles that state where a thing is, not an event: «расположен», «зарегистрирована».
_STATE_PARTICIPLES = {"расположить": "расположен", "зарегистрировать": "зарегистрирован"}


def _present_participle(verb) -> bool:
    """«находящийся», «работающая», «расположенный» (a state, not an action); never «находившийся»."""
    text = fold(verb.text)
    return bool(_PRESENT_PARTICIPLE.search(text)) or _STATE_PARTICIPLES.get(verb.lemma, "@") in text


class PlacedByClause:
    """«компания «Вектор», расположенная в Твери», «завод «Искра», который находится в Твери»,
    «компания «Вектор», базирующаяся в Твери», «компания зарегистрирована в Твери» -> based_in /
    located_in: the same present state as «находится в», said in a participle or a relative
    clause (a registered seat is a home). A past form («находившийся») was."""

    triggers = frozenset({"находиться", "располагаться", "расположить", "базироваться", "зарегистрировать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or sentence.negated(verb):
                continue
            finite = verb.feats.get("VerbForm") == "Fin"
            holders = _holders(sentence, verb)
            if finite and not any(h.lemma == "который" for h in sentence.kids(verb, "nsubj")):
                continue  # a plain subject is LocatedStatements' (and «базируется» the verb pattern's)
            place = _one_place(sentence, verb) if holders else None
            for holder in holders if place is not None else []:
                yield from _placed(sentence, holder, place)


class OperatingIn:
    """«Хлебозавод «Каравай» работает в Заречье с 1968 года», «в Твери действует компания «Вектор»»,
    «компания «Вектор», работающая в Твери» -> based_in: a named organization that works in one
    named place is based there. Present only («работал» was, «будет работать» is a plan); a branch
    («филиал банка работает в Казани») is no home of its owner; two places name no single home."""

    triggers = frozenset({"работать", "действовать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or sentence.negated(verb):
                continue
            holders = [h for h in _holders(sentence, verb) if h.lemma not in _BRANCH_NOUNS]
            if any(sentence.preposition(c) in _TASK_PREPOSITIONS for c in sentence.kids(verb, "obl")):
                continue  # «работает в Казани над проектом / на объекте»: a job away, not a home
            place = _one_place(sentence, verb) if holders else None
            for holder in holders if place is not None else []:
                organization = argument(sentence, holder, frozenset({ORGANIZATION}))
                if organization is None or not _named_here(organization):
                    continue
                if fold(place.normal) not in fold(organization.normal):
                    yield "based_in", organization, place


_TASK_PREPOSITIONS = frozenset({"над", "на"})


def _named_here(thing: Argument) -> bool:
    """Named in this very sentence: «команда» standing for «Сокол» may be away on a trip."""
    return "«" in thing.text or thing.text[:1].isupper()


class HeadOffices:
    """«в головном офисе банка «Заречный» в Верхнеозёрске», «штаб-квартира компании «Вектор» в
    Казани» -> based_in(owner, place): a head office is where the organization is based (any other
    office is a branch)."""

    triggers = frozenset({"офис", *HEADQUARTERS_NOUNS})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for noun in sentence.tokens:
            if noun.lemma not in self.triggers or not _head_office(sentence, noun):
                continue
            owners = [c for c in sentence.kids(noun, "nmod") if _bare_genitive(sentence, c)]
            if len(owners) != 1:
                continue
            owner = argument(sentence, owners[0], frozenset({ORGANIZATION}))
            if owner is None or not _named(owner):
                continue
            # the parser hangs «в Верхнеозёрске» off the office or off its owner alike
            places = [
                p
                for host in (noun, owners[0])
                for c in sentence.kids(host, "nmod")
                for p in [_place_phrase(sentence, c)]
                if p is not None
            ]
            if len(places) == 1 and fold(places[0].normal) not in fold(owner.normal):
                yield "based_in", owner, places[0]


def _head_office(sentence: ParsedSentence, noun) -> bool:
    if noun.lemma in HEADQUARTERS_NOUNS:
        return True
    return any(a.lemma in _HEAD_OFFICE_ADJECTIVES for a in sentence.kids(noun, "amod"))


_EVENT_PLACE_VERBS = frozenset({"открыться", "завершиться", "стартовать", "закрыться"})


class EventPlaces:
    """Where a named event took place: «выставка «ТехноВолга» открылась в Казани» (its opening or
    closing there), and «открыл Северореченский форум в Верхнеозёрске» (the place hung off the
    event, in a sentence of a past, done action). An event still to come («форум, который пройдёт в
    Верхнеозёрске», «обсудят на форуме в Твери») has not taken place anywhere."""

    triggers = _EVENT_PLACE_VERBS | frozenset(lemma for lemma, kind in CLASS_NOUNS.items() if kind == EVENT)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        events = frozenset({EVENT})
        for token in sentence.tokens:
            if token.lemma in _EVENT_PLACE_VERBS and _past_fact(sentence, token):
                place = _one_place(sentence, token)
                for subject in sentence.kids(token, "nsubj") if place is not None else []:
                    event = argument(sentence, subject, events)
                    if event is not None:
                        yield "took_place_in", event, place
            elif CLASS_NOUNS.get(token.lemma) == EVENT:
                yield from self._placed_event(sentence, token)

    @staticmethod
    def _placed_event(sentence: ParsedSentence, noun) -> Iterator[Fact]:
        places = [p for c in sentence.kids(noun, "nmod") for p in [_place_phrase(sentence, c)] if p is not None]
        # the event is the verb's own argument: «подтвердили участие в форуме» is no sign it took place
        verb = sentence.head(noun)
        if len(places) != 1 or verb is None or verb.pos != "VERB" or not _past_fact(sentence, verb):
            return
        event = argument(sentence, noun, frozenset({EVENT}))
        if event is not None and fold(places[0].normal) not in fold(event.normal):
            yield "took_place_in", event, places[0]


def _past_fact(sentence: ParsedSentence, verb) -> bool:
    """A finite past verb, not negated and not under a modal or a plan («должен был пройти»)."""
    feats = verb.feats
    if feats.get("VerbForm") != "Fin" or feats.get("Tense") != "Past" or sentence.negated(verb):
        return False
    return verb.rel not in {"xcomp", "csubj"}


class GenitivePlaces:
    """«школа «Исток» Бережанска», «компания «Вектор» Твери» -> based_in: a named town in the
    genitive right after an organization's quoted name is the town it belongs to."""

    triggers = frozenset({"»"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        tokens = sentence.tokens
        for i in range(1, len(tokens) - 1):
            place_head = _place_head_after(sentence, i) if tokens[i].text == "»" else None
            noun = _class_noun_of_quote(sentence, i) if place_head is not None else None
            if noun is None or place_head.head_id not in _name_ids(sentence, noun):
                continue
            organization = argument(sentence, noun, frozenset({ORGANIZATION}))
            place = argument(sentence, place_head, frozenset({PLACE})) if organization is not None else None
            if place is None or not _placeable(place):
                continue
            if fold(place.normal) not in fold(organization.normal):
                yield "based_in", organization, place


def _name_ids(sentence: ParsedSentence, noun) -> set[str]:
    """The class noun and its name's words, where a genitive of the organization may hang."""
    return {noun.id} | {t.id for t in sentence.kids(noun, "appos", "flat:name")}


def _place_head_after(sentence: ParsedSentence, index: int):
    """The head of a genitive place right after a closing quote: «Бережанска», «Тверского района»."""
    span = sentence.article.span_of.get(sentence.tokens[index + 1].id)
    if span is None or span.type != "LOC":
        return None
    heads = [t for t in span.tokens if t.pos in {"NOUN", "PROPN"}]
    head = heads[-1] if heads else None
    if head is None or sentence.preposition(head) or span.tokens[0] is not sentence.tokens[index + 1]:
        return None
    # the tagger may read a name it does not know («Бережанска») as a nominative; its NER normal
    # form («Бережанск») then shows the word is oblique
    oblique = fold(span.normal or "") != fold(" ".join(t.text for t in span.tokens))
    return head if head.feats.get("Case") == "Gen" or oblique and head.feats.get("Case") != "Dat" else None


def _class_noun_of_quote(sentence: ParsedSentence, closing: int):
    """The organization class noun right before the quoted name that ends at `closing`."""
    tokens = sentence.tokens
    opening = next((j for j in range(closing - 1, -1, -1) if tokens[j].text == "«"), None)
    noun = tokens[opening - 1] if opening else None
    if noun is None or CLASS_NOUNS.get(noun.lemma) != ORGANIZATION or _genitive_owner(sentence, noun):
        return None
    return noun


# the grammars above that matchers.PATTERNS does not list one by one
PLACE_PATTERNS = (PlacedByClause(), OperatingIn(), HeadOffices(), EventPlaces(), GenitivePlaces())
