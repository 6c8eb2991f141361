"""Groups an organization is part of and the court a judge sits at: each rule on the sentence it must
read and on the near misses real news gives (a plan, a former owner, a second court, a referee)."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"


def facts(text: str, relation: str | None = None) -> set[tuple[str, str, str]]:
    found = {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}
    return {f for f in found if relation is None or f[1] == relation}


def test_a_plant_in_a_named_group_is_its_member():
    text = "Мельничный комбинат «Жерновец» входит в агропромышленную группу «Полесье» и является крупным работодателем."
    assert facts(text, "member_of") == {("Жерновец", "member_of", "Полесье")}


def test_a_participle_names_the_member_after_the_group():
    text = "Входящий в холдинг «Полесье» завод «Колос» нарастил выпуск муки."
    assert facts(text, "member_of") == {("Колос", "member_of", "Полесье")}


def test_a_group_of_companies_is_named_after_the_whole_phrase():
    text = "Завод «Колос» входит в группу компаний «Полесье»."
    assert facts(text, "member_of") == {("Колос", "member_of", "Полесье")}


def test_a_former_owner_a_plan_and_a_negation_give_no_membership():
    for text in (
        "Завод «Колос» до прошлого года входил в холдинг «Полесье».",
        "Ранее входивший в холдинг «Полесье» завод «Колос» сменил владельца.",
        "Завод «Колос» войдёт в холдинг «Полесье» в следующем году.",
        "Завод «Колос» не входит в холдинг «Полесье».",
    ):
        assert facts(text, "member_of") == set(), text


def test_a_risk_group_or_a_tournament_s_group_gives_nothing():
    assert facts("Завод «Колос» входит в группу риска по долгам.", "member_of") == set()
    assert facts("Клуб «Сокол» входит в группу «Восток» первенства.", "member_of") == set()


def test_a_list_of_members_gives_all_of_them_or_none():
    text = "Заводы «Колос» и «Жернов» входят в холдинг «Полесье»."
    assert facts(text, "member_of") == {("Колос", "member_of", "Полесье"), ("Жернов", "member_of", "Полесье")}
    text = "Завод «Колос» и ещё две мельницы входят в холдинг «Полесье»."
    assert facts(text, "member_of") == set()


COURT_NEWS = (
    "Арбитражный суд Озерской области взыскал с ООО «Травник» 12 млн рублей в пользу АО «Берестов». "
    "Судья Ольга Малахова отклонила доводы ответчика. "
)


def test_the_judge_sits_at_the_one_court_the_article_names():
    assert facts(COURT_NEWS, "works_at") == {("Ольга Малахова", "works_at", "Арбитражный суд Озерской области")}
    text = (
        "ООО «Травник» обратилось в Арбитражный суд Озерской области с иском. "
        "Дело рассматривает судья Ирина Соколова."
    )
    assert facts(text, "works_at") == {("Ирина Соколова", "works_at", "Арбитражный суд Озерской области")}


def test_a_headline_s_short_court_name_is_the_same_court():
    text = "Арбитражный суд взыскал с ООО «Травник» 12 млн рублей.\n\n" + COURT_NEWS
    assert facts(text, "works_at") == {("Ольга Малахова", "works_at", "Арбитражный суд Озерской области")}


def test_a_court_a_decision_may_still_go_to_is_no_second_court():
    text = COURT_NEWS + "Решение может быть обжаловано в Двадцатый арбитражный апелляционный суд."
    assert facts(text, "works_at") == {("Ольга Малахова", "works_at", "Арбитражный суд Озерской области")}


def test_an_appeal_court_that_ruled_leaves_the_judge_s_court_unsaid():
    text = (
        "Двадцатый арбитражный апелляционный суд оставил в силе решение Арбитражного суда Озерской области "
        "по иску АО «Берестов» к ООО «Травник». Судья Ольга Малахова отклонила доводы ответчика."
    )
    assert facts(text, "works_at") == set()


def test_an_unnamed_higher_court_leaves_the_judge_s_court_unsaid():
    text = "Апелляционная инстанция оставила решение без изменения. " + COURT_NEWS
    assert facts(text, "works_at") == set()
    text = COURT_NEWS + "Ответчик намерен подать апелляционную жалобу."
    assert facts(text, "works_at") == {("Ольга Малахова", "works_at", "Арбитражный суд Озерской области")}


def test_the_presiding_judge_of_a_bench_sits_at_the_bench_s_court():
    text = (
        "Судебная коллегия по уголовным делам Озерского областного суда оставила без изменения приговор "
        "Ивану Громову. В марте Боровской районный суд признал Громова виновным в получении взятки. "
        "Коллегия под председательством судьи Ирины Вешняковой доводы жалобы отклонила."
    )
    assert facts(text, "works_at") == {("Ирина Вешнякова", "works_at", "Озерский областной суд")}


def test_a_magistrate_a_referee_and_a_former_judge_sit_at_no_named_court():
    for title in ("Мировой судья", "Бывший судья", "Судья матча"):
        text = COURT_NEWS.replace("Судья Ольга", f"{title} Ольга")
        assert facts(text, "works_at") == set(), title


def test_a_named_troupe_from_a_town_is_based_there_however_the_parser_hangs_the_name():
    text = "Гран-при фестиваля жюри присудило народному театру «Зеркало» из Кедровска за спектакль «Старший сын»."
    assert facts(text, "based_in") == {("Зеркало", "based_in", "Кедровск")}
    text = "Диплом получила Галина Ткачук, руководитель народного театра «Перрон» из Усть-Шорьинска."
    assert facts(text, "based_in") == {("Перрон", "based_in", "Усть-Шорьинск")}


def test_a_thing_the_company_owns_or_a_district_says_nothing_of_its_home():
    assert facts("Груз компании «Вектор» из Новороссийска прибыл в Казань.", "based_in") == set()
    assert facts("Для завода «Искра» из Германии привезли новые станки.", "based_in") == set()
    assert facts("Клуб «Сокол» выиграл у команды «Кедр» из Новосибирска.", "based_in") == {
        ("Кедр", "based_in", "Новосибирск")
    }
    assert facts("Ансамбль «Узоры» из Тихореченского района победил в конкурсе.", "based_in") == set()


def test_a_judge_titled_with_her_court_sits_there_whatever_other_court_ruled():
    text = (
        "Двадцатый арбитражный апелляционный суд оставил в силе решение Арбитражного суда Озерской области. "
        "Судья Арбитражного суда Озерской области Ольга Малахова ранее отклонила доводы ответчика."
    )
    assert facts(text, "works_at") == {("Ольга Малахова", "works_at", "Арбитражный суд Озерской области")}
    text = COURT_NEWS.replace("Судья Ольга", "Судья апелляционного суда Ольга")
    assert facts(text, "works_at") == set()


def test_a_group_in_the_genitive_after_its_composition_or_structure():
    for text in (
        "Завод «Колос» входит в состав холдинга «Полесье».",
        "Завод «Колос» входит в структуру агрохолдинга «Полесье».",
    ):
        assert facts(text, "member_of") == {("Колос", "member_of", "Полесье")}, text
    assert facts("Завод «Колос» входит в число крупнейших предприятий области.", "member_of") == set()


def test_a_named_branch_or_structural_unit_is_part_of_its_owner():
    text = "Лаборатория «Геотоп» — структурное подразделение университета «Озерный политех»."
    assert facts(text, "member_of") == {("Геотоп", "member_of", "Озерный политех")}
    text = "Филиал «Тверьэнерго» компании «Вектор» отчитался о ремонте сетей."
    assert facts(text, "member_of") == {("Тверьэнерго", "member_of", "Вектор")}


def test_a_former_or_future_branch_and_a_bare_unit_give_nothing():
    for text in (
        "Лаборатория «Геотоп» была филиалом компании «Вектор».",
        "Лаборатория «Геотоп» — бывший филиал компании «Вектор».",
        "Лаборатория «Геотоп» станет филиалом компании «Вектор».",
        "Подразделение компании «Вектор» провело учения.",
    ):
        assert facts(text, "member_of") == set(), text
