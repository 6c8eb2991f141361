"""Facts the schema implies, written into the graph beside the facts stated.

Whoever heads, teaches at or coaches an organization works there (IMPLIED_BY of the typed schema).
An article that names the chief doctor of a hospital therefore says that he works at the hospital,
and the graph says so too, in the same article's named graph: «Кто работает в больнице?» then
counts him, and a condition «работает в больнице» is met by him and by his staff alike, which is
what a reader of the texts expects.
"""

from __future__ import annotations

import pandas as pd

from ..extraction.schema.relations import GRAPH_TYPE, IMPLIED_BY, SCHEMA
from .normalization import relation_label
from .rdf import SCHEMA_KEY_PREFIX

IMPLIED_EXTRACTOR_PREFIX = "implied-by:"


def _implications() -> dict[str, list[str]]:
    """Implying relation id -> the relation ids it implies."""
    implied_by: dict[str, list[str]] = {}
    for implied, implying in IMPLIED_BY.items():
        for relation_id in implying:
            implied_by.setdefault(relation_id, []).append(implied)
    return implied_by


def _fits(relation_id: str, subject_type: str, object_type: str) -> bool:
    """Whether the implied relation's argument types admit the fact's (a mayor heads a town; he does
    not «work in» it)."""
    relation = SCHEMA[relation_id]
    subjects = {GRAPH_TYPE[t] for t in relation.subject_types}
    objects = {GRAPH_TYPE[t] for t in relation.object_types}
    return subject_type in subjects and object_type in objects


# A board or a council governs an organization and meets now and then: whoever chairs the board of
# trustees of a university or the board of directors of a company does not work in it.
_GOVERNING_BODIES = frozenset(
    {"совет", "правление", "комиссия", "коллегия", "президиум", "попечительский", "наблюдательный"}
)


def _a_governing_body(row) -> bool:
    words = str(row.canonical_object).lower().split()
    return bool(words) and (words[0] in _GOVERNING_BODIES or str(row.object_descriptor).lower() in _GOVERNING_BODIES)


def with_implied_facts(facts: pd.DataFrame) -> pd.DataFrame:
    """`facts` (normalized triplets) and, after them, one row per implied fact not already stated in
    the same article. An implied row keeps its source's article, sentence and arguments; its
    extractor says which relation implied it."""
    implications = _implications()
    columns = ("article_id", "subject_key", "relation_key", "object_key")
    stated = set(zip(*(facts[column] for column in columns), strict=True))
    rows = []
    for row in facts.itertuples(index=False):
        source = row.relation_key.removeprefix(SCHEMA_KEY_PREFIX)
        if not row.relation_key.startswith(SCHEMA_KEY_PREFIX) or source not in implications or _a_governing_body(row):
            continue
        for implied in implications[source]:
            key = SCHEMA_KEY_PREFIX + implied
            fact = (row.article_id, row.subject_key, key, row.object_key)
            if fact in stated or not _fits(implied, row.subject_type, row.object_type):
                continue
            stated.add(fact)
            wording = SCHEMA[implied].wording
            rows.append(
                row._asdict()
                | {
                    "relation": implied,
                    "relation_key": key,
                    "canonical_relation": relation_label(
                        wording.verb, wording.complement, wording.preposition, wording.case
                    ),
                    "verb": wording.verb,
                    "complement": wording.complement,
                    "preposition": wording.preposition,
                    "case": wording.case,
                    "extractor": IMPLIED_EXTRACTOR_PREFIX + source,
                }
            )
    if not rows:
        return facts
    return pd.concat([facts, pd.DataFrame(rows, columns=facts.columns)], ignore_index=True)
