"""Triplet extraction strategies: the typed relation schema offline, or an LLM per text chunk."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pandas as pd

from ..common.parses import ParseCache, article_text, run_in_workers
from ..common.records import ItemFailure, StageOutcome
from ..common.strategy import Log, offline_description
from ..llm.client import LLMSettings
from ..llm.prompts import EXTRACTION_PROMPT
from ..llm.stage import client_report, llm_description, result_failures, run_llm_stage
from .llm import extraction_tasks, triplets_from_results
from .schema import EXTRACTOR_NAME, SCHEMA, extract_schema_triplets
from .triplets import RawTriplet, triplets_frame


class TripletExtractor(Protocol):
    """Raw (subject, relation, object) triplets from the month's articles, one table."""

    def extract(self, articles: pd.DataFrame, log: Log) -> StageOutcome: ...

    def describe(self) -> dict: ...


@dataclass(frozen=True)
class SchemaExtractor:
    """Offline: only the relations of the typed schema (core/extraction/schema/relations.py), matched
    by grammars over Natasha's parse; a sentence outside the schema yields no fact.

    Articles are spread over `workers` processes; each article is parsed once, and its parse is kept
    in `parse_cache_dir` (when given) for the filters and for reruns."""

    workers: int = 1
    parse_cache_dir: str | None = None

    def describe(self) -> dict:
        return offline_description(EXTRACTOR_NAME, relations=len(SCHEMA))

    def extract(self, articles: pd.DataFrame, log: Log) -> StageOutcome:
        items = list(articles[["article_id", "title", "text", "published_at"]].itertuples(index=False, name=None))

        def progress(done: int) -> None:
            if done % 250 == 0 or done == len(items):
                log.info(f"extracted {done}/{len(items)} articles")

        results = run_in_workers(
            partial(_extract_article, self.parse_cache_dir), items, workers=self.workers, on_progress=progress
        )
        triplets, failures = [], []
        for (article_id, *_), (found, error) in zip(items, results, strict=True):
            triplets += found
            if error is not None:
                failures.append(ItemFailure(article_id, error))
        return StageOutcome(triplets_frame(triplets), failures, attempted=len(articles))


def _extract_article(parse_cache_dir: str | None, item: tuple) -> tuple[list[RawTriplet], str | None]:
    """The schema's facts of one article, or the error that stopped it (one bad article must not stop
    the month). Module-level, so a worker process can run it."""
    article_id, title, text, published_at = item
    try:
        full_text = article_text(title, text)
        doc = ParseCache(parse_cache_dir).parse(full_text)
        return extract_schema_triplets(article_id, full_text, published_at, doc=doc), None
    except Exception as exc:  # noqa: BLE001
        return [], f"{type(exc).__name__}: {exc}"


@dataclass(frozen=True)
class LLMTripletExtractor:
    """prompts/triplet_extraction.j2 per chunk of whole sentences; replies validated by pydantic and
    grounded in their text."""

    llm: LLMSettings
    chunk_chars: int = 6000

    def describe(self) -> dict:
        return llm_description("llm-triplet-extraction", self.llm.model, [EXTRACTION_PROMPT],
                               chunk_chars=self.chunk_chars)  # fmt: skip

    def extract(self, articles: pd.DataFrame, log: Log) -> StageOutcome:
        tasks, chunks = extraction_tasks(articles, self.chunk_chars)
        client, results = run_llm_stage(self.llm, "extraction", tasks, log)
        outcome = triplets_from_results(results, chunks, extractor=f"llm:{self.llm.model}")
        if outcome.ungrounded:
            log.warning(f"dropped {len(outcome.ungrounded)} triplets whose entities are not in their text")
        if outcome.off_schema:
            log.warning(f"dropped {len(outcome.off_schema)} triplets that break the schema's type rules")
        report = {
            "chunks": len(tasks),
            "dropped_not_in_text": len(outcome.ungrounded),
            "dropped_not_in_text_preview": pd.DataFrame(outcome.ungrounded),
            "dropped_without_named_entity": outcome.without_named_entity,
            "dropped_off_schema": len(outcome.off_schema),
            "dropped_off_schema_preview": pd.DataFrame(outcome.off_schema),
            **client_report(client),
        }
        return StageOutcome(triplets_frame(outcome.triplets), result_failures(results), len(tasks), report=report)
