"""The raw cache: URL -> the response it gave, kept under the storage root.

Re-materializing a month reads article pages from here instead of downloading them again; feeds
and sitemaps, which change, are revalidated with their ETag / Last-Modified. One gzip file per URL
holds a JSON line of metadata followed by the body. It is written to a temporary file and renamed
into place, so a reader (another month's run, say) never sees half an entry.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import zlib
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
        self._folders: set[Path] = set()

    def path(self, url: str) -> Path:
        key = hashlib.sha256(url.encode("utf-8")).hexdigest()
        return self.root / key[:2] / f"{key}.gz"

    def get(self, url: str) -> CachedResponse | None:
        try:
            raw = gzip.decompress(self.path(url).read_bytes())
            header, _, body = raw.partition(b"\n")
            entry = CachedResponse(**json.loads(header), body=body)
        except (OSError, ValueError, TypeError, EOFError, zlib.error):
            return None  # missing or damaged: fetch again
        return entry if entry.url == url else None

    def put(self, entry: CachedResponse) -> None:
        path = self.path(entry.url)
        if path.parent not in self._folders:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._folders.add(path.parent)
        meta = asdict(entry)
        del meta["body"]
        header = json.dumps(meta, ensure_ascii=False).encode("utf-8")  # JSON escapes newlines: one line
        data = gzip.compress(header + b"\n" + entry.body, compresslevel=3)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{id(entry)}.tmp")
        try:
            tmp.write_bytes(data)
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
