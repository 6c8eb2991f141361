"""Polite HTTP fetching with httpx.

Per host (scheme://host:port): robots.txt is read once and obeyed, requests are limited in
concurrency and rate (robots.txt Crawl-delay included), and transient failures (timeouts, dropped
connections, 429, 5xx) are retried with exponential backoff, honouring Retry-After. Redirects are
followed by hand so every hop is checked against robots.txt and counted. Bodies are capped in size
while they stream, pages must be HTML, and text is decoded with the declared charset or a detected
one (Russian sites still serve windows-1251). Responses go to the raw cache; article pages are then
served from it, feeds and sitemaps are revalidated with ETag / Last-Modified.
"""

from __future__ import annotations

import asyncio
import codecs
import random
import re
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Literal
from urllib.parse import urljoin, urlsplit

import charset_normalizer
import httpx
from protego import Protego

from .cache import CachedResponse, RawCache
from .config import CrawlerSettings

Want = Literal["page", "document"]

_REDIRECTS = {301, 302, 303, 307, 308}
_RETRY_STATUSES = {408, 425, 429, 500, 502, 503, 504}
_HTML_TYPES = {"text/html", "application/xhtml+xml"}
_CHARSET_RE = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)""", re.IGNORECASE)


class FetchError(Exception):
    """A URL that could not be fetched. The message is what gets recorded as the failure."""


@dataclass
class Fetched:
    url: str
    final_url: str
    content_type: str
    body: bytes
    origin: Literal["network", "cache", "revalidated"]

    def text(self) -> str:
        return decode_body(self.body, self.content_type)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def decode_body(body: bytes, content_type: str = "") -> str:
    """Text of a page: HTTP charset, then BOM, then <meta charset>, then detection, then UTF-8."""
    declared = _charset_from_header(content_type)
    for encoding in (declared, _charset_from_bom(body), _charset_from_meta(body)):
        if encoding:
            try:
                return body.decode(encoding)
            except UnicodeDecodeError:
                continue  # a wrong declaration is common; try the next clue
    best = charset_normalizer.from_bytes(body[:200_000]).best()
    if best is not None and best.encoding:
        return body.decode(best.encoding, errors="replace")
    return body.decode("utf-8", errors="replace")


def _known(encoding: str | None) -> str | None:
    if not encoding:
        return None
    try:
        return codecs.lookup(encoding.strip().strip("\"'")).name
    except LookupError:
        return None


def _charset_from_header(content_type: str) -> str | None:
    match = re.search(r"charset\s*=\s*\"?([^\s;\"]+)", content_type or "", re.IGNORECASE)
    return _known(match.group(1)) if match else None


def _charset_from_bom(body: bytes) -> str | None:
    for bom, name in ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16")):
        if body.startswith(bom):
            return name
    return None


def _charset_from_meta(body: bytes) -> str | None:
    match = _CHARSET_RE.search(body[:8192])
    return _known(match.group(1).decode("ascii", "ignore")) if match else None


class _AllowAll:
    sitemaps: list[str] = []

    def can_fetch(self, url: str, agent: str) -> bool:
        return True

    def crawl_delay(self, agent: str) -> None:
        return None


class _DisallowAll(_AllowAll):
    def __init__(self, reason: str):
        self.reason = reason

    def can_fetch(self, url: str, agent: str) -> bool:
        return False


class _Host:
    """Per-host politeness state: a concurrency slot, a request pace and robots.txt."""

    def __init__(self, concurrency: int, min_interval: float):
        self.slots = asyncio.Semaphore(concurrency)
        self.min_interval = min_interval
        self.next_start = 0.0
        self.pace_lock = asyncio.Lock()
        self.robots: asyncio.Future | None = None

    async def wait_turn(self) -> None:
        if self.min_interval <= 0:
            return
        async with self.pace_lock:
            loop = asyncio.get_running_loop()
            wait = self.next_start - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            self.next_start = loop.time() + self.min_interval


@dataclass
class _Response:
    status: int
    headers: httpx.Headers
    body: bytes = b""


class _Retryable(Exception):
    def __init__(self, message: str, retry_after: float | None = None):
        super().__init__(message)
        self.retry_after = retry_after


def _conditional_headers(cached: CachedResponse | None) -> dict[str, str]:
    """Headers that let the server answer 304 Not Modified for a cached document."""
    conditional = {}
    if cached is not None:
        if cached.etag:
            conditional["If-None-Match"] = cached.etag
        if cached.last_modified:
            conditional["If-Modified-Since"] = cached.last_modified
    return conditional


def _redirect_target(current: str, response: _Response) -> str:
    location = response.headers.get("location")
    if not location:
        raise FetchError(f"HTTP {response.status} redirect without a Location header")
    target = urljoin(current, location)
    if urlsplit(target).scheme not in {"http", "https"}:
        raise FetchError(f"redirect to a non-HTTP URL {target!r}")
    return target


def _cache_entry(url: str, final_url: str, content_type: str, response: _Response) -> CachedResponse:
    return CachedResponse(
        url=url,
        final_url=final_url,
        status=response.status,
        content_type=content_type,
        etag=response.headers.get("etag"),
        last_modified=response.headers.get("last-modified"),
        fetched_at=datetime.now(UTC).isoformat(),
        body=response.body,
    )


class Fetcher:
    """Use as `async with Fetcher(settings, cache) as fetcher: await fetcher.fetch(url)`."""

    def __init__(self, settings: CrawlerSettings, cache: RawCache | None = None):
        self.settings = settings
        self.cache = cache
        self.stats: Counter[str] = Counter()
        self._hosts: dict[str, _Host] = {}
        self._limits: dict[str, tuple[float, int]] = {}
        self._client: httpx.AsyncClient | None = None

    async def __aenter__(self) -> Fetcher:
        self._client = httpx.AsyncClient(
            headers={"User-Agent": self.settings.user_agent, "Accept-Encoding": "gzip, deflate"},
            timeout=httpx.Timeout(self.settings.timeout_seconds),
            follow_redirects=False,
            limits=httpx.Limits(max_connections=100, max_keepalive_connections=50),
            trust_env=False,  # no proxy from the environment: the crawler talks only to the hosts it is given
        )
        return self

    async def __aexit__(self, *exc_info) -> None:
        if self._client is not None:
            await self._client.aclose()

    # --- per-host politeness -------------------------------------------------------------------

    def limit_host(self, url: str, rate_per_second: float | None, concurrency: int | None) -> None:
        """Set limits for the host of `url` before crawling; when sources share a host the strictest wins."""
        origin = origin_of(url)
        rate = self.settings.rate_limit_per_second if rate_per_second is None else rate_per_second
        slots = concurrency or self.settings.max_concurrency_per_host
        interval = 1.0 / rate if rate > 0 else 0.0
        if origin in self._limits:
            old_interval, old_slots = self._limits[origin]
            interval, slots = max(interval, old_interval), min(slots, old_slots)
        self._limits[origin] = (interval, slots)

    def _host(self, origin: str) -> _Host:
        if origin not in self._hosts:
            default_rate = self.settings.rate_limit_per_second
            interval, slots = self._limits.get(
                origin, (1.0 / default_rate if default_rate > 0 else 0.0, self.settings.max_concurrency_per_host)
            )
            self._hosts[origin] = _Host(slots, interval)
        return self._hosts[origin]

    async def _robots(self, origin: str):
        host = self._host(origin)
        if host.robots is None:
            host.robots = asyncio.ensure_future(self._load_robots(origin, host))
        return await asyncio.shield(host.robots)

    async def _load_robots(self, origin: str, host: _Host):
        """RFC 9309: a 4xx robots.txt allows everything; an unreachable one (5xx, network) disallows everything."""
        url = f"{origin}/robots.txt"
        try:
            for _ in range(5):
                response = await self._request(url, {}, "document")
                if response.status in _REDIRECTS and response.headers.get("location"):
                    url = urljoin(url, response.headers["location"])
                    continue
                break
        except FetchError as exc:
            self.stats["robots_unreachable"] += 1
            return _DisallowAll(f"robots.txt of {origin} could not be fetched ({exc}); the host is skipped")
        if 400 <= response.status < 500:
            return _AllowAll()
        if response.status >= 300:
            return _DisallowAll(f"robots.txt of {origin} answered HTTP {response.status}; the host is skipped")
        robots = Protego.parse(decode_body(response.body, response.headers.get("content-type", "")))
        delay = robots.crawl_delay(self.settings.robots_agent)
        if delay:
            host.min_interval = max(host.min_interval, float(delay))
        return robots

    async def robots_sitemaps(self, url: str) -> list[str]:
        """The "Sitemap:" lines of the robots.txt of `url`'s host (FetchError when it cannot be read)."""
        robots = await self._robots(origin_of(url))
        if isinstance(robots, _DisallowAll):
            raise FetchError(robots.reason)
        return list(robots.sitemaps)

    async def check_robots(self, url: str) -> None:
        robots = await self._robots(origin_of(url))
        if not robots.can_fetch(url, self.settings.robots_agent):
            raise FetchError(getattr(robots, "reason", "disallowed by robots.txt"))

    # --- fetching ------------------------------------------------------------------------------

    async def fetch(self, url: str, want: Want = "page") -> Fetched:
        """Fetch `url`: a page (must be HTML; served from the cache when cached) or a document
        (feed or sitemap; revalidated against the cache with a conditional request)."""
        cached = await asyncio.to_thread(self.cache.get, url) if self.cache is not None else None
        if cached is not None and want == "page":
            self.stats["from_cache"] += 1
            return Fetched(url, cached.final_url, cached.content_type, cached.body, "cache")
        current = url
        for hop in range(self.settings.max_redirects + 1):
            await self.check_robots(current)
            response = await self._request(current, _conditional_headers(cached) if hop == 0 else {}, want)
            if response.status in _REDIRECTS:
                current = _redirect_target(current, response)
                self.stats["redirects"] += 1
                continue
            if response.status == 304 and cached is not None and hop == 0:
                self.stats["not_modified"] += 1
                return Fetched(url, cached.final_url, cached.content_type, cached.body, "revalidated")
            if not 200 <= response.status < 300:
                raise FetchError(f"HTTP {response.status}")
            content_type = response.headers.get("content-type", "")
            if self.cache is not None:
                await asyncio.to_thread(self.cache.put, _cache_entry(url, current, content_type, response))
            return Fetched(url, current, content_type, response.body, "network")
        raise FetchError(f"more than {self.settings.max_redirects} redirects")

    async def _request(self, url: str, headers: dict[str, str], want: Want) -> _Response:
        """One GET with retries; transient failures are retried, the last one becomes a FetchError."""
        host = self._host(origin_of(url))
        attempts = self.settings.retries + 1
        problem = "no attempt made"
        for attempt in range(attempts):
            retry_after = None
            async with host.slots:
                await host.wait_turn()
                try:
                    async with asyncio.timeout(self.settings.timeout_seconds):
                        return await self._send(url, headers, want)
                except (TimeoutError, httpx.TimeoutException):
                    problem = f"timed out after {self.settings.timeout_seconds:g} s"
                except httpx.TransportError as exc:
                    problem = f"connection failed ({type(exc).__name__}: {exc or 'no details'})"
                except _Retryable as exc:
                    problem, retry_after = str(exc), exc.retry_after
            self.stats["retried_requests" if attempt + 1 < attempts else "failed_requests"] += 1
            if attempt + 1 < attempts:
                backoff = self.settings.backoff_seconds * 2**attempt * random.uniform(0.75, 1.25)
                await asyncio.sleep(max(backoff, retry_after or 0.0))
        raise FetchError(f"{problem} ({attempts} attempt{'s' if attempts > 1 else ''})")

    async def _send(self, url: str, headers: dict[str, str], want: Want) -> _Response:
        assert self._client is not None, "use Fetcher as an async context manager"
        self.stats["requests"] += 1
        request = self._client.build_request("GET", url, headers=headers)
        response = await self._client.send(request, stream=True)
        try:
            status = response.status_code
            if status in _RETRY_STATUSES:
                raise _Retryable(f"HTTP {status}", self._retry_after(response.headers.get("retry-after")))
            if not 200 <= status < 300:
                return _Response(status, response.headers)
            cap = self.settings.max_page_bytes if want == "page" else self.settings.max_document_bytes
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > cap:
                raise FetchError(f"response too large ({int(declared)} bytes > limit {cap})")
            media_type = response.headers.get("content-type", "").split(";")[0].strip().lower()
            if want == "page" and media_type and media_type not in _HTML_TYPES:
                raise FetchError(f"not an HTML page ({media_type})")
            body = bytearray()
            async for chunk in response.aiter_bytes():
                body += chunk
                if len(body) > cap:
                    raise FetchError(f"response too large (over the limit of {cap} bytes)")
            self.stats["bytes"] += len(body)
            return _Response(status, response.headers, bytes(body))
        finally:
            await response.aclose()

    def _retry_after(self, value: str | None) -> float | None:
        if not value:
            return None
        if value.strip().isdigit():
            seconds = float(value)
        else:
            try:
                seconds = (parsedate_to_datetime(value) - datetime.now(UTC)).total_seconds()
            except (TypeError, ValueError):
                return None
        return min(max(seconds, 0.0), self.settings.max_retry_after_seconds)
