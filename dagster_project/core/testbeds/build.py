"""RGB-style robustness testbeds built from one month's questions and texts.

Four testbeds, each item a question with a small set of documents (chunks of the month's texts):

- noise: one item per noise rate (0, 0.2, ..., 0.8): that share of the documents are negative,
  the rest positive (they contain the answer);
- negative: only negative documents; the expected reply is the refusal phrase;
- integration: the answer needs two or more documents, each needed fact in its own document, plus
  noise: set answers spread over texts, multi-hop chains across texts, and two simple questions
  asked as one with two answers;
- counterfactual: the positive documents with the answer replaced by another entity of the same
  type (counterfactual.py), plus noise; the item records the true and the counterfactual answer.

A negative document is relevant to the question (a top BM25 chunk of another text, or of a gold
text away from the answer) and mentions no answer item in any form (text.py). A question that
cannot give an item (no positive chunk, too few negatives, ...) is recorded with the reason, so
the funnel shows where the month's questions went; nothing is padded.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from dataclasses import asdict, dataclass, field

import pandas as pd

from ..common.records import ItemFailure
from .counterfactual import EntityCatalog, choose_substitute, replace_answer
from .documents import DEFAULT_CHUNK_WORDS, Chunk, ChunkIndex, Ranking, month_chunks
from .text import item_forms, item_lemmas, mentions_any, occurs, tokenize

TESTBEDS = ("noise", "negative", "integration", "counterfactual")
NOISE_RATES = (0.0, 0.2, 0.4, 0.6, 0.8)
DEFAULT_REFUSAL_PHRASE = "Не удалось найти ответ на вопрос"
POSITIVE, NEGATIVE, COUNTERFACTUAL = "positive", "negative", "counterfactual"
ITEM_COLUMNS = [
    "item_key", "testbed", "noise_rate", "question", "documents", "document_roles", "answer", "answer_items",
    "counterfactual_answer", "qa_ids", "chunk_ids",
]  # fmt: skip


@dataclass(frozen=True)
class TestbedConfig:
    __test__ = False  # not a pytest test class, despite the name
    documents: int = 5  # documents per item
    noise_rates: tuple[float, ...] = NOISE_RATES
    chunk_words: int = DEFAULT_CHUNK_WORDS
    refusal_phrase: str = DEFAULT_REFUSAL_PHRASE
    counterfactual_positives: int = 3  # at most this many rewritten documents per item

    def describe(self) -> dict:
        return {**asdict(self), "noise_rates": list(self.noise_rates)}


@dataclass
class TestbedBuild:
    __test__ = False  # not a pytest test class, despite the name
    items: pd.DataFrame  # ITEM_COLUMNS
    funnel: list[dict]  # per testbed: candidates, items, questions used, dropped per reason
    passed_over: list[ItemFailure] = field(default_factory=list)  # (qa id @ testbed, reason)


@dataclass(frozen=True)
class Question:
    qa_id: str
    type: str
    question: str
    answer: str
    items: tuple[str, ...]
    article_ids: frozenset[str]
    triples: tuple[str, ...]


def questions_from(frame: pd.DataFrame) -> list[Question]:
    if "kept" in frame:
        frame = frame[frame["kept"].astype(bool)]
    out = []
    for row in frame.itertuples(index=False):
        triples = row.triples_text if row.triples_text is not None else ()
        if isinstance(triples, str):
            triples = json.loads(triples) if triples.startswith("[") else triples.split("\n")
        items = tuple(str(i) for i in row.answer_items) or (str(row.answer),)
        out.append(
            Question(
                str(row.qa_id),
                str(row.type),
                str(row.question),
                str(row.answer),
                items,
                frozenset(str(a) for a in row.article_ids),
                tuple(str(t) for t in triples),
            )  # fmt: skip
        )
    return sorted(out, key=lambda q: q.qa_id)


class _Funnel:
    def __init__(self):
        self.candidates: Counter = Counter()
        self.items: Counter = Counter()
        self.used: dict[str, set[str]] = {t: set() for t in TESTBEDS}
        self.dropped: dict[str, Counter] = {t: Counter() for t in TESTBEDS}
        self.passed_over: list[ItemFailure] = []

    def drop(self, testbed: str, subject: str, reason: str) -> None:
        self.dropped[testbed][reason] += 1
        self.passed_over.append(ItemFailure(f"{subject}@{testbed}", reason))

    def rows(self) -> list[dict]:
        return [
            {
                "testbed": t,
                "candidates": self.candidates[t],
                "questions_used": len(self.used[t]),
                "items": self.items[t],
                "dropped": dict(sorted(self.dropped[t].items())),
            }
            for t in TESTBEDS
        ]


class _Month:
    """What every testbed needs from the month: chunks, their BM25 index, the graph's entities."""

    def __init__(self, articles: pd.DataFrame, triplets: pd.DataFrame, config: TestbedConfig, seed: int):
        self.config = config
        self.seed = seed
        self.index = ChunkIndex(month_chunks(articles, config.chunk_words))
        self.catalog = EntityCatalog.from_triplets(triplets, texts=articles["text"].astype(str))
        # every testbed asks these again for the same question and items: computed once each
        self._rankings: dict[str, Ranking] = {}
        self._forms: dict[tuple, list[tuple[str, ...]]] = {}
        self._entities_by_lemma: dict[str, list[tuple[str, tuple[str, ...]]]] | None = None

    def entities_within(self, vocabulary: frozenset[str]) -> list[tuple[str, tuple[str, ...]]]:
        """(key, lemmas of the name) of the catalog's entities whose every lemma is in `vocabulary`,
        found through the first lemma of each name rather than by reading the whole catalog."""
        if self._entities_by_lemma is None:
            self._entities_by_lemma = {}
            for key, entity in self.catalog.entities.items():
                lemmas_ = item_lemmas(entity.name)
                if lemmas_:  # a name without words occurs nowhere
                    self._entities_by_lemma.setdefault(lemmas_[0], []).append((key, lemmas_))
        found = []
        for first in vocabulary & self._entities_by_lemma.keys():
            found += [(key, lemmas_) for key, lemmas_ in self._entities_by_lemma[first] if set(lemmas_) <= vocabulary]
        return found

    def forms(self, items) -> list[tuple[str, ...]]:
        """Every way the texts may name any of `items` (for keeping negatives clean)."""
        key = tuple(items)
        if key not in self._forms:
            catalog = self.catalog
            self._forms[key] = [
                f for item in items for f in item_forms(item, catalog.mentions(item), person=catalog.is_person(item))
            ]
        return self._forms[key]

    def naming_forms(self, item: str) -> list[tuple[str, ...]]:
        """The names that state `item` in a positive document (its full names, not a surname alone)."""
        return item_forms(item, self.catalog.mentions(item), person=False)

    def ranking(self, question: Question) -> Ranking:
        if question.question not in self._rankings:
            self._rankings[question.question] = self.index.ranking(question.question)
        return self._rankings[question.question]

    def chunks_naming(self, question: Question, items) -> list[Chunk]:
        """Chunks naming every one of `items`: those of the question's gold texts first, then by BM25."""
        ranking, position = self.ranking(question), self.index.position
        forms = [self.naming_forms(item) for item in items]
        chunks = self.index.chunks
        if forms:  # only chunks whose vocabulary can name every item are read, in month order
            candidates = set.intersection(*(self.index.may_mention(f) for f in forms))
            chunks = [chunks[i] for i in sorted(position[chunk_id] for chunk_id in candidates)]
        found = [c for c in chunks if all(c.mentions(f) for f in forms)]
        return sorted(found, key=lambda c: (c.article_id not in question.article_ids,
                                            -ranking.score(position[c.chunk_id]), c.chunk_id))  # fmt: skip

    def negatives(self, question: Question, items, *, limit: int, exclude: set[str] = frozenset()) -> list[Chunk]:
        """The first `limit` relevant chunks (BM25 > 0 for the question, best first) that mention
        none of `items` in any form; fewer when the month has fewer."""
        forms = self.forms(items)
        naming = self.index.may_mention(forms)
        found: list[Chunk] = []
        for c in map(self.index.chunks.__getitem__, self.ranking(question).order):
            if len(found) >= limit:
                break
            if c.chunk_id not in exclude and not (c.chunk_id in naming and c.mentions(forms)):
                found.append(c)
        return found

    def rng(self, key: str) -> random.Random:
        return random.Random(int(hashlib.sha256(f"{self.seed}:{key}".encode()).hexdigest()[:16], 16))


