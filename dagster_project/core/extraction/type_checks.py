"""The offline schema's type checks, applied to open-ended facts (the LLM extractor's).

An LLM may phrase any relation, but a relation the schema knows keeps the schema's argument types
(«возглавлять» takes a person and an organization or a place), and every fact obeys the rules the
schema grammars follow: the reporting source is never the actor, and a time relative to the
article's date («в прошлом году», «следующий матч») is no fact on its own.
"""

from __future__ import annotations

from functools import lru_cache

from ..common.russian import lemmas
from .schema.lexicon import RELATIVE_TIME, REPORTING_HEADS
from .schema.relations import GRAPH_TYPE, SCHEMA

# Deictic words that only the article's date resolves.
_DEICTIC = frozenset("вчера сегодня завтра позавчера послезавтра накануне недавно назад".split())


@lru_cache(maxsize=1)
def _schema_frames() -> list[tuple[str, frozenset[str], frozenset[str], frozenset[str]]]:
    """(verb, the words after the verb, subject graph types, object graph types)."""
    frames = []
    for relation in SCHEMA.values():
        wording = relation.wording
        needed = frozenset(lemmas(f"{wording.complement} {wording.preposition}"))
        subjects = frozenset(GRAPH_TYPE[t] for t in relation.subject_types)
        objects = frozenset(GRAPH_TYPE[t] for t in relation.object_types)
        frames.append((wording.verb, needed, subjects, objects))
    return frames


def allowed_types(verb: str, relation_words: list[str]) -> tuple[frozenset[str], frozenset[str]] | None:
    """Subject and object graph types the schema allows for this wording (verb lemma first), or None
    when the schema says nothing this way: «открыть завод в» is another frame than «открыть», and
    an open relation keeps the types it was given."""
    words = frozenset(relation_words[1:])  # after the verb: «подписать соглашение с» -> {соглашение, с}
    subjects: set[str] = set()
    objects: set[str] = set()
    for frame_verb, needed, frame_subjects, frame_objects in _schema_frames():
        if frame_verb == verb and needed == words:
            subjects |= frame_subjects
            objects |= frame_objects
    return (frozenset(subjects), frozenset(objects)) if subjects else None


def schema_problem(
    subject: str, subject_type: str, verb: str, relation: str, obj: str, object_type: str
) -> str | None:
    """Why the fact breaks a schema rule, or None. `verb` is the relation's verb lemma and
    `relation` its whole text («подписать соглашение с»)."""
    subject_lemmas = lemmas(subject)
    if subject_lemmas and subject_lemmas[0] in REPORTING_HEADS:
        return f"«{subject}» reports the fact, it is not its actor"
    for name in (subject, obj):
        relative = set(lemmas(name)) & (RELATIVE_TIME | _DEICTIC)
        if relative:
            return f"«{name}» is relative to the article's date ({', '.join(sorted(relative))})"
    types = allowed_types(verb, lemmas(relation))
    if types is None:
        return None
    subjects, objects = types
    if subject_type not in subjects:
        return f"«{verb}» takes {'/'.join(sorted(subjects))} as its subject, not {subject_type} «{subject}»"
    if object_type not in objects:
        return f"«{verb}» takes {'/'.join(sorted(objects))} as its object, not {object_type} «{obj}»"
    return None
