"""Reports of one scored run: Markdown, and a self-contained HTML page whose plots are inline SVG
(no scripts, no CDN, nothing fetched when the page is opened)."""

from __future__ import annotations

import html
import math

from .evaluate import run_metric_names

HEADLINE_METRICS = ["hit@5", "recall@5", "ndcg@5", "mrr", "containment", "token_f1", "rougeL", "ifeval_correctness"]
PLOT_GROUPS = {
    "Retrieval": ["hit@5", "recall@5", "precision@5", "ndcg@5", "mrr"],
    "Answers": ["exact_match", "containment", "token_f1", "rouge1", "rougeL"],
    "IFEval checks": ["ifeval_include", "ifeval_exclude", "ifeval_cite", "ifeval_correctness", "ifeval_safety"],
    "LLM judge (RAGAS)": ["faithfulness", "answer_relevancy", "context_precision", "context_recall",
                          "answer_correctness"],
}
COLORS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1"]


def _fmt(cell: dict | None) -> str:
    if not cell or cell.get("value") is None:
        return "n/a"
    text = f"{cell['value']:.3f}"
    if cell.get("ci_low") is not None:
        text += f" [{cell['ci_low']:.3f}, {cell['ci_high']:.3f}]"
    return text


def _metric_rows(metrics: dict, names: list[str]) -> list[list[str]]:
    scopes = list(metrics["metrics"])
    rows = []
    for name in names:
        overall = metrics["metrics"]["overall"][name]
        rows.append(
            [name] + [_fmt(metrics["metrics"][s][name]) for s in scopes] + [f"{overall['n_scored']}/{overall['n']}"]
        )
    return rows


def _md_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c).replace("|", "\\|") for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _summary_lines(metrics: dict) -> list[str]:
    per_type = ", ".join(f"{t} {n}" for t, n in metrics["questions_per_type"].items())
    missing, empty = metrics["missing_answers"], metrics["empty_retrievals"]
    samples = metrics["config"]["bootstrap_samples"]
    return [
        f"Release {metrics['version']}: {metrics['questions']} questions ({per_type}).",
        f"Missing answers (scored as wrong): {missing['count']}. Empty retrievals (scored 0): {empty['count']}.",
        f"Values with 95% bootstrap confidence intervals over questions ({samples} samples)"
        if samples
        else "Point values only (bootstrap disabled).",
    ]


def llm_judge_lines(metrics: dict) -> list[str]:
    """The LLM judge's part of a report: who judged, what it cost, and what failed or has no value."""
    llm = metrics.get("llm_metrics")
    if not llm:
        return []
    tokens, calls = llm["tokens"], llm["judge_calls"]
    cost = llm.get("estimated_cost_usd")
    embeddings = llm.get("embeddings") or {}
    lines = [
        f"Judge {llm['judge']['model']} at {llm['judge']['endpoint']}"
        + (f"; embeddings {embeddings['model']}" if embeddings else "")
        + f"; answer correctness = {llm['correctness_weight']:g} x statement F1 + "
        f"{1 - llm['correctness_weight']:g} x similarity.",
        f"Judge calls: {calls['ok']} ok, {calls['failed']} failed, {calls['from_cache']} from the cache, "
        f"{calls['requests']} requests; tokens {tokens['prompt']} prompt + {tokens['completion']} completion; "
        + (f"estimated cost ${cost:.4f}." if cost is not None else "no prices given, so no cost estimate."),
    ]
    for metric in llm["metrics"]:
        failed, unscored = llm["failures"][metric], llm["unscored"][metric]
        if failed["count"] or unscored["count"]:
            reasons = "; ".join(f"{reason}: {n}" for reason, n in unscored["reasons"].items())
            lines.append(
                f"{metric}: {failed['count']} failed judge item(s)"
                + (f" (e.g. question {failed['items'][0]['public_id']}: {failed['items'][0]['error']})"
                   if failed["count"] else "")  # fmt: skip
                + (f", {unscored['count']} without a value ({reasons})" if unscored["count"] else "")
                + "; neither counts in the mean, and the coverage column shows them."
            )
    return lines


