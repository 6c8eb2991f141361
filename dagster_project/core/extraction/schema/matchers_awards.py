"""Grants and owners news names in a noun phrase rather than with a verb of its own.

- A grant with its giver in the genitive: «Учёные университета «Х» получили грант Российского
  научного фонда», «Грант фонда «Исток» получила лаборатория института «Y»» -> received_grant_from.
  The parser often takes «грант» for the subject and hangs the receiver's genitive on the grant, so
  the grammar reads the words in order: the giver is the named organization right after «грант»,
  the receiver the nominative on the other side of the verb. A research group or a unit with no name
  of its own («учёные института», «лаборатория университета») stands for its organization.
- An owner in a participle: «принадлежащий компании «Х» траулер «Y»», «траулер «Y», принадлежащий
  компании «Х»» -> belongs_to(the named thing, the owner).

Every fact is stated as done or as is (a future «получит», a negation, «ранее принадлежавший» give
nothing), and every side is one named organization or person, or the sentence gives nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from .arguments import Argument, ParsedSentence, argument
from .lexicon import SUBUNIT_NOUNS
from .matchers_lists import subunit_owner
from .matchers_lists2 import more_than_listed
from .matchers_objects import quoted_name_end
from .matchers_people import finished
from .relations import AGENTS, FACILITY, ORGANIZATION, THINGS

Fact = tuple[str, Argument, Argument]

_ORGANIZATIONS = frozenset({ORGANIZATION})
# People who win a grant for their organization: «учёные университета», «коллектив института».
_RESEARCH_GROUPS = frozenset("учёный ученый исследователь коллектив группа команда".split())
# «получили грант», «выиграли грант»: the grant is theirs now.
_RECEIVING_VERBS = frozenset({"получить", "выиграть"})
# Genitives of a grant that name no giver: «грант программы «Х»», «грант конкурса «Y»».
_NO_GIVERS = frozenset("программа проект нацпроект конкурс размер сумма объём объем".split())


class GenitiveGrants:
    """«Учёные университета «Х» получили грант Российского научного фонда», «Грант фонда «Исток»
    получила лаборатория института «Y»» -> received_grant_from(receiver, giver). One grant word hangs
    on a past perfective «получили» / «выиграли» with no «не» and no «будет»; its giver is the named
    organization whose name starts right after it (one giver: «грант фонда «Х» и министерства» names
    two); the receivers are every nominative subject of the verb, each one named organization or
    person or a group or unit of one («учёные института «Х»»), or the sentence gives nothing."""

    triggers = frozenset({"грант"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        from .matchers import _says_partial

        if _says_partial(sentence):
            return
        for verb in sentence.tokens:
            if verb.lemma not in _RECEIVING_VERBS or not finished(verb):
                continue
            if sentence.negated(verb) or sentence.planned(verb):
                continue
            grants = [c for c in sentence.kids(verb) if c.lemma == "грант" and not sentence.preposition(c)]
            if len(grants) != 1:
                continue
            giver = _giver(sentence, grants[0])
            receivers = _receivers(sentence, verb, grants[0]) if giver is not None else None
            if receivers and len(receivers) > 1 and more_than_listed(sentence, len(receivers)):
                continue  # «A и B получили гранты фонда. Семь проектов стали победителями ...»: a part
            for receiver in receivers or []:
                if receiver.normal != giver.normal:
                    yield "received_grant_from", receiver, giver


def _giver(sentence: ParsedSentence, grant) -> Argument | None:
    """The named organization in the genitive whose phrase opens right after the grant word."""
    following = [t for t in sentence.tokens if t.start > grant.stop]
    if not following:
        return None
    owners = [
        o
        for o in sentence.kids(grant, "nmod")
        if o.start > grant.stop and o.feats.get("Case") == "Gen" and not sentence.preposition(o)
    ]
    if not owners:
        return None
    owner = min(owners, key=lambda t: t.start)
    if following[0].id != owner.id and following[0] not in sentence.subtree(owner):
        return None  # «грант в размере ... фонда»: the genitive is no giver right after the grant
    if sentence.kids(owner, "conj"):
        return None  # «грант фонда «Х» и министерства»: two givers of one grant
    if owner.lemma in _NO_GIVERS:
        return None  # «грант программы «Приоритет»»: a programme hands out the money of others
    return argument(sentence, owner, _ORGANIZATIONS)


def _receivers(sentence: ParsedSentence, verb, grant) -> list[Argument] | None:
    """Every nominative subject of the verb, the grant word aside; None unless each names a receiver."""
    from .matchers import RELATIVE_PRONOUNS

    # «Грант фонда получил университет»: with the grant before the verb, an inanimate receiver after it
    # may be tagged an accusative, which sounds the same
    cases = {"Nom", "Acc"} if grant.start < verb.start else {"Nom"}
    heads = [
        c
        for c in sentence.kids(verb, "nsubj", "nsubj:pass", "obj")
        if c.id != grant.id and c.feats.get("Case") in cases and not sentence.preposition(c)
    ]
    heads = [c for c in heads if c.feats.get("Case") == "Nom" or c.start > verb.start]
    if len(heads) != 1 or heads[0].lemma in RELATIVE_PRONOUNS:
        return None  # «лаборатория, которая получила грант»: the clause's antecedent is another grammar's
    members = sentence.conjuncts(heads[0])
    found = [_receiver(sentence, head) for head in members]
    if not found or any(f is None for f in found) or len({f.normal for f in found}) != len(found):
        return None
    return found


def _receiver(sentence: ParsedSentence, head) -> Argument | None:
    """A named organization or person, or the organization of a unit or research group named by its
    genitive («лаборатория института «Х»», «учёные университета «Y»»)."""
    if head.pos == "PRON":
        return None
    if head.lemma in _RESEARCH_GROUPS:
        named = argument(sentence, head, AGENTS)  # «группа компаний «Ладья»» is a receiver of its own
        return named if named is not None and "«" in named.text else _genitive_tail_owner(sentence, head)
    if head.lemma in SUBUNIT_NOUNS:
        return subunit_owner(sentence, head) or _genitive_tail_owner(sentence, head)
    return argument(sentence, head, AGENTS)


def _genitive_tail_owner(sentence: ParsedSentence, head) -> Argument | None:
    """The first named organization in the run of genitives right after the unit or group word
    («лаборатория физики льда | технического университета «Х»»), read in order: the parser may hang
    the owner on another noun of the sentence."""
    after = [t for t in sentence.tokens if t.start > head.stop]
    for token in after:
        if token.pos == "PUNCT" and token.text in "«»":
            continue
        indeclinable = token.text.isupper() and len(token.text) > 1  # «СурГУ»: an abbreviation has no case
        if not indeclinable and (token.feats.get("Case") != "Gen" or token.pos not in {"NOUN", "PROPN", "ADJ", "DET"}):
            return None  # the run ends before any organization is named
        found = argument(sentence, token, _ORGANIZATIONS) if token.pos in {"NOUN", "PROPN"} else None
        if found is not None and head.text.lower() in found.text.lower():
            return None  # NER took the unit and its owner for one name («Лаборатория медуниверситета»)
        if found is not None:
            return None if _another_owner_follows(sentence, found, token) else found
    return None


def _another_owner_follows(sentence: ParsedSentence, found: Argument, token) -> bool:
    """«учёные университета «Х» и института «Y»»: a group of two organizations is neither's alone."""
    text = sentence.article.text
    end = text.find(found.text, token.start - len(found.text))
    end = end + len(found.text) if end >= 0 else token.stop
    return text[end : end + 3].lstrip().startswith(("и ", ","))


