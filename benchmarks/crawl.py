"""Crawl throughput: 2,000 article pages from two local news sites with 50 ms latency each.

The sites run in child processes on 127.0.0.1 and 127.0.0.2 (two hosts, so per-host limits apply
to each), serve a sitemap index, monthly sitemaps and article pages of realistic size; rate limits
are off, per-host concurrency is 16. The crawl goes through the whole path: robots.txt, sitemaps,
fetching, raw cache writes, charset decoding, trafilatura extraction. A second pass re-crawls the
month from the raw cache. Peak RSS is that of the crawling process.

Usage: python benchmarks/crawl.py [PAGES]
Last line: RESULT crawl_pages_per_second <x>
"""

from __future__ import annotations

import multiprocessing
import resource
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from dagster_project.core.common.months import Month
from dagster_project.core.ingest.sources import SourcesFile, load_month_report
from dagster_project.testing.news_site import NewsSite, Route, article_page, sitemap_index, story, urlset

LATENCY_SECONDS = 0.05
HOSTS = ["127.0.0.1", "127.0.0.2"]
MONTH = Month(2024, 9)
PER_SITEMAP = 250


def serve(host: str, first_seed: int, pages: int, ready, stop) -> None:
    with NewsSite(host, default_delay=LATENCY_SECONDS) as site:
        urls = []
        for n in range(pages):
            day = 2 + n % 27  # from the 2nd: a Moscow time on the 1st may still be August in UTC
            path = f"/news/2024/09/{day:02d}/item-{first_seed + n}"
            page = article_page(
                f"Новость номер {first_seed + n}",
                story(first_seed + n, paragraphs=6, words_per_paragraph=60),
                f"2024-09-{day:02d}T{n % 24:02d}:15:00+03:00",
                boilerplate_links=120,
            )
            site.add(path, Route(page))
            urls.append(site.url(path))
        children = []
        for start in range(0, pages, PER_SITEMAP):
            path = f"/sitemaps/2024-09-part{start // PER_SITEMAP}.xml"
            site.add(
                path,
                Route(urlset([{"loc": u} for u in urls[start : start + PER_SITEMAP]]), content_type="application/xml"),
            )
            children.append((site.url(path), "2024-09-30"))
        site.add("/sitemap_index.xml", Route(sitemap_index(children), content_type="application/xml"))
        ready.put((site.origin, len(page)))
        stop.wait()


def crawl(sources: SourcesFile, cache: Path) -> tuple[int, float, dict]:
    started, cpu = time.perf_counter(), time.process_time()
    load = load_month_report(sources, MONTH, cache_dir=cache, now=datetime(2024, 11, 1, tzinfo=UTC))
    elapsed = time.perf_counter() - started
    print(f"  crawler CPU {time.process_time() - cpu:.1f} s over {elapsed:.1f} s of wall time")
    return len(load.articles), elapsed, load.crawl_stats


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    per_host = total // len(HOSTS)
    context = multiprocessing.get_context("fork")
    ready, stop = context.Queue(), context.Event()
    servers = [
        context.Process(target=serve, args=(host, i * per_host, per_host, ready, stop), daemon=True)
        for i, host in enumerate(HOSTS)
    ]
    for server in servers:
        server.start()
    try:
        started = [ready.get(timeout=120) for _ in servers]
        origins = [origin for origin, _ in started]
        page_kb = started[0][1] // 1024
        print(f"{total} pages of about {page_kb} KB on {', '.join(origins)}, {LATENCY_SECONDS * 1000:.0f} ms latency")
        sources = SourcesFile.model_validate(
            {
                "crawler": {"rate_limit_per_second": 0, "max_concurrency_per_host": 16, "timeout_seconds": 10},
                "sources": [
                    {"name": f"site-{i}", "kind": "web", "sitemaps": [f"{origin}/sitemap_index.xml"]}
                    for i, origin in enumerate(origins)
                ],
            }
        )
        with tempfile.TemporaryDirectory() as root:
            articles, cold_seconds, stats = crawl(sources, Path(root) / "cache")
            if articles != per_host * len(HOSTS):
                raise SystemExit(f"expected {per_host * len(HOSTS)} articles, got {articles}: {stats}")
            print(f"cold crawl: {articles} articles in {cold_seconds:.2f} s; {stats}")
            warm_articles, warm_seconds, _ = crawl(sources, Path(root) / "cache")
            print(f"re-crawl from the raw cache: {warm_articles} articles in {warm_seconds:.2f} s")
    finally:
        stop.set()
        for server in servers:
            server.join(timeout=10)
    servers_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"the two servers used {servers_cpu.ru_utime + servers_cpu.ru_stime:.1f} s of CPU (2 cores shared)")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"RESULT crawl_peak_rss_mb {peak_mb:.0f}")
    print(f"RESULT crawl_cached_pages_per_second {warm_articles / warm_seconds:.1f}")
    print(f"RESULT crawl_pages_per_second {articles / cold_seconds:.1f}")


if __name__ == "__main__":
    main()
