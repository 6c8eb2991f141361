"""The typed relation schema: each failure mode of open extraction, on a sentence that shows it."""

from __future__ import annotations

import pytest

from dagster_project.core.extraction.schema import SCHEMA, extract_schema_triplets
from dagster_project.core.extraction.triplets import RAW_TRIPLET_COLUMNS, triplets_frame

PUBLISHED = "2025-11-14T10:00:00+03:00"  # a Friday


def facts(text: str, published: str = PUBLISHED) -> set[tuple[str, str, str]]:
    return {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, published)}


def test_frame_keeps_the_raw_triplet_columns_and_types():
    triplets = extract_schema_triplets("a", "Компания «Сосновый бор» открыла лесопильный цех в Ветлуге.", PUBLISHED)
    frame = triplets_frame(triplets)
    assert list(frame.columns) == RAW_TRIPLET_COLUMNS
    row = frame.iloc[0]
    assert (row.relation, row.subject_normal, row.subject_type, row.subject_descriptor) == (
        "opened",
        "Сосновый бор",
        "ORG",
        "компания",
    )
    assert (row.object_normal, row.object_type, row.verb) == ("лесопильный цех в Ветлуге", "OTHER", "открыть")


def test_transitive_relation_needs_its_object():
    # «открыла» without anything named to open is no fact (failure mode 1: missing object)
    assert facts("Компания «Сосновый бор» открыла новый цех.") == set()
    assert facts("Компания «Сосновый бор» вчера открыла.") == set()


def test_quantity_keeps_its_counted_noun_and_unit():
    found = facts("Агрохолдинг «Заволжье» собрал 85 тысяч тонн пшеницы.")
    assert found == {("Заволжье", "harvested", "85 тысяч тонн пшеницы")}
    # «собрал полный зал» is no harvest: a harvest is weighed
    assert facts("Театр «Маяк» собрал 900 зрителей.") == set()


def test_a_quantity_said_as_a_bound_keeps_its_bound():
    # «более 85 тысяч тонн» is no exact amount: the answer says «более» too
    found = facts("Агрохолдинг «Заволжье» собрал более 85 тысяч тонн пшеницы.")
    assert found == {("Заволжье", "harvested", "более 85 тысяч тонн пшеницы")}
    found = facts("Агрохолдинг «Заволжье» собрал не менее 85 тысяч тонн пшеницы.")
    assert found == {("Заволжье", "harvested", "не менее 85 тысяч тонн пшеницы")}


def test_relative_time_is_resolved_or_dropped():
    text = "Фестиваль «Волжские струны» прошёл в понедельник. Форум «Нефть Севера» прошёл в прошлом году."
    assert facts(text) == {("Волжские струны", "took_place_on", "10 ноября 2025 года")}
    assert facts("Следующий матч прошёл в Казани.") == set()


def test_answers_are_full_nominative_phrases():
    found = facts("Губернатор назначил Игоря Власова на должность министра лесного хозяйства Пермского края.")
    assert found == {("Игорь Власов", "appointed_to", "министр лесного хозяйства Пермского края")}


def test_question_types_follow_the_argument_types():
    # a vessel named after a person is a facility, never a person
    triplets = extract_schema_triplets("a", "Завод «Красное Сормово» построил теплоход «Фёдор Шаляпин».", PUBLISHED)
    assert [(t.object_normal, t.object_type, t.object_descriptor) for t in triplets] == [
        ("Фёдор Шаляпин", "OTHER", "теплоход")
    ]
    # a relation whose subject is a person needs a person's name, not a plural group
    assert facts("Тольяттинцы посетили Самару.") == set()


def test_reporting_source_is_never_the_actor():
    text = (
        "ТВЕРЬ, 3 ноября — Агентство Верхневолжье.\n\n"
        "Компания «Ладожский хлеб» открыла пекарню в Торжке, сообщила пресс-служба."
    )
    assert facts(text) == {("Ладожский хлеб", "opened", "пекарня в Торжке")}
    assert facts("Пресс-служба банка «Окский» подписала соглашение с фондом «Исток».") == set()


def test_subject_stops_at_clause_boundaries():
    text = "Банк «Окский» выдал кредит заводу «Омега», который открыл цех в Дзержинске."
    found = facts(text)
    assert ("Окский", "lent_to", "Омега") in found
    # the «который» clause has its own subject: the plant it refers to, never the bank
    assert {(s, o) for s, relation, o in found if relation == "opened"} == {("Омега", "цех в Дзержинске")}


