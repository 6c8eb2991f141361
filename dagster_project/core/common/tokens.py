"""razdel's word tokenization, same output, without its per-boundary objects.

razdel cuts a text into atoms (a run of Cyrillic or Latin letters, a run of digits, one punctuation
mark, any other visible character) and decides at each boundary between two atoms whether to join
them. A boundary with whitespace in it always splits: razdel never asks its rules there. Most
boundaries are such, yet razdel builds a split record, a window of atom records and a substring
search for every one, which is most of its time. Here only a boundary without whitespace builds the
record, and razdel's own atom pattern and rules decide it, so the tokens are the ones
`razdel.tokenize` gives (tests/test_tokens.py compares them on the bundled corpus).
"""

from __future__ import annotations

from typing import NamedTuple

from razdel.rule import JOIN
from razdel.segmenters.punct import DASHES
from razdel.segmenters.tokenize import ATOM, INT, LAT, PUNCT, RU, RULES, Atom, TokenSplit

_WINDOW = 3  # atoms each side a rule may look at (razdel's TokenSplitter window)
_WORD_ATOMS = {RU, LAT, INT}
_LETTERS = {RU, LAT}
# Marks next to which some rule may join a run of letters: dashes and "_" (кто-то), "!" (Yahoo!).
_JOINING_MARKS = set(DASHES) | {"_", "!"}


class Span(NamedTuple):
    start: int
    stop: int
    text: str


def tokenize(text: str) -> list[Span]:
    """The tokens of `text` with their character offsets, as `razdel.tokenize` cuts them."""
    atoms = [(m.start(), m.end(), m.lastgroup, m.group(0)) for m in ATOM.finditer(text)]
    if not atoms:
        return []
    spans = []
    start, stop = atoms[0][0], atoms[0][1]
    for index in range(1, len(atoms)):
        atom_start, atom_stop = atoms[index][0], atoms[index][1]
        if atom_start == stop and _joins(atoms, index, text[start:stop]):
            stop = atom_stop
        else:
            spans.append(Span(start, stop, text[start:stop]))
            start, stop = atom_start, atom_stop
    spans.append(Span(start, stop, text[start:stop]))
    return spans


def _joins(atoms: list[tuple], index: int, buffer: str) -> bool:
    """razdel's verdict on the boundary before atoms[index] (no whitespace there): the first rule
    with an opinion decides; none means split. Two common boundaries no rule joins are split at
    once: two word atoms (5км), and letters beside a punctuation mark other than a dash, "_" or "!"
    (the float and fraction rules need digits, the punctuation rule marks on both sides)."""
    left_type, right_type = atoms[index - 1][2], atoms[index][2]
    if left_type in _WORD_ATOMS and right_type in _WORD_ATOMS:
        return False
    if (left_type in _LETTERS and right_type == PUNCT and atoms[index][3] not in _JOINING_MARKS) or (
        left_type == PUNCT and right_type in _LETTERS and atoms[index - 1][3] not in _JOINING_MARKS
    ):
        return False
    left = [Atom(*a) for a in atoms[max(0, index - _WINDOW) : index]]
    right = [Atom(*a) for a in atoms[index : index + _WINDOW]]
    split = TokenSplit(left, "", right)
    split.buffer = buffer
    for rule in RULES:
        action = rule(split)
        if action:
            return action == JOIN
    return False
