"""An offline baseline RAG system, and a random one to compare it with.

Baseline: BM25 (rank_bm25's Okapi BM25) over the lemmas of the public texts, function words
removed; the answer is the sentence of the top texts that shares the most IDF-weighted question
lemmas (extractive, no model). It reads only the public datasets, as a participant would.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

import numpy as np
import pandas as pd
import razdel

from ..common.bm25 import IndexedBM25
from ..common.russian import is_content_lemma
from .submission import Entry
from .text import lemma_tokens

BASELINE_NAME = "baseline-bm25"
DEFAULT_TOP_K = 10
ANSWER_FROM_TOP = 3


def content_lemmas(text: str) -> list[str]:
    return [t for t in lemma_tokens(text) if is_content_lemma(t)]


@dataclass
class BM25Baseline:
    """Index once over the public texts, then answer any number of questions."""

    texts: pd.DataFrame  # id, text
    top_k: int = DEFAULT_TOP_K

    def __post_init__(self):
        self.ids = [int(i) for i in self.texts["id"]]
        self._id_array = np.array(self.ids, dtype=np.int64)
        self._text_of = {int(i): str(t) for i, t in zip(self.texts["id"], self.texts["text"], strict=True)}
        # Cut into sentences only when a question reads the text: few texts are among the top ones.
        self._sentences: dict[int, list[tuple[str, set[str]]]] = {}
        corpus = [content_lemmas(str(t)) for t in self.texts["text"]]
        self.bm25 = IndexedBM25(corpus)
        document_frequency = Counter(lemma for doc in corpus for lemma in set(doc))
        self.idf = {lemma: math.log(1 + len(corpus) / df) for lemma, df in document_frequency.items()}

    def retrieve(self, question: str) -> list[int]:
        query = content_lemmas(question)
        if not query:
            return []
        scores = self.bm25.get_scores(query)
        positive = np.flatnonzero(scores > 0)
        # best score first, ties by id; lexsort is stable, as sorted() was
        ranked = positive[np.lexsort((self._id_array[positive], -scores[positive]))]
        return [self.ids[i] for i in ranked[: self.top_k].tolist()]

    def answer(self, question: str, found: list[int]) -> str:
        query = set(content_lemmas(question))
        best, best_score = "", 0.0
        for rank, text_id in enumerate(found[:ANSWER_FROM_TOP]):
            for sentence, lemmas in self.sentences(text_id):
                # Earlier-ranked texts win ties; a tiny rank penalty keeps the choice deterministic.
                score = sum(self.idf.get(lemma, 0.0) for lemma in query & lemmas) - rank * 1e-6
                if score > best_score:
                    best, best_score = sentence, score
        return best

    def sentences(self, text_id: int) -> list[tuple[str, set[str]]]:
        """The sentences of a text, each with the set of its content lemmas."""
        if text_id not in self._sentences:
            cut = [s.text for s in razdel.sentenize(self._text_of[text_id])]
            self._sentences[text_id] = [(sentence, set(content_lemmas(sentence))) for sentence in cut]
        return self._sentences[text_id]

    def run(self, questions: pd.DataFrame) -> dict[int, Entry]:
        entries = {}
        for qid, question in zip(questions["id"], questions["question"], strict=True):
            found = self.retrieve(str(question))
            entries[int(qid)] = Entry(found_ids=tuple(found), model_answer=self.answer(str(question), found))
        return entries


def baseline_submission(public_texts: pd.DataFrame, public_questions: pd.DataFrame, top_k=DEFAULT_TOP_K):
    return BM25Baseline(public_texts, top_k=top_k).run(public_questions)


def random_submission(public_texts: pd.DataFrame, public_questions: pd.DataFrame, *, top_k=5, seed=0):
    """Random texts, and a random sentence of the first one as the answer: the floor to beat."""
    rng = random.Random(seed)
    ids = [int(i) for i in public_texts["id"]]
    text_of = dict(zip(ids, public_texts["text"], strict=True))
    entries = {}
    for qid in public_questions["id"]:
        found = rng.sample(ids, min(top_k, len(ids)))
        sentences = [s.text for s in razdel.sentenize(str(text_of[found[0]]))] or [""]
        entries[int(qid)] = Entry(found_ids=tuple(found), model_answer=rng.choice(sentences))
    return entries