def test_genitive_owner_is_not_the_actor():
    text = "Директор компании «Северсталь-Логистика» Пётр Носов подписал соглашение с фондом «Исток»."
    found = facts(text)
    assert ("Пётр Носов", "signed_agreement_with", "Исток") in found
    assert ("Пётр Носов", "heads", "Северсталь-Логистика") in found
    assert not any(
        subject == "Северсталь-Логистика" and relation == "signed_agreement_with" for subject, relation, _ in found
    )


def test_function_director_does_not_head_the_organization():
    assert facts("Спортивный директор клуба «Торпедо» Илья Рогов посетил Казань.") == {
        ("Илья Рогов", "visited", "Казань"),
        ("Илья Рогов", "works_at", "Торпедо"),  # on the staff, not at its head
    }


def test_class_noun_only_from_the_entitys_own_apposition():
    triplets = extract_schema_triplets("a", "Мэр Ржева Антон Лебедев посетил аэропорт Ржева.", PUBLISHED)
    by_relation = {t.relation: t for t in triplets}
    visited = by_relation["visited"]
    assert (visited.object_normal, visited.object_descriptor) == ("аэропорт Ржева", "аэропорт")
    heads = by_relation["heads"]
    assert (heads.object_normal, heads.object_type, heads.object_descriptor) == ("Ржев", "LOC", "")


def test_abbreviation_merges_with_the_full_name():
    text = (
        "Российский научный фонд (РНФ) провёл конкурс «Молодые учёные». "
        "Лаборатория «Спектр» получила грант РНФ на исследования."
    )
    found = facts(text)
    assert ("Спектр", "received_grant_from", "Российский научный фонд") in found
    assert ("Российский научный фонд", "held", "Молодые учёные") in found
    ministry = facts("Минздрав подписал соглашение с больницей «Заря».")
    assert ministry == {("Министерство здравоохранения", "signed_agreement_with", "Заря")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ранее Олег Сухов возглавлял банк «Окский».", ("Олег Сухов", "formerly_headed", "Окский")),
        ("Олег Сухов возглавляет банк «Окский».", ("Олег Сухов", "heads", "Окский")),
        ("Бывший директор банка «Окский» Олег Сухов посетил Пермь.", ("Олег Сухов", "formerly_headed", "Окский")),
    ],
)
def test_tense_separates_current_and_former_roles(text, expected):
    assert expected in facts(text)


def test_future_action_yields_no_fact():
    assert facts("Компания «Сосновый бор» построит лесопильный цех в Ветлуге.") == set()
    assert facts("Компания «Сосновый бор» построила лесопильный цех в Ветлуге.") == {
        ("Сосновый бор", "built", "лесопильный цех в Ветлуге")
    }


def test_sentences_outside_the_schema_yield_nothing():
    assert facts("Губернатор Иван Орлов отметил, что погода была хорошей.") == set()


def test_every_relation_has_typed_arguments_and_a_wording():
    for relation in SCHEMA.values():
        assert relation.subject_types and relation.object_types and relation.wording.verb


def test_settlements_are_places_and_unquoted_organizations_stay_organizations():
    # NER may read «Заречье» as an organization: a place noun before the name settles it
    text = "Губернатор Олег Мельников посетил город Заречье 20 октября."
    triplets = extract_schema_triplets("a", text, PUBLISHED)
    assert {(t.relation, t.object_normal, t.object_type) for t in triplets} == {("visited", "Заречье", "LOC")}
    # news writes many organizations unquoted; a capitalized common noun alone is not a place
    triplets = extract_schema_triplets("a", "Герман Греф возглавляет Сбербанк.", PUBLISHED)
    assert {(t.relation, t.object_normal, t.object_type) for t in triplets} == {("heads", "Сбербанк", "ORG")}
    # a place noun before the name makes it a place
    assert facts("Министр Марина Крылова посетила посёлок Сосновка.") == {("Марина Крылова", "visited", "Сосновка")}


