"""Dagster pools: steps that share an outside service hold a slot of its pool while they run, so
parallel runs (a backfill, a rerun next to the schedule) do not overload it. The limits are set on
the instance from the settings (RAGBENCH_LLM_POOL_LIMIT, RAGBENCH_HUB_POOL_LIMIT): see
`ragbench pools` and the README."""

LLM_POOL = "llm"  # steps that call the OpenAI-compatible endpoint
HUB_POOL = "hub"  # steps that publish to the release hub
