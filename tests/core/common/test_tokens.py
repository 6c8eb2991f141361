"""The fast tokenizer cuts every text exactly as razdel does (offsets and text of every token)."""

import random

import razdel

from dagster_project.core.common.package_files import project_dir
from dagster_project.core.common.tokens import tokenize


def razdel_tokens(text: str) -> list[tuple[int, int, str]]:
    return [(t.start, t.stop, t.text) for t in razdel.tokenize(text)]


def fast_tokens(text: str) -> list[tuple[int, int, str]]:
    return [tuple(t) for t in tokenize(text)]


def test_same_tokens_as_razdel_on_every_bundled_article():
    paths = sorted((project_dir("data") / "corpus").rglob("*.md"))
    assert paths
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert fast_tokens(text) == razdel_tokens(text), path.name


def test_same_tokens_on_the_boundaries_razdel_rules_decide():
    cases = [
        "кто-то", "X -5", "«Вектор-7»—лидер", "в 2025.3 человека", "1,5-2 млн.", "1/2 и 3\\4", "a_b _c",
        "Yahoo!", "yahoo !", ":-)", "...?!", "--**", "ΔP mβж", "5км", "COVID19", "т.е.", "", "   ", "—Привет",
    ]  # fmt: skip
    for text in cases:
        assert fast_tokens(text) == razdel_tokens(text), text


def test_same_tokens_on_random_strings_of_tricky_characters():
    alphabet = list("аБвZz09 .,-—–_/\\!?«»\"'()%:;…ΔσP№\n") + ["yahoo", "кто", "12"]
    rng = random.Random(16)
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 25)))
        assert fast_tokens(text) == razdel_tokens(text), repr(text)