def test_a_vessel_named_after_a_person_is_a_facility():
    triplets = extract_schema_triplets("a", "Судоверфь «Волга» спустила на воду сухогруз «Иван Петров».", PUBLISHED)
    assert [(t.relation, t.object_normal, t.object_type, t.object_descriptor) for t in triplets] == [
        ("launched_vessel", "Иван Петров", "OTHER", "сухогруз")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Вера Полякова, возглавляющая агрохолдинг «Ольховские поля», выступила на форуме.",
            {("Вера Полякова", "heads", "Ольховские поля")},
        ),
        (
            "Игорь Власов, ранее возглавлявший банк «Окский», стал советником губернатора.",
            {("Игорь Власов", "formerly_headed", "Окский")},
        ),
        ("Мост через Каму построен компанией «Техноград».", {("Техноград", "built", "мост через Каму")}),
        (
            "Назначение Ивана Петрова на должность министра транспорта области согласовали депутаты.",
            {("Иван Петров", "appointed_to", "министр транспорта области")},
        ),
    ],
)
def test_participles_passives_and_nominalizations(text, expected):
    assert facts(text) == expected


def test_lists_give_one_fact_per_member():
    laureates = facts("Лауреатами премии «Золотой лист» стали театр «Маяк», музей «Рассвет» и библиотека «Исток».")
    assert laureates == {(name, "won", "Золотой лист") for name in ("Маяк", "Рассвет", "Исток")}
    awarded = facts("Жюри присудило премию «Золотой лист» театру «Маяк» и музею «Рассвет».")
    assert awarded == {("Маяк", "won", "Золотой лист"), ("Рассвет", "won", "Золотой лист")}
    members = facts("В состав наблюдательного совета фонда «Исток» вошли банк «Окский» и компания «Ладья».")
    assert {subject for subject, relation, _ in members if relation == "member_of"} == {"Окский", "Ладья"}


BOARD = ("Совет директоров компании Северный порт", "Северный порт")


@pytest.mark.parametrize(
    "text, members, organizations",
    [
        (
            "В состав совета директоров компании «Северный порт» вошли Анна Соколова, Олег Белов и Игорь Власов.",
            ("Анна Соколова", "Олег Белов", "Игорь Власов"),
            BOARD,
        ),
        (
            "В новый состав совета директоров компании «Северный порт» были включены Анна Соколова и Олег Белов.",
            ("Анна Соколова", "Олег Белов"),
            BOARD,
        ),
        (  # the genitive owner of «правления», never the board's word, is the organization
            "Членами правления фонда «Исток» стали Анна Соколова, Олег Белов и Игорь Власов.",
            ("Анна Соколова", "Олег Белов", "Игорь Власов"),
            ("Исток",),
        ),
        (
            "Членами ассоциации «Речные перевозчики» стали компании «Ладья» и «Волна».",
            ("Ладья", "Волна"),
            ("Речные перевозчики",),
        ),
        (  # a role before each name belongs to its item
            "В состав правления банка «Заря» вошли ректор университета Анна Соколова и инженер Олег Белов.",
            ("Анна Соколова", "Олег Белов"),
            ("Заря",),
        ),
    ],
)
def test_membership_lists_give_every_listed_member(text, members, organizations):
    found = {f for f in facts(text) if f[1] == "member_of"}
    assert found == {(m, "member_of", o) for m in members for o in organizations}


def test_a_subject_list_before_the_verb_keeps_its_members():
    # «Банк» is tagged accusative (inanimate nominative and accusative sound alike), yet it is the subject
    found = facts("Банк «Окский» и компания «Ладья» вошли в состав ассоциации «Речные перевозчики».")
    assert found == {("Окский", "member_of", "Речные перевозчики"), ("Ладья", "member_of", "Речные перевозчики")}
    # a participle clause is no item of the list
    single = facts("Банк «Окский», основанный в 1995 году, вошёл в состав ассоциации «Речные перевозчики».")
    assert single == {("Окский", "member_of", "Речные перевозчики")}
    relative = facts("Компания «Ладья», которая приняла участие в выставке «Иннопром», открыла цех в Казани.")
    assert ("Ладья", "took_part_in", "Иннопром") in relative


