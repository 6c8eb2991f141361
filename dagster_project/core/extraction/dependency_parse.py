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
_NEVER_MENTIONS = {"PRON", "DET", "PUNCT", "SCONJ", "CCONJ", "ADP"}  # pronouns are anaphoric; the rest are not phrases
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
        """What the phrase headed by `head` refers to, tried in order: a quoted name, a named entity,
        a named dependent ("компания «X»", "губернатор Иванов"), a date, number or noun phrase."""
        if head.pos in _NEVER_MENTIONS:
            return None
        quoted = self.quoted_name(head)
        if quoted is not None:
            return quoted
        span = self.span_of.get(head.id)
        if span is not None:
            return self.entity_mention(span)
        named = self.named_dependent(head)
        if named is not None:
            return named
        return self.phrase_mention(head)

    def named_dependent(self, head) -> Mention | None:
        """The named entity a generic head stands for: its apposition, flat name or a genitive
        organization ("акционеры компании X"); the head noun becomes an organization's descriptor."""
        for child in self.children.get(head.id, []):
            child_span = self.span_of.get(child.id)
            if child.rel not in {"appos", "flat", "flat:name", "nmod"} or child_span is None:
                continue
            if child.rel == "nmod" and self.preposition(child):
                continue
            if child.rel == "nmod" and child_span.type != "ORG":
                continue  # "губернатор области": the region is a modifier, not the entity
            descriptor = head.lemma if child_span.type == "ORG" and child.rel != "nmod" else ""
            entity = self.entity_mention(child_span)
            return Mention(entity.text, entity.normal, entity.type, descriptor)
        return None

    def phrase_mention(self, head) -> Mention | None:
        """A phrase without a named entity: a date, a number, or a noun phrase of two words or more."""
        phrase = [t for t in self.subtree(head, _PHRASE_RELS) if not self._is_separate_complement(t, head)]
        text = self.surface(phrase)
        if not text:
            return None
        literal = _literal_type(head, phrase)
        if literal is not None:
            return Mention(text, text, literal)
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


def _literal_type(head, phrase: list) -> str | None:
    """DATE for a phrase naming a month or a year ("в 2024 году"), NUM for other numbers, else None."""
    lemmas = {t.lemma for t in phrase}
    has_number = any(t.pos == "NUM" or t.text.replace(",", "").isdigit() for t in phrase)
    if lemmas & MONTH_LEMMAS or (has_number and "год" in lemmas):
        return "DATE"
    if head.pos == "NUM" or has_number:
        return "NUM"
    return None


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
    span_of: dict[str, object] = {token.id: span for span in doc.spans for token in span.tokens}
    triplets: list[RawTriplet] = []
    seen: set[tuple[str, str, str]] = set()
    for index, sent in enumerate(doc.sents):
        sentence = _Sentence(sent, span_of, text)
        for verb in sentence.tokens:
            subjects = _clause_subjects(sentence, verb)
            if not subjects:
                continue
            for triplet in _verb_triplets(sentence, verb, subjects, article_id, index, sent.text):
                key = (triplet.subject_normal, triplet.relation, triplet.object_normal)
                if key not in seen:
                    seen.add(key)
                    triplets.append(triplet)
    return triplets


def _clause_subjects(sentence: _Sentence, verb) -> list[Mention]:
    """The subjects (entities or phrases, not numbers or dates) of a finite active verb; [] for any
    other token or a verb without such a subject."""
    if verb.pos != "VERB" or verb.feats.get("VerbForm") != "Fin" or verb.feats.get("Voice") == "Pass":
        return []
    subject_head = _subject_of(sentence, verb)
    if subject_head is None:
        return []
    subjects = [m for m in (sentence.mention(t) for t in _conjuncts(sentence, subject_head)) if m]
    return [m for m in subjects if m.type not in {"NUM", "DATE"}]


def _verb_triplets(
    sentence: _Sentence, verb, subjects: list[Mention], article_id: str, index: int, sentence_text: str
) -> list[RawTriplet]:
    """The triplets of one verb: every subject with every mention among its complements."""
    direct_object = next((c for c in sentence.children.get(verb.id, []) if c.rel == "obj"), None)
    complements = _complements(sentence, verb, direct_object)
    folded_object = _folded_object(sentence, direct_object)
    has_entity_complement = any(
        (m := sentence.mention(c)) is not None and m.type in ENTITY_TYPES for c, _ in complements
    )
    out: list[RawTriplet] = []
    for complement_head, is_direct in complements:
        preposition = sentence.preposition(complement_head)
        for head in _conjuncts(sentence, complement_head):
            mention = sentence.mention(head)
            if mention is None:
                continue
            if is_direct and mention.type == "OTHER" and has_entity_complement:
                continue  # folded into the relation of the entity complement instead
            case = _object_case(sentence, complement_head, mention)
            complement = _relation_complement(sentence, mention, direct_object, is_direct, folded_object)
            relation = " ".join(part for part in (verb.lemma, complement, preposition) if part)
            for subject in subjects:
                if not _can_link(subject, mention):
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


def _complements(sentence: _Sentence, verb, direct_object) -> list[tuple[object, bool]]:
    """The verb's objects and obliques, then the complement-like modifiers of its direct object;
    each with whether it is the direct object itself."""
    complements = [(c, c is direct_object) for c in sentence.children.get(verb.id, []) if c.rel in _COMPLEMENT_RELS]
    if direct_object is not None:
        complements += [
            (c, False) for c in sentence.children.get(direct_object.id, []) if sentence.is_complement_modifier(c)
        ]
    return complements


def _folded_object(sentence: _Sentence, direct_object) -> str:
    """A common-noun direct object with its adjectives ("новый завод"), lowercased, which joins the
    relation of the other complements; "" when the object is absent or names something."""
    if direct_object is None or direct_object.pos != "NOUN":
        return ""
    object_mention = sentence.mention(direct_object)
    if object_mention is not None and object_mention.type != "OTHER":
        return ""
    return sentence.surface([t for t in sentence.subtree(direct_object, {"amod"}) if t.pos != "PUNCT"]).lower()


def _object_case(sentence: _Sentence, complement_head, mention: Mention) -> str:
    """The pymorphy3 case the object takes after the relation ("date" for dates)."""
    if mention.type == "DATE":
        return "date"
    grammatical_case = complement_head.feats.get("Case", "")  # conjuncts share the first one's case
    if sentence.is_dative_recipient(complement_head):
        grammatical_case = "Dat"
    return UD_CASE_TO_PYMORPHY.get(grammatical_case, "")


def _relation_complement(sentence: _Sentence, mention: Mention, direct_object, is_direct: bool, folded: str) -> str:
    """What the relation says between the verb and the preposition."""
    if is_direct:
        return ""
    if mention.type == "DATE" and direct_object is not None:
        # "посетила Казань 28 октября": a date alone says little; keep what was done
        return sentence.surface(sentence.subtree(direct_object, _PHRASE_RELS))
    return folded


def _can_link(subject: Mention, mention: Mention) -> bool:
    """A triplet needs a named entity on one side and two different things."""
    if subject.type not in ENTITY_TYPES and mention.type not in ENTITY_TYPES:
        return False
    return subject.normal != mention.normal


def triplets_frame(triplets: list[RawTriplet]) -> pd.DataFrame:
    return pd.DataFrame([asdict(t) for t in triplets], columns=RAW_TRIPLET_COLUMNS)
