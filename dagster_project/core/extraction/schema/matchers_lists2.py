"""Lists whose anchor the article's lead names: «Грантополучателями стали: A — проект ...; B — ...»,
«Получателями займов стали: ООО «А» — 100 млн рублей ...; ...», «Лауреатами стали: в номинации «Х» —
A; в номинации «Y» — B.», and «Его участниками стали A, B и C» after an agreement signed «с тремя
предприятиями».

News announces the result in its headline and lead («Три коллектива университета получили гранты
РНФ», «Фонд развития одобрил займы четырём предприятиям») and then lists who got it under a bare
title with a colon. The grammar reads such a list only when
- the title stands right before a past «стали» (or «признаны») and a colon opens the list;
- the lead (every sentence before the list, the headline first) names exactly one grantor, lender,
  prize or signer;
- every item of the list names one person or organization (read_list: all members or none);
- every count the lead gives of them («поддержку получили три проекта», «займы четырём
  предприятиям») equals the number of members, and no later sentence adds to them («Также
  поддержку получили ...»): a set must be complete.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...common.abbreviations import LEGAL_FORMS
from .arguments import Argument, ParsedSentence, _folded, argument
from .matchers_lists import list_sentences, marked_list_items, read_list
from .matchers_people import finished
from .relations import EVENT, ORGANIZATION, PERSON

Fact = tuple[str, Argument, Argument]

_ORGANIZATIONS = frozenset({ORGANIZATION})
_EVENTS = frozenset({EVENT})
# Titles of who got the money; «победители», «лауреаты» belong to the prize grammars.
_HOLDER_TITLES = frozenset({"грантополучатель", "получатель", "обладатель"})
# What the title says they got, in its genitive: «получателями займов», «обладателями грантов».
_GRANTS = frozenset({"грант", "субсидия"})
_LOANS = frozenset({"заем", "заём", "займ"})
# Verbs of the lead that hand out loans: «фонд одобрил (выдал, предоставил) займы четырём предприятиям».
_LENDING_VERBS = frozenset({"одобрить", "выдать", "предоставить", "выделить"})
# A board that decides for its organization: «наблюдательный совет фонда «Х» одобрил займы».
_BOARDS = frozenset({"совет", "правление", "комиссия", "комитет"})
# Nouns whose count in the lead is the number of the list's members.
_COUNTED = frozenset(
    "проект коллектив команда компания предприятие организация учёный ученый человек стартап "
    "грантополучатель получатель заемщик заёмщик".split()
)
# Verbs of the lead whose counted subject or object are the list's members.
_RESULT_VERBS = frozenset({"получить", "стать", "выиграть", "одобрить", "выдать", "предоставить", "выделить"})
_NUMBERS = {
    "один": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7,
    "восемь": 8, "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12,
}  # fmt: skip
# What adds to a list after it: «Также поддержку получили ...», «Гранты также получили ...».
_ADDING_OBJECTS = frozenset({"поддержка", "грант", "субсидия", "заем", "заём", "займ", "финансирование"})


class LeadAnchoredHolderLists:
    """«Грантополучателями стали: доктор наук Анна Котова — проект ...; Олег Белов — ...» after a lead
    «Учёные института «Х» получили гранты фонда «Исток»» -> received_grant_from(each, Исток);
    «Получателями займов стали: ООО «Ладья» — ...; ...» after «Фонд «Исток» одобрил займы двум
    компаниям» -> lent_to(Исток, each)."""

    triggers = _HOLDER_TITLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _says_partial

        if _says_partial(sentence):
            return
        opened = _colon_opened_title(sentence)
        if opened is None:
            return
        kind, region = opened
        lead = _lead(sentence)
        anchors = _grantors(lead) if kind == "grant" else _lenders(lead)
        if len(anchors) != 1:
            return
        anchor = next(iter(anchors.values()))
        members = read_list(sentence, region, _holder)
        if not members or len(members) < 2 or _miscounted(lead, len(members)) or _added_to_later(sentence):
            return
        for member in members:
            if _key(sentence, member) == _key(sentence, anchor):
                return
        for member in members:
            yield ("received_grant_from", member, anchor) if kind == "grant" else ("lent_to", anchor, member)


def _holder(sentence: ParsedSentence, words: list) -> Argument | None:
    """One named person or organization in the nominative; a legal form opening an item («ООО «Ладья»
    — ...») has no case of its own, and the tagger gives it any."""
    from .matchers import _item_member

    found = _item_member(sentence, words)
    if found is not None or len(words) < 3 or words[0].lemma not in LEGAL_FORMS or words[1].text != "«":
        return found
    named = argument(sentence, words[0], _ORGANIZATIONS)
    return named if named is not None and words[-1].text == "»" else None


def _colon_opened_title(sentence: ParsedSentence) -> tuple[str, list] | None:
    """("grant" or "loan", the words after the colon) for «<title in -ами> [<thing>] стали:». The
    parser often misreads the title's case, so the title is read by its written ending."""
    tokens = sentence.tokens
    for at, title in enumerate(tokens):
        if title.lemma not in _HOLDER_TITLES or not title.text.lower().endswith(("ями", "ами")):
            continue
        rest = tokens[at + 1 : at + 4]
        things = []
        for step, token in enumerate(rest):
            if token.lemma in _GRANTS | _LOANS and token.feats.get("Case") == "Gen" and not things:
                things.append(token)
                continue
            if not _declared(sentence, token):
                break
            colon = at + 1 + step + 1
            if colon >= len(tokens) or tokens[colon].text != ":":
                return None
            kind = _kind(title, things)
            return (kind, tokens[colon + 1 :]) if kind else None
        return None
    return None


