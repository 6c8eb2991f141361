"""Stores asset values under the storage root: DataFrames as parquet, small dicts as JSON.

    <data_dir>/<asset_name>/<partition_key>.parquet

Large artifacts (the knowledge graph) are written by their asset as files; what passes through
this IO manager is only a small record with their path.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
from dagster import ConfigurableIOManager, InputContext, OutputContext


class StorageIOManager(ConfigurableIOManager):
    data_dir: str

    def _path(self, context: InputContext | OutputContext, suffix: str) -> Path:
        name = context.asset_key.path[-1]
        partition = context.asset_partition_key if context.has_asset_partitions else "all"
        return Path(self.data_dir) / name / f"{partition}{suffix}"

    def handle_output(self, context: OutputContext, obj) -> None:
        if obj is None:
            return
        if isinstance(obj, pd.DataFrame):
            path = self._path(context, ".parquet")
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".parquet.tmp")
            obj.to_parquet(tmp, index=False)
            tmp.replace(path)
        elif isinstance(obj, dict):
            path = self._path(context, ".json")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=True), encoding="utf-8")
        else:
            raise TypeError(
                f"{context.asset_key.to_user_string()}: cannot store {type(obj).__name__}; "
                "return a DataFrame or a JSON-able dict"
            )

    def load_input(self, context: InputContext):
        parquet, as_json = self._path(context, ".parquet"), self._path(context, ".json")
        if parquet.exists():
            return pd.read_parquet(parquet)
        if as_json.exists():
            return json.loads(as_json.read_text(encoding="utf-8"))
        raise FileNotFoundError(
            f"{context.asset_key.to_user_string()} has not been materialized for partition "
            f"{context.asset_partition_key if context.has_asset_partitions else '-'} (looked in {parquet.parent}); "
            "materialize it first"
        )
