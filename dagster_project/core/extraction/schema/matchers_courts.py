"""Court news beyond «взыскал с» and «обязал»: fines, verdicts, granted suits and money won in court.

News reports a court's decision with a handful of verbs whose subject is the court: «Таганский суд
Москвы оштрафовал компанию X на 4 млн рублей», «назначил компании X штраф в размере N», «признал X
виновным» (or «банкротом»), «приговорил X к трём годам», «арестовал X», «удовлетворил иск X к Y». The party the
decision goes against is the verb's object (or the defendant of the granted suit); only a named
court rules (a bank or a regulator also fines and «признаёт», a court is what the subject's name
says). Who sued is said with «подал в суд на Y» (matchers.py) or by the winner: «X отсудил у Y N
рублей». A fine is a sum the party is ordered to pay when one party is fined; a plan («может быть
оштрафована»), a negation («не признал виновным») and an acquittal («признал невиновным») give nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ...common.russian import fold, inflect_phrase
from .arguments import Argument, ParsedSentence, argument, quantity_argument
from .lexicon import ANAPHORIC_PLACE_SYNONYMS, MONEY_UNITS
from .matchers_people import finished, finished_verbs
from .relations import AGENTS, MONEY

Fact = tuple[str, Argument, Argument]

# What a court finds a party: guilty or bankrupt; «невиновным» is no ruling against it.
_VERDICTS = frozenset({"виновный", "банкрот", "несостоятельный"})
# A suit the court grants or turns down: «удовлетворил иск X к Y», «требования X к Y».
_CLAIMS = frozenset({"иск", "требование"})
_DEFENDANT_PREPOSITIONS = frozenset({"к", "против"})
_FINES = frozenset({"штраф"})


class CourtDecisions:
    """Decisions a named court took against a party, with the sum when it is a fine."""

    triggers = frozenset({"оштрафовать", "признать", "приговорить", "удовлетворить", "отклонить", "назначить"})
    triggers |= frozenset({"наложить", "отсудить", "арестовать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in finished_verbs(sentence, self.triggers):
            if verb.lemma == "отсудить":
                yield from _won_in_court(sentence, verb)
                continue
            courts = _courts(sentence, verb)
            if verb.lemma in {"удовлетворить", "отклонить"}:
                yield from _decided_claims(sentence, verb, courts)
                continue
            parties, sums = _parties_and_sums(sentence, verb)
            for party in parties if courts else []:
                for court in courts:
                    yield "ruled_against", court, party
                for amount in sums[:1] if len(parties) == 1 else []:
                    yield "ordered_to_pay", party, amount


def _courts(sentence: ParsedSentence, verb) -> list[Argument]:
    from .matchers import _courts  # one grammar of subjects and courts

    return _courts(sentence, verb)


def _agents(sentence: ParsedSentence, heads: list) -> list[Argument]:
    found = [a for a in (argument(sentence, t, AGENTS) for h in heads for t in sentence.conjuncts(h)) if a]
    return _regional(sentence, heads, found)


def _money(sentence: ParsedSentence, heads: list) -> list[Argument]:
    """Sums headed by `heads`, whatever preposition the grammar found them after («на», «в»)."""
    found = (quantity_argument(sentence, h, MONEY_UNITS, ends_at_unit=True, governed=True) for h in heads)
    return [replace(a, type=MONEY) for a in found if a]


def _parties_and_sums(sentence: ParsedSentence, verb) -> tuple[list[Argument], list[Argument]]:
    """Who the decision is against and the fine: «оштрафовал X на N», «признал X виновным»,
    «приговорил X к ...», «назначил X штраф в размере N», «наложил штраф в N рублей на X»."""
    objects = [c for c in sentence.kids(verb, "obj") if c.feats.get("Case") == "Acc"]
    if verb.lemma == "оштрафовать":
        sums = [c for c in sentence.kids(verb, "obl") if sentence.preposition(c) == "на"]
        return _agents(sentence, objects), _money(sentence, sums)
    if verb.lemma == "признать":
        found = any(c.lemma in _VERDICTS for c in sentence.kids(verb, "xcomp", "obl", "advcl"))
        return (_agents(sentence, objects) if found else []), []
    if verb.lemma in {"приговорить", "арестовать"}:  # «арестовал имущество компании» arrests no party
        return _agents(sentence, objects), []
    fines = [c for c in sentence.kids(verb, "obj") if c.lemma in _FINES]
    if not fines:
        return [], []
    if verb.lemma == "назначить":  # «назначил компании X штраф»: the party is the dative
        party_heads = [c for c in sentence.kids(verb, "iobj", "obl") if c.feats.get("Case") == "Dat"]
        party_heads = [c for c in party_heads if not sentence.preposition(c)]
    else:  # «наложил штраф на X»: the party after «на», on the verb or on the fine
        hosts = [verb, *fines]
        party_heads = [c for h in hosts for c in sentence.kids(h, "obl", "nmod") if sentence.preposition(c) == "на"]
    return _agents(sentence, party_heads), _money(sentence, _fine_sums(sentence, fines[0]))


def _fine_sums(sentence: ParsedSentence, fine) -> list:
    """«штраф в размере 4 млн рублей», «штраф в 4 млн рублей»."""
    heads = []
    for child in sentence.kids(fine, "nmod"):
        if sentence.preposition(child) != "в":
            continue
        if child.lemma == "размер":
            heads += [n for n in sentence.kids(child, "nmod") if not sentence.preposition(n)]
        else:
            heads.append(child)
    return heads


def _decided_claims(sentence: ParsedSentence, verb, courts: list[Argument]) -> Iterator[Fact]:
    """«удовлетворил иск X к Y»: X sued Y and the court ruled against Y; «отклонил иск X к Y»: X
    sued Y (and lost, which says nothing against Y)."""
    for claim in (c for c in sentence.kids(verb, "obj") if c.lemma in _CLAIMS):
        claimant_heads = [c for c in sentence.kids(claim, "nmod") if c.feats.get("Case") == "Gen"]
        claimant_heads = [c for c in claimant_heads if not sentence.preposition(c)]
        defendant_heads = [
            c
            for host in (claim, verb)
            for c in sentence.kids(host, "nmod", "obl")
            if sentence.preposition(c) in _DEFENDANT_PREPOSITIONS
        ]
        defendant_heads += _defendants_on_next_verb(sentence, verb)
        defendant_heads += _defendants_under_claimant(sentence, claimant_heads[:1])
        claimants, defendants = _agents(sentence, claimant_heads[:1]), _agents(sentence, defendant_heads)
        claimants = [c for c in (_before_defendant(c, defendants) for c in claimants) if c is not None]
        for defendant in defendants:
            for claimant in claimants:
                if claimant.normal != defendant.normal:
                    yield "sued", claimant, defendant
            for court in courts if verb.lemma == "удовлетворить" else []:
                yield "ruled_against", court, defendant
        if verb.lemma == "удовлетворить" and courts and len(defendants) == 1:
            yield from _recovered_from_defendant(sentence, verb, defendants[0])


def _recovered_from_defendant(sentence: ParsedSentence, verb, defendant: Argument) -> Iterator[Fact]:
    """«удовлетворил иск X к Y и взыскал с подрядчика N рублей»: the one the granted suit was
    against is who pays, named again by a bare noun («с подрядчика», «с компании»); a named payer is
    CourtRulings' to read."""
    from .matchers import _sums  # matchers imports this module

    for listed in sentence.kids(verb, "conj"):
        if listed.lemma != "взыскать" or not finished(listed) or sentence.negated(listed):
            continue
        payers = [c for c in sentence.kids(listed, "obl") if sentence.preposition(c) == "с"]
        bare = len(payers) == 1 and payers[0].pos == "NOUN" and not payers[0].text[:1].isupper()
        bare = bare and payers[0].feats.get("Number") == "Sing"  # «с подрядчиков»: more than the one defendant
        if not bare or _agents(sentence, payers) or sentence.kids(payers[0], "conj"):
            continue
        sums = _sums(sentence, [listed])
        if len(sums) == 1:
            yield "ordered_to_pay", defendant, sums[0]


