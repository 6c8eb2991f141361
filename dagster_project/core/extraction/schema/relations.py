"""The typed relation schema of the offline extractor, as data.

Each relation is one kind of fact news reports, with typed arguments and one canonical Russian
wording. The wording is a verb frame (verb lemma, tense, words after the verb, preposition and
the case of the object), so questions can be built from it and the graph can describe it.

Tense is part of the relation: «возглавляет» (heads) and «возглавлял» (formerly_headed) are two
relations; a future or planned action («построит») matches no relation and yields no fact.
"""

from __future__ import annotations

from dataclasses import dataclass

PERSON, ORGANIZATION, PLACE, EVENT, WORK, FACILITY, MONEY, QUANTITY, DATE, POSITION = (
    "person",
    "organization",
    "place",
    "event",
    "work",
    "facility",
    "money",
    "quantity",
    "date",
    "position",
)
ARGUMENT_TYPES = (PERSON, ORGANIZATION, PLACE, EVENT, WORK, FACILITY, MONEY, QUANTITY, DATE, POSITION)
# How an argument type is stored in the graph (entity classes and literal datatypes of core/graph/rdf.py).
GRAPH_TYPE = {
    PERSON: "PER",
    ORGANIZATION: "ORG",
    PLACE: "LOC",
    EVENT: "OTHER",
    WORK: "OTHER",
    FACILITY: "OTHER",
    POSITION: "OTHER",
    MONEY: "NUM",
    QUANTITY: "NUM",
    DATE: "DATE",
}
LITERAL_ARGUMENTS = {MONEY, QUANTITY, DATE}
AGENTS = frozenset({PERSON, ORGANIZATION})
THINGS = frozenset({FACILITY, ORGANIZATION})

PAST, PRESENT, FORMER, PASSIVE = "past", "present", "former", "passive"


@dataclass(frozen=True)
class Wording:
    """How the relation is said: '{subject} подписал соглашение с {object:ablt}'.

    `tense`: past (perfective past), present (imperfective present), former («ранее возглавлял»)
    or passive (short participle: «назначен на должность»)."""

    verb: str
    tense: str
    complement: str = ""
    preposition: str = ""
    case: str = "accs"
    # A measure is said of its owner: «мощность ветропарка» (gent), «работают на заводе» (loct);
    # the verb then agrees with the complement noun or stands in the neuter.
    subject_case: str = "nomn"


@dataclass(frozen=True)
class Relation:
    id: str
    subject_types: frozenset[str]
    object_types: frozenset[str]
    wording: Wording
    description: str

    @property
    def asks_subject(self) -> bool:
        """A count, a sum or a date does not pick out who did something: ask only for the object."""
        return not (self.object_types & LITERAL_ARGUMENTS)


def _relation(id_: str, subjects, objects, wording: Wording, description: str) -> Relation:
    return Relation(id_, frozenset(subjects), frozenset(objects), wording, description)


