"""The news_articles asset crawls a local web source and survives a dead one."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from dagster import materialize

from dagster_project.assets.crawl import news_articles
from dagster_project.resources import build_resources
from dagster_project.testing.news_site import NewsSite, Route, article_page, free_port, story, urlset


def test_the_news_articles_asset_crawls_a_web_source_and_survives_a_dead_one(tmp_path):
    with NewsSite() as site:
        urls = []
        for day in range(2, 11):  # 9 articles: 2 failures stay under the 20% error budget
            path = f"/news/2024/09/{day:02d}/item"
            site.add(path, Route(article_page(f"Новость {day}", story(200 + day), f"2024-09-{day:02d}T10:00:00+03:00")))
            urls.append(site.url(path))
        site.add(
            "/sitemap.xml", Route(urlset([{"loc": u} for u in urls] + [{"loc": site.url("/news/2024/09/12/gone")}]))
        )
        sources = tmp_path / "sources.yaml"
        sources.write_text(
            "crawler: {timeout_seconds: 2, retries: 0, rate_limit_per_second: 0}\nsources:\n"
            f"  - {{name: local, kind: web, sitemaps: ['{site.url('/sitemap.xml')}']}}\n"
            f"  - {{name: dead, kind: web, sitemaps: ['http://127.0.0.1:{free_port()}/sitemap.xml']}}\n",
            encoding="utf-8",
        )
        data_dir = tmp_path / "data"
        env = {
            "RAGBENCH_DATA_DIR": str(data_dir),
            "RAGBENCH_HUB": str(tmp_path / "hub"),
            "RAGBENCH_SOURCES": str(sources),
        }
        resources = {
            k: v for k, v in build_resources(env).items() if k in {"io_manager", "storage", "sources", "benchmark"}
        }
        result = materialize([news_articles], partition_key="2024-09-01", resources=resources)
    assert result.success
    frame = result.output_for_node("news_articles")
    assert sorted(frame["title"]) == sorted(f"Новость {day}" for day in range(2, 11))
    metadata = result.asset_materializations_for_node("news_articles")[0].metadata
    assert metadata["failed_items"].value == 2  # the 404 page and the dead source
    assert metadata["failed_sources"].value == ["dead"]
    assert metadata["sources"].value == {"local": 9, "dead": 0}
    assert metadata["crawl"].value["pages_tried"] == 10
    failures = pd.read_parquet(data_dir / "failures" / "news_articles" / "2024-09-01.parquet")
    recorded = dict(zip(failures["item_id"], failures["error"], strict=True))
    assert set(recorded) == {f"local:{site.url('/news/2024/09/12/gone')}", "dead"}
    assert recorded[f"local:{site.url('/news/2024/09/12/gone')}"] == "HTTP 404"
    assert recorded["dead"].startswith("source failed entirely: no feed or sitemap could be read")
    assert any(Path(data_dir, "raw_cache").rglob("*.gz"))  # the raw cache lives in the storage root
