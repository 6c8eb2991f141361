"""The four datasets of a monthly release, in DRAGON-compatible schemas.

- public texts:     id (int, public), text
- public questions: id (int, public), question
- private QA:       public_id (= public question id), question, answer, type, text_ids (JSON list of
                    private text ids), plus our own columns (qa_id, answer_items, subgraph_id, triples)
- private texts:    id (private text id = article_id), public_id

Public ids come from a keyed shuffle: the rank of HMAC-SHA256(key, private id). Without the key
nobody can map public ids back to articles or to the order in which they were generated.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass

import pandas as pd

from .key import load_or_create_key

__all__ = ["load_or_create_key"]  # kept here for callers; it lives in key.py, free of heavy imports

DATASETS = ("public_texts", "public_questions", "private_qa", "private_texts")
PUBLIC_COLUMNS = {"public_texts": ["id", "text"], "public_questions": ["id", "question"]}
# The RGB-style testbeds (core/testbeds) travel with the release as two more datasets.
TESTBED_DATASETS = ("public_testbeds", "private_testbeds")
PUBLIC_COLUMNS["public_testbeds"] = ["id", "testbed", "noise_rate", "question", "documents"]
PRIVATE_QA_COLUMNS = [
    "public_id",
    "question",
    "answer",
    "type",
    "text_ids",
    "qa_id",
    "answer_items",
    "subgraph_id",
    "triples",
]
TYPE_NAMES = {"simple": "simple", "set": "set", "cond": "cond", "mh": "mh"}


def month_key(key: bytes, month_key_: str) -> bytes:
    """A per-month key, so ids of one month say nothing about another."""
    return hmac.new(key, f"month:{month_key_}".encode(), hashlib.sha256).digest()


def keyed_ranks(private_ids: list[str], key: bytes, domain: str) -> dict[str, int]:
    """Public ids 0..n-1 for private ids, in the order of their keyed hash."""
    digests = {pid: hmac.new(key, f"{domain}:{pid}".encode(), hashlib.sha256).hexdigest() for pid in private_ids}
    return {pid: rank for rank, pid in enumerate(sorted(private_ids, key=lambda p: digests[p]))}


@dataclass
class ReleaseTables:
    public_texts: pd.DataFrame
    public_questions: pd.DataFrame
    private_qa: pd.DataFrame
    private_texts: pd.DataFrame

    def as_dict(self) -> dict[str, pd.DataFrame]:
        return {name: getattr(self, name) for name in DATASETS}


def public_text(title: str, body: str) -> str:
    return f"{title}\n\n{body}"


def build_texts(articles: pd.DataFrame, key: bytes) -> tuple[pd.DataFrame, pd.DataFrame]:
    ranks = keyed_ranks(list(articles["article_id"]), key, "text")
    private = pd.DataFrame({"id": articles["article_id"], "public_id": articles["article_id"].map(ranks)})
    public = pd.DataFrame(
        {
            "id": private["public_id"],
            "text": [public_text(t, b) for t, b in zip(articles["title"], articles["text"], strict=True)],
        }
    )
    public = public.sort_values("id").reset_index(drop=True).astype({"id": "int64"})
    private = private.sort_values("id").reset_index(drop=True).astype({"public_id": "int64"})
    return public, private


def build_questions(selected: pd.DataFrame, key: bytes) -> tuple[pd.DataFrame, pd.DataFrame]:
    ranks = keyed_ranks(list(selected["qa_id"]), key, "question")
    private = pd.DataFrame(
        {
            "public_id": selected["qa_id"].map(ranks).astype("int64"),
            "question": selected["question"],
            "answer": selected["answer"],
            "type": selected["type"].map(TYPE_NAMES),
            "text_ids": [json.dumps(sorted(ids), ensure_ascii=False) for ids in selected["article_ids"]],
            "qa_id": selected["qa_id"],
            "answer_items": [json.dumps(list(items), ensure_ascii=False) for items in selected["answer_items"]],
            "subgraph_id": selected["subgraph_id"],
            "triples": selected["triples_text"],
        },
        columns=PRIVATE_QA_COLUMNS,
    )
    private = private.sort_values("public_id").reset_index(drop=True)
    public = private[["public_id", "question"]].rename(columns={"public_id": "id"})
    return public, private


def build_release(articles: pd.DataFrame, selected: pd.DataFrame, key: bytes) -> ReleaseTables:
    public_texts, private_texts = build_texts(articles, key)
    public_questions, private_qa = build_questions(selected, key)
    return ReleaseTables(public_texts, public_questions, private_qa, private_texts)
