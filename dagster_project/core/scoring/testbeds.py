"""Scoring a generator on the RGB-style testbeds of a release (core/testbeds).

Replies are a JSON object {testbed id: reply text}. Per item, lemma-aware (text.py):

- accuracy: every answer item occurs in the reply (noise, integration, counterfactual; in a
  counterfactual item the answer is the true one, which the documents no longer give);
- rejection_rate: the reply contains the refusal phrase (every testbed; the goal on negative);
- error_detection_rate (counterfactual): the reply says the documents contain factual errors
  (one of the error phrases);
- error_correction_rate (counterfactual): it says so and gives the true answer;
- misled_rate (counterfactual): the reply gives the counterfactual answer.

Each rate is reported per testbed and per testbed and noise rate, with a bootstrap CI over items
(stats.py). A missing or blank reply is scored as wrong (not refused, not detected), never
dropped, and counted.
"""

from __future__ import annotations

import html
import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import razdel

from ..common.russian import is_content_lemma
from ..testbeds.build import DEFAULT_REFUSAL_PHRASE
from .ifeval import is_refusal
from .json_files import read_json_object
from .report import COLORS, _fmt, _html_table, html_page
from .stats import DEFAULT_SAMPLES, bootstrap_ratios
from .text import contains_sequence, lemma_tokens

TESTBED_METRICS = ["accuracy", "rejection_rate", "error_detection_rate", "error_correction_rate", "misled_rate"]
DEFAULT_ERROR_PHRASES = ("фактические ошибки", "документы содержат ошибки", "ошибка в документах")
JSON_FILE, PER_ITEM_FILE, HTML_FILE = "testbeds.json", "testbeds_per_item.parquet", "testbeds.html"
REPORT_FILE = "report.html"  # the report `ragbench evaluate` writes; the testbeds section goes into it
_SECTION_START, _SECTION_END = "<!-- testbeds -->", "<!-- /testbeds -->"


class TestbedRepliesError(ValueError):
    """A replies file that cannot be scored; the message names the offending entries."""
    __test__ = False  # not a pytest test class, despite the name


def load_replies(path: Path | str, public: pd.DataFrame) -> dict[int, str]:
    """{testbed id: reply}; ids not in the file are missing replies. Anything else wrong (not JSON,
    not an object, ids that are not testbed ids, replies that are not strings) is an error."""
    raw = read_json_object(path, "the replies file", "{testbed id: reply}", TestbedRepliesError)
    known = {int(i) for i in public["id"]}
    replies, problems = {}, []
    for key, value in raw.items():
        if not re.fullmatch(r"\d+", str(key).strip()) or int(key) not in known:
            problems.append(f"unknown testbed id {key!r}")
        elif value is not None and not isinstance(value, str):
            problems.append(f"id {key}: the reply must be a string, not {type(value).__name__}")
        else:
            replies[int(key)] = value or ""
    if problems:
        shown = "; ".join(problems[:10]) + (f" (+{len(problems) - 10} more)" if len(problems) > 10 else "")
        raise TestbedRepliesError(f"{path}: {shown}")
    return replies


def _contains_all(reply_lemmas: list[str], items: list[str]) -> bool:
    needles = [lemma_tokens(item) for item in items]
    return bool(needles) and all(contains_sequence(reply_lemmas, n) for n in needles if n)


def item_scores(
    testbed: str, reply: str, items: list[str], counterfactual: str | None, refusal_phrase: str, error_phrases
) -> dict[str, float]:
    """One item's scores; NaN where the metric does not apply to its testbed."""
    nan = float("nan")
    lemmas = lemma_tokens(reply) if reply.strip() else []
    answered = 1.0 if lemmas and _contains_all(lemmas, items) else 0.0
    scores = dict.fromkeys(TESTBED_METRICS, nan)
    scores["rejection_rate"] = 1.0 if lemmas and is_refusal(lemmas, refusal_phrase) else 0.0
    if testbed != "negative":
        scores["accuracy"] = answered
    if testbed == "counterfactual":
        detected = bool(lemmas) and any(contains_sequence(lemmas, lemma_tokens(p)) for p in error_phrases)
        scores["error_detection_rate"] = 1.0 if detected else 0.0
        scores["error_correction_rate"] = 1.0 if detected and answered else 0.0
        misled = bool(lemmas) and bool(counterfactual) and _contains_all(lemmas, [counterfactual])
        scores["misled_rate"] = 1.0 if misled else 0.0
    return scores


