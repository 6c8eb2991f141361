"""The inverted-index BM25 scores exactly as rank_bm25 does."""

from __future__ import annotations

import random

import numpy as np
from rank_bm25 import BM25Okapi

from dagster_project.core.common.bm25 import IndexedBM25


def _corpus(rng: random.Random, documents: int, vocabulary: list[str]) -> list[list[str]]:
    # Some words in most documents (rank_bm25 floors their negative idf), some in none, empty documents.
    return [[rng.choice(vocabulary[: rng.randint(1, len(vocabulary))]) for _ in range(rng.randint(0, 40))]
            for _ in range(documents)]  # fmt: skip


def test_scores_are_bit_for_bit_rank_bm25s():
    rng = random.Random(7)
    vocabulary = [f"w{i}" for i in range(60)]
    for _ in range(20):
        corpus = _corpus(rng, rng.randint(1, 80), vocabulary)
        if not any(corpus):
            continue
        reference, indexed = BM25Okapi(corpus), IndexedBM25(corpus)
        for _ in range(10):
            query = [rng.choice([*vocabulary, "absent"]) for _ in range(rng.randint(1, 6))]  # repeats too
            expected = reference.get_scores(query)
            assert np.array_equal(indexed.get_scores(query), expected)
            assert indexed.positive(expected) == [i for i, score in enumerate(expected) if score > 0]
