"""Back-references inside one article: a bare class noun or a shortened institution name is the one
organization the article named in full before it, and nothing when two could be meant."""

from __future__ import annotations

from dagster_project.core.common.parses import parse_document
from dagster_project.core.extraction.schema import extract_schema_triplets
from dagster_project.core.extraction.schema.arguments import abbreviations

PUBLISHED = "2025-11-14T10:00:00+03:00"


def facts(text: str, relation: str | None = None) -> set[tuple[str, str, str]]:
    found = {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}
    return {f for f in found if relation is None or f[1] == relation}


def test_a_bare_university_is_the_one_university_the_article_named():
    text = (
        "Лесогорский аграрный университет (ЛАУ) открыл кафедру агрономии. "
        "Университет подписал соглашение с компанией «Нива»."
    )
    assert facts(text, "signed_agreement_with") == {
        ("Лесогорский аграрный университет", "signed_agreement_with", "Нива")
    }


def test_a_bare_university_stays_unresolved_when_two_were_named_or_none_before_it():
    two = (
        "Лесогорский аграрный университет и Приморский морской университет открыли кафедру. "
        "Университет подписал соглашение с компанией «Нива»."
    )
    assert facts(two, "signed_agreement_with") == set()
    inside_another_name = (
        "Фонд поддержки университетов выделил грант. Университет подписал соглашение с компанией «Нива»."
    )
    assert facts(inside_another_name, "signed_agreement_with") == set()
    after = "Университет подписал соглашение с компанией «Нива». Лесогорский аграрный университет открыл кафедру."
    assert facts(after, "signed_agreement_with") == set()


def test_a_bare_court_and_mayoralty_refer_back_to_their_full_names():
    court = "Ольшанский районный суд рассмотрел иск. Суд обязал компанию «Нива» выплатить 200 тысяч рублей."
    assert ("Ольшанский районный суд", "ruled_against", "Нива") in facts(court)
    mayoralty = "Мэрия Ольшанска объявила конкурс. Мэрия подписала контракт с компанией «Нива»."
    assert facts(mayoralty, "signed_contract_with") == {("Мэрия Ольшанска", "signed_contract_with", "Нива")}


def test_a_shortened_administration_is_the_full_one_named_before():
    district = (
        "Администрация Ольшанского муниципального округа объявила конкурс. "
        "Администрация округа подписала контракт с компанией «Нива»."
    )
    assert facts(district, "signed_contract_with") == {
        ("Администрация Ольшанского муниципального округа", "signed_contract_with", "Нива")
    }
    city = "Мэрия Ольшанска объявила конкурс. Администрация города подписала контракт с компанией «Нива»."
    assert facts(city, "signed_contract_with") == {("Мэрия Ольшанска", "signed_contract_with", "Нива")}


def test_a_shortened_administration_stays_as_written_when_two_fit():
    two = (
        "Администрация Ольшанского муниципального округа и администрация Сосновского муниципального округа "
        "объявили конкурс. Администрация округа подписала контракт с компанией «Нива»."
    )
    assert facts(two, "signed_contract_with") == {("Администрация округа", "signed_contract_with", "Нива")}


def test_a_syllabic_abbreviation_in_brackets_names_the_organization_before_it():
    # «БерГУ» is «Бер-» + «Г» + «У»: its parts begin the name's words though its letters are not initials
    text = "Бережанский государственный университет (БерГУ) провёл конкурс. БерГУ открыл кафедру судостроения."
    assert abbreviations(text, parse_document(text).spans) == {"бергу": "Бережанский государственный университет"}
    other = "Бережанский морской порт (БерГУ) провёл конкурс."
    assert abbreviations(other, parse_document(other).spans) == {}


def test_a_department_of_the_mayoralty_takes_the_city_the_article_names():
    before = (
        "Администрация Ольшанска объявила конкурс. "
        "Департамент здравоохранения мэрии подписал контракт с компанией «Нива»."
    )
    assert facts(before, "signed_contract_with") == {
        ("Департамент здравоохранения мэрии Ольшанска", "signed_contract_with", "Нива")
    }
    after = "Департамент образования мэрии подписал соглашение с компанией «Нива». Об этом сообщили в мэрии Ольшанска."
    assert facts(after, "signed_agreement_with") == {
        ("Департамент образования мэрии Ольшанска", "signed_agreement_with", "Нива")
    }


def test_a_department_of_the_mayoralty_takes_the_city_named_inside_a_longer_name():
    # the parser hangs «Ольшанска» on «департамента», not on «администрации»
    text = (
        "Директором департамента культуры администрации Ольшанска назначена Анна Котова. "
        "Департамент образования мэрии подписал соглашение с компанией «Нива»."
    )
    assert facts(text, "signed_agreement_with") == {
        ("Департамент образования мэрии Ольшанска", "signed_agreement_with", "Нива")
    }


def test_a_department_of_the_mayoralty_stays_as_written_when_no_city_or_two_fit():
    two = (
        "Мэрия Ольшанска и администрация Сосновска объявили конкурс. "
        "Департамент образования мэрии подписал соглашение с компанией «Нива»."
    )
    assert facts(two, "signed_agreement_with") == {("Департамент образования мэрии", "signed_agreement_with", "Нива")}
    none = "Департамент образования мэрии подписал соглашение с компанией «Нива»."
    assert facts(none, "signed_agreement_with") == {("Департамент образования мэрии", "signed_agreement_with", "Нива")}
    # a region's government is no city's mayoralty
    other_body = (
        "Правительство Приморской области объявило конкурс. "
        "Департамент образования мэрии подписал соглашение с компанией «Нива»."
    )
    assert facts(other_body, "signed_agreement_with") == {
        ("Департамент образования мэрии", "signed_agreement_with", "Нива")
    }


def test_a_person_named_after_the_mayoralty_is_its_official_not_its_owner():
    # «директора департамента ... мэрии Анны Котовой»: the genitive name after «мэрии» is the
    # director's, so the department takes the city the article names elsewhere
    text = (
        "Мэрия Ольшанска объявила конкурс. "
        "Поправку подготовили по предложению директора департамента здравоохранения мэрии Анны Котовой."
    )
    assert facts(text, "heads") == {("Анна Котова", "heads", "Департамент здравоохранения мэрии Ольшанска")}
