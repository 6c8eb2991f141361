"""Facts about people in the turns news uses: titles in bylines and lists, posts taken and left,
speakers at events. Each rule with a sentence it must read and a near miss it must not."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"


def facts(text: str) -> set[tuple[str, str, str]]:
    return {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}


def of(relation: str, text: str) -> set[tuple[str, str]]:
    return {(s, o) for s, r, o in facts(text) if r == relation}


def test_title_in_a_quote_byline_names_the_head():
    text = "«Мы удвоим выпуск», — заявил генеральный директор компании «Полярная звезда» Игорь Лебедев."
    assert of("heads", text) == {("Игорь Лебедев", "Полярная звезда")}
    assert of("heads", "По словам главы Кимрского района Петра Сидорова, дорогу отремонтируют к зиме.") == {
        ("Петр Сидоров", "Кимрский район")
    }


def test_each_title_in_a_list_goes_to_its_own_name():
    text = (
        "В форуме «Энергия Севера» приняли участие министр экономики Тверской области Анна Котова, "
        "ректор университета «Политех» Олег Ветров и директор завода «Электроприбор» Игорь Лебедев."
    )
    assert of("heads", text) == {("Олег Ветров", "Политех"), ("Игорь Лебедев", "Электроприбор")}


def test_a_title_titles_only_a_name_in_its_own_case():
    text = "Благодарность директору завода «Электроприбор» Анна Котова выразила лично."
    assert of("heads", text) == set()


def test_a_director_of_one_function_does_not_head_the_company():
    assert of("heads", "Директор по развитию компании «Полярная звезда» Игорь Лебедев рассказал о проекте.") == set()


def test_taking_a_post_is_an_appointment_only_when_done():
    post = "министр транспорта Тверской области"
    assert of("appointed_to", f"Олег Ветров занял пост {_gent(post)}.") == {("Олег Ветров", post)}
    assert of("appointed_to", f"Олег Ветров вступил в должность {_gent(post)}.") == {("Олег Ветров", post)}
    # held before, or only planned: no appointment
    assert of("appointed_to", f"Олег Ветров занимал пост {_gent(post)}.") == set()
    assert of("appointed_to", f"Олег Ветров займёт пост {_gent(post)}.") == set()


def test_leaving_a_post_is_a_resignation():
    post = "министр транспорта Тверской области"
    assert of("resigned_from", f"Олег Ветров покинул пост {_gent(post)}.") == {("Олег Ветров", post)}
    assert of("resigned_from", "Министр транспорта Тверской области Олег Ветров покинул пост.") == {
        ("Олег Ветров", post)
    }
    assert of("resigned_from", "Олег Ветров покинул здание министерства транспорта Тверской области.") == set()


def test_acting_appointment_names_the_acting_post():
    assert of("appointed_to", "Анна Котова назначена исполняющей обязанности министра культуры Тверской области.") == {
        ("Анна Котова", "исполняющий обязанности министра культуры Тверской области")
    }
    text = "Губернатор назначил Анну Котову временно исполняющей обязанности министра культуры Тверской области."
    assert of("appointed_to", text) == {
        ("Анна Котова", "временно исполняющий обязанности министра культуры Тверской области")
    }
    # who acts for a minister holds no minister's post
    text = "Исполняющий обязанности министра культуры Тверской области Анна Котова открыла выставку."
    assert of("holds_position", text) == set()


def test_speakers_at_a_named_event_took_part_in_it():
    text = "Генеральный директор компании «Полярная звезда» Игорь Лебедев выступил на форуме «Энергия Севера»."
    assert of("took_part_in", text) == {("Игорь Лебедев", "Энергия Севера")}
    assert of("took_part_in", "Игорь Лебедев выступит на форуме «Энергия Севера».") == set()
    assert of("took_part_in", "Игорь Лебедев выступил на форуме.") == set()  # which forum?
    assert facts("Продавцом выступила компания «Полярная звезда».") == set()


def test_a_list_of_speakers_is_whole_or_nothing():
    text = "На форуме «Энергия Севера» с докладами выступили Анна Котова, Олег Ветров и Игорь Лебедев."
    assert of("took_part_in", text) == {
        ("Анна Котова", "Энергия Севера"),
        ("Олег Ветров", "Энергия Севера"),
        ("Игорь Лебедев", "Энергия Севера"),
    }
    partial = "На форуме «Энергия Севера» с докладами выступили Анна Котова, Олег Ветров и другие эксперты."
    assert of("took_part_in", partial) == set()


def test_coaching_and_founding_said_with_a_verb():
    assert of("coaches", "Ирина Гордеева тренирует волейбольный клуб «Волна» второй сезон.") == {
        ("Ирина Гордеева", "Волна")
    }
    assert of("coaches", "Ирина Гордеева тренировала волейбольный клуб «Волна» два сезона.") == set()
    assert of("founded", "Илья Зотов основал стартап «Облако-Про» в 2019 году.") == {("Илья Зотов", "Облако-Про")}
    assert of("founded", "Илья Зотов планирует основать стартап «Облако-Про».") == set()


def test_surname_takes_the_gender_of_the_first_name():
    text = "Губернатор назначил Ольгу Дёмину на должность министра образования Тверской области."
    assert of("appointed_to", text) == {("Ольга Дёмина", "министр образования Тверской области")}


def test_posts_are_nominative_and_keep_the_quotes_of_names():
    assert of("appointed_to", "Иван Петров назначен на должность главы Кимрского района.") == {
        ("Иван Петров", "глава Кимрского района")
    }
    text = "Губернатор назначил Ивана Петрова на должность ректора университета «Политех»."
    assert of("appointed_to", text) == {("Иван Петров", "ректор университета «Политех»")}


def test_acting_titles_before_the_verb_and_short_forms():
    text = "Исполняющим обязанности директора завода «Электроприбор» назначен Олег Ветров."
    assert of("appointed_to", text) == {("Олег Ветров", "исполняющий обязанности директора завода «Электроприбор»")}
    text = "Исполняющей обязанности директора завода «Электроприбор» была назначена Анна Котова."
    assert of("appointed_to", text) == {("Анна Котова", "исполняющий обязанности директора завода «Электроприбор»")}
    text = "Президент назначил Ивана Петрова врио губернатора Тверской области."
    assert of("appointed_to", text) == {("Иван Петров", "врио губернатора Тверской области")}


def test_a_future_appointment_is_no_fact():
    assert facts("Исполняющим обязанности директора завода «Электроприбор» будет назначен Олег Ветров.") == set()
    assert facts("Олег Ветров будет назначен на должность министра транспорта Тверской области.") == set()
    assert facts("Анна Котова будет назначена исполняющей обязанности министра культуры Тверской области.") == set()


def test_who_leaves_a_post_no_longer_holds_it():
    found = facts("Глава Кимрского района Иван Петров ушёл в отставку.")
    assert found == {
        ("Иван Петров", "formerly_headed", "Кимрский район"),
        ("Иван Петров", "resigned_from", "глава Кимрского района"),
    }
    found = facts("Министр транспорта Тверской области Олег Ветров покинул пост.")
    assert {r for _, r, _ in found} == {"resigned_from"}
    # leaving a building leaves no post
    assert of("heads", "Директор завода «Электроприбор» Олег Ветров покинул цех.") == {("Олег Ветров", "Электроприбор")}


def test_deputies_and_vice_presidents_work_at_the_organization():
    text = "Заместитель директора завода «Электроприбор» Олег Ветров рассказал о планах."
    assert of("works_at", text) == {("Олег Ветров", "Электроприбор")}
    assert of("heads", text) == set()
    # a deputy governor's region is no employer
    assert (
        of("works_at", "Заместитель губернатора Тверской области Олег Ветров посетил завод «Электроприбор».") == set()
    )


def test_a_bare_event_noun_names_no_event():
    # «на форуме» may refer back to a forum, but the speakers an article states that way are only
    # some of those the month's texts name at it: a set built from them would be partial
    text = "Анна Котова выступила на форуме «Энергия Севера». Олег Ветров выступил на форуме с докладом."
    assert of("took_part_in", text) == {("Анна Котова", "Энергия Севера")}


def test_a_list_of_subjects_with_an_unnamed_item_is_no_set():
    for verb in ("приняли участие в форуме", "выступили на форуме"):
        text = f"Анна Котова, Олег Ветров и ещё пять экспертов {verb} «Энергия Севера»."
        assert of("took_part_in", text) == set()
        whole = f"Анна Котова и Олег Ветров {verb} «Энергия Севера»."
        assert of("took_part_in", whole) == {("Анна Котова", "Энергия Севера"), ("Олег Ветров", "Энергия Севера")}


def test_a_post_keeps_every_coordinated_part_of_its_ministry():
    text = "Губернатор назначил Ивана Петрова на должность министра труда и социального развития Тверской области."
    assert of("appointed_to", text) == {("Иван Петров", "министр труда и социального развития Тверской области")}


def _gent(post: str) -> str:
    return post.replace("министр ", "министра ", 1)


def test_a_title_with_a_bare_class_noun_names_the_one_organization_of_that_class():
    text = "Музей «Северный край» открыл выставку. «Она продлится до марта», — рассказал директор музея Иван Лосев."
    assert of("heads", text) == {("Иван Лосев", "Северный край")}  # a quoted remark is no second museum
    text = "Приморский технический университет открыл кафедру. Об этом сообщила ректор университета Мария Зорина."
    assert of("heads", text) == {("Мария Зорина", "Приморский технический университет")}
    # two companies: «компания» names neither
    text = "Компании «Вектор» и «Альфа» подписали соглашение. Об этом сообщил директор компании Иван Лосев."
    assert of("heads", text) == set()


def test_a_title_that_opens_the_sentence_is_read_as_a_title():
    text = "Ректор Приморского технического университета Мария Зорина рассказала о наборе."
    assert of("heads", text) == {("Мария Зорина", "Приморский технический университет")}


def test_a_unit_led_by_a_person_is_headed_by_them_and_they_work_at_its_organization():
    lab = "Лаборатория морской геологии Приморского института океанологии"
    institute = ("works_at", "Приморский институт океанологии")
    found = facts(f"{lab} под руководством профессора Андрея Назарова получила грант.")
    assert found == {("Андрей Назаров", "heads", lab), ("Андрей Назаров", *institute)}
    found = facts("Кафедра судостроения Приморского технического университета во главе с Ольгой Савиной открыла курс.")
    assert found == {
        ("Ольга Савина", "heads", "Кафедра судостроения Приморского технического университета"),
        ("Ольга Савина", "works_at", "Приморский технический университет"),
    }
    text = "Лаборатория морской геологии института «Океан», которой руководит Андрей Назаров, получила грант."
    assert facts(text) == {
        ("Андрей Назаров", "heads", "Лаборатория морской геологии института «Океан»"),
        ("Андрей Назаров", "works_at", "Океан"),
    }
    assert of("heads", "Андрей Назаров руководит лабораторией морской геологии института «Океан».") == {
        ("Андрей Назаров", "Лаборатория морской геологии института «Океан»")
    }


def test_what_is_no_unit_or_no_single_head_gives_no_head():
    assert facts("Совещание под руководством губернатора Олега Мельникова прошло в Верхнеозёрске.") == set()
    assert of("heads", "Делегация во главе с министром экономики Мариной Крыловой посетила Казань.") == set()
    assert facts("Отдел продаж компании «Вектор» под руководством Ивана Лосева и Петра Сидорова вырос.") == set()
    assert facts("Андрей Назаров будет руководить лабораторией морской геологии института «Океан».") == set()
    text = "Лаборатория морской геологии института «Океан», которой руководил Андрей Назаров, получила грант."
    assert facts(text) == {("Андрей Назаров", "formerly_headed", "Лаборатория морской геологии института «Океан»")}


def test_who_succeeded_whom_in_a_post_and_who_heads_now():
    post = "председатель правления банка «Озёрный капитал»"
    expected = {
        ("Андрей Лаптев", "succeeded", "Иван Петров"),
        ("Андрей Лаптев", "appointed_to", post),
        ("Андрей Лаптев", "heads", "Озёрный капитал"),
        ("Иван Петров", "formerly_headed", "Озёрный капитал"),
    }
    bank = "председателя правления банка «Озёрный капитал»"
    assert facts(f"Андрей Лаптев сменил на посту {bank} Ивана Петрова.") == expected
    assert facts(f"Андрей Лаптев сменил Ивана Петрова на посту {bank}.") == expected
    found = facts("На посту главы Кимрского района Ивана Петрова сменила Анна Котова.")
    assert ("Анна Котова", "heads", "Кимрский район") in found
    assert ("Иван Петров", "formerly_headed", "Кимрский район") in found
    assert ("Иван Петров", "heads", "Кимрский район") not in found  # the name after «на посту» is the verb's


def test_a_minister_succeeded_heads_no_region_and_a_planned_change_is_no_fact():
    found = facts("Андрей Лаптев сменил на посту министра транспорта Тверской области Ивана Петрова.")
    assert found == {
        ("Андрей Лаптев", "succeeded", "Иван Петров"),
        ("Андрей Лаптев", "appointed_to", "министр транспорта Тверской области"),
    }
    assert facts("Андрей Лаптев сменит на посту директора завода «Электроприбор» Ивана Петрова.") == set()


def test_an_aide_appointed_by_a_titled_boss_holds_a_post_named_after_the_boss():
    found = facts("Мэр Верхнеозёрска Игорь Белов назначил своим первым заместителем Павла Рябова.")
    assert ("Павел Рябов", "appointed_to", "первый заместитель мэра Верхнеозёрска") in found
    assert {r for s, r, _ in found if s == "Павел Рябов"} == {"appointed_to"}  # a town employs no one here
    found = facts("Генеральный директор компании «Вектор» Максим Тюрин назначил Павла Рябова своим заместителем.")
    assert ("Павел Рябов", "appointed_to", "заместитель генерального директора компании «Вектор»") in found
    assert ("Павел Рябов", "works_at", "Вектор") in found
    # whose aide, when the boss has no title?
    assert facts("Игорь Белов назначил своим заместителем Павла Рябова.") == set()


def test_an_appointment_says_where_the_appointee_works_or_what_they_head():
    assert facts("Павел Рябов назначен заместителем директора завода «Электроприбор».") == {
        ("Павел Рябов", "appointed_to", "заместитель директора завода «Электроприбор»"),
        ("Павел Рябов", "works_at", "Электроприбор"),
    }
    text = "Губернатор назначил Ивана Петрова на должность ректора университета «Политех»."
    assert of("heads", text) == {("Иван Петров", "Политех")}
    assert facts("Павел Рябов будет назначен заместителем директора завода «Электроприбор».") == set()


def test_a_role_said_with_a_verb_keeps_its_tense():
    company = "компании «Озёрный лизинг»"
    for verb in ("является", "остаётся"):
        assert facts(f"Сергей Панин {verb} генеральным директором {company}.") == {
            ("Сергей Панин", "heads", "Озёрный лизинг")
        }
    assert facts(f"Сергей Панин стал генеральным директором {company}.") == {
        ("Сергей Панин", "appointed_to", f"генеральный директор {company}"),
        ("Сергей Панин", "heads", "Озёрный лизинг"),
    }
    assert facts("Андрей Назаров работает старшим научным сотрудником Приморского института океанологии.") == {
        ("Андрей Назаров", "works_at", "Приморский институт океанологии")
    }
    assert facts("Марина Крылова занимает пост министра экономики Тверской области.") == {
        ("Марина Крылова", "holds_position", "министр экономики Тверской области")
    }
    assert facts("Марина Крылова занимала пост директора завода «Электроприбор».") == {
        ("Марина Крылова", "formerly_headed", "Электроприбор")
    }
    assert facts(f"Сергей Панин станет генеральным директором {company}.") == set()
    assert facts(f"Сергей Панин не является генеральным директором {company}.") == set()


def test_a_deputy_of_an_assembly_is_a_member_of_it():
    text = "Депутат Законодательного собрания Тверской области Галина Рябова заявила о проблеме."
    assert facts(text) == {("Галина Рябова", "member_of", "Законодательное собрание Тверской области")}
    assert facts(f"Бывший {text[0].lower()}{text[1:]}") == set()
    assert facts("Иван Петров, член правления банка «Заречный», рассказал о кредитах.") == set()  # the board's


def test_a_director_of_one_function_works_at_the_organization():
    assert facts("Спортивный директор клуба «Сокол» Андрей Кузьмин рассказал о переговорах.") == {
        ("Андрей Кузьмин", "works_at", "Сокол")
    }
    assert facts("Художественный руководитель театра «Маяк» Людмила Яковлева рассказала о премьере.") == {
        ("Людмила Яковлева", "works_at", "Маяк")
    }


def test_a_pronoun_leader_is_the_one_person_it_can_mean():
    found = facts("Кирилл Данилов назначен министром транспорта. Ранее он возглавлял компанию «Вектор».")
    assert ("Кирилл Данилов", "formerly_headed", "Вектор") in found
    text = "Анна Котова назначена министром. С 2020 года она руководит лабораторией морской геологии института «Океан»."
    assert ("Анна Котова", "heads", "Лаборатория морской геологии института «Океан»") in facts(text)
    # two people before it, or one of the other gender: the pronoun means no one we can tell
    assert of("formerly_headed", "Кирилл Данилов и Павел Рябов посетили завод. Ранее он возглавлял «Вектор».") == set()
    assert of("formerly_headed", "Анна Котова назначена министром. Ранее он возглавлял компанию «Вектор».") == set()


def test_taking_the_lead_now_is_heading_but_not_when_dated_to_another_year():
    assert facts("Анна Котова возглавила Приморский институт океанологии.") == {
        ("Анна Котова", "heads", "Приморский институт океанологии")
    }
    assert facts("Кимрский район возглавил Иван Петров.") == {("Иван Петров", "heads", "Кимрский район")}
    assert facts("В 2015 году Анна Котова возглавила Приморский институт океанологии.") == set()
    assert facts("Ранее Анна Котова возглавила Приморский институт океанологии.") == set()
    assert facts("Анна Котова возглавит Приморский институт океанологии.") == set()


def test_whoever_takes_the_lead_of_a_team_is_its_coach():
    # sports news: «Команду возглавил ...» names the head coach; the club's head is its director
    text = "Футбольный клуб «Степь» определился с главным тренером. Команду возглавил Руслан Хабибов."
    assert ("Руслан Хабибов", "coaches", "Степь") in facts(text)
    assert not any(relation == "heads" for _, relation, _ in facts(text))


def test_a_staff_title_after_a_reporting_noun_still_names_the_employer():
    text = "По словам научного сотрудника Приморского института океанологии Вероники Лунёвой, рейс прошёл успешно."
    assert facts(text) == {("Вероника Лунёва", "works_at", "Приморский институт океанологии")}
    text = "По словам спортивного директора «Сокола» Андрея Кузьмина, переговоры заняли две недели."
    assert facts(text) == {("Андрей Кузьмин", "works_at", "Сокол")}


def test_a_head_of_a_unit_by_title_heads_the_unit_and_works_at_its_organization():
    text = "Заведующая отделением кардиологии Приморской краевой больницы Анна Котова рассказала о новом аппарате."
    assert facts(text) == {
        ("Анна Котова", "heads", "Отделение кардиологии Приморской краевой больницы"),
        ("Анна Котова", "works_at", "Приморская краевая больница"),
    }
    text = "Руководитель лаборатории робототехники Приморского университета Полина Ясинская рассказала о проекте."
    assert ("Полина Ясинская", "heads", "Лаборатория робототехники Приморского университета") in facts(text)


def test_a_name_after_a_role_governed_by_another_titles_the_outer_role():
    found = facts("По словам заместителя директора завода «Электроприбор» Ивана Петрова, план выполнен.")
    assert ("Иван Петров", "heads", "Электроприбор") not in found
    assert ("Иван Петров", "works_at", "Электроприбор") in found
    assert facts("По словам помощника губернатора Тверской области Ивана Петрова, план выполнен.") == set()


def test_a_title_after_a_dash_is_the_names_title():
    text = "Иван Петров — директор завода «Электроприбор» — рассказал о планах."
    assert facts(text) == {("Иван Петров", "heads", "Электроприбор")}


def test_a_director_for_one_field_works_at_the_organization():
    text = "Директор по развитию компании «Полярная звезда» Игорь Лебедев рассказал о проекте."
    assert facts(text) == {("Игорь Лебедев", "works_at", "Полярная звезда")}
    assert facts("Анна Котова трудится в Приморской краевой больнице.") == {
        ("Анна Котова", "works_at", "Приморская краевая больница")
    }


def test_an_abbreviation_after_a_unit_names_its_organization_not_the_unit():
    text = (
        "Приморский институт океанологии (ПИО) получил грант. "
        "Руководитель лаборатории морских биоресурсов ПИО Станислав Гордеев рассказал о планах."
    )
    assert facts(text) == {
        ("Станислав Гордеев", "heads", "Лаборатория морских биоресурсов Приморского института океанологии"),
        ("Станислав Гордеев", "works_at", "Приморский институт океанологии"),
    }
    # a unit that names no organization may be any institute's
    assert of("heads", "Руководитель лаборатории морских биоресурсов Станислав Гордеев рассказал о планах.") == set()


def test_a_quoted_name_of_a_common_nouns_thing_is_no_rival_organization():
    text = (
        "Университет подписал соглашение с авиакомпанией «Северное небо». "
        "Откроется направление «Эксплуатация летательных аппаратов». "
        "Генеральный директор авиакомпании Тимур Ахметов рассказал о планах."
    )
    assert of("heads", text) == {("Тимур Ахметов", "Северное небо")}


def test_a_successor_names_his_predecessor_with_the_first_names_gender():
    # «Евгения Ромашина» after «сменил на посту» is a man's accusative: «Евгений Ромашин»
    assert ("Тимур Батыров", "succeeded", "Евгений Ромашин") in facts("Тимур Батыров сменил на посту Евгения Ромашина.")
