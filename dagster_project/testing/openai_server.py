"""A local OpenAI-compatible chat server for tests and benchmarks (needs aiohttp, in the [test] extra).

It listens on 127.0.0.1 on a free port, in a background thread, and answers
POST /v1/chat/completions with whatever a `responder` returns for the request. Faults are queued
with `inject`: the next matching requests get them instead of the responder's answer (a 429 with
Retry-After, a 500, a hang past the client's timeout, a body that is not JSON, ...). With
`failure_rate`, that share of calls (chat and embeddings, counted in arrival order, so exactly
floor(n * rate) of n calls) gets a 500. Every request is recorded (time, body, Authorization header)
so tests can count retries and check waits.

`task_responder` answers the project's own prompts like a cooperative model would: extraction
with the offline extractor run on the text in the prompt, normalization by surname and spelling
similarity, questions from the subgraph's facts, judge scores by question length, and "не знаю"
to closed-book questions, a RAG answer (the document sentence sharing most words with the
question, with its citation, or the refusal phrase) to `ragbench run`'s prompt, and RAGAS-style
verdicts by lemma containment to the metric prompts. It lets the whole pipeline and the scoring
run against this server with no model at all.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import razdel
from aiohttp import web


@dataclass
class Reply:
    """One answer of the server. `content` is the assistant message; `raw_body` replaces the
    whole HTTP body (for malformed responses)."""

    content: str | None = None
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    finish_reason: str = "stop"
    raw_body: str | None = None


@dataclass
class RecordedRequest:
    time: float
    body: dict
    authorization: str | None

    @property
    def messages(self) -> list[dict]:
        return self.body.get("messages", [])

    @property
    def first_user_message(self) -> str:
        return next((m["content"] for m in self.messages if m["role"] == "user"), "")


Responder = Callable[[dict], "Reply | str"]
Matcher = Callable[[dict], bool]


class FakeOpenAIServer:
    def __init__(self, responder: Responder, *, delay: float = 0.0, failure_rate: float = 0.0, port: int = 0):
        self.responder = responder
        self._port_wanted = port  # 0: a free port
        self.delay = delay
        self.failure_rate = failure_rate  # may be changed while serving (e.g. 0 for a healthy rerun)
        self._calls = 0
        self.requests: list[RecordedRequest] = []
        self._faults: list[tuple[Matcher | None, Reply]] = []
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopping: asyncio.Event | None = None
        self._started = threading.Event()
        self.port: int | None = None
        self.in_flight = 0
        self.max_in_flight = 0  # the most requests the server was handling at once

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # --- faults and records -------------------------------------------------------------------

    def inject(self, *replies: Reply, match: Matcher | None = None) -> None:
        """The next requests matching `match` (any request when None) get `replies`, in order."""
        with self._lock:
            self._faults += [(match, reply) for reply in replies]

    def pending_faults(self) -> int:
        with self._lock:
            return len(self._faults)

    def requests_matching(self, match: Matcher) -> list[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if match(r.body)]

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self._faults.clear()
            self.max_in_flight = 0

    def _take_fault(self, body: dict) -> Reply | None:
        with self._lock:
            for i, (match, reply) in enumerate(self._faults):
                if match is None or match(body):
                    del self._faults[i]
                    return reply
            call, self._calls = self._calls, self._calls + 1
            rate = self.failure_rate
            if rate and int((call + 1) * rate) > int(call * rate):  # exactly floor(n * rate) of n calls
                return Reply(status=500)
        return None

    # --- serving ------------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        try:
            body = await request.json()
        except json.JSONDecodeError:
            return web.json_response({"error": {"message": "request body is not JSON"}}, status=400)
        with self._lock:
            self.requests.append(RecordedRequest(time.monotonic(), body, request.headers.get("Authorization")))
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            return await self._answer(body)
        finally:
            with self._lock:
                self.in_flight -= 1

    async def _answer(self, body: dict) -> web.StreamResponse:
        reply = self._take_fault(body)
        if reply is None:  # in a worker thread, so a slow responder does not stall hangs and other requests
            answer = await asyncio.get_running_loop().run_in_executor(None, self.responder, body)
            reply = answer if isinstance(answer, Reply) else Reply(content=answer)
        delay = reply.delay or self.delay
        if delay:
            try:  # a hang ends early when the server stops
                await asyncio.wait_for(self._stopping.wait(), delay)
            except TimeoutError:
                pass
        if reply.raw_body is not None:
            return web.Response(text=reply.raw_body, status=reply.status, headers=reply.headers,
                                content_type="application/json")  # fmt: skip
        if reply.status != 200:
            payload = {"error": {"message": f"injected HTTP {reply.status}", "type": "test", "code": reply.status}}
            return web.json_response(payload, status=reply.status, headers=reply.headers)
        prompt_chars = sum(len(m.get("content") or "") for m in body.get("messages", []))
        content = reply.content or ""
        return web.json_response(
            {
                "id": f"chatcmpl-{len(self.requests)}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model", ""),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": content},
                        "finish_reason": reply.finish_reason,
                    }
                ],
                "usage": {
                    "prompt_tokens": prompt_chars // 4,
                    "completion_tokens": len(content) // 4 + 1,
                    "total_tokens": prompt_chars // 4 + len(content) // 4 + 1,
                },
            },
            headers=reply.headers,
        )

    async def _embeddings(self, request: web.Request) -> web.StreamResponse:
        """Bag-of-lemmas vectors (256 hashed dimensions): texts with the same words are similar."""
        body = await request.json()
        with self._lock:
            self.requests.append(RecordedRequest(time.monotonic(), body, request.headers.get("Authorization")))
        fault = self._take_fault(body)
        if fault is not None and fault.raw_body is not None:
            return web.Response(text=fault.raw_body, status=fault.status, content_type="application/json")
        if fault is not None and fault.status != 200:
            return web.json_response({"error": {"message": "injected"}}, status=fault.status, headers=fault.headers)
        delay = (fault.delay if fault else 0.0) or self.delay
        if delay:
            try:
                await asyncio.wait_for(self._stopping.wait(), delay)
            except TimeoutError:
                pass
        inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
        data = [{"object": "embedding", "index": i, "embedding": bag_of_lemmas(text)} for i, text in enumerate(inputs)]
        return web.json_response({"object": "list", "data": data, "model": body.get("model", ""),
                                  "usage": {"prompt_tokens": 1, "total_tokens": 1}})  # fmt: skip

    async def _serve(self) -> None:
        self._stopping = asyncio.Event()
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/v1/chat/completions", self._handle)
        app.router.add_post("/v1/embeddings", self._embeddings)
        runner = web.AppRunner(app, shutdown_timeout=1.0, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", self._port_wanted, backlog=512)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        self._started.set()
        await self._stopping.wait()
        await runner.cleanup()

    def start(self) -> FakeOpenAIServer:
        def run() -> None:
            self._loop = asyncio.new_event_loop()
            self._loop.run_until_complete(self._serve())
            self._loop.close()

        self._thread = threading.Thread(target=run, name="fake-openai-server", daemon=True)
        self._thread.start()
        if not self._started.wait(10):
            raise RuntimeError("the fake OpenAI server did not start")
        return self

    def stop(self) -> None:
        if self._loop is not None and self._stopping is not None:
            self._loop.call_soon_threadsafe(self._stopping.set)
        if self._thread is not None:
            self._thread.join(10)

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def bag_of_lemmas(text: str, dimensions: int = 256) -> list[float]:
    import hashlib

    from ..core.common.russian import lemma_key

    vector = [0.0] * dimensions
    for word in lemma_key(text).split():
        vector[int(hashlib.md5(word.encode()).hexdigest(), 16) % dimensions] += 1.0
    return vector


# --- a cooperative model for the project's prompts ----------------------------------------------


def prompt_task(body: dict) -> str:
    """'extraction', 'normalization', 'qa' or 'other', from the system prompt."""
    system = next((m["content"] for m in body.get("messages", []) if m["role"] == "system"), "")
    if "извлекаешь факты" in system:
        return "extraction"
    if "нормализуешь" in system:
        return "normalization"
    if "составляешь вопросы" in system:
        return "qa"
    if "оценивает вопросы" in system:
        return "judge"
    if "Ответь на вопрос по памяти" in system:
        return "closed_book"
    return next((task for marker, task in _SCORING_MARKERS.items() if marker in system), "other")


# Phrases of the system prompts of `ragbench run` (prompts/rag_answer.j2) and of the metrics (metric_*.j2).
_SCORING_MARKERS = {
    "отвечает на вопросы только по документам": "rag_answer",
    "разбиваешь текст на утверждения": "statements",
    "следуют ли утверждения из контекста": "faithfulness",
    "придумываешь вопросы к ответу": "answer_relevancy",
    "полезен ли фрагмент": "context_precision",
    "можно ли приписать утверждения": "context_recall",
    "сравниваешь утверждения ответа с эталоном": "answer_correctness",
}


def prompt_text(body: dict) -> str:
    """The article text of an extraction request."""
    user = RecordedRequest(0, body, None).first_user_message
    start = user.index('"""') + 3
    return user[start : user.index('"""', start)].strip()


