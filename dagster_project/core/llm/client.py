"""An async client for OpenAI-compatible chat endpoints, built for batch generation.

- Concurrency: at most `max_workers` requests in flight; optionally at most `requests_per_minute`.
- Transport faults: timeouts, connection errors, 429 and 5xx are retried with exponential backoff
  and jitter (a 429's Retry-After is honoured), up to `max_retries` times; any other 4xx is final.
- Structured output: every reply goes through the task's `parse` (usually a pydantic model). A reply
  that is not valid JSON, has the wrong shape or was cut off at max_tokens is sent back once with
  the validation error; if the second reply is invalid too, the item is recorded as failed with
  its error and raw reply. Every task gets a result: nothing is dropped or silently empty.
- Validated replies are cached on disk, so a re-run asks only for the items that failed.
- Deadlines: each request has `timeout`; a batch has `stage_deadline`; after
  `circuit_breaker_failures` consecutive transport failures (timeouts, connection errors, 5xx) the
  endpoint is given up on: the batch raises EndpointUnavailable naming it, instead of waiting out
  every retry of every item against an endpoint that does not answer.

The openai client's own retries are switched off so that this module is the only retry policy.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

import openai
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

from .cache import ResponseCache, cache_key

T = TypeVar("T")

# Sent when a reply fails validation; the model sees its own reply and the error.
REPAIR_MESSAGE = (
    "Твой ответ не прошёл проверку: {error}\n"
    "Исправь ответ. Верни только один JSON-объект по описанной схеме, без пояснений и без markdown."
)
TRUNCATED_ERROR = "the reply was cut off at the token limit (finish_reason=length); answer more briefly"
_FENCE_RE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


class ReplyInvalid(ValueError):
    """The model's reply cannot be used (bad JSON, wrong shape, breaks a task rule)."""


class LLMSettings(BaseModel):
    """Everything that configures the client (the RAGAS RunConfig knobs, plus sampling)."""

    model_config = ConfigDict(frozen=True)

    base_url: str
    model: str
    api_key: SecretStr | None = None
    timeout: float = Field(60.0, gt=0, description="seconds per request")
    max_retries: int = Field(5, ge=0, description="retries of one request after transport faults")
    initial_wait: float = Field(1.0, ge=0, description="first backoff, doubled on each retry")
    max_wait: float = Field(60.0, ge=0, description="longest wait between two attempts")
    max_workers: int = Field(16, ge=1, description="requests in flight")
    requests_per_minute: int | None = Field(None, ge=1)
    temperature: float = 0.0
    max_tokens: int | None = 2048
    json_mode: bool = True
    seed: int | None = None
    cache_path: Path | None = None
    circuit_breaker_failures: int = Field(10, ge=1, description="consecutive transport failures that stop a batch")
    stage_deadline: float | None = Field(None, gt=0, description="seconds a whole batch may take")

    def parameters(self) -> dict[str, Any]:
        """Sampling parameters sent with every request (and part of the cache key)."""
        params: dict[str, Any] = {"temperature": self.temperature}
        if self.max_tokens is not None:
            params["max_tokens"] = self.max_tokens
        if self.json_mode:
            params["response_format"] = {"type": "json_object"}
        if self.seed is not None:
            params["seed"] = self.seed
        return params


@dataclass
class LLMTask(Generic[T]):
    """One item to ask about: its id (for failure records), the messages, and how to read the reply."""

    item_id: str
    messages: list[dict[str, str]]
    parse: Callable[[str], T]
    repair_message: str = REPAIR_MESSAGE  # sent with the error after an invalid reply ({error})
    json_mode: bool = True  # ask the server for a JSON object (when the settings allow it)


@dataclass
class LLMResult(Generic[T]):
    item_id: str
    value: T | None = None
    error: str = ""
    raw_reply: str = ""
    cached: bool = False
    requests: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds of each request sent (not queueing)

    @property
    def ok(self) -> bool:
        return not self.error


@dataclass
class RunStats:
    """Counts over one or more batches; shown in the stage's metadata."""

    ok: int = 0
    failed: int = 0
    cached: int = 0
    requests: int = 0
    retries: int = 0
    repairs: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    errors_by_kind: dict[str, int] = field(default_factory=dict)

    def count_error(self, kind: str) -> None:
        self.errors_by_kind[kind] = self.errors_by_kind.get(kind, 0) + 1

    def as_dict(self) -> dict[str, Any]:
        return asdict(self) | {
            "seconds": round(self.seconds, 2),
            "errors_by_kind": dict(sorted(self.errors_by_kind.items())),
        }


