"""Every leak check fails on a crafted leaking release."""

import json

import pandas as pd
import pytest

from dagster_project.core.ingest.articles import articles_frame, make_article
from dagster_project.core.release.checks import (
    answers_in_questions,
    dangling_text_ids,
    dense_ids,
    duplicate_ids,
    public_dataset_problems,
)
from dagster_project.core.release.tables import build_release
from tests.samples import sample_articles, sample_questions


@pytest.fixture
def release():
    articles = sample_articles()
    return articles, build_release(articles, sample_questions(articles), b"key")


def test_a_clean_release_has_no_problems(release):
    articles, tables = release
    private_ids = set(articles["article_id"]) | {"q1", "q2"}
    urls = set(articles["url"])
    assert public_dataset_problems("public_texts", tables.public_texts, private_ids=private_ids, urls=urls) == []
    assert (
        public_dataset_problems(
            "public_questions",
            tables.public_questions,
            private_ids=private_ids,
            urls=urls,
            answers=set(tables.private_qa["answer"]),
        )
        == []
    )
    assert dangling_text_ids(tables.private_qa, tables.private_texts) == []
    assert answers_in_questions(tables.private_qa) == []
    assert duplicate_ids("private_texts", tables.private_texts, "id") == []


def test_an_answer_column_in_public_questions_is_a_leak(release):
    articles, tables = release
    leaking = tables.public_questions.assign(answer=tables.private_qa["answer"])
    problems = public_dataset_problems("public_questions", leaking, private_ids=set(), urls=set())
    assert any("non-public columns: answer" in p for p in problems)


def test_a_private_id_in_public_texts_is_a_leak(release):
    articles, tables = release
    leaking = tables.public_texts.copy()
    leaking.loc[0, "text"] += f" (id {articles['article_id'][0]})"
    problems = public_dataset_problems("public_texts", leaking, private_ids=set(articles["article_id"]), urls=set())
    assert problems == [f"public_texts id 0: contains private id {articles['article_id'][0]}"]


def test_a_source_url_in_a_public_dataset_is_a_leak(release):
    articles, tables = release
    leaking = tables.public_questions.copy()
    leaking.loc[1, "question"] = f"Что написано на {articles['url'][0]}?"
    problems = public_dataset_problems("public_questions", leaking, private_ids=set(), urls=set(articles["url"]))
    assert problems == ["public_questions id 1: contains a URL"]


def test_a_question_containing_its_answer_is_refused(release):
    _, tables = release
    leaking = tables.private_qa.copy()
    leaking.loc[0, "question"] = f"{leaking.loc[0, 'question']} Это {leaking.loc[0, 'answer']}?"
    problems = answers_in_questions(leaking)
    assert len(problems) == 1 and "contains its answer" in problems[0]


def test_a_set_item_in_the_question_is_refused(release):
    _, tables = release
    leaking = tables.private_qa.copy()
    row = leaking.index[leaking["type"] == "set"][0]
    leaking.loc[row, "question"] = "Кто, кроме Альфа-3, открыл завод?"
    assert any("'Альфа-3'" in p for p in answers_in_questions(leaking))


def test_dangling_text_ids_are_refused(release):
    _, tables = release
    leaking = tables.private_qa.copy()
    leaking.loc[0, "text_ids"] = json.dumps(["not-a-text"])
    problems = dangling_text_ids(leaking, tables.private_texts)
    assert problems == [
        f"private_qa public_id {leaking.loc[0, 'public_id']}: text_ids not in private_texts: not-a-text"
    ]


def test_duplicate_and_gapped_ids_are_refused(release):
    _, tables = release
    duplicated = pd.concat([tables.public_texts, tables.public_texts.head(1)], ignore_index=True)
    assert duplicate_ids("public_texts", duplicated, "id")
    gapped = tables.public_questions.assign(id=[0, 5])
    assert dense_ids("public_questions", gapped, "id")


def test_public_ids_do_not_follow_private_order(release):
    articles, _ = release
    many = articles_frame(
        [
            make_article(
                url=f"https://news.example/b{i}",
                source="Тест",
                title="т",
                text=f"текст {i}",
                published_at="2025-09-02T10:00:00+03:00",
            )
            for i in range(40)
        ]
    )
    tables = build_release(many, sample_questions(articles).iloc[:0], b"key")
    order_by_private = tables.private_texts.sort_values("id")["public_id"].tolist()
    assert order_by_private != sorted(order_by_private)


