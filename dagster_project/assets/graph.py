"""graph: the month's RDF knowledge graph (N-Quads file) and its subgraphs of four types.

The graph's consumers receive it loaded (a MonthGraph) from KnowledgeGraphIOManager."""

import json

import pandas as pd
from dagster import AssetExecutionContext, MetadataValue, Output, asset

from ..core.common.months import seed_for
from ..core.graph.inference import with_implied_facts
from ..core.graph.rdf import MonthGraph, write_graph
from ..core.graph.subgraphs import (
    SUBGRAPH_TYPES,
    GraphProfile,
    SamplingLimits,
    describe,
    query_hashes,
    sample_subgraphs,
    subgraphs_frame,
)
from ..partitions import monthly_partitions
from ..resources import BenchmarkSettings, StorageResource
from ._common import table_metadata


@asset(
    group_name="graph",
    partitions_def=monthly_partitions,
    kinds={"python", "rdf"},
    io_manager_key="knowledge_graph_io_manager",
    description="One RDF graph for the month as an N-Quads file: facts in one named graph per article "
    "(provenance), node labels/types and relation frames in the default graph. Facts Wikidata "
    "already knows are left out; facts the schema implies (a director works where he heads) are added.",
)
def knowledge_graph(
    context: AssetExecutionContext, normalized_triplets: pd.DataFrame, storage: StorageResource
) -> Output[dict]:
    known = normalized_triplets["in_wikidata"].fillna(False).astype(bool)
    facts = with_implied_facts(normalized_triplets[~known])
    path = storage.path("knowledge_graph", f"{context.partition_key}.nq")
    stats = write_graph(facts, path)
    context.log.info(f"graph: {stats.fact_triples} facts, {stats.entities} entities -> {path}")
    record = {
        "path": str(path),
        "quads": stats.quads,
        "fact_triples": stats.fact_triples,
        "entities": stats.entities,
        "relations": stats.relations,
        "articles": stats.articles,
        "dropped_as_known": int(known.sum()),
    }
    return Output(
        record,
        metadata={
            "path": MetadataValue.path(str(path)),
            "fact_triples": MetadataValue.int(stats.fact_triples),
            "entities": MetadataValue.int(stats.entities),
            "relations": MetadataValue.int(stats.relations),
            "articles": MetadataValue.int(stats.articles),
            "dropped_as_known_to_wikidata": MetadataValue.int(int(known.sum())),
        },
    )


@asset(
    group_name="graph",
    partitions_def=monthly_partitions,
    kinds={"python", "sparql", "parquet"},
    description="Subgraphs of the four types (simple, set, cond, mh) found by the SPARQL files in sparql/ "
    "on pyoxigraph, a seeded sample per type, each with the articles that state its triples.",
)
def subgraphs(
    context: AssetExecutionContext, knowledge_graph: MonthGraph, benchmark: BenchmarkSettings
) -> Output[pd.DataFrame]:
    store, index = knowledge_graph.store, knowledge_graph.index
    profile = GraphProfile.of(store)  # degrees once, shared by the four types
    limits = SamplingLimits(max_degree=benchmark.max_hub_degree, per_center=benchmark.subgraphs_per_center)
    frames, counts = [], {}
    for kind in SUBGRAPH_TYPES:
        found = sample_subgraphs(
            store,
            kind,
            limit=benchmark.subgraphs_per_type,
            seed=seed_for(context.partition_key, f"subgraphs:{kind}"),
            max_set_partners=benchmark.max_set_partners,
            limits=limits,
            profile=profile,
        )
        frame = subgraphs_frame(found, index)
        frame["triples_text"] = [json.dumps(describe(sg, index), ensure_ascii=False) for sg in found]
        frames.append(frame)
        counts[kind] = len(frame)
        context.log.info(f"{kind}: {len(frame)} subgraphs")
    frame = pd.concat(frames, ignore_index=True)
    return Output(
        frame,
        metadata=table_metadata(
            frame,
            ["type", "triples_text", "answer_labels"],
            per_type=MetadataValue.json(counts),
            sparql_sha256=MetadataValue.json(query_hashes()),
        ),
    )