@pytest.mark.parametrize(
    "text",
    [
        # one item is no named member: the set would be incomplete
        "В состав совета директоров компании «Северный порт» вошли Анна Соколова, пять человек и Игорь Власов.",
        "В состав совета директоров компании «Северный порт» вошли пять человек.",
        # future, planned and negated memberships make nobody a member now
        "В состав совета директоров компании «Северный порт» войдут Анна Соколова и Олег Белов.",
        "В состав совета директоров компании «Северный порт» будут включены Анна Соколова и Олег Белов.",
        "Членами ассоциации «Речные перевозчики» станут компании «Ладья» и «Волна».",
        "В новый состав совета директоров компании «Северный порт» не вошли Анна Соколова и Олег Белов.",
        # the organization is not named
        "В состав комиссии вошли Анна Соколова и Олег Белов.",
        "Членами клуба стали Анна Соколова и Олег Белов.",
        # the list says it is partial
        "В состав правления банка «Заря» вошли, в частности, Анна Соколова и Олег Белов.",
        "В состав правления банка «Заря» вошли Анна Соколова, Олег Белов и другие.",
        "Анна Соколова, пять человек и Олег Белов вошли в состав правления банка «Заря».",
    ],
)
def test_membership_lists_that_name_no_complete_set_give_nothing(text):
    assert not {f for f in facts(text) if f[1] == "member_of"}


@pytest.mark.parametrize(
    "text, participants, event",
    [
        (
            "В форуме «Нефть Севера» приняли участие Анна Соколова, Олег Белов и компания «Ладья».",
            ("Анна Соколова", "Олег Белов", "Ладья"),
            "Нефть Севера",
        ),
        ("Участниками выставки «Иннопром» стали компании «Ладья» и «Волна».", ("Ладья", "Волна"), "Иннопром"),
        (
            "Анна Соколова и Олег Белов приняли участие в форуме «Нефть Севера».",
            ("Анна Соколова", "Олег Белов"),
            "Нефть Севера",
        ),
    ],
)
def test_participant_lists_give_every_listed_participant(text, participants, event):
    assert facts(text) == {(p, "took_part_in", event) for p in participants}


@pytest.mark.parametrize(
    "text",
    [
        "В форуме «Нефть Севера» приняли участие около 1 500 человек.",
        "В форуме «Нефть Севера» приняли участие Анна Соколова, пять человек и Олег Белов.",
        "В форуме «Нефть Севера» приняли участие в том числе Анна Соколова и Олег Белов.",
        "В форуме «Нефть Севера» примут участие Анна Соколова и Олег Белов.",
        "Участниками выставки «Иннопром» станут компании «Ладья» и «Волна».",
        "В форуме «Нефть Севера» не приняли участие Анна Соколова и Олег Белов.",
        "В форуме приняли участие Анна Соколова и Олег Белов.",  # which forum is not said
        # a list before the verb is a set as well
        "Анна Соколова, пять человек и Олег Белов приняли участие в форуме «Нефть Севера».",
        "Анна Соколова, Олег Белов и другие приняли участие в форуме «Нефть Севера».",
    ],
)
def test_participant_lists_that_name_no_complete_set_give_nothing(text):
    assert not {f for f in facts(text) if f[1] == "took_part_in"}


def test_grants_and_contests():
    assert facts("Лаборатория «Спектр» получила грант от фонда «Исток».") == {
        ("Спектр", "received_grant_from", "Исток")
    }
    assert facts("Стартап «Луч» победил в конкурсе «Умный город».") == {("Луч", "won", "Умный город")}
    # a single game is no contest won
    assert facts("Клуб «Сокол» выиграл у клуба «Кедр» в первом матче сезона.") == {("Сокол", "won_against", "Кедр")}


def test_court_rulings_give_parties_and_the_sum():
    text = "Арбитражный суд Пермского края взыскал с компании «Техноград» в пользу банка «Заречный» 12 млн рублей."
    assert facts(text) == {
        ("Арбитражный суд Пермского края", "ruled_against", "Техноград"),
        ("Заречный", "sued", "Техноград"),
        ("Техноград", "ordered_to_pay", "12 млн рублей"),
    }
    assert ("Ладья", "ordered_to_pay", "3 млн рублей") in facts("Суд обязал компанию «Ладья» выплатить 3 млн рублей.")
    assert facts("Компания «Ладья» подала иск против банка «Окский».") == {("Ладья", "sued", "Окский")}


def test_events_need_a_name_and_an_absolute_date():
    text = "Северореченский инвестиционный форум прошёл 17 сентября в Верхнеозёрске."
    assert facts(text) == {
        ("Северореченский инвестиционный форум", "took_place_in", "Верхнеозёрск"),
        ("Северореченский инвестиционный форум", "took_place_on", "17 сентября 2025 года"),
    }
    # every round has several matches: «матч второго тура» names none of them
    assert facts("Матч второго тура прошёл 10 сентября в Новосибирске.") == set()


