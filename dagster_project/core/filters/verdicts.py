"""Question filters that need no model: named-entity presence (Natasha) and entity match
(Levenshtein-based fuzzy matching with rapidfuzz), plus the 'skipped' verdict of model-backed
filters that have no model configured.

Every filter returns one row per question: qa_id, score, verdict (pass / fail / skipped), reason.
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
from rapidfuzz import fuzz

from ..common.russian import lemma_key, parse_document
from ..graph.rdf import GraphIndex
from ..graph.subgraphs import Subgraph

FILTER_COLUMNS = ["qa_id", "score", "verdict", "reason"]
PASS, FAIL, SKIPPED = "pass", "fail", "skipped"


def skipped(qa: pd.DataFrame, reason: str) -> pd.DataFrame:
    """A model-backed filter with no model: every question is marked skipped, never passed."""
    return pd.DataFrame(
        {"qa_id": qa["qa_id"], "score": float("nan"), "verdict": SKIPPED, "reason": reason}, columns=FILTER_COLUMNS
    )


def mention_score(name: str, text_key: str) -> float:
    """0-100: how well `name` is mentioned in a lemmatized text (partial Levenshtein ratio on lemmas).

    Short names (abbreviations like "ВТУ") must match a whole lemma exactly; fuzzy matching
    would find them everywhere.
    """
    name_key = lemma_key(name)
    if not name_key:
        return 0.0
    if len(name_key) <= 4:
        return 100.0 if name_key in text_key.split(" ") else 0.0
    return float(fuzz.partial_ratio(name_key, text_key))


def article_entities(text: str) -> list[str]:
    """Normal forms of the named entities Natasha finds in a text."""
    doc = parse_document(text, syntax=False)
    return sorted({span.normal or span.text for span in doc.spans})


def ner_presence(
    qa: pd.DataFrame,
    articles: pd.DataFrame,
    *,
    threshold: float = 90.0,
    entities_of: Callable[[str], list[str]] = article_entities,
) -> pd.DataFrame:
    """Pass when the question or answer mentions a named entity of its source articles."""
    text_by_id = dict(zip(articles["article_id"], articles["title"] + "\n" + articles["text"], strict=True))
    cache: dict[str, list[str]] = {}
    rows = []
    for row in qa.itertuples(index=False):
        entities: set[str] = set()
        missing = [a for a in row.article_ids if a not in text_by_id]
        for article_id in row.article_ids:
            if article_id in text_by_id:
                if article_id not in cache:
                    cache[article_id] = entities_of(text_by_id[article_id])
                entities.update(cache[article_id])
        text_key = lemma_key(f"{row.question} {row.answer}")
        found = sorted(e for e in entities if mention_score(e, text_key) >= threshold)
        if missing:
            verdict, reason = FAIL, f"source articles not found: {', '.join(missing)}"
        elif found:
            verdict, reason = PASS, "mentions " + "; ".join(found[:5])
        else:
            verdict, reason = FAIL, f"none of the {len(entities)} named entities of its sources is mentioned"
        rows.append({"qa_id": row.qa_id, "score": float(len(found)), "verdict": verdict, "reason": reason})
    return pd.DataFrame(rows, columns=FILTER_COLUMNS)


def expected_and_forbidden(subgraph: Subgraph) -> tuple[list[str], list[str]]:
    """Nodes a question must name, and nodes it must not (the answer; for mh, also the bridge)."""
    nodes: list[str] = []
    for s, _, o in subgraph.triples:
        for node in (s, o):
            if node not in nodes:
                nodes.append(node)
    forbidden = list(subgraph.answer) + ([subgraph.bridge] if subgraph.bridge else [])
    return [n for n in nodes if n not in forbidden], forbidden


def entity_match(
    qa: pd.DataFrame, subgraphs: dict[str, Subgraph], index: GraphIndex, *, threshold: float = 85.0
) -> pd.DataFrame:
    """Does the question name the subgraph's entities (and not the answer or the bridge), and
    does the answer name the subgraph's answer? Score: the weakest expected mention, 0-1."""
    rows = []
    for row in qa.itertuples(index=False):
        subgraph = subgraphs.get(row.subgraph_id)
        if subgraph is None:
            rows.append(
                {"qa_id": row.qa_id, "score": 0.0, "verdict": FAIL, "reason": f"unknown subgraph {row.subgraph_id}"}
            )
            continue
        expected, forbidden = expected_and_forbidden(subgraph)
        question_key = lemma_key(row.question)
        answer_key = lemma_key(row.answer)
        problems = []
        scores = []
        for node in expected:
            label = index.node(node).label
            score = mention_score(label, question_key)
            scores.append(score)
            if score < threshold:
                problems.append(f"question does not name {label!r}")
        for node in forbidden:
            label = index.node(node).label
            if mention_score(label, question_key) >= threshold:
                role = "bridge" if node == subgraph.bridge else "answer"
                problems.append(f"question gives away the {role} {label!r}")
        for node in subgraph.answer:
            label = index.node(node).label
            if mention_score(label, answer_key) < threshold:
                problems.append(f"answer does not name {label!r}")
        score = min(scores) / 100 if scores else 0.0
        verdict = FAIL if problems else PASS
        reason = "; ".join(problems) if problems else "all subgraph entities named, answer and bridge hidden"
        rows.append({"qa_id": row.qa_id, "score": score, "verdict": verdict, "reason": reason})
    return pd.DataFrame(rows, columns=FILTER_COLUMNS)
