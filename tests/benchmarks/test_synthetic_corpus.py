"""The synthetic month of benchmarks/synthetic_corpus.py: readable as a source, renamed, deterministic."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from dagster_project.core.common.months import Month
from dagster_project.core.ingest.sources import load_month, read_sources_file

_SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "synthetic_corpus.py"


def _module():
    spec = importlib.util.spec_from_file_location("synthetic_corpus", _SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.md"))}


def test_a_synthetic_month_is_a_source_of_n_renamed_articles_and_depends_only_on_the_seed(tmp_path):
    synthetic = _module()
    month = Month.parse("2025-09")
    sources = synthetic.write_month(tmp_path / "a", 160, month, seed=3)
    synthetic.write_month(tmp_path / "b", 160, month, seed=3)
    synthetic.write_month(tmp_path / "c", 160, month, seed=4)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    assert _files(tmp_path / "a") != _files(tmp_path / "c")

    articles, failures, _ = load_month(read_sources_file(sources), month)
    assert len(articles) == 160 and not failures
    texts = " ".join(a.text for a in articles)
    assert "Светлана Орлова" not in texts  # a name of the bundled world is renamed in every copy


def test_a_world_renames_each_name_the_same_way_in_every_form_and_keeps_common_words():
    world = _module().World(seed=0, index=0, common_words={"возглавляет", "университет"})
    renamed = world.rename("Светлана Орлова возглавляет университет. Ректор Орловой — ВТУ.")
    again = world.rename("Орлова и Светлана, ВТУ")
    name, surname = renamed.split()[:2]
    assert (name, surname) != ("Светлана", "Орлова") and "возглавляет университет" in renamed
    assert surname[3:] == "ова" and f"{surname[:3]}овой" in renamed  # the ending survives, so it inflects
    assert again.split()[0] == surname and again.split()[2].rstrip(",") == name
    assert renamed.split()[-1].rstrip(".") == again.split()[-1] != "ВТУ"  # abbreviations too