class _TransportFailure(Exception):
    """A request that could not get a reply after all retries (or got a final 4xx)."""


class EndpointUnavailable(RuntimeError):
    """A batch stopped: the endpoint failed too many times in a row, or the batch ran past its
    deadline. The message names the endpoint and how far the batch got."""


@dataclass
class _Reply:
    content: str
    finish_reason: str | None
    usage: dict[str, int]


def parse_json_object(reply: str) -> Any:
    """The JSON value of a reply, tolerating a markdown code fence around it."""
    text = reply.strip()
    fenced = _FENCE_RE.match(text)
    if fenced:
        text = fenced.group(1)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplyInvalid(f"not valid JSON ({exc.msg} at position {exc.pos})") from None


def pydantic_parser(model: type[BaseModel], check: Callable[[Any], None] | None = None) -> Callable[[str], Any]:
    """A `parse` function: JSON -> `model`, then the optional task rule `check` (raises ReplyInvalid)."""

    def parse(reply: str):
        data = parse_json_object(reply)
        try:
            value = model.model_validate(data)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in error['loc']) or 'reply'}: {error['msg']}" for error in exc.errors()[:5]
            )
            raise ReplyInvalid(f"JSON of the wrong shape: {problems}") from None
        if check is not None:
            check(value)
        return value

    return parse


