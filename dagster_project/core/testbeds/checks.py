"""Checks that stop a release whose testbeds leak or are wrong. Each returns a list of problems
(empty = fine), naming the offending item.

- the public testbeds carry only their public columns, dense unique ids, and no private id or URL;
- every negative document is free of every answer item of its question, in any inflected form
  (for a negative-rejection item: the items of the question it was made from);
- in a counterfactual item no document names the true answer, and some document names the
  counterfactual one;
- every private item points to a question of the release.
"""

from __future__ import annotations

import json

import pandas as pd

from ..release.checks import dense_ids, duplicate_ids, leaked_values, unexpected_columns
from .build import COUNTERFACTUAL, NEGATIVE
from .text import Token, item_forms, item_lemmas, occurs, tokenize

PUBLIC = "public_testbeds"
PRIVATE = "private_testbeds"


def public_testbed_problems(public: pd.DataFrame, *, private_ids: set[str], urls: set[str]) -> list[str]:
    flat = pd.DataFrame(
        {"id": public["id"], "question": public["question"], "documents": ["\n".join(d) for d in public["documents"]]}
    )
    return (
        unexpected_columns(PUBLIC, public)
        + duplicate_ids(PUBLIC, public, "id")
        + dense_ids(PUBLIC, public, "id")
        + leaked_values(PUBLIC, flat, private_ids=private_ids, urls=urls)
    )


def _question_items(private_qa: pd.DataFrame) -> dict[int, list[str]]:
    return {int(p): json.loads(items) for p, items in zip(private_qa["public_id"], private_qa["answer_items"],
                                                           strict=True)}  # fmt: skip


def _joined(public: pd.DataFrame, private: pd.DataFrame) -> pd.DataFrame:
    return public[["id", "testbed", "documents"]].merge(private, on="id", how="inner", validate="one_to_one")


class DocumentReader:
    """What the checks ask of a document, each distinct document tokenized once (a chunk is a
    document of many items), with its vocabulary (every reading of every token) to rule out at
    once the names it cannot hold; and the forms of each answer item, found once."""

    def __init__(self):
        self._read: dict[str, tuple[list[Token], frozenset[str]]] = {}
        self._forms: dict[str, list[tuple[str, ...]]] = {}

    def _tokens(self, document: str) -> tuple[list[Token], frozenset[str]]:
        if document not in self._read:
            tokens = tokenize(document)
            self._read[document] = tokens, frozenset().union(*(t.readings for t in tokens))
        return self._read[document]

    def names(self, document: str, forms) -> bool:
        """Whether any form (a lemma sequence) occurs in the document."""
        tokens, vocabulary = self._tokens(document)
        return any(set(form) <= vocabulary and occurs(tokens, form) for form in forms)

    def item_forms(self, items) -> list[tuple[str, ...]]:
        """Every form of every item, in the order of `items`."""
        for item in items:
            if item not in self._forms:
                self._forms[item] = item_forms(item)
        return [form for item in items for form in self._forms[item]]


def soundness_problems(public: pd.DataFrame, private: pd.DataFrame, private_qa: pd.DataFrame) -> list[str]:
    """Every check of the private testbeds and their documents, the documents read once for all."""
    reader = DocumentReader()
    return (
        private_testbed_problems(public, private, private_qa)
        + negative_document_problems(public, private, private_qa, reader)
        + counterfactual_problems(public, private, reader)
    )


def negative_document_problems(
    public: pd.DataFrame, private: pd.DataFrame, private_qa: pd.DataFrame, reader: DocumentReader | None = None
) -> list[str]:
    """Every negative document names no answer item of its item or of its source questions."""
    question_items = _question_items(private_qa)
    reader = reader or DocumentReader()
    problems = []
    for row in _joined(public, private).itertuples(index=False):
        items = set(json.loads(row.answer_items))
        for public_id in json.loads(row.source_question_ids):
            items |= set(question_items.get(int(public_id), []))
        forms = reader.item_forms(sorted(items))
        roles = json.loads(row.document_roles)
        if len(roles) != len(row.documents):
            problems.append(f"{PUBLIC} id {row.id}: {len(row.documents)} documents but {len(roles)} document roles")
            continue
        for position, (document, role) in enumerate(zip(row.documents, roles, strict=True)):
            if role == NEGATIVE and reader.names(document, forms):
                problems.append(f"{PUBLIC} id {row.id}: negative document {position} names an answer item")
    return problems


def counterfactual_problems(
    public: pd.DataFrame, private: pd.DataFrame, reader: DocumentReader | None = None
) -> list[str]:
    reader = reader or DocumentReader()
    problems = []
    for row in _joined(public, private).itertuples(index=False):
        if row.testbed != COUNTERFACTUAL:
            continue
        if not row.counterfactual_answer:
            problems.append(f"{PUBLIC} id {row.id}: counterfactual item without a counterfactual answer")
            continue
        forms = reader.item_forms(json.loads(row.answer_items))
        if any(reader.names(d, forms) for d in row.documents):
            problems.append(f"{PUBLIC} id {row.id}: a counterfactual document still names the true answer")
        if not any(reader.names(d, [item_lemmas(row.counterfactual_answer)]) for d in row.documents):
            problems.append(f"{PUBLIC} id {row.id}: no document names the counterfactual answer")
    return problems


def private_testbed_problems(public: pd.DataFrame, private: pd.DataFrame, private_qa: pd.DataFrame) -> list[str]:
    known = set(int(p) for p in private_qa["public_id"])
    unknown = sorted({int(p) for p in private["question_public_id"]} - known)
    problems = duplicate_ids(PRIVATE, private, "id") + dense_ids(PRIVATE, private, "id")
    if set(public["id"]) != set(private["id"]):
        problems.append(f"{PRIVATE}: ids differ from the ids of {PUBLIC}")
    if unknown:
        problems.append(f"{PRIVATE}: question_public_id not in private_qa: {unknown[:5]}")
    return problems
