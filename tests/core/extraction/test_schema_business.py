"""Deals, loans, owners and purchases between organizations: each rule on a sentence it must read
and on a near miss it must leave alone (a plan, a negation, an unnamed side)."""

from __future__ import annotations

from dagster_project.core.extraction.schema import extract_schema_triplets

PUBLISHED = "2025-11-14T10:00:00+03:00"


def facts(text: str, relation: str | None = None) -> set[tuple[str, str, str]]:
    found = {(t.subject_normal, t.relation, t.object_normal) for t in extract_schema_triplets("a", text, PUBLISHED)}
    return {f for f in found if relation is None or f[1] == relation}


SUPPLY = "Компания «Оптрон» поставит датчики для завода «Искра»."


def test_a_paper_signed_after_the_statement_of_its_work_joins_the_two_sides():
    assert facts(f"{SUPPLY} Контракт на 40 млн рублей подписан 3 ноября.", "signed_contract_with") == {
        ("Оптрон", "signed_contract_with", "Искра")
    }
    assert facts(f"{SUPPLY} Соответствующее соглашение стороны подписали в Твери.", "signed_agreement_with") == {
        ("Оптрон", "signed_agreement_with", "Искра")
    }


def test_a_paper_in_force_is_a_signed_one():
    text = f"{SUPPLY} Контракт стоимостью 40 млн рублей рассчитан на три года."
    assert facts(text, "signed_contract_with") == {("Оптрон", "signed_contract_with", "Искра")}


def test_a_planned_or_negated_signing_gives_no_deal():
    for paper in (
        "Контракт планируется подписать в декабре.",
        "Контракт может быть подписан в декабре.",
        "Контракт будет подписан в декабре.",
        "Контракт пока не подписан.",
    ):
        assert facts(f"{SUPPLY} {paper}", "signed_contract_with") == set(), paper


def test_the_statement_alone_is_a_plan_and_gives_no_deal():
    assert facts(SUPPLY) == set()


def test_a_paper_that_names_its_own_side_is_not_the_statement_s():
    text = f"{SUPPLY} Контракт с фабрикой «Уют» подписан 3 ноября."
    assert ("Оптрон", "signed_contract_with", "Искра") not in facts(text)


def test_a_loan_paper_is_no_supply_deal():
    text = f"{SUPPLY} Кредитный договор подписан 3 ноября."
    assert facts(text, "signed_contract_with") == set()


def test_two_customers_leave_the_deal_unsaid():
    text = "Компания «Оптрон» поставит датчики для завода «Искра» и фабрики «Уют». Контракт подписан 3 ноября."
    assert facts(text, "signed_contract_with") == set()


def test_an_order_received_from_a_customer():
    text = "Компания «Оптрон» получила заказ от завода «Искра». Договор подписан 3 ноября."
    assert facts(text, "signed_contract_with") == {("Оптрон", "signed_contract_with", "Искра")}


def test_a_loan_and_a_credit_line():
    text = (
        "Фонд «Исток» выдал заём заводу «Искра» на 50 млн рублей. "
        "Банк «Окский» открыл кредитную линию компании «Ладья»."
    )
    assert facts(text) == {("Исток", "lent_to", "Искра"), ("Окский", "lent_to", "Ладья")}


def test_a_loan_to_a_feminine_borrower_the_tagger_reads_as_a_locative():
    text = "Фонд «Исток» выдал заём Заречной мебельной фабрике на 80 млн рублей."
    assert facts(text, "lent_to") == {("Исток", "lent_to", "Заречная мебельная фабрика")}


def test_a_production_line_is_no_loan():
    assert facts("Банк «Окский» открыл линию компании «Ладья».", "lent_to") == set()


def test_an_owner_holds_its_named_things_in_the_present():
    text = "Холдинг «Вектор» владеет заводом «Искра» и терминалом «Южный»."
    assert facts(text, "belongs_to") == {("Искра", "belongs_to", "Вектор"), ("Южный", "belongs_to", "Вектор")}
    assert facts("Холдинг «Вектор» владел заводом «Искра».", "belongs_to") == set()
    assert facts("Холдинг «Вектор» не владеет заводом «Искра».", "belongs_to") == set()


def test_a_subsidiary_belongs_to_its_parent():
    assert facts("Страховая компания «Щит» — дочерняя компания банка «Окский».", "belongs_to") == {
        ("Щит", "belongs_to", "Окский")
    }
    text = "Компания «Щит», дочерняя структура банка «Окский», открыла офис в Твери."
    assert ("Щит", "belongs_to", "Окский") in facts(text)


def test_becoming_the_owner_or_buying_every_share_is_buying():
    assert facts("Компания «Ладья» стала владельцем завода «Искра».", "bought") == {("Ладья", "bought", "Искра")}
    assert facts("Банк «Окский» приобрёл 100% акций компании «Ладья».", "bought") == {("Окский", "bought", "Ладья")}
    assert facts("Компания «Ладья» станет владельцем завода «Искра».", "bought") == set()


def test_a_part_of_the_shares_is_an_investment():
    text = "Фонд «Исток» приобрёл 25% акций компании «Ладья»."
    assert facts(text) == {("Исток", "invested_in", "Ладья")}


def test_a_bare_facility_is_named_by_the_place_it_was_bought_in():
    text = "Агрохолдинг «Нива» купил элеватор в Сосновом Бору."
    assert facts(text, "bought") == {("Нива", "bought", "элеватор в Сосновом Бору")}
    assert facts("Агрохолдинг «Нива» купит элеватор в Сосновом Бору.", "bought") == set()
    assert facts("Агрохолдинг «Нива» купил элеватор.", "bought") == set()


