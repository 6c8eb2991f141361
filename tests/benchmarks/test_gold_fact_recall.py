"""The gold-fact benchmark's counts of the set and cond subgraphs a graph allows (DESIGN section 7)."""

from benchmarks.gold_fact_recall import cond_count, fact_key, set_count


def facts(*triples):
    return {fact_key(*t) for t in triples}


def test_a_set_needs_two_to_five_partners_and_never_an_open_set():
    prize = facts(("Анна Котова", "won", "премия «Заря»"), ("Иван Ли", "won", "премия «Заря»"))
    assert set_count(prize) == 1  # who won the prize
    staff = facts(("Анна Котова", "works_at", "завод «Вега»"), ("Иван Ли", "works_at", "завод «Вега»"))
    assert set_count(staff) == 0  # news never names all the staff
    six = facts(*((f"Лауреат {n}", "won", "премия «Заря»") for n in "АБВГДЕ"))
    assert set_count(six) == 0


def test_a_cond_needs_each_condition_shared_and_the_pair_met_by_the_answer_alone():
    graph = facts(
        ("Анна Котова", "won", "премия «Заря»"),
        ("Иван Ли", "won", "премия «Заря»"),
        ("Анна Котова", "works_at", "завод «Вега»"),
        ("Олег Рябов", "works_at", "завод «Вега»"),
    )
    assert cond_count(graph) == 1  # who won «Заря» and works at «Вега»: Анна Котова
    both = graph | facts(("Иван Ли", "works_at", "завод «Вега»"))
    assert cond_count(both) == 0  # Иван Ли meets both conditions too


def test_names_compare_by_lemmas_without_quotes_or_legal_forms():
    assert fact_key("ООО «Вега»", "signed_contract_with", "мэрия Ольшанска") == fact_key(
        "мэрии Ольшанска", "signed_contract_with", "Вега"
    )
