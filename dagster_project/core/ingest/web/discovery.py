"""Finding a month's article URLs: RSS/Atom feeds (recent months) and sitemaps (any month).

Sitemap indexes are followed, but children that cannot hold the month are skipped: a child whose
<lastmod> is before the month started, or whose URL names another month (".../2024-08.xml",
"/sitemap/2024/08/"). Within a sitemap an URL is kept when its own date (a date in the URL, a
Google News <news:publication_date>) falls in the month, or when it has none and its <lastmod> is
not before the month. The date of the fetched article decides in the end; these hints only spare
downloads.
"""

from __future__ import annotations

import calendar
import re
import zlib
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

import feedparser
from lxml import etree

from ...common.months import Month


class DiscoveryError(ValueError):
    """A feed or sitemap that cannot be read; the message says why."""


@dataclass(frozen=True)
class Candidate:
    """An article URL found by discovery, with the publication time the feed or sitemap gave."""

    url: str
    published_at: datetime | None = None  # feed <pubDate> / news sitemap publication date
    lastmod: datetime | None = None


@dataclass
class Sitemap:
    children: list[tuple[str, datetime | None]]  # sitemap index: (child URL, lastmod)
    urls: list[Candidate]


# --- dates in URLs ---------------------------------------------------------------------------

_YEAR_FIRST = [
    re.compile(r"(?<!\d)(20\d{2})[/_-](0[1-9]|1[0-2])[/_-](0[1-9]|[12]\d|3[01])(?!\d)"),  # /2024/09/15/, 2024-09-15
    # /20240915/ (ria.ru): a whole path segment, so a numeric article id ending an URL is not read as a date
    re.compile(r"(?<=/)(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=/)"),
]
_DAY_FIRST = re.compile(r"(?<!\d)(0[1-9]|[12]\d|3[01])/(0[1-9]|1[0-2])/(20\d{2})(?!\d)")  # /15/09/2024/ (rbc.ru)
_MONTH_PATTERN = re.compile(r"(?<!\d)(20\d{2})[/_-](0[1-9]|1[0-2])(?![\d])")  # sitemap-2024-09.xml, /2024/09/


def date_in_url(url: str) -> date | None:
    """The calendar date written in an article URL, if any."""
    path = re.sub(r"^https?://[^/]+", "", url)
    found = [(int(m.group(1)), int(m.group(2)), int(m.group(3))) for m in (p.search(path) for p in _YEAR_FIRST) if m]
    match = _DAY_FIRST.search(path)
    if match:
        found.append((int(match.group(3)), int(match.group(2)), int(match.group(1))))
    for year, month, day in found:
        try:
            return date(year, month, day)
        except ValueError:  # 31 February and the like: not a date after all
            continue
    return None


def month_in_url(url: str) -> Month | None:
    """The month a sitemap URL is named after (".../sitemap-2024-09.xml", ".../2024/09/..."), if any."""
    day = date_in_url(url)
    if day is not None:
        return Month.of(day)
    match = _MONTH_PATTERN.search(re.sub(r"^https?://[^/]+", "", url))
    return Month(int(match.group(1)), int(match.group(2))) if match else None


def may_hold_month(day: date, month: Month) -> bool:
    """A local calendar date can be in the month in UTC too when it is within a day of it."""
    start, end = month.start().date(), month.end().date()
    return start - timedelta(days=1) <= day < end + timedelta(days=1)


def in_month_window(moment: datetime, month: Month) -> bool:
    """Discovery dates are often local; keep a day of slack at both ends of the month."""
    return month.start() - timedelta(days=1) <= moment.astimezone(UTC) < month.end() + timedelta(days=1)


# --- feeds -----------------------------------------------------------------------------------


