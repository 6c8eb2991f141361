"""The leaner Natasha driver gives the parse Natasha's own Doc methods give, field by field."""

from __future__ import annotations

import pytest
from natasha import Doc
from threadpoolctl import threadpool_limits

from dagster_project.core.common.natasha_parse import parse_with_models
from dagster_project.core.common.package_files import project_dir
from dagster_project.core.common.parses import article_text
from dagster_project.core.common.russian import natasha
from dagster_project.core.ingest.articles import parse_markdown_article


@pytest.fixture(autouse=True)
def one_blas_thread():
    """As in the extraction workers; a second BLAS thread only spins beside the first on small matrices."""
    with threadpool_limits(limits=1):
        yield


def natasha_own_parse(text: str, *, syntax: bool = True) -> Doc:
    """What parse_document did before natasha_parse.py: Natasha's methods one after another."""
    pipe = natasha()
    doc = Doc(text)
    doc.segment(pipe.segmenter)
    doc.tag_morph(pipe.morph_tagger)
    if syntax:
        doc.parse_syntax(pipe.syntax_parser)
    doc.tag_ner(pipe.ner_tagger)
    for token in doc.tokens:
        token.lemmatize(pipe.morph_vocab)
    for span in doc.spans:
        span.normalize(pipe.morph_vocab)
    return doc


def fields(doc: Doc) -> tuple:
    """Every field of every token, sentence and span, and which tokens and spans each one holds."""
    position = {id(token): index for index, token in enumerate(doc.tokens)}
    span_position = {id(span): index for index, span in enumerate(doc.spans)}
    tokens = [(t.start, t.stop, t.text, t.id, t.head_id, t.rel, t.pos, t.feats, t.lemma) for t in doc.tokens]
    sents = [
        (s.start, s.stop, s.text, [position[id(t)] for t in s.tokens],
         None if s.spans is None else [span_position[id(x)] for x in s.spans])
        for s in doc.sents
    ]  # fmt: skip
    spans = [
        (s.start, s.stop, s.type, s.text, s.normal, s.fact, [position[id(t)] for t in s.tokens]) for s in doc.spans
    ]
    return doc.text, tokens, sents, spans


def bundled_texts() -> list[str]:
    paths = sorted((project_dir("data") / "corpus").rglob("*.md"))
    articles = [parse_markdown_article(path.read_text(encoding="utf-8")) for path in paths]
    return [article_text(article.title, article.text) for article in articles]


def test_every_bundled_article_parses_as_natasha_parses_it():
    texts = bundled_texts()
    assert len(texts) > 100
    for text in texts:
        assert fields(parse_with_models(text, natasha())) == fields(natasha_own_parse(text)), text[:80]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Слово",
        "«Вектор-7»—лидер: 5км ...?! Yahoo! кто-то",
        "Один. Два. Три. Четыре. Пять. Шесть. Семь. Восемь. Девять. Десять. Анна Соколова приехала в Казань.",
        "ООО «Порт» (Озёрск)\n\nи т.е. 1,5-2 млн. руб.",
    ],
    ids=["empty", "one-word", "joined-marks", "over-one-batch", "abbreviations"],
)
@pytest.mark.parametrize("syntax", [True, False], ids=["syntax", "no-syntax"])
def test_odd_texts_parse_as_natasha_parses_them(text, syntax):
    assert fields(parse_with_models(text, natasha(), syntax=syntax)) == fields(natasha_own_parse(text, syntax=syntax))
