"""Deals told over two sentences: the customer named by the auction it held, and the sides of
«стороны подписали соглашение» named by the meeting before it (matchers_agreements.py)."""

from __future__ import annotations

import pytest

from .test_schema import facts

MINISTRY = "Министерство строительства Ветлужской области"
AUCTION = "Министерство строительства Ветлужской области подвело итоги аукциона на строительство школы в Заозёрье."
LIST = (
    "Администрация Заозёрска подвела итоги торгов на ремонт теплосетей. Общая сумма трёх заключённых контрактов"
    " составила 300 млн рублей. Работы распределены между {count} подрядчиками:\n\n"
    "— ООО «Мостовик» — участок на улице Лесной;\n— ООО «Трасса» — сети посёлка Сосновка;\n"
    "— {third} — магистраль до котельной."
)


def _relation(text: str, relation: str) -> set[tuple[str, str]]:
    return {(s, o) for s, r, o in facts(text) if r == relation}


@pytest.mark.parametrize(
    "text",
    [
        f"{AUCTION} Подрядчиком выступит ООО «Мостовик». Контракт заключён на сумму 1,2 млрд рублей.",
        f"{AUCTION} Подрядчиком стало ООО «Мостовик», сообщила пресс-служба ведомства. Контракт подписан 3 декабря.",
    ],
)
def test_the_auction_holder_signed_with_the_contractor_once_the_contract_is_concluded(text):
    assert _relation(text, "signed_contract_with") == {("Мостовик", MINISTRY)}


def test_a_counted_list_of_contractors_gives_every_contract():
    text = LIST.format(count="тремя", third="АО «Дорстрой»")
    assert _relation(text, "signed_contract_with") == {
        ("Мостовик", "Администрация Заозёрска"),
        ("Трасса", "Администрация Заозёрска"),
        ("Дорстрой", "Администрация Заозёрска"),
    }


@pytest.mark.parametrize(
    "text",
    [
        # an auction's winner has not signed yet
        f"{AUCTION} Подрядчиком выступит ООО «Мостовик».",
        f"{AUCTION} Подрядчиком выступит ООО «Мостовик». Контракт будет заключён до конца месяца.",
        f"{AUCTION} Подрядчиком выступит ООО «Мостовик». Контракт не заключён из-за жалобы участника.",
        # a procurement committee holds auctions for others: it is no customer
        "Комитет по закупкам Ветлужской области подвёл итоги аукциона на строительство школы. Подрядчиком выступит"
        " ООО «Мостовик». Контракт заключён на сумму 1,2 млрд рублей.",
        # two holders: which one is the customer is not said
        f"{AUCTION} Мэрия Заозёрска провела аукцион на ремонт дорог. Подрядчиком выступит ООО «Мостовик»."
        " Контракт заключён на сумму 1,2 млрд рублей.",
        # a titled customer is the tender grammar's, and a contractor of other works is a rival
        f"{AUCTION} Заказчиком выступает мэрия Заозёрска. Подрядчиком выступит ООО «Мостовик». Контракт заключён.",
        f"{AUCTION} Подрядчиком выступит ООО «Мостовик». Контракт заключён. Подрядчиком ремонта дорог стало"
        " ООО «Трасса».",
    ],
)
def test_no_auction_contract_unless_signed_and_the_sides_certain(text):
    assert ("Мостовик", MINISTRY) not in _relation(text, "signed_contract_with")


@pytest.mark.parametrize(
    "text",
    [
        LIST.format(count="четырьмя", third="АО «Дорстрой»"),  # the count says an item is missing
        LIST.format(count="тремя", third="городское управление"),  # an item names no organization
    ],
)
def test_a_list_of_contractors_gives_all_or_nothing(text):
    assert _relation(text, "signed_contract_with") == set()


def test_a_headline_restating_the_lede_is_no_rival_customer():
    # the headline's subject is a town, no organization: the lede names the customer
    text = (
        "Заозёрск заключил контракт на ремонт моста.\n\nАдминистрация Заозёрска подписала муниципальный"
        " контракт на ремонт моста через Ветлугу. Подрядчиком стало ООО «Мостовик», сообщает пресс-служба мэрии."
    )
    assert ("Мостовик", "Администрация Заозёрска") in _relation(text, "signed_contract_with")


