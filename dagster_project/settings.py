"""Every setting of the project, read from the environment here and nowhere else.

`Settings.from_env()` reads the process environment; tests and embedding code pass a mapping.
Values are validated once: a bad one is a `SettingsError` naming its variable. Secrets (API keys,
the Hugging Face token, the release secret) are `SecretStr`, so they never show up in a repr or a log.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, SecretStr, ValidationError

from .core.filters.judge import CRITERIA
from .core.release.hub.base import Hub
from .core.release.hub.hf import HF_SCHEME
from .core.release.publishing import open_hub, parse_private_overrides
from .core.testbeds.build import DEFAULT_REFUSAL_PHRASE
from .core.testbeds.documents import DEFAULT_CHUNK_WORDS

DEFAULT_HUB = "./var/hub"
DEFAULT_DATA_DIR = "./var/data"
DEFAULT_SUBMISSIONS_DIR = "./var/submissions"


class SettingsError(ValueError):
    """A setting is missing or malformed; the message names the environment variable."""


def _comma_list(value):
    return [part.strip() for part in value.split(",") if part.strip()] if isinstance(value, str) else value


CommaList = Annotated[list[str], BeforeValidator(_comma_list)]


def _env(name: str, default=None, **constraints):
    return Field(default, validation_alias=name, **constraints)


class _FromEnv(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore", populate_by_name=False)


class LLMOptions(_FromEnv):
    """An OpenAI-compatible endpoint; no base_url means the offline strategies run."""

    base_url: str | None = _env("RAGBENCH_LLM_BASE_URL")
    model: str | None = _env("RAGBENCH_LLM_MODEL")
    api_key: SecretStr | None = _env("RAGBENCH_LLM_API_KEY")
    extraction_model: str | None = _env("RAGBENCH_LLM_EXTRACTION_MODEL")
    normalization_model: str | None = _env("RAGBENCH_LLM_NORMALIZATION_MODEL")
    qa_model: str | None = _env("RAGBENCH_LLM_QA_MODEL")
    judge_model: str | None = _env("RAGBENCH_LLM_JUDGE_MODEL")
    closed_book_models: CommaList = _env("RAGBENCH_CLOSED_BOOK_MODELS", [])
    embedding_model: str | None = _env("RAGBENCH_EMBEDDINGS_MODEL")  # closed-book similarity by embeddings
    max_workers: int = _env("RAGBENCH_LLM_MAX_WORKERS", 16, ge=1)
    requests_per_minute: int | None = _env("RAGBENCH_LLM_RPM", None, ge=1)
    timeout: float = _env("RAGBENCH_LLM_TIMEOUT", 60.0, gt=0)
    circuit_breaker: int = _env("RAGBENCH_LLM_CIRCUIT_BREAKER", 10, ge=1)  # consecutive failures that stop a stage
    stage_deadline: float | None = _env("RAGBENCH_LLM_STAGE_DEADLINE", None, gt=0)  # seconds per stage batch
    max_retries: int = _env("RAGBENCH_LLM_MAX_RETRIES", 5, ge=0)
    initial_wait: float = _env("RAGBENCH_LLM_INITIAL_WAIT", 1.0, ge=0)
    max_wait: float = _env("RAGBENCH_LLM_MAX_WAIT", 60.0, ge=0)
    max_tokens: int = _env("RAGBENCH_LLM_MAX_TOKENS", 2048, ge=1)
    chunk_chars: int = _env("RAGBENCH_LLM_CHUNK_CHARS", 6000, ge=100)
    cache_dir: Path | None = _env("RAGBENCH_LLM_CACHE_DIR")  # default: <data dir>/llm_cache

    @property
    def is_configured(self) -> bool:
        return bool(self.base_url)

    def model_for(self, stage: str) -> str:
        """The model of a stage ('extraction', 'normalization', 'qa' or 'judge')."""
        override = {"extraction": self.extraction_model, "normalization": self.normalization_model,
                    "qa": self.qa_model, "judge": self.judge_model}[stage]  # fmt: skip
        model = override or self.model
        if not model:
            raise SettingsError(
                f"RAGBENCH_LLM_BASE_URL is set but no model is configured for {stage}: "
                "set RAGBENCH_LLM_MODEL (or the per-stage RAGBENCH_LLM_<STAGE>_MODEL)"
            )
        return model


class EmbeddingsOptions(_FromEnv):
    """An OpenAI-compatible embeddings endpoint for entity candidates; unset means navec vectors."""

    base_url: str | None = _env("RAGBENCH_EMBEDDINGS_BASE_URL")
    model: str | None = _env("RAGBENCH_EMBEDDINGS_MODEL")
    api_key: SecretStr | None = _env("RAGBENCH_EMBEDDINGS_API_KEY")


class ScoringLLMOptions(_FromEnv):
    """Keys of the endpoints `ragbench run` (the generator under test) and `ragbench evaluate
    --llm-metrics` (the judge and its embeddings) call; the endpoints themselves are CLI options."""

    generator_api_key: SecretStr | None = _env("RAGBENCH_RUN_API_KEY")
    judge_api_key: SecretStr | None = _env("RAGBENCH_JUDGE_API_KEY")


class WikidataOptions(_FromEnv):
    """The Wikidata SPARQL endpoint of the novelty check; unset means novelty is skipped."""

    endpoint: str | None = _env("RAGBENCH_WIKIDATA_ENDPOINT")
    contact: str | None = _env("RAGBENCH_WIKIDATA_CONTACT")  # goes into the User-Agent
    min_interval: float = _env("RAGBENCH_WIKIDATA_MIN_INTERVAL", 1.0, ge=0)


class HubOptions(_FromEnv):
    """Where releases are published: a directory, or hf://NAMESPACE."""

    location: str = _env("RAGBENCH_HUB", DEFAULT_HUB)
    hf_token: SecretStr | None = _env("HF_TOKEN")
    hf_endpoint: str | None = _env("HF_ENDPOINT")  # a Hub other than huggingface.co
    hf_private: str = _env("RAGBENCH_HF_PRIVATE", "")  # repo names to create private, `name=false` for public
    hf_cache_dir: str | None = _env("HF_HUB_CACHE")

    def open(self, location: str | None = None) -> Hub:
        """The hub at `location` (default: RAGBENCH_HUB), with the token and endpoint of these settings."""
        return open_hub(
            location or self.location,
            token=self.hf_token.get_secret_value() if self.hf_token else None,
            endpoint=self.hf_endpoint,
            private=parse_private_overrides(self.hf_private),
            cache_dir=self.hf_cache_dir,
        )


