"""How the release leak checks scale: the public-dataset and answer-in-question checks on a synthetic
release of N texts and questions, for two sizes. Linear checks take about 10x the time for 10x the
rows; the old check (every private id searched in every cell) grew with rows x ids.

    python benchmarks/leak_checks.py [--rows 2000]

The last line is `RESULT leak_checks_scaling <time(10N) / time(N)>`.
"""

from __future__ import annotations

import argparse
import json
import random
import time

import pandas as pd

from dagster_project.core.release.checks import answers_in_questions, public_dataset_problems

WORDS = "завод город губернатор совет банк проект фонд суд компания район область министр".split()
NAMES = ["Москва", "Тверь", "Иван Петров", "Анна Смирнова", "Пермь", "Олег Котов"]


def release(rows: int, rng: random.Random) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, set, set]:
    texts = [" ".join(rng.choices(WORDS, k=200)) + f" {rng.randint(1, 99999)}" for _ in range(rows)]
    questions = [f"Кто {' '.join(rng.choices(WORDS, k=8))}?" for _ in range(rows)]
    answers = [f"{rng.choice(NAMES)} {i}" for i in range(rows)]
    private_qa = pd.DataFrame(
        {
            "public_id": range(rows),
            "question": questions,
            "answer": answers,
            "answer_items": [json.dumps([a], ensure_ascii=False) for a in answers],
        }
    )
    ids = {f"{rng.getrandbits(64):016x}" for _ in range(rows)}
    urls = {f"https://news{i % 50}.example.ru/2025/09/{i}" for i in range(rows)}
    public_texts = pd.DataFrame({"id": range(rows), "text": texts})
    public_questions = pd.DataFrame({"id": range(rows), "question": questions})
    return public_texts, public_questions, private_qa, ids, urls


def timed(rows: int) -> float:
    public_texts, public_questions, private_qa, ids, urls = release(rows, random.Random(rows))
    started = time.perf_counter()
    problems = public_dataset_problems("public_texts", public_texts, private_ids=ids, urls=urls)
    problems += public_dataset_problems(
        "public_questions", public_questions, private_ids=ids, urls=urls, answers=set(private_qa["answer"])
    )
    problems += answers_in_questions(private_qa)
    elapsed = time.perf_counter() - started
    print(f"{rows:>7} rows: {elapsed:.2f} s, {len(problems)} problems")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=2000)
    args = parser.parse_args()
    timed(200)  # warm the lemma cache and the morphology dictionaries
    small, large = timed(args.rows), timed(10 * args.rows)
    print(f"RESULT leak_checks_scaling {large / small:.1f}")


if __name__ == "__main__":
    main()