SCHEMA: dict[str, Relation] = {
    r.id: r
    for r in (
        # appointments and positions
        _relation(
            "heads",
            {PERSON},
            {ORGANIZATION, PLACE},
            Wording("возглавлять", PRESENT),
            "the person currently leads the organization or governs the place",
        ),
        _relation(
            "formerly_headed",
            {PERSON},
            {ORGANIZATION, PLACE},
            Wording("возглавлять", FORMER),
            "the person led the organization before («ранее возглавлял», «бывший директор»)",
        ),
        _relation(
            "holds_position",
            {PERSON},
            {POSITION},
            Wording("являться", PRESENT, "", "", "ablt"),
            "the person holds the post («министр экономики Северореченской области Марина Крылова»)",
        ),
        _relation(
            "coaches",
            {PERSON},
            {ORGANIZATION},
            Wording("тренировать", PRESENT),
            "the person is the (head) coach of the team («главный тренер клуба «Сокол» Елена Васнецова»)",
        ),
        _relation(
            "founded",
            AGENTS,
            {ORGANIZATION},
            Wording("основать", PAST),
            "the person or organization founded the organization («основатель компании», «учредитель фонда»)",
        ),
        _relation(
            "appointed_to",
            {PERSON},
            {POSITION},
            Wording("назначить", PASSIVE, "", "на должность", "gent"),
            "the person was appointed to the position",
        ),
        _relation(
            "succeeded",
            {PERSON},
            {PERSON},
            Wording("сменить", PAST, "на посту"),
            "the person took over the post of the other («сменил на посту Ивана Петрова»)",
        ),
        _relation(
            "resigned_from",
            {PERSON},
            {POSITION},
            Wording("уйти", PAST, "в отставку", "с поста", "gent"),
            "the person left the position («ушёл в отставку с поста»)",
        ),
        # affiliations
        _relation(
            "works_at",
            {PERSON},
            {ORGANIZATION},
            Wording("работать", PRESENT, "", "в", "loct"),
            "the person works at the organization",
        ),
        _relation(
            "teaches_at",
            {PERSON},
            {ORGANIZATION},
            Wording("преподавать", PRESENT, "", "в", "loct"),
            "the person teaches at the organization",
        ),
        _relation(
            "member_of",
            AGENTS,
            {ORGANIZATION},
            Wording("входить", PRESENT, "", "в состав", "gent"),
            "a member of the organization («входит в состав»)",
        ),
        _relation(
            "based_in",
            {ORGANIZATION},
            {PLACE},
            Wording("базироваться", PRESENT, "", "в", "loct"),
            "the organization is based in the place («клуб «Кедр» из Новосибирска», «базируется в Омске»)",
        ),
        _relation(
            "located_in",
            {FACILITY},
            {PLACE},
            Wording("находиться", PRESENT, "", "в", "loct"),
            "the facility stands in the place («центр «Точка» в Казани», «терминал находится в Твери»)",
        ),
        # outcomes
        _relation(
            "won_against",
            AGENTS,
            AGENTS,
            Wording("выиграть", PAST, "", "у", "gent"),
            "won a match or a contest against the other side",
        ),
        _relation("won", AGENTS, {EVENT}, Wording("выиграть", PAST), "won the contest, tournament or award"),
        _relation(
            "received_grant_from",
            AGENTS,
            {ORGANIZATION},
            Wording("получить", PAST, "грант", "от", "gent"),
            "received a grant from the organization",
        ),
        # actions on facilities and events
        _relation("opened", AGENTS, THINGS | {EVENT}, Wording("открыть", PAST), "opened the facility or the event"),
        _relation("launched", AGENTS, THINGS, Wording("запустить", PAST), "launched the facility or the line"),
        _relation("built", AGENTS, {FACILITY}, Wording("построить", PAST), "built the facility"),
        _relation(
            "began_building",
            AGENTS,
            {FACILITY},
            Wording("приступить", PAST, "", "к строительству", "gent"),
            "started building the facility («приступила к строительству», «начала строительство»)",
        ),
        _relation(
            "commissioned",
            AGENTS,
            {FACILITY},
            Wording("ввести", PAST, "в эксплуатацию"),
            "put the facility into operation (the object stands after the verb)",
        ),
        _relation("bought", AGENTS, THINGS, Wording("купить", PAST), "bought the organization or the facility"),
        _relation(
            "launched_vessel",
            AGENTS,
            {FACILITY},
            Wording("спустить", PAST, "на воду"),
            "launched the vessel («спустила на воду сухогруз «Х»»)",
        ),
        _relation("held", AGENTS, {EVENT}, Wording("провести", PAST), "held the event"),
        _relation(
            "took_part_in",
            AGENTS,
            {EVENT},
            Wording("принять", PAST, "участие", "в", "loct"),
            "took part in the event («В форуме «Х» приняли участие A и B», «участниками выставки стали»)",
        ),
        _relation(
            "visited",
            {PERSON},
            {PLACE, ORGANIZATION, FACILITY, EVENT},
            Wording("посетить", PAST),
            "the person visited the place, organization, facility or event",
        ),
        # agreements, money and rulings
        _relation(
            "signed_agreement_with",
            AGENTS,
            AGENTS,
            Wording("подписать", PAST, "соглашение", "с", "ablt"),
            "signed an agreement or memorandum with the other side",
        ),
        _relation(
            "signed_contract_with",
            AGENTS,
            AGENTS,
            Wording("подписать", PAST, "контракт", "с", "ablt"),
            "signed a contract with the other side",
        ),
        _relation(
            "lent_to",
            {ORGANIZATION},
            AGENTS,
            Wording("выдать", PAST, "кредит", "", "datv"),
            "the lender gave a loan to the borrower",
        ),
        _relation(
            "belongs_to",
            THINGS,
            AGENTS,
            Wording("принадлежать", PRESENT, "", "", "datv"),
            "the facility or organization is owned by the other («компании «Х» принадлежит терминал «Y»»)",
        ),
        _relation(
            "invested_in",
            AGENTS,
            THINGS,
            Wording("инвестировать", PAST, "", "в", "accs"),
            "invested in the organization or the facility («фонд инвестировал в стартап «Х»»)",
        ),
        _relation(
            "sued",
            AGENTS,
            AGENTS,
            Wording("подать", PAST, "иск", "к", "datv"),
            "filed a lawsuit against the other side",
        ),
        _relation(
            "ruled_against",
            {ORGANIZATION},
            AGENTS,
            # said neutrally: «суд обязал X отремонтировать дорогу» is a ruling against X with no money in it
            Wording("вынести", PAST, "решение", "против", "gent"),
            "the court ruled against the party («суд взыскал с X», «суд обязал X выплатить / отремонтировать»)",
        ),
        _relation(
            "ordered_to_pay",
            AGENTS,
            {MONEY},
            # who ordered it is said: «Сколько рублей обязано выплатить ООО «Вектор»?» leaves out by what
            Wording("обязать", PASSIVE, "по решению суда выплатить"),
            "the sum a court ordered the party to pay",
        ),
        # places and dates of events
        _relation(
            "took_place_in",
            {EVENT},
            {PLACE},
            Wording("пройти", PAST, "", "в", "loct"),
            "the event took place in the place",
        ),
        _relation("took_place_on", {EVENT}, {DATE}, Wording("пройти", PAST), "the event took place on the date"),
        # quantities
        _relation("harvested", AGENTS, {QUANTITY}, Wording("собрать", PAST), "harvested the amount"),
        _relation(
            "capacity",
            THINGS,
            {QUANTITY},
            Wording("составлять", PRESENT, "мощность", subject_case="gent"),
            "the capacity of the facility with its unit («ветропарк мощностью 90 мегаватт»)",
        ),
        _relation(
            "cost",
            THINGS | {EVENT, WORK},
            {MONEY},
            Wording("составлять", PRESENT, "стоимость", subject_case="gent"),
            "what the thing costs («терминал стоимостью 3,2 млрд рублей»)",
        ),
        _relation(
            "employs",
            THINGS,
            {QUANTITY},
            Wording("работать", PRESENT, subject_case="loct"),
            "how many people work at the organization («на заводе работают 450 человек»)",
        ),
        # careers in appointment news (matchers_careers.py)
        _relation(
            "worked_at",
            {PERSON},
            {ORGANIZATION},
            Wording("работать", FORMER, "", "в", "loct"),
            "the person worked at the organization before («до этого работал в компании «Х»», «ранее работал "
            "главным инженером завода «Х»»)",
        ),
        _relation(
            "dismissed_from",
            {PERSON},
            {POSITION},
            Wording("освободить", PASSIVE, "", "от должности", "gent"),
            "the person was relieved of the post («освобождён от должности», «уволил с поста»)",
        ),
        # deals between organizations (matchers_business.py)
        _relation(
            "supplied",
            {ORGANIZATION},
            {ORGANIZATION},
            Wording("поставить", PAST, "продукцию", "для", "gent"),
            "the supplier delivered goods to the customer («поставила томографы для больницы «Х»»)",
        ),
    )
}


