"""A present post a later article of the month says was held before."""

from __future__ import annotations

import json

import pandas as pd

from dagster_project.core.filters.linter import NOT_UNIQUE, lint

ARTICLES = pd.DataFrame([
    {"article_id": "a1", "title": "Лаборатория университета получила грант",
     "text": "Научным руководителем проекта стал заведующий кафедрой органической химии ТГУ Павел Жуков."},
    {"article_id": "a2", "title": "Павел Жуков стал проректором по науке",
     "text": "Проректором Тихоморского университета назначен Павел Жуков. Павлу Жукову 44 года. Он окончил "
             "университет в 2004 году. С 2018 года возглавлял кафедру органической химии. Кафедру временно "
             "возглавит доцент Ирина Белова."},
    {"article_id": "a3", "title": "Кафедра органической химии открыла набор",
     "text": "Заведующий кафедрой органической химии Олег Сизов объявил набор. Сизов возглавил кафедру в 2019 году."},
])  # fmt: skip


def _reason(question: str, answer: str, head: str, body: str, source: str) -> str:
    triples = json.dumps([f"{head} | возглавлять | {body}"], ensure_ascii=False)
    row = {"qa_id": "q", "subgraph_id": "s", "type": "simple", "question": question, "answer": answer,
           "answer_items": [answer], "article_ids": [source], "generator": "test", "triples_text": triples}  # fmt: skip
    return lint(pd.DataFrame([row]), ARTICLES)["reason"].iloc[0]


def test_a_head_a_later_article_says_headed_the_body_before_heads_it_no_more():
    reason = _reason("Какую кафедру возглавляет Павел Жуков?", "Кафедра органической химии ТГУ", "Павел Жуков",
                     "Кафедра органической химии ТГУ", "a1")  # fmt: skip
    assert NOT_UNIQUE in reason and "headed" in reason


def test_a_post_taken_after_the_other_article_or_said_of_another_person_stays():
    # «возглавил» is perfective: he became its head; and the sentence before names only him
    reason = _reason("Какую кафедру возглавляет Олег Сизов?", "Кафедра органической химии", "Олег Сизов",
                     "Кафедра органической химии", "a3")  # fmt: skip
    assert "headed" not in reason
    # the past is said in an article before the one that gives the post: the later one is newer
    earlier = _reason("Какую кафедру возглавляет Павел Жуков?", "Кафедра органической химии ТГУ", "Павел Жуков",
                      "Кафедра органической химии ТГУ", "a3")  # fmt: skip
    assert "headed" not in earlier
