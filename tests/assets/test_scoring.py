"""The monthly job scores the baseline into the leaderboard."""

from tests.conftest import SAMPLE_MONTH


def test_leaderboard_asset_ran_in_the_monthly_job(materialized_month):
    materializations = materialized_month.result.asset_materializations_for_node("leaderboard")
    assert materializations, "the monthly job did not materialize the leaderboard"
    metadata = materializations[0].metadata
    assert "baseline-bm25" in metadata["leaderboard"].value
    board = materialized_month.data_dir / "leaderboard" / SAMPLE_MONTH.key / "leaderboard.html"
    assert board.exists()
