"""Publishing a month to a Hugging Face hub, measured against the fake Hub of the tests on
127.0.0.1 (so it measures our client side and the protocol round trips, not huggingface.co).

A synthetic month of realistic size (3,000 texts of ~2 KB, 600 questions) is published as
version M with the previous month as the hist-* version M-1, then published again (a no-op).

Usage: python benchmarks/hf_publish.py
Last lines: RESULT hf_publish_month_seconds <s>, RESULT hf_publish_requests <n>,
            RESULT hf_republish_noop_seconds <s>
"""

from __future__ import annotations

import tempfile
import time

import huggingface_hub.constants
import pandas as pd

from dagster_project.core.common.months import Month
from dagster_project.core.release.hub.hf import HfHub
from dagster_project.core.release.publishing import publish_month
from dagster_project.testing.hf_hub import FakeHub

TOKEN = "hf_benchmark_token"
TYPES = ["simple", "set", "cond", "mh"]


def synthetic_month(seed: int, texts: int = 3000, questions: int = 600) -> dict[str, pd.DataFrame]:
    body = "Новость о событиях месяца. " * 80
    return {
        "public_texts": pd.DataFrame({"id": range(texts), "text": [f"{seed}-{i} {body}" for i in range(texts)]}),
        "public_questions": pd.DataFrame(
            {"id": range(questions), "question": [f"Вопрос {seed}-{i}?" for i in range(questions)]}
        ),
        "private_qa": pd.DataFrame(
            {
                "public_id": range(questions),
                "question": [f"Вопрос {seed}-{i}?" for i in range(questions)],
                "answer": [f"ответ {i}" for i in range(questions)],
                "type": [TYPES[i % 4] for i in range(questions)],
                "text_ids": [f'["a{seed}-{i}"]' for i in range(questions)],
            }
        ),
        "private_texts": pd.DataFrame({"id": [f"a{seed}-{i}" for i in range(texts)], "public_id": range(texts)}),
    }


def manifest(month: Month) -> dict:
    return {"month": month.label, "version": month.version, "counts": {"questions_per_type": {t: 150 for t in TYPES}}}


def main() -> None:
    huggingface_hub.constants.HF_HUB_DISABLE_XET = True  # the fake Hub speaks LFS
    from huggingface_hub.utils import disable_progress_bars

    disable_progress_bars()
    fake = FakeHub(TOKEN).start()
    try:
        with tempfile.TemporaryDirectory() as cache:
            hub = HfHub("hf://bench", token=TOKEN, endpoint=fake.url, cache_dir=cache)
            september, october = Month(2025, 9), Month(2025, 10)
            publish_month(hub, september, synthetic_month(9), manifest(september))
            before = len(fake.requests)
            started = time.perf_counter()
            publish_month(hub, october, synthetic_month(10), manifest(october))
            publish_seconds = time.perf_counter() - started
            requests = len(fake.requests) - before
            started = time.perf_counter()
            publish_month(hub, october, synthetic_month(10), manifest(october))
            noop_seconds = time.perf_counter() - started
    finally:
        fake.stop()
    print(f"RESULT hf_publish_month_seconds {publish_seconds:.3f}")
    print(f"RESULT hf_publish_requests {requests}")
    print(f"RESULT hf_republish_noop_seconds {noop_seconds:.3f}")


if __name__ == "__main__":
    main()
