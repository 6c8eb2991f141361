"""Writing files so that a reader sees the old content or the new, never a mix, and two writers
never share a temporary file: each writer gets a temporary name of its own, renamed into place."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def unique_temp_path(path: Path) -> Path:
    """A hidden temporary name next to `path`, unique to this process and call."""
    return path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}.tmp")


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = unique_temp_path(path)
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def create_once(path: Path, data: bytes, *, mode: int = 0o600) -> bool:
    """Create `path` with `data` unless it exists; True if this call created it. The file appears
    whole (written under a unique name, then hard-linked, which fails if the name exists, like
    O_EXCL), so concurrent creators all end up reading the one file that won."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = unique_temp_path(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.link(tmp, path)
        return True
    except FileExistsError:
        return False
    finally:
        tmp.unlink(missing_ok=True)
