"""Scoring replies on the testbeds: hand-written replies give the rates a reader would count."""

import json

import pandas as pd
import pytest

from dagster_project.core.scoring.testbeds import (
    TestbedRepliesError,
    extractive_replies,
    load_replies,
    score_testbeds,
    summary_rows,
    write_testbed_scores,
)

REFUSAL = "Не удалось найти ответ на вопрос"
ITEMS = [
    # id, testbed, noise rate, answer items, counterfactual answer, reply (None = missing)
    (0, "noise", 0.0, ["Северный ветер"], None, "Это компания «Северный ветер»."),
    (1, "noise", 0.0, ["Каравай"], None, "Не знаю."),
    (2, "noise", 0.8, ["Каравай"], None, None),
    (3, "negative", 1.0, [], None, "Не удалось найти ответ на вопрос."),
    (4, "negative", 1.0, [], None, "Ответ: Каравай."),
    (5, "counterfactual", 0.4, ["Анна Соколова"], "Нина Ершова",
     "В документах есть фактические ошибки: на самом деле компанию возглавляет Анна Соколова."),
    (6, "counterfactual", 0.4, ["Анна Соколова"], "Нина Ершова", "Компанию возглавляет Нина Ершова."),
    (7, "integration", 0.6, ["Каравай", "Колос"], None, "Каравай и Колос."),
    (8, "integration", 0.6, ["Каравай", "Колос"], None, "Только Каравай."),
]  # fmt: skip


def _tables():
    public = pd.DataFrame(
        {
            "id": [i[0] for i in ITEMS],
            "testbed": [i[1] for i in ITEMS],
            "noise_rate": [i[2] for i in ITEMS],
            "question": "Вопрос?",
            "documents": [["Документ."] for _ in ITEMS],
        }
    )
    private = pd.DataFrame(
        {
            "id": [i[0] for i in ITEMS],
            "answer": [", ".join(i[3]) or REFUSAL for i in ITEMS],
            "answer_items": [json.dumps(i[3], ensure_ascii=False) for i in ITEMS],
            "counterfactual_answer": [i[4] for i in ITEMS],
            "question_public_id": 0,
        }
    )
    return public, private


def _scope(metrics, testbed, rate=None):
    return next(s for s in metrics["scopes"] if s["testbed"] == testbed and s["noise_rate"] == rate)


@pytest.fixture(scope="module")
def scored():
    public, private = _tables()
    replies = {i[0]: i[5] for i in ITEMS if i[5] is not None}
    return score_testbeds(public, private, replies, refusal_phrase=REFUSAL, samples=200, name="hand", version="1.13.0")


def value(metrics, testbed, metric, rate=None):
    return _scope(metrics, testbed, rate)["metrics"][metric]["value"]


def test_hand_written_replies_give_the_expected_rates(scored):
    m = scored.metrics
    assert value(m, "noise", "accuracy") == pytest.approx(1 / 3)
    assert value(m, "noise", "accuracy", 0.0) == 0.5 and value(m, "noise", "accuracy", 0.8) == 0.0
    assert value(m, "noise", "rejection_rate") == 0.0
    assert value(m, "negative", "rejection_rate") == 0.5
    assert "accuracy" not in _scope(m, "negative")["metrics"]  # nothing to answer there
    assert value(m, "counterfactual", "accuracy") == 0.5
    assert value(m, "counterfactual", "error_detection_rate") == 0.5
    assert value(m, "counterfactual", "error_correction_rate") == 0.5
    assert value(m, "counterfactual", "misled_rate") == 0.5
    assert value(m, "integration", "accuracy") == 0.5  # both answers needed
    assert "error_detection_rate" not in _scope(m, "noise")["metrics"]


def test_missing_replies_count_as_wrong_and_are_reported(scored):
    m = scored.metrics
    assert m["missing_replies"] == {"count": 1, "ids": [2]}
    assert _scope(m, "noise", 0.8)["missing_replies"] == 1 and _scope(m, "noise")["n"] == 3
    assert _scope(m, "noise", 0.8)["metrics"]["accuracy"]["n_scored"] == 1


def test_every_rate_has_a_bootstrap_interval_around_it(scored):
    for scope in scored.metrics["scopes"]:
        for cell in scope["metrics"].values():
            assert cell["ci_low"] <= cell["value"] <= cell["ci_high"]
    public, private = _tables()
    point = score_testbeds(public, private, {}, samples=0)
    assert _scope(point.metrics, "noise")["metrics"]["accuracy"] == {
        "value": 0.0, "ci_low": None, "ci_high": None, "n_scored": 3}  # fmt: skip


def test_the_report_section_is_added_to_an_evaluate_report_once(scored, tmp_path):
    (tmp_path / "report.html").write_text("<html><body><h1>Scores</h1></body></html>", encoding="utf-8")
    write_testbed_scores(tmp_path, scored)
    paths = write_testbed_scores(tmp_path, scored)
    report = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert report.count("Robustness testbeds") == 1 and "<h1>Scores</h1>" in report
    assert "<svg" in report and "Accuracy against noise rate" in report
    assert json.loads(paths["json"].read_text(encoding="utf-8"))["items"] == len(ITEMS)
    assert "<svg" in paths["html"].read_text(encoding="utf-8")
    rows = summary_rows(scored.metrics)
    assert {"testbed": "negative", "noise_rate": "all"}.items() <= rows[
        [r["testbed"] for r in rows].index("negative")].items()  # fmt: skip


def test_bad_replies_files_are_refused_with_the_offending_entries(tmp_path):
    public, _ = _tables()
    path = tmp_path / "replies.json"
    for content, message in [
        ("{not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        ('{"99": "x", "abc": "y"}', "unknown testbed id '99'"),
        ('{"1": 5}', "must be a string"),
    ]:
        path.write_text(content, encoding="utf-8")
        with pytest.raises(TestbedRepliesError, match=message):
            load_replies(path, public)
    path.write_text('{"1": "Каравай", "2": null}', encoding="utf-8")
    assert load_replies(path, public) == {1: "Каравай", 2: ""}
    with pytest.raises(TestbedRepliesError, match="cannot read"):
        load_replies(tmp_path / "missing.json", public)


def test_the_extractive_reader_answers_from_the_documents_or_refuses():
    public = pd.DataFrame(
        {
            "id": [0, 1],
            "testbed": ["noise", "negative"],
            "noise_rate": [0.0, 1.0],
            "question": ["Какую компанию возглавляет Анна Соколова?", "Какой хлебозавод возглавляет Нина Ершова?"],
            "documents": [
                ["Погода была ясной. Анна Соколова возглавляет компанию «Северный ветер».", "Банк открыл офис."],
                ["Банк открыл офис.", "Погода была ясной."],
            ],
        }
    )
    replies = extractive_replies(public, refusal_phrase=REFUSAL)
    assert replies == {0: "Анна Соколова возглавляет компанию «Северный ветер».", 1: REFUSAL}
