"""Natasha's parse of a text with less work around its models: the same `natasha.Doc`.

`Doc.segment`, `tag_morph`, `parse_syntax` and `tag_ner` spend about a third of their time outside
the models' arithmetic: razdel tokenizes the text twice (once for the sentences, once more inside
NER), each of the three models looks up every word's vocabulary ids and shape again, markup records
are built and copied token by token, and the NER's Viterbi decoding makes a dozen numpy calls per
token. Here the text is tokenized once (`tokens.tokenize`, razdel's tokens), a word's ids are looked
up once per process, morphology and syntax share their batches and their word vectors, and the
Viterbi step makes four calls.

What reaches the models is unchanged, and so are their results: the same batches of eight sentences
in text order (a batch's padding changes the matrix shapes, and with them the last bits of a
product: batching sentences by length would save a tenth of the parse, but moved the head of a
word in 21 of 2,880 synthetic articles), the same arrays, the same numpy operations in the same
order, and every decoding rule is Natasha's own. tests/core/common/test_natasha_parse.py compares
every field of every token, sentence and span with Natasha's own pipeline on the bundled corpus.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from natasha.doc import Doc, DocSent, DocSpan, DocToken
from natasha.morph.lemma import lemmatize
from natasha.span import envelop_spans
from numpy.lib.stride_tricks import as_strided
from razdel import sentenize
from slovnet.bio import bio_spans
from slovnet.chop import chop
from slovnet.conll import parse_conll_tag
from slovnet.exec.mask import split_masked
from slovnet.shape import word_shape

from . import tokens as fast_tokens

_WORDS_CACHED = 200_000  # distinct words whose ids and lemmas a process keeps


def parse_with_models(text: str, pipe, *, syntax: bool = True) -> Doc:
    """`natasha.Doc(text)` segmented, morph-tagged, (optionally) syntax-parsed and NER-tagged, its tokens
    lemmatized and its spans normalized, as `russian.parse_document` did step by step with Natasha's own
    methods. `pipe`: the loaded `russian.NatashaPipeline`. The token features are shared between
    tokens with the same tag, so the parse is read-only."""
    models = _Models.of(pipe)
    doc = Doc(text)
    doc.tokens = [DocToken(start, stop, word) for start, stop, word in fast_tokens.tokenize(text)]
    doc.sents = [DocSent(s.start, s.stop, s.text) for s in sentenize(text)] if text else []
    for group, sent in zip(envelop_spans(doc.tokens, doc.sents), doc.sents, strict=True):
        sent.tokens = group
    sentences = [[token.text for token in sent.tokens] for sent in doc.sents]
    batches = [models.encoded(chunk) for chunk in chop(sentences, models.batch_size)]
    word_vectors = [models.morph.emb.word(word_id) for word_id, _, _ in batches]
    _tag_morph(models, doc, batches, word_vectors)
    if syntax:
        _parse_syntax(models, doc, batches, word_vectors)
    _tag_ner(models, doc)
    for span in doc.spans:
        span.normalize(pipe.morph_vocab)
    return doc


class _Models:
    """The slovnet models behind a Natasha pipeline, checked once to share what this module shares:
    one word and shape vocabulary, one word embedding, one batch size for morphology and syntax."""

    _loaded: dict[int, _Models] = {}

    def __init__(self, pipe):
        apis = (pipe.morph_tagger, pipe.syntax_parser, pipe.ner_tagger)
        encoders = [api.infer.encoder for api in apis]
        words = [api.infer.model.emb.word for api in apis]
        if (
            any(e.words_vocab.items != encoders[0].words_vocab.items for e in encoders)
            or any(e.shapes_vocab.items != encoders[0].shapes_vocab.items for e in encoders)
            or any(w.indexes.array is not words[0].indexes.array or w.codes.array is not words[0].codes.array
                   for w in words)
            or pipe.morph_tagger.batch_size != pipe.syntax_parser.batch_size
        ):  # fmt: skip
            raise ValueError("Natasha's models no longer share vocabularies and embeddings; update natasha_parse.py")
        self.morph, self.syntax, self.ner = (api.infer.model for api in apis)
        self.batch_size = pipe.morph_tagger.batch_size
        self.encoder = encoders[0]
        # A tag's part of speech and features, parsed once; tokens with one tag share the features dict.
        self.morph_tags = [parse_conll_tag(tag) for tag in pipe.morph_tagger.infer.decoder.tags_vocab.items]
        self.rels = pipe.syntax_parser.infer.decoder.rels_vocab.items
        self.ner_tags = pipe.ner_tagger.infer.decoder.tags_vocab.items
        self.word_ids = lru_cache(maxsize=_WORDS_CACHED)(self._word_ids)
        self.lemma = lru_cache(maxsize=_WORDS_CACHED)(self._lemma)
        self.morph_vocab = pipe.morph_vocab

    @classmethod
    def of(cls, pipe) -> _Models:
        models = cls._loaded.get(id(pipe))
        if models is None:
            models = cls._loaded[id(pipe)] = cls(pipe)
        return models

    def _word_ids(self, word: str) -> tuple[int, int]:
        """A word's vocabulary and shape ids, as slovnet's `WordShapeEncoder.item` finds them."""
        return self.encoder.words_vocab.encode(word.lower()), self.encoder.shapes_vocab.encode(word_shape(word))

    def encoded(self, sentences: list[list[str]]):
        """One batch's word ids, shape ids and padding mask, as slovnet's `WordShapeEncoder.input` makes them."""
        items = [tuple(zip(*map(self.word_ids, words), strict=True)) or ((), ()) for words in sentences]
        batch = self.encoder.input(items)
        return batch.word_id, batch.shape_id, batch.pad_mask

    def _lemma(self, word: str, tag: int) -> str:
        """Natasha's lemma of a word with a morphology tag (`DocToken.lemmatize`)."""
        pos, feats = self.morph_tags[tag]
        return lemmatize(self.morph_vocab, word, pos, feats)


