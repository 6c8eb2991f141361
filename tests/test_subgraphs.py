"""SPARQL semantics of the four subgraph types (DESIGN.md section 7) on hand-built graphs."""

import json

from dagster_project.cli import main
from dagster_project.core.graph import GraphIndex
from dagster_project.core.subgraphs import enumerate_subgraphs, sample_subgraphs

from .graph_builder import build_store


def readable(store, kind, **options) -> set:
    index = GraphIndex.from_store(store)
    label = lambda key: index.node(key).label  # noqa: E731
    out = set()
    for sg in enumerate_subgraphs(store, kind, **options):
        triples = tuple(sorted((label(s), index.relations[r].label, label(o)) for s, r, o in sg.triples))
        out.add((triples, tuple(sorted(label(a) for a in sg.answer)), label(sg.bridge) if sg.bridge else None))
    return out


def test_simple_needs_one_object_per_subject_and_one_subject_per_object(tmp_path):
    _, store = build_store(
        tmp_path,
        [
            ("Альфа", "купить", "Бета"),  # unique both ways -> simple
            ("Гамма", "посетить", "LOC:Тверь"),  # Тверь visited by two -> not simple
            ("Дельта", "посетить", "LOC:Тверь"),
            ("Эпсилон", "открыть", "LOC:Казань"),  # Эпсилон opened in two places -> not simple
            ("Эпсилон", "открыть", "LOC:Самара"),
            ("PER:Анна Соколова", "получить", "NUM:450 млн рублей"),  # a literal object is fine
            ("Дзета", "построить", "OTHER:новый завод"),  # generic noun phrases are not asked about
        ],
    )
    assert readable(store, "simple") == {
        ((("Альфа", "купить", "Бета"),), ("Бета",), None),
        ((("Анна Соколова", "получить", "450 млн рублей"),), ("450 млн рублей",), None),
    }


def test_a_fact_stated_twice_is_one_subgraph_with_both_sources(tmp_path):
    _, store = build_store(
        tmp_path,
        [
            ("Альфа", "купить", "Бета", "a1"),
            ("Альфа", "купить", "Бета", "a2"),
        ],
    )
    found = sample_subgraphs(store, "simple", limit=10, seed=0)
    assert len(found) == 1
    assert found[0].article_ids == ("a1", "a2")


def test_set_groups_partners_of_one_anchor_in_both_directions(tmp_path):
    facts = [
        ("Банк", "выдать кредит", "Альфа"),
        ("Банк", "выдать кредит", "Бета"),  # out, 2 partners
        ("PER:Иван", "посетить", "LOC:Казань"),
        ("PER:Мария", "посетить", "LOC:Казань"),  # in, 2 partners
        ("Фонд", "выдать кредит", "Гамма"),  # one partner only
        ("Хаб", "нанять", "OTHER:сто рабочих"),
        ("Хаб", "нанять", "PER:Пётр"),  # generic partner -> skipped
    ]
    facts += [("Гигант", "купить", f"Фирма {i}") for i in range(6)]  # more partners than allowed
    _, store = build_store(tmp_path, facts)
    found = readable(store, "set", max_set_partners=5)
    assert found == {
        ((("Банк", "выдать кредит", "Альфа"), ("Банк", "выдать кредит", "Бета")), ("Альфа", "Бета"), None),
        ((("Иван", "посетить", "Казань"), ("Мария", "посетить", "Казань")), ("Иван", "Мария"), None),
    }
    assert len(readable(store, "set", max_set_partners=6)) == 3


def test_cond_answer_is_the_only_entity_satisfying_both_facts(tmp_path):
    _, store = build_store(
        tmp_path,
        [
            ("PER:Анна", "посетить", "LOC:Казань"),
            ("PER:Анна", "подписать соглашение с", "ВТУ"),
            ("PER:Павел", "посетить", "LOC:Казань"),  # shares one fact only
            ("PER:Олег", "подписать соглашение с", "ВТУ"),  # shares the other only
        ],
    )
    found = readable(store, "cond")
    expected = ((("Анна", "подписать соглашение с", "ВТУ"), ("Анна", "посетить", "Казань")), ("Анна",), None)
    assert expected in found
    for triples, answer, _ in found:
        if {t[2] for t in triples} == {"Казань", "ВТУ"}:
            assert answer == ("Анна",)


