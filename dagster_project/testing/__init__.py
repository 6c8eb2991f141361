"""Helpers for tests and benchmarks (not used by the pipeline itself)."""
