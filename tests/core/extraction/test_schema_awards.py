"""Grants whose giver stands in the genitive of «грант», and owners named in a participle: the
receiver is who receives (or the organization of its unit), the giver the named organization right
after the grant word; a plan, a negation or an owner before gives nothing."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"


def facts(text: str, relation: str) -> set[tuple[str, str]]:
    return {
        (t.subject_normal, t.object_normal)
        for t in extract_schema_triplets("a", text, PUBLISHED)
        if t.relation == relation
    }


def grants(text: str) -> set[tuple[str, str]]:
    return facts(text, "received_grant_from")


def test_a_research_group_receives_for_its_university():
    text = "Учёные Верхнеозёрского технического университета получили грант Российского научного фонда на опыты."
    assert grants(text) == {("Верхнеозёрский технический университет", "Российский научный фонд")}


def test_a_grant_before_the_verb_has_its_receiver_after_it():
    text = "Грант Российского научного фонда получила лаборатория физики Верхнеозёрского технического университета."
    assert grants(text) == {("Верхнеозёрский технический университет", "Российский научный фонд")}


def test_every_receiver_of_a_list_is_read():
    text = (
        "Гранты Российского научного фонда получили Верхнеозёрский технический университет и Омшанский "
        "политехнический институт."
    )
    assert grants(text) == {
        ("Верхнеозёрский технический университет", "Российский научный фонд"),
        ("Омшанский политехнический институт", "Российский научный фонд"),
    }


def test_a_won_grant_is_received():
    text = "Команда Омшанского политехнического института выиграла грант фонда «Исток»."
    assert grants(text) == {("Омшанский политехнический институт", "Исток")}


def test_a_plan_a_negation_or_a_receiver_with_no_name_gives_nothing():
    assert grants("Учёные Омшанского политехнического института получат грант Российского научного фонда.") == set()
    assert grants("Омшанский политехнический институт не получил грант Российского научного фонда.") == set()
    assert grants("Молодые учёные получили грант Российского научного фонда.") == set()  # whose?
    assert grants("Институт, который получил грант фонда «Исток», открыл лабораторию.") == set()


def test_a_genitive_that_is_no_giver_gives_nothing():
    assert grants("Лаборатория института «Океан» получила грант в размере 5 млн рублей.") == set()
    assert grants("Учёные института «Океан» получили грант на изучение течений Тихоморского залива.") == set()


def test_a_participle_names_the_owner_of_a_vessel():
    text = "Принадлежащий компании «Северный улов» траулер «Северянин» вернулся в порт Верхнеозёрска."
    assert facts(text, "belongs_to") == {("Северянин", "Северный улов")}
    text = "Траулер «Северянин», принадлежащий компании «Северный улов», вернулся в порт."
    assert facts(text, "belongs_to") == {("Северянин", "Северный улов")}


def test_an_owner_before_or_a_thing_with_no_name_gives_nothing():
    assert facts("Ранее принадлежавший компании «Северный улов» траулер «Полярник» продан.", "belongs_to") == set()
    assert facts("Принадлежащие компании «Северный улов» суда вышли на промысел.", "belongs_to") == set()


def test_a_company_named_right_after_a_vessel_owns_it():
    text = "Сухогруз «Омшанка» судоходной компании «Ладья» сел на мель у Верхнеозёрска."
    assert facts(text, "belongs_to") == {("Омшанка", "Ладья")}


def test_a_vessel_being_built_or_a_genitive_that_is_no_company_names_no_owner():
    # the shipyard's customer owns the trawler only once it is handed over
    assert facts("Верфь «Заречная» спустила на воду траулер «Полярник» компании «Ладья».", "belongs_to") == set()
    assert facts("Сухогруз «Омшанка» под флагом Панамы сел на мель.", "belongs_to") == set()
    assert facts("Сухогруз «Омшанка» сел на мель у причала компании «Ладья».", "belongs_to") == set()


def test_a_group_of_two_organizations_or_a_programme_gives_no_grant():
    text = (
        "Учёные Омшанского политехнического института и Верхнеозёрского технического университета получили "
        "грант Российского научного фонда."
    )
    assert grants(text) == set()
    assert grants("Омшанский политехнический институт получил грант программы «Приоритет».") == set()
    assert grants("Группа компаний «Ладья» получила грант фонда «Исток».") == {("Ладья", "Исток")}


def test_a_share_names_no_owner():
    text = "Принадлежащий на 51% компании «Северный улов» траулер «Северянин» вернулся в порт."
    assert facts(text, "belongs_to") == set()


def test_a_unit_with_no_name_whose_owner_is_not_read_receives_nothing():
    # «медуниверситета» names no organization: the laboratory alone would be a fragment beside its university
    assert grants("Лаборатория медуниверситета получила грант фонда «Исток» на изучение выбросов.") == set()
    text = "Лаборатория «Лёд» получила грант фонда «Исток» на изучение выбросов."
    assert grants(text) == {("Лёд", "Исток")}
