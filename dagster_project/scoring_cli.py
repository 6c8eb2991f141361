"""The scoring subcommands of `ragbench` (registered by cli.py):

ragbench evaluate --hub H --version V --submission FILE --out DIR   score a submission
ragbench compare RUN_A RUN_B                                        paired comparison of two scored runs
ragbench gate RUN --thresholds FILE                                 exit 1 when a metric is under its threshold
ragbench baseline --hub H --version V --out FILE                    the offline BM25 baseline's submission
ragbench leaderboard --hub H --version V --submissions DIR --out D  score a folder of submissions
ragbench run --version V --endpoint URL --model M --out DIR         run a generator, write a submission
ragbench testbeds score --version V --responses FILE --out D     score replies on the robustness testbeds
ragbench testbeds baseline --version V --out FILE                 the offline extractive reader's replies

Exit codes: 0 ok, 1 a gate failed, 2 bad input (invalid submission, unknown release or run).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pydantic import ValidationError

from .core.release.hub.base import InvalidArgumentError, ReleaseNotFoundError
from .core.release.hub.hf import HubError
from .core.scoring.baseline import DEFAULT_TOP_K, baseline_submission
from .core.scoring.compare import DEFAULT_ALPHA, IncomparableRunsError, compare_runs
from .core.scoring.evaluate import ScoringConfig, evaluate
from .core.scoring.gate import GateConfigError, check_gates, load_thresholds
from .core.scoring.ifeval import DEFAULT_REFUSAL_PHRASE
from .core.scoring.leaderboard import build_leaderboard
from .core.scoring.report import llm_judge_lines
from .core.scoring.runner import DEFAULT_TOP_K as RUN_TOP_K
from .core.scoring.runner import RunnerConfig, RunnerError, run_generator
from .core.scoring.runs import RunNotFoundError, load_run, write_run
from .core.scoring.stats import DEFAULT_SAMPLES
from .core.scoring.submission import SubmissionError, gold_from_release, load_submission, submission_json
from .core.scoring.testbeds import (
    DEFAULT_ERROR_PHRASES,
    TestbedRepliesError,
    extractive_replies,
    headline_lines,
    load_replies,
    score_testbeds,
    write_testbed_scores,
)
from .core.testbeds.build import DEFAULT_REFUSAL_PHRASE as TESTBED_REFUSAL_PHRASE
from .settings import DEFAULT_HUB, Settings

BAD_INPUT = 2
HUB_HELP = f"hf://NAMESPACE or a directory (default: RAGBENCH_HUB or {DEFAULT_HUB})"


class UsageError(Exception):
    pass


def load_release(hub_location: str | None, version: str) -> dict:
    """The four datasets of `version` from a hub: a directory or hf://NAMESPACE (default: RAGBENCH_HUB)."""
    try:
        return Settings.from_env().hub.open(hub_location).load_release(version)
    except (ReleaseNotFoundError, HubError, InvalidArgumentError) as exc:
        raise UsageError(str(exc)) from None


