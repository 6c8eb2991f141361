"""Entity normalization strategies (offline clustering, or an LLM choosing among candidates) and
the novelty check (none, or a Wikidata lookup)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pandas as pd

from ..common.records import StageOutcome
from ..common.strategy import SERVICE, Log, offline_description, skipped_description
from ..llm.client import LLMSettings
from ..llm.prompts import NORMALIZATION_PROMPT
from ..llm.stage import client_report, llm_description, result_failures, run_llm_stage
from .entity_candidates import EndpointEmbedder, NavecEmbedder
from .llm_normalization import links_from_results, normalization_questions, normalization_tasks
from .normalization import normalize_triplets
from .wikidata import WikidataClient, apply_novelty, check_novelty, default_user_agent

NOVELTY_NOT_CHECKED = "skipped: RAGBENCH_WIKIDATA_ENDPOINT not set"


class EntityNormalizer(Protocol):
    """Canonical entity and relation names and entity types for the month's raw triplets."""

    def normalize(self, raw: pd.DataFrame, aliases: dict[str, str], log: Log) -> StageOutcome: ...

    def describe(self) -> dict: ...


class OfflineNormalizer:
    def describe(self) -> dict:
        return offline_description("lemma keys + alias table + surname resolution + rapidfuzz clustering")

    def normalize(self, raw: pd.DataFrame, aliases: dict[str, str], log: Log) -> StageOutcome:
        return StageOutcome(normalize_triplets(raw, aliases))


@dataclass(frozen=True)
class LLMNormalizer:
    """Similar names of the month are candidates (by embeddings and rapidfuzz); the LLM picks one or 'new'."""

    llm: LLMSettings
    embeddings: EndpointEmbedder | None = None  # None: navec word vectors

    def describe(self) -> dict:
        vectors = self.embeddings.name if self.embeddings else "navec"
        description = llm_description("llm-entity-normalization", self.llm.model, [NORMALIZATION_PROMPT],
                                      candidates=f"{vectors} + rapidfuzz")  # fmt: skip
        description["summary"] += f" over {vectors} + rapidfuzz candidates"
        return description

    def normalize(self, raw: pd.DataFrame, aliases: dict[str, str], log: Log) -> StageOutcome:
        questions = normalization_questions(raw, aliases, embedder=self.embeddings or NavecEmbedder())
        client, results = run_llm_stage(self.llm, "normalization", normalization_tasks(questions), log)
        links = links_from_results(questions, results)
        report = {"entities_asked": len(questions), "entities_merged_by_llm": len(links), **client_report(client)}
        return StageOutcome(
            normalize_triplets(raw, aliases, links=links), result_failures(results), len(questions), report=report
        )


class NoveltyCheck(Protocol):
    """Fills in_wikidata and novelty: facts Wikidata already knows are left out of the graph."""

    def check(self, frame: pd.DataFrame, log: Log) -> pd.DataFrame: ...

    def describe(self) -> dict: ...


class NoNoveltyCheck:
    def describe(self) -> dict:
        return skipped_description("no Wikidata endpoint: RAGBENCH_WIKIDATA_ENDPOINT not set")

    def check(self, frame: pd.DataFrame, log: Log) -> pd.DataFrame:
        frame["novelty"] = NOVELTY_NOT_CHECKED
        return frame


@dataclass(frozen=True)
class WikidataNoveltyCheck:
    endpoint: str
    cache_path: Path
    contact: str | None = None  # goes into the User-Agent, as Wikimedia's policy asks
    min_interval: float = 1.0  # seconds between requests
    batch_size: int = 50

    def describe(self) -> dict:
        return {"name": "wikidata-sparql-lookup", "kind": SERVICE, "endpoint": self.endpoint,
                "summary": "wikidata-sparql-lookup"}  # fmt: skip

    def check(self, frame: pd.DataFrame, log: Log) -> pd.DataFrame:
        if frame.empty:
            return frame
        self.cache_path.parent.mkdir(parents=True, exist_ok=True)
        client = WikidataClient(
            self.endpoint,
            user_agent=default_user_agent(self.contact),
            cache_path=self.cache_path,
            min_interval=self.min_interval,
            batch_size=self.batch_size,
        )
        try:
            frame = apply_novelty(frame, check_novelty(frame, client))
        finally:
            client.close()
        log.info(f"Wikidata novelty: {client.requests_made} requests to the endpoint")
        return frame
