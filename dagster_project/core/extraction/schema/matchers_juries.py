"""A jury listed in full: «В состав жюри вошли A (председатель), B, C и D», «В жюри фестиваля «Х»
вошли A, B и C», «Жюри возглавил A. В его состав также вошли B и C.» -> judged(each, event).

News of a festival, a contest or a prize names its jury in one sentence near the end, and names
all of it: the jury is what the reader may check the result against. The event is the genitive
of «жюри» («жюри фестиваля «Х»») or else the one festival, contest or prize the sentences before
name. The grammar keeps the jury whole or gives nothing:
- every item of the list names one person (a «сомелье, технологи и представители ...» names none);
- the sentence says nothing partial («в том числе», «среди них», «и другие»), and a count it gives
  («вошли пять человек:») is the number of names;
- a «также» list is whole only with the chair the sentence before names («Жюри возглавил A.»);
- no other sentence names a jury member the list leaves out (a chair, «член жюри»), nor adds one;
- a relative clause closing the list («..., чья оратория прозвучала впервые») belongs to the last
  name, and the list ends there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .arguments import Argument, ParsedSentence, _folded, argument
from .matchers_lists import read_list
from .matchers_lists2 import _NUMBERS, _lead, _lead_prize
from .matchers_people import finished
from .relations import EVENT, ORGANIZATION, PERSON

Fact = tuple[str, Argument, Argument]

_EVENTS = frozenset({EVENT})
_JURY = "жюри"
_RELATIVE = frozenset({"который", "чей"})
# «Кроме того, в жюри вошли ...», «помимо него»: the list adds to members named elsewhere; «впервые
# вошли», «вновь вошли»: it names the newcomers or the returning only, not the whole body.
_MORE_WORDS = frozenset({"кроме", "помимо"})
_MORE_ADVERBS = frozenset({"ещё", "еще", "впервые", "вновь", "снова"})


def _adds_to_others(sentence: ParsedSentence, verb) -> bool:
    """«Кроме того, в жюри вошли», «В совет впервые вошли»: the words before the list say it is not
    all of the body (a «впервые» inside a member's relative clause says nothing of the list)."""
    if any(t.lemma in _MORE_WORDS for t in sentence.tokens if t.start < verb.start):
        return True
    return any(k.lemma in _MORE_ADVERBS for k in sentence.kids(verb, "advmod"))


# Words of another sentence that tie a person to the jury: «председатель жюри А», «член жюри Б».
_JURY_ROLES = frozenset({"председатель", "член", "возглавить", "возглавлять", "войти", "включить"})


class JuryLists:
    """«В состав жюри вошли главный режиссёр театра Роман Шестаков (председатель), актриса Дарья
    Мельникова и критик Вера Злобина» after a lead naming the festival «Шорьинская весна» ->
    judged(each, Шорьинская весна)."""

    triggers = frozenset({_JURY, "состав"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _item_member, _says_partial

        verb = _joining_verb(sentence)
        if verb is None or _says_partial(sentence):
            return
        jury, also = _jury_of(sentence, verb)
        if jury is None or _adds_to_others(sentence, verb) or _one_of_several(sentence, jury):
            return
        event = _named_event(sentence, jury)
        region = _list_region(sentence, verb)
        if event is None or region is None:
            return
        words, count = region
        members = read_list(sentence, words, _person_member(_item_member))
        if not members or (count is not None and count != len(members)):
            return
        if _names_left_out(sentence, words, members) or _counted_otherwise(sentence, frozenset({_JURY}), len(members)):
            return
        if also:
            chair = _chair_before(sentence)
            if chair is None:
                return
            members = [chair, *members]
        keys = {_folded(m.normal) for m in members}
        if len(keys) < max(2, len(members)) or _member_named_elsewhere(sentence, keys, also):
            return
        for member in members:
            yield "judged", member, event


def _person_member(item_member):
    def member(sentence: ParsedSentence, words: list) -> Argument | None:
        found = item_member(sentence, words)
        return found if found is not None and found.type == PERSON else None

    return member


def _joining_verb(sentence: ParsedSentence):
    """The one «вошли» of the sentence, a done and stated fact."""
    verbs = [v for v in sentence.tokens if v.lemma == "войти" and v.pos == "VERB"]
    if len(verbs) != 1:
        return None
    verb = verbs[0]
    if not finished(verb) or sentence.negated(verb) or sentence.planned(verb):
        return None
    return verb


def _jury_of(sentence: ParsedSentence, verb):
    """(the «жюри» token the verb's «в (состав) жюри» names, whether the list says «также»); a
    «в его состав» after a sentence about the jury stands for the jury («Жюри возглавил А. В его
    состав также вошли ...»), returned as the «состав» token."""
    also = any(t.lemma == "также" for t in sentence.tokens)
    for token in sentence.tokens:
        if token.start > verb.start:
            break
        if token.lemma == _JURY and _into(sentence, token, verb):
            return token, also
        if token.lemma == "состав" and _into(sentence, token, verb):
            owners = [o for o in sentence.kids(token, "nmod", "det") if o.start < token.start or o.lemma == _JURY]
            if any(o.lemma == _JURY for o in owners):
                return next(o for o in owners if o.lemma == _JURY), also
            if any(o.lemma == "он" or o.text.lower() == "его" for o in owners) and _chair_before(sentence):
                return token, also
    return None, also


def _one_of_several(sentence: ParsedSentence, jury) -> bool:
    """«В международное жюри вошли», «жюри в категории «Короткий метр»»: a festival may have several
    juries, and a jury with an adjective or a section of its own is one of them."""
    if jury.lemma != _JURY:
        return False
    if sentence.kids(jury, "amod"):
        return True
    return any(sentence.preposition(k) for k in sentence.kids(jury, "nmod"))


def _into(sentence: ParsedSentence, token, verb) -> bool:
    """«в жюри» / «в состав жюри» governed by the verb: «в» opens the phrase right before the noun."""
    if token.lemma == _JURY:
        head = sentence.head(token)
        if head is not None and head.lemma == "состав":
            return _into(sentence, head, verb)
    marks = [k.lemma for k in sentence.kids(token, "case")]
    return marks == ["в"] and sentence.head(token) is verb


def _named_event(sentence: ParsedSentence, jury) -> Argument | None:
    """The event of «жюри фестиваля «Х»», else the one prize, contest or festival of the lead."""
    if jury.lemma == _JURY:
        owners = [o for o in sentence.kids(jury, "nmod") if o.feats.get("Case") == "Gen"]
        if owners:
            return argument(sentence, owners[0], _EVENTS) if len(owners) == 1 else None
    return _lead_prize(_lead(sentence)) or _quoted_lead_event(_lead(sentence))


def _quoted_lead_event(lead: list[ParsedSentence]) -> Argument | None:
    """The one quoted festival, contest or prize of the lead, named by its quoted name alone, when
    every mention is that name, a longer form ending with it («XIX областной фестиваль любительских
    театров «Шорьинская весна»»), or a form the quoted name follows in the text."""
    names: set[str] = set()
    short: list[Argument] = []
    plain: list[Argument] = []
    for sentence in lead:
        for token in sentence.tokens:
            found = argument(sentence, token, _EVENTS) if token.lemma in _LEAD_EVENT_NOUNS else None
            if found is None:
                continue
            quoted = _QUOTED.search(found.text)
            if quoted is None:
                plain.append(found)
                continue
            names.add(_folded(quoted.group(1)))
            if _folded(found.normal) == _folded(quoted.group(1)):
                short.append(found)
    if len(names) != 1 or not short:
        return None
    event = short[0]
    text = lead[0].article.text
    return event if all(f"{p.text} «{event.normal}»" in text for p in plain) else None


_QUOTED = re.compile(r"«(.+)»$")
_LEAD_EVENT_NOUNS = frozenset({"премия", "конкурс", "фестиваль"})


def _list_region(sentence: ParsedSentence, verb) -> tuple[list, int | None] | None:
    """The words of the list after the verb, and the count «пять человек:» before a colon if any.
    A relative clause after the last name ends the list; a name after that clause would be one
    the list cut off, so there is no list."""
    tokens = sentence.tokens
    words = tokens[tokens.index(verb) + 1 :]
    count = None
    colon = next((i for i, t in enumerate(words) if t.text == ":"), None)
    if colon is not None:
        numbers = [t for t in words[:colon] if t.pos == "NUM"]
        if len(numbers) != 1 or colon > 3:
            return None
        number = numbers[0]
        count = int(number.text) if number.text.isdigit() else _NUMBERS.get(number.lemma)
        if count is None:
            return None
        words = words[colon + 1 :]
    for at, token in enumerate(words):
        if token.lemma in _RELATIVE and at and words[at - 1].text == ",":
            rest = words[at:]
            spans = sentence.article.span_of
            if any(spans.get(t.id) is not None and spans[t.id].type == "PER" for t in rest):
                return None
            words = words[: at - 1]
            break
    return (words, count) if words else None


def _names_left_out(sentence: ParsedSentence, words: list, members: list[Argument]) -> bool:
    """A name in the list's words no member is: «... и композитор Игорь Сметанин под председательством
    Олега Веснина» names a chair in the genitive, whom the items in the nominative leave out."""
    keys = {_folded(m.normal) for m in members}
    spans = {id(s): s for t in words for s in [sentence.article.span_of.get(t.id)] if s is not None}
    return any(span.type == "PER" and not _known(span, keys) for span in spans.values())


def _chair_before(sentence: ParsedSentence) -> Argument | None:
    """The person the sentence before says headed the jury: «Жюри возглавил писатель Герман Сабуров»."""
    from .matchers import _item_member

    if sentence.index == 0:
        return None
    article = sentence.article
    before = ParsedSentence(article.sentences[sentence.index - 1], article, sentence.index - 1)
    verbs = [v for v in before.tokens if v.lemma == "возглавить" or v.lemma == "возглавлять"]
    if len(verbs) != 1 or before.negated(verbs[0]) or verbs[0].feats.get("Tense") != "Past":
        return None
    verb = verbs[0]
    if not any(o.lemma == _JURY for o in before.kids(verb, "obj", "nsubj")):
        return None
    heads = [h for h in before.kids(verb, "nsubj", "obj") if h.lemma != _JURY]
    if len(heads) != 1:
        return None
    found = argument(before, heads[0], frozenset({PERSON})) or _item_member(before, before.subtree(heads[0]))
    return found if found is not None and found.type == PERSON else None


def _member_named_elsewhere(
    sentence: ParsedSentence, keys: set[str], chair_before: bool, body: frozenset[str] = frozenset({_JURY})
) -> bool:
    """Another sentence ties a person the list leaves out to the jury (or the board: all of `body`'s
    words in it) («председатель жюри Анна Котова»), or adds to it («в жюри также вошёл ...»). Who
    left a board («прежний совет покинули ...») is no member left out."""
    article = sentence.article
    for index, sent in enumerate(article.sentences):
        if index == sentence.index or (chair_before and index == sentence.index - 1):
            continue
        lemmas = {t.lemma for t in sent.tokens}
        if not body <= lemmas or not lemmas & _JURY_ROLES or lemmas & _LEAVING:
            continue
        for span in sent.spans:
            if span.type == "PER" and not _known(span, keys):
                return True
        if "также" in lemmas and "войти" in lemmas:
            return True
    return False


# Nouns whose count in a sentence about the body is the number of its members: «совет из 13 человек».
_MEMBER_COUNTS = frozenset({"человек", "член", "эксперт", "директор"})


def _counted_otherwise(sentence: ParsedSentence, body: frozenset[str], members: int) -> bool:
    """Another sentence about the body counts its members otherwise: «Собрание избрало совет директоров
    из 13 человек» before a list of two means the list names the newcomers only."""
    article = sentence.article
    for index, sent in enumerate(article.sentences):
        if index == sentence.index:
            continue
        other = ParsedSentence(sent, article, index)
        if not body <= other.lemmas:
            continue
        for number in other.tokens:
            noun = other.head(number) if number.rel in {"nummod", "nummod:gov"} else None
            if noun is None or noun.lemma not in _MEMBER_COUNTS:
                continue
            value = int(number.text) if number.text.isdigit() else _NUMBERS.get(number.lemma)
            if value != members:
                return True
    return False


def _known(span, keys: set[str]) -> bool:
    """Whether a name (in any case, a surname alone too) is one of the members: each of its words
    starts as a word of a member's name does («Олега Веснина», «Веснин»)."""
    words = [_folded(t.text) for t in span.tokens]
    return any(all(any(part[:4] == w[:4] for part in key.split()) for w in words) for key in keys)


# Words of a sentence about who left a body, not who sits on it.
_LEAVING = frozenset({"покинуть", "выйти", "прежний", "бывший"})


class BoardOfDirectorsLists:
    """«В совет директоров вошли пять человек: - председатель правления банка «Заречный» Дмитрий
    Ковалёв; - ...» after a lead naming the board «совет директоров «Надёжного щита»» ->
    on_board_of(each, Надёжный щит), by the rules of JuryLists: the whole board or nothing. The
    company is the genitive of «директоров» or the one company the lead names a board of directors
    of («совет директоров страховщика» names none and is passed over)."""

    triggers = frozenset({"директор"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _item_member, _says_partial

        verb = _joining_verb(sentence)
        if verb is None or _says_partial(sentence) or "также" in sentence.lemmas or _adds_to_others(sentence, verb):
            return
        board = _board_joined(sentence, verb)
        company = _board_company(sentence, board) if board is not None else None
        region = _list_region(sentence, verb) if company is not None else None
        if region is None:
            return
        words, count = region
        members = read_list(sentence, words, _person_member(_item_member))
        if not members or (count is not None and count != len(members)) or _names_left_out(sentence, words, members):
            return
        if _counted_otherwise(sentence, _BOARD_WORDS, len(members)):
            return
        keys = {_folded(m.normal) for m in members}
        if len(keys) < max(2, len(members)) or _member_named_elsewhere(sentence, keys, False, _BOARD_WORDS):
            return
        for member in members:
            yield "on_board_of", member, company


_BOARD_WORDS = frozenset({"совет", "директор"})


def _directors(sentence: ParsedSentence, board):
    """The «директоров» of «совет директоров», or None."""
    if board.lemma != "совет":
        return None
    owners = [k for k in sentence.kids(board, "nmod") if k.lemma == "директор" and k.feats.get("Case") == "Gen"]
    return owners[0] if owners else None


def _board_joined(sentence: ParsedSentence, verb):
    """The «совет» of «вошли в совет директоров» / «в (новый) состав совета директоров»."""
    for token in sentence.tokens:
        if token.start > verb.start:
            return None
        if _directors(sentence, token) is None:
            continue
        head = sentence.head(token)
        into = head if head is not None and head.lemma == "состав" else token
        into_verb = [k.lemma for k in sentence.kids(into, "case")] == ["в"] and sentence.head(into) is verb
        return token if into_verb else None
    return None


def _board_company(sentence: ParsedSentence, board) -> Argument | None:
    """The company of the joined board: its own genitive, else the one the lead names."""
    organizations = frozenset({ORGANIZATION})
    owners = _company_owners(sentence, board)
    if owners:
        return argument(sentence, owners[0], organizations) if len(owners) == 1 else None
    named: dict[str, Argument] = {}
    for before in _lead(sentence):
        for token in before.tokens:
            for owner in _company_owners(before, token) if _directors(before, token) is not None else []:
                found = argument(before, owner, organizations)
                if found is not None:
                    named.setdefault(_folded(found.normal), found)
    return next(iter(named.values())) if len(named) == 1 else None


def _company_owners(sentence: ParsedSentence, board) -> list:
    directors = _directors(sentence, board)
    if directors is None:
        return []
    return [o for o in sentence.kids(directors, "nmod") if o.feats.get("Case") == "Gen" and not sentence.preposition(o)]


JURY_PATTERNS = (JuryLists(), BoardOfDirectorsLists())
