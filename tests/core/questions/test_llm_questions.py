"""LLM questions: one that names the bridge goes back to the model with the reason."""

from __future__ import annotations

import json

from dagster_project.core.graph.rdf import GraphIndex
from dagster_project.core.graph.subgraphs import Subgraph
from dagster_project.core.llm import LLMClient, LLMSettings
from dagster_project.core.questions.llm import qa_task
from dagster_project.testing.graph_builder import build_store
from dagster_project.testing.openai_server import Reply


def test_llm_question_that_names_the_bridge_goes_back_with_the_reason(server, tmp_path):
    _, store = build_store(tmp_path, [("PER:Анна Соколова", "возглавлять", "Северный ветер"),
                                      ("Северный ветер", "открыть завод в", "LOC:Заречье")])  # fmt: skip
    index = GraphIndex.from_store(store)
    iri = {info.label: key for key, info in index.nodes.items()}
    relation = {frame.label: key for key, frame in index.relations.items()}
    subgraph = Subgraph(
        "mh",
        ((iri["Анна Соколова"], relation["возглавлять"], iri["Северный ветер"]),
         (iri["Северный ветер"], relation["открыть завод в"], iri["Заречье"])),
        (iri["Заречье"],), bridge=iri["Северный ветер"], anchor=iri["Анна Соколова"],
    )  # fmt: skip
    task = qa_task(subgraph, index)
    item = json.loads(task.messages[1]["content"].split("Вход:")[1].split("Ответ:")[0])
    assert item["bridge"] == "Северный ветер" and item["anchor"] == "Анна Соколова" and item["answer"] == ["Заречье"]
    server.reset()
    leaky = '{"question": "Где открыл завод «Северный ветер», который возглавляет Анна Соколова?", "answer": "Заречье"}'
    good = '{"question": "Где открыла завод компания, которую возглавляет Анна Соколова?", "answer": "Заречье"}'
    server.inject(Reply(content=leaky), Reply(content=good))
    [result] = LLMClient(LLMSettings(base_url=server.base_url, model="m", initial_wait=0.01)).run_sync([task])
    assert result.ok and result.value.answer == "Заречье"
    assert "names the bridge" in server.requests[1].messages[-1]["content"]
