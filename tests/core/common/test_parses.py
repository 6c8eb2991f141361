"""One parse per article: the parse cache and the worker pool that extraction runs in."""

from __future__ import annotations

from functools import partial

import pandas as pd
import pytest

from dagster_project.core.common import parses
from dagster_project.core.common.months import Month
from dagster_project.core.common.parses import ParseCache, article_text, run_in_workers
from dagster_project.core.extraction.strategies import SchemaExtractor
from dagster_project.core.filters.linter import lint
from dagster_project.core.filters.ner_presence import article_entities, ner_presence
from dagster_project.core.ingest.articles import articles_frame
from dagster_project.core.ingest.sources import bundled_sources, load_month

TEXT = "Светлана Орлова возглавила Верхнеозёрский технический университет. ВТУ открыл кафедру в Озёрске."


class _SilentLog:
    def info(self, message: str) -> None:
        pass


def _counting_parser(monkeypatch) -> list[str]:
    """Replace Natasha's parse with a counting wrapper; returns the texts it was asked to parse."""
    parsed: list[str] = []
    real = parses.parse_document

    def counting(text: str, *, syntax: bool = True):
        parsed.append(text)
        return real(text, syntax=syntax)

    monkeypatch.setattr(parses, "parse_document", counting)
    return parsed


def test_a_cached_parse_is_the_same_parse_and_is_made_once(tmp_path, monkeypatch):
    parsed = _counting_parser(monkeypatch)
    first = ParseCache(tmp_path).parse(TEXT)
    again = ParseCache(tmp_path).parse(TEXT)  # a new cache object on the same root: a rerun
    assert parsed == [TEXT]
    assert [(s.normal, s.type) for s in again.spans] == [(s.normal, s.type) for s in first.spans]
    assert [(t.lemma, t.rel, t.head_id) for t in again.tokens] == [(t.lemma, t.rel, t.head_id) for t in first.tokens]
    assert ("Светлана Орлова", "PER") in {(s.normal, s.type) for s in again.spans}


def test_a_damaged_cache_entry_is_parsed_again(tmp_path, monkeypatch):
    ParseCache(tmp_path).parse(TEXT)
    for entry in tmp_path.rglob("*.pickle.z"):
        entry.write_bytes(b"not a parse")
    parsed = _counting_parser(monkeypatch)
    doc = ParseCache(tmp_path).parse(TEXT)
    assert parsed == [TEXT] and doc.spans


def test_without_a_root_every_call_parses(monkeypatch):
    parsed = _counting_parser(monkeypatch)
    ParseCache(None).parse(TEXT)
    ParseCache(None).parse(TEXT)
    assert len(parsed) == 2


def _square(offset: int, value: int) -> int:
    return value * value + offset


def test_workers_return_results_in_input_order():
    items = list(range(40))
    expected = [i * i + 1 for i in items]
    assert run_in_workers(partial(_square, 1), items, workers=1) == expected
    assert run_in_workers(partial(_square, 1), items, workers=2, chunk_size=3) == expected


def _blas_threads(_: int) -> list[int]:
    from threadpoolctl import threadpool_info

    return [library["num_threads"] for library in threadpool_info() if library["user_api"] == "blas"]


def test_workers_run_one_blas_thread_each():
    # The workers load numpy themselves; a limit set before that would not reach it.
    counts = run_in_workers(_blas_threads, list(range(4)), workers=2, chunk_size=1)
    assert counts and all(count and set(count) == {1} for count in counts)


def test_extraction_filters_and_rerun_share_one_parse_per_article(tmp_path, monkeypatch):
    articles = articles_frame(load_month(bundled_sources(), Month.parse("2025-09"))[0]).head(6)
    parsed = _counting_parser(monkeypatch)
    extractor = SchemaExtractor(workers=1, parse_cache_dir=str(tmp_path))
    first = extractor.extract(articles, _SilentLog()).table
    assert len(parsed) == len(articles)

    cache = ParseCache(tmp_path)
    qa = pd.DataFrame({
        "qa_id": ["q1"], "type": ["simple"], "question": ["Кто возглавляет университет?"],
        "answer": ["Светлана Орлова"], "answer_items": [[]], "article_ids": [[articles["article_id"][0]]],
    })  # fmt: skip
    ner_presence(qa, articles, entities_of=partial(article_entities, parse=cache.parse))
    lint(qa, articles, parse=cache.parse)
    again = extractor.extract(articles, _SilentLog()).table
    assert len(parsed) == len(articles)  # the filters and the rerun parsed nothing
    pd.testing.assert_frame_equal(first, again)


def test_extraction_output_does_not_depend_on_the_number_of_workers(tmp_path):
    articles = articles_frame(load_month(bundled_sources(), Month.parse("2025-10"))[0]).head(20)
    one = SchemaExtractor(workers=1).extract(articles, _SilentLog())
    two = SchemaExtractor(workers=2, parse_cache_dir=str(tmp_path)).extract(articles, _SilentLog())
    assert len(one.table) > 0
    pd.testing.assert_frame_equal(one.table, two.table)
    assert one.failures == two.failures


