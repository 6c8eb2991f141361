"""Lists of objects, prizes named by their giver and winners by nomination: every member of a list
or nothing, since a set question built from a cut list has a wrong answer."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"


def facts(text: str, relation: str | None = None) -> set[tuple[str, str, str]]:
    return {
        (t.subject_normal, t.relation, t.object_normal)
        for t in extract_schema_triplets("a", text, PUBLISHED)
        if relation is None or t.relation == relation
    }


def test_a_prize_without_a_name_is_known_by_its_giver():
    found = facts("Лауреатами премии губернатора Тихоморского края стали Анна Котова и Олег Белов.", "won")
    assert found == {
        ("Анна Котова", "won", "премия губернатора Тихоморского края"),
        ("Олег Белов", "won", "премия губернатора Тихоморского края"),
    }
    found = facts("Премию правительства Тихоморской области получили Анна Котова и Илья Гусев.", "won")
    assert {o for _, _, o in found} == {"премия правительства Тихоморской области"}
    assert len(found) == 2


def test_a_prize_of_a_named_fund_keeps_the_funds_quoted_name():
    found = facts("Лауреатами премии фонда «Исток» стали Анна Котова и Олег Белов.", "won")
    assert {o for _, _, o in found} == {"премия фонда «Исток»"}
    assert facts("Лауреатами премии фонда стали Анна Котова и Олег Белов.", "won") == set()  # which fund?


def test_a_prize_of_a_giver_keeps_its_field_and_drops_the_givers_name():
    text = "Премии губернатора Тихоморского края Олега Белова в области культуры удостоены Анна Котова и Илья Гусев."
    assert {o for _, _, o in facts(text, "won")} == {"премия губернатора Тихоморского края в области культуры"}


def test_a_giver_that_is_not_known_names_no_prize():
    assert facts("Лауреатами премии губернатора стали Анна Котова и Олег Белов.", "won") == set()  # whose governor?
    assert facts("Лауреатами премии Олега Белова стали Анна Котова и Илья Гусев.", "won") == set()
    assert facts("Анна Котова получит премию правительства Тихоморской области.", "won") == set()  # a plan


def test_an_object_list_the_tagger_cut_gives_nobody():
    # «фабрике» read as a locative is still the second borrower: one borrower alone would be a wrong set
    assert facts("Банк «Окский» выдал кредиты компании «Ладья» и фабрике «Маяк».", "lent_to") == set()
    assert facts("Банк «Окский» выдал кредиты заводу «Маяк» и компании «Ладья».", "lent_to") == {
        ("Окский", "lent_to", "Маяк"),
        ("Окский", "lent_to", "Ладья"),
    }


def test_object_lists_of_verb_relations_give_every_member():
    assert facts("Губернатор Тихоморского края Олег Белов посетил Заречье, Ветлугу и Каменногорск.", "visited") == {
        ("Олег Белов", "visited", place) for place in ("Заречье", "Ветлуга", "Каменногорск")
    }
    assert facts("Администрация Тихоморского края заключила контракты с компанией «Ладья» и фирмой «Кварта».") == {
        ("Администрация Тихоморского края", "signed_contract_with", "Ладья"),
        ("Администрация Тихоморского края", "signed_contract_with", "Кварта"),
    }
    assert facts("Клуб «Сокол» обыграл «Кедр» и «Вымпел».", "won_against") == {
        ("Сокол", "won_against", "Кедр"),
        ("Сокол", "won_against", "Вымпел"),
    }


def test_a_facility_opened_in_several_places_is_not_cut_to_the_first():
    assert facts("Компания «Ладья» открыла офисы в Заречье, Ветлуге и Каменногорске.", "opened") == set()
    assert facts("Компания «Ладья» открыла офис в Ветлуге.", "opened") == {("Ладья", "opened", "офис в Ветлуге")}


_LEAD = "Итоги конкурса «Умный город» подвели в Заречье. "


def test_winners_by_nomination_each_won_the_prize():
    text = _LEAD + "В номинации «Лучший проект» победила компания «Ладья», в номинации «Открытие года» — театр «Маяк»."
    assert facts(text, "won") == {("Ладья", "won", "Умный город"), ("Маяк", "won", "Умный город")}
    text = (
        _LEAD
        + "Победителем в номинации «Лучший проект» стала компания «Ладья». "
        + "В номинации «Открытие года» победителями признаны театр «Маяк» и Анна Котова."
    )
    assert facts(text, "won") == {
        ("Ладья", "won", "Умный город"),
        ("Маяк", "won", "Умный город"),
        ("Анна Котова", "won", "Умный город"),
    }
    text = (
        _LEAD
        + "В номинации «Лучший проект» первое место заняла компания «Ладья». "
        + "В номинации «Открытие года» лучшим признан театр «Маяк»."
    )
    assert facts(text, "won") == {("Ладья", "won", "Умный город"), ("Маяк", "won", "Умный город")}


def test_what_a_winner_won_with_is_no_winner():
    text = (
        _LEAD
        + "В номинации «Лучший проект» победила компания «Ладья» с проектом «Луч», "
        + "в номинации «Открытие года» — театр «Маяк»."
    )
    assert facts(text, "won") == {("Ладья", "won", "Умный город"), ("Маяк", "won", "Умный город")}


def test_nominations_not_read_whole_give_no_winner():
    # the article counts three nominations and names two: a set of its winners would be short
    counted = _LEAD + "Конкурс прошёл в трёх номинациях. "
    two = "В номинации «Лучший проект» победила компания «Ладья», в номинации «Открытие года» — театр «Маяк»."
    assert facts(counted + two, "won") == set()
    # a second place is no win, and the nomination's clause that names it is not read
    second = "В номинации «Лучший проект» первое место заняла компания «Ладья», второе — театр «Маяк»."
    assert facts(_LEAD + second, "won") == set()
    # a plan, and a list with an item that names nobody
    planned = (
        "В номинации «Лучший проект» будет награждена компания «Ладья», в номинации «Открытие года» — театр «Маяк»."
    )
    assert facts("Итоги конкурса «Умный город» подведут в Заречье. " + planned + ".", "won") == set()
    unnamed = "В номинации «Лучший проект» победила компания «Ладья», в номинации «Открытие года» — пять школ Заречья."
    assert facts(_LEAD + unnamed, "won") == set()
    partial = "В номинации «Лучший проект» победили в том числе компания «Ладья» и театр «Маяк»."
    assert facts(_LEAD + partial, "won") == set()


def test_nominations_of_an_article_with_two_prizes_give_no_winner():
    text = (
        "Итоги конкурсов «Умный город» и «Чистый берег» подвели в Заречье. "
        "В номинации «Лучший проект» победила компания «Ладья», в номинации «Открытие года» — театр «Маяк»."
    )
    assert facts(text, "won") == set()


def test_founders_listed_each_founded_the_organization():
    assert facts("Учредителями фонда «Исток» выступили компания «Ладья» и банк «Окский».") == {
        ("Ладья", "founded", "Исток"),
        ("Окский", "founded", "Исток"),
    }
    assert facts("Компания «Ладья» и банк «Окский» стали учредителями фонда «Исток».", "founded") == {
        ("Ладья", "founded", "Исток"),
        ("Окский", "founded", "Исток"),
    }
    found = facts("Учредителями фонда «Исток» являются Анна Котова, Олег Белов и компания «Ладья».", "founded")
    assert {s for s, _, _ in found} == {"Анна Котова", "Олег Белов", "Ладья"}


def test_founders_not_stated_whole_or_not_yet_give_nothing():
    assert facts("Учредителями фонда «Исток» выступят компания «Ладья» и банк «Окский».", "founded") == set()
    partial = "Учредителями фонда «Исток» выступили в том числе компания «Ладья» и банк «Окский»."
    assert facts(partial, "founded") == set()
    unnamed = "Учредителями фонда «Исток» стали компания «Ладья», банк «Окский» и несколько предпринимателей."
    assert facts(unnamed, "founded") == set()
    assert facts("Учредителями фонда выступили компания «Ладья» и банк «Окский».", "founded") == set()  # which fund?


def test_nominations_listed_after_a_colon_and_categories_are_read_alike():
    text = "Лауреатами премии «Золотое перо» стали: в номинации «Проза» — Анна Котова; "
    text += "в номинации «Поэзия» — Олег Белов."
    assert facts(text, "won") == {("Анна Котова", "won", "Золотое перо"), ("Олег Белов", "won", "Золотое перо")}
    text = (
        "Подведены итоги премии «Деловой берег». В номинации «Крупный бизнес» победителем стал банк «Окский», "
        "в категории «Малый бизнес» — компания «Ладья»."
    )
    assert facts(text, "won") == {("Окский", "won", "Деловой берег"), ("Ладья", "won", "Деловой берег")}


def test_the_winners_of_one_category_are_not_all_the_prize_s():
    text = (
        "Подведены итоги премии «Деловой берег». "
        "В категории «Малый бизнес» победителями стали компания «Ладья» и банк «Окский»."
    )
    assert facts(text, "won") == set()


def test_an_object_list_with_an_item_that_names_nobody_gives_nobody():
    # the list goes on past the last name read: one borrower or two places would be a wrong set
    assert facts("Банк «Окский» предоставил кредиты компании «Ладья» и нескольким фермерским хозяйствам.") == set()
    assert facts("Министр Анна Котова посетила завод «Маяк», фабрику «Ладья» и несколько школ.", "visited") == set()
    assert facts("Фонд развития промышленности выдал займы компании «Ладья» и заводу «Маяк».", "lent_to") == set()
    # a future and a negation name nothing whole or not
    assert facts("Министр Анна Котова посетит Ветлугу и Каменногорск.", "visited") == set()
    assert facts("Клуб «Сокол» не обыграл «Кедр» и «Вымпел».", "won_against") == set()


def test_what_follows_a_whole_object_list_keeps_it():
    # an apposition after a comma, a clause after «и», a time after the object: no member of the list
    assert facts("Губернатор Олег Белов посетил завод «Маяк», крупнейшее предприятие района.", "visited") == {
        ("Олег Белов", "visited", "Маяк")
    }
    assert facts("Губернатор Олег Белов посетил завод «Маяк» и провёл совещание.", "visited") == {
        ("Олег Белов", "visited", "Маяк")
    }
    assert facts("Анна Котова тренирует клуб «Сокол» третий сезон.", "coaches") == {("Анна Котова", "coaches", "Сокол")}
    found = facts("Региональный фонд выдал льготные займы компаниям «Ладья», «Кварта» и «Луч».", "lent_to")
    assert {o for _, _, o in found} == {"Ладья", "Кварта", "Луч"}


def test_a_subject_list_with_an_unnamed_item_gives_nobody():
    text = "Компания «Ладья», банк «Окский» и несколько фермерских хозяйств подписали соглашение с мэрией Ветлуги."
    assert facts(text, "signed_agreement_with") == set()
    assert facts("Анна Котова, Олег Белов и ещё трое депутатов посетили завод «Маяк».", "visited") == set()
    assert facts("Анна Котова и ещё трое депутатов посетили завод «Маяк».", "visited") == set()
    # a title in commas is the person's own, no second subject
    assert facts("Анна Котова, директор компании «Ладья», посетила завод «Маяк».", "visited") == {
        ("Анна Котова", "visited", "Маяк")
    }
    assert facts("Клуб «Сокол» и клуб «Кедр» обыграли «Вымпел».", "won_against") == {
        ("Сокол", "won_against", "Вымпел"),
        ("Кедр", "won_against", "Вымпел"),
    }


_RESULTS = "Подведены итоги конкурса «Умный город». "


def test_the_first_place_after_the_lead_wins_its_contest():
    text = _RESULTS + "Первое место заняла компания «Ладья», второе — театр «Маяк»."
    assert facts(text, "won") == {("Ладья", "won", "Умный город")}
    assert facts(_RESULTS + "Компания «Ладья» и театр «Маяк» заняли первое место.", "won") == {
        ("Ладья", "won", "Умный город"),
        ("Маяк", "won", "Умный город"),
    }


def test_no_first_place_or_not_in_the_contest_is_no_win():
    assert facts(_RESULTS + "Первое место займёт компания «Ладья».", "won") == set()
    assert facts(_RESULTS + "Второе место заняла компания «Ладья».", "won") == set()
    assert facts(_RESULTS + "Первое место в рейтинге заняла компания «Ладья».", "won") == set()
    assert facts(_RESULTS + "Первое место заняла компания «Ладья» и ещё две команды.", "won") == set()


def test_laureates_listed_by_field_each_won_the_prize():
    text = (
        "Лауреатами премии губернатора Тихоморского края стали: в области науки — Анна Котова, "
        "в области культуры — Олег Белов и театр «Маяк»."
    )
    assert facts(text, "won") == {
        (laureate, "won", "премия губернатора Тихоморского края") for laureate in ("Анна Котова", "Олег Белов", "Маяк")
    }
    unnamed = "Лауреатами премии «Исток» стали: в науке — Анна Котова, в культуре — коллектив школы."
    assert facts(unnamed, "won") == set()
    assert facts("Лауреатами премии «Исток» станут: в науке — Анна Котова, в культуре — Олег Белов.", "won") == set()


_TENDER = "Мэрия Ветлуги отремонтирует мосты. Заказчиком выступило управление капитального строительства Ветлуги. "


def test_contractors_listed_under_one_title_each_have_the_contract():
    customer = "Управление капитального строительства Ветлуги"
    assert facts(_TENDER + "Подрядчиками стали компании «Ладья» и «Кварта».", "signed_contract_with") == {
        ("Ладья", "signed_contract_with", customer),
        ("Кварта", "signed_contract_with", customer),
    }
    # a list with an unnamed item, or a future: no contractor at all (one of the list alone is a wrong set)
    unnamed = _TENDER + "Подрядчиками стали компания «Ладья» и несколько местных фирм."
    assert facts(unnamed, "signed_contract_with") == set()
    assert facts(_TENDER + "Подрядчиками выступят компании «Ладья» и «Кварта».", "signed_contract_with") == set()


def test_laureates_and_winners_with_an_unnamed_rest_give_nobody():
    assert facts("Анна Котова и ещё трое учёных награждены премией «Исток».", "won") == set()
    assert facts("Анна Котова, Олег Белов и несколько педагогов удостоены премии «Исток».", "won") == set()
    assert facts("Компания «Ладья» и ещё два стартапа выиграли конкурс «Умный город».", "won") == set()
    assert facts("Компания «Ладья» и стартап «Луч» выиграли конкурс «Умный город».", "won") == {
        ("Ладья", "won", "Умный город"),
        ("Луч", "won", "Умный город"),
    }


def test_objects_said_to_be_some_of_them_are_no_set():
    partial = "Компания «Ладья» подписала соглашения, в том числе с банком «Окский» и фондом «Исток»."
    assert facts(partial, "signed_agreement_with") == set()
    assert facts("Губернатор Олег Белов посетил, в частности, завод «Маяк».", "visited") == set()
    rest = "Компания «Ладья» подписала соглашения с банком «Окский», фондом «Исток» и рядом других организаций."
    assert facts(rest, "signed_agreement_with") == set()