class PipelineOptions(_FromEnv):
    """Knobs of the generation pipeline and of its model-backed filters."""

    data_dir: str = _env("RAGBENCH_DATA_DIR", DEFAULT_DATA_DIR)
    sources_file: str | None = _env("RAGBENCH_SOURCES")
    release_secret: SecretStr | None = _env("RAGBENCH_RELEASE_SECRET")
    top_k_per_type: int = _env("RAGBENCH_TOP_K", 150, ge=1)
    min_questions_per_type: int = _env("RAGBENCH_MIN_QUESTIONS_PER_TYPE", 0, ge=0)
    max_hub_degree: int = _env("RAGBENCH_MAX_HUB_DEGREE", 200, ge=1)
    acceptability_checkpoint: str | None = _env("RAGBENCH_RUCOLA_CHECKPOINT")
    acceptability_threshold: float = _env("RAGBENCH_ACCEPTABILITY_THRESHOLD", 0.7, ge=0, le=1)
    closed_book_threshold: float = _env("RAGBENCH_CLOSED_BOOK_THRESHOLD", 0.8, ge=0, le=1)
    judge_criteria: CommaList = _env("RAGBENCH_JUDGE_CRITERIA", list(CRITERIA))
    judge_min_criterion_score: int = _env("RAGBENCH_JUDGE_MIN_SCORE", 1, ge=0, le=2)
    submissions_dir: str = _env("RAGBENCH_SUBMISSIONS_DIR", DEFAULT_SUBMISSIONS_DIR)
    # Scale: extraction worker processes (unset = every usable core).
    workers: int | None = _env("RAGBENCH_WORKERS", None, ge=1)
    # RGB-style testbeds: the reply expected when the documents do not answer, and the chunk size
    testbed_refusal_phrase: str = _env("RAGBENCH_TESTBED_REFUSAL_PHRASE", DEFAULT_REFUSAL_PHRASE, min_length=1)
    testbed_chunk_words: int = _env("RAGBENCH_TESTBED_CHUNK_WORDS", DEFAULT_CHUNK_WORDS, ge=20)


