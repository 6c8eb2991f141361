"""SPARQL semantics of the four subgraph types (docs/architecture.md, Subgraph semantics) on hand-built graphs."""

import json

import pytest

from dagster_project.cli import main
from dagster_project.core.graph.rdf import GraphIndex, load_store
from dagster_project.core.graph.subgraphs import GraphProfile, SamplingLimits, enumerate_subgraphs, sample_subgraphs
from dagster_project.core.graph.synthetic import write_synthetic_graph
from dagster_project.core.questions.templates import generate_question
from dagster_project.testing.graph_builder import build_store
from tests.core.graph.reference_subgraphs import reference_ids


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
            ("Кречет", "спустить на воду", "OTHER:Капитан Ведерников"),  # a thing the texts name is
            ("PER:Вера Лунёва", "выиграть", "OTHER:премия имени Матвея Ерохина"),  # a dedication names it
        ],
    )
    assert readable(store, "simple") == {
        ((("Альфа", "купить", "Бета"),), ("Бета",), None),
        ((("Анна Соколова", "получить", "450 млн рублей"),), ("450 млн рублей",), None),
        ((("Кречет", "спустить на воду", "Капитан Ведерников"),), ("Капитан Ведерников",), None),
        ((("Вера Лунёва", "выиграть", "премия имени Матвея Ерохина"),), ("премия имени Матвея Ерохина",), None),
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


def test_set_is_every_entity_partner_and_never_a_literal_or_a_capped_one(tmp_path):
    facts = [
        ("Фонд", "выдать грант", "ВТУ"),
        ("Фонд", "выдать грант", "PER:Анна"),
        ("Фонд", "выдать грант", "PER:Олег"),  # all three partners are the answer
        ("Банк", "получить", "NUM:450 млн рублей"),
        ("Банк", "получить", "Лицензия"),  # a literal partner: the entity partners alone are not the set
        ("PER:Павел", "получить", "NUM:5 млн рублей"),
        ("PER:Павел", "получить", "DATE:2025-10-01"),  # only literals: no set
        ("Гигант", "купить", "Альфа"),
        ("Гигант", "купить", "Бета"),
        ("Гигант", "купить", "Гамма"),  # three purchases: with a maximum of two, neither two nor three is asked
    ]
    _, store = build_store(tmp_path, facts)
    assert readable(store, "set", max_set_partners=3) == {
        (
            tuple(("Фонд", "выдать грант", name) for name in ("Анна", "ВТУ", "Олег")),
            ("Анна", "ВТУ", "Олег"),
            None,
        ),
        (tuple(("Гигант", "купить", name) for name in ("Альфа", "Бета", "Гамма")), ("Альфа", "Бета", "Гамма"), None),
    }
    assert readable(store, "set", max_set_partners=2) == set()
    for limit in (2, 3):
        ids = {sg.subgraph_id for sg in enumerate_subgraphs(store, "set", max_set_partners=limit)}
        assert ids == reference_ids(store, "set", max_set_partners=limit)


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
            ("PER:Ковалёв", "возглавлять", "Фонд"),  # so that "headed by Ковалёв" alone does not name Лизинг
        ],
    )
    found = readable(store, "cond")
    assert ((("Банк", "купить", "Лизинг"), ("Ковалёв", "возглавлять", "Лизинг")), ("Лизинг",), None) in found
    assert all(answer != ("Терминал",) for _, answer, _ in found)


def test_cond_with_a_condition_that_alone_names_the_answer_is_not_produced(tmp_path):
    facts = [
        ("PER:Анна", "посетить", "LOC:Казань"),
        ("PER:Павел", "посетить", "LOC:Казань"),
        ("PER:Анна", "возглавлять", "Фонд"),  # only Анна heads Фонд: "visited Казань" would add nothing
    ]
    assert readable(build_store(tmp_path, facts)[1], "cond") == set()
    (tmp_path / "second").mkdir()
    _, store = build_store(tmp_path / "second", [*facts, ("PER:Олег", "возглавлять", "Фонд")])
    assert readable(store, "cond") == {
        ((("Анна", "возглавлять", "Фонд"), ("Анна", "посетить", "Казань")), ("Анна",), None)
    }


