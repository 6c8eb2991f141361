"""Linter rules on how a question writes the names of its texts, each with sentences of our own."""

from __future__ import annotations

import pandas as pd

from dagster_project.core.filters.linter import FRAGMENT_ANSWER, UNGRAMMATICAL, lint

HOCKEY = (
    "«Бобры» уступили «Речным волкам» в Заречье",
    "Заречный клуб «Бобры» проиграл «Речным волкам» со счётом 2:4. Главный тренер «Бобров» Олег Пряхин "
    "после игры покинул клуб. Пряхин возглавлял «Бобров» три сезона. Команду принял Степан Луговой.",
)
HARVEST = (
    "Аграрии Тихоморской области собрали 3,1 млн тонн зерна",
    "Аграрии региона в прошлом году собрали 3,1 млн тонн зерна, сообщила министр сельского хозяйства "
    "Вера Сомова. Урожай собирали аграрии всех районов.",
)
OFFICE = (
    "Бывший глава областного «Управления дорог» приговорён к условному сроку",
    "Суд приговорил Игоря Латышева к трём годам условно. До 2022 года он возглавлял областное "
    "«Управление дорог», а затем работал в корпорации развития области (КРОТ).",
)


def _lint(rows: list[tuple[str, str]], article: tuple[str, str]) -> list[str]:
    articles = pd.DataFrame([{"article_id": "a1", "title": article[0], "text": article[1]}])
    qa = pd.DataFrame([
        {"qa_id": str(i), "subgraph_id": "s", "type": "simple", "question": q, "answer": a, "answer_items": [a],
         "article_ids": ["a1"], "generator": "test", "triples_text": "[]"}
        for i, (q, a) in enumerate(rows)
    ])  # fmt: skip
    return list(lint(qa, articles)["reason"])


def test_a_name_the_texts_always_quote_needs_its_quotes_where_no_class_noun_says_it_is_one():
    bare, quoted, after_noun = _lint(
        [("У какого клуба выиграли Речные волки?", "Бобры"),
         ("У какого клуба выиграл клуб «Речные волки»?", "Бобры"),
         ("Какой клуб обыграл клуб Речные волки?", "Бобры")],
        HOCKEY,
    )  # fmt: skip
    assert UNGRAMMATICAL in bare and "Речные волки" in bare
    assert "always quote" not in quoted
    assert "always quote" not in after_noun  # a class noun before it tells it is a name


def test_an_answer_that_lost_the_quotes_inside_it_is_a_fragment():
    (reason,) = _lint([("Какое управление ранее возглавлял Игорь Латышев?", "Областное Управление дорог")], OFFICE)
    assert FRAGMENT_ANSWER in reason and "lost the quotes" in reason


def test_an_open_bracket_cuts_a_name_off():
    (reason,) = _lint(
        [("Кого назначили на должность директора корпорации развития области (КРОТ?", "Игорь Латышев")], OFFICE
    )
    assert "left open" in reason


def test_a_common_noun_a_headline_capitalizes_is_no_name():
    (reason,) = _lint([("Сколько тонн зерна собрали «Аграрии»?", "3,1 млн тонн зерна")], HARVEST)
    assert "common noun" in reason
    (named,) = _lint([("Кого сменил Степан Луговой во главе клуба «Бобры»?", "Олег Пряхин")], HOCKEY)
    assert "common noun" not in named  # a name the texts quote is a name, whatever the dictionary says


def test_a_person_the_texts_name_in_full_is_named_in_full():
    short, full = _lint(
        [("Какой клуб ранее возглавлял Пряхин?", "Бобры"), ("Какой клуб ранее возглавлял Олег Пряхин?", "Бобры")],
        HOCKEY,
    )
    assert "first name" in short
    assert "first name" not in full


def test_a_quoted_name_the_text_goes_on_with_a_towns_genitive_the_tagger_took_for_a_person_is_cut_short():
    deputy = (
        "Глава Тихоборска назначил заместителя",
        "Заместителем главы назначен Пётр Лавров. Ранее он возглавлял МКУ «Управление капитального "
        "строительства» Тихоборска. Он будет курировать ЖКХ.",
    )
    (reason,) = _lint([("Какое учреждение ранее возглавлял Пётр Лавров?", "Управление капитального строительства")],
                      deputy)  # fmt: skip
    assert FRAGMENT_ANSWER in reason and "cut short" in reason