def _key(*parts) -> str:
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:16]


def _item(month: _Month, testbed: str, rate_key, question: str, documents: list[tuple[Chunk | str, str, str]],
          answer: str, items, qa_ids, counterfactual: str | None = None) -> dict:  # fmt: skip
    """One testbed item; `documents` are (chunk or text, role, chunk id), shuffled with a seed of
    the month and the item, so the position of a positive document says nothing."""
    key = _key(testbed, rate_key, *qa_ids)
    documents = list(documents)
    month.rng(key).shuffle(documents)
    negatives = sum(role == NEGATIVE for _, role, _ in documents)
    return {
        "item_key": key,
        "testbed": testbed,
        "noise_rate": round(negatives / len(documents), 2) if documents else 0.0,
        "question": question,
        "documents": [d.text if isinstance(d, Chunk) else d for d, _, _ in documents],
        "document_roles": [role for _, role, _ in documents],
        "answer": answer,
        "answer_items": list(items),
        "counterfactual_answer": counterfactual,
        "qa_ids": list(qa_ids),
        "chunk_ids": [chunk_id for _, _, chunk_id in documents],
    }


def _docs(chunks, role: str) -> list[tuple[Chunk, str, str]]:
    return [(c, role, c.chunk_id) for c in chunks]


def _noise_items(month: _Month, q: Question, funnel: _Funnel) -> list[dict]:
    size = month.config.documents
    positives = month.chunks_naming(q, q.items)
    if not positives:
        funnel.drop("noise", q.qa_id, "no chunk names every answer item")
        return []
    largest = max(round(rate * size) for rate in month.config.noise_rates)
    negatives = month.negatives(q, q.items, limit=largest)
    if len(negatives) < largest:
        funnel.drop("noise", q.qa_id, f"fewer than {largest} negative chunks")
        return []
    items = []
    for rate in month.config.noise_rates:
        n_negative = round(rate * size)
        # Few texts name an answer, so positives repeat when there are fewer than the rate needs.
        chosen = [positives[i % len(positives)] for i in range(size - n_negative)]
        documents = _docs(chosen, POSITIVE) + _docs(negatives[:n_negative], NEGATIVE)
        items.append(_item(month, "noise", rate, q.question, documents, q.answer, q.items, [q.qa_id]))
    funnel.used["noise"].add(q.qa_id)
    return items


