"""LLM extraction: every chunk of an article is sent with the whole prompt, and replies become raw
triplets with the offline extractor's columns."""

from __future__ import annotations

import pandas as pd

from dagster_project.core.extraction.llm import (
    ExtractionReply,
    extraction_tasks,
    relation_grammar,
    triplets_from_results,
)
from dagster_project.core.extraction.triplets import RAW_TRIPLET_COLUMNS, triplets_frame
from dagster_project.core.llm import LLMResult
from dagster_project.core.llm.prompts import chunk_text
from tests.samples import long_article


def test_extraction_sends_every_chunk_with_the_whole_system_prompt():
    articles = pd.DataFrame(
        [{"article_id": "long", "title": "Большая статья", "text": long_article(60)},
         {"article_id": "short", "title": "Короткая", "text": "Анна Соколова посетила Тверь."}]
    )  # fmt: skip
    tasks, chunks = extraction_tasks(articles, max_chars=1000)
    long_tasks = [t for t in tasks if t.item_id.startswith("long#")]
    assert len(long_tasks) == len(chunk_text(articles["text"][0], 1000)) > 3
    systems = {t.messages[0]["content"] for t in tasks}
    assert len(systems) == 1  # identical and complete for every chunk
    assert f"часть 1 из {len(long_tasks)}" in long_tasks[0].messages[1]["content"]
    assert "часть" not in tasks[-1].messages[1]["content"]
    assert set(chunks) == {t.item_id for t in tasks}


def test_relation_grammar_is_read_from_the_relation_text():
    assert relation_grammar("подписала соглашение с", "ORG") == ("подписать", "соглашение", "с", "")
    assert relation_grammar("возглавлять", "ORG") == ("возглавлять", "", "", "")
    assert relation_grammar("запустить цех", "DATE") == ("запустить", "цех", "", "date")


def test_llm_triplets_have_the_offline_columns_and_invented_entities_are_dropped():
    text = "Компания «Северный ветер» открыла завод в Заречье 2 сентября. Анна Соколова возглавляет компанию."
    articles = pd.DataFrame([{"article_id": "a1", "title": "t", "text": text}])
    tasks, chunks = extraction_tasks(articles, max_chars=6000)
    reply = ExtractionReply.model_validate(
        {
            "triplets": [
                {"subject": "Северный ветер", "subject_type": "ORG", "relation": "открыть завод в",
                 "object": "Заречье", "object_type": "LOC", "evidence": "Компания открыла завод в Заречье."},
                {"subject": "Северный ветер", "subject_type": "ORG", "relation": "открыть завод",
                 "object": "2 сентября", "object_type": "DATE"},
                {"subject": "Анна Соколова", "subject_type": "PER", "relation": "возглавлять",
                 "object": "Газпром", "object_type": "ORG"},  # not in the text
                {"subject": "завод", "subject_type": "OTHER", "relation": "находиться в",
                 "object": "2 сентября", "object_type": "DATE"},  # no named entity
            ]
        }
    )  # fmt: skip
    outcome = triplets_from_results([LLMResult(item_id=tasks[0].item_id, value=reply)], chunks, "llm:test")
    frame = triplets_frame(outcome.triplets)
    assert list(frame.columns) == RAW_TRIPLET_COLUMNS
    assert list(frame["object"]) == ["Заречье", "2 сентября"]
    assert list(frame["preposition"]) == ["в", ""]
    assert list(frame["case"]) == ["", "date"]
    assert set(frame["extractor"]) == {"llm:test"}
    assert [d["not_in_text"] for d in outcome.ungrounded] == ["Газпром"]
    assert outcome.without_named_entity == 1


def test_llm_triplets_pass_the_schema_type_checks():
    text = (
        "Как сообщила пресс-служба, компания «Северный ветер» открыла завод в Заречье. Анна Соколова "
        "возглавляет компанию «Северный ветер». В прошлом году компания купила банк «Заречный»."
    )
    articles = pd.DataFrame([{"article_id": "a1", "title": "t", "text": text}])
    tasks, chunks = extraction_tasks(articles, max_chars=6000)
    facts = [
        ("Анна Соколова", "PER", "возглавлять", "Северный ветер", "ORG"),  # kept
        ("Северный ветер", "ORG", "возглавлять", "Анна Соколова", "PER"),  # roles reversed
        ("пресс-служба", "OTHER", "сообщить о", "Северный ветер", "ORG"),  # the reporting source
        ("Северный ветер", "ORG", "купить", "прошлом году", "DATE"),  # relative to the article's date
        ("Северный ветер", "ORG", "открыть завод в", "Заречье", "LOC"),  # an open relation: kept
    ]
    reply = ExtractionReply.model_validate({"triplets": [
        {"subject": s, "subject_type": st, "relation": r, "object": o, "object_type": ot} for s, st, r, o, ot in facts
    ]})  # fmt: skip
    outcome = triplets_from_results([LLMResult(item_id=tasks[0].item_id, value=reply)], chunks, "llm:test")
    assert [(t.subject, t.object) for t in outcome.triplets] == [
        ("Анна Соколова", "Северный ветер"), ("Северный ветер", "Заречье")
    ]
    problems = [d["problem"] for d in outcome.off_schema]
    assert len(problems) == 3
    assert "as its subject, not ORG" in problems[0]
    assert "reports the fact" in problems[1]
    assert "relative to the article's date" in problems[2]
