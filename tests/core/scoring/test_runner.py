"""`ragbench run` over real HTTP against the local OpenAI-compatible server: a valid submission that
`ragbench evaluate` scores, per-item failures in run.json, a resumed rerun, the retrievers,
custom prompts and testbeds."""

import json

import pandas as pd
import pytest

from dagster_project.cli import main
from dagster_project.core.scoring.runs import load_run
from dagster_project.testing.openai_server import FakeOpenAIServer, prompt_task, task_responder
from tests.core.scoring.small_release import QUESTIONS, VERSION, gold_public_id, publish_small_release


@pytest.fixture
def hub(tmp_path):
    return publish_small_release(tmp_path / "hub")


@pytest.fixture(scope="module")
def server():
    with FakeOpenAIServer(task_responder) as running:
        yield running


def _run(hub, server, out, *options: str) -> int:
    return main(["run", "--hub", str(hub.root), "--version", VERSION, "--endpoint", server.base_url,
                 "--model", "generator", "--out", str(out), *options])  # fmt: skip


def _read(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_run_writes_a_submission_that_evaluate_scores(hub, server, tmp_path, monkeypatch):
    monkeypatch.setenv("RAGBENCH_RUN_API_KEY", "sk-generator-secret")
    server.reset()
    assert _run(hub, server, tmp_path / "run", "--top-k", "2") == 0
    submission = _read(tmp_path / "run" / "submission.json")
    assert sorted(submission, key=int) == [str(i) for i in range(len(QUESTIONS))]
    assert all(len(entry["found_ids"]) <= 2 and entry["model_answer"] for entry in submission.values())
    assert all(r.authorization == "Bearer sk-generator-secret" for r in server.requests)
    record_text = (tmp_path / "run" / "run.json").read_text(encoding="utf-8")
    assert "sk-generator-secret" not in record_text
    record = json.loads(record_text)
    assert record["questions"]["answered"] == len(QUESTIONS) and record["questions"]["failed"] == 0
    assert record["settings"]["retriever"] == "bm25" and record["settings"]["api_key"] == "set"
    latency = record["latency_seconds"]
    assert latency["requests"] == len(QUESTIONS) and 0 < latency["p50"] <= latency["p95"] <= latency["max"]
    assert record["tokens"]["prompt"] > 0 and record["tokens"]["completion"] > 0

    assert main(["evaluate", "--hub", str(hub.root), "--version", VERSION, "--submission",
                 str(tmp_path / "run" / "submission.json"), "--out", str(tmp_path / "scored"),
                 "--bootstrap", "50"]) == 0  # fmt: skip
    scored = load_run(tmp_path / "scored")
    assert scored.metrics["missing_answers"]["count"] == 0
    # the fake generator quotes the document sentence sharing most words with the question, and cites it
    assert scored.metrics["metrics"]["overall"]["containment"]["value"] >= 0.5
    assert scored.metrics["metrics"]["overall"]["ifeval_cite"]["value"] >= 0.8


def test_failed_calls_are_counted_and_a_rerun_asks_only_for_them(hub, tmp_path, capsys):
    out = tmp_path / "run"
    with FakeOpenAIServer(task_responder, failure_rate=0.3) as flaky:
        assert _run(hub, flaky, out, "--max-retries", "0") == 0
        record = _read(out / "run.json")
        assert record["questions"]["failed"] == 3 and record["questions"]["answered"] == 7
        assert len(record["questions"]["failures"]) == 3
        assert all("HTTP 500" in f["error"] for f in record["questions"]["failures"])
        assert record["requests"]["errors_by_kind"] == {"http 500": 3}
        failed_ids = {f["item_id"] for f in record["questions"]["failures"]}
        submission = _read(out / "submission.json")
        assert {qid for qid, entry in submission.items() if not entry["model_answer"]} == failed_ids
        assert "rerun the same command" in capsys.readouterr().out

        flaky.failure_rate = 0.0
        before = len(flaky.requests)
        assert _run(hub, flaky, out, "--max-retries", "0") == 0
        rerun_requests = flaky.requests[before:]
    assert len(rerun_requests) == 3  # only the three that failed
    asked = {r.first_user_message.split("Вопрос:")[1].split("\n")[0].strip() for r in rerun_requests}
    assert asked == {QUESTIONS[int(qid)][0] for qid in failed_ids}
    record = _read(out / "run.json")
    assert record["questions"]["failed"] == 0 and record["questions"]["from_cache"] == 7
    assert all(entry["model_answer"] for entry in _read(out / "submission.json").values())


def test_retriever_none_gives_the_gold_texts_and_a_file_gives_the_users_ranking(hub, server, tmp_path):
    server.reset()
    assert _run(hub, server, tmp_path / "gold", "--retriever", "none") == 0
    submission = _read(tmp_path / "gold" / "submission.json")
    assert all(submission[str(i)]["found_ids"] == [gold_public_id(i)] for i in range(len(QUESTIONS)))
    first = next(r for r in server.requests if QUESTIONS[0][0] in r.first_user_message)
    assert f"[{gold_public_id(0)}] " in first.first_user_message and "[2] " not in first.first_user_message

    ranked = {str(i): [2, 1] for i in range(len(QUESTIONS))}
    (tmp_path / "ranked.json").write_text(json.dumps(ranked), encoding="utf-8")
    assert _run(hub, server, tmp_path / "mine", "--retriever", str(tmp_path / "ranked.json"), "--top-k", "1") == 0
    assert all(entry["found_ids"] == [2] for entry in _read(tmp_path / "mine" / "submission.json").values())


def test_a_bad_ranking_file_is_a_clear_error_and_nothing_is_asked(hub, server, tmp_path, capsys):
    ranked = {str(i): [0] for i in range(len(QUESTIONS) - 1)} | {"0": [0, 99], "77": [1]}
    (tmp_path / "ranked.json").write_text(json.dumps(ranked), encoding="utf-8")
    server.reset()
    assert _run(hub, server, tmp_path / "out", "--retriever", str(tmp_path / "ranked.json")) == 2
    err = capsys.readouterr().err
    assert "question 0: not public text ids: 99" in err and "'77' is not a question id" in err
    assert "no ranking for 1 question(s): 9" in err
    assert server.requests == [] and not (tmp_path / "out" / "submission.json").exists()


def test_shuffled_documents_and_a_custom_prompt(hub, server, tmp_path):
    template = tmp_path / "my_prompt.j2"
    template.write_text(
        "{% block system %}Отвечай кратко. Отказ: {{ refusal_phrase }}{% endblock %}"
        "{% block user %}{% for d in documents %}<{{ d.id }}>{% endfor %} Q={{ question }}{% endblock %}",
        encoding="utf-8",
    )
    ranked = tmp_path / "ranked.json"
    ranked.write_text(json.dumps({str(i): [0, 1, 2, 3, 4] for i in range(len(QUESTIONS))}), encoding="utf-8")
    options = ["--prompt", str(template), "--retriever", str(ranked), "--shuffle-docs", "--seed", "7",
               "--refusal-phrase", "Нет ответа"]  # fmt: skip
    server.reset()
    assert _run(hub, server, tmp_path / "a", *options) == 0
    orders = [r.first_user_message.split(" Q=")[0] for r in server.requests]
    assert all(r.first_user_message.count("<") == 5 for r in server.requests)
    assert "Отказ: Нет ответа" in server.requests[0].messages[0]["content"]
    server.reset()
    assert _run(hub, server, tmp_path / "b", *options, "--cache", str(tmp_path / "a" / "cache.sqlite")) == 0
    assert server.requests == []
    assert _read(tmp_path / "b" / "run.json")["questions"]["from_cache"] == len(QUESTIONS)  # same prompts: cached
    assert len(set(orders)) > 1  # documents come in different orders for different questions
    assert _read(tmp_path / "a" / "submission.json")["0"]["found_ids"] == [0, 1, 2, 3, 4]  # the ranking, unshuffled

    assert _run(hub, server, tmp_path / "c", "--max-retries", "-1") == 2  # a bad option: a message, no traceback

    (tmp_path / "broken.j2").write_text("{% block user %}{{ question }{% endblock %}", encoding="utf-8")
    assert _run(hub, server, tmp_path / "c", "--prompt", str(tmp_path / "broken.j2")) == 2


def test_testbeds_are_answered_when_the_release_has_them(hub, server, tmp_path, capsys):
    assert _run(hub, server, tmp_path / "none", "--testbeds") == 2
    err = capsys.readouterr().err
    assert f"release {VERSION}" in err and "has no testbeds" in err and "rag-bench-public-testbeds" in err

    folder = hub.root / "rag-bench-public-testbeds" / VERSION / "data"
    folder.mkdir(parents=True)
    pd.DataFrame(
        {
            "id": [0, 1],
            "testbed": ["noise", "negative"],
            "noise_rate": [0.2, 1.0],
            "question": [QUESTIONS[0][0], QUESTIONS[2][0]],
            "documents": [["Завод «Северного ветра» стоит в Твери, компания открыла его весной.", "Погода"],
                          ["Театр показал оперу.", "Банк выдал кредит."]],
        }
    ).to_parquet(folder / "train-00000-of-00001.parquet")
    server.reset()
    assert _run(hub, server, tmp_path / "beds", "--testbeds") == 0
    responses = _read(tmp_path / "beds" / "testbed_responses.json")
    assert set(responses) == {"0", "1"}
    assert "Твери" in responses["0"] and "[1]" in responses["0"]
    assert responses["1"] == "Не удалось найти ответ на вопрос"  # the refusal phrase of the default prompt
    record = _read(tmp_path / "beds" / "run.json")
    assert record["testbeds"]["answered"] == 2 and record["files"] == ["submission.json", "testbed_responses.json"]
    assert sum(prompt_task(r.body) == "rag_answer" for r in server.requests) == len(QUESTIONS) + 2


def test_an_endpoint_that_fails_every_call_exits_1_and_still_records_the_run(hub, tmp_path, capsys):
    with FakeOpenAIServer(task_responder, failure_rate=1.0) as broken:
        code = _run(hub, broken, tmp_path / "out", "--max-retries", "0")
    err = capsys.readouterr().err
    if code == 2:  # a client that gives up on a dead endpoint as a whole says so, and nothing is written
        assert broken.base_url in err and "rerun to resume" in err
        return
    assert code == 1 and "every call failed" in err
    record = _read(tmp_path / "out" / "run.json")
    assert record["questions"]["failed"] == len(QUESTIONS) and record["questions"]["answered"] == 0