def _int_list(text: str, option: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise UsageError(f"{option} must be a comma-separated list of integers, got {text!r}") from None


def _config(args: argparse.Namespace) -> ScoringConfig:
    ks = tuple(sorted(set(_int_list(args.k, "--k"))))
    if not ks or min(ks) < 1:
        raise UsageError("--k must list positive integers, e.g. 5,10")
    return ScoringConfig(
        ks=ks,
        bootstrap_samples=args.bootstrap,
        seed=args.seed,
        refusal_phrase=args.refusal_phrase,
        expect_refusal=frozenset(_int_list(args.expect_refusal or "", "--expect-refusal")),
    )


def _llm_metrics_config(args: argparse.Namespace):
    from .core.scoring.llm_metrics import LLM_METRICS, LLMMetricsConfig

    if not args.judge_endpoint or not args.judge_model:
        raise UsageError("--llm-metrics needs --judge-endpoint and --judge-model")
    if args.judge_concurrency < 1 or args.judge_max_retries < 0 or args.llm_contexts < 1:
        raise UsageError("--judge-concurrency and --llm-contexts must be at least 1, --judge-max-retries at least 0")
    names = LLM_METRICS if args.llm_metrics == "all" else [m.strip() for m in args.llm_metrics.split(",") if m.strip()]
    try:
        return LLMMetricsConfig(
            metrics=tuple(names),
            correctness_weight=args.correctness_weight,
            price_input_per_million=args.judge_price_input,
            price_output_per_million=args.judge_price_output,
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _judge_settings(args: argparse.Namespace, needs_embeddings: bool):
    """(judge, embeddings or None) endpoint settings; the key comes from RAGBENCH_JUDGE_API_KEY."""
    from .core.llm.client import LLMSettings

    settings = Settings.from_env()
    cache = Path(args.judge_cache or Path(settings.pipeline.data_dir) / "llm_cache" / "judge.sqlite")
    judge = LLMSettings(base_url=args.judge_endpoint, model=args.judge_model, api_key=settings.scoring.judge_api_key,
                        cache_path=cache, max_workers=args.judge_concurrency,
                        max_retries=args.judge_max_retries)  # fmt: skip
    if not needs_embeddings:
        return judge, None
    if not args.embeddings_model:
        raise UsageError("answer_relevancy and answer_correctness need --embeddings-model (an embeddings model "
                         "at --embeddings-endpoint, default the judge's endpoint)")  # fmt: skip
    return judge, judge.model_copy(update={"base_url": args.embeddings_endpoint or args.judge_endpoint,
                                           "model": args.embeddings_model})  # fmt: skip


def _llm_scores(args: argparse.Namespace, gold, entries):
    """The RAGAS-style metrics of `ragbench evaluate --llm-metrics`, or None without the flag."""
    from .core.scoring.llm_metrics import metric_inputs, score_llm_metrics

    if not args.llm_metrics:
        return None
    config = _llm_metrics_config(args)
    judge, embeddings = _judge_settings(args, config.needs_embeddings())
    print(f"judging {len(entries)} answers with {args.judge_model} ({', '.join(config.metrics)}) ...", flush=True)
    try:
        return score_llm_metrics(metric_inputs(gold, entries, args.llm_contexts), judge, embeddings, config)
    except RuntimeError as exc:  # the client gave up on the judge endpoint as a whole
        cached = f"the judge's replies so far are cached in {judge.cache_path}"
        raise UsageError(f"{exc}; {cached}: rerun to resume") from None


def cmd_evaluate(args: argparse.Namespace) -> int:
    config = _config(args)
    release = load_release(args.hub, args.version)
    gold = gold_from_release(args.version, release)
    entries = load_submission(args.submission, gold)  # raises SubmissionError before anything is written
    llm_scores = _llm_scores(args, gold, entries)
    evaluation = evaluate(gold, entries, config, name=args.name or Path(args.submission).stem, llm_scores=llm_scores)
    paths = write_run(args.out, evaluation)
    overall = evaluation.metrics["metrics"]["overall"]
    missing = evaluation.metrics["missing_answers"]["count"]
    print(f"scored {len(evaluation.per_question)} questions of {args.version} ({missing} missing answers)")
    shown = [f"hit@{config.ks[0]}", f"ndcg@{config.ks[0]}", "mrr", "containment", "token_f1", "ifeval_correctness"]
    shown += list(llm_scores.report["metrics"]) if llm_scores else []
    for name in shown:
        cell = overall[name]
        if cell["value"] is None:
            print(f"  {name}: n/a ({cell['n_scored']}/{cell['n']} questions scored)")
            continue
        ci = f" [{cell['ci_low']:.3f}, {cell['ci_high']:.3f}]" if cell["ci_low"] is not None else ""
        coverage = f" ({cell['n_scored']}/{cell['n']} scored)" if cell["n_scored"] < cell["n"] else ""
        print(f"  {name}: {cell['value']:.3f}{ci}{coverage}")
    if llm_scores:
        for line in llm_judge_lines(evaluation.metrics):
            print(f"  {line}")
    print("wrote " + ", ".join(str(p) for p in paths.values()))
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    run_a, run_b = load_run(args.run_a), load_run(args.run_b)
    results = compare_runs(
        run_a,
        run_b,
        scope=args.scope,
        alpha=args.alpha,
        samples=args.bootstrap,
        permutations=args.permutations,
        metrics=args.metric or None,
    )
    if args.json:
        print(json.dumps([r.__dict__ for r in results], indent=2))
        return 0
    print(
        f"A = {run_a.path}\nB = {run_b.path}\nscope {args.scope}, {results[0].n} paired questions, alpha {args.alpha}"
    )
    print(f"{'metric':<22}{'A':>8}{'B':>8}{'B-A':>9}  {'95% CI of B-A':<20}{'p':>7}  verdict")
    for r in results:
        verdict = f"winner {r.winner}" if r.significant else "no significant difference"
        ci = f"[{r.ci_low:+.3f}, {r.ci_high:+.3f}]" if r.ci_low == r.ci_low else "n/a"
        print(f"{r.metric:<22}{r.value_a:>8.3f}{r.value_b:>8.3f}{r.delta:>+9.3f}  {ci:<20}{r.p_value:>7.3f}  {verdict}")
    return 0


def cmd_gate(args: argparse.Namespace) -> int:
    run = load_run(args.run)
    thresholds, mode = load_thresholds(args.thresholds)
    results = check_gates(run, thresholds, args.use or mode)
    for r in results:
        print(f"{'PASS' if r.passed else 'FAIL'} {r.key}: {r.reason}")
    failed = [r for r in results if not r.passed]
    print(f"{len(results) - len(failed)}/{len(results)} gates passed")
    return 1 if failed else 0


def cmd_baseline(args: argparse.Namespace) -> int:
    release = load_release(args.hub, args.version)
    entries = baseline_submission(release["public_texts"], release["public_questions"], top_k=args.top_k)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(submission_json(entries), ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"wrote the BM25 baseline's answers to {len(entries)} questions of {args.version} to {out}")
    return 0


def cmd_leaderboard(args: argparse.Namespace) -> int:
    config = _config(args)
    release = load_release(args.hub, args.version)
    gold = gold_from_release(args.version, release)
    board = build_leaderboard(gold, release["public_questions"], args.submissions, args.out, config)
    print(board.table.round(3).to_string(index=False))
    for name, problem in board.failures:
        print(f"invalid {name}: {problem}", file=sys.stderr)
    print(f"wrote {Path(args.out) / 'leaderboard.md'} and leaderboard.html")
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    settings = Settings.from_env()
    config = _runner_config(args)
    try:
        llm = _generator_settings(args, settings)
    except ValidationError as exc:
        problems = "; ".join(f"--{str(e['loc'][0]).replace('_', '-')}: {e['msg']}" for e in exc.errors())
        raise UsageError(problems) from None
    outcome = run_generator(settings.hub.open(args.hub), llm, config, args.out, _progress_printer())
    record = outcome.record
    questions, latency = record["questions"], record["latency_seconds"]
    print(
        f"{questions['answered']}/{questions['items']} questions of {args.version} answered by {args.model} "
        f"({questions['failed']} failed, {questions['from_cache']} from the cache, {record['requests']['sent']} "
        f"requests, {record['tokens']['total']} tokens, {record['seconds']:.1f} s)"
    )
    if latency.get("requests"):
        print(f"  latency p50 {latency['p50']:.3f} s, p95 {latency['p95']:.3f} s, max {latency['max']:.3f} s")
    if record["testbeds"]:
        beds = record["testbeds"]
        print(f"  testbeds: {beds['answered']}/{beds['items']} answered ({beds['failed']} failed)")
    for failure in (questions["failures"] + (record["testbeds"] or {}).get("failures", []))[:10]:
        print(f"  failed {failure['item_id']}: {failure['error']}")
    if questions["failed"]:
        print("  rerun the same command to ask again for the failed items only (the others come from the cache)")
    print(f"wrote {', '.join(str(outcome.out_dir / name) for name in record['files'])} and run.json")
    if questions["items"] and not questions["answered"]:
        print(f"error: every call failed; check --endpoint {args.endpoint}, --model and RAGBENCH_RUN_API_KEY",
              file=sys.stderr)  # fmt: skip
        return 1
    return 0


def _runner_config(args: argparse.Namespace) -> RunnerConfig:
    if args.top_k < 1 or args.concurrency < 1:
        raise UsageError("--top-k and --concurrency must be at least 1")
    if args.retriever not in ("bm25", "none") and not Path(args.retriever).is_file():
        raise UsageError(f"--retriever must be bm25, none or a JSON file of ranked text ids; no file {args.retriever}")
    return RunnerConfig(
        version=args.version,
        retriever=args.retriever,
        top_k=args.top_k,
        prompt=Path(args.prompt) if args.prompt else None,
        refusal_phrase=args.refusal_phrase,
        shuffle_docs=args.shuffle_docs,
        seed=args.seed,
        testbeds=args.testbeds,
    )


def _generator_settings(args: argparse.Namespace, settings: Settings):
    from .core.llm.client import LLMSettings

    return LLMSettings(
        base_url=args.endpoint,
        model=args.model,
        api_key=settings.scoring.generator_api_key,
        max_workers=args.concurrency,
        max_retries=args.max_retries,
        timeout=args.timeout,
        max_tokens=args.max_tokens,
        temperature=args.temperature,
        json_mode=False,
        cache_path=Path(args.cache) if args.cache else None,
    )


def _progress_printer():
    """Prints how many items are done, every tenth of the batch (on stderr, so stdout stays a summary)."""

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 10) == 0:
            print(f"  {done}/{total} done", file=sys.stderr, flush=True)

    return progress


def _run_options(run_p: argparse.ArgumentParser) -> None:
    run_p.add_argument("--hub", help=HUB_HELP)
    run_p.add_argument("--version", required=True, help="release version, e.g. 1.13.0")
    run_p.add_argument("--endpoint", required=True, help="OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1")
    run_p.add_argument("--model", required=True, help="model name at the endpoint (key: RAGBENCH_RUN_API_KEY)")
    run_p.add_argument("--retriever", default="bm25",
                       help="bm25 (default), none (the gold texts; needs the private datasets), "
                            "or a JSON file {question id: [public text ids, best first]}")  # fmt: skip
    run_p.add_argument("--top-k", type=int, default=RUN_TOP_K, help=f"documents per question (default {RUN_TOP_K})")
    run_p.add_argument("--prompt", help="Jinja template with system and user blocks (default prompts/rag_answer.j2)")
    run_p.add_argument("--refusal-phrase", default=DEFAULT_REFUSAL_PHRASE, help="what the prompt asks for when "
                       "the documents have no answer")  # fmt: skip
    run_p.add_argument("--shuffle-docs", action="store_true", help="shuffle each prompt's documents (seeded)")
    run_p.add_argument("--seed", type=int, default=0, help="seed of --shuffle-docs")
    run_p.add_argument("--concurrency", type=int, default=16, help="requests in flight (default 16)")
    run_p.add_argument("--max-retries", type=int, default=5, help="retries of a request after 429/5xx/timeouts")
    run_p.add_argument("--timeout", type=float, default=60.0, help="seconds per request")
    run_p.add_argument("--max-tokens", type=int, default=512, help="longest answer in tokens")
    run_p.add_argument("--temperature", type=float, default=0.0)
    run_p.add_argument("--testbeds", action="store_true", help="also answer the release's robustness testbeds")
    run_p.add_argument("--cache", help="reply cache (default OUT/cache.sqlite: a rerun resumes from it)")
    run_p.add_argument("--out", required=True, help="folder for submission.json, run.json (and testbed replies)")


def _llm_metric_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("LLM-judged metrics (RAGAS-style; judge key: RAGBENCH_JUDGE_API_KEY)")
    group.add_argument("--llm-metrics", nargs="?", const="all", metavar="LIST",
                       help="add faithfulness, answer_relevancy, context_precision, context_recall, "
                            "answer_correctness (or a comma-separated subset)")  # fmt: skip
    group.add_argument("--judge-endpoint", help="OpenAI-compatible base URL of the judge")
    group.add_argument("--judge-model", help="the judge model")
    group.add_argument("--embeddings-endpoint", help="OpenAI-compatible /embeddings base URL (default: the judge's)")
    group.add_argument("--embeddings-model", help="embeddings model for answer relevancy and correctness")
    group.add_argument("--correctness-weight", type=float, default=0.75,
                       help="weight of statement F1 in answer_correctness; the rest is similarity (default 0.75)")
    group.add_argument("--llm-contexts", type=int, default=5, help="found texts given to the judge (default 5)")
    group.add_argument("--judge-concurrency", type=int, default=16, help="judge requests in flight (default 16)")
    group.add_argument("--judge-max-retries", type=int, default=5)
    group.add_argument("--judge-cache", help="judge reply cache (default RAGBENCH_DATA_DIR/llm_cache/judge.sqlite)")
    group.add_argument("--judge-price-input", type=float, help="USD per 1M prompt tokens, for the cost estimate")
    group.add_argument("--judge-price-output", type=float, help="USD per 1M completion tokens")
def load_testbeds(hub_location: str | None, version: str) -> tuple:
    """The public and private testbeds of `version` from a hub (default: RAGBENCH_HUB)."""
    from .core.release.publishing import published_testbeds

    hub = Settings.from_env().hub.open(hub_location)
    try:
        tables = published_testbeds(hub, version)
    except HubError as exc:
        raise UsageError(str(exc)) from None
    if not tables:
        raise UsageError(f"{hub.describe()} has no testbeds at version {version}")
    return tables["public_testbeds"], tables["private_testbeds"]


def _refusal_phrase(args: argparse.Namespace) -> str:
    return args.refusal_phrase or Settings.from_env().pipeline.testbed_refusal_phrase


def cmd_testbeds_score(args: argparse.Namespace) -> int:
    public, private = load_testbeds(args.hub, args.version)
    replies = load_replies(args.responses, public)  # raises before anything is written
    scores = score_testbeds(
        public, private, replies, refusal_phrase=_refusal_phrase(args),
        error_phrases=tuple(args.error_phrase or DEFAULT_ERROR_PHRASES), samples=args.bootstrap, seed=args.seed,
        name=args.name or Path(args.responses).stem, version=args.version,
    )  # fmt: skip
    paths = write_testbed_scores(args.out, scores)
    missing = scores.metrics["missing_replies"]["count"]
    print(f"scored {scores.metrics['items']} testbed items of {args.version} ({missing} missing replies)")
    for line in headline_lines(scores.metrics):
        print(f"  {line}")
    print("wrote " + ", ".join(str(p) for p in paths.values()))
    return 0


def cmd_testbeds_baseline(args: argparse.Namespace) -> int:
    public, _ = load_testbeds(args.hub, args.version)
    replies = extractive_replies(public, refusal_phrase=_refusal_phrase(args))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({str(k): v for k, v in replies.items()}, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"wrote the extractive reader's replies to {len(replies)} testbed items of {args.version} to {out}")
    return 0


def _register_testbeds(sub) -> None:
    testbeds_p = sub.add_parser("testbeds", help="the RGB-style robustness testbeds of a release")
    commands = testbeds_p.add_subparsers(dest="testbeds_command", required=True)
    score_p = commands.add_parser("score", help="score replies {testbed id: reply} on a release's testbeds")
    score_p.add_argument("--hub", help=HUB_HELP)
    score_p.add_argument("--version", required=True, help="release version, e.g. 1.13.0")
    score_p.add_argument("--responses", required=True, help="JSON object {testbed id: reply text}")
    score_p.add_argument("--out", required=True, help="folder for testbeds.json and testbeds.html (and the section "
                         "in its report.html when `ragbench evaluate` wrote one there)")  # fmt: skip
    score_p.add_argument("--name", help="name of the run in reports (default: the file name)")
    score_p.add_argument("--bootstrap", type=int, default=DEFAULT_SAMPLES, help="bootstrap samples; 0 disables CIs")
    score_p.add_argument("--seed", type=int, default=0, help="seed of the bootstrap")
    score_p.add_argument("--refusal-phrase", help=f"phrase that marks a refusal (default: "
                         f"RAGBENCH_TESTBED_REFUSAL_PHRASE or «{TESTBED_REFUSAL_PHRASE}»)")  # fmt: skip
    score_p.add_argument("--error-phrase", action="append", help="phrase that flags factual errors in the documents "
                         f"(repeatable; default: {', '.join(DEFAULT_ERROR_PHRASES)})")  # fmt: skip
    score_p.set_defaults(func=_run_guarded(cmd_testbeds_score))
    baseline_p = commands.add_parser("baseline", help="write the offline extractive reader's replies")
    baseline_p.add_argument("--hub", help=HUB_HELP)
    baseline_p.add_argument("--version", required=True)
    baseline_p.add_argument("--out", required=True, help="replies JSON file to write")
    baseline_p.add_argument("--refusal-phrase", help="the reader's refusal (default as for score)")
    baseline_p.set_defaults(func=_run_guarded(cmd_testbeds_baseline))


def _scoring_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--k", default="5,10", help="cut-offs for the @k retrieval metrics (default 5,10)")
    parser.add_argument("--bootstrap", type=int, default=DEFAULT_SAMPLES, help="bootstrap samples; 0 disables CIs")
    parser.add_argument("--seed", type=int, default=0, help="seed of the bootstrap")
    parser.add_argument("--refusal-phrase", default=DEFAULT_REFUSAL_PHRASE, help="phrase that marks a refusal")
    parser.add_argument("--expect-refusal", help="public question ids that should be refused (comma-separated)")


def _run_guarded(func):
    """Bad input becomes a message on stderr and exit code 2, never a traceback."""

    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except (SubmissionError, UsageError, RunNotFoundError, IncomparableRunsError, GateConfigError,
                RunnerError, TestbedRepliesError) as exc:  # fmt: skip
            print(f"error: {exc}", file=sys.stderr)
            return BAD_INPUT

    return run


def register(sub) -> None:
    """Add the scoring subcommands to the `ragbench` parser's subparsers."""
    evaluate_p = sub.add_parser("evaluate", help="score a submission on a release")
    evaluate_p.add_argument("--hub", help=HUB_HELP)
    evaluate_p.add_argument("--version", required=True, help="release version, e.g. 1.13.0")
    evaluate_p.add_argument("--submission", required=True, help="JSON submission file")
    evaluate_p.add_argument("--out", required=True, help="folder for metrics.json, per_question.parquet, reports")
    evaluate_p.add_argument("--name", help="name of the run in reports (default: the file name)")
    _scoring_options(evaluate_p)
    _llm_metric_options(evaluate_p)
    evaluate_p.set_defaults(func=_run_guarded(cmd_evaluate))

    compare_p = sub.add_parser("compare", help="paired comparison of two scored runs (folders from evaluate)")
    compare_p.add_argument("run_a")
    compare_p.add_argument("run_b")
    compare_p.add_argument("--scope", default="overall", help="overall or a question type")
    compare_p.add_argument("--metric", action="append", help="only this metric (repeatable)")
    compare_p.add_argument("--alpha", type=float, default=DEFAULT_ALPHA, help="significance level (default 0.05)")
    compare_p.add_argument("--bootstrap", type=int, default=DEFAULT_SAMPLES)
    compare_p.add_argument("--permutations", type=int, default=2000)
    compare_p.add_argument("--json", action="store_true", help="machine-readable output")
    compare_p.set_defaults(func=_run_guarded(cmd_compare))

    gate_p = sub.add_parser("gate", help="exit 1 when a metric is under its threshold (CI quality gate)")
    gate_p.add_argument("run", help="a scored run folder")
    gate_p.add_argument("--thresholds", required=True, help="YAML/JSON: {use: ci_low|value, thresholds: {...}}")
    gate_p.add_argument("--use", choices=["ci_low", "value"], help="override the file's 'use'")
    gate_p.set_defaults(func=_run_guarded(cmd_gate))

    baseline_p = sub.add_parser("baseline", help="write the offline BM25 baseline's submission for a release")
    baseline_p.add_argument("--hub", help=HUB_HELP)
    baseline_p.add_argument("--version", required=True)
    baseline_p.add_argument("--out", required=True, help="submission JSON file to write")
    baseline_p.add_argument("--top-k", type=int, default=DEFAULT_TOP_K, help="texts per question (default 10)")
    baseline_p.set_defaults(func=_run_guarded(cmd_baseline))

    board_p = sub.add_parser(
        "leaderboard", help="score every submission in SUBMISSIONS/VERSION/*.json and the baseline"
    )
    board_p.add_argument("--hub", help=HUB_HELP)
    board_p.add_argument("--version", required=True)
    board_p.add_argument("--submissions", required=True, help="folder with one subfolder per version")
    board_p.add_argument("--out", required=True)
    _scoring_options(board_p)
    board_p.set_defaults(func=_run_guarded(cmd_leaderboard))

    run_p = sub.add_parser("run", help="run a generator (OpenAI-compatible endpoint) on a release: a submission")
    _run_options(run_p)
    run_p.set_defaults(func=_run_guarded(cmd_run))
    _register_testbeds(sub)
