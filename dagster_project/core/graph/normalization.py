"""Entity normalization (offline strategy): lemma keys, an alias table, surname resolution and
similarity clustering, so that "Сбербанка", "Сбербанк" and "Сбербанком" become one node.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

import numpy as np
import pandas as pd
import yaml
from rapidfuzz import fuzz, process

from ..common.abbreviations import (
    LEGAL_FORMS,
    abbreviates,
    abbreviation_parts,
    expand_compound_bodies,
    is_abbreviation,
    spellings,
)
from ..common.russian import fold, lemma_key
from ..extraction.schema import SCHEMA
from ..extraction.schema.anaphora import shortens
from ..extraction.schema.lexicon import CLASS_NOUNS, INSTITUTION_NOUNS, POSITION_NOUNS
from ..extraction.schema.relations import ORGANIZATION, PLACE
from .name_forms import nominatives_in_apposition, with_place_nominatives
from .rdf import SCHEMA_KEY_PREFIX

LITERAL_TYPES = {"NUM", "DATE"}
_NAME_WORD = re.compile(r"[А-ЯЁа-яёA-Za-z-]+")
NAMED_TYPES = {"PER", "ORG", "LOC"}
CASE_HINTS = {"datv": "кому", "gent": "кого/чего", "ablt": "кем/чем", "loct": "о ком", "date": "когда", "nomn": ""}

NORMALIZED_COLUMNS = [
    "article_id",
    "subject",
    "relation",
    "object",
    "extractor",
    "sentence",
    "subject_key",
    "canonical_subject",
    "subject_type",
    "subject_descriptor",
    "relation_key",
    "canonical_relation",
    "verb",
    "complement",
    "preposition",
    "case",
    "object_key",
    "canonical_object",
    "object_type",
    "object_descriptor",
    "in_wikidata",
    "novelty",
]


def load_aliases(path: Path | None) -> dict[str, str]:
    """Alias table: YAML mapping canonical name -> list of aliases. Returned keyed by lemma key."""
    if path is None or not path.exists():
        return {}
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: the alias table must map canonical names to lists of aliases")
    table: dict[str, str] = {}
    for canonical, aliases in raw.items():
        if not isinstance(aliases, list):
            raise ValueError(f"{path}: aliases of {canonical!r} must be a list")
        for alias in [canonical, *aliases]:
            table[lemma_key(str(alias))] = str(canonical)
    return table


def literal_key(text: str) -> str:
    return "lit:" + fold(" ".join(text.split()))


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, item: str) -> str:
        self.parent.setdefault(item, item)
        while self.parent[item] != item:
            self.parent[item] = self.parent[self.parent[item]]
            item = self.parent[item]
        return item

    def union(self, keep: str, other: str) -> None:
        self.parent[self.find(other)] = self.find(keep)


def _mentions(raw: pd.DataFrame) -> pd.DataFrame:
    subjects = raw[["article_id", "subject_normal", "subject_type", "subject_descriptor"]]
    objects = raw[["article_id", "object_normal", "object_type", "object_descriptor"]]
    subjects.columns = objects.columns = ["article_id", "normal", "type", "descriptor"]
    return pd.concat([subjects, objects], ignore_index=True)


def entity_base_key(normal: str, aliases: dict[str, str]) -> str:
    """The lemma key of a name, or of its canonical name when the alias table knows it; a city's
    «мэрия» and «администрация (города)» are one institution in Russian news, and a compound body
    word is its full name («облдума» = «областная дума»)."""
    key = lemma_key(normal)
    key = expand_compound_bodies(lemma_key(aliases[key]) if key in aliases else key)
    return _CITY_ADMINISTRATION.sub("администрация ", key)


# «мэрия Бережанска», «администрация города Бережанска» -> the key of «администрация Бережанска»,
# also inside a longer name («департамент культуры мэрии Бережанска»)
_CITY_ADMINISTRATION = re.compile(r"(?:^|(?<= ))(?:мэрия|администрация город) ")


def named_mentions(raw: pd.DataFrame) -> pd.DataFrame:
    """Every mention of a named (non-literal) entity: article_id, normal, type, descriptor."""
    mentions = _mentions(raw)
    return mentions[~mentions["type"].isin(LITERAL_TYPES)]


def build_entity_table(
    raw: pd.DataFrame,
    aliases: dict[str, str],
    *,
    fuzzy_threshold: float = 94.0,
    links: list[tuple[str, str]] | None = None,
) -> dict[tuple[str, str], dict]:
    """Map every (normal form, type) mention to its cluster: key, canonical name, type, descriptor.

    Without `links`, clusters come from the offline heuristics (lone surnames, near-identical
    spellings). With `links` (pairs of base keys known to be one entity, e.g. decided by an LLM),
    those pairs are merged instead of the heuristics."""
    named = named_mentions(raw)
    base_key: dict[tuple[str, str], str] = {}
    for normal, kind in named[["normal", "type"]].drop_duplicates().itertuples(index=False):
        base_key[(normal, kind)] = entity_base_key(normal, aliases)
    base_key = _namesakes_kept_apart(named, base_key)
    frequency = Counter(base_key[(n, t)] for n, t in named[["normal", "type"]].itertuples(index=False))
    types_of: dict[str, Counter] = defaultdict(Counter)
    for (_, kind), key in base_key.items():
        types_of[key][kind] += frequency[key]

    clusters = _UnionFind()
    if links is not None:
        for keep, other in sorted(links):
            clusters.union(keep, other)
        return _cluster_table(named, base_key, clusters, aliases, nominatives_in_apposition(raw))
    keys = sorted(frequency, key=lambda k: (-frequency[k], k))
    surnames: dict[str, set[str]] = defaultdict(set)
    for (normal, kind), key in base_key.items():
        if kind == "PER" and normal.split():
            surnames[key].add(fold(normal.split()[-1]))
    _join_lone_surnames(clusters, keys, types_of, surnames)
    _join_shortened_person_names(clusters, keys, types_of, surnames)
    # a company's name with and without its legal form is one full name for its abbreviation to join
    _join_legal_forms(clusters, named, base_key, types_of)
    _join_abbreviations(clusters, base_key, types_of)
    _join_abbreviated_owners(clusters, base_key, types_of)
    _join_municipality_kinds(clusters, types_of)
    _join_abbreviated_middles(clusters, base_key, types_of)
    _join_spelling_variants(clusters, keys, types_of, fuzzy_threshold)
    return _cluster_table(named, base_key, clusters, aliases, nominatives_in_apposition(raw))


def _namesakes_kept_apart(named: pd.DataFrame, base_key: dict[tuple[str, str], str]) -> dict[tuple[str, str], str]:
    """A place and an organization that share a name stay two entities when the texts call one a
    place and the other an organization by a class noun («город Сокол», «клуб «Сокол»»); without
    such words the mentions are one entity of the type most of them have (NER calls one town an
    organization in one article and a place in another)."""
    described: dict[str, set[str]] = defaultdict(set)
    for normal, kind, descriptor in named[["normal", "type", "descriptor"]].drop_duplicates().itertuples(index=False):
        if descriptor and CLASS_NOUNS.get(descriptor) == (PLACE if kind == "LOC" else ORGANIZATION):
            described[base_key[(normal, kind)]].add(kind)
    apart = {key for key, kinds in described.items() if {"LOC", "ORG"} <= kinds}
    return {
        (normal, kind): f"{key} ({kind})" if key in apart and kind in {"LOC", "ORG"} else key
        for (normal, kind), key in base_key.items()
    }


def _join_lone_surnames(
    clusters: _UnionFind, keys: list[str], types_of: dict[str, Counter], surnames: dict[str, set[str]]
) -> None:
    """A lone surname joins the one full name that ends with it ("Соколова" -> "Анна Соколова"), as
    written: the dictionary lemmatizes «Соколова» to «Соколов», but a woman's surname is no man's.
    `surnames`: each person key's last words as the texts write them."""
    full_names: dict[str, list[str]] = defaultdict(list)
    for key in keys:
        if "PER" in types_of[key] and len(key.split()) >= 2:
            full_names[key.split()[-1]].append(key)
    for key in keys:
        if "PER" not in types_of[key] or len(key.split()) != 1:
            continue
        fitting = [full for full in full_names.get(key, []) if surnames[full] & surnames[key]]
        if len(fitting) == 1:
            clusters.union(fitting[0], key)


