"""Throughput of the LLM client on triplet-extraction requests against a local OpenAI-compatible
server that answers every request after a fixed delay (100 ms by default), like a busy model.

1. sequential: one request in flight, no cache;
2. concurrent: --workers requests in flight (16 by default), with a fresh on-disk cache;
3. the same 400 requests again with that cache: how many reach the server (goal: 0).

The server runs in a child process, so its work does not compete with the client for the GIL.

Usage: python benchmarks/llm_throughput.py [--requests 400] [--delay 0.1] [--workers 16]
Last line: RESULT llm_cached_rerun_requests <n>
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import tempfile
import time
from pathlib import Path

import pandas as pd

from dagster_project.core.extraction.llm import extraction_tasks
from dagster_project.core.llm import LLMClient, LLMSettings
from dagster_project.testing.openai_server import serve_until_stopped

REPLY = json.dumps(
    {
        "triplets": [
            {"subject": "Северный ветер", "subject_type": "ORG", "relation": "открыть завод в",
             "object": "Заречье", "object_type": "LOC", "evidence": "Компания открыла завод."}
        ]
    },
    ensure_ascii=False,
)  # fmt: skip


def _canned(body: dict) -> str:
    return REPLY


def _articles(n: int) -> pd.DataFrame:
    rows = [
        {
            "article_id": f"bench-{i:04d}",
            "title": f"Новость номер {i}",
            "text": f"Компания «Северный ветер» открыла завод номер {i} в Заречье. Завод выпустит {i + 10} установок.",
        }
        for i in range(n)
    ]
    return pd.DataFrame(rows)


def _run(base_url: str, workers: int, cache_path: Path | None, tasks) -> tuple[float, LLMClient]:
    settings = LLMSettings(base_url=base_url, model="bench-model", max_workers=workers, cache_path=cache_path,
                           timeout=30, initial_wait=0.05)  # fmt: skip
    client = LLMClient(settings)
    started = time.perf_counter()
    results = client.run_sync(tasks)
    elapsed = time.perf_counter() - started
    failed = [r for r in results if not r.ok]
    if failed:
        raise SystemExit(f"{len(failed)} requests failed, e.g. {failed[0].item_id}: {failed[0].error}")
    return elapsed, client


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--delay", type=float, default=0.1, help="seconds the server takes per request")
    parser.add_argument("--workers", type=int, default=16)
    args = parser.parse_args()

    tasks, _ = extraction_tasks(_articles(args.requests), max_chars=6000)
    context = multiprocessing.get_context("spawn")
    ports, stop = context.Queue(), context.Event()
    server = context.Process(target=serve_until_stopped, args=(_canned, args.delay, ports, stop), daemon=True)
    server.start()
    try:
        base_url = f"http://127.0.0.1:{ports.get(timeout=60)}/v1"
        sequential, _ = _run(base_url, 1, None, tasks)
        print(f"sequential: {len(tasks)} requests in {sequential:.2f} s")
        with tempfile.TemporaryDirectory() as root:
            cache = Path(root) / "responses.sqlite"
            concurrent, client = _run(base_url, args.workers, cache, tasks)
            print(f"{args.workers} in flight: {len(tasks)} requests in {concurrent:.2f} s "
                  f"({client.stats.prompt_tokens} prompt tokens)")  # fmt: skip
            cached, rerun = _run(base_url, args.workers, cache, tasks)
            print(f"cached rerun: {rerun.stats.cached} from the cache, {rerun.stats.requests} requests, {cached:.2f} s")
    finally:
        stop.set()
    served = ports.get(timeout=30)
    server.join(10)
    expected = 2 * len(tasks) + rerun.stats.requests
    if served != expected:
        raise SystemExit(f"the server saw {served} requests, expected {expected}")
    print(f"RESULT llm_sequential_seconds {sequential:.2f}")
    print(f"RESULT llm_concurrent_seconds {concurrent:.2f}")
    print(f"RESULT llm_speedup_vs_sequential {sequential / concurrent:.1f}")
    print(f"RESULT llm_cached_rerun_requests {rerun.stats.requests}")


if __name__ == "__main__":
    main()
