"""Industry news: what a facility can do, who builds it and what it cost. Each rule on a sentence it
must read and on a near miss it must leave alone."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"


def facts(text: str, relation: str | None = None) -> set[tuple[str, str, str]]:
    found = {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}
    return {f for f in found if relation is None or f[1] == relation}


def test_a_capacity_said_as_a_rate_keeps_its_rate():
    assert facts("Мощность хлебозавода «Колос» составляет 120 тонн выпечки в сутки.", "capacity") == {
        ("Колос", "capacity", "120 тонн выпечки в сутки")
    }
    assert facts("Агрохолдинг «Нива» открыл элеватор «Степной» мощностью 40 тысяч тонн зерна в год.", "capacity") == {
        ("Степной", "capacity", "40 тысяч тонн зерна в год")
    }
    # a rate elsewhere in the sentence is not the capacity's: the amount stays as written
    text = "Агрохолдинг «Нива» открыл элеватор «Степной» мощностью 40 тысяч тонн, он принимает зерно 300 дней в год."
    assert facts(text, "capacity") == {("Степной", "capacity", "40 тысяч тонн")}


def test_what_is_built_is_the_construction_s_own_object_not_its_owner():
    text = "Компания «Техноград» приступила к строительству нового корпуса больницы в Заречье."
    assert facts(text, "began_building") == {("Техноград", "began_building", "корпус больницы в Заречье")}


def test_an_event_in_a_relative_clause_took_place_where_and_when_the_clause_says():
    text = "Фестиваль «Северное сияние», который прошёл 6 сентября в Ветлуге, собрал 20 тысяч гостей."
    assert facts(text) == {
        ("Северное сияние", "took_place_in", "Ветлуга"),
        ("Северное сияние", "took_place_on", "6 сентября 2025 года"),
    }
    # «проходил» with one day is a past event of that day; a span of days is no one date
    text = "Фестиваль «Северное сияние», который проходил в Ветлуге 6 сентября, собрал 20 тысяч гостей."
    assert ("Северное сияние", "took_place_on", "6 сентября 2025 года") in facts(text)
    text = "Фестиваль «Северное сияние», который проходил в Ветлуге с 6 по 8 сентября, собрал 20 тысяч гостей."
    assert facts(text, "took_place_on") == set()
    # an event to come has taken place nowhere yet
    assert facts("Фестиваль «Северное сияние», который пройдёт 6 декабря в Ветлуге, соберёт гостей.") == set()


def test_which_is_a_words_nearest_noun_outside_a_quoted_name():
    # «который» is the company, not «ветер» inside its name
    text = "Компания «Северный ветер», которая построила ветропарк «Степной», открыла завод в Заречье."
    assert ("Северный ветер", "built", "Степной") in facts(text)


def test_a_grant_read_as_the_subject_leaves_the_nominative_its_receiver():
    # the parser takes «грант» for the subject and the university for the object
    text = "Бережанский университет получил грант Российского научного фонда на 15 млн рублей."
    assert facts(text, "received_grant_from") == {
        ("Бережанский университет", "received_grant_from", "Российский научный фонд")
    }


def test_what_a_finished_thing_cost_said_with_a_verb():
    assert facts("Мост «Полуденный» обошёлся бюджету области в 7,4 млрд рублей.") == {
        ("Полуденный", "cost", "7,4 млрд рублей")
    }
    assert facts("Мост «Полуденный» стоил 7,4 млрд рублей.") == {("Полуденный", "cost", "7,4 млрд рублей")}
    # building a thing is what the thing cost
    assert facts("Строительство моста «Полуденный» обошлось в 7,4 млрд рублей.") == {
        ("Полуденный", "cost", "7,4 млрд рублей")
    }


def test_no_cost_of_a_plan_a_condition_or_other_work_on_the_thing():
    for text in (
        "Мост «Полуденный» обойдётся в 7,4 млрд рублей.",
        "Мост «Полуденный» стоил бы 7,4 млрд рублей.",
        "Проект моста «Полуденный» обошёлся в 300 млн рублей.",
        "Ремонт моста «Полуденный» обошёлся в 300 млн рублей.",
    ):
        assert facts(text, "cost") == set(), text


def test_money_put_into_building_a_thing_is_invested_in_it():
    text = "Агрохолдинг «Нива» вложил 600 млн рублей в строительство элеватора «Степной»."
    assert facts(text, "invested_in") == {("Нива", "invested_in", "Степной")}
    # renewing another's plant buys no stake in it
    text = "Агрохолдинг «Нива» инвестировал 600 млн рублей в модернизацию комбината «Искра»."
    assert facts(text, "invested_in") == set()
    assert facts("Агрохолдинг «Нива» вложит 600 млн рублей в строительство элеватора «Степной».") == set()


def test_whoever_held_an_event_on_a_day_dates_the_event():
    text = "Фонд «Исток» провёл 8 ноября в Казани фестиваль «Северное сияние»."
    assert facts(text) == {
        ("Исток", "held", "Северное сияние"),
        ("Северное сияние", "took_place_in", "Казань"),
        ("Северное сияние", "took_place_on", "8 ноября 2025 года"),
    }
    # a day of something done at the event is not the event's date
    text = "Фонд «Исток» 8 ноября провёл переговоры на фестивале «Северное сияние»."
    assert facts(text, "took_place_on") == set()


def test_an_object_put_before_the_verb_is_still_its_object():
    # news fronts the thing and names the actor last; the tagger reads the thing as a nominative
    assert facts("Терминал «Восток» запустила компания «Полярный путь».") == {("Полярный путь", "launched", "Восток")}
    assert facts("Мост «Полуденный» построила компания «Техноград».") == {("Техноград", "built", "Полуденный")}
    # two masculine nouns agree with the verb alike: nothing says which bought which
    assert facts("Элеватор «Степной» купил агрохолдинг «Нива».") == set()


def test_an_institution_named_by_its_adjectives_alone_hands_a_grant():
    text = "В октябре Российский научный фонд выделил грант Бережанскому университету."
    assert facts(text) == {("Бережанский университет", "received_grant_from", "Российский научный фонд")}
    # lower case names no particular fund
    assert facts("В октябре научный фонд выделил грант Бережанскому университету.") == set()


def test_a_measure_stated_with_a_dash_and_no_verb():
    assert facts("Мощность элеватора «Степной» — 40 тысяч тонн зерна в год.") == {
        ("Степной", "capacity", "40 тысяч тонн зерна в год")
    }
    assert facts("Стоимость моста «Полуденный» — 7,4 млрд рублей.") == {("Полуденный", "cost", "7,4 млрд рублей")}
    # no amount after the dash, or no named thing before it: nothing
    assert facts("Стоимость моста «Полуденный» — одна из самых высоких в регионе.") == set()
    assert facts("Мощность элеватора — 40 тысяч тонн зерна.") == set()
