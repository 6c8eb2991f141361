"""Procurement news: the customer and the contractor of works have a contract with each other, when
the contractor is chosen already and the article pairs exactly one of each."""

from __future__ import annotations

import pytest

from .test_schema import facts

BUILDER = "Мостострой-Север"
CUSTOMER = "Администрация Заречья"


def _contracts(text: str) -> set[tuple[str, str]]:
    return {(s, o) for s, r, o in facts(text) if r == "signed_contract_with"}


@pytest.mark.parametrize(
    "text",
    [
        # one sentence, the second title elliptic after a comma and a dash
        "Заказчиком выступила администрация Заречья, подрядчиком — компания «Мостострой-Север».",
        # the customer and the contractor in neighbouring sentences
        "Заказчиком работ выступила администрация Заречья. Подрядчиком ремонта набережной стала компания"
        " «Мостострой-Север».",
        "Заказчик — администрация Заречья. Контракт на ремонт моста заключён с компанией «Мостострой-Север».",
        # a present «выступает»: the contractor is at work under its contract
        "Заказчиком выступила администрация Заречья. Генеральным подрядчиком строительства выступает компания"
        " «Мостострой-Север».",
    ],
)
def test_customer_and_contractor_have_a_contract(text):
    assert _contracts(text) == {(BUILDER, CUSTOMER)}


@pytest.mark.parametrize(
    "text",
    [
        # a plan: the contractor is not chosen yet
        "Заказчиком выступила администрация Заречья. Подрядчиком выступит компания «Мостострой-Север».",
        "Заказчиком выступила администрация Заречья. Контракт с компанией «Мостострой-Север» будет заключён в декабре.",
        # a former contractor («выступала») and a negation
        "Заказчиком выступила администрация Заречья. Ранее подрядчиком выступала компания «Мостострой-Север».",
        "Заказчиком выступила администрация Заречья. Подрядчиком не стала компания «Мостострой-Север».",
        # two contractors or two customers in one article: which pairs with which is not said
        "Заказчиком выступила администрация Заречья. Подрядчиком ремонта моста стала компания «Мостострой-Север»,"
        " подрядчиком ремонта школы — компания «Ладья».",
        "Заказчиком ремонта моста выступила администрация Заречья, заказчиком ремонта школы — управление образования"
        " Заречья. Подрядчиком стала компания «Мостострой-Север».",
        # the winner of an auction has not signed yet
        "Победителем аукциона на ремонт моста признана компания «Мостострой-Север». Заказчиком выступила"
        " администрация Заречья.",
        # too far apart to be one contract's sides
        "Заказчиком выступила администрация Заречья. Работы начнутся весной. Мост построен в 1970 году. Он"
        " нуждается в ремонте. Подрядчиком стала компания «Мостострой-Север».",
    ],
)
def test_no_contract_without_a_clear_pair(text):
    assert not _contracts(text)


@pytest.mark.parametrize(
    "text, applicants",
    [
        (
            "Заявки на участие в конкурсе «Умный город» подали стартапы «Луч», «Кварта» и компания «Ладья».",
            ("Луч", "Кварта", "Ладья"),
        ),
        ("Компании «Луч» и «Кварта» подали заявки на конкурс «Умный город».", ("Луч", "Кварта")),
    ],
)
def test_who_applied_to_a_named_contest_took_part_in_it(text, applicants):
    found = {(s, o) for s, r, o in facts(text) if r == "took_part_in"}
    assert found == {(a, "Умный город") for a in applicants}


@pytest.mark.parametrize(
    "text",
    [
        "Заявки на участие в конкурсе «Умный город» подадут стартапы «Луч» и «Кварта».",
        "Заявки на конкурс «Умный город» подали стартап «Луч», двое студентов и компания «Ладья».",
        "Стартап «Луч» не подал заявку на конкурс «Умный город».",
        # an unnamed auction is no event a question can name
        "Заявки на участие в аукционе на ремонт моста подали компании «Луч» и «Кварта».",
    ],
)
def test_applications_not_handed_in_or_not_listed_whole_give_nothing(text):
    assert not {f for f in facts(text) if f[1] == "took_part_in"}
