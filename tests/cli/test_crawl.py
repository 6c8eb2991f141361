"""`ragbench crawl` reports a month: articles per source and every failure."""

from __future__ import annotations

from dagster_project.testing.news_site import NewsSite, Route, article_page, story, urlset


def test_the_crawl_command_reports_a_month(tmp_path, monkeypatch, capsys):
    from dagster_project.cli import main

    with NewsSite() as site:
        site.add("/sitemap.xml", Route(urlset([{"loc": site.url("/news/2024/09/03/a")}, {"loc": site.url("/x/404")}])))
        site.add("/news/2024/09/03/a", Route(article_page("Новость", story(300), "2024-09-03T10:00:00+03:00")))
        sources = tmp_path / "sources.yaml"
        sources.write_text(
            "crawler: {rate_limit_per_second: 0}\n"
            f"sources:\n  - {{name: local, kind: web, sitemaps: ['{site.url('/sitemap.xml')}']}}\n",
            encoding="utf-8",
        )
        monkeypatch.setenv("RAGBENCH_DATA_DIR", str(tmp_path / "data"))
        assert main(["crawl", "--month", "2024-09", "--sources", str(sources)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "2024-09: 1 articles (0 duplicates dropped), 1 failures"
    assert out[1] == "  local: 1 articles"
    assert out[-1] == f"  failed local:{site.url('/x/404')}: HTTP 404"