@pytest.mark.parametrize(
    ("text", "sides"),
    [
        (
            "Губернатор Ветлужской области Игорь Панкратов встретился с генеральным директором компании «Кедровый"
            " бор» Семёном Луговым. Стороны подписали соглашение о строительстве лесопильного комбината.",
            {"Игорь Панкратов", "Семён Лугов"},
        ),
        (
            "Правительство Ветлужской области и компания «Кедровый бор» обсудили строительство комбината. Стороны"
            " подписали соглашение о сотрудничестве.",
            {"Правительство Ветлужской области", "Кедровый бор"},
        ),
        (
            "Правительство Ветлужской области провело переговоры с компанией «Кедровый бор». Стороны обсудили"
            " сроки строительства и подписали меморандум о сотрудничестве.",
            {"Правительство Ветлужской области", "Кедровый бор"},
        ),
    ],
)
def test_the_sides_who_met_signed_the_agreement(text, sides):
    assert {frozenset(pair) for pair in _relation(text, "signed_agreement_with")} == {frozenset(sides)}


@pytest.mark.parametrize(
    "text",
    [
        # a plan, a negation
        "Правительство Ветлужской области и компания «Кедровый бор» обсудили строительство комбината. Стороны"
        " подпишут соглашение на форуме.",
        "Правительство Ветлужской области и компания «Кедровый бор» обсудили строительство комбината. Стороны"
        " не подписали соглашение.",
        # three sides met: who signed with whom is not said
        "Правительство Ветлужской области встретилось с компаниями «Кедровый бор» и «Ладья». Стороны подписали"
        " соглашение о сотрудничестве.",
        # a pronoun or no meeting before
        "Он встретился с руководством компании «Кедровый бор». Стороны подписали соглашение о сотрудничестве.",
        "Губернатор Игорь Панкратов посетил завод «Кедровый бор». Стороны подписали соглашение о сотрудничестве.",
        # a loan is no agreement between partners
        "Правительство Ветлужской области и компания «Кедровый бор» обсудили строительство комбината. Стороны"
        " подписали кредитный договор.",
    ],
)
def test_no_agreement_without_two_sides_who_met_and_signed(text):
    assert not _relation(text, "signed_agreement_with") and not _relation(text, "signed_contract_with")


TOUR = "Губернатор Игорь Панкратов с рабочим визитом посетил Заозёрский район."


@pytest.mark.parametrize(
    ("later", "places"),
    [
        ("Затем он побывал на предприятии ООО «Текстиль».", {"Текстиль"}),
        (
            "Затем он посетил завод «Красный кирпич» и музей «Ветлужская старина».",
            {"Красный кирпич", "Ветлужская старина"},
        ),
    ],
)
def test_a_tours_later_stops_told_with_a_pronoun_are_visits(later, places):
    visits = {o for s, o in _relation(f"{TOUR} {later}", "visited") if s == "Игорь Панкратов"}
    assert visits == {"Заозёрский район"} | places


@pytest.mark.parametrize(
    "later",
    [
        "Затем он планирует побывать на предприятии ООО «Текстиль».",  # a plan
        "Затем он побывает на предприятии ООО «Текстиль».",  # the future
        "Затем он не побывал на предприятии ООО «Текстиль».",  # negated
        "Затем он побывал на предприятии.",  # no name
    ],
)
def test_no_pronoun_visit_unless_done_and_named(later):
    assert _relation(f"{TOUR} {later}", "visited") == {("Игорь Панкратов", "Заозёрский район")}


def test_two_people_before_leave_the_pronoun_unclear():
    text = (
        "Губернатор Игорь Панкратов и мэр Заозёрья Олег Ветров посетили Заозёрский район. Затем он побывал"
        " на предприятии ООО «Текстиль»."
    )
    assert not {o for _, o in _relation(text, "visited")} & {"Текстиль"}


def test_the_headlines_opener_opened_the_facility_its_lede_names():
    text = (
        "Компания «Кедровый бор» открыла лесопильный цех.\n\nВ Сосновке открыли лесопильный цех «Бор-1» мощностью"
        " 40 тысяч кубометров в год."
    )
    assert ("Кедровый бор", "Бор-1") in _relation(text, "opened")


