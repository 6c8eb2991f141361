"""Grammars of deals between organizations: contracts news reports after the work they pay for,
loans, owners and subsidiaries, purchases of companies and stakes, facilities bought or built where
a place names them.

Each grammar keeps the schema's rules: a deal, a purchase or a loan stated as done (a future
«поставит» is a plan, but «Контракт подписан 13 октября» after it is a signed deal), present
ownership («владеет», «дочерняя компания»), never a negated verb, and every side one named
organization (a list with an unnamed item, or two customers for one paper, says nothing).
"""

from __future__ import annotations

from collections.abc import Iterator

from .arguments import Argument, ParsedSentence, argument, phrase_argument
from .lexicon import CLASS_NOUNS, PLAN_WORDS, VEHICLE_NOUNS
from .matchers_people import finished, finished_verbs
from .relations import AGENTS, FACILITY, ORGANIZATION, THINGS

Fact = tuple[str, Argument, Argument]

ORGANIZATIONS = frozenset({ORGANIZATION})
# A signed paper and the relation its signing states.
DEAL_PAPERS = {"контракт": "signed_contract_with", "договор": "signed_contract_with"} | dict.fromkeys(
    ("соглашение", "меморандум"), "signed_agreement_with"
)
# Papers of other relations: a loan or a job is not a deal between two organizations.
OTHER_PAPERS = frozenset({"кредитный", "трудовой", "заёмный", "заемный", "лицензионный"})
SIGNING_VERBS = frozenset({"подписать", "заключить"})
# Verbs news uses to say what a deal is for, from the side that does the work: «А поставит
# оборудование для Б», «А построит терминал для Б», «А получил заказ от Б», «Б закупит у А».
WORK_VERBS = frozenset(
    "поставить поставлять изготовить построить выполнить разработать спроектировать оказать установить "
    "модернизировать отремонтировать перевезти доставить обслуживать создать смонтировать".split()
)
CUSTOMER_PREPOSITIONS = frozenset({"для"})
# Verbs that leave a statement open: «контракт может быть подписан», «должен быть заключён».
MODAL_VERBS = frozenset({"мочь", "должный", "должен", "собираться", "намереваться", "рассчитывать"})
# A stake bought whole makes the buyer the owner: «приобрёл 100% акций», «контрольный пакет».
STAKE_NOUNS = frozenset({"акция", "доля", "пакет", "%", "процент"})
WHOLE_STAKE = frozenset({"100", "контрольный", "весь"})
# Who a company becomes: the owner has bought it, a shareholder has invested in it.
OWNER_TITLES = dict.fromkeys(("владелец", "собственник"), "bought") | dict.fromkeys(
    ("акционер", "совладелец", "инвестор"), "invested_in"
)
SUBSIDIARY_NOUNS = frozenset({"компания", "структура", "предприятие", "банк", "общество", "фирма"})


class DealsOfStatements:
    """«Стартап «Кварц-Лаб» поставит системы контроля для комбината «Искра». Контракт подписан 13
    октября.» -> signed_contract_with(Кварц-Лаб, Искра): a paper whose sentence names no side of
    its own belongs to the deal the sentence before states, between the one who does the work and
    its one customer. The paper must be reported as existing («подписан», «стороны подписали»,
    «рассчитан на два года»); a planned or negated signing, or a paper of a loan, gives nothing."""

    triggers = frozenset(DEAL_PAPERS)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if sentence.index == 0 or sentence.lemmas & PLAN_WORDS:
            return
        papers = [p for p in sentence.tokens if _existing_paper(sentence, p)]
        relations = {DEAL_PAPERS[p.lemma] for p in papers}
        if len(relations) != 1 or any(_names_a_side(sentence, p) for p in papers):
            return
        before = ParsedSentence(sentence.article.sentences[sentence.index - 1], sentence.article, sentence.index - 1)
        if before.lemmas & DEAL_PAPERS.keys():
            return  # the sentence before names its own paper: the signed patterns read it
        sides = _work_sides(before)
        if sides is not None:
            yield relations.pop(), sides[0], sides[1]


