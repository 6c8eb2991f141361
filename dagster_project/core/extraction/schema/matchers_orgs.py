"""Facts that tie organizations to their groups and people to their courts, which news states in passing.

«Мельничный комбинат «Жерновец» входит в агропромышленную группу «Полесье»» says the plant is part
of the group now: member_of(plant, group). «Входящий в холдинг «Полесье» завод «Колос»» says the same
in a participle. A plan («войдёт в холдинг»), a past («входил») or a negation says nothing.

«Судья Ольга Малахова отклонила доводы ответчика», «Дело рассматривает судья Ирина Соколова»: court
news names the judge by title only, and the court is the one the article says heard the case. So
the judge works at that court only when the article names exactly one court; a court named as the
place a decision «может быть обжаловано» has heard nothing yet, while an appeal court that ruled is
a second court and leaves the judge's court unsaid.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...common.russian import fold
from .anaphora import QUOTED_AFTER
from .arguments import Argument, ParsedSentence, argument
from .lexicon import CLASS_NOUNS, CLUB_NOUNS, COACH_ROLES, FORMER_MARKERS, HEAD_ROLES, PLAYER_ROLES, STAFF_ROLES
from .matchers_business import _named, described_organization
from .matchers_places import _placeable
from .relations import ORGANIZATION, PERSON, PLACE

Fact = tuple[str, Argument, Argument]

_ORGANIZATIONS = frozenset({ORGANIZATION})
_PEOPLE = frozenset({PERSON})

# Named wholes an organization is part of: «входит в группу / холдинг / госкорпорацию «Y»».
_GROUP_NOUNS = frozenset(
    {"группа", "холдинг", "агрохолдинг", "субхолдинг", "госкорпорация", "корпорация", "концерн", "объединение"}
)

# «входит в состав холдинга «Y»», «в структуру госкорпорации «Y»»: the group stands in the genitive.
_WHOLE_NOUNS = frozenset({"состав", "структура"})


class GroupMembership:
    """«X входит в (лесопромышленную) группу «Y»», «... в состав / в структуру холдинга «Y»», «входящий в
    холдинг «Y» завод «X»» -> member_of(X, Y).
    The group is the quoted name right after its class noun (the parser often hangs that name on
    the subject instead); the member is the verb's named subject or the noun the participle describes."""

    triggers = frozenset({"входить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma != "входить" or sentence.negated(verb) or sentence.planned(verb):
                continue
            group = self._group(sentence, verb)
            members = self._members(sentence, verb) if group is not None else []
            if not members:
                continue
            named = all(m is not None and _named(m) and fold(m.normal) != fold(group.normal) for m in members)
            if named and group.descriptor == "группа" and any(_team(sentence, m) for m in members):
                continue  # «команда «Сокол» входит в группу «Б» турнира»: a draw, not a company group
            if named and len({m.normal for m in members}) == len(members):  # a name read twice is a misread list
                for member in members:
                    yield "member_of", member, group

    @staticmethod
    def _group(sentence: ParsedSentence, verb) -> Argument | None:
        """The named group of «в группу «Y»»: the words right after the verb, so a list or a
        second object («входит в группу «Y» и в ассоциацию ...») is read only up to its first name."""
        tokens = sentence.tokens
        i = tokens.index(verb) + 1
        if i >= len(tokens) or tokens[i].lemma != "в":
            return None
        i += 1
        case = "Acc"
        if i + 1 < len(tokens) and tokens[i].lemma in _WHOLE_NOUNS and tokens[i].feats.get("Case") == "Acc":
            i, case = i + 1, "Gen"  # «в состав / в структуру холдинга «Y»»
        while i < len(tokens) and tokens[i].pos == "ADJ" and tokens[i].text.islower():
            i += 1
        if i >= len(tokens) or tokens[i].lemma not in _GROUP_NOUNS or tokens[i].feats.get("Case") != case:
            return None
        noun = tokens[i]
        if noun.lemma == "группа" and i + 1 < len(tokens) and tokens[i + 1].lemma == "компания":
            noun = tokens[i + 1]  # «в группу компаний «Y»»: the name follows the whole phrase
        quoted = QUOTED_AFTER.match(sentence.article.text, noun.stop)
        if quoted is None or not quoted.group(1).strip():
            return None
        if tokens[i].feats.get("Number") != "Sing":
            return None
        name = quoted.group(1).strip()
        return Argument(f"{tokens[i].text} «{name}»", name, ORGANIZATION, tokens[i].lemma)

    @staticmethod
    def _members(sentence: ParsedSentence, verb) -> list[Argument | None]:
        """Every member the subject lists (««Колос» и «Жернов» входят в ...»); one unnamed item
        leaves a None, so the list gives all its members or none."""
        feats = verb.feats
        if feats.get("VerbForm") == "Fin":
            if feats.get("Tense") != "Pres" or any(k.lemma == "быть" for k in sentence.kids(verb)):
                return []
            subjects = sentence.kids(verb, "nsubj")
            if len(subjects) != 1:
                return []
            return [argument(sentence, s, _ORGANIZATIONS) for s in sentence.conjuncts(subjects[0])]
        if feats.get("VerbForm") == "Part" and feats.get("Tense") == "Pres" and verb.rel in {"acl", "amod"}:
            found = _participle_holder(sentence, verb)
            return [found] if found is not None else []
        return []


def _participle_holder(sentence: ParsedSentence, verb) -> Argument | None:
    """The named organization a present participle describes: its head, or the class noun right after
    the group's name («входящий в холдинг «Y» завод «X»», which the parser may attach to «Y»)."""
    tokens = sentence.tokens
    closing = next((j for j in range(tokens.index(verb) + 1, len(tokens)) if tokens[j].text == "»"), None)
    after = tokens[closing + 1] if closing is not None and closing + 1 < len(tokens) else None
    if after is not None and after.pos == "NOUN":
        found = argument(sentence, after, _ORGANIZATIONS)
        if found is not None and "«" in found.text:
            return found
    head = sentence.head(verb)
    return argument(sentence, head, _ORGANIZATIONS) if head is not None else None


# Nouns that name a part of an organization: «филиал», «структурное подразделение» («подразделение» alone
# may be a unit of anything, «подразделение МЧС» a team sent somewhere).
_UNIT_NOUNS = frozenset({"филиал", "подразделение"})


class Units:
    """«Лаборатория «Геотоп» — структурное подразделение университета «Х»», «центр «Исток», филиал
    компании «Вектор», ...», «филиал «Тверьэнерго» компании «Вектор»» -> member_of(unit, organization):
    a named branch or structural unit is part of its genitive owner now (a former one, «бывший филиал»,
    or a plan, «станет филиалом», is in another case or form and says nothing)."""

    triggers = _UNIT_NOUNS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for noun in sentence.tokens:
            if noun.lemma not in _UNIT_NOUNS or noun.feats.get("Case") != "Nom" or not _current_unit(sentence, noun):
                continue
            owners = [
                a
                for c in sentence.kids(noun, "nmod")
                if c.feats.get("Case") == "Gen" and not sentence.preposition(c) and c.lemma in CLASS_NOUNS
                for a in [argument(sentence, c, _ORGANIZATIONS)]
                if a is not None and "«" in a.text
            ]
            unit = _unit(sentence, noun)
            if len(owners) == 1 and unit is not None and fold(unit.normal) != fold(owners[0].normal):
                yield "member_of", unit, owners[0]


def _current_unit(sentence: ParsedSentence, noun) -> bool:
    adjectives = {k.lemma for k in sentence.kids(noun, "amod")}
    if adjectives & FORMER_MARKERS or any(k.lemma == "быть" for k in sentence.kids(noun, "cop", "aux")):
        return False
    return noun.lemma == "филиал" or "структурный" in adjectives


def _unit(sentence: ParsedSentence, noun) -> Argument | None:
    """The named unit: its own quoted name («филиал «Тверьэнерго»»), the subject of the noun as a predicate
    («X — филиал Y»), or the name it stands in apposition to («X, филиал Y, ...»)."""
    quoted = QUOTED_AFTER.match(sentence.article.text, noun.stop)
    if quoted is not None and quoted.group(1).strip():
        name = quoted.group(1).strip()
        return Argument(f"{noun.text} «{name}»", name, ORGANIZATION, noun.lemma)
    found = described_organization(sentence, noun, _ORGANIZATIONS)
    return found if found is not None and "«" in found.text else None


def _team(sentence: ParsedSentence, member: Argument) -> bool:
    from .matchers import _club  # matchers imports this module

    return member.descriptor in CLUB_NOUNS or bool(sentence.lemmas & CLUB_NOUNS) or _club(sentence, member)


# A judge's modifiers that keep the title current and at a court: «федеральный судья», «председательствующий
# судья»; «мировой судья» sits at a court district, «бывший судья» has left.
_JUDGE_MODIFIERS = frozenset({"федеральный", "председательствующий"})
# Words of a sentence that names where a decision may still go: that court has heard nothing yet.
_APPEAL_WORDS = frozenset({"обжаловать", "обжалование", "жалоба", "обжаловаться"})
# Words of a story in which a higher court took part, whether or not the article names it.
_HIGHER_COURT_WORDS = frozenset({"апелляционный", "кассационный", "инстанция", "апелляция", "кассация"})


class CourtJudges:
    """«Судья Ольга Малахова ...», «дело рассматривает судья Ирина Соколова» -> works_at(judge, court),
    the court being the one court the article names as hearing the case."""

    triggers = frozenset({"судья"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for noun in sentence.tokens:
            if noun.lemma != "судья" or noun.pos != "NOUN" or noun.feats.get("Number") != "Sing":
                continue
            own_court = _own_court(sentence, noun)
            others = [k for k in sentence.kids(noun, "amod", "nmod", "nummod") if k.lemma not in _JUDGE_MODIFIERS]
            if own_court is None and others:
                continue  # «мировой судья», «судья матча», «бывший судья»: no judge of the article's court
            people = [p for k in sentence.kids(noun, "appos", "flat:name") for p in [_judge(sentence, noun, k)] if p]
            if len(people) != 1:
                continue
            court = own_court or (_collegium_court(sentence) if _presides_a_collegium(sentence, noun) else None)
            court = court or _the_court(sentence)
            if court is not None:
                yield "works_at", people[0], court


def _presides_a_collegium(sentence: ParsedSentence, noun) -> bool:
    """«коллегия под председательством судьи X»: the judge presides over the bench of a court."""
    chair = sentence.head(noun)
    bench = sentence.head(chair) if chair is not None and chair.lemma == "председательство" else None
    return bench is not None and bench.lemma == "коллегия"


def _collegium_court(sentence: ParsedSentence) -> Argument | None:
    """The one court whose bench («судебная коллегия по уголовным делам областного суда») the article
    names: an appeal story names the lower court too, but the bench is the higher court's."""
    article = sentence.article
    courts: dict[str, Argument] = {}
    for index, sent in enumerate(article.sentences):
        context = sentence if index == sentence.index else ParsedSentence(sent, article, index)
        for token in context.tokens:
            bench = context.head(token) if token.lemma == "суд" and token.feats.get("Case") == "Gen" else None
            if bench is None or bench.lemma != "коллегия" or context.preposition(token):
                continue
            found = argument(context, token, _ORGANIZATIONS)
            if found is not None and found.normal[:1].isupper():
                courts.setdefault(fold(found.normal), found)
    return next(iter(courts.values())) if len(courts) == 1 else None


def _own_court(sentence: ParsedSentence, noun) -> Argument | None:
    """«судья Арбитражного суда Озерской области Ольга Малахова»: the court the title names itself, when
    it is the title's only modifier."""
    modifiers = sentence.kids(noun, "amod", "nmod", "nummod")
    if len(modifiers) != 1 or modifiers[0].lemma != "суд" or modifiers[0].feats.get("Case") != "Gen":
        return None
    if sentence.preposition(modifiers[0]):
        return None
    court = argument(sentence, modifiers[0], _ORGANIZATIONS)
    return court if court is not None and court.normal[:1].isupper() and len(court.normal.split()) > 2 else None


def _judge(sentence: ParsedSentence, noun, token) -> Argument | None:
    span = sentence.article.span_of.get(token.id)
    if span is None or span.type != "PER":
        return None
    person = argument(sentence, token, _PEOPLE)
    if person is None or len(person.normal.split()) < 2:
        return None
    if noun.feats.get("Case") == "Nom" and all(t.pos == "PROPN" for t in span.tokens):
        # a name in apposition to a nominative «судья» is nominative as written: the tagger may read
        # «Елена Чудинова» as «Чудинов»'s genitive and its normal form would change her surname
        written = " ".join(t.text for t in span.tokens)
        if len(written.split()) == len(person.normal.split()):
            return Argument(person.text, written, PERSON, person.descriptor)
    return person


def _the_court(sentence: ParsedSentence) -> Argument | None:
    """The one court the article names, outside sentences on where a decision may be appealed; None
    when it names two (an appeal court that ruled, a district court beside an arbitration one) or a
    court it cannot name in full."""
    article = sentence.article
    courts: dict[str, Argument] = {}
    for index, sent in enumerate(article.sentences):
        context = sentence if index == sentence.index else ParsedSentence(sent, article, index)
        appeal = bool(_APPEAL_WORDS & context.lemmas)
        if not appeal and _HIGHER_COURT_WORDS & context.lemmas:
            return None  # «апелляционная инстанция оставила решение в силе»: a second court heard the case
        for token in context.tokens:
            if token.lemma != "суд" or token.pos not in {"NOUN", "PROPN"}:
                continue
            own = context.kids(token, "amod", "nmod", "appos", "flat", "flat:name")
            if appeal and own:
                continue  # «может быть обжаловано в Тринадцатый арбитражный апелляционный суд»
            found = argument(context, token, _ORGANIZATIONS)
            if found is None or not found.normal[:1].isupper():
                if own:
                    return None  # a court the text describes but does not name: it may be another one
                continue  # a bare «суд» refers back to the court already named
            courts.setdefault(fold(found.normal), found)
    distinct = [c for key, c in courts.items() if not any(_shortened(key, other) for other in courts)]
    return distinct[0] if len(distinct) == 1 else None


def _shortened(short: str, full: str) -> bool:
    """«Арбитражный суд» of a headline is the «Арбитражный суд Озерской области» of the text: its words
    begin the full name (never the middle of it: «Тринадцатый арбитражный апелляционный суд»)."""
    short_words, full_words = short.split(), full.split()
    return len(short_words) < len(full_words) and full_words[: len(short_words)] == short_words


# People an organization's name may follow as the genitive owner: «руководитель театра «Перрон» из
# Усть-Шорьинска» is the theatre's home whoever the «из» describes, since its staff are from there too.
_PEOPLE_OF_AN_ORGANIZATION = HEAD_ROLES | STAFF_ROLES | COACH_ROLES | PLAYER_ROLES | frozenset({"режиссёр", "режиссер"})


# Prepositions of a party to an action («с командой «Кедр» из Новосибирска», «у клуба ...»), after which
# «из X» can only describe the party.
_PARTY_PREPOSITIONS = frozenset({"", "у", "с", "со", "от", "к", "над"})


def from_goes_elsewhere(sentence: ParsedSentence, name) -> bool:
    """«на завод «Искра» из Твери привезли», «станки для завода «Искра» из Германии»: after a direction or
    a purpose, «из X» may go with the verb or the goods, not with the organization named before it."""
    noun = sentence.head(name) if name.rel in {"appos", "flat", "flat:name"} else name
    noun = noun if noun is not None and noun.lemma in CLASS_NOUNS else name
    return sentence.preposition(noun) not in _PARTY_PREPOSITIONS


class NamedFrom:
    """«народному театру «Зеркало» из Кедровска», «команда «Кремень» из Кремнегорска» -> based_in: the
    words «class noun «Name» из Town» in a row, read on the surface, since the parser often hangs the
    name on a later noun («... «Зеркало» из Кедровска за спектакль ...»). Not after a direction («на
    завод «Искра» из Твери привезли»: «из» goes with the verb) and not when the name's noun owns a thing
    («груз компании «Вектор» из Новороссийска» came from there; the company need not be)."""

    triggers = frozenset({"из"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        tokens = sentence.tokens
        for i, word in enumerate(tokens):
            if word.lemma != "из" or i < 3 or tokens[i - 1].text != "»" or i + 1 >= len(tokens):
                continue
            opening = next((j for j in range(i - 2, 0, -1) if tokens[j].text in {"«", "»"}), None)
            noun = tokens[opening - 1] if opening is not None and tokens[opening].text == "«" else None
            if noun is None or CLASS_NOUNS.get(noun.lemma) != ORGANIZATION or not self._own_phrase(sentence, noun):
                continue
            place = _genitive_place_at(sentence, i + 1)
            organization = argument(sentence, noun, _ORGANIZATIONS) if place is not None else None
            if organization is None or "«" not in organization.text:
                continue
            if fold(place.normal) not in fold(organization.normal):
                yield "based_in", organization, place

    @staticmethod
    def _own_phrase(sentence: ParsedSentence, noun) -> bool:
        if from_goes_elsewhere(sentence, noun):
            return False
        owned = sentence.head(noun) if noun.rel == "nmod" and noun.feats.get("Case") == "Gen" else None
        return owned is None or owned.lemma in _PEOPLE_OF_AN_ORGANIZATION


def _genitive_place_at(sentence: ParsedSentence, index: int) -> Argument | None:
    """The named town whose NER span starts at `index`, in the genitive («из Усть-Шорьинска»)."""
    first = sentence.tokens[index]
    span = sentence.article.span_of.get(first.id)
    if span is None or span.type != "LOC" or span.tokens[0] is not first:
        return None
    heads = [t for t in span.tokens if t.pos in {"NOUN", "PROPN"}]
    if not heads or heads[-1].feats.get("Case") not in {"Gen", None}:
        return None
    place = argument(sentence, heads[-1], frozenset({PLACE}))
    return place if place is not None and _placeable(place) else None


ORG_PATTERNS = (GroupMembership(), CourtJudges(), NamedFrom(), Units())
