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


def test_a_pronoun_right_after_an_appointment_by_a_person_means_the_appointee():
    text = "Губернатор Игнат Дымов назначил министром Олега Ремезова. Он сменил на посту Виталия Кубасова."
    assert succeeded(text) == {("Олег Ремезов", "Виталий Кубасов")}


def test_a_pronoun_after_an_appointment_that_names_another_candidate_yields_nothing():
    third = (
        "Губернатор Игнат Дымов назначил министром Олега Ремезова, а советником Петра Орлова. "
        "Он сменил на посту Виталия Кубасова."
    )
    assert succeeded(third) == set()
    two = (
        "Губернатор Игнат Дымов назначил Олега Ремезова и Петра Орлова заместителями. "
        "Он сменил на посту Виталия Кубасова."
    )
    assert succeeded(two) == set()
    other_gender = "Губернатор Игнат Дымов назначил министром Олега Ремезова. Она сменила на посту Виталия Кубасова."
    assert succeeded(other_gender) == set()


def test_future_negation_plan_and_two_replaced_yield_nothing():
    assert succeeded("Олег Ремезов сменит на посту Виталия Кубасова.") == set()
    assert succeeded("Олег Ремезов не сменил на посту Виталия Кубасова.") == set()
    assert succeeded("Олег Ремезов может сменить на посту Виталия Кубасова.") == set()
    assert succeeded("Ульяна Бортко возглавит комбинат в январе, сменив на посту Игната Дымова.") == set()
    assert succeeded("Олег Ремезов сменил на посту Виталия Кубасова и Игната Дымова.") == set()


def test_the_reporting_source_is_not_the_new_holder():
    text = "По словам Игната Дымова, Олег Ремезов сменил на посту Виталия Кубасова."
    assert succeeded(text) == {("Олег Ремезов", "Виталий Кубасов")}


def facts(relation: str, text: str) -> set[tuple[str, str]]:
    found = extract_schema_triplets("a", "Новости.\n\n" + text, PUBLISHED)
    return {(t.subject_normal, t.object_normal) for t in found if t.relation == relation}


REGION = "Правительство Тальской области утвердило программу ремонта мостов. "


def test_a_minister_of_two_coordinated_fields_after_a_dative_keeps_the_whole_post():
    text = (
        REGION
        + "«Работы начнутся весной», — заявил журналистам министр транспорта и дорожного хозяйства области Игнат Дымов."
    )
    assert facts("holds_position", text) == {
        ("Игнат Дымов", "министр транспорта и дорожного хозяйства Тальской области")
    }
    deputy = REGION + "Об этом сообщил заместитель министра транспорта и дорожного хозяйства области Игнат Дымов."
    minister = ("Игнат Дымов", "министр транспорта и дорожного хозяйства Тальской области")
    assert minister not in facts("holds_position", deputy)  # the name titles the deputy


def test_a_granted_suit_whose_defendant_the_parser_hung_on_the_next_verb():
    text = (
        "Арбитражный суд Тальской области удовлетворил иск АО «Тальский порт» к ООО «Вектор-Строй» "
        "и взыскал с подрядчика 3,2 млн рублей."
    )
    assert facts("sued", text) == {("Тальский порт", "Вектор-Строй")}
    assert facts("ruled_against", text) == {("Арбитражный суд Тальской области", "Вектор-Строй")}
    refused = (
        "Арбитражный суд Тальской области отклонил иск АО «Тальский порт» к ООО «Вектор-Строй» "
        "и оставил в силе решение комиссии."
    )
    assert facts("ruled_against", refused) == set()
    assert facts("sued", "АО «Тальский порт» намерено подать иск к ООО «Вектор-Строй».") == set()


def test_a_claimant_named_with_a_bare_region_takes_the_region_named_before_or_gives_nothing():
    text = REGION + (
        "Арбитражный суд удовлетворил иск министерства транспорта области к ООО «Вектор-Строй» "
        "и взыскал с подрядчика 3,2 млн рублей."
    )
    assert facts("sued", text) == {("Министерство транспорта Тальской области", "Вектор-Строй")}
    unnamed = (
        "Арбитражный суд удовлетворил иск министерства транспорта области к ООО «Вектор-Строй» "
        "и взыскал с подрядчика 3,2 млн рублей."
    )
    assert facts("sued", unnamed) == set()


def test_a_chief_specialist_post_held_before_is_a_past_job_at_the_plant():
    text = (
        "Директором центра назначен Лев Ноздрин, ранее занимавший должность "
        "главного металлурга Тальского механического завода."
    )
    assert facts("worked_at", text) == {("Лев Ноздрин", "Тальский механический завод")}
    assert facts("formerly_headed", text) == set()  # a chief metallurgist leads no plant
    now = "Лев Ноздрин работает главным энергетиком завода «Тальский кран»."
    assert facts("works_at", now) == {("Лев Ноздрин", "Тальский кран")}
    planned = "Лев Ноздрин будет занимать должность главного металлурга завода «Тальский кран»."
    assert facts("works_at", planned) == facts("worked_at", planned) == set()
    denied = "Лев Ноздрин никогда не работал главным металлургом завода «Тальский кран»."
    assert facts("worked_at", denied) == set()


DISTRICT = "Совет депутатов Тальского муниципального округа избрал главой округа Олега Ремезова. "


def test_who_led_the_district_named_before_led_it_before():
    text = DISTRICT + "Ремезов сменил на посту Виталия Кубасова, который руководил округом с 2017 года."
    assert facts("formerly_headed", text) == {("Виталий Кубасов", "Тальский муниципальный округ")}
    pronoun = "Глава Тальского района Виталий Кубасов ушёл в отставку. Он возглавлял район 14 лет."
    assert facts("formerly_headed", pronoun) == {("Виталий Кубасов", "Тальский район")}


def test_a_future_a_negation_or_two_districts_before_give_no_leader():
    assert facts("formerly_headed", DISTRICT + "Теперь округом будет руководить Виталий Кубасов.") == set()
    assert facts("heads", DISTRICT + "Теперь округом будет руководить Виталий Кубасов.") == set()
    assert facts("formerly_headed", DISTRICT + "Виталий Кубасов никогда не руководил округом.") == set()
    two = (
        "Тальский муниципальный округ и Верейский муниципальный округ объединят. "
        "Виталий Кубасов руководил округом с 2017 года."
    )
    assert facts("formerly_headed", two) == set()


def test_the_defendant_of_a_granted_suit_pays_what_is_recovered_from_a_bare_noun():
    text = (
        "Арбитражный суд Тальской области удовлетворил иск АО «Тальский порт» к ООО «Вектор-Строй» "
        "и взыскал с подрядчика 3,2 млн рублей."
    )
    assert facts("ordered_to_pay", text) == {("Вектор-Строй", "3,2 млн рублей")}
    two = (
        "Арбитражный суд Тальской области удовлетворил иск АО «Тальский порт» к ООО «Вектор-Строй» "
        "и ООО «Северный мост» и взыскал с подрядчиков 3,2 млн рублей."
    )
    assert facts("ordered_to_pay", two) == set()
    refused = (
        "Арбитражный суд Тальской области отклонил иск АО «Тальский порт» к ООО «Вектор-Строй» "
        "и взыскал с истца 0,2 млн рублей судебных расходов."
    )
    assert facts("ordered_to_pay", refused) == set()