def _existing_paper(sentence: ParsedSentence, paper) -> bool:
    """A deal paper reported as signed or in force: the subject or object of a past or present
    indicative verb or a short participle, not negated, not modal, not a future «будет»."""
    if paper.lemma not in DEAL_PAPERS or paper.pos != "NOUN" or paper.rel not in {"nsubj", "nsubj:pass", "obj"}:
        return False
    if any(k.lemma in OTHER_PAPERS for k in sentence.kids(paper, "amod")):
        return False
    verb = sentence.head(paper)
    if verb is None or verb.pos not in {"VERB", "AUX"} or sentence.negated(verb) or verb.lemma in MODAL_VERBS:
        return False
    if paper.rel == "obj" and verb.lemma not in SIGNING_VERBS:
        return False  # «получил контракт», «выполнит договор»: no signing said
    if sentence.planned(verb):
        return False  # «будет подписан»
    feats = verb.feats
    short_participle = feats.get("VerbForm") == "Part" and feats.get("Voice") == "Pass" and verb.rel == "root"
    indicative = feats.get("VerbForm") == "Fin" and feats.get("Tense") in {"Past", "Pres"}
    return short_participle or indicative


def _names_a_side(sentence: ParsedSentence, paper) -> bool:
    """«Контракт с комбинатом подписан», «контракт компании», «Договор подписал директор X»: the
    paper's own sentence names a party (only «стороны» signs for both without naming them)."""
    for kid in sentence.kids(paper, "nmod"):
        if sentence.preposition(kid) in {"с", "со", "между"} or not sentence.preposition(kid) and _agent(sentence, kid):
            return True
    verb = sentence.head(paper)
    signers = [s for s in sentence.kids(verb, "nsubj", "obl", "obl:agent") if s.id != paper.id]
    return any(s.lemma != "сторона" and s.feats.get("Case") in {"Nom", "Ins"} and _agent(sentence, s) for s in signers)


def _agent(sentence: ParsedSentence, token) -> bool:
    return argument(sentence, token, AGENTS) is not None


def _work_sides(sentence: ParsedSentence) -> tuple[Argument, Argument] | None:
    """(who does the work, its customer) of the one statement of work in the sentence: the subject
    of a work verb and the one organization «для» (or the dative of «поставить»); the buyer and the
    seller of «закупить у»; the receiver of an order and whoever placed it («получил заказ от»)."""
    found = []
    for verb in sentence.tokens:
        if verb.pos != "VERB" or sentence.negated(verb) or verb.feats.get("VerbForm") not in {"Fin", None}:
            continue
        customers = _customers(sentence, verb)
        if customers is None:
            continue
        subjects = _own_subjects(sentence, verb)
        if len(subjects) == 1 and len(customers) == 1 and subjects[0].normal != customers[0].normal:
            found.append((subjects[0], customers[0]))
    return found[0] if len(found) == 1 else None


def _customers(sentence: ParsedSentence, verb) -> list[Argument] | None:
    """The other side of the work verb's deal, or None when the verb states no deal."""
    if verb.lemma in WORK_VERBS:
        heads = [
            t
            for t in _clause_tokens(sentence, verb)
            if sentence.preposition(t) in CUSTOMER_PREPOSITIONS
            or (verb.lemma in {"поставить", "поставлять"} and t.rel in {"iobj", "obl"} and t.head_id == verb.id
                and t.feats.get("Case") == "Dat" and not sentence.preposition(t))
        ]  # fmt: skip
    elif verb.lemma in {"закупить", "купить", "приобрести"}:
        heads = [t for t in _clause_tokens(sentence, verb) if sentence.preposition(t) == "у"]
    elif verb.lemma == "получить" and any(k.lemma in {"заказ", "контракт"} for k in sentence.kids(verb, "obj")):
        heads = [t for t in _clause_tokens(sentence, verb) if sentence.preposition(t) == "от"]
    else:
        return None
    found = [argument(sentence, t, ORGANIZATIONS) for h in heads for t in sentence.conjuncts(h)]
    return list({a.normal: a for a in found if a is not None}.values()) if all(found) else []


