"""Facts news states as lists: one fact per member, every member or none, and never a pair the
grammar does not say."""

from __future__ import annotations

import pytest

from .test_schema import facts


def _of(relation: str, text: str) -> set[tuple[str, str]]:
    return {(s, o) for s, r, o in facts(text) if r == relation}


def test_a_list_of_class_nouns_with_names_gives_every_member():
    # the parser makes «компанией «Ладья»» an apposition of «банком «Окский»»: it is the list's second item
    text = "Правительство области подписало соглашения с банком «Окский», компанией «Ладья» и фондом «Исток»."
    assert _of("signed_agreement_with", text) == {
        ("Правительство области", partner) for partner in ("Окский", "Ладья", "Исток")
    }
    visits = "Губернатор Иван Петров посетил завод «Омега», компанию «Ладья» и банк «Окский»."
    assert _of("visited", visits) == {("Иван Петров", place) for place in ("Омега", "Ладья", "Окский")}
    # an apposition that describes the first item is no item
    described = "Губернатор Иван Петров посетил завод «Омега», крупнейшее предприятие района."
    assert _of("visited", described) == {("Иван Петров", "Омега")}


def test_a_list_member_in_another_case_is_not_the_subjects():
    # «команды», «клуба» (genitive) continue the object «у клуба «Кедр»», not the subject «Клуб «Сокол»»
    text = "Клуб «Сокол» выиграл у клуба «Кедр», команды «Ладога» и клуба «Вымпел»."
    assert _of("won_against", text) == {("Сокол", rival) for rival in ("Кедр", "Ладога", "Вымпел")}


def test_a_name_after_its_own_class_noun_is_that_nouns():
    # the parser hangs «Волга» on «компания»; it names the university
    text = "Гранты фонда «Исток» выиграли компания «Ладья» и университет «Волга»."
    assert _of("received_grant_from", text) == {("Ладья", "Исток"), ("Волга", "Исток")}


@pytest.mark.parametrize(
    "text, grantees, grantor",
    [
        (
            "Министерство культуры области предоставило гранты театру «Маяк» и музею «Рассвет».",
            ("Маяк", "Рассвет"),
            "Министерство культуры области",
        ),
        ("Фонд «Исток» присудил гранты институту «Океан» и компании «Ладья».", ("Океан", "Ладья"), "Исток"),
        (
            "Обладателями грантов фонда «Исток» стали компания «Ладья», университет «Волга» и Анна Соколова.",
            ("Ладья", "Волга", "Анна Соколова"),
            "Исток",
        ),
    ],
)
def test_grants_to_several_recipients(text, grantees, grantor):
    assert _of("received_grant_from", text) == {(g, grantor) for g in grantees}


@pytest.mark.parametrize(
    "text",
    [
        # a plan names nobody yet
        "Фонд «Исток» выделит гранты институту «Океан» и компании «Ладья».",
        "Обладателями грантов фонда «Исток» станут компания «Ладья» и университет «Волга».",
        "Гранты фонда «Исток» получат компания «Ладья» и университет «Волга».",
        # an item that is no recipient: the set would be cut short
        "Фонд «Исток» выделил гранты на исследования институту «Океан» и компании «Ладья».",
        "Фонд «Исток» не выделил гранты институту «Океан» и компании «Ладья».",
    ],
)
def test_grants_not_handed_or_not_listed_whole_give_nothing(text):
    assert not _of("received_grant_from", text)


def test_laureates_announced_then_listed_by_a_pronoun():
    text = "Объявлены лауреаты премии «Золотое перо». Ими стали Ольга Миронова, Илья Гусев и Пётр Зуев."
    assert _of("won", text) == {(p, "Золотое перо") for p in ("Ольга Миронова", "Илья Гусев", "Пётр Зуев")}
    winners = "Жюри назвало победителей конкурса «Умный город». Ими стали стартапы «Луч» и «Кварта»."
    assert _of("won", winners) == {("Луч", "Умный город"), ("Кварта", "Умный город")}
    # a future names nobody; a pronoun with no announced prize before it names none
    assert not _of("won", "Объявлены лауреаты премии «Золотое перо». Ими станут Ольга Миронова и Илья Гусев.")
    assert not _of("won", "Жюри работало три дня. Ими стали Ольга Миронова и Илья Гусев.")


def test_participants_listed_after_a_plural_class_noun():
    text = "В турнире «Кубок Волги» приняли участие клубы «Сокол», «Кедр» и «Ладога»."
    assert _of("took_part_in", text) == {(c, "Кубок Волги") for c in ("Сокол", "Кедр", "Ладога")}
    # tense: who will take part has not
    assert not _of("took_part_in", "В турнире «Кубок Волги» примут участие клубы «Сокол», «Кедр» и «Ладога».")


