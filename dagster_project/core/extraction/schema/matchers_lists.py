"""Grammars of facts news states as lists: grants handed to several recipients, and laureates
announced in one sentence and listed in the next.

Both follow the rules of the list grammars in matchers.py: a result stated as done (a future
«получат» names nobody yet), every item of the list one named person or organization (a set must
be complete), or nothing at all.
"""

from __future__ import annotations

from collections.abc import Iterator

from .arguments import Argument, ParsedSentence, argument, phrase_argument
from .lexicon import (
    CHIEF_STAFF_ROLES,
    CLASS_NOUNS,
    FEMININE_STAFF_ROLES,
    MORE_STAFF_ROLES,
    POSITION_NOUNS,
    PRIZE_NOUNS,
    STAFF_ROLES,
    SUBUNIT_NOUNS,
)
from .matchers_people import _planned, finished, finished_verbs
from .relations import EVENT, ORGANIZATION, PERSON

_EVENTS = frozenset({EVENT})

Fact = tuple[str, Argument, Argument]

# Words that stand for a person's title in a list: posts, staff roles, degrees and callings
# («доктор экономических наук, генеральный директор компании Олег Белов», «режиссёр Анна Котова»).
TITLE_NOUNS = (
    POSITION_NOUNS
    | STAFF_ROLES
    | CHIEF_STAFF_ROLES
    | FEMININE_STAFF_ROLES
    | MORE_STAFF_ROLES
    | frozenset(
        "доктор кандидат академик член-корреспондент член режиссёр режиссер писатель поэт художник композитор "
        "дирижёр дирижер актёр актер актриса артист артистка журналист архитектор".split()
    )
)
# Scholarly and artistic callings a jury or a board list gives before a comma and the title with the
# name («и филолог, профессор университета Ольга Чагина»).
TITLE_NOUNS |= frozenset(
    "филолог историк искусствовед критик культуролог музыковед литературовед краевед хормейстер скульптор "
    "фотограф сценарист продюсер хореограф балетмейстер".split()
)
GRANT_NOUNS = frozenset({"грант", "субсидия"})
# Who hands a grant: «фонд выделил гранты A и B», «министерство предоставило субсидии A и B».
GRANTING_VERBS = frozenset({"выделить", "предоставить", "присудить", "вручить"})
# Who holds what a list names: «обладателями грантов фонда «Х» стали A и B».
HOLDER_TITLES = frozenset({"лауреат", "победитель", "обладатель", "получатель", "грантополучатель"})


class GrantAwards:
    """«Фонд «Исток» выделил гранты институту физики моря и компании «Ладья»» ->
    received_grant_from(each recipient, фонд): the recipients are the datives of the verb or of the
    grant noun, the grantor is the verb's subject. Only a grant handed already; «выделит» is a plan."""

    triggers = GRANT_NOUNS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _subject_heads  # one grammar of subjects

        organizations = frozenset({ORGANIZATION})
        for verb in sentence.tokens:
            if verb.lemma not in GRANTING_VERBS or not finished(verb):
                continue
            grants = [g for g in sentence.kids(verb, "obj") if g.lemma in GRANT_NOUNS]
            if not grants or sentence.negated(verb):
                continue
            grantors = [a for a in (argument(sentence, t, organizations) for t in _subject_heads(sentence, verb)) if a]
            recipients = _recipients_after(sentence, grants[0]) if grantors else None
            for grantor in grantors:
                for recipient in recipients or []:
                    if recipient.normal != grantor.normal:
                        yield "received_grant_from", recipient, grantor


def _recipients_after(sentence: ParsedSentence, grant) -> list[Argument] | None:
    """«гранты | институту «Океан» и компании «Ладья»»: the list after the grant noun, read in order
    (the parser takes a dative «компании» for a genitive and breaks the list), each item one named
    organization; None for any other item («на исследования»), so a set is never cut short."""
    from .matchers import _list_items

    region = [t for t in sentence.tokens if t.start > grant.stop]
    items = _list_items(region)
    found = []
    for item in items:
        nouns = [t for t in item if t.pos in {"NOUN", "PROPN"}]
        recipient = (
            (argument(sentence, nouns[0], frozenset({ORGANIZATION})) or subunit_owner(sentence, nouns[0]))
            if nouns
            else None
        )
        if recipient is None or sentence.preposition(nouns[0]):
            return None
        found.append(recipient)
    return found if len({r.normal for r in found}) == len(found) else None