def _negative_item(month: _Month, q: Question, funnel: _Funnel) -> list[dict]:
    negatives = month.negatives(q, q.items, limit=month.config.documents)
    if len(negatives) < month.config.documents:
        funnel.drop("negative", q.qa_id, f"fewer than {month.config.documents} negative chunks")
        return []
    documents = _docs(negatives[: month.config.documents], NEGATIVE)
    funnel.used["negative"].add(q.qa_id)
    return [_item(month, "negative", 1.0, q.question, documents, month.config.refusal_phrase, [], [q.qa_id])]


def _with_noise(month: _Month, q: Question, needed: list[Chunk], items, testbed: str, funnel: _Funnel):
    """The needed documents plus negatives up to the item size (at least one), or None."""
    used = {c.chunk_id for c in needed}
    count = max(1, month.config.documents - len(needed))
    negatives = month.negatives(q, items, limit=count, exclude=used)
    if len(negatives) < count:
        funnel.drop(testbed, q.qa_id, "too few negative chunks")
        return None
    return _docs(needed, POSITIVE) + _docs(negatives[:count], NEGATIVE)


def _set_item(month: _Month, q: Question, funnel: _Funnel) -> list[dict]:
    """Each item of a set answer from its own chunk, preferring chunks that name no other item."""
    chosen: list[Chunk] = []
    for item in q.items:
        others = [o for o in q.items if o != item]
        candidates = [c for c in month.chunks_naming(q, [item]) if c not in chosen]
        candidates.sort(key=lambda c: sum(c.mentions(month.naming_forms(o)) for o in others))
        if not candidates:
            break
        chosen.append(candidates[0])
    if len(chosen) < len(q.items):
        funnel.drop("integration", q.qa_id, "set items not spread over distinct chunks")
        return []
    documents = _with_noise(month, q, chosen, q.items, "integration", funnel)
    if documents is None:
        return []
    funnel.used["integration"].add(q.qa_id)
    return [_item(month, "integration", "set", q.question, documents, q.answer, q.items, [q.qa_id])]