def _regional(sentence: ParsedSentence, heads: list, parties: list[Argument]) -> list[Argument]:
    """«иск министерства транспорта области»: a body named with a bare «области» takes the region's
    name the article gave before, as its titles do; with no such region it is left out (two names
    of one ministry would make two claimants of one suit)."""
    from .matchers_posts import earlier_place  # matchers_posts imports matchers that imports this module

    bare = [
        t
        for h in heads
        for t in sentence.subtree(h)
        if t.lemma in ANAPHORIC_PLACE_SYNONYMS and not sentence.kids(t, "amod") and t.rel == "nmod"
    ]
    kept = []
    for party in parties:
        owner = next((t for t in bare if party.normal.endswith(" " + t.text)), None)
        if owner is None:
            kept.append(party)
            continue
        place = earlier_place(sentence, owner)
        genitive = inflect_phrase(place.normal, "gent") if place is not None else ""
        if genitive and fold(party.normal).endswith(" " + fold(genitive)):
            kept.append(party)  # its reading named the place already (place_owners.with_place_owner)
        elif genitive and fold(genitive) != fold(place.normal):
            kept.append(replace(party, normal=party.normal[: -len(owner.text)] + genitive))
    return kept


def _defendants_under_claimant(sentence: ParsedSentence, claimant_heads: list) -> list:
    """«иск Управления Росприроднадзора по области к АО «Х»»: after a long claimant the parser hangs
    «к Y» on the claimant's name, but a body's name takes no «к»: it is the suit's defendant."""
    return [
        t
        for head in claimant_heads
        for t in sentence.subtree(head)
        if t is not head and t.rel == "nmod" and sentence.preposition(t) in _DEFENDANT_PREPOSITIONS
    ]


