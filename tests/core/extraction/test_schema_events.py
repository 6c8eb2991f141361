"""Events and their outcomes (matchers_events.py): each rule on a sentence it must read and on a
near miss it must leave alone."""

from __future__ import annotations

import pytest

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"
FORUM = "Северореченский инвестиционный форум"


def facts(text: str, relation: str) -> set[tuple[str, str]]:
    found = extract_schema_triplets("a", text, PUBLISHED)
    return {(t.subject_normal, t.object_normal) for t in found if t.relation == relation}


def test_whoever_spoke_or_signed_at_a_named_event_took_part_in_it():
    text = (
        "Северореченский инвестиционный форум открылся в Верхнеозёрске. "
        "Генеральный директор банка «Заречный» Дмитрий Ковалёв выступил на форуме с докладом. "
        "Компания «Полярный путь» подписала на инвестиционном форуме соглашение с компанией «Вектор»."
    )
    assert facts(text, "took_part_in") == {("Дмитрий Ковалёв", FORUM), ("Полярный путь", FORUM)}


def test_on_the_sidelines_of_a_named_exhibition():
    text = "На полях выставки «ТехноВолга-2025» компания «Вектор» подписала соглашение с фондом «Исток»."
    assert facts(text, "took_part_in") == {("Вектор", "ТехноВолга-2025")}


@pytest.mark.parametrize(
    "text",
    [
        # a bare «форум» with no forum named before it, or with two that it could be
        "Дмитрий Ковалёв выступил на форуме с докладом.",
        "Форум «Волга» открылся в Самаре. Форум «Дон» открылся в Ростове. Дмитрий Ковалёв выступил на форуме.",
        # an adjective of another forum's name, a plan, a negation, a list with an unnamed item
        "Форум «Волга» открылся в Самаре. Дмитрий Ковалёв выступил на молодёжном форуме.",
        "Форум «Волга» открылся в Самаре. Дмитрий Ковалёв планирует выступить на форуме.",
        "Форум «Волга» открылся в Самаре. Дмитрий Ковалёв не выступил на форуме.",
        "Форум «Волга» открылся в Самаре. Анна Котова, Олег Ветров и ещё пять экспертов выступили на форуме.",
        # «на время выставки» says when, not where
        "Выставка «Первый причал» открылась в музее. Колокол на время выставки передала компания «Порт».",
    ],
)
def test_no_presence_without_one_named_event_and_a_past_action_at_it(text):
    assert facts(text, "took_part_in") == set()


def test_taking_part_in_a_bare_event_the_article_named():
    text = "Выставка «Агро-2025» открылась в Омске. Компания «Вектор» приняла участие в выставке."
    assert facts(text, "took_part_in") == {("Вектор", "Агро-2025")}


def test_where_a_named_event_took_place():
    text = (
        "Технологическая выставка «ТехноВолга-2025» открылась в Казани 9 октября. "
        "Форум «Волга», прошедший в Самаре, собрал 300 компаний. "
        "Губернатор открыл фестиваль «Сибирская рампа» в Новосибирске."
    )
    assert facts(text, "took_place_in") == {
        ("ТехноВолга-2025", "Казань"),
        ("Волга", "Самара"),
        ("Сибирская рампа", "Новосибирск"),
    }


@pytest.mark.parametrize(
    "text",
    [
        "Форум «Волга» пройдёт в Самаре.",  # a future
        "Компании подтвердили участие в форуме «Волга» в Самаре.",  # the forum may be still to come
        "Выставка «Агро-2026» не состоялась в Омске.",
        "Форум «Волга» планируется провести в Самаре.",
    ],
)
def test_no_place_for_an_event_that_has_not_taken_place(text):
    assert facts(text, "took_place_in") == set()


def test_organizers_hold_the_event():
    assert facts("Организатором форума «Волга» выступила компания «Экспо-Центр».", "held") == {("Экспо-Центр", "Волга")}
    assert facts("Организаторами выставки «Агро-2025» стали фонд «Исток» и компания «Экспо».", "held") == {
        ("Исток", "Агро-2025"),
        ("Экспо", "Агро-2025"),
    }
    # the event is what was organized, whichever way the sentence orders subject and object
    assert facts("Фестиваль «Сибирская рампа» организовал театр «Маяк».", "held") == {("Маяк", "Сибирская рампа")}
    assert facts("Конкурс «Прорыв», организованный фондом «Исток», завершился.", "held") == {("Исток", "Прорыв")}
    assert facts("Фонд «Исток» организует конкурс «Прорыв».", "held") == set()  # not yet held


