"""Grammars of deals, visits and openings that news tells over two sentences or in a list the
parser scatters.

- Whoever held an auction is the customer of the contract it gave: «Министерство строительства
  области подвело итоги аукциона на строительство школы. Подрядчиком выступит ООО «Х». Контракт
  заключён на сумму ...» -> signed_contract_with(Х, министерство); so is every member of a counted
  list («распределены между тремя подрядчиками: — ООО «А» ...»). An auction's winner has signed
  nothing yet, so the article must also say the contract was concluded (a past passive with no side
  of its own, at most two sentences from the title); then even a future «выступит» names a side of
  a signed contract. The article names exactly one holder and one titled contractor (or list) and no
  titled customer (TenderSides reads those); a body that buys for others (a procurement committee,
  an auction commission) is no customer.
- «Стороны подписали соглашение» right after a sentence in which two sides met («X встретился с Y»,
  «X провёл переговоры с Y», «X и Y обсудили ...») -> signed_agreement_with(X, Y): the sides are the
  two who met. A third side, a pronoun, an unnamed side or a planned signing gives nothing.
- One paper signed by three or more listed sides gives each pair of them (ListedSigners).
- A tour's later stops told with «он» / «она» or the visitor's bare title are visits of the one
  person the pronoun or the title can mean (ReferredVisits).
- A headline's opener or builder of a facility named only by its class noun opened or built the
  one facility its lede names with that noun (HeadlineOpeners).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...common.russian import fold
from .anaphora import QUOTED_AFTER
from .arguments import Argument, ParsedSentence, argument, pronoun_argument, role_holder
from .lexicon import CLASS_NOUNS, INSTITUTION_NOUNS, PLAN_WORDS
from .matchers_business import DEAL_PAPERS, OTHER_PAPERS
from .matchers_people import finished, finished_verbs, title_holder
from .matchers_tenders import _clear_side
from .relations import AGENTS, EVENT, FACILITY, ORGANIZATION, PERSON, PLACE

Fact = tuple[str, Argument, Argument]

_CONTRACTOR_TITLES = frozenset({"подрядчик", "генподрядчик", "поставщик"})
_CUSTOMER_TITLES = frozenset({"заказчик", "госзаказчик"})
# «подрядчиком выступит / стал»: the verbs that give a contractor title.
_TITLE_VERBS = frozenset({"выступить", "стать"})
_AUCTIONS = frozenset({"аукцион", "конкурс", "торги", "торг", "тендер"})
# «подвело итоги аукциона», «провело аукцион», «определило подрядчика».
_CHOSEN = frozenset({"подрядчик", "генподрядчик", "поставщик", "исполнитель"})
# A holder with one of these in its name buys for others: «комитет по закупкам», «конкурсная комиссия».
_FOR_OTHERS = ("закуп", "заказ", "торг", "конкурс", "комисси")
_CONTRACT_PAPERS = frozenset({"контракт", "госконтракт", "договор"})
# The farthest apart (in sentences) the title and the concluded contract may be, and the farthest
# before the title the holder may be named.
_MOST_SENTENCES_APART = 2
_MOST_SENTENCES_BEFORE = 3


class AuctionCustomers:
    """«Министерство строительства области подвело итоги аукциона на строительство школы. Подрядчиком
    выступит ООО «Х». Контракт заключён на сумму 2 млрд рублей.» -> signed_contract_with(Х, министерство)."""

    triggers = _CONTRACTOR_TITLES

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        here = _titled_contractors(sentence)
        listed = _listed_contractors(sentence)
        contractors = here if not listed else [None] if here else listed
        if not contractors or None in contractors:
            return
        names = {c.normal for c in contractors}
        article = sentence.article
        if any(t.lemma in _CUSTOMER_TITLES for sent in article.sentences for t in sent.tokens):
            return  # a titled customer: TenderSides pairs the sides
        if _article_contractors(sentence) - names:
            return  # another contractor, or an unclear one, somewhere in the article
        near = _near(sentence, _MOST_SENTENCES_APART)
        if not any(_concluded_without_sides(s, names) for s in near):
            return  # an auction's winner has not signed yet
        holders = _article_holders(sentence)
        if len(holders) != 1 or "" in holders:
            return  # no holder, two, or one whose name is not clear
        where, holder = next(iter(holders.values()))
        if not 0 <= sentence.index - where <= _MOST_SENTENCES_BEFORE or holder.normal in names:
            return
        for contractor in contractors:
            yield "signed_contract_with", contractor, holder


def _near(sentence: ParsedSentence, distance: int) -> Iterator[ParsedSentence]:
    sentences = sentence.article.sentences
    for index in range(max(0, sentence.index - distance), min(len(sentences), sentence.index + distance + 1)):
        yield sentence if index == sentence.index else ParsedSentence(sentences[index], sentence.article, index)


def _titled_contractors(sentence: ParsedSentence) -> list[Argument | None]:
    """The organizations «подрядчиком выступит / стал X» titles in the sentence (None for a holder
    that is not one clear organization: a list, a pronoun, a name running over a comma)."""
    found: list[Argument | None] = []
    for title in sentence.tokens:
        if title.lemma not in _CONTRACTOR_TITLES or title.feats.get("Case") != "Ins":
            continue
        verb = sentence.head(title)
        if verb is None or verb.lemma not in _TITLE_VERBS or verb.feats.get("VerbForm") != "Fin":
            continue
        if verb.feats.get("Aspect") != "Perf" or sentence.negated(verb) or sentence.planned(verb):
            continue
        if any(k.lemma in _CUSTOMER_TITLES | _CONTRACTOR_TITLES for k in sentence.kids(verb) if k is not title):
            found.append(None)  # «заказчиком выступило X, подрядчиком — Y»: the tender grammar's
            continue
        holders = sentence.kids(verb, "nsubj")
        if len(holders) != 1 or sentence.conjuncts(holders[0])[1:]:
            found.append(None)
            continue
        found.append(_clear_side(sentence, holders[0]))
    return found


def _listed_contractors(sentence: ParsedSentence) -> list[Argument | None]:
    """«Работы распределены между тремя подрядчиками: — ООО «А» — участок ...; — ООО «Б» — ...»:
    every organization of the list after the colon, or [None] when an item names none or the count
    the sentence gives differs (a set is never cut short); [] when the sentence has no such list."""
    from .matchers_lists import read_list

    tokens = sentence.tokens
    for at, title in enumerate(tokens[:-1]):
        if title.lemma not in _CONTRACTOR_TITLES or title.feats.get("Number") != "Plur" or tokens[at + 1].text != ":":
            continue
        verb = sentence.head(title)
        titled = verb is not None and verb.lemma in _TITLE_VERBS and verb.feats.get("Aspect") == "Perf"
        if sentence.preposition(title) != "между" and not titled:
            continue
        members = read_list(sentence, tokens[at + 2 :], _item_organization)
        counts = [_COUNTS.get(k.lemma) for k in sentence.kids(title, "nummod")]
        if members is None or any(count != len(members) for count in counts):
            return [None]
        return list(members)
    return []


_COUNTS = {"два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8}


def _item_organization(sentence: ParsedSentence, words: list) -> Argument | None:
    """The one organization an item of a list names: its first named word."""
    for word in words:
        if word.pos in {"NOUN", "PROPN"}:
            return _clear_side(sentence, word)
    return None


def _article_contractors(sentence: ParsedSentence) -> set[str | None]:
    names: set[str | None] = set()
    for index, sent in enumerate(sentence.article.sentences):
        if any(t.lemma in _CONTRACTOR_TITLES for t in sent.tokens):
            other = sentence if index == sentence.index else ParsedSentence(sent, sentence.article, index)
            names |= {a.normal if a is not None else None for a in _titled_contractors(other)}
    return names


def _concluded_without_sides(sentence: ParsedSentence, contractors: set[str]) -> bool:
    """«Контракт заключён на сумму ...», «Контракт с компанией подписан», «сумма трёх заключённых
    контрактов»: a contract stated concluded in a past passive, neither planned nor negated, naming
    no side but a contractor."""
    for paper in sentence.tokens:
        if paper.lemma not in _CONTRACT_PAPERS:
            continue
        if any(k.lemma in OTHER_PAPERS for k in sentence.kids(paper, "amod")):
            continue
        if paper.rel == "nsubj:pass":
            verb = sentence.head(paper)
        else:  # «заключённых контрактов»: the participle before its noun
            signed = [k for k in sentence.kids(paper, "amod") if k.lemma in {"заключить", "подписать"}]
            verb = signed[0] if len(signed) == 1 and signed[0].start < paper.start else None
        if verb is None or verb.lemma not in {"заключить", "подписать"}:
            continue
        feats = verb.feats
        if feats.get("VerbForm") != "Part" or feats.get("Tense") != "Past" or sentence.negated(verb):
            continue
        if sentence.planned(verb) or sentence.kids(verb, "obl:agent"):
            continue
        sides = [k for k in sentence.kids(verb, "obl") + sentence.kids(paper, "nmod") if _names_a_side(sentence, k)]
        named = [argument(sentence, k, AGENTS) for k in sides]
        if all(n is not None and n.normal in contractors for n in named):
            return True
    return False


def _names_a_side(sentence: ParsedSentence, token) -> bool:
    """«с компанией X», «между X и Y», or the bare instrumental of whoever concluded it («заключён мэрией»)."""
    preposition = sentence.preposition(token)
    return preposition in {"с", "со", "между"} or (not preposition and token.feats.get("Case") == "Ins")


def _article_holders(sentence: ParsedSentence) -> dict[str, tuple[int, Argument]]:
    """Every organization the article says held an auction or chose a contractor, by its name; an
    unclear holder counts as a rival under an empty name, so none pairs."""
    found: dict[str, tuple[int, Argument]] = {}
    for index, sent in enumerate(sentence.article.sentences):
        if not any(t.lemma in _AUCTIONS | _CHOSEN for t in sent.tokens):
            continue
        other = sentence if index == sentence.index else ParsedSentence(sent, sentence.article, index)
        for verb in finished_verbs(other, {"подвести", "провести", "определить", "выбрать"}):
            if not _holds_an_auction(other, verb) or other.planned(verb):
                continue
            subjects = other.kids(verb, "nsubj")
            holder = _clear_side(other, subjects[0]) if len(subjects) == 1 else None
            if holder is None or subjects[0].feats.get("Case") != "Nom" or other.conjuncts(subjects[0])[1:]:
                found.setdefault("", (index, holder))
            elif _name_cut(other, holder):
                whole = _owner_run(other, holder, subjects[0], verb)
                found.setdefault(whole.normal if whole is not None else "", (index, whole))
            elif any(part in fold(holder.normal) for part in _FOR_OTHERS):
                found.setdefault("", (index, holder))
            else:
                found.setdefault(holder.normal, (index, holder))
    return found


def _name_cut(sentence: ParsedSentence, name: Argument) -> bool:
    """«Министерство строительства | Сурминской области»: the parser hung the owner elsewhere, and a
    genitive right after the name says the name goes on."""
    text = sentence.article.text
    at = text.find(name.text, sentence.tokens[0].start, sentence.tokens[-1].stop)
    following = [t for t in sentence.tokens if at >= 0 and t.start >= at + len(name.text)][:1]
    return bool(following) and following[0].pos in {"ADJ", "NOUN", "PROPN"} and following[0].feats.get("Case") == "Gen"


def _owner_run(sentence: ParsedSentence, name: Argument, head, verb) -> Argument | None:
    """«Министерство строительства | Сурминской области | подвело»: an institution's name the parser
    cut before its genitive owner, read to the verb right after it (the genitive words keep their
    form in the nominative name)."""
    if head.lemma not in INSTITUTION_NOUNS:
        return None
    text = sentence.article.text
    at = text.find(name.text, sentence.tokens[0].start, sentence.tokens[-1].stop)
    run = [t for t in sentence.tokens if at >= 0 and at + len(name.text) <= t.start < verb.start]
    if not run or any(t.pos not in {"ADJ", "NOUN", "PROPN"} or t.feats.get("Case") != "Gen" for t in run):
        return None
    tail = text[run[0].start : run[-1].stop]
    return Argument(f"{name.text} {tail}", f"{name.normal} {tail}", name.type, name.descriptor)


def _holds_an_auction(sentence: ParsedSentence, verb) -> bool:
    objects = sentence.kids(verb, "obj")
    if verb.lemma == "подвести":
        return any(k.lemma in _AUCTIONS for o in objects if o.lemma == "итог" for k in sentence.kids(o, "nmod"))
    if verb.lemma == "провести":
        return any(o.lemma in _AUCTIONS for o in objects)
    return any(o.lemma in _CHOSEN for o in objects)


# --- «Стороны подписали соглашение» after a meeting -------------------------------------------

_MEETING_NOUNS = frozenset({"встреча", "переговоры"})


class SidesWhoMet:
    """«Губернатор области Игорь Панкратов встретился с директором компании «Кедр» Семёном Луговым.
    Стороны подписали соглашение о строительстве комбината.» -> signed_agreement_with(Игорь
    Панкратов, Семён Лугов); «Правительство области и компания «Кедр» обсудили ... . Стороны
    подписали соглашение» -> signed_agreement_with(правительство, «Кедр»)."""

    triggers = frozenset({"сторона"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if sentence.index == 0:
            return
        signings = finished_verbs(sentence, {"подписать", "заключить"})
        relations = {relation for verb in signings for relation in _signed(sentence, verb)}
        if len(relations) != 1:
            return
        article = sentence.article
        before = ParsedSentence(article.sentences[sentence.index - 1], article, sentence.index - 1)
        if before.lemmas & DEAL_PAPERS.keys():
            return  # the sentence before names its own paper: the signed patterns read it
        meetings = [sides for verb in before.tokens for sides in [_met(before, verb)] if sides is not False]
        if len(meetings) != 1 or meetings[0] is None:
            return
        first, second = meetings[0]
        yield relations.pop(), first, second


def _signed(sentence: ParsedSentence, verb) -> list[str]:
    """The relation of the paper «стороны» signed with `verb`, or nothing (a paper of a loan, a paper
    that names a side of its own, a subject other than «стороны», a plan)."""
    if sentence.planned(verb):
        return []
    subjects = sentence.kids(verb, "nsubj")
    if not subjects and verb.rel == "conj":  # «Стороны обсудили ... и подписали соглашение»
        subjects = sentence.kids(sentence.head(verb), "nsubj")
    if len(subjects) != 1 or subjects[0].lemma != "сторона" or subjects[0].feats.get("Number") != "Plur":
        return []
    papers = [k for k in sentence.kids(verb, "obj") if k.lemma in DEAL_PAPERS]
    if len(papers) != 1 or any(k.lemma in OTHER_PAPERS for k in sentence.kids(papers[0], "amod")):
        return []
    if any(sentence.preposition(k) in {"с", "со", "между"} for k in sentence.kids(papers[0], "nmod")):
        return []
    if any(sentence.preposition(k) in {"с", "со"} for k in sentence.kids(verb, "obl")):
        return []
    return [DEAL_PAPERS[papers[0].lemma]]


def _met(sentence: ParsedSentence, verb) -> tuple[Argument, Argument] | None | bool:
    """The two sides of a meeting `verb` states as done (None when they are not two clear named
    sides), or False when `verb` states no meeting."""
    if not finished(verb) or sentence.negated(verb):
        return False
    objects = sentence.kids(verb, "obj")
    if verb.lemma == "провести":
        meetings = [o for o in objects if o.lemma in _MEETING_NOUNS]
        if not meetings:
            return False
        partners = [k for m in meetings for k in sentence.kids(m, "nmod") if sentence.preposition(k) in {"с", "со"}]
    elif verb.lemma in {"встретиться", "обсудить", "договориться"}:
        partners = []
    else:
        return False
    partners += [k for k in sentence.kids(verb, "obl") if sentence.preposition(k) in {"с", "со"}]
    subjects = sentence.kids(verb, "nsubj")
    if len(subjects) != 1 or len(partners) > 1:
        return None
    heads = sentence.conjuncts(subjects[0]) + (sentence.conjuncts(partners[0]) if partners else [])
    sides = [_side(sentence, head) for head in heads]
    if len(sides) != 2 or None in sides or sides[0].normal == sides[1].normal:
        return None
    return sides[0], sides[1]


def _side(sentence: ParsedSentence, head) -> Argument | None:
    """A named person or organization; a role noun stands for the person it titles («директором
    компании «Кедр» Семёном Луговым»)."""
    named = argument(sentence, head, AGENTS)
    if named is not None:
        return named
    return title_holder(sentence, head) or role_holder(sentence, head)


# --- three and more sides of one paper --------------------------------------------------------

# «трёхстороннее соглашение»: how many sides the paper says it has.
_SIDED = {"двусторонний": 2, "трехсторонний": 3, "четырехсторонний": 4, "пятисторонний": 5}
# Nouns that, followed by no name of their own, describe the item before them: «ГОК, компания группы X».
_DESCRIBING_NOUNS = frozenset(
    "компания предприятие организация структура подразделение дочка член участник резидент часть".split()
)


class ListedSigners:
    """«Министерство здравоохранения области, АО «Химзавод» и медицинский университет подписали
    трёхстороннее соглашение» -> signed_agreement_with between each two of them: one paper signed
    by all. The parser scatters a list of three subjects (one read as an object, one as a genitive),
    so the list is read from the words before the verb: every item one organization or person whose
    name stays inside its item, three or more items and as many as the paper's «N-стороннее» says,
    and a single paper («подписали соглашения» may be deals with anyone else)."""

    triggers = frozenset({"подписать", "заключить"})

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in finished_verbs(sentence, self.triggers):
            if verb.feats.get("Number") != "Plur" or sentence.planned(verb):
                continue
            papers = [k for k in sentence.kids(verb, "obj") if k.lemma in DEAL_PAPERS and k.start > verb.start]
            if len(papers) != 1 or papers[0].feats.get("Number") != "Sing":
                continue
            adjectives = {fold(a.lemma) for a in sentence.kids(papers[0], "amod")}
            if (
                adjectives & OTHER_PAPERS
                or sentence.kids(papers[0], "nmod")
                and _paper_names_a_side(sentence, papers[0])
            ):
                continue
            sides = _listed_signers(sentence, [t for t in sentence.tokens if t.stop <= verb.start])
            counts = {_SIDED[a] for a in adjectives if a in _SIDED}
            if sides is None or len(sides) < 3 or any(count != len(sides) for count in counts):
                continue
            relation = DEAL_PAPERS[papers[0].lemma]
            for at, first in enumerate(sides):
                for second in sides[at + 1 :]:
                    yield relation, first, second


def _paper_names_a_side(sentence: ParsedSentence, paper) -> bool:
    return any(sentence.preposition(k) in {"с", "со", "между"} for k in sentence.kids(paper, "nmod"))


def _listed_signers(sentence: ParsedSentence, region: list) -> list[Argument] | None:
    """One agent per item of the list the sentence opens with, or None when an item is not one
    clear named side (a phrase before the list, a described item, a name running past its item)."""
    from .matchers_lists import marked_list_items

    if not region or any(t.pos in {"ADP", "VERB", "AUX", "ADV", "PRON"} for t in region if not _quoted(sentence, t)):
        return None
    text = sentence.article.text
    items = marked_list_items(region, text)
    sides: list[Argument] = []
    for words, gives_a_reason, _ in items:
        nouns = [w for w in words if w.pos in {"NOUN", "PROPN"}]
        if gives_a_reason or not nouns:
            return None
        head = nouns[0]
        if head.lemma in _DESCRIBING_NOUNS and not QUOTED_AFTER.match(text, head.stop):
            return None
        side = argument(sentence, head, AGENTS)
        span = text[words[0].start : words[-1].stop + 1]
        if side is None or side.text.rstrip("»") not in span:
            return None
        sides.append(side)
    return sides if len({s.normal for s in sides}) == len(sides) else None


def _quoted(sentence: ParsedSentence, token) -> bool:
    """Inside «...»: a name's own words may be of any part of speech."""
    before = sentence.article.text[sentence.tokens[0].start : token.start]
    return before.count("«") > before.count("»")


