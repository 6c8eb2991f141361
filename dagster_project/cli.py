"""The `ragbench` command line.

ragbench demo                      materialize every month of the bundled corpus, publish locally
ragbench materialize --month M     run the whole pipeline for one month
ragbench pools                     set the Dagster pool limits (LLM endpoint, hub) from the settings
ragbench releases [--hub H]        list published versions and revisions per dataset repo
ragbench releases --version V      show one version (counts, manifest)
ragbench download --version V      copy the public datasets of a version from a hub (local or hf://)
ragbench subgraphs GRAPH --type T  print subgraphs of a graph file as JSON lines
ragbench evaluate|compare|gate|baseline|leaderboard|run   scoring (see scoring_cli.py)
ragbench crawl --month M           read one month from the news sources only, and report
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .core.common.months import Month
from .core.graph.subgraphs import SUBGRAPH_TYPES
from .core.release.hub.base import InvalidArgumentError, ReleaseNotFoundError, checked_version, repo_name
from .core.release.hub.local import LocalHub
from .core.release.manifest import IntegrityError
from .core.release.tables import DATASETS, TESTBED_DATASETS
from .scoring_cli import HUB_HELP
from .scoring_cli import register as register_scoring
from .settings import Settings, SettingsError


def _instance():
    """The persistent instance of DAGSTER_HOME when it is set (runs show in the UI), else a throwaway one."""
    from dagster import DagsterInstance

    dagster_home = Settings.from_env().dagster_home
    if dagster_home:
        return initialized_instance(Path(dagster_home))
    return DagsterInstance.ephemeral()


def initialized_instance(dagster_home: Path):
    """DagsterInstance.get(), with its storages created by one process at a time: on a fresh
    DAGSTER_HOME, processes starting together would otherwise race to create the SQLite schemas
    (alembic fails with an IntegrityError). Later processes find them made and just open them."""
    import fcntl

    from dagster import DagsterInstance

    dagster_home.mkdir(parents=True, exist_ok=True)
    with open(dagster_home / ".ragbench-init.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or when the process dies
        instance = DagsterInstance.get()
        instance.get_runs(limit=1)  # touches the run, event log and schedule storages while locked
        instance.event_log_storage.get_asset_records([])
        if instance.schedule_storage is not None:
            instance.schedule_storage.all_instigator_state()
    return instance


QUIET_LOGS = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


def month_argument(value: str) -> Month:
    """A --month value: strictly YYYY-MM (or the partition key YYYY-MM-01), from the first benchmark month on."""
    try:
        month = Month.parse(value)
        month.version  # noqa: B018 - raises for a month before the first release
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return month


def run_month(month: Month, *, instance=None, env=None, verbose: bool = False):
    """Materialize the whole pipeline for one month in this process; returns the run result (with
    sharded extraction, the result of the last run: crawl, each shard, then the rest, stopping at
    the first failure). The settings are validated first (a bad one is a SettingsError before any
    work starts)."""
    settings = Settings.from_env(env)
    settings.check_before_run()
    from .definitions import build_definitions, sharded_steps

    definitions = build_definitions(env)
    instance = instance or _instance()
    monthly = definitions.resolve_job_def("monthly_benchmark")
    shards = settings.operations.extraction_shards
    if shards == 1:
        return _execute(monthly, month.key, instance, verbose)
    result = None
    for job_name, partition_key, selection in sharded_steps(definitions, month.key, shards):
        result = _execute(definitions.resolve_job_def(job_name), partition_key, instance, verbose, selection)
        if not result.success:
            break
    return result


def _execute(job, partition_key: str, instance, verbose: bool, asset_selection=None):
    result = job.execute_in_process(
        partition_key=partition_key,
        instance=instance,
        raise_on_error=False,
        run_config={} if verbose else QUIET_LOGS,
        asset_selection=asset_selection,
    )
    if not result.success:
        for event in result.all_events:
            if event.is_failure and event.step_key:
                print(f"  step {event.step_key} failed: {event.message}", file=sys.stderr)
        for evaluation in result.get_asset_check_evaluations():
            if not evaluation.passed:
                print(f"  check {evaluation.check_name} failed: {evaluation.description}", file=sys.stderr)
    return result


def _print_release(hub, version: str) -> None:
    manifest = hub.manifest(repo_name("private_qa"), version)
    counts = manifest.get("counts", {})
    per_type_counts = counts.get("questions_per_type", {})
    per_type = ", ".join(f"{kind} {per_type_counts[kind]}" for kind in SUBGRAPH_TYPES if kind in per_type_counts)
    print(
        f"  {version} ({manifest.get('month', '?')}): {counts.get('texts', '?')} texts, "
        f"{counts.get('questions', '?')} questions ({per_type})"
        + (f", revises {manifest['revises']}" if manifest.get("revises") else "")
    )


def _print_testbeds(hub, version: str, *, hist: bool) -> None:
    """The robustness testbed datasets of a version, if it has them: rows, and items per testbed."""
    from .core.release.publishing import published_testbeds

    for name, table in published_testbeds(hub, version, hist=hist).items():
        per_testbed = table["testbed"].value_counts().sort_index() if "testbed" in table else None
        counts = f" ({', '.join(f'{t} {n}' for t, n in per_testbed.items())})" if per_testbed is not None else ""
        print(f"  {repo_name(name, hist=hist)}: {len(table)} rows{counts}, columns {', '.join(table.columns)}")


def _print_testbed_baseline(data_dir: Path, month: Month) -> None:
    """The offline extractive reader's scores on the month's robustness testbeds (testbed_baseline)."""
    from .core.scoring.testbeds import JSON_FILE, headline_lines

    path = data_dir / "testbed_baseline" / month.key / JSON_FILE
    if not path.exists():
        return
    metrics = json.loads(path.read_text(encoding="utf-8"))
    print(f"\nTestbeds of {month.version}: the offline extractive reader, 95% bootstrap CIs:")
    for line in headline_lines(metrics):
        print(f"  {line}")
    print(f"  (all figures in {path.parent / 'testbeds.html'})")


def cmd_demo(args: argparse.Namespace) -> int:
    from .core.ingest.sources import bundled_sources
    from .core.release.publishing import latest_revision

    settings = Settings.from_env()
    months = [args.month] if args.month else months_of_corpus(bundled_sources())
    if settings.llm.is_configured:
        print(
            "ragbench demo: LLM strategies (extraction, normalization, questions) via RAGBENCH_LLM_BASE_URL "
            f"(model {settings.llm.model or '-'}); replies are cached under RAGBENCH_DATA_DIR."
        )
    else:
        print("ragbench demo: offline strategies on the bundled sample corpus (no LLM, no Wikidata, no network).")
    print("  Model-backed filters (acceptability, closed-book, judge) are marked 'skipped', never 'pass'.")
    instance = _instance()
    started = time.monotonic()
    failed = []
    for month in months:
        t0 = time.monotonic()
        print(f"- {month} -> version {month.version} ...", flush=True)
        if not run_month(month, instance=instance, verbose=args.verbose).success:
            failed.append(month)
            print(f"  {month}: FAILED", file=sys.stderr)
            continue
        print(f"  done in {time.monotonic() - t0:.1f} s")
    hub = settings.hub.open()
    print(f"\nReleases in {hub.root.resolve() if isinstance(hub, LocalHub) else hub.describe()}:")
    for month in months:
        if month not in failed:
            _print_release(hub, latest_revision(hub, month) or month.version)
    done = [month for month in months if month not in failed]
    if done:
        _print_testbed_baseline(Path(settings.pipeline.data_dir), done[-1])
    print(f"Total time: {time.monotonic() - started:.1f} s")
    print("Open the Dagster UI with `make ui` (http://127.0.0.1:3000) to browse the runs, assets and checks.")
    print("List releases with `.venv/bin/ragbench releases`.")
    return 1 if failed else 0


def months_of_corpus(sources) -> list[Month]:
    from .core.ingest.sources import months_in

    return months_in(sources)


def publication_outcome(result) -> str | None:
    """What published_release said it did in a run: the version published, a revision, or nothing."""
    for event in result.get_asset_materialization_events():
        if event.asset_key.to_user_string() == "published_release":
            outcome = event.materialization.metadata.get("outcome")
            return outcome.value if outcome else None
    return None


def cmd_materialize(args: argparse.Namespace) -> int:
    month = args.month
    result = run_month(month, verbose=args.verbose)
    if result.success:
        print(publication_outcome(result) or f"{month}: ok")
    else:
        print(f"{month}: FAILED")
    return 0 if result.success else 1


def cmd_pools(args: argparse.Namespace) -> int:
    """Set the limits of the Dagster pools (LLM endpoint, hub) on the DAGSTER_HOME instance."""
    from dagster import DagsterInstance

    from .pools import apply_pool_limits

    settings = Settings.from_env()
    if not settings.dagster_home:
        print("error: DAGSTER_HOME is not set: pool limits are stored in a persistent instance", file=sys.stderr)
        return 2
    Path(settings.dagster_home).mkdir(parents=True, exist_ok=True)
    limits = apply_pool_limits(DagsterInstance.get(), settings.operations)
    print(f"pool limits on {settings.dagster_home}: " + ", ".join(f"{pool} {n}" for pool, n in limits.items()))
    return 0


def cmd_releases(args: argparse.Namespace) -> int:
    hub = Settings.from_env().hub.open(args.hub)
    if args.version:
        try:
            tables = hub.load_release(args.version, hist=args.hist)
            _print_release(hub, args.version)
        except ReleaseNotFoundError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        for name, table in tables.items():
            print(f"  {repo_name(name, hist=args.hist)}: {len(table)} rows, columns {', '.join(table.columns)}")
        _print_testbeds(hub, args.version, hist=args.hist)
        return 0
    repos = hub.repos()
    if not repos:
        print(f"no releases in {hub.describe()}")
        return 0
    for repo in repos:
        print(f"{repo}: {', '.join(hub.versions(repo)) or '-'}")
    _print_revisions(hub)
    return 0


def _print_revisions(hub) -> None:
    """Every revision with the version it revises, why, and what changed per question type."""
    from .core.common.months import revision_of_version

    revisions = [v for v in hub.versions(repo_name("private_qa")) if revision_of_version(v) > 0]
    if not revisions:
        return
    print("revisions:")
    for version in revisions:
        manifest = hub.manifest(repo_name("private_qa"), version)
        reason = manifest.get("revision_reason") or {}
        settings = reason.get("settings_changed", {}).get("thresholds", {})
        why = ", ".join(f"{name} {old} -> {new}" for name, (old, new) in settings.items())
        stages = ", ".join(reason.get("rematerialized", {})) or "-"
        changes = "; ".join(
            f"{kind} +{c['added']} -{c['removed']} ~{c['changed']}" for kind, c in manifest.get("changes", {}).items()
        )
        print(f"  {version} revises {manifest.get('revises')}: run {reason.get('run_id', '?')}")
        print(f"    re-materialized: {stages}")
        if why:
            print(f"    settings: {why}")
        print(f"    questions (added, removed, changed): {changes or '-'}")


def cmd_download(args: argparse.Namespace) -> int:
    from .core.release.hub.hf import HubError
    from .core.release.publishing import VersionMismatchError, download_release

    hub = Settings.from_env().hub.open(args.hub)
    try:
        version, folders = download_release(hub, args.out, args.version, hist=args.hist, private=args.private)
    except (ReleaseNotFoundError, VersionMismatchError, HubError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except IntegrityError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"{version} from {hub.describe()}:")
    for folder in folders:
        print(f"  {folder}")
    print(f"Read it with `ragbench releases --hub {args.out} --version {version}` or pandas.read_parquet.")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Check every file of a version against the SHA-256 in its manifest: 0 intact, 1 not."""
    from .core.release.hub.hf import HubError
    from .core.release.publishing import VersionMismatchError, check_public_versions

    hub = Settings.from_env().hub.open(args.hub)
    try:
        version = checked_version(args.version) if args.version else check_public_versions(hub, hist=args.hist)
        repos = [repo_name(name, hist=args.hist) for name in DATASETS]
        # the testbed datasets travel with the versions that have them
        repos += [r for r in (repo_name(n, hist=args.hist) for n in TESTBED_DATASETS) if version in hub.versions(r)]
        present = [repo for repo in repos if version in hub.versions(repo)]
        if not present:
            raise ReleaseNotFoundError(f"no dataset has version {version} on {hub.describe()}")
        problems = {repo: hub.verify(repo, version) for repo in present}
    except (ReleaseNotFoundError, VersionMismatchError, HubError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{version} on {hub.describe()}:")
    for repo in repos:
        if repo not in problems:
            print(f"  {repo}: not published at {version}")
            continue
        print(f"  {repo}: {'ok' if not problems[repo] else 'FAILED'}")
        for problem in problems[repo]:
            print(f"    {problem}")
    failed = [repo for repo, found in problems.items() if found]
    if failed:
        print(f"verification failed for {len(failed)} repo(s): {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def cmd_subgraphs(args: argparse.Namespace) -> int:
    from .core.graph.graph_file import GraphFileError, load_graph_file
    from .core.graph.subgraphs import SamplingLimits, describe, enumerate_subgraphs, sample_subgraphs, with_provenance

    try:
        graph = load_graph_file(Path(args.graph_file))
    except GraphFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for note in graph.notes:
        print(f"note: {note}", file=sys.stderr)
    store, index = graph.store, graph.index
    if args.all:
        found = [
            with_provenance(store, sg)
            for sg in enumerate_subgraphs(store, args.type, max_set_partners=args.max_partners)
        ]
        found.sort(key=lambda sg: sg.subgraph_id)
    else:
        limits = SamplingLimits(max_degree=args.max_hub_degree)
        found = sample_subgraphs(
            store, args.type, limit=args.limit, seed=args.seed, max_set_partners=args.max_partners, limits=limits
        )
    for sg in found:
        print(
            json.dumps(
                {
                    "subgraph_id": sg.subgraph_id,
                    "type": sg.type,
                    "triples": [list(t) for t in sg.triples],
                    "readable": describe(sg, index),
                    "answer": list(sg.answer),
                    "answer_labels": [index.node(a).label for a in sg.answer],
                    "bridge": sg.bridge,
                    "article_ids": list(sg.article_ids),
                },
                ensure_ascii=False,
            )
        )
    if not found:
        print(f"no {args.type} subgraphs in {args.graph_file} ({graph.facts} facts)", file=sys.stderr)
    return 0


def cmd_crawl(args: argparse.Namespace) -> int:
    """Crawl one month without running the pipeline: to try a sources file and see what it gives."""
    from .core.ingest.articles import deduplicate
    from .core.ingest.sources import AllSourcesFailed, bundled_sources, load_month_report, read_sources_file

    month = args.month
    pipeline = Settings.from_env().pipeline
    sources_file = args.sources or pipeline.sources_file
    sources = read_sources_file(Path(sources_file)) if sources_file else bundled_sources()
    cache_dir = Path(pipeline.data_dir) / "raw_cache"
    try:
        load = load_month_report(sources, month, cache_dir=cache_dir)
    except AllSourcesFailed as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    kept, dropped = deduplicate(load.articles)
    print(f"{month}: {len(kept)} articles ({len(dropped)} duplicates dropped), {len(load.failures)} failures")
    for name, count in load.per_source.items():
        print(f"  {name}: {count} articles{' (FAILED ENTIRELY)' if name in load.failed_sources else ''}")
    if load.crawl_stats:
        print("  crawl: " + ", ".join(f"{key} {value}" for key, value in load.crawl_stats.items()))
    for failure in load.failures[: args.show_failures]:
        print(f"  failed {failure.item_id}: {failure.error}")
    if len(load.failures) > args.show_failures:
        print(f"  ... and {len(load.failures) - args.show_failures} more failures")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ragbench", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    demo = sub.add_parser("demo", help="materialize every month of the bundled corpus and publish locally")
    demo.add_argument("--month", type=month_argument, help="only this month (YYYY-MM)")
    demo.add_argument("--verbose", action="store_true", help="show Dagster's step-by-step log")
    demo.set_defaults(func=cmd_demo)

    materialize = sub.add_parser("materialize", help="run the whole pipeline for one month")
    materialize.add_argument("--month", required=True, type=month_argument, help="YYYY-MM or YYYY-MM-01")
    materialize.add_argument("--verbose", action="store_true", help="show Dagster's step-by-step log")
    materialize.set_defaults(func=cmd_materialize)

    pools = sub.add_parser("pools", help="set the Dagster pool limits (RAGBENCH_*_POOL_LIMIT) on DAGSTER_HOME")
    pools.set_defaults(func=cmd_pools)

    releases = sub.add_parser("releases", help="list or show published versions")
    releases.add_argument("--hub", help=HUB_HELP)
    releases.add_argument("--version", help="show this version or revision (1.N.0, 1.N.R)")
    releases.add_argument("--hist", action="store_true", help="the hist-* datasets")
    releases.set_defaults(func=cmd_releases)

    download = sub.add_parser("download", help="copy the public datasets of a version from a hub")
    download.add_argument(
        "--version", help="1.N.0 or a revision 1.N.R (default: the latest; texts and questions must agree)"
    )
    download.add_argument("--hist", action="store_true", help="the hist-* datasets (one version behind)")
    download.add_argument("--private", action="store_true", help="also the private QA and text mapping")
    download.add_argument("--hub", help=HUB_HELP)
    download.add_argument("--out", default="./downloads", help="destination folder (default ./downloads)")
    download.set_defaults(func=cmd_download)

    verify = sub.add_parser("verify", help="check a published version's files against its manifest checksums")
    verify.add_argument("version", nargs="?", help="1.N.0 (default: the latest)")
    verify.add_argument("--hub", help=HUB_HELP)
    verify.add_argument("--hist", action="store_true", help="the hist-* datasets")
    verify.set_defaults(func=cmd_verify)

    subgraphs = sub.add_parser(
        "subgraphs", help="print subgraphs of a graph file (N-Quads, N-Triples, Turtle, TriG) as JSON lines"
    )
    subgraphs.add_argument("graph_file")
    subgraphs.add_argument("--type", required=True, choices=["simple", "set", "cond", "mh"])
    mode = subgraphs.add_mutually_exclusive_group()
    mode.add_argument("--all", action="store_true", help="enumerate every subgraph (small graphs)")
    mode.add_argument("--limit", type=int, default=100, help="sample at most N (default 100)")
    subgraphs.add_argument("--seed", type=int, default=0)
    subgraphs.add_argument("--max-partners", type=int, default=5, help="largest set answer")
    subgraphs.add_argument(
        "--max-hub-degree", type=int, default=200, help="when sampling, entities with more facts are hubs"
    )
    subgraphs.set_defaults(func=cmd_subgraphs)

    register_scoring(sub)
    crawl = sub.add_parser("crawl", help="read one month from the news sources and report (no pipeline)")
    crawl.add_argument("--month", required=True, type=month_argument, help="YYYY-MM or YYYY-MM-01")
    crawl.add_argument("--sources", help="sources YAML (default: RAGBENCH_SOURCES, else the bundled corpus)")
    crawl.add_argument("--show-failures", type=int, default=20, help="print at most N failures (default 20)")
    crawl.set_defaults(func=cmd_crawl)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (SettingsError, InvalidArgumentError) as exc:  # a user mistake: one line naming it, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
