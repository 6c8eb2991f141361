"""Dagster resources: configuration and access to the outside world, no business logic."""

from .io_manager import StorageIOManager
from .resources import (
    BenchmarkSettings,
    HubResource,
    LLMResource,
    NewsSourcesResource,
    ScoringSettings,
    StorageResource,
    WikidataResource,
    build_resources,
)

__all__ = [
    "BenchmarkSettings",
    "HubResource",
    "LLMResource",
    "NewsSourcesResource",
    "ScoringSettings",
    "StorageIOManager",
    "StorageResource",
    "WikidataResource",
    "build_resources",
]
