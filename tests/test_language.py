"""Offline language stages: Natasha triplet extraction, lemma-based normalization, templates."""

import pytest

from dagster_project.core.common.package_files import project_dir
from dagster_project.core.common.russian import inflect_phrase, lemma_key, verb_form
from dagster_project.core.extraction.dependency_parse import extract_triplets, triplets_frame
from dagster_project.core.graph.normalization import load_aliases, normalize_triplets
from dagster_project.core.graph.rdf import GraphIndex, load_store, write_graph
from dagster_project.core.graph.subgraphs import sample_subgraphs
from dagster_project.core.questions.templates import generate_question

TEXT = (
    "Компания «Северный ветер» открыла новый завод в Твери. "
    "Генеральный директор компании Анна Соколова подписала соглашение с губернатором Олегом Мельниковым. "
    "Банк «Заречный» выдал кредит агрохолдингу «Ольховские поля». "
    "Губернатор Олег Мельников посетил Каменногорский металлургический комбинат и ВТУ. "
    "Завод создаст 450 рабочих мест. Она сказала, что это важно."
)


@pytest.fixture(scope="module")
def triplets():
    return {(t.subject_normal, t.relation, t.object_normal, t.object_type) for t in extract_triplets("a1", TEXT)}


def test_dependency_extraction_finds_subject_relation_object(triplets):
    assert ("Северный ветер", "открыть новый завод в", "Тверь", "LOC") in triplets
    assert ("Анна Соколова", "подписать соглашение с", "Олег Мельников", "PER") in triplets
    assert ("Заречный", "выдать кредит", "Ольховские поля", "ORG") in triplets


def test_conjunctions_fan_out_and_pronouns_are_skipped(triplets):
    visited = {o for s, r, o, _ in triplets if s == "Олег Мельников" and r == "посетить"}
    assert visited == {"Каменногорский металлургический комбинат", "ВТУ"}
    assert not any(s.lower() == "она" for s, *_ in triplets)


def test_named_entities_are_normalized_to_the_nominative():
    found = {
        t.object_normal
        for t in extract_triplets(
            "a",
            "Олег Мельников назначил Ольгу Дёмину министром. "
            "Олег Мельников посетил Северореченскую областную больницу.",
        )
    }
    assert {"Ольга Дёмина", "Северореченская областная больница"} <= found


def test_normalization_merges_inflections_aliases_and_surnames():
    raw = triplets_frame(
        extract_triplets("a1", TEXT)
        + extract_triplets(
            "a2",
            "Соколова посетила Каменногорский комбинат. Правительство РФ поддержало Сбербанк. "
            "Российская Федерация выделила Сбербанку средства.",
        )
    )
    frame = normalize_triplets(raw, load_aliases(project_dir("data") / "aliases.yaml"))
    names = set(frame["canonical_subject"]) | set(frame["canonical_object"])
    assert "Соколова" not in names and "Анна Соколова" in names
    comb = frame[frame["object"].str.contains("комбинат")]
    assert comb["canonical_object"].nunique() == 1
    assert comb["canonical_object"].iloc[0] == "Каменногорский металлургический комбинат"
    sber_objects = frame[frame["object"].str.startswith("Сбербанк")]
    assert len(sber_objects) >= 1 and set(sber_objects["canonical_object"]) == {"Сбербанк"}


def test_alias_table_maps_rf_to_russia():
    aliases = load_aliases(project_dir("data") / "aliases.yaml")
    assert aliases[lemma_key("РФ")] == "Россия"
    assert aliases[lemma_key("Российской Федерации")] == "Россия"


def test_bad_alias_table_is_a_clear_error(tmp_path):
    path = tmp_path / "aliases.yaml"
    path.write_text("Россия: РФ\n", encoding="utf-8")
    with pytest.raises(ValueError, match="must be a list"):
        load_aliases(path)


def test_russian_inflection_helpers():
    assert inflect_phrase("Анна Соколова", "accs") == "Анну Соколову"
    assert inflect_phrase("Олег Мельников", "ablt") == "Олегом Мельниковым"
    assert (
        inflect_phrase("Каменногорский металлургический комбинат", "accs") == "Каменногорский металлургический комбинат"
    )
    assert inflect_phrase("губернатор Северореченской области", "datv") == "губернатору Северореченской области"
    assert inflect_phrase("Санкт-Петербург", "loct") == "Санкт-Петербурге"
    assert inflect_phrase("Роман Тихонов", "accs", person=True) == "Романа Тихонова"
    assert inflect_phrase("Тверская область", "loct") == "Тверской области"
    assert inflect_phrase("Северореченская областная больница", "accs") == "Северореченскую областную больницу"
    assert verb_form("открыть", "femn") == "открыла"
    assert verb_form("возглавлять", "masc") == "возглавляет"


def test_template_questions_are_grammatical(tmp_path):
    raw = triplets_frame(
        extract_triplets("a1", TEXT)
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

    from .graph_builder import build_store

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