def test_cond_never_names_one_fact_twice(tmp_path):
    _, store = build_store(
        tmp_path,
        [
            ("Альфа", "владеть", "Бета"),
            ("Бета", "владеть", "Альфа"),  # (владеть, Бета) read in both directions is one condition
            ("Гамма", "владеть", "Бета"),  # another owner of Бета
            ("Бета", "владеть", "Дельта"),  # another company Бета owns
        ],
    )
    # Альфа is the only one both owning Бета and owned by it, yet that names one fact twice
    assert readable(store, "cond") == set()


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


def test_multihop_answer_linked_to_q_is_not_produced(tmp_path):
    _, store = build_store(
        tmp_path,
        [
            ("PER:Ковалёв", "возглавлять", "Заречный"),
            ("Заречный", "купить", "Лизинг"),
            ("Лизинг", "нанять", "PER:Ковалёв"),  # Лизинг is Ковалёв's neighbour: the chain is a simple fact
            ("PER:Соколова", "возглавлять", "Ветер"),
            ("Ветер", "купить", "Гранит"),  # the same chain without a direct link is asked
        ],
    )
    found = readable(store, "mh")
    assert ((("Ветер", "купить", "Гранит"), ("Соколова", "возглавлять", "Ветер")), ("Гранит",), "Ветер") in found
    assert not any({answer, bridge} <= {("Лизинг",), ("Ковалёв",), "Заречный"} for _, answer, bridge in found)
    assert reference_ids(store, "mh") == {sg.subgraph_id for sg in enumerate_subgraphs(store, "mh")}


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


# --- exact expectations under --all, and agreement with the plain-Python statement -------------


