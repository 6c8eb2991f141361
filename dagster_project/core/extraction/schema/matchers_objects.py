"""Lists news states facts in: the winners of a prize named nomination by nomination, and the
founders of an organization.

News gives the results of a prize with nominations one clause each: «В номинации «Х» победила
компания «Ладья», в номинации «Y» — театр «Маяк»», «Победителем в номинации «Z» стал Олег Белов».
Each winner won the prize (won), but the winners of one nomination are not all the prize's, so
the grammar reads the article as a whole and yields its winners only when it can read every
nomination the article names:

- the article names exactly one prize or contest (the one its nominations belong to);
- it gives two nominations or more: a story of one nomination («компания «Ладья» победила в
  номинации «Х»») tells a local win and leaves the other nominations out;
- every clause «в номинации «Х» ...» states its winners as done («победил», «стал победителем»,
  «признан лучшим», «занял первое место»), each item one named person or organization, and every
  nomination has one clause (a second place, a future «будет вручена», a negation, «в том числе»
  or any item that is no name makes the article's list unreadable, and it yields nothing);
- a count of nominations the article states («в трёх номинациях») equals the nominations read;
- no other sentence names winners apart from the nominations («Победителями конкурса стали ...»).
"""

from __future__ import annotations

from collections.abc import Iterator

from .arguments import Argument, ParsedSentence, argument
from .lexicon import CONTEST_NOUNS, PRIZE_NOUNS
from .matchers_people import finished
from .relations import EVENT, ORGANIZATION

Fact = tuple[str, Argument, Argument]

