"""The Jinja prompts in prompts/ rendered into chat messages, and chunking of long texts.

Each template has a `system` block (instructions and few-shot examples) and a `user` block (the
item). Inputs are put in as JSON with Cyrillic kept readable. Long articles are split into chunks
of whole sentences; nothing is ever truncated, and the system block is always sent whole.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import razdel
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..common.package_files import project_dir

EXTRACTION_PROMPT = "triplet_extraction.j2"
NORMALIZATION_PROMPT = "entity_normalization.j2"
QA_PROMPTS = {kind: f"qa_{kind}.j2" for kind in ("simple", "set", "cond", "mh")}


def _to_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


@lru_cache(maxsize=4)
def _environment(folder: str) -> Environment:
    env = Environment(
        loader=FileSystemLoader(folder),
        undefined=StrictUndefined,  # a missing variable is a bug, not an empty string in a prompt
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        autoescape=False,
    )
    env.filters["to_json"] = _to_json
    return env


def render_messages(name: str, folder: Path | None = None, **variables) -> list[dict[str, str]]:
    """[system, user] messages of prompt `name` for these variables."""
    env = _environment(str(folder or project_dir("prompts")))
    template = env.get_template(name)
    messages = []
    for role in ("system", "user"):
        if role not in template.blocks:
            raise ValueError(f"prompt {name} has no '{role}' block")
        context = template.new_context(dict(variables))
        text = "".join(template.blocks[role](context)).strip()
        messages.append({"role": role, "content": text})
    return messages


def chunk_text(text: str, max_chars: int) -> list[str]:
    """Whole sentences packed into chunks of at most `max_chars` characters (a single longer
    sentence becomes a chunk of its own: it is never cut)."""
    if max_chars <= 0:
        raise ValueError("max_chars must be positive")
    chunks: list[str] = []
    current: list[str] = []
    size = 0
    for paragraph in text.split("\n"):
        for sentence in (s.text for s in razdel.sentenize(paragraph)):
            if current and size + len(sentence) + 1 > max_chars:
                chunks.append(" ".join(current))
                current, size = [], 0
            current.append(sentence)
            size += len(sentence) + 1
    if current:
        chunks.append(" ".join(current))
    return chunks