def test_signing_pairs_follow_the_grammar():
    # one document signed by three: each signed with each other
    one = "Банк «Окский», компания «Ладья» и фонд «Исток» подписали соглашение о сотрудничестве."
    pairs = {frozenset(pair) for pair in _of("signed_agreement_with", one)}
    assert pairs == {frozenset(p) for p in (("Окский", "Ладья"), ("Окский", "Исток"), ("Ладья", "Исток"))}
    # several documents by three sides may be deals with anyone: no pair is said
    assert not _of("signed_agreement_with", "Банк «Окский», компания «Ладья» и фонд «Исток» подписали соглашения.")
    # a host named: each side with the host, never with each other
    hosted = "Соглашения с правительством области подписали банк «Окский» и компания «Ладья»."
    assert _of("signed_agreement_with", hosted) == {
        ("Окский", "Правительство области"),
        ("Ладья", "Правительство области"),
    }


def test_an_abbreviated_legal_form_and_a_name_of_another_item_stay_in_their_items():
    # «АО» does not decline (the tagger calls it a genitive), yet it is the second side
    contract = "Транспортная компания «Северный путь» и АО «Речной порт» заключили контракт на перевозку грузов."
    assert {frozenset(p) for p in _of("signed_contract_with", contract)} == {
        frozenset({"Северный путь", "Речной порт"})
    }
    # the parser hangs «Ламский берег» on «Институт»; the company before it owns the name
    agreement = "Институт океанологии (ИО) и компания «Ламский берег» подписали соглашение о мониторинге."
    assert {frozenset(p) for p in _of("signed_agreement_with", agreement)} == {
        frozenset({"Институт океанологии", "Ламский берег"})
    }


def test_defeats_and_victories_said_with_a_noun():
    lost = "Клуб «Кедр» потерпел поражение от «Сокола», «Ладоги» и «Старта»."
    assert _of("won_against", lost) == {(winner, "Кедр") for winner in ("Сокол", "Ладога", "Старт")}
    won = "Клуб «Кедр» одержал победу над клубом «Сокол» и командой «Ладога»."
    assert _of("won_against", won) == {("Кедр", "Сокол"), ("Кедр", "Ладога")}
    # a future, a negation or a match without a winner named says no one won
    assert not _of("won_against", "Клуб «Кедр» потерпит поражение от клуба «Сокол».")
    assert not _of("won_against", "Клуб «Кедр» не потерпел поражения от клуба «Сокол».")
    assert not _of("won_against", "Клуб «Кедр» не выиграл у клуба «Сокол».")
    assert not _of("won_against", "Клуб «Кедр» потерпел поражение в матче с клубом «Сокол».")
    # «не только ..., но и» negates nothing
    both = "Компания «Ладья» не только открыла склад «Восток» в Казани, но и купила завод «Омега»."
    assert ("Ладья", "opened", "Восток") in facts(both)


def test_performers_at_a_named_event_took_part_in_it():
    after = "На фестивале «Волжские струны» выступили театр «Маяк», оркестр «Камерата» и Ольга Миронова."
    assert _of("took_part_in", after) == {(p, "Волжские струны") for p in ("Маяк", "Камерата", "Ольга Миронова")}
    before = "Театр «Маяк» и оркестр «Камерата» выступили на фестивале «Волжские струны»."
    assert _of("took_part_in", before) == {(p, "Волжские струны") for p in ("Маяк", "Камерата")}
    # a partial list, a plan or an unnamed event gives nothing
    assert not _of("took_part_in", "На фестивале «Волжские струны» выступили театр «Маяк» и другие коллективы.")
    assert not _of("took_part_in", "На фестивале «Волжские струны» выступят театр «Маяк» и оркестр «Камерата».")
    assert not _of("took_part_in", "Ольга Миронова выступила на пресс-конференции.")


def test_elected_deputies_are_members_of_the_named_assembly_only():
    text = "Депутатами Законодательного собрания Северореченской области избраны Ольга Миронова и Илья Гусев."
    assembly = "Законодательное собрание Северореченской области"
    assert _of("member_of", text) == {("Ольга Миронова", assembly), ("Илья Гусев", assembly)}
    # «думы Верхнеозёрска»: the town owns the duma; neither is named as what they joined
    assert not _of("member_of", "Депутатами городской думы Верхнеозёрска избраны Ольга Миронова и Илья Гусев.")
    assert not _of(
        "member_of", "Депутатами Законодательного собрания области будут избраны Ольга Миронова и Илья Гусев."
    )


