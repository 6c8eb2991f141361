"""Month-wide entity resolution: a short generic name joins its article's full name, namesakes that
the texts call a place and an organization stay apart, and nothing merges across articles by a
generic name alone."""

from __future__ import annotations

from dataclasses import replace

from dagster_project.core.extraction.triplets import RawTriplet, triplets_frame
from dagster_project.core.graph.normalization import normalize_triplets, shortened_names


def _fact(article: str, subject: str, obj: str, object_type: str = "ORG", descriptor: str = "") -> RawTriplet:
    return RawTriplet(
        article_id=article, subject=subject, relation="heads", object=obj, extractor="test", sentence_index=0,
        sentence="", subject_normal=subject, subject_type="PER", subject_descriptor="", verb="возглавлять",
        complement="", preposition="", case="accs", object_normal=obj, object_type=object_type,
        object_descriptor=descriptor,
    )  # fmt: skip


def _object_keys(facts: list[RawTriplet]) -> dict[tuple[str, str], str]:
    frame = normalize_triplets(triplets_frame(facts), {})
    return {(a, o): k for a, o, k in zip(frame["article_id"], frame["object"], frame["object_key"], strict=True)}


def test_a_generic_short_name_joins_the_full_name_of_its_own_article():
    keys = _object_keys([
        _fact("a", "Олег Иванов", "Администрация Ольшанского муниципального округа"),
        _fact("a", "Ян Ким", "Администрация округа"),
        _fact("b", "Олег Иванов", "Мэрия Ольшанска"), _fact("b", "Ян Ким", "администрация города"),
        _fact("c", "Олег Иванов", "Приморский институт геологии"), _fact("c", "Ян Ким", "институт геологии"),
    ])  # fmt: skip
    assert keys[("a", "Администрация округа")] == keys[("a", "Администрация Ольшанского муниципального округа")]
    assert keys[("b", "администрация города")] == keys[("b", "Мэрия Ольшанска")]
    # a mayoralty is a city's administration inside a department's name too
    inner = _object_keys([
        _fact("g", "Олег Иванов", "Департамент культуры мэрии Ольшанска"),
        _fact("g", "Ян Ким", "Департамент культуры администрации Ольшанска"),
    ])
    mayoralty, administration = "Департамент культуры мэрии Ольшанска", "Департамент культуры администрации Ольшанска"
    assert inner[("g", mayoralty)] == inner[("g", administration)]
    assert keys[("c", "институт геологии")] == keys[("c", "Приморский институт геологии")]


def test_a_short_name_stays_apart_when_it_is_ambiguous_proper_or_in_another_article():
    raw = triplets_frame([
        _fact("a", "Олег Иванов", "Администрация Ольшанского муниципального округа"),
        _fact("a", "Ян Ким", "Администрация Сосновского муниципального округа"),
        _fact("a", "Ян Ким", "Администрация округа"),
        _fact("b", "Олег Иванов", "Северный ледокол"), _fact("b", "Ян Ким", "Ледокол"),  # a proper name, not a class
        _fact("c", "Олег Иванов", "Департамент здравоохранения мэрии"), _fact("c", "Ян Ким", "Мэрия Ольшанска"),
        _fact("d", "Олег Иванов", "Законодательное собрание Приморской области"),  # a dropped noun is no adjective
        _fact("d", "Ян Ким", "Собрание"),  # nor is a dropped owner without the noun it owns
        _fact("e", "Олег Иванов", "Приморский институт геологии"), _fact("f", "Ян Ким", "институт геологии"),
    ])  # fmt: skip
    assert shortened_names(raw) == {}


def test_a_town_and_a_club_named_after_it_stay_two_entities():
    keys = _object_keys([
        _fact("a", "Олег Иванов", "Сокол", descriptor="клуб"), _fact("b", "Ян Ким", "Сокол", "LOC", "город"),
        _fact("c", "Пётр Лис", "Сокол"),
    ])  # fmt: skip
    assert keys[("a", "Сокол")] != keys[("b", "Сокол")]
    assert keys[("c", "Сокол")] == keys[("a", "Сокол")]


def test_a_name_ner_types_differently_in_two_articles_is_one_entity_without_words_against_it():
    frame = normalize_triplets(
        triplets_frame(
            [
                _fact("a", "Олег Иванов", "Заречье"),
                _fact("b", "Ян Ким", "Заречье", "LOC"),
                _fact("c", "Пётр Лис", "Заречье", "LOC"),
            ]
        ),  # fmt: skip
        {},
    )
    assert set(frame["object_key"]) == {"LOC:заречье"} and set(frame["object_type"]) == {"LOC"}