def prompt_item(body: dict) -> dict:
    """The JSON input of a normalization or QA request."""
    user = RecordedRequest(0, body, None).first_user_message
    start = user.rindex("Вход:") + len("Вход:")
    end = user.rindex("Ответ:")
    return json.loads(user[start:end])


def _extraction_answer(body: dict) -> str:
    return _extraction_for_text(prompt_text(body))


# The fake model reads no dates off the prompt; relative dates resolve against this fixed day.
_FAKE_TODAY = "2025-09-15"


@lru_cache(maxsize=4096)
def _extraction_for_text(text: str) -> str:
    from ..core.extraction.schema import extract_schema_triplets

    triplets = []
    for t in extract_schema_triplets("prompt", text, _FAKE_TODAY):
        triplets.append(
            {
                "subject": t.subject_normal,
                "subject_type": t.subject_type,
                "relation": " ".join(part for part in (t.verb, t.complement, t.preposition) if part),
                "object": t.object_normal,
                "object_type": t.object_type,
                "evidence": t.sentence,
            }
        )
    return json.dumps({"triplets": triplets}, ensure_ascii=False)


def _normalization_answer(body: dict) -> str:
    from rapidfuzz import fuzz

    from ..core.common.russian import lemma_key

    item = prompt_item(body)
    mention = lemma_key(item["mention"])
    for candidate in item["candidates"]:
        key = lemma_key(candidate)
        same_surname = item["type"] == "PER" and len(mention.split()) == 1 and key.split()[-1:] == [mention]
        if same_surname or fuzz.ratio(mention, key) >= 94:
            return json.dumps({"canonical": candidate}, ensure_ascii=False)
    return json.dumps({"canonical": "new"}, ensure_ascii=False)