@dataclass
class TestbedScores:
    __test__ = False  # not a pytest test class, despite the name
    metrics: dict  # testbeds.json
    per_item: pd.DataFrame


def _cell(estimate, n_scored: int) -> dict:
    def clean(x):
        return None if x is None or (isinstance(x, float) and math.isnan(x)) else round(float(x), 6)

    return {"value": clean(estimate.value), "ci_low": clean(estimate.ci_low), "ci_high": clean(estimate.ci_high),
            "n_scored": n_scored}  # fmt: skip


def _scope(frame: pd.DataFrame, testbed: str, noise_rate, samples: int, seed: int) -> dict:
    values = frame[TESTBED_METRICS].to_numpy(dtype=float)
    defined = ~np.isnan(values)
    estimates = bootstrap_ratios(np.where(defined, values, 0.0), defined.astype(float), samples=samples, seed=seed)
    metrics = {
        name: _cell(estimate, int(defined[:, i].sum()))
        for i, (name, estimate) in enumerate(zip(TESTBED_METRICS, estimates, strict=True))
        if defined[:, i].any()
    }
    return {"testbed": testbed, "noise_rate": noise_rate, "n": int(len(frame)),
            "missing_replies": int(frame["missing"].sum()), "metrics": metrics}  # fmt: skip


def score_testbeds(
    public: pd.DataFrame,
    private: pd.DataFrame,
    replies: dict[int, str],
    *,
    refusal_phrase: str = DEFAULT_REFUSAL_PHRASE,
    error_phrases=DEFAULT_ERROR_PHRASES,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    name: str = "replies",
    version: str = "",
) -> TestbedScores:
    joined = public[["id", "testbed", "noise_rate"]].merge(
        private[["id", "answer_items", "counterfactual_answer"]], on="id", validate="one_to_one"
    )
    rows = []
    for row in joined.itertuples(index=False):
        reply = replies.get(int(row.id), "")
        scores = item_scores(row.testbed, reply, json.loads(row.answer_items), row.counterfactual_answer,
                             refusal_phrase, error_phrases)  # fmt: skip
        rows.append({"id": int(row.id), "testbed": row.testbed, "noise_rate": float(row.noise_rate),
                     "missing": not reply.strip(), **scores})  # fmt: skip
    per_item = pd.DataFrame(rows, columns=["id", "testbed", "noise_rate", "missing", *TESTBED_METRICS])
    scopes = []
    for testbed, group in per_item.groupby("testbed", sort=True):
        scopes.append(_scope(group, str(testbed), None, samples, seed))
        for rate, by_rate in group.groupby("noise_rate", sort=True):
            scopes.append(_scope(by_rate, str(testbed), float(rate), samples, seed))
    missing = per_item.loc[per_item["missing"], "id"].tolist()
    metrics = {
        "name": name,
        "version": version,
        "items": int(len(per_item)),
        "items_per_testbed": dict(Counter(per_item["testbed"])),
        "missing_replies": {"count": len(missing), "ids": missing},
        "config": {"refusal_phrase": refusal_phrase, "error_phrases": list(error_phrases),
                   "bootstrap_samples": samples, "seed": seed},  # fmt: skip
        "scopes": scopes,
    }
    return TestbedScores(metrics, per_item)


