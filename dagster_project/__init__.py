"""A monthly, contamination-resistant RAG benchmark built from Russian news, as Dagster assets."""

__version__ = "0.1.0"