def test_a_generic_short_name_joins_a_full_name_of_the_month_whose_place_its_article_names():
    court = "Ольшанский районный суд"
    raw = triplets_frame([
        _fact("a", court, "Администрация Ольшанского муниципального округа"),
        _fact("b", court, "Администрация округа"),  # the article's court says which district
        _fact("c", "Ян Ким", "Администрация округа"),  # nothing says which district
        _fact("d", "Сосновский районный суд", "Администрация Сосновского муниципального округа"),
    ])  # fmt: skip
    assert shortened_names(raw) == {("b", "Администрация округа"): "Администрация Ольшанского муниципального округа"}


def _post(article: str, person: str, post: str) -> RawTriplet:
    return _fact(article, person, post, "OTHER", "должность")


def test_a_body_or_post_without_its_region_joins_the_one_full_name_the_article_or_month_gives():
    raw = triplets_frame([
        _fact("a", "Олег Иванов", "Законодательное собрание Приморской области"),
        _fact("a", "Ян Ким", "Законодательное собрание"),  # the same article names the region's
        _post("b", "Вера Лис", "министр здравоохранения Приморской области"),
        _post("c", "Вера Лис", "министр здравоохранения"),
        _post("c", "Пётр Лис", "министр строительства Приморской области"),  # the article names the region
        _post("d", "Ян Ким", "министр образования области"),
        _post("d", "Ян Ким", "министр образования Приморской области"),
    ])  # fmt: skip
    assert shortened_names(raw) == {
        ("a", "Законодательное собрание"): "Законодательное собрание Приморской области",
        ("c", "министр здравоохранения"): "министр здравоохранения Приморской области",
        ("d", "министр образования области"): "министр образования Приморской области",
    }


def test_a_short_body_joins_the_full_one_that_the_same_person_heads_elsewhere():
    raw = triplets_frame([
        replace(_fact("a", "Виктор Ясенев", "Законодательное собрание Приморской области"), relation="chairs"),
        replace(_fact("b", "Виктор Ясенев", "Законодательное собрание"), relation="chairs"),
        _fact("c", "Анна Котова", "Законодательное собрание"),  # nothing links this one to a region
    ])  # fmt: skip
    assert shortened_names(raw) == {("b", "Законодательное собрание"): "Законодательное собрание Приморской области"}


def test_a_region_left_out_stays_unresolved_when_two_regions_fit():
    raw = triplets_frame([
        _post("a", "Вера Лис", "министр здравоохранения Приморской области"),
        _post("b", "Ян Ким", "министр здравоохранения Озёрной области"),
        _post("c", "Пётр Лис", "министр здравоохранения"),  # the article names both regions
        _fact("c", "Пётр Лис", "Правительство Приморской области"),
        _fact("c", "Ян Ким", "Правительство Озёрной области"),
        _post("d", "Олег Иванов", "министр"),  # a post with nothing of its own is no short name
        _fact("d", "Олег Иванов", "Правительство Приморской области"),
        _fact("e", "Олег Иванов", "Правительство"),  # «правительство» alone may be the country's
        _fact("e", "Ян Ким", "Правительство Приморской области"),
    ])  # fmt: skip
    assert shortened_names(raw) == {}


def test_compound_body_words_are_their_full_names():
    keys = _object_keys([
        _fact("a", "Олег Иванов", "Приморская облдума"), _fact("b", "Ян Ким", "Приморская областная дума"),
        _fact("c", "Олег Иванов", "горадминистрация Ольшанска"), _fact("d", "Ян Ким", "Мэрия Ольшанска"),
        _fact("e", "Олег Иванов", "Горсовет Ольшанска"), _fact("f", "Ян Ким", "Городская дума Ольшанска"),
    ])  # fmt: skip
    assert keys[("a", "Приморская облдума")] == keys[("b", "Приморская областная дума")]
    assert keys[("c", "горадминистрация Ольшанска")] == keys[("d", "Мэрия Ольшанска")]
    assert keys[("e", "Горсовет Ольшанска")] != keys[("f", "Городская дума Ольшанска")]  # two bodies of one city


def _person_keys(facts: list[tuple[str, str]]) -> dict[str, str]:
    """Subject key per person name, from (article, person) facts about one company."""
    frame = normalize_triplets(triplets_frame([_fact(a, person, "Вектор") for a, person in facts]), {})
    return dict(zip(frame["subject"], frame["subject_key"], strict=True))