def markdown_report(metrics: dict) -> str:
    scopes = list(metrics["metrics"])
    header = ["metric"] + scopes + ["coverage"]
    names = run_metric_names(metrics["config"]["ks"], metrics["metrics"]["overall"])
    dragon_rows = [
        [scope]
        + [f"{block['retrieval'][m]:.4f}" for m in ("hit_rate", "mrr", "precision")]
        + [f"{block['generation'][m]:.4f}" for m in ("rouge1", "rougeL", "substr_match")]
        for scope, block in metrics["dragon"].items()
    ]
    parts = [
        f"# Scores of {metrics['name']}",
        "",
        *_summary_lines(metrics),
        "",
        "## Headline",
        "",
        _md_table(header, _metric_rows(metrics, [n for n in HEADLINE_METRICS if n in names])),
        "",
        "## All metrics",
        "",
        "Coverage: questions that define the metric / questions in the release (set metrics exist only for set "
        "questions; Exclude only for questions with a hidden bridge entity; Refuse only for questions that "
        "should be refused).",
        "",
        _md_table(header, _metric_rows(metrics, names)),
        "",
        *(["## LLM judge (RAGAS-style metrics)", "", *[f"- {line}" for line in llm_judge_lines(metrics)], ""]
          if metrics.get("llm_metrics") else []),  # fmt: skip
        "## DRAGON's definitions (comparable with its leaderboard)",
        "",
        _md_table(["scope", "hit_rate", "mrr", "precision", "rouge1", "rougeL", "substr_match"], dragon_rows),
        "",
    ]
    return "\n".join(parts)


def bar_chart_svg(title: str, metrics: dict, names: list[str], width: int = 640, height: int = 260) -> str:
    """Grouped bars: one group per metric, one bar per scope, CI as a whisker."""
    scopes = list(metrics["metrics"])
    left, right, top, bottom = 40, 10, 30, 50
    plot_w, plot_h = width - left - right, height - top - bottom
    group_w = plot_w / max(1, len(names))
    bar_w = group_w * 0.8 / max(1, len(scopes))
    y = lambda v: top + plot_h * (1 - max(0.0, min(1.0, v)))  # noqa: E731
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{html.escape(title)}" font-family="sans-serif" font-size="11">',
        f'<text x="{left}" y="18" font-size="13" font-weight="bold">{html.escape(title)}</text>',
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 4}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:g}</text>')
    for g, name in enumerate(names):
        x0 = left + g * group_w + group_w * 0.1
        for s, scope in enumerate(scopes):
            cell = metrics["metrics"][scope].get(name) or {}
            value = cell.get("value")
            if value is None or (isinstance(value, float) and math.isnan(value)):
                continue
            x = x0 + s * bar_w
            color = COLORS[s % len(COLORS)]
            out.append(
                f'<rect x="{x:.1f}" y="{y(value):.1f}" width="{bar_w - 1:.1f}" height="{top + plot_h - y(value):.1f}" '
                f'fill="{color}"><title>{html.escape(scope)} {html.escape(name)}: {_fmt(cell)}</title></rect>'
            )
            if cell.get("ci_low") is not None:
                cx = x + (bar_w - 1) / 2
                out.append(
                    f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(cell["ci_low"]):.1f}" y2="{y(cell["ci_high"]):.1f}" '
                    'stroke="#222"/>'
                )
        label_x = left + g * group_w + group_w / 2
        out.append(f'<text x="{label_x:.1f}" y="{top + plot_h + 14}" text-anchor="middle">{html.escape(name)}</text>')
    for s, scope in enumerate(scopes):
        lx = left + s * 80
        out.append(f'<rect x="{lx}" y="{height - 18}" width="10" height="10" fill="{COLORS[s % len(COLORS)]}"/>')
        out.append(f'<text x="{lx + 14}" y="{height - 9}">{html.escape(scope)}</text>')
    out.append("</svg>")
    return "".join(out)


def _html_table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


PAGE_STYLE = (
    "body{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}"
    "table{border-collapse:collapse;margin:1em 0;font-size:13px}"
    "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}th{background:#f3f3f3}"
)


def html_page(title: str, body: str) -> str:
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{PAGE_STYLE}</style></head><body>{body}</body></html>\n"
    )


def html_report(metrics: dict) -> str:
    scopes = list(metrics["metrics"])
    header = ["metric"] + scopes + ["coverage"]
    names = run_metric_names(metrics["config"]["ks"], metrics["metrics"]["overall"])
    plots = "".join(
        f"<div>{bar_chart_svg(title, metrics, [n for n in group if n in names])}</div>"
        for title, group in PLOT_GROUPS.items()
        if any(n in names for n in group)
    )
    summary = "".join(f"<p>{html.escape(line)}</p>" for line in _summary_lines(metrics))
    body = (
        f"<h1>Scores of {html.escape(metrics['name'])}</h1>{summary}{plots}"
        f"<h2>All metrics</h2>{_html_table(header, _metric_rows(metrics, names))}"
    )
    if metrics.get("llm_metrics"):
        body += "<h2>LLM judge (RAGAS-style metrics)</h2>" + "".join(
            f"<p>{html.escape(line)}</p>" for line in llm_judge_lines(metrics)
        )
    return html_page(f"ragbench scores: {metrics['name']}", body)
