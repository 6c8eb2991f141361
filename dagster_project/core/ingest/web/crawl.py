"""Crawling the month's articles of web news sources.

For each source: discover candidate URLs (feeds when the month is recent, sitemaps always), keep
those that pass the source's URL patterns and may belong to the month, fetch them politely,
extract the articles and keep the ones whose publication time falls in the month (UTC). Every URL
that fails is recorded with its error. A source where nothing worked (no feed or sitemap could be
read, or every page failed) is reported as failed entirely, with one summary failure, so the
caller can go on with the other sources.
"""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from ...common.months import Month
from ...common.records import ItemFailure
from ..articles import Article, ArticleError, canonical_url
from .cache import RawCache
from .config import CrawlerSettings, WebSource
from .discovery import (
    Candidate,
    DiscoveryError,
    candidate_may_be_in_month,
    child_may_hold_month,
    parse_feed,
    parse_sitemap,
)
from .extract import extract_article
from .fetch import Fetcher, FetchError, origin_of

T = TypeVar("T")


@dataclass
class SourceCrawl:
    """What one source gave for the month."""

    name: str
    articles: list[Article] = field(default_factory=list)
    failures: list[ItemFailure] = field(default_factory=list)
    stats: Counter[str] = field(default_factory=Counter)
    failed_entirely: bool = False


@dataclass
class CrawlResult:
    sources: list[SourceCrawl]
    fetch_stats: Counter[str]


def feeds_cover(month: Month, now: datetime, settings: CrawlerSettings) -> bool:
    """Feeds list only the latest items: worth reading for the current month and one just ended."""
    return month.start() <= now and month.end() > now - timedelta(days=settings.feed_horizon_days)


