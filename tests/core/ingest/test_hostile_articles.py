"""Hostile articles and YAML: an alias bomb and an oversized article are per-item failures, and the
rest of the month is still read."""

from __future__ import annotations

import pytest

from dagster_project.core.common.months import Month
from dagster_project.core.common.safe_yaml import YamlLimitError, safe_load
from dagster_project.core.ingest.articles import MAX_ARTICLE_CHARS, load_markdown_dir
from dagster_project.core.ingest.sources import SourcesFileError, read_sources_file

ALIAS_BOMB = "\n".join(
    ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)]
)


def _article(url: str, front_extra: str = "", body: str = "Текст новости о заводе.") -> str:
    return (
        f"---\nurl: {url}\nsource: test\ntitle: Заголовок\npublished_at: 2025-09-10T10:00:00+03:00\n"
        f"{front_extra}---\n{body}\n"
    )


def test_an_alias_bomb_is_refused_without_expanding_it():
    with pytest.raises(YamlLimitError, match="expands to 490,329,064 values"):
        safe_load(ALIAS_BOMB)  # 72 aliases, but 490 million values once expanded
    with pytest.raises(YamlLimitError, match="more than 10 YAML aliases"):
        safe_load(ALIAS_BOMB, max_aliases=10)


def test_deep_nesting_is_refused():
    with pytest.raises(YamlLimitError, match="nests too deep"):
        safe_load("[" * 100_000 + "]" * 100_000, max_bytes=10**6)


def test_ordinary_anchors_still_work():
    assert safe_load("base: &b {x: 1}\nother: *b\n") == {"base": {"x": 1}, "other": {"x": 1}}


def test_oversized_yaml_is_refused_before_parsing():
    with pytest.raises(YamlLimitError, match="above the limit of 100"):
        safe_load("a: " + "x" * 200, max_bytes=100)


def test_hostile_articles_are_recorded_failures_and_the_rest_is_read(tmp_path):
    (tmp_path / "good.md").write_text(_article("https://example.ru/good"), encoding="utf-8")
    (tmp_path / "bomb.md").write_text(_article("https://example.ru/bomb", ALIAS_BOMB + "\n"), encoding="utf-8")
    huge = "Очень длинный текст. " * (MAX_ARTICLE_CHARS // 10)
    (tmp_path / "huge.md").write_text(_article("https://example.ru/huge", body=huge), encoding="utf-8")
    articles, failures = load_markdown_dir(tmp_path, Month(2025, 9))
    assert [a.url for a in articles] == ["https://example.ru/good"]
    errors = {f.item_id: f.error for f in failures}
    assert set(errors) == {"bomb.md", "huge.md"}
    assert "through aliases" in errors["bomb.md"]
    assert "above the limit" in errors["huge.md"]


def test_a_sources_file_with_an_alias_bomb_is_a_clear_error(tmp_path):
    path = tmp_path / "sources.yaml"
    path.write_text(ALIAS_BOMB + "\nsources: []\n", encoding="utf-8")
    with pytest.raises(SourcesFileError, match="aliases"):
        read_sources_file(path)
