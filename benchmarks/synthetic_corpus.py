"""A synthetic month of N news articles for scale measurements, made from the bundled corpus.

Copy k of the bundled corpus is a "world" of its own: every proper name (a capitalized word that the
corpus never writes in lower case) and every abbreviation is renamed consistently within the world,
so entities still recur across that world's articles the way they do in the bundled month, and
different worlds share no entities. A renamed word keeps its ending, so it still inflects: «Орлова»
and «Орловой» become «Кумлова» and «Кумловой». The output is deterministic for a given seed.

Usage: python benchmarks/synthetic_corpus.py [OUT_DIR] [--articles N] [--month YYYY-MM] [--seed S]
Writes OUT_DIR/corpus/<world>/*.md and OUT_DIR/sources.yaml (for RAGBENCH_SOURCES); OUT_DIR defaults
to var/synthetic-month.
Last line: RESULT synthetic_articles <n>
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
from pathlib import Path

import yaml

from dagster_project.core.common.months import Month
from dagster_project.core.common.package_files import project_dir

DEFAULT_ARTICLES = 2880
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n(.*)\Z", re.DOTALL)
_CAPITALIZED = re.compile(r"\b[А-ЯЁ][а-яё]{2,}\b")
_ABBREVIATION = re.compile(r"\b[А-ЯЁ]{2,6}\b")
_LOWER_WORD = re.compile(r"\b[а-яё]+\b")
# A renamed word keeps everything after its first three letters (the rest of the stem and its ending).
_PREFIX = 3
_CONSONANTS = "бвгдзклмнпрстфхцш"
_VOWELS = "аеиоуя"


def bundled_articles() -> list[tuple[dict, str]]:
    """(front matter, body) of every bundled article, in a fixed order."""
    articles = []
    for path in sorted((project_dir("data") / "corpus").rglob("*.md")):
        match = _FRONT_MATTER.match(path.read_text(encoding="utf-8"))
        if match:
            articles.append((yaml.safe_load(match.group(1)), match.group(2)))
    return articles


class World:
    """One consistent renaming of the corpus's proper names and abbreviations."""

    def __init__(self, seed: int, index: int, common_words: set[str]):
        self._random = random.Random(int(hashlib.sha256(f"{seed}/{index}".encode()).hexdigest()[:16], 16))
        self._common = common_words
        self._prefixes: dict[str, str] = {}
        self._used_prefixes: set[str] = set()
        letters = list("АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЭЮЯ")
        self._letters = dict(zip(letters, self._random.sample(letters, len(letters)), strict=True))

    def rename(self, text: str) -> str:
        text = _CAPITALIZED.sub(self._proper_name, text)
        return _ABBREVIATION.sub(lambda m: "".join(self._letters.get(c, c) for c in m.group()), text)

    def _proper_name(self, match: re.Match) -> str:
        word = match.group()
        if word.lower() in self._common:
            return word
        prefix = word[:_PREFIX]
        if prefix not in self._prefixes:
            self._prefixes[prefix] = self._new_prefix()
        return self._prefixes[prefix] + word[_PREFIX:]

    def _new_prefix(self) -> str:
        while True:
            c1, c2 = self._random.choice(_CONSONANTS), self._random.choice(_CONSONANTS)
            prefix = (c1 + self._random.choice(_VOWELS) + c2).capitalize()
            if prefix not in self._used_prefixes:
                self._used_prefixes.add(prefix)
                return prefix


def write_month(out_dir: Path, articles: int = DEFAULT_ARTICLES, month: Month | None = None, seed: int = 0) -> Path:
    """Write `articles` synthetic articles published in `month`; returns the sources YAML path."""
    month = month or Month.parse("2025-09")
    base = bundled_articles()
    common = {w for meta, body in base for w in _LOWER_WORD.findall(f"{meta['title']}\n{body}")}
    corpus = out_dir / "corpus"
    worlds: dict[int, World] = {}
    for i in range(articles):
        meta, body = base[i % len(base)]
        index = i // len(base)
        world = worlds.setdefault(index, World(seed, index, common))
        published = meta["published_at"]
        day = min(max(int(str(published)[8:10]), 2), 28)  # inside the month in UTC too
        front = {
            "url": f"{meta['url']}-w{index}",
            "source": meta["source"],
            "title": world.rename(meta["title"]),
            "published_at": f"{month.key[:8]}{day:02d}{str(published)[10:]}",
        }
        path = corpus / f"w{index:04d}" / f"{i:06d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        header = yaml.safe_dump(front, allow_unicode=True, sort_keys=False)
        path.write_text(f"---\n{header}---\n{world.rename(body)}", encoding="utf-8")
    sources = out_dir / "sources.yaml"
    sources.write_text(
        yaml.safe_dump({"sources": [{"name": "synthetic", "kind": "markdown_dir", "path": "corpus"}]}),
        encoding="utf-8",
    )
    return sources


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path, nargs="?", default=Path("var/synthetic-month"))
    parser.add_argument("--articles", type=int, default=DEFAULT_ARTICLES)
    parser.add_argument("--month", default="2025-09")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.articles < 1:
        raise SystemExit("--articles must be at least 1")
    sources = write_month(args.out_dir, args.articles, Month.parse(args.month), args.seed)
    print(f"RAGBENCH_SOURCES={sources}")
    print(f"RESULT synthetic_articles {args.articles}")


if __name__ == "__main__":
    main()
