"""An abbreviation defined in brackets after a quoted name stands for that name in later sentences."""

from dagster_project.core.extraction.schema import extract_schema_triplets
from dagster_project.core.extraction.schema.quoted_abbreviations import quoted_abbreviations


def _facts(text: str) -> set[tuple[str, str, str]]:
    return {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a1", text, "2025-10-20")}


def test_a_later_abbreviation_means_the_quoted_name_spelled_out_before_it():
    text = (
        "«Тихоморская мостовая компания» (ТМК) начала ремонт моста через Ольшу. "
        "Генеральный директор ТМК Олег Стрижов рассказал, что работы закончат к осени."
    )
    assert ("Олег Стрижов", "heads", "Тихоморская мостовая компания") in _facts(text)


def test_only_a_nominative_name_whose_initials_spell_the_abbreviation_is_taken():
    assert quoted_abbreviations("«Тихоморская мостовая компания» (ТМК) начала ремонт.") == {
        "тмк": "Тихоморская мостовая компания"
    }
    assert quoted_abbreviations("Контракт заключён с «Тихоморской мостовой компанией» (ТМК).") == {}
    assert quoted_abbreviations("«Тихоморская мостовая компания» (Ольшанск) начала ремонт.") == {}
    assert quoted_abbreviations("«Северный ветер» (СДК) начал ремонт.") == {}
