"""A synthetic, news-like knowledge graph in the layout of `graph.write_graph`, for benchmarks and
property tests: power-law entity and relation frequencies (a few hubs such as a country or a
president take part in a large share of facts), generic noun phrases typed rb:Thing, numbers and
dates as typed literals, facts spread over articles and some facts reported by two articles.

The same arguments always give the same bytes (numpy's seeded generator).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .rdf import (
    HAS_CASE,
    HAS_COMPLEMENT,
    HAS_PREPOSITION,
    HAS_VERB,
    LITERAL_DATATYPES,
    NS,
    RDF_TYPE,
    RDFS_LABEL,
    RELATION_CLASS,
    TYPE_CLASSES,
)

_FIRST = ["Анна", "Олег", "Мария", "Павел", "Ирина", "Глеб", "Вера", "Семён", "Дарья", "Лев"]
_LAST = ["Соколова", "Мельников", "Ковалёв", "Орлова", "Зайцев", "Белова", "Громов", "Лебедева"]
_ORG = ["Банк «{}»", "ООО «{}»", "Холдинг «{}»", "Фонд «{}»", "Завод «{}»", "Агентство «{}»"]
_WORDS = ["Заречный", "Ветер", "Капитал", "Северный", "Лизинг", "Терминал", "Восход", "Гранит", "Нива"]
_VERBS = ["купить", "посетить", "возглавлять", "подписать соглашение с", "открыть завод в", "нанять", "продать"]
_ENTITY_KINDS = ["PER", "ORG", "LOC", "OTHER"]
_ENTITY_KIND_SHARES = [0.35, 0.35, 0.15, 0.15]


def _literal(text: str, datatype: str | None = None) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"' + (f"^^<{datatype}>" if datatype else "")


def _label(kind: str, i: int) -> str:
    word = _WORDS[i % len(_WORDS)]
    if kind == "PER":
        return f"{_FIRST[i % len(_FIRST)]} {_LAST[(i // len(_FIRST)) % len(_LAST)]} {i}"
    if kind == "ORG":
        return _ORG[i % len(_ORG)].format(f"{word} {i}")
    if kind == "LOC":
        return f"Город {word}-{i}"
    return f"новый объект {i}"


def _zipf_choice(rng: np.random.Generator, n_items: int, size: int, exponent: float) -> np.ndarray:
    weights = 1.0 / np.arange(1, n_items + 1, dtype=np.float64) ** exponent
    return rng.choice(n_items, size=size, p=weights / weights.sum())


def synthetic_nquads(
    n_facts: int,
    *,
    seed: int = 0,
    n_entities: int | None = None,
    n_relations: int | None = None,
    exponent: float = 1.0,
    literal_share: float = 0.1,
    facts_per_article: int = 20,
    repeated_share: float = 0.05,
) -> bytes:
    """N-Quads of a graph with `n_facts` distinct fact triples (some stated by two articles)."""
    rng = np.random.default_rng(seed)
    draws = int(n_facts * 1.6) + 100  # repeats and self-loops are skipped, so draw more than needed
    n_entities = n_entities or max(10, n_facts // 5)
    n_relations = n_relations or max(3, min(2000, n_facts // 500))
    kinds = rng.choice(len(_ENTITY_KINDS), size=n_entities, p=_ENTITY_KIND_SHARES)
    subjects = _zipf_choice(rng, n_entities, draws, exponent)
    objects = _zipf_choice(rng, n_entities, draws, exponent)
    relations = _zipf_choice(rng, n_relations, draws, exponent)
    is_literal = rng.random(draws) < literal_share
    literal_values = rng.integers(1, max(50, n_facts // 20), size=draws)
    articles = np.arange(draws) // facts_per_article
    repeated = rng.random(draws) < repeated_share
    second_article = rng.integers(0, max(1, n_facts // facts_per_article), size=draws)

    entity = [f"<{NS}entity:e{i}>" for i in range(n_entities)]
    relation = [f"<{NS}relation:r{i}>" for i in range(n_relations)]
    lines: list[str] = []
    used_entities: set[int] = set()
    seen: set[tuple] = set()
    quantity, date = LITERAL_DATATYPES["NUM"].value, LITERAL_DATATYPES["DATE"].value
    for i in range(draws):
        if len(seen) == n_facts:
            break
        s, r, o = int(subjects[i]), int(relations[i]), int(objects[i])
        if is_literal[i]:
            value = int(literal_values[i])
            obj = (
                _literal(f"{value} млн рублей", quantity)
                if value % 3
                else _literal(f"{value % 28 + 1} марта 2025 года", date)
            )
        else:
            if s == o:
                continue  # normalization drops self-loops
            obj = entity[o]
            used_entities.add(o)
        key = (s, r, obj)
        if key in seen:
            continue
        seen.add(key)
        used_entities.add(s)
        graphs = [int(articles[i])] + ([int(second_article[i])] if repeated[i] else [])
        for article in dict.fromkeys(graphs):
            lines.append(f"{entity[s]} {relation[r]} {obj} <{NS}article:a{article}> .\n")
    for i in sorted(used_entities):
        kind = _ENTITY_KINDS[kinds[i]]
        lines.append(f"{entity[i]} <{RDFS_LABEL.value}> {_literal(_label(kind, i))} .\n")
        lines.append(f"{entity[i]} <{RDF_TYPE.value}> <{TYPE_CLASSES[kind].value}> .\n")
    for i in range(n_relations):
        verb = _VERBS[i % len(_VERBS)]
        lines.append(f"{relation[i]} <{RDF_TYPE.value}> <{RELATION_CLASS.value}> .\n")
        lines.append(f"{relation[i]} <{RDFS_LABEL.value}> {_literal(f'{verb} {i}')} .\n")
        lines.append(f"{relation[i]} <{HAS_VERB.value}> {_literal(verb.split()[0])} .\n")
        lines.append(f"{relation[i]} <{HAS_COMPLEMENT.value}> {_literal('')} .\n")
        lines.append(f"{relation[i]} <{HAS_PREPOSITION.value}> {_literal('')} .\n")
        lines.append(f"{relation[i]} <{HAS_CASE.value}> {_literal('accs')} .\n")
    return "".join(lines).encode("utf-8")


def write_synthetic_graph(path: Path, n_facts: int, **options) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(synthetic_nquads(n_facts, **options))
    return path