def _declared(sentence: ParsedSentence, verb) -> bool:
    """«стали» (past perfective) or «признаны» (a past passive participle), neither negated nor planned."""
    if sentence.negated(verb) or sentence.planned(verb):
        return False
    if verb.lemma == "стать":
        return finished(verb)
    feats = verb.feats
    return verb.lemma == "признать" and feats.get("VerbForm") == "Part" and feats.get("Voice") == "Pass"


def _kind(title, things: list) -> str | None:
    if things:
        return "grant" if things[0].lemma in _GRANTS else "loan"
    return "grant" if title.lemma == "грантополучатель" else None


def _lead(sentence: ParsedSentence) -> list[ParsedSentence]:
    article = sentence.article
    return [ParsedSentence(article.sentences[i], article, i) for i in range(sentence.index)]


def _key(sentence: ParsedSentence, found: Argument) -> str:
    """One key for a name and its abbreviation («РНФ» = «Российский научный фонд»)."""
    folded = _folded(found.normal)
    return _folded(sentence.article.aliases.get(folded, "")) or folded


def _grantors(lead: list[ParsedSentence]) -> dict[str, Argument]:
    """The organizations the lead names as who gives the grant: «гранты РНФ», «конкурс фонда «Исток»»."""
    from .matchers_awards import _giver

    found: dict[str, Argument] = {}
    for sentence in lead:
        for token in sentence.tokens:
            if token.lemma in _GRANTS:
                giver = _giver(sentence, token)
            elif token.lemma == "конкурс":
                giver = _genitive_organization(sentence, token)
            else:
                continue
            if giver is not None:
                found.setdefault(_key(sentence, giver), giver)
    return found


def _genitive_organization(sentence: ParsedSentence, token) -> Argument | None:
    owners = [o for o in sentence.kids(token, "nmod") if o.feats.get("Case") == "Gen" and not sentence.preposition(o)]
    return argument(sentence, owners[0], _ORGANIZATIONS) if len(owners) == 1 else None


def _lenders(lead: list[ParsedSentence]) -> dict[str, Argument]:
    """The organizations the lead names as handing out the loans: «Фонд «Исток» одобрил займы», or the
    organization of the board that did («Наблюдательный совет фонда «Исток» одобрил займы»)."""
    from .matchers import _subject_heads

    found: dict[str, Argument] = {}
    for sentence in lead:
        for verb in sentence.tokens:
            if verb.lemma not in _LENDING_VERBS or not finished(verb) or sentence.negated(verb):
                continue
            if not any(o.lemma in _LOANS for o in sentence.kids(verb, "obj")):
                continue
            for head in _subject_heads(sentence, verb):
                lender = (
                    _genitive_organization(sentence, head)
                    if head.lemma in _BOARDS
                    else argument(sentence, head, _ORGANIZATIONS)
                )
                if lender is not None:
                    found.setdefault(_key(sentence, lender), lender)
    return found