# --- visits told with a pronoun ---------------------------------------------------------------

_VISITED = frozenset({PLACE, ORGANIZATION, FACILITY, EVENT})
# The visit verbs and where their object stands: «посетил завод», «побывал на заводе / в музее».
_VISIT_SLOTS = {"посетить": (("obj", ""),), "побывать": (("obl", "в"), ("obl", "на"))}


class ReferredVisits:
    """«Губернатор Игорь Панкратов посетил Заозёрский район. Затем он побывал на предприятии ООО
    «Текстиль»», «... Глава региона также посетил завод «Красный кирпич»» -> visited(Игорь
    Панкратов, ...): a tour's later stops are told with «он» / «она» or with the visitor's bare
    title. The pronoun must mean one person alone (anaphora.pronoun_antecedent), the title the one
    person the article gave that title before; the verb a done visit (a planned «посетит» is none),
    and every place of a list a named one, or nothing."""

    triggers = frozenset(_VISIT_SLOTS)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        for verb in finished_verbs(sentence, self.triggers):
            subjects = sentence.kids(verb, "nsubj")
            if len(subjects) != 1 or not _referring(sentence, subjects[0]):
                continue  # a named visitor is the verb patterns' case
            if sentence.planned(verb) or sentence.lemmas & PLAN_WORDS:
                continue
            places = _visited_places(sentence, verb)
            person = _visitor(sentence, subjects[0]) if places else None
            for place in places if person is not None else []:
                yield "visited", person, place