_PATRONYMIC = re.compile(r"(?:вич|вна|ична|инична)$")


def _join_shortened_person_names(
    clusters: _UnionFind, keys: list[str], types_of: dict[str, Counter], surnames: dict[str, set[str]]
) -> None:
    """Official news writes a person with initials («А. С. Котова») or with the patronymic («Анна
    Сергеевна Котова») and then by first name and surname («Анна Котова»): such a name joins the one
    full name of the month it fits, the same surname as written and the given names beginning with
    the initials; two that fit («Анна Котова», «Алла Котова») join nothing."""
    people = [k for k in keys if "PER" in types_of[k] and len(k.split()) >= 2]
    by_surname: dict[str, list[list[str]]] = defaultdict(list)
    for key in people:
        by_surname[key.split()[-1]].append(key.split())
    patronymic_names = Counter(
        (k.split()[0], k.split()[-1]) for k in people if len(k.split()) == 3 and _PATRONYMIC.search(k.split()[1])
    )
    # patronymics first, so that «А. С. Котова» then finds «Анна (Сергеевна) Котова» as one person
    for initials in (False, True):
        for key in people:
            *given, surname = key.split()
            if initials != all(len(w) == 1 for w in given):
                continue
            patronymic = len(given) == 2 and len(given[0]) > 1 and _PATRONYMIC.search(given[1]) is not None
            if not initials and not (patronymic and patronymic_names[(given[0], surname)] == 1):
                continue  # «Олег Петрович Зуев» and «Олег Иванович Зуев»: «Олег Зуев» may be either
            fitting = {
                clusters.find(" ".join(other)) for other in by_surname[surname]
                if other != key.split() and len(other[0]) > 1 and surnames[" ".join(other)] & surnames[key]
                and (all(o.startswith(g) for g, o in zip(given, other[:-1], strict=False))
                     if initials else other == [given[0], surname])
            }  # fmt: skip
            if len(fitting) == 1:
                clusters.union(fitting.pop(), key)


