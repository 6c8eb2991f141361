"""Officials and posts: titles owned by the region or organization the article named before (by a
class noun of its own or a synonym news uses for it), and lists of appointments. Each rule with
sentences it must read and near misses it must not."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"


def of(relation: str, text: str) -> set[tuple[str, str]]:
    found = extract_schema_triplets("a", text, PUBLISHED)
    return {(t.subject_normal, t.object_normal) for t in found if t.relation == relation}


REGION = "Правительство Ольшанской области утвердило программу ремонта дорог. "


def test_a_minister_of_the_region_named_before_holds_the_post_with_its_name():
    text = REGION + "Министр здравоохранения области Роман Тихонов сообщил, что больницы получат томографы."
    assert of("holds_position", text) == {("Роман Тихонов", "министр здравоохранения Ольшанской области")}
    deputy = REGION + "Заместитель губернатора области Пётр Ли вручил ключи от квартир."
    assert of("holds_position", deputy) == {("Пётр Ли", "заместитель губернатора Ольшанской области")}


def test_the_head_of_the_region_heads_it():
    text = "Ольшанская область получит субсидию. По словам главы региона Олега Мельникова, деньги пойдут на дороги."
    assert of("heads", text) == {("Олег Мельников", "Ольшанская область")}


def test_a_bare_region_with_two_candidates_or_none_before_it_yields_nothing():
    two = (
        "Ольшанская область и Тверская область подписали соглашение. "
        "Министр экономики области Анна Котова рассказала о нём."
    )
    assert of("holds_position", two) == set()
    none = "Министр экономики области Анна Котова рассказала о соглашении. Ольшанская область получит субсидию."
    assert of("holds_position", none) == set()
    assert of("heads", "Глава региона Олег Мельников посетил завод.") == set()


def test_a_former_head_of_the_district_formerly_headed_it():
    text = "Кимрский район получил грант. Бывший глава района Иван Петров рассказал, как готовили заявку."
    assert of("formerly_headed", text) == {("Иван Петров", "Кимрский район")}
    assert of("heads", text) == set()


def test_a_class_noun_synonym_refers_back_to_the_one_organization_of_its_kind():
    airline = (
        "Авиакомпания «Северное небо» увеличит число рейсов в Казань. "
        "Об этом сообщил генеральный директор перевозчика Тимур Ахметов."
    )
    assert of("heads", airline) == {("Тимур Ахметов", "Северное небо")}
    plant = (
        "Лесогорский металлургический комбинат построит новый цех. "
        "О проекте рассказала директор предприятия Ирина Левина."
    )
    assert of("heads", plant) == {("Ирина Левина", "Лесогорский металлургический комбинат")}


def test_a_class_noun_synonym_with_two_candidates_yields_nothing():
    text = (
        "Лесогорский металлургический комбинат и завод «Электроприбор» подписали соглашение. "
        "О проекте рассказала директор предприятия Ирина Левина."
    )
    assert of("heads", text) == set()


def test_a_bare_quoted_name_in_another_case_is_no_rival_of_itself():
    text = (
        "Университет начнёт готовить техников для «Северного неба». "
        "Договор подписан с авиакомпанией «Северное небо». "
        "Генеральный директор авиакомпании Тимур Ахметов рассказал о планах."
    )
    assert of("heads", text) == {("Тимур Ахметов", "Северное небо")}


def test_an_appointment_list_gives_every_name_its_own_post():
    colon = "Назначены: Иван Ли — министром транспорта, Анна Котова — министром культуры Ольшанской области."
    assert of("appointed_to", colon) == {
        ("Иван Ли", "министр транспорта"),
        ("Анна Котова", "министр культуры Ольшанской области"),
    }
    subject_first = "Иван Ли назначен министром транспорта, Анна Котова — министром культуры."
    assert of("appointed_to", subject_first) == {("Иван Ли", "министр транспорта"), ("Анна Котова", "министр культуры")}
    active = "Губернатор назначил Ивана Ли министром транспорта, а Анну Котову — министром культуры."
    assert of("appointed_to", active) == {("Иван Ли", "министр транспорта"), ("Анна Котова", "министр культуры")}
    assert of("holds_position", colon) == set()  # «Анна Котова — министром»: no apposition


def test_appointees_listed_under_one_post_are_all_appointed():
    text = "Заместителями губернатора Ольшанской области назначены Иван Ли и Анна Котова."
    assert of("appointed_to", text) == {
        ("Иван Ли", "заместитель губернатора Ольшанской области"),
        ("Анна Котова", "заместитель губернатора Ольшанской области"),
    }


def test_a_planned_appointment_list_or_one_with_an_item_of_another_shape_yields_nothing():
    planned = "Иван Ли будет назначен министром транспорта, а Анна Котова — министром культуры."
    assert of("appointed_to", planned) == set()
    partial = "Назначены: Иван Ли — министром транспорта, Анна Котова — министром культуры, Пётр Сидоров и другие."
    assert of("appointed_to", partial) == set()


def test_a_minister_whose_resignation_was_accepted_holds_the_post_no_more():
    text = "Губернатор Ольшанской области Глеб Ли принял отставку министра здравоохранения региона Вероники Зариной."
    assert of("holds_position", text) == set()
    assert of("heads", text) == {("Глеб Ли", "Ольшанская область")}


def test_an_undertaking_bought_by_the_company_is_not_the_company():
    text = (
        "Агрохолдинг «Ольховские поля» купил элеватор в Сосновке. "
        "На предприятии работают 85 человек, все они сохранят свои места."
    )
    assert of("employs", text) == set()


def test_an_acting_head_is_appointed_to_the_acting_post_and_heads_nothing():
    text = "Исполняющим обязанности директора завода «Электроприбор» назначен Олег Ветров."
    assert of("heads", text) == set()
    assert of("appointed_to", text) == {("Олег Ветров", "исполняющий обязанности директора завода «Электроприбор»")}
    assert of("appointed_to", "Иван Ли будет назначен министром транспорта Ольшанской области.") == set()


def test_a_title_before_a_place_name_the_tagger_reads_as_a_nominative_still_has_its_owner():
    assert of("heads", "Мэр Бережанска Олег Ли открыл школу.") == {("Олег Ли", "Бережанск")}


def test_an_election_to_head_a_body_is_heading_it_when_reported_as_it_happens():
    text = "Иван Ли избран председателем Законодательного собрания Ольшанской области."
    assert of("heads", text) == {("Иван Ли", "Законодательное собрание Ольшанской области")}
    fronted = "Председателем Совета депутатов Кимрского муниципального округа избрана Анна Котова."
    assert of("heads", fronted) == {("Анна Котова", "Совет депутатов Кимрского муниципального округа")}
    deputies = "Заместителями председателя Законодательного собрания Ольшанской области избраны Иван Ли и Анна Котова."
    post = "заместитель председателя Законодательного собрания Ольшанской области"
    assert of("holds_position", deputies) == {("Иван Ли", post), ("Анна Котова", post)}


def test_an_old_a_negated_or_a_planned_election_gives_nothing():
    for text in (
        "В 2019 году Иван Ли был избран председателем Законодательного собрания Ольшанской области.",
        "Иван Ли не избран председателем Законодательного собрания Ольшанской области.",
        "Председателем Законодательного собрания Ольшанской области планируется избрать Ивана Ли.",
    ):
        assert of("heads", text) == set()


def test_a_body_after_a_capitalized_instrumental_keeps_its_nominative_name():
    # the tagger reads «Главой Омшанского ...» as a run of proper nouns in the instrumental
    assert of("heads", "Главой Омшанского муниципального округа избран Артём Пичугин.") == {
        ("Артём Пичугин", "Омшанский муниципальный округ")
    }
    assert of("heads", "Главой Сопкинска избрана Лидия Маркелова.") == {("Лидия Маркелова", "Сопкинск")}


def test_the_synonyms_of_class_nouns_are_data_for_ministries_universities_and_hospitals():
    ministry = (
        "Министерство здравоохранения Ольшанской области объявило конкурс. "
        "Руководитель ведомства Анна Котова рассказала об условиях."
    )
    assert of("heads", ministry) == {("Анна Котова", "Министерство здравоохранения Ольшанской области")}
    university = "Бережанский государственный университет открыл кафедру. Ректор вуза Олег Ветров рассказал о планах."
    assert of("heads", university) == {("Олег Ветров", "Бережанский государственный университет")}
    two = (
        "Бережанский государственный университет и Ольшанский аграрный институт открыли кафедру. "
        "Ректор вуза Олег Ветров рассказал о планах."
    )
    assert of("heads", two) == set()


def test_an_elected_chair_heads_the_body_and_not_the_region_of_its_name():
    text = "Депутаты избрали председателем Законодательного собрания Ольшанской области Анну Котову."
    assert ("Анна Котова", "Ольшанская область") not in of("heads", text)


def test_a_team_is_its_club_and_a_company_its_developer_when_only_one_is_named():
    club = "Хоккейный клуб «Кедр» открыл сезон. Главный тренер команды Игорь Лапин доволен игрой."
    assert of("coaches", club) == {("Игорь Лапин", "Кедр")}
    developer = "Застройщик «Гранит-Строй» сдал дом. Генеральный директор компании Олег Рябов рассказал о планах."
    assert of("heads", developer) == {("Олег Рябов", "Гранит-Строй")}
    # a match report names both clubs: «команда» is either
    match = "Клуб «Кедр» выиграл у клуба «Ладья» со счётом 3:1. Главный тренер команды Игорь Лапин доволен игрой."
    assert of("coaches", match) == set()
