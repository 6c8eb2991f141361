"""Locating the files that ship with the project: sparql/, prompts/ and data/.

In a source checkout (or an editable install) they sit at the repository root; in a wheel
they are copied inside the package. Both layouts are supported so tests, the CLI and Dagster
find the same files.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parents[2]


def project_dir(name: str) -> Path:
    """Return the directory `name` (sparql, prompts or data), wherever it was installed."""
    for candidate in (_PACKAGE_DIR / name, _PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the project directory {name!r} is missing next to {_PACKAGE_DIR}")


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
