"""Scoring RAG systems on a release without an LLM judge: submission validation, retrieval and
answer metrics, RAG-IFEval-style checks, bootstrap CIs, paired comparison, gates, an offline
BM25 baseline and the leaderboard. No Dagster import here."""
