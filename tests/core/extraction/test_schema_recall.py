"""Wordings the recall audit found unread (matchers_recall.py): a loss told by the loser, a rout,
joining an organization, an agreement in the passive or in a relative clause, an inspection on site.
Each on sentences it must read and on near misses it must leave alone: a plan, a negation, a
reporting source, a loss that is no game, a body whose owner is unsaid, an incomplete list."""

from __future__ import annotations

import pytest

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"


def facts(text: str) -> set[tuple[str, str, str]]:
    return {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}


# --- a game's result said by the loser or with a verb of a rout ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Клуб «Пересвет» уступил клубу «Буран» в Ветлуге.",
        "«Пересвет» уступил «Бурану» со счётом 2:5.",
        "Клуб «Пересвет» в гостях проиграл «Бурану» со счётом 1:3.",
    ],
)
def test_the_loser_as_subject_makes_the_other_side_the_winner(text):
    assert facts(text) == {("Буран", "won_against", "Пересвет")}


@pytest.mark.parametrize(
    ("text", "winner", "loser"),
    [
        ("Хоккейный клуб «Пересвет» переиграл клуб «Буран» со счётом 4:2.", "Пересвет", "Буран"),
        ("Клуб «Пересвет» разгромил клуб «Янтарь» в домашнем матче.", "Пересвет", "Янтарь"),
        ("Клуб «Янтарь» одолел клуб «Буран» в овертайме.", "Янтарь", "Буран"),
        ("Клуб «Буран» взял реванш у клуба «Пересвет».", "Буран", "Пересвет"),
        ("«Пересвет» вырвал победу у «Янтаря» в овертайме.", "Пересвет", "Янтарь"),
    ],
)
def test_a_rout_a_revenge_and_a_snatched_win_are_wins_against_the_other_side(text, winner, loser):
    assert facts(text) == {(winner, "won_against", loser)}


@pytest.mark.parametrize(
    "text",
    [
        "Компания «Ольха» уступила по выручке компании «Вереск».",  # two companies compared
        "Компания «Ольха» уступила долю в проекте компании «Вереск».",  # a stake handed over
        "Клуб «Пересвет» не уступил клубу «Буран».",  # a negation
        "Клуб «Пересвет» может уступить клубу «Буран» в субботу.",  # a possibility
        "Клуб «Пересвет» уступит клубу «Буран» место в таблице.",  # a future, and a thing handed over
    ],
)
def test_no_game_or_no_loss_gives_no_result(text):
    assert not {f for f in facts(text) if f[1] == "won_against"}


def test_the_agency_that_reports_a_result_is_no_side_of_it():
    text = "Агентство «Ветлуга-Инфо» сообщило, что клуб «Пересвет» уступил клубу «Буран»."
    assert facts(text) == {("Буран", "won_against", "Пересвет")}


# --- joining an organization -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "member", "body"),
    [
        (
            "Компания «Ольха» вступила в Ассоциацию лесопромышленников Поволжья.",
            "Ольха",
            "Ассоциация лесопромышленников Поволжья",
        ),
        (
            "Компания «Ольха» присоединилась к Ассоциации лесопромышленников Поволжья.",
            "Ольха",
            "Ассоциация лесопромышленников Поволжья",
        ),
        (
            "Инна Ларина стала членом Общественной палаты Ветлужской области.",
            "Инна Ларина",
            "Общественная палата Ветлужской области",
        ),
        ("Инна Ларина является членом Ассоциации юристов Поволжья.", "Инна Ларина", "Ассоциация юристов Поволжья"),
    ],
)
def test_joining_an_organization_makes_a_member_of_its_whole_name(text, member, body):
    assert facts(text) == {(member, "member_of", body)}


@pytest.mark.parametrize(
    "text",
    [
        "Компания «Ольха» вступит в Ассоциацию лесопромышленников Поволжья.",  # a plan
        "Компания «Ольха» не вступила в Ассоциацию лесопромышленников Поволжья.",  # a negation
        "Инна Ларина стала членом Общественной палаты.",  # every region has one: whose is unsaid
    ],
)
def test_a_plan_a_negation_or_an_unowned_body_gives_no_member(text):
    assert not {f for f in facts(text) if f[1] == "member_of"}


