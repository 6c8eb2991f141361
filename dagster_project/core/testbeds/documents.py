"""The documents of the testbeds: the month's texts cut into chunks of about 300 words at
sentence boundaries (razdel), and a BM25 index over them to find the chunks relevant to a question."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
import razdel

from ..common.bm25 import IndexedBM25
from ..common.russian import is_content_lemma, is_word, joined_digit_groups, lemma, lemmas, words
from ..common.tokens import Span
from ..common.tokens import tokenize as tokenize_spans
from ..release.tables import public_text
from .text import Token, as_tokens, occurs

DEFAULT_CHUNK_WORDS = 300


@dataclass(frozen=True)
class Chunk:
    chunk_id: str  # <article_id>:<index>
    article_id: str
    text: str
    tokens: tuple[Token, ...] = field(repr=False)
    vocabulary: frozenset[str] = field(default=frozenset(), repr=False)  # every reading of every token
    retrieval_lemmas: tuple[str, ...] = field(default=(), repr=False)  # content_lemmas(text), for BM25

    def mentions(self, forms) -> bool:
        """Whether any form (a lemma sequence) occurs; the vocabulary rules most chunks out at once."""
        return any(set(form) <= self.vocabulary and occurs(self.tokens, form) for form in forms)


# Runs of one kind of word character (Cyrillic, Latin, digits): every word `words` finds holds a
# whole run at least, so a text has no more words than runs.
_WORD_PART_RE = re.compile(r"[А-Яа-яЁё]+|[A-Za-z]+|[0-9]+")


def split_text(text: str, target_words: int = DEFAULT_CHUNK_WORDS) -> list[str]:
    """Whole sentences, greedily packed up to `target_words` words; a tail under a third of the
    target joins the previous chunk, so no chunk is a stray sentence."""
    sentences = [s.text for s in razdel.sentenize(text)]
    if sum(len(_WORD_PART_RE.findall(sentence)) for sentence in sentences) <= target_words:
        # Fewer words than the target, whatever the exact count: one chunk, without tokenizing.
        return [" ".join(sentences)] if sentences else []
    chunks: list[list[str]] = []
    sizes: list[int] = []
    for sentence in sentences:
        size = len(words(sentence))
        if chunks and sizes[-1] + size <= target_words:
            chunks[-1].append(sentence)
            sizes[-1] += size
        else:
            chunks.append([sentence])
            sizes.append(size)
    if len(chunks) > 1 and sizes[-1] < target_words / 3:
        chunks[-2].extend(chunks.pop())
    return [" ".join(parts) for parts in chunks]


def month_chunks(articles: pd.DataFrame, target_words: int = DEFAULT_CHUNK_WORDS) -> list[Chunk]:
    """Chunks of every article, titled as in the public texts (the title opens the first chunk)."""
    chunks = []
    for article_id, title, body in zip(articles["article_id"], articles["title"], articles["text"], strict=True):
        for index, text in enumerate(split_text(public_text(str(title), str(body)), target_words)):
            cuts = tokenize_spans(text)  # one tokenization for the chunk's tokens and its BM25 lemmas
            tokens = tuple(as_tokens(cuts))
            vocabulary = frozenset().union(*(t.readings for t in tokens))
            chunks.append(Chunk(f"{article_id}:{index}", str(article_id), text, tokens, vocabulary,
                                tuple(content_lemmas(text, cuts))))  # fmt: skip
    return chunks


def content_lemmas(text: str, cuts: list[Span] | None = None) -> list[str]:
    """The content lemmas of `text`; `cuts`, its tokens when already known, spare a second
    tokenization unless lemmas() would cut another text (one with digit groups to join)."""
    if cuts is None or joined_digit_groups(text) != text:
        return [lemma_ for lemma_ in lemmas(text) if is_content_lemma(lemma_)]
    return [lemma_ for lemma_ in (lemma(c.text) for c in cuts if is_word(c.text)) if is_content_lemma(lemma_)]


@dataclass(frozen=True, eq=False)
class Ranking:
    """A question's BM25 ranking of the month's chunks, kept as arrays of positions in the index
    (a few bytes a chunk): most chunks score above zero, and a caller reads only the first few of
    them or a few scores."""

    order: np.ndarray  # positions of the chunks with a positive score, best first
    scores: np.ndarray = field(repr=False)  # the score of every chunk, by position

    def score(self, position: int) -> float:
        """The chunk's score when positive, else 0."""
        score = float(self.scores[position])
        return score if score > 0 else 0.0


class ChunkIndex:
    """BM25 (Okapi) over the content lemmas of the chunks."""

    def __init__(self, chunks: list[Chunk]):
        self.chunks = chunks
        self.position = {c.chunk_id: i for i, c in enumerate(chunks)}  # chunk ids are unique (article ids are)
        corpus = [list(c.retrieval_lemmas) for c in chunks]
        self._bm25 = IndexedBM25(corpus) if any(corpus) else None
        # Each chunk's place in chunk id order, so ranking breaks score ties by id without Python keys.
        self._id_order = np.unique([c.chunk_id for c in chunks], return_inverse=True)[1].reshape(-1)
        self._having: dict[str, set[str]] = {}  # reading -> ids of the chunks with a token of it
        for chunk in chunks:
            for reading in chunk.vocabulary:
                self._having.setdefault(reading, set()).add(chunk.chunk_id)

    def may_mention(self, forms) -> set[str]:
        """Ids of the chunks whose vocabulary holds every lemma of some form: the only ones that can
        mention it, so a month-wide scan checks those alone."""
        found: set[str] = set()
        for form in forms:
            if form:
                found |= set.intersection(*(self._having.get(lemma_, set()) for lemma_ in form))
        return found

    def ranking(self, question: str) -> Ranking:
        """The chunks with a positive score, best first (ties by chunk id, so the order is stable)."""
        query = content_lemmas(question)
        if not query or self._bm25 is None:
            return Ranking(np.zeros(0, dtype=np.int64), np.zeros(len(self.chunks)))
        scores = self._bm25.get_scores(query)
        positive = np.flatnonzero(scores > 0)
        order = positive[np.lexsort((self._id_order[positive], -scores[positive]))]  # stable, like sorted()
        return Ranking(order, scores)
