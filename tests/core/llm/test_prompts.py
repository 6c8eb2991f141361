"""Prompts render for every task, and long articles are chunked (never truncated)."""

from __future__ import annotations

import json

import pytest
from jinja2 import UndefinedError

from dagster_project.core.llm.prompts import EXTRACTION_PROMPT, QA_PROMPTS, chunk_text, render_messages
from dagster_project.core.release.manifest import prompt_hashes
from tests.samples import long_article


def test_every_task_has_a_prompt_with_system_and_user_parts_and_its_hash_is_in_the_manifest():
    item = {"facts": [{"subject": "А", "relation": "р", "object": "Б"}], "answer": ["Б"], "anchor": "А", "bridge": "В"}
    for kind, name in QA_PROMPTS.items():
        system, user = render_messages(name, item=item)
        assert system["role"] == "system" and user["role"] == "user"
        assert "JSON" in system["content"] and "Пример" in system["content"]
        assert json.loads(user["content"].split("Вход:")[1].split("Ответ:")[0]) == item, kind
    hashes = prompt_hashes()
    assert {EXTRACTION_PROMPT, "entity_normalization.j2", *QA_PROMPTS.values()} <= set(hashes)


def test_a_missing_prompt_variable_is_an_error_not_an_empty_string():
    with pytest.raises(UndefinedError):
        render_messages(EXTRACTION_PROMPT, title="t", text="x", chunk_number=1)


def test_long_articles_are_chunked_by_whole_sentences_and_nothing_is_lost():
    text = long_article(60)
    chunks = chunk_text(text, 1000)
    assert len(chunks) > 3
    assert all(len(chunk) <= 1000 for chunk in chunks)
    assert " ".join(chunks) == text
    assert all(chunk.endswith("рабочих.") for chunk in chunks)
    # one sentence longer than the limit is kept whole, never cut
    giant = "Слово " * 400 + "конец."
    assert chunk_text(giant, 100) == [giant.strip()]