def test_article_text_puts_the_title_in_a_sentence_of_its_own():
    assert article_text("Заголовок", "Текст.") == "Заголовок.\n\nТекст."


def _token_fields(doc) -> list[tuple]:
    return [(t.start, t.stop, t.text, t.id, t.head_id, t.rel, t.pos, dict(t.feats), t.lemma) for t in doc.tokens]


def test_a_slimmed_parse_reads_the_same_and_shares_its_strings_and_features(tmp_path):
    cache = ParseCache(tmp_path)
    full = cache.parse(TEXT)
    slim = cache.parse_to_keep(TEXT)
    assert _token_fields(slim) == _token_fields(full)
    assert [(s.start, s.stop, s.text) for s in slim.sents] == [(s.start, s.stop, s.text) for s in full.sents]
    assert [(s.normal, s.type) for s in slim.spans] == [(s.normal, s.type) for s in full.spans]
    other = cache.parse_to_keep(f"{TEXT} Орлова выступила.")
    by_feats = {tuple(t.feats.items()): t.feats for t in slim.tokens}
    assert all(by_feats[tuple(t.feats.items())] is t.feats for t in other.tokens if tuple(t.feats.items()) in by_feats)
    assert slim.tokens[0].text is other.tokens[0].text  # one string for a word of many parses


def _links(doc) -> tuple:
    """Which of the document's tokens and spans each span and sentence holds, and which tokens share
    one features dict, by position."""
    token_row = {id(t): i for i, t in enumerate(doc.tokens)}
    span_row = {id(s): i for i, s in enumerate(doc.spans)}
    feats_row: dict[int, int] = {}
    return (
        [[token_row[id(t)] for t in span.tokens] for span in doc.spans],
        [[token_row[id(t)] for t in sent.tokens] for sent in doc.sents],
        [[span_row[id(s)] for s in sent.spans] for sent in doc.sents],
        [feats_row.setdefault(id(t.feats), len(feats_row)) for t in doc.tokens],
    )


def test_a_stored_parse_loads_as_the_same_records_linked_the_same_way(tmp_path):
    for text, syntax in ((TEXT, True), (TEXT, False), ("", True), (f"{TEXT} «Вектор-7» выиграл 2:1.", True)):
        made = ParseCache(tmp_path).parse(text, syntax=syntax)
        again = ParseCache(tmp_path)
        for loaded in (again.parse(text, syntax=syntax), again.parse_to_keep(text, syntax=syntax)):
            assert loaded == made and repr(loaded) == repr(made)
            records = loaded.tokens + loaded.spans + loaded.sents
            originals = made.tokens + made.spans + made.sents
            assert all(type(a) is type(b) and vars(a) == vars(b) for a, b in zip(records, originals, strict=True))
        assert _links(ParseCache(tmp_path).parse(text, syntax=syntax)) == _links(made)
    assert ParseCache(tmp_path).parse(TEXT, syntax=False).tokens[0].head_id is None


def test_a_parse_with_fields_natasha_does_not_have_is_not_stored_as_less(tmp_path):
    doc = ParseCache(None).parse(TEXT)
    doc.tokens[0].extra = "not Natasha's"
    with pytest.raises(ValueError, match="other fields"):
        parses.packed(doc)


def test_the_linter_gives_the_same_verdicts_on_slimmed_parses(tmp_path):
    articles = articles_frame(load_month(bundled_sources(), Month.parse("2025-09"))[0]).head(12)
    qa = pd.DataFrame({
        "qa_id": ["q1", "q2"], "type": ["simple", "simple"],
        "question": ["Кто возглавляет университет?", "Какой город посетил министр?"],
        "answer": ["Светлана Орлова", "Озёрск"], "answer_items": [[], []],
        "article_ids": [[articles["article_id"][0]], [articles["article_id"][1]]],
    })  # fmt: skip
    cache = ParseCache(tmp_path)
    pd.testing.assert_frame_equal(lint(qa, articles, parse=cache.parse_to_keep), lint(qa, articles, parse=cache.parse))


def test_entity_names_come_from_beside_the_parse_without_loading_it(tmp_path, monkeypatch):
    cache = ParseCache(tmp_path)
    expected = article_entities(TEXT, parse=cache.parse)  # parses, and writes the names beside the parse
    assert "Светлана Орлова" in expected

    def no_parse(*args, **kwargs):
        raise AssertionError("a reader of entity names loaded or made a parse")

    monkeypatch.setattr(ParseCache, "parse", no_parse)
    assert ParseCache(tmp_path).entity_names(TEXT) == expected


def test_damaged_or_missing_entity_names_are_made_again_from_the_parse(tmp_path):
    cache = ParseCache(tmp_path)
    expected = article_entities(TEXT, parse=cache.parse)
    (names,) = tmp_path.rglob("*.names.json")
    names.write_text('{"not": "names"}')
    assert cache.entity_names(TEXT) == expected
    names.unlink()
    assert cache.entity_names(TEXT) == expected and names.exists()
    assert ParseCache(None).entity_names(TEXT) == expected  # no root: from a parse made on the spot
