"""Staff and members beyond the heads: players of a club, engineers and teachers named in quote
bylines, plural titles over a list of names, signings and moves, visits. Each rule with a sentence
it must read and a near miss it must not."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"
CLUB = "Хоккейный клуб «Прибой» провёл тренировку. "


def facts(text: str) -> set[tuple[str, str, str]]:
    return {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}


def of(relation: str, text: str) -> set[tuple[str, str]]:
    return {(s, o) for s, r, o in facts(text) if r == relation}


def test_a_player_titled_with_a_club_works_at_the_club():
    assert of("works_at", CLUB + "Победную шайбу забросил нападающий «Прибоя» Кирилл Жуков.") == {
        ("Кирилл Жуков", "Прибой")
    }
    assert of("works_at", CLUB + "«Мы были готовы», — сказал вратарь «Прибоя» Степан Лаптев.") == {
        ("Степан Лаптев", "Прибой")
    }


def test_a_player_title_needs_a_club_and_a_current_post():
    # nothing in the article says «Прибой» is a club: a «защитник» of a company is its lawyer
    assert not of("works_at", "Защитник компании «Прибой» Кирилл Жуков подал жалобу.")
    assert not of("works_at", "Крупный игрок рынка компания «Прибой» открыла завод.")
    assert not of("works_at", CLUB + "Бывший нападающий «Прибоя» Кирилл Жуков стал тренером.")


def test_a_chief_on_the_staff_is_no_head():
    text = "«Линию запустим к декабрю», — заявил главный инженер завода «Электроприбор» Олег Ветров."
    assert of("works_at", text) == {("Олег Ветров", "Электроприбор")}
    assert not of("heads", text)
    # «главный врач» still leads the hospital
    assert of("heads", "Главный врач больницы «Надежда» Анна Котова открыла отделение.") == {("Анна Котова", "Надежда")}


def test_a_head_of_a_workshop_or_branch_works_at_the_organization_it_leads_no_part_of():
    text = "Начальник прокатного цеха Каменногорского металлургического комбината Иван Петров рассказал о ремонте."
    assert of("works_at", text) == {("Иван Петров", "Каменногорский металлургический комбинат")}
    assert not of("heads", text)


def test_a_teacher_of_a_university_teaches_there_a_professor_of_an_institute_works_there():
    text = "По словам доцента кафедры физики Бережанского государственного университета Анны Котовой, набор вырос."
    assert of("teaches_at", text) == {("Анна Котова", "Бережанский государственный университет")}
    text = "Иван Петров, профессор Тихоморского института океанологии, рассказал о работе."
    assert of("works_at", text) == {("Иван Петров", "Тихоморский институт океанологии")}
    assert not of("teaches_at", text)


def test_a_plural_title_goes_to_every_name_of_the_list_after_it():
    text = "Научные сотрудники Тихоморского института океанологии Анна Котова и Иван Петров получили грант."
    assert of("works_at", text) == {
        ("Анна Котова", "Тихоморский институт океанологии"),
        ("Иван Петров", "Тихоморский институт океанологии"),
    }
    # a singular title is one person's: the second name is someone else
    text = "Директор завода «Электроприбор» Анна Котова и Иван Петров подписали соглашение."
    assert not any(person == "Иван Петров" for person, _ in of("works_at", text) | of("heads", text))


def test_a_clubs_signing_and_a_game_for_the_club_say_the_player_is_in_it():
    assert of("works_at", "Хоккейный клуб «Прибой» подписал контракт с нападающим Кириллом Жуковым.") == {
        ("Кирилл Жуков", "Прибой")
    }
    assert of("works_at", CLUB + "Новичок команды Кирилл Жуков провёл второй матч за «Прибой».") == {
        ("Кирилл Жуков", "Прибой")
    }
    assert of("works_at", CLUB + "Кирилл Жуков выступает за «Прибой» третий сезон.") == {("Кирилл Жуков", "Прибой")}
    # before, planned, or dated to another year: he may have left since
    for text in (
        "Кирилл Жуков выступал за «Прибой» два сезона.",
        "Кирилл Жуков провёл за «Прибой» 300 матчей в 2010 году.",
        "Клуб планирует подписать контракт с нападающим Кириллом Жуковым.",
    ):
        assert not of("works_at", CLUB + text), text


def test_a_move_to_work_somewhere_is_working_there():
    assert of("works_at", "Анна Котова перешла на работу в компанию «Вектор».") == {("Анна Котова", "Вектор")}
    assert of("works_at", CLUB + "Защитник Иван Петров перешёл в «Прибой».") == {("Иван Петров", "Прибой")}
    assert not of("works_at", "Анна Котова ранее перешла на работу в компанию «Вектор».")


def test_working_on_a_plant_is_working_there():
    assert of("works_at", "Иван Петров работает на Каменногорском металлургическом комбинате сварщиком.") == {
        ("Иван Петров", "Каменногорский металлургический комбинат")
    }
    assert not of("works_at", "Иван Петров работал на Каменногорском металлургическом комбинате.")


def test_a_stay_or_an_arrival_is_a_visit():
    text = "Губернатор Олег Мельников побывал на заводе «Электроприбор» и в Заречье."
    assert of("visited", text) == {("Олег Мельников", "Электроприбор"), ("Олег Мельников", "Заречье")}
    assert of("visited", "Губернатор Олег Мельников прибыл с рабочим визитом в Заречье.") == {
        ("Олег Мельников", "Заречье")
    }
    assert of("visited", "Олег Мельников совершил рабочую поездку в Кимрский район.") == {
        ("Олег Мельников", "Кимрский район")
    }
    for text in (
        "Олег Мельников побывает в Заречье.",
        "Олег Мельников не побывал в Заречье.",
        "Олег Мельников совершит поездку в Заречье.",
        "Теплоход «Анна Котова» прибыл с визитом в Казань.",
        "Нападающий Денис Шатров прибыл в Каменногорск.",  # a move to play there, no visit
    ):
        assert not of("visited", text), text


def test_a_visit_framing_another_action_is_a_visit_of_its_subject():
    text = "Во время рабочей поездки в Казань Анна Соколова встретилась с поставщиками."
    assert of("visited", text) == {("Анна Соколова", "Казань")}
    assert not of("visited", "В ходе визита в Казань Анна Соколова подпишет соглашение.")
    assert not of("visited", "Во время визита Анна Соколова встретилась со студентами.")


def test_a_pronoun_visits_for_the_one_person_it_can_mean():
    text = "Губернатор Олег Мельников встретился с жителями Заречья. Затем он побывал на заводе «Электроприбор»."
    assert of("visited", text) == {("Олег Мельников", "Электроприбор")}
    text = "Олег Мельников открыл школу. В ходе визита в Заречье он осмотрел квартал."
    assert of("visited", text) == {("Олег Мельников", "Заречье")}
    # two people before it: «он» may be either
    text = "Олег Мельников встретился с Иваном Петровым. Затем он посетил Казань."
    assert not of("visited", text)


def test_a_compound_or_feminine_title_is_read_whole():
    text = "«Очередь сократилась вдвое», — рассказала врач-педиатр поликлиники «Здоровье» Анна Котова."
    assert of("works_at", text) == {("Анна Котова", "Здоровье")}
    text = "«Роль далась непросто», — сказала солистка Тихоморского краевого драматического театра Анна Котова."
    assert of("works_at", text) == {("Анна Котова", "Тихоморский краевой драматический театр")}


def test_a_plural_deputies_title_makes_each_listed_name_a_member():
    text = "Депутаты Законодательного собрания Северореченской области Галина Рябова и Иван Петров предложили поправки."
    assert of("member_of", text) == {
        ("Галина Рябова", "Законодательное собрание Северореченской области"),
        ("Иван Петров", "Законодательное собрание Северореченской области"),
    }
    text = "Депутат Законодательного собрания Северореченской области Галина Рябова и Иван Петров встретились."
    assert of("member_of", text) == {("Галина Рябова", "Законодательное собрание Северореченской области")}


def test_a_council_named_by_its_town_keeps_the_town():
    text = "Депутат городской думы Бережанска Иван Петров предложил поправку."
    assert of("member_of", text) == {("Иван Петров", "Городская дума Бережанска")}
    # «Дума» alone says not which: nothing
    assert not of("member_of", "Депутат Думы Иван Петров предложил поправку.")


def test_trades_professions_and_chiefs_under_the_head_are_staff():
    for text, person, employer in (
        ("«Зал полон», — сказал главный режиссёр театра «Маяк» Олег Ветров.", "Олег Ветров", "Маяк"),
        ("«Мы справимся», — сказал анестезиолог больницы «Надежда» Олег Ветров.", "Олег Ветров", "Надежда"),
        ("Пресс-секретарь компании «Вектор» Анна Котова сообщила о сделке.", "Анна Котова", "Вектор"),
        (CLUB + "Капитан «Прибоя» Олег Стручков забил гол.", "Олег Стручков", "Прибой"),
    ):
        assert (person, employer) in of("works_at", text), text
    # a ship's captain is no club's player
    assert not of("works_at", "Капитан «Бережанца» Олег Стручков рассказал о рейсе.")


def test_lectures_given_now_are_teaching():
    assert of("teaches_at", "Олег Ветров читает лекции в Бережанском государственном университете.") == {
        ("Олег Ветров", "Бережанский государственный университет")
    }
    assert not of("teaches_at", "Олег Ветров читал лекции в Бережанском государственном университете.")
    assert not facts("Олег Ветров читает книгу в библиотеке «Маяк».")


def test_a_pronoun_works_now_for_the_one_person_it_can_mean():
    text = "Анна Котова защитила диссертацию в Казани. Сейчас она работает в компании «Вектор»."
    assert of("works_at", text) == {("Анна Котова", "Вектор")}
    assert not of("works_at", "Анна Котова окончила школу. Она работала в компании «Вектор».")


def test_a_body_every_region_has_must_say_whose_it_is():
    assert not of("member_of", "Депутат Законодательного собрания Галина Рябова выступила против.")


def test_a_titled_player_signing_with_a_club_moves_to_it():
    text = "Нападающий Кирилл Жуков подписал контракт с «Прибоем»."
    assert of("works_at", text) == {("Кирилл Жуков", "Прибой")}
    # his title's club is the one he leaves
    text = "Нападающий клуба «Кедр» Кирилл Жуков подписал контракт с хоккейным клубом «Прибой»."
    assert of("works_at", text) == {("Кирилл Жуков", "Прибой")}
    # a person's contract with a company is no job there
    assert not of("works_at", "Кирилл Жуков подписал контракт с компанией «Вектор».")
