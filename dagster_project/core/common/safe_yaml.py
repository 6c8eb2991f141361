"""YAML from files a user or a web page controls, read with bounds: a size limit before parsing,
a limit on aliases, and a limit on the size the document expands to once aliases are followed, so
an alias bomb ("billion laughs") or deep nesting is an error, not a MemoryError or a hang."""

from __future__ import annotations

import yaml

DEFAULT_MAX_BYTES = 1_000_000
DEFAULT_MAX_ALIASES = 1_000
DEFAULT_MAX_VALUES = 100_000


class YamlLimitError(yaml.YAMLError):
    """YAML refused for its size, its aliases or its nesting (a YAMLError, so callers' handlers catch it)."""


class _CountingLoader(yaml.SafeLoader):
    def __init__(self, stream, max_aliases: int):
        super().__init__(stream)
        self.max_aliases = max_aliases
        self.aliases = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > self.max_aliases:
                raise YamlLimitError(f"more than {self.max_aliases} YAML aliases; refused as a possible alias bomb")
        return super().compose_node(parent, index)


def _expanded_size(node: yaml.Node, memo: dict[int, int]) -> int:
    """How many values the node stands for once every alias is expanded (shared nodes counted once
    per use, computed once each, so this is linear in the document, not in its expansion)."""
    known = memo.get(id(node))
    if known is not None:
        return known
    if isinstance(node, yaml.MappingNode):
        size = 1 + sum(_expanded_size(k, memo) + _expanded_size(v, memo) for k, v in node.value)
    elif isinstance(node, yaml.SequenceNode):
        size = 1 + sum(_expanded_size(child, memo) for child in node.value)
    else:
        size = 1
    memo[id(node)] = size
    return size


def safe_load(
    text: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_aliases: int = DEFAULT_MAX_ALIASES,
    max_values: int = DEFAULT_MAX_VALUES,
):
    """yaml.safe_load with bounds; raises YamlLimitError (a yaml.YAMLError) past them."""
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise YamlLimitError(f"YAML of {size:,} bytes is above the limit of {max_bytes:,}")
    loader = _CountingLoader(text, max_aliases)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        values = _expanded_size(node, {})
        if values > max_values:
            raise YamlLimitError(f"YAML expands to {values:,} values through aliases, over {max_values:,}")
        return loader.construct_document(node)
    except RecursionError:
        raise YamlLimitError("YAML nests too deep") from None
    finally:
        loader.dispose()
