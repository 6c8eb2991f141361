"""Candidate canonical names for an entity mention, by similarity.

This is the retrieval half of LLM-backed entity normalization (docs/architecture.md, Strategies): for a
mention such as "Сбера" it returns the few known canonical names most likely to be the same
entity ("Сбербанк", ...), and the LLM chooses among them (or says "new entity"). It is useful
without an LLM too, for review tools and for checking the alias table.

    index = CandidateIndex(["Сбербанк", "Газпром", "Анна Соколова"], types=["ORG", "ORG", "PER"])
    index.candidates("Сбера", k=3)                  # -> ["Сбербанк", ...] best first
    index.scored_candidates("Соколовой", k=3, entity_type="PER")  # -> [Candidate(name, score, ...)]

Similarity mixes two signals, each in [0, 1]:

- meaning: cosine of mean word vectors. The default vectors are Natasha's navec news embeddings
  (`NewsEmbedding`, shipped inside the natasha package: 250k words, 300 dimensions, offline).
  `EndpointEmbedder` uses an OpenAI-compatible `/embeddings` endpoint instead, when one is
  configured (RAGBENCH_EMBEDDINGS_BASE_URL, RAGBENCH_EMBEDDINGS_MODEL, RAGBENCH_EMBEDDINGS_API_KEY).
- spelling: rapidfuzz similarity of the lemma keys, so inflected forms, abbreviations kept in the
  alias table and names navec does not know ("Заречный-Лизинг") still match.

score = max(spelling, (meaning_weight * meaning + (1 - meaning_weight) * spelling)); an exact
lemma-key or alias match scores 1.0, and so does a full name the mention abbreviates («ТНФ» of
«Тихоморский научный фонд»), whose spelling and vector are far from it. A type, when given, keeps
candidates of that type only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import httpx
import numpy as np
from rapidfuzz import fuzz

from ..common.abbreviations import abbreviates, is_abbreviation
from ..common.russian import fold, lemma_key, words


class EmbeddingError(RuntimeError):
    """The embeddings endpoint failed or answered with something unusable."""


class NavecEmbedder:
    """Mean navec vector of the words of a text (word form first, then its lemma); zero if none known."""

    name = "navec-news-v1 (natasha NewsEmbedding)"

    def __init__(self) -> None:
        self._navec = _news_embedding()
        self.dimensions = int(self._navec.pq.dim)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for row, text in enumerate(texts):
            vectors = []
            for word in words(text):
                for form in (fold(word), lemma_key(word)):
                    if form in self._navec:
                        vectors.append(self._navec[form])
                        break
            if vectors:
                out[row] = np.mean(vectors, axis=0)
        return out


@cache
def _news_embedding():
    from natasha import NewsEmbedding

    return NewsEmbedding()


@dataclass
class EndpointEmbedder:
    """An OpenAI-compatible embeddings endpoint: POST {base_url}/embeddings, batched."""

    base_url: str
    model: str
    api_key: str | None = None
    batch_size: int = 64
    timeout: float = 30.0
    retries: int = 2

    @property
    def name(self) -> str:
        return f"embeddings endpoint ({self.model})"

    def __repr__(self) -> str:  # never show the key
        return f"EndpointEmbedder(base_url={self.base_url!r}, model={self.model!r})"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        rows: list[list[float]] = []
        with httpx.Client(timeout=self.timeout, headers=headers) as client:
            for start in range(0, len(texts), self.batch_size):
                rows += self._batch(client, list(texts[start : start + self.batch_size]))
        return np.asarray(rows, dtype=np.float32).reshape(len(texts), -1)

    def _batch(self, client: httpx.Client, batch: list[str]) -> list[list[float]]:
        url = self.base_url.rstrip("/") + "/embeddings"
        last_error = ""
        for _ in range(self.retries + 1):
            try:
                response = client.post(url, json={"model": self.model, "input": batch})
            except httpx.HTTPError as exc:
                last_error = f"{type(exc).__name__}"
                continue
            if response.status_code == 429 or response.status_code >= 500:
                last_error = f"HTTP {response.status_code}"
                continue
            if response.status_code != 200:
                raise EmbeddingError(f"embeddings endpoint answered HTTP {response.status_code}")
            try:
                data = sorted(response.json()["data"], key=lambda item: item["index"])
                vectors = [[float(x) for x in item["embedding"]] for item in data]
            except (ValueError, KeyError, TypeError) as exc:
                raise EmbeddingError(f"malformed embeddings reply: {type(exc).__name__}: {exc}") from None
            if len(vectors) != len(batch) or len({len(v) for v in vectors}) != 1:
                raise EmbeddingError(f"embeddings reply has {len(vectors)} vectors for {len(batch)} inputs")
            return vectors
        raise EmbeddingError(f"embeddings endpoint failed after {self.retries + 1} attempts: {last_error}")


@dataclass(frozen=True)
class Candidate:
    name: str
    score: float
    type: str | None
    meaning: float
    spelling: float


class CandidateIndex:
    """Known canonical names (with optional types and aliases), searchable by similarity."""

    def __init__(
        self,
        names: Sequence[str],
        *,
        types: Sequence[str | None] | None = None,
        aliases: dict[str, str] | None = None,
        embedder=None,
        meaning_weight: float = 0.5,
    ) -> None:
        if types is not None and len(types) != len(names):
            raise ValueError("types must have one entry per name")
        unique = list(dict.fromkeys(names))
        type_of = dict(zip(names, types, strict=True)) if types is not None else {}
        self.names = unique
        self.types = [type_of.get(name) for name in unique]
        self.keys = [lemma_key(name) for name in unique]
        self.aliases = aliases or {}  # lemma key of an alias -> canonical name (normalization.load_aliases)
        self.embedder = embedder if embedder is not None else NavecEmbedder()
        self.meaning_weight = meaning_weight
        self._vectors = _unit_rows(self.embedder.embed(unique)) if unique else np.zeros((0, 1), np.float32)

    def scored_candidates(self, mention: str, k: int = 5, *, entity_type: str | None = None) -> list[Candidate]:
        if not self.names or k <= 0:
            return []
        key = lemma_key(mention)
        alias_target = self.aliases.get(key)
        abbreviation = is_abbreviation(mention.strip())
        meaning = self._vectors @ _unit_rows(self.embedder.embed([mention]))[0]
        found = []
        for i, name in enumerate(self.names):
            if entity_type is not None and self.types[i] not in (None, entity_type):
                continue
            spelling = max(fuzz.ratio(key, self.keys[i]), fuzz.token_set_ratio(key, self.keys[i])) / 100
            similarity = max(0.0, float(meaning[i]))
            score = max(spelling, self.meaning_weight * similarity + (1 - self.meaning_weight) * spelling)
            if key == self.keys[i] or alias_target == name or (abbreviation and abbreviates(mention.strip(), name)):
                score = 1.0
            found.append(Candidate(name, round(score, 4), self.types[i], round(similarity, 4), round(spelling, 4)))
        found.sort(key=lambda c: (-c.score, c.name))
        return found[:k]

    def candidates(self, mention: str, k: int = 5, *, entity_type: str | None = None) -> list[str]:
        """The `k` canonical names most similar to `mention`, best first."""
        return [c.name for c in self.scored_candidates(mention, k, entity_type=entity_type)]


def _unit_rows(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)


def index_from_normalized(frame, *, aliases: dict[str, str] | None = None, embedder=None) -> CandidateIndex:
    """A candidate index over the canonical entities of a normalized_triplets frame (numbers and dates left out)."""
    names: dict[str, str] = {}
    for column, kind in (("canonical_subject", "subject_type"), ("canonical_object", "object_type")):
        for name, entity_type in zip(frame[column], frame[kind], strict=True):
            if entity_type not in ("NUM", "DATE"):
                names.setdefault(name, entity_type)
    ordered = sorted(names)
    return CandidateIndex(ordered, types=[names[n] for n in ordered], aliases=aliases, embedder=embedder)
