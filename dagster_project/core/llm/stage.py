"""Running one stage's batch of LLM tasks: progress logs, per-item failures, what the run cost,
and how an LLM strategy describes itself (model, prompts and their hashes)."""

from __future__ import annotations

import time
from urllib.parse import urlsplit, urlunsplit

from ..common.package_files import file_sha256, project_dir
from ..common.records import ItemFailure
from ..common.strategy import LLM, Log
from .client import EndpointUnavailable, LLMClient, LLMResult, LLMSettings, LLMTask


def run_llm_stage(
    settings: LLMSettings, stage: str, tasks: list[LLMTask], log: Log
) -> tuple[LLMClient, list[LLMResult]]:
    """Run `tasks` against the model of `settings`, logging progress every tenth of the batch."""
    client = LLMClient(settings)
    log.info(
        f"{stage}: {len(tasks)} requests to model {settings.model} "
        f"({settings.max_workers} in flight, cache {settings.cache_path})"
    )
    step = max(1, len(tasks) // 10)
    started = time.monotonic()

    def progress(done: int, total: int) -> None:
        if done % step == 0 or done == total:
            rate = done / max(time.monotonic() - started, 1e-9)
            log.info(f"{stage}: {done}/{total} requests answered or given up ({rate:.1f} items/s)")

    try:
        results = client.run_sync(tasks, progress)
    except EndpointUnavailable as exc:
        # the circuit breaker or the deadline stopped the batch: every item is a failure with the
        # reason, so the stage's error budget fails it naming the stage, the endpoint and the share
        # (replies that did arrive are in the cache for the rerun)
        log.warning(f"{stage}: {exc}")
        results = [LLMResult(item_id=task.item_id, error=str(exc)) for task in tasks]
    finally:
        if client.cache is not None:
            client.cache.close()
    failed = sum(not result.ok for result in results)
    summary = f"{stage}: {len(results) - failed} ok, {failed} failed at {endpoint_of(settings)}"
    (log.warning if failed else log.info)(summary)
    return client, results


def endpoint_of(settings: LLMSettings) -> str:
    """The endpoint's URL without any credentials it might embed, fit for logs and messages."""
    parts = urlsplit(settings.base_url)
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def result_failures(results: list[LLMResult]) -> list[ItemFailure]:
    return [ItemFailure(r.item_id, r.error, r.raw_reply) for r in results if not r.ok]


def client_report(client: LLMClient) -> dict:
    """What one client's run cost, for the stage's metadata."""
    stats = client.stats
    return {
        "llm_model": client.settings.model,
        "llm_endpoint": endpoint_of(client.settings),
        "llm_ok": stats.ok,
        "llm_failed": stats.failed,
        "llm_cached": stats.cached,
        "llm_requests": stats.requests,
        "llm_prompt_tokens": stats.prompt_tokens,
        "llm_completion_tokens": stats.completion_tokens,
        "llm_stats": stats.as_dict(),
    }


def prompt_sha256(prompt: str) -> str:
    return file_sha256(project_dir("prompts") / prompt)


def llm_description(name: str, model: str, prompts: list[str], **details) -> dict:
    """An LLM strategy: its model and the prompts it renders, each with the hash of its template."""
    return {
        "name": name,
        "kind": LLM,
        "model": model,
        "prompts_sha256": {prompt: prompt_sha256(prompt) for prompt in prompts},
        "summary": f"llm: {model} (prompt {', '.join(prompts)})",
        **details,
    }