def test_quantities_keep_their_units_and_counted_nouns():
    assert ("Степной", "capacity", "90 мегаватт") in facts(
        "Компания «Северный ветер» открыла ветропарк «Степной» мощностью 90 мегаватт."
    )
    assert facts("На хлебозаводе «Каравай» работают 210 человек.") == {("Каравай", "employs", "210 человек")}
    # a planned cost is no fact
    assert facts("Стоимость терминала «Восток» составит 3 млрд рублей.") == set()


def test_establishments_need_a_named_place_or_a_proper_adjective():
    assert facts("Компания «Северный ветер» открыла новый завод в Твери.") == {
        ("Северный ветер", "opened", "завод в Твери")
    }
    assert facts("Фонд «Исток» открыл школу в Твери.") == {("Исток", "opened", "школа в Твери")}
    # a common noun with only evaluative or classifying adjectives names no particular plant
    assert facts("Компания «Ладья» открыла новый завод.") == set()
    assert facts("Компания «Ладья» открыла кирпичный завод.") == set()


def test_opened_events_keep_their_name_without_the_place():
    text = "Губернатор Олег Мельников открыл Северореченский инвестиционный форум в Верхнеозёрске."
    assert facts(text) == {
        ("Олег Мельников", "opened", "Северореченский инвестиционный форум"),
        ("Северореченский инвестиционный форум", "took_place_in", "Верхнеозёрск"),  # where it was opened
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Министр финансов Тверской области Ольга Ракитина посетила Торжок.",
            ("Ольга Ракитина", "holds_position", "министр финансов Тверской области"),
        ),
        (
            "Заместитель мэра Ржева Кирилл Зотов посетил Торжок.",
            ("Кирилл Зотов", "holds_position", "заместитель мэра Ржева"),
        ),
        ("Главный тренер клуба «Кедр» Юрий Белов отметил игру защиты.", ("Юрий Белов", "coaches", "Кедр")),
        (
            "Главный врач городской больницы «Заря» Инна Серова поблагодарила мэрию.",
            ("Инна Серова", "heads", "Заря"),
        ),
        ("Председатель правления банка «Окский» Олег Сухов отметил рост.", ("Олег Сухов", "heads", "Окский")),
        # a place noun before a first name and surname does not make the person a place
        (
            "Губернатор Тверской области Игорь Руденко посетил Торжок.",
            ("Игорь Руденко", "heads", "Тверская область"),
        ),
    ],
)
def test_role_appositions_give_positions(text, expected):
    assert expected in facts(text)


def test_a_post_must_say_whose_it_is():
    # «министр финансов» alone does not say of which region; a former post is no current one
    assert facts("Министр финансов Ольга Ракитина посетила Торжок.") == {("Ольга Ракитина", "visited", "Торжок")}
    former = facts("Бывший министр финансов Тверской области Ольга Ракитина посетила Торжок.")
    assert all(r != "holds_position" for _, r, _ in former)
    # a coach of goalkeepers does not coach the club
    assert all(r != "coaches" for _, r, _ in facts("Тренер вратарей клуба «Кедр» Юрий Белов посетил Торжок."))


def test_lists_after_a_plural_class_noun_and_of_role_subjects():
    winners = facts("Победителями конкурса «Умный город» стали стартапы «Луч» и «Вектор».")
    assert winners == {("Луч", "won", "Умный город"), ("Вектор", "won", "Умный город")}
    visitors = facts("Выставку «Иннопром» посетили губернатор Игорь Руденко и министр Ольга Ракитина.")
    assert visitors == {("Игорь Руденко", "visited", "Иннопром"), ("Ольга Ракитина", "visited", "Иннопром")}


def test_signing_as_a_nominalization_only_when_done():
    done = facts("Подписание соглашения между банком «Окский» и компанией «Ладья» состоялось в Твери.")
    assert done == {("Окский", "signed_agreement_with", "Ладья")}
    assert facts("Подписание соглашения между банком «Окский» и компанией «Ладья» запланировано на ноябрь.") == set()


def test_partners_of_an_agreement_whatever_the_parser_attached():
    text = "Компания «Ладья» подписала соглашение с тверской компанией «Орбита» о поставках турбин."
    assert facts(text) == {("Ладья", "signed_agreement_with", "Орбита")}


