"""Pieces of the web crawler on their own: charsets, dates in URLs, sitemap and feed parsing, the
sources file, the raw cache, near-duplicates."""

from __future__ import annotations

import gzip
from datetime import UTC, date, datetime

import pytest

from dagster_project.core.common.months import Month
from dagster_project.core.common.package_files import project_dir
from dagster_project.core.ingest.articles import make_article
from dagster_project.core.ingest.near_duplicates import NearDuplicateIndex
from dagster_project.core.ingest.sources import MarkdownDirSource, SourcesFileError, read_sources_file
from dagster_project.core.ingest.web.cache import CachedResponse, RawCache
from dagster_project.core.ingest.web.config import WebSource
from dagster_project.core.ingest.web.discovery import (
    Candidate,
    DiscoveryError,
    candidate_may_be_in_month,
    child_may_hold_month,
    date_in_url,
    parse_feed,
    parse_sitemap,
)
from dagster_project.core.ingest.web.fetch import decode_body
from dagster_project.testing.news_site import NewsSite, Route, article_page, free_port, sitemap_index, story, urlset

SEPTEMBER = Month(2024, 9)
RUSSIAN = (
    "<html><head><title>Новости</title></head><body><p>Съешь же ещё этих мягких французских булок</p></body></html>"
)


def test_charsets_come_from_the_header_the_meta_tag_or_detection():
    cp1251 = RUSSIAN.encode("cp1251")
    assert decode_body(cp1251, "text/html; charset=windows-1251") == RUSSIAN
    assert decode_body(cp1251, "text/html; charset=utf-8") == RUSSIAN  # a wrong header is not trusted blindly
    with_meta = RUSSIAN.replace(
        "<head>", '<head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'
    )
    assert decode_body(with_meta.encode("cp1251"), "text/html") == with_meta
    assert decode_body(RUSSIAN.encode("utf-8"), "") == RUSSIAN
    assert "булок" in decode_body(cp1251 * 3, "")  # nothing declared: detected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://lenta.ru/news/2024/09/15/slug/", date(2024, 9, 15)),
        ("https://ria.ru/20240915/slug-1972345678.html", date(2024, 9, 15)),
        ("https://www.rbc.ru/politics/15/09/2024/66e6a", date(2024, 9, 15)),
        ("https://example.ru/2024-09-15-slug", date(2024, 9, 15)),
        ("https://tass.ru/politika/20100615", None),  # an article id, not a date
        ("https://example.ru/2024/02/31/x", None),
    ],
)
def test_dates_in_article_urls(url, expected):
    assert date_in_url(url) == expected


def test_sitemap_children_and_urls_are_skipped_only_when_they_cannot_hold_the_month():
    lastmod = datetime(2024, 10, 1, tzinfo=UTC)
    assert child_may_hold_month("https://x.ru/sitemap-2024-09.xml", lastmod, SEPTEMBER)
    assert not child_may_hold_month("https://x.ru/sitemap-2024-10.xml", lastmod, SEPTEMBER)
    assert not child_may_hold_month("https://x.ru/sitemap.xml", datetime(2024, 8, 1, tzinfo=UTC), SEPTEMBER)
    assert child_may_hold_month("https://x.ru/sitemap/2024/10/01.xml", lastmod, SEPTEMBER)  # Sep 30 in UTC
    assert child_may_hold_month("https://x.ru/sitemap-latest.xml", None, SEPTEMBER)
    assert candidate_may_be_in_month(Candidate("https://x.ru/news/2024/10/01/a"), SEPTEMBER)  # a day of slack
    assert not candidate_may_be_in_month(Candidate("https://x.ru/news/2024/10/02/a"), SEPTEMBER)
    assert not candidate_may_be_in_month(
        Candidate("https://x.ru/a", published_at=datetime(2024, 8, 10, tzinfo=UTC)), SEPTEMBER
    )
    assert not candidate_may_be_in_month(
        Candidate("https://x.ru/a", lastmod=datetime(2024, 8, 1, tzinfo=UTC)), SEPTEMBER
    )
    assert candidate_may_be_in_month(Candidate("https://x.ru/a"), SEPTEMBER)