def test_taking_office_is_no_membership():
    assert not {f for f in facts("Инна Ларина вступила в должность мэра Ветлуги.") if f[1] == "member_of"}


# --- an agreement in the passive, or named in a relative clause ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Соглашение между администрацией Ветлуги и компанией «Ольха» подписано на форуме.",
        "Соглашение о сотрудничестве между администрацией Ветлуги и компанией «Ольха» было подписано в среду.",
        "Между администрацией Ветлуги и компанией «Ольха» заключено соглашение о сотрудничестве.",
        "Работы идут по соглашению, которое администрация Ветлуги и компания «Ольха» подписали в сентябре.",
    ],
)
def test_the_two_sides_of_an_agreement_in_the_passive_or_a_relative_clause(text):
    assert facts(text) == {("Администрация Ветлуги", "signed_agreement_with", "Ольха")}


def test_a_contract_between_two_sides_is_a_contract():
    text = "Между администрацией Ветлуги и компанией «Мостовик» заключён контракт на ремонт набережной."
    assert facts(text) == {("Администрация Ветлуги", "signed_contract_with", "Мостовик")}


@pytest.mark.parametrize(
    "text",
    [
        "Соглашение между администрацией Ветлуги и компанией «Ольха» будет подписано на форуме.",  # a plan
        "Соглашение между администрацией Ветлуги и компанией «Ольха» не подписано.",  # a negation
        "Работы пойдут по соглашению, которое администрация Ветлуги и компания «Ольха» подпишут в декабре.",
        # two pairs: which document each signed is not said
        "На форуме подписаны соглашения между администрацией Ветлуги и компанией «Ольха», "
        "между банком «Вереск» и фондом «Исток».",
    ],
)
def test_a_planned_unsigned_or_ambiguous_agreement_gives_nothing(text):
    assert not {f for f in facts(text) if f[1].startswith("signed_")}


# --- visits -------------------------------------------------------------------------------------


def test_an_inspection_of_named_places_is_a_visit_of_each():
    text = "Губернатор Пётр Зорин осмотрел завод «Кедровый» и склад компании «Ольха»."
    assert facts(text) >= {
        ("Пётр Зорин", "visited", "Кедровый"),
        ("Пётр Зорин", "visited", "склад компании Ольха"),
    }
    assert ("Пётр Зорин", "visited", "Ветлужская ярмарка") in facts(
        "Губернатор Пётр Зорин осмотрел выставку «Ветлужская ярмарка»."
    )


@pytest.mark.parametrize(
    "text",
    [
        "Губернатор Пётр Зорин осмотрел цеха завода.",  # names nothing
        "Губернатор Пётр Зорин осмотрел Ветлугу и завод «Кедровый».",  # a town: the list is not all visits
        "Губернатор Пётр Зорин осмотрит завод «Кедровый».",  # a plan
        "Губернатор Пётр Зорин не осмотрел завод «Кедровый».",  # a negation
        "Врач Инна Ларина осмотрела пациента Петра Зорина.",  # a person is no place to visit
    ],
)
def test_an_inspection_of_nothing_named_or_not_done_is_no_visit(text):
    assert not {f for f in facts(text) if f[1] == "visited"}


def test_flying_in_on_a_visit_is_a_visit_and_flying_in_alone_is_not():
    assert facts("Губернатор Пётр Зорин прилетел в Ветлугу с рабочим визитом.") == {
        ("Пётр Зорин", "visited", "Ветлуга")
    }
    assert not {f for f in facts("Инна Ларина прилетела в Ветлугу.") if f[1] == "visited"}


# --- a direct object the tagger read as a nominative ---------------------------------------------


def test_an_object_after_a_fronted_phrase_is_the_verbs_object():
    assert facts("Компания «Ольха» выкупила у компании «Вереск» завод «Кедровый».") == {("Ольха", "bought", "Кедровый")}
    assert facts("Компания «Ольха» купила у компании «Вереск» завод «Кедровый» и склад «Лесной».") == {
        ("Ольха", "bought", "Кедровый"),
        ("Ольха", "bought", "Лесной"),
    }


