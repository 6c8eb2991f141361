"""Grammars of facts news states as lists: grants handed to several recipients, and laureates
announced in one sentence and listed in the next.

Both follow the rules of the list grammars in matchers.py: a result stated as done (a future
«получат» names nobody yet), every item of the list one named person or organization (a set must
be complete), or nothing at all.
"""

from __future__ import annotations

from collections.abc import Iterator

from .arguments import Argument, ParsedSentence, argument, phrase_argument
from .lexicon import CLASS_NOUNS, SUBUNIT_NOUNS
from .matchers_people import finished
from .relations import EVENT, ORGANIZATION

Fact = tuple[str, Argument, Argument]

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

        if sentence.index == 0:
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
