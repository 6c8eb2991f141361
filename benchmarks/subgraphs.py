"""Subgraph sampling at scale, and against the seed's own queries on rdflib.

1. Builds a synthetic news-like graph of 1,000,000 fact triples (power-law degrees, seed 1) as an
   N-Quads file, then, in a fresh child process (so its peak RSS is the stage's own), does what the
   `subgraphs` asset does: load the file into pyoxigraph, profile degrees, sample 1,000 subgraphs
   of each of the four types with provenance, and label them.
2. On a 10,000-triple graph of the same kind, runs the seed's SPARQL (simple, set, cond, mh, as
   written in seed 000: its cond and mh text is the same and is not valid SPARQL 1.1, which rdflib
   accepts) on rdflib, and ours (the whole stage, as above) on pyoxigraph, in this process. Both
   sides are timed in CPU seconds of this process (time.process_time), so other load on the machine
   does not skew the ratio. Each rdflib query gets a CPU budget; a query that exceeds it counts
   with the budget as its time, so the speedup printed is then a lower bound (the script says so).

Usage: python benchmarks/subgraphs.py [--facts N] [--small-facts N] [--rdflib-budget SECONDS]
Last lines: RESULT subgraphs_1m_seconds, RESULT subgraphs_1m_peak_rss_mb, RESULT speedup_vs_rdflib_seed_10k
"""

from __future__ import annotations

import argparse
import io
import json
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dagster_project.core.graph.rdf import GraphIndex, load_store
from dagster_project.core.graph.subgraphs import SUBGRAPH_TYPES, GraphProfile, sample_subgraphs, subgraphs_frame
from dagster_project.core.graph.synthetic import synthetic_nquads, write_synthetic_graph

PER_TYPE = 1000

# Seed 000's queries, verbatim apart from whitespace. Its conditional and multi-hop text is the same.
SEED_SIMPLE = """
SELECT DISTINCT ?s ?r ?o WHERE {
  { SELECT ?s ?r ?o WHERE { ?s ?r ?o . } GROUP BY ?s ?r HAVING(count(?o) = 1) }
  { SELECT ?s ?r ?o WHERE { ?s ?r ?o . } GROUP BY ?o ?r HAVING(count(?s) = 1) }
}"""
SEED_SET = """
SELECT ?s ?r ?o ?len WHERE {
  { SELECT ?s ?r (COUNT(?o1) as ?len) (GROUP_CONCAT(DISTINCT(STR(?o1));separator="|") AS ?o)
    WHERE { ?s ?r ?o1 . } GROUP BY ?s ?r HAVING(COUNT(?o1) > 1) }
  UNION
  { SELECT ?o ?r (COUNT(?s1) as ?len) (GROUP_CONCAT(DISTINCT(STR(?s1));separator="|") AS ?s)
    WHERE { ?s1 ?r ?o . } GROUP BY ?o ?r HAVING(COUNT(?s1) > 1) }
}"""
SEED_COND_AND_MH = """
SELECT * WHERE {
  { SELECT ?s ?r ?o ?r1 ?o1 WHERE { ?s ?r ?o . ?s ?r1 ?o1 . FILTER(?o != ?o1) }
    GROUP BY ?o ?o1 ?r ?r1 HAVING(COUNT(?s) = 1) }
  UNION
  { SELECT ?s ?r ?o ?r1 ?s1 WHERE { ?s ?r ?o . ?s1 ?r1 ?o . FILTER(?s != ?s1) }
    GROUP BY ?s ?s1 ?r ?r1 HAVING(COUNT(?o) = 1) }
  UNION
  { SELECT ?s ?r ?o ?r1 ?b WHERE { ?b ?r ?o . ?s ?r1 ?b . FILTER(?o != ?s) }
    GROUP BY ?s ?o ?r ?r1 HAVING(COUNT(?b) = 1) }
  FILTER(?r != ?r1)
}"""
SEED_QUERIES = {"simple": SEED_SIMPLE, "set": SEED_SET, "cond": SEED_COND_AND_MH, "mh": SEED_COND_AND_MH}


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_stage(path: Path, seed: int = 1) -> dict:
    """What the subgraphs asset does for one month; returns timings and counts."""
    started, cpu_started = time.perf_counter(), time.process_time()
    store = load_store(path)
    loaded = time.perf_counter()
    profile = GraphProfile.of(store)
    profiled = time.perf_counter()
    counts, per_type_seconds = {}, {}
    found_all = []
    for kind in SUBGRAPH_TYPES:
        t0 = time.perf_counter()
        found = sample_subgraphs(store, kind, limit=PER_TYPE, seed=seed, profile=profile)
        per_type_seconds[kind] = round(time.perf_counter() - t0, 2)
        counts[kind] = len(found)
        found_all += found
    t0 = time.perf_counter()
    index = GraphIndex.from_store(store)
    frame = subgraphs_frame(found_all, index)
    labelled = time.perf_counter() - t0
    return {
        "seconds": time.perf_counter() - started,
        "cpu_seconds": time.process_time() - cpu_started,
        "load_seconds": round(loaded - started, 2),
        "profile_seconds": round(profiled - loaded, 2),
        "per_type_seconds": per_type_seconds,
        "label_seconds": round(labelled, 2),
        "counts": counts,
        "rows": len(frame),
        "peak_rss_mb": peak_rss_mb(),
    }