def test_verbs_joined_by_commas_share_their_subject_and_который_its_antecedent():
    text = "Банк «Окский» купил компанию «Ладья», открыл офис в Твери и подписал соглашение с фондом «Исток»."
    found = facts(text)
    assert {("Окский", "bought", "Ладья"), ("Окский", "signed_agreement_with", "Исток")} <= found
    relative = facts("Фонд «Исток», который подписал соглашение с банком «Окский», открыл школу в Твери.")
    assert relative == {("Исток", "signed_agreement_with", "Окский"), ("Исток", "opened", "школа в Твери")}


def test_names_come_out_whole_and_in_the_nominative():
    # an unknown region adjective agrees with its head noun: -ий, not a guessed stressed -ой
    region = facts("Глава Тихоморского края Иван Петров посетил Сопкинск.")
    assert ("Иван Петров", "heads", "Тихоморский край") in region
    # an adjective pymorphy reads only as a toponym's case («Каменногорском» of «Каменногорск»)
    assert facts("На Каменногорском металлургическом комбинате работают 7 860 человек.") == {
        ("Каменногорский металлургический комбинат", "employs", "7 860 человек")
    }
    # the genitive chain keeps its last owner even when the tagger calls it an adjective
    said = "По словам директора департамента здравоохранения мэрии Бережанска Ирины Жаворонковой, ремонт завершён."
    assert facts(said) == {("Ирина Жаворонкова", "heads", "Департамент здравоохранения мэрии Бережанска")}


def test_an_abbreviation_in_brackets_is_an_alias_not_part_of_the_name():
    found = facts(
        "Центральный районный суд Бережанска взыскал с Тихоморской краевой клинической больницы (ККБ) "
        "700 тысяч рублей. Главврач ККБ Глеб Савостин посетил Сопкинск."
    )
    hospital = "Тихоморская краевая клиническая больница"
    assert ("Центральный районный суд Бережанска", "ruled_against", hospital) in found
    assert ("Глеб Савостин", "heads", hospital) in found


def test_a_list_gives_one_fact_per_member():
    # the parser reads «компании» as a genitive singular and NER misses «Бета»: the list still counts
    assert facts("Гранты фонда «Исток» получили компании «Альфа», «Бета» и «Гамма».") == {
        ("Альфа", "received_grant_from", "Исток"),
        ("Бета", "received_grant_from", "Исток"),
        ("Гамма", "received_grant_from", "Исток"),
    }
    assert facts("Министерство транспорта заключило контракты с компаниями «Стройдор», «Мостострой» и «Автобан».") == {
        ("Министерство транспорта", "signed_contract_with", partner)
        for partner in ("Стройдор", "Мостострой", "Автобан")
    }
    assert facts("Премию «Золотое перо» получили журналисты Анна Соколова, Иван Петров и Мария Лебедева.") == {
        (person, "won", "Золотое перо") for person in ("Анна Соколова", "Иван Петров", "Мария Лебедева")
    }
    assert facts("Лауреатами премии «Золотое перо» стали театры «Маяк», «Глобус» и «Сфера».") == {
        (theatre, "won", "Золотое перо") for theatre in ("Маяк", "Глобус", "Сфера")
    }
    assert facts("Губернатор Анна Соколова и мэр Иван Петров посетили завод «Кедр».") == {
        ("Анна Соколова", "visited", "Кедр"),
        ("Иван Петров", "visited", "Кедр"),
    }


def test_a_list_stops_at_its_members():
    # a number in quotes names nothing; the clause after «а» has its own verb
    assert facts("Гранты фонда «Исток» получили компании «Альфа» и «100».") == {
        ("Альфа", "received_grant_from", "Исток")
    }
    assert facts(
        "Гранты фонда «Исток» получили компании «Альфа» и «Бета», а компания «Гамма» осталась без поддержки."
    ) == {
        ("Альфа", "received_grant_from", "Исток"),
        ("Бета", "received_grant_from", "Исток"),
    }
    # a contract with no customer named has no other side
    assert facts("Контракты получили компании «Альфа», «Бета» и «Гамма».") == set()


