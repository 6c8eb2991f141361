"""Offline normalization: inflections, aliases and surnames merge into one entity."""

import pytest

from dagster_project.core.common.package_files import project_dir
from dagster_project.core.common.russian import lemma_key
from dagster_project.core.extraction.schema import extract_schema_triplets
from dagster_project.core.extraction.triplets import triplets_frame
from dagster_project.core.graph.normalization import load_aliases, normalize_triplets
from tests.samples import NEWS_TEXT


def test_normalization_merges_inflections_aliases_and_surnames():
    raw = triplets_frame(
        extract_schema_triplets("a1", NEWS_TEXT, "2025-09-10")
        + extract_schema_triplets(
            "a2",
            "Соколова посетила Каменногорский комбинат. Герман Греф возглавляет Сбербанк. "
            "Анна Соколова подписала соглашение со Сбербанком.",
            "2025-09-12",
        )
    )
    frame = normalize_triplets(raw, load_aliases(project_dir("data") / "aliases.yaml"))
    names = set(frame["canonical_subject"]) | set(frame["canonical_object"])
    assert "Соколова" not in names and "Анна Соколова" in names
    comb = frame[frame["object"].str.contains("комбинат")]
    assert comb["canonical_object"].nunique() == 1
    assert comb["canonical_object"].iloc[0] == "Каменногорский металлургический комбинат"
    sber_objects = frame[frame["object"].str.startswith("Сбербанк")]
    assert len(sber_objects) >= 1 and set(sber_objects["canonical_object"]) == {"Сбербанк"}


def test_alias_table_maps_rf_to_russia():
    aliases = load_aliases(project_dir("data") / "aliases.yaml")
    assert aliases[lemma_key("РФ")] == "Россия"
    assert aliases[lemma_key("Российской Федерации")] == "Россия"


def test_bad_alias_table_is_a_clear_error(tmp_path):
    path = tmp_path / "aliases.yaml"
    path.write_text("Россия: РФ\n", encoding="utf-8")
    with pytest.raises(ValueError, match="must be a list"):
        load_aliases(path)
