"""Each entity named once and in full: one name per entity, no name a reader cannot resolve."""

import pytest

from dagster_project.core.common.abbreviations import abbreviates
from dagster_project.core.common.russian import inflect_phrase
from dagster_project.core.extraction.schema import extract_schema_triplets
from dagster_project.core.extraction.triplets import RawTriplet, triplets_frame
from dagster_project.core.graph.normalization import normalize_triplets, ownerless_body


def _fact(subject, obj, *, object_type="ORG", article="a1", index=0, written=None, relation="heads") -> RawTriplet:
    return RawTriplet(
        article_id=article, subject=subject, relation=relation, object=written or obj, extractor="test",
        sentence_index=index, sentence="", subject_normal=subject, subject_type="PER", subject_descriptor="",
        verb="возглавлять", complement="", preposition="", case="accs", object_normal=obj,
        object_type=object_type, object_descriptor="",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("abbreviation", "name", "expected"),
    [
        ("ТГЛТУ", "Тальский государственный лесотехнический университет", True),  # «лесо-технический»
        ("ТГЛТУ", "Тальского государственного лесотехнического университета", True),
        ("УКМЗ", "Усть-Кедровский механический завод", True),  # a letter per part of a place's name
        ("КСХИ", "Кедровский сельскохозяйственный институт", True),
        ("КГМУ", "Каменногорский медицинский университет", False),  # a place's adjective is one letter
        ("КЛ", "Кварц-Лаб", False),
        # a regional body's abbreviation leaves out its legal form and its region, or keeps the region
        ("УКС", "КГКУ Управление капитального строительства Ольшанского края", True),
        ("УКС", "Управление капитального строительства Ольшанской области", True),
        ("ФРОО", "Фонд развития Ольшанской области", True),
        ("УКС", "Управление культуры и спорта Ольшанска", False),
    ],
)
def test_a_compound_word_gives_an_abbreviation_a_letter_per_root(abbreviation, name, expected):
    assert abbreviates(abbreviation, name) is expected


def test_an_abbreviation_of_a_compound_joins_its_full_name_across_articles():
    raw = triplets_frame([
        _fact("Марина Ясенева", "ТГЛТУ", article="a1"),
        _fact("Олег Ким", "Тальский государственный лесотехнический университет", article="a2"),
    ])  # fmt: skip
    frame = normalize_triplets(raw, {})
    assert frame["object_key"].nunique() == 1
    assert set(frame["canonical_object"]) == {"Тальский государственный лесотехнический университет"}


def test_a_district_is_one_place_with_and_without_its_kind_of_municipality():
    raw = triplets_frame([
        _fact("Роман Дубов", "Тальский муниципальный округ", object_type="LOC", article="a1"),
        _fact("Роман Дубов", "Тальский округ", object_type="LOC", article="a2"),
    ])  # fmt: skip
    assert normalize_triplets(raw, {})["object_key"].nunique() == 1


def test_a_short_district_name_that_fits_two_kinds_joins_neither():
    raw = triplets_frame([
        _fact("Роман Дубов", "Северный муниципальный округ", object_type="LOC", article="a1"),
        _fact("Анна Рысь", "Северный административный округ", object_type="LOC", article="a2"),
        _fact("Олег Ким", "Северный округ", object_type="LOC", article="a3"),
    ])  # fmt: skip
    assert normalize_triplets(raw, {})["object_key"].nunique() == 3


def test_two_readings_of_one_phrase_are_the_longer_name():
    raw = triplets_frame([
        _fact("Пётр Линев", "Дорожное управление Тальского округа", written="дорожным управлением Тальского округа"),
        _fact("Пётр Линев", "Управление Тальского округа", written="управлением Тальского округа"),
        # another article, which reads the phrase once, keeps its own name
        _fact("Ян Ким", "Управление Тальского округа", written="управлением Тальского округа", article="a2"),
    ])  # fmt: skip
    frame = normalize_triplets(raw, {})
    first = frame[frame["subject"] == "Пётр Линев"]
    assert set(first["canonical_object"]) == {"Дорожное управление Тальского округа"}
    assert set(frame.loc[frame["subject"] == "Ян Ким", "canonical_object"]) == {"Управление Тальского округа"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Правительство области", True),
        ("Финансовое управление администрации", True),
        ("Управление ЖКХ администрации", True),
        ("Министерство здравоохранения", True),
        ("Правительство Тальской области", False),
        ("Управление ФНС", False),  # the abbreviation names the owner
        ("Кедровское управление социальной защиты", False),  # a place's adjective names it
        ("Отдел культуры администрации Тальского района", False),
        ("Совет директоров", False),
    ],
)
def test_a_body_of_some_territory_that_says_not_which_is_ownerless(name, expected):
    assert ownerless_body(name, "ORG") is expected


def test_facts_about_an_ownerless_body_are_dropped_but_a_quoted_name_stays():
    raw = triplets_frame([
        _fact("Марина Лыко", "Финансовое управление администрации"),
        _fact("Марина Лыко", "Управление капстроительства", written="МКУ «Управление капстроительства»"),
        _fact("Ян Ким", "Министерство финансов Тальской области"),
    ])  # fmt: skip
    names = set(normalize_triplets(raw, {})["canonical_object"])
    assert names == {"Управление капстроительства", "Министерство финансов Тальской области"}


def _facts(text: str) -> set[tuple[str, str, str]]:
    return {(f.relation, f.subject_normal, f.object_normal) for f in extract_schema_triplets("a", text, "2026-04-10")}