class _SourceCrawler:
    def __init__(
        self, source: WebSource, fetcher: Fetcher, month: Month, now: datetime, settings: CrawlerSettings, extractor
    ):
        self.extractor = extractor
        self.source = source
        self.fetcher = fetcher
        self.month = month
        self.now = now
        self.settings = settings
        self.report = SourceCrawl(source.name)
        self.documents_tried = 0
        self.documents_read = 0
        self.pages_failed = 0

    def fail(self, url: str, error: str) -> None:
        self.report.failures.append(ItemFailure(item_id=f"{self.source.name}:{url}", error=error))

    async def run(self) -> SourceCrawl:
        if self.month.start() > self.now:
            return self.report  # nothing is published in the future
        candidates = await self.discover()
        selected = self.select(candidates)
        await asyncio.gather(*(self.page(candidate) for candidate in selected))
        self.report.articles.sort(key=lambda a: (a.published_at, a.article_id))
        self.report.failures.sort(key=lambda f: f.item_id)  # completion order varies; the record should not
        self.report.stats["articles"] = len(self.report.articles)
        self.judge_whole_source(pages_tried=len(selected))
        return self.report

    # --- discovery -----------------------------------------------------------------------------

    async def discover(self) -> dict[str, Candidate]:
        found: dict[str, Candidate] = {}
        await self.discover_in_feeds(found)
        await self.discover_in_sitemaps(found)
        return found

    async def discover_in_feeds(self, found: dict[str, Candidate]) -> None:
        if feeds_cover(self.month, self.now, self.settings):
            for entries in await asyncio.gather(*(self.read_feed(url) for url in self.source.feeds)):
                for candidate in entries:
                    self.add_candidate(found, candidate)
        elif self.source.feeds:
            self.report.stats["feeds_not_used"] += len(self.source.feeds)

    async def discover_in_sitemaps(self, found: dict[str, Candidate]) -> None:
        """Sitemaps are read a level at a time, following index children down to `max_sitemap_depth`."""
        level = list(dict.fromkeys(self.source.sitemaps + await self.sitemaps_from_robots()))
        seen = set(level)
        for _depth in range(self.settings.max_sitemap_depth):
            if not level:
                break
            children: list[str] = []
            for sitemap in await asyncio.gather(*(self.read_sitemap(url) for url in level)):
                if sitemap is None:
                    continue
                for candidate in sitemap.urls:
                    self.add_candidate(found, candidate)
                children += self.children_to_read(sitemap, seen)
            level = children
        if level:
            self.report.stats["sitemaps_beyond_depth"] += len(level)

    def children_to_read(self, sitemap, seen: set[str]) -> list[str]:
        """The child sitemaps of an index not read yet and possibly listing articles of the month."""
        children = []
        for child, lastmod in sitemap.children:
            if child in seen:
                continue
            seen.add(child)
            if child_may_hold_month(child, lastmod, self.month):
                children.append(child)
            else:
                self.report.stats["sitemaps_skipped"] += 1
        return children

    def add_candidate(self, found: dict[str, Candidate], candidate: Candidate) -> None:
        """Keyed by canonical URL, so the same article listed with tracking parameters is fetched once."""
        try:
            key = canonical_url(candidate.url)
        except ArticleError:
            self.report.stats["urls_not_http"] += 1
            return
        found.setdefault(key, candidate)

    async def sitemaps_from_robots(self) -> list[str]:
        if not self.source.sitemaps_from_robots:
            return []
        sites = [self.source.site] if self.source.site else self.source.feeds + self.source.sitemaps
        found: list[str] = []
        for origin in dict.fromkeys(origin_of(url) for url in sites):
            self.documents_tried += 1
            try:
                listed = await self.fetcher.robots_sitemaps(origin)
            except FetchError as exc:
                self.fail(f"{origin}/robots.txt", str(exc))
                continue
            if not listed:
                self.fail(f"{origin}/robots.txt", "robots.txt lists no Sitemap: lines (sitemaps_from_robots is on)")
                continue
            self.documents_read += 1
            found += listed
        return found

    async def read_feed(self, url: str) -> list[Candidate]:
        self.documents_tried += 1
        try:
            fetched = await self.fetcher.fetch(url, "document")
            entries = parse_feed(fetched.body, url)
        except (FetchError, DiscoveryError) as exc:
            self.fail(url, f"feed: {exc}")
            return []
        self.documents_read += 1
        self.report.stats["feeds_read"] += 1
        return entries

    async def read_sitemap(self, url: str):
        self.documents_tried += 1
        try:
            fetched = await self.fetcher.fetch(url, "document")
            sitemap = parse_sitemap(fetched.body, self.settings.max_document_bytes)
        except (FetchError, DiscoveryError) as exc:
            self.fail(url, f"sitemap: {exc}")
            return None
        self.documents_read += 1
        self.report.stats["sitemaps_read"] += 1
        return sitemap

    def select(self, candidates: dict[str, Candidate]) -> list[Candidate]:
        stats = self.report.stats
        stats["urls_found"] = len(candidates)
        selected = []
        for candidate in candidates.values():
            if not self.source.wants(candidate.url):
                stats["urls_excluded_by_pattern"] += 1
            elif not candidate_may_be_in_month(candidate, self.month):
                stats["urls_of_other_months"] += 1
            else:
                selected.append(candidate)
        cap = self.settings.max_pages_per_source
        if len(selected) > cap:
            stats["urls_over_page_cap"] = len(selected) - cap
            selected = sorted(selected, key=lambda c: c.url)[:cap]
        stats["pages_tried"] = len(selected)
        return selected

    # --- pages ---------------------------------------------------------------------------------

    async def page(self, candidate: Candidate) -> None:
        try:
            fetched = await self.fetcher.fetch(candidate.url, "page")
            article = await asyncio.get_running_loop().run_in_executor(
                self.extractor,
                lambda: extract_article(
                    fetched.text(),
                    fetched_url=fetched.final_url,
                    source=self.source.name,
                    zone=self.source.zone,
                    hint=candidate.published_at,
                ),
            )
        except (FetchError, ArticleError) as exc:
            self.pages_failed += 1
            self.fail(candidate.url, str(exc))
            return
        if self.month.contains(article.published_at):
            self.report.articles.append(article)
        else:
            self.report.stats["pages_of_other_months"] += 1

    def judge_whole_source(self, pages_tried: int) -> None:
        """Collapse a source where nothing worked into one failure that summarises why."""
        report = self.report
        nothing_discovered = self.documents_tried > 0 and self.documents_read == 0
        every_page_failed = pages_tried > 0 and self.pages_failed == pages_tried
        if not (nothing_discovered or every_page_failed):
            return
        reasons = Counter(f.error for f in report.failures)
        summary = "; ".join(f"{error} (x{count})" for error, count in reasons.most_common(3))
        what = "no feed or sitemap could be read" if nothing_discovered else f"all {pages_tried} pages failed"
        report.failures = [ItemFailure(item_id=self.source.name, error=f"source failed entirely: {what}: {summary}")]
        report.failed_entirely = True


async def crawl_sources(
    sources: list[WebSource], month: Month, settings: CrawlerSettings, cache_dir: Path | None, now: datetime
) -> CrawlResult:
    cache = RawCache(cache_dir) if cache_dir is not None else None
    async with Fetcher(settings, cache) as fetcher:
        for source in sources:
            for url in source.feeds + source.sitemaps + ([source.site] if source.site else []):
                fetcher.limit_host(url, source.rate_limit_per_second, source.max_concurrency_per_host)
        # One extraction thread: it overlaps CPU work with network waits, and keeps the default
        # executor free for raw-cache file reads and writes (more threads only contend for the GIL).
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="extract") as extractor:
            reports = await asyncio.gather(
                *(_SourceCrawler(source, fetcher, month, now, settings, extractor).run() for source in sources)
            )
        return CrawlResult(list(reports), fetcher.stats)


def crawl_month(
    sources: list[WebSource],
    month: Month,
    *,
    settings: CrawlerSettings | None = None,
    cache_dir: Path | None = None,
    now: datetime | None = None,
) -> CrawlResult:
    """Crawl `month` from every web source (blocking). `now` decides whether feeds are read."""
    now = now or datetime.now(UTC)
    return run_blocking(crawl_sources(sources, month, settings or CrawlerSettings(), cache_dir, now))


def run_blocking(coroutine: Coroutine[Any, Any, T]) -> T:
    """asyncio.run, also when the caller already runs an event loop (then in a helper thread)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine)
        except BaseException as exc:  # handed back to the caller's thread
            outcome["error"] = exc

    thread = threading.Thread(target=target, name="ragbench-crawl")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
