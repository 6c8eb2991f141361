"""The raw cache: URL -> the response it gave, kept under the storage root.

Re-materializing a month reads article pages from here instead of downloading them again; feeds
and sitemaps, which change, are revalidated with their ETag / Last-Modified. One JSON file per URL
(metadata) next to one gzip file (the body); the metadata is written last, through a rename, so a
half-written entry is never read.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path


@dataclass
class CachedResponse:
    url: str  # the URL that was asked for
    final_url: str  # after redirects
    status: int
    content_type: str
    etag: str | None
    last_modified: str | None
    fetched_at: str  # ISO timestamp, UTC
    body: bytes = b""


class RawCache:
    def __init__(self, root: Path):
        self.root = Path(root)

    def _paths(self, url: str) -> tuple[Path, Path]:
        key = hashlib.sha256(url.encode("utf-8")).hexdigest()
        folder = self.root / key[:2]
        return folder / f"{key}.json", folder / f"{key}.body.gz"

    def get(self, url: str) -> CachedResponse | None:
        meta_path, body_path = self._paths(url)
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
            body = gzip.decompress(body_path.read_bytes())
            entry = CachedResponse(**meta, body=body)
        except (OSError, ValueError, TypeError, EOFError, gzip.BadGzipFile):
            return None  # missing or damaged: fetch again
        return entry if entry.url == url else None

    def put(self, entry: CachedResponse) -> None:
        meta_path, body_path = self._paths(entry.url)
        meta_path.parent.mkdir(parents=True, exist_ok=True)
        meta = asdict(entry)
        del meta["body"]
        _write_atomically(body_path, gzip.compress(entry.body, compresslevel=3))
        _write_atomically(meta_path, json.dumps(meta, ensure_ascii=False).encode("utf-8"))

    def __len__(self) -> int:
        return sum(1 for _ in self.root.glob("*/*.json")) if self.root.is_dir() else 0


def _write_atomically(path: Path, data: bytes) -> None:
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