def _clause_tokens(sentence: ParsedSentence, verb) -> list:
    """The verb's own words: its subtree without the clauses under it (the parser hangs «для X» on
    any noun of the clause, but a relative clause's «для» is that clause's)."""
    out, stack = [], [verb]
    while stack:
        current = stack.pop()
        out.append(current)
        stack += [
            k
            for k in sentence.kids(current)
            if k.rel not in {"acl:relcl", "acl", "advcl", "ccomp", "parataxis", "conj"}
        ]
    return out


def _own_subjects(sentence: ParsedSentence, verb) -> list[Argument]:
    from .matchers import _subject_heads  # one grammar of subjects

    heads = _subject_heads(sentence, verb)
    found = [argument(sentence, t, ORGANIZATIONS) for t in heads]
    return [a for a in found if a is not None] if all(found) else []


class CreditLines:
    """«Банк «Окский» открыл кредитную линию компании «Ладья»» -> lent_to(Окский, Ладья): a credit
    line opened is a loan; a line with no «кредитная» is a production line, not money."""

    triggers = frozenset({"линия"})

    def __init__(self, pattern):
        self.pattern = pattern

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        lines = [t for t in sentence.tokens if t.lemma == "линия"]
        if any(k.lemma == "кредитный" for line in lines for k in sentence.kids(line, "amod")):
            yield from self.pattern.match(sentence)


