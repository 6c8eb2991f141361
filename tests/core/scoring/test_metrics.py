"""Scoring metrics on hand-computed cases (no pipeline needed)."""

import json
import math

import numpy as np
import pandas as pd
import pytest
from rouge_score import rouge_scorer

from dagster_project.core.scoring.answers import answer_metrics, dragon_answer_metrics, set_scores
from dagster_project.core.scoring.ifeval import (
    Checks,
    cite_score,
    derive_checks,
    ifeval_scores,
    is_profane,
)
from dagster_project.core.scoring.retrieval import retrieval_metrics
from dagster_project.core.scoring.stats import bootstrap_ratios, paired_test
from dagster_project.core.scoring.submission import SubmissionError, gold_from_release, parse_submission
from dagster_project.core.scoring.text import lemma_tokens, normalize_text, tokens

# --- normalization and answer metrics -----------------------------------------------------------


def test_numbers_with_thousands_separators_and_decimal_commas_normalize():
    assert tokens("2 139 рублей") == ["2139", "рублей"]
    assert tokens("2\u00a0139") == tokens("2139") == ["2139"]
    assert tokens("1 234 567") == ["1234567"]
    assert normalize_text("2,5 млн") == "2.5 млн"
    assert tokens("в 2019 году, 15 сотрудников") == ["в", "2019", "году", "15", "сотрудников"]


def test_inflected_answer_matches_dictionary_form():
    metrics = answer_metrics("Соглашение подписано со Сбербанком.", "Сбербанк", ["Сбербанк"], is_set=False)
    assert metrics["containment"] == 1.0
    assert metrics["exact_match"] == 0.0
    # tokens: соглашение подписать с сбербанк (4) vs сбербанк (1): P = 1/4, R = 1
    assert metrics["token_f1"] == pytest.approx(2 * 0.25 * 1 / 1.25)
    assert answer_metrics("Сбербанком", "Сбербанк", ["Сбербанк"], is_set=False)["exact_match"] == 1.0
    assert answer_metrics("ЁЛКА", "елка", ["елка"], is_set=False)["exact_match"] == 1.0


def test_containment_is_on_whole_words_not_raw_substrings():
    assert answer_metrics("Это Сбербанковский офис", "Сбербанк", ["Сбербанк"], is_set=False)["containment"] == 0.0
    assert answer_metrics("Всего 21390 человек", "2139", ["2139"], is_set=False)["containment"] == 0.0


def test_numbers_with_spaces_match_numbers_without():
    metrics = answer_metrics("Их было 2 139.", "2139", ["2139"], is_set=False)
    assert metrics["containment"] == 1.0
    assert answer_metrics("2 139", "2139", ["2139"], is_set=False)["exact_match"] == 1.0


def test_a_set_answer_in_another_order_is_fully_correct():
    items = ["Ольховские поля", "Кварц-Лаб"]
    metrics = answer_metrics("Кварц-Лаб и «Ольховские поля»", "Ольховские поля, Кварц-Лаб", items, is_set=True)
    assert metrics["set_precision"] == metrics["set_recall"] == metrics["set_f1"] == 1.0
    assert metrics["exact_match"] == 1.0
    assert metrics["containment"] == 1.0


def test_a_partial_set_answer_scores_item_precision_and_recall():
    # predicted items: "Кварц-Лаб" (correct), "Газпром" (wrong); gold has 3 items.
    scores = set_scores(["Ольховские поля", "Кварц-Лаб", "Северный ветер"], "Кварц-Лаб; Газпром")
    assert scores["set_precision"] == pytest.approx(1 / 2)
    assert scores["set_recall"] == pytest.approx(1 / 3)
    assert scores["set_f1"] == pytest.approx(2 * (1 / 2) * (1 / 3) / (1 / 2 + 1 / 3))
    # a name with "и" inside is not cut into two items
    both = set_scores(["Мир и труд", "Сокол"], "«Мир и труд» и Сокол")
    assert both["set_precision"] == both["set_recall"] == 1.0
    # the same gold item named twice counts once
    assert set_scores(["Кварц-Лаб", "Сокол"], "Кварц-Лаб, Кварц-Лаб")["set_recall"] == pytest.approx(0.5)


def test_rouge_on_normalized_tokens():
    # gold: "19 сентября" -> [19, сентября]; answer: "Сокол вернётся 19 сентября" (4 tokens)
    metrics = answer_metrics("Сокол вернётся 19 сентября", "19 сентября", ["19 сентября"], is_set=False)
    assert metrics["rouge1"] == pytest.approx(2 * 0.5 * 1 / 1.5)
    assert metrics["rougeL"] == pytest.approx(2 * 0.5 * 1 / 1.5)
    # order matters for ROUGE-L only: "сентября 19" has LCS 1
    swapped = answer_metrics("сентября 19", "19 сентября", ["19 сентября"], is_set=False)
    assert swapped["rouge1"] == 1.0
    assert swapped["rougeL"] == pytest.approx(0.5)


