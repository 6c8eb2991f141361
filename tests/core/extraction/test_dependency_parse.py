"""Offline triplet extraction with Natasha: subject, relation, object; conjunctions; the nominative."""

import pytest

from dagster_project.core.extraction.dependency_parse import extract_triplets
from tests.samples import NEWS_TEXT


@pytest.fixture(scope="module")
def triplets():
    return {(t.subject_normal, t.relation, t.object_normal, t.object_type) for t in extract_triplets("a1", NEWS_TEXT)}


def test_dependency_extraction_finds_subject_relation_object(triplets):
    assert ("Северный ветер", "открыть новый завод в", "Тверь", "LOC") in triplets
    assert ("Анна Соколова", "подписать соглашение с", "Олег Мельников", "PER") in triplets
    assert ("Заречный", "выдать кредит", "Ольховские поля", "ORG") in triplets


def test_conjunctions_fan_out_and_pronouns_are_skipped(triplets):
    visited = {o for s, r, o, _ in triplets if s == "Олег Мельников" and r == "посетить"}
    assert visited == {"Каменногорский металлургический комбинат", "ВТУ"}
    assert not any(s.lower() == "она" for s, *_ in triplets)


def test_named_entities_are_normalized_to_the_nominative():
    found = {
        t.object_normal
        for t in extract_triplets(
            "a",
            "Олег Мельников назначил Ольгу Дёмину министром. "
            "Олег Мельников посетил Северореченскую областную больницу.",
        )
    }
    assert {"Ольга Дёмина", "Северореченская областная больница"} <= found
