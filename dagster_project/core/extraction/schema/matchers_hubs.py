"""Hub facts: one prize, court or fund that several people or companies share.

Regional news announces a governor's prizes by the decree: «Губернатор Н-ской области подписал указ
(распоряжение) о присуждении премий в области науки и техники. ... Лауреатами стали: — доцент
университета «Х» Анна Котова — за ...; — главный инженер АО «Y» Олег Белов — за ...». The prize has
no name of its own there; it is the governor's prize in its field, and each item names one laureate
by title and name before the dash or «за» that gives the reason. The grammar reads such a list only
when
- the lead (every sentence before the list) has exactly one decree on awarding prizes, signed in
  the past by a governor named with his region, and the prizes have no owner or name of their own;
- every item of the list names one person or organization (all members or none), at least two;
- no other sentence names a laureate of these prizes («Также премию получил ...»); a sentence on an
  «отдельной» or «специальной» prize names another prize, not a missing laureate.
"""

from __future__ import annotations

from collections.abc import Iterator

from .arguments import Argument, ParsedSentence
from .matchers_lists import list_sentences
from .matchers_lists2 import (
    _bare_name,
    _colon_opened_laureates,
    _key,
    _lead,
    _lines,
    _miscounted,
    _winners_named_elsewhere,
)
from .matchers_people import finished
from .relations import EVENT, ORGANIZATION, PERSON

Fact = tuple[str, Argument, Argument]

_DECREES = frozenset({"указ", "распоряжение", "постановление"})
# The field a prize is given in: «премии в области науки и техники», «в сфере культуры».
_FIELDS = frozenset({"область", "сфера"})
# A prize a sentence calls «отдельной» or «специальной» is another prize than the decree's.
_OTHER_PRIZE_WORDS = frozenset({"отдельный", "специальный", "особый"})
# Words of a sentence that gives someone a prize: outside the list it would add a laureate.
_GIVING_WORDS = frozenset(
    "лауреат победитель обладатель получить присудить вручить удостоить наградить отметить достаться".split()
)
_PRIZE_WORDS = frozenset({"премия", "награда"})
_LAUREATES = frozenset({PERSON, ORGANIZATION})