class Owners:
    """«Холдинг «Вектор» владеет заводом «Искра»» -> belongs_to(Искра, Вектор): present ownership
    of named things (the past «владел» was; an owner sold since)."""

    triggers = frozenset({"владеть"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if verb.lemma != "владеть" or not _present(sentence, verb):
                continue
            owners = [a for a in (argument(sentence, t, AGENTS) for t in _own_subject_heads(sentence, verb)) if a]
            owned = [
                argument(sentence, t, THINGS)
                for c in sentence.kids(verb, "obj", "obl")
                if c.feats.get("Case") == "Ins" and not sentence.preposition(c)
                for t in sentence.conjuncts(c)
            ]
            if len(owners) != 1 or None in owned:
                continue  # «владеет заводом «Искра» и долей в ...»: a list with an unnamed item is no set
            for thing in owned:
                if _named(thing) and thing.normal != owners[0].normal:
                    yield "belongs_to", thing, owners[0]


def _own_subject_heads(sentence: ParsedSentence, verb) -> list:
    from .matchers import _subject_heads

    return _subject_heads(sentence, verb)


def _present(sentence: ParsedSentence, verb) -> bool:
    feats = verb.feats
    return (
        not sentence.negated(verb)
        and feats.get("Tense") == "Pres"
        and (feats.get("VerbForm") == "Fin" or verb.rel in {"acl", "amod"} and feats.get("VerbForm") == "Part")
    )


def _named(thing: Argument) -> bool:
    return "«" in thing.text or thing.normal[:1].isupper()


class Subsidiaries:
    """«Страховая компания «Надёжный щит» — дочерняя компания банка «Заречный»», ««Надёжный щит»,
    дочерняя структура банка «Заречный», ...» -> belongs_to(Надёжный щит, Заречный): the named
    subsidiary is the subject of the predicate noun or the name it stands in apposition to; its
    owner is the noun's genitive."""

    triggers = frozenset({"дочерний"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for adjective in sentence.tokens:
            noun = sentence.head(adjective) if adjective.lemma == "дочерний" and adjective.rel == "amod" else None
            if noun is None or noun.lemma not in SUBSIDIARY_NOUNS:
                continue
            owners = [
                a
                for c in sentence.kids(noun, "nmod")
                if c.feats.get("Case") == "Gen" and not sentence.preposition(c)
                for a in [argument(sentence, c, ORGANIZATIONS)]
                if a is not None and _named(a)
            ]
            subsidiary = _subsidiary(sentence, noun)
            if len(owners) == 1 and subsidiary is not None and subsidiary.normal != owners[0].normal:
                yield "belongs_to", subsidiary, owners[0]


def _subsidiary(sentence: ParsedSentence, noun) -> Argument | None:
    """The named organization the «дочерняя компания» phrase describes."""
    found = described_organization(sentence, noun, ORGANIZATIONS)
    return found if found is not None and _named(found) else None


def described_organization(sentence: ParsedSentence, noun, types) -> Argument | None:
    """The one organization a noun phrase describes: the subject of the noun as a predicate («X —
    дочерняя компания Y», «X — филиал Y»), or the name it is in apposition to («X, филиал Y, ...»)."""
    if noun.rel == "root":
        heads = sentence.kids(noun, "nsubj")
    elif noun.rel == "appos":
        heads = [sentence.head(noun)]
    else:
        return None
    found = [argument(sentence, h, types) for h in heads if h is not None]
    return found[0] if len(found) == 1 else None


class NewOwners:
    """«Компания «Ладья» стала владельцем завода «Искра»», «банк приобрёл 100% акций компании
    «Ладья»» (or its controlling stake) -> bought: becoming the owner is buying; a smaller stake
    («25% акций», «долю»), becoming a shareholder or entering the capital is an investment
    (invested_in)."""

    triggers = frozenset(OWNER_TITLES) | STAKE_NOUNS | {"капитал"}

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if not finished(verb) or sentence.negated(verb):
                continue
            if verb.lemma == "стать":
                found = _owner_titles(sentence, verb)
            elif verb.lemma == "войти":  # «вошёл в капитал компании «Ладья»»
                found = _capital_entered(sentence, verb)
            elif verb.lemma in {"приобрести", "купить", "выкупить"}:
                found = _stakes_bought(sentence, verb)
            else:
                continue
            if found is not None:
                yield from _purchases(sentence, verb, *found)


def _owner_titles(sentence: ParsedSentence, verb) -> tuple[str, list] | None:
    """«стала владельцем завода «Искра»» -> (bought, [завод]); «стал акционером» -> invested_in."""
    titles = [t for t in sentence.kids(verb, "xcomp", "obl", "obj") if t.lemma in OWNER_TITLES]
    titles = [t for t in titles if t.feats.get("Case") == "Ins"]
    if not titles:
        return None
    owned = [o for o in sentence.kids(titles[0], "nmod") if not sentence.preposition(o)]
    return OWNER_TITLES[titles[0].lemma], [o for o in owned if o.feats.get("Case") == "Gen"]


def _capital_entered(sentence: ParsedSentence, verb) -> tuple[str, list]:
    capitals = [c for c in sentence.kids(verb, "obl") if c.lemma == "капитал" and sentence.preposition(c) == "в"]
    return "invested_in", [o for c in capitals for o in sentence.kids(c, "nmod") if o.feats.get("Case") == "Gen"]


def _stakes_bought(sentence: ParsedSentence, verb) -> tuple[str, list] | None:
    """«приобрёл 100% акций компании «Ладья»» -> bought; «приобрёл 25% акций», «долю» -> invested_in."""
    stakes = [s for s in sentence.kids(verb, "obj") if s.lemma in STAKE_NOUNS]
    if not stakes:
        return None
    relation = "bought" if any(_whole(sentence, s) for s in stakes) else "invested_in"
    return relation, [o for s in stakes for o in _stake_owners(sentence, s)]


def _purchases(sentence: ParsedSentence, verb, relation: str, owned_heads: list) -> Iterator[Fact]:
    buyers = [argument(sentence, t, AGENTS) for t in _own_subject_heads(sentence, verb)]
    owned = [a for a in (argument(sentence, t, THINGS) for t in owned_heads) if a is not None and _named(a)]
    if len(buyers) != 1 or buyers[0] is None:
        return
    for thing in owned:
        if thing.normal != buyers[0].normal:
            yield relation, buyers[0], thing


def _stake_owners(sentence: ParsedSentence, stake) -> list:
    """The company whose stake it is, down the genitive chain: «100% акций компании «Ладья»»,
    «долю в компании «Ладья»»."""
    found, queue = [], [stake]
    while queue:
        current = queue.pop(0)
        for kid in sentence.kids(current, "nmod"):
            preposition = sentence.preposition(kid)
            if kid.lemma in STAKE_NOUNS and not preposition:
                queue.append(kid)
            elif (not preposition and kid.feats.get("Case") == "Gen") or preposition == "в":
                found.append(kid)
    return found


def _whole(sentence: ParsedSentence, stake) -> bool:
    """«100% акций», «100 процентов», «контрольный пакет», «все акции»."""
    words = {k.lemma for t in sentence.subtree(stake, {"nummod", "amod", "nummod:gov", "det", "nmod"}) for k in [t]}
    return bool(words & WHOLE_STAKE)


class PlacedPurchases:
    """«Агрохолдинг «Ольховские поля» купил элеватор в Сосновом Бору» -> bought(агрохолдинг, элеватор
    в Сосновом Бору): a facility named by its class noun alone is one particular thing with the
    named place of the verb; the same for «построил», «ввёл в эксплуатацию»."""

    relations = {"купить": "bought", "приобрести": "bought", "построить": "built", "ввести": "commissioned"}
    triggers = frozenset(relations)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            relation = self.relations.get(verb.lemma)
            if relation is None or not finished(verb) or sentence.negated(verb):
                continue
            if relation == "commissioned" and not any(k.lemma == "эксплуатация" for k in sentence.kids(verb)):
                continue
            place = _verb_place(sentence, verb)
            builders = [argument(sentence, t, AGENTS) for t in _own_subject_heads(sentence, verb)]
            if place is None or len(builders) != 1 or builders[0] is None:
                continue
            for thing_head in sentence.kids(verb, "obj"):
                thing = _bare_facility(sentence, thing_head, place)
                if thing is not None:
                    yield relation, builders[0], thing


def _verb_place(sentence: ParsedSentence, verb) -> str | None:
    """«в Сосновом Бору»: the one named place of the verb, as written."""
    places = [
        c
        for c in sentence.kids(verb, "obl")
        if sentence.preposition(c) in {"в", "на"}
        and c.feats.get("Case") == "Loc"
        and getattr(sentence.article.span_of.get(c.id), "type", "") == "LOC"
    ]
    if len(places) != 1:
        return None
    return sentence.surface(sentence.subtree(places[0], {"case", "amod", "flat", "flat:name"}))


def _bare_facility(sentence: ParsedSentence, head, place: str) -> Argument | None:
    """A facility class noun with nothing else to name it («элеватор»), placed: «элеватор в
    Сосновом Бору». A named or described facility is the verb patterns' own."""
    if CLASS_NOUNS.get(head.lemma) != FACILITY or head.lemma in VEHICLE_NOUNS:
        return None
    if sentence.kids(head, "amod", "nmod", "appos", "flat:name", "conj"):
        return None
    found = phrase_argument(sentence, head, FACILITY, require_modifier=False)
    if found is None:
        return None
    return Argument(f"{found.text} {place}", f"{found.normal} {place}", FACILITY, head.lemma)


class LoansReceived:
    """«Компания «Ладья» получила кредит банка «Окский»», «... получила заём в банке «Окский»» (or
    «от фонда») -> lent_to(the lender, the borrower): the loan's genitive owner, or the organization
    «в» or «от» which it came from, lent to the subject."""

    triggers = frozenset({"кредит", "заём", "заем", "займ"})
    verbs = frozenset({"получить", "привлечь", "взять"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in finished_verbs(sentence, self.verbs):
            loans = [c for c in sentence.kids(verb, "obj") if c.lemma in self.triggers]
            lenders = {
                a.normal: a
                for host in loans + [verb] * bool(loans)
                for c in sentence.kids(host, "nmod", "obl")
                if (c.feats.get("Case") == "Gen" and not sentence.preposition(c) and host is not verb)
                or sentence.preposition(c) in {"в", "от", "у"}
                for a in [argument(sentence, c, ORGANIZATIONS)]
                if a is not None
            }
            borrowers = [argument(sentence, t, AGENTS) for t in _own_subject_heads(sentence, verb)]
            if len(lenders) != 1 or len(borrowers) != 1 or borrowers[0] is None:
                continue
            (lender,) = lenders.values()
            if lender.normal != borrowers[0].normal:
                yield "lent_to", lender, borrowers[0]


class Sales:
    """«Холдинг «Вектор» продал компании «Ладья» завод «Искра»» -> bought(Ладья, Искра): who is sold
    a thing buys it. The buyer must be a dative the tagger reads as one (a genitive after the thing,
    «завод компании «Ладья»», may be the thing's owner); «завершила сделку по покупке компании
    «Ладья»» -> bought by the subject; «перешла под контроль холдинга «Вектор»» -> bought by the holding."""

    triggers = frozenset({"продать", "сделка", "контроль"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in sentence.tokens:
            if not finished(verb) or sentence.negated(verb):
                continue
            if verb.lemma == "продать":
                buyers = [
                    argument(sentence, c, AGENTS)
                    for c in sentence.kids(verb, "iobj", "obl")
                    if c.feats.get("Case") == "Dat" and not sentence.preposition(c)
                ]
                things = [argument(sentence, c, THINGS) for c in sentence.kids(verb, "obj")]
                if len(buyers) == 1 and buyers[0] is not None:
                    for thing in (t for t in things if t is not None and _named(t)):
                        if thing.normal != buyers[0].normal:
                            yield "bought", buyers[0], thing
            elif verb.lemma in {"закрыть", "завершить"}:
                deals = [d for d in sentence.kids(verb, "obj") if d.lemma == "сделка"]
                bought = [
                    o
                    for d in deals
                    for p in sentence.kids(d, "nmod")
                    if p.lemma in {"покупка", "приобретение", "поглощение"} and sentence.preposition(p) == "по"
                    for o in sentence.kids(p, "nmod")
                    if o.feats.get("Case") == "Gen" and not sentence.preposition(o)
                ]
                yield from _purchases(sentence, verb, "bought", bought)
            elif verb.lemma == "перейти":
                yield from _taken_over(sentence, verb)


def _taken_over(sentence: ParsedSentence, verb) -> Iterator[Fact]:
    """«Компания «Ладья» перешла под контроль холдинга «Вектор»» -> bought(Вектор, Ладья)."""
    controls = [c for c in sentence.kids(verb, "obl") if c.lemma == "контроль" and sentence.preposition(c) == "под"]
    owners = [
        a
        for c in controls
        for o in sentence.kids(c, "nmod")
        if o.feats.get("Case") == "Gen" and not sentence.preposition(o)
        for a in [argument(sentence, o, AGENTS)]
        if a is not None
    ]
    taken = [argument(sentence, t, THINGS) for t in _own_subject_heads(sentence, verb)]
    if len(owners) != 1 or not taken or None in taken:
        return
    for thing in taken:
        if _named(thing) and thing.normal != owners[0].normal:
            yield "bought", owners[0], thing


# What one stages, sets or breaks is no delivery: «поставил спектакль», «поставил задачу», «рекорд».
NOT_GOODS = frozenset(
    "задача цель рекорд точка вопрос условие диагноз оценка ультиматум эксперимент опыт".split()
)


class Supplies:
    """«Компания «Медтехника» поставила томографы для больницы «Х»» (or «больнице «Х»», «в больницу
    «Х»») -> supplied(Медтехника, Х); «Больница «Х» закупила томографы у компании «Медтехника»» ->
    the same fact from the buyer's side. Only a delivery stated as done: «поставит» is a plan. A work
    staged («поставил спектакль») or a task set is no delivery, and a company or facility bought is
    a purchase (bought), not goods."""

    triggers = frozenset({"поставить", "закупить", "купить", "приобрести"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in finished_verbs(sentence, self.triggers):
            goods = sentence.kids(verb, "obj")
            if not goods or any(_not_goods(sentence, g, verb) for g in goods):
                continue
            agents = [argument(sentence, t, ORGANIZATIONS) for t in _own_subject_heads(sentence, verb)]
            others = _delivery_partners(sentence, verb)
            if not agents or None in agents or not others or None in others:
                continue  # a list with an unnamed side is no set
            for agent in agents:
                for other in others:
                    if agent.normal == other.normal:
                        continue
                    yield ("supplied", agent, other) if verb.lemma == "поставить" else ("supplied", other, agent)


def _not_goods(sentence: ParsedSentence, thing, verb) -> bool:
    """A task, a record or a work is not delivered; a company or a named facility bought is a purchase."""
    if thing.lemma in NOT_GOODS or CLASS_NOUNS.get(thing.lemma) in {"work", "event"}:
        return True
    return verb.lemma != "поставить" and argument(sentence, thing, THINGS) is not None


def _delivery_partners(sentence: ParsedSentence, verb) -> list:
    """The customers of «поставить» («для X», a dative «X», «в X») or the seller of a purchase («у X»)."""
    if verb.lemma == "поставить":
        heads = [t for t in _clause_tokens(sentence, verb) if sentence.preposition(t) in CUSTOMER_PREPOSITIONS]
        heads += [
            c
            for c in sentence.kids(verb, "iobj", "obl")
            if (c.feats.get("Case") == "Dat" and not sentence.preposition(c))
            or (c.feats.get("Case") == "Acc" and sentence.preposition(c) == "в")
        ]
    else:
        heads = [c for c in sentence.kids(verb, "obl") if sentence.preposition(c) == "у"]
    return [argument(sentence, t, ORGANIZATIONS) for h in heads for t in sentence.conjuncts(h)]


class SignedPapers:
    """«соглашением компании и университета, подписанным в сентябре», «подписанный договор между
    банком «Окский» и компанией «Ладья»» -> each side with the other: a paper a past participle calls
    signed, with exactly two named sides in its genitive or after «между»."""

    triggers = frozenset(DEAL_PAPERS)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if sentence.lemmas & PLAN_WORDS:
            return
        for paper in sentence.tokens:
            if paper.lemma not in DEAL_PAPERS or paper.pos != "NOUN" or not _called_signed(sentence, paper):
                continue
            if any(k.lemma in OTHER_PAPERS for k in sentence.kids(paper, "amod")):
                continue
            sides = _paper_sides(sentence, paper)
            if sides is not None:
                yield DEAL_PAPERS[paper.lemma], sides[0], sides[1]


def _called_signed(sentence: ParsedSentence, paper) -> bool:
    """The paper's own past participle of signing: «подписанное», «заключённым»."""
    return any(
        k.lemma in SIGNING_VERBS
        and k.feats.get("VerbForm") == "Part"
        and k.feats.get("Voice") == "Pass"
        and k.feats.get("Tense") == "Past"
        and not sentence.negated(k)
        for k in sentence.kids(paper, "acl", "amod")
    )


def _paper_sides(sentence: ParsedSentence, paper) -> tuple[Argument, Argument] | None:
    """The two named sides of the paper: «компании и университета», «между A и B»."""
    for kid in sentence.kids(paper, "nmod"):
        preposition = sentence.preposition(kid)
        if preposition not in {"", "между"} or (not preposition and kid.feats.get("Case") != "Gen"):
            continue
        members = sentence.conjuncts(kid)
        sides = [argument(sentence, t, AGENTS) for t in members]
        if len(sides) == 2 and None not in sides and sides[0].normal != sides[1].normal:
            return sides[0], sides[1]
    return None
