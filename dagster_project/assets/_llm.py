"""What the LLM-backed assets share: the client for a stage, progress logs, failures, metadata."""

from __future__ import annotations

from dagster import AssetExecutionContext, MetadataValue

from ..core.common.records import ItemFailure
from ..core.llm import LLMClient, LLMResult, LLMTask
from ..resources import LLMResource, StorageResource

OFFLINE_NOTE = "offline strategy (no LLM configured: RAGBENCH_LLM_BASE_URL is not set)"


def run_llm_stage(
    context: AssetExecutionContext,
    llm: LLMResource,
    storage: StorageResource,
    stage: str,
    tasks: list[LLMTask],
    model: str | None = None,
) -> tuple[LLMClient, list[LLMResult]]:
    client = llm.client(stage, storage, model=model)
    context.log.info(
        f"{stage}: {len(tasks)} requests to model {client.settings.model} "
        f"({client.settings.max_workers} in flight, cache {client.settings.cache_path})"
    )
    step = max(1, len(tasks) // 10)

    def progress(done: int, total: int) -> None:
        if done % step == 0 or done == total:
            context.log.info(f"{stage}: {done}/{total} done")

    try:
        results = client.run_sync(tasks, progress)
    finally:
        if client.cache is not None:
            client.cache.close()
    return client, results


def result_failures(results: list[LLMResult]) -> list[ItemFailure]:
    return [ItemFailure(r.item_id, r.error, r.raw_reply) for r in results if not r.ok]


def llm_metadata(client: LLMClient) -> dict:
    stats = client.stats
    return {
        "llm_model": MetadataValue.text(client.settings.model),
        "llm_ok": MetadataValue.int(stats.ok),
        "llm_failed": MetadataValue.int(stats.failed),
        "llm_cached": MetadataValue.int(stats.cached),
        "llm_requests": MetadataValue.int(stats.requests),
        "llm_prompt_tokens": MetadataValue.int(stats.prompt_tokens),
        "llm_completion_tokens": MetadataValue.int(stats.completion_tokens),
        "llm_stats": MetadataValue.json(stats.as_dict()),
    }


def llm_strategy(llm: LLMResource, stage: str, prompt: str) -> str:
    return f"llm: {llm.model_for(stage)} (prompt {prompt})"
