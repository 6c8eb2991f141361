"""The shared LLM service over any OpenAI-compatible endpoint (no Dagster import here); the stages'
LLM strategies (in their own packages' strategies.py) use it.

client.py    the async client: concurrency and rate limits, timeouts, retries, structured output
cache.py     the persistent response cache on disk
prompts.py   rendering the Jinja prompts in prompts/ into chat messages, chunking long texts
stage.py     running one stage's batch with progress logs, its failures and cost, describing a strategy
"""

from .cache import ResponseCache
from .client import LLMClient, LLMResult, LLMSettings, LLMTask, ReplyInvalid, RunStats

__all__ = ["LLMClient", "LLMResult", "LLMSettings", "LLMTask", "ReplyInvalid", "ResponseCache", "RunStats"]
