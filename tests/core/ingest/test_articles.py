"""Reading the corpus: the bundled format, bad articles, ids, month windows, deduplication."""

from datetime import UTC, datetime

import pytest

from dagster_project.core.common.months import Month
from dagster_project.core.ingest.articles import (
    ArticleError,
    article_id_for,
    canonical_url,
    deduplicate,
    load_markdown_dir,
    make_article,
    parse_markdown_article,
)
from dagster_project.core.ingest.sources import (
    SourcesFileError,
    bundled_sources,
    load_month,
    months_in,
    read_sources_file,
)

GOOD = """---
url: https://news.example/2025/09/03/zavod?utm_source=rss&id=7
source: Тестовые новости
title: "Завод открыт"
published_at: "2025-09-03T10:15:00+03:00"
---
Компания «Альфа» открыла завод.

Второй   абзац.
"""


def test_a_bundled_article_is_parsed_with_utc_time_and_stable_ids():
    article = parse_markdown_article(GOOD)
    assert article.title == "Завод открыт"
    assert article.published_at == datetime(2025, 9, 3, 7, 15, tzinfo=UTC)
    assert article.text == "Компания «Альфа» открыла завод.\n\nВторой абзац."
    assert article.article_id == article_id_for("https://NEWS.example/2025/09/03/zavod/?id=7#comments")
    assert len(article.content_sha1) == 40


def test_canonical_urls_drop_tracking_parameters_and_fragments():
    assert (
        canonical_url("HTTPS://News.Example/a/?utm_medium=x&b=2&a=1&fbclid=z#top") == "https://news.example/a?a=1&b=2"
    )
    with pytest.raises(ArticleError):
        canonical_url("ftp://news.example/a")


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("no front matter at all", "no YAML front matter"),
        ("---\nurl: [unclosed\n---\ntext\n", "not valid YAML"),
        ("---\nurl: https://x.example/a\nsource: s\ntitle: t\n---\ntext\n", "lacks published_at"),
        ("---\nurl: https://x.example/a\nsource: s\ntitle: t\npublished_at: yesterday\n---\ntext\n", "not an ISO"),
        (
            "---\nurl: https://x.example/a\nsource: s\ntitle: t\npublished_at: '2025-09-01T10:00:00'\n---\ntext\n",
            "timezone",
        ),
        (
            "---\nurl: https://x.example/a\nsource: s\ntitle: t\npublished_at: '2025-09-01T10:00:00Z'\n---\n\n",
            "empty text",
        ),
    ],
)
def test_malformed_articles_get_clear_errors(raw, message):
    with pytest.raises(ArticleError, match=message):
        parse_markdown_article(raw)


def test_a_folder_keeps_the_month_and_records_bad_files(tmp_path):
    (tmp_path / "good.md").write_text(GOOD, encoding="utf-8")
    (tmp_path / "october.md").write_text(
        GOOD.replace("2025-09-03", "2025-10-03").replace("zavod", "z2"), encoding="utf-8"
    )
    (tmp_path / "broken.md").write_text("no front matter", encoding="utf-8")
    articles, failures = load_markdown_dir(tmp_path, Month(2025, 9))
    assert [a.title for a in articles] == ["Завод открыт"]
    assert [(f.item_id, "front matter" in f.error) for f in failures] == [("broken.md", True)]


def test_duplicates_by_url_and_by_content_keep_the_earliest():
    first = make_article(
        url="https://a.example/1", source="A", title="t", text="один текст", published_at="2025-09-01T10:00:00+00:00"
    )
    same_url = make_article(
        url="https://a.example/1?utm_source=x",
        source="A",
        title="t2",
        text="другой",
        published_at="2025-09-02T10:00:00+00:00",
    )
    same_text = make_article(
        url="https://b.example/9", source="B", title="t3", text="один   текст", published_at="2025-09-03T10:00:00+00:00"
    )
    kept, dropped = deduplicate([same_text, same_url, first])
    assert kept == [first]
    assert [why.split(" as ")[0] for _, why in dropped] == ["same canonical URL", "same content"]


def test_the_bundled_corpus_has_three_months_of_valid_articles():
    sources = bundled_sources()
    months = months_in(sources)
    assert months == [Month(2025, 9), Month(2025, 10), Month(2025, 11)]
    total = 0
    for month in months:
        articles, failures, _ = load_month(sources, month)
        assert failures == []
        for article in articles:
            assert 120 <= len(article.text.split()) <= 400, article.url  # news length: agency copy to features
        total += len(articles)
    assert total >= 210


def test_sources_file_resolves_relative_paths_and_rejects_bad_files(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.md").write_text(GOOD, encoding="utf-8")
    good = tmp_path / "sources.yaml"
    good.write_text("sources:\n  - name: local\n    kind: markdown_dir\n    path: corpus\n", encoding="utf-8")
    articles, failures, per_source = load_month(read_sources_file(good), Month(2025, 9))
    assert len(articles) == 1 and failures == [] and per_source == {"local": 1}
    bad = tmp_path / "bad.yaml"
    bad.write_text("sources:\n  - name: x\n    kind: telepathy\n    path: y\n", encoding="utf-8")
    with pytest.raises(SourcesFileError, match="not valid"):
        read_sources_file(bad)
