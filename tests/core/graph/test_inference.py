import pandas as pd

from dagster_project.core.graph.inference import IMPLIED_EXTRACTOR_PREFIX, with_implied_facts
from dagster_project.core.graph.normalization import NORMALIZED_COLUMNS


def _fact(article, subject, relation, obj, object_type="ORG", **extra):
    row = dict.fromkeys(NORMALIZED_COLUMNS, "")
    row |= {
        "article_id": article,
        "subject_key": f"PER:{subject.lower()}",
        "canonical_subject": subject,
        "subject_type": "PER",
        "relation": relation,
        "relation_key": f"schema:{relation}",
        "object_key": f"{object_type}:{obj.lower()}",
        "canonical_object": obj,
        "object_type": object_type,
        "sentence": f"{subject} — {relation} — {obj}.",
        "in_wikidata": None,
    }
    return row | extra


def test_a_head_of_an_organization_works_there_in_the_same_article():
    facts = pd.DataFrame([_fact("a1", "Глеб Савостин", "heads", "Краевая больница")], columns=NORMALIZED_COLUMNS)
    out = with_implied_facts(facts)
    assert len(out) == 2
    implied = out.iloc[1]
    assert (implied.relation, implied.relation_key, implied.canonical_relation) == (
        "works_at", "schema:works_at", "работать в"
    )  # fmt: skip
    assert (implied.verb, implied.preposition, implied.case) == ("работать", "в", "loct")
    assert (implied.article_id, implied.subject_key, implied.object_key) == (
        "a1", "PER:глеб савостин", "ORG:краевая больница"
    )  # fmt: skip
    assert implied.extractor == IMPLIED_EXTRACTOR_PREFIX + "heads"
    assert implied.sentence == facts.iloc[0].sentence


def test_a_mayor_does_not_work_in_his_town_and_a_stated_fact_is_not_repeated():
    facts = pd.DataFrame(
        [
            _fact("a1", "Ростислав Кудинов", "heads", "Бережанск", object_type="LOC"),
            _fact("a2", "Нина Вершинина", "heads", "Институт океанологии"),
            _fact("a2", "Нина Вершинина", "works_at", "Институт океанологии"),
            _fact("a3", "Нина Вершинина", "heads", "Институт океанологии"),
        ],
        columns=NORMALIZED_COLUMNS,
    )
    out = with_implied_facts(facts)
    added = out.iloc[len(facts) :]
    # only article a3 gains a fact: a2 states it already, and a town is no workplace
    assert list(zip(added.article_id, added.relation, strict=True)) == [("a3", "works_at")]


def test_facts_without_implications_come_back_unchanged():
    facts = pd.DataFrame([_fact("a1", "Анна Орлова", "won", "Премия «Маяк»")], columns=NORMALIZED_COLUMNS)
    assert with_implied_facts(facts).equals(facts)


def test_whoever_chairs_a_board_does_not_work_in_it():
    facts = pd.DataFrame(
        [
            _fact("a1", "Анна Орлова", "heads", "Попечительский совет ОГУ"),
            _fact("a1", "Олег Рябов", "heads", "Совет директоров Донского банка"),
            _fact("a1", "Илья Марков", "heads", "Наблюдательный совет «Степи»", object_descriptor="совет"),
        ],
        columns=NORMALIZED_COLUMNS,
    )
    assert with_implied_facts(facts).equals(facts)