def test_initials_and_patronymics_join_the_one_person_they_fit():
    keys = _person_keys([
        ("a", "Анна Сергеевна Котова"), ("b", "Анна Котова"), ("c", "А. С. Котова"),
        ("d", "Глеб Ильич Рябов"), ("e", "Г. Рябов"),
    ])  # fmt: skip
    assert keys["Анна Сергеевна Котова"] == keys["Анна Котова"] == keys["А. С. Котова"]
    assert keys["Г. Рябов"] == keys["Глеб Ильич Рябов"]


def test_initials_and_surnames_stay_apart_from_namesakes():
    keys = _person_keys([
        ("a", "Анна Котова"), ("b", "Алла Котова"), ("c", "А. Котова"),  # two fit the initial
        ("d", "Игорь Лебедев"), ("e", "Лебедева"),  # a woman's surname is no man's
        ("f", "Олег Петрович Зуев"), ("g", "Олег Иванович Зуев"), ("h", "Олег Зуев"),  # two patronymics fit
    ])  # fmt: skip
    assert len({keys["Анна Котова"], keys["Алла Котова"], keys["А. Котова"]}) == 3
    assert keys["Лебедева"] != keys["Игорь Лебедев"]
    assert len({keys["Олег Петрович Зуев"], keys["Олег Иванович Зуев"], keys["Олег Зуев"]}) == 3


def test_a_name_after_a_legal_form_is_the_company_of_that_name():
    keys = _object_keys([
        _fact("a", "Олег Иванов", "ООО «Вектор»"), _fact("b", "Ян Ким", "Вектор", descriptor="компания"),
        _fact("c", "Олег Иванов", "МУП «Ольшанский водоканал»"), _fact("d", "Ян Ким", "Ольшанский водоканал"),
    ])  # fmt: skip
    assert keys[("a", "ООО «Вектор»")] == keys[("b", "Вектор")]
    assert keys[("c", "МУП «Ольшанский водоканал»")] == keys[("d", "Ольшанский водоканал")]


def test_a_legal_form_joins_nothing_when_two_forms_or_a_club_share_the_name():
    keys = _object_keys([
        _fact("a", "Олег Иванов", "ООО «Нива»"), _fact("b", "Ян Ким", "АО «Нива»"), _fact("c", "Пётр Лис", "Нива"),
        _fact("d", "Олег Иванов", "ООО «Сокол»"), _fact("e", "Ян Ким", "Сокол", descriptor="клуб"),
    ])  # fmt: skip
    assert len({keys[("a", "ООО «Нива»")], keys[("b", "АО «Нива»")], keys[("c", "Нива")]}) == 3
    assert keys[("d", "ООО «Сокол»")] != keys[("e", "Сокол")]


def test_an_abbreviation_ner_calls_a_place_takes_the_type_of_its_full_name():
    frame = normalize_triplets(
        triplets_frame(
            [
                _fact("a", "Ян Ким", "Ольшанский аграрный университет", descriptor="университет"),
                _fact("b", "Ян Ким", "ОАУ", "LOC"),
                _fact("c", "Олег Иванов", "ОАУ", "LOC"),
            ]
        ),  # fmt: skip
        {},
    )
    assert set(frame["object_type"]) == {"ORG"}
    assert set(frame["canonical_object"]) == {"Ольшанский аграрный университет"}


def test_a_town_ner_mostly_calls_an_organization_is_a_place_where_a_facility_stands():
    keys = _object_keys([
        _fact("a", "Олег Иванов", "Ольховец"), _fact("b", "Ян Ким", "Ольховец"),
        _fact("c", "Пётр Лис", "Ольховец", "LOC"),
        _fact("d", "Ян Ким", "сервисный центр в Ольховце", "OTHER", "центр"),
    ])  # fmt: skip
    assert keys[("a", "Ольховец")].startswith("LOC:")
    # a company NER once calls a place stays one when a class noun says so («компания «Вереск»»)
    company = _object_keys([
        _fact("a", "Олег Иванов", "Вереск", descriptor="компания"), _fact("b", "Ян Ким", "Вереск"),
        _fact("c", "Пётр Лис", "Вереск", "LOC"), _fact("d", "Ян Ким", "склад в Вереске", "OTHER", "склад"),
    ])  # fmt: skip
    assert company[("b", "Вереск")].startswith("ORG:")


def test_an_abbreviation_joins_a_company_written_with_and_without_its_legal_form():
    keys = _object_keys([
        _fact("a", "Олег Иванов", "АО «Ольшанская энергетическая компания»"),
        _fact("b", "Ян Ким", "Ольшанская энергетическая компания"),
        _fact("c", "Пётр Лис", "ОЭК"),
    ])  # fmt: skip
    assert keys[("c", "ОЭК")] == keys[("a", "АО «Ольшанская энергетическая компания»")] == keys[
        ("b", "Ольшанская энергетическая компания")
    ]
