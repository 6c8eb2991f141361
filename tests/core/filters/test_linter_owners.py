"""Linter rules on names that leave out their owner or their end, with sentences of our own."""

from __future__ import annotations

import json

import pandas as pd

from dagster_project.core.filters.linter import DUPLICATE_MEMBER, FRAGMENT_ANSWER, NOT_UNIQUE, QUESTION_WORD_TYPE, lint

UTILITY = (
    "Директор водоканала Ольшанска покинул пост",
    "Директор МУП «Водоканал» города Ольшанска Пётр Ярцев освобождён от должности. Ярцев руководил "
    "водоканалом с 2020 года. МУП «Водоканал» подало иск к ООО «Трубострой» из-за сорванного ремонта. "
    "Прежде Ярцев пять лет возглавлял ООО «Трубострой».",
)
CHAMBER = (
    "Общественники выбрали лучшие проекты",
    "Итоги конкурса подвела первый заместитель председателя Общественной палаты области Дарья Лунёва. "
    "В Тихоморской области конкурс проходит третий год.",
)
TOWN = (
    "Глава Ольшанского городского округа ушёл в отставку",
    "Глава Ольшанского городского округа Борис Шергин сложил полномочия. Шергин руководил Ольшанском с 2018 года.",
)
THEATRE = (
    "Театр «Светлячок» Ольшанска показал премьеру",
    "Театр «Светлячок» Ольшанска показал премьеру. Театр возглавляет Нина Корсакова.",
)


def _lint(rows: list[tuple], article: tuple[str, str]) -> list[str]:
    articles = pd.DataFrame([{"article_id": "a1", "title": article[0], "text": article[1]}])
    qa = pd.DataFrame([
        {"qa_id": str(i), "subgraph_id": "s", "type": kind, "question": q, "answer": ", ".join(items),
         "answer_items": items, "article_ids": ["a1"], "generator": "test", "triples_text": json.dumps(facts)}
        for i, (kind, q, items, facts) in enumerate(rows)
    ])  # fmt: skip
    return list(lint(qa, articles)["reason"])


def test_a_utility_named_by_its_trade_is_one_of_many_towns_and_needs_its_town():
    answer, asked, other = _lint(
        [
            (
                "simple",
                "Какое предприятие возглавлял Пётр Ярцев?",
                ["Водоканал"],
                ["Пётр Ярцев | возглавлять | Водоканал"],
            ),
            (
                "simple",
                "К какой компании подало иск МУП «Водоканал»?",
                ["Трубострой"],
                ["Водоканал | подать иск к | Трубострой"],
            ),
            (
                "simple",
                "Какую компанию ранее возглавлял Пётр Ярцев?",
                ["Трубострой"],
                ["Пётр Ярцев | возглавлять | Трубострой"],
            ),
        ],
        UTILITY,
    )
    assert answer.startswith(FRAGMENT_ANSWER) and "Водоканал" in answer
    assert asked.startswith(NOT_UNIQUE) and "Водоканал" in asked
    assert other == "well-formed"


def test_a_body_of_the_region_written_with_a_bare_place_noun_is_cut_short_without_it():
    (reason,) = _lint(
        [
            (
                "simple",
                "В какой организации работает Дарья Лунёва?",
                ["Общественная палата"],
                ["Дарья Лунёва | работать в | Общественная палата"],
            )
        ],
        CHAMBER,
    )
    assert reason.startswith(FRAGMENT_ANSWER)


def test_a_quoted_proper_name_with_its_town_after_it_is_whole():
    reasons = _lint(
        [
            (
                "simple",
                "Какой театр возглавляет Нина Корсакова?",
                ["Светлячок"],
                ["Нина Корсакова | возглавлять | Светлячок"],
            ),
            (
                "simple",
                "Кто возглавляет театр «Светлячок»?",
                ["Нина Корсакова"],
                ["Нина Корсакова | возглавлять | Светлячок"],
            ),
        ],
        THEATRE,
    )
    assert reasons == ["well-formed", "well-formed"]


def test_a_set_naming_a_town_and_its_town_district_names_one_municipality_twice():
    twice, once = _lint(
        [
            (
                "set",
                "Что возглавлял Борис Шергин? Назовите всё.",
                ["Ольшанский городской округ", "Ольшанск"],
                ["Борис Шергин | возглавлять | Ольшанский городской округ", "Борис Шергин | возглавлять | Ольшанск"],
            ),
            (
                "simple",
                "Какой округ возглавлял Борис Шергин?",
                ["Ольшанский городской округ"],
                ["Борис Шергин | возглавлять | Ольшанский городской округ"],
            ),
        ],
        TOWN,
    )
    assert DUPLICATE_MEMBER in twice
    assert DUPLICATE_MEMBER not in once


PLANT = (
    "«Стройресурс» купил Ольшанский завод ЖБИ",
    "Компания «Стройресурс» купила АО «Ольшанский завод железобетонных изделий». Директор завода "
    "Виктор Ласточкин сохранит пост. Сделку одобрила ФАС.",
)


def test_a_name_the_texts_quote_longer_with_a_genitive_is_cut_short():
    short, full = _lint(
        [
            ("simple", "Какой завод возглавляет Виктор Ласточкин?", ["Ольшанский завод"],
             ["Виктор Ласточкин | возглавлять | Ольшанский завод"]),
            ("simple", "Какой завод возглавляет Виктор Ласточкин?", ["Ольшанский завод железобетонных изделий"],
             ["Виктор Ласточкин | возглавлять | Ольшанский завод железобетонных изделий"]),
        ],
        PLANT,
    )  # fmt: skip
    assert short.startswith(FRAGMENT_ANSWER) and "железобетонных" in short
    assert full == "well-formed"


BOARD = (
    "Глава банка «Ольшанский» возглавил совет директоров «Тальской страховой»",
    "Председатель правления банка «Ольшанский» Степан Гуров возглавил совет директоров страховой компании "
    "«Тальская страховая».",
)


def test_a_board_of_directors_is_no_organization_a_person_heads():
    board_name = "Совет директоров Тальской страховой"
    heads_bank = "Степан Гуров | возглавлять | Ольшанский"
    board, bank = _lint(
        [
            ("set", "Какие организации возглавляет Степан Гуров?", ["Ольшанский", board_name],
             [heads_bank, f"Степан Гуров | возглавлять | {board_name}"]),
            ("simple", "Какой банк возглавляет Степан Гуров?", ["Ольшанский"], [heads_bank]),
        ],
        BOARD,
    )  # fmt: skip
    assert QUESTION_WORD_TYPE in board and "Совет директоров" in board
    assert QUESTION_WORD_TYPE not in bank
