"""A persistent cache of validated LLM replies, in one SQLite file.

The key is a hash of everything that determines a reply: the endpoint, the model, the messages
and the sampling parameters. Only replies that passed validation are stored, under the key of the
original request (even when a repair round was needed), so re-running a stage re-asks exactly the
items that failed before and nothing else.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from pathlib import Path


def cache_key(base_url: str, model: str, messages: list[dict], parameters: dict) -> str:
    payload = {
        "base_url": base_url.rstrip("/"),
        "model": model,
        "messages": messages,
        "parameters": parameters,
    }
    return hashlib.sha256(json.dumps(payload, ensure_ascii=False, sort_keys=True).encode("utf-8")).hexdigest()


class ResponseCache:
    """Key -> (reply text, token usage). Safe to share between processes (SQLite WAL)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._connection = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
        with self._lock:
            self._connection.execute("PRAGMA journal_mode=WAL")
            # a cache can lose its last entries on power loss; an fsync per reply would stall the event loop
            self._connection.execute("PRAGMA synchronous=NORMAL")
            self._connection.execute(
                "CREATE TABLE IF NOT EXISTS replies (key TEXT PRIMARY KEY, reply TEXT NOT NULL, usage TEXT NOT NULL)"
            )
            self._connection.commit()

    def get(self, key: str) -> tuple[str, dict] | None:
        with self._lock:
            row = self._connection.execute("SELECT reply, usage FROM replies WHERE key = ?", (key,)).fetchone()
        return (row[0], json.loads(row[1])) if row else None

    def put(self, key: str, reply: str, usage: dict) -> None:
        with self._lock:
            self._connection.execute(
                "INSERT OR REPLACE INTO replies (key, reply, usage) VALUES (?, ?, ?)", (key, reply, json.dumps(usage))
            )
            self._connection.commit()

    def __len__(self) -> int:
        with self._lock:
            return self._connection.execute("SELECT COUNT(*) FROM replies").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._connection.close()