def test_a_regions_body_named_by_a_bare_noun_takes_the_one_region_the_article_named():
    text = (
        "Губернатор Озёрновской области Пётр Калинин подписал указ. "
        "Прежний министр Илья Гарбер стал заместителем председателя правительства области. "
        "Анна Ветрова возглавляла региональный минздрав с 2019 года."
    )
    facts = _facts(text)
    assert ("works_at", "Илья Гарбер", "Правительство Озёрновской области") in facts
    assert ("formerly_headed", "Анна Ветрова", "Министерство здравоохранения Озёрновской области") in facts


def test_with_two_regions_named_a_bare_noun_says_not_which():
    text = (
        "Губернаторы Озёрновской области и Тальской области подписали соглашение. "
        "Илья Гарбер стал заместителем председателя правительства области."
    )
    assert not any("Озёрновской" in obj or "Тальской" in obj for _, who, obj in _facts(text) if who == "Илья Гарбер")


def test_a_post_at_the_start_of_a_sentence_is_no_part_of_an_organizations_name():
    facts = _facts("Проректором Тальского лесотехнического университета по науке стал Кирилл Лунев.")
    assert not any("роректор" in obj for _, _, obj in facts)


def test_an_inflected_name_keeps_the_e_its_texts_write():
    assert inflect_phrase("Вельозерская область", "gent") == "Вельозерской области"
    assert inflect_phrase("Озёрская область", "gent") == "Озёрской области"


def test_a_post_of_the_region_named_by_a_bare_noun_takes_the_regions_name_once():
    opening = "Губернатор Озёрновской области Пётр Калинин подписал указ. "
    facts = _facts(opening + "Первым заместителем губернатора назначен Олег Тарханов.")
    assert ("appointed_to", "Олег Тарханов", "первый заместитель губернатора Озёрновской области") in facts
    facts = _facts(opening + "Министр экономического развития области Илья Гарев рассказал о займах.")
    assert ("holds_position", "Илья Гарев", "министр экономического развития Озёрновской области") in facts


def test_facts_about_a_post_that_says_not_whose_are_dropped():
    raw = triplets_frame([
        _fact("Светлана Букина", "заместитель министра", object_type="OTHER", relation="appointed_to"),
        _fact("Денис Пашков", "главный тренер", object_type="OTHER", relation="appointed_to"),
        _fact("Ян Ким", "главный тренер «Лесовика»", object_type="OTHER", relation="appointed_to"),
        _fact("Анна Рысь", "премия губернатора", object_type="OTHER", relation="won"),
    ])  # fmt: skip
    assert set(normalize_triplets(raw, {})["subject"]) == {"Ян Ким", "Анна Рысь"}


def test_a_bare_abbreviation_is_the_one_place_qualified_abbreviation_of_its_article():
    text = (
        "Министр здравоохранения Озёрновской области посетил Тальскую ЦРБ. По словам главного врача ЦРБ "
        "Андрея Щукова, в больнице не хватает врачей. Тальская ЦРБ обслуживает 40 тысяч жителей."
    )
    assert ("heads", "Андрей Щуков", "Тальская ЦРБ") in _facts(text)
    # two districts' hospitals: the bare abbreviation may be either
    two = text + " Кедровская ЦРБ получила новый томограф."
    assert ("heads", "Андрей Щуков", "Тальская ЦРБ") not in _facts(two)


def test_an_abbreviation_inside_a_name_joins_the_name_that_spells_it_out():
    raw = triplets_frame([
        _fact("Светлана Юрина", "ОКБ № 1", article="a1"),
        _fact("Олег Дубов", "Областная клиническая больница № 1", article="a2"),
        _fact("Ян Ким", "Областная клиническая больница № 2", article="a3"),  # another number, another hospital
        _fact("Артур Ибрагимов", "ООО СК Кремень", article="a4"),
        _fact("Анна Рысь", "ООО Строительная компания Кремень", article="a5"),
    ])  # fmt: skip
    frame = normalize_triplets(raw, {}).set_index("subject")
    assert frame.loc["Светлана Юрина", "object_key"] == frame.loc["Олег Дубов", "object_key"]
    assert frame.loc["Ян Ким", "object_key"] != frame.loc["Олег Дубов", "object_key"]
    assert frame.loc["Артур Ибрагимов", "object_key"] == frame.loc["Анна Рысь", "object_key"]
    # the spelled-out name is the one a question names
    assert frame.loc["Светлана Юрина", "canonical_object"] == "Областная клиническая больница № 1"
    assert frame.loc["Артур Ибрагимов", "canonical_object"] == "ООО Строительная компания Кремень"


def test_names_that_differ_in_an_abbreviation_are_two_entities_however_alike_they_look():
    raw = triplets_frame([
        _fact("Андрей Щуков", "Тальская ЦРБ", article="a1"),
        _fact("Алексей Корнев", "Тальский ЦБК", article="a2"),
    ])  # fmt: skip
    assert normalize_triplets(raw, {})["object_key"].nunique() == 2


def test_a_committees_topic_is_no_part_of_its_legislatures_name_and_the_legislature_is_the_regions():
    text = (
        "Комиссия по премиям губернатора Озёрновской области подвела итоги. В состав комиссии вошли "
        "председатель комитета Законодательного собрания по социальной политике Константин Лебедев и "
        "директор музея Григорий Мезенов."
    )
    facts = _facts(text)
    assert ("works_at", "Константин Лебедев", "Законодательное собрание Озёрновской области") in facts
    assert not any(obj.startswith("Законодательное собрание по") for _, _, obj in facts)
