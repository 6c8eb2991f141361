"""Counterfactual documents: the answer replaced, in every inflected form, by another entity of
the same type from the month's graph.

Each occurrence keeps its grammar: the case of the replaced words is read with pymorphy3 and the
new name is inflected into it ("Анной Соколовой" -> "Ниной Ершовой"); a name in quotes stays in
the nominative, as Russian writes it («Ледокол» -> «Кедр»). A person's surname mentioned alone is
replaced by the new surname, so the true answer is gone from the text, not only its full name.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field

import pandas as pd

from ..common.russian import fold, grammatical_gender, inflect_phrase, morph
from .text import Token, item_lemmas, looks_like_person, spans, tokenize

PERSON = "PER"
_QUOTES = "«\"„“"


@dataclass(frozen=True)
class Entity:
    name: str
    type: str
    descriptor: str = ""
    mentions: tuple[str, ...] = field(default=(), compare=False)

    @property
    def person(self) -> bool:
        return self.type == PERSON


class EntityCatalog:
    """The named entities of the month's graph (canonical name, type, descriptor, the names the
    texts used for them), from the normalized triplets."""

    def __init__(self, entities: list[Entity]):
        self.entities = {fold(e.name): e for e in entities}

    @classmethod
    def from_triplets(cls, triplets: pd.DataFrame) -> EntityCatalog:
        found: dict[str, dict] = {}
        mentions: dict[str, set[str]] = defaultdict(set)
        if "in_wikidata" in triplets:  # the graph leaves out facts Wikidata already has
            triplets = triplets[triplets["in_wikidata"].fillna(False) != True]  # noqa: E712
        for side in ("subject", "object"):
            columns = [f"canonical_{side}", f"{side}_type", f"{side}_descriptor", side]
            for name, kind, descriptor, surface in triplets[columns].itertuples(index=False):
                if not isinstance(name, str) or not name or kind in (None, "", "OTHER", "NUM"):
                    continue
                found.setdefault(fold(name), {"name": name, "type": kind, "descriptor": descriptor or ""})
                if isinstance(surface, str) and surface and any(ch.isupper() for ch in surface):
                    mentions[fold(name)].add(surface)
        return cls([Entity(**v, mentions=tuple(sorted(mentions[k]))) for k, v in sorted(found.items())])

    def get(self, name: str) -> Entity | None:
        return self.entities.get(fold(name))

    def mentions(self, name: str) -> tuple[str, ...]:
        entity = self.get(name)
        return entity.mentions if entity else ()

    def is_person(self, name: str) -> bool:
        entity = self.get(name)
        return entity.person if entity else looks_like_person(name)

    def substitutes(self, name: str, avoid: set[str]) -> list[Entity]:
        """Entities that could stand in for `name`: same type, the same descriptor when the graph
        has one (a club for a club), a person of the same grammatical gender; none named in
        `avoid` (folded names)."""
        entity = self.get(name)
        if entity is None:
            return []
        gender = grammatical_gender(entity.name) if entity.person else None
        same_type = [
            other
            for key, other in sorted(self.entities.items())
            if key != fold(name)
            and key not in avoid
            and other.type == entity.type
            and (gender is None or (grammatical_gender(other.name) == gender and _surname_inflects(other.name)))
        ]
        same_kind = [other for other in same_type if other.descriptor == entity.descriptor]
        return same_kind or same_type


def _surname_inflects(name: str) -> bool:
    """pymorphy3 can decline this person's surname (an unknown one may read as a common noun)."""
    return inflect_phrase(name, "gent", person=True).split()[-1] != name.split()[-1]


def choose_substitute(catalog: EntityCatalog, name: str, avoid: set[str], rng: random.Random) -> Entity | None:
    candidates = catalog.substitutes(name, avoid)
    return rng.choice(candidates) if candidates else None


def _cases(token: Token, lemma_: str, gender: str | None) -> list[str]:
    """The cases a word can be in with that lemma, likeliest first (for a person, readings of the
    person's gender first: "Соколова" is a woman in the nominative before a man in the genitive)."""
    parses = [p for p in morph().parse(token.text) if fold(p.normal_form) == lemma_ and p.tag.case]
    if gender in ("masc", "femn"):
        parses = [p for p in parses if p.tag.gender in (gender, None) or p.tag.number == "plur"] or parses
    return list(dict.fromkeys(str(p.tag.case) for p in parses))


def _case_of(text: str, tokens: list[Token], needle: tuple[str, ...], gender: str | None) -> str:
    """The case of an occurrence: the likeliest case of its first word that every word of it can
    be in ("Заречной мебельной фабрики" is genitive, though "Заречной" alone could be dative).
    A name in quotes is read as nominative when it can be."""
    candidates = _cases(tokens[0], needle[0], gender)
    for token, lemma_ in zip(tokens[1:], needle[1:], strict=True):
        possible = set(_cases(token, lemma_, gender))
        candidates = [c for c in candidates if c in possible] or candidates
    quoted = tokens[0].start > 0 and text[tokens[0].start - 1] in _QUOTES
    if quoted and "nomn" in candidates:
        return "nomn"
    return candidates[0] if candidates else "nomn"


def _replacements(text: str, original: Entity | None, true_name: str, new: Entity) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for every occurrence of the true answer, longest forms first,
    never overlapping."""
    tokens = tokenize(text)
    person = original.person if original else looks_like_person(true_name)
    gender = grammatical_gender(true_name) if person else None
    # Only the name itself: a mention with its descriptor ("страховую компанию «...»") would
    # take the descriptor and the quotes with it.
    forms = [(item_lemmas(true_name), new.name)]
    if person and len(true_name.split()) > 1 and len(new.name.split()) > 1:
        forms.append((item_lemmas(true_name.split()[-1]), new.name.split()[-1]))
    forms.sort(key=lambda form: -len(form[0]))
    taken: set[int] = set()
    out = []
    for needle, replacement in forms:
        for i, j in spans(tokens, needle):
            if taken & set(range(i, j)):
                continue
            taken |= set(range(i, j))
            case = _case_of(text, tokens[i:j], needle, gender)
            out.append((tokens[i].start, tokens[j - 1].end, inflect_phrase(replacement, case, person=person)))
    return out


def replace_answer(text: str, true_name: str, new: Entity, original: Entity | None = None) -> tuple[str, int]:
    """`text` with every occurrence of `true_name` (and its other names) replaced by `new`,
    inflected to fit; returns the new text and the number of replacements."""
    edits = sorted(_replacements(text, original, true_name, new), reverse=True)
    for start, end, replacement in edits:
        text = text[:start] + replacement + text[end:]
    return text, len(edits)
