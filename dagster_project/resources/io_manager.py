"""Stores asset values under the storage root: DataFrames as parquet, small dicts as JSON.

    <data_dir>/<asset_name>/<partition_key>.parquet
    <data_dir>/<asset_name>/<partition_key>.strategy.json   what made it (model-backed stages)
    <data_dir>/<asset_name>/<month>/<shard>.parquet          a month x shard partition

An input that maps to several month x shard partitions (every shard of a month) is loaded as
{partition_key: value}.

Large artifacts (the knowledge graph) are written by their asset as files; what passes through
this IO manager is only a small record with their path. KnowledgeGraphIOManager hands that
record's graph to its consumers already loaded, so no asset opens the graph file itself.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
from dagster import ConfigurableIOManager, InputContext, MultiPartitionsDefinition, OutputContext

from ..core.common.atomic import atomic_write_bytes, unique_temp_path
from ..core.graph.rdf import MonthGraph

STRATEGY_METADATA = "strategy"


def partition_stem(partition: str) -> str:
    """A partition key as a relative file path without suffix: '2025-11-01|0' -> '2025-11-01/0'."""
    return partition.replace("|", "/")


def strategy_path(data_dir: str | Path, asset_name: str, partition: str) -> Path:
    """Where the strategies that produced an asset's partition are recorded, next to the data."""
    return Path(data_dir) / asset_name / f"{partition_stem(partition)}.strategy.json"


def read_strategies(data_dir: str | Path, asset_name: str, partition: str) -> dict[str, dict]:
    """{stage: describe()} recorded with an asset's partition; empty when nothing was recorded."""
    path = strategy_path(data_dir, asset_name, partition)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _write_json(path: Path, value) -> None:
    atomic_write_bytes(path, json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True).encode("utf-8"))


class StorageIOManager(ConfigurableIOManager):
    data_dir: str

    def _path(self, context: InputContext | OutputContext, suffix: str, partition: str | None = None) -> Path:
        name = context.asset_key.path[-1]
        if partition is None:
            partition = context.asset_partition_key if context.has_asset_partitions else "all"
        return Path(self.data_dir) / name / f"{partition_stem(partition)}{suffix}"

    def handle_output(self, context: OutputContext, obj) -> None:
        if obj is None:
            return
        if isinstance(obj, pd.DataFrame):
            path = self._path(context, ".parquet")
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = unique_temp_path(path)  # a name of its own: parallel writers never share one
            try:
                obj.to_parquet(tmp, index=False)
                tmp.replace(path)
            finally:
                tmp.unlink(missing_ok=True)
        elif isinstance(obj, dict):
            _write_json(self._path(context, ".json"), obj)
        else:
            raise TypeError(
                f"{context.asset_key.to_user_string()}: cannot store {type(obj).__name__}; "
                "return a DataFrame or a JSON-able dict"
            )
        strategy = context.output_metadata.get(STRATEGY_METADATA)
        if strategy is not None:
            _write_json(self._path(context, ".strategy.json"), strategy.value)

    def load_input(self, context: InputContext):
        if context.has_asset_partitions and isinstance(context.asset_partitions_def, MultiPartitionsDefinition):
            return {key: self._load(context, key) for key in sorted(context.asset_partition_keys)}
        return self._load(context)

    def _load(self, context: InputContext, partition: str | None = None):
        parquet, as_json = self._path(context, ".parquet", partition), self._path(context, ".json", partition)
        if parquet.exists():
            return pd.read_parquet(parquet)
        if as_json.exists():
            return json.loads(as_json.read_text(encoding="utf-8"))
        raise FileNotFoundError(
            f"{context.asset_key.to_user_string()} has not been materialized for partition "
            f"{partition or (context.asset_partition_key if context.has_asset_partitions else '-')} "
            f"(looked in {parquet.parent}); "
            "materialize it first"
        )


class KnowledgeGraphIOManager(StorageIOManager):
    """Stores the graph asset's record like any dict; its consumers receive the graph it points to, loaded."""

    def load_input(self, context: InputContext) -> MonthGraph:
        return MonthGraph.load(Path(super().load_input(context)["path"]))
