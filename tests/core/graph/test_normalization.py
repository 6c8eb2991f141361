"""Offline normalization: inflections, aliases and surnames merge into one entity."""

import pytest

from dagster_project.core.common.abbreviations import abbreviates
from dagster_project.core.common.package_files import project_dir
from dagster_project.core.common.russian import lemma_key
from dagster_project.core.extraction.schema import extract_schema_triplets
from dagster_project.core.extraction.triplets import RawTriplet, triplets_frame
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


def test_an_abbreviation_joins_the_full_name_it_abbreviates_across_articles():
    raw = triplets_frame(
        extract_schema_triplets(
            "a1", "Бережанский государственный университет открыл кафедру судостроения.", "2025-11-05"
        )
        + extract_schema_triplets("a2", "Ректор БерГУ Константин Пильщиков посетил Сопкинск.", "2025-11-12")
    )
    frame = normalize_triplets(raw, {})
    keys = set(frame.loc[frame["subject"].str.contains("университет"), "subject_key"])
    keys |= set(frame.loc[frame["object"].str.contains("БерГУ"), "object_key"])
    assert len(keys) == 1
    names = set(frame["canonical_subject"]) | set(frame["canonical_object"])
    assert "Бережанский государственный университет" in names and "БерГУ" not in names


@pytest.mark.parametrize(
    ("abbreviation", "name", "expected"),
    [
        ("БерГУ", "Бережанский государственный университет", True),
        ("ККБ", "Тихоморская краевая клиническая больница", True),  # a regional adjective left out
        ("РНФ", "Российский научный фонд", True),
        ("ОЦБК", "Ольшанский целлюлозно-бумажный комбинат", True),  # a letter per part of a compound adjective
        ("ЦБК", "целлюлозно-бумажный комбинат", True),
        ("КЛ", "Кварц-Лаб", False),  # a hyphenated brand is one word
        ("ТИО", "Тихоморский научный фонд", False),
        ("ГУ", "Бережанский государственный университет", False),
    ],
)
def test_abbreviates(abbreviation, name, expected):
    assert abbreviates(abbreviation, name) is expected


def _fact(subject: str, obj: str, relation: str = "heads") -> RawTriplet:
    return RawTriplet(
        article_id="a1", subject=subject, relation=relation, object=obj, extractor="test", sentence_index=0,
        sentence="", subject_normal=subject, subject_type="PER", subject_descriptor="", verb="возглавлять",
        complement="", preposition="", case="accs", object_normal=obj, object_type="ORG", object_descriptor="",
    )  # fmt: skip


def test_a_thing_is_named_in_its_dictionary_form_however_often_the_texts_inflect_it():
    # «с «Бергранита»», «у «Бергранита»»: a quoted name without a noun before it inflects
    raw = triplets_frame(
        [_fact("Виктор Шамрай", "Бергранита"), _fact("Олег Иванов", "Бергранита"), _fact("Ян Ким", "Бергранит")]
    )
    frame = normalize_triplets(raw, {})
    assert set(frame["canonical_object"]) == {"Бергранит"}


def test_blocked_similar_pairs_are_exactly_the_pairs_a_full_scan_finds():
    from rapidfuzz import fuzz

    from dagster_project.core.graph.normalization import similar_pairs

    stems = ["северореченская область", "бережанск", "тихоморский институт океанологии", "ооо бергранит"]
    names = []
    for stem in stems:  # each name with spellings one to four edits away, and other lengths in between
        names += [stem, stem + "ий", stem[:-1], stem[1:], stem.replace("о", "а", 1), stem + " район", stem[:4]]
    for threshold in (94.0, 85.0, 70.0):
        full_scan = [
            (i, j)
            for i in range(len(names))
            for j in range(i + 1, len(names))
            if min(len(names[i]), len(names[j])) >= 6 and fuzz.ratio(names[i], names[j]) >= threshold
        ]
        assert full_scan, threshold
        assert similar_pairs(names, threshold, min_length=6) == full_scan


def test_a_citys_mayoralty_and_administration_are_one_institution():
    raw = triplets_frame([
        _fact("Виктор Шамрай", "Мэрия Бережанска"), _fact("Ян Ким", "Администрация Бережанска"),
        _fact("Олег Иванов", "Администрация города Бережанска"),
    ])  # fmt: skip
    assert normalize_triplets(raw, {})["object_key"].nunique() == 1


def test_a_name_ending_with_an_abbreviation_joins_the_name_that_spells_it_out():
    # one lab, written with the university's abbreviation in one article and in full in another
    raw = triplets_frame([
        _fact("Полина Ясинская", "Лаборатория подводной робототехники БерГУ"),
        _fact("Полина Ясинская", "Лаборатория подводной робототехники Бережанского государственного университета"),
        _fact("Аскольд Ремезов", "Лаборатория подводной робототехники ТИО"),
    ])  # fmt: skip
    frame = normalize_triplets(raw, {})
    labs = frame.loc[frame["subject"] == "Полина Ясинская", "object_key"]
    assert labs.nunique() == 1
    # another owner's lab of the same name stays apart: «ТИО» does not abbreviate the university
    assert frame.loc[frame["subject"] == "Аскольд Ремезов", "object_key"].iloc[0] != labs.iloc[0]


def test_a_persons_full_name_is_canonical_however_often_the_surname_alone_is_written():
    text = (
        "Суд вынес приговор бывшему директору завода «Вектор» Вадиму Сумарокову. "
        "Сумароков руководил заводом «Вектор» с 2016 года. Сумароков возглавлял компанию «Ладья» до 2016 года. "
        "Сумароков работал в банке «Заречный»."
    )
    frame = normalize_triplets(triplets_frame(extract_schema_triplets("a1", text, "2026-01-20")), {})
    people = set(frame.loc[frame["subject_type"] == "PER", "canonical_subject"])
    assert people == {"Вадим Сумароков"}


def test_a_post_the_month_says_was_left_is_no_present_post():
    raw = triplets_frame([
        _fact("Игорь Сомов", "Водоканал"), _fact("Игорь Сомов", "Водоканал", "formerly_headed"),
        _fact("Ян Ким", "Водоканал", "works_at"), _fact("Ян Ким", "Водоканал", "worked_at"),
        _fact("Олег Лис", "Водоканал"), _fact("Олег Лис", "Искра", "formerly_headed"),
    ])  # fmt: skip
    kept = set(zip(*(normalize_triplets(raw, {})[c] for c in ("subject", "relation", "object")), strict=True))
    assert kept == {
        ("Игорь Сомов", "formerly_headed", "Водоканал"), ("Ян Ким", "worked_at", "Водоканал"),
        ("Олег Лис", "heads", "Водоканал"), ("Олег Лис", "formerly_headed", "Искра"),
    }  # fmt: skip