class GrantHolderLists:
    """«Обладателями грантов фонда «Исток» стали A, B и C», «получателями субсидий министерства
    признаны A и B» -> received_grant_from(each, the grantor named in the genitive of the grant)."""

    triggers = HOLDER_TITLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _declares, _list_members

        for title in sentence.tokens:
            verb = sentence.head(title)
            if title.lemma not in HOLDER_TITLES or title.feats.get("Case") != "Ins" or not _declares(verb):
                continue
            grants = [
                g for g in sentence.kids(title, "nmod") if g.lemma in GRANT_NOUNS and g.feats.get("Case") == "Gen"
            ]
            # «обладателями грантов фонда «Х»»: the parser hangs the grantor on the grant or on the title
            owners = [
                owner
                for host in grants + [title] * bool(grants)
                for owner in sentence.kids(host, "nmod")
                if owner.lemma not in GRANT_NOUNS
                and owner.feats.get("Case") == "Gen"
                and not sentence.preposition(owner)
            ]
            grantors = [a for a in (argument(sentence, o, frozenset({ORGANIZATION})) for o in owners[:1]) if a]
            members = _list_members(sentence, verb, title) if grantors else None
            for member in members or []:
                for grantor in grantors:
                    if member.normal != grantor.normal:
                        yield "received_grant_from", member, grantor


