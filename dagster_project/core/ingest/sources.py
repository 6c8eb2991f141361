"""News sources: which articles make up a month.

RAGBENCH_SOURCES points to a YAML file listing sources; without it the bundled sample corpus is
used. A `markdown_dir` source is a folder of articles in the bundled format (front matter + body);
a `web` source is a news site crawled through its feeds and sitemaps (see core/web/).

    crawler:                  # optional, applies to every web source (see CrawlerSettings)
      rate_limit_per_second: 1
    sources:
      - name: sample
        kind: markdown_dir
        path: corpus          # relative to the YAML file
      - name: lenta.ru
        kind: web
        feeds: [https://lenta.ru/rss]
        sitemaps: [https://lenta.ru/sitemap.xml.gz]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Annotated, Literal

import yaml
from pydantic import BaseModel, Field, ValidationError, model_validator

from ..common.months import Month
from ..common.package_files import project_dir
from ..common.records import ItemFailure
from ..common.safe_yaml import safe_load
from .articles import Article, ArticleError, load_markdown_dir, parse_markdown_article
from .web.config import CrawlerSettings, WebSource


class SourcesFileError(ValueError):
    """The sources file cannot be used; the message says what to fix."""


class MarkdownDirSource(BaseModel):
    name: str
    kind: Literal["markdown_dir"] = "markdown_dir"
    path: Path


class AllSourcesFailed(RuntimeError):
    """Every source of the file failed entirely; the message lists why."""


Source = Annotated[MarkdownDirSource | WebSource, Field(discriminator="kind")]


class SourcesFile(BaseModel):
    crawler: CrawlerSettings = Field(default_factory=CrawlerSettings)
    sources: list[Source] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _markdown_dir_by_default(cls, raw):
        # Files written before web sources existed may leave out `kind`.
        if isinstance(raw, dict) and isinstance(raw.get("sources"), list):
            raw = dict(raw)
            raw["sources"] = [
                {**item, "kind": "markdown_dir"} if isinstance(item, dict) and "kind" not in item else item
                for item in raw["sources"]
            ]
        return raw

    @property
    def web_sources(self) -> list[WebSource]:
        return [source for source in self.sources if isinstance(source, WebSource)]


@dataclass
class MonthLoad:
    """Everything the sources gave for a month."""

    articles: list[Article]
    failures: list[ItemFailure]
    per_source: dict[str, int]
    failed_sources: list[str] = field(default_factory=list)
    crawl_stats: dict[str, int] = field(default_factory=dict)


def bundled_sources() -> SourcesFile:
    return SourcesFile(sources=[MarkdownDirSource(name="sample-corpus", path=project_dir("data") / "corpus")])


def read_sources_file(path: Path) -> SourcesFile:
    try:
        raw = safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise SourcesFileError(f"cannot read sources file {path}: {exc}") from None
    try:
        parsed = SourcesFile.model_validate(raw)
    except ValidationError as exc:
        raise SourcesFileError(f"sources file {path} is not valid: {exc}") from None
    for source in parsed.sources:
        if isinstance(source, MarkdownDirSource) and not source.path.is_absolute():
            source.path = (path.parent / source.path).resolve()
    return parsed


def load_month(sources: SourcesFile, month: Month) -> tuple[list[Article], list[ItemFailure], dict[str, int]]:
    """All articles of `month` from every source, the per-item failures, and a count per source."""
    load = load_month_report(sources, month)
    return load.articles, load.failures, load.per_source


def load_month_report(
    sources: SourcesFile, month: Month, *, cache_dir: Path | None = None, now: datetime | None = None
) -> MonthLoad:
    """Read every source for `month`. Web sources are crawled (raw responses cached in `cache_dir`).
    A source that fails entirely is recorded as a failure; only when all of them do is it an error."""
    load = MonthLoad(articles=[], failures=[], per_source={})
    for source in sources.sources:
        if not isinstance(source, MarkdownDirSource):
            continue
        if not source.path.is_dir():
            load.failures.append(ItemFailure(item_id=source.name, error=f"folder {source.path} does not exist"))
            load.failed_sources.append(source.name)
            load.per_source[source.name] = 0
            continue
        found, failed = load_markdown_dir(source.path, month)
        load.articles += found
        load.failures += [ItemFailure(f"{source.name}:{f.item_id}", f.error) for f in failed]
        load.per_source[source.name] = len(found)
    if sources.web_sources:
        from .web.crawl import crawl_month  # imported here: httpx and trafilatura only when crawling

        crawl = crawl_month(sources.web_sources, month, settings=sources.crawler, cache_dir=cache_dir, now=now)
        totals: Counter[str] = Counter(crawl.fetch_stats)
        for report in crawl.sources:
            load.articles += report.articles
            load.failures += report.failures
            load.per_source[report.name] = len(report.articles)
            if report.failed_entirely:
                load.failed_sources.append(report.name)
            totals.update(report.stats)
        load.crawl_stats = dict(sorted(totals.items()))
    if load.failed_sources and len(load.failed_sources) == len(sources.sources):
        reasons = "; ".join(f"{f.item_id}: {f.error}" for f in load.failures if f.item_id in load.failed_sources)
        raise AllSourcesFailed(f"every news source failed for {month}: {reasons}")
    return load


def months_in(sources: SourcesFile) -> list[Month]:
    """Months that have at least one readable article in the local folders (the demo materializes
    each of them); web sources are not listed, they have whatever month is asked for."""
    months: set[Month] = set()
    for source in sources.sources:
        if not isinstance(source, MarkdownDirSource) or not source.path.is_dir():
            continue
        for path in source.path.rglob("*.md"):
            try:
                article = parse_markdown_article(path.read_text(encoding="utf-8"))
            except (ArticleError, UnicodeDecodeError):
                continue  # reported as a per-item failure by the crawl stage
            months.add(Month.of(article.published_at))
    return sorted(months)
