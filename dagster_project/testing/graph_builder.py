"""Build small knowledge graphs for tests from readable facts."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..core.graph.inference import with_implied_facts
from ..core.graph.normalization import NORMALIZED_COLUMNS
from ..core.graph.rdf import load_store, write_graph


def node(name: str) -> tuple[str, str, str]:
    """'PER:Анна Соколова' -> ('PER', 'Анна Соколова', ''); untyped names are organizations, and a
    class noun follows a '#': 'Каравай#хлебозавод' -> ('ORG', 'Каравай', 'хлебозавод')."""
    name, _, descriptor = name.partition("#")
    kind, _, label = name.partition(":")
    return (kind, label, descriptor) if label else ("ORG", kind, descriptor)


def facts_frame(facts: list[tuple[str, str, str] | tuple[str, str, str, str]]) -> pd.DataFrame:
    rows = []
    for fact in facts:
        subject, relation, obj = fact[:3]
        article = fact[3] if len(fact) > 3 else "a1"
        s_kind, s_label, s_descriptor = node(subject)
        o_kind, o_label, o_descriptor = node(obj)
        rows.append(
            {
                "article_id": article,
                "subject": s_label,
                "relation": relation,
                "object": o_label,
                "extractor": "test",
                "sentence": "",
                "subject_key": f"{s_kind}:{s_label}",
                "canonical_subject": s_label,
                "subject_type": s_kind,
                "subject_descriptor": s_descriptor,
                "relation_key": relation,
                "canonical_relation": relation,
                "verb": relation.split(" ")[0],
                "complement": "",
                "preposition": "",
                "case": "accs",
                "object_key": f"{o_kind}:{o_label}",
                "canonical_object": o_label,
                "object_type": o_kind,
                "object_descriptor": o_descriptor,
                "in_wikidata": None,
                "novelty": "skipped",
            }
        )
    return pd.DataFrame(rows, columns=NORMALIZED_COLUMNS)


def build_store(tmp_path: Path, facts) -> tuple[Path, object]:
    """The graph the knowledge_graph asset would write for `facts`, implied facts included."""
    path = tmp_path / "graph.nq"
    write_graph(with_implied_facts(facts_frame(facts)), path)
    return path, load_store(path)