def _embedded(model, word_vectors, shape_id):
    """slovnet's `WordShapeEmbedding`, given the word vectors another model already looked up."""
    return np.concatenate((word_vectors, model.emb.shape(shape_id)), axis=-1)


def _cnn_encoded(encoder, x: np.ndarray, pad_mask: np.ndarray) -> np.ndarray:
    """slovnet's `CNNEncoder` (convolution, ReLU, batch norm, padding zeroed, per layer) on x (batch x
    words x features) without turning the array to channels-first and back around every step: each
    convolution multiplies the very matrix slovnet builds (every word's window, features then kernel
    offsets), and every later step is slovnet's arithmetic in the same order, done in place."""
    batch, length, _ = x.shape
    for layer in encoder.layers:
        conv, norm = layer.conv, layer.norm
        filters, in_dim, kernel = conv.weight.shape
        padded = np.zeros((batch, length + 2 * conv.padding, in_dim), dtype=x.dtype)
        padded[:, conv.padding : conv.padding + length] = x
        length = padded.shape[1] - kernel + 1
        batch_stride, word_stride, feature_stride = padded.strides
        windows = as_strided(
            padded, (batch, length, in_dim, kernel), (batch_stride, word_stride, feature_stride, word_stride)
        )
        x = np.matmul(windows.reshape(batch * length, in_dim * kernel), conv.weight.array.reshape(filters, -1).T)
        x += conv.bias.array
        x.clip(0, out=x)
        x -= norm.mean.array
        x /= norm.std.array
        x *= norm.weight.array
        x += norm.bias.array
        x = x.reshape(batch, length, filters)
        x[pad_mask] = 0
    return x


def _tag_morph(models: _Models, doc: Doc, batches, word_vectors) -> None:
    """slovnet's `MorphInfer` over the sentences in batches, each token's tag (and the lemma Natasha
    finds for the word with that tag) put on the token."""
    model, sents = models.morph, iter(doc.sents)
    for (_, shape_id, pad_mask), vectors in zip(batches, word_vectors, strict=True):
        x = _cnn_encoded(model.encoder, _embedded(model, vectors, shape_id), pad_mask)
        for tags in split_masked(model.head.decode(model.head(x)), ~pad_mask):
            for token, tag in zip(next(sents).tokens, tags.tolist(), strict=True):
                token.pos, token.feats = models.morph_tags[tag]
                token.lemma = models.lemma(token.text, tag)


def _parse_syntax(models: _Models, doc: Doc, batches, word_vectors) -> None:
    """slovnet's `Syntax` and `SyntaxInfer` over the same batches; ids as Natasha numbers them
    («<sentence>_<token>», from 1; a root's head is «<sentence>_0»)."""
    model, rels, sent_id = models.syntax, models.rels, 0
    for (_, shape_id, pad_mask), vectors in zip(batches, word_vectors, strict=True):
        x = _cnn_encoded(model.encoder, _embedded(model, vectors, shape_id), pad_mask)
        mask = ~pad_mask
        head_ids = model.head.decode(model.head(x), mask)
        rel_ids = model.rel.decode(model.rel(x, head_ids), mask)
        for heads, relations in zip(split_masked(head_ids, mask), split_masked(rel_ids, mask), strict=True):
            sent_id += 1
            sent = doc.sents[sent_id - 1]
            for index, (token, head, rel) in enumerate(
                zip(sent.tokens, heads.tolist(), relations.tolist(), strict=True), start=1
            ):
                token.id, token.head_id, token.rel = f"{sent_id}_{index}", f"{sent_id}_{head}", rels[rel]


def _tag_ner(models: _Models, doc: Doc) -> None:
    """slovnet's `NERInfer` on the whole text as one sequence (Natasha's `tag_ner`), over the tokens
    the text was cut into already (NER cuts it with the same razdel)."""
    if not doc.text.strip():
        doc.spans = []
        return
    model = models.ner
    word_id, shape_id, pad_mask = models.encoded([[t.text for t in doc.tokens]])
    emissions = model.head(_cnn_encoded(model.encoder, model.emb(word_id, shape_id), pad_mask))[0]
    tags = [models.ner_tags[tag] for tag in _viterbi(emissions, model.head.crf.transitions.array)]
    doc.spans = [
        DocSpan(span.start, span.stop, span.type, doc.text[span.start : span.stop])
        for span in bio_spans(doc.tokens, tags)
    ]
    for group, span in zip(envelop_spans(doc.tokens, doc.spans), doc.spans, strict=True):
        span.tokens = group
    for group, sent in zip(envelop_spans(doc.spans, doc.sents), doc.sents, strict=True):
        sent.spans = group


def _viterbi(emissions: np.ndarray, transitions: np.ndarray) -> list[int]:
    """slovnet's `CRF.decode` for one unpadded sequence: the same sums in the same order (the score
    so far plus the transition, then plus the emission) and the same first-best choice."""
    score, history = emissions[0], []
    columns = np.arange(transitions.shape[1])
    for emission in emissions[1:]:
        scores = score[:, np.newaxis] + transitions + emission
        best = scores.argmax(0)
        score = scores[best, columns]
        history.append(best)
    tag = int(score.argmax())
    path = [tag]
    for best in reversed(history):
        tag = int(best[tag])
        path.append(tag)
    path.reverse()
    return path