def _join_abbreviations(
    clusters: _UnionFind, base_key: dict[tuple[str, str], str], types_of: dict[str, Counter]
) -> None:
    """An abbreviation joins the one full name of the month it abbreviates: articles define
    «Бережанский государственный университет (БерГУ)» once and later say «БерГУ» alone, often in
    another article.

    Only full names whose words begin with the abbreviation's first two letters are tried (blocking),
    so the work grows with the month, not with its square."""
    names = {normal: key for (normal, _), key in base_key.items()}
    full_names = [(n, k) for n, k in names.items() if not is_abbreviation(n) and len(n.split()) >= 2]
    by_initials: dict[tuple[str, str], list[int]] = defaultdict(list)
    for position, (name, _) in enumerate(full_names):
        pairs = {(w[i][0], w[i + 1][0]) for w in spellings(name) for i in range(min(2, len(w) - 1))}
        for first, second in pairs:
            by_initials[(first, second)].append(position)
    for normal, key in names.items():
        if not is_abbreviation(normal) or "PER" in types_of[key]:
            continue
        first, second = (part[0] for part in abbreviation_parts(normal)[:2])
        expansions = {
            clusters.find(k)  # «АО «Вега-Энерго»» and «Вега-Энерго», joined already, are one expansion
            for n, k in (full_names[p] for p in by_initials.get((first, second), ()))
            if k != key and "PER" not in types_of[k] and abbreviates(normal, n)
        }
        if len(expansions) == 1:
            clusters.union(expansions.pop(), key)


# Class nouns of a company, which a legal form («ООО», «АО») is the form of; a club, a theatre or a
# university named like a company is another entity.
_COMPANY_NOUNS = (
    frozenset(
        "компания авиакомпания агрохолдинг холдинг концерн корпорация группа предприятие завод хлебозавод "
        "комбинат фабрика стартап банк фирма оператор перевозчик застройщик производитель ритейлер сеть "
        "судоверфь верфь издательство".split()
    )
    | LEGAL_FORMS
)


def _join_legal_forms(
    clusters: _UnionFind, named: pd.DataFrame, base_key: dict[tuple[str, str], str], types_of: dict[str, Counter]
) -> None:
    """«ООО «Вектор»» and «Вектор» are one company: a name after a legal form joins the same name
    written without it, when the month gives that name one legal form only (never «ООО «Вектор»»
    and «АО «Вектор»» to one «Вектор») and no class noun of the bare name calls it something other
    than a company («клуб «Вектор»»)."""
    descriptors: dict[str, set[str]] = defaultdict(set)
    for normal, kind, descriptor in named[["normal", "type", "descriptor"]].drop_duplicates().itertuples(index=False):
        descriptors[base_key[(normal, kind)]].add(descriptor or "")
    with_form: dict[str, set[str]] = defaultdict(set)
    for key in set(base_key.values()):
        form, _, rest = key.partition(" ")
        if form in LEGAL_FORMS and rest and "ORG" in types_of[key]:
            with_form[rest].add(key)
    for rest, keys in with_form.items():
        bare = rest if rest in types_of else None
        if bare is None or len(keys) != 1 or set(types_of[bare]) - {"ORG"}:
            continue
        if descriptors[bare] - {""} <= _COMPANY_NOUNS:
            clusters.union(next(iter(keys)), bare)


def _join_abbreviated_owners(
    clusters: _UnionFind, base_key: dict[tuple[str, str], str], types_of: dict[str, Counter]
) -> None:
    """«Лаборатория робототехники БерГУ» is «Лаборатория робототехники Бережанского государственного
    университета»: a name that ends with an abbreviation joins the one name that says the same
    words and then what the abbreviation stands for. Names are looked up by their words before the
    abbreviation, so the work grows with the month."""
    by_prefix: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for (normal, _), key in base_key.items():
        words = normal.split()
        for cut in range(1, len(words)):
            by_prefix[lemma_key(" ".join(words[:cut]))].append((" ".join(words[cut:]), key))
    for (normal, _), key in base_key.items():
        *head, last = normal.split()
        if not head or not is_abbreviation(last) or "PER" in types_of[key]:
            continue
        expansions = {
            other for tail, other in by_prefix.get(lemma_key(" ".join(head)), ())
            if other != key and not is_abbreviation(tail) and abbreviates(last, tail)
        }  # fmt: skip
        if len(expansions) == 1:
            clusters.union(expansions.pop(), key)


def _join_abbreviated_middles(
    clusters: _UnionFind, base_key: dict[tuple[str, str], str], types_of: dict[str, Counter]
) -> None:
    """«ОКБ № 1» is «Областная клиническая больница № 1», «ООО СК Кварцит» the «ООО Строительная
    компания Кварцит»: a name with one abbreviation (a legal form aside) followed by more words joins
    the one name of the month that says the same words before and after it and, between them, what
    the abbreviation stands for. Names are looked up by their last word, so the work grows with the month."""
    by_last: dict[str, list[tuple[list[str], str]]] = defaultdict(list)
    for (normal, _), key in base_key.items():
        words = normal.replace("«", " ").replace("»", " ").split()
        if len(words) >= 3:
            by_last[lemma_key(words[-1])].append((words, key))
    for words_of_key in list(by_last.values()):
        for words, key in words_of_key:
            marks = [i for i, w in enumerate(words) if is_abbreviation(w) and fold(w) not in LEGAL_FORMS]
            if len(marks) != 1 or marks[0] == len(words) - 1 or "PER" in types_of[key]:
                continue
            cut = marks[0]
            head, tail = lemma_key(" ".join(words[:cut])), lemma_key(" ".join(words[cut + 1 :]))
            expansions = {
                clusters.find(other)
                for other_words, other in by_last[lemma_key(words[-1])]
                if other != key
                and _says_around(other_words, head, tail, len(words) - cut - 1, cut)
                and abbreviates(words[cut], " ".join(other_words[cut : len(other_words) - (len(words) - cut - 1)]))
            }
            if len(expansions) == 1:
                clusters.union(expansions.pop(), key)


