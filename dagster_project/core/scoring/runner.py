"""Running a RAG generator over a release (`ragbench run`): retrieve, render a prompt, ask an
OpenAI-compatible endpoint, and write a DRAGON submission plus a record of the run.

Retrieval is one of: the project's BM25 over the public texts (`bm25`), a user's ranked text ids
from a JSON file, or the gold texts of each question (`none`, needs the private datasets), which
tests the generator alone, as RAG-IFEval does. Calls go through the project's LLM client
(concurrency, backoff, per-item failures, an on-disk cache), so rerunning into the same folder asks
only for the answers that failed before. A failed item is recorded in run.json and left blank in
the submission, where the scorer counts it as a missing (wrong) answer.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import jinja2
import numpy as np
import pandas as pd

from ..common.package_files import file_sha256, project_dir
from ..llm.client import LLMClient, LLMResult, LLMSettings, LLMTask, ReplyInvalid
from ..llm.prompts import render_messages
from ..release.hub.base import Hub, ReleaseNotFoundError, repo_name
from ..release.publishing import load_public_release
from .baseline import BM25Baseline
from .ifeval import DEFAULT_REFUSAL_PHRASE
from .json_files import read_json_object
from .submission import Entry, gold_from_release, submission_json

DEFAULT_PROMPT = "rag_answer.j2"
DEFAULT_TOP_K = 5
TESTBEDS_REPO = "rag-bench-public-testbeds"
SUBMISSION_FILE = "submission.json"
TESTBED_RESPONSES_FILE = "testbed_responses.json"
RUN_FILE = "run.json"
CACHE_FILE = "cache.sqlite"
EMPTY_REPLY_REPAIR = "Ответ пустой ({error}). Ответь на вопрос по документам или напиши фразу отказа из инструкции."
MAX_LISTED_PROBLEMS = 20
Progress = Callable[[int, int], None]


class RunnerError(ValueError):
    """Input the runner cannot use (a bad ranked-ids file or template, a missing dataset)."""


@dataclass(frozen=True)
class RunnerConfig:
    version: str
    retriever: str = "bm25"  # bm25, none, or the path of a JSON file of ranked text ids
    top_k: int = DEFAULT_TOP_K
    prompt: Path | None = None  # a Jinja template with `system` and `user` blocks; default prompts/rag_answer.j2
    refusal_phrase: str = DEFAULT_REFUSAL_PHRASE
    shuffle_docs: bool = False
    seed: int = 0
    testbeds: bool = False

    @property
    def prompt_path(self) -> Path:
        return Path(self.prompt) if self.prompt else project_dir("prompts") / DEFAULT_PROMPT

    def as_dict(self) -> dict:
        return {
            "version": self.version,
            "retriever": self.retriever,
            "top_k": self.top_k,
            "prompt": str(self.prompt) if self.prompt else DEFAULT_PROMPT,
            "prompt_sha256": file_sha256(self.prompt_path),
            "refusal_phrase": self.refusal_phrase,
            "shuffle_docs": self.shuffle_docs,
            "seed": self.seed,
            "testbeds": self.testbeds,
        }


@dataclass(frozen=True)
class GenerationItem:
    """One prompt to send: a question and its documents (id, text) in retrieval order."""

    item_id: str
    question: str
    documents: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class RunOutcome:
    out_dir: Path
    record: dict  # the content of run.json
    entries: dict[int, Entry]


# --- retrieval ------------------------------------------------------------------------------------


def load_ranked_ids(path: Path | str, question_ids: Sequence[int], text_ids: set[int]) -> dict[int, list[int]]:
    """A user's retrieval: {question id: [public text ids, best first]} (a DRAGON submission's
    found_ids are accepted too). Every problem is listed; a missing question is one of them."""
    data = read_json_object(path, "the ranked ids file", "{question id: [text ids]}", RunnerError)
    problems, ranked = [], {}
    known = set(question_ids)
    for key, value in data.items():
        problem = _ranking_problem(key, value, known, text_ids)
        if problem:
            problems.append(problem)
        else:
            ids = value.get("found_ids") if isinstance(value, dict) else value
            ranked[int(key)] = list(dict.fromkeys(ids))
    missing = sorted(known - set(ranked) - {int(k) for k in data if k.isascii() and k.isdigit()})
    if missing:
        problems.append(f"no ranking for {len(missing)} question(s): {', '.join(map(str, missing[:20]))}")
    if problems:
        listed = "\n".join(f"  - {p}" for p in problems[:MAX_LISTED_PROBLEMS])
        raise RunnerError(f"the ranked ids file {path} has {len(problems)} problem(s):\n{listed}")
    return ranked


def _ranking_problem(key: str, value, known: set[int], text_ids: set[int]) -> str | None:
    ids = value.get("found_ids") if isinstance(value, dict) else value
    if not (key.isascii() and key.isdigit() and int(key) in known):
        return f"{key!r} is not a question id of the release"
    if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
        return f"question {key}: expected a list of integer text ids"
    unknown = [i for i in ids if i not in text_ids]
    if unknown:
        return f"question {key}: not public text ids: {', '.join(map(str, unknown[:10]))}"
    return None


def _gold_ids(hub: Hub, config: RunnerConfig, texts: pd.DataFrame, questions: pd.DataFrame) -> dict[int, list[int]]:
    try:
        private = {name: hub.load(repo_name(name), config.version) for name in ("private_qa", "private_texts")}
    except ReleaseNotFoundError as exc:
        raise RunnerError(
            f"--retriever none gives the generator each question's gold texts, which are in the private "
            f"datasets; {exc}. Download them with `ragbench download --private` or pick bm25 or a ranked ids file"
        ) from None
    gold = gold_from_release(config.version, {"public_texts": texts, "public_questions": questions, **private})
    return {int(row.public_id): list(row.gold_ids) for row in gold.questions.itertuples(index=False)}


def retrieve(hub: Hub, config: RunnerConfig, texts: pd.DataFrame, questions: pd.DataFrame) -> dict[int, list[int]]:
    """Ranked public text ids per public question id, at most top_k of them."""
    question_ids = [int(i) for i in questions["id"]]
    if config.retriever == "bm25":
        bm25 = BM25Baseline(texts, top_k=config.top_k)
        ranked = {qid: bm25.retrieve(str(q)) for qid, q in zip(question_ids, questions["question"], strict=True)}
    elif config.retriever == "none":
        ranked = _gold_ids(hub, config, texts, questions)
    else:
        ranked = load_ranked_ids(config.retriever, question_ids, {int(i) for i in texts["id"]})
    return {qid: ranked.get(qid, [])[: config.top_k] for qid in question_ids}


# --- prompts --------------------------------------------------------------------------------------


def _document_order(item: GenerationItem, config: RunnerConfig) -> list[tuple[int, str]]:
    documents = list(item.documents)
    if config.shuffle_docs:  # per item, so one item's order does not depend on the others
        random.Random(f"{config.seed}:{item.item_id}").shuffle(documents)
    return documents


def render_item(item: GenerationItem, config: RunnerConfig) -> list[dict[str, str]]:
    path = config.prompt_path
    documents = [{"id": doc_id, "text": text} for doc_id, text in _document_order(item, config)]
    try:
        return render_messages(path.name, folder=path.parent, question=item.question, documents=documents,
                               refusal_phrase=config.refusal_phrase)  # fmt: skip
    except jinja2.TemplateNotFound:
        raise RunnerError(f"prompt template {path} not found") from None
    except (jinja2.TemplateError, ValueError) as exc:
        raise RunnerError(
            f"prompt template {path} cannot be rendered: {exc} (it needs `system` and `user` blocks and may use "
            "question, documents (each with id and text) and refusal_phrase)"
        ) from None


def _answer_text(reply: str) -> str:
    answer = reply.strip()
    if not answer:
        raise ReplyInvalid("the reply is empty")
    return answer


def generation_task(item: GenerationItem, config: RunnerConfig) -> LLMTask:
    return LLMTask(item.item_id, render_item(item, config), _answer_text, repair_message=EMPTY_REPLY_REPAIR,
                   json_mode=False)  # fmt: skip


# --- the run --------------------------------------------------------------------------------------


def question_items(texts: pd.DataFrame, questions: pd.DataFrame, ranked: dict[int, list[int]]) -> list[GenerationItem]:
    text_of = {int(i): str(t) for i, t in zip(texts["id"], texts["text"], strict=True)}
    return [
        GenerationItem(str(int(qid)), str(question), tuple((i, text_of[i]) for i in ranked[int(qid)]))
        for qid, question in zip(questions["id"], questions["question"], strict=True)
    ]


def _documents_list(value) -> list[str]:
    """A testbed's documents: a list (or array) of strings, or that list as a JSON string."""
    if isinstance(value, str):
        value = json.loads(value)
    return [str(doc) for doc in value]