def parse_feed(body: bytes, feed_url: str) -> list[Candidate]:
    """Entries of an RSS or Atom feed as candidates (link + publication time)."""
    parsed = feedparser.parse(body, sanitize_html=False, resolve_relative_uris=False)
    if not parsed.entries:
        if parsed.bozo:
            raise DiscoveryError(f"not a valid RSS/Atom feed: {parsed.bozo_exception}")
        if not parsed.get("version"):
            raise DiscoveryError("not an RSS/Atom feed")
    found = []
    for entry in parsed.entries:
        link = entry.get("link")
        if not link:
            continue
        stamp = entry.get("published_parsed") or entry.get("updated_parsed")
        published = datetime.fromtimestamp(calendar.timegm(stamp), UTC) if stamp else None
        found.append(Candidate(url=link.strip(), published_at=published))
    return found


# --- sitemaps --------------------------------------------------------------------------------

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, recover=False)


def _unzip(body: bytes, max_bytes: int) -> bytes:
    """Gunzip a .xml.gz sitemap, refusing to inflate past `max_bytes` (a gzip bomb)."""
    if body[:2] != b"\x1f\x8b":
        return body
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        data = inflater.decompress(body, max_bytes + 1)
    except zlib.error as exc:
        raise DiscoveryError(f"broken gzip sitemap: {exc}") from None
    if len(data) > max_bytes:
        raise DiscoveryError(f"gzip sitemap inflates past the limit of {max_bytes} bytes")
    if not inflater.eof:
        raise DiscoveryError("broken gzip sitemap: truncated")
    return data


def parse_datetime(value: str | None) -> datetime | None:
    """W3C datetime as used in sitemaps ("2024-09-15", "2024-09-15T10:00:00+03:00", "...Z"); naive = UTC."""
    if not value:
        return None
    text = value.strip().replace("Z", "+00:00")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def parse_sitemap(body: bytes, max_bytes: int = 50_000_000) -> Sitemap:
    """An XML sitemap or sitemap index (gzip allowed), or a plain-text list of URLs."""
    body = _unzip(body, max_bytes).lstrip(b"\xef\xbb\xbf \t\r\n")
    if not body.startswith(b"<"):
        lines = body.decode("utf-8", errors="replace").splitlines()
        urls = [Candidate(line.strip()) for line in lines if line.strip().startswith(("http://", "https://"))]
        if not urls and body.strip():
            raise DiscoveryError("neither an XML sitemap nor a list of URLs")
        return Sitemap([], urls)
    try:
        root = etree.fromstring(body, _PARSER)
    except etree.XMLSyntaxError as exc:
        raise DiscoveryError(f"sitemap is not well-formed XML: {exc}") from None
    kind = etree.QName(root).localname
    if kind not in {"sitemapindex", "urlset"}:
        raise DiscoveryError(f"not a sitemap (root element <{kind}>)")
    children, urls = [], []
    for item in root:
        if not isinstance(item.tag, str):
            continue
        fields = {}
        for child in item.iter():
            if isinstance(child.tag, str) and child.text:
                fields.setdefault(etree.QName(child).localname, child.text.strip())
        loc = fields.get("loc")
        if not loc:
            continue
        lastmod = parse_datetime(fields.get("lastmod"))
        if kind == "sitemapindex":
            children.append((loc, lastmod))
        else:
            urls.append(Candidate(loc, published_at=parse_datetime(fields.get("publication_date")), lastmod=lastmod))
    return Sitemap(children, urls)


def child_may_hold_month(url: str, lastmod: datetime | None, month: Month) -> bool:
    """Whether a child of a sitemap index is worth reading for `month`."""
    if lastmod is not None and lastmod < month.start() - timedelta(days=1):
        return False  # last changed before the month began
    day = date_in_url(url)
    if day is not None:
        return may_hold_month(day, month)  # a daily sitemap
    named = month_in_url(url)
    return named is None or named == month


def candidate_may_be_in_month(candidate: Candidate, month: Month) -> bool:
    """Whether an URL from a feed or sitemap may be an article of `month` (the page date decides later)."""
    day = date_in_url(candidate.url)
    if day is not None:
        return may_hold_month(day, month)
    if candidate.published_at is not None:
        return in_month_window(candidate.published_at, month)
    if candidate.lastmod is not None:
        return candidate.lastmod >= month.start() - timedelta(days=1)
    return True
