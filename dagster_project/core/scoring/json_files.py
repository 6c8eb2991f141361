"""JSON files a user hands in (ranked ids, testbed replies): read, parsed, and checked to hold an object."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path


def read_json_object(path: Path | str, describe: str, shape: str, error: Callable[[str], Exception]) -> dict:
    """The file's top-level object; `error(message)` for a file that cannot be read, is not JSON or
    holds anything else, so the user sees one line naming the file, never a traceback."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise error(f"cannot read {describe} {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise error(f"{describe} {path} is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise error(f"{describe} {path} must hold a JSON object {shape}, not {type(data).__name__}")
    return data