# «ранее принадлежавший», «до недавнего времени принадлежит»: an owner before, not now.
_FORMERLY = frozenset("ранее прежде раньше когда-то некогда до".split())
_PART_OWNERS = frozenset("процент доля пакет структура акционер совладелец бенефициар косвенно частично".split())


class ParticipleOwners:
    """«принадлежащий компании «Х» траулер «Y»», «траулеры «А» и «Б», принадлежащие компании «Х»» ->
    belongs_to(each thing, owner). A present participle only («принадлежавший» is an owner before);
    the owner one named organization or person in the dative, the things every named facility or
    organization the participle describes. A «который» clause is left out: the parser hangs it on
    the nearest noun, often the owner itself."""

    triggers = frozenset({"принадлежать"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma != "принадлежать" or sentence.negated(verb) or not _owned_now(sentence, verb):
                continue
            described = _described(sentence, verb)
            owners = _owners(sentence, verb) if described is not None else None
            things = [argument(sentence, t, THINGS) for t in sentence.conjuncts(described)] if owners else []
            if not things or any(t is None or not _named(t) for t in things) or not _all_names(sentence, verb, things):
                continue
            if len({t.type for t in things}) != 1:
                continue  # «траулеры «А» и «Б»» with «Б» read as a company: the list is misread
            for thing in things:
                if thing.normal != owners[0].normal:
                    yield "belongs_to", thing, owners[0]


def _owned_now(sentence: ParsedSentence, verb) -> bool:
    feats = verb.feats
    if feats.get("Tense") != "Pres" or feats.get("VerbForm") != "Part":
        return False
    phrase = sentence.subtree(verb)
    if any(k.text == "%" or k.lemma in _PART_OWNERS for k in phrase):
        return False  # «принадлежащий на 51% компании», «структурам компании»: a share or an owner's owner
    return not any(k.lemma in _FORMERLY for k in phrase if k.pos in {"ADV", "ADP"})


def _described(sentence: ParsedSentence, verb):
    """The noun the participle agrees with: after it («траулер «Y», принадлежащий ...») or before
    («принадлежащий ... траулер «Y»»)."""
    described = sentence.head(verb) if verb.rel in {"amod", "acl"} else None
    if described is None or described.pos not in {"NOUN", "PROPN"}:
        return None
    return described


def _all_names(sentence: ParsedSentence, verb, things: list[Argument]) -> bool:
    """Every quoted name between the described noun and the participle is one of the things read: a
    list the parser cut short («траулеры «А» и «Б», принадлежащие ...» read as «А» alone) gives none."""
    if verb.feats.get("Number") != "Plur":
        return len(things) == 1
    described = sentence.head(verb)
    start, stop = sorted((described.start, verb.start))
    between = [t for t in sentence.tokens if start <= t.start < stop and t.text == "«"]
    return len(between) == len(things) >= 2


def _owners(sentence: ParsedSentence, verb) -> list[Argument] | None:
    """The one named owner in the dative (an indeclinable name the tagger may read otherwise)."""
    from ...common.russian import can_be_dative

    heads = [
        c
        for c in sentence.kids(verb, "iobj", "obl", "obj", "nmod")
        if not sentence.preposition(c)
        and (c.feats.get("Case") == "Dat" or c.feats.get("Case") == "Gen" and can_be_dative(c.text, c.lemma))
    ]
    if len(heads) != 1 or len(sentence.conjuncts(heads[0])) != 1:
        return None  # two owners share it, or none is named
    owner = argument(sentence, heads[0], AGENTS)
    return [owner] if owner is not None and _named(owner) else None


def _named(thing: Argument) -> bool:
    """A quoted or proper name, never a common phrase («земельные участки»)."""
    return "«" in thing.text or thing.normal[:1].isupper()


# Ships a company runs as its own fleet; aircraft and routes are leased and flown by others.
_VESSELS = frozenset(
    "теплоход судно ледокол танкер паром сухогруз траулер сейнер краболов контейнеровоз буксир".split()
)
# A vessel is named beside its builder or customer while it is built: «верфь спустила на воду
# траулер «Х» компании «Y»» (Y owns it only once it is handed over).
_BUILDING_WORDS = frozenset(
    "построить строить спустить заложить достроить закладка спуск строительство постройка верфь судоверфь".split()
)


class VesselOwners:
    """«сухогруз «Омшанка» судоходной компании «Ладья» сел на мель» -> belongs_to(Омшанка, Ладья): a
    named organization in the genitive right after a vessel's quoted name is its owner (news names a
    fleet's ships so). One vessel, named, in the singular; not a shipyard or a builder as the owner,
    and no building in the sentence (the genitive is then the customer of a ship not yet handed over)."""

    triggers = _VESSELS

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if sentence.lemmas & _BUILDING_WORDS:
            return
        tokens = sentence.tokens
        for index, noun in enumerate(tokens):
            if noun.lemma not in _VESSELS or noun.feats.get("Number") != "Sing":
                continue
            close = quoted_name_end(tokens, index + 1)
            vessel = argument(sentence, noun, frozenset({FACILITY})) if close is not None else None
            if vessel is None or "«" not in vessel.text or close >= len(tokens):
                continue
            owner = _owner_right_after(sentence, tokens[close])
            if owner is not None and owner.normal != vessel.normal:
                yield "belongs_to", vessel, owner


def _owner_right_after(sentence: ParsedSentence, first) -> Argument | None:
    """The named organization in the genitive whose words start at `first`, if no preposition opens it."""
    if first.feats.get("Case") != "Gen" or first.pos not in {"NOUN", "PROPN", "ADJ"}:
        return None
    text = sentence.article.text
    for token in (t for t in sentence.tokens if t.start >= first.start):
        if token.pos == "ADJ" and token.feats.get("Case") == "Gen":
            continue
        if token.pos not in {"NOUN", "PROPN"} or sentence.preposition(token):
            return None
        found = argument(sentence, token, _ORGANIZATIONS)
        written = text.find(found.text, first.start) if found is not None else -1
        if written == -1 or written > token.start or not _named(found):
            return None  # the name read is not the one these words open
        return found
    return None


AWARD_PATTERNS = (GenitiveGrants(), ParticipleOwners(), VesselOwners())
