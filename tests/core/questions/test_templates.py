"""Template questions read as Russian and refuse degenerate chains."""

import pytest

from dagster_project.core.extraction.dependency_parse import extract_triplets, triplets_frame
from dagster_project.core.graph.normalization import normalize_triplets
from dagster_project.core.graph.rdf import GraphIndex, load_store, write_graph
from dagster_project.core.graph.subgraphs import sample_subgraphs
from dagster_project.core.questions.templates import generate_question
from tests.samples import NEWS_TEXT


def test_template_questions_are_grammatical(tmp_path):
    raw = triplets_frame(
        extract_triplets("a1", NEWS_TEXT)
        + extract_triplets(
            "a2",
            "Анна Соколова возглавляет компанию «Северный ветер». "
            "Банк «Заречный» выдал кредит компании «Северный ветер». "
            # others visited each place too, so "who visited both" needs both conditions
            "Анна Соколова посетила ВТУ. Инженер Павел Громов посетил Каменногорский металлургический комбинат.",
        )
    )
    path = tmp_path / "g.nq"
    write_graph(normalize_triplets(raw, {}), path)
    store = load_store(path)
    index = GraphIndex.from_store(store)
    questions = {
        kind: {generate_question(sg, index).question for sg in sample_subgraphs(store, kind, limit=100, seed=0)}
        for kind in ("simple", "set", "cond", "mh")
    }
    assert "С кем подписала соглашение Анна Соколова?" in questions["simple"]
    assert "Кому выдал кредит банк «Заречный»? Назовите всех." in questions["set"]
    assert {
        "Кто посетил Каменногорский металлургический комбинат и ВТУ?",
        "Кто посетил ВТУ и Каменногорский металлургический комбинат?",
    } & questions["cond"]
    assert "Где открыла новый завод компания, которую возглавляет Анна Соколова?" in questions["mh"]


def test_degenerate_multihop_with_the_same_verb_twice_is_refused(tmp_path):
    from dagster_project.core.questions.templates import QuestionError
    from dagster_project.testing.graph_builder import build_store

    _, store = build_store(tmp_path, [
        ("PER:Анна", "посетить", "LOC:Казань"),
        ("PER:Анна", "посетить завод", "LOC:Тверь"),
    ])
    index = GraphIndex.from_store(store)
    chains = sample_subgraphs(store, "mh", limit=10, seed=0)
    assert chains, "the graph has a multi-hop chain"
    for chain in chains:
        with pytest.raises(QuestionError, match="same verb"):
            generate_question(chain, index)
