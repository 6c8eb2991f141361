"""LLM normalization on small inputs, against the local OpenAI-compatible server."""

from __future__ import annotations

import pandas as pd

from dagster_project.core.extraction.triplets import RAW_TRIPLET_COLUMNS
from dagster_project.core.graph.llm_normalization import (
    links_from_results,
    normalization_questions,
    normalization_tasks,
)
from dagster_project.core.graph.normalization import normalize_triplets
from dagster_project.core.llm import LLMClient, LLMSettings
from dagster_project.testing.openai_server import Reply, prompt_task


def _raw(rows: list[tuple[str, str, str, str, str]]) -> pd.DataFrame:

    out = []
    for i, (subject, s_type, relation, obj, o_type) in enumerate(rows):
        out.append({
            "article_id": f"a{i}", "subject": subject, "relation": relation, "object": obj, "extractor": "llm:x",
            "sentence_index": 0, "sentence": f"{subject} {relation} {obj}.", "subject_normal": subject,
            "subject_type": s_type, "subject_descriptor": "", "verb": relation.split()[0], "complement": "",
            "preposition": "", "case": "", "object_normal": obj, "object_type": o_type, "object_descriptor": "",
        })  # fmt: skip
    return pd.DataFrame(out, columns=RAW_TRIPLET_COLUMNS)


NORMALIZATION_RAW = [
    ("Анна Соколова", "PER", "возглавлять", "Северный ветер", "ORG"),
    ("Соколова", "PER", "посетить", "Тверь", "LOC"),
    ("Олег Рябцев", "PER", "посетить", "Тверь", "LOC"),
]


def _settings(server, **extra) -> LLMSettings:
    return LLMSettings(base_url=server.base_url, model="m", initial_wait=0.01, **extra)


def test_llm_normalization_merges_what_the_model_says_is_one_entity(server):
    server.reset()
    raw = _raw(NORMALIZATION_RAW)
    questions = normalization_questions(raw, {})
    asked = {q.mention: set(q.candidates) for q in questions}
    assert "Соколова" in asked and "Анна Соколова" in asked["Соколова"]
    assert "Тверь" not in asked  # nothing similar: no question
    results = LLMClient(_settings(server)).run_sync(normalization_tasks(questions))
    frame = normalize_triplets(raw, {}, links=links_from_results(questions, results))
    keys = dict(zip(frame["subject"], frame["subject_key"], strict=True))
    assert keys["Соколова"] == keys["Анна Соколова"] != keys["Олег Рябцев"]
    assert set(frame.loc[frame["subject"] == "Соколова", "canonical_subject"]) == {"Анна Соколова"}


def test_llm_normalization_answer_outside_the_candidates_is_repaired_then_failed(server):
    server.reset()
    raw = _raw(NORMALIZATION_RAW)
    questions = normalization_questions(raw, {})
    is_surname = lambda body: prompt_task(body) == "normalization" and '"mention": "Соколова"' in body["messages"][1]["content"]  # noqa: E731,E501
    server.inject(Reply(content='{"canonical": "Мария Соколова"}'), Reply(content='{"canonical": "Соколов"}'),
                  match=is_surname)  # fmt: skip
    results = LLMClient(_settings(server)).run_sync(normalization_tasks(questions))
    failed = [r for r in results if not r.ok]
    assert [r.item_id for r in failed] == ["PER:Соколова"]
    assert "must be exactly one of" in failed[0].error and failed[0].raw_reply == '{"canonical": "Соколов"}'
    repair = server.requests_matching(is_surname)[1].messages[-1]["content"]
    assert "Мария Соколова" in repair and "Анна Соколова" in repair
    frame = normalize_triplets(raw, {}, links=links_from_results(questions, results))
    keys = dict(zip(frame["subject"], frame["subject_key"], strict=True))
    assert keys["Соколова"] != keys["Анна Соколова"]  # a failed question merges nothing