def _triple_ends(triple: str) -> tuple[str, str] | None:
    parts = [p.strip() for p in triple.split("|")]
    return (parts[0], parts[-1]) if len(parts) >= 3 else None


def _mh_item(month: _Month, q: Question, funnel: _Funnel) -> list[dict]:
    """The chain's two facts in two chunks; the first fact's chunk does not name the answer."""
    ends = [e for e in map(_triple_ends, q.triples) if e]
    answer = q.items[0]
    last = [e for e in ends if answer in e]
    first = [e for e in ends if answer not in e]
    if len(ends) != 2 or not last or not first:
        funnel.drop("integration", q.qa_id, "multi-hop chain not readable from its triples")
        return []
    answer_forms = month.forms(q.items)
    first_chunks = [c for c in month.chunks_naming(q, first[0]) if not c.mentions(answer_forms)]
    last_chunks = [c for c in month.chunks_naming(q, last[0]) if c not in first_chunks[:1]]
    if not first_chunks or not last_chunks:
        funnel.drop("integration", q.qa_id, "multi-hop facts not in two separate chunks")
        return []
    documents = _with_noise(month, q, [first_chunks[0], last_chunks[0]], q.items, "integration", funnel)
    if documents is None:
        return []
    funnel.used["integration"].add(q.qa_id)
    return [_item(month, "integration", "mh", q.question, documents, q.answer, q.items, [q.qa_id])]


def joined_question(first: str, second: str) -> str:
    """Two questions asked as one: «Кто возглавляет X, и какой город посетил Y?»"""
    head = first.rstrip(" ?")
    tail = second.strip()
    return f"{head}, и {tail[:1].lower()}{tail[1:]}"


def _pair_items(month: _Month, simple: list[Question], funnel: _Funnel) -> list[dict]:
    """Pairs of simple questions (in a seeded order), each answer in its own chunk that does not
    name the other answer."""
    order = list(simple)
    month.rng("pairs").shuffle(order)
    positive = {q.qa_id: month.chunks_naming(q, q.items) for q in order}
    out, free = [], list(order)
    funnel.candidates["integration"] += len(order) // 2
    while len(free) >= 2:
        first = free.pop(0)
        partner = next((q for q in free if _pairable(month, first, q, positive)), None)
        if partner is None:
            continue
        free.remove(partner)
        a = next(c for c in positive[first.qa_id] if not c.mentions(month.forms(partner.items)))
        b = next(c for c in positive[partner.qa_id] if not c.mentions(month.forms(first.items)))
        both = first.items + partner.items
        question = joined_question(first.question, partner.question)
        combined = Question(f"{first.qa_id}+{partner.qa_id}", "pair", question, "; ".join(both), both,
                            first.article_ids | partner.article_ids, ())  # fmt: skip
        documents = _with_noise(month, combined, [a, b], both, "integration", funnel)
        if documents is None:
            continue
        funnel.used["integration"] |= {first.qa_id, partner.qa_id}
        answer = f"{first.answer}; {partner.answer}"
        out.append(_item(month, "integration", "pair", question, documents, answer, both,
                         [first.qa_id, partner.qa_id]))  # fmt: skip
    return out


def _pairable(month: _Month, a: Question, b: Question, positive: dict[str, list[Chunk]]) -> bool:
    if {i.lower() for i in a.items} & {i.lower() for i in b.items}:
        return False
    question_tokens = tokenize(a.question + " " + b.question)
    if any(occurs(question_tokens, item_lemmas(i)) for i in a.items + b.items):
        return False
    a_alone = [c for c in positive[a.qa_id] if not c.mentions(month.forms(b.items))]
    b_alone = [c for c in positive[b.qa_id] if not c.mentions(month.forms(a.items))]
    return bool(a_alone and b_alone and a_alone[0] != b_alone[0])


