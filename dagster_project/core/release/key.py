"""The release key of the public-id shuffle, when it is not given in the environment: a random key
created once in the storage root. Only the standard library, so any process can read it cheaply."""

from __future__ import annotations

import secrets
from pathlib import Path

from ..common.atomic import create_once


def load_or_create_key(path: Path, from_environment: str | None) -> tuple[bytes, str]:
    """The release key: from the environment when given, else a random key kept in the storage root.
    Returns the key and where it came from (never the key itself). Concurrent first runs all read
    the one key that was created first (see create_once)."""
    if from_environment:
        return from_environment.encode("utf-8"), "environment (RAGBENCH_RELEASE_SECRET)"
    if not path.exists():
        create_once(path, secrets.token_hex(32).encode("utf-8"))
    return path.read_text(encoding="utf-8").strip().encode("utf-8"), f"generated key file {path.name}"
