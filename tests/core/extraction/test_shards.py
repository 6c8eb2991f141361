"""Extraction in shards: four shards of a month give the same graph as one."""

from __future__ import annotations

import pandas as pd
import pytest

from dagster_project.core.common.months import Month
from dagster_project.core.extraction.shards import merge_shards, shard_articles
from dagster_project.core.extraction.strategies import SchemaExtractor
from dagster_project.core.graph.normalization import normalize_triplets
from dagster_project.core.graph.rdf import write_graph
from dagster_project.core.ingest.articles import articles_frame
from dagster_project.core.ingest.sources import bundled_sources, load_month


class _SilentLog:
    def info(self, message: str) -> None:
        pass


def _graph(raw: pd.DataFrame, path) -> bytes:
    write_graph(normalize_triplets(raw, {}), path)
    return path.read_bytes()


def test_four_shards_give_the_same_graph_as_one(tmp_path):
    articles = articles_frame(load_month(bundled_sources(), Month.parse("2025-11"))[0])
    extractor = SchemaExtractor(workers=1, parse_cache_dir=str(tmp_path / "parses"))
    whole = extractor.extract(articles, _SilentLog()).table
    shards = {shard: extractor.extract(shard_articles(articles, shard, 4), _SilentLog()).table for shard in range(4)}
    assert sum(len(shard_articles(articles, shard, 4)) for shard in range(4)) == len(articles)
    assert all(len(table) for table in shards.values())  # every shard did some of the work
    merged = merge_shards(shards)
    pd.testing.assert_frame_equal(merged, whole)
    assert _graph(merged, tmp_path / "sharded.nq") == _graph(whole, tmp_path / "whole.nq")


def test_a_missing_or_unknown_shard_is_a_clear_error():
    articles = pd.DataFrame({"article_id": list("abcde")})
    with pytest.raises(ValueError, match="there are 4 shards"):
        shard_articles(articles, 4, 4)
    with pytest.raises(ValueError, match=r"shards \[1\] are missing"):
        merge_shards({0: articles, 2: articles})