def _says_around(words: list[str], head: str, tail: str, tail_length: int, head_length: int) -> bool:
    """`words` begin with `head_length` words whose lemmas are `head` and end with `tail_length` whose
    lemmas are `tail`, with at least two words between."""
    if len(words) < head_length + tail_length + 2:
        return False
    return (
        lemma_key(" ".join(words[:head_length])) == head
        and lemma_key(" ".join(words[len(words) - tail_length :])) == tail
    )


# «Кижемский муниципальный округ» is written «Кижемский округ» after its first mention; the kind of
# municipality («муниципальный», «городской») is what news leaves out.
_MUNICIPALITY_KINDS = frozenset({"муниципальный", "городской"})
_MUNICIPALITY_NOUNS = frozenset({"округ", "район"})
_OTHER_KINDS = frozenset({"административный", "внутригородской", "автономный", "федеральный"})


def _join_municipality_kinds(clusters: _UnionFind, types_of: dict[str, Counter]) -> None:
    """A place «X округ» joins the one «X муниципальный округ» or «X городской округ» of the month
    (a district, «район», likewise); with both kinds named, «X округ» may be either and joins none."""
    places = [key for key, kinds in types_of.items() if "LOC" in kinds]
    longer: dict[str, list[str]] = defaultdict(list)
    for key in places:
        words = key.split()
        if len(words) >= 3 and words[-1] in _MUNICIPALITY_NOUNS and words[-2] in _MUNICIPALITY_KINDS | _OTHER_KINDS:
            longer[" ".join([*words[:-2], words[-1]])].append(key)
    for key in places:
        # «Северный округ» beside «Северный административный округ» (a city's district) may be that one
        if len(longer.get(key, ())) == 1 and longer[key][0].split()[-2] in _MUNICIPALITY_KINDS:
            clusters.union(longer[key][0], key)


def _join_spelling_variants(
    clusters: _UnionFind, keys: list[str], types_of: dict[str, Counter], fuzzy_threshold: float
) -> None:
    """Near-identical keys of the same type are spelling variants of one entity.

    Pairs are scored in bulk (rapidfuzz.process.cdist) within blocks of similar length, since a
    ratio at the threshold bounds the length difference; merges happen in the order of a pairwise scan."""
    by_type: dict[str, list[str]] = defaultdict(list)
    for key in keys:
        by_type[types_of[key].most_common(1)[0][0]].append(key)
    for same_type in by_type.values():
        for i, j in similar_pairs(same_type, fuzzy_threshold, min_length=6):
            if _same_short_words(same_type[i], same_type[j]):
                clusters.union(same_type[i], same_type[j])


def _same_short_words(key: str, other: str) -> bool:
    """Two near-identical keys differ in no short word: a number («больница № 1», «№ 2») or an
    abbreviation («Сорокопольская ЦРБ», «Сорокопольский ЦБК») makes another entity, not a misspelling."""
    words, other_words = set(key.split()), set(other.split())
    return all(len(word) > 4 and not word.isdigit() for word in words ^ other_words)


def similar_pairs(names: list[str], threshold: float, *, min_length: int) -> list[tuple[int, int]]:
    """Every (i, j), i < j, with both names at least `min_length` long and fuzz.ratio >= threshold, sorted.

    fuzz.ratio is 100 * (1 - indel distance / total length), and the indel distance is at least the
    length difference, so a name can only reach the threshold against names at most `slack` of its
    length shorter; each length block is scored against those blocks only."""
    by_length: dict[int, list[int]] = defaultdict(list)
    for index, name in enumerate(names):
        if len(name) >= min_length:
            by_length[len(name)].append(index)
    # d <= (1 - t/100) * (2L - d)  =>  d <= 2 (100 - t) / (200 - t) * L, for a length difference d
    slack = 2 * (100 - threshold) / (200 - threshold)
    pairs = []
    for length, longer in by_length.items():
        shortest = math.floor(length * (1 - slack)) - 1  # one below, against rounding
        shorter = [i for other in range(shortest, length + 1) for i in by_length.get(other, ())]
        if not shorter:
            continue
        scores = process.cdist([names[i] for i in longer], [names[i] for i in shorter],
                               scorer=fuzz.ratio, score_cutoff=threshold, dtype=np.float64)  # fmt: skip
        for row, column in zip(*np.nonzero(scores), strict=True):
            a, b = longer[row], shorter[column]
            if a != b and (len(names[a]) > len(names[b]) or a < b):
                pairs.append((min(a, b), max(a, b)))
    return sorted(pairs)