def _before_defendant(claimant: Argument, defendants: list[Argument]) -> Argument | None:
    """The claimant's name without a «к Y» the parser hung on it; None when it cannot be cut off."""
    cut = [claimant.normal.find(f" {word} ") for word in _DEFENDANT_PREPOSITIONS]
    cut = [at for at in cut if at > 0]
    if not cut:
        return claimant
    if not defendants:
        return None
    normal = claimant.normal[: min(cut)]
    text_cut = [claimant.text.find(f" {word} ") for word in _DEFENDANT_PREPOSITIONS]
    text = claimant.text[: min(at for at in text_cut if at > 0)] if any(at > 0 for at in text_cut) else None
    if text is None or len(normal.split()) < 2:
        return None
    return replace(claimant, text=text, normal=normal)


def _defendants_on_next_verb(sentence: ParsedSentence, verb) -> list:
    """«удовлетворил иск X к Y и взыскал с Y ...»: the parser may hang «к Y» on the verb listed next,
    which takes no «к»; a «к» phrase before that verb is the suit's defendant."""
    return [
        c
        for listed in sentence.kids(verb, "conj")
        if listed.pos == "VERB"
        for c in sentence.kids(listed, "obl")
        if sentence.preposition(c) == "к" and c.start < listed.start
    ]


def _won_in_court(sentence: ParsedSentence, verb) -> Iterator[Fact]:
    """«X отсудил у Y 4 млн рублей»: X sued Y, and the court ordered Y to pay the sum."""
    from .matchers import _subject_heads

    claimants = _agents(sentence, _subject_heads(sentence, verb)[:1])
    losers = _agents(sentence, [c for c in sentence.kids(verb, "obl") if sentence.preposition(c) == "у"])
    sums = _money(sentence, [c for c in sentence.kids(verb, "obj") if not sentence.preposition(c)])
    for loser in losers:
        for claimant in claimants:
            if claimant.normal != loser.normal:
                yield "sued", claimant, loser
        for amount in sums[:1] if len(losers) == 1 and claimants else []:
            yield "ordered_to_pay", loser, amount


# Where the money claimed is said to be taken from: «о взыскании с Y», «(требованием) взыскать с Y».
_RECOVERY = frozenset({"взыскание", "взыскать"})
# What one goes to court with: «подал иск», «обратился в суд с требованием / заявлением».
_FILINGS = _CLAIMS | frozenset({"заявление"})