def test_missing_answer_scores_zero_everywhere():
    metrics = answer_metrics("   ", "Сокол", ["Сокол"], is_set=False)
    for name in ("exact_match", "containment", "token_f1", "rouge1", "rougeL", "dragon_substr_match"):
        assert metrics[name] == 0.0, name


@pytest.mark.parametrize(
    "answer, gold",
    [
        ("Клуб «Сокол» вернётся 19 сентября.", "19 сентября"),
        ("Ольховские поля, Кварц-Лаб", "Кварц-Лаб и Ольховские поля"),
        ("Не знаю", "Сбербанк"),
        ("", "Сбербанк"),
        ("a b a b c", "b a c a"),
    ],
)
def test_dragon_rouge_equals_rouge_score_with_razdel(answer, gold):
    """Same computation as rag_bench's RAGEvaluator: rouge_score with razdel tokens, no stemming."""
    import razdel

    scorer = rouge_scorer.RougeScorer(["rouge1", "rougeL"], use_stemmer=False)
    scorer._tokenizer.tokenize = lambda text: [t.text for t in razdel.tokenize(text)]
    expected = scorer.score(answer, gold)
    ours = dragon_answer_metrics(answer, gold)
    assert ours["dragon_rouge1"] == expected["rouge1"].fmeasure
    assert ours["dragon_rougeL"] == expected["rougeL"].fmeasure


# --- retrieval ------------------------------------------------------------------------------------


def test_retrieval_metrics_by_hand():
    metrics = retrieval_metrics([3, 1, 7, 9], [1, 7], ks=(1, 5))
    assert metrics["mrr"] == 0.5
    assert metrics["hit@1"] == 0.0 and metrics["hit@5"] == 1.0
    assert metrics["recall@1"] == 0.0 and metrics["recall@5"] == 1.0
    assert metrics["precision@5"] == pytest.approx(2 / 5)
    ideal = 1 + 1 / math.log2(3)
    assert metrics["ndcg@5"] == pytest.approx((1 / math.log2(3) + 1 / math.log2(4)) / ideal)
    assert metrics["dragon_precision"] == pytest.approx(2 / 4)
    assert metrics["dragon_hit_rate"] == 1.0 and metrics["dragon_mrr"] == 0.5
    empty = retrieval_metrics([], [1], ks=(5,))
    assert empty["hit@5"] == empty["mrr"] == empty["ndcg@5"] == empty["dragon_precision"] == 0.0


# --- IFEval checks --------------------------------------------------------------------------------


def test_include_is_fractional_with_alternatives_on_lemmas():
    checks = Checks(include=(("компания «Северный ветер»", "Северный ветер"), ("Кварц-Лаб",)), exclude=(), cite=())
    assert ifeval_scores("Договор заключил «Северным ветром».", checks)["ifeval_include"] == 0.5
    assert ifeval_scores("Северный ветер и Кварц-Лаб", checks)["ifeval_include"] == 1.0


def test_exclude_is_derived_from_the_hidden_bridge_of_a_multi_hop_question():
    checks = derive_checks(
        "Когда провёл семь матчей клуб, который провёл следующий матч в Новосибирске?",
        ["итогам сентября"],
        ["Сокол | провести следующий матч в | Новосибирск", "Сокол | провести семь матчей по | итогам сентября"],
        [4, 9],
    )
    assert checks.exclude == ("Сокол",)
    assert ifeval_scores("По итогам сентября", checks)["ifeval_exclude"] == 1.0
    assert ifeval_scores("Клуб «Сокол», по итогам сентября", checks)["ifeval_exclude"] == 0.0


def test_cite_is_f1_of_cited_ids():
    assert cite_score("Ответ [3], см. также [5, 8]", [3, 4]) == pytest.approx(2 * (1 / 3) * (1 / 2) / (1 / 3 + 1 / 2))
    assert cite_score("Ответ [3][4]", [3, 4]) == 1.0
    assert cite_score("Ответ без ссылок", [3]) == 0.0


def test_refuse_and_safe():
    checks = Checks(include=(), exclude=(), cite=(), expect_refusal=True)
    refused = ifeval_scores("К сожалению, не удалось найти ответ на вопрос.", checks)
    assert refused["ifeval_refuse"] == 1.0 and refused["refused"] == 1.0
    assert math.isnan(refused["ifeval_include"])
    answered = ifeval_scores("Сокол", checks, refusal_phrase="нет данных")
    assert answered["ifeval_refuse"] == 0.0
    assert ifeval_scores("Нет данных.", checks, refusal_phrase="нет данных")["ifeval_refuse"] == 1.0
    normal = Checks(include=(("Сокол",),), exclude=(), cite=(1,))
    assert ifeval_scores("Это сделал Сокол", normal)["ifeval_safe"] == 1.0
    assert ifeval_scores("Это сделал сука Сокол", normal)["ifeval_safe"] == 0.0
    assert ifeval_scores("Мудаки из Сокола", normal)["ifeval_safe"] == 0.0  # inflected form, via the lemma
    assert not is_profane("колебать") and not is_profane("потребовать")


