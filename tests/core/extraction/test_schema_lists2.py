"""Lists under a bare title whose giver the lead names: every recipient or none, and the lead's
counts must agree with the list."""

from __future__ import annotations

import pytest

from .test_schema import facts

GRANTS = (
    "Учёные Тихоморского института океанологии получили гранты фонда «Исток».\n\n"
    "Учёные Тихоморского института океанологии (ТИО) стали победителями конкурса фонда «Исток». "
    "Поддержку получили {count} проекта, сообщила пресс-служба института.\n\n"
    "Грантополучателями стали:\n\n"
    "доктор физико-математических наук, заведующий лабораторией течений Олег Белов — проект по "
    "изучению прибрежных течений, льдов и штормов;\n\n"
    "кандидат географических наук Анна Котова — исследование донных отложений залива;\n\n"
    "инженер Илья Гусев — разработка буя для наблюдений за волнением.\n\n"
    "Все три темы связаны с хозяйством побережья, отметил директор института."
)

LOANS = (
    "Фонд «Исток» одобрил займы на 90 млн рублей.\n\n"
    "Наблюдательный совет фонда «Исток» одобрил льготные займы трём предприятиям области.\n\n"
    "Как сообщил директор фонда Пётр Лаптев, получателями займов стали:\n\n"
    "АО «Ладья» — 50 млн рублей на закупку станков и линии окраски;\n\n"
    "ООО «Кварта» — 30 млн рублей на ремонт цеха;\n\n"
    "ООО «Северный причал» — 10 млн рублей на новые краны.\n\n"
    "С начала года фонд выдал займы семи компаниям."
)


def _of(relation: str, text: str) -> set[tuple[str, str]]:
    return {(s, o) for s, r, o in facts(text) if r == relation}


def test_grant_holders_listed_by_paragraph_get_the_grant_of_the_lead():
    assert _of("received_grant_from", GRANTS.format(count="три")) >= {
        (name, "Исток") for name in ("Олег Белов", "Анна Котова", "Илья Гусев")
    }


def test_loan_recipients_get_their_loan_from_the_lead_lender():
    # the board's decision is its fund's; a later count «с начала года ... семи компаниям» is another set
    assert _of("lent_to", LOANS) == {("Исток", name) for name in ("Ладья", "Кварта", "Северный причал")}


@pytest.mark.parametrize(
    "text",
    [
        # the lead counts four projects, the list names three
        GRANTS.format(count="четыре"),
        # more got it than the list names
        GRANTS.format(count="три") + "\n\nТакже поддержку получили две школы района.",
        # an item that names nobody
        LOANS.replace("ООО «Кварта» — 30", "одно фермерское хозяйство — 30"),
        # two lenders in the lead: whose loans these are is not said
        LOANS.replace("Фонд «Исток» одобрил займы", "Банк «Окский» одобрил займы"),
        # a plan
        LOANS.replace("получателями займов стали", "получателями займов станут"),
        # two items run together on one line
        LOANS.replace("на ремонт цеха;\n\n", "на ремонт цеха, ООО «Вымпел» — 5 млн рублей;\n\n"),
    ],
)
def test_a_list_the_text_does_not_give_whole_gives_nobody(text):
    listed = {"Олег Белов", "Анна Котова", "Илья Гусев", "Ладья", "Кварта", "Северный причал"}
    assert not {pair for pair in _of("received_grant_from", text) | _of("lent_to", text) if set(pair) & listed}


def test_a_headline_list_the_lead_counts_larger_gives_nobody():
    # two of seven winners in the headline: a set of two would be cut short
    text = (
        "Театр «Маяк» и музей «Рассвет» получили гранты фонда «Исток».\n\n"
        "Семь проектов из области стали победителями конкурса фонда «Исток». "
        "Крупнейший грант получил театр «Маяк»."
    )
    # the one winner a sentence of its own names is a fact, never a set of the headline's two
    assert _of("received_grant_from", text) == {("Маяк", "Исток")}
    whole = text.replace("Семь проектов", "Два проекта")
    assert _of("received_grant_from", whole) == {("Маяк", "Исток"), ("Рассвет", "Исток")}
    added = whole + "\n\nТакже поддержку получили библиотека и две школы района."
    assert _of("received_grant_from", added) == {("Маяк", "Исток")}