def _referring(sentence: ParsedSentence, subject) -> bool:
    return (subject.pos == "PRON" and subject.lemma in {"он", "она"}) or _bare_title(sentence, subject) is not None


def _visitor(sentence: ParsedSentence, subject) -> Argument | None:
    if subject.pos == "PRON" and subject.lemma in {"он", "она"}:
        return pronoun_argument(sentence, subject, people_only=True)
    title = _bare_title(sentence, subject)
    return _earlier_holder(sentence, title) if title is not None else None


# Titles a report repeats bare for the official it named with them: «губернатор», «глава региона»,
# «мэр», «глава города».
_GOVERNOR, _MAYOR = "governor", "mayor"
_TITLE_KINDS = {"губернатор": _GOVERNOR, "мэр": _MAYOR}
_TERRITORY_KINDS = {"регион": _GOVERNOR, "область": _GOVERNOR, "край": _GOVERNOR, "город": _MAYOR}


def _bare_title(sentence: ParsedSentence, noun) -> str | None:
    """The kind of title `noun` is when it names no one by itself: «губернатор», «глава региона»
    (no name, no owner of its own but a generic territory)."""
    if sentence.kids(noun, "appos", "flat", "flat:name", "amod"):
        return None
    owners = [k for k in sentence.kids(noun, "nmod") if not sentence.preposition(k)]
    if noun.lemma in _TITLE_KINDS and not owners:
        return _TITLE_KINDS[noun.lemma]
    if noun.lemma == "глава" and len(owners) == 1 and not sentence.kids(owners[0]):
        return _TERRITORY_KINDS.get(owners[0].lemma)
    return None


