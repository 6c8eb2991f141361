"""How long the robustness testbeds of one month take to build, on a synthetic month far larger than
the bundled ones: N articles of about 250 words, each stating who heads which company among
news-like filler, and one simple question per fact (default 2,000 articles, 600 questions, the
benchmark's 150 per type times four).

    python benchmarks/testbeds.py [--articles 2000] [--questions 600]

The last line is `RESULT testbeds_build_seconds <s>`.
"""

from __future__ import annotations

import argparse
import random
import time

import pandas as pd

from dagster_project.core.ingest.articles import articles_frame, make_article
from dagster_project.core.testbeds.build import build_testbeds

FIRST = ["Олег", "Игорь", "Сергей", "Андрей", "Павел", "Борис", "Денис", "Максим", "Роман", "Юрий"]
SURNAMES = ["Петров", "Смирнов", "Кузнецов", "Попов", "Лебедев", "Козлов", "Новиков", "Морозов", "Волков",
            "Соловьёв", "Васильев", "Зайцев", "Павлов", "Семёнов", "Голубев", "Виноградов", "Богданов",
            "Воробьёв", "Фёдоров", "Михайлов"]  # fmt: skip
FILLER = [
    "Рынок вырос на {n} процентов за квартал.",
    "Компания открыла склад на {n} тысяч квадратных метров.",
    "Банк выдал кредит на {n} миллионов рублей.",
    "Директор рассказал о планах на следующий год и о новых контрактах.",
    "На заводе работают {n} человек, а зарплата выросла на {n} процентов.",
    "Губернатор посетил предприятие и осмотрел новые цеха.",
    "Аналитики ожидают, что спрос сохранится до конца года.",
]


def synthetic_month(n_articles: int, seed: int = 0):
    rng = random.Random(seed)
    people = [f"{f} {s}" for f in FIRST for s in SURNAMES]
    rng.shuffle(people)
    rows, facts = [], []
    for i in range(n_articles):
        person, company = people[i % len(people)], f"Вектор-{i}"
        filler = " ".join(rng.choice(FILLER).format(n=rng.randint(2, 900)) for _ in range(28))
        text = f"{person} возглавляет компанию «{company}». {filler} Компания «{company}» подвела итоги года."
        rows.append(make_article(url=f"https://news.example/{i}", source="Синтетика", title=f"Новости {i}",
                                 text=text, published_at="2025-09-10T10:00:00+03:00"))  # fmt: skip
        facts.append((person, company))
    articles = articles_frame(rows)
    triplets = pd.DataFrame(
        [(p, p, "PER", "", c, c, "ORG", "компания", None) for p, c in facts],
        columns=["subject", "canonical_subject", "subject_type", "subject_descriptor",
                 "object", "canonical_object", "object_type", "object_descriptor", "in_wikidata"],
    )  # fmt: skip
    return articles, facts, triplets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--articles", type=int, default=2000)
    parser.add_argument("--questions", type=int, default=600)
    args = parser.parse_args()
    articles, facts, triplets = synthetic_month(args.articles)
    chosen = list(range(min(args.questions, len(facts))))
    questions = pd.DataFrame(
        {
            "qa_id": [f"q{i}" for i in chosen],
            "type": "simple",
            "question": [f"Какую компанию возглавляет {facts[i][0]}?" for i in chosen],
            "answer": [facts[i][1] for i in chosen],
            "answer_items": [[facts[i][1]] for i in chosen],
            "article_ids": [[articles["article_id"].iloc[i]] for i in chosen],
            "triples_text": [[] for _ in chosen],
        }
    )
    started = time.perf_counter()
    built = build_testbeds(articles, questions, triplets, seed=1)
    seconds = time.perf_counter() - started
    for row in built.funnel:
        print(f"{row['testbed']:<15} {row['items']:>5} items from {row['candidates']} candidates")
    print(f"{len(articles)} articles, {len(questions)} questions, {len(built.items)} items in {seconds:.1f} s")
    print(f"RESULT testbeds_build_seconds {seconds:.1f}")


if __name__ == "__main__":
    main()
