"""The testbeds of a small fictional month: every property RGB's testbeds need, checked on the items."""

import pandas as pd
import pytest

from dagster_project.core.testbeds.build import (
    COUNTERFACTUAL,
    NEGATIVE,
    NOISE_RATES,
    POSITIVE,
    TESTBEDS,
    TestbedConfig,
    build_testbeds,
    joined_question,
)
from dagster_project.core.testbeds.documents import split_text
from dagster_project.core.testbeds.text import item_forms, item_lemmas, mentions_any, occurs, tokenize
from tests.core.testbeds.world import world_articles, world_questions, world_triplets
from tests.samples import long_article


@pytest.fixture(scope="module")
def built():
    articles = world_articles()
    return build_testbeds(articles, world_questions(articles), world_triplets(), seed=7)


def _by_role(documents, roles, role: str) -> list[str]:
    return [d for d, r in zip(documents, roles, strict=True) if r == role]


def _named(document: str, item: str) -> bool:
    return mentions_any(tokenize(document), item_forms(item))


def test_every_testbed_is_built_and_the_funnel_accounts_for_every_question(built):
    assert set(built.items["testbed"]) == set(TESTBEDS)
    funnel = {row["testbed"]: row for row in built.funnel}
    assert funnel["negative"]["candidates"] == 5 and funnel["negative"]["items"] == 5
    for row in built.funnel:
        assert row["items"] == int((built.items["testbed"] == row["testbed"]).sum())


def test_noise_items_have_five_documents_at_each_rate_with_that_share_of_negatives(built):
    noise = built.items[built.items["testbed"] == "noise"]
    for _, group in noise.groupby(noise["qa_ids"].map(tuple)):
        assert sorted(group["noise_rate"]) == list(NOISE_RATES)
        for row in group.itertuples():
            assert len(row.documents) == 5
            negatives = _by_role(row.documents, row.document_roles, NEGATIVE)
            assert len(negatives) == round(row.noise_rate * 5)
            positives = _by_role(row.documents, row.document_roles, POSITIVE)
            assert positives and all(_named(d, row.answer_items[0]) for d in positives)


def test_negative_documents_never_name_an_answer_item_in_any_form(built):
    questions = world_questions(world_articles()).set_index("qa_id")
    checked = 0
    for row in built.items.itertuples():
        items = [i for qa_id in row.qa_ids for i in questions.loc[qa_id, "answer_items"]]
        for document in _by_role(row.documents, row.document_roles, NEGATIVE):
            checked += 1
            assert not any(_named(document, item) for item in items), (row.question, document)
    assert checked > 20
    # "Ершова" alone, or "Анны Соколовой", would count as a mention: no negative has them either
    negatives = [d for row in built.items.itertuples() for d in _by_role(row.documents, row.document_roles, NEGATIVE)]
    assert not any("Ершова" in d or "Соколов" in d for d in negatives)


def test_negative_rejection_items_expect_the_refusal_phrase(built):
    negative = built.items[built.items["testbed"] == "negative"]
    assert all(len(d) == 5 for d in negative["documents"])
    assert all(set(roles) == {NEGATIVE} for roles in negative["document_roles"])
    assert set(negative["answer"]) == {TestbedConfig().refusal_phrase}
    assert all(len(items) == 0 for items in negative["answer_items"])


def test_counterfactual_documents_name_the_substitute_and_never_the_true_answer(built):
    counterfactual = built.items[built.items["testbed"] == "counterfactual"]
    assert len(counterfactual) == 4
    for row in counterfactual.itertuples():
        assert row.counterfactual_answer and row.counterfactual_answer != row.answer
        assert not any(_named(d, row.answer) for d in row.documents)
        rewritten = _by_role(row.documents, row.document_roles, COUNTERFACTUAL)
        assert rewritten and all(occurs(tokenize(d), item_lemmas(row.counterfactual_answer)) for d in rewritten)
    sokolova = counterfactual[counterfactual["answer"] == "Северный ветер"].iloc[0]
    assert sokolova["counterfactual_answer"] in {"Полярный путь", "Озёрный терминал", "Техноград", "Кварц-Лаб",
                                                  "Береговая линия"}  # the same kind of entity: a company
    person = counterfactual[counterfactual["answer"] == "Григорий Сомов"].iloc[0]
    assert person["counterfactual_answer"] not in {"Анна Соколова", "Нина Ершова", "Вера Полякова"}  # same gender


