"""A contract's side named by its role after the customer's own sentence, and a builder of a
facility the article named before, called back by its class noun."""

from __future__ import annotations

import pytest

from .test_schema import facts

PORT = "Северный порт"
SUPPLIER = "Стрела"


def _relation(text: str, relation: str) -> set[tuple[str, str]]:
    return {(s, o) for s, r, o in facts(text) if r == relation}


@pytest.mark.parametrize(
    "text",
    [
        "АО «Северный порт» заключило контракт на поставку трёх кранов. Поставщиком выступило ООО «Стрела», сумма"
        " контракта — 200 млн рублей.",
        # the role two sentences later, a present «является»
        "АО «Северный порт» заключило договор на поставку буксира. Буксир придёт весной. Поставщиком является"
        " ООО «Стрела».",
        "АО «Северный порт» подписало контракт на строительство причала. Подрядчиком стало ООО «Стрела».",
    ],
)
def test_a_titled_side_signed_the_customers_contract(text):
    assert _relation(text, "signed_contract_with") == {(SUPPLIER, PORT)}


@pytest.mark.parametrize(
    "text",
    [
        # the future: the winner of an auction has not signed yet
        "АО «Северный порт» заключило контракт на поставку кранов. Поставщиком выступит ООО «Стрела».",
        # the customer's contract is negated or planned
        "АО «Северный порт» не заключило контракт на поставку кранов. Поставщиком стало ООО «Стрела».",
        "АО «Северный порт» заключит контракт на поставку кранов. Поставщиком стало ООО «Стрела».",
        # two customers: which one signed with the supplier is not said
        "АО «Северный порт» заключило контракт на поставку кранов. ООО «Ладья» заключило договор на ремонт."
        " Поставщиком стало ООО «Стрела».",
        # too far back
        "АО «Северный порт» заключило контракт на поставку кранов. Краны придут весной. Монтаж займёт месяц."
        " Работы оплатит бюджет. Поставщиком стало ООО «Стрела».",
    ],
)
def test_no_contract_when_the_sides_are_not_both_certain(text):
    assert (SUPPLIER, PORT) not in _relation(text, "signed_contract_with")


def test_a_reporting_source_is_no_customer():
    text = (
        "Как сообщило агентство «Вести-Север», АО «Северный порт» заключило контракт на поставку кранов."
        " Поставщиком выступило ООО «Стрела»."
    )
    assert "Вести-Север" not in {o for _, o in _relation(text, "signed_contract_with")}


@pytest.mark.parametrize(
    "text",
    [
        "В Лесогорске в субботу открыли ледовую арену «Снежинка». Арену на 2 тыс. зрителей построила компания"
        " «Стройдом».",
        "В Лесогорске открыли ледовую арену «Снежинка». Губернатор поздравил горожан. Арену построило ООО «Стройдом».",
    ],
)
def test_a_builder_of_the_facility_named_before(text):
    assert _relation(text, "built") == {("Стройдом", "Снежинка")}


@pytest.mark.parametrize(
    "text",
    [
        # the future, a negation
        "В Лесогорске открыли ледовую арену «Снежинка». Арену построит компания «Стройдом».",
        "В Лесогорске открыли ледовую арену «Снежинка». Арену не построила компания «Стройдом».",
        # two arenas named before: which one is meant is not said
        "В Лесогорске открыли арену «Снежинка», в Заречье — арену «Полярная». Арену построила компания «Стройдом».",
        # a noun with its own adjective is another facility
        "В Лесогорске открыли ледовую арену «Снежинка». Старую арену построила компания «Стройдом».",
        # no facility named before
        "Арену построила компания «Стройдом».",
    ],
)
def test_no_builder_without_one_named_facility(text):
    assert not {o for s, o in _relation(text, "built") if s == "Стройдом"} & {"Снежинка", "Полярная"}


def test_a_genitive_of_the_grants_purpose_is_no_part_of_the_grantor():
    # the parser hangs «Мшанозера» (what is studied) on «Фонда» across «на комплексное изучение»
    text = (
        "ЛЕСОГОРСК, 5 декабря — Вести. Лаборатория гидрологии Лесогорского государственного университета получила"
        " грант Фонда поддержки прикладных исследований на комплексное изучение Мшанозера и верхнего течения реки"
        " Мшанки."
    )
    assert _relation(text, "received_grant_from") == {
        ("Лесогорский государственный университет", "Фонд поддержки прикладных исследований")
    }


@pytest.mark.parametrize(
    "text",
    [
        # a company's quoted name after its legal form is then called by its head noun («завод»)
        "В Лесогорском университете открыли учебный центр «Сварка», созданный совместно с АО «Лесогорский"
        " механический завод». Завод вложил в строительство центра 50 млн рублей.",
        "АО «Лесогорский механический завод» открыло учебный центр «Сварка». Завод вложил в строительство"
        " центра 50 млн рублей.",
    ],
)
def test_money_put_into_building_a_facility_named_before(text):
    assert ("Лесогорский механический завод", "Сварка") in _relation(text, "invested_in")


@pytest.mark.parametrize(
    "text",
    [
        # a plan, a negation
        "АО «Лесогорский механический завод» открыло учебный центр «Сварка». Завод вложит в строительство центра"
        " 50 млн рублей.",
        "АО «Лесогорский механический завод» открыло учебный центр «Сварка». Завод не вложил в строительство центра"
        " ни рубля.",
        # two centres named: which one is meant is not said
        "АО «Лесогорский механический завод» открыло центры «Сварка» и «Литьё». Компания «Ладья» открыла центр"
        " «Резьба». Завод вложил в строительство центра 50 млн рублей.",
    ],
)
def test_no_investment_without_a_done_deed_and_one_facility(text):
    assert not {o for _, o in _relation(text, "invested_in")} & {"Сварка", "Литьё", "Резьба"}


def test_two_plants_named_leave_the_bare_noun_unresolved():
    text = (
        "АО «Лесогорский механический завод» и АО «Заречный литейный завод» открыли учебный центр «Сварка»."
        " Завод вложил в строительство центра 50 млн рублей."
    )
    assert not _relation(text, "invested_in")


def test_renewal_is_no_cost_of_the_thing():
    text = "АО «Лесогорский механический завод» модернизировало цех. Модернизация цеха обошлась в 50 млн рублей."
    assert not _relation(text, "cost")


def test_equipping_a_facility_buys_no_stake_in_it():
    text = (
        "АО «Лесогорский механический завод» открыло учебный центр «Сварка». Завод вложил в оснащение центра"
        " 5 млн рублей."
    )
    assert not _relation(text, "invested_in")
