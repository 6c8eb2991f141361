"""Officials titled by the region or district the article named before: «министр здравоохранения
области Роман Тихонов», «глава региона Олег Мельников», «заместитель губернатора области Пётр Ли».

News names the region once («Северореченская область») and then writes «области», «региона»,
«района» in every title. Such an owner is resolved only when the article named exactly one place of
that kind before it (ANAPHORIC_PLACE_SYNONYMS: «регион» stands for an «область», a «край» or a
«республика»); with two or none it stays unresolved and the title yields nothing, as a title with
no owner («министр экономики Марина Крылова») does. A head of the place heads it; any other post is
held with the place's name in it («министр здравоохранения Северореченской области»).

Appointment lists (AppointmentLists): «Назначены: Иван Ли — министром транспорта области, Анна
Котова — министром культуры», «Иван Ли назначен министром транспорта; Анна Котова — министром
культуры»: each name with its own post after a dash, all of them or none.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ...common.russian import fold, inflect_phrase, lemma_key, syntax_normal_form
from .arguments import Argument, ParsedSentence, argument, entity_argument
from .lexicon import (
    ANAPHORIC_PLACE_SYNONYMS,
    COACH_ROLES,
    FORMER_MARKERS,
    HEAD_ROLES,
    PLAN_WORDS,
    POSITION_NOUNS,
)
from .matchers_people import (
    APPOSITION_MARKS,
    is_role_noun,
    leaves_post,
    linear_post,
    post_argument,
    title_holder,
)
from .relations import ORGANIZATION, PERSON, PLACE

Fact = tuple[str, Argument, Argument]

# Heads of a place: «глава района», «губернатор области», «руководитель региона».
PLACE_HEAD_ROLES = frozenset({"глава", "губернатор", "руководитель", "мэр"})
_ANAPHORIC_MODIFIERS = frozenset({"этот", "данный", "наш"})
_DASHES = frozenset({"—", "–", "-"})
# A title governed by these ends with the sentence: «отставка министра ...», «освобождение главы ...».
_LEAVING_NOUNS = frozenset({"отставка", "увольнение", "освобождение", "уход"})


def earlier_place(sentence: ParsedSentence, token, kinds: frozenset[str] | None = None) -> Argument | None:
    """The one place of the bare class noun's kind the article named before `token` («Северореченская
    область» for «области»), or None when it named two or none. `kinds`: the class nouns of the
    places wanted, when `token` is no class noun itself (a governor's deputy: the region's)."""
    if kinds is None:
        kinds = ANAPHORIC_PLACE_SYNONYMS.get(token.lemma)
        if kinds is None or not _bare(sentence, token):
            return None
    article = sentence.article
    found: dict[str, Argument] = {}
    for index, sent in enumerate(article.sentences):
        previous = None
        for word in sent.tokens:
            if word.start >= token.start:
                break
            if word.lemma in kinds:
                place = _place_named_by(sentence, index, sent, word, previous)
                if place is not None:
                    found.setdefault(lemma_key(place.normal), place)
            previous = word
        if sent.stop > token.start:
            break
    if len(found) != 1:
        return None
    (place,) = found.values()
    return Argument(token.text, place.normal, PLACE)


def _place_named_by(sentence: ParsedSentence, index: int, sent, word, previous) -> Argument | None:
    """The place whose name `word` ends: a place NER found («Северореченская область»), or a proper
    adjective and the noun inside another name («Правительство Ольшанской области»)."""
    article = sentence.article
    span = article.span_of.get(word.id)
    if span is not None and span.type == "LOC":
        if span.tokens[-1].id != word.id:
            return None
        context = sentence if index == sentence.index else ParsedSentence(sent, article, index)
        place = entity_argument(context, span.tokens[0])
        return place if place is not None and place.type == PLACE else None
    proper = (
        previous is not None
        and previous.pos == "ADJ"
        and previous.text[:1].isupper()
        and previous is not sent.tokens[0]
        and previous.feats.get("Case") == word.feats.get("Case")
    )
    if not proper:
        return None
    normal = syntax_normal_form([previous, word])
    return Argument(f"{previous.text} {word.text}", normal[:1].upper() + normal[1:], PLACE)


def _bare(sentence: ParsedSentence, token) -> bool:
    """A singular lower-case class noun with no words of its own: «области», not «соседней области»
    or «Тверской области»."""
    if token.pos != "NOUN" or token.feats.get("Number") != "Sing" or token.text[:1].isupper():
        return False
    if sentence.article.span_of.get(token.id) is not None:
        return False  # a part of a place's own name
    return all(k.lemma in _ANAPHORIC_MODIFIERS or k.rel in {"punct", "case"} for k in sentence.kids(token))


def _genitive_owners(sentence: ParsedSentence, role) -> list:
    """The role's chain of genitives without a preposition: «министр | здравоохранения | области»;
    a coordinated genitive goes on with it: «министр транспорта и дорожного хозяйства | области»."""
    chain, frontier = [], [role]
    while frontier:
        current = frontier.pop()
        owners = sentence.kids(current, "nmod")
        owners += [c for c in sentence.kids(current, "conj") if current is not role and c.pos == "NOUN"]
        for owner in owners:
            if not sentence.preposition(owner) and owner.feats.get("Case") == "Gen":
                chain.append(owner)
                frontier.append(owner)
    return sorted(chain, key=lambda t: t.start)


class RegionalTitles:
    """«глава региона Олег Мельников» -> heads(Олег Мельников, Северореченская область); «министр
    здравоохранения области Роман Тихонов» -> holds_position(Роман Тихонов, министр здравоохранения
    Северореченской области); a title the holder leaves («ушёл в отставку») or held before
    («бывший глава района») -> formerly_headed, never heads."""

    triggers = (HEAD_ROLES | POSITION_NOUNS) - COACH_ROLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if not sentence.lemmas & ANAPHORIC_PLACE_SYNONYMS.keys():
            return
        for role in sentence.tokens:
            if role.lemma not in self.triggers or not is_role_noun(sentence, role):
                continue
            chain = _genitive_owners(sentence, role)
            if not chain or chain[-1].lemma not in ANAPHORIC_PLACE_SYNONYMS:
                continue
            place = earlier_place(sentence, chain[-1])
            holder = title_holder(sentence, role) if place is not None else None
            if holder is None:
                continue
            former = bool({c.lemma for c in sentence.kids(role, "amod")} & FORMER_MARKERS) or leaves_post(
                sentence, role
            )
            if getattr(sentence.head(role), "lemma", "") in _LEAVING_NOUNS:
                continue  # «принял отставку министра ... Вероники Зарубиной»: she holds it no more
            if role.lemma in PLACE_HEAD_ROLES and chain == [chain[-1]] and _plain_head(sentence, role):
                yield ("formerly_headed" if former else "heads"), holder, place
            elif role.lemma not in HEAD_ROLES and not former:
                post = _post_with_place(sentence, role, chain[-1], place)
                if post is not None:
                    yield "holds_position", holder, post


def _plain_head(sentence: ParsedSentence, role) -> bool:
    """«глава района», «временно исполняющий ...» excluded: only «бывший», «новый», ... before it."""
    from .matchers import _role_relation  # matchers imports this module

    return _role_relation(sentence, role) in {"heads", "formerly_headed"}


def _post_with_place(sentence: ParsedSentence, role, owner, place: Argument) -> Argument | None:
    """The post with the place's name for its bare noun: «министр здравоохранения области» ->
    «министр здравоохранения Северореченской области»."""
    from .matchers import _role_phrase  # matchers imports this module

    post = _role_phrase(sentence, role)
    genitive = inflect_phrase(place.normal, "gent")
    if post is not None and fold(post.normal).endswith(" " + fold(genitive)):
        return post  # the post's reading named the place already (place_owners.with_place_owner)
    if post is None or not post.normal.endswith(" " + owner.text):
        return None
    if fold(genitive) == fold(place.normal):
        return None  # not inflected: the name would stand in the nominative inside the post
    return replace(post, normal=post.normal[: -len(owner.text)] + genitive)


class AppointmentLists:
    """«Назначены: Иван Ли — министром транспорта, Анна Котова — министром культуры области» and
    «Иван Ли назначен министром транспорта, Анна Котова — министром культуры» -> appointed_to for
    every name with its post. Each item is a person's name, a dash and a role noun in the
    instrumental; the list stops at the sentence's end, and an item of another shape (no dash, no
    post, a name without a title) drops the whole list. A plan («будут назначены») yields nothing."""

    triggers = frozenset({"назначить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        verb = next((v for v in sentence.tokens if _appointed(sentence, v)), None)
        if verb is None:
            return
        first = _subject_item(sentence, verb)
        items = _dash_items(sentence, verb, first[0].text if first is not None else "")
        items = [first, *items] if first is not None and items else items
        if len(items) < 2:
            return  # one name and post is the single appointment Appointments reads
        for person, post in items:
            yield "appointed_to", person, post


def _appointed(sentence: ParsedSentence, verb) -> bool:
    """«назначены», «назначен(а)» (a past short participle) or «назначил» in a done past."""
    if verb.lemma != "назначить" or verb.feats.get("Aspect") != "Perf" or sentence.negated(verb):
        return False
    if verb.feats.get("VerbForm") == "Part" and verb.feats.get("Voice") == "Pass":
        return not sentence.planned(verb)
    return verb.feats.get("VerbForm") == "Fin" and verb.feats.get("Tense") == "Past"


def _dash_items(sentence: ParsedSentence, verb, first: str = "") -> list[tuple[Argument, Argument]]:
    """(person, post) of each «<name> — <role>ом ...» item, in order, or [] if any item is not one.
    `first`: the name, as written, of the item before the dashes, if any."""
    tokens = sentence.tokens
    starts = [i for i, t in enumerate(tokens) if _person_first(sentence, t) and i > 0]
    starts = [i for i in starts if _opens_item(tokens, i, verb) and not _written(sentence, tokens[i], first)]
    items = []
    for i in starts:
        span = sentence.article.span_of[tokens[i].id]
        after = next((j for j, t in enumerate(tokens) if t.start >= span.tokens[-1].stop), len(tokens))
        if after + 1 >= len(tokens) or tokens[after].text not in _DASHES:
            return []
        role = tokens[after + 1]
        if role.lemma not in POSITION_NOUNS or role.feats.get("Case") != "Ins":
            return []
        person = entity_argument(sentence, tokens[i])
        post = linear_post(sentence, role)
        if person is None or person.type != PERSON or post is None:
            return []
        items.append((person, post))
    names = {t.id for i in starts for t in sentence.article.span_of[tokens[i].id].tokens}
    others = [
        t
        for t in tokens
        if _person_first(sentence, t)
        and t.id not in names
        and t.start > verb.start
        and not _written(sentence, t, first)
    ]
    return [] if others else items  # a name after the verb outside the items: a list of another shape


def _person_first(sentence: ParsedSentence, token) -> bool:
    span = sentence.article.span_of.get(token.id)
    return span is not None and span.type == "PER" and span.tokens[0].id == token.id


def _opens_item(tokens: list, at: int, verb) -> bool:
    """A name after the verb that opens an item: after «:», «,», «;», «а», «и», or the verb itself;
    or the subject right before «назначен» («Иван Ли назначен министром ..., Анна Котова — ...»)."""
    previous = tokens[at - 1]
    if tokens[at].start > verb.start:
        return previous.text in {":", ",", ";"} | APPOSITION_MARKS or previous.lemma in {"а", "и"} or previous is verb
    return False


def _subject_item(sentence: ParsedSentence, verb) -> tuple[Argument, Argument] | None:
    """The first item, before the dashes: «Иван Ли назначен министром транспорта, ...» (the subject
    before the participle, the role right after it) or «назначил Ивана Ли министром транспорта, а
    ...» (the object, the role right after its name)."""
    tokens = sentence.tokens
    if verb.feats.get("VerbForm") == "Part":
        people = [s for s in sentence.kids(verb, "nsubj:pass") if s.start < verb.start]
        before_role = verb
    else:
        people = [o for o in sentence.kids(verb, "obj") if _person_first(sentence, o) or o.rel == "obj"]
        span = sentence.article.span_of.get(people[0].id) if len(people) == 1 else None
        before_role = span.tokens[-1] if span is not None and span.type == "PER" else None
    at = next((i for i, t in enumerate(tokens) if before_role is not None and t.id == before_role.id), None)
    role = tokens[at + 1] if at is not None and at + 1 < len(tokens) else None
    if len(people) != 1 or role is None or role.lemma not in POSITION_NOUNS or role.feats.get("Case") != "Ins":
        return None
    person = entity_argument(sentence, people[0])
    post = linear_post(sentence, role)
    return (person, post) if person is not None and person.type == PERSON and post is not None else None


class Elections:
    """«Иван Ли избран председателем Законодательного собрания Ольшанской области», «Главой
    Кимрского округа переизбран Пётр Ли», «депутаты избрали председателем совета Анну Котову» ->
    heads(person, body): an election is reported when it happens, as «возглавил» is (TookTheLead),
    so a sentence dated to another year, an earlier time or a plan gives nothing. «Заместителями
    председателя собрания избраны X и Y» -> holds_position for each, when the post names its owner.
    A head's post with two names (no body has two chairs) or a list with an item that is no person
    gives nothing."""

    triggers = frozenset({"избрать", "переизбрать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _names_an_owner, _role_owners, _role_relation  # matchers imports this module
        from .matchers_careers import _elected
        from .matchers_people import TookTheLead

        if sentence.lemmas & (PLAN_WORDS | TookTheLead._EARLIER) or TookTheLead._dated_to_another_year(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma not in self.triggers or sentence.negated(verb):
                continue
            roles = _elected_roles(sentence, verb)
            people = _every_person(sentence, _elected(sentence, verb))
            if len(roles) != 1 or not people:
                continue
            role = roles[0]
            if role.lemma in HEAD_ROLES:
                if len(people) == 1 and _role_relation(sentence, role) == "heads":
                    # the nearest owner: a later genitive the parser hangs on the role is the owner's own
                    # («председателем собрания | области»), never a second body the person heads
                    for owner in sorted(_role_owners(sentence, role), key=lambda t: t.start)[:1]:
                        body = argument(sentence, owner, frozenset({ORGANIZATION, PLACE}))
                        # «Ректором медицинского университета избрана ...»: an argument read from the
                        # title's own words is the post, not the body
                        if body is not None and fold(role.text) not in fold(body.text):
                            yield "heads", people[0], body
            elif _names_an_owner(sentence, role):
                post = post_argument(sentence, role)
                for person in people if post is not None else []:
                    yield "holds_position", person, post


def _elected_roles(sentence: ParsedSentence, verb) -> list:
    """Role nouns of «избран председателем ...» (an instrumental without a preposition) or «избран на
    должность главы ...»."""
    roles = []
    for child in sentence.kids(verb, "obl", "xcomp", "nmod", "obj"):
        if child.lemma in {"должность", "пост"} and sentence.preposition(child) == "на":
            roles += [n for n in sentence.kids(child, "nmod") if n.lemma in POSITION_NOUNS]
        elif child.lemma in POSITION_NOUNS and child.feats.get("Case") == "Ins" and not sentence.preposition(child):
            roles.append(child)
    return roles


def _every_person(sentence: ParsedSentence, heads: list) -> list[Argument]:
    """Every person of «избраны X и Y», or none when an item is no person."""
    listed = sentence.conjuncts(heads[0]) if len(heads) == 1 else heads
    people = [argument(sentence, head, frozenset({PERSON})) for head in listed]
    return [p for p in people if p is not None] if people and all(people) else []


POST_PATTERNS = (RegionalTitles(), AppointmentLists(), Elections())


def appointment_list(sentence: ParsedSentence) -> bool:
    """Whether the sentence is a list of appointments AppointmentLists reads (the single-appointment
    grammar would run its posts together)."""
    return any(True for _ in AppointmentLists().match(sentence)) if "назначить" in sentence.lemmas else False


def _written(sentence: ParsedSentence, token, name: str) -> bool:
    """The person's name starting at `token` is written as `name`."""
    span = sentence.article.span_of.get(token.id)
    return bool(name) and span is not None and sentence.surface(list(span.tokens)) == name
