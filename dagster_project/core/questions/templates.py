"""Offline question generation: grammatical Russian templates per subgraph type.

Relations are stored as frames (verb lemma, folded direct object, preposition, case), so a
question can put the verb in the right tense and gender and the named entity in the case the
verb governs ("подписать соглашение с" + instrumental -> "с Олегом Мельниковым").

    simple  "С кем подписала соглашение Анна Соколова?"
    set     "Кому выдал кредит банк «Заречный»? Назовите всех."
    cond    "Кто посетил Казань и подписал соглашение с ВТУ?"
    mh      "Кто возглавляет компанию, которая открыла новый завод в Твери?"
"""

from __future__ import annotations

from dataclasses import dataclass

from ..common.russian import grammatical_gender, inflect_adjective, inflect_phrase, morph, verb_form
from ..graph.rdf import GraphIndex, NodeInfo, RelationFrame
from ..graph.subgraphs import Subgraph

GENERATOR = "template-ru-v1"

_WHO = {"nomn": "кто", "gent": "кого", "datv": "кому", "accs": "кого", "ablt": "кем", "loct": "ком"}
_WHAT = {"nomn": "что", "gent": "чего", "datv": "чему", "accs": "что", "ablt": "чем", "loct": "чём"}
_KIND_NOUNS = {"PER": "человек", "ORG": "организация", "LOC": "место", "OTHER": "объект"}
_PLACE_PREPOSITIONS = {"в", "на"}
_DATE_QUESTION = {"с": "с какого времени", "до": "до какого времени", "к": "к какому сроку"}
_NUMBER_PREPOSITIONS = {"на", "до", "в", "от", "около"}


class QuestionError(ValueError):
    """The subgraph cannot be put into a question (recorded as a per-item failure)."""


@dataclass(frozen=True)
class QA:
    question: str
    answer: str
    answer_items: list[str]


# --- naming nodes --------------------------------------------------------------------------------


def node_gender(node: NodeInfo) -> str:
    if node.descriptor:
        return grammatical_gender(node.descriptor)
    if node.type == "PER":
        first = node.label.split(" ")[0]
        for parse in morph().parse(first):
            if {"Name"} & parse.tag.grammemes or {"Surn"} & parse.tag.grammemes:
                return str(parse.tag.gender or "masc")
        return "masc"
    return grammatical_gender(node.label)


def name(node: NodeInfo, case: str = "nomn") -> str:
    """How a node is named in a question, in the given case."""
    if node.type in {"NUM", "DATE"} or case in {"", "date"}:
        return node.label if not node.descriptor else f"{node.descriptor} «{node.label}»"
    if node.descriptor:
        return f"{inflect_phrase(node.descriptor, case)} «{node.label}»"
    return inflect_phrase(node.label, case, person=node.type == "PER")


def _kind_noun(node: NodeInfo) -> str:
    return node.descriptor or _KIND_NOUNS.get(node.type, "объект")


def _wh_object(node: NodeInfo, frame: RelationFrame) -> str:
    """The question word for a node that fills the complement slot of `frame`."""
    case, prep = frame.case, frame.preposition
    for special in (_wh_literal, _wh_place):
        word = special(node, case, prep)
        if word is not None:
            return word
    grammatical_case = case if case in _WHO else "accs"
    if node.descriptor:
        gender = grammatical_gender(node.descriptor)
        animate = "anim" in (morph().parse(node.descriptor)[0].tag.grammemes)
        which = inflect_adjective("какой", gender, grammatical_case, animate)
        return f"{prep} {which} {inflect_phrase(node.descriptor, grammatical_case)}".strip()
    table = _WHO if node.type == "PER" else _WHAT
    if node.type == "ORG" and grammatical_case not in {"accs", "nomn"}:
        table = _WHO  # "с кем подписал соглашение", "кому выдал кредит"
    return f"{prep} {table[grammatical_case]}".strip()


