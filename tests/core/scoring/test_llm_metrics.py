"""The RAGAS-style LLM metrics over real HTTP against the local OpenAI-compatible server, whose judge
decides by lemma containment (a statement is supported when every content word of it is in the
evidence), so each value below is worked out by hand from the texts."""

import json
import math

import pytest

from dagster_project.core.common.russian import lemmas
from dagster_project.core.llm.client import LLMSettings
from dagster_project.core.scoring.llm_metrics import (
    LLMMetricsConfig,
    MetricInput,
    average_precision,
    score_llm_metrics,
    statement_f1,
)
from dagster_project.testing.openai_server import FakeOpenAIServer, Reply, bag_of_lemmas, prompt_task, task_responder

QUESTION = "Кто возглавил компанию «Северный ветер»?"
LEADER = "Анна Соколова возглавила компанию «Северный ветер»."
USELESS = "Театр «Полярная звезда» поставил оперу «Снежная королева»."
PLANT_TVER = "Компания открыла завод в Твери."


@pytest.fixture(scope="module")
def server():
    with FakeOpenAIServer(task_responder) as running:
        yield running


def _settings(server, tmp_path, **overrides) -> tuple[LLMSettings, LLMSettings]:
    judge = LLMSettings(base_url=server.base_url, model="judge", cache_path=tmp_path / "judge.sqlite",
                        initial_wait=0.01, **overrides)  # fmt: skip
    return judge, judge.model_copy(update={"model": "embedder"})


def _score(server, tmp_path, inputs, metrics, **config):
    judge, embeddings = _settings(server, tmp_path)
    result = score_llm_metrics(inputs, judge, embeddings, LLMMetricsConfig(metrics=tuple(metrics), **config))
    return result.per_question.set_index("public_id"), result.report


def _cosine_by_hand(a: str, b: str) -> float:
    """Cosine of lemma count vectors, counted directly (the fake embeds bags of lemmas)."""
    ca, cb = {w: lemmas(a).count(w) for w in lemmas(a)}, {w: lemmas(b).count(w) for w in lemmas(b)}
    dot = sum(ca[w] * cb.get(w, 0) for w in ca)
    return dot / math.sqrt(sum(v * v for v in ca.values()) * sum(v * v for v in cb.values()))


def test_the_arithmetic_follows_ragas():
    assert average_precision([0, 1, 1]) == pytest.approx((1 / 2 + 2 / 3) / 2)
    assert average_precision([1, 0, 0]) == 1.0 and average_precision([0, 0]) == 0.0
    assert statement_f1(tp=1, fp=1, fn=1) == 0.5 and statement_f1(0, 0, 0) == 0.0


def test_faithfulness_of_a_partially_supported_answer(server, tmp_path):
    answer = "Анна Соколова возглавила компанию «Северный ветер» [1]. Компания открыла завод в Казани."
    frame, report = _score(server, tmp_path, [MetricInput(0, QUESTION, answer, (LEADER, PLANT_TVER), "Анна Соколова")],
                           ["faithfulness"])  # fmt: skip
    # two statements (razdel's two sentences); the first is in the contexts, the second (Казань) is not
    assert frame.loc[0, "faithfulness"] == pytest.approx(1 / 2)
    assert report["failures"]["faithfulness"]["count"] == 0 and report["tokens"]["prompt"] > 0


def test_context_precision_with_a_useless_first_context(server, tmp_path):
    frame, _ = _score(server, tmp_path, [MetricInput(0, QUESTION, "Анна Соколова.", (USELESS, LEADER, LEADER),
                                                     "Анна Соколова")], ["context_precision"])  # fmt: skip
    # useful = [0, 1, 1]: precision@2 = 1/2 and precision@3 = 2/3 count, averaged over the 2 useful contexts
    assert frame.loc[0, "context_precision"] == pytest.approx((1 / 2 + 2 / 3) / 2)


def test_context_recall_counts_the_reference_statements_the_contexts_hold(server, tmp_path):
    reference = "Анна Соколова возглавила компанию «Северный ветер». Компания открыла завод в Твери."
    frame, _ = _score(server, tmp_path, [MetricInput(0, QUESTION, "Анна Соколова.", (LEADER, USELESS), reference)],
                      ["context_recall"])  # fmt: skip
    assert frame.loc[0, "context_recall"] == pytest.approx(1 / 2)


def test_answer_correctness_blends_statement_f1_with_similarity(server, tmp_path):
    answer = "Анна Соколова возглавила компанию. Компания открыла завод в Казани."
    reference = "Анна Соколова возглавила компанию. Компания открыла завод в Твери."
    inputs = [MetricInput(0, QUESTION, answer, (LEADER,), reference)]
    frame, _ = _score(server, tmp_path, inputs, ["answer_correctness"], correctness_weight=0.75)
    # TP 1 (the leader), FP 1 (Казань), FN 1 (Тверь): F1 = 1 / (1 + (1 + 1) / 2) = 0.5
    similarity = _cosine_by_hand(answer, reference)
    assert similarity == pytest.approx(10 / 11)  # 11 lemma counts each side (компания twice), 10 shared
    assert frame.loc[0, "answer_correctness"] == pytest.approx(0.75 * 0.5 + 0.25 * 10 / 11)
    only_f1, _ = _score(server, tmp_path, inputs, ["answer_correctness"], correctness_weight=1.0)
    assert only_f1.loc[0, "answer_correctness"] == pytest.approx(0.5)


