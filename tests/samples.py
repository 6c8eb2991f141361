"""Small inputs shared by tests of several stages: Russian news text and a tiny release."""

import pandas as pd

from dagster_project.core.ingest.articles import articles_frame, make_article

NEWS_TEXT = (
    "Компания «Северный ветер» открыла новый завод в Твери. "
    "Генеральный директор компании Анна Соколова подписала соглашение с губернатором Олегом Мельниковым. "
    "Банк «Заречный» выдал кредит агрохолдингу «Ольховские поля». "
    "Губернатор Олег Мельников посетил Каменногорский металлургический комбинат и ВТУ. "
    "Завод создаст 450 рабочих мест. Она сказала, что это важно."
)

SENTENCE = "Компания «Северный ветер» открыла завод номер {i} в Заречье и наняла {n} рабочих."


def long_article(sentences: int) -> str:
    return " ".join(SENTENCE.format(i=i, n=100 + i) for i in range(sentences))


def sample_articles() -> pd.DataFrame:
    return articles_frame(
        [
            make_article(
                url=f"https://news.example/a{i}",
                source="Тест",
                title=f"Заголовок {i}",
                text=f"Компания «Альфа-{i}» открыла завод в Твери.",
                published_at=f"2025-09-0{i}T10:00:00+03:00",
            )
            for i in range(1, 4)
        ]
    )


def sample_questions(articles: pd.DataFrame) -> pd.DataFrame:
    ids = list(articles["article_id"])
    return pd.DataFrame(
        {
            "qa_id": ["q1", "q2"],
            "subgraph_id": ["s1", "s2"],
            "type": ["simple", "set"],
            "question": ["Где открыла завод компания «Альфа-1»?", "Кто открыл завод в Твери?"],
            "answer": ["Тверь", "Альфа-2, Альфа-3"],
            "answer_items": [["Тверь"], ["Альфа-2", "Альфа-3"]],
            "article_ids": [[ids[0]], [ids[1], ids[2]]],
            "triples_text": ["[]", "[]"],
        }
    )
