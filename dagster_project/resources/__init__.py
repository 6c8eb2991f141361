"""Dagster resources: configuration and access to the outside world, no business logic."""

from .io_manager import KnowledgeGraphIOManager, StorageIOManager
from .resources import (
    BenchmarkSettings,
    NewsSourcesResource,
    ReleaseKey,
    ScoringSettings,
    StorageResource,
    TestbedSettings,
    build_resources,
    resources_from,
    strategy_resources,
)

__all__ = [
    "BenchmarkSettings",
    "KnowledgeGraphIOManager",
    "NewsSourcesResource",
    "ReleaseKey",
    "ScoringSettings",
    "StorageIOManager",
    "StorageResource",
    "TestbedSettings",
    "build_resources",
    "resources_from",
    "strategy_resources",
]