def test_integration_needs_one_document_per_fact(built):
    integration = built.items[built.items["testbed"] == "integration"].set_index(built.items.loc[
        built.items["testbed"] == "integration", "qa_ids"].map("+".join))  # fmt: skip
    set_item = integration.loc["q4"]
    positives = _by_role(set_item["documents"], set_item["document_roles"], POSITIVE)
    assert len(positives) == 2
    assert sorted(_named(d, "Полярный путь") for d in positives) == [False, True]
    mh = integration.loc["q5"]
    positives = _by_role(mh["documents"], mh["document_roles"], POSITIVE)
    assert len(positives) == 2 and sum(_named(d, "Борис Ефимов") for d in positives) == 1
    pair = integration[integration["answer_items"].map(len) == 2].drop(index=["q4"])
    assert len(pair) == 1
    pair = pair.iloc[0]
    assert ", и " in pair["question"] and pair["question"].endswith("?")
    first, second = pair["answer_items"]
    positives = _by_role(pair["documents"], pair["document_roles"], POSITIVE)
    assert {(_named(d, first), _named(d, second)) for d in positives} == {(True, False), (False, True)}
    assert all(NEGATIVE in roles for roles in integration["document_roles"])  # plus noise


def test_the_same_month_gives_the_same_testbeds_and_the_seed_moves_documents(built):
    articles = world_articles()
    again = build_testbeds(articles, world_questions(articles), world_triplets(), seed=7)
    pd.testing.assert_frame_equal(built.items, again.items)
    other = build_testbeds(articles, world_questions(articles), world_triplets(), seed=8)
    assert list(other.items["documents"]) != list(built.items["documents"])


def test_a_month_without_enough_negatives_records_shortfalls_instead_of_failing():
    full = world_articles()
    articles = full.head(4)  # four chunks: never the five negatives an item needs
    built = build_testbeds(articles, world_questions(full), world_triplets(), seed=1)
    funnel = {row["testbed"]: row for row in built.funnel}
    assert funnel["negative"]["items"] == 0 and sum(funnel["negative"]["dropped"].values()) == 5
    assert all("@" in failure.item_id and failure.error for failure in built.passed_over)
    empty = build_testbeds(articles, world_questions(full).head(0), world_triplets(), seed=1)
    assert empty.items.empty and all(row["items"] == 0 for row in empty.funnel)


def test_texts_are_cut_at_sentences_into_chunks_of_about_the_target_size():
    text = long_article(60)  # about 600 words
    chunks = split_text(text, target_words=100)
    assert len(chunks) > 4
    assert " ".join(chunks) == text
    assert all(c.endswith(".") for c in chunks)
    assert all(len(c.split()) <= 110 for c in chunks[:-1])
    assert split_text("Одно предложение.", target_words=100) == ["Одно предложение."]


def test_chunk_sizes_count_words_not_their_parts():
    # «кто-то» and «96,4» are one word each, though each has two runs of letters or digits
    text = "Кто-то пришёл. Что-то ушло.\nРост 96,4 процента."
    assert split_text(text, target_words=4) == ["Кто-то пришёл. Что-то ушло.", "Рост 96,4 процента."]
    assert split_text(text, target_words=7) == ["Кто-то пришёл. Что-то ушло. Рост 96,4 процента."]


def test_two_questions_join_into_one():
    assert joined_question("Кто возглавляет «Каравай»?", "Какой город посетил Олег?") == (
        "Кто возглавляет «Каравай», и какой город посетил Олег?"
    )


def test_answers_are_found_in_any_case_and_names_with_digits_too():
    tokens = tokenize("Премию вручили Анне Соколовой и компании «Вектор-7», которая наняла 2 139 человек.")
    assert occurs(tokens, item_lemmas("Анна Соколова"))
    assert occurs(tokens, item_lemmas("Вектор-7"))
    assert occurs(tokens, item_lemmas("2 139 человек"))
    assert not occurs(tokens, item_lemmas("Вектор-8"))
    money = tokenize("Суд взыскал 96,4 млн рублей, а не 12 млн рублей.")
    assert occurs(money, item_lemmas("96,4 млн рублей")) and not occurs(money, item_lemmas("96,5 млн рублей"))


def test_an_institution_named_after_a_city_is_not_named_by_the_city_alone():
    # «Бережанск» in a negative document does not name «Администрация Бережанска» (a person's surname would)
    assert ("бережанск",) not in item_forms("Администрация Бережанска")
    assert ("соколова",) in item_forms("Анна Соколова") or ("соколов",) in item_forms("Анна Соколова")


def test_occurs_agrees_with_every_span_found_and_the_catalog_index_with_a_full_scan():
    from dagster_project.core.testbeds.build import _Month
    from dagster_project.core.testbeds.text import spans

    articles = world_articles()
    month = _Month(articles, world_triplets(), TestbedConfig(), seed=7)
    names = [e.name for e in month.catalog.entities.values()]
    for chunk in month.index.chunks:
        for name in names:
            assert occurs(chunk.tokens, item_lemmas(name)) == bool(spans(chunk.tokens, item_lemmas(name)))
        full_scan = {
            (key, item_lemmas(e.name)) for key, e in month.catalog.entities.items()
            if item_lemmas(e.name) and set(item_lemmas(e.name)) <= chunk.vocabulary
        }  # fmt: skip
        assert set(month.entities_within(chunk.vocabulary)) == full_scan
    assert any(month.entities_within(c.vocabulary) for c in month.index.chunks)
