"""Resources, built once from the settings (settings.py): configuration, the hub, and the strategy
each model-backed stage runs. The choice between an offline and a model strategy is made here and
nowhere else; assets call whichever strategy they are given."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dagster import ConfigurableResource
from pydantic import SecretStr

from ..core.common.months import Month
from ..core.common.package_files import project_dir
from ..core.common.parses import ParseCache, usable_cores
from ..core.extraction.strategies import LLMTripletExtractor, SchemaExtractor
from ..core.filters.acceptability import unavailable_reason
from ..core.filters.strategies import (
    NO_CLOSED_BOOK_MODELS,
    NO_LLM_ENDPOINT,
    AcceptabilityFilter,
    ClosedBookFilter,
    JudgeFilter,
    SkippedFilter,
)
from ..core.graph.entity_candidates import EndpointEmbedder
from ..core.graph.normalization import load_aliases
from ..core.graph.strategies import LLMNormalizer, NoNoveltyCheck, OfflineNormalizer, WikidataNoveltyCheck
from ..core.ingest.sources import MonthLoad, SourcesFile, bundled_sources, load_month_report, read_sources_file
from ..core.llm import LLMSettings
from ..core.questions.strategies import LLMQuestionGenerator, TemplateQuestionGenerator
from ..core.release.tables import load_or_create_key
from ..core.testbeds.build import DEFAULT_REFUSAL_PHRASE, TestbedConfig
from ..core.testbeds.documents import DEFAULT_CHUNK_WORDS
from ..settings import LLMOptions, Settings
from .io_manager import KnowledgeGraphIOManager, StorageIOManager


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

    def load_month_report(self, month: Month) -> MonthLoad:
        return load_month_report(self.sources(), month, cache_dir=Path(self.cache_dir) if self.cache_dir else None)


class BenchmarkSettings(ConfigurableResource):
    """Knobs of the generation pipeline; all of them are recorded in the release manifest."""

    top_k_per_type: int = 150
    min_questions_per_type: int = 0  # a release with fewer of a type is blocked
    subgraphs_per_type: int = 1000
    max_set_partners: int = 5
    # Subgraph sampling bounds (core.subgraphs.SamplingLimits): entities with more facts are hubs.
    max_hub_degree: int = 200
    subgraphs_per_center: int = 2
    entity_match_threshold: float = 85.0
    ner_match_threshold: float = 90.0
    max_error_share: float = 0.2
    aliases_file: str | None = None
    # thresholds of the model-backed filters (their strategies are built with the same values)
    acceptability_threshold: float = 0.7
    closed_book_threshold: float = 0.8
    judge_criteria: list[str] = []
    judge_min_criterion_score: int = 1

    def aliases(self) -> dict[str, str]:
        path = Path(self.aliases_file) if self.aliases_file else project_dir("data") / "aliases.yaml"
        return load_aliases(path)

    def thresholds(self) -> dict[str, float | int | list[str]]:
        return {
            "top_k_per_type": self.top_k_per_type,
            "min_questions_per_type": self.min_questions_per_type,
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

    submissions_dir: str
    bootstrap_samples: int = 1000


class TestbedSettings(ConfigurableResource):
    """The RGB-style testbeds (core/testbeds): the expected refusal and the chunk size."""

    refusal_phrase: str = DEFAULT_REFUSAL_PHRASE
    chunk_words: int = DEFAULT_CHUNK_WORDS

    def config(self) -> TestbedConfig:
        return TestbedConfig(refusal_phrase=self.refusal_phrase, chunk_words=self.chunk_words)


@dataclass(frozen=True)
class ReleaseKey:
    """The key of the public-id shuffle: RAGBENCH_RELEASE_SECRET, else a random key kept in a file
    under the storage root. A plain object, not Dagster config, so the secret is never shown."""

    key_file: Path
    secret: SecretStr | None = None

    def load(self) -> tuple[bytes, str]:
        """The key and where it came from (never the key itself)."""
        return load_or_create_key(self.key_file, self.secret.get_secret_value() if self.secret else None)


def _llm_settings(options: LLMOptions, data_dir: str, model: str) -> LLMSettings:
    cache_dir = options.cache_dir or Path(data_dir) / "llm_cache"
    return LLMSettings(
        base_url=options.base_url,
        model=model,
        api_key=options.api_key,
        timeout=options.timeout,
        circuit_breaker_failures=options.circuit_breaker,
        stage_deadline=options.stage_deadline,
        max_retries=options.max_retries,
        initial_wait=options.initial_wait,
        max_wait=options.max_wait,
        max_workers=options.max_workers,
        requests_per_minute=options.requests_per_minute,
        max_tokens=options.max_tokens,
        cache_path=cache_dir / "responses.sqlite",
    )


def _acceptability_filter(settings: Settings) -> AcceptabilityFilter | SkippedFilter:
    checkpoint = settings.pipeline.acceptability_checkpoint
    reason = unavailable_reason(checkpoint)
    if reason:
        return SkippedFilter(reason)
    return AcceptabilityFilter(checkpoint, threshold=settings.pipeline.acceptability_threshold)


def _closed_book_filter(settings: Settings) -> ClosedBookFilter | SkippedFilter:
    llm, data_dir = settings.llm, settings.pipeline.data_dir
    if not llm.is_configured:
        return SkippedFilter(NO_LLM_ENDPOINT)
    if not llm.closed_book_models:
        return SkippedFilter(NO_CLOSED_BOOK_MODELS)
    return ClosedBookFilter(
        models=[_llm_settings(llm, data_dir, model) for model in llm.closed_book_models],
        embedding=_llm_settings(llm, data_dir, llm.embedding_model) if llm.embedding_model else None,
        threshold=settings.pipeline.closed_book_threshold,
    )


def _embeddings_endpoint(settings: Settings) -> EndpointEmbedder | None:
    options = settings.embeddings
    if not (options.base_url and options.model):
        return None
    api_key = options.api_key.get_secret_value() if options.api_key else None
    return EndpointEmbedder(base_url=options.base_url, model=options.model, api_key=api_key)


def strategy_resources(settings: Settings) -> dict[str, object]:
    """The strategy of every model-backed stage: the LLM (or model) one when it is configured,
    the offline or skipping one otherwise."""
    llm, pipeline = settings.llm, settings.pipeline
    wikidata = settings.wikidata
    strategies: dict[str, object] = {
        "triplet_extractor": SchemaExtractor(
            workers=pipeline.workers or usable_cores(), parse_cache_dir=str(parse_cache_dir(pipeline.data_dir))
        ),
        "entity_normalizer": OfflineNormalizer(),
        "question_generator": TemplateQuestionGenerator(),
        "judge_filter": SkippedFilter(NO_LLM_ENDPOINT),
        "novelty_check": NoNoveltyCheck(),
        "acceptability_filter": _acceptability_filter(settings),
        "closed_book_filter": _closed_book_filter(settings),
    }
    if llm.is_configured:
        def for_stage(stage: str) -> LLMSettings:
            return _llm_settings(llm, pipeline.data_dir, llm.model_for(stage))

        strategies |= {
            "triplet_extractor": LLMTripletExtractor(for_stage("extraction"), chunk_chars=llm.chunk_chars),
            "entity_normalizer": LLMNormalizer(for_stage("normalization"), embeddings=_embeddings_endpoint(settings)),
            "question_generator": LLMQuestionGenerator(for_stage("qa")),
            "judge_filter": JudgeFilter(
                for_stage("judge"), criteria=list(pipeline.judge_criteria),
                min_criterion_score=pipeline.judge_min_criterion_score,
            ),  # fmt: skip
        }
    if wikidata.endpoint:
        strategies["novelty_check"] = WikidataNoveltyCheck(
            wikidata.endpoint,
            cache_path=Path(pipeline.data_dir) / "wikidata_cache.sqlite",
            contact=wikidata.contact,
            min_interval=wikidata.min_interval,
        )
    return strategies


def parse_cache_dir(data_dir: str) -> Path:
    """Where Natasha's parses are kept (core/common/parses.py), shared by extraction and the filters."""
    return Path(data_dir) / "parses"