def _qa_answer(body: dict) -> str:
    item = prompt_item(body)
    facts, answer = item["facts"], item["answer"]
    answer_set = set(answer)

    def other_side(fact: dict) -> str:
        return fact["object"] if fact["subject"] in answer_set or fact["subject"] == item.get("bridge") else fact[
            "subject"
        ]

    if "bridge" in item:
        first, second = facts
        question = (
            f"Что связано отношением «{second['relation']}» с тем, что связано отношением "
            f"«{first['relation']}» с {item['anchor']}?"
        )
    elif len(answer) > 1:
        anchor = other_side(facts[0])
        question = f"Что связано отношением «{facts[0]['relation']}» с {anchor}? Назовите все."
    elif len(facts) == 2:
        question = (
            f"Что связано отношением «{facts[0]['relation']}» с {other_side(facts[0])} и отношением "
            f"«{facts[1]['relation']}» с {other_side(facts[1])}?"
        )
    else:
        question = f"Что связано отношением «{facts[0]['relation']}» с {other_side(facts[0])}?"
    return json.dumps({"question": question, "answer": ", ".join(answer)}, ensure_ascii=False)


# --- a cooperative generator and judge for the scoring prompts -----------------------------------

_CITATION_RE = re.compile(r"\s*\[\d+(?:\s*,\s*\d+)*\]")
_DOCUMENT_RE = re.compile(r"^\[(\d+)\] ", re.MULTILINE)
_REFUSAL_RE = re.compile(r"ответь ровно так: «([^»]+)»")


def content_set(text: str) -> set[str]:
    """The content lemmas of a text (function words and citations left out): the fake judge's facts."""
    from ..core.scoring.baseline import content_lemmas

    return set(content_lemmas(_CITATION_RE.sub("", text)))


def _follows(statement: str, evidence: str) -> int:
    """1 when every content lemma of `statement` occurs in `evidence` (an empty statement follows)."""
    return int(content_set(statement) <= content_set(evidence))