def test_answer_relevancy_is_the_similarity_of_generated_questions(server, tmp_path):
    answer = "Анна Соколова возглавила компанию «Северный ветер» [2]."
    refusal = "Не удалось найти ответ на вопрос."
    inputs = [MetricInput(0, QUESTION, answer, (LEADER,), "Анна Соколова"),
              MetricInput(1, QUESTION, refusal, (LEADER,), "Анна Соколова")]  # fmt: skip
    frame, _ = _score(server, tmp_path, inputs, ["answer_relevancy"])
    # the fake judge asks back the answer's first sentence: {кто, возглавить, компания, северный, ветер}
    # against {анна, соколова, возглавить, компания, северный, ветер}: 4 shared, cosine 4 / sqrt(5 * 6)
    generated = "Анна Соколова возглавила компанию «Северный ветер»?"
    assert _cosine_by_hand(QUESTION, generated) == pytest.approx(4 / math.sqrt(30))
    assert cosine_of_fake(QUESTION, generated) == pytest.approx(4 / math.sqrt(30))
    assert frame.loc[0, "answer_relevancy"] == pytest.approx(4 / math.sqrt(30))
    assert frame.loc[1, "answer_relevancy"] == 0.0  # noncommittal


def cosine_of_fake(a: str, b: str) -> float:
    """The same cosine on the fake's hashed vectors (equal unless two lemmas share a bucket)."""
    u, v = bag_of_lemmas(a), bag_of_lemmas(b)
    return sum(x * y for x, y in zip(u, v, strict=True)) / math.sqrt(sum(x * x for x in u) * sum(y * y for y in v))


def test_a_malformed_judge_reply_is_a_counted_failure_not_a_value(server, tmp_path):
    reworded = "Компанию «Северный ветер» возглавила Анна Соколова."
    inputs = [MetricInput(0, QUESTION, reworded, (LEADER,), "Анна Соколова")] + [
        MetricInput(i, QUESTION, LEADER, (LEADER,), "Анна Соколова") for i in (1, 2)
    ]
    about_first = lambda body: prompt_task(body) == "faithfulness" and reworded in json.dumps(body, ensure_ascii=False)  # noqa: E731,E501
    # not JSON, then (after the repair message) JSON that numbers a statement that does not exist
    server.inject(Reply(content="вердикт: да"), Reply(content='{"verdicts": [{"statement": 7, "verdict": 1}]}'),
                  match=about_first)  # fmt: skip
    frame, report = _score(server, tmp_path, inputs, ["faithfulness", "context_precision"])
    assert math.isnan(frame.loc[0, "faithfulness"]) and frame.loc[[1, 2], "faithfulness"].tolist() == [1.0, 1.0]
    failures = report["failures"]["faithfulness"]
    assert failures["count"] == 1 and "invalid reply after one repair round" in failures["items"][0]["error"]
    assert "1..1" in failures["items"][0]["error"]  # the repaired reply numbered a statement that does not exist
    assert report["failures"]["context_precision"]["count"] == 0 and frame["context_precision"].notna().all()
    assert report["judge_calls"]["failed"] == 1 and report["judge_calls"]["repairs"] == 1


def test_missing_answers_and_empty_retrievals_score_zero_and_refusals_have_no_statements(server, tmp_path):
    inputs = [MetricInput(0, QUESTION, "", (LEADER,), "Анна Соколова"),
              MetricInput(1, QUESTION, "Анна Соколова.", (), "Анна Соколова"),
              MetricInput(2, QUESTION, "Не удалось найти ответ на вопрос.", (LEADER,), "Анна Соколова")]  # fmt: skip
    frame, report = _score(server, tmp_path, inputs, ["faithfulness", "context_precision", "context_recall"])
    assert frame.loc[0, "faithfulness"] == 0.0
    assert frame.loc[1, ["faithfulness", "context_precision", "context_recall"]].tolist() == [0.0, 0.0, 0.0]
    assert math.isnan(frame.loc[2, "faithfulness"])
    assert report["unscored"]["faithfulness"]["count"] == 1 and report["failures"]["faithfulness"]["count"] == 0
    assert "no statements" in json.loads(frame.loc[2, "llm_errors"])["faithfulness"]


def test_judge_replies_and_embeddings_are_cached(server, tmp_path):
    inputs = [MetricInput(0, QUESTION, "Анна Соколова возглавила компанию «Северный ветер».", (LEADER, USELESS),
                          "Анна Соколова")]  # fmt: skip
    first, _ = _score(server, tmp_path, inputs, ["faithfulness", "answer_relevancy", "context_precision",
                                                 "context_recall", "answer_correctness"])  # fmt: skip
    server.reset()
    again, report = _score(server, tmp_path, inputs, ["faithfulness", "answer_relevancy", "context_precision",
                                                      "context_recall", "answer_correctness"])  # fmt: skip
    assert server.requests == [] and report["judge_calls"]["requests"] == 0
    assert again.drop(columns="llm_errors").equals(first.drop(columns="llm_errors"))


def test_failed_embeddings_are_counted_failures_of_the_metrics_that_need_them(server, tmp_path):
    inputs = [MetricInput(0, QUESTION, LEADER, (LEADER,), "Анна Соколова")]
    server.inject(Reply(status=400), match=lambda body: "input" in body)  # a final 4xx from /embeddings
    frame, report = _score(server, tmp_path, inputs, ["answer_relevancy", "faithfulness"])
    assert math.isnan(frame.loc[0, "answer_relevancy"]) and frame.loc[0, "faithfulness"] == 1.0
    assert report["failures"]["answer_relevancy"]["count"] == 1
    assert "embeddings" in report["failures"]["answer_relevancy"]["items"][0]["error"]
