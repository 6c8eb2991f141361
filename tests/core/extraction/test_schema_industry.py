"""Industry news: what a facility can do, who builds it and what it cost. Each rule on a sentence it
must read and on a near miss it must leave alone."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"


def facts(text: str, relation: str | None = None) -> set[tuple[str, str, str]]:
    found = {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}
    return {f for f in found if relation is None or f[1] == relation}


def test_a_capacity_said_as_a_rate_keeps_its_rate():
    assert facts("Мощность хлебозавода «Колос» составляет 120 тонн выпечки в сутки.", "capacity") == {
        ("Колос", "capacity", "120 тонн выпечки в сутки")
    }
    assert facts("Агрохолдинг «Нива» открыл элеватор «Степной» мощностью 40 тысяч тонн зерна в год.", "capacity") == {
        ("Степной", "capacity", "40 тысяч тонн зерна в год")
    }
    # a rate elsewhere in the sentence is not the capacity's: the amount stays as written
    text = "Агрохолдинг «Нива» открыл элеватор «Степной» мощностью 40 тысяч тонн, он принимает зерно 300 дней в год."
    assert facts(text, "capacity") == {("Степной", "capacity", "40 тысяч тонн")}


def test_what_is_built_is_the_construction_s_own_object_not_its_owner():
    text = "Компания «Техноград» приступила к строительству нового корпуса больницы в Заречье."
    assert facts(text, "began_building") == {("Техноград", "began_building", "корпус больницы в Заречье")}