def testbed_items(hub: Hub, version: str) -> list[GenerationItem]:
    """The public testbeds of `version`; documents are numbered 1..n in the order given."""
    try:
        table = hub.load(TESTBEDS_REPO, version)
    except ReleaseNotFoundError:
        raise RunnerError(
            f"release {version} on {hub.describe()} has no testbeds ({TESTBEDS_REPO} is not published for it); "
            "run without --testbeds, or pick a version published with testbeds"
        ) from None
    return [
        GenerationItem(f"testbed:{row.id}", str(row.question),
                       tuple(enumerate(_documents_list(row.documents), 1)))  # fmt: skip
        for row in table.itertuples(index=False)
    ]


def latency_summary(results: Sequence[LLMResult]) -> dict:
    """Percentiles of the seconds each request took (requests answered from the cache take none)."""
    latencies = np.array([s for r in results for s in r.latencies], dtype=float)
    if latencies.size == 0:
        return {"requests": 0}
    p50, p90, p95, p99 = np.percentile(latencies, [50, 90, 95, 99])
    return {
        "requests": int(latencies.size),
        "p50": round(float(p50), 4),
        "p90": round(float(p90), 4),
        "p95": round(float(p95), 4),
        "p99": round(float(p99), 4),
        "max": round(float(latencies.max()), 4),
        "mean": round(float(latencies.mean()), 4),
    }


