"""LLM-backed strategies over any OpenAI-compatible endpoint (no Dagster import here).

client.py    the async client: concurrency and rate limits, timeouts, retries, structured output
cache.py     the persistent response cache on disk
prompts.py   rendering the Jinja prompts in prompts/ into chat messages, chunking long texts
extraction.py, normalization.py, qa.py   the three generation tasks
"""

from .cache import ResponseCache
from .client import LLMClient, LLMResult, LLMSettings, LLMTask, ReplyInvalid, RunStats

__all__ = ["LLMClient", "LLMResult", "LLMSettings", "LLMTask", "ReplyInvalid", "ResponseCache", "RunStats"]