class AnnouncedLaureates:
    """«Объявлены лауреаты премии «Золотое перо». Ими стали A, B и C.» -> won(each, prize): «ими»
    stands for the laureates (or winners) of the sentence right before, which must name one prize
    or contest."""

    triggers = frozenset({"они"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _declares, _list_members

        if sentence.index == 0 or in_nominations(sentence):
            return
        for pronoun in sentence.tokens:
            verb = sentence.head(pronoun)
            if pronoun.lemma != "они" or pronoun.feats.get("Case") != "Ins" or not _declares(verb):
                continue
            prize = self._announced_prize(sentence)
            members = _list_members(sentence, verb, pronoun) if prize is not None else None
            for member in members or []:
                yield "won", member, prize

    @staticmethod
    def _announced_prize(sentence: ParsedSentence) -> Argument | None:
        """The one prize whose laureates or winners the sentence before names: «лауреаты премии «Х»»."""
        before = ParsedSentence(sentence.article.sentences[sentence.index - 1], sentence.article, sentence.index - 1)
        prizes = {
            a.normal: a
            for title in before.tokens
            if title.lemma in {"лауреат", "победитель"}
            for owner in before.kids(title, "nmod")
            if owner.feats.get("Case") == "Gen" and not before.preposition(owner)
            for a in [argument(before, owner, frozenset({EVENT}))]
            if a
        }
        return next(iter(prizes.values())) if len(prizes) == 1 else None


# A dash before an item's first word is a bullet; after its words it opens what the item is for.
_DASHES = frozenset({"—", "–"})
# Marks that open a line of a list set out line by line: «- A;», «• B».
_BULLETS = _DASHES | frozenset({"-", "•", "*", "·"})


def marked_list_items(region: list, text: str = "") -> list[tuple[list, bool, str]]:
    """The items of a list (_marked_items). Set out line by line, an item's reason after its dash runs
    to the line's end or «;», commas and «и» in it; a second dash there means two items run together
    on one line, and an item with no words stands for them (it names no member)."""
    region, run_together = _line_reasons_cut(region, text)
    items = _marked_items(region, text)
    return items + [([], False, _FRESH)] if run_together else items


def _line_reasons_cut(region: list, text: str) -> tuple[list, bool]:
    """The region without the words of the reasons of a list set out by lines (the dash kept), and
    whether a reason held a second dash."""
    if not region or not text or not _set_out_by_lines(region, text):
        return region, False
    kept: list = []
    depth, in_reason, words_on_line, run_together, previous = 0, False, False, False, None
    for token in region:
        if previous is not None and "\n" in text[previous.stop : token.start]:
            in_reason = words_on_line = False
        previous = token
        if in_reason and token.text not in {";", "."}:
            run_together = run_together or (depth == 0 and token.text in _DASHES)
            depth += {"«": 1, "(": 1, "»": -1, ")": -1}.get(token.text, 0)
            continue
        in_reason = in_reason and token.text == "."
        depth += {"«": 1, "(": 1, "»": -1, ")": -1}.get(token.text, 0)
        in_reason = in_reason or (depth == 0 and words_on_line and token.text in _DASHES)
        words_on_line = token.text != ";" and (words_on_line or token.text not in _BULLETS)
        kept.append(token)
    return kept, run_together


def _marked_items(region: list, text: str = "") -> list[tuple[list, bool, str]]:
    """The items of a list, each as (words, gives_a_reason, opener). A list splits on commas, «и»,
    «а также», «;» and (given the article's `text`) line breaks, never inside quotes or brackets.
    What follows a dash or a «за» after an item's words (« — за исследование течений») says why, and is
    no part of the item: gives_a_reason. The opener says what stood before the item: "fresh" (the
    list's start, a «;», a new line), "comma" or "and"; an item after a reason's comma or «и» may be
    more of that reason («за исследование течений и льдов»), one after a comma a title of a name."""
    items: list[tuple[list, bool, str]] = []
    current: list = []
    depth, aside, reasoned, opener, previous = 0, False, False, _FRESH, None

    def close(next_opener: str) -> None:
        nonlocal current, aside, reasoned, opener
        if current:
            items.append((current, reasoned, opener))
            opener = next_opener
        else:  # «, и» or «;» and a new line: the strongest mark opens the next item
            opener = min(opener, next_opener, key=_OPENERS.index)
        current, aside, reasoned = [], False, False

    for token in region:
        word = token.text
        new_line = previous is not None and "\n" in text[previous.stop : token.start]
        previous = token
        if depth == 0 and new_line:
            close(_FRESH)
        if depth == 0 and not current and not aside and word in _BULLETS | {":"}:
            continue
        depth += {"«": 1, "(": 1, "»": -1, ")": -1}.get(word, 0)
        if depth != 0:
            if not aside:
                current.append(token)
        elif word in _DASHES or (token.lemma == "за" and token.pos == "ADP" and current):
            aside = reasoned = True
        elif word == ";":
            close(_FRESH)
        elif word == ",":
            close(_COMMA)
        elif token.lemma in {"и", "а"} and token.pos == "CCONJ":
            close(_AND)
        elif word == "." and not text[token.stop :].lstrip(" \t").startswith("\n"):
            break
        elif word == ".":
            close(_FRESH)  # «- A — за X.» and the next line: the list goes on
        elif not aside and word != ":" and not (token.lemma == "также" and not current):
            current.append(token)
    close(_COMMA)
    return items


_FRESH, _AND, _COMMA = "fresh", "and", "comma"


def _set_out_by_lines(region: list, text: str) -> bool:
    """The words run over a line break, or fill a line of their own (an item of a list set out
    paragraph by paragraph, which the sentence splitter hands over one at a time)."""
    if "\n" in text[region[0].start : region[-1].stop]:
        return True
    before = text[: region[0].start].rstrip(" \t")
    after = text[region[-1].stop :].lstrip(" \t")
    return bool(text) and (not before or before.endswith("\n")) and after[:1] in {"\n", ""}


_OPENERS = (_FRESH, _AND, _COMMA)


def read_list(sentence: ParsedSentence, region: list, member, case: str = "Nom") -> list[Argument] | None:
    """One member per item of the list in `region` (`member`: sentence, words -> Argument or None),
    or None when any item names no member or two items the same one: a set is never cut short. A
    list that runs to its sentence's end goes on in the sentences it was cut into (list_sentences).
    An item that goes on with the reason before it («— за исследование течений, | льдов») is no item."""
    parts = list_sentences(sentence, region)
    if parts is None:
        return None
    items = [(part, *item) for part, words in parts for item in marked_list_items(words, part.article.text)]
    members: list = []
    reasoned = False
    for index, (part, words, gives_a_reason, opener) in enumerate(items):
        found = member(part, words)
        if found is None and reasoned and opener != _FRESH and _more_of_the_reason(part, words, gives_a_reason, case):
            continue
        if found is None and _title_of_a_neighbour(items, index, members, member, case):
            continue
        members.append(found)
        reasoned = gives_a_reason
    if not members or any(m is None for m in members) or len({m.normal for m in members}) < len(members):
        return None
    return members


def _title_of_a_neighbour(items: list, index: int, members: list, member, case: str) -> bool:
    """«Анна Котова, старший научный сотрудник института «Х»», «доктор наук, директор компании Олег
    Белов»: a title with no name, parted by a comma from the named person next to it, is that
    person's title, no member of its own (after «и» or «;» it would be one, and names nobody)."""
    part, words, _, opener = items[index]
    if not _title_only(part, words, case):
        return False
    after_a_person = opener == _COMMA and bool(members) and getattr(members[-1], "type", "") == PERSON
    if after_a_person:
        return True
    if index + 1 >= len(items) or items[index + 1][3] != _COMMA:
        return False
    next_part, next_words, _, _ = items[index + 1]
    following = member(next_part, next_words)
    return following is not None and following.type == PERSON


def _title_only(sentence: ParsedSentence, words: list, case: str) -> bool:
    """A role or a degree in the list's case, with no name of a person and no verb of a clause."""
    nouns = [t for t in words if t.pos in {"NOUN", "PROPN"}]
    if not nouns or nouns[0].lemma not in TITLE_NOUNS or nouns[0].feats.get("Case") != case:
        return False
    if any(t.pos in {"VERB", "AUX"} for t in words):
        return False
    spans = [sentence.article.span_of.get(t.id) for t in words]
    return not any(s is not None and s.type == "PER" for s in spans)


# The longest list read across sentences; a longer run is no list a reader could check.
_MOST_LIST_SENTENCES = 40


def list_sentences(sentence: ParsedSentence, region: list) -> list[tuple[ParsedSentence, list]] | None:
    """The list's words by sentence: `region` and, when it runs to the sentence's end, the sentences
    the splitter cut the list into. A list goes on after a «;», a «:» or a «,» that ends a sentence
    and, set out line by line, in the next line that starts with a bullet; a list opened by a colon
    at a line's end runs to its paragraph's end. None when the list's end is unclear (a «;» before
    a new paragraph), so a set is never cut short."""
    parts = [(sentence, region)]
    tokens = sentence.tokens
    if region and region[-1] is not tokens[-1]:
        return parts
    text = sentence.article.text
    to_paragraph_end = any(t.text == ":" and "\n" in text[t.stop : _next_start(sentence, t)] for t in tokens)
    # «стали:», a blank line, then an item per paragraph, each but the last closed by «;»
    by_paragraphs = any(t.text == ":" and "\n\n" in text[t.stop : _next_start(sentence, t)] for t in tokens)
    last = tokens[-1]
    for index in range(sentence.index + 1, min(len(sentence.article.sentences), sentence.index + _MOST_LIST_SENTENCES)):
        following = ParsedSentence(sentence.article.sentences[index], sentence.article, index)
        if not following.tokens:
            break
        first = following.tokens[0]
        gap = text[last.stop : first.start]
        cut = last.text in {";", ":", ","}
        bulleted = "\n" in gap and first.text in _BULLETS
        if "\n\n" in gap and cut and not bulleted and not (by_paragraphs and last.text == ";"):
            return None  # «...;» and then a new paragraph: where the list ends is not said
        if not (cut or bulleted or (to_paragraph_end and "\n\n" not in gap)):
            break
        parts.append((following, following.tokens))
        last = following.tokens[-1]
    else:
        if last.text in {";", ":", ","}:
            return None
    return parts


def _next_start(sentence: ParsedSentence, token) -> int:
    later = [t.start for t in sentence.tokens if t.start >= token.stop]
    return min(later) if later else len(sentence.article.text)


def cut_list(sentence: ParsedSentence) -> bool:
    """The sentence is a piece of a list the splitter cut: it ends with «;» or «:», or the next line
    starts with a bullet. Grammars that read a list through the parse's conjuncts see only a piece
    of it there, and read_list reads it whole."""
    tokens = sentence.tokens
    if not tokens:
        return False
    if tokens[-1].text in {";", ":"}:
        return True
    sentences = sentence.article.sentences
    if sentence.index + 1 >= len(sentences) or not sentences[sentence.index + 1].tokens:
        return False
    first = sentences[sentence.index + 1].tokens[0]
    return first.text in _BULLETS and "\n" in sentence.article.text[tokens[-1].stop : first.start]


def _more_of_the_reason(sentence: ParsedSentence, words: list, gives_a_reason: bool, case: str) -> bool:
    """Words that cannot be a member of a list in `case`: no name, no quote, no class or role noun,
    no reason of their own, and a first noun in another case («и льдов» after «за исследование течений»)."""
    if gives_a_reason or any(t.id in sentence.article.span_of or t.text in {"«", "»"} for t in words):
        return False
    nouns = [t for t in words if t.pos in {"NOUN", "PROPN"}]
    if not nouns:
        return True
    first = nouns[0]
    membered = first.lemma in CLASS_NOUNS or first.lemma in POSITION_NOUNS or first.lemma in STAFF_ROLES
    return not membered and first.feats.get("Case") not in {case, None}


# Verbs of a prize given, with the case of the prize and of its laureates: «(премии) удостоены A и
# B», «(премией) награждены A и B», «(премия) присуждена / вручена A и B», «(премию) получили A и B».
_PRIZE_VERBS = {
    "удостоить": ({"Gen"}, "Nom"),
    "наградить": ({"Ins"}, "Nom"),
    "присудить": ({"Nom", "Acc"}, "Dat"),
    "вручить": ({"Nom", "Acc"}, "Dat"),
    "присвоить": ({"Nom", "Acc"}, "Dat"),
    "получить": ({"Acc"}, "Nom"),
}
# Verbs whose active form names who hands the prize, the laureates in the dative after it: «жюри
# присудило премию «Х» A и B». An active «наградил»/«получил» has its laureates elsewhere.
_HANDING_VERBS = frozenset({"присудить", "вручить", "присвоить"})


class PrizeLists:
    """«Премии «Полярная звезда» удостоены: Анна Котова — за исследование течений; Олег Белов и Илья
    Гусев — за ...», «Премия «Х» присуждена заведующей лабораторией института Анне Котовой и
    профессору Олегу Белову», «Премию «Х» получила инженер компании «Ладья» Анна Котова» ->
    won(each laureate, prize): the laureates listed after the verb, each item one named person (its
    title and its reason «— за ...» no part of the name) or one organization, and every item one
    laureate or nothing. The prize must be named; a prize given already (a plan, «будут награждены»,
    «получат», or «не получила» gives nothing)."""

    triggers = frozenset(_PRIZE_VERBS)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _item_member, _says_partial, earlier_prize

        if _says_partial(sentence) or _planned(sentence) or in_nominations(sentence):
            return
        for verb in sentence.tokens:
            cases = _PRIZE_VERBS.get(verb.lemma)
            if cases is None or not _given(sentence, verb):
                continue
            prize_cases, laureate_case = cases
            prizes = [
                c
                for c in sentence.kids(verb)
                if (c.feats.get("Case") in prize_cases or c.rel == "nsubj:pass" and verb.lemma in _HANDING_VERBS)
                and not sentence.preposition(c)
                and (c.lemma in PRIZE_NOUNS or verb.lemma != "получить")
            ]
            named = [(c, e) for c in prizes for e in [argument(sentence, c, _EVENTS)] if e is not None]
            if not named and len(prizes) == 1 and _bare_prize(sentence, prizes[0]):
                # «Объявлены лауреаты премии «Х». ... Премия присуждена Анне Котовой»: the lead's prize
                earlier = earlier_prize(sentence, {prizes[0].lemma})
                named = [(prizes[0], earlier)] if earlier is not None else []
            if len(named) != 1:
                continue
            head, prize = named[0]
            written = sentence.article.text.find(prize.text, head.start - len(prize.text))
            prize_end = written + len(prize.text) if written >= 0 else head.stop
            # «удостоены премии «Х» | A и B»: the prize's own words before the list are no item
            region = [t for t in sentence.tokens if t.start > verb.stop and t.start >= prize_end]
            member = _item_member if laureate_case == "Nom" else _dative_member
            for laureate in read_list(sentence, region, member, laureate_case) or []:
                if laureate.normal != prize.normal:
                    yield "won", laureate, prize


def in_nominations(sentence: ParsedSentence) -> bool:
    """The article gives its prize or contest in nominations («победителем в номинации «Х» стала ...»):
    each list names the winners of one nomination, never all who won the prize."""
    return any(t.lemma in _NOMINATION_NOUNS for sent in sentence.article.sentences for t in sent.tokens)


_NOMINATION_NOUNS = frozenset({"номинация", "категория"})  # «в категории «Фото» победила ...»


def _bare_prize(sentence: ParsedSentence, noun) -> bool:
    """«премия», «награда» with no word of its own: a «денежная премия» or a «премия за год» is a
    bonus or another prize, not the one the article named."""
    return noun.lemma in {"премия", "награда"} and not sentence.kids(noun, "amod", "nmod", "det", "appos")


def _given(sentence: ParsedSentence, verb) -> bool:
    """«получила» (past perfective, active) or «удостоены», «присуждена», «были награждены» (a past
    passive participle, not with a future «будут»), never negated."""
    if sentence.negated(verb) or verb.feats.get("Aspect") != "Perf":
        return False
    if verb.lemma == "получить" or verb.lemma in _HANDING_VERBS and verb.feats.get("VerbForm") == "Fin":
        return finished(verb)
    feats = verb.feats
    participle = feats.get("VerbForm") == "Part" and feats.get("Voice") == "Pass" and feats.get("Tense") == "Past"
    return participle and verb.rel in {"root", "conj", "parataxis"} and not sentence.planned(verb)


def _dative_member(sentence: ParsedSentence, words: list) -> Argument | None:
    """One person's name in the dative («заведующей лабораторией Анне Котовой»), or else one
    organization headed by the item's first noun in the dative («театру «Маяк»»)."""
    spans = {id(s): s for t in words for s in [sentence.article.span_of.get(t.id)] if s is not None and s.type == "PER"}
    names = [s for s in spans.values() if s.tokens[0].feats.get("Case") == "Dat"]
    if len(names) > 1 or any(s.tokens[0].feats.get("Case") == "Nom" for s in spans.values()):
        return None  # a genitive name is an owner («института имени Павла Бажова»), a nominative another member
    if names:
        found = argument(sentence, names[0].tokens[0], frozenset({PERSON}))
        return found if found is not None and found.type == PERSON else None
    nouns = [t for t in words if t.pos in {"NOUN", "PROPN"}]
    if not nouns or nouns[0].feats.get("Case") != "Dat" or sentence.preposition(nouns[0]):
        return None
    return argument(sentence, nouns[0], frozenset({ORGANIZATION}))


class Applicants:
    """«Заявки на участие в конкурсе «Умный город» подали стартапы «Луч», «Кварта» и компания «Ладья»»,
    «Компании «Луч» и «Кварта» подали заявки на конкурс «Умный город»» -> took_part_in(each, contest):
    who applied to a named contest took part in it. An application handed in already («подадут» is a
    plan), never negated, and every item of the list one named person or organization."""

    triggers = frozenset({"заявка"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _says_partial
        from .matchers_events import _subjects

        if _says_partial(sentence) or _planned(sentence):
            return
        for verb in finished_verbs(sentence, {"подать"}):
            applications = [a for a in sentence.kids(verb, "obj") if a.lemma == "заявка"]
            contests = {e.normal: e for a in applications for e in _contests_applied_to(sentence, a)}
            if len(contests) != 1:
                continue
            contest = next(iter(contests.values()))
            for applicant in _subjects(sentence, verb) or []:
                if applicant.normal != contest.normal:
                    yield "took_part_in", applicant, contest


def _contests_applied_to(sentence: ParsedSentence, application) -> list[Argument]:
    """The named events of «заявка на конкурс «Х»» and «заявка на участие в конкурсе «Х»»."""
    heads = [c for c in sentence.kids(application, "nmod") if sentence.preposition(c) == "на"]
    heads = [
        h
        for c in heads
        for h in ([c] if c.lemma != "участие" else sentence.kids(c, "nmod"))
        if sentence.preposition(h) in {"на", "в"}
    ]
    return [e for e in (argument(sentence, h, _EVENTS) for h in heads) if e is not None]


class Inverted:
    """A pattern whose grammatical subject is the relation's object: «Клуб «Кедр» потерпел
    поражение от «Сокола»» -> won_against(Сокол, Кедр)."""

    def __init__(self, pattern):
        self.pattern = pattern
        self.triggers = pattern.triggers

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for relation_id, subject, obj in self.pattern.match(sentence):
            yield relation_id, obj, subject


def subunit_owner(sentence: ParsedSentence, token) -> Argument | None:
    """«лаборатория морской геологии Тихоморского института океанологии» -> the institute: a unit
    with no name of its own stands for the organization it belongs to, the first one named down its
    genitive tail («геологии» names nothing, «института океанологии» does)."""
    if token.lemma not in SUBUNIT_NOUNS:
        return None
    queue = [token]
    while queue:
        current = queue.pop(0)
        for owner in sentence.kids(current, "nmod"):
            if owner.feats.get("Case") != "Gen" or sentence.preposition(owner):
                continue
            found = argument(sentence, owner, frozenset({ORGANIZATION}))
            if found is not None and token.lemma not in found.normal.lower():
                return found
            if found is not None and CLASS_NOUNS.get(owner.lemma) == ORGANIZATION:
                # NER took the unit and its owner for one name: the owner is the words from its class noun
                return phrase_argument(sentence, owner, ORGANIZATION, require_modifier=True)
            queue.append(owner)
    return None


_DOCUMENTS = {"соглашение": "signed_agreement_with", "меморандум": "signed_agreement_with"} | dict.fromkeys(
    ("контракт", "договор"), "signed_contract_with"
)


class SidesOfSigning:
    """«Со стороны банка «Окский» соглашение подписал Иван Петров, со стороны фонда «Исток» — Анна
    Соколова» -> signed_agreement_with(Окский, Исток): the sides are the two organizations «со
    стороны», never the people who put their names to it. Read in order (the parser scatters the
    second half), only with exactly two named sides and a signing stated as done."""

    triggers = frozenset({"сторона"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        signed = [v for v in sentence.tokens if v.lemma in {"подписать", "заключить"} and finished(v)]
        documents = {_DOCUMENTS[t.lemma] for t in sentence.tokens if t.lemma in _DOCUMENTS}
        if len(signed) != 1 or len(documents) != 1 or sentence.negated(signed[0]):
            return
        sides = _sides(sentence)
        if len(sides) == 2 and sides[0].normal != sides[1].normal:
            yield documents.pop(), sides[0], sides[1]


def _sides(sentence: ParsedSentence) -> list[Argument]:
    """The organization right after each «со стороны»; an empty list when one names none."""
    tokens = sentence.tokens
    found = []
    for i, token in enumerate(tokens[:-2]):
        if token.lemma != "с" or tokens[i + 1].lemma != "сторона":
            continue
        side = argument(sentence, tokens[i + 2], frozenset({ORGANIZATION}))
        if side is None:
            return []
        found.append(side)
    return found