def test_receiving_a_prize_or_a_contract():
    assert facts("Анна Соколова получила премию «Золотое перо».") == {("Анна Соколова", "won", "Золотое перо")}
    assert facts("Иван Петров получил приглашение на форум «Открытый диалог».") == set()
    assert facts("Компания «Кедр» получила контракт от компании «Стройдор».") == {
        ("Кедр", "signed_contract_with", "Стройдор")
    }


def test_signing_sides_need_the_document_they_signed():
    # «соглашения» is no contract; «документ» says neither
    assert facts("Соглашения подписали компании «Альфа» и «Бета».") == {("Альфа", "signed_agreement_with", "Бета")}
    assert facts("Компании «Альфа» и «Бета» подписали соглашение о сотрудничестве.") == {
        ("Альфа", "signed_agreement_with", "Бета")
    }
    assert facts("Компании «Альфа» и «Бета» подписали документ.") == set()


def test_a_repeated_preposition_lists_objects_within_one_clause():
    # the parser hangs «у «Ледокола»» off the score «3:1» before it
    found = facts(
        "Клуб «Сокол» выиграл у «Буревестника» со счётом 4:2, у «Ладоги» со счётом 3:1 и у «Ледокола» со счётом 5:3."
    )
    assert found == {("Сокол", "won_against", rival) for rival in ("Буревестник", "Ладога", "Ледокол")}
    # after «а» another team plays: its games are not the first team's wins
    found = facts("Клуб «Сокол» выиграл у «Буревестника» со счётом 4:2, а «Кедр» проиграл у «Ладоги» и у «Ледокола».")
    assert not {("Сокол", "won_against", "Ладога"), ("Сокол", "won_against", "Ледокол")} & found


def test_quotes_hug_the_name_they_enclose():
    from dagster_project.core.extraction.schema.extract import _tidy

    assert _tidy("ООО « Тихоморская строительная компания »") == "ООО «Тихоморская строительная компания»"


def test_the_preposition_governing_an_argument_is_no_part_of_its_name():
    # «иск к мэрии»: the object is «Мэрия Бережанска», never «К мэрия Бережанска»
    assert facts("ООО «Гранит» подало иск к мэрии Бережанска.") == {("Гранит", "sued", "Мэрия Бережанска")}


def test_a_property_in_the_instrumental_is_no_part_of_a_name_and_a_rate_is_no_plain_amount():
    assert facts("Компания «Энергия» открыла ветропарк «Северный» мощностью 90 мегаватт.") == {
        ("Энергия", "opened", "Северный"),
        ("Северный", "capacity", "90 мегаватт"),
    }
    # «300 тонн в сутки» is a rate: «300 тонн» alone would be a wrong answer, so the capacity keeps its rate
    found = facts("Главный проект компании — рыбный завод в Ольховке мощностью 300 тонн сырья в сутки.")
    assert {amount for _, relation, amount in found if relation == "capacity"} <= {"300 тонн сырья в сутки"}


def test_staff_titles_give_where_each_person_works():
    found = facts(
        "На семинаре выступили старший научный сотрудник Уральского института геофизики Ольга Маркова, "
        "руководитель лаборатории оптики Северного государственного университета Игорь Лесков "
        "и доцент Северного государственного университета Пётр Зимин."
    )
    # a teacher's title at a university says more: he teaches there (teaches_at implies works_at)
    assert {f for f in found if f[1] in {"works_at", "teaches_at"}} == {
        ("Ольга Маркова", "works_at", "Уральский институт геофизики"),
        ("Игорь Лесков", "works_at", "Северный государственный университет"),
        ("Пётр Зимин", "teaches_at", "Северный государственный университет"),
    }
    after = facts("Иван Петров, профессор Уральского федерального университета, считает иначе.")
    assert after == {("Иван Петров", "teaches_at", "Уральский федеральный университет")}
    # a former post, or a title that leads the organization itself, says nothing of staff
    for text in (
        "Бывший сотрудник Уральского института геофизики Ольга Маркова уехала.",
        "Директор Уральского института геофизики Ольга Маркова уехала.",
    ):
        assert not {f for f in facts(text) if f[1] == "works_at"}


