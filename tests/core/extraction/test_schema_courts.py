"""Court news: who sued whom, which court ruled against whom, and what a party must pay. Each rule
on a sentence it must read and on a near miss it must leave alone (a plan, a negation, an acquittal,
a party that is no court)."""

from __future__ import annotations

import pytest

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"
COURT = "Арбитражный суд Северореченской области"


def facts(text: str) -> set[tuple[str, str, str]]:
    return {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}


def test_going_to_court_against_someone_is_suing_them():
    assert facts("Застройщик «Заря» подала в суд на администрацию Ветлуги.") == {
        ("Заря", "sued", "Администрация Ветлуги")
    }
    assert facts("Фермер Олег Дымов подал в арбитраж на компанию «Луговое».") == {("Олег Дымов", "sued", "Луговое")}
    # a complaint against a decision names no party
    assert facts("Олег Дымов подал в суд жалобу на решение мэрии Ветлуги.") == set()


def test_a_fine_is_a_ruling_and_the_sum_the_fined_party_must_pay():
    text = "Бережанский районный суд оштрафовал компанию «Ладога-Транс» на 800 тысяч рублей."
    assert facts(text) == {
        ("Бережанский районный суд", "ruled_against", "Ладога-Транс"),
        ("Ладога-Транс", "ordered_to_pay", "800 тысяч рублей"),
    }
    text = "Мировой суд Бережанска назначил перевозчику «Ладога-Транс» штраф в размере 1,2 млн рублей."
    assert facts(text) == {
        ("Мировой суд Бережанска", "ruled_against", "Ладога-Транс"),
        ("Ладога-Транс", "ordered_to_pay", "1,2 млн рублей"),
    }
    text = "Мировой суд Бережанска наложил на компанию «Ладога-Транс» штраф в 300 тысяч рублей."
    assert ("Ладога-Транс", "ordered_to_pay", "300 тысяч рублей") in facts(text)


def test_one_fine_for_several_parties_says_no_sum_of_each():
    text = "Бережанский районный суд оштрафовал компанию «Ладога-Транс» и банк «Окский» на 800 тысяч рублей."
    assert facts(text) == {
        ("Бережанский районный суд", "ruled_against", "Ладога-Транс"),
        ("Бережанский районный суд", "ruled_against", "Окский"),
    }


@pytest.mark.parametrize(
    "text",
    [
        "Компания «Ладога-Транс» может быть оштрафована на 800 тысяч рублей.",  # a possibility
        "Бережанский районный суд не оштрафовал компанию «Ладога-Транс».",  # a negation
        "Банк «Окский» оштрафовал компанию «Ладога-Транс» на 800 тысяч рублей.",  # a bank is no court
        "Бережанский районный суд признал компанию «Ладога-Транс» невиновной.",  # an acquittal
        "Компания «Ладога-Транс» признала банк «Окский» банкротом.",  # no court
    ],
)
def test_no_ruling_without_a_court_deciding_against_a_party(text):
    assert facts(text) == set()


def test_verdicts_of_guilt_bankruptcy_and_sentences_are_rulings_against_the_party():
    assert facts(f"{COURT} признал компанию «Ладога-Транс» банкротом.") == {(COURT, "ruled_against", "Ладога-Транс")}
    assert facts("Бережанский районный суд признал перевозчика «Ладога-Транс» виновным в нарушении закона.") == {
        ("Бережанский районный суд", "ruled_against", "Ладога-Транс")
    }
    assert facts("Ветлужский районный суд приговорил Семёна Лаптева к четырём годам колонии.") == {
        ("Ветлужский районный суд", "ruled_against", "Семён Лаптев")
    }


def test_a_granted_suit_names_both_parties_and_the_losing_one():
    assert facts(f"{COURT} удовлетворил иск застройщика «Заря» к банку «Окский».") == {
        ("Заря", "sued", "Окский"),
        (COURT, "ruled_against", "Окский"),
    }
    assert facts(f"{COURT} удовлетворил иск застройщика «Заря» против мэрии Ветлуги.") == {
        ("Заря", "sued", "Мэрия Ветлуги"),
        (COURT, "ruled_against", "Мэрия Ветлуги"),
    }
    # a suit turned down was still filed, and rules nothing against the defendant
    assert facts(f"{COURT} отклонил иск застройщика «Заря» к банку «Окский».") == {("Заря", "sued", "Окский")}
    assert facts(f"{COURT} не удовлетворил иск застройщика «Заря» к банку «Окский».") == {("Заря", "sued", "Окский")}


