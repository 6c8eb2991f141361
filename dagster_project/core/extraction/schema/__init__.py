"""Typed relation schema: the offline triplet extractor (see relations.py for the schema)."""

from .extract import EXTRACTOR_NAME, extract_schema_triplets
from .relations import SCHEMA, Relation, Wording

__all__ = ["EXTRACTOR_NAME", "SCHEMA", "Relation", "Wording", "extract_schema_triplets"]
