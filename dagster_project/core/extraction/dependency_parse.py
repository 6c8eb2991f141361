"""Offline triplet extraction from Natasha's dependency parse.

For every finite active verb with a subject, each complement (direct and indirect object,
oblique, or a prepositional modifier of the direct object) gives one triplet:

    (subject, verb lemma [+ direct object] [+ preposition], complement)

e.g. "Компания «Северный ветер» открыла новый завод в Твери" ->
("Северный ветер", "открыть новый завод в", "Тверь"). Named entities come from Natasha's NER
(with their normal forms), numbers and dates are kept as literal objects, pronouns are skipped,
and conjunctions ("A и B") fan out. A triplet needs a named entity on at least one side.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import asdict, dataclass

import pandas as pd

from ..common.russian import (
    UD_CASE_TO_PYMORPHY,
    can_be_dative,
    parse_document,
    restore_yo,
    span_nominative,
    syntax_normal_form,
)

EXTRACTOR_NAME = "natasha-syntax-v1"
ENTITY_TYPES = {"PER", "ORG", "LOC"}
MONTH_LEMMAS = {
    "январь",
    "февраль",
    "март",
    "апрель",
    "май",
    "июнь",
    "июль",
    "август",
    "сентябрь",
    "октябрь",
    "ноябрь",
    "декабрь",
}
_SUBJECT_RELS = {"nsubj"}
_COMPLEMENT_RELS = {"obj", "iobj", "obl"}
_PHRASE_RELS = {
    "amod",
    "nmod",
    "flat",
    "flat:name",
    "flat:foreign",
    "nummod",
    "nummod:gov",
    "appos",
    "compound",
    "fixed",
    "det",
}
_NOMINAL_POS = {"NOUN", "PROPN", "NUM", "X"}
_QUOTED_AFTER_RE = re.compile(r"\s*[«\"]([^«»\"]{1,80})[»\"]")

RAW_TRIPLET_COLUMNS = [
    "article_id",
    "subject",
    "relation",
    "object",
    "extractor",
    "sentence_index",
    "sentence",
    "subject_normal",
    "subject_type",
    "subject_descriptor",
    "verb",
    "complement",
    "preposition",
    "case",
    "object_normal",
    "object_type",
    "object_descriptor",
]


@dataclass(frozen=True)
class Mention:
    text: str  # as written in the sentence
    normal: str  # nominative normal form (entities, phrases) or the text itself (literals)
    type: str  # PER, ORG, LOC, NUM, DATE or OTHER
    descriptor: str = ""  # generic head noun of an organization: "компания" for «Северный ветер»


@dataclass(frozen=True)
class RawTriplet:
    article_id: str
    subject: str
    relation: str
    object: str
    extractor: str
    sentence_index: int
    sentence: str
    subject_normal: str
    subject_type: str
    subject_descriptor: str
    verb: str
    complement: str
    preposition: str
    case: str
    object_normal: str
    object_type: str
    object_descriptor: str


class _Sentence:
    def __init__(self, sent, span_of_token: dict[str, object], text: str):
        self.tokens = sent.tokens
        self.by_id = {t.id: t for t in sent.tokens}
        self.children: dict[str, list] = defaultdict(list)
        for token in sent.tokens:
            self.children[token.head_id].append(token)
        self.span_of = span_of_token
        self.text = text

    def subtree(self, token, allowed: set[str] | None = None) -> list:
        out, stack = [], [token]
        while stack:
            current = stack.pop()
            out.append(current)
            for child in self.children.get(current.id, []):
                if allowed is None or child.rel in allowed:
                    stack.append(child)
        return sorted(out, key=lambda t: t.start)

    def surface(self, tokens) -> str:
        tokens = [t for t in tokens if t.pos != "PUNCT" or t.text in '«»"%']
        if not tokens:
            return ""
        text = self.text[tokens[0].start : tokens[-1].stop].strip()
        if text.count("«") > text.count("»") and self.text[tokens[-1].stop : tokens[-1].stop + 1] == "»":
            text += "»"  # the closing quote hangs off another token in the parse
        return text

    def preposition(self, token) -> str:
        case_children = [c for c in self.children.get(token.id, []) if c.rel == "case"]
        return " ".join(c.lemma for c in sorted(case_children, key=lambda t: t.start))

    def mention(self, head) -> Mention | None:
        if head.pos in {"PRON", "DET", "PUNCT", "SCONJ", "CCONJ", "ADP"}:
            return None
        quoted = self.quoted_name(head)
        if quoted is not None:
            return quoted
        span = self.span_of.get(head.id)
        if span is not None:
            return self.entity_mention(span)
        for child in self.children.get(head.id, []):
            child_span = self.span_of.get(child.id)
            if child.rel in {"appos", "flat", "flat:name", "nmod"} and child_span is not None:
                if child.rel == "nmod" and self.preposition(child):
                    continue
                if child.rel == "nmod" and child_span.type != "ORG":
                    continue  # "губернатор области": the region is a modifier, not the entity
                descriptor = head.lemma if child_span.type == "ORG" and child.rel != "nmod" else ""
                entity = self.entity_mention(child_span)
                return Mention(entity.text, entity.normal, entity.type, descriptor)
        phrase = [t for t in self.subtree(head, _PHRASE_RELS) if not self._is_separate_complement(t, head)]
        lemmas = {t.lemma for t in phrase}
        has_number = any(t.pos == "NUM" or t.text.replace(",", "").isdigit() for t in phrase)
        text = self.surface(phrase)
        if not text:
            return None
        if lemmas & MONTH_LEMMAS or (has_number and "год" in lemmas):
            return Mention(text, text, "DATE")
        if head.pos == "NUM" or has_number:
            return Mention(text, text, "NUM")
        if head.pos not in {"NOUN", "PROPN"} or len([t for t in phrase if t.pos != "PUNCT"]) < 2:
            return None  # a lone common noun ("компания", "кредит") is anaphoric or too vague
        return Mention(text, restore_yo(syntax_normal_form(phrase), text), "OTHER")

    def entity_mention(self, span) -> Mention:
        """A named entity from its NER span, extended when NER stopped at an adjective
        ("Верхнеозёрским | техническим университетом") and put into the nominative."""
        tokens = sorted(span.tokens, key=lambda t: t.start)
        if tokens[-1].pos == "ADJ":
            case = tokens[-1].feats.get("Case")
            following = [t for t in self.tokens if t.start > tokens[-1].start]
            extension = []
            for token in following:  # adjacent adjectives and the noun they agree with
                if token.feats.get("Case") != case or token.pos not in {"ADJ", "NOUN"}:
                    break
                extension.append(token)
                if token.pos == "NOUN":
                    tokens += extension
                    break
        text = self.text[tokens[0].start : tokens[-1].stop]
        return Mention(text, span_nominative(tokens, span.type), span.type)

    def quoted_name(self, head) -> Mention | None:
        """'агрохолдинг «Ольховские поля»': a generic noun followed by a quoted name is a named
        organization, whether or not NER caught it; the quoted name is never inflected."""
        if head.pos not in {"NOUN", "PROPN"}:
            return None
        match = _QUOTED_AFTER_RE.match(self.text, head.stop)
        if match is None:
            return None
        inside = [t for t in self.tokens if match.start(1) <= t.start and t.stop <= match.end(1)]
        subtree_ids = {t.id for t in self.subtree(head)}
        if not inside or not all(t.id in subtree_ids for t in inside):
            return None
        types = [self.span_of[t.id].type for t in inside if t.id in self.span_of]
        kind = max(set(types), key=types.count) if types else "ORG"
        name = match.group(1).strip()
        return Mention(f"{head.text} «{name}»", name, kind, head.lemma)

    def is_complement_modifier(self, token) -> bool:
        """A noun modifier that is really a complement: prepositional or not in the genitive
        ("завод в Твери", "кредит агрохолдингу")."""
        if token.rel != "nmod":
            return False
        return (
            bool(self.preposition(token))
            or token.feats.get("Case", "Gen") not in {"Gen", "Par"}
            or self.is_dative_recipient(token)
        )

    def is_dative_recipient(self, token) -> bool:
        """'выдал кредит компании «X»': the parser often reads the recipient as a genitive
        modifier of the object; a named recipient whose form is also dative is taken as dative."""
        head = self.by_id.get(token.head_id)
        if head is None or head.rel != "obj" or token.feats.get("Case") != "Gen":
            return False
        if token.id not in self.span_of and _QUOTED_AFTER_RE.match(self.text, token.stop) is None:
            return False
        return can_be_dative(token.text, token.lemma)

    def _is_separate_complement(self, token, head) -> bool:
        current = token
        while current is not head and current is not None:
            if self.is_complement_modifier(current):
                return True
            current = self.by_id.get(current.head_id)
        return False


def _conjuncts(sentence: _Sentence, token) -> list:
    nominal = token.pos in _NOMINAL_POS
    return [token] + [
        c
        for c in sentence.children.get(token.id, [])
        if c.rel == "conj" and (c.pos == token.pos or (nominal and c.pos in _NOMINAL_POS))
    ]


def _subject_of(sentence: _Sentence, verb, depth: int = 0):
    for child in sentence.children.get(verb.id, []):
        if child.rel in _SUBJECT_RELS:
            return child
        if child.rel == "nsubj:pass":
            return None
    if verb.rel == "conj" and depth < 3:
        head = sentence.by_id.get(verb.head_id)
        if head is not None and head.pos == "VERB":
            return _subject_of(sentence, head, depth + 1)
    return None


def extract_triplets(article_id: str, text: str) -> list[RawTriplet]:
    """All triplets of one article, in sentence order."""
    doc = parse_document(text)
    span_of: dict[str, object] = {}
    for span in doc.spans:
        for token in span.tokens:
            span_of[token.id] = span
    triplets: list[RawTriplet] = []
    seen: set[tuple[str, str, str]] = set()
    for index, sent in enumerate(doc.sents):
        sentence = _Sentence(sent, span_of, text)
        for verb in sentence.tokens:
            if verb.pos != "VERB" or verb.feats.get("VerbForm") != "Fin" or verb.feats.get("Voice") == "Pass":
                continue
            subject_head = _subject_of(sentence, verb)
            if subject_head is None:
                continue
            subjects = [m for m in (sentence.mention(t) for t in _conjuncts(sentence, subject_head)) if m]
            subjects = [m for m in subjects if m.type not in {"NUM", "DATE"}]
            if not subjects:
                continue
            for triplet in _verb_triplets(sentence, verb, subjects, article_id, index, sent.text):
                key = (triplet.subject_normal, triplet.relation, triplet.object_normal)
                if key not in seen:
                    seen.add(key)
                    triplets.append(triplet)
    return triplets


def _verb_triplets(
    sentence: _Sentence, verb, subjects: list[Mention], article_id: str, index: int, sentence_text: str
) -> list[RawTriplet]:
    children = sentence.children.get(verb.id, [])
    direct_object = next((c for c in children if c.rel == "obj"), None)
    object_mention = sentence.mention(direct_object) if direct_object is not None else None
    complements: list[tuple[object, bool]] = [(c, c is direct_object) for c in children if c.rel in _COMPLEMENT_RELS]
    if direct_object is not None:
        complements += [
            (c, False) for c in sentence.children.get(direct_object.id, []) if sentence.is_complement_modifier(c)
        ]
    folded_object = ""
    if (
        direct_object is not None
        and direct_object.pos == "NOUN"
        and (object_mention is None or object_mention.type == "OTHER")
    ):
        folded_object = sentence.surface(
            [t for t in sentence.subtree(direct_object, {"amod"}) if t.pos != "PUNCT"]
        ).lower()
    has_entity_complement = any(
        (m := sentence.mention(c)) is not None and m.type in ENTITY_TYPES for c, _ in complements
    )
    out: list[RawTriplet] = []
    for complement_head, is_direct in complements:
        for head in _conjuncts(sentence, complement_head):
            mention = sentence.mention(head)
            if mention is None:
                continue
            if is_direct and mention.type == "OTHER" and has_entity_complement:
                continue  # folded into the relation of the entity complement instead
            preposition = sentence.preposition(complement_head)
            grammatical_case = complement_head.feats.get("Case", "")  # conjuncts share the first one's case
            if sentence.is_dative_recipient(complement_head):
                grammatical_case = "Dat"
            case = "date" if mention.type == "DATE" else UD_CASE_TO_PYMORPHY.get(grammatical_case, "")
            complement = "" if is_direct else folded_object
            if mention.type == "DATE" and direct_object is not None and not is_direct:
                # "посетила Казань 28 октября": a date alone says little; keep what was done
                complement = sentence.surface(sentence.subtree(direct_object, _PHRASE_RELS))
            relation = " ".join(part for part in (verb.lemma, complement, preposition) if part)
            for subject in subjects:
                if subject.type not in ENTITY_TYPES and mention.type not in ENTITY_TYPES:
                    continue
                if subject.normal == mention.normal:
                    continue
                out.append(
                    RawTriplet(
                        article_id=article_id,
                        subject=subject.text,
                        relation=relation,
                        object=mention.text,
                        extractor=EXTRACTOR_NAME,
                        sentence_index=index,
                        sentence=sentence_text,
                        subject_normal=subject.normal,
                        subject_type=subject.type,
                        subject_descriptor=subject.descriptor,
                        verb=verb.lemma,
                        complement=complement,
                        preposition=preposition,
                        case=case,
                        object_normal=mention.normal,
                        object_type=mention.type,
                        object_descriptor=mention.descriptor,
                    )
                )
    return out


def triplets_frame(triplets: list[RawTriplet]) -> pd.DataFrame:
    return pd.DataFrame([asdict(t) for t in triplets], columns=RAW_TRIPLET_COLUMNS)