def test_participants_named_before_the_title():
    text = "Компании «Альфа» и «Бета» стали участниками форума «Волга»."
    assert facts(text, "took_part_in") == {("Альфа", "Волга"), ("Бета", "Волга")}
    partial = "Участниками форума «Волга» стали в том числе компании «Альфа» и «Бета»."
    assert facts(partial, "took_part_in") == set()


def test_winners_by_first_place_top_prize_title_and_honour():
    assert facts("Клуб «Сокол» занял первое место в турнире «Кубок Волги».", "won") == {("Сокол", "Кубок Волги")}
    assert facts("Клуб «Сокол» занял второе место в турнире «Кубок Волги».", "won") == set()
    assert facts("Чемпионом турнира «Кубок Волги» стал клуб «Сокол».", "won") == {("Сокол", "Кубок Волги")}
    text = "Режиссёр Иван Петров получил Гран-при фестиваля «Сибирская рампа»."
    assert facts(text, "won") == {("Иван Петров", "Сибирская рампа")}
    assert facts("Театр «Маяк» награждён премией «Золотая маска».", "won") == {("Маяк", "Золотая маска")}
    assert facts("Жюри наградило премией «Золотой софит» актрису Анну Котову.", "won") == {
        ("Анна Котова", "Золотой софит")
    }
    assert facts("Театр «Маяк» будет награждён премией «Золотая маска».", "won") == set()


def test_speakers_and_prize_winners_took_part():
    text = "Спикерами форума «Волга» стали Анна Котова и Олег Ветров."
    assert facts(text, "took_part_in") == {("Анна Котова", "Волга"), ("Олег Ветров", "Волга")}


def test_a_victory_in_a_contest_is_winning_it_but_one_game_of_it_is_not():
    assert facts("Клуб «Искра» одержал победу в конкурсе «Прорыв».", "won") == {("Искра", "Прорыв")}
    assert facts("Клуб «Сокол» завоевал Кубок «Золотая шайба».", "won") == {("Сокол", "Золотая шайба")}
    for text in (
        "Клуб «Искра» одержал победу над клубом «Сокол» в турнире «Кубок Волги».",
        "Клуб «Искра» одержал третью победу в турнире «Кубок Волги».",
        "Чемпионат «Лига Волги» стартовал в Самаре. Клуб «Искра» занял первое место в чемпионате.",
    ):
        assert facts(text, "won") == set(), text


def test_an_event_held_in_either_word_order():
    assert facts("Фестиваль «Сибирская рампа» провёл театр «Маяк».", "held") == {("Маяк", "Сибирская рампа")}
    assert facts("Форум «Волга» проведён компанией «Экспо».", "held") == {("Экспо", "Волга")}
    assert facts("Компания «Вектор» провела переговоры с фондом «Исток».", "held") == set()
    assert facts("Фонд «Исток» проведёт конкурс «Прорыв».", "held") == set()


def test_a_contest_won_in_either_word_order():
    assert facts("Конкурс «Технологический прорыв» выиграл стартап «Кварц-Лаб».", "won") == {
        ("Кварц-Лаб", "Технологический прорыв")
    }
    assert facts("Клуб «Сокол» не выиграл турнир «Кубок Волги».", "won") == set()


def test_a_bare_event_noun_with_a_place_of_its_own_may_be_another_event():
    text = "Форум «Волга» прошёл в Самаре. Дмитрий Ковалёв выступил на форуме в Твери."
    assert facts(text, "took_part_in") == set()


def test_an_earlier_unnamed_event_of_the_same_kind_is_a_rival():
    text = "Форум «Волга» прошёл в Самаре. В Твери прошёл молодёжный форум. Дмитрий Ковалёв выступил на форуме."
    assert facts(text, "took_part_in") == set()