def test_a_class_noun_the_tagger_calls_a_verb_is_still_a_noun():
    # «стартапу» comes out of the tagger as a verb; the loan's second recipient must not be lost
    text = "Банк «Окский» выдал кредиты стартапу «Луч-Тех» и заводу «Омега»."
    assert _of("lent_to", text) == {("Окский", "Луч-Тех"), ("Окский", "Омега")}


@pytest.mark.parametrize(
    "text, relation, expected",
    [
        (  # «компании» before a list of names is an accusative plural, though tagged a dative singular
            "Холдинг «Волна» купил компании «Ладья», «Кварта» и «Луч».",
            "bought",
            {("Волна", name) for name in ("Ладья", "Кварта", "Луч")},
        ),
        (  # the parser joins «банк» to the object after the verb; it is the second subject
            "Фонд «Исток» и банк «Окский» провели форум «Нефть Севера».",
            "held",
            {("Исток", "Нефть Севера"), ("Окский", "Нефть Севера")},
        ),
        (  # «академии» tagged a genitive can be the locative the list needs
            "Анна Соколова преподает в университете «Волга» и академии «Нева».",
            "teaches_at",
            {("Анна Соколова", "Волга"), ("Анна Соколова", "Нева")},
        ),
        (  # a ruling against two payers is against each
            "Арбитражный суд Пермского края взыскал с компаний «Ладья» и «Кварта» 12 млн рублей.",
            "ruled_against",
            {("Арбитражный суд Пермского края", name) for name in ("Ладья", "Кварта")},
        ),
    ],
)
def test_coordinated_arguments_give_one_fact_per_member(text, relation, expected):
    assert _of(relation, text) == expected


def test_a_sum_owed_jointly_is_no_single_partys_sum():
    text = "Арбитражный суд Пермского края взыскал с компаний «Ладья» и «Кварта» 12 млн рублей."
    assert not _of("ordered_to_pay", text)


def test_a_subject_of_another_clause_is_not_the_verbs():
    # the parser hangs «Банк» on «провела»: another finite verb stands between them
    text = "Банк «Окский» выдал кредит заводу «Омега», а компания «Ладья» провела форум «Нефть Севера»."
    assert _of("held", text) == {("Ладья", "Нефть Севера")}
    # the parser gives «выиграл» the subject of «одержал»; its own is the nominative of its clause
    recap = (
        "Напомним, что в ноябре «Кедр» одержал две победы: хоккейный клуб «Кедр» выиграл у «Вымпела» "
        "со счётом 2:1 и у «Ладоги» со счётом 3:0."
    )
    assert _of("won_against", recap) == {("Кедр", "Вымпел"), ("Кедр", "Ладога")}


def test_a_laboratory_receives_a_grant_for_its_institute():
    text = "Лаборатория морской геологии Тихоморского института океанологии получила грант Российского научного фонда."
    assert _of("received_grant_from", text) == {("Тихоморский институт океанологии", "Российский научный фонд")}
    listed = "Гранты фонда «Исток» получили лаборатория робототехники университета «Волга» и институт «Океан»."
    assert _of("received_grant_from", listed) == {("Волга", "Исток"), ("Океан", "Исток")}
    # a laboratory with a name of its own is the recipient itself
    assert _of("received_grant_from", "Лаборатория «Спектр» получила грант от фонда «Исток».") == {("Спектр", "Исток")}


def test_a_list_with_an_unnamed_member_gives_no_member():
    # «её коллеги» name nobody: «Кто посетил завод «Омега»?» would lose them
    assert not _of("visited", "Анна Соколова и её коллеги посетили завод «Омега».")
    assert not _of("opened", "Компания «Ладья» открыла склад «Восток» и новый цех.")


def test_the_sides_of_a_signing_are_the_organizations_not_the_signatories():
    text = (
        "Со стороны банка «Окский» соглашение подписал председатель правления Иван Петров, "
        "со стороны фонда «Исток» — директор Анна Соколова."
    )
    assert {r: (s, o) for s, r, o in facts(text) if r.startswith("signed")} == {
        "signed_agreement_with": ("Окский", "Исток")
    }
    # unnamed sides or a plan say nothing
    unnamed = "Со стороны правительства соглашение подписала Марина Крылова, со стороны авиакомпании — Тимур Ахметов."
    assert not _of("signed_agreement_with", unnamed)
    plan = "Со стороны банка «Окский» соглашение подпишет Иван Петров, со стороны фонда «Исток» — Анна Соколова."
    assert not _of("signed_agreement_with", plan)