def _earlier_holder(sentence: ParsedSentence, kind: str) -> Argument | None:
    """The one person the article titled with a title of `kind` up to this sentence."""
    article = sentence.article
    found: dict[str, Argument] = {}
    for index in range(sentence.index + 1):
        other = sentence if index == sentence.index else ParsedSentence(article.sentences[index], article, index)
        for word in other.tokens:
            if _TITLE_KINDS.get(word.lemma) == kind or (word.lemma == "глава" and _heads_kind(other, word, kind)):
                holder = title_holder(other, word) or role_holder(other, word)
                if holder is not None and holder.type == PERSON:
                    found.setdefault(holder.normal, holder)
    return next(iter(found.values())) if len(found) == 1 else None


def _heads_kind(sentence: ParsedSentence, word, kind: str) -> bool:
    """«глава региона / области / города» and «глава Заозёрья» (a named town: a mayor's title)."""
    owners = [k for k in sentence.kids(word, "nmod") if not sentence.preposition(k)]
    if len(owners) != 1:
        return False
    owner = owners[0]
    if owner.lemma in _TERRITORY_KINDS:
        return _TERRITORY_KINDS[owner.lemma] == kind
    return kind == _MAYOR and owner.pos == "PROPN"


def _visited_places(sentence: ParsedSentence, verb) -> list[Argument]:
    """Every named place the verb's slot lists, or none when one of them names nothing clearly."""
    heads = [
        kid
        for rel, preposition in _VISIT_SLOTS[verb.lemma]
        for kid in sentence.kids(verb, rel)
        if sentence.preposition(kid) == preposition and kid.pos in {"NOUN", "PROPN"}
    ]
    members = [m for head in heads for m in sentence.conjuncts(head)]
    if not members or not all(any(t.text[:1].isupper() for t in sentence.subtree(m)) for m in members):
        return []  # «в новом инжиниринговом центре»: a kind of place, no named one (and no parse of it)
    found = [argument(sentence, m, _VISITED) or _legal_name(sentence, m) for m in members]
    if not found or any(f is None or "," in f.text for f in found):
        return []  # «в больнице, где открылся кабинет, и ...»: a name the parse ran over a clause
    if not all("«" in f.text or f.text[:1].isupper() for f in found):
        return []  # «в новом инжиниринговом центре»: a kind of place, no named one
    return list({f.normal: f for f in found}.values())


