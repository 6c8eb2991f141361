"""News articles: parsing the bundled corpus format, stable ids, canonical URLs and deduplication.

Bundled articles are Markdown files with YAML front matter (url, source, title, published_at)
followed by the body. Other sources (feeds, sitemaps) produce the same `Article` record.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pandas as pd
import yaml
from pydantic import BaseModel, ValidationError, field_validator

from ..common.months import Month
from ..common.records import ItemFailure
from ..common.safe_yaml import safe_load
from .near_duplicates import DEFAULT_THRESHOLD as NEAR_DUPLICATE_THRESHOLD
from .near_duplicates import NearDuplicateIndex

ARTICLE_COLUMNS = ["article_id", "url", "source", "title", "text", "published_at", "content_sha1"]

_TRACKING_PARAMS = {"fbclid", "gclid", "yclid", "ysclid", "from", "ref", "utm_referrer", "_openstat"}
_FRONT_MATTER_RE = re.compile(r"\A---\s*\n(.*?)\n---\s*\n(.*)\Z", re.DOTALL)
# Bounds on one article: a news article is a few thousand characters; anything far larger is a
# broken page or hostile input, refused as a per-item failure before the costly stages see it.
MAX_ARTICLE_CHARS = 300_000
MAX_FRONT_MATTER_BYTES = 64_000
MAX_FRONT_MATTER_ALIASES = 100


class ArticleError(ValueError):
    """An article that cannot be used; the message says what is wrong with it."""


class Article(BaseModel):
    article_id: str
    url: str
    source: str
    title: str
    text: str
    published_at: datetime
    content_sha1: str

    @field_validator("published_at")
    @classmethod
    def _utc(cls, value: datetime) -> datetime:
        if value.tzinfo is None:
            raise ValueError("published_at needs a timezone (e.g. +03:00)")
        return value.astimezone(UTC)


def canonical_url(url: str) -> str:
    """Lower-case scheme and host, drop fragments, tracking parameters and trailing slashes."""
    parts = urlsplit(url.strip())
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        raise ArticleError(f"not an absolute http(s) URL: {url!r}")
    query = [
        (key, value)
        for key, value in parse_qsl(parts.query, keep_blank_values=True)
        if not key.lower().startswith("utm_") and key.lower() not in _TRACKING_PARAMS
    ]
    path = parts.path.rstrip("/") or "/"
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), path, urlencode(sorted(query)), ""))


def article_id_for(url: str) -> str:
    """Stable id of an article: a hash of its canonical URL."""
    return hashlib.sha1(canonical_url(url).encode("utf-8")).hexdigest()[:16]


def normalize_text(text: str) -> str:
    """Unicode NFC, unified line endings, paragraphs separated by one blank line."""
    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text)]
    return "\n\n".join(p for p in paragraphs if p)


def content_sha1(text: str) -> str:
    return hashlib.sha1(" ".join(text.split()).encode("utf-8")).hexdigest()


def make_article(*, url: str, source: str, title: str, text: str, published_at: datetime | str) -> Article:
    if len(text) > MAX_ARTICLE_CHARS:
        raise ArticleError(f"the text has {len(text):,} characters, above the limit of {MAX_ARTICLE_CHARS:,}")
    text = normalize_text(text)
    if not text:
        raise ArticleError("empty text")
    if not title or not str(title).strip():
        raise ArticleError("empty title")
    try:
        return Article(
            article_id=article_id_for(url),
            url=url.strip(),
            source=str(source).strip(),
            title=" ".join(str(title).split()),
            text=text,
            published_at=published_at,
            content_sha1=content_sha1(text),
        )
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ArticleError(problems) from None


def parse_markdown_article(raw: str) -> Article:
    """Parse one bundled article (YAML front matter + body)."""
    if len(raw) > MAX_ARTICLE_CHARS + MAX_FRONT_MATTER_BYTES:
        raise ArticleError(f"the file has {len(raw):,} characters, above the limit of {MAX_ARTICLE_CHARS:,}")
    match = _FRONT_MATTER_RE.match(raw.lstrip("\ufeff"))
    if not match:
        raise ArticleError("no YAML front matter between '---' lines")
    try:
        meta = safe_load(match.group(1), max_bytes=MAX_FRONT_MATTER_BYTES, max_aliases=MAX_FRONT_MATTER_ALIASES)
    except yaml.YAMLError as exc:
        raise ArticleError(f"front matter is not valid YAML: {exc}") from None
    if not isinstance(meta, dict):
        raise ArticleError("front matter is not a mapping")
    missing = [key for key in ("url", "source", "title", "published_at") if not meta.get(key)]
    if missing:
        raise ArticleError(f"front matter lacks {', '.join(missing)}")
    published = meta["published_at"]
    if isinstance(published, str):
        try:
            published = datetime.fromisoformat(published)
        except ValueError:
            raise ArticleError(f"published_at is not an ISO date-time: {published!r}") from None
    return make_article(
        url=str(meta["url"]),
        source=meta["source"],
        title=meta["title"],
        text=match.group(2),
        published_at=published,
    )


def load_markdown_dir(root: Path, month: Month) -> tuple[list[Article], list[ItemFailure]]:
    """Read every *.md below `root` and keep the articles published in `month` (UTC)."""
    articles: list[Article] = []
    failures: list[ItemFailure] = []
    for path in sorted(root.rglob("*.md")):
        if path.name.upper() == "README.MD":
            continue
        try:
            article = parse_markdown_article(path.read_text(encoding="utf-8"))
        except (ArticleError, UnicodeDecodeError) as exc:
            failures.append(ItemFailure(item_id=str(path.relative_to(root)), error=str(exc)))
            continue
        if month.contains(article.published_at):
            articles.append(article)
    return articles, failures


def deduplicate(
    articles: Iterable[Article], near_duplicate_threshold: float | None = NEAR_DUPLICATE_THRESHOLD
) -> tuple[list[Article], list[tuple[Article, str]]]:
    """Keep the earliest article per canonical URL, per exact content and per near-duplicate group
    (estimated Jaccard similarity of word shingles >= the threshold; None turns that off); report the rest."""
    kept: list[Article] = []
    dropped: list[tuple[Article, str]] = []
    seen_ids: dict[str, str] = {}
    seen_content: dict[str, str] = {}
    near = NearDuplicateIndex(near_duplicate_threshold) if near_duplicate_threshold else None
    for article in sorted(articles, key=lambda a: (a.published_at, a.article_id)):
        if article.article_id in seen_ids:
            dropped.append((article, f"same canonical URL as {seen_ids[article.article_id]}"))
        elif article.content_sha1 in seen_content:
            dropped.append((article, f"same content as {seen_content[article.content_sha1]}"))
        elif near is not None and (match := near.match(article.article_id, article.text)):
            dropped.append((article, f"near-duplicate of {match[0]} (similarity {match[1]:.2f})"))
        else:
            seen_ids[article.article_id] = article.article_id
            seen_content[article.content_sha1] = article.article_id
            kept.append(article)
    return kept, dropped


def articles_frame(articles: Iterable[Article]) -> pd.DataFrame:
    rows = [a.model_dump() for a in articles]
    frame = pd.DataFrame(rows, columns=ARTICLE_COLUMNS)
    frame["published_at"] = pd.to_datetime(frame["published_at"], utc=True)
    return frame.sort_values(["published_at", "article_id"], kind="stable").reset_index(drop=True)