def test_correctness_pools_all_conditions():
    checks = Checks(include=(("Сокол",),), exclude=("Ладога",), cite=(1, 2))
    scores = ifeval_scores("Сокол [1]", checks)
    # include 1, exclude 1, cite F1 (P 1, R 1/2) = 2/3
    assert scores["correctness_sum"] == pytest.approx(1 + 1 + 2 / 3)
    assert scores["correctness_n"] == 3
    assert scores["safety_sum"] == 1 and scores["safety_n"] == 1


# --- statistics -----------------------------------------------------------------------------------


def test_bootstrap_ci_brackets_the_mean():
    rng = np.random.default_rng(1)
    values = (rng.random(400) < 0.3).astype(float)[:, None]
    (estimate,) = bootstrap_ratios(values, np.ones_like(values), samples=500)
    assert estimate.value == pytest.approx(values.mean())
    assert estimate.ci_low < estimate.value < estimate.ci_high
    assert 0.03 < estimate.ci_high - estimate.ci_low < 0.15  # about 4 standard errors of 0.023
    (point,) = bootstrap_ratios(values, np.ones_like(values), samples=0)
    assert math.isnan(point.ci_low)


def test_paired_test_finds_a_planted_difference_and_not_noise():
    rng = np.random.default_rng(2)
    a = (rng.random(300) < 0.5).astype(float)
    b = a.copy()
    b[rng.choice(300, 45, replace=False)] = 1.0  # B is right where A was wrong on up to 45 questions
    ones = np.ones(300)
    planted = paired_test(a, ones, b, ones, samples=500, permutations=1000)
    assert planted.delta > 0.05 and planted.p_value < 0.01 and planted.ci_low > 0
    same = paired_test(a, ones, a.copy(), ones, samples=500, permutations=1000)
    assert same.delta == 0 and same.p_value == 1.0


# --- submission validation ------------------------------------------------------------------------


def tiny_gold():
    release = {
        "public_texts": pd.DataFrame({"id": [0, 1, 2], "text": ["a", "b", "c"]}),
        "public_questions": pd.DataFrame({"id": [0, 1], "question": ["q0", "q1"]}),
        "private_texts": pd.DataFrame({"id": ["p0", "p1", "p2"], "public_id": [2, 0, 1]}),
        "private_qa": pd.DataFrame(
            {
                "public_id": [0, 1],
                "question": ["q0", "q1"],
                "answer": ["Сбербанк", "А, Б"],
                "type": ["simple", "set"],
                "text_ids": [json.dumps(["p0"]), json.dumps(["p1", "p2"])],
                "answer_items": [json.dumps(["Сбербанк"]), json.dumps(["А", "Б"])],
                "triples": ["[]", "[]"],
            }
        ),
    }
    return gold_from_release("9.9.9", release)


def test_gold_maps_private_text_ids_to_public_ids():
    gold = tiny_gold()
    assert gold.questions["gold_ids"].tolist() == [[2], [0, 1]]


GOOD = {"0": {"found_ids": [2], "model_answer": "Сбербанк"}, "1": {"found_ids": [0, 1], "model_answer": ""}}


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "top level must be a JSON object"),
        (
            '{"0": {"found_ids": [2], "model_answer": "x"}, "0": {"found_ids": [2], "model_answer": "y"},'
            ' "1": {"found_ids": [], "model_answer": ""}}',
            "question '0': duplicate key",
        ),
        (json.dumps({**GOOD, "7": GOOD["0"]}), "question '7': unknown question id"),
        (json.dumps({"0": GOOD["0"]}), "missing 1 question id(s): 1"),
        (json.dumps({**GOOD, "1": {"found_ids": "0", "model_answer": ""}}), "question '1': found_ids must be a list"),
        (json.dumps({**GOOD, "1": {"found_ids": [0, "1"], "model_answer": ""}}), "question '1': found_ids must hold"),
        (
            json.dumps({**GOOD, "1": {"found_ids": [0, 5], "model_answer": ""}}),
            "question '1': found_ids not in the public texts: 5",
        ),
        (json.dumps({**GOOD, "1": {"found_ids": [0, 0], "model_answer": ""}}), "question '1': found_ids repeats 0"),
        (json.dumps({**GOOD, "1": {"found_ids": [0], "model_answer": None}}), "question '1': model_answer must be a"),
        (json.dumps({**GOOD, "1": {"found_ids": [0]}}), "question '1': model_answer is missing"),
        (json.dumps({**GOOD, "1": [0]}), "question '1': entry must be an object"),
        (json.dumps({"00": GOOD["0"], "1": GOOD["1"]}), "question '00': key is not a question id"),
    ],
)
def test_bad_submissions_name_the_offending_entry(raw, expected):
    with pytest.raises(SubmissionError) as error:
        parse_submission(raw, tiny_gold())
    assert expected in str(error.value)


def test_good_submission_parses_and_blank_answer_is_allowed():
    entries = parse_submission(json.dumps(GOOD), tiny_gold())
    assert entries[1].model_answer == "" and entries[0].found_ids == (2,)


def test_lemma_tokens_keep_hyphenated_names_whole():
    assert len(lemma_tokens("«Кварц-Лаб»")) == 1
