"""Grammars of public procurement news: who ordered works and who does them under contract.

A customer («заказчиком выступило управление X», «заказчик — мэрия Y») and a contractor
(«подрядчиком стала компания Z», «генеральным подрядчиком выступает», «контракт заключён с
компанией Z») of the same works have a contract with each other: signed_contract_with. The
contractor must be stated as chosen already (past «стала», «выступила», present «выступает»,
«является»; a future «выступит», «станет» or a «будет заключён» is a plan), the two named in one
sentence or in sentences at most two apart, and the article must name exactly one customer and one
contractor (two projects in one article would pair the wrong sides). A subcontractor's contract is
with the general contractor, not the customer, and the winner of an auction has not signed yet:
neither yields a fact.
"""

from __future__ import annotations

from collections.abc import Iterator

from .arguments import Argument, ParsedSentence, argument, phrase_argument
from .lexicon import INSTITUTION_NOUNS
from .relations import ORGANIZATION

Fact = tuple[str, Argument, Argument]

_ORGANIZATIONS = frozenset({ORGANIZATION})
CUSTOMER, CONTRACTOR = "customer", "contractor"
_TITLES = {"заказчик": CUSTOMER, "госзаказчик": CUSTOMER, "подрядчик": CONTRACTOR, "генподрядчик": CONTRACTOR}
# Verbs that give a title to their subject: «подрядчиком стала / выступила / выступает / является».
_TITLE_VERBS = frozenset({"выступить", "выступать", "стать", "являться"})
# The farthest apart (in sentences) a customer and a contractor may be named to be one contract's sides.
_MOST_SENTENCES_APART = 2


class TenderSides:
    """«Заказчиком выступило управление капитального строительства Верхнеозёрска, подрядчиком —
    компания «Мостострой-Север»», «Заказчик — мэрия Заречья. ... Подрядчиком ремонта стала компания
    «Мостострой-Север»» -> signed_contract_with(contractor, customer)."""

    triggers = frozenset(_TITLES) | {"контракт", "госконтракт"}

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        contractors = _contractors(sentence)
        if not contractors or None in contractors:
            return
        sides = _article_sides(sentence)
        if any(a is None for _, _, a in sides):
            return  # a side whose name is not clear: which one pairs with which is not said
        customers = {a.normal: (index, a) for index, role, a in sides if role == CUSTOMER}
        everyone = {a.normal for _, role, a in sides if role == CONTRACTOR} | {c.normal for c in contractors}
        # «подрядчиками стали компании «Ладья» и «Кварта»»: one list of contractors, each with the customer
        if len(customers) != 1 or everyone != {c.normal for c in contractors}:
            return
        if len(everyone) > 1 and _contractor_titles(sentence) != 1:
            return  # «подрядчиком ремонта моста стала X, подрядчиком ремонта школы — Y»: two works, two contracts
        index, customer = next(iter(customers.values()))
        if abs(index - sentence.index) > _MOST_SENTENCES_APART or customer.normal in everyone:
            return
        for contractor in {c.normal: c for c in contractors}.values():
            yield "signed_contract_with", contractor, customer


def _contractor_titles(sentence: ParsedSentence) -> int:
    """How many contractor titles («подрядчиком», «генподрядчиком») the article has."""
    return sum(_TITLES.get(t.lemma) == CONTRACTOR for sent in sentence.article.sentences for t in sent.tokens)


def _contractors(sentence: ParsedSentence) -> list[Argument | None]:
    """The contractors the sentence names: titled («подрядчиком стала X») or the other side of a
    contract signed with them («контракт заключён с компанией X»)."""
    titled = [a for role, a in _titled(sentence) if role == CONTRACTOR]
    return titled + _contracted(sentence)  # an unclear contractor (None) stays in, so nothing is paired


def _article_sides(sentence: ParsedSentence) -> list[tuple[int, str, Argument | None]]:
    """(sentence index, role, organization) of every titled side in the article."""
    found = []
    for index, sent in enumerate(sentence.article.sentences):
        if not any(t.lemma in _TITLES for t in sent.tokens):
            continue
        other = sentence if index == sentence.index else ParsedSentence(sent, sentence.article, index)
        found += [(index, role, a) for role, a in _titled(other)]
    return found