def _miscounted(lead: list[ParsedSentence], members: int) -> bool:
    """A count of the recipients in the lead («три проекта получили поддержку», «займы четырём
    предприятиям») that is not the number of members found."""
    for sentence in lead:
        for number in sentence.tokens:
            if number.rel not in {"nummod", "nummod:gov"}:
                continue
            noun = sentence.head(number)
            if noun is None or noun.lemma not in _COUNTED:
                continue
            verb = sentence.head(noun)
            if verb is None or verb.lemma not in _RESULT_VERBS:
                continue
            value = int(number.text) if number.text.isdigit() else _NUMBERS.get(number.lemma)
            if value != members:
                return True
    return False


def more_than_listed(sentence: ParsedSentence, members: int) -> bool:
    """A list of recipients the article says is not all of them: the lead up to two sentences after
    the list counts them otherwise («Ансамбль «Х» и театр «Y» получили гранты фонда. Семь проектов
    стали победителями конкурса фонда»), or a later sentence adds to them («Также поддержку получили ...»)."""
    article = sentence.article
    window = range(min(len(article.sentences), sentence.index + 3))
    lead = [sentence if i == sentence.index else ParsedSentence(article.sentences[i], article, i) for i in window]
    return _miscounted(lead, members) or _added_to_later(sentence)


def _added_to_later(sentence: ParsedSentence) -> bool:
    """«Также поддержку получили ...», «Ещё два гранта достались школам» after the list: more got it
    than the list names."""
    article = sentence.article
    for index in range(sentence.index + 1, len(article.sentences)):
        lemmas = {t.lemma for t in article.sentences[index].tokens}
        if lemmas & _ADDING_WORDS and lemmas & (_ADDING_OBJECTS | _HOLDER_TITLES | _WINNERS):
            return True
    return False


_ADDING_WORDS = frozenset({"также", "ещё", "еще", "кроме"})
_WINNERS = frozenset({"лауреат", "победитель", "заемщик", "заёмщик"})


# Words of a sentence that names winners of a nomination: another sentence doing so outside the list
# («В номинации для молодых учёных премии получили ...») gives laureates the list does not name.
_WINNING_WORDS = frozenset(
    "лауреат победитель обладатель получить стать присудить вручить удостоить наградить отметить".split()
)


