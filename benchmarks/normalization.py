"""How offline entity normalization scales: normalize_triplets on a synthetic month of N articles and
of 10N, with the names news repeats across articles (people, organizations with their
abbreviations, institutions in full and shortened, towns) drawn from a pool that grows with the
month. Near-linear work takes about 10x the time for 10x the articles.

    python benchmarks/normalization.py [--articles 2000]

Last lines: RESULT normalization_seconds_10n <s>, then RESULT normalization_scaling <time(10N) / time(N)>.
"""

from __future__ import annotations

import argparse
import random
import time

from dagster_project.core.extraction.triplets import RawTriplet, triplets_frame
from dagster_project.core.graph.normalization import normalize_triplets

FIRST = ["Анна", "Олег", "Мария", "Павел", "Ирина", "Глеб", "Вера", "Семён", "Дарья", "Лев"]
STEMS = ["Ольшан", "Соснов", "Берёз", "Кедров", "Лесогор", "Хвойногор", "Приозёр", "Каменск", "Ветлуж", "Окс"]
SYLLABLES = ["ка", "ло", "ве", "ри", "та", "но", "му", "се", "да", "ру"]
FACTS_PER_ARTICLE = 6


def _word(rng: random.Random, parts: int = 3) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(parts)).capitalize()


def _names(index: int, rng: random.Random) -> list[tuple[str, str]]:
    """The (name, type) mentions one entity of the pool may take, full forms first."""
    stem = rng.choice(STEMS) + _word(rng, 1).lower()
    match index % 5:
        case 0:
            surname = _word(rng) + "ов"
            return [(f"{rng.choice(FIRST)} {surname}", "PER"), (surname, "PER")]
        case 1:
            return [(f"{stem}ский технический университет", "ORG"), (f"{stem[0]}ТУ", "ORG")]
        case 2:
            return [(f"Администрация {stem}ского муниципального округа", "ORG"), ("Администрация округа", "ORG")]
        case 3:
            return [(f"Мэрия {stem}ска", "ORG"), ("администрация города", "ORG")]
        case _:
            return [(f"{stem}ск", "LOC"), (f"компания «{_word(rng)}»", "ORG")]


def month(articles: int, seed: int) -> list[RawTriplet]:
    rng = random.Random(seed)
    pool = [_names(i, rng) for i in range(max(articles // 4, 10))]
    facts = []
    for article in range(articles):
        local = rng.sample(pool, 4)
        for _ in range(FACTS_PER_ARTICLE):
            (subject, subject_type), (obj, object_type) = (rng.choice(rng.choice(local)) for _ in range(2))
            facts.append(
                RawTriplet(
                    article_id=f"a{article}",
                    subject=subject,
                    relation="heads",
                    object=obj,
                    extractor="bench",
                    sentence_index=0,
                    sentence="",
                    subject_normal=subject,
                    subject_type=subject_type,
                    subject_descriptor="",
                    verb="возглавлять",
                    complement="",
                    preposition="",
                    case="accs",
                    object_normal=obj,
                    object_type=object_type,
                    object_descriptor="",
                )  # fmt: skip
            )
    return facts


def timed(articles: int) -> float:
    raw = triplets_frame(month(articles, articles))
    started = time.perf_counter()
    frame = normalize_triplets(raw, {})
    elapsed = time.perf_counter() - started
    entities = len(set(frame["subject_key"]) | set(frame["object_key"]))
    print(f"{articles:>7} articles, {len(raw)} facts: {elapsed:.2f} s, {entities} entities")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--articles", type=int, default=2000)
    args = parser.parse_args()
    timed(args.articles // 10)  # warm the lemma caches
    small = timed(args.articles)
    large = timed(10 * args.articles)
    print(f"RESULT normalization_seconds_10n {large:.2f}")
    print(f"RESULT normalization_scaling {large / small:.1f}")


if __name__ == "__main__":
    main()
