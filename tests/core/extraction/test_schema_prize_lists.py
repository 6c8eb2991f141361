"""Prizes stated in lists as news states them: laureates with their titles and the reason «— за ...»,
lists after a colon and set out line by line (which the sentence splitter cuts into pieces), and
datives after «присуждена». Every list is read whole, or it yields nothing."""

from __future__ import annotations

import pytest

from .test_schema import facts

PRIZE = "Полярная звезда"
THREE = ("Анна Котова", "Олег Белов", "Илья Гусев")


def _won(text: str) -> set[tuple[str, str]]:
    return {(s, o) for s, r, o in facts(text) if r == "won"}


def _all_three(text: str) -> None:
    assert _won(text) == {(name, PRIZE) for name in THREE}


@pytest.mark.parametrize(
    "text",
    [
        # the reason after a dash is no part of the name, and its «и» starts no item
        "Лауреатами премии «Полярная звезда» стали заведующая лабораторией института океанологии Анна Котова"
        " — за исследование течений и льдов, профессор Северореченского университета Олег Белов — за работы"
        " по геологии, гидрологии и картографии шельфа, и инженер компании «Ладья» Илья Гусев — за систему навигации.",
        # a list after a colon, its items parted by «;», the splitter cuts it at each «;»
        "Премии «Полярная звезда» удостоены: Анна Котова — за исследование течений; Олег Белов и Илья Гусев"
        " — за цикл работ по геологии шельфа.",
        # set out line by line with bullets, each line ending with «;» or «.»
        "Лауреатами премии «Полярная звезда» стали:\n- заведующая лабораторией института океанологии Анна Котова"
        " — за исследование течений;\n- профессор Северореченского университета Олег Белов — за работы по"
        " геологии шельфа;\n- инженер компании «Ладья» Илья Гусев — за систему навигации.",
        "Лауреатами премии «Полярная звезда» стали:\n— океанолог Анна Котова — за исследование течений.\n"
        "— геолог Олег Белов — за работы по геологии шельфа.\n— инженер Илья Гусев — за систему навигации.",
        # a colon at a line's end: the list is every line of the paragraph
        "Премии «Полярная звезда» удостоены:\nАнна Котова — за исследование течений и льдов;\n"
        "Олег Белов и Илья Гусев — за цикл работ по геологии шельфа.\n\nЦеремония прошла в Верхнеозёрске.",
        # titles before the names
        "Премии «Полярная звезда» удостоены океанолог Анна Котова, геолог Олег Белов и инженер Илья Гусев.",
        "Премией «Полярная звезда» награждены Анна Котова, Олег Белов и Илья Гусев.",
    ],
)
def test_laureates_listed_after_the_verb_are_read_whole(text):
    _all_three(text)


@pytest.mark.parametrize(
    "text",
    [
        "Премия «Полярная звезда» присуждена Анне Котовой, Олегу Белову и Илье Гусеву.",
        # titles in the dative; «Анне» is the dative of «Анна», not a name of its own
        "Премии «Полярная звезда» вручены заведующей лабораторией института океанологии Анне Котовой, профессору"
        " университета Олегу Белову и инженеру Илье Гусеву.",
        # the reason after «за» without a dash, a list in «;»-parted groups
        "Премия «Полярная звезда» присуждена: Анне Котовой и Олегу Белову за исследование течений; Илье Гусеву"
        " за систему навигации.",
    ],
)
def test_laureates_in_the_dative_after_the_prize(text):
    _all_three(text)


def test_one_laureate_with_a_title_after_the_verb():
    text = "Премию «Полярная звезда» получила заведующая лабораторией института океанологии Анна Котова."
    assert _won(text) == {("Анна Котова", PRIZE)}
    active = "Жюри присудило премию «Полярная звезда» театру «Маяк» и музею «Рассвет»."
    assert _won(active) == {("Маяк", PRIZE), ("Рассвет", PRIZE)}


@pytest.mark.parametrize(
    "text",
    [
        # an item that names nobody: the set would be cut short
        "Премии «Полярная звезда» удостоены Анна Котова, двое студентов университета и Илья Гусев.",
        "Премия «Полярная звезда» присуждена Анне Котовой, Олегу Белову и двум аспирантам института.",
        "Премия «Полярная звезда» присуждена: Анне Котовой за исследование течений; коллективу авторов за атлас.",
        # a list that says it is partial
        "Премии «Полярная звезда» удостоены, в частности, Анна Котова и Олег Белов.",
        # a plan, a negation
        "Премией «Полярная звезда» будут награждены Анна Котова, Олег Белов и Илья Гусев.",
        "Премию «Полярная звезда» получат Анна Котова и Олег Белов.",
        "Премию «Полярная звезда» не получила Анна Котова.",
        # a «;» and then a new paragraph: where the list ends is not said
        "Премии «Полярная звезда» удостоены: Анна Котова — за исследование течений;\n\nОлег Белов — за атлас.",
        # a bulleted list with a line that names nobody
        "Лауреатами премии «Полярная звезда» стали:\n- океанолог Анна Котова;\n- коллектив лаборатории геологии;\n"
        "- инженер Илья Гусев.",
    ],
)
def test_a_list_not_read_whole_gives_no_laureate(text):
    assert not _won(text)


def test_a_name_in_the_reason_is_no_laureate():
    # «Антона Чехова» stands in the reason (genitive); the laureates are the two nominatives
    text = (
        "Лауреатами премии «Полярная звезда» стали режиссёр Анна Котова — за спектакль по пьесе Антона Чехова,"
        " и художник Олег Белов — за декорации."
    )
    assert _won(text) == {("Анна Котова", PRIZE), ("Олег Белов", PRIZE)}


def test_titles_next_to_a_name_across_a_comma_are_no_members():
    # a title stacked before a name («доктор технических наук, генеральный директор ...») and one
    # after it («Анна Котова, старший научный сотрудник ...») belong to that person
    stacked = (
        "Лауреатами премии «Полярная звезда» стали советник директора компании «Ладья» Анна Котова, доктор"
        " технических наук, генеральный директор компании «Волга» Олег Белов, а также его первый заместитель"
        " Илья Гусев."
    )
    _all_three(stacked)
    after = "Премию «Полярная звезда» получила Анна Котова, старший научный сотрудник института океанологии."
    assert _won(after) == {("Анна Котова", PRIZE)}
    # a name in the genitive is an owner («института имени Павла Бажова»), not a laureate
    owner = "Премия «Полярная звезда» присуждена директору института имени Павла Бажова Анне Котовой."
    assert _won(owner) == {("Анна Котова", PRIZE)}


def test_a_bare_prize_is_the_one_the_lead_named():
    lead = "Объявлены лауреаты премии «Полярная звезда». Премия присуждена Анне Котовой и Олегу Белову."
    assert _won(lead) == {("Анна Котова", PRIZE), ("Олег Белов", PRIZE)}
    # a bonus is no prize the lead named, and a lead with two prizes names no one
    assert not _won("Объявлены лауреаты премии «Полярная звезда». Денежную премию получила Анна Котова.")
    two = "Объявлены лауреаты премий «Полярная звезда» и «Северное сияние». Премия присуждена Анне Котовой."
    assert not _won(two)


def test_winners_of_one_nomination_are_not_all_the_prize_s():
    text = (
        "Подведены итоги конкурса «Книжный мир». Победителем в номинации «Проза» стала Анна Котова."
        " Победителями конкурса «Книжный мир» стали Олег Белов и Илья Гусев."
    )
    assert not _won(text)
