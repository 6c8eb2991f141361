"""Counterfactual documents: the answer replaced, in every inflected form, by another entity of
the same type from the month's graph.

Each occurrence keeps its grammar: the case of the replaced words is read with pymorphy3 and the
new name is inflected into it ("Анной Соколовой" -> "Ниной Ершовой"); a name in quotes stays in
the nominative, as Russian writes it («Ледокол» -> «Кедр»). A person's surname mentioned alone is
replaced by the new surname, so the true answer is gone from the text, not only its full name.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pandas as pd

from ..common.russian import fold, grammatical_gender, inflect_phrase, morph
from .text import Token, item_lemmas, looks_like_person, spans, tokenize

PERSON = "PER"
LOOSE_TYPES = (PERSON, "LOC")
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


def _written_after_a_quote(keys: Iterable[str], text: str) -> set[str]:
    """The keys that `text` writes right after an opening quote (« or "): each quote is read once,
    against the lengths of the keys that begin with the letter after it, instead of searching the
    whole text for every key."""
    keys = set(keys)
    lengths: dict[str, set[int]] = defaultdict(set)
    for key in keys:
        lengths[key[:1]].add(len(key))
    lengths_after = {first: sorted(found) for first, found in lengths.items()}
    found = set()
    for quote in re.finditer('[«"]', text):
        start = quote.end()
        if "" in keys:
            found.add("")
        for length in lengths_after.get(text[start : start + 1], ()):
            written = text[start : start + length]
            if len(written) < length:
                break
            if written in keys:
                found.add(written)
    return found


class EntityCatalog:
    """The named entities of the month's graph (canonical name, type, descriptor, the names the
    texts used for them), from the normalized triplets."""

    def __init__(self, entities: list[Entity], texts: Iterable[str] = ()):
        self.entities = {fold(e.name): e for e in entities}
        # The entities that may stand in for an answer of a type (and a person's gender), in name
        # order: found once for every answer that asks.
        self._by_type: dict[str, list[tuple[str, Entity]]] = defaultdict(list)
        for key, entity in sorted(self.entities.items()):
            self._by_type[entity.type].append((key, entity))
        self._pools: dict[tuple[str, str | None], list[tuple[str, Entity]]] = {}
        # Names the texts write in quotes («Кречет»): another quoted name fits their place.
        self.quoted = _written_after_a_quote(self.entities, fold("\n".join(texts)))

    @classmethod
    def from_triplets(cls, triplets: pd.DataFrame, texts: Iterable[str] = ()) -> EntityCatalog:
        found: dict[str, dict] = {}
        mentions: dict[str, set[str]] = defaultdict(set)
        descriptors: dict[str, Counter] = defaultdict(Counter)
        if "in_wikidata" in triplets:  # the graph leaves out facts Wikidata already has
            triplets = triplets[triplets["in_wikidata"].fillna(False) != True]  # noqa: E712
        for side in ("subject", "object"):
            columns = [f"canonical_{side}", f"{side}_type", f"{side}_descriptor", side]
            for name, kind, descriptor, surface in triplets[columns].itertuples(index=False):
                if not isinstance(name, str) or not name or kind in (None, "", "OTHER", "NUM"):
                    continue
                found.setdefault(fold(name), {"name": name, "type": kind})
                if isinstance(descriptor, str) and descriptor:
                    descriptors[fold(name)][descriptor] += 1
                if isinstance(surface, str) and surface and any(ch.isupper() for ch in surface):
                    mentions[fold(name)].add(surface)
        entities = [
            Entity(**v, descriptor=_most_common(descriptors[k]), mentions=tuple(sorted(mentions[k])))
            for k, v in sorted(found.items())
        ]
        return cls(entities, texts)

    def get(self, name: str) -> Entity | None:
        return self.entities.get(fold(name))

    def mentions(self, name: str) -> tuple[str, ...]:
        entity = self.get(name)
        return entity.mentions if entity else ()

    def is_person(self, name: str) -> bool:
        entity = self.get(name)
        return entity.person if entity else looks_like_person(name)

    def substitutes(self, name: str, avoid: set[str]) -> list[Entity]:
        """Entities that could stand in for `name`, none named in `avoid` (folded names): the same
        type (a person of the same grammatical gender), and of the closest kind the graph has, in
        this order: the same descriptor (a club for a club), the same head noun (a hospital for a
        hospital), any."""
        entity = self.get(name)
        if entity is None:
            return []
        key = fold(name)
        gender = _gender(entity.name) if entity.person else None
        same_type = [other for other_key, other in self._pool(entity.type, gender) if other_key != key
                     and other_key not in avoid]  # fmt: skip
        if key in self.quoted:
            shaped = [o for o in same_type if fold(o.name) in self.quoted]
        else:
            shaped = [o for o in same_type if _head(o.name) and _head(o.name) == _head(entity.name)]
        tiers = [[o for o in same_type if entity.descriptor and o.descriptor == entity.descriptor], shaped]
        if entity.type in LOOSE_TYPES:  # any person or place reads naturally in another's place
            tiers.append(same_type)
        return next((tier for tier in tiers if tier), [])

    def _pool(self, kind: str, gender: str | None) -> list[tuple[str, Entity]]:
        """(key, entity) of the type that can replace another: a person of `gender` (when given)
        whose surname declines, never a name that swallowed a preposition ("К мэрии ...")."""
        if (kind, gender) not in self._pools:
            self._pools[kind, gender] = [
                (key, other)
                for key, other in self._by_type.get(kind, ())
                if len((other.name.split() or [""])[0]) > 1
                and (gender is None or (_gender(other.name) == gender and _surname_inflects(other.name)))
            ]
        return self._pools[kind, gender]


_PROPER = {"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"}


@lru_cache(maxsize=100_000)
def _gender(name: str) -> str:
    return grammatical_gender(name)


@lru_cache(maxsize=100_000)
def _head(name: str) -> str:
    """The lemma of the first common noun of a descriptive name ("Сопкинская городская больница"
    -> больница, "Арбитражный суд края" -> суд); "" for a one-word name ("Кречет")."""
    words = name.split()
    for word in words if len(words) > 1 else ():
        parses = morph().parse(word) if word.isalpha() else []
        if parses and parses[0].tag.POS == "NOUN" and not _PROPER & parses[0].tag.grammemes:
            if any(p.tag.POS == "NOUN" and p.tag.case == "nomn" for p in parses):
                return fold(parses[0].normal_form)
    return ""


def _most_common(counts: Counter) -> str:
    """The descriptor the texts use most for an entity (ties: alphabetical), "" when none."""
    return min(counts, key=lambda d: (-counts[d], d)) if counts else ""


@lru_cache(maxsize=100_000)
def _surname_inflects(name: str) -> bool:
    """pymorphy3 can decline this person's surname (an unknown one may read as a common noun)."""
    return inflect_phrase(name, "gent", person=True).split()[-1] != name.split()[-1]