def _rag_answer(body: dict) -> str:
    """The document sentence sharing the most content lemmas (at least two) with the question, cited."""
    system = next((m["content"] for m in body["messages"] if m["role"] == "system"), "")
    refusal = _REFUSAL_RE.search(system)
    user = RecordedRequest(0, body, None).first_user_message
    question = user[user.rindex("Вопрос:") + len("Вопрос:") : user.rindex("Ответ:")]
    wanted = content_set(question)
    starts = list(_DOCUMENT_RE.finditer(user[: user.rindex("Вопрос:")]))
    best, best_overlap = "", 1
    for number, match in enumerate(starts):
        end = starts[number + 1].start() if number + 1 < len(starts) else user.rindex("Вопрос:")
        for sentence in razdel.sentenize(user[match.end() : end]):
            overlap = len(wanted & content_set(sentence.text))
            if overlap > best_overlap:
                best, best_overlap = f"{sentence.text} [{match.group(1)}]", overlap
    return best or (refusal.group(1) if refusal else "Не знаю.")


def _verdicts(statements: list[str], evidence: str) -> list[dict]:
    return [{"statement": i, "reason": "по словам", "verdict": _follows(s, evidence)}
            for i, s in enumerate(statements, 1)]  # fmt: skip


def _scoring_answer(task: str, item: dict) -> dict:
    if task == "statements":
        statements = [_CITATION_RE.sub("", s).strip() for s in item["sentences"]]
        return {"statements": [s for s in statements if content_set(s) and "не удалось найти" not in s.lower()]}
    if task in ("faithfulness", "context_recall"):
        return {"verdicts": _verdicts(item["statements"], "\n".join(item["contexts"]))}
    if task == "answer_relevancy":
        answer = _CITATION_RE.sub("", item["answer"]).strip()
        first = next((s.text for s in razdel.sentenize(answer)), "").rstrip(".!?")
        noncommittal = int(any(p in answer.lower() for p in ("не удалось найти", "не знаю")))
        return {"questions": [f"{first}?"] * item["n_questions"], "noncommittal": noncommittal}
    if task == "context_precision":
        return {"reason": "по словам", "verdict": _follows(item["reference"], item["context"])}
    answer, reference = " ".join(item["answer_statements"]), " ".join(item["reference_statements"])

    def supported(statement: str) -> int:  # within the reference, or stating one of its facts in full
        return max([_follows(statement, reference)] + [_follows(r, statement) for r in item["reference_statements"]])

    return {
        "answer": [{"statement": i, "supported": supported(s)} for i, s in enumerate(item["answer_statements"], 1)],
        "reference": [{"statement": i, "covered": _follows(s, answer)}
                      for i, s in enumerate(item["reference_statements"], 1)],
    }  # fmt: skip


def task_responder(body: dict) -> str:
    """Answers any of the project's prompts with valid JSON (see the module docstring)."""
    task = prompt_task(body)
    if task == "rag_answer":
        return _rag_answer(body)
    if task in _SCORING_MARKERS.values():
        return json.dumps(_scoring_answer(task, prompt_item(body)), ensure_ascii=False)
    if task == "extraction":
        return _extraction_answer(body)
    if task == "normalization":
        return _normalization_answer(body)
    if task == "qa":
        return _qa_answer(body)
    if task == "judge":  # a lenient judge: long questions read less clearly
        question = RecordedRequest(0, body, None).first_user_message.split("Вопрос:")[-1].split("Ответ:")[0]
        score = 2 if len(question.strip()) <= 100 else 1
        return f"Объяснение: оценка по длине и форме вопроса.\nОценка: {score}"
    if task == "closed_book":
        return json.dumps({"answer": "не знаю"}, ensure_ascii=False)
    return json.dumps({"error": "unknown task"})


def serve_until_stopped(responder: Responder, delay: float, port_queue, stop_event) -> None:
    """Target for a separate process (benchmarks keep the server off the client's event loop):
    report the port, serve until `stop_event` is set, then report how many requests arrived."""
    with FakeOpenAIServer(responder, delay=delay) as server:
        port_queue.put(server.port)
        stop_event.wait()
        port_queue.put(len(server.requests))


def main(argv: list[str] | None = None) -> None:
    """`python -m dagster_project.testing.openai_server --port 8765`: the cooperative fake model on
    127.0.0.1, for trying `ragbench run` and `ragbench evaluate --llm-metrics` offline."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--delay", type=float, default=0.0, help="seconds per reply")
    args = parser.parse_args(argv)
    with FakeOpenAIServer(task_responder, delay=args.delay, port=args.port) as server:
        print(f"fake OpenAI-compatible server at {server.base_url} (chat and embeddings); Ctrl-C stops it", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
