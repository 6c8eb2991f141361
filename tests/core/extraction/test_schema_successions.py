"""Successions with «сменить ... на посту»: the one replaced hung on the post, a gerund or a
participle on the new one, a pronoun after an appointment by a body. Each form with sentences it
must read and near misses it must not (future, negation, plan, two replaced, a person appointer)."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-12-10T10:00:00+03:00"


def succeeded(text: str) -> set[tuple[str, str]]:
    found = extract_schema_triplets("a", "Новости.\n\n" + text, PUBLISHED)
    return {(t.subject_normal, t.object_normal) for t in found if t.relation == "succeeded"}


def test_the_one_replaced_right_after_the_post_is_replaced():
    text = "Олег Ремезов сменил на посту Виталия Кубасова, который руководил округом с 2016 года."
    assert succeeded(text) == {("Олег Ремезов", "Виталий Кубасов")}


def test_a_gerund_takes_the_subject_of_its_past_verb():
    text = "Ульяна Бортко возглавила комбинат «Северный луч» в ноябре, сменив на посту Игната Дымова."
    assert succeeded(text) == {("Ульяна Бортко", "Игнат Дымов")}
    passive = "Ефим Карасёв был назначен директором лицея, сменив на этом посту Марину Ветрову."
    assert succeeded(passive) == {("Ефим Карасёв", "Марина Ветрова")}


def test_a_participle_takes_the_person_it_qualifies():
    text = "Игнат Дымов, сменивший на посту Ульяну Бортко, провёл первое совещание."
    assert succeeded(text) == {("Игнат Дымов", "Ульяна Бортко")}


def test_a_pronoun_after_an_appointment_by_a_body_means_the_appointee():
    text = (
        "Совет директоров АО «Тальский порт» назначил генеральным директором компании Олега Ремезова. "
        "Он сменил на посту Виталия Кубасова."
    )
    assert succeeded(text) == {("Олег Ремезов", "Виталий Кубасов")}


def test_a_pronoun_after_a_person_who_appointed_yields_nothing():
    text = "Губернатор Игнат Дымов назначил министром Олега Ремезова. Он сменил на посту Виталия Кубасова."
    assert succeeded(text) == set()


def test_future_negation_plan_and_two_replaced_yield_nothing():
    assert succeeded("Олег Ремезов сменит на посту Виталия Кубасова.") == set()
    assert succeeded("Олег Ремезов не сменил на посту Виталия Кубасова.") == set()
    assert succeeded("Олег Ремезов может сменить на посту Виталия Кубасова.") == set()
    assert succeeded("Ульяна Бортко возглавит комбинат в январе, сменив на посту Игната Дымова.") == set()
    assert succeeded("Олег Ремезов сменил на посту Виталия Кубасова и Игната Дымова.") == set()


def test_the_reporting_source_is_not_the_new_holder():
    text = "По словам Игната Дымова, Олег Ремезов сменил на посту Виталия Кубасова."
    assert succeeded(text) == {("Олег Ремезов", "Виталий Кубасов")}