def choose_substitute(catalog: EntityCatalog, name: str, avoid: set[str], rng: random.Random) -> Entity | None:
    candidates = catalog.substitutes(name, avoid)
    return rng.choice(candidates) if candidates else None


def _cases(token: Token, lemma_: str, gender: str | None) -> list[str]:
    """The cases a word can be in with that lemma, likeliest first (for a person, readings of the
    person's gender first: "Соколова" is a woman in the nominative before a man in the genitive)."""
    return list(_word_cases(token.text, lemma_, gender))


@lru_cache(maxsize=100_000)
def _word_cases(word: str, lemma_: str, gender: str | None) -> tuple[str, ...]:
    # Cached: an answer's words recur in every chunk that names it.
    parses = [p for p in morph().parse(word) if fold(p.normal_form) == lemma_ and p.tag.case]
    if gender in ("masc", "femn"):
        parses = [p for p in parses if p.tag.gender in (gender, None) or p.tag.number == "plur"] or parses
    return tuple(dict.fromkeys(str(p.tag.case) for p in parses))


# The cases a preposition governs, the likelier first ("в Казани" is where, more often than where to).
PREPOSITION_CASES = {
    **dict.fromkeys(("из", "от", "до", "у", "для", "без", "около", "после", "возле", "против", "среди"), ("gent",)),
    **dict.fromkeys(("в", "во", "на"), ("loct", "accs")),
    **dict.fromkeys(("о", "об", "обо", "при"), ("loct",)),
    **dict.fromkeys(("к", "ко", "по"), ("datv",)),
    **dict.fromkeys(("с", "со"), ("ablt", "gent")),
    **dict.fromkeys(("над", "под", "перед", "между"), ("ablt",)),
    "за": ("ablt", "accs"),
}
_PREPOSITION_RE = re.compile(r"(\w+)\s*[«\"„“]?\s*$")


def _preposition_cases(text: str, start: int) -> tuple[str, ...]:
    match = _PREPOSITION_RE.search(text[max(0, start - 12) : start])
    return PREPOSITION_CASES.get(match.group(1).lower(), ()) if match else ()


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
    governed = [c for c in _preposition_cases(text, tokens[0].start) if c in candidates]
    if governed:
        return governed[0]
    return candidates[0] if candidates else "nomn"


def _replacements(
    text: str, tokens: Sequence[Token], original: Entity | None, true_name: str, new: Entity
) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for every occurrence of the true answer, longest forms first,
    never overlapping."""
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
            inside = text[tokens[i].start : tokens[j - 1].end]
            if taken & set(range(i, j)) or any(q in inside for q in _QUOTES + "»"):
                continue  # a span with quotes inside (МУП «Водоканал») is left whole, and the item dropped
            taken |= set(range(i, j))
            case = _case_of(text, tokens[i:j], needle, gender)
            out.append((tokens[i].start, tokens[j - 1].end, _inflected(replacement, case, person)))
    return out


@lru_cache(maxsize=100_000)
def _inflected(name: str, case: str, person: bool) -> str:
    # Cached: a substitute is put into the same few cases in every chunk it enters.
    return inflect_phrase(name, case, person=person)


def replace_answer(
    text: str, true_name: str, new: Entity, original: Entity | None = None, tokens: Sequence[Token] | None = None
) -> tuple[str, int]:
    """`text` with every occurrence of `true_name` (and its other names) replaced by `new`,
    inflected to fit; returns the new text and the number of replacements. `tokens`, the text's
    tokens (text.tokenize) when the caller has them, spare a second tokenization."""
    tokens = tokenize(text) if tokens is None else tokens
    edits = sorted(_replacements(text, tokens, original, true_name, new), reverse=True)
    for start, end, replacement in edits:
        text = text[:start] + replacement + text[end:]
    return text, len(edits)