def test_sitemaps_in_every_form_and_broken_ones():
    index = parse_sitemap(
        gzip.compress(sitemap_index([("https://x.ru/s1.xml", "2024-09-01"), ("https://x.ru/s2.xml", None)]))
    )
    assert index.children == [("https://x.ru/s1.xml", datetime(2024, 9, 1, tzinfo=UTC)), ("https://x.ru/s2.xml", None)]
    news = parse_sitemap(urlset([{"loc": "https://x.ru/a", "publication_date": "2024-09-03T10:00:00+03:00"}]))
    assert news.urls == [Candidate("https://x.ru/a", published_at=datetime(2024, 9, 3, 7, tzinfo=UTC))]
    assert [c.url for c in parse_sitemap(b"https://x.ru/a\nhttps://x.ru/b\n").urls] == [
        "https://x.ru/a",
        "https://x.ru/b",
    ]
    for broken, message in [
        (b"<urlset><url><loc>x</loc>", "not well-formed"),
        (b"<html><body>hello</body></html>", "not a sitemap"),
        (b"\x1f\x8b\x08\x00garbage", "broken gzip"),
        (b"just words", "neither an XML sitemap"),
        (gzip.compress(b" " * 2_000_000), "inflates past the limit"),
    ]:
        with pytest.raises(DiscoveryError, match=message):
            parse_sitemap(broken, max_bytes=1_000_000)


def test_feeds_and_non_feeds():
    from dagster_project.testing.news_site import rss

    entries = parse_feed(rss([("t", "https://x.ru/a", "Tue, 03 Sep 2024 10:00:00 +0300")]), "https://x.ru/rss")
    assert entries == [Candidate("https://x.ru/a", published_at=datetime(2024, 9, 3, 7, tzinfo=UTC))]
    with pytest.raises(DiscoveryError):
        parse_feed(b"<html><body>not a feed</body></html>", "https://x.ru/rss")


def test_sources_files_with_web_sources_are_validated(tmp_path):
    good = tmp_path / "sources.yaml"
    good.write_text(
        "crawler:\n  rate_limit_per_second: 0.5\nsources:\n"
        "  - {name: old-style, path: corpus}\n"  # kind left out: a folder, as before web sources existed
        "  - {name: site, kind: web, feeds: ['https://x.ru/rss'], exclude: ['/video/']}\n",
        encoding="utf-8",
    )
    parsed = read_sources_file(good)
    assert isinstance(parsed.sources[0], MarkdownDirSource) and parsed.sources[0].path == tmp_path / "corpus"
    assert parsed.web_sources[0].wants("https://x.ru/news/1") and not parsed.web_sources[0].wants(
        "https://x.ru/video/1"
    )
    assert parsed.crawler.rate_limit_per_second == 0.5
    for body, message in [
        ("{name: s, kind: web}", "lists no feeds and no sitemaps"),
        ("{name: s, kind: web, feeds: ['x.ru/rss']}", "not an absolute http"),
        ("{name: s, kind: web, feeds: ['https://x.ru/rss'], include: ['(']}", "bad regular expression"),
        ("{name: s, kind: web, feeds: ['https://x.ru/rss'], timezone: Mars/Olympus}", "unknown time zone"),
    ]:
        bad = tmp_path / "bad.yaml"
        bad.write_text(f"sources:\n  - {body}\n", encoding="utf-8")
        with pytest.raises(SourcesFileError, match=message):
            read_sources_file(bad)


def test_the_shipped_russian_news_sources_file_is_valid():
    parsed = read_sources_file(project_dir("data") / "sources" / "russian-news.yaml")
    names = [source.name for source in parsed.web_sources]
    assert {"lenta.ru", "tass.ru", "ria.ru"} <= set(names)
    assert all(isinstance(source, WebSource) and source.sitemaps_from_robots for source in parsed.web_sources)
    assert parsed.crawler.rate_limit_per_second > 0