def _cluster_table(
    named: pd.DataFrame,
    base_key: dict[tuple[str, str], str],
    clusters: _UnionFind,
    aliases: dict[str, str],
    appositive: set[str] = frozenset(),
) -> dict[tuple[str, str], dict]:
    """Canonical name (alias target, else the most frequent full name), type and descriptor per cluster."""
    members: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for mention, key in base_key.items():
        members[clusters.find(key)].append(mention)
    names: Counter = Counter(zip(named["normal"], named["type"], strict=True))
    descriptors: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for normal, kind, descriptor in named[["normal", "type", "descriptor"]].itertuples(index=False):
        if descriptor:
            descriptors[(normal, kind)][descriptor] += 1

    located = _facility_places(named)
    table: dict[tuple[str, str], dict] = {}
    for root, mentions_of_root in members.items():
        type_votes: Counter = Counter()
        name_votes: Counter = Counter()
        descriptor_votes: Counter = Counter()
        # NER guesses an abbreviation's type («СурГУ» a place): the full names of its cluster decide
        spelled_out = any(not is_abbreviation(name) for name, _ in mentions_of_root)
        for mention in mentions_of_root:
            type_votes[mention[1]] += 0 if spelled_out and is_abbreviation(mention[0]) else names[mention]
            alias_target = aliases.get(lemma_key(mention[0]))
            name_votes[alias_target or mention[0]] += names[mention] + (1000 if alias_target else 0)
            descriptor_votes.update(descriptors[mention])
        named_votes = {k: v for k, v in type_votes.items() if k in NAMED_TYPES}
        kind = max(sorted(named_votes or type_votes), key=lambda k: (named_votes or type_votes)[k])
        if kind == "ORG" and type_votes["LOC"] and root in located and not _organization_described(descriptor_votes):
            kind = "LOC"  # «Заречье», which NER once calls a place, hosts «сервисный центр в Заречье»
        canonical = max(sorted(name_votes), key=lambda n: _canonical_rank(n, name_votes[n], kind, n in appositive))
        descriptor = descriptor_votes.most_common(1)[0][0] if descriptor_votes else ""
        for mention in mentions_of_root:
            table[mention] = {"key": f"{kind}:{root}", "canonical": canonical, "type": kind, "descriptor": descriptor}
    return table


# «сервисный центр в Заречье», «завод ветроустановок в Ольшанске»: a facility named by where it is.
_FACILITY_PLACE = re.compile(r"\sв\s((?:[А-ЯЁ][а-яёА-ЯЁ-]+\s?)+)$")


def _facility_places(named: pd.DataFrame) -> set[str]:
    """Keys of the names that the month's facility names give as where a facility is."""
    facilities = named.loc[named["type"] == "OTHER", "normal"].drop_duplicates()
    return {lemma_key(found.group(1)) for found in map(_FACILITY_PLACE.search, facilities) if found}


def _organization_described(descriptor_votes: Counter) -> bool:
    return any(CLASS_NOUNS.get(descriptor) == ORGANIZATION for descriptor in descriptor_votes)


def _canonical_rank(name: str, votes: int, kind: str, appositive: bool = False) -> tuple:
    """A full name reads better in a question than its abbreviation, whatever the counts; and a
    name of a thing that is its own dictionary form is in the nominative («Бергранит», never the
    «Бергранита» of «с «Бергранита»», however often the texts inflect it). People are left to the
    votes: pymorphy lemmatizes «Соколова» to «Соколов»; but a person's full name reads better than the
    surname alone, however often a career told in one article repeats «Сумароков»."""
    dictionary_form = kind != "PER" and fold(name.replace("«", "").replace("»", "")) == lemma_key(name)
    full_person = kind == "PER" and len(name.split()) > 1
    # «Областная клиническая больница № 1» reads better than «ОКБ № 1», whatever its form
    spelled_out = not any(is_abbreviation(w) and fold(w) not in LEGAL_FORMS for w in name.split())
    # a name quoted after its class noun is written in the nominative («ООО «Сибмостстрой-Ярга»»)
    appositive = appositive and kind != "PER"
    return (not is_abbreviation(name), spelled_out, appositive, dictionary_form, full_person, votes,
            len(name.split()), len(name))  # fmt: skip


def relation_key(verb: str, complement: str, preposition: str, case: str) -> str:
    return "|".join((verb, lemma_key(complement) if complement else "", preposition, case))


def relation_label(verb: str, complement: str, preposition: str, case: str) -> str:
    words = " ".join(part for part in (verb, complement, preposition) if part)
    hint = CASE_HINTS.get(case, "") if not preposition else ""
    return f"{words} ({hint})" if hint else words