# Relations whose facts are also facts of another: whoever heads, teaches at or coaches an
# organization works there, so «Кто работает в X? Назовите всех» must count them too.
IMPLIED_BY: dict[str, tuple[str, ...]] = {"works_at": ("heads", "teaches_at", "coaches")}
# Relations news uses for one kind of fact: «подписали соглашение», «заключили договор» and
# «контракт» may name the same deal, so a partner by one is a second answer to a question about the
# other (and a set of one leaves the other's partners out).
# Relations whose subjects news never lists in full, by the object's argument type (None: any):
# the staff of an organization are named as they come up (a club's players, a lab head «при» a
# university), and a town is visited by whoever plays, tours or works there without the word
# «посетил»; so «Кто работает в X? / Кто посетил Казань? Назовите всех» has no answer the texts close.
OPEN_SUBJECT_SETS: dict[str, frozenset[str] | None] = {"works_at": None, "visited": frozenset({PLACE})}
# An event's participants are named as they come up (a speaker here, a signing there, «более 1 600
# человек» in all), and a later article may say «на форуме» of one no grammar can tie to its name.
OPEN_SUBJECT_SETS["took_part_in"] = frozenset({EVENT})
# A legislature's deputies and a university's teachers are named one by one as news quotes them, never
# all: «Кто входит в состав Законодательного собрания? / Кто преподаёт в университете X? Назовите всех»
# has no answer the texts close either.
OPEN_SUBJECT_SETS |= {"member_of": None, "teaches_at": None}
# A town is home to many more organizations and facilities than the month's news names: «Какие
# компании базируются в Казани?» has no closed answer, nor does «компания, которая базируется в Казани».
OPEN_SUBJECT_SETS |= {"based_in": frozenset({PLACE}), "located_in": frozenset({PLACE})}
# Relations that hold both ways: «A подписал соглашение с B» is B's agreement with A too, whichever
# side the sentence made the subject.
SYMMETRIC = frozenset({"signed_agreement_with", "signed_contract_with"})
INTERCHANGEABLE: dict[str, tuple[str, ...]] = {
    "signed_agreement_with": ("signed_contract_with",),
    "signed_contract_with": ("signed_agreement_with",),
}