def summary_rows(metrics: dict) -> list[dict]:
    """One row per scope: testbed, noise rate (all = every rate), items, missing replies, each rate."""
    return [
        {
            "testbed": scope["testbed"],
            "noise_rate": "all" if scope["noise_rate"] is None else f"{scope['noise_rate']:g}",
            "items": scope["n"],
            "missing": scope["missing_replies"],
            **{name: _fmt(scope["metrics"].get(name)) for name in TESTBED_METRICS},
        }
        for scope in metrics["scopes"]
    ]


HEADLINE = {
    "noise": ("accuracy", "rejection_rate"),
    "negative": ("rejection_rate",),
    "integration": ("accuracy",),
    "counterfactual": ("accuracy", "error_detection_rate", "error_correction_rate", "misled_rate"),
}


def headline_lines(metrics: dict) -> list[str]:
    """One line per testbed with the rates that matter for it, and noise accuracy per noise rate."""
    lines = []
    for testbed, names in HEADLINE.items():
        scope = next((s for s in metrics["scopes"] if s["testbed"] == testbed and s["noise_rate"] is None), None)
        if scope is None:
            lines.append(f"{testbed:<15} no items")
            continue
        rates = ", ".join(f"{name} {_fmt(scope['metrics'].get(name))}" for name in names)
        lines.append(f"{testbed:<15} {scope['n']:>4} items ({scope['missing_replies']} missing): {rates}")
    by_rate = [s for s in metrics["scopes"] if s["testbed"] == "noise" and s["noise_rate"] is not None]
    if by_rate:
        shown = ", ".join(f"{s['noise_rate']:g}: {_fmt(s['metrics'].get('accuracy'))}" for s in by_rate)
        lines.append(f"{'':<15} accuracy by noise rate {shown}")
    return lines


def accuracy_plot_svg(metrics: dict, width: int = 520, height: int = 260) -> str:
    """Accuracy against noise rate on the noise testbed, with the 95% CI as whiskers."""
    points = [
        (s["noise_rate"], s["metrics"]["accuracy"])
        for s in metrics["scopes"]
        if s["testbed"] == "noise" and s["noise_rate"] is not None and "accuracy" in s["metrics"]
    ]
    left, right, top, bottom = 44, 16, 30, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    x = lambda r: left + plot_w * r / 0.8  # noqa: E731  (noise rates 0..0.8)
    y = lambda v: top + plot_h * (1 - max(0.0, min(1.0, v)))  # noqa: E731
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        'aria-label="Accuracy against noise rate" font-family="sans-serif" font-size="11">',
        f'<text x="{left}" y="18" font-size="13" font-weight="bold">Accuracy against noise rate (noise testbed)</text>',
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 4}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:g}</text>')
    for rate in (0, 0.2, 0.4, 0.6, 0.8):
        out.append(f'<text x="{x(rate):.1f}" y="{top + plot_h + 14}" text-anchor="middle">{rate:g}</text>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle">noise rate</text>')
    drawn = [(r, c) for r, c in points if c["value"] is not None]
    if drawn:
        path = " ".join(f"{x(r):.1f},{y(c['value']):.1f}" for r, c in drawn)
        out.append(f'<polyline points="{path}" fill="none" stroke="{COLORS[0]}" stroke-width="2"/>')
    for rate, cell in drawn:
        if cell["ci_low"] is not None:
            out.append(f'<line x1="{x(rate):.1f}" x2="{x(rate):.1f}" y1="{y(cell["ci_low"]):.1f}" '
                       f'y2="{y(cell["ci_high"]):.1f}" stroke="#222"/>')  # fmt: skip
        out.append(
            f'<circle cx="{x(rate):.1f}" cy="{y(cell["value"]):.1f}" r="3.5" fill="{COLORS[0]}">'
            f"<title>noise {rate:g}: {html.escape(_fmt(cell))}</title></circle>"
        )
    out.append("</svg>")
    return "".join(out)