def shortened_names(raw: pd.DataFrame) -> dict[tuple[str, str], str]:
    """(article_id, short name) -> the full name it shortens.

    News names an institution in full once («Администрация Хвойногорского муниципального округа»)
    and then by its class noun with what is left of its name («администрация округа»,
    «администрация города» for the city's administration, «институт океанологии»). Only a generic
    short name (a class noun, no proper word of its own) is resolved, to a full name it shortens:
    the same words with only adjectives left out («Хвойногорского муниципального»), ending in the
    same noun. The full name is the one of its own article that fits; when the article has none, the
    one of the month that fits and whose left-out proper words the article names elsewhere
    («Хвойногорский районный суд» beside «администрация округа»). Two that fit resolve nothing.
    Work is per article and per last word of a name, so it grows with the month."""
    names_of, evidence = _organizations_and_lemmas(raw)
    words = {name: entity_base_key(name, {}).split() for name in set().union(*names_of.values())}
    # full names by their last word and by their first (a short name may leave the owner out:
    # «Законодательное собрание»), each with the stem of a proper word of theirs («округ», «хвойногор»)
    full_names: dict[tuple[str, str], set[str]] = defaultdict(set)
    for name, name_words in words.items():
        if name_words and not _generic_name(name, name_words):
            for stem in _proper_stems(name):
                full_names[(name_words[-1], stem)].add(name)
                full_names[(_FIRST, name_words[0], stem)].add(name)
    resolved: dict[tuple[str, str], str] = {}
    pending: set[tuple[str, str]] = set()
    for article, names in names_of.items():
        stems = {_stem(lemma) for lemma in evidence[article]}
        for short in names:
            if not words[short] or not _generic_name(short, words[short]):
                continue
            full = {
                name for name in names if name != short and _shortens(tuple(words[short]), name, tuple(words[name]))
            }
            if not full:
                candidates = {
                    name
                    for stem in stems
                    for index in ((words[short][-1], stem), (_FIRST, words[short][0], stem))
                    for name in full_names.get(index, ())
                }
                full = _month_full_names(words[short], candidates, words, stems)
            if len(full) == 1:
                resolved[(article, short)] = full.pop()
            elif not full:
                pending.add((article, short))
    if pending:  # a partner the short name shares with one full name of the month says which
        partners_of, named_with = _partners(raw, words, pending)
        for article, short in pending:
            full = _partner_full_names(words[short], partners_of[(article, short)], named_with, words)
            if len(full) == 1:
                resolved[(article, short)] = full.pop()
    return resolved


def longer_readings(raw: pd.DataFrame) -> dict[tuple[str, str], str]:
    """(article_id, name) -> the longer name the same words of the same sentence were read as.

    Two readings of one phrase («руководил дорожным управлением Кижемского округа»: «Дорожное
    управление Кижемского округа» and «Управление Кижемского округа») name one body; the shorter,
    whose written words lie inside the longer's and which leaves out only adjectives, is the longer."""
    readings: dict[tuple[str, int], set[tuple[str, str, str]]] = defaultdict(set)
    for side in ("subject", "object"):
        columns = ("article_id", "sentence_index", side, f"{side}_normal", f"{side}_type")
        for article, index, written, normal, kind in zip(*(raw[c].tolist() for c in columns), strict=True):
            if _shortenable(normal, kind):
                readings[(article, index)].add((written, normal, kind))
    resolved: dict[tuple[str, str], str] = {}
    for (article, _), names in readings.items():
        for written, normal, _kind in names:
            longer = {
                other
                for other_written, other, _ in names
                if other != normal
                and re.search(rf"(?:^|\s){re.escape(written)}$", other_written)
                and _shortens(_lemma_words(normal), other, _lemma_words(other))
            }
            if len(longer) == 1:
                resolved[(article, normal)] = longer.pop()
    return resolved


def _partners(
    raw: pd.DataFrame, words: dict[str, list[str]], pending: set[tuple[str, str]]
) -> tuple[dict[tuple[str, str], set[tuple]], dict[tuple, set[str]]]:
    """(article, short name) of `pending` -> the (relation, side, other name's key) of its facts; and
    the inverse for full names that keep a first or last word of a pending short name, by such a
    triple and that word, -> the full names of the month that have it."""
    partners_of: dict[tuple[str, str], set[tuple]] = defaultdict(set)
    named_with: dict[tuple, set[str]] = defaultdict(set)
    shorts = {short for _, short in pending}
    kept = {words[short][i] for short in shorts for i in (0, -1)}
    full = {name for name, w in words.items() if w and (w[0] in kept or w[-1] in kept) and not _generic_name(name, w)}
    for article, relation, subject, obj, subject_type, object_type in _rows_naming(raw, full | shorts):
        for name, kind, side, other in ((subject, subject_type, "subject", obj), (obj, object_type, "object", subject)):
            if (article, name) in pending:
                partners_of[(article, name)].add((relation, side, _lemma_words(other)))
            elif name in full and _shortenable(name, kind):
                partner = (relation, side, _lemma_words(other))
                named_with[(*partner, words[name][0])].add(name)
                named_with[(*partner, words[name][-1])].add(name)
    return partners_of, named_with


def _rows_naming(raw: pd.DataFrame, names: set[str]) -> list[tuple]:
    """(article, relation, subject, object, subject type, object type) of the facts naming one of `names`."""
    rows = raw[raw["subject_normal"].isin(names) | raw["object_normal"].isin(names)]
    columns = ("article_id", "relation", "subject_normal", "object_normal", "subject_type", "object_type")
    return list(zip(*(rows[c].tolist() for c in columns), strict=True))


def _partner_full_names(
    short: list[str], partners: set[tuple], named_with: dict[tuple, set[str]], words: dict[str, list[str]]
) -> set[str]:
    """The month's full names `short` shortens that stand in the same relation to the same entity
    elsewhere: «Председатель Законодательного собрания Виктор Ясенев» in one article and «Председатель
    Законодательного собрания Приморской области Виктор Ясенев» in another name one body."""
    candidates = {
        name for partner in partners for word in {short[0], short[-1]} for name in named_with.get((*partner, word), ())
    }
    return {name for name in candidates if _shortens(tuple(short), name, tuple(words[name]))}