def _wh_literal(node: NodeInfo, case: str, prep: str) -> str | None:
    """The question word of a date ("когда", "с какого времени") or a number ("сколько"); None otherwise."""
    if node.type == "DATE" or case == "date":
        return _DATE_QUESTION.get(prep, "когда")
    if node.type != "NUM":
        return None
    if prep and prep not in _NUMBER_PREPOSITIONS:
        raise QuestionError(f"no natural question word for a number after '{prep}'")
    return f"{prep} сколько".strip()


def _wh_place(node: NodeInfo, case: str, prep: str) -> str | None:
    """The question word of a place after a preposition of place ("где", "куда", "откуда"); None otherwise."""
    if node.type != "LOC":
        return None
    if prep in _PLACE_PREPOSITIONS and case == "loct":
        return "где"
    if prep in _PLACE_PREPOSITIONS and case == "accs":
        return "куда"
    if prep in {"из", "с"} and case == "gent":
        return "откуда"
    return None


def _wh_subject(node: NodeInfo) -> tuple[str, str]:
    """Question word for a node in subject position, and the gender its verb takes."""
    if node.descriptor:
        gender = grammatical_gender(node.descriptor)
        return f"{inflect_adjective('какой', gender, 'nomn')} {node.descriptor}", gender
    if node.type in {"PER", "ORG"}:
        return "кто", "masc"
    return "что", "neut"


def _tail(frame: RelationFrame, obj: NodeInfo) -> str:
    """Complement and object after the verb: 'соглашение с Олегом Мельниковым'."""
    return " ".join(p for p in (frame.complement, frame.preposition, name(obj, frame.case)) if p)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _clean(text: str) -> str:
    return " ".join(text.split()).replace(" ,", ",").replace(" ?", "?")


# --- clauses ------------------------------------------------------------------------------------


def _ask_object(subject: NodeInfo, frame: RelationFrame, answer: NodeInfo) -> str:
    verb = verb_form(frame.verb, node_gender(subject))
    return f"{_wh_object(answer, frame)} {verb} {frame.complement} {name(subject)}"


def _ask_subject(answer: NodeInfo, frame: RelationFrame, obj: NodeInfo) -> str:
    wh, gender = _wh_subject(answer)
    return f"{wh} {verb_form(frame.verb, gender)} {_tail(frame, obj)}"


def _relative_clause(kind: str, x_is_subject: bool, frame: RelationFrame, other: NodeInfo, animate: bool) -> str:
    """'которая открыла новый завод в Твери' / 'с которым подписала соглашение Анна Соколова'."""
    gender = grammatical_gender(kind)
    if x_is_subject:
        which = inflect_adjective("который", gender, "nomn")
        return f"{which} {verb_form(frame.verb, gender)} {_tail(frame, other)}"
    if frame.case == "date":
        raise QuestionError("a date cannot be described by a relative clause")
    case = frame.case if frame.case in _WHO else "accs"
    which = inflect_adjective("который", gender, case, animate)
    return f"{frame.preposition} {which} {verb_form(frame.verb, node_gender(other))} {frame.complement} {name(other)}"


def _description(node: NodeInfo, x_is_subject: bool, frame: RelationFrame, other: NodeInfo, case: str = "nomn") -> str:
    """'компанию, которая открыла завод в Твери': a node described without its name."""
    kind = _kind_noun(node)
    animate = node.type == "PER"
    return f"{inflect_phrase(kind, case)}, {_relative_clause(kind, x_is_subject, frame, other, animate)},"


# --- per type -----------------------------------------------------------------------------------


def _frame(index: GraphIndex, relation: str) -> RelationFrame:
    try:
        return index.relations[relation]
    except KeyError:
        raise QuestionError(f"relation {relation} has no description in the graph") from None


def generate_question(subgraph: Subgraph, index: GraphIndex) -> QA:
    generators = {"simple": _simple, "set": _set, "cond": _cond, "mh": _multihop}
    question = generators[subgraph.type](subgraph, index)
    labels = [index.node(a).label for a in subgraph.answer]
    answer = ", ".join(labels)
    return QA(question=_cap(_clean(question)), answer=answer, answer_items=labels)