def test_who_is_building_has_begun():
    text = "Строительство моста «Северный» ведёт компания «Техноград»."
    assert facts(text, "began_building") == {("Техноград", "began_building", "Северный")}
    assert facts("Строительство моста «Северный» будет вести компания «Техноград».", "began_building") == set()


def test_a_loan_received_names_its_lender():
    text = (
        "Компания «Ладья» получила кредит банка «Окский» на 90 млн рублей. "
        "Завод «Искра» получил заём в банке «Окский»."
    )
    assert facts(text, "lent_to") == {("Окский", "lent_to", "Ладья"), ("Окский", "lent_to", "Искра")}
    assert facts("Компания «Ладья» получит кредит банка «Окский».", "lent_to") == set()
    assert facts("Компания «Ладья» получила кредит в размере 5 млн рублей.", "lent_to") == set()


def test_who_is_sold_a_thing_buys_it():
    text = "Холдинг «Вектор» продал компании «Ладья» завод «Искра»."
    assert facts(text, "bought") == {("Ладья", "bought", "Искра")}
    assert facts("Холдинг «Вектор» не продал компании «Ладья» завод «Искра».", "bought") == set()


def test_a_closed_deal_of_purchase_is_a_purchase():
    text = "Банк «Окский» закрыл сделку по покупке компании «Ладья»."
    assert facts(text, "bought") == {("Окский", "bought", "Ладья")}


def test_a_fund_is_named_with_its_jurisdiction():
    text = "Фонд развития промышленности Северной области выдал заём заводу «Искра»."
    assert facts(text, "lent_to") == {("Фонд развития промышленности Северной области", "lent_to", "Искра")}


def test_a_shareholder_or_a_capital_entered_is_an_investment():
    assert facts("Фонд «Исток» стал акционером компании «Ладья».") == {("Исток", "invested_in", "Ладья")}
    assert facts("Банк «Окский» вошёл в капитал компании «Ладья».") == {("Окский", "invested_in", "Ладья")}


def test_handing_over_and_raising_a_facility():
    text = "Компания «Техноград» сдала в эксплуатацию мост «Северный». Компания «Техноград» возвела терминал «Южный»."
    assert facts(text) == {("Техноград", "commissioned", "Северный"), ("Техноград", "built", "Южный")}
    assert facts("Компания «Техноград» сдаст в эксплуатацию мост «Северный».") == set()


def test_a_delivery_done_is_a_supply_from_either_side():
    assert facts("Компания «Медтехника» поставила томографы для больницы «Здоровье».") == {
        ("Медтехника", "supplied", "Здоровье")
    }
    assert facts("Компания «Медтехника» поставила больнице «Здоровье» два томографа.") == {
        ("Медтехника", "supplied", "Здоровье")
    }
    assert facts("Больница «Здоровье» закупила томографы у компании «Медтехника».") == {
        ("Медтехника", "supplied", "Здоровье")
    }


def test_a_planned_delivery_a_staged_work_or_a_company_bought_is_no_supply():
    assert facts("Компания «Медтехника» поставит томографы для больницы «Здоровье».") == set()
    assert facts("Театр «Маяк» поставил спектакль для компании «Ладья».", "supplied") == set()
    assert facts("Холдинг «Вектор» купил компанию «Ладья» у банка «Окский».", "supplied") == set()
    text = "Компания «Медтехника» поставила томографы для больницы «Здоровье» и нескольких поликлиник."
    assert facts(text, "supplied") == set()


def test_supply_questions_ask_for_the_customer_with_dlya_and_for_the_supplier_by_its_class_noun():
    from dagster_project.core.graph.rdf import NodeInfo
    from dagster_project.core.questions.templates import ask_object, ask_subject

    supplier, customer = NodeInfo("Медтехника", "ORG", "компания"), NodeInfo("Каравай", "ORG", "хлебозавод")
    asked_customer = ask_object("supplied", supplier, customer)
    assert asked_customer == "Для какого хлебозавода поставила продукцию компания «Медтехника»?"
    asked_supplier = ask_subject("supplied", supplier, customer)
    assert asked_supplier == "Какая компания поставила продукцию для хлебозавода «Каравай»?"


def test_a_loan_said_object_first_keeps_its_borrower():
    text = "Кредит на сумму 500 млн рублей компании «Ладья» выдал банк «Окский»."
    assert facts(text, "lent_to") == {("Окский", "lent_to", "Ладья")}


def test_a_company_taken_under_control_is_bought():
    taken = facts("Компания «Ладья» перешла под контроль холдинга «Вектор».", "bought")
    assert taken == {("Вектор", "bought", "Ладья")}
    assert facts("Компания «Ладья» перейдёт под контроль холдинга «Вектор».", "bought") == set()


def test_a_paper_called_signed_joins_its_two_named_sides():
    text = (
        "Компания «Ладья» передала оборудование университету «Волга». "
        "Передача была предусмотрена соглашением компании и университета, подписанным в сентябре."
    )
    assert facts(text, "signed_agreement_with") == {("Ладья", "signed_agreement_with", "Волга")}
    text = "Подписанный договор между банком «Окский» и компанией «Ладья» рассчитан на пять лет."
    assert facts(text, "signed_contract_with") == {("Окский", "signed_contract_with", "Ладья")}
    text = "Соглашение между банком «Окский» и компанией «Ладья» будет подписано в декабре."
    assert facts(text) == set()
