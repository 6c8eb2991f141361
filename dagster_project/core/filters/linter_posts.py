"""A present post a later article of the month says was held before (a rule of news biographies).

An appointment story closes with the new holder's past: «С 2020 года возглавлял кафедру ...», often
with no subject of its own, the person being the one the paragraph is about. Said in an article
after the one that made someone the head of a body, the imperfective past means the post is over
(«Кто возглавляет кафедру?» has another answer by the month's end). The person of a sentence with
no name is the last person the article named before it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..common.russian import lemma, lemma_key
from .alternatives import fact_parts

_HEADING_VERBS = frozenset({"возглавлять", "руководить"})


def _head_triples(triples_text: str | None) -> list[tuple[str, str]]:
    """(person, body) of each «возглавлять» fact of a question."""
    try:
        facts = fact_parts(triples_text)
    except (TypeError, ValueError):
        return []
    return [(parts[0], parts[2]) for parts in facts if len(parts) == 3 and parts[1] == "возглавлять"]


def _body_lemmas(body: str) -> list[str]:
    """The lemmas a text must repeat to name the body: its words up to an abbreviation or a quote
    («Кафедра химической переработки древесины ВГЛТУ» -> кафедра ... древесина)."""
    words = []
    for word in body.split():
        if word.startswith(("«", "„", "(")) or (word.isupper() and len(word) > 1):
            break
        words.append(lemma(word))
    return words


def _held_before(sentence, wanted: list[str]) -> bool:
    """An imperfective past «возглавлял» / «руководил» whose sentence names the body."""
    tokens = list(sentence.tokens)
    past = any(
        t.lemma in _HEADING_VERBS and t.feats.get("Tense") == "Past" and t.feats.get("Aspect") == "Imp"
        for t in tokens
    )
    if not past:
        return False
    keys = [lemma(t.text) for t in tokens]
    return any(keys[i : i + len(wanted)] == wanted for i in range(len(keys) - len(wanted) + 1))


def _subject_is(person_key: str, sentence, names: list[Any]) -> bool:
    """The sentence names the person and no other, or names nobody and the person is the last
    person named before it."""
    persons = [n for n in names if n.type == "PER"]
    inside = [n.key for n in persons if sentence.start <= n.start < sentence.stop]
    surname = person_key.split()[-1]
    if inside:
        return all(surname in key.split() for key in inside)
    before = [n.key for n in persons if n.start < sentence.start]
    return bool(before) and surname in before[-1].split()


def stale_heads(triples_text: str | None, source_ids: Iterable[str], texts: Any) -> list[tuple[str, str]]:
    """(person, body) of the question's «возглавляет» facts that an article after all their sources
    says the person «возглавлял»."""
    sources = [a for a in source_ids if a in texts]
    if not sources:
        return []
    latest = max(texts.order(a) for a in sources)
    later = [a for a in texts.article_ids if texts.order(a) > latest]
    found = []
    for person, body in _head_triples(triples_text):
        wanted = _body_lemmas(body)
        person_key = lemma_key(person)
        if len(wanted) < 2 or not person_key:
            continue
        # only the later articles whose words have the body's and a heading verb are parsed
        saying = set(texts.articles_saying([[w] for w in wanted] + [_HEADING_VERBS]))
        for article_id in (a for a in later if a in saying):
            names = texts.names(article_id)
            sentences = texts.document(article_id).sents
            if any(_held_before(s, wanted) and _subject_is(person_key, s, names) for s in sentences):
                found.append((person, body))
                break
    return found