@lru_cache(maxsize=200_000)
def _shortens(short: tuple[str, ...], full_name: str, full: tuple[str, ...]) -> bool:
    """anaphora.shortens, once per pair: a month repeats its short and full names in many articles."""
    return shortens(list(short), list(full), full_name)


_FIRST = "first word"


def _organizations_and_lemmas(raw: pd.DataFrame) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Per article: the organizations and posts its facts name, and the lemmas of every name they give."""
    names_of: dict[str, set[str]] = defaultdict(set)
    evidence: dict[str, set[str]] = defaultdict(set)
    mentions: set[tuple[str, str, str]] = set()
    for name_column, type_column in (("subject_normal", "subject_type"), ("object_normal", "object_type")):
        columns = (raw["article_id"].tolist(), raw[name_column].tolist(), raw[type_column].tolist())
        mentions.update(zip(*columns, strict=True))
    for article, name, kind in mentions:
        if _shortenable(name, kind):
            names_of[article].add(name)
        if kind not in LITERAL_TYPES:
            evidence[article].update(_lemma_words(name))
    return names_of, evidence


def _month_full_names(short: list[str], candidates: set[str], words: dict[str, list[str]], stems: set[str]) -> set[str]:
    """The month's full names `short` shortens whose left-out proper words the article names."""
    own = stems - {_stem(w) for w in short}
    return {
        name
        for name in candidates
        if _shortens(tuple(short), name, tuple(words[name])) and _left_out_named(short, name, own)
    }


def _proper_stems(name: str) -> list[str]:
    """Stems of the capitalized words of a name after its first: «хвойногор» of «Администрация
    Хвойногорского муниципального округа»."""
    return [_stem(lemma_key(w)) for w in name.split()[1:] if w[:1].isupper()]


def _left_out_named(short: list[str], full_name: str, stems: set[str]) -> bool:
    """Every proper word the short name leaves out of the full name («Хвойногорского») has its stem
    among `stems` (of the article's other names: «Хвойногорский районный суд»); at least one such word."""
    kept = {_stem(w) for w in short}
    left_out = [stem for stem in _proper_stems(full_name) if stem not in kept]
    return bool(left_out) and all(stem in stems for stem in left_out)


_ADJECTIVE_ENDING = re.compile(r"(?:ский|ской|ый|ий|ой)$")


@lru_cache(maxsize=200_000)
def _lemma_words(name: str) -> tuple[str, ...]:
    return tuple(lemma_key(name).split())


@lru_cache(maxsize=100_000)
def _stem(lemma: str) -> str:
    """«хвойногорский» -> «хвойногор», so the adjective and its town («Бережанск») share it."""
    stem = _ADJECTIVE_ENDING.sub("", lemma)
    return stem if len(stem) >= 4 else lemma


def _generic_name(name: str, words: list[str]) -> bool:
    """«Администрация округа», «институт океанологии», «министр здравоохранения»: a class noun or a
    post with nothing proper of its own (no quotes, no capital but the first)."""
    if "«" in name or any(w[:1].isupper() for w in name.split()[1:]):
        return False
    return any(CLASS_NOUNS.get(w) == ORGANIZATION or w in INSTITUTION_NOUNS for w in words) or (
        bool(words) and words[0] in POSITION_NOUNS
    )


def _shortenable(name: str, kind: str) -> bool:
    """Organizations, and posts («министр здравоохранения Приморской области»), which NER leaves untyped."""
    return kind == "ORG" or (kind == "OTHER" and _first_lemma(name) in POSITION_NOUNS)


@lru_cache(maxsize=100_000)
def _first_lemma(name: str) -> str:
    return lemma_key(name.split()[0]) if name.split() else ""


def normalize_triplets(
    raw: pd.DataFrame, aliases: dict[str, str], links: list[tuple[str, str]] | None = None
) -> pd.DataFrame:
    """Add canonical entity and relation names; the novelty verdict is filled in later.
    `links`: entity merges decided elsewhere (see build_entity_table)."""
    if raw.empty:
        return pd.DataFrame(columns=NORMALIZED_COLUMNS)
    raw = _with_full_names(raw, {**shortened_names(raw), **longer_readings(raw)})
    raw = with_place_nominatives(raw)
    entities = build_entity_table(raw, aliases, links=links)
    rows = []
    for row in raw.itertuples(index=False):
        subject = _resolve(entities, row.subject_normal, row.subject_type, row.subject_descriptor)
        obj = _resolve(entities, row.object_normal, row.object_type, row.object_descriptor)
        if subject["key"] == obj["key"]:
            continue  # a self-loop after merging carries no fact
        if _ownerless(subject, row.subject) or _ownerless(obj, row.object):
            continue  # «Правительство области» whose region the article left unsaid: no reader can tell which
        rows.append(
            {
                "article_id": row.article_id,
                "subject": row.subject,
                "relation": row.relation,
                "object": row.object,
                "extractor": row.extractor,
                "sentence": row.sentence,
                "subject_key": subject["key"],
                "canonical_subject": subject["canonical"],
                "subject_type": subject["type"],
                "subject_descriptor": subject["descriptor"],
                "relation_key": (
                    SCHEMA_KEY_PREFIX + row.relation  # one relation per schema id, whatever its wording
                    if row.relation in SCHEMA
                    else relation_key(row.verb, row.complement, row.preposition, row.case)
                ),
                "canonical_relation": relation_label(row.verb, row.complement, row.preposition, row.case),
                "verb": row.verb,
                "complement": row.complement,
                "preposition": row.preposition,
                "case": row.case,
                "object_key": obj["key"],
                "canonical_object": obj["canonical"],
                "object_type": obj["type"],
                "object_descriptor": obj["descriptor"],
                "in_wikidata": None,
                "novelty": "skipped",
            }
        )
    frame = _without_stale_posts(pd.DataFrame(rows, columns=NORMALIZED_COLUMNS))
    frame["in_wikidata"] = frame["in_wikidata"].astype("boolean")
    return frame


