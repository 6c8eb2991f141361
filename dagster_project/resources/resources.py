"""Configurable resources, built from environment variables (DESIGN.md section 5)."""

from __future__ import annotations

import os
from pathlib import Path

from dagster import ConfigurableResource, EnvVar

from ..core.hub import LocalHub
from ..core.months import Month
from ..core.normalization import load_aliases
from ..core.package_files import project_dir
from ..core.sources import SourcesFile, bundled_sources, load_month, read_sources_file
from ..core.wikidata import WikidataClient, default_user_agent
from .io_manager import StorageIOManager


class StorageResource(ConfigurableResource):
    """The storage root for artifacts that are files (the graph, failure tables, the release key)."""

    data_dir: str

    def path(self, *parts: str) -> Path:
        path = Path(self.data_dir).joinpath(*parts)
        path.parent.mkdir(parents=True, exist_ok=True)
        return path


class NewsSourcesResource(ConfigurableResource):
    """Where articles come from: a sources YAML file, or the bundled sample corpus."""

    sources_file: str | None = None

    def sources(self) -> SourcesFile:
        return read_sources_file(Path(self.sources_file)) if self.sources_file else bundled_sources()

    def describe(self) -> str:
        return self.sources_file or "bundled sample corpus"

    def load_month(self, month: Month):
        return load_month(self.sources(), month)


class LLMResource(ConfigurableResource):
    """An OpenAI-compatible endpoint. Unset base_url means the offline strategies run."""

    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None

    @property
    def is_configured(self) -> bool:
        return bool(self.base_url and self.model)


class WikidataResource(ConfigurableResource):
    """Wikidata SPARQL endpoint for the novelty filter; unset means novelty is skipped."""

    endpoint: str | None = None
    contact: str | None = None  # goes into the User-Agent, as Wikimedia's policy asks
    min_interval: float = 1.0  # seconds between requests
    batch_size: int = 50

    @property
    def is_configured(self) -> bool:
        return bool(self.endpoint)

    def client(self, cache_path: Path) -> WikidataClient:
        return WikidataClient(
            self.endpoint,
            user_agent=default_user_agent(self.contact),
            cache_path=cache_path,
            min_interval=self.min_interval,
            batch_size=self.batch_size,
        )


class HubResource(ConfigurableResource):
    """Where releases are published: a local directory, or hf://NAMESPACE."""

    location: str

    def hub(self) -> LocalHub:
        if self.location.startswith("hf://"):
            raise NotImplementedError(
                "publishing to Hugging Face (hf://) is not available in this version; "
                "set RAGBENCH_HUB to a local directory"
            )
        return LocalHub(Path(self.location))


class BenchmarkSettings(ConfigurableResource):
    """Knobs of the generation pipeline; all of them are recorded in the release manifest."""

    top_k_per_type: int = 150
    subgraphs_per_type: int = 1000
    max_set_partners: int = 5
    # Subgraph sampling bounds (core.subgraphs.SamplingLimits): entities with more facts are hubs.
    max_hub_degree: int = 200
    subgraphs_per_center: int = 2
    entity_match_threshold: float = 85.0
    ner_match_threshold: float = 90.0
    max_error_share: float = 0.2
    aliases_file: str | None = None
    release_secret: str | None = None

    def aliases(self) -> dict[str, str]:
        path = Path(self.aliases_file) if self.aliases_file else project_dir("data") / "aliases.yaml"
        return load_aliases(path)

    def thresholds(self) -> dict[str, float | int]:
        return {
            "top_k_per_type": self.top_k_per_type,
            "subgraphs_per_type": self.subgraphs_per_type,
            "max_set_partners": self.max_set_partners,
            "max_hub_degree": self.max_hub_degree,
            "subgraphs_per_center": self.subgraphs_per_center,
            "entity_match_threshold": self.entity_match_threshold,
            "ner_match_threshold": self.ner_match_threshold,
            "max_error_share": self.max_error_share,
        }


def _secret(name: str, env) -> EnvVar | str | None:
    """Secrets from the process environment are passed as EnvVar, so Dagster never stores or
    displays their values; an explicit mapping (tests, embedding code) passes values directly."""
    if not env.get(name):
        return None
    return EnvVar(name) if env is os.environ else env[name]


def build_resources(env=None) -> dict[str, object]:
    env = os.environ if env is None else env
    data_dir = env.get("RAGBENCH_DATA_DIR", "./var/data")
    top_k = int(env.get("RAGBENCH_TOP_K", "150"))
    return {
        "io_manager": StorageIOManager(data_dir=data_dir),
        "storage": StorageResource(data_dir=data_dir),
        "sources": NewsSourcesResource(sources_file=env.get("RAGBENCH_SOURCES") or None),
        "llm": LLMResource(
            base_url=env.get("RAGBENCH_LLM_BASE_URL") or None,
            model=env.get("RAGBENCH_LLM_MODEL") or None,
            api_key=_secret("RAGBENCH_LLM_API_KEY", env),
        ),
        "wikidata": WikidataResource(
            endpoint=env.get("RAGBENCH_WIKIDATA_ENDPOINT") or None,
            contact=env.get("RAGBENCH_WIKIDATA_CONTACT") or None,
            min_interval=float(env.get("RAGBENCH_WIKIDATA_MIN_INTERVAL") or 1.0),
        ),
        "hub": HubResource(location=env.get("RAGBENCH_HUB", "./var/hub")),
        "benchmark": BenchmarkSettings(
            top_k_per_type=top_k,
            release_secret=_secret("RAGBENCH_RELEASE_SECRET", env),
            max_hub_degree=int(env.get("RAGBENCH_MAX_HUB_DEGREE") or 200),
        ),
    }
