"""Acceptability filter (RuCoLA): a transformers sequence classifier, loaded from a local checkpoint
(the published one is RussianNLP/ruRoBERTa-large-rucola), gives P(acceptable) per question; a
question passes at or above a threshold.

torch and transformers come with the optional [ml] extra. Without them, or without a checkpoint
path, the verdict is 'skipped' with the reason. Nothing is downloaded: loading is local only.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pandas as pd

from .verdicts import FAIL, FILTER_COLUMNS, PASS

_ACCEPTABLE_LABELS = {"acceptable", "label_1", "1", "yes", "grammatical", "correct"}


def ml_available() -> bool:
    return all(importlib.util.find_spec(name) is not None for name in ("torch", "transformers"))


def unavailable_reason(checkpoint: str | None) -> str | None:
    """Why the classifier cannot run, or None when it can."""
    if not checkpoint:
        return "no acceptability classifier configured (RAGBENCH_RUCOLA_CHECKPOINT)"
    if not ml_available():
        return "torch and transformers are not installed (pip install '.[ml]')"
    if not Path(checkpoint).is_dir():
        return f"the acceptability checkpoint {checkpoint} does not exist"
    return None


def acceptable_label_index(config) -> int:
    """Which output of the classifier means 'acceptable'."""
    for index, label in (config.id2label or {}).items():
        if str(label).strip().lower() in _ACCEPTABLE_LABELS:
            return int(index)
    if config.num_labels == 2:
        return 1  # RuCoLA's convention: 0 unacceptable, 1 acceptable
    raise ValueError(f"cannot tell which of the labels {config.id2label} means 'acceptable'")


class AcceptabilityClassifier:
    """A sequence classifier from a local directory, batched, on CUDA when present."""

    def __init__(self, checkpoint: str | Path, *, device: str | None = None, batch_size: int = 32):
        import torch
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        self.torch = torch
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        self.batch_size = batch_size
        self.tokenizer = AutoTokenizer.from_pretrained(str(checkpoint), local_files_only=True)
        model = AutoModelForSequenceClassification.from_pretrained(str(checkpoint), local_files_only=True)
        self.model = model.to(self.device).eval()
        self.acceptable = acceptable_label_index(model.config)

    def scores(self, texts: list[str]) -> list[float]:
        """P(acceptable) for each text, in order."""
        out: list[float] = []
        with self.torch.inference_mode():
            for start in range(0, len(texts), self.batch_size):
                batch = self.tokenizer(
                    texts[start : start + self.batch_size],
                    padding=True,
                    truncation=True,
                    max_length=256,
                    return_tensors="pt",
                ).to(self.device)
                probabilities = self.torch.softmax(self.model(**batch).logits.float(), dim=-1)
                out += probabilities[:, self.acceptable].cpu().tolist()
        return out


def acceptability_table(qa: pd.DataFrame, scores: list[float], *, threshold: float = 0.7) -> pd.DataFrame:
    rows = []
    for qa_id, score in zip(qa["qa_id"], scores, strict=True):
        verdict = PASS if score >= threshold else FAIL
        reason = f"P(acceptable) = {score:.3f} {'>=' if verdict == PASS else '<'} {threshold}"
        rows.append({"qa_id": qa_id, "score": float(score), "verdict": verdict, "reason": reason})
    return pd.DataFrame(rows, columns=FILTER_COLUMNS)