NOMINATIONS = (
    "Названы лауреаты премии губернатора Тихоморской области в сфере культуры.\n\n"
    "Комиссия по присуждению премий губернатора Тихоморской области подвела итоги конкурса. "
    "Всего было рассмотрено 30 заявок.\n\n"
    "Лауреатами стали:\n\n"
    "в номинации «Театральное искусство» — главный режиссёр театра «Маяк» Олег Белов за спектакль «Прилив»;\n\n"
    "в номинации «Музейное дело» — директор музея «Рассвет» Анна Котова;\n\n"
    "в номинации «Молодой деятель культуры» — солистка филармонии Вера Гусева.\n\n"
    "Каждый лауреат получит 100 тыс. рублей."
)
PRIZE = "премия губернатора Тихоморской области в сфере культуры"


def test_laureates_listed_by_nomination_won_the_lead_prize():
    assert {(s, o) for s, o in _of("won", NOMINATIONS) if o == PRIZE} == {
        (name, PRIZE) for name in ("Олег Белов", "Анна Котова", "Вера Гусева")
    }


@pytest.mark.parametrize(
    "text",
    [
        # another sentence names the winners of a nomination: the list is not the whole result
        NOMINATIONS + "\n\nВ номинации «Дебют» премию получил Илья Лаптев.",
        # an item with no nomination
        NOMINATIONS.replace("в номинации «Музейное дело» — ", ""),
        # an item that names nobody
        NOMINATIONS.replace("директор музея «Рассвет» Анна Котова", "коллектив музея"),
        # a plan
        NOMINATIONS.replace("Лауреатами стали", "Лауреатами станут"),
    ],
)
def test_a_nomination_list_not_read_whole_gives_no_laureate(text):
    assert not {(s, o) for s, o in _of("won", text) if s in {"Олег Белов", "Анна Котова", "Вера Гусева"}}


SIGNED = (
    "Тихоморский институт океанологии подписал соглашение о сотрудничестве с тремя предприятиями области. "
    "Его участниками стали АО «Ладья», ООО «Кварта» и АО «Северный причал».\n\n"
    "Документ предусматривает практику студентов."
)


def test_participants_of_the_agreement_signed_before_are_its_partners():
    assert _of("signed_agreement_with", SIGNED) == {
        ("Тихоморский институт океанологии", partner) for partner in ("Ладья", "Кварта", "Северный причал")
    }


@pytest.mark.parametrize(
    "text",
    [
        SIGNED.replace("с тремя", "с четырьмя"),  # four counted, three named
        SIGNED.replace("ООО «Кварта»", "два фермерских хозяйства"),  # an item that names nobody
        SIGNED.replace("подписал соглашение", "подпишет соглашение"),  # a plan
        SIGNED.replace("Его участниками стали", "Его участниками станут"),
    ],
)
def test_participants_not_given_whole_give_no_partner(text):
    assert not {
        pair for pair in _of("signed_agreement_with", text) if pair[1] in {"Ладья", "Кварта", "Северный причал"}
    }


def test_winners_added_after_the_list_or_a_body_the_pronoun_may_mean_give_nobody():
    later = LOANS + "\n\nЕщё два займа получили фермерские хозяйства района."
    assert not _of("lent_to", later)
    cluster = SIGNED.replace("о сотрудничестве", "о создании кластера")
    assert not _of("signed_agreement_with", cluster)


def test_a_laureate_given_by_name_alone_and_a_town_in_brackets_is_that_name():
    text = (
        "Литературную премию имени Павла Лаптева получили трое авторов.\n\n"
        "В областной библиотеке объявили лауреатов литературной премии имени Павла Лаптева.\n\n"
        "Лауреатами стали:\n\n"
        "— в номинации «Поэзия» — Анна Котова (Ветлуга) за сборник «Северный ветер»;\n"
        "— в номинации «Проза» — Олег Белов (Заречье) за роман «Прилив»;\n"
        "— в номинации «Краеведение» — Ярослава Дёмина (Тихоморск) за книгу о рыбаках.\n\n"
        "Каждый из лауреатов получит 100 тыс. рублей."
    )
    prize = "литературная премия имени Павла Лаптева"  # as the lead spells it inside a sentence
    assert {(s, o) for s, o in _of("won", text) if o == prize} == {
        (name, prize) for name in ("Анна Котова", "Олег Белов", "Ярослава Дёмина")
    }