@pytest.mark.parametrize(
    "text",
    [
        # the lede names another kind of shop, or plans the opening
        "Компания «Кедровый бор» открыла лесопильный цех.\n\nВ Сосновке открыли сушильный цех «Бор-1».",
        "Компания «Кедровый бор» открыла лесопильный цех.\n\nВ Сосновке откроют лесопильный цех «Бор-1».",
        # two shops named in the lede
        "Компания «Кедровый бор» открыла лесопильный цех.\n\nВ Сосновке открыли лесопильный цех «Бор-1»,"
        " а в Ольховке — лесопильный цех «Бор-2».",
        # the headline is no past fact
        "Компания «Кедровый бор» откроет лесопильный цех.\n\nВ Сосновке открыли лесопильный цех «Бор-1».",
    ],
)
def test_no_headline_opener_unless_the_lede_names_one_facility_of_that_event(text):
    assert not {o for _, o in _relation(text, "opened")} & {"Бор-1", "Бор-2"}


@pytest.mark.parametrize(
    "later",
    [
        "Глава региона побывал на заводе «Красный кирпич» и осмотрел цеха.",
        "Губернатор также посетил Заозёрский судомеханический завод.",
    ],
)
def test_a_bare_title_is_the_official_the_article_named_with_it(later):
    visits = _relation(f"{TOUR} {later}", "visited")
    assert len(visits) == 2 and all(person == "Игорь Панкратов" for person, _ in visits)


@pytest.mark.parametrize(
    "text",
    [
        # two governors named: which one went is not said
        f"{TOUR} Он встретился с губернатором Сосновской области Олегом Ветровым. Губернатор также посетил"
        " Заозёрский судомеханический завод.",
        # a kind of place, no named one
        f"{TOUR} Глава региона побывал в новом инжиниринговом центре.",
        # a title with a name of its own is the verb patterns' case, and another official's title names no one
        f"{TOUR} Мэр также посетил Заозёрский судомеханический завод.",
    ],
)
def test_no_visit_by_a_title_that_does_not_name_one_person(text):
    assert _relation(text, "visited") == {("Игорь Панкратов", "Заозёрский район")}


THREE = (
    "Министерство здравоохранения Ветлужской области, АО «Заозёрский химический завод» и Ветлужский медицинский"
    " университет"
)


def test_three_sides_of_one_paper_each_signed_with_each_other():
    pairs = _relation(f"{THREE} подписали трёхстороннее соглашение о сотрудничестве.", "signed_agreement_with")
    sides = {
        "Министерство здравоохранения Ветлужской области",
        "Заозёрский химический завод",
        "Ветлужский медицинский университет",
    }
    assert {frozenset(pair) for pair in pairs} == {frozenset({a, b}) for a in sides for b in sides if a < b}


@pytest.mark.parametrize(
    "text",
    [
        f"{THREE} подписали четырёхстороннее соглашение о сотрудничестве.",  # the count says a side is missing
        f"{THREE} подписали соглашения о сотрудничестве.",  # several papers: deals with anyone else
        f"{THREE} подпишут трёхстороннее соглашение о сотрудничестве.",  # a plan
        # an item that describes the one before it is no side of its own
        "Заозёрский горно-обогатительный комбинат, предприятие группы «Урал», и Ветлужский университет подписали"
        " соглашение о сотрудничестве.",
    ],
)
def test_no_listed_signers_unless_every_side_is_certain(text):
    # (the parser reads the last side as an object, so the verb pattern sees only the first two)
    sides = {side for pair in _relation(text, "signed_agreement_with") for side in pair}
    assert not sides & {"Ветлужский медицинский университет", "Ветлужский университет"}


def test_an_institution_cut_before_its_owner_keeps_the_owner():
    # the parser hangs «Ветлужской области» on the district after it: the name is read to the verb
    text = (
        "Министерство строительства Ветлужской области подвело итоги аукциона на строительство школы на 900 мест"
        " в микрорайоне Заводской в Заозёрье. Подрядчиком выступит ООО «Мостовик». Контракт заключён на сумму"
        " 1,2 млрд рублей."
    )
    assert _relation(text, "signed_contract_with") == {("Мостовик", MINISTRY)}