def html_section(metrics: dict) -> str:
    rows = summary_rows(metrics)
    header = list(rows[0]) if rows else ["testbed"]
    missing = metrics["missing_replies"]["count"]
    samples = metrics["config"]["bootstrap_samples"]
    notes = [
        f"{metrics['name']} on the testbeds of {metrics['version'] or 'the release'}: {metrics['items']} items, "
        f"{missing} missing replies (scored as wrong).",
        f"Refusal phrase: «{metrics['config']['refusal_phrase']}». Values with 95% bootstrap CIs over items "
        f"({samples} samples)." if samples else "Point values only (bootstrap disabled).",
    ]
    body = "".join(f"<p>{html.escape(line)}</p>" for line in notes)
    table = _html_table(header, [list(r.values()) for r in rows])
    plot = accuracy_plot_svg(metrics)
    return f"{_SECTION_START}<h2>Robustness testbeds</h2>{body}<div>{plot}</div>{table}{_SECTION_END}"


def add_section(page: str, section: str) -> str:
    """`page` with its testbeds section replaced by `section` (or added at the end of the body)."""
    if _SECTION_START in page and _SECTION_END in page:
        before, rest = page.split(_SECTION_START, 1)
        return before + section + rest.split(_SECTION_END, 1)[1]
    return page.replace("</body>", section + "</body>", 1) if "</body>" in page else page + section


def write_testbed_scores(out_dir: Path | str, scores: TestbedScores) -> dict[str, Path]:
    """testbeds.json, the per-item scores, testbeds.html; and the section in report.html when the
    folder holds a scored run (`ragbench evaluate --out` the same folder first)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"json": out / JSON_FILE, "per_item": out / PER_ITEM_FILE, "html": out / HTML_FILE}
    paths["json"].write_text(json.dumps(scores.metrics, ensure_ascii=False, indent=2), encoding="utf-8")
    scores.per_item.to_parquet(paths["per_item"], index=False)
    section = html_section(scores.metrics)
    paths["html"].write_text(html_page(f"ragbench testbeds: {scores.metrics['name']}", section), encoding="utf-8")
    report = out / REPORT_FILE
    if report.exists():
        report.write_text(add_section(report.read_text(encoding="utf-8"), section), encoding="utf-8")
        paths["report"] = report
    return paths


# --- the offline extractive reader ---------------------------------------------------------------

READER_MIN_COVERAGE = 0.5


def _content(text: str) -> set[str]:
    return {lemma for lemma in lemma_tokens(text) if is_content_lemma(lemma)}


def _sentences(document: str) -> list[tuple[str, set[str]]]:
    """The sentences of a document, each with its content lemmas."""
    return [(s.text, _content(s.text)) for s in razdel.sentenize(document)]


def extractive_replies(
    public: pd.DataFrame, *, refusal_phrase: str = DEFAULT_REFUSAL_PHRASE, min_coverage: float = READER_MIN_COVERAGE
) -> dict[int, str]:
    """A reader with no model: the sentence of the documents that shares the most IDF-weighted
    question lemmas; the refusal phrase when even that one covers under `min_coverage` of the
    question's weight. It never notices counterfactual errors, so its error rates are the floor."""
    # A chunk is a document of many items: each distinct document is cut and lemmatized once, and
    # counted as often as items use it.
    uses = Counter(str(d) for docs in public["documents"] for d in docs)
    sentences = {document: _sentences(document) for document in uses}
    frequency: Counter = Counter()
    for document, n in uses.items():
        for lemma in _content(document):
            frequency[lemma] += n
    total = max(1, sum(len(docs) for docs in public["documents"]))
    idf = {lemma: math.log(1 + total / df) for lemma, df in frequency.items()}
    replies = {}
    for item_id, question, docs in zip(public["id"], public["question"], public["documents"], strict=True):
        query = _content(str(question))
        weight = sum(idf.get(lemma, 0.0) for lemma in query)
        best, best_score = "", 0.0
        for sentence, content in (pair for d in docs for pair in sentences[str(d)]):
            score = sum(idf.get(lemma, 0.0) for lemma in query & content)
            if score > best_score:
                best, best_score = sentence, score
        covered = weight > 0 and best_score / weight >= min_coverage
        replies[int(item_id)] = best if covered else refusal_phrase
    return replies
