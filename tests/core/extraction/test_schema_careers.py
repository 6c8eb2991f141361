"""Careers in appointment news and the pronouns that carry them: a past job stays past
(worked_at, formerly_headed), a post is left by dismissal, a successor replaces the one named or
meant by «его» / «её»; a pronoun that could mean two people means no one."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"


def facts(text: str) -> set[tuple[str, str, str]]:
    return {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}


def of(relation: str, text: str) -> set[tuple[str, str]]:
    return {(s, o) for s, r, o in facts(text) if r == relation}


APPOINTED = "Губернатор назначил Марину Лебедеву на должность министра культуры Тверской области. "


def test_a_career_after_an_age_sentence_belongs_to_the_appointee():
    text = (
        "Губернатор Павел Осипов назначил Глеба Журавлёва министром транспорта Тверской области. "
        "Глебу Журавлёву 47 лет. Он окончил политехнический институт, девять лет работал ведущим "
        "инженером компании «Мостострой», а затем был директором завода «Тверьдормаш»."
    )
    assert of("worked_at", text) == {("Глеб Журавлёв", "Мостострой")}
    assert of("formerly_headed", text) == {("Глеб Журавлёв", "Тверьдормаш")}
    # the past is never the present
    assert not of("works_at", text) and not of("heads", text) - {("Павел Осипов", "Тверская область")}


def test_a_past_job_by_place_and_by_role():
    assert of("worked_at", APPOINTED + "До этого она работала в банке «Заречный».") == {("Марина Лебедева", "Заречный")}
    assert of("worked_at", "С 2016 года Олег Ветров трудился на заводе «Электроприбор».") == {
        ("Олег Ветров", "Электроприбор")
    }
    text = "Олег Ветров работал заместителем директора завода «Электроприбор»."
    assert of("worked_at", text) == {("Олег Ветров", "Электроприбор")}


def test_no_past_job_from_a_negation_a_plan_or_an_organization_pronoun():
    assert not of("worked_at", "Олег Ветров никогда не работал в компании «Вектор».")
    assert not of("worked_at", "Олег Ветров будет работать в компании «Вектор».")
    # «она» after a company's sentence is the company, not a person
    assert not of("worked_at", "Анна Котова рассказала, что компания «Вектор» открыла цех. Она работала в Казани.")


def test_a_pronoun_means_no_one_when_another_person_of_its_gender_comes_between():
    text = "Губернатор Павел Осипов назначил Глеба Журавлёва министром. Ранее он работал в компании «Мостострой»."
    assert not of("worked_at", text)  # the governor or the appointee
    text = "Марина Лебедева встретилась с Анной Котовой. Ранее она работала в банке «Заречный»."
    assert not of("worked_at", text)
    # a person of the other gender between does not confuse it
    text = "Марина Лебедева назначена министром. Её поздравил Павел Осипов. Ранее она работала в банке «Заречный»."
    assert of("worked_at", text) == {("Марина Лебедева", "Заречный")}


def test_a_pronoun_carries_a_resignation_and_a_post_left():
    text = "Министр культуры Марина Лебедева ушла в отставку. Она покинула пост министра культуры Тверской области."
    assert ("Марина Лебедева", "министр культуры Тверской области") in of("resigned_from", text)


def test_relieved_of_a_post_by_another():
    text = "Губернатор освободил Ивана Петрова от должности министра транспорта Тверской области."
    assert of("dismissed_from", text) == {("Иван Петров", "министр транспорта Тверской области")}
    text = "Иван Петров освобождён от должности главы Кимрского района."
    assert of("dismissed_from", text) == {("Иван Петров", "глава Кимрского района")}
    assert of("formerly_headed", text) == {("Иван Петров", "Кимрский район")}
    text = "Совет директоров уволил Ивана Петрова с поста директора завода «Электроприбор»."
    assert of("dismissed_from", text) == {("Иван Петров", "директор завода «Электроприбор»")}
    # a plan or a proposal relieves no one
    assert not of("dismissed_from", "Губернатор может освободить Ивана Петрова от должности министра транспорта.")
    assert not of("dismissed_from", "Иван Петров будет освобождён от должности главы Кимрского района.")


def test_a_successor_replaces_the_one_named_or_meant():
    text = "Андрей Лаптев назначен на должность директора завода «Электроприбор» вместо Ивана Петрова."
    assert of("succeeded", text) == {("Андрей Лаптев", "Иван Петров")}
    assert of("formerly_headed", text) == {("Иван Петров", "Электроприбор")}
    assert of("heads", text) == {("Андрей Лаптев", "Электроприбор")}
    text = "Иван Петров покинул пост директора завода «Электроприбор». На его место назначен Андрей Лаптев."
    assert of("succeeded", text) == {("Андрей Лаптев", "Иван Петров")}
    # «его» after two men: whose place?
    text = "Иван Петров поблагодарил Олега Ветрова. На его место назначен Андрей Лаптев."
    assert not of("succeeded", text)
    # a plan replaces no one
    assert not of("succeeded", "Вместо Ивана Петрова планируется назначить Андрея Лаптева.")


def test_a_past_participle_tells_the_career_of_the_name_it_follows():
    text = "Директором завода «Электроприбор» назначен Олег Ветров, ранее работавший инженером компании «Вектор»."
    assert of("worked_at", text) == {("Олег Ветров", "Вектор")}
    assert of("heads", text) == {("Олег Ветров", "Электроприбор")}
    text = "Новым директором стала Анна Котова, проработавшая десять лет на заводе «Электроприбор»."
    assert of("worked_at", text) == {("Анна Котова", "Электроприбор")}
    text = "Олег Ветров, занимавший до этого пост директора завода «Электроприбор», назначен министром."
    assert of("formerly_headed", text) == {("Олег Ветров", "Электроприбор")}
    # a present participle is a job now, not a past one
    assert not of("worked_at", "Олег Ветров, работающий в компании «Вектор», выступил на форуме.")


def test_powers_laid_down_and_a_post_left_are_resignations_and_end_the_lead():
    text = "Иван Петров досрочно сложил полномочия главы Кимрского района."
    assert of("resigned_from", text) == {("Иван Петров", "глава Кимрского района")}
    assert of("formerly_headed", text) == {("Иван Петров", "Кимрский район")}
    text = "Глава Кимрского района Иван Петров ушёл со своего поста по собственному желанию."
    assert of("resigned_from", text) == {("Иван Петров", "глава Кимрского района")}
    assert not of("heads", text)  # who has left no longer heads
    assert not facts("Олег Ветров ушёл с работы рано.")
    assert not of("resigned_from", "Иван Петров может сложить полномочия главы Кимрского района.")


def test_who_led_it_before_him_is_the_one_he_succeeded():
    text = "Врио главы района назначен Олег Ветров. До него районом руководила Елена Мамедова."
    assert of("succeeded", text) == {("Олег Ветров", "Елена Мамедова")}
    # «до него» with two men before it: whose predecessor?
    text = "Олег Ветров сменил Ивана Петрова. До него районом руководила Елена Мамедова."
    assert not of("succeeded", text) - {("Олег Ветров", "Иван Петров")}


def test_an_organization_of_the_pronouns_gender_between_may_be_what_a_non_subject_pronoun_means():
    text = "Иван Петров посетил завод «Электроприбор». На его место назначен Андрей Лаптев."
    assert not of("succeeded", text)
    # a subject pronoun goes on with the subject before it, past an object of its gender
    text = "Он окончил технический университет. Почти 20 лет он проработал на заводе «Электроприбор»."
    assert of("worked_at", "Олегу Ветрову 48 лет. " + text) == {("Олег Ветров", "Электроприбор")}
    text = "Анна Котова возглавила институт «Океан». Она подписала соглашение с компанией «Вектор»."
    assert of("signed_agreement_with", text) == {("Анна Котова", "Вектор")}
