"""Wrong facts a strict reading of an unseen month found, each pinned with a fictional sentence of
the same construction: the right reading where there is one, nothing where the text leaves doubt."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2026-01-14T10:00:00+07:00"


def facts(text: str) -> set[tuple[str, str, str]]:
    return {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}


def test_an_elected_title_is_no_body_the_person_heads():
    assert not {f for f in facts("Ректором аграрного университета избран Олег Ветров.") if f[1] == "heads"}
    assert ("Лидия Маркелова", "heads", "Сопкинск") in facts("Главой Сопкинска избрана Лидия Маркелова.")


def test_an_office_after_a_minister_of_the_article_may_be_his_unnamed_ministry():
    text = (
        "Министр транспорта Ольшанской области Пётр Гусев ушёл в отставку. "
        "До этого Игорь Ли руководил областным управлением дорог. Гусев возглавлял ведомство с 2019 года."
    )
    assert not {f for f in facts(text) if f[0].endswith("Гусев") and f[1] == "formerly_headed"}


def test_a_base_at_a_town_whose_nominative_is_unknown_gives_no_oblique_name():
    based = {f for f in facts("Авиакомпания «Тарна» базируется в аэропорту Тарнагана.") if f[1] == "based_in"}
    assert not {f for f in based if f[2].endswith("агана")}


def test_in_a_list_of_places_each_team_is_from_its_own_town_or_from_none():
    text = (
        "Места распределились так: — первое место — команда «Кремень» из Ольшанска за композицию «Переправа»; "
        "— второе место — команда «Полюс» из Медвежинска; — третье место — команда «Резец» из Новосибирска."
    )
    based = {(s, o) for s, r, o in facts(text) if r == "based_in"}
    assert based <= {("Кремень", "Ольшанск"), ("Полюс", "Медвежинск"), ("Резец", "Новосибирск")}
    single = "Хоккейный клуб «Кедр» из Новосибирска выиграл у клуба «Ладья»."
    assert ("Кедр", "based_in", "Новосибирск") in facts(single)


def test_a_measure_said_in_the_past_imperfective_is_what_it_was_not_what_it_is():
    assert not facts("Установленная мощность ТЭЦ «Вега» до ввода нового блока составляла 900 МВт.")
    assert ("Вега", "capacity", "900 МВт") in facts("Мощность ТЭЦ «Вега» составляет 900 МВт.")


def test_a_topic_after_a_territorial_body_belongs_to_the_post_not_to_the_body():
    text = "Вадим Сумароков осуждён. До этого он работал заместителем главы администрации Ольшанска по ЖКХ."
    assert ("Вадим Сумароков", "worked_at", "Администрация Ольшанска") in facts(text)
    committee = "Анна Котова возглавляет комитет по культуре администрации Ольшанска."
    assert ("Анна Котова", "heads", "Комитет по культуре администрации Ольшанска") in facts(committee)


def test_a_head_released_from_the_post_heads_it_no_longer():
    released = facts("Директор МУП «Водоканал» Ольшанска Игорь Сомов освобождён от должности по соглашению сторон.")
    assert ("Игорь Сомов", "formerly_headed", "Водоканал") in released
    assert not {f for f in released if f[1] == "heads"}
    assert ("Иван Ким", "formerly_headed", "Искра") in facts("Директор завода «Искра» Иван Ким отстранён от должности.")
    # a release from anything but a post, or one still to come, leaves the title as it is
    assert ("Иван Ким", "heads", "Искра") in facts("Директор завода «Искра» Иван Ким освобождён от уплаты штрафа.")
    assert ("Олег Лис", "heads", "Маяк") in facts("Директор завода «Маяк» Олег Лис будет освобождён от должности.")


def test_a_town_ending_a_title_is_not_the_first_word_of_the_name_after_it():
    found = facts("Директор МУП «Водоканал» Ольшанска Игорь Сомов покинул пост.")
    assert ("Игорь Сомов", "formerly_headed", "Водоканал") in found
    # a surname written first, as court news does, keeps the whole name
    found = facts("Директор завода «Искра» Ртищева Анна Петровна покинула пост.")
    assert ("Ртищева Анна Петровна", "formerly_headed", "Искра") in found


def test_a_person_addressed_by_first_name_and_patronymic_is_the_one_the_article_named_in_full():
    text = "Директор школы Марина Кошелева получила премию. Марина Юрьевна возглавляет школу «Лицей» с 2015 года."
    assert ("Марина Кошелева", "heads", "Лицей") in facts(text)
    # with no one to resolve it to, the address names nobody
    assert not facts("Марина Юрьевна возглавляет школу «Лицей» с 2015 года.")


def test_initials_in_a_name_keep_their_spacing():
    found = facts("Директором музея имени Н. А. Черкашина назначена Галина Ракитина.")
    assert ("Галина Ракитина", "appointed_to", "директор музея имени Н. А. Черкашина") in found


def test_each_title_in_a_long_list_keeps_its_own_owner():
    # the parser hangs one title's owner on another's role in a long list; an owner stands among its
    # role's own words, between the role and the name it titles
    text = (
        "В наблюдательный совет вошли руководители партнёров: директор Ольшанского трубного завода Вера Гусева, "
        "председатель правления банка «Донской» Олег Рябов, генеральный директор авиакомпании «Степь» Илья Марков, "
        "директор транспортной компании «Северный путь» Пётр Волков, основатель стартапа «Гелиос» Анна Лисина "
        "и главный врач Ольшанской городской больницы Роман Зотов."
    )
    assert facts(text) == {
        ("Вера Гусева", "heads", "Ольшанский трубный завод"),
        ("Олег Рябов", "heads", "Донской"),
        ("Илья Марков", "heads", "Степь"),
        ("Пётр Волков", "heads", "Северный путь"),
        ("Анна Лисина", "founded", "Гелиос"),
        ("Роман Зотов", "heads", "Ольшанская городская больница"),
    }