_LEGAL_FORMS = frozenset({"ооо", "ао", "пао", "оао", "зао", "ип", "муп", "гуп", "фгуп"})
_WORKPLACE_NOUNS = frozenset({"предприятие", "производство", "площадка"})


def _legal_name(sentence: ParsedSentence, noun) -> Argument | None:
    """«на предприятии ООО «Текстиль»»: a workplace noun named by the legal name after it."""
    if noun.lemma not in _WORKPLACE_NOUNS:
        return None
    names = [k for k in sentence.kids(noun, "nmod", "appos") if k.lemma in _LEGAL_FORMS and not sentence.preposition(k)]
    return argument(sentence, names[0], frozenset({ORGANIZATION})) if len(names) == 1 else None


# --- a headline's opener of the facility its lede names ------------------------------------

# A headline's verb and the verbs of the lede that tell the same event.
_SAME_EVENT = {"открыть": frozenset({"открыть", "открыться"}), "построить": frozenset({"построить"})}
_LEDE_SENTENCES = 2


class HeadlineOpeners:
    """«Ветлужский университет и арматурный завод открыли инжиниринговый центр.» (headline) «В
    Ветлужском университете открыли инжиниринговый центр «Арматура» ...» (lede) -> opened(each,
    центр «Арматура»): a headline names who did it and the facility by its class noun; its lede
    names the facility. The lede must tell the same done event (the same verb, past) and name
    exactly one facility with that class noun and every adjective the headline gave it."""

    triggers = frozenset(_SAME_EVENT)

    def match(self, sentence: ParsedSentence) -> Iterator[Fact]:
        if sentence.index != 0:
            return
        for verb in finished_verbs(sentence, self.triggers):
            objects = [k for k in sentence.kids(verb, "obj") if _headline_facility_noun(sentence, k)]
            subjects = [m for s in sentence.kids(verb, "nsubj") for m in sentence.conjuncts(s)]
            if len(objects) != 1 or not subjects:
                continue
            doers = [argument(sentence, s, AGENTS) for s in subjects]
            facility = _lede_facility(sentence, verb, objects[0]) if None not in doers else None
            relation = "opened" if verb.lemma == "открыть" else "built"
            for doer in doers if facility is not None else []:
                yield relation, doer, facility


