"""A jury listed in full gives judged(member, event) for each member, or nothing: a partial list, a
plan, a negation, a name outside the list or an item that names nobody all give nothing."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-10-20T10:00:00+03:00"

LEAD = (
    "Итоги фестиваля «Северная лира»\n\n"
    "В Каменногорске завершился областной фестиваль хоровых коллективов «Северная лира». "
    "Гран-при фестиваля получил хор «Заря» из Соснового Бора. "
)
JURY = (
    "В состав жюри вошли дирижёр филармонии Олег Веснин (председатель), хормейстер Алла Грачёва "
    "и композитор Игорь Сметанин."
)
MEMBERS = {"Олег Веснин", "Алла Грачёва", "Игорь Сметанин"}


def judged(text: str) -> set[tuple[str, str]]:
    triplets = extract_schema_triplets("a", text, PUBLISHED)
    return {(t.subject_normal, t.object_normal) for t in triplets if t.relation == "judged"}


def test_a_jury_listed_in_full_judged_the_one_festival_of_the_lead():
    assert judged(LEAD + JURY) == {(m, "Северная лира") for m in MEMBERS}


def test_the_festival_of_the_jury_may_be_its_genitive():
    text = (
        "В Твери подвели итоги конкурса. В жюри фестиваля «Речные огни» вошли режиссёр Анна Котова, "
        "актёр Пётр Лунин и критик Мария Шарова."
    )
    assert judged(text) == {(m, "Речные огни") for m in ("Анна Котова", "Пётр Лунин", "Мария Шарова")}


def test_a_relative_clause_after_the_last_name_ends_the_list():
    text = LEAD + JURY[:-1] + ", чья кантата «Полярный день» прозвучала на открытии."
    assert judged(text) == {(m, "Северная лира") for m in MEMBERS}


def test_a_name_after_a_relative_clause_means_the_list_was_cut():
    text = LEAD + ("В состав жюри вошли дирижёр Олег Веснин, который руководит оркестром, и хормейстер Алла Грачёва.")
    assert judged(text) == set()


def test_a_partial_list_gives_nothing():
    for jury in (
        "В состав жюри вошли, в том числе, дирижёр Олег Веснин и хормейстер Алла Грачёва.",
        "В состав жюри вошли дирижёр Олег Веснин, хормейстер Алла Грачёва и другие.",
        "В состав жюри вошли дирижёр Олег Веснин, хормейстер Алла Грачёва и представители филармонии.",
        "В состав жюри также вошли дирижёр Олег Веснин и хормейстер Алла Грачёва.",
    ):
        assert judged(LEAD + jury) == set(), jury


def test_a_count_must_match_the_names():
    assert judged(LEAD + "В состав жюри вошли четыре человека: " + JURY[len("В состав жюри вошли ") :]) == set()
    counted = "В состав жюри вошли три человека: " + JURY[len("В состав жюри вошли ") :]
    assert judged(LEAD + counted) == {(m, "Северная лира") for m in MEMBERS}


def test_a_planned_or_negated_jury_gives_nothing():
    for jury in (
        "В состав жюри войдут дирижёр Олег Веснин и хормейстер Алла Грачёва.",
        "В состав жюри не вошли дирижёр Олег Веснин и хормейстер Алла Грачёва.",
    ):
        assert judged(LEAD + jury) == set(), jury


def test_a_jury_member_named_elsewhere_means_the_list_is_not_whole():
    text = LEAD + JURY + " Член жюри, певица Ольга Карпова, отметила сильный состав участников."
    assert judged(text) == set()


def test_a_chair_named_before_an_also_list_completes_it():
    text = LEAD + (
        "Жюри возглавлял дирижёр Олег Веснин. В его состав также вошли хормейстер Алла Грачёва "
        "и композитор Игорь Сметанин."
    )
    assert judged(text) == {(m, "Северная лира") for m in MEMBERS}


def test_two_festivals_in_the_lead_name_no_jury():
    text = "В Каменногорске прошли фестиваль «Северная лира» и конкурс «Полярный голос». " + JURY
    assert judged(text) == set()


def test_one_of_several_juries_gives_nothing():
    for jury in (
        "В международное жюри вошли дирижёр Олег Веснин и хормейстер Алла Грачёва.",
        "Кроме того, в жюри вошли дирижёр Олег Веснин и хормейстер Алла Грачёва.",
    ):
        assert judged(LEAD + jury) == set(), jury


def test_a_calling_before_a_comma_is_the_title_of_the_name_after_it():
    text = LEAD + (
        "В состав жюри вошли дирижёр Олег Веснин, хормейстер Алла Грачёва и музыковед, профессор "
        "консерватории Игорь Сметанин."
    )
    assert judged(text) == {(m, "Северная лира") for m in MEMBERS}


def test_a_chair_named_in_a_phrase_of_the_last_item_gives_nothing():
    jury = (
        "В состав жюри вошли хормейстер Алла Грачёва и композитор Игорь Сметанин под председательством Олега Веснина."
    )
    assert judged(LEAD + jury) == set()


def test_a_member_named_again_in_another_case_keeps_the_list_whole():
    text = LEAD + JURY + " По словам председателя жюри Олега Веснина, уровень хоров заметно вырос."
    assert judged(text) == {(m, "Северная лира") for m in MEMBERS}


BOARD_LEAD = (
    "Михаил Орлов возглавил совет директоров «Северной верфи».\n\n"
    "Акционеры судостроительного завода сформировали новый совет директоров предприятия. "
)
BOARD = (
    "В совет директоров вошли три человека:\n"
    "- председатель правления банка «Причал» Михаил Орлов — он избран председателем совета;\n"
    "- финансовый директор верфи Ирина Лазарева;\n"
    "- профессор морской академии Семён Ракитин — в качестве независимого директора."
)


def on_board(text: str) -> set[tuple[str, str]]:
    triplets = extract_schema_triplets("a", text, PUBLISHED)
    return {(t.subject_normal, t.object_normal) for t in triplets if t.relation == "on_board_of"}


def test_a_board_of_directors_listed_in_full_sits_on_the_company_the_lead_names():
    expected = {(m, "Северная верфь") for m in ("Михаил Орлов", "Ирина Лазарева", "Семён Ракитин")}
    assert on_board(BOARD_LEAD + BOARD) == expected


def test_a_board_counted_otherwise_or_listing_newcomers_gives_nothing():
    for text in (
        BOARD_LEAD + BOARD.replace("три человека", "четыре человека"),
        BOARD_LEAD + "Совет директоров верфи состоит из семи человек. " + BOARD,
        BOARD_LEAD + "В совет директоров впервые вошли финансовый директор Ирина Лазарева и профессор Семён Ракитин.",
        BOARD_LEAD + BOARD + " Членом совета директоров также избран Павел Гусев.",
    ):
        assert on_board(text) == set(), text


def test_a_board_with_no_named_company_gives_nothing():
    text = "Акционеры завода сформировали новый совет директоров предприятия. " + BOARD
    assert on_board(text) == set()
