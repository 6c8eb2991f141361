"""Extraction split into shards, so the articles of one month can be extracted on several machines.

A shard is a contiguous run of the month's articles in their published order, so putting the
shards' tables back together in shard order gives exactly the table one machine would have made:
the graph built from merged shards is the graph built without shards.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd


def shard_articles(articles: pd.DataFrame, shard: int, shards: int) -> pd.DataFrame:
    """The articles of shard `shard` of `shards` (0-based): about len(articles) / shards of them."""
    if shards < 1 or not 0 <= shard < shards:
        raise ValueError(f"shard {shard} does not exist: there are {shards} shards (numbered from 0)")
    start, stop = len(articles) * shard // shards, len(articles) * (shard + 1) // shards
    return articles.iloc[start:stop]


def merge_shards(tables: Mapping[int, pd.DataFrame]) -> pd.DataFrame:
    """One month's table from the tables of all its shards, in shard order."""
    missing = sorted(set(range(len(tables))) - set(tables))
    if missing:
        raise ValueError(f"shards {missing} are missing; extract every shard of the month before merging")
    frames = [tables[shard] for shard in sorted(tables)]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
