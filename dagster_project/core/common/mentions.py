"""Whether a text mentions a name: fuzzy matching (rapidfuzz) on lemmas, so that inflected
mentions ("Сбербанка", "Сбербанком") count. Used to ground extracted triplets, to check generated
questions and to filter them.
"""

from __future__ import annotations

from rapidfuzz import fuzz

from .russian import lemma_key


def mention_score(name: str, text_key: str) -> float:
    """0-100: how well `name` is mentioned in a lemmatized text (partial Levenshtein ratio on lemmas).

    Short names (abbreviations like "ВТУ") must match a whole lemma exactly; fuzzy matching
    would find them everywhere.
    """
    return key_mention_score(lemma_key(name), text_key)


def key_mention_score(name_key: str, text_key: str) -> float:
    """`mention_score` of a name by its lemma key, for a caller that scores one name against many texts."""
    if not name_key:
        return 0.0
    if len(name_key) <= 4:
        return 100.0 if name_key in text_key.split(" ") else 0.0
    return float(fuzz.partial_ratio(name_key, text_key))