class _Budget(Exception):
    pass


def _on_alarm(signum, frame):  # noqa: ARG001 - signal handler signature
    raise _Budget


def time_rdflib(nquads: bytes, budget: float) -> tuple[dict[str, float], list[str]]:
    """Seconds per seed query on rdflib over the fact triples; queries over budget are listed."""
    import rdflib

    dataset = rdflib.Dataset()
    dataset.parse(io.BytesIO(nquads), format="nquads")
    facts = rdflib.Graph()  # the seed's graph: the facts as plain triples
    for s, p, o, g in dataset.quads((None, None, None, None)):
        if g is not None and str(g.identifier if hasattr(g, "identifier") else g).startswith("urn:ragbench:article:"):
            facts.add((s, p, o))
    seconds, over = {}, []
    signal.signal(signal.SIGVTALRM, _on_alarm)
    for kind, query in SEED_QUERIES.items():
        started = time.process_time()
        signal.setitimer(signal.ITIMER_VIRTUAL, budget)  # CPU time of this process, like process_time
        try:
            rows = sum(1 for _ in facts.query(query))
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            seconds[kind] = time.process_time() - started
            print(f"  rdflib seed {kind}: {rows} rows in {seconds[kind]:.2f} s", flush=True)
        except _Budget:
            seconds[kind] = budget
            over.append(kind)
            print(f"  rdflib seed {kind}: did not finish within the {budget:.0f} s budget", flush=True)
    return seconds, over


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--facts", type=int, default=1_000_000)
    parser.add_argument("--small-facts", type=int, default=10_000)
    parser.add_argument("--rdflib-budget", type=float, default=120.0)
    parser.add_argument("--stage", help=argparse.SUPPRESS)  # child mode: run the stage on this file
    args = parser.parse_args()
    if args.stage:
        print(json.dumps(run_stage(Path(args.stage))))
        return

    with tempfile.TemporaryDirectory() as root:
        big = Path(root) / "graph_1m.nq"
        t0 = time.perf_counter()
        write_synthetic_graph(big, args.facts, seed=1)
        print(
            f"synthetic graph: {args.facts} facts, {big.stat().st_size / 1e6:.0f} MB, "
            f"built in {time.perf_counter() - t0:.1f} s",
            flush=True,
        )
        child = subprocess.run(
            [sys.executable, __file__, "--stage", str(big)], check=True, capture_output=True, text=True
        )
        stage = json.loads(child.stdout.strip().splitlines()[-1])
        print(f"stage on {args.facts} facts: {json.dumps(stage)}", flush=True)

        small = Path(root) / "graph_10k.nq"
        small_bytes = synthetic_nquads(args.small_facts, seed=1)
        small.write_bytes(small_bytes)
        ours = run_stage(small)
        print(
            f"ours on {args.small_facts} facts: {ours['cpu_seconds']:.3f} CPU s ({ours['seconds']:.3f} s wall), "
            f"counts {ours['counts']}",
            flush=True,
        )
        rdflib_seconds, over = time_rdflib(small_bytes, args.rdflib_budget)
    speedup = sum(rdflib_seconds.values()) / ours["cpu_seconds"]
    if over:
        print(
            f"note: rdflib hit the {args.rdflib_budget:.0f} s budget on {', '.join(over)}; "
            "the speedup below is a lower bound"
        )
    print(f"RESULT subgraphs_1m_seconds {stage['seconds']:.2f}")
    print(f"RESULT subgraphs_1m_peak_rss_mb {stage['peak_rss_mb']:.0f}")
    print(f"RESULT speedup_vs_rdflib_seed_10k {speedup:.0f}")


if __name__ == "__main__":
    main()
