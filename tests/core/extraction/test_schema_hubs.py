"""Hub facts: the laureates of a governor's prizes listed under the decree that awards them. Each
rule on an article it must read and on near misses it must leave alone (a plan, a prize with an owner
of its own, an item that names no one, a laureate named outside the list)."""

from __future__ import annotations

import pytest

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"
PRIZE = "премия губернатора Северореченской области в области науки и техники"

LEAD = (
    "Губернатор Северореченской области Олег Мельников подписал указ о присуждении премий в области науки "
    "и техники за 2025 год. Размер каждой премии — 400 тыс. рублей.\n\n"
)
LIST = (
    "Лауреатами стали:\n\n"
    "— доцент Верхнеозёрского технического университета Анна Котова — за исследования ветровых нагрузок;\n"
    "— главный технолог АО «Каменногорский металлургический комбинат» Олег Белов — за новую марку стали;\n"
    "— заведующая лабораторией института «Зенит» Ирина Дронова — за методику контроля сварных швов.\n\n"
)


def won(text: str) -> set[tuple[str, str]]:
    return {
        (t.subject_normal, t.object_normal)
        for t in extract_schema_triplets("a", text, PUBLISHED)
        if t.relation == "won"
    }


def test_every_laureate_under_a_governors_decree_won_the_governors_prize():
    text = LEAD + LIST + "Вручение премий пройдёт 8 февраля, в День российской науки."
    assert won(text) == {("Анна Котова", PRIZE), ("Олег Белов", PRIZE), ("Ирина Дронова", PRIZE)}


def test_a_separate_prize_for_someone_else_names_no_missing_laureate():
    text = LEAD + LIST + "Отдельной премией для молодых учёных отмечен аспирант университета Тимур Гаязов."
    assert ("Анна Котова", PRIZE) in won(text)


@pytest.mark.parametrize(
    "text",
    [
        # a plan: the decree is not signed yet
        LEAD.replace("подписал", "подпишет") + LIST,
        # a prize with its own owner is not the governor's
        LEAD.replace("премий в области", "премий Правительства области в области") + LIST,
        # another laureate named outside the list: the list is not all of them
        LEAD + LIST + "Также премию получил инженер завода «Волна» Пётр Ильин.",
        # an item that names no one: all members or none
        LEAD + LIST.replace("Ирина Дронова", "коллектив лаборатории"),
        # a team led by someone: the leader in the genitive is no laureate
        LEAD
        + LIST.replace(
            "заведующая лабораторией института «Зенит» Ирина Дронова",
            "коллектив АО «Зенит» под руководством Ирины Дроновой",
        ),
    ],
)
def test_no_laureates_without_a_signed_decree_and_a_complete_list(text):
    assert not {fact for fact in won(text) if fact[1] == PRIZE}


def test_a_headline_announcing_the_laureates_names_none_of_them():
    text = "Названы лауреаты губернаторской премии в области науки и техники.\n\n" + LEAD + LIST
    assert ("Ирина Дронова", PRIZE) in won(text)