def _qa(question: str, answer: str, items: list[str] | None = None) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "public_id": [0],
            "question": [question],
            "answer": [answer],
            "answer_items": [json.dumps(items or [answer], ensure_ascii=False)],
        }
    )


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Какой проект утвердили в Москве?", "Москва"),  # inflection of a place
        ("Кого сменил на посту заместитель Ивана Петрова?", "Иван Петров"),  # inflection of a person
        ("Кого наградил Петр Елкин в сентябре?", "Пётр Ёлкин"),  # ё / е
        ("Сколько стоил проект в 2 139 млн рублей?", "2139"),  # digit grouping
        ("Что построили в МОСКВЕ?", "москва"),  # case
    ],
)
def test_a_question_containing_a_variant_of_its_answer_is_refused(question, answer):
    problems = answers_in_questions(_qa(question, answer))
    assert problems == [f"private_qa public_id 0: the question contains its answer {answer!r}"]


def test_a_set_item_in_another_form_is_refused():
    leaking = _qa(
        "Кто, кроме Анны Смирновой, вошел в совет?", "Анна Смирнова, Олег Котов", ["Анна Смирнова", "Олег Котов"]
    )
    assert "'Анна Смирнова'" in answers_in_questions(leaking)[0]


def test_a_question_that_only_shares_a_word_with_its_answer_passes():
    assert answers_in_questions(_qa("Кого назначил губернатор Тверской области?", "Иван Петров")) == []


def test_a_public_question_that_is_an_answer_in_another_form_is_a_leak():
    questions = pd.DataFrame({"id": [0, 1], "question": ["Ивана Петрова", "Кто возглавил совет?"]})
    problems = public_dataset_problems(
        "public_questions", questions, private_ids=set(), urls=set(), answers={"Иван Петров"}
    )
    assert problems == ["public_questions id 0: the cell is an answer"]


@pytest.mark.parametrize(
    "written",
    [
        "https://news.example.ru/2025/09/plant?b=2&a=1",  # https instead of http
        "http://NEWS.Example.RU/2025/09/plant/?a=1&b=2",  # host case, trailing slash
        "news.example.ru/2025/09/plant?b=2&a=1",  # no scheme, query order
        "http://www.news.example.ru/2025/09/plant?a=1&b=2#top",  # www. and a fragment
    ],
)
def test_a_source_url_in_any_spelling_is_a_leak(written):
    texts = pd.DataFrame({"id": [0, 1], "text": [f"Подробнее: {written}.", "Без ссылок."]})
    urls = {"http://news.example.ru/2025/09/plant?a=1&b=2"}
    problems = public_dataset_problems("public_texts", texts, private_ids=set(), urls=urls)
    assert problems == ["public_texts id 0: contains a URL"]


def test_another_url_in_a_public_text_is_not_a_source_leak():
    texts = pd.DataFrame({"id": [0], "text": ["См. https://news.example.ru/2025/09/other"]})
    urls = {"http://news.example.ru/2025/09/plant"}
    assert public_dataset_problems("public_texts", texts, private_ids=set(), urls=urls) == []


def test_an_upper_cased_private_id_is_a_leak(release):
    articles, tables = release
    private_id = articles["article_id"][0]
    leaking = tables.public_texts.copy()
    leaking.loc[0, "text"] += f" [{private_id.upper()}]"
    problems = public_dataset_problems("public_texts", leaking, private_ids=set(articles["article_id"]), urls=set())
    assert problems == [f"public_texts id 0: contains private id {private_id}"]


def test_many_ids_are_looked_up_per_position_not_per_id():
    from dagster_project.core.release.checks import SubstringIndex

    index = SubstringIndex(f"{n:016x}" for n in range(100_000))
    assert index.first_in("текст без идентификаторов " * 10) is None
    assert index.first_in(f"... {99_999:016X} ...") == f"{99_999:016x}"


def test_an_id_is_found_wherever_a_scan_of_every_position_finds_it():
    import random

    from dagster_project.core.release.checks import SubstringIndex

    rng = random.Random(5)
    for _ in range(300):
        ids = {"".join(rng.choice("aB1-]^\\") for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(0, 5))}
        text = "".join(rng.choice("ab1-]^\\ яЯ\n") for _ in range(rng.randint(0, 30)))
        folded = {value.lower(): value for value in ids}
        # The first hit of the shortest length, leftmost: what a scan of every position returns.
        expected = next((folded[text.lower()[start : start + length]]
                         for length in sorted({len(v) for v in folded})
                         for start in range(len(text) - length + 1)
                         if text.lower()[start : start + length] in folded), None)  # fmt: skip
        assert SubstringIndex(ids).first_in(text) == expected
