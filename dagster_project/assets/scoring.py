"""scoring: the month's leaderboard. Scores the offline baseline and every submission placed in
<RAGBENCH_SUBMISSIONS_DIR>/<version>/*.json against the published release."""

import pandas as pd
from dagster import AssetExecutionContext, MetadataValue, Output, ResourceParam, asset

from ..core.release.hub.base import Hub, ReleaseNotFoundError
from ..core.release.publishing import latest_revision
from ..core.scoring.evaluate import ScoringConfig
from ..core.scoring.leaderboard import PRIMARY_METRIC, build_leaderboard, leaderboard_markdown, submissions_for
from ..core.scoring.submission import gold_from_release
from ..partitions import monthly_partitions
from ..resources import ScoringSettings, StorageResource
from ._common import markdown_table, month_of, table_metadata


@asset(
    group_name="scoring",
    partitions_def=monthly_partitions,
    kinds={"python", "parquet"},
    deps=["published_release"],
    description="Leaderboard of the month's release: the offline BM25 baseline and every submission in "
    "RAGBENCH_SUBMISSIONS_DIR/<version>/*.json, scored without an LLM judge, with 95% bootstrap CIs. "
    "Writes leaderboard.md/.html and one scored run per submission under the storage root.",
)
def leaderboard(
    context: AssetExecutionContext, hub: ResourceParam[Hub], storage: StorageResource, scoring: ScoringSettings
) -> Output[pd.DataFrame]:
    month = month_of(context)
    version = latest_revision(hub, month) or month.version  # a revised month is scored on its latest revision
    try:
        release = hub.load_release(version)
    except ReleaseNotFoundError as exc:
        raise RuntimeError(f"release {version} is not published; materialize published_release first") from exc
    gold = gold_from_release(version, release)
    out_dir = storage.path("leaderboard", context.partition_key)
    config = ScoringConfig(bootstrap_samples=scoring.bootstrap_samples)
    board = build_leaderboard(gold, release["public_questions"], scoring.submissions_dir, out_dir, config)
    for name, problem in board.failures[:10]:
        context.log.warning(f"leaderboard: invalid submission {name}: {problem}")
    submitted = submissions_for(scoring.submissions_dir, version)
    failures = pd.DataFrame(board.failures, columns=["submission", "problem"])
    return Output(
        board.table,
        metadata=table_metadata(
            board.table,
            ["rank", "submission", "status", PRIMARY_METRIC, "vs_baseline"],
            version=MetadataValue.text(version),
            leaderboard=MetadataValue.md(leaderboard_markdown(board, PRIMARY_METRIC)),
            html=MetadataValue.path(str(out_dir / "leaderboard.html")),
            submissions_found=MetadataValue.int(len(submitted)),
            invalid_submissions=MetadataValue.int(int((~board.table["status"].str.startswith("ok")).sum())),
            failures_preview=MetadataValue.md(markdown_table(failures)),
        ),
    )
