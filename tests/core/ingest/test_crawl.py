"""Crawling web news sources over real HTTP, against news sites served on 127.0.0.1 by the test.

The sites serve robots.txt, sitemap indexes (nested, gzip, skippable by name and lastmod), feeds,
article pages in UTF-8 and windows-1251, redirects, 404, 500, a flaky page, a slow page, oversized
pages, a PDF, and exact and near-duplicate copies. The tests check exactly which articles a month
gets, which failures are recorded, what is (not) requested, and what the raw cache saves.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from dagster_project.core.common.months import Month
from dagster_project.core.ingest.articles import deduplicate
from dagster_project.core.ingest.sources import AllSourcesFailed, SourcesFile, load_month_report
from dagster_project.testing.news_site import (
    NewsSite,
    Route,
    article_page,
    atom,
    free_port,
    rss,
    sitemap_index,
    story,
    urlset,
)

SEPTEMBER, OCTOBER = Month(2024, 9), Month(2024, 10)
NOW = datetime(2024, 10, 20, 12, 0, tzinfo=UTC)  # September is a backfill; October is the current month
CP1251 = "text/html"  # no charset in the header: the page's <meta charset> must be used
FAST_CRAWLER = {
    "timeout_seconds": 1.0,  # generous: other pages must never time out on a busy machine
    "retries": 1,
    "backoff_seconds": 0.01,
    "max_page_bytes": 100_000,
    "max_redirects": 3,
    "rate_limit_per_second": 0,
    "max_concurrency_per_host": 4,
}

A1_TEXT = story(1)
B2_TEXT = story(22)


def near_copy(paragraphs: list[str]) -> list[str]:
    """A syndicated copy: a few words changed, a sentence added at the end."""
    edited = [p.replace("город", "посёлок", 1) for p in paragraphs]
    return edited[:-1] + [edited[-1] + " Об этом сообщили в пресс-службе."]


def build_alpha(site: NewsSite) -> None:
    u = site.url
    site.add(
        "/robots.txt",
        Route(
            f"User-agent: *\nDisallow: /private/\n\nSitemap: {u('/sitemap_index.xml')}\n".encode(),
            content_type="text/plain",
        ),
    )
    site.add(
        "/sitemap_index.xml",
        Route(
            sitemap_index(
                [
                    (u("/sitemaps/old.xml"), "2024-07-01"),  # skipped: unchanged since July
                    (u("/sitemaps/2024-08.xml"), "2024-09-05T10:00:00+03:00"),  # skipped for September: named August
                    (u("/sitemaps/archive-index.xml"), "2024-10-15"),  # a nested index
                    (u("/sitemaps/2024-10.xml.gz"), "2024-10-19"),
                    (u("/sitemaps/latest.xml"), "2024-10-19"),
                ]
            ),
            content_type="application/xml",
            etag='"index-1"',
        ),
    )
    site.add(
        "/sitemaps/archive-index.xml",
        Route(
            sitemap_index(
                [
                    (u("/sitemaps/2024-09.xml.gz"), "2024-10-01"),
                ]
            ),
            content_type="application/xml",
            etag='"archive-1"',
        ),
    )
    site.add(
        "/sitemaps/2024-09.xml.gz",
        Route(
            urlset(
                [
                    {"loc": u(path)}
                    for path in [
                        "/news/2024/09/03/zavod",
                        "/news/2024/09/04/most",
                        "/private/2024/09/05/tayna",
                        "/news/2024/09/06/old-address",
                        "/news/2024/09/07/missing",
                        "/news/2024/09/08/broken",
                        "/news/2024/09/09/slow",
                        "/news/2024/09/10/huge",
                        "/news/2024/09/10/huge-stream",
                        "/news/2024/09/11/doc",
                        "/news/2024/09/12/copy?utm_source=sitemap",
                        "/video/2024/09/13/clip",
                        "/news/2024/08/20/avgust",
                        "/news/2024/09/01/polnoch",
                        "/news/2024/09/30/vecher",
                        "/news/2024/09/14/flaky",
                        "/news/2024/09/15/loop",
                        "/news/2024/09/21/perepechatka",
                        "/news/2024/09/16/to-private",
                    ]
                ],
                gzipped=True,
            ),
            content_type="application/x-gzip",
            etag='"sept-1"',
        ),
    )
    site.add(
        "/sitemaps/2024-10.xml.gz",
        Route(urlset([{"loc": u("/news/2024/10/02/oktyabr")}], gzipped=True), content_type="application/x-gzip"),
    )
    site.add(
        "/sitemaps/latest.xml",
        Route(
            urlset(
                [
                    {"loc": u("/story/1001"), "lastmod": "2024-10-02"},
                    {"loc": u("/story/1002"), "lastmod": "2024-08-20"},  # not changed since August: not fetched
                    {"loc": u("/story/1003"), "lastmod": "2024-10-05T08:00:00Z"},
                ]
            ),
            content_type="text/xml",
            last_modified="Sat, 19 Oct 2024 10:00:00 GMT",
        ),
    )
    site.add(
        "/atom.xml",
        Route(
            atom([("Свежая история", u("/story/2001"), "2024-10-19T09:00:00Z")]), content_type="application/atom+xml"
        ),
    )

    def page(path: str, title: str, paragraphs: list[str], published: str | None, **kwargs) -> None:
        site.add(path, Route(article_page(title, paragraphs, published, **kwargs)))

    page("/news/2024/09/03/zavod", "Завод открыт в Туле", A1_TEXT, "2024-09-03T10:00:00+03:00")
    site.add(
        "/news/2024/09/04/most",
        Route(
            article_page("Мост через Волгу открыт", story(2), "2024-09-04T09:00:00+03:00", charset="windows-1251"),
            content_type=CP1251,
        ),
    )
    page("/private/2024/09/05/tayna", "Тайна", story(3), "2024-09-05T09:00:00+03:00")
    site.add("/news/2024/09/06/old-address", Route(status=301, headers={"Location": "/news/2024/09/06/new-address"}))
    page("/news/2024/09/06/new-address", "Новый адрес редакции", story(4), "2024-09-06T12:00:00+03:00")
    site.add("/news/2024/09/08/broken", Route(b"oops", status=500, content_type="text/plain"))
    page("/news/2024/09/09/slow", "Медленная страница", story(5), "2024-09-09T12:00:00+03:00")
    site.routes["/news/2024/09/09/slow"].delay = 4.0
    site.add("/news/2024/09/10/huge", Route(article_page("Огромная", story(6, paragraphs=900), "2024-09-10")))
    site.add(
        "/news/2024/09/10/huge-stream",
        Route(article_page("Огромная без длины", story(7, paragraphs=900), "2024-09-10"), send_length=False),
    )
    site.add("/news/2024/09/11/doc", Route(b"%PDF-1.4 ...", content_type="application/pdf"))
    page("/news/2024/09/12/copy", "Завод открыт (копия)", A1_TEXT, "2024-09-12T10:00:00+03:00")
    page("/video/2024/09/13/clip", "Видео", story(8), "2024-09-13T10:00:00+03:00")
    page("/news/2024/08/20/avgust", "Август", story(9), "2024-08-20T10:00:00+03:00")
    page("/news/2024/09/01/polnoch", "После полуночи", story(10), "2024-09-01T01:30:00+03:00")  # Aug 31 in UTC
    page("/news/2024/09/30/vecher", "Поздний вечер", story(11), "2024-09-30T23:30:00+03:00")  # Sep 30 in UTC
    page("/news/2024/09/14/flaky", "Со второй попытки", story(12), "2024-09-14T10:00:00+03:00")
    site.routes["/news/2024/09/14/flaky"].fail_first = [503]
    site.add("/news/2024/09/16/to-private", Route(status=302, headers={"Location": "/private/2024/09/16/x"}))
    site.add("/news/2024/09/15/loop", Route(status=302, headers={"Location": "/news/2024/09/15/loop"}))
    page("/news/2024/09/21/perepechatka", "Перепечатка", near_copy(B2_TEXT), "2024-09-21T10:00:00+03:00")
    page("/news/2024/10/02/oktyabr", "Октябрь", story(13), "2024-10-02T10:00:00+03:00")
    page("/story/1001", "История без даты в адресе", story(14), None, json_ld_date="2024-09-29T12:00:00+03:00")
    page("/story/1002", "Старая история", story(15), "2024-08-19T12:00:00+03:00")
    page("/story/1003", "Октябрьская история", story(16), "2024-10-04T12:00:00+03:00")
    page("/story/2001", "Свежая история", story(17), None)  # the date comes from the Atom feed


def build_beta(site: NewsSite) -> None:
    u = site.url  # no robots.txt (404): everything is allowed
    site.add(
        "/sitemap.xml",
        Route(
            urlset(
                [
                    {"loc": u("/2024/09/05/syndicated"), "publication_date": "2024-09-05T08:00:00+03:00"},
                    {"loc": u("/2024/09/02/exclusive"), "publication_date": "2024-09-02T08:00:00+03:00"},
                    {"loc": u("/2024/09/20/first"), "publication_date": "2024-09-20T08:00:00+03:00"},
                    {"loc": u("/no-date-page")},
                ]
            ),
            content_type="application/xml",
        ),
    )
    site.add(
        "/rss.xml",
        Route(
            rss(
                [
                    ("Свежее", u("/2024/10/18/svezhee"), "Fri, 18 Oct 2024 10:00:00 +0300"),
                    ("Сентябрьское", u("/2024/09/25/sentyabr"), "Wed, 25 Sep 2024 10:00:00 +0300"),
                ]
            ),
            content_type="application/rss+xml",
        ),
    )
    site.add(
        "/2024/09/05/syndicated", Route(article_page("Завод открылся", near_copy(A1_TEXT), "2024-09-05T08:00:00+03:00"))
    )
    site.add(
        "/2024/09/02/exclusive",
        Route(
            article_page("Эксклюзив", story(21), "2024-09-02T08:00:00+03:00", charset="windows-1251"),
            content_type="text/html; charset=windows-1251",
        ),
    )
    site.add("/2024/09/20/first", Route(article_page("Первая публикация", B2_TEXT, "2024-09-20T08:00:00+03:00")))
    site.add("/no-date-page", Route(article_page("Страница без даты", story(23), None)))
    site.add("/2024/10/18/svezhee", Route(article_page("Свежее", story(24), "2024-10-18T10:00:00+03:00")))
    site.add("/2024/09/25/sentyabr", Route(article_page("Сентябрьское", story(25), "2024-09-25T10:00:00+03:00")))


@pytest.fixture(scope="module")
def sites():
    with NewsSite() as alpha, NewsSite() as beta:
        build_alpha(alpha)
        build_beta(beta)
        yield alpha, beta


def sources_file(alpha: NewsSite, beta: NewsSite, **crawler) -> SourcesFile:
    return SourcesFile.model_validate(
        {
            "crawler": {**FAST_CRAWLER, **crawler},
            "sources": [
                {
                    "name": "alpha",
                    "kind": "web",
                    "site": alpha.origin,
                    "sitemaps_from_robots": True,
                    "feeds": [alpha.url("/atom.xml")],
                    "exclude": ["/video/"],
                },
                {
                    "name": "beta",
                    "kind": "web",
                    "feeds": [beta.url("/rss.xml")],
                    "sitemaps": [beta.url("/sitemap.xml")],
                },
                {"name": "gamma", "kind": "web", "sitemaps": [f"http://127.0.0.1:{free_port()}/sitemap.xml"]},
            ],
        }
    )


def paths(site: NewsSite, urls) -> set[str]:
    return {url.removeprefix(site.origin) for url in urls if url.startswith(site.origin)}


def test_a_september_backfill_gets_exactly_september_articles_and_records_every_failure(sites, tmp_path):
    alpha, beta = sites
    load = load_month_report(sources_file(alpha, beta), SEPTEMBER, cache_dir=tmp_path / "cache", now=NOW)
    kept, dropped = deduplicate(load.articles)

    assert paths(alpha, (a.url for a in kept)) == {
        "/news/2024/09/03/zavod",
        "/news/2024/09/04/most",
        "/news/2024/09/06/new-address",  # where the redirect led
        "/news/2024/09/14/flaky",  # 503 once, then fine
        "/news/2024/09/30/vecher",
        "/story/1001",
    }
    assert paths(beta, (a.url for a in kept)) == {"/2024/09/02/exclusive", "/2024/09/20/first"}
    titles = {a.title for a in kept}
    assert {"Мост через Волгу открыт", "Эксклюзив"} <= titles  # windows-1251 pages decoded
    assert all(SEPTEMBER.contains(a.published_at) for a in kept)
    story_1001 = next(a for a in kept if a.url.endswith("/story/1001"))
    assert story_1001.published_at == datetime(2024, 9, 29, 9, 0, tzinfo=UTC)  # JSON-LD, Moscow time -> UTC

    reasons = {a.url.split("/")[-1]: why for a, why in dropped}
    assert set(reasons) == {"copy", "syndicated", "perepechatka"}
    assert reasons["copy"].startswith("same content as")
    zavod = next(a for a in kept if a.url.endswith("zavod"))
    first = next(a for a in kept if a.url.endswith("first"))
    assert reasons["syndicated"].startswith(f"near-duplicate of {zavod.article_id}")  # the earlier one is kept
    assert reasons["perepechatka"].startswith(f"near-duplicate of {first.article_id}")

    failures = {f.item_id: f.error for f in load.failures}
    expected = {
        f"alpha:{alpha.url('/private/2024/09/05/tayna')}": "disallowed by robots.txt",
        f"alpha:{alpha.url('/news/2024/09/16/to-private')}": "disallowed by robots.txt",  # checked at every hop
        f"alpha:{alpha.url('/news/2024/09/07/missing')}": "HTTP 404",
        f"alpha:{alpha.url('/news/2024/09/08/broken')}": "HTTP 500 (2 attempts)",
        f"alpha:{alpha.url('/news/2024/09/09/slow')}": "timed out after 1 s (2 attempts)",
        f"alpha:{alpha.url('/news/2024/09/10/huge')}": "response too large",
        f"alpha:{alpha.url('/news/2024/09/10/huge-stream')}": "response too large",
        f"alpha:{alpha.url('/news/2024/09/11/doc')}": "not an HTML page (application/pdf)",
        f"alpha:{alpha.url('/news/2024/09/15/loop')}": "more than 3 redirects",
        f"beta:{beta.url('/no-date-page')}": "no publication date",
        "gamma": "source failed entirely: no feed or sitemap could be read: sitemap: robots.txt of http://127.0.0.1",
    }
    assert set(failures) == set(expected)
    for item_id, message in expected.items():
        assert failures[item_id].startswith(message), (item_id, failures[item_id])
    assert "could not be fetched (connection failed" in failures["gamma"]
    assert load.failed_sources == ["gamma"]
    assert load.per_source == {"alpha": 8, "beta": 3, "gamma": 0}

    requested = {hit.path for hit in alpha.hits} | {hit.path for hit in beta.hits}
    never = {
        "/private/2024/09/05/tayna",
        "/private/2024/09/16/x",  # behind a redirect
        "/video/2024/09/13/clip",
        "/news/2024/08/20/avgust",
        "/story/1002",
        "/sitemaps/old.xml",
        "/sitemaps/2024-08.xml",
        "/sitemaps/2024-10.xml.gz",
        "/atom.xml",
        "/rss.xml",
    }
    assert not never & requested, never & requested
    assert len(alpha.hits_of("/news/2024/09/08/broken")) == 2  # retried once
    assert len(alpha.hits_of("/robots.txt")) == 1
    assert {hit.headers["User-Agent"] for hit in alpha.hits + beta.hits} == {load_ua()}
    assert load.crawl_stats["pages_of_other_months"] == 2  # polnoch (Aug 31 UTC) and story/1003
    assert load.crawl_stats["sitemaps_skipped"] == 3


def load_ua() -> str:
    from dagster_project.core.ingest.web.config import DEFAULT_USER_AGENT

    return DEFAULT_USER_AGENT


def test_re_crawling_a_month_reads_pages_from_the_raw_cache_and_revalidates_sitemaps(sites, tmp_path):
    alpha, beta = sites
    sources = sources_file(alpha, beta)
    first = load_month_report(sources, SEPTEMBER, cache_dir=tmp_path / "cache", now=NOW)
    before = len(alpha.hits) + len(beta.hits)
    hits_before = {id(hit) for hit in alpha.hits + beta.hits}
    second = load_month_report(sources, SEPTEMBER, cache_dir=tmp_path / "cache", now=NOW)
    new_hits = [hit for hit in alpha.hits + beta.hits if id(hit) not in hits_before]
    assert len(alpha.hits) + len(beta.hits) > before

    assert sorted(a.article_id for a in second.articles) == sorted(a.article_id for a in first.articles)
    assert [f.item_id for f in second.failures] == [f.item_id for f in first.failures]
    fetched_again = {hit.path for hit in new_hits}
    for article in first.articles:  # no article page is downloaded twice
        assert article.url.removeprefix(alpha.origin).removeprefix(beta.origin) not in fetched_again
    index = [hit for hit in new_hits if hit.path == "/sitemap_index.xml"]
    assert index and index[0].headers.get("If-None-Match") == '"index-1"'  # answered 304
    latest = [hit for hit in new_hits if hit.path == "/sitemaps/latest.xml"]
    assert latest[0].headers.get("If-Modified-Since") == "Sat, 19 Oct 2024 10:00:00 GMT"
    # every page downloaded the first time: 11 articles (duplicates included), 2 of other months, the undated one
    assert second.crawl_stats["from_cache"] == 14
    assert second.crawl_stats["not_modified"] == 4  # index, archive index, 2024-09.xml.gz, latest.xml


def test_the_current_month_also_reads_feeds(sites, tmp_path):
    alpha, beta = sites
    load = load_month_report(sources_file(alpha, beta), OCTOBER, cache_dir=tmp_path / "cache", now=NOW)
    kept, _ = deduplicate(load.articles)
    assert paths(alpha, (a.url for a in kept)) == {"/news/2024/10/02/oktyabr", "/story/1003", "/story/2001"}
    assert paths(beta, (a.url for a in kept)) == {"/2024/10/18/svezhee"}
    from_feed = next(a for a in kept if a.url.endswith("/story/2001"))
    assert from_feed.published_at == datetime(2024, 10, 19, 9, 0, tzinfo=UTC)  # the Atom <updated> time
    assert not beta.hits_of("/2024/09/25/sentyabr")  # a September item of the feed is not fetched for October
    assert load.failed_sources == ["gamma"]


def test_when_every_source_fails_the_month_fails_with_the_reasons(tmp_path):
    sources = SourcesFile.model_validate(
        {
            "crawler": FAST_CRAWLER,
            "sources": [
                {"name": "down", "kind": "web", "sitemaps": [f"http://127.0.0.1:{free_port()}/sitemap.xml"]},
                {"name": "also-down", "kind": "web", "feeds": [f"http://127.0.0.1:{free_port()}/rss"]},
            ],
        }
    )
    with pytest.raises(AllSourcesFailed, match="every news source failed for 2024-10.*down.*also-down"):
        load_month_report(sources, OCTOBER, cache_dir=tmp_path, now=NOW)


def test_a_host_whose_robots_txt_is_unreachable_is_not_crawled(tmp_path):
    with NewsSite() as site:
        site.add("/robots.txt", Route(b"down", status=503, content_type="text/plain"))
        site.add("/sitemap.xml", Route(urlset([{"loc": site.url("/2024/09/03/a")}])))
        site.add("/2024/09/03/a", Route(article_page("A", story(30), "2024-09-03T10:00:00+03:00")))
        sources = SourcesFile.model_validate(
            {
                "crawler": FAST_CRAWLER,
                "sources": [{"name": "shy", "kind": "web", "sitemaps": [site.url("/sitemap.xml")]}],
            }
        )
        with pytest.raises(AllSourcesFailed, match="robots.txt of .* could not be fetched"):
            load_month_report(sources, SEPTEMBER, cache_dir=tmp_path, now=NOW)
        assert {hit.path for hit in site.hits} == {"/robots.txt"}


def test_per_host_concurrency_and_rate_limits_are_kept(tmp_path):
    with NewsSite(default_delay=0.05) as site:
        urls = [site.url(f"/2024/09/{day:02d}/item") for day in range(1, 13)]
        site.add("/sitemap.xml", Route(urlset([{"loc": url} for url in urls])))
        for day, url in enumerate(urls, start=1):
            site.add(
                url.removeprefix(site.origin),
                Route(article_page(f"Новость {day}", story(100 + day), f"2024-09-{day:02d}T10:00:00+03:00")),
            )
        limited = {
            "name": "limited",
            "kind": "web",
            "sitemaps": [site.url("/sitemap.xml")],
            "max_concurrency_per_host": 2,
        }
        sources = SourcesFile.model_validate({"crawler": FAST_CRAWLER, "sources": [limited]})
        assert len(load_month_report(sources, SEPTEMBER, cache_dir=tmp_path / "a", now=NOW).articles) == 12
        assert site.max_in_flight == 2

        site.hits.clear()
        paced = SourcesFile.model_validate(
            {
                "crawler": FAST_CRAWLER,
                "sources": [{**limited, "rate_limit_per_second": 20, "max_concurrency_per_host": 8}],
            }
        )
        assert len(load_month_report(paced, SEPTEMBER, cache_dir=tmp_path / "b", now=NOW).articles) == 12
        starts = sorted(hit.started for hit in site.hits)  # robots.txt, the sitemap and 12 pages
        gaps = [later - earlier for earlier, later in zip(starts, starts[1:], strict=False)]
        # 20 requests per second: one every 50 ms. Arrival times jitter a little, their span does not.
        assert starts[-1] - starts[0] >= 0.9 * 0.05 * len(gaps)
        assert min(gaps) >= 0.025