# Bodies that always belong to some territory («правительство области», «управление ЖКХ
# администрации»), and the common words their names begin with; a name of such words alone says not
# whose body it is.
_TERRITORY_BODY_NOUNS = frozenset(
    "правительство администрация мэрия министерство дума собрание управление департамент комитет отдел".split()
)
_COMMON_BODY_WORDS = _TERRITORY_BODY_NOUNS | frozenset(
    "финансовый законодательный областной региональный районный городской муниципальный окружной краевой "
    "территориальный избирательный дорожный".split()
)
# Topic abbreviations inside a body's name that name no owner («управление ЖКХ»).
_TOPIC_ABBREVIATIONS = frozenset({"ЖКХ", "ЗАГС", "АПК", "ЧС"})


def ownerless_body(name: str, kind: str) -> bool:
    """«Правительство области», «Финансовое управление администрации», «Министерство
    здравоохранения»: a body of some territory whose name says not which — no quotes, no proper word
    (a place's adjective or name, an owner's abbreviation), only common words."""
    if kind != "ORG" or "«" in name or '"' in name:
        return False
    written = name.split()
    if len(written) < 2 and lemma_key(name) not in _TERRITORY_BODY_NOUNS:
        return False
    first, *rest = written
    if any(w[:1].isupper() and w not in _TOPIC_ABBREVIATIONS for w in rest) or any(c.isdigit() for c in name):
        return False
    lemmas = lemma_key(name).split()
    if lemmas[-1] in _JURISDICTIONS and (lemmas[0] in INSTITUTION_NOUNS or CLASS_NOUNS.get(lemmas[0]) == ORGANIZATION):
        return True  # «Фонд развития области»: whichever region's
    if lemma_key(first) not in _COMMON_BODY_WORDS:
        return False
    return any(w in _TERRITORY_BODY_NOUNS for w in lemmas)


_JURISDICTIONS = frozenset("область регион край район округ город республика".split())


def _ownerless(entity: dict, written: str) -> bool:
    """An owner-less body's or post's name, unless the text quotes it as a proper name («МКУ
    «Управление капитального строительства»»)."""
    if "«" in written:
        return False
    return ownerless_body(entity["canonical"], entity["type"]) or ownerless_post(entity["canonical"], entity["type"])


def ownerless_post(name: str, kind: str) -> bool:
    """«заместитель министра», «главный тренер», «министр здравоохранения региона»: a post whose
    words name no one organization or place (no proper word, no quoted name), so no reader can tell
    whose post it is."""
    if kind != "OTHER" or "«" in name or any(c.isdigit() for c in name):
        return False
    if any(w[:1].isupper() for w in name.split()[1:]):
        return False
    words = lemma_key(name).split()
    while words and words[0] in _ACTING_WORDS:  # «временно исполняющий обязанности министра»
        words = words[1:]
    if words[:1] and words[0] in _POST_ADJECTIVES:  # «главный тренер», «первый заместитель»
        words = words[1:]
    return bool(words) and words[0] in POSITION_NOUNS  # not «премия губернатора», an award


_ACTING_WORDS = frozenset({"временно", "исполнять", "исполняющий", "обязанность", "врио"})
_POST_ADJECTIVES = frozenset({"главный", "первый", "генеральный", "исполнительный", "старший"})


# A post the month's texts say someone has left: «Директор «Водоканала» Сомов» in one article and
# «Сомов освобождён от должности» in the next make «возглавляет» a question with no true answer.
_PAST_OF = {"heads": "formerly_headed", "works_at": "worked_at"}


def _without_stale_posts(frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` without present posts whose holder the month also says held them before."""
    facts = list(zip(frame["relation"], frame["subject_key"], frame["object_key"], strict=True))
    said = set(facts)
    current = [(_PAST_OF.get(relation), subject, obj) not in said for relation, subject, obj in facts]
    return frame[current].reset_index(drop=True)


def _with_full_names(raw: pd.DataFrame, resolved: dict[tuple[str, str], str]) -> pd.DataFrame:
    """`raw` with each short name replaced by the full name it shortens in its article."""
    if not resolved:
        return raw
    raw = raw.copy()
    for name_column, type_column in (("subject_normal", "subject_type"), ("object_normal", "object_type")):
        raw[name_column] = [
            resolved[(article, name)] if (article, name) in resolved and _shortenable(name, kind) else name
            for article, name, kind in zip(raw["article_id"], raw[name_column], raw[type_column], strict=True)
        ]
    return raw


def _resolve(entities: dict, normal: str, kind: str, descriptor: str) -> dict:
    if kind in LITERAL_TYPES:
        return {
            "key": f"{kind}:{literal_key(normal)}",
            "canonical": " ".join(normal.split()),
            "type": kind,
            "descriptor": "",
        }
    return entities[(normal, kind)]