class Suits:
    """Who sued whom, as court news names a suit: «иск X к Y» in any frame («суд принял к рассмотрению
    иск X к Y», «по иску X к Y суд взыскал ...»: a suit with its claimant exists, whatever the court
    does with it); «X подал иск (обратился в суд с требованием) о взыскании с Y» / «взыскать с Y»;
    «X через суд требует взыскать с Y»."""

    triggers = frozenset({"иск", "взыскание", "взыскать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for claim in (t for t in sentence.tokens if t.lemma == "иск" and t.pos == "NOUN"):
            claimant_heads = [c for c in sentence.kids(claim, "nmod") if c.feats.get("Case") == "Gen"]
            claimants = _agents(sentence, [c for c in claimant_heads if not sentence.preposition(c)][:1])
            defendants = _agents(sentence, _defendant_heads(sentence, claim))
            claimants = [c for c in (_before_defendant(c, defendants) for c in claimants) if c is not None]
            yield from _pairs(claimants, defendants)
        for verb in finished_verbs(sentence, {"подать", "обратиться"}):
            from .matchers import _subject_heads

            filings = [c for c in sentence.kids(verb, "obj", "obl") if c.lemma in _FILINGS]
            recoveries = [r for f in filings for r in sentence.kids(f, "nmod", "acl") if r.lemma in _RECOVERY]
            claimants = _agents(sentence, _subject_heads(sentence, verb)[:1])
            yield from _pairs(claimants, _agents(sentence, _taken_from(sentence, recoveries)))
        for verb in (t for t in sentence.tokens if _demands_in_court(sentence, t)):
            from .matchers import _subject_heads

            recoveries = [c for c in sentence.kids(verb, "xcomp") if c.lemma == "взыскать"]
            claimants = _agents(sentence, _subject_heads(sentence, verb)[:1])
            yield from _pairs(claimants, _agents(sentence, _taken_from(sentence, recoveries)))


def _pairs(claimants: list[Argument], defendants: list[Argument]) -> Iterator[Fact]:
    for claimant in claimants:
        for defendant in defendants:
            if claimant.normal != defendant.normal:
                yield "sued", claimant, defendant


def _defendant_heads(sentence: ParsedSentence, claim) -> list:
    """«иск X к Y»: the «к» or «против» phrase of the claim (or of its claimant), or one the parser hung
    on the verb right after the claim's own words («по иску банка X | к компании Y суд взыскал ...»)."""
    owners = [c for c in sentence.kids(claim, "nmod") if c.feats.get("Case") == "Gen" and not sentence.preposition(c)]
    own = [  # the parser may hang it on the claimant: «иску застройщика «Х» | к банку «Y»»
        c
        for h in [claim, *owners[:1]]
        for c in sentence.kids(h, "nmod")
        if sentence.preposition(c) in _DEFENDANT_PREPOSITIONS
    ]
    if own:
        return own
    verb = sentence.head(claim)
    if verb is None:
        return []
    end = max(t.stop for t in sentence.subtree(claim))
    text = sentence.article.text
    return [
        c
        for c in sentence.kids(verb, "obl")
        if sentence.preposition(c) in _DEFENDANT_PREPOSITIONS
        and c.start > end
        and not text[end : min(k.start for k in sentence.kids(c, "case"))].strip(" »")
    ]


def _taken_from(sentence: ParsedSentence, recoveries: list) -> list:
    """«взыскать с Y», «о взыскании с Y»: whom the money is claimed from."""
    return [c for r in recoveries for c in sentence.kids(r, "obl", "nmod") if sentence.preposition(c) == "с"]


def _demands_in_court(sentence: ParsedSentence, verb) -> bool:
    """«через суд требует / потребовал взыскать»: a claim made in court, now or done."""
    if verb.lemma not in {"требовать", "потребовать"} or verb.pos != "VERB" or sentence.negated(verb):
        return False
    feats = verb.feats
    if feats.get("VerbForm") != "Fin" or feats.get("Tense") not in {"Pres", "Past"}:
        return False
    return any(c.lemma == "суд" and sentence.preposition(c) == "через" for c in sentence.kids(verb, "obl"))
