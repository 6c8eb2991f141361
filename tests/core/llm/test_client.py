"""The LLM client over real HTTP against a local OpenAI-compatible server, with injected faults."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest
from pydantic import BaseModel

from dagster_project.core.llm import LLMClient, LLMSettings, LLMTask, ResponseCache
from dagster_project.core.llm.client import pydantic_parser, retry_after_seconds
from dagster_project.testing.openai_server import FakeOpenAIServer, Reply

API_KEY = "sk-test-do-not-log-1234"


class Numbered(BaseModel):
    value: int


def echo_responder(body: dict) -> str:
    """Answers 'item N' with {"value": N}."""
    user = next(m["content"] for m in body["messages"] if m["role"] == "user")
    return json.dumps({"value": int(user.split()[-1])})


def tasks(n: int, start: int = 0) -> list[LLMTask]:
    parse = pydantic_parser(Numbered)
    return [LLMTask(f"item-{i}", [{"role": "user", "content": f"item {i}"}], parse) for i in range(start, start + n)]


def about(item: int):
    return lambda body: body["messages"][0]["content"] == f"item {item}"


@pytest.fixture
def server():
    with FakeOpenAIServer(echo_responder) as running:
        yield running


def client_for(server, tmp_path=None, **overrides) -> LLMClient:
    options = {"timeout": 5.0, "max_retries": 3, "initial_wait": 0.01, "max_wait": 3.0, "max_workers": 4}
    options.update(overrides)
    cache = ResponseCache(tmp_path / "cache.sqlite") if tmp_path is not None else None
    return LLMClient(LLMSettings(base_url=server.base_url, model="test-model", api_key=API_KEY, **options), cache)


def test_every_task_gets_its_result_in_order_and_usage_is_summed(server):
    client = client_for(server)
    results = client.run_sync(tasks(20))
    assert [r.item_id for r in results] == [f"item-{i}" for i in range(20)]
    assert [r.value.value for r in results] == list(range(20))
    assert client.stats.ok == 20 and client.stats.failed == 0 and client.stats.requests == 20
    assert client.stats.prompt_tokens > 0 and client.stats.completion_tokens >= 20
    assert {r.authorization for r in server.requests} == {f"Bearer {API_KEY}"}


def test_429_is_retried_after_the_servers_retry_after(server):
    server.inject(Reply(status=429, headers={"Retry-After": "1"}), match=about(0))
    client = client_for(server)
    [result] = client.run_sync(tasks(1))
    assert result.ok and result.value.value == 0
    first, second = server.requests
    assert second.time - first.time >= 0.95  # the backoff alone would be ~0.01 s
    assert client.stats.retries == 1 and client.stats.errors_by_kind == {"http 429": 1}


def test_5xx_is_retried_with_backoff_until_max_retries(server):
    server.inject(Reply(status=500), Reply(status=503), match=about(0))
    server.inject(*[Reply(status=502)] * 4, match=about(1))
    client = client_for(server, max_retries=3)
    ok, failed = client.run_sync(tasks(2))
    assert ok.ok and ok.requests == 3
    assert not failed.ok and failed.requests == 4  # 1 + max_retries
    assert "gave up after 4 attempts" in failed.error and "HTTP 502" in failed.error
    assert client.stats.failed == 1


def test_a_hang_past_the_timeout_is_retried(server):
    server.inject(Reply(delay=10, content='{"value": 0}'), match=about(0))
    client = client_for(server, timeout=0.4)
    started = time.monotonic()
    [result] = client.run_sync(tasks(1))
    assert result.ok and result.requests == 2
    assert time.monotonic() - started < 5
    assert client.stats.errors_by_kind == {"timeout": 1}


@pytest.mark.parametrize("status", [400, 401, 404, 422])
def test_other_4xx_are_not_retried(server, status):
    server.inject(Reply(status=status), match=about(0))
    client = client_for(server)
    [result] = client.run_sync(tasks(1))
    assert not result.ok and result.requests == 1
    assert f"HTTP {status}" in result.error and "not retried" in result.error


def test_connection_errors_are_retried_then_recorded(tmp_path):
    with FakeOpenAIServer(echo_responder) as stopped:
        base_url = stopped.base_url
    client = LLMClient(LLMSettings(base_url=base_url, model="m", max_retries=2, initial_wait=0.01, timeout=2))
    [result] = client.run_sync(tasks(1))
    assert not result.ok and result.requests == 3
    assert "connection error" in result.error


def test_non_json_reply_is_sent_back_once_with_the_error(server):
    server.inject(Reply(content="Конечно! Вот ответ: value = 0"), match=about(0))
    client = client_for(server)
    [result] = client.run_sync(tasks(1))
    assert result.ok and result.value.value == 0 and result.requests == 2
    repair = server.requests[1].messages
    assert repair[-2] == {"role": "assistant", "content": "Конечно! Вот ответ: value = 0"}
    assert "not valid JSON" in repair[-1]["content"]
    assert client.stats.repairs == 1


def test_wrong_shape_twice_is_a_recorded_failure_with_the_raw_reply(server):
    server.inject(Reply(content='{"val": 1}'), Reply(content='{"value": "много"}'), match=about(3))
    client = client_for(server)
    results = client.run_sync(tasks(5))
    failed = [r for r in results if not r.ok]
    assert [r.item_id for r in failed] == ["item-3"]
    assert "wrong shape" in failed[0].error and "value" in failed[0].error
    assert failed[0].raw_reply == '{"value": "много"}'
    assert failed[0].value is None
    assert client.stats.ok == 4 and client.stats.failed == 1


def test_truncated_output_is_repaired(server):
    server.inject(Reply(content='{"value": 1', finish_reason="length"), match=about(1))
    client = client_for(server)
    [_, result] = client.run_sync(tasks(2))
    assert result.ok and result.requests == 2
    assert "cut off" in server.requests_matching(about(1))[-1].messages[-1]["content"]


def test_fenced_json_is_accepted(server):
    server.inject(Reply(content='```json\n{"value": 0}\n```'), match=about(0))
    [result] = client_for(server).run_sync(tasks(1))
    assert result.ok and result.requests == 1


def test_the_cache_makes_a_second_run_ask_only_what_failed(server, tmp_path):
    server.inject(Reply(status=400), match=about(2))
    first = client_for(server, tmp_path)
    results = first.run_sync(tasks(6))
    assert sum(not r.ok for r in results) == 1 and len(server.requests) == 6
    server.reset()
    second = client_for(server, tmp_path)
    results = second.run_sync(tasks(6))
    assert all(r.ok for r in results)
    assert len(server.requests) == 1  # only the item that failed before
    assert second.stats.cached == 5 and second.stats.requests == 1
    server.reset()
    third = client_for(server, tmp_path)
    assert all(r.cached for r in third.run_sync(tasks(6)))
    assert server.requests == [] and third.stats.requests == 0


def test_the_cache_key_includes_model_and_parameters(server, tmp_path):
    client_for(server, tmp_path).run_sync(tasks(2))
    server.reset()
    client_for(server, tmp_path, temperature=0.7).run_sync(tasks(2))
    assert len(server.requests) == 2
    server.reset()
    other = LLMClient(
        LLMSettings(base_url=server.base_url, model="other-model", initial_wait=0.01),
        ResponseCache(tmp_path / "cache.sqlite"),
    )
    other.run_sync(tasks(2))
    assert len(server.requests) == 2


def test_concurrency_is_limited():
    with FakeOpenAIServer(echo_responder, delay=0.15) as slow:
        client = client_for(slow, max_workers=3)
        client.run_sync(tasks(12))
        assert slow.max_in_flight == 3


def test_requests_per_minute_spaces_requests(server):
    client = client_for(server, requests_per_minute=600)  # one every 0.1 s
    client.run_sync(tasks(6))
    times = [r.time for r in server.requests]
    assert times[-1] - times[0] >= 0.4


def test_the_api_key_never_appears_in_errors(server):
    echo = json.dumps({"error": {"message": f"invalid key {API_KEY}"}})
    server.inject(Reply(status=401, raw_body=echo), match=about(0))
    server.inject(Reply(content=f"not json {API_KEY}"), Reply(content=f"still not {API_KEY}"), match=about(1))
    client = client_for(server)
    results = client.run_sync(tasks(2))
    assert not any(r.ok for r in results)
    for result in results:
        assert API_KEY not in result.error and API_KEY not in result.raw_reply
    assert API_KEY not in repr(client.settings)
    assert "***" in results[0].error


def test_retry_after_forms():
    assert retry_after_seconds({"retry-after": "2"}) == 2.0
    assert retry_after_seconds({"retry-after-ms": "250"}) == 0.25
    future = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    assert 25 <= retry_after_seconds({"retry-after": future}) <= 31
    assert retry_after_seconds({"retry-after": "soon"}) is None
    assert retry_after_seconds({}) is None


def test_an_endpoint_that_never_answers_trips_the_circuit_breaker_naming_it():
    from dagster_project.core.llm.client import EndpointUnavailable

    with FakeOpenAIServer(echo_responder, delay=30) as silent:
        client = client_for(silent, timeout=0.2, max_retries=5, max_workers=2, circuit_breaker_failures=3)
        with pytest.raises(EndpointUnavailable) as error:
            client.run_sync(tasks(40))
        message = str(error.value)
        assert silent.base_url in message and "test-model" in message
        assert "failed 3 times in a row" in message and "timed out" in message
        # stopped after the breaker opened: not 40 items x 6 attempts
        assert len(silent.requests) <= 3 + 2


def test_a_batch_past_its_deadline_fails_with_progress_counts():
    from dagster_project.core.llm.client import EndpointUnavailable

    with FakeOpenAIServer(echo_responder, delay=30) as slow:
        client = client_for(slow, timeout=20, max_workers=2, stage_deadline=0.5)
        with pytest.raises(EndpointUnavailable, match=r"deadline of 0.5 s with 0 of 4 items done"):
            client.run_sync(tasks(4))


def test_rate_limiting_and_isolated_failures_do_not_trip_the_breaker(server):
    server.inject(*[Reply(status=429, headers={"Retry-After": "0"})] * 4, match=about(0))
    server.inject(Reply(status=500), match=about(1))
    client = client_for(server, circuit_breaker_failures=2, max_retries=5, max_workers=1)
    results = client.run_sync(tasks(4))
    assert all(r.ok for r in results)