def retry_after_seconds(headers) -> float | None:
    """Seconds asked for by Retry-After (or OpenAI's retry-after-ms), when the server says."""
    if headers is None:
        return None
    milliseconds = headers.get("retry-after-ms")
    if milliseconds:
        try:
            return max(0.0, float(milliseconds) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


class LLMClient:
    """Runs batches of tasks against one model of one endpoint."""

    def __init__(self, settings: LLMSettings, cache: ResponseCache | None = None, *, rng: random.Random | None = None):
        self.settings = settings
        if cache is None and settings.cache_path is not None:
            cache = ResponseCache(settings.cache_path)
        self.cache = cache
        self.stats = RunStats()
        self._rng = rng or random.Random()
        self._consecutive_failures = 0
        self._open_reason = ""  # set when the circuit breaker opens: the batch stops

    # --- public -------------------------------------------------------------------------------

    def run_sync(self, tasks: list[LLMTask], progress: Callable[[int, int], None] | None = None) -> list[LLMResult]:
        """Run a batch from synchronous code (a Dagster asset, the CLI)."""
        return asyncio.run(self.run(tasks, progress))

    async def run(self, tasks: list[LLMTask], progress: Callable[[int, int], None] | None = None) -> list[LLMResult]:
        """Results in the order of `tasks`, one per task."""
        started = time.monotonic()
        semaphore = asyncio.Semaphore(self.settings.max_workers)
        limiter = None
        if self.settings.requests_per_minute:
            from aiolimiter import AsyncLimiter

            # one request per 60/rpm seconds, evenly spaced rather than in bursts
            limiter = AsyncLimiter(1, 60 / self.settings.requests_per_minute)
        api_key = self.settings.api_key.get_secret_value() if self.settings.api_key else "not-needed"
        client = openai.AsyncOpenAI(
            base_url=self.settings.base_url,
            api_key=api_key,
            timeout=self.settings.timeout,
            max_retries=0,  # retries are ours: see module docstring
        )
        done = 0

        async def one(task: LLMTask) -> LLMResult:
            nonlocal done
            result = await self._run_task(client, semaphore, limiter, task)
            done += 1
            if progress is not None:
                progress(done, len(tasks))
            return result

        try:
            results = await asyncio.wait_for(
                asyncio.gather(*(one(task) for task in tasks)), timeout=self.settings.stage_deadline
            )
        except TimeoutError:
            raise EndpointUnavailable(
                f"{self.endpoint}: the batch ran past its deadline of {self.settings.stage_deadline:g} s "
                f"with {done} of {len(tasks)} items done (RAGBENCH_LLM_STAGE_DEADLINE)"
            ) from None
        finally:
            await client.close()
            self.stats.seconds += time.monotonic() - started
        if self._open_reason:
            raise EndpointUnavailable(f"{self._open_reason}; {done} of {len(tasks)} items were attempted")
        return list(results)

    @property
    def endpoint(self) -> str:
        return f"LLM endpoint {self.settings.base_url} (model {self.settings.model})"

    def _transport_failed(self, error: str) -> None:
        """One more failure in a row; the breaker opens at the configured count."""
        self._consecutive_failures += 1
        if not self._open_reason and self._consecutive_failures >= self.settings.circuit_breaker_failures:
            self._open_reason = (
                f"{self.endpoint} failed {self._consecutive_failures} times in a row (last: {self._redact(error)}); "
                "stopped calling it (RAGBENCH_LLM_CIRCUIT_BREAKER)"
            )

    # --- one task -----------------------------------------------------------------------------

    async def _run_task(self, client, semaphore, limiter, task: LLMTask) -> LLMResult:
        parameters = self.settings.parameters()
        if not task.json_mode:
            parameters.pop("response_format", None)
        key = cache_key(self.settings.base_url, self.settings.model, task.messages, parameters)
        result = LLMResult(item_id=task.item_id)
        if self.cache is not None and (hit := self.cache.get(key)) is not None:
            try:
                result.value, result.raw_reply, result.cached = task.parse(hit[0]), hit[0], True
                self.stats.ok += 1
                self.stats.cached += 1
                return result
            except (ReplyInvalid, ValueError):
                pass  # the task's rules changed since this reply was cached: ask again
        messages = list(task.messages)
        for round_number in (1, 2):  # the first answer, then one repair round
            try:
                reply = await self._request(client, semaphore, limiter, messages, parameters, result)
            except _TransportFailure as exc:
                return self._failed(result, str(exc))
            result.raw_reply = reply.content
            try:
                if reply.finish_reason == "length":
                    raise ReplyInvalid(TRUNCATED_ERROR)
                result.value = task.parse(reply.content)
            except (ReplyInvalid, ValueError) as exc:
                error = self._redact(str(exc)) or type(exc).__name__
                self.stats.count_error("invalid reply")
                if round_number == 2:
                    return self._failed(result, f"invalid reply after one repair round: {error}")
                self.stats.repairs += 1
                messages = messages + [
                    {"role": "assistant", "content": reply.content},
                    {"role": "user", "content": task.repair_message.format(error=error)},
                ]
                continue
            if self.cache is not None:
                self.cache.put(key, reply.content, reply.usage)
            self.stats.ok += 1
            return result
        raise AssertionError("unreachable")

    def _failed(self, result: LLMResult, error: str) -> LLMResult:
        result.error = self._redact(error)
        result.raw_reply = self._redact(result.raw_reply)
        self.stats.failed += 1
        return result

    async def _request(self, client, semaphore, limiter, messages, parameters, result: LLMResult) -> _Reply:
        """One chat completion, with the transport retry policy."""

        async def call():
            return await client.chat.completions.create(model=self.settings.model, messages=messages, **parameters)

        def convert(response) -> _Reply:
            reply = self._reply(response)
            self.add_usage(reply.usage)
            return reply

        return await self._with_retries(semaphore, limiter, result, call, convert)

    async def _with_retries(self, semaphore, limiter, result: LLMResult, call, convert):
        """`call()` under the concurrency and rate limits, retried on timeouts, connection errors,
        429 (after Retry-After) and 5xx; `convert` turns the response into the value."""
        settings = self.settings
        last_error = ""
        for attempt in range(settings.max_retries + 1):
            if self._open_reason:
                raise _TransportFailure(self._open_reason)
            if attempt:
                self.stats.retries += 1
            retry_after: float | None = None
            try:
                if limiter is not None:
                    await limiter.acquire()
                async with semaphore:
                    if self._open_reason:
                        raise _TransportFailure(self._open_reason)
                    self.stats.requests += 1
                    result.requests += 1
                    sent = time.monotonic()
                    try:
                        response = await call()
                    finally:
                        result.latencies.append(time.monotonic() - sent)
                value = convert(response)
                self._consecutive_failures = 0
                return value
            except openai.APITimeoutError:
                last_error, kind = f"timed out after {settings.timeout:g} s", "timeout"
            except openai.APIConnectionError as exc:
                last_error, kind = f"connection error: {exc}", "connection"
            except openai.APIStatusError as exc:
                status = exc.status_code
                last_error, kind = f"HTTP {status}: {_short(exc.message)}", f"http {status}"
                if status == 429:
                    retry_after = retry_after_seconds(exc.response.headers)
                elif status < 500:
                    self.stats.count_error(kind)
                    raise _TransportFailure(f"{last_error} (not retried)") from None
            except ReplyInvalid as exc:  # a 200 whose body is not a chat completion
                last_error, kind = str(exc), "malformed response"
                self.stats.count_error(kind)
                raise _TransportFailure(last_error) from None
            self.stats.count_error(kind)
            if kind != "http 429":  # being rate limited is an answer, not an endpoint that is down
                self._transport_failed(last_error)
            if attempt < settings.max_retries and not self._open_reason:
                await asyncio.sleep(self._wait(attempt, retry_after))
        raise _TransportFailure(f"gave up after {settings.max_retries + 1} attempts: {last_error}")

    # --- embeddings ---------------------------------------------------------------------------

    def embed_sync(self, texts: list[str], batch_size: int = 64) -> list[list[float] | None]:
        return asyncio.run(self.embed(texts, batch_size))

    async def embed(self, texts: list[str], batch_size: int = 64) -> list[list[float] | None]:
        """Embeddings of `texts` from the endpoint's /embeddings (same limits and retries as chat);
        None for the texts of a batch that failed (counted in stats.failed)."""
        semaphore = asyncio.Semaphore(self.settings.max_workers)
        api_key = self.settings.api_key.get_secret_value() if self.settings.api_key else "not-needed"
        client = openai.AsyncOpenAI(
            base_url=self.settings.base_url, api_key=api_key, timeout=self.settings.timeout, max_retries=0
        )

        async def one(start: int) -> list[list[float] | None]:
            batch = texts[start : start + batch_size]
            result = LLMResult(item_id=f"embeddings[{start}:{start + len(batch)}]")

            async def call():
                return await client.embeddings.create(model=self.settings.model, input=batch)

            def convert(response) -> list[list[float]]:
                data = sorted(response.data, key=lambda d: d.index)
                if len(data) != len(batch):
                    raise ReplyInvalid(f"{len(data)} embeddings for {len(batch)} texts")
                return [list(d.embedding) for d in data]

            try:
                vectors = await self._with_retries(semaphore, None, result, call, convert)
                self.stats.ok += 1
                return vectors
            except _TransportFailure:
                self.stats.failed += 1
                return [None] * len(batch)

        try:
            batches = await asyncio.gather(*(one(start) for start in range(0, len(texts), batch_size)))
        finally:
            await client.close()
        if self._open_reason:
            raise EndpointUnavailable(self._open_reason)
        return [vector for batch in batches for vector in batch]

    def _wait(self, attempt: int, retry_after: float | None) -> float:
        """Exponential backoff with jitter; a server's Retry-After is a lower bound."""
        backoff = min(self.settings.max_wait, self.settings.initial_wait * 2**attempt)
        jittered = backoff / 2 + self._rng.uniform(0, backoff / 2)
        if retry_after is not None:
            return min(self.settings.max_wait, retry_after + self._rng.uniform(0, backoff / 4))
        return jittered

    @staticmethod
    def _reply(response) -> _Reply:
        choices = getattr(response, "choices", None)
        if not choices:
            raise ReplyInvalid("the server's response has no choices")
        message = choices[0].message
        usage = getattr(response, "usage", None)
        counts = {
            "prompt_tokens": int(getattr(usage, "prompt_tokens", 0) or 0),
            "completion_tokens": int(getattr(usage, "completion_tokens", 0) or 0),
        }
        content = (message.content if message else None) or ""
        return _Reply(content=content, finish_reason=choices[0].finish_reason, usage=counts)

    def _redact(self, text: str) -> str:
        secret = self.settings.api_key.get_secret_value() if self.settings.api_key else ""
        return text.replace(secret, "***") if secret and text else text

    def add_usage(self, usage: dict[str, int]) -> None:
        self.stats.prompt_tokens += usage.get("prompt_tokens", 0)
        self.stats.completion_tokens += usage.get("completion_tokens", 0)


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