def test_the_raw_cache_round_trips_and_ignores_damaged_entries(tmp_path):
    cache = RawCache(tmp_path)
    entry = CachedResponse(
        "https://x.ru/a",
        "https://x.ru/b",
        200,
        "text/html",
        '"e1"',
        None,
        "2024-09-01T00:00:00+00:00",
        body=b"<html>\n\xd0\x9f</html>",
    )
    cache.put(entry)
    assert cache.get("https://x.ru/a") == entry
    assert cache.get("https://x.ru/other") is None
    cache.path("https://x.ru/a").write_bytes(b"not gzip")
    assert cache.get("https://x.ru/a") is None


def test_near_duplicates_are_found_and_distinct_stories_are_not():
    base = " ".join(story(5))
    index = NearDuplicateIndex()
    assert index.match("a", base) is None
    assert index.match("b", " ".join(story(6))) is None
    edited = base.replace("город", "посёлок", 1) + " Об этом сообщили в пресс-службе."
    assert index.match("c", edited)[0] == "a"


def test_exact_duplicate_check_still_comes_first():
    from dagster_project.core.ingest.articles import deduplicate

    text = " ".join(story(7))
    early = make_article(
        url="https://a.ru/1", source="A", title="t", text=text, published_at="2024-09-01T10:00:00+00:00"
    )
    late = make_article(
        url="https://b.ru/1", source="B", title="t", text=text, published_at="2024-09-02T10:00:00+00:00"
    )
    kept, dropped = deduplicate([late, early])
    assert kept == [early] and dropped[0][1] == f"same content as {early.article_id}"


def test_crawling_works_from_code_that_already_runs_an_event_loop(tmp_path):
    import asyncio

    from dagster_project.core.ingest.sources import AllSourcesFailed, SourcesFile, load_month_report

    with NewsSite() as site:
        site.add("/sitemap.xml", Route(urlset([{"loc": site.url("/news/2024/09/03/a")}])))
        site.add("/news/2024/09/03/a", Route(article_page("Новость", story(301), "2024-09-03T10:00:00+03:00")))
        good = SourcesFile.model_validate(
            {
                "crawler": {"rate_limit_per_second": 0},
                "sources": [{"name": "s", "kind": "web", "sitemaps": [site.url("/sitemap.xml")]}],
            }
        )
        dead = SourcesFile.model_validate(
            {
                "crawler": {"retries": 0},
                "sources": [{"name": "d", "kind": "web", "sitemaps": [f"http://127.0.0.1:{free_port()}/sitemap.xml"]}],
            }
        )

        async def inside_a_loop():
            return load_month_report(good, SEPTEMBER, cache_dir=tmp_path)

        assert [a.title for a in asyncio.run(inside_a_loop()).articles] == ["Новость"]

        async def failing_inside_a_loop():
            return load_month_report(dead, SEPTEMBER, cache_dir=tmp_path)

        with pytest.raises(AllSourcesFailed):
            asyncio.run(failing_inside_a_loop())


def test_a_source_relying_on_robots_sitemaps_says_when_there_are_none(tmp_path):
    from dagster_project.core.ingest.sources import AllSourcesFailed, SourcesFile, load_month_report

    with NewsSite() as site:
        site.add("/robots.txt", Route(b"User-agent: *\nDisallow: /admin/\n", content_type="text/plain"))
        sources = SourcesFile.model_validate(
            {
                "crawler": {"rate_limit_per_second": 0, "retries": 0},
                "sources": [{"name": "quiet", "kind": "web", "site": site.origin, "sitemaps_from_robots": True}],
            }
        )
        with pytest.raises(AllSourcesFailed, match="quiet: source failed entirely: .*lists no Sitemap: lines"):
            load_month_report(sources, SEPTEMBER, cache_dir=tmp_path)
