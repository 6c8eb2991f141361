"""`ragbench subgraphs` on graph files not written by the pipeline: facts in the default graph
(N-Triples, Turtle), entities without rdf:type, files with nothing to read. Never silent."""

from __future__ import annotations

import json

import pytest

from dagster_project.cli import main
from dagster_project.testing.graph_builder import build_store

NT = """\
<http://ex.org/bank> <http://ex.org/lend> <http://ex.org/alpha> .
<http://ex.org/bank> <http://ex.org/lend> <http://ex.org/beta> .
<http://ex.org/bank> <http://www.w3.org/2000/01/rdf-schema#label> "Банк «Заречный»" .
"""

TTL = """\
@prefix ex: <http://ex.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:bank ex:lend ex:alpha, ex:beta ;
    rdfs:label "Банк «Заречный»" .
"""


@pytest.mark.parametrize(("name", "content"), [("graph.nt", NT), ("graph.ttl", TTL)])
def test_facts_in_the_default_graph_are_read(tmp_path, capsys, name, content):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    assert main(["subgraphs", str(path), "--type", "set", "--all"]) == 0
    captured = capsys.readouterr()
    [line] = [json.loads(text) for text in captured.out.splitlines()]
    assert sorted(line["answer_labels"]) == ["alpha", "beta"]
    assert line["readable"][0].startswith("Банк «Заречный» | lend |")
    assert "2 facts of the default graph" in captured.err
    assert "no rdf:type; treated as untyped" in captured.err


def test_an_entity_without_a_type_is_untyped_not_a_key_error(tmp_path, capsys):
    path, _ = build_store(
        tmp_path, [("Банк «Заречный»", "выдать кредит", "Альфа"), ("Банк «Заречный»", "выдать кредит", "Бета")]
    )
    lines = path.read_text(encoding="utf-8").splitlines()
    untyped = [line for line in lines if "rdf-syntax-ns#type" not in line]  # every rdf:type removed
    assert len(untyped) < len(lines)
    path.write_text("\n".join(untyped) + "\n", encoding="utf-8")
    assert main(["subgraphs", str(path), "--type", "set", "--all"]) == 0
    captured = capsys.readouterr()
    [line] = [json.loads(text) for text in captured.out.splitlines()]
    assert sorted(line["answer_labels"]) == ["Альфа", "Бета"]
    assert "treated as untyped (OTHER)" in captured.err


def test_no_subgraphs_is_said_not_silent(tmp_path, capsys):
    path = tmp_path / "graph.nt"
    path.write_text(NT, encoding="utf-8")
    assert main(["subgraphs", str(path), "--type", "mh", "--all"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and "no mh subgraphs in" in captured.err


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("graph.ttl", "this is not turtle", "not valid Turtle"),
        ("graph.nt", '<http://ex.org/a> <http://www.w3.org/2000/01/rdf-schema#label> "A" .\n', "no facts"),
        ("missing.nq", None, "no such file"),
    ],
)
def test_an_unusable_file_is_one_clear_error(tmp_path, capsys, name, content, message):
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["subgraphs", str(path), "--type", "simple"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