def _titled(sentence: ParsedSentence) -> list[tuple[str, Argument | None]]:
    """(role, organization) for «заказчиком выступило управление X», «, подрядчиком — компания Y»
    (the elliptic title's own subject) and «Заказчик — мэрия Заречья»; (role, None) for a title whose
    holder is not clear (two titles of one verb, a name running over a dash), so no side is guessed."""
    found: list[tuple[str, Argument | None]] = []
    for title in sentence.tokens:
        role = _TITLES.get(title.lemma)
        if role is None:
            continue
        holders = sentence.kids(title, "nsubj")  # «подрядчиком — компания Y»: the parser's elliptic subject
        if title.feats.get("Case") == "Ins" and _dash_after(sentence, title) and title.rel != "xcomp":
            # «Заказчиком выступила мэрия, подрядчиком — компания Y»: the verb of the sentence's first title
            if not any(_title_verb(sentence, t) for t in sentence.tokens if t.lemma in _TITLES and t is not title):
                continue
            holders = holders or _after_dash(sentence, title)
        elif title.feats.get("Case") == "Ins":
            verb = _title_verb(sentence, title)
            if verb is None:
                continue
            shared = [t for t in sentence.kids(verb) if _TITLES.get(t.lemma) == role]
            if not holders and len(shared) == 1:
                holders = sentence.kids(verb, "nsubj")
        elif title.feats.get("Case") == "Nom" and _dash_after(sentence, title):
            holders = holders or _after_dash(sentence, title)
        else:
            continue
        found += _holders(sentence, role, holders)
    return found


def _holders(sentence: ParsedSentence, role: str, holders: list) -> list[tuple[str, Argument | None]]:
    """(role, organization) for each holder of a title: one, or a whole list of them («подрядчиками
    стали компании «Ладья» и «Кварта»»); (role, None) for a list the parse cut or with an unnamed
    item, so no side is paired short of a member."""
    from .matchers import _left_out_conjuncts, _list_goes_on

    if len(holders) != 1:
        return [(role, None)]
    members = sentence.conjuncts(holders[0])
    if _left_out_conjuncts(sentence, members) or _list_goes_on(sentence, members):
        return [(role, None)]
    return [(role, _clear_side(sentence, m)) for m in members]


def _after_dash(sentence: ParsedSentence, title) -> list:
    return [t for t in sentence.tokens if t.start > title.stop and t.pos in {"NOUN", "PROPN"}][:1]


def _clear_side(sentence: ParsedSentence, head) -> Argument | None:
    """The organization `head` names, its name never running over a comma or a dash (the parser
    hangs «, подрядчиком — компания Y» on «мэрия» as an apposition): an institution's name is cut
    there, any other name that runs over is no clear side."""
    named = argument(sentence, head, _ORGANIZATIONS)
    if named is None or not any(mark in named.text for mark in _BREAKS):
        return named
    if head.lemma not in INSTITUTION_NOUNS:
        return None
    cut = min((t.start for t in sentence.tokens if t.start > head.start and t.text in _BREAKS), default=None)
    hidden = frozenset(t.id for t in sentence.tokens if cut is not None and t.start >= cut)
    phrase = phrase_argument(sentence, head, ORGANIZATION, require_modifier=True, hidden=hidden)
    if phrase is None or any(mark in phrase.text for mark in _BREAKS):
        return None
    return Argument(phrase.text, phrase.normal[:1].upper() + phrase.normal[1:], ORGANIZATION, head.lemma)


_BREAKS = ("—", "–", ",")


def _title_verb(sentence: ParsedSentence, title):
    """The verb that gives the title, through an elliptic title's conjunct: a past perfective or a
    present statement, never a future, a negation or a plan."""
    current, steps = title, 0
    while current is not None and current.lemma not in _TITLE_VERBS and steps < 4:
        current, steps = sentence.head(current), steps + 1
    if current is None or current.lemma not in _TITLE_VERBS or sentence.negated(current):
        return None
    feats = current.feats
    done = feats.get("Tense") == "Past" and feats.get("Aspect") == "Perf"
    ongoing = feats.get("Tense") == "Pres" and feats.get("Aspect") == "Imp" and not sentence.planned(current)
    return current if feats.get("VerbForm") == "Fin" and (done or ongoing) else None


def _dash_after(sentence: ParsedSentence, title) -> bool:
    following = [t for t in sentence.tokens if t.start >= title.stop][:1]
    return bool(following) and following[0].text in {"—", "–"}


def _contracted(sentence: ParsedSentence) -> list[Argument]:
    """«Контракт на ремонт моста заключён с компанией X»: the one organization a contract was signed
    with, in a passive statement that names no other side (an active «управление заключило контракт
    с X» is the verb patterns')."""
    found = []
    for paper in sentence.tokens:
        if paper.lemma not in {"контракт", "госконтракт"} or paper.rel != "nsubj:pass":
            continue
        verb = sentence.head(paper)
        feats = verb.feats if verb is not None else {}
        signed = verb is not None and verb.lemma in {"заключить", "подписать"} and feats.get("Tense") == "Past"
        if not signed or feats.get("VerbForm") != "Part" or sentence.negated(verb) or sentence.planned(verb):
            continue
        if sentence.kids(verb, "obl:agent") or any(
            k.feats.get("Case") == "Ins" and not sentence.preposition(k) for k in sentence.kids(verb, "obl")
        ):
            continue  # «заключён управлением»: the customer is named here, the verb patterns' case
        sides = [c for c in sentence.kids(verb, "obl") + sentence.kids(paper, "nmod") if sentence.preposition(c) == "с"]
        named = [argument(sentence, c, _ORGANIZATIONS) for c in sides]
        if len(named) == 1 and named[0] is not None:
            found.append(named[0])
    return found
