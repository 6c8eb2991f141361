"""A small fictional month for the testbed tests: a few articles that state the answers, and
fillers that talk about the same things (companies, managers, loans) without naming them."""

import pandas as pd

from dagster_project.core.ingest.articles import articles_frame, make_article

STORIES = {
    "sokolova": (
        "Новый директор у «Северного ветра»",
        "Анна Соколова возглавляет компанию «Северный ветер» с весны. "
        "Под руководством Анны Соколовой компания открыла завод в Твери. Соколова пообещала новые рабочие места.",
    ),
    "ershova": (
        "Хлебозавод обновил линии",
        "Нина Ершова возглавляет хлебозавод «Каравай». Хлебозавод «Каравай» запустил новую линию, "
        "и Ершова рассказала о планах на зиму.",
    ),
    "somov": (
        "Перевозчик меняет маршруты",
        "Компанию «Полярный путь» возглавляет Григорий Сомов. Перевозчик открыл два новых маршрута на север.",
    ),
    "credit_polar": (
        "Банк поддержал перевозчика",
        "Банк «Заречный» выдал кредит компании «Полярный путь» на покупку судов.",
    ),
    "credit_terminal": (
        "Кредит для терминала",
        "Банк «Заречный» выдал кредит компании «Озёрный терминал» на ремонт причалов.",
    ),
    "efimov": (
        "Терминал подвёл итоги",
        "Борис Ефимов возглавляет компанию «Озёрный терминал». Терминал принял рекордный объём грузов.",
    ),
}
FILLERS = [
    "Компанию «Техноград» возглавляет Ростислав Шубин. Компания открыла офис и получила кредит.",
    "Компания «Кварц-Лаб» выпустила новый прибор. Директор компании рассказал о кредите банка.",
    "Хлебозавод «Колос» возглавляет Пётр Лукин. Хлебозавод взял кредит в банке «Восход».",
    "Банк «Восход» выдал кредит фермерам. Кредит выдан на пять лет, сообщила компания.",
    "Компания «Береговая линия» открыла новый завод. Компанию возглавляет Вера Полякова.",
    "Региональный фонд выдал кредит хлебозаводу «Колос». Банк и компания подписали договор.",
    "Компания «Северное небо» возглавляет рейтинг перевозчиков. Директор компании доволен.",
    "Банк «Восход» открыл отделение. Банк возглавляет Тимур Ахметов, компания растёт.",
]


def world_articles() -> pd.DataFrame:
    stories = list(STORIES.values()) + [(f"Новости {i}", text) for i, text in enumerate(FILLERS)]
    return articles_frame(
        [
            make_article(
                url=f"https://news.example/t{i}",
                source="Тест",
                title=title,
                text=text,
                published_at="2025-09-10T10:00:00+03:00",
            )
            for i, (title, text) in enumerate(stories)
        ]
    )


def article_id(articles: pd.DataFrame, story: str) -> str:
    return articles["article_id"].iloc[list(STORIES).index(story)]


def world_questions(articles: pd.DataFrame) -> pd.DataFrame:
    def ids(*stories):
        return [article_id(articles, s) for s in stories]

    rows = [
        ("q1", "simple", "Какую компанию возглавляет Анна Соколова?", ["Северный ветер"], ids("sokolova"), []),
        ("q2", "simple", "Какой хлебозавод возглавляет Нина Ершова?", ["Каравай"], ids("ershova"), []),
        ("q3", "simple", "Кто возглавляет компанию «Полярный путь»?", ["Григорий Сомов"], ids("somov"), []),
        (
            "q4", "set", "Каким компаниям выдал кредит банк «Заречный»?", ["Полярный путь", "Озёрный терминал"],
            ids("credit_polar", "credit_terminal"), [],
        ),
        (
            "q5", "mh", "Кто возглавляет компанию, которой банк «Заречный» выдал кредит на ремонт причалов?",
            ["Борис Ефимов"], ids("credit_terminal", "efimov"),
            ["Заречный | выдать кредит (кому) | Озёрный терминал", "Борис Ефимов | возглавлять | Озёрный терминал"],
        ),
    ]  # fmt: skip
    return pd.DataFrame(
        {
            "qa_id": [r[0] for r in rows],
            "subgraph_id": [f"s{r[0]}" for r in rows],
            "type": [r[1] for r in rows],
            "question": [r[2] for r in rows],
            "answer": [", ".join(r[3]) for r in rows],
            "answer_items": [r[3] for r in rows],
            "article_ids": [r[4] for r in rows],
            "triples_text": [r[5] for r in rows],
            "kept": True,
        }
    )


ENTITIES = [
    ("Анна Соколова", "PER", ""), ("Нина Ершова", "PER", ""), ("Вера Полякова", "PER", ""),
    ("Григорий Сомов", "PER", ""), ("Борис Ефимов", "PER", ""), ("Ростислав Шубин", "PER", ""),
    ("Пётр Лукин", "PER", ""), ("Тимур Ахметов", "PER", ""),
    ("Северный ветер", "ORG", "компания"), ("Полярный путь", "ORG", "компания"),
    ("Озёрный терминал", "ORG", "компания"), ("Техноград", "ORG", "компания"), ("Кварц-Лаб", "ORG", "компания"),
    ("Береговая линия", "ORG", "компания"),
    ("Каравай", "ORG", "хлебозавод"), ("Колос", "ORG", "хлебозавод"), ("Заречный", "ORG", "банк"),
]  # fmt: skip


def world_triplets() -> pd.DataFrame:
    """Normalized triplets naming every entity (as subject), enough for the entity catalog."""
    return pd.DataFrame(
        {
            "subject": [name for name, _, _ in ENTITIES],
            "canonical_subject": [name for name, _, _ in ENTITIES],
            "subject_type": [kind for _, kind, _ in ENTITIES],
            "subject_descriptor": [descriptor for _, _, descriptor in ENTITIES],
            "object": "Тверь",
            "canonical_object": "Тверь",
            "object_type": "LOC",
            "object_descriptor": "",
            "in_wikidata": pd.NA,
        }
    )
