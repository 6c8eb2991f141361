"""Configurable resources, built from environment variables (DESIGN.md section 5)."""

from __future__ import annotations

import os
from pathlib import Path

from dagster import ConfigurableResource, EnvVar

from ..core.common.months import Month
from ..core.common.package_files import project_dir
from ..core.graph.normalization import load_aliases
from ..core.graph.wikidata import WikidataClient, default_user_agent
from ..core.ingest.sources import (
    MonthLoad,
    SourcesFile,
    bundled_sources,
    load_month,
    load_month_report,
    read_sources_file,
)
from ..core.llm import LLMClient, LLMSettings
from ..core.release.hub.hf import HfHub
from ..core.release.hub.local import LocalHub
from ..core.release.publishing import open_hub, parse_private_overrides
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
    # Raw HTTP cache of web sources (URL -> response), under the storage root.
    cache_dir: str | None = None

    def sources(self) -> SourcesFile:
        return read_sources_file(Path(self.sources_file)) if self.sources_file else bundled_sources()

    def describe(self) -> str:
        return self.sources_file or "bundled sample corpus"

    def load_month(self, month: Month):
        return load_month(self.sources(), month)

    def load_month_report(self, month: Month) -> MonthLoad:
        return load_month_report(self.sources(), month, cache_dir=Path(self.cache_dir) if self.cache_dir else None)


class LLMResource(ConfigurableResource):
    """An OpenAI-compatible endpoint. Unset base_url means the offline strategies run.

    The client, its retry policy and the cache live in core/llm; this only configures them.
    `api_key` comes from the environment as an EnvVar and is never logged."""

    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    # per-stage overrides of `model`
    extraction_model: str | None = None
    normalization_model: str | None = None
    qa_model: str | None = None
    judge_model: str | None = None
    # small models for the closed-book filter (none: the filter is skipped)
    closed_book_models: list[str] = []
    embedding_model: str | None = None  # closed-book similarity by embeddings instead of lemma F1
    max_workers: int = 16
    requests_per_minute: int | None = None
    timeout: float = 60.0
    max_retries: int = 5
    initial_wait: float = 1.0
    max_wait: float = 60.0
    temperature: float = 0.0
    max_tokens: int = 2048
    json_mode: bool = True
    chunk_chars: int = 6000
    cache_dir: str | None = None  # default: <data dir>/llm_cache

    @property
    def is_configured(self) -> bool:
        return bool(self.base_url)

    def model_for(self, stage: str) -> str:
        """The model of a stage: 'extraction', 'normalization' or 'qa'."""
        override = {"extraction": self.extraction_model, "normalization": self.normalization_model,
                    "qa": self.qa_model, "judge": self.judge_model}[stage]  # fmt: skip
        model = override or self.model
        if not model:
            raise ValueError(
                f"RAGBENCH_LLM_BASE_URL is set but no model is configured for {stage}: "
                "set RAGBENCH_LLM_MODEL (or the per-stage RAGBENCH_LLM_<STAGE>_MODEL)"
            )
        return model

    def client(self, stage: str, storage: StorageResource, model: str | None = None) -> LLMClient:
        cache_dir = Path(self.cache_dir) if self.cache_dir else Path(storage.data_dir) / "llm_cache"
        settings = LLMSettings(
            base_url=self.base_url,
            model=model or self.model_for(stage),
            api_key=self.api_key,
            timeout=self.timeout,
            max_retries=self.max_retries,
            initial_wait=self.initial_wait,
            max_wait=self.max_wait,
            max_workers=self.max_workers,
            requests_per_minute=self.requests_per_minute,
            temperature=self.temperature,
            max_tokens=self.max_tokens,
            json_mode=self.json_mode,
            cache_path=cache_dir / "responses.sqlite",
        )
        return LLMClient(settings)


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
    """Where releases are published: a local directory, or hf://NAMESPACE (token from HF_TOKEN,
    passed as EnvVar so Dagster never shows it; hf_endpoint for a Hub other than huggingface.co;
    hf_private: repo names to create private, `name=false` for public)."""

    location: str
    hf_token: str | None = None
    hf_endpoint: str | None = None
    hf_private: str = ""

    def hub(self) -> LocalHub | HfHub:
        return open_hub(
            self.location,
            token=self.hf_token,
            endpoint=self.hf_endpoint,
            private=parse_private_overrides(self.hf_private),
        )


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
    # model-backed filters (recorded in the manifest)
    acceptability_checkpoint: str | None = None  # local path of a RuCoLA-style classifier
    acceptability_threshold: float = 0.7
    acceptability_batch_size: int = 32
    closed_book_threshold: float = 0.8
    judge_criteria: list[str] = [
        "grammar", "clarity", "naturalness", "context_sufficiency", "context_necessity",
        "answer_uniqueness", "correctness", "answer_grammar",
    ]  # fmt: skip
    judge_min_criterion_score: int = 1

    def aliases(self) -> dict[str, str]:
        path = Path(self.aliases_file) if self.aliases_file else project_dir("data") / "aliases.yaml"
        return load_aliases(path)

    def thresholds(self) -> dict[str, float | int | list[str]]:
        return {
            "top_k_per_type": self.top_k_per_type,
            "subgraphs_per_type": self.subgraphs_per_type,
            "max_set_partners": self.max_set_partners,
            "max_hub_degree": self.max_hub_degree,
            "subgraphs_per_center": self.subgraphs_per_center,
            "entity_match_threshold": self.entity_match_threshold,
            "ner_match_threshold": self.ner_match_threshold,
            "max_error_share": self.max_error_share,
            "acceptability_threshold": self.acceptability_threshold,
            "closed_book_threshold": self.closed_book_threshold,
            "judge_min_criterion_score": self.judge_min_criterion_score,
            "judge_criteria": list(self.judge_criteria),
        }


