"""The entity match filter: a question names its subgraph's entities and hides the answer (and the
bridge of a multi-hop question); its answer names the subgraph's answer. Mentions are found by
Levenshtein-based fuzzy matching on lemmas (rapidfuzz).
"""

from __future__ import annotations

import pandas as pd

from ..common.mentions import mention_score
from ..common.russian import lemma_key
from ..graph.rdf import GraphIndex
from ..graph.subgraphs import Subgraph, expected_and_forbidden
from .verdicts import FAIL, FILTER_COLUMNS, PASS


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
