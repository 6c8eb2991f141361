"""Question generation with an LLM: one prompt per subgraph type (prompts/qa_<type>.j2).

The input is the subgraph's triples in words; the reply is {question, answer}. Replies are checked
against the rules of the type before they are accepted (a broken rule goes back to the model once,
with the reason): the question must not contain the answer; mh must not name the bridge; cond
must name the entities of both facts; set's answer must list every item.
"""

from __future__ import annotations

from pydantic import BaseModel, Field, field_validator

from ..common.mentions import mention_score
from ..common.russian import lemma_key
from ..graph.rdf import GraphIndex
from ..graph.subgraphs import Subgraph, expected_and_forbidden
from ..llm.client import LLMTask, ReplyInvalid, pydantic_parser
from ..llm.prompts import QA_PROMPTS, render_messages


class QAReply(BaseModel):
    question: str = Field(min_length=8, max_length=600)
    answer: str = Field(min_length=1, max_length=600)

    @field_validator("question", "answer")
    @classmethod
    def _single_spaced(cls, value: str) -> str:
        return " ".join(value.split())


def qa_input(subgraph: Subgraph, index: GraphIndex) -> dict:
    """What the prompt shows: facts in words, the answer, and for mh the anchor and the bridge."""
    item: dict = {
        "facts": [
            {"subject": index.node(s).label, "relation": index.relations[r].label, "object": index.node(o).label}
            for s, r, o in subgraph.triples
        ],
        "answer": [index.node(a).label for a in subgraph.answer],
    }
    if subgraph.asked_by_type:
        item["answer_called"] = "организация"  # not its class noun: another kind of organization fits too
    if subgraph.type == "mh":
        item = {"facts": item["facts"], "anchor": index.node(subgraph.anchor).label,
                "bridge": index.node(subgraph.bridge).label, "answer": item["answer"]}  # fmt: skip
    return item


def qa_rules(subgraph: Subgraph, index: GraphIndex, threshold: float):
    """The checks a reply must pass for this subgraph (raise ReplyInvalid with the reason)."""
    expected, forbidden = expected_and_forbidden(subgraph)
    expected_labels = [index.node(n).label for n in expected]
    answer_labels = [index.node(a).label for a in subgraph.answer]
    bridge_label = index.node(subgraph.bridge).label if subgraph.bridge else None

    def check(reply: QAReply) -> None:
        problems = []
        question_key, answer_key = lemma_key(reply.question), lemma_key(reply.answer)
        if "?" not in reply.question:
            problems.append("the question must be a question (with '?')")
        for node in forbidden:
            label = index.node(node).label
            if mention_score(label, question_key) >= threshold:
                role = "bridge (describe it without naming it)" if label == bridge_label else "answer"
                problems.append(f"the question names the {role} «{label}»")
        for label in expected_labels:
            if mention_score(label, question_key) < threshold:
                problems.append(f"the question must name «{label}»")
        for label in answer_labels:
            if mention_score(label, answer_key) < threshold:
                problems.append(f"the answer must name «{label}»")
        if problems:
            raise ReplyInvalid("; ".join(problems))

    return check


def qa_task(subgraph: Subgraph, index: GraphIndex, *, threshold: float = 85.0) -> LLMTask:
    """The request for one subgraph (KeyError when the graph does not describe one of its terms)."""
    return LLMTask(
        item_id=subgraph.subgraph_id,
        messages=render_messages(QA_PROMPTS[subgraph.type], item=qa_input(subgraph, index)),
        parse=pydantic_parser(QAReply, qa_rules(subgraph, index, threshold)),
    )