class NominationLaureateLists:
    """«Лауреатами стали: в номинации «Проза» — писатель Олег Белов за роман «Х»; в номинации «Поэзия»
    — Анна Котова (Ветлуга) за сборник «Y».» after a lead naming one prize -> won(each, prize). Each
    item is a nomination and its laureates after the dash (their reason after «за» or a bracket no part
    of them); the list is the prize's whole result only when no other sentence names winners of a
    nomination or adds laureates, and every item gives its laureates or the list gives nothing."""

    triggers = frozenset({"лауреат", "победитель"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _says_partial

        region = _colon_opened_laureates(sentence)
        if region is None or _says_partial(sentence) or _winners_named_elsewhere(sentence):
            return
        prize = _lead_prize(_lead(sentence))
        parts = list_sentences(sentence, region) if prize is not None else None
        laureates = _nomination_laureates(parts) if parts else None
        if not laureates or len(laureates) < 2 or _miscounted(_lead(sentence), len(laureates)):
            return
        if len({_key(sentence, a) for a in laureates}) < len(laureates):
            return
        for laureate in laureates:
            yield "won", laureate, prize


def _colon_opened_laureates(sentence: ParsedSentence) -> list | None:
    """The words after «Лауреатами [премии] стали:» / «Победителями признаны:»."""
    tokens = sentence.tokens
    for at, title in enumerate(tokens):
        if title.lemma not in {"лауреат", "победитель"} or not title.text.lower().endswith(("ями", "ами")):
            continue
        for step, token in enumerate(tokens[at + 1 : at + 3]):
            if _declared(sentence, token):
                colon = at + 1 + step + 1
                return tokens[colon + 1 :] if colon < len(tokens) and tokens[colon].text == ":" else None
            if token.lemma not in _PRIZE_KINDS or token.feats.get("Case") != "Gen":
                return None
        return None
    return None


_PRIZE_KINDS = frozenset({"премия", "конкурс", "фестиваль"})


def _winners_named_elsewhere(sentence: ParsedSentence) -> bool:
    article = sentence.article
    for index, sent in enumerate(article.sentences):
        if index == sentence.index:
            continue
        lemmas = {t.lemma for t in sent.tokens}
        if "номинация" in lemmas and lemmas & _WINNING_WORDS:
            return True
        if "также" in lemmas and lemmas & {"лауреат", "победитель", "премия"}:
            return True
    return False


def _lead_prize(lead: list[ParsedSentence]) -> Argument | None:
    """The one prize, contest or festival the lead names. One name may be given shorter once
    («премии губернатора области» and «премия губернатора области в сфере культуры»): the longest
    is the prize when every other is its start."""
    named: dict[str, Argument] = {}
    for sentence in lead:
        for token in sentence.tokens:
            found = argument(sentence, token, _EVENTS) if token.lemma in _PRIZE_KINDS else None
            if found is None:
                continue
            key = _key(sentence, found)
            # a headline's first word is capitalized whatever it is: a mention inside a sentence spells it
            if key not in named or named[key].text[:1].isupper() and sentence.tokens[0].id != token.id:
                named[key] = found
    if not named:
        return None
    tails = {key: key.partition(" ")[2] if " " in key and "«" not in key else key for key in named}
    longest = max(named, key=lambda key: len(tails[key]))
    if all(tails[longest].startswith(tail) and tail for tail in tails.values()):
        return named[longest]
    return None


def _nomination_laureates(parts: list) -> list[Argument] | None:
    """The laureates of every nomination item, in order; None when an item is no «в номинации «X» —
    ...» or names anyone unreadable."""
    from .matchers import _item_member

    found: list[Argument] = []
    for part, words in parts:
        for item in _lines(words, part.article.text):
            laureate_words = _after_nomination(item)
            if not laureate_words:
                return None
            for words_of_one, _, _ in marked_list_items(laureate_words):
                member = _bare_name(part, words_of_one) or _item_member(part, words_of_one)
                if member is None or "(" in member.normal:  # «Анна Котова (Ветлуга)»: a name with its town
                    return None
                found.append(member)
    return found


def _bare_name(sentence: ParsedSentence, words: list) -> Argument | None:
    """«— Анна Котова (Ветлуга) за сборник»: a laureate given by the name alone stands in the nominative
    as the subject of «стали», whatever case the tagger guessed for a surname like «Дёмина» (Nom or Gen
    only: another case means the reading is off), so it is its own normal form."""
    spans = {id(s): s for t in words for s in [sentence.article.span_of.get(t.id)] if s is not None}
    if len(spans) != 1 or not 2 <= len(words) <= 3:
        return None
    span = next(iter(spans.values()))
    if span.type != "PER" or any(t.pos != "PROPN" or not t.text[:1].isupper() for t in words):
        return None
    if any(t.feats.get("Case") not in {"Nom", "Gen"} for t in words):
        return None
    text = sentence.surface(words)
    return Argument(text, text, PERSON)


def _lines(words: list, text: str) -> list[list]:
    """Items split at «;» and line breaks outside quotes, bullets and a closing period dropped."""
    items: list[list] = []
    current: list = []
    depth, previous = 0, None
    for token in words:
        if previous is not None and depth == 0 and "\n" in text[previous.stop : token.start] and current:
            items.append(current)
            current = []
        previous = token
        depth += {"«": 1, "(": 1, "»": -1, ")": -1}.get(token.text, 0)
        if depth == 0 and token.text in {";", "."}:
            items.append(current)
            current = []
        elif current or token.text not in {"—", "–", "-", "•"}:
            current.append(token)
    return [item for item in items + [current] if item]


def _after_nomination(item: list) -> list:
    """«в номинации «Проза» — писатель Олег Белов за роман «Х»» -> «писатель Олег Белов»: the words
    between the dash after the nomination's quoted name and a «за» or a bracket."""
    if len(item) < 5 or item[0].lemma != "в" or item[1].lemma != "номинация" or item[2].text != "«":
        return []
    closing = next((i for i, t in enumerate(item) if t.text == "»"), None)
    if closing is None or closing + 1 >= len(item) or item[closing + 1].text not in {"—", "–"}:
        return []
    words: list = []
    for token in item[closing + 2 :]:
        if token.text == "(" or (token.lemma == "за" and token.pos == "ADP"):
            break
        words.append(token)
    return words


_AGREEMENTS = frozenset({"соглашение", "меморандум"})
# Bodies an agreement may set up, whose participants «его участники» may be instead.
_BODIES = frozenset(
    "кластер консорциум проект центр альянс союз партнерство партнёрство объединение ассоциация программа".split()
)


class AgreementParticipants:
    """«Университет «Волга» подписал соглашение с тремя предприятиями области. Его участниками стали АО
    «Ладья», ООО «Кварта» и АО «Северный причал».» -> signed_agreement_with(Волга, each): the
    participants of the agreement the sentence before says one organization signed, every item one
    named organization (the signer itself, if listed, no partner of its own), as many as that sentence
    counts when it counts them."""

    triggers = frozenset({"участник"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _says_partial

        region = _participants_region(sentence)
        if region is None or sentence.index == 0 or _says_partial(sentence):
            return
        before = ParsedSentence(sentence.article.sentences[sentence.index - 1], sentence.article, sentence.index - 1)
        if before.lemmas & _BODIES:
            return  # «подписали соглашение о создании кластера. Его участниками ...»: «его» may be the cluster
        signed = _signer_and_count(before)
        members = read_list(sentence, region, _organization_member) if signed else None
        if not members:
            return
        signer, count = signed
        partners = [m for m in members if _key(sentence, m) != _key(sentence, signer)]
        if len(partners) < 2 or (count is not None and count != len(partners)):
            return
        for partner in partners:
            yield "signed_agreement_with", signer, partner


def _participants_region(sentence: ParsedSentence) -> list | None:
    """The words after «Его участниками стали» / «Участниками соглашения стали», to the sentence's end."""
    tokens = sentence.tokens
    for at, title in enumerate(tokens):
        if title.lemma != "участник" or not title.text.lower().endswith("ами"):
            continue
        owner = [k for k in sentence.kids(title, "nmod") if k.feats.get("Case") == "Gen"]
        owned = bool(owner) and (owner[0].lemma == "он" or owner[0].lemma in _AGREEMENTS)
        verb = tokens[at + 1] if at + 1 < len(tokens) else None
        if owned and verb is not None and verb.lemma == "стать" and _declared(sentence, verb):
            return tokens[at + 2 :]
        if owned and verb is not None and verb.lemma in _AGREEMENTS and at + 2 < len(tokens):
            return tokens[at + 3 :] if _declared(sentence, tokens[at + 2]) else None
        return None
    return None


def _signer_and_count(sentence: ParsedSentence) -> tuple[Argument, int | None] | None:
    """The one organization that signed an agreement in the sentence, and how many partners «с N ...»
    the sentence counts (None when it does not)."""
    from .matchers import _subject_heads

    verbs = [
        v
        for v in sentence.tokens
        if v.lemma in {"подписать", "заключить"} and finished(v) and not sentence.negated(v)
        and any(o.lemma in _AGREEMENTS for o in sentence.kids(v, "obj"))
    ]  # fmt: skip
    if len(verbs) != 1:
        return None
    signers = [a for a in (argument(sentence, h, _ORGANIZATIONS) for h in _subject_heads(sentence, verbs[0])) if a]
    if len(signers) != 1:
        return None
    counts = [
        int(n.text) if n.text.isdigit() else _NUMBERS.get(n.lemma)
        for n in sentence.tokens
        if n.rel in {"nummod", "nummod:gov"} and sentence.head(n) is not None
        and sentence.preposition(sentence.head(n)) == "с"
    ]  # fmt: skip
    if len(counts) > 1 or None in counts:
        return None
    return signers[0], counts[0] if counts else None


def _organization_member(sentence: ParsedSentence, words: list) -> Argument | None:
    found = _holder(sentence, words)
    return found if found is not None and found.type == ORGANIZATION else None


LIST_PATTERNS_2 = (LeadAnchoredHolderLists(), NominationLaureateLists(), AgreementParticipants())