def _counterfactual_item(month: _Month, q: Question, funnel: _Funnel) -> list[dict]:
    true_name = q.items[0]
    original = month.catalog.get(true_name)
    if original is None:
        funnel.drop("counterfactual", q.qa_id, "answer is not a named entity of the graph")
        return []
    positives = month.chunks_naming(q, q.items)[: month.config.counterfactual_positives]
    if not positives:
        funnel.drop("counterfactual", q.qa_id, "no chunk names the answer")
        return []
    question_tokens = tokenize(q.question)
    vocabulary = frozenset().union(*(t.readings for t in question_tokens), *(c.vocabulary for c in positives))
    named = {
        key for key, lemmas_ in month.entities_within(vocabulary)
        if occurs(question_tokens, lemmas_) or any(c.mentions([lemmas_]) for c in positives)
    }  # fmt: skip
    substitute = choose_substitute(month.catalog, true_name, named, month.rng(f"counterfactual:{q.qa_id}"))
    if substitute is None:
        funnel.drop("counterfactual", q.qa_id, "no other entity of the same type")
        return []
    rewritten = [replace_answer(c.text, true_name, substitute, original, c.tokens)[0] for c in positives]
    true_forms = month.forms(q.items)
    rewritten_tokens = [tokenize(t) for t in rewritten]
    if any(mentions_any(tokens, true_forms) for tokens in rewritten_tokens) or not any(
        occurs(tokens, item_lemmas(substitute.name)) for tokens in rewritten_tokens
    ):
        funnel.drop("counterfactual", q.qa_id, "answer could not be replaced in every form")
        return []
    used = {c.chunk_id for c in positives}
    count = max(1, month.config.documents - len(positives))
    negatives = month.negatives(q, q.items + (substitute.name,), limit=count, exclude=used)
    if len(negatives) < count:
        funnel.drop("counterfactual", q.qa_id, "too few negative chunks")
        return []
    documents = [(t, COUNTERFACTUAL, c.chunk_id) for t, c in zip(rewritten, positives, strict=True)]
    documents += _docs(negatives[:count], NEGATIVE)
    funnel.used["counterfactual"].add(q.qa_id)
    return [_item(month, "counterfactual", "cf", q.question, documents, q.answer, q.items, [q.qa_id],
                  counterfactual=substitute.name)]  # fmt: skip


def build_testbeds(
    articles: pd.DataFrame,
    questions: pd.DataFrame,
    triplets: pd.DataFrame,
    *,
    seed: int,
    config: TestbedConfig = TestbedConfig(),
) -> TestbedBuild:
    """Every testbed item the month's questions allow; the funnel says what each testbed used
    and why the other questions were dropped."""
    month = _Month(articles, triplets, config, seed)
    funnel = _Funnel()
    items: list[dict] = []
    kept = questions_from(questions)
    single = [q for q in kept if len(q.items) == 1]
    for q in single:
        funnel.candidates["noise"] += 1
        items += _noise_items(month, q, funnel)
        funnel.candidates["counterfactual"] += 1
        items += _counterfactual_item(month, q, funnel)
    for q in kept:
        funnel.candidates["negative"] += 1
        items += _negative_item(month, q, funnel)
        if q.type == "set" and len(q.items) >= 2:
            funnel.candidates["integration"] += 1
            items += _set_item(month, q, funnel)
        elif q.type == "mh" and len(q.items) == 1:
            funnel.candidates["integration"] += 1
            items += _mh_item(month, q, funnel)
    items += _pair_items(month, [q for q in single if q.type == "simple"], funnel)
    for item in items:
        funnel.items[item["testbed"]] += 1
    frame = pd.DataFrame(items, columns=ITEM_COLUMNS)
    frame = frame.sort_values(["testbed", "item_key"]).reset_index(drop=True)
    return TestbedBuild(frame, funnel.rows(), funnel.passed_over)