def test_a_court_order_to_pay_back_or_compensate_is_an_order_to_pay():
    assert facts(f"{COURT} обязал мэрию Ветлуги компенсировать застройщику «Заря» 6 млн рублей.") == {
        (COURT, "ruled_against", "Мэрия Ветлуги"),
        ("Мэрия Ветлуги", "ordered_to_pay", "6 млн рублей"),
    }
    # the parser hangs the sum on «обязал»; it is still what the party must return
    assert ("Ладога-Транс", "ordered_to_pay", "2 млн рублей") in facts(
        f"{COURT} обязал компанию «Ладога-Транс» вернуть банку «Окский» 2 млн рублей."
    )


def test_money_won_in_court_was_sued_for_and_ordered_paid():
    assert facts("Застройщик «Заря» отсудила у банка «Окский» 4 млн рублей.") == {
        ("Заря", "sued", "Окский"),
        ("Окский", "ordered_to_pay", "4 млн рублей"),
    }


@pytest.mark.parametrize(
    "text",
    [
        # a suit with its claimant exists, whatever the court does with it
        f"{COURT} принял к рассмотрению иск застройщика «Заря» к банку «Окский».",
        "По иску застройщика «Заря» к банку «Окский» суд назначил экспертизу.",
        # what is claimed is taken from the defendant
        "Застройщик «Заря» подал иск о взыскании с банка «Окский» 9 млн рублей.",
        "Застройщик «Заря» обратился в суд с требованием взыскать с банка «Окский» 9 млн рублей.",
        "Застройщик «Заря» через суд требует взыскать с банка «Окский» 9 млн рублей.",
    ],
)
def test_a_suit_names_its_claimant_and_defendant_in_any_frame(text):
    assert ("Заря", "sued", "Окский") in facts(text)


def test_a_demand_or_an_intention_is_no_suit():
    assert facts("Застройщик «Заря» требует взыскать с банка «Окский» 9 млн рублей.") == set()
    assert facts("Застройщик «Заря» намерен подать иск о взыскании с банка «Окский» 9 млн рублей.") == set()


def test_a_recovery_on_a_suit_names_who_sued():
    assert facts("По иску застройщика «Заря» суд взыскал с банка «Окский» 9 млн рублей.") == {
        ("Заря", "sued", "Окский"),
        ("Окский", "ordered_to_pay", "9 млн рублей"),
    }


def test_an_arrest_is_a_ruling_against_the_person_not_against_an_owner_of_property():
    assert facts("Ветлужский районный суд арестовал бывшего главу района Семёна Лаптева.") == {
        ("Ветлужский районный суд", "ruled_against", "Семён Лаптев")
    }
    assert facts("Ветлужский районный суд арестовал имущество застройщика «Заря».") == set()


def test_the_sum_of_a_payment_is_its_amount_never_the_payment_noun():
    text = f"{COURT} обязал компанию «Ладога-Транс» выплатить банку «Окский» неустойку в размере 2 млн рублей."
    assert ("Ладога-Транс", "ordered_to_pay", "2 млн рублей") in facts(text)
    text = f"{COURT} взыскал с компании «Ладога-Транс» компенсацию в размере 2 млн рублей."
    assert {f for f in facts(text) if f[1] == "ordered_to_pay"} == {("Ладога-Транс", "ordered_to_pay", "2 млн рублей")}


def test_a_defendant_hung_on_a_long_claimant_name_is_still_the_defendant():
    # «к Y» after a claimant named with «по ... области» belongs to the suit, not to the claimant's name
    text = (
        "Арбитражный суд Северореченской области частично удовлетворил иск Управления Росприроднадзора "
        "по Северореченской области к АО «Бережанский химический завод»."
    )
    assert facts(text) == {
        ("Управление Росприроднадзора по Северореченской области", "sued", "Бережанский химический завод"),
        (COURT, "ruled_against", "Бережанский химический завод"),
    }
    text = "Суд принял к рассмотрению иск Управления Росприроднадзора по Северореченской области к ООО «Ладога-Транс»."
    assert facts(text) == {("Управление Росприроднадзора по Северореченской области", "sued", "Ладога-Транс")}


def test_a_shipyard_is_no_court_though_its_name_begins_with_one():
    # «судоверфь», «судно», «судья» begin with «суд»: only a court's recovery is an order to pay
    text = "Судоверфь «Кречет» взыскала с компании «Трал» 12 млн рублей."
    assert not any(relation == "ordered_to_pay" for _, relation, _ in facts(text))
    # a judge rules for the court
    judge = "Судья Арбитражного суда Ольшанской области Кирилл Лысов взыскал с компании «Трал» 12 млн рублей."
    assert ("Трал", "ordered_to_pay", "12 млн рублей") in facts(judge)
