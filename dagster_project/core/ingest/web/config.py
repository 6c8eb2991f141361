"""Settings of a web news source and of the crawler, as read from the sources YAML file."""

from __future__ import annotations

import re
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, Field, field_validator, model_validator

DEFAULT_USER_AGENT = (
    "ragbench-factory/0.1 (+https://github.com/ragbench-factory; monthly RAG benchmark from news; honours robots.txt)"
)


class CrawlerSettings(BaseModel):
    """How the crawler behaves towards every host. Per-source settings may make a host stricter."""

    user_agent: str = DEFAULT_USER_AGENT
    # The token matched against robots.txt "User-agent:" lines.
    robots_agent: str = "ragbench-factory"
    timeout_seconds: float = Field(20.0, gt=0)
    retries: int = Field(3, ge=0)
    backoff_seconds: float = Field(1.0, ge=0)
    max_retry_after_seconds: float = Field(60.0, ge=0)
    max_page_bytes: int = Field(5_000_000, gt=0)
    # Feeds and sitemaps (the sitemap protocol allows 50 MB uncompressed), after gunzip too.
    max_document_bytes: int = Field(50_000_000, gt=0)
    max_redirects: int = Field(5, ge=0)
    max_concurrency_per_host: int = Field(2, ge=1)
    # Requests per second per host; 0 turns the limit off (robots.txt Crawl-delay still applies).
    rate_limit_per_second: float = Field(1.0, ge=0)
    # Feeds only cover the last days, so they are read for the current month and for a month
    # that ended at most this many days ago; older months rely on sitemaps.
    feed_horizon_days: int = Field(7, ge=0)
    max_sitemap_depth: int = Field(4, ge=1)
    max_pages_per_source: int = Field(20_000, ge=1)


class WebSource(BaseModel):
    """A news site: where to discover its article URLs, and which URLs are articles."""

    name: str
    kind: Literal["web"]
    # The site's home page; its robots.txt "Sitemap:" lines are used when sitemaps_from_robots is on.
    site: str | None = None
    feeds: list[str] = Field(default_factory=list)
    sitemaps: list[str] = Field(default_factory=list)
    # Also use the "Sitemap:" lines of each feed/sitemap host's robots.txt.
    sitemaps_from_robots: bool = False
    # Regular expressions searched in article URLs: an URL must match one include pattern (when
    # there are any) and no exclude pattern.
    include: list[str] = Field(default_factory=list)
    exclude: list[str] = Field(default_factory=list)
    # Per-host limits for this source's hosts; unset means the crawler's defaults.
    rate_limit_per_second: float | None = Field(None, ge=0)
    max_concurrency_per_host: int | None = Field(None, ge=1)
    # Time zone of dates that come without one (a date-only publication date, a date in the URL).
    timezone: str = "Europe/Moscow"

    @field_validator("include", "exclude")
    @classmethod
    def _compiles(cls, patterns: list[str]) -> list[str]:
        for pattern in patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"bad regular expression {pattern!r}: {exc}") from None
        return patterns

    @field_validator("feeds", "sitemaps")
    @classmethod
    def _absolute_all(cls, urls: list[str]) -> list[str]:
        for url in urls:
            cls._absolute(url)
        return urls

    @field_validator("site")
    @classmethod
    def _absolute_site(cls, url: str | None) -> str | None:
        return url if url is None else cls._absolute(url)

    @staticmethod
    def _absolute(url: str) -> str:
        if not re.match(r"^https?://[^/\s]+", url):
            raise ValueError(f"not an absolute http(s) URL: {url!r}")
        return url

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown time zone {value!r} (use an IANA name like Europe/Moscow)") from None
        return value

    @model_validator(mode="after")
    def _has_a_way_in(self) -> WebSource:
        if not (self.feeds or self.sitemaps or (self.site and self.sitemaps_from_robots)):
            raise ValueError(
                f"source {self.name!r} lists no feeds and no sitemaps (or a site with sitemaps_from_robots: true)"
            )
        return self

    def wants(self, url: str) -> bool:
        """Whether `url` passes the include / exclude patterns."""
        if self.include and not any(re.search(p, url) for p in self.include):
            return False
        return not any(re.search(p, url) for p in self.exclude)

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)