def _simple(sg: Subgraph, index: GraphIndex) -> str:
    s, r, o = sg.triples[0]
    subject, obj, frame = index.node(s), index.node(o), _frame(index, r)
    if sg.answer[0] == o:
        return _ask_object(subject, frame, obj) + "?"
    return _ask_subject(subject, frame, obj) + "?"


def _set(sg: Subgraph, index: GraphIndex) -> str:
    anchor = index.node(sg.anchor)
    frame = _frame(index, sg.triples[0][1])
    partner = index.node(sg.answer[0])
    everyone = "Назовите всех." if partner.type in {"PER", "ORG"} else "Назовите все варианты."
    # partners may differ in kind ("компания", "стартап"): ask with the generic word
    generic = NodeInfo(partner.label, partner.type)
    if sg.triples[0][0] == sg.anchor:
        return f"{_ask_object(anchor, frame, generic)}? {everyone}"
    return f"{_ask_subject(generic, frame, anchor)}? {everyone}"


def _cond(sg: Subgraph, index: GraphIndex) -> str:
    x_key = sg.answer[0]
    x = index.node(x_key)
    facts = []
    for s, r, o in sg.triples:
        x_is_subject = s == x_key
        facts.append((x_is_subject, _frame(index, r), index.node(o if x_is_subject else s)))
    (_, frame_1, other_1), (_, frame_2, other_2) = facts
    if frame_1.verb == frame_2.verb and other_1 == other_2:
        raise QuestionError("both conditions say the same thing about the same partner")
    if all(is_subject for is_subject, _, _ in facts):
        wh, gender = _wh_subject(x)
        (_, frame_a, other_a), (_, frame_b, other_b) = facts
        if frame_a == frame_b:  # one relation, two partners: "посетил ВТУ и Каменногорский комбинат"
            both = f"{name(other_a, frame_a.case)} и {name(other_b, frame_a.case)}"
            parts = [wh, verb_form(frame_a.verb, gender), frame_a.complement, frame_a.preposition, both]
            return " ".join(p for p in parts if p) + "?"
        predicates = [f"{verb_form(frame.verb, gender)} {_tail(frame, other)}" for _, frame, other in facts]
        return f"{wh} {predicates[0]} и {predicates[1]}?"
    kind = _kind_noun(x)
    animate = x.type == "PER"
    clauses = [_relative_clause(kind, is_subject, frame, other, animate) for is_subject, frame, other in facts]
    lead = "Кто тот человек" if x.type == "PER" else f"Как называется {kind}"
    return f"{lead}, {clauses[0]} и {clauses[1]}?"


def _multihop(sg: Subgraph, index: GraphIndex) -> str:
    q_key, b_key, x_key = sg.anchor, sg.bridge, sg.answer[0]
    (s1, r1, o1), (s2, r2, o2) = sg.triples
    bridge = index.node(b_key)
    frame1, frame2 = _frame(index, r1), _frame(index, r2)
    if frame1.verb == frame2.verb:
        raise QuestionError("both hops use the same verb; the question would read as a tautology")
    q_node = index.node(q_key)
    bridge_is_subject_1 = s1 == b_key
    x = index.node(x_key)
    if s2 == x_key:  # (x r2 b): x is the subject, the bridge is described in r2's case
        wh, gender = _wh_subject(x)
        if frame2.case == "date":
            raise QuestionError("a bridge in a date slot cannot be described")
        described = _description(bridge, bridge_is_subject_1, frame1, q_node, frame2.case or "accs")
        parts = [wh, verb_form(frame2.verb, gender), frame2.complement, frame2.preposition, described]
        return " ".join(p for p in parts if p).rstrip(",") + "?"
    # (b r2 x): the bridge is the subject of r2
    described = _description(bridge, bridge_is_subject_1, frame1, q_node, "nomn").rstrip(",")
    verb = verb_form(frame2.verb, grammatical_gender(_kind_noun(bridge)))
    return f"{_wh_object(x, frame2)} {verb} {frame2.complement} {described}?"
