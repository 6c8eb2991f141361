"""A code location for the sharded-extraction test: the real definitions, read from the
environment (the test sets RAGBENCH_EXTRACTION_SHARDS)."""

from dagster_project.definitions import build_definitions

defs = build_definitions()