def relation(relation_id: str) -> Relation:
    return SCHEMA[relation_id]


# Whoever worked at or headed an organization before is named as a career comes up, never all:
# «Кто ранее работал в компании X? / Кто ранее возглавлял X? Назовите всех» has no closed answer.
OPEN_SUBJECT_SETS |= {"worked_at": None, "formerly_headed": None}
# Whoever headed an organization before worked there: «В какой компании ранее работал X?» has the
# one he headed as an answer too.
IMPLIED_BY["worked_at"] = ("formerly_headed",)


# A jury is listed whole or not at all (matchers_juries.py), so «Кто вошёл в состав жюри фестиваля
# «Х»? Назовите всех» has a closed answer: the event stands for its jury.
SCHEMA["judged"] = _relation(
    "judged",
    {PERSON},
    {EVENT},
    Wording("войти", PAST, "", "в состав жюри", "gent"),
    "the person sat on the jury of the festival, contest or prize («В состав жюри фестиваля «Х» вошли A, B и C»)",
)
# A board of directors is listed whole or not at all too: the company stands for its board.
SCHEMA["on_board_of"] = _relation(
    "on_board_of",
    {PERSON},
    {ORGANIZATION},
    Wording("войти", PAST, "", "в состав совета директоров", "gent"),
    "the person joined the company's board of directors («В совет директоров компании «Х» вошли A, B и C»)",
)
# The converse of OPEN_SUBJECT_SETS: objects news never lists in full for a subject. A regional court decides
# hundreds of cases a month and news reports a few, so «Против какой компании вынес решение суд X?» (or
# «компания, против которой вынес решение суд X») has no answer the texts close; «Какой суд вынес
# решение против компании Y?» does.
OPEN_OBJECT_SETS: frozenset[str] = frozenset({"ruled_against"})
