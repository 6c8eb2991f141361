"""The raw_triplets record every extraction strategy produces, and its table."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import pandas as pd

ENTITY_TYPES = {"PER", "ORG", "LOC"}

RAW_TRIPLET_COLUMNS = [
    "article_id",
    "subject",
    "relation",
    "object",
    "extractor",
    "sentence_index",
    "sentence",
    "subject_normal",
    "subject_type",
    "subject_descriptor",
    "verb",
    "complement",
    "preposition",
    "case",
    "object_normal",
    "object_type",
    "object_descriptor",
]


@dataclass(frozen=True)
class RawTriplet:
    """One fact as extracted: the surface forms, their normal forms and types (PER, ORG, LOC, NUM,
    DATE or OTHER), an organization's class noun (descriptor), and the relation's verb frame."""

    article_id: str
    subject: str
    relation: str
    object: str
    extractor: str
    sentence_index: int
    sentence: str
    subject_normal: str
    subject_type: str
    subject_descriptor: str
    verb: str
    complement: str
    preposition: str
    case: str
    object_normal: str
    object_type: str
    object_descriptor: str


def triplets_frame(triplets: list[RawTriplet]) -> pd.DataFrame:
    return pd.DataFrame([asdict(t) for t in triplets], columns=RAW_TRIPLET_COLUMNS)