def test_cond_is_not_emitted_when_two_entities_satisfy_both_facts(tmp_path):
    _, store = build_store(
        tmp_path,
        [
            ("PER:Анна", "посетить", "LOC:Казань"),
            ("PER:Анна", "подписать соглашение с", "ВТУ"),
            ("PER:Павел", "посетить", "LOC:Казань"),
            ("PER:Павел", "подписать соглашение с", "ВТУ"),
        ],
    )
    pairs = {frozenset(t[2] for t in triples) for triples, _, _ in readable(store, "cond")}
    assert frozenset({"Казань", "ВТУ"}) not in pairs


def test_cond_with_both_facts_in_opposite_directions(tmp_path):
    _, store = build_store(
        tmp_path,
        [
            ("Банк", "купить", "Лизинг"),
            ("PER:Ковалёв", "возглавлять", "Лизинг"),
            ("Банк", "купить", "Терминал"),
        ],
    )
    found = readable(store, "cond")
    assert ((("Банк", "купить", "Лизинг"), ("Ковалёв", "возглавлять", "Лизинг")), ("Лизинг",), None) in found
    assert all(answer != ("Терминал",) for _, answer, _ in found)


def test_multihop_needs_a_unique_bridge_and_a_unique_answer(tmp_path):
    _, store = build_store(
        tmp_path,
        [
            ("PER:Ковалёв", "возглавлять", "Заречный"),  # q -r1-> b (Ковалёв heads one bank)
            ("Заречный", "купить", "Лизинг"),  # b -r2-> x (the bank bought one company)
            ("PER:Соколова", "возглавлять", "Ветер"),
            ("Ветер", "открыть завод в", "LOC:Заречье"),
            ("Ветер", "открыть завод в", "LOC:Тверь"),  # two answers -> no chain through r2 here
        ],
    )
    found = readable(store, "mh")
    triples = (("Заречный", "купить", "Лизинг"), ("Ковалёв", "возглавлять", "Заречный"))  # sorted
    assert (triples, ("Лизинг",), "Заречный") in found  # who did the bank headed by Ковалёв buy?
    assert (triples, ("Ковалёв",), "Заречный") in found  # who heads the bank that bought Лизинг?
    assert not any(answer in {("Заречье",), ("Тверь",)} and bridge == "Ветер" for _, answer, bridge in found)
    for triples, answer, bridge in found:
        assert bridge not in answer
        assert len({t[1] for t in triples}) == 2  # r1 != r2


def test_multihop_rejects_a_bridge_that_is_not_unique_for_q(tmp_path):
    _, store = build_store(
        tmp_path,
        [
            ("PER:Ковалёв", "возглавлять", "Заречный"),
            ("PER:Ковалёв", "возглавлять", "Капитал"),  # Ковалёв heads two banks: the bridge is ambiguous
            ("Заречный", "купить", "Лизинг"),
        ],
    )
    found = readable(store, "mh")
    assert not any(bridge == "Заречный" and answer == ("Лизинг",) for _, answer, bridge in found)


def test_self_loops_and_cycles_do_not_produce_degenerate_chains(tmp_path):
    _, store = build_store(
        tmp_path,
        [
            ("Альфа", "владеть", "Бета"),
            ("Бета", "владеть", "Альфа"),  # a 2-cycle in one relation
            ("Альфа", "купить", "Гамма"),
        ],
    )
    for kind in ("simple", "set", "cond", "mh"):
        for sg in enumerate_subgraphs(store, kind):
            assert sg.bridge is None or sg.bridge not in sg.answer
            if kind == "mh":
                q = sg.anchor
                assert q not in sg.answer


def test_sampling_is_seeded_and_bounded(tmp_path):
    facts = [(f"Компания {i}", "купить", f"Цель {i}") for i in range(30)]
    _, store = build_store(tmp_path, facts)
    first = sample_subgraphs(store, "simple", limit=5, seed=7)
    again = sample_subgraphs(store, "simple", limit=5, seed=7)
    other = sample_subgraphs(store, "simple", limit=5, seed=8)
    assert len(first) == 5
    assert [s.subgraph_id for s in first] == [s.subgraph_id for s in again]
    assert [s.subgraph_id for s in first] != [s.subgraph_id for s in other]


def test_cli_prints_every_subgraph_as_json_lines(tmp_path, capsys):
    path, _ = build_store(
        tmp_path,
        [
            ("Банк «Заречный»", "выдать кредит", "Альфа"),
            ("Банк «Заречный»", "выдать кредит", "Бета"),
        ],
    )
    assert main(["subgraphs", str(path), "--type", "set", "--all"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 1
    assert sorted(lines[0]["answer_labels"]) == ["Альфа", "Бета"]
    assert lines[0]["readable"][0].startswith("Банк «Заречный» | выдать кредит")