class DecreedPrizeLaureates:
    """«Губернатор Н-ской области подписал указ о присуждении премий в области науки и техники.
    Лауреатами стали: — доцент Анна Котова — за ...; — инженер Олег Белов — за ...» ->
    won(each, премия губернатора Н-ской области в области науки и техники)."""

    triggers = frozenset({"лауреат"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _says_partial

        region = _colon_opened_laureates(sentence)
        if region is None or _says_partial(sentence) or _winners_named_elsewhere(sentence):
            return
        lead = _lead(sentence)
        prize = _decreed_prize(lead)
        parts = list_sentences(sentence, region) if prize is not None else None
        laureates = _titled_laureates(parts) if parts else None
        if not laureates or len(laureates) < 2 or _miscounted(lead, len(laureates)):
            return
        if len({_key(sentence, a) for a in laureates}) < len(laureates):
            return
        listed = {part.index for part, _ in parts}
        if _laureate_named_elsewhere(sentence, listed):
            return
        for laureate in laureates:
            yield "won", laureate, prize


def _decreed_prize(lead: list[ParsedSentence]) -> Argument | None:
    """The prizes of the one decree «Губернатор Н-ской области подписал указ о присуждении премий в
    области X» the lead names, called the governor's prize in X; None for none, several, a prize with
    its own owner or name («премий Правительства области», «премии имени ...»), or an unfinished decree."""
    found = [p for sentence in lead for p in _decree_prizes(sentence)]
    return found[0] if len(found) == 1 else None


def _decree_prizes(sentence: ParsedSentence) -> list[Argument]:
    from .matchers import _subject_heads

    prizes = []
    for verb in sentence.tokens:
        if verb.lemma != "подписать" or not finished(verb) or sentence.negated(verb) or sentence.planned(verb):
            continue
        decrees = [c for c in sentence.kids(verb, "obj") if c.lemma in _DECREES]
        awards = [a for d in decrees for a in sentence.kids(d, "nmod") if a.lemma == "присуждение"]
        for prize in (p for a in awards for p in sentence.kids(a, "nmod") if p.lemma == "премия"):
            field = _field_of(sentence, prize)
            region = _governor_region(sentence, _subject_heads(sentence, verb))
            if field and region:
                written = sentence.surface(sorted([prize, *_field_tokens(sentence, prize)], key=lambda t: t.start))
                prizes.append(Argument(written, f"премия губернатора {region} {field}", EVENT))
    return prizes


def _field_tokens(sentence: ParsedSentence, prize) -> list:
    fields = [c for c in sentence.kids(prize, "nmod") if c.lemma in _FIELDS and sentence.preposition(c) == "в"]
    return sentence.subtree(fields[0]) if len(fields) == 1 else []


def _field_of(sentence: ParsedSentence, prize) -> str:
    """«в области науки и техники» when it is the prize's only dependent but its preposition's noun:
    an owner («премий Правительства»), a name («имени ...», quotes) or an adjective makes it another prize."""
    tokens = _field_tokens(sentence, prize)
    others = [c for c in sentence.kids(prize) if c.rel not in {"case", "punct"} and c not in tokens]
    if not tokens or others or any(t.text in {"«", "»"} for t in tokens):
        return ""
    return sentence.surface(sorted(tokens, key=lambda t: t.start))


def _governor_region(sentence: ParsedSentence, heads: list) -> str:
    """«Губернатор Н-ской области» as written (genitive), when the decree's one signer is a governor
    named with his region."""
    governors = [h for h in heads if h.lemma == "губернатор"]
    if len(governors) != 1 or len(heads) != 1:
        return ""
    regions = [c for c in sentence.kids(governors[0], "nmod") if c.lemma == "область" and c.feats.get("Case") == "Gen"]
    if len(regions) != 1 or not sentence.kids(regions[0], "amod"):
        return ""
    return sentence.surface(sorted(sentence.subtree(regions[0]), key=lambda t: t.start))


def _titled_laureates(parts: list) -> list[Argument] | None:
    """One laureate per item «— доцент Анна Котова — за исследования ...»: the words before the dash
    or «за» that gives the reason; None when an item names no one or more than one."""
    from .matchers import _item_member

    found: list[Argument] = []
    for part, words in parts:
        for item in _lines(words, part.article.text):
            named = _before_reason(item)
            member = (_item_member(part, named) or _closing_name(part, named)) if named else None
            if member is None or member.type not in _LAUREATES or " и " in f" {part.surface(named)} ":
                return None
            found.append(member)
    return found


def _closing_name(sentence: ParsedSentence, words: list) -> Argument | None:
    """«доцент университета Анна Котова»: the one personal name that ends an item's words is the
    laureate, in the nominative whatever case the tagger guessed for a surname (_bare_name)."""
    spans = {id(s): s for t in words for s in [sentence.article.span_of.get(t.id)] if s is not None and s.type == "PER"}
    if len(spans) != 1:
        return None
    (span,) = spans.values()
    tokens = [t for t in words if sentence.article.span_of.get(t.id) is span]
    if not tokens or tokens[-1] is not words[-1] or tokens[0].rel in {"nmod", "obl"}:
        return None  # «коллектив завода под руководством Ирины Дроновой»: the name owns nothing here
    if any(t.pos == "ADP" for t in words[: words.index(tokens[0])]):
        return None
    return _bare_name(sentence, tokens)


def _before_reason(item: list) -> list:
    words: list = []
    for token in item:
        if token.text in {"—", "–", "("} or (token.lemma == "за" and token.pos == "ADP"):
            break
        words.append(token)
    return words


def _laureate_named_elsewhere(sentence: ParsedSentence, listed: set[int]) -> bool:
    """Another sentence gives these prizes to someone it names: «Также премию получил инженер Пётр
    Ильин» (a headline «Названы лауреаты премии» names no one)."""
    article = sentence.article
    for index, sent in enumerate(article.sentences):
        if index in listed or index == sentence.index:
            continue
        other = ParsedSentence(sent, article, index)
        if not other.lemmas & _GIVING_WORDS or not any(s.type == "PER" for s in sent.spans):
            continue
        for prize in (t for t in other.tokens if t.lemma in _PRIZE_WORDS):
            if not {k.lemma for k in other.kids(prize, "amod")} & _OTHER_PRIZE_WORDS:
                return True
    return False


HUB_PATTERNS = (DecreedPrizeLaureates(),)