def resources_from(settings: Settings) -> dict[str, object]:
    pipeline = settings.pipeline
    data_dir = pipeline.data_dir
    return {
        "io_manager": StorageIOManager(data_dir=data_dir),
        "knowledge_graph_io_manager": KnowledgeGraphIOManager(data_dir=data_dir),
        "storage": StorageResource(data_dir=data_dir),
        "sources": NewsSourcesResource(sources_file=pipeline.sources_file, cache_dir=str(Path(data_dir) / "raw_cache")),
        "hub": settings.hub.open(),
        "release_key": ReleaseKey(Path(data_dir) / "secrets" / "release.key", pipeline.release_secret),
        "benchmark": BenchmarkSettings(
            top_k_per_type=pipeline.top_k_per_type,
            min_questions_per_type=pipeline.min_questions_per_type,
            max_hub_degree=pipeline.max_hub_degree,
            acceptability_threshold=pipeline.acceptability_threshold,
            closed_book_threshold=pipeline.closed_book_threshold,
            judge_criteria=list(pipeline.judge_criteria),
            judge_min_criterion_score=pipeline.judge_min_criterion_score,
        ),
        "scoring": ScoringSettings(submissions_dir=pipeline.submissions_dir),
        "parses": ParseCache(parse_cache_dir(data_dir)),
        "testbeds": TestbedSettings(
            refusal_phrase=pipeline.testbed_refusal_phrase, chunk_words=pipeline.testbed_chunk_words
        ),
        **strategy_resources(settings),
    }


def build_resources(env: Mapping[str, str] | None = None) -> dict[str, object]:
    """Every resource, from the settings of `env` (default: the process environment)."""
    return resources_from(Settings.from_env(env))
