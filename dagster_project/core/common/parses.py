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
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from pathlib import Path
from typing import TypeVar

from .russian import natasha, parse_document

# Part of every cache key: bump it when parse_document's output changes (a new Natasha, other steps).
PARSE_FORMAT = "natasha-1.6/parse-v1"

T = TypeVar("T")
R = TypeVar("R")


def article_text(title: str, text: str) -> str:
    """The text an article is parsed as: its title as a sentence of its own, then the body."""
    return f"{title}.\n\n{text}"


class ParseCache:
    """Natasha parses on disk, one compressed pickle per (text, syntax) under `root`; without a root,
    every call parses. Writes are atomic, so processes sharing a root never read half a file."""

    def __init__(self, root: Path | str | None):
        self.root = Path(root) if root is not None else None

    def parse(self, text: str, *, syntax: bool = True):
        path = self._path(text, syntax)
        if path is not None and path.exists():
            try:
                return pickle.loads(zlib.decompress(path.read_bytes()))
            except (OSError, zlib.error, pickle.UnpicklingError, EOFError):
                pass  # a damaged entry is parsed again and overwritten
        doc = parse_document(text, syntax=syntax)
        if path is not None:
            _write_atomically(path, zlib.compress(pickle.dumps(doc, protocol=pickle.HIGHEST_PROTOCOL), 1))
            if syntax:  # the parse every stage reads: its entity names go beside it for the NER filter
                _write_atomically(_names_path(path), json.dumps(entity_names(doc), ensure_ascii=False).encode())
        return doc

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
        return slimmed(self.parse(text, syntax=syntax))

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
