"""Money said of a thing beyond «стоимостью N» and «инвестировал в X»: what a finished thing cost
and who put money into building or renewing it.

News states a final cost with a verb: «мост через бухту обошёлся бюджету в 35 млрд рублей», «мост
стоил 20 млрд рублей», and often of the work: «строительство моста обошлось в N» (building a thing
is what the thing cost; a project, a repair or a renovation is not). A future («обойдётся»), a
conditional («стоил бы») and a negation give nothing. An investor names what it financed through the
building of it too: «компания вложила 2 млрд рублей в строительство завода в Заречье»; the thing is the
work's own genitive. Money put into renewing an existing organization («в модернизацию комбината «Х»»)
buys no stake in it, so it is no investment in it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from .arguments import Argument, ParsedSentence, argument, quantity_argument
from .lexicon import MONEY_UNITS
from .matchers_contract_builders import named_before
from .relations import AGENTS, MONEY, SCHEMA

Fact = tuple[str, Argument, Argument]

# Work whose cost is the cost of what it makes: «строительство моста обошлось в N».
_MAKING = frozenset({"строительство", "возведение", "создание"})


def _through_work(sentence: ParsedSentence, head, works: frozenset[str]) -> list:
    """The head itself, or, for a noun of work, the thing it works on: «строительство моста» -> мост."""
    if head.lemma not in works:
        return [head]
    return [c for c in sentence.kids(head, "nmod") if c.feats.get("Case") == "Gen" and not sentence.preposition(c)]


def _sum(sentence: ParsedSentence, head) -> Argument | None:
    found = quantity_argument(sentence, head, MONEY_UNITS, ends_at_unit=True, governed=True)
    return replace(found, type=MONEY) if found is not None else None


class Costs:
    """«X обошёлся (кому) в N рублей», «X стоил N рублей» -> cost(X, N), said of a finished thing."""

    triggers = frozenset({"обойтись", "стоить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _subject_heads

        types = SCHEMA["cost"].subject_types
        for verb in sentence.tokens:
            if not self._states_a_cost(sentence, verb):
                continue
            things = [
                a
                for head in _subject_heads(sentence, verb)[:1]
                for t in _through_work(sentence, head, _MAKING)
                for a in [argument(sentence, t, types)]
                if a
            ]
            sums = [s for s in (_sum(sentence, h) for h in self._sum_heads(sentence, verb)) if s]
            for thing in things if len(things) == 1 else []:
                for amount in sums[:1]:
                    yield "cost", thing, amount

    @staticmethod
    def _states_a_cost(sentence: ParsedSentence, verb) -> bool:
        """«обошёлся» (past perfective) or «стоил» (past), never with «бы» or «не»."""
        if verb.lemma not in Costs.triggers or verb.pos != "VERB" or sentence.negated(verb):
            return False
        feats = verb.feats
        if feats.get("VerbForm") != "Fin" or feats.get("Tense") != "Past":
            return False
        if verb.lemma == "обойтись" and feats.get("Aspect") != "Perf":
            return False
        return not any(k.lemma == "бы" for k in sentence.kids(verb))

    @staticmethod
    def _sum_heads(sentence: ParsedSentence, verb) -> list:
        """«обошёлся в N» (the sum after «в»), «стоил N» (the sum with no preposition)."""
        wanted = "в" if verb.lemma == "обойтись" else ""
        return [c for c in sentence.kids(verb, "obl", "obj") if sentence.preposition(c) == wanted]


class InvestmentsInWork:
    """«Компания «Х» вложила 2 млрд рублей в строительство завода в Заречье» -> invested_in(Х, завод
    в Заречье): money put into building a thing is invested in the thing."""

    triggers = frozenset({"вложить", "инвестировать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _subject_heads

        types = SCHEMA["invested_in"].object_types
        for verb in (v for v in sentence.tokens if self._invested(sentence, v)):
            works = [
                c
                for c in sentence.kids(verb, "obl")
                if c.lemma in _MAKING and sentence.preposition(c) == "в" and c.feats.get("Case") == "Acc"
            ]
            things = [
                a
                for w in works
                for t in _through_work(sentence, w, _MAKING)
                # «в строительство центра»: a bare class noun is the one facility the article named with it
                for a in [argument(sentence, t, types) or named_before(sentence, t)]
                if a
            ]
            investors = [a for a in (argument(sentence, t, AGENTS) for t in _subject_heads(sentence, verb)) if a]
            for investor in investors:
                for thing in things:
                    if investor.normal != thing.normal:
                        yield "invested_in", investor, thing

    @staticmethod
    def _invested(sentence: ParsedSentence, verb) -> bool:
        """«вложила» (past perfective), «инвестировала» (past of either aspect), never negated."""
        feats = verb.feats
        if verb.lemma not in InvestmentsInWork.triggers or verb.pos != "VERB" or sentence.negated(verb):
            return False
        if feats.get("VerbForm") != "Fin" or feats.get("Tense") != "Past":
            return False
        return verb.lemma == "инвестировать" or feats.get("Aspect") == "Perf"
