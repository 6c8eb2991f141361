"""Near-duplicate articles: the same story syndicated by several sites, lightly edited.

Each text becomes a set of word 5-shingles summarised by a MinHash; an LSH index finds earlier
articles whose estimated Jaccard similarity reaches the threshold. Exact duplicates are caught
before this by the content hash; this step catches the retitled, re-paragraphed or slightly
shortened copies.
"""

from __future__ import annotations

import re

from datasketch import MinHash, MinHashLSH

SHINGLE_WORDS = 5
NUM_PERM = 128
DEFAULT_THRESHOLD = 0.7
_WORD_RE = re.compile(r"\w+")


def shingles(text: str, size: int = SHINGLE_WORDS) -> set[bytes]:
    words = _WORD_RE.findall(text.lower().replace("ё", "е"))
    if len(words) <= size:
        return {" ".join(words).encode("utf-8")} if words else set()
    return {" ".join(words[i : i + size]).encode("utf-8") for i in range(len(words) - size + 1)}


def minhash(text: str) -> MinHash:
    signature = MinHash(num_perm=NUM_PERM, seed=1)
    signature.update_batch(list(shingles(text)))
    return signature


class NearDuplicateIndex:
    """Add texts in order of publication; `match` names the earlier near-duplicate of a text, if any."""

    def __init__(self, threshold: float = DEFAULT_THRESHOLD):
        self.threshold = threshold
        # The LSH index only proposes candidates; it is tuned lower than the threshold (and against
        # false negatives) so a pair just above the threshold is not missed, then verified below.
        self._lsh = MinHashLSH(threshold=max(0.3, threshold - 0.2), num_perm=NUM_PERM, weights=(0.3, 0.7))
        self._signatures: dict[str, MinHash] = {}

    def match(self, key: str, text: str) -> tuple[str, float] | None:
        """The most similar earlier text at or above the threshold; otherwise `text` is indexed under `key`."""
        signature = minhash(text)
        best: tuple[str, float] | None = None
        for other in sorted(self._lsh.query(signature)):
            similarity = signature.jaccard(self._signatures[other])
            if similarity >= self.threshold and (best is None or similarity > best[1]):
                best = (other, similarity)
        if best is None:
            self._lsh.insert(key, signature)
            self._signatures[key] = signature
        return best