def test_a_list_of_laureates_gives_each_laureate_the_prize_named_in_the_lead():
    text = (
        "Жюри подвело итоги конкурса «Инженер года». "
        "Победителями конкурса признаны компания «Кварц-Лаб», завод «Полюс» и Иван Петров."
    )
    assert {f for f in facts(text) if f[1] == "won"} == {
        ("Кварц-Лаб", "won", "Инженер года"),
        ("Полюс", "won", "Инженер года"),
        ("Иван Петров", "won", "Инженер года"),
    }
    named = facts("Лауреатами премии имени Павла Бажова стали писатель Анна Соколова и поэт Олег Белов.")
    assert named == {
        ("Анна Соколова", "won", "премия имени Павла Бажова"),
        ("Олег Белов", "won", "премия имени Павла Бажова"),
    }
    # a plural class noun before quoted names: each name is its own laureate
    both = facts("Победителями конкурса «Лучший экспортёр» признаны компании «Сибагро» и «Томлес».")
    assert both == {("Сибагро", "won", "Лучший экспортёр"), ("Томлес", "won", "Лучший экспортёр")}
    # no prize named before: whose laureates they are is unknown
    assert not facts("Лауреатами стали писатель Анна Соколова и поэт Олег Белов.")
    # an item without a laureate's name makes the list incomplete: nothing
    assert not facts("Лауреатами премии «Вектор» стали Анна Соколова, двое студентов и Олег Белов.")


def test_succession_on_a_post():
    found = facts("Ольга Жаворонкова сменила на этом посту Виталия Прохорчука, который ушёл на пенсию.")
    assert ("Ольга Жаворонкова", "succeeded", "Виталий Прохорчук") in found
    # «сменил» without a post is no succession («сменил тренера», «сменил гнев на милость»)
    assert not {f for f in facts("Клуб «Сокол» сменил Виталия Прохорчука.") if f[1] == "succeeded"}


def test_where_an_organization_is_from():
    found = facts("Хоккейный клуб «Сокол» выиграл у клуба «Ледокол» из Москвы со счётом 4:2.")
    # the place follows the loser's name: it is the loser's city, never the winner's
    assert {f for f in found if f[1] == "based_in"} == {("Ледокол", "based_in", "Москва")}
    assert facts("Авиакомпания «Северное небо» базируется в Верхнеозёрске.") == {
        ("Северное небо", "based_in", "Верхнеозёрск")
    }
    # a place after a verb of motion, or after an owner of another noun, says nothing of the organization
    assert not facts("Делегация компании «Кварц-Лаб» вернулась из Казани.")
    assert not facts("Рейс авиакомпании «Победа» из Казани задержали на два часа.")


def test_an_abbreviated_legal_form_does_not_decline():
    # the tagger reads «АО» after «с» as a genitive and «Бережанска» as a nominative; neither declines so
    found = facts("Мэрия Бережанска заключила контракт на реконструкцию набережной с АО «Бережанскдорстрой».")
    assert found == {("Мэрия Бережанска", "signed_contract_with", "Бережанскдорстрой")}


def test_every_legal_form_is_the_class_noun_of_the_quoted_name_after_it():
    found = extract_schema_triplets(
        "a", "Директор МУП «Ольшанский водоканал» Пётр Лис подписал контракт с ГБУЗ «Ольшанская больница».", PUBLISHED
    )
    assert {(t.object_normal, t.object_descriptor) for t in found} >= {("Ольшанский водоканал", "муп")}
    assert {t.relation for t in found} == {"heads", "signed_contract_with"}


def test_a_creative_group_keeps_its_class_noun():
    # «Колокольчик» alone is a bell: a studio, a company or a troupe is asked with its class noun
    found = extract_schema_triplets("a", "Вокальная студия «Колокольчик» базируется в Ольшанске.", PUBLISHED)
    assert [(t.subject_normal, t.subject_descriptor) for t in found] == [("Колокольчик", "студия")]


def test_a_sum_ends_at_its_currency():
    found = facts("Районный суд обязал больницу «Здоровье» выплатить 700 тысяч рублей компенсации морального вреда.")
    assert ("Здоровье", "ordered_to_pay", "700 тысяч рублей") in found


def test_sentence_initial_class_noun_is_the_class_not_part_of_the_name():
    # the capital is the sentence's: «Судоверфь «Кречет»» is the shipyard «Кречет», as «судоверфь «Кречет»» is
    triplets = extract_schema_triplets(
        "a", "Судоверфь «Кречет» спустила на воду сухогруз «Капитан Ведерников».", PUBLISHED
    )
    assert [(t.subject_normal, t.subject_descriptor) for t in triplets] == [("Кречет", "судоверфь")]
