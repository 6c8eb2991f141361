"""News sources: which articles make up a month.

RAGBENCH_SOURCES points to a YAML file listing sources; without it the bundled sample corpus is
used. A `markdown_dir` source is a folder of articles in the bundled format (front matter + body).

    sources:
      - name: sample
        kind: markdown_dir
        path: corpus          # relative to the YAML file
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, Field, ValidationError

from .articles import Article, ArticleError, load_markdown_dir, parse_markdown_article
from .months import Month
from .package_files import project_dir
from .records import ItemFailure


class SourcesFileError(ValueError):
    """The sources file cannot be used; the message says what to fix."""


class MarkdownDirSource(BaseModel):
    name: str
    kind: Literal["markdown_dir"] = "markdown_dir"
    path: Path


class SourcesFile(BaseModel):
    sources: list[MarkdownDirSource] = Field(min_length=1)


def bundled_sources() -> SourcesFile:
    return SourcesFile(sources=[MarkdownDirSource(name="sample-corpus", path=project_dir("data") / "corpus")])


def read_sources_file(path: Path) -> SourcesFile:
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise SourcesFileError(f"cannot read sources file {path}: {exc}") from None
    try:
        parsed = SourcesFile.model_validate(raw)
    except ValidationError as exc:
        raise SourcesFileError(f"sources file {path} is not valid: {exc}") from None
    for source in parsed.sources:
        if not source.path.is_absolute():
            source.path = (path.parent / source.path).resolve()
    return parsed


def load_month(sources: SourcesFile, month: Month) -> tuple[list[Article], list[ItemFailure], dict[str, int]]:
    """All articles of `month` from every source, the per-item failures, and a count per source."""
    articles: list[Article] = []
    failures: list[ItemFailure] = []
    per_source: dict[str, int] = {}
    for source in sources.sources:
        if not source.path.is_dir():
            failures.append(ItemFailure(item_id=source.name, error=f"folder {source.path} does not exist"))
            per_source[source.name] = 0
            continue
        found, failed = load_markdown_dir(source.path, month)
        articles += found
        failures += [ItemFailure(f"{source.name}:{f.item_id}", f.error) for f in failed]
        per_source[source.name] = len(found)
    return articles, failures, per_source


def months_in(sources: SourcesFile) -> list[Month]:
    """Months that have at least one readable article (the demo materializes each of them)."""
    months: set[Month] = set()
    for source in sources.sources:
        if not source.path.is_dir():
            continue
        for path in source.path.rglob("*.md"):
            try:
                article = parse_markdown_article(path.read_text(encoding="utf-8"))
            except (ArticleError, UnicodeDecodeError):
                continue  # reported as a per-item failure by the crawl stage
            months.add(Month.of(article.published_at))
    return sorted(months)