def _part_summary(results: Sequence[LLMResult]) -> dict:
    failed = [r for r in results if not r.ok]
    return {
        "items": len(results),
        "answered": len(results) - len(failed),
        "failed": len(failed),
        "from_cache": sum(r.cached for r in results),
        "requests": sum(r.requests for r in results),
        "failures": [{"item_id": r.item_id, "error": r.error} for r in failed],
    }


def _settings_record(settings: LLMSettings) -> dict:
    """What configured the calls; the key is never written, only whether one was given."""
    return {
        "endpoint": settings.base_url,
        "model": settings.model,
        "api_key": "set" if settings.api_key else "unset",
        "concurrency": settings.max_workers,
        "max_retries": settings.max_retries,
        "timeout": settings.timeout,
        "temperature": settings.temperature,
        "max_tokens": settings.max_tokens,
        "cache": str(settings.cache_path) if settings.cache_path else None,
    }


def run_generator(
    hub: Hub, settings: LLMSettings, config: RunnerConfig, out_dir: Path | str, progress: Progress | None = None
) -> RunOutcome:
    """Everything `ragbench run` does; input problems raise RunnerError before any call is made.
    `progress(done, total)` is called as items finish."""
    started, started_at = time.monotonic(), datetime.now(UTC)
    out = Path(out_dir)
    try:
        texts, questions = load_public_release(hub, config.version)
    except ReleaseNotFoundError as exc:
        raise RunnerError(str(exc)) from None
    ranked = retrieve(hub, config, texts, questions)
    items = question_items(texts, questions, ranked)
    bed_items = testbed_items(hub, config.version) if config.testbeds else []
    tasks = [generation_task(item, config) for item in items + bed_items]  # renders every prompt before calling
    out.mkdir(parents=True, exist_ok=True)
    if settings.cache_path is None:
        settings = settings.model_copy(update={"cache_path": out / CACHE_FILE})
    client = LLMClient(settings)
    try:
        results = client.run_sync(tasks, progress)
    except RuntimeError as exc:  # the client gave up on the endpoint as a whole (e.g. it stopped answering)
        raise RunnerError(f"{exc}; the replies received are cached in {settings.cache_path}: rerun to resume") from None
    finally:
        client.cache.close()
    question_results, bed_results = results[: len(items)], results[len(items) :]
    entries = {
        int(item.item_id): Entry(found_ids=tuple(ranked[int(item.item_id)]), model_answer=result.value or "")
        for item, result in zip(items, question_results, strict=True)
    }
    _write_json(out / SUBMISSION_FILE, submission_json(entries))
    if config.testbeds:
        responses = {item.item_id.split(":", 1)[1]: result.value or ""
                     for item, result in zip(bed_items, bed_results, strict=True)}  # fmt: skip
        _write_json(out / TESTBED_RESPONSES_FILE, responses)
    stats = client.stats
    record = {
        "started_at": started_at.isoformat(timespec="seconds"),
        "seconds": round(time.monotonic() - started, 3),
        "settings": config.as_dict() | _settings_record(settings),
        "questions": _part_summary(question_results) | {"empty_retrievals": sum(not ranked[q] for q in ranked)},
        "testbeds": _part_summary(bed_results) if config.testbeds else None,
        "requests": {"sent": stats.requests, "retries": stats.retries, "repairs": stats.repairs,
                     "errors_by_kind": dict(sorted(stats.errors_by_kind.items()))},  # fmt: skip
        "latency_seconds": latency_summary(results),
        "tokens": {"prompt": stats.prompt_tokens, "completion": stats.completion_tokens,
                   "total": stats.prompt_tokens + stats.completion_tokens},  # fmt: skip
        "files": [SUBMISSION_FILE] + ([TESTBED_RESPONSES_FILE] if config.testbeds else []),
    }
    _write_json(out / RUN_FILE, record)
    return RunOutcome(out, record, entries)


def _write_json(path: Path, payload) -> None:
    temporary = path.with_name(f".{path.name}.tmp")  # renamed into place: never a half-written file
    temporary.write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")
    temporary.replace(path)
