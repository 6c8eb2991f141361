"""Month arithmetic and the per-month seeds."""

from datetime import UTC, datetime

from dagster_project.core.common.months import Month, seed_for


def test_month_arithmetic_and_seeds():
    assert Month(2025, 1).previous() == Month(2024, 12)
    assert Month(2024, 12).next() == Month(2025, 1)
    assert Month(2025, 9).contains(datetime(2025, 9, 30, 23, 59, tzinfo=UTC))
    assert not Month(2025, 9).contains(datetime(2025, 10, 1, tzinfo=UTC))
    assert seed_for("2025-09-01", "x") == seed_for("2025-09-01", "x")
    assert seed_for("2025-09-01", "x") != seed_for("2025-10-01", "x")