# «в номинации «Х»», «в категории «Х»»: the parts of a prize each with winners of its own
_NOMINATIONS = frozenset({"номинация", "категория"})
# Titles a nomination's winner takes: «победителем стала», «лауреатами признаны», «лучшей стала».
_WINNER_TITLES = frozenset({"победитель", "лауреат", "лучший", "обладатель"})
_DASHES = frozenset({"—", "–", "-"})
_COUNT_WORDS = {"два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8}
_COUNT_WORDS |= {"девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12}


class NominationWinners:
    """«В номинации «Х» победила компания «Ладья», в номинации «Y» — театр «Маяк»» -> won(Ладья,
    prize), won(Маяк, prize), when the article's nominations are read whole (module docstring)."""

    triggers = _NOMINATIONS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        winners, prize = _read_article(sentence)  # the article's nominations are read whole, or not at all
        if winners is None or prize is None:
            return
        for winner in winners.get(sentence.index, []):
            if winner.normal != prize.normal:
                yield "won", winner, prize


def _read_article(sentence: ParsedSentence) -> tuple[dict[int, list[Argument]] | None, Argument | None]:
    """The winners of the article's nominations by sentence, and the article's one prize; (None,
    None) when any nomination of it cannot be read."""
    from .matchers import _says_partial

    article = sentence.article
    prize = _one_prize(sentence)
    if prize is None:
        return None, None
    winners: dict[int, list[Argument]] = {}
    names: list[str] = []
    counts: list[int] = []
    for index, sent in enumerate(article.sentences):
        if not any(t.lemma in _NOMINATIONS for t in sent.tokens):
            if any(_winner_title(t) or t.lemma == "победить" and finished(t) for t in sent.tokens):
                return None, None  # winners named apart from the nominations: which set is whole is not said
            continue
        part = sentence if index == sentence.index else ParsedSentence(sent, article, index)
        if _says_partial(part):
            return None, None
        counts += _counts(part)
        read = _read_sentence(part)
        if read is None:
            return None, None
        for name, members in read:
            names.append(name)
            winners.setdefault(index, []).extend(members)
    if len(names) < 2 or len(set(names)) != len(names) or any(c != len(names) for c in counts):
        return None, None
    return winners, prize


def _one_prize(sentence: ParsedSentence) -> Argument | None:
    """The one prize or contest the article names (in the nominative of its name)."""
    from .matchers import _more_names_after

    found: dict[str, Argument] = {}
    article = sentence.article
    for index, sent in enumerate(article.sentences):
        kinds = [t for t in sent.tokens if t.lemma in PRIZE_NOUNS | CONTEST_NOUNS]
        if not kinds:
            continue
        part = sentence if index == sentence.index else ParsedSentence(sent, article, index)
        for token in kinds:
            named = argument(part, token, frozenset({EVENT}))
            if named is not None and _more_names_after(part, token, named):
                return None  # «конкурсов «Х» и «Y»»: two contests, the nominations' one is not said
            if named is not None:
                found[named.normal] = named
    return next(iter(found.values())) if len(found) == 1 else None


def _counts(sentence: ParsedSentence) -> list[int]:
    """«в трёх номинациях», «в 5 номинациях»: how many nominations the sentence says there are."""
    found = []
    for token in sentence.tokens:
        if token.lemma not in _NOMINATIONS:
            continue
        for number in sentence.kids(token, "nummod", "nummod:gov", "amod"):
            value = int(number.text) if number.text.isdigit() else _COUNT_WORDS.get(number.lemma)
            if value is not None:
                found.append(value)
    return found


def _read_sentence(sentence: ParsedSentence) -> list[tuple[str, list[Argument]]] | None:
    """(nomination, winners) for every «в номинации «Х»» of the sentence, or None when one of them
    has no winners read whole. A plural «номинациях» with no name of its own only counts them."""
    tokens = sentence.tokens
    text = sentence.article.text
    starts = []  # (index of the nomination word, index of the token after its quoted name, name)
    for i, token in enumerate(tokens):
        if token.lemma not in _NOMINATIONS:
            continue
        if token.feats.get("Number") == "Plur":
            continue  # «в трёх номинациях»: the count, checked apart
        close = quoted_name_end(tokens, i + 1)
        if close is None:
            return None  # «в этой номинации»: which one is not said
        starts.append((i, close, text[tokens[i + 1].stop : tokens[close - 1].start].strip()))
    if not starts:
        return []
    shared_verb = None
    read = []
    for n, (_, after, name) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(tokens)
        # the words between this name and the next nomination, without the «, в» that opens the next
        segment = _trim(tokens[after:end])
        lead = tokens[: starts[0][0]] if n == 0 else []
        verb = _winning_verb(sentence, segment + lead)
        dashed = bool(segment) and segment[0].text in _DASHES
        if dashed and verb is not None and verb in lead:
            # «Лауреатами премии «Х» стали: в номинации «А» — Анна Котова; в номинации «Б» — ...»
            region, shared_verb = segment[1:], verb
        elif dashed and verb is None and shared_verb is not None:
            region = segment[1:]  # «, в номинации «Y» — театр «Маяк»»: the first clause's verb
        elif verb is not None and verb in segment:
            region = [t for t in segment if t.start > verb.stop and not _title_word(sentence, t)]
            shared_verb = verb
        else:
            return None
        members = _members(sentence, region)
        if members is None:
            return None
        read.append((name, members))
    return read


def quoted_name_end(tokens: list, at: int) -> int | None:
    """The index after the closing quote of a name that opens at `at` («номинации «Х»», «сухогруз «Омшанка»»)."""
    if at >= len(tokens) or tokens[at].text != "«":
        return None
    depth = 0
    for index in range(at, len(tokens)):
        depth += {"«": 1, "»": -1}.get(tokens[index].text, 0)
        if depth == 0:
            return index + 1
    return None


def _trim(segment: list) -> list:
    """Without the words that open the next nomination's clause: «, в», «; в», «а в»."""
    while segment and (segment[-1].pos in {"ADP", "CCONJ", "PUNCT"} or segment[-1].lemma == "также"):
        if segment[-1].text in {"»", ")"}:
            break
        segment = segment[:-1]
    return segment


def _winning_verb(sentence: ParsedSentence, words: list):
    """The one verb of the words that states a win as done: «победила», «стал победителем», «признан
    лучшим», «заняла первое место»; None for any other verb (a plan, a second place, a negation)."""
    verbs = [t for t in words if t.pos in {"VERB", "AUX"} and t.lemma != "быть"]
    if len(verbs) != 1 or sentence.negated(verbs[0]) or sentence.planned(verbs[0]):
        return None
    verb = verbs[0]
    titled = any(_winner_title(t) for t in words)
    if verb.lemma in {"победить", "стать"} and finished(verb):
        return verb if verb.lemma == "победить" or titled else None
    if verb.lemma == "занять" and finished(verb):
        first = any(t.lemma == "место" and _first_place(sentence, t) for t in words)
        return verb if first else None
    passive = verb.feats.get("VerbForm") == "Part" and verb.feats.get("Voice") == "Pass"
    return verb if verb.lemma == "признать" and passive and titled else None


def _winner_title(token) -> bool:
    """«победителем», «лауреатами», «лучшей» (the tagger gives «лучший» the lemma «хороший»)."""
    best = token.lemma == "хороший" and token.text.lower().startswith("лучш")
    return (token.lemma in _WINNER_TITLES or best) and token.feats.get("Case") == "Ins"


def _first_place(sentence: ParsedSentence, place) -> bool:
    return any(k.lemma in {"первый", "1-й", "1-е"} for k in sentence.kids(place, "amod", "nummod"))


def _title_word(sentence: ParsedSentence, token) -> bool:
    """«победителем», «лучшей», «первое место»: the words of the win, no part of a winner's name."""
    if _winner_title(token):
        return True
    return token.lemma in {"место", "первый"} and token.id not in sentence.article.span_of


def _members(sentence: ParsedSentence, region: list) -> list[Argument] | None:
    from .matchers import _item_member
    from .matchers_lists import marked_list_items

    items = marked_list_items(region, sentence.article.text)
    if not items or any(gives_a_reason and not words for words, gives_a_reason, _ in items):
        return None
    members = [_item_member(sentence, _before_preposition(words)) for words, _, _ in items]
    if any(m is None for m in members) or len({m.normal for m in members}) != len(members):
        return None
    return members


def _before_preposition(words: list) -> list:
    """«компания «Ладья» с проектом «Луч»»: a phrase after the name says with what it won, and its
    quoted name is no winner."""
    for index, token in enumerate(words):
        if token.pos == "ADP" and any(t.pos in {"NOUN", "PROPN"} for t in words[:index]):
            return words[:index]
    return words


class FounderLists:
    """«Учредителями фонда «Исток» выступили компания «Ладья» и банк «Окский»», «Учредителем
    ассоциации «Север» стал университет «Маяк»», «Компания «Ладья» и банк «Окский» стали учредителями
    фонда «Исток»» -> founded(each founder, organization). The organization is the founder title's
    own genitive, and named; the founders a whole list of named people or organizations (a list with
    «в том числе» or an item that names nobody gives nothing); a founder stated as done («стали»,
    «выступили») or as is («являются»), never a plan («выступят») or a negation."""

    triggers = frozenset({"учредитель", "соучредитель"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _list_members, _says_partial

        if _says_partial(sentence):
            return
        for title in sentence.tokens:
            verb = sentence.head(title)
            if title.lemma not in self.triggers or title.feats.get("Case") != "Ins" or not _founding(sentence, verb):
                continue
            owners = [o for o in sentence.kids(title, "nmod") if o.feats.get("Case") == "Gen"]
            if len(owners) != 1 or sentence.preposition(owners[0]):
                continue
            organization = argument(sentence, owners[0], frozenset({ORGANIZATION}))
            founders = _list_members(sentence, verb, title) if organization is not None else None
            for founder in founders or []:
                if founder.normal != organization.normal:
                    yield "founded", founder, organization


def _founding(sentence: ParsedSentence, verb) -> bool:
    """«стали», «выступили» (done) or «являются» (now) a founder; never «не», «будут», «выступят»."""
    if verb is None or sentence.negated(verb) or sentence.planned(verb):
        return False
    if verb.lemma in {"стать", "выступить"}:
        return finished(verb)
    feats = verb.feats
    return verb.lemma == "являться" and feats.get("VerbForm") == "Fin" and feats.get("Tense") == "Pres"


class FirstPlacesOfTheLead:
    """«Подведены итоги конкурса «Умный город». Первое место заняла компания «Ладья», второе — театр
    «Маяк»» -> won(Ладья, Умный город): results news names its contest in the lead and then the
    places; first place is the win (a second or third place is none). The contest is the one the
    two sentences before name (a contest, an olympiad, a tournament or a cup, whose places are
    final when news gives them); the first place stated as done, with no other thing it is first in
    («в рейтинге», «в таблице»); the winners a whole list; an article with nominations has a first
    place in each (NominationWinners)."""

    triggers = frozenset({"место"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _says_partial, earlier_prize
        from .matchers_lists import in_nominations

        if _says_partial(sentence) or in_nominations(sentence):
            return
        for place in sentence.tokens:
            verb = sentence.head(place)
            if place.lemma != "место" or place.rel != "obj" or verb is None or verb.lemma != "занять":
                continue
            if not finished(verb) or sentence.negated(verb) or not _first_place(sentence, place):
                continue
            if any(sentence.preposition(c) for c in sentence.kids(verb, "obl") + sentence.kids(place, "nmod")):
                continue  # «в конкурсе «Х»» is Placings'; «в рейтинге», «среди страховщиков» are no contest
            contest = earlier_prize(sentence, _FINAL_PLACE_CONTESTS)
            winners = _first_placed(sentence, verb) if contest is not None else None
            for winner in winners or []:
                if winner.normal != contest.normal:
                    yield "won", winner, contest


_FINAL_PLACE_CONTESTS = frozenset({"конкурс", "олимпиада", "турнир", "кубок"})


def _first_placed(sentence: ParsedSentence, verb) -> list[Argument] | None:
    """Who took the place: the subjects before the verb, or the list after it up to the next place
    («..., второе — театр «Маяк»»), every item one named person or organization."""
    from .matchers import _item_member
    from .matchers_events import _subjects
    from .matchers_lists import read_list

    subjects = sentence.kids(verb, "nsubj")
    if not subjects or subjects[0].start < verb.start:
        return _subjects(sentence, verb)
    region = []
    for token in (t for t in sentence.tokens if t.start > verb.stop):
        if token.lemma in _LATER_PLACES and region and region[-1].text == ",":
            region = region[:-1]  # «, второе — ...»: the next place, no more winners
            break
        region.append(token)
    return read_list(sentence, region, _item_member)


_LATER_PLACES = frozenset({"второй", "третий", "2-й", "3-й", "2-е", "3-е"})


class FieldLaureates:
    """«Лауреатами премии губернатора Тихоморского края стали: в области науки — Анна Котова, в области
    культуры — Олег Белов и театр «Маяк»» -> won(each, prize): a list after a colon split by field
    («в ... — names») names all the prize's laureates of that sentence, each field's list whole (an
    item that names nobody drops the sentence); the prize named in the title or the lead."""

    triggers = frozenset({"лауреат", "победитель"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _colon_after, _declares, _prize, _says_partial
        from .matchers_lists import cut_list, in_nominations

        if _says_partial(sentence) or cut_list(sentence) or in_nominations(sentence):
            return  # an article of nominations is NominationWinners' to read whole
        for title in sentence.tokens:
            verb = sentence.head(title)
            if title.lemma not in self.triggers or title.feats.get("Case") != "Ins" or not _declares(verb):
                continue
            if not _colon_after(sentence, verb):
                continue
            prize = _prize(sentence, title)
            after_colon = [t for t in sentence.tokens if t.start >= verb.stop][1:]
            laureates = _by_field(sentence, after_colon) if prize else None
            for laureate in laureates or []:
                if laureate.normal != prize.normal:
                    yield "won", laureate, prize


def _by_field(sentence: ParsedSentence, region: list) -> list[Argument] | None:
    """The members of «в науке — A, в культуре — B и C»: a field opens with a preposition after the
    list's start, a comma or a «;», and its names follow a dash; None unless every field reads whole."""
    fields: list[list] = []
    for index, token in enumerate(region):
        opens = token.pos == "ADP" and (index == 0 or region[index - 1].text in {",", ";"})
        if opens:
            if fields and fields[-1] and fields[-1][-1].text in {",", ";"}:
                fields[-1] = fields[-1][:-1]
            fields.append([])
        if not fields:
            return None
        fields[-1].append(token)
    if len(fields) < 2:
        return None
    members: list[Argument] = []
    for field in fields:
        dashes = [i for i, t in enumerate(field) if t.text in _DASHES]
        found = _members(sentence, [t for t in field[dashes[0] + 1 :] if t.text != "."]) if dashes else None
        if found is None:
            return None
        members += found
    return members if len({m.normal for m in members}) == len(members) else None