class OperationsOptions(_FromEnv):
    """How Dagster runs the pipeline: the executor, the limits of the pools (steps sharing the LLM
    endpoint or the hub), declarative automation of reruns, and the shards of extraction."""

    # in_process: one process per run, models loaded once (fast); multiprocess: one process per step (isolated)
    executor: Literal["in_process", "multiprocess"] = _env("RAGBENCH_EXECUTOR", "in_process")
    llm_pool_limit: int = _env("RAGBENCH_LLM_POOL_LIMIT", 2, ge=1)  # steps calling the LLM at once, all runs
    hub_pool_limit: int = _env("RAGBENCH_HUB_POOL_LIMIT", 1, ge=1)  # publications at once, all runs
    # refresh the downstream assets of a month after one of its stages is re-materialized
    automation: bool = _env("RAGBENCH_AUTOMATION", False)
    # >1: raw_triplets is extracted in this many month x shard partitions (one run each, on any
    # machine) and merged per month; 1 keeps extraction a step of the monthly job
    extraction_shards: int = _env("RAGBENCH_EXTRACTION_SHARDS", 1, ge=1)


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True)

    pipeline: PipelineOptions
    llm: LLMOptions
    embeddings: EmbeddingsOptions
    wikidata: WikidataOptions
    hub: HubOptions
    scoring: ScoringLLMOptions = ScoringLLMOptions()
    operations: OperationsOptions = OperationsOptions()
    dagster_home: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from `env` (default: the process environment). Empty values count as unset."""
        env = os.environ if env is None else env
        given = {name: value for name, value in env.items() if value != ""}
        groups = {"pipeline": PipelineOptions, "llm": LLMOptions, "embeddings": EmbeddingsOptions,
                  "wikidata": WikidataOptions, "hub": HubOptions, "scoring": ScoringLLMOptions,
                  "operations": OperationsOptions}  # fmt: skip
        try:
            values = {name: group.model_validate(given) for name, group in groups.items()}
        except ValidationError as exc:
            raise SettingsError(_first_problem(exc, given)) from None
        settings = cls(**values, dagster_home=given.get("DAGSTER_HOME"))
        for variable, path in settings._local_directories():
            if path.exists() and not path.is_dir():
                raise SettingsError(f"{variable}={str(path)!r} is not valid: it is a file, not a directory")
        if settings.llm.is_configured:
            for stage in ("extraction", "normalization", "qa", "judge"):
                settings.llm.model_for(stage)  # a missing model is an error now, not in the middle of a run
        return settings


    def _local_directories(self) -> list[tuple[str, Path]]:
        folders = [("RAGBENCH_DATA_DIR", Path(self.pipeline.data_dir))]
        if not self.hub.location.startswith(HF_SCHEME):
            folders.append(("RAGBENCH_HUB", Path(self.hub.location)))
        return folders

    def check_before_run(self) -> None:
        """What a pipeline run needs from the filesystem, checked before any work: the storage root
        and a local hub must be directories this process can create and write."""
        for variable, path in self._local_directories():
            existing = next((p for p in (path, *path.absolute().parents) if p.exists()), None)
            if existing is None or not existing.is_dir():
                raise SettingsError(f"{variable}={str(path)!r} is not usable: {existing} is not a directory")
            if not os.access(existing, os.W_OK | os.X_OK):
                raise SettingsError(f"{variable}={str(path)!r} is not usable: {existing} is not writable")


def _first_problem(exc: ValidationError, env: Mapping[str, str]) -> str:
    error = exc.errors()[0]
    variable = str(error["loc"][0]) if error["loc"] else "?"
    value = env.get(variable)
    shown = "(hidden)" if variable in _SECRET_VARIABLES else repr(value)
    return f"{variable}={shown} is not valid: {error['msg']}"


_SECRET_VARIABLES = {"RAGBENCH_LLM_API_KEY", "RAGBENCH_EMBEDDINGS_API_KEY", "HF_TOKEN", "RAGBENCH_RELEASE_SECRET",
                     "RAGBENCH_RUN_API_KEY", "RAGBENCH_JUDGE_API_KEY"}  # fmt: skip
