"""The two testbed datasets of a release.

- public testbeds:  id (int, public), testbed, noise_rate, question, documents (list of strings)
- private testbeds: id, answer, answer_items (JSON list), counterfactual_answer (null unless
                    counterfactual), question_public_id (the release's public id of the question
                    the item was made from; the first of two for a joined pair), plus our own
                    columns: source_question_ids (JSON list), document_roles (JSON list, one role
                    per document: positive, negative or counterfactual), item_key

Public ids come from the release's keyed shuffle, in a domain of their own, so a testbed id says
nothing about the question, the texts or the order of construction.
"""

from __future__ import annotations

import json

import pandas as pd

from ..release.tables import PUBLIC_COLUMNS, TESTBED_DATASETS, keyed_ranks

PRIVATE_TESTBED_COLUMNS = [
    "id", "answer", "answer_items", "counterfactual_answer", "question_public_id",
    "source_question_ids", "document_roles", "item_key",
]  # fmt: skip


def _json(values) -> str:
    return json.dumps(list(values), ensure_ascii=False)


def build_testbed_tables(items: pd.DataFrame, private_qa: pd.DataFrame, key: bytes) -> dict[str, pd.DataFrame]:
    """{public_testbeds, private_testbeds} for the month's testbed items. `private_qa` maps the
    items' question ids to the release's public question ids; an item whose question is not in the
    release (it cannot happen when both come from the same benchmark_questions) is an error."""
    public_id_of = dict(zip(private_qa["qa_id"], private_qa["public_id"], strict=True))
    unknown = sorted({q for ids in items["qa_ids"] for q in ids if q not in public_id_of})
    if unknown:
        raise ValueError(f"testbed items refer to questions missing from the release: {', '.join(unknown[:5])}")
    ranks = keyed_ranks(list(items["item_key"]), key, "testbed")
    ids = items["item_key"].map(ranks)
    sources = [[int(public_id_of[q]) for q in qa_ids] for qa_ids in items["qa_ids"]]
    public = pd.DataFrame(
        {
            "id": ids,
            "testbed": items["testbed"],
            "noise_rate": items["noise_rate"].astype(float),
            "question": items["question"],
            "documents": [list(d) for d in items["documents"]],
        },
        columns=PUBLIC_COLUMNS[TESTBED_DATASETS[0]],
    )
    private = pd.DataFrame(
        {
            "id": ids,
            "answer": items["answer"],
            "answer_items": [_json(i) for i in items["answer_items"]],
            "counterfactual_answer": items["counterfactual_answer"],
            "question_public_id": [s[0] for s in sources],
            "source_question_ids": [_json(s) for s in sources],
            "document_roles": [_json(r) for r in items["document_roles"]],
            "item_key": items["item_key"],
        },
        columns=PRIVATE_TESTBED_COLUMNS,
    )
    types = {"id": "int64"}
    public = public.astype({**types, "noise_rate": "float64"}).sort_values("id").reset_index(drop=True)
    private = private.astype({**types, "question_public_id": "int64"}).sort_values("id").reset_index(drop=True)
    private["counterfactual_answer"] = private["counterfactual_answer"].astype(object).where(
        private["counterfactual_answer"].notna(), None
    )
    return {"public_testbeds": public, "private_testbeds": private}
