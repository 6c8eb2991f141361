"""Throughput of `ragbench run` (core.scoring.runner.run_generator) against a local OpenAI-compatible
server that answers every request after a fixed delay (100 ms by default), like a busy model.

A synthetic release of --questions questions is published to a temporary local hub; the runner
answers all of them with the gold texts as documents (--retriever none), once with one request in
flight and once with --concurrency in flight, each with a fresh cache, then once more into the
concurrent run's folder (a resumed run: no request should reach the server). The times are of the
whole run: loading the release, retrieval, prompts, calls and writing the files.

The server runs in a child process, so its work does not compete with the runner for the GIL.

Usage: python benchmarks/runner_throughput.py [--questions 256] [--delay 0.1] [--concurrency 16]
Last line: RESULT runner_speedup <sequential seconds / concurrent seconds>
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import tempfile
import time
from pathlib import Path

import pandas as pd

from dagster_project.core.llm import LLMSettings
from dagster_project.core.release.hub.local import LocalHub
from dagster_project.core.scoring.runner import RunnerConfig, run_generator
from dagster_project.testing.openai_server import serve_until_stopped

VERSION = "1.13.0"
TEXTS = 40


def _canned(body: dict) -> str:
    return "Завод открыли в Твери [1]."


def _release(questions: int) -> dict[str, pd.DataFrame]:
    texts = [f"Компания «Ветер-{i}» открыла завод номер {i} в Твери. Завод выпустит {i + 10} турбин."
             for i in range(TEXTS)]  # fmt: skip
    private_ids = [f"article-{i}" for i in range(TEXTS)]
    asked = [f"Сколько турбин выпустит завод номер {i % TEXTS} компании «Ветер-{i % TEXTS}»? (вариант {i})"
             for i in range(questions)]  # fmt: skip
    return {
        "public_texts": pd.DataFrame({"id": range(TEXTS), "text": texts}),
        "public_questions": pd.DataFrame({"id": range(questions), "question": asked}),
        "private_qa": pd.DataFrame(
            {
                "public_id": range(questions),
                "question": asked,
                "answer": [str(i % TEXTS + 10) for i in range(questions)],
                "type": ["simple"] * questions,
                "text_ids": [json.dumps([private_ids[i % TEXTS]]) for i in range(questions)],
            }
        ),
        "private_texts": pd.DataFrame({"id": private_ids, "public_id": range(TEXTS)}),
    }


def _run(hub: LocalHub, base_url: str, concurrency: int, out: Path) -> tuple[float, dict]:
    settings = LLMSettings(base_url=base_url, model="bench-model", max_workers=concurrency, timeout=30,
                           initial_wait=0.05, json_mode=False)  # fmt: skip
    started = time.perf_counter()
    outcome = run_generator(hub, settings, RunnerConfig(version=VERSION, retriever="none"), out)
    elapsed = time.perf_counter() - started
    if outcome.record["questions"]["failed"]:
        raise SystemExit(f"{outcome.record['questions']['failed']} questions failed: {outcome.record['questions']}")
    return elapsed, outcome.record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=int, default=256)
    parser.add_argument("--delay", type=float, default=0.1, help="seconds the server takes per request")
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()

    context = multiprocessing.get_context("spawn")
    ports, stop = context.Queue(), context.Event()
    server = context.Process(target=serve_until_stopped, args=(_canned, args.delay, ports, stop), daemon=True)
    server.start()
    with tempfile.TemporaryDirectory() as root:
        hub = LocalHub(Path(root) / "hub")
        hub.publish(VERSION, _release(args.questions), {"version": VERSION})
        try:
            base_url = f"http://127.0.0.1:{ports.get(timeout=60)}/v1"
            sequential, _ = _run(hub, base_url, 1, Path(root) / "sequential")
            print(f"sequential: {args.questions} questions in {sequential:.2f} s")
            concurrent, record = _run(hub, base_url, args.concurrency, Path(root) / "concurrent")
            latency = record["latency_seconds"]
            print(f"{args.concurrency} in flight: {args.questions} questions in {concurrent:.2f} s "
                  f"(latency p50 {latency['p50']:.3f} s, p95 {latency['p95']:.3f} s)")  # fmt: skip
            resumed, again = _run(hub, base_url, args.concurrency, Path(root) / "concurrent")
            print(f"resumed rerun: {again['questions']['from_cache']} from the cache, "
                  f"{again['requests']['sent']} requests, {resumed:.2f} s")  # fmt: skip
        finally:
            stop.set()
    served = ports.get(timeout=30)
    server.join(10)
    if served != 2 * args.questions or again["requests"]["sent"]:
        raise SystemExit(f"the server saw {served} requests, expected {2 * args.questions}")
    print(f"RESULT runner_sequential_seconds {sequential:.2f}")
    print(f"RESULT runner_concurrent_seconds {concurrent:.2f}")
    print(f"RESULT runner_speedup {sequential / concurrent:.1f}")


if __name__ == "__main__":
    main()
