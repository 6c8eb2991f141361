"""What every model-backed stage's strategy shares: it says what it is, and it logs as it runs.

A stage has one interface (a TripletExtractor, a QuestionGenerator, ...) with an offline and a
model implementation. `describe()` returns a JSON-able dict that is recorded with the data the
strategy produced, and the release manifest is assembled from those records. Every description
has a `name`, a `kind` (one of the constants below) and a one-line `summary`.
"""

from __future__ import annotations

from typing import Protocol

# offline: no model and no network; llm: an OpenAI-compatible endpoint; model: a local model;
# service: a lookup in an outside service (Wikidata); skipped: nothing configured, verdicts are 'skipped';
# unrecorded: the data carries no record of what made it (materialized before strategies were recorded)
OFFLINE, LLM, MODEL, SERVICE, SKIPPED, UNRECORDED = "offline", "llm", "model", "service", "skipped", "unrecorded"


class Log(Protocol):
    """Where a strategy reports progress: a Dagster context's log or a logging.Logger."""

    def info(self, msg: str) -> None: ...

    def warning(self, msg: str) -> None: ...


def offline_description(name: str, **details) -> dict:
    """An offline strategy: no model, no network."""
    return {"name": name, "kind": OFFLINE, "summary": f"offline: {name}", **details}


def skipped_description(reason: str) -> dict:
    """A stage that did not run because nothing is configured for it; its verdicts are 'skipped'."""
    return {"name": "skipped", "kind": SKIPPED, "reason": reason, "summary": f"skipped ({reason})"}


def unrecorded_description(asset_name: str) -> dict:
    return {"name": "unrecorded", "kind": UNRECORDED,
            "summary": f"unrecorded: materialize {asset_name} again to record its strategy"}  # fmt: skip
