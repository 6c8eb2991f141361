"""From an HTML page to an `Article`: title and text with trafilatura, the publication time from
the page's metadata.

trafilatura finds dates to the day only, so the full timestamp is read first from the usual
metadata (Open Graph article:published_time, schema.org datePublished in microdata or JSON-LD,
<time datetime>). Next come the date the feed or news sitemap gave, then trafilatura's date, then
a date in the URL. A date without a time is taken at noon in the source's time zone so it cannot
slip into the neighbouring month when converted to UTC.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, time
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import trafilatura
from lxml import html as lxml_html
from trafilatura.utils import load_html

from ..articles import Article, ArticleError, canonical_url, make_article
from .discovery import date_in_url

MIN_TEXT_CHARS = 200

_META_DATE_XPATHS = [
    "//meta[@property='article:published_time']/@content",
    "//meta[@property='og:article:published_time']/@content",
    "//meta[@name='article:published_time']/@content",
    "//meta[@itemprop='datePublished']/@content",
    "//*[@itemprop='datePublished']/@datetime",
    "//meta[@name='pubdate' or @name='publishdate' or @name='date']/@content",
    "//time[@pubdate or @itemprop='datePublished']/@datetime",
    "//article//time/@datetime",
]


def _parse_moment(value: str, zone: ZoneInfo) -> datetime | None:
    text = value.strip().replace("Z", "+00:00")
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return datetime.combine(datetime.fromisoformat(text).date(), time(12), zone)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        # "+0300" offsets without a colon are common in the wild
        try:
            moment = datetime.strptime(text, "%Y-%m-%dT%H:%M:%S%z")
        except ValueError:
            return None
    return moment if moment.tzinfo else moment.replace(tzinfo=zone)


def _json_ld_dates(tree: lxml_html.HtmlElement) -> list[str]:
    found = []
    for script in tree.xpath("//script[@type='application/ld+json']/text()"):
        try:
            data = json.loads(script)
        except ValueError:
            continue
        stack = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, dict):
                if isinstance(item.get("datePublished"), str):
                    found.append(item["datePublished"])
                stack.extend(v for v in item.values() if isinstance(v, dict | list))
    return found


def published_time_in_page(tree: lxml_html.HtmlElement, zone: ZoneInfo) -> datetime | None:
    for xpath in _META_DATE_XPATHS:
        for value in tree.xpath(xpath):
            moment = _parse_moment(str(value), zone)
            if moment is not None:
                return moment
    for value in _json_ld_dates(tree):
        moment = _parse_moment(value, zone)
        if moment is not None:
            return moment
    return None


def _article_url(canonical: str | None, fetched_url: str) -> str:
    """The page's canonical link when it is a real article URL (not the home page), else the fetched
    URL; without tracking parameters either way."""
    if canonical:
        parts = urlsplit(canonical)
        if parts.scheme in {"http", "https"} and parts.netloc and parts.path.strip("/"):
            return canonical_url(canonical)
    return canonical_url(fetched_url)


def _paragraphs(text: str, title: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if lines and lines[0] == title:
        lines = lines[1:]  # trafilatura repeats the <h1>
    return "\n\n".join(lines)


def extract_article(
    page: str, *, fetched_url: str, source: str, zone: ZoneInfo, hint: datetime | None = None
) -> Article:
    """Build the article of an HTML page; ArticleError says why a page is not usable."""
    tree = load_html(page)
    if tree is None:
        raise ArticleError("the page could not be parsed as HTML")
    published = published_time_in_page(tree, zone)
    document = trafilatura.bare_extraction(
        tree,
        url=fetched_url,
        with_metadata=True,
        include_comments=False,
        include_tables=False,
        fast=True,
        favor_precision=True,
    )
    if document is None or not (document.text or "").strip():
        raise ArticleError("no article text found on the page")
    title = (document.title or "").strip()
    if not title:
        raise ArticleError("no title found on the page")
    text = _paragraphs(document.text, title)
    if len(text) < MIN_TEXT_CHARS:
        raise ArticleError(f"too little text to be an article ({len(text)} characters)")
    if published is None:
        published = hint
    if published is None and document.date:
        published = _parse_moment(document.date[:10], zone)
    if published is None:
        day = date_in_url(fetched_url)
        published = datetime.combine(day, time(12), zone) if day else None
    if published is None:
        raise ArticleError("no publication date in the page, the feed, the sitemap or the URL")
    return make_article(
        url=_article_url(document.url, fetched_url), source=source, title=title, text=text, published_at=published
    )
