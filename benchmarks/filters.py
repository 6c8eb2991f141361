"""Throughput of the model-backed filters.

1. acceptability: the RuCoLA classifier code on CPU, 1,000 questions, with a tiny randomly initialised
   model (needs the [ml] extra: `make setup-ml`; without it this part is reported as skipped);
2. judge: --questions questions x 8 criteria at 16 requests in flight against a local
   OpenAI-compatible server that answers after 100 ms.

Usage: python benchmarks/filters.py [--questions 50] [--delay 0.1]
Last line: RESULT judge_requests_per_second <x>
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import tempfile
import time
from pathlib import Path

import pandas as pd

from dagster_project.core.filters.judge import CRITERIA, judge_table, judge_tasks
from dagster_project.core.llm import LLMClient, LLMSettings
from dagster_project.testing.openai_server import serve_until_stopped

JUDGE_REPLY = "Объяснение: вопрос грамотный и понятный.\nОценка: 2"


def _judge_reply(body: dict) -> str:
    return JUDGE_REPLY


def _questions(n: int) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "qa_id": f"q{i}",
                "question": f"Кто возглавляет компанию, которая открыла завод номер {i} в Заречье?",
                "answer": "Анна Соколова",
                "triples_text": json.dumps([f"Анна Соколова | возглавлять | Завод {i}"], ensure_ascii=False),
            }
            for i in range(n)
        ]
    )


def acceptability(n: int) -> float | None:
    from dagster_project.core.filters.acceptability import AcceptabilityClassifier, ml_available

    if not ml_available():
        print("acceptability: skipped (torch/transformers not installed; run `make setup-ml`)")
        return None
    from dagster_project.testing.tiny_models import build_tiny_classifier

    questions = list(_questions(n)["question"])
    with tempfile.TemporaryDirectory() as root:
        classifier = AcceptabilityClassifier(build_tiny_classifier(Path(root) / "tiny"), device="cpu", batch_size=32)
        classifier.scores(questions[:32])  # warm-up
        started = time.perf_counter()
        scores = classifier.scores(questions)
        elapsed = time.perf_counter() - started
    assert len(scores) == n
    print(f"acceptability: {n} questions in {elapsed:.2f} s on cpu (tiny model, batch 32)")
    return n / elapsed


def judge(n: int, delay: float) -> tuple[float, float]:
    context = multiprocessing.get_context("spawn")
    ports, stop = context.Queue(), context.Event()
    server = context.Process(target=serve_until_stopped, args=(_judge_reply, delay, ports, stop), daemon=True)
    server.start()
    try:
        base_url = f"http://127.0.0.1:{ports.get(timeout=60)}/v1"
        qa = _questions(n)
        criteria = list(CRITERIA)
        tasks = judge_tasks(qa, criteria)
        client = LLMClient(LLMSettings(base_url=base_url, model="judge", max_workers=16, timeout=30))
        started = time.perf_counter()
        results = client.run_sync(tasks)
        elapsed = time.perf_counter() - started
    finally:
        stop.set()
        server.join(10)
    table = judge_table(qa, criteria, results)
    if (table["verdict"] != "pass").any() or client.stats.failed:
        raise SystemExit("the judge benchmark expected every question to pass")
    print(f"judge: {n} questions x {len(criteria)} criteria = {len(tasks)} requests in {elapsed:.2f} s, 16 in flight")
    return len(tasks) / elapsed, n / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--acceptability-questions", type=int, default=1000)
    parser.add_argument("--questions", type=int, default=50, help="questions for the judge")
    parser.add_argument("--delay", type=float, default=0.1)
    args = parser.parse_args()
    per_second = acceptability(args.acceptability_questions)
    requests_per_second, questions_per_second = judge(args.questions, args.delay)
    if per_second is not None:
        print(f"RESULT acceptability_questions_per_second_cpu {per_second:.0f}")
    print(f"RESULT judge_questions_per_second {questions_per_second:.1f}")
    print(f"RESULT judge_requests_per_second {requests_per_second:.1f}")


if __name__ == "__main__":
    main()
