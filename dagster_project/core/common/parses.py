"""One Natasha parse per article text, kept on disk and shared.

Parsing (segmentation, morphology, syntax, NER) is most of the offline pipeline's cost, so a text is
parsed once: the parse is stored under the storage root keyed by a hash of its content, and every later
reader (extraction, the NER presence filter, the linter, a rerun of any of them) loads it instead.
`run_in_workers` spreads per-article work over a pool of processes, each with Natasha loaded once and
numpy pinned to one BLAS thread, and returns results in input order so the output never depends on
the number of workers.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
import tempfile
import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import chain
from multiprocessing import get_context
from operator import attrgetter
from pathlib import Path
from typing import TypeVar

from natasha.doc import Doc, DocSent, DocSpan, DocToken

from .russian import natasha, parse_document

# Part of every cache key: bump it when parse_document's output changes (a new Natasha, other steps) or
# the way it is stored (v2: packed tables, see `packed`).
PARSE_FORMAT = "natasha-1.6/parse-v2"

T = TypeVar("T")
R = TypeVar("R")


def article_text(title: str, text: str) -> str:
    """The text an article is parsed as: its title as a sentence of its own, then the body."""
    return f"{title}.\n\n{text}"


class ParseCache:
    """Natasha parses on disk, one compressed pickle of the packed parse (`packed`) per (text, syntax)
    under `root`; without a root, every call parses. Writes are atomic, so processes sharing a root
    never read half a file."""

    def __init__(self, root: Path | str | None):
        self.root = Path(root) if root is not None else None

    def parse(self, text: str, *, syntax: bool = True):
        return self._parse(text, syntax, shared=False)

    def _parse(self, text: str, syntax: bool, *, shared: bool):
        path = self._path(text, syntax)
        if path is not None and path.exists():
            try:
                return unpacked(pickle.loads(zlib.decompress(path.read_bytes())), shared=shared)
            except (OSError, zlib.error, pickle.UnpicklingError, EOFError, ValueError, TypeError, IndexError):
                pass  # a damaged entry is parsed again and overwritten
        doc = parse_document(text, syntax=syntax)
        if path is not None:
            _write_atomically(path, zlib.compress(pickle.dumps(packed(doc), protocol=pickle.HIGHEST_PROTOCOL), 1))
            if syntax:  # the parse every stage reads: its entity names go beside it for the NER filter
                _write_atomically(_names_path(path), json.dumps(entity_names(doc), ensure_ascii=False).encode())
        return slimmed(doc) if shared else doc

    def entity_names(self, text: str) -> list[str]:
        """`entity_names` of the text's parse, from a small file kept beside it: a reader of names
        alone (the NER presence filter) loads no parse, which costs a hundred times more."""
        path = self._path(text, True)
        if path is not None and _names_path(path).exists():
            try:
                names = json.loads(_names_path(path).read_bytes())
                if isinstance(names, list) and all(isinstance(name, str) for name in names):
                    return names
            except (OSError, ValueError):
                pass  # a damaged entry is made again from the parse
        names = entity_names(self.parse(text))
        if path is not None:
            _write_atomically(_names_path(path), json.dumps(names, ensure_ascii=False).encode())
        return names

    def parse_to_keep(self, text: str, *, syntax: bool = True):
        """`parse`, slimmed for a reader that keeps a month of parses in memory and only reads them."""
        return self._parse(text, syntax, shared=True)

    def entities(self, text: str) -> list[tuple[str, str]]:
        """(normal form, type) of each named entity Natasha finds in `text`, in text order."""
        return [(span.normal or span.text, span.type) for span in self.parse(text).spans]

    def _path(self, text: str, syntax: bool) -> Path | None:
        if self.root is None:
            return None
        digest = hashlib.sha256(f"{PARSE_FORMAT}\0{int(syntax)}\0{text}".encode()).hexdigest()
        return self.root / digest[:2] / f"{digest}.pickle.z"


def entity_names(doc) -> list[str]:
    """The distinct normal forms of the named entities Natasha found in a parse, sorted."""
    return sorted({span.normal or span.text for span in doc.spans})


def _names_path(parse_path: Path) -> Path:
    return parse_path.with_name(parse_path.name.replace(".pickle.z", ".names.json"))


# One dict per distinct set of morphological features, shared by every token that has it.
_SHARED_FEATS: dict[tuple, dict] = {}


def slimmed(doc):
    """The same parse in about 40% of the memory: a token's words, ids and lemma are interned (a
    month repeats them), and tokens with the same features share one dict. The features are then
    shared, so the caller must treat the parse as read-only."""
    for token in doc.tokens:
        token.text, token.lemma = _interned(token.text), _interned(token.lemma)
        token.id, token.head_id = _interned(token.id), _interned(token.head_id)  # None without syntax
        if token.feats is not None:
            token.feats = _SHARED_FEATS.setdefault(tuple(token.feats.items()), token.feats)
    return doc


def _interned(value):
    return sys.intern(value) if isinstance(value, str) else value


# How a parse is stored. A pickled natasha.Doc costs more to load than to build again from its parts:
# pickle makes a state dict for every token and then copies it into the token's own, and those
# millions of objects wake the garbage collector. Packed, a parse is a table of its distinct
# strings (None among them), a table of its distinct feature sets, one array of integers per token
# field (a string or feature set by its row), and row lists for the spans and sentences; `unpacked`
# sets each token's attributes straight from the columns. The records are the same as pickle's, and so
# are the links between them: a sentence's and a span's tokens are the document's, a sentence's
# spans the document's, and tokens that shared one features dict still do.
_TOKEN_FIELDS = ("start", "stop", "text", "id", "head_id", "rel", "pos", "feats", "lemma")
_STRING_FIELDS = ("text", "id", "head_id", "rel", "pos", "lemma")


def packed(doc) -> tuple:
    """A parse made by `parse_document` as tuples, strings and integer arrays (see `unpacked`)."""
    for record in (doc, *doc.tokens[:1], *doc.spans[:1], *doc.sents[:1]):
        if vars(record).keys() != set(type(record).__attributes__):
            raise ValueError(f"a parse record with other fields than Natasha's: {sorted(vars(record))}")
    values = list(zip(*map(attrgetter(*_TOKEN_FIELDS), doc.tokens), strict=True)) or [()] * len(_TOKEN_FIELDS)
    columns = dict(zip(_TOKEN_FIELDS, values, strict=True))
    strings = list(dict.fromkeys(chain.from_iterable(columns[field] for field in _STRING_FIELDS)))
    string_row = {value: row for row, value in enumerate(strings)}
    feats_by_id = {id(feats): feats for feats in columns["feats"]}
    feats_row = {key: row for row, key in enumerate(feats_by_id)}
    arrays = [array("i", columns["start"]), array("i", columns["stop"])]
    arrays += [array("i", map(string_row.__getitem__, columns[field])) for field in _STRING_FIELDS]
    arrays.append(array("i", (feats_row[id(feats)] for feats in columns["feats"])))
    feats_rows = tuple(None if feats is None else tuple(feats.items()) for feats in feats_by_id.values())
    token_row = {id(token): row for row, token in enumerate(doc.tokens)}
    span_row = {id(span): row for row, span in enumerate(doc.spans)}
    spans = tuple((s.start, s.stop, s.type, s.text, _rows(s.tokens, token_row), s.normal, s.fact) for s in doc.spans)
    sents = tuple((s.start, s.stop, s.text, _rows(s.tokens, token_row), _rows(s.spans, span_row)) for s in doc.sents)
    return doc.text, tuple(strings), feats_rows, tuple(a.tobytes() for a in arrays), spans, sents


def _rows(items, row: dict) -> tuple | None:
    return None if items is None else tuple(row[id(item)] for item in items)


def unpacked(data: tuple, *, shared: bool):
    """The natasha.Doc `packed` stored. `shared`: its strings interned and its features dicts the
    ones every other shared parse uses (as `slimmed` makes them), for a reader that keeps a month."""
    text, strings, feats_rows, column_bytes, spans, sents = data
    if shared:
        strings = [sys.intern(value) if type(value) is str else value for value in strings]
        feats = [None if items is None else _SHARED_FEATS.setdefault(items, dict(items)) for items in feats_rows]
    else:
        feats = [None if items is None else dict(items) for items in feats_rows]
    starts, stops, *string_columns, feats_column = (array("i", raw) for raw in column_bytes)
    words, ids, heads, rels, poses, lemmas = ([strings[row] for row in column] for column in string_columns)
    tokens = []
    new = object.__new__
    for start, stop, word, id_, head_id, rel, pos, row, lemma in zip(
        starts, stops, words, ids, heads, rels, poses, feats_column, lemmas, strict=True
    ):
        # attributes set one by one, in Natasha's order: the token keeps them in the class's shared
        # layout, half the memory of a dict of its own
        token = new(DocToken)
        token.start, token.stop, token.text, token.id, token.head_id = start, stop, word, id_, head_id
        token.rel, token.pos, token.feats, token.lemma = rel, pos, feats[row], lemma
        tokens.append(token)
    doc_spans = []
    for start, stop, type_, span_text, rows, normal, fact in spans:
        span = new(DocSpan)
        span.start, span.stop, span.type, span.text = start, stop, type_, span_text
        span.tokens, span.normal, span.fact = _items(tokens, rows), normal, fact
        doc_spans.append(span)
    doc_sents = []
    for start, stop, sent_text, token_rows, span_rows in sents:
        sent = new(DocSent)
        sent.start, sent.stop, sent.text = start, stop, sent_text
        sent.tokens, sent.spans = _items(tokens, token_rows), _items(doc_spans, span_rows)
        doc_sents.append(sent)
    doc = new(Doc)
    doc.text, doc.tokens, doc.spans, doc.sents = text, tokens, doc_spans, doc_sents
    return doc


def _items(items: list, rows: tuple | None) -> list | None:
    return None if rows is None else [items[row] for row in rows]


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".parse-")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _start_worker() -> None:
    """Once per worker process: one BLAS thread (the pool is the parallelism), Natasha loaded.
    threadpoolctl's limit reaches only the BLAS libraries loaded already (a worker started under
    `dagster dev` has loaded none yet); the variables reach those loaded later (numpy's, scipy's)."""
    from threadpoolctl import threadpool_limits

    global _BLAS_LIMIT
    for variable in _BLAS_THREADS_VARIABLES:
        os.environ[variable] = "1"  # this worker's own environment, for its libraries (not a setting)
    _BLAS_LIMIT = threadpool_limits(limits=1)
    natasha()


_BLAS_THREADS_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


_BLAS_LIMIT = None


def run_in_workers(
    function: Callable[[T], R],
    items: Sequence[T],
    *,
    workers: int,
    chunk_size: int = 8,
    on_progress: Callable[[int], None] | None = None,
) -> list[R]:
    """`[function(item) for item in items]`, spread over `workers` processes (in this process when
    `workers` is 1 or there is too little work to share). `function` must be a module-level function
    (or a functools.partial of one), since it is sent to the workers by pickling."""
    workers = max(1, min(workers, len(items) // chunk_size))
    if workers == 1:
        from threadpoolctl import threadpool_limits

        with threadpool_limits(limits=1):  # a second BLAS thread would only spin beside this one
            return list(_reporting(map(function, items), on_progress))
    # spawn, not fork: the caller (Dagster) runs threads, and a forked child could inherit a held lock.
    try:
        with ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=_start_worker) as pool:
            return list(_reporting(pool.map(function, items, chunksize=chunk_size), on_progress))
    except BrokenProcessPool:
        raise RuntimeError(
            f"a worker process died (out of memory?); retry with fewer workers (RAGBENCH_WORKERS, now {workers})"
        ) from None


def _reporting(results: Iterable[R], on_progress: Callable[[int], None] | None) -> Iterable[R]:
    for done, result in enumerate(results, start=1):
        if on_progress is not None:
            on_progress(done)
        yield result
