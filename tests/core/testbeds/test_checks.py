"""The testbed datasets of a release, and the checks that stop one that leaks."""

import json

import pandas as pd
import pytest

from dagster_project.core.release.tables import build_release
from dagster_project.core.testbeds.build import build_testbeds
from dagster_project.core.testbeds.checks import public_testbed_problems, soundness_problems
from dagster_project.core.testbeds.tables import build_testbed_tables
from tests.core.testbeds.world import world_articles, world_questions, world_triplets


@pytest.fixture(scope="module")
def month():
    articles = world_articles()
    questions = world_questions(articles)
    release = build_release(articles, questions, b"key")
    items = build_testbeds(articles, questions, world_triplets(), seed=3).items
    tables = build_testbed_tables(items, release.private_qa, b"key")
    return articles, release, tables


def _problems(month, public=None, private=None):
    articles, release, tables = month
    public = tables["public_testbeds"] if public is None else public
    private = tables["private_testbeds"] if private is None else private
    return (
        public_testbed_problems(public, private_ids=set(articles["article_id"]) | {"q1"}, urls=set(articles["url"]))
        + soundness_problems(public, private, release.private_qa)
    )


def test_the_datasets_have_the_release_schemas_and_pass_every_check(month):
    _, release, tables = month
    public, private = tables["public_testbeds"], tables["private_testbeds"]
    assert list(public.columns) == ["id", "testbed", "noise_rate", "question", "documents"]
    assert list(private.columns[:5]) == ["id", "answer", "answer_items", "counterfactual_answer", "question_public_id"]
    assert sorted(public["id"]) == list(range(len(public)))
    assert set(private["question_public_id"]) <= set(release.private_qa["public_id"])
    assert private.loc[private["counterfactual_answer"].notna(), "id"].isin(
        public.loc[public["testbed"] == "counterfactual", "id"]).all()  # fmt: skip
    assert all(isinstance(json.loads(items), list) for items in private["answer_items"])
    assert _problems(month) == []


def test_public_ids_do_not_follow_the_construction_order(month):
    articles, release, _ = month
    items = build_testbeds(articles, world_questions(articles), world_triplets(), seed=3).items
    other_key = build_testbed_tables(items, release.private_qa, b"another key")["private_testbeds"]
    assert list(other_key.sort_values("item_key")["id"]) != list(month[2]["private_testbeds"].sort_values(
        "item_key")["id"])  # fmt: skip


def test_a_negative_document_naming_an_answer_in_another_case_is_caught(month):
    public, private = month[2]["public_testbeds"].copy(), month[2]["private_testbeds"]
    negative = public.index[public["testbed"] == "negative"][0]
    roles = json.loads(private.set_index("id").loc[public.at[negative, "id"], "document_roles"])
    source = private.set_index("id").loc[public.at[negative, "id"], "question_public_id"]
    qa = month[1].private_qa.set_index("public_id").loc[source]
    answer = json.loads(qa["answer_items"])[0]
    documents = list(public.at[negative, "documents"])
    documents[roles.index("negative")] += f" Об этом рассказали в «{answer}»."
    public.at[negative, "documents"] = documents
    problems = _problems(month, public=public)
    assert any("negative document" in p and "names an answer item" in p for p in problems)


def test_a_counterfactual_item_that_still_names_the_true_answer_is_caught(month):
    public, private = month[2]["public_testbeds"].copy(), month[2]["private_testbeds"]
    row = public.index[public["testbed"] == "counterfactual"][0]
    answer = private.set_index("id").loc[public.at[row, "id"], "answer"]
    public.at[row, "documents"] = [d + f" Ранее {answer} отказался." for d in public.at[row, "documents"]]
    assert any("still names the true answer" in p for p in _problems(month, public=public))


def test_answers_private_ids_and_urls_in_the_public_testbeds_are_caught(month):
    articles, _, tables = month
    public = tables["public_testbeds"].copy()
    public["answer"] = "x"
    assert any("non-public columns" in p for p in _problems(month, public=public))
    leaking = tables["public_testbeds"].copy()
    leaking.at[0, "documents"] = list(leaking.at[0, "documents"]) + [f"см. {articles['url'].iloc[0]}"]
    leaking.at[1, "question"] = f"Что пишет {articles['article_id'].iloc[0]}?"
    problems = _problems(month, public=leaking)
    assert any("URL" in p for p in problems) and any("private id" in p for p in problems)


def test_items_of_questions_missing_from_the_release_are_an_error(month):
    articles, release, _ = month
    items = build_testbeds(articles, world_questions(articles), world_triplets(), seed=3).items
    with pytest.raises(ValueError, match="missing from the release"):
        build_testbed_tables(items, release.private_qa[release.private_qa["qa_id"] != "q1"], b"key")
    empty = build_testbed_tables(items.head(0), release.private_qa, b"key")
    assert empty["public_testbeds"].empty and list(empty["public_testbeds"].columns)[0] == "id"
    assert isinstance(pd.DataFrame(empty["private_testbeds"]), pd.DataFrame)