def test_a_commissioned_facility_after_a_fronted_place_is_commissioned():
    text = "Компания «Ольха» ввела в эксплуатацию в Казани терминал «Восток»."
    assert ("Ольха", "commissioned", "Восток") in facts(text)
    assert not {
        f
        for f in facts("Компания «Ольха» не ввела в эксплуатацию в Казани терминал «Восток».")
        if f[1] == "commissioned"
    }


@pytest.mark.parametrize(
    "text",
    [
        "Компания «Ольха» не выкупила у компании «Вереск» завод «Кедровый».",
        "Компания «Ольха» выкупит у компании «Вереск» завод «Кедровый».",
    ],
)
def test_an_object_after_a_fronted_phrase_of_a_plan_or_a_negation_gives_nothing(text):
    assert not {f for f in facts(text) if f[1] == "bought"}


# --- taking part in the work of an event ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "В работе конференции «Шельф-2025» приняли участие институт «Гидроприбор» и университет «Полярный».",
        "В работе конференции «Шельф-2025» участвовали институт «Гидроприбор» и университет «Полярный».",
        "Институт «Гидроприбор» и университет «Полярный» приняли участие в работе конференции «Шельф-2025».",
    ],
)
def test_everyone_listed_in_the_work_of_an_event_took_part_in_it(text):
    assert facts(text) == {
        ("Гидроприбор", "took_part_in", "Шельф-2025"),
        ("Полярный", "took_part_in", "Шельф-2025"),
    }


@pytest.mark.parametrize(
    "text",
    [
        # a list the text leaves open, or with an item that names nobody: no set
        "В работе конференции «Шельф-2025» приняли участие институт «Гидроприбор», университет «Полярный» и другие.",
        "В работе конференции «Шельф-2025» приняли участие институт «Гидроприбор» и более 300 учёных.",
        "В работе конференции «Шельф-2025» примут участие институт «Гидроприбор» и университет «Полярный».",
        "В работе конференции «Шельф-2025» не участвовали институт «Гидроприбор» и университет «Полярный».",
    ],
)
def test_an_open_planned_or_negated_list_of_participants_gives_nothing(text):
    assert not {f for f in facts(text) if f[1] == "took_part_in"}


# --- owners and founders as predicates; a base at a town's airport ----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Компания «Ольха» является владельцем терминала «Восток».",
        "Владельцем терминала «Восток» является компания «Ольха».",
    ],
)
def test_being_the_owner_is_owning(text):
    assert facts(text) == {("Восток", "belongs_to", "Ольха")}


@pytest.mark.parametrize(
    "text",
    [
        "Основателем компании «Ольха» является Денис Ручьёв.",
        "Основателем компании «Ольха» стал Денис Ручьёв.",
        "Денис Ручьёв является основателем компании «Ольха».",
    ],
)
def test_the_founder_as_a_predicate_founded_the_company(text):
    assert facts(text) == {("Денис Ручьёв", "founded", "Ольха")}


@pytest.mark.parametrize(
    "text",
    [
        "Владельцем 50% акций компании «Ольха» является банк «Окский».",  # a share is no ownership
        "Компания «Ольха» не является владельцем терминала «Восток».",  # a negation
        "Компания «Ольха» станет владельцем терминала «Восток».",  # a plan
    ],
)
def test_a_share_a_negation_or_a_plan_gives_no_owner(text):
    assert not {f for f in facts(text) if f[1] in {"belongs_to", "bought"}}


def test_a_base_at_a_towns_airport_is_a_base_in_the_town():
    assert facts("Авиакомпания «Северное небо» базируется в аэропорту Ветлуги.") == {
        ("Северное небо", "based_in", "Ветлуга")
    }
    assert facts("Авиакомпания «Северное небо» будет базироваться в аэропорту Ветлуги.") == set()
    assert facts("Авиакомпания «Северное небо» базируется в аэропорту «Пулково».") == set()  # no town named