def _headline_facility_noun(sentence: ParsedSentence, noun) -> bool:
    """A singular facility class noun with no name, owner or apposition: «инжиниринговый центр»."""
    if CLASS_NOUNS.get(noun.lemma) != FACILITY or noun.feats.get("Number") != "Sing":
        return False
    if QUOTED_AFTER.match(sentence.article.text, noun.stop):
        return False
    return not sentence.kids(noun, "appos", "flat", "flat:name", "nmod", "det")


def _lede_facility(sentence: ParsedSentence, verb, noun) -> Argument | None:
    """The one facility the lede names with the headline's class noun and adjectives, in a sentence
    that tells the same done event."""
    adjectives = {a.lemma for a in sentence.kids(noun, "amod")}
    article = sentence.article
    named: dict[str, Argument] = {}
    for index in range(1, min(len(article.sentences), 1 + _LEDE_SENTENCES)):
        lede = ParsedSentence(article.sentences[index], article, index)
        told = [
            v
            for v in lede.tokens
            if v.lemma in _SAME_EVENT[verb.lemma] and v.feats.get("Tense") == "Past" and not lede.negated(v)
        ]
        if not told or lede.planned(told[0]):
            continue
        for word in lede.tokens:
            quoted = QUOTED_AFTER.match(article.text, word.stop)
            if word.lemma != noun.lemma or quoted is None:
                continue
            if adjectives <= {a.lemma for a in lede.kids(word, "amod")}:
                name = quoted.group(1).strip()
                named.setdefault(name, Argument(f"{word.text} «{name}»", name, FACILITY, word.lemma))
    return next(iter(named.values())) if len(named) == 1 else None


AGREEMENT_PATTERNS = (AuctionCustomers(), SidesWhoMet(), ListedSigners(), ReferredVisits(), HeadlineOpeners())