def cli_all(path, kind, capsys, *extra) -> set:
    assert main(["subgraphs", str(path), "--type", kind, "--all", *extra]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return {(tuple(sorted(line["readable"])), tuple(sorted(line["answer_labels"]))) for line in lines}


def norm(expected: set) -> set:
    """Expected subgraphs written in any order, in the order `cli_all` returns them."""
    return {(tuple(sorted(triples)), tuple(sorted(answer))) for triples, answer in expected}


# A hub with many partners, a tie, a 2-cycle, a self-loop, literal objects and quoted Cyrillic names.
TRICKY = [
    ("Банк «Заречный»", "выдать кредит", "ООО «Ромашка»"),
    ("Банк «Заречный»", "выдать кредит", "Завод «Гранит»"),
    ("Банк «Заречный»", "купить", 'Фонд "Север"'),  # ASCII quotes inside a label
    ('Фонд "Север"', "владеть", "Банк «Заречный»"),  # with the line above: a 2-cycle
    ("ООО «Ромашка»", "владеть", "ООО «Ромашка»"),  # self-loop
    ("PER:Анна Соколова", "возглавлять", "Банк «Заречный»"),
    ("PER:Анна Соколова", "получить", "NUM:450 млн рублей"),
    ("PER:Олег Мельников", "получить", "NUM:450 млн рублей"),  # tie: two people got the same sum
    ("PER:Олег Мельников", "посетить", "LOC:Казань"),
    ("PER:Анна Соколова", "посетить", "LOC:Казань"),  # tie: both visited Казань
    ("PER:Ирина Орлова", "посетить", "LOC:Казань"),
    ("PER:Ирина Орлова", "построить", "OTHER:новый завод"),
]


def test_simple_exact_on_the_tricky_graph(tmp_path, capsys):
    path, store = build_store(tmp_path, TRICKY)
    assert cli_all(path, "simple", capsys) == norm(
        {
            (('Банк «Заречный» | купить | Фонд "Север"',), ('Фонд "Север"',)),
            (('Фонд "Север" | владеть | Банк «Заречный»',), ("Банк «Заречный»",)),
            (("Анна Соколова | возглавлять | Банк «Заречный»",), ("Банк «Заречный»",)),
        }
    )
    assert {sg.subgraph_id for sg in enumerate_subgraphs(store, "simple")} == reference_ids(store, "simple")


def test_set_exact_on_the_tricky_graph(tmp_path, capsys):
    path, store = build_store(tmp_path, TRICKY)
    loan = "Банк «Заречный» | выдать кредит | "
    visit = " | посетить | Казань"
    # "who got 450 mln" is no set: a number is never the anchor a question is about
    assert cli_all(path, "set", capsys) == norm(
        {
            ((loan + "Завод «Гранит»", loan + "ООО «Ромашка»"), ("Завод «Гранит»", "ООО «Ромашка»")),
            (
                ("Анна Соколова" + visit, "Ирина Орлова" + visit, "Олег Мельников" + visit),
                ("Анна Соколова", "Ирина Орлова", "Олег Мельников"),
            ),
        }
    )
    # with at most two partners the three visitors of Казань no longer form a set
    assert len(cli_all(path, "set", capsys, "--max-partners", "2")) == 1
    assert {sg.subgraph_id for sg in enumerate_subgraphs(store, "set")} == reference_ids(store, "set")


def test_cond_exact_on_a_graph_with_ties(tmp_path, capsys):
    anna = "Анна «Аня» Соколова"
    path, store = build_store(
        tmp_path,
        [
            (f"PER:{anna}", "посетить", "LOC:Казань"),
            ("PER:Павел", "посетить", "LOC:Казань"),
            ("PER:Олег", "посетить", "LOC:Казань"),
            (f"PER:{anna}", "подписать соглашение с", "ВТУ"),
            ("PER:Ирина", "подписать соглашение с", "ВТУ"),
            ("PER:Олег", "возглавлять", "Фонд"),
            ("PER:Ирина", "возглавлять", "Фонд"),
            ("PER:Павел", "возглавлять", "Фонд"),  # tie: Олег and Павел both visited Казань and head Фонд
            ("PER:Семён", "посетить", "LOC:Казань"),
            ("PER:Семён", "возглавлять", "Завод"),  # only Семён heads Завод: that condition alone names him
            (f"PER:{anna}", "получить", "NUM:5 млн рублей"),
            ("PER:Ирина", "получить", "NUM:5 млн рублей"),  # a number is never a constraint
        ],
    )
    visit, sign, head = " | посетить | Казань", " | подписать соглашение с | ВТУ", " | возглавлять | Фонд"
    # Places and organizations are no answers here: each is the only one its visitor or signer has.
    assert cli_all(path, "cond", capsys) == norm(
        {
            ((anna + visit, anna + sign), (anna,)),
            (("Ирина" + sign, "Ирина" + head), ("Ирина",)),
        }
    )
    assert {sg.subgraph_id for sg in enumerate_subgraphs(store, "cond")} == reference_ids(store, "cond")


def test_mh_exact_on_a_graph_with_a_cycle_and_a_literal_answer(tmp_path, capsys):
    path, store = build_store(
        tmp_path,
        [
            ("PER:Ковалёв", "возглавлять", "Банк «Заречный»"),
            ("Банк «Заречный»", "получить", "NUM:450 млн рублей"),
            ("Банк «Заречный»", "владеть", "Лизинг"),
            ("Лизинг", "владеть", "Банк «Заречный»"),  # 2-cycle through владеть
        ],
    )
    head, got = "Ковалёв | возглавлять | Банк «Заречный»", "Банк «Заречный» | получить | 450 млн рублей"
    own, owned = "Банк «Заречный» | владеть | Лизинг", "Лизинг | владеть | Банк «Заречный»"
    # The bridge is always the bank (Лизинг has one relation only); a number never starts a chain.
    assert cli_all(path, "mh", capsys) == norm(
        {
            ((got, head), ("450 млн рублей",)),
            ((head, own), ("Лизинг",)),
            ((head, owned), ("Лизинг",)),
            ((head, own), ("Ковалёв",)),
            ((head, owned), ("Ковалёв",)),
            ((got, own), ("450 млн рублей",)),
            ((got, owned), ("450 млн рублей",)),
        }
    )
    assert {sg.subgraph_id for sg in enumerate_subgraphs(store, "mh")} == reference_ids(store, "mh")


@pytest.mark.parametrize("seed", [3, 4])
def test_exhaustive_queries_agree_with_the_plain_statement_on_random_graphs(tmp_path, seed):
    path = write_synthetic_graph(tmp_path / "g.nq", 400, seed=seed, n_entities=90, n_relations=6)
    store = load_store(path)
    for kind in ("simple", "set", "cond", "mh"):
        found = [sg.subgraph_id for sg in enumerate_subgraphs(store, kind)]
        assert len(found) == len(set(found)), kind
        assert set(found) == reference_ids(store, kind), kind


def test_sampling_with_hub_caps_only_emits_subgraphs_unique_on_the_whole_graph(tmp_path):
    # 800 facts: enough conds whose conditions each fit two nodes of the answer's class away from the hubs
    path = write_synthetic_graph(tmp_path / "g.nq", 800, seed=5, n_entities=120, n_relations=5)
    store = load_store(path)
    profile = GraphProfile.of(store)
    assert profile.hubs(15), "the graph should have hubs above the cap"
    for kind in ("simple", "set", "cond", "mh"):
        every = reference_ids(store, kind)
        limits = SamplingLimits(max_degree=15, per_center=1, rows_per_center=4)
        sampled = sample_subgraphs(store, kind, limit=25, seed=11, limits=limits, profile=profile)
        again = sample_subgraphs(store, kind, limit=25, seed=11, limits=limits, profile=profile)
        assert 0 < len(sampled) <= 25, kind
        assert {sg.subgraph_id for sg in sampled} <= every, kind
        assert [sg.subgraph_id for sg in sampled] == [sg.subgraph_id for sg in again], kind
        assert all(sg.article_ids for sg in sampled), kind  # provenance attached
        hubs = set(profile.hubs(15))
        if kind == "cond":  # hubs are neither the answer nor a constraint
            assert not any(
                set(sg.answer) & hubs or {t[0] for t in sg.triples} & hubs and {t[2] for t in sg.triples} & hubs
                for sg in sampled
            )


def test_sampling_takes_everything_when_the_graph_is_small(tmp_path):
    _, store = build_store(tmp_path, TRICKY)
    for kind in ("simple", "set", "cond", "mh"):
        every = {sg.subgraph_id for sg in enumerate_subgraphs(store, kind)}
        sampled = {sg.subgraph_id for sg in sample_subgraphs(store, kind, limit=1000, seed=0)}
        assert sampled == every, kind
        # even when every center's stream is cut after one row, a short sample rereads them in full
        tight = SamplingLimits(per_center=1, rows_per_center=1, centers_per_query=3)
        assert {sg.subgraph_id for sg in sample_subgraphs(store, kind, limit=1000, seed=0, limits=tight)} == every


def test_a_set_counts_the_partners_of_relations_that_imply_it(tmp_path):
    # whoever heads an institute works there (the graph says so too): «В каких организациях работает
    # Нина Вершинина?» names it
    jobs = [("PER:Нина Вершинина", "schema:works_at", "БерГУ"), ("PER:Нина Вершинина", "schema:works_at", "ТККБ")]
    (tmp_path / "with_head").mkdir()
    (tmp_path / "without_head").mkdir()
    _, store = build_store(tmp_path / "with_head", [*jobs, ("PER:Нина Вершинина", "schema:heads", "ТИО")])
    assert readable(store, "set") == {
        ((("Нина Вершинина", "schema:works_at", "БерГУ"), ("Нина Вершинина", "schema:works_at", "ТИО"),
          ("Нина Вершинина", "schema:works_at", "ТККБ")),
         ("БерГУ", "ТИО", "ТККБ"), None),
    }  # fmt: skip
    _, store = build_store(tmp_path / "without_head", jobs)
    assert readable(store, "set") == {
        ((("Нина Вершинина", "schema:works_at", "БерГУ"), ("Нина Вершинина", "schema:works_at", "ТККБ")),
         ("БерГУ", "ТККБ"), None),
    }  # fmt: skip


def test_the_staff_of_an_organization_is_never_a_set_and_its_director_is_a_second_answer(tmp_path):
    # news names an organization's people as they come up, so «Кто работает в ТИО? Назовите всех.»
    # is never asked; nor is «Кто работает в ТИО?» a simple question when the graph knows its director
    staff = [("PER:Анна Гордеева", "schema:works_at", "ТИО"), ("PER:Вера Лунёва", "schema:works_at", "ТИО")]
    (tmp_path / "staff").mkdir()
    (tmp_path / "head").mkdir()
    _, store = build_store(tmp_path / "staff", staff)
    assert readable(store, "set") == set()
    _, store = build_store(tmp_path / "head", [staff[0], ("PER:Нина Вершинина", "schema:heads", "ТИО")])
    assert all("works_at" not in str(triples) for triples, _, _ in readable(store, "simple"))


def test_the_participants_of_an_event_are_never_a_set(tmp_path):
    # news names an event's participants as they come up: «Кто принял участие в форуме? Назовите всех.»
    # is never asked, while the same relation still gives a condition with fan-in
    _, store = build_store(tmp_path, [
        ("PER:Анна Котова", "schema:took_part_in", "EVENT:Форум «Волга»"),
        ("PER:Олег Ветров", "schema:took_part_in", "EVENT:Форум «Волга»"),
    ])  # fmt: skip
    assert readable(store, "set") == set()
def test_the_deputies_or_teachers_news_names_are_never_a_set(tmp_path):
    # «Кто входит в состав Законодательного собрания? Назовите всех.»: news quotes deputies one by
    # one; the bodies one person is a member of stay a set
    deputies = [
        ("PER:Галина Рябова", "schema:member_of", "Законодательное собрание"),
        ("PER:Иван Петров", "schema:member_of", "Законодательное собрание"),
        ("PER:Иван Петров", "schema:member_of", "Новые люди"),
    ]
    _, store = build_store(tmp_path, deputies)
    assert readable(store, "set") == {
        ((("Иван Петров", "schema:member_of", "Законодательное собрание"),
          ("Иван Петров", "schema:member_of", "Новые люди")),
         ("Законодательное собрание", "Новые люди"), None),
    }  # fmt: skip


def test_cond_conditions_must_each_fit_another_node_of_the_answers_class(tmp_path):
    # «Какая компания получила кредит банка «Заречный» и посетила выставку?»: if the only other
    # borrower is a person, «компания» and the first condition already name the answer
    def conds(first_borrower: str) -> set:
        folder = tmp_path / first_borrower.replace(":", "_")
        folder.mkdir()
        _, store = build_store(folder, [
            ("Заречный", "выдать кредит", "Альфа"), ("Заречный", "выдать кредит", first_borrower),
            ("Альфа", "подписать соглашение с", "ВТУ"), ("Бета", "подписать соглашение с", "ВТУ"),
        ])  # fmt: skip
        return {answer for _, answer, _ in readable(store, "cond")}

    assert conds("PER:Иван Петров") == set()
    assert conds("Гамма") == {("Альфа",)}


def test_mh_and_cond_count_the_partners_of_relations_that_imply_theirs(tmp_path):
    # «Какую премию получил человек, который работает в ТИО?» names nobody when ТИО's director,
    # who works there too, is in the graph
    facts = [
        ("PER:Анна Гордеева", "schema:works_at", "ТИО"),
        ("PER:Анна Гордеева", "schema:won", "EVENT:Премия «Полярная звезда»"),
    ]
    head = ("PER:Нина Вершинина", "schema:heads", "ТИО")
    (tmp_path / "with_head").mkdir()
    (tmp_path / "without_head").mkdir()
    _, store = build_store(tmp_path / "without_head", facts)
    prize = ("Премия «Полярная звезда»",)
    # nor without him: news never names all the staff, so «человек, который работает в ТИО» is no one
    assert all(answer != prize for _, answer, _ in readable(store, "mh"))
    _, store = build_store(tmp_path / "with_head", [*facts, head])
    assert all(answer != prize for _, answer, _ in readable(store, "mh"))
    # the other way round one person still stands in the middle: «Где работает лауреат премии?»
    assert any(answer == ("ТИО",) for _, answer, _ in readable(store, "mh"))


def test_cond_answer_is_the_only_one_fitting_both_conditions_with_implied_relations(tmp_path):
    # «Кто работает в ТИО и посетил форум?»: the director heads ТИО (so works there) and visited it too
    base = [
        ("PER:Анна Гордеева", "schema:works_at", "ТИО"),
        ("PER:Вера Лунёва", "schema:works_at", "ТИО"),
        ("PER:Анна Гордеева", "schema:visited", "EVENT:форум «Море»"),
        ("PER:Иван Котов", "schema:visited", "EVENT:форум «Море»"),
    ]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    _, store = build_store(tmp_path / "a", base)
    assert {answer for _, answer, _ in readable(store, "cond")} == {("Анна Гордеева",)}
    _, store = build_store(tmp_path / "b", [*base, ("PER:Иван Котов", "schema:heads", "ТИО")])
    assert readable(store, "cond") == set()


def test_an_agreement_and_a_contract_are_one_kind_of_fact_for_uniqueness(tmp_path):
    # news calls one deal «соглашение», «договор» or «контракт»: «С кем подписала контракт «Альфа»?»
    # has a second answer when «Альфа» also signed an agreement with «Гамма»
    contract = ("Альфа", "schema:signed_contract_with", "Бета")
    agreements = [("Альфа", "schema:signed_agreement_with", partner) for partner in ("Гамма", "Дельта")]
    (tmp_path / "alone").mkdir()
    (tmp_path / "both").mkdir()
    _, store = build_store(tmp_path / "alone", [contract])
    assert any("signed_contract_with" in str(triples) for triples, _, _ in readable(store, "simple"))
    _, store = build_store(tmp_path / "both", [contract, *agreements])
    assert all("signed_contract_with" not in str(triples) for triples, _, _ in readable(store, "simple"))
    # nor is «С кем подписала соглашение «Альфа»?» complete without «Бета»
    assert all(
        not (answer == ("Гамма", "Дельта") and "signed_agreement_with" in str(triples))
        for triples, answer, _ in readable(store, "set")
    )


def test_a_fact_stated_by_an_implying_relation_is_asked_by_that_relation_only(tmp_path):
    # the graph says the director «работает в ТИО» too (core/graph/inference.py); a simple or a chain
    # question about him asks «возглавляет» (the implied triple serves conditions)
    _, store = build_store(tmp_path, [
        ("PER:Нина Вершинина", "schema:heads", "ТИО"),
        ("PER:Нина Вершинина", "schema:works_at", "ТИО"),
        ("PER:Анна Гордеева", "schema:works_at", "ТИО"),
        ("ТИО", "schema:based_in", "LOC:Бережанск"),
    ])  # fmt: skip
    asked = {t for kind in ("simple", "mh") for triples, _, _ in readable(store, kind) for t in triples}
    assert ("Нина Вершинина", "schema:heads", "ТИО") in asked
    assert ("Нина Вершинина", "schema:works_at", "ТИО") not in asked


def test_an_agreement_holds_both_ways_for_sets_and_uniqueness(tmp_path):
    # «С кем подписал соглашение ТИО?»: «Ламский улов» signed with ТИО (ТИО the object), so it is
    # ТИО's partner too; a simple question naming only «Порт» would have a second answer
    _, store = build_store(tmp_path, [
        ("ТИО", "schema:signed_agreement_with", "Порт"),
        ("ТИО", "schema:signed_agreement_with", "Верфь"),
        ("Ламский улов", "schema:signed_agreement_with", "ТИО"),
    ])  # fmt: skip
    sets = {answer for _, answer, _ in readable(store, "set")}
    assert ("Верфь", "Ламский улов", "Порт") in sets
    assert ("Верфь", "Порт") not in sets
    asked = {t for triples, _, _ in readable(store, "simple") for t in triples}
    assert not any(s == "ТИО" or o == "ТИО" for s, _, o in asked)


def test_the_visitors_of_a_town_are_never_a_set_but_those_of_a_plant_are(tmp_path):
    # a town is visited by whoever plays or tours there, in words other than «посетил»
    _, store = build_store(tmp_path, [
        ("PER:Марина Крылова", "schema:visited", "LOC:Казань"),
        ("PER:Олег Мельников", "schema:visited", "LOC:Казань"),
        ("PER:Марина Крылова", "schema:visited", "Каменский комбинат"),
        ("PER:Олег Мельников", "schema:visited", "Каменский комбинат"),
    ])  # fmt: skip
    visitors = {
        triples[0][2] for triples, answer, _ in readable(store, "set") if answer == ("Марина Крылова", "Олег Мельников")
    }
    assert visitors == {"Каменский комбинат"}


def test_cond_calls_an_organization_by_its_type_when_no_other_of_its_class_fits(tmp_path):
    # «Какая организация получила кредит банка «Заречный» и базируется в Твери?»: the other borrower
    # is a company and the other firm in Тверь a plant, so «Какой хлебозавод ...» would name the
    # answer by one condition alone, while «Какая организация ...» needs both
    facts = [
        ("Заречный", "schema:lent_to", "Каравай#хлебозавод"), ("Заречный", "schema:lent_to", "Вектор#компания"),
        ("Каравай#хлебозавод", "schema:based_in", "LOC:Тверь"), ("Искра#завод", "schema:based_in", "LOC:Тверь"),
    ]  # fmt: skip
    _, store = build_store(tmp_path, facts)
    index = GraphIndex.from_store(store)
    conds = list(enumerate_subgraphs(store, "cond"))
    assert [(index.node(sg.answer[0]).label, sg.asked_by_type) for sg in conds] == [("Каравай", True)]
    question = generate_question(conds[0], index).question
    assert question == "Как называется организация, которой выдал кредит Заречный и которая базируется в Твери?"
    # a person is no organization: with a person as the other borrower the first condition names the answer
    (tmp_path / "person").mkdir()
    person = ("Заречный", "schema:lent_to", "PER:Иван Петров")
    _, store = build_store(tmp_path / "person", [person, *facts[::2], facts[3]])
    assert list(enumerate_subgraphs(store, "cond")) == []


def test_mh_never_singles_out_one_of_a_towns_organizations(tmp_path):
    # «Кто возглавляет компанию, которая базируется в Твери?»: a town is home to more companies than
    # the month's news names; the other way round the chain is sound
    facts = [("PER:Анна Соколова", "schema:heads", "Вектор"), ("Вектор", "schema:based_in", "LOC:Тверь")]
    _, store = build_store(tmp_path, facts)
    answers = {answer for _, answer, _ in readable(store, "mh")}
    assert ("Тверь",) in answers and ("Анна Соколова",) not in answers


def test_a_subunit_named_with_its_owner_is_no_second_answer_to_a_condition(tmp_path):
    # «Где работают Иван Ли и Анна Котова?»: each works only at the university and its chair, which a
    # reader takes for a part of it, so either name alone gives the answer
    def conds(second_place: str) -> set:
        folder = tmp_path / str(abs(hash(second_place)))
        folder.mkdir()
        _, store = build_store(folder, [
            ("PER:Иван Ли", "работать в", "Ольшанский университет"),
            ("PER:Иван Ли", "работать в", second_place),
            ("PER:Анна Котова", "работать в", "Ольшанский университет"),
            ("PER:Анна Котова", "работать в", "Пермский институт"),
        ])  # fmt: skip
        return {answer for _, answer, _ in readable(store, "cond")}

    assert ("Ольшанский университет",) not in conds("Кафедра истории Ольшанского университета")
    assert ("Ольшанский университет",) in conds("Тверской институт")


def test_a_prize_of_a_named_regions_office_is_asked_about_and_an_unowned_one_is_not(tmp_path):
    prize = "OTHER:премия губернатора Северореченской области в сфере культуры"
    facts = [("PER:Анна Котова", "выиграть", prize), ("PER:Олег Белов", "выиграть", prize)]
    facts += [("PER:Ирина Дронова", "выиграть", "OTHER:премия губернатора в сфере культуры")]
    facts += [("PER:Пётр Ильин", "выиграть", "OTHER:премия губернатора в сфере культуры")]
    _, store = build_store(tmp_path, facts)
    assert {answer for _, answer, _ in readable(store, "set")} == {("Анна Котова", "Олег Белов")}


def test_a_courts_cases_are_never_asked_from_the_court(tmp_path):
    # a court decides many more cases than the month's news reports: «Против какой компании вынес
    # решение суд X?», «Против каких организаций ...? » and «компания, против которой вынес решение суд X»
    # have no closed answer, while «Какой суд вынес решение против компании Y?» does
    facts = [
        ("Арбитражный суд", "schema:ruled_against", "Гранит"),
        ("Арбитражный суд", "schema:ruled_against", "Базальт"),
        ("PER:Олег Рябов", "schema:heads", "Гранит"),
        ("Мрамор", "schema:ruled_against", "Кварц"),
        ("PER:Илья Марков", "schema:heads", "Кварц"),
    ]
    _, store = build_store(tmp_path, facts)
    assert readable(store, "set") == set()
    assert not any(t[1] == "schema:ruled_against" for triples, _, _ in readable(store, "simple") for t in triples)
    mh = {(answer, bridge) for _, answer, bridge in readable(store, "mh")}
    assert (("Олег Рябов",), "Гранит") not in mh and (("Илья Марков",), "Кварц") not in mh
    assert (("Мрамор",), "Кварц") in mh  # «Какой суд вынес решение против компании, которую возглавляет Илья Марков?»
