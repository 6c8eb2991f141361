"""`ragbench subgraphs` prints every subgraph of a graph file as JSON lines."""

import json

from dagster_project.cli import main
from dagster_project.testing.graph_builder import build_store


def test_cli_prints_every_subgraph_as_json_lines(tmp_path, capsys):
    path, _ = build_store(
        tmp_path,
        [
            ("Банк «Заречный»", "выдать кредит", "Альфа"),
            ("Банк «Заречный»", "выдать кредит", "Бета"),
        ],
    )
    assert main(["subgraphs", str(path), "--type", "set", "--all"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 1
    assert sorted(lines[0]["answer_labels"]) == ["Альфа", "Бета"]
    assert lines[0]["readable"][0].startswith("Банк «Заречный» | выдать кредит")
