"""Grammars of contract news that name one side by its role, and of builders named after their work.

A customer that concluded a contract says nothing of the other side in its own sentence; the next
one names it by its role: «Порт заключил контракт на поставку кранов. Поставщиком выступило ООО
«Стрела»» -> signed_contract_with(ООО «Стрела», порт). The role must be given as done (past «стало»,
«выступило», present «является»; a future «выступит» is the auction's winner before the contract),
the customer's contract concluded (past, not negated, not planned) with no partner of its own, at
most two sentences before, and the article must name one such customer and one titled side.

A facility named once («открыли ледовую арену «Снежинка»») is then called by its class noun alone,
often fronted before the builder: «Арену построила компания «Х»» -> built(«Х», арена «Снежинка»).
The bare noun is the named facility only when the article named exactly one facility with that noun
before it; the verb is a past perfective, not negated, with an organization as its subject.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...common.russian import morph
from .anaphora import QUOTED_AFTER
from .arguments import Argument, ParsedSentence, argument
from .lexicon import CLASS_NOUNS
from .matchers_tenders import CONTRACTOR, CUSTOMER, _article_sides
from .relations import FACILITY, ORGANIZATION

Fact = tuple[str, Argument, Argument]

_ORGANIZATIONS = frozenset({ORGANIZATION})
_CONTRACT_NOUNS = frozenset({"контракт", "госконтракт", "договор"})
_CONCLUDE_VERBS = frozenset({"заключить", "подписать"})
_ROLE_NOUNS = frozenset({"подрядчик", "генподрядчик", "поставщик"})
# The farthest back (in sentences) the customer's contract may be named.
_MOST_SENTENCES_BACK = 2


class TitledCounterparts:
    """«АО «Порт» заключило контракт на поставку трёх кранов. Поставщиком выступило ООО «Стрела»» ->
    signed_contract_with(ООО «Стрела», АО «Порт»)."""

    triggers = _ROLE_NOUNS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        sides = _article_sides(sentence)
        if any(a is None for _, _, a in sides) or any(role == CUSTOMER for _, role, _ in sides):
            return  # an unclear side, or a titled customer (TenderSides pairs those)
        contractors = {a.normal: (index, a) for index, role, a in sides if role == CONTRACTOR}
        if len(contractors) != 1:
            return
        index, contractor = next(iter(contractors.values()))
        if index != sentence.index:
            return
        customers = _article_customers(sentence)
        if len(customers) != 1:
            return
        where, customer = customers[0]
        if not 0 <= sentence.index - where <= _MOST_SENTENCES_BACK or customer.normal == contractor.normal:
            return
        yield "signed_contract_with", contractor, customer


def _article_customers(sentence: ParsedSentence) -> list[tuple[int, Argument]]:
    """(sentence index, organization) of every organization the article says concluded a contract
    with no partner named in its own sentence; an unclear subject counts as a rival, so none pairs."""
    found: dict[str, tuple[int, Argument]] = {}
    unclear = False
    for index, sent in enumerate(sentence.article.sentences):
        if not any(t.lemma in _CONCLUDE_VERBS for t in sent.tokens):
            continue
        other = sentence if index == sentence.index else ParsedSentence(sent, sentence.article, index)
        for verb in other.tokens:
            subject = _concluding_subject(other, verb)
            if subject is False:
                continue
            if subject is None:
                unclear = unclear or index > 0  # the headline only restates the lede: its short subject is no rival
            else:
                found.setdefault(subject.normal, (index, subject))
    return [] if unclear else list(found.values())


def _concluding_subject(sentence: ParsedSentence, verb) -> Argument | None | bool:
    """The organization that concluded a contract with `verb` (None when the subject names no one
    clearly), or False when `verb` states no such concluded contract."""
    feats = verb.feats
    done = feats.get("Tense") == "Past" and feats.get("Aspect") == "Perf" and feats.get("VerbForm") == "Fin"
    if verb.lemma not in _CONCLUDE_VERBS or not done or sentence.negated(verb) or sentence.planned(verb):
        return False
    papers = [c for c in sentence.kids(verb, "obj") if c.lemma in _CONTRACT_NOUNS]
    if not papers:
        return False
    phrase = [t for p in papers for t in sentence.subtree(p, {"nmod"})] + [verb]
    if any(sentence.preposition(c) == "с" for host in phrase for c in sentence.kids(host, "obl", "nmod")):
        return False  # «заключил контракт с X»: the partner is named, the verb patterns' case
    subjects = sentence.kids(verb, "nsubj")
    if len(subjects) != 1 or sentence.conjuncts(subjects[0])[1:]:
        return None
    return argument(sentence, subjects[0], _ORGANIZATIONS)


_BUILD_VERBS = frozenset({"построить", "возвести"})


class BuildersOfNamedFacilities:
    """«В Лесогорске открыли ледовую арену «Снежинка». Арену построила компания «Стройдом»» ->
    built(Стройдом, арена «Снежинка»)."""

    triggers = _BUILD_VERBS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            feats = verb.feats
            done = feats.get("Tense") == "Past" and feats.get("Aspect") == "Perf" and feats.get("VerbForm") == "Fin"
            if verb.lemma not in _BUILD_VERBS or not done or sentence.negated(verb) or sentence.planned(verb):
                continue
            objects = [c for c in sentence.kids(verb, "obj", "nsubj") if _bare_facility_noun(sentence, verb, c)]
            subjects = [c for c in sentence.kids(verb, "nsubj") if c not in objects]
            if len(objects) != 1 or len(subjects) != 1 or sentence.conjuncts(subjects[0])[1:]:
                continue
            builder = argument(sentence, subjects[0], _ORGANIZATIONS)
            facility = _earlier_named_facility(sentence, objects[0])
            if builder is not None and facility is not None:
                yield "built", builder, facility


def _bare_facility_noun(sentence: ParsedSentence, verb, noun) -> bool:
    """A facility class noun before the verb, in the accusative it can be, with no name, adjective
    or owner of its own («Арену на 3 тыс. зрителей построила ...»: a capacity is no name)."""
    if CLASS_NOUNS.get(noun.lemma) != FACILITY or noun.start > verb.start or noun.feats.get("Number") != "Sing":
        return False
    if noun.feats.get("Case") not in {"Acc", "Nom"} or QUOTED_AFTER.match(sentence.article.text, noun.stop):
        return False
    if not any(p.tag.case == "accs" and p.normal_form == noun.lemma for p in morph().parse(noun.text.lower())):
        return False  # «Арена построила ...» is no object
    own = sentence.kids(noun, "amod", "appos", "flat", "flat:name", "det")
    genitives = [k for k in sentence.kids(noun, "nmod") if not sentence.preposition(k)]
    return not own and not genitives


def named_before(sentence: ParsedSentence, noun) -> Argument | None:
    """A bare singular facility class noun («центра», no name, adjective or owner of its own) that
    stands for the one facility the article named with it before."""
    if CLASS_NOUNS.get(noun.lemma) != FACILITY or noun.feats.get("Number") != "Sing":
        return None
    if QUOTED_AFTER.match(sentence.article.text, noun.stop) or sentence.kids(noun, "amod", "appos", "flat", "nmod"):
        return None
    return _earlier_named_facility(sentence, noun)


def _earlier_named_facility(sentence: ParsedSentence, noun) -> Argument | None:
    """The one facility the article named with the same class noun and a quoted name before `noun`."""
    text = sentence.article.text
    names: dict[str, Argument] = {}
    for sent in sentence.article.sentences:
        for word in sent.tokens:
            if word.start >= noun.start:
                break
            quoted = QUOTED_AFTER.match(text, word.stop)
            if word.lemma == noun.lemma and quoted is not None:
                name = quoted.group(1).strip()
                names.setdefault(name, Argument(f"{word.text} «{name}»", name, FACILITY, word.lemma))
    return next(iter(names.values())) if len(names) == 1 else None


CONTRACT_BUILDER_PATTERNS = (TitledCounterparts(), BuildersOfNamedFacilities())