class ScoringSettings(ConfigurableResource):
    """The leaderboard: where submissions are collected (<submissions_dir>/<version>/*.json)."""

    submissions_dir: str = "./var/submissions"
    bootstrap_samples: int = 1000


def _secret(name: str, env) -> EnvVar | str | None:
    """Secrets from the process environment are passed as EnvVar, so Dagster never stores or
    displays their values; an explicit mapping (tests, embedding code) passes values directly."""
    if not env.get(name):
        return None
    return EnvVar(name) if env is os.environ else env[name]


_LLM_OPTIONS = {  # environment variable -> (LLMResource field, type)
    "RAGBENCH_LLM_EXTRACTION_MODEL": ("extraction_model", str),
    "RAGBENCH_LLM_NORMALIZATION_MODEL": ("normalization_model", str),
    "RAGBENCH_LLM_QA_MODEL": ("qa_model", str),
    "RAGBENCH_LLM_MAX_WORKERS": ("max_workers", int),
    "RAGBENCH_LLM_RPM": ("requests_per_minute", int),
    "RAGBENCH_LLM_TIMEOUT": ("timeout", float),
    "RAGBENCH_LLM_MAX_RETRIES": ("max_retries", int),
    "RAGBENCH_LLM_INITIAL_WAIT": ("initial_wait", float),
    "RAGBENCH_LLM_MAX_WAIT": ("max_wait", float),
    "RAGBENCH_LLM_MAX_TOKENS": ("max_tokens", int),
    "RAGBENCH_LLM_CHUNK_CHARS": ("chunk_chars", int),
    "RAGBENCH_LLM_CACHE_DIR": ("cache_dir", str),
    "RAGBENCH_LLM_JUDGE_MODEL": ("judge_model", str),
    "RAGBENCH_EMBEDDINGS_MODEL": ("embedding_model", str),
    "RAGBENCH_CLOSED_BOOK_MODELS": ("closed_book_models", lambda v: [m.strip() for m in v.split(",") if m.strip()]),
}


def _options_from_env(env, table: dict) -> dict:
    """Settings given as environment variables, converted to their field types; a clear error names a bad one."""
    options = {}
    for variable, (name, kind) in table.items():
        if env.get(variable):
            try:
                options[name] = kind(env[variable])
            except ValueError:
                raise ValueError(f"{variable}={env[variable]!r} is not valid") from None
    return options


def _llm_options(env) -> dict:
    return _options_from_env(env, _LLM_OPTIONS)


_FILTER_OPTIONS = {  # environment variable -> (BenchmarkSettings field, type)
    "RAGBENCH_RUCOLA_CHECKPOINT": ("acceptability_checkpoint", str),
    "RAGBENCH_ACCEPTABILITY_THRESHOLD": ("acceptability_threshold", float),
    "RAGBENCH_CLOSED_BOOK_THRESHOLD": ("closed_book_threshold", float),
    "RAGBENCH_JUDGE_CRITERIA": ("judge_criteria", lambda v: [c.strip() for c in v.split(",") if c.strip()]),
    "RAGBENCH_JUDGE_MIN_SCORE": ("judge_min_criterion_score", int),
}


def _filter_options(env) -> dict:
    return _options_from_env(env, _FILTER_OPTIONS)


def build_resources(env=None) -> dict[str, object]:
    env = os.environ if env is None else env
    data_dir = env.get("RAGBENCH_DATA_DIR", "./var/data")
    top_k = int(env.get("RAGBENCH_TOP_K", "150"))
    return {
        "io_manager": StorageIOManager(data_dir=data_dir),
        "storage": StorageResource(data_dir=data_dir),
        "sources": NewsSourcesResource(
            sources_file=env.get("RAGBENCH_SOURCES") or None, cache_dir=str(Path(data_dir) / "raw_cache")
        ),
        "llm": LLMResource(
            base_url=env.get("RAGBENCH_LLM_BASE_URL") or None,
            model=env.get("RAGBENCH_LLM_MODEL") or None,
            api_key=_secret("RAGBENCH_LLM_API_KEY", env),
            **_llm_options(env),
        ),
        "wikidata": WikidataResource(
            endpoint=env.get("RAGBENCH_WIKIDATA_ENDPOINT") or None,
            contact=env.get("RAGBENCH_WIKIDATA_CONTACT") or None,
            min_interval=float(env.get("RAGBENCH_WIKIDATA_MIN_INTERVAL") or 1.0),
        ),
        "hub": HubResource(
            location=env.get("RAGBENCH_HUB", "./var/hub"),
            hf_token=_secret("HF_TOKEN", env),
            hf_endpoint=env.get("HF_ENDPOINT") or None,
            hf_private=env.get("RAGBENCH_HF_PRIVATE", ""),
        ),
        "benchmark": BenchmarkSettings(
            top_k_per_type=top_k,
            release_secret=_secret("RAGBENCH_RELEASE_SECRET", env),
            max_hub_degree=int(env.get("RAGBENCH_MAX_HUB_DEGREE") or 200),
            **_filter_options(env),
        ),
        "scoring": ScoringSettings(submissions_dir=env.get("RAGBENCH_SUBMISSIONS_DIR", "./var/submissions")),
    }
