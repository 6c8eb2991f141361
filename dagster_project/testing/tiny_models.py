"""A tiny randomly initialised sequence classifier, saved like a real checkpoint (needs the [ml] extra).

It exercises the real loading and scoring code of the acceptability filter without any download:
a 2-layer BERT with a small Russian WordPiece vocabulary. Its scores mean nothing.
"""

from __future__ import annotations

from pathlib import Path

WORDS = (
    "кто где что когда какой какая возглавляет компанию компания открыл открыла завод северный ветер анна "
    "соколова заречье банк кредит выдал подписал соглашение с в на город университет"
).split()


def build_tiny_classifier(path: Path) -> Path:
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "?", ",", ".", "«", "»", *WORDS]
    (path / "vocab.txt").write_text("\n".join(vocab), encoding="utf-8")
    BertTokenizerFast(vocab_file=str(path / "vocab.txt"), do_lower_case=True).save_pretrained(path)
    config = BertConfig(
        vocab_size=len(vocab),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        num_labels=2,
        id2label={0: "unacceptable", 1: "acceptable"},
        label2id={"unacceptable": 0, "acceptable": 1},
    )
    BertForSequenceClassification(config).save_pretrained(path)
    return path
