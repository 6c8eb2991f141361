"""Dagster pools: steps that share an outside service hold a slot of its pool while they run, so
parallel runs (a backfill, a rerun next to the schedule) do not overload it. The limits are set on
the instance from the settings (RAGBENCH_LLM_POOL_LIMIT, RAGBENCH_HUB_POOL_LIMIT): see
`ragbench pools` and the README."""

LLM_POOL = "llm"  # steps that call the OpenAI-compatible endpoint
HUB_POOL = "hub"  # steps that publish to the release hub


def pool_limits(operations) -> dict[str, int]:
    """The limit of each pool, from the settings (settings.OperationsOptions)."""
    return {LLM_POOL: operations.llm_pool_limit, HUB_POOL: operations.hub_pool_limit}


def apply_pool_limits(instance, operations) -> dict[str, int]:
    """Set the pools' limits on a Dagster instance (what `dagster instance concurrency set` does);
    limits live in the instance's storage, so this is run before the UI or daemon starts."""
    limits = pool_limits(operations)
    for pool, limit in limits.items():
        instance.event_log_storage.set_concurrency_slots(pool, limit)
    return limits
