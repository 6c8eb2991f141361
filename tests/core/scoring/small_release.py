"""A ten-question release about invented facts, published to a local hub in a test's folder:
small enough that the runner and the LLM metrics are tested over HTTP in a second."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from dagster_project.core.release.hub.local import LocalHub

VERSION = "1.13.0"
TEXTS = [
    "Компания «Северный ветер» открыла завод в Твери. Завод выпускает турбины для ветряных станций.",
    "Анна Соколова возглавила компанию «Северный ветер» в марте. Раньше она руководила банком «Заречный».",
    "Губернатор Олег Мельников посетил Каменногорский металлургический комбинат. Комбинат запустил вторую печь.",
    "Банк «Заречный» выдал кредит агрохолдингу «Ольховские поля». Агрохолдинг купит на эти деньги комбайны.",
    "Театр «Полярная звезда» поставил оперу «Снежная королева». Премьера прошла в субботу.",
]
# (question, answer, index of its text)
QUESTIONS = [
    ("В каком городе компания «Северный ветер» открыла завод?", "Тверь", 0),
    ("Что выпускает завод компании «Северный ветер»?", "турбины", 0),
    ("Кто возглавил компанию «Северный ветер»?", "Анна Соколова", 1),
    ("Каким банком раньше руководила Анна Соколова?", "банк «Заречный»", 1),
    ("Какой комбинат посетил губернатор Олег Мельников?", "Каменногорский металлургический комбинат", 2),
    ("Какую печь запустил Каменногорский металлургический комбинат?", "вторую печь", 2),
    ("Какому агрохолдингу банк «Заречный» выдал кредит?", "агрохолдинг «Ольховские поля»", 3),
    ("Что купит агрохолдинг «Ольховские поля» на кредит банка?", "комбайны", 3),
    ("Какую оперу поставил театр «Полярная звезда»?", "«Снежная королева»", 4),
    ("Когда прошла премьера оперы «Снежная королева»?", "в субботу", 4),
]
PUBLIC_TEXT_IDS = [3, 0, 4, 1, 2]  # public id of text i: not its position, as in a real release


def release_tables() -> dict[str, pd.DataFrame]:
    private_ids = [f"article-{i}" for i in range(len(TEXTS))]
    return {
        "public_texts": pd.DataFrame({"id": PUBLIC_TEXT_IDS, "text": TEXTS}),
        "public_questions": pd.DataFrame({"id": range(len(QUESTIONS)), "question": [q for q, _, _ in QUESTIONS]}),
        "private_qa": pd.DataFrame(
            {
                "public_id": range(len(QUESTIONS)),
                "question": [q for q, _, _ in QUESTIONS],
                "answer": [a for _, a, _ in QUESTIONS],
                "type": ["simple"] * len(QUESTIONS),
                "text_ids": [json.dumps([private_ids[t]]) for _, _, t in QUESTIONS],
                "answer_items": [json.dumps([a], ensure_ascii=False) for _, a, _ in QUESTIONS],
            }
        ),
        "private_texts": pd.DataFrame({"id": private_ids, "public_id": PUBLIC_TEXT_IDS}),
    }


def publish_small_release(root: Path) -> LocalHub:
    hub = LocalHub(root)
    hub.publish(VERSION, release_tables(), {"version": VERSION, "month": "2025-09"})
    return hub


def gold_public_id(question_index: int) -> int:
    return PUBLIC_TEXT_IDS[QUESTIONS[question_index][2]]
