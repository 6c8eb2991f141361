"""Months as the unit of work: partition keys, time windows and release versions.

A partition key is the first day of the month ("2025-09-01"). The version of month M is
1.N.0 with N the number of whole months from 2024-08 to M, so 2024-08 -> 1.0.0 and
2025-06 -> 1.10.0. A month republished with different data becomes a revision 1.N.1, 1.N.2, ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime

FIRST_MONTH = date(2024, 8, 1)
_VERSION_RE = re.compile(r"^1\.(\d+)\.(\d+)$")


@dataclass(frozen=True, order=True)
class Month:
    year: int
    month: int

    @classmethod
    def parse(cls, value: str) -> Month:
        """Accept exactly "YYYY-MM" or the partition key "YYYY-MM-01"; nothing else, no trailing text."""
        match = re.fullmatch(r"(\d{4})-(\d{2})(?:-01)?", value.strip()) if isinstance(value, str) else None
        if not match:
            raise ValueError(f"not a month: {value!r} (expected YYYY-MM, e.g. 2025-09)")
        year, month = int(match.group(1)), int(match.group(2))
        if not 1 <= month <= 12:
            raise ValueError(f"not a month: {value!r} (the month must be 01..12)")
        return cls(year, month)

    @classmethod
    def of(cls, moment: datetime | date) -> Month:
        return cls(moment.year, moment.month)

    @property
    def key(self) -> str:
        """The Dagster partition key: the first day of the month."""
        return f"{self.year:04d}-{self.month:02d}-01"

    @property
    def label(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    def start(self) -> datetime:
        return datetime(self.year, self.month, 1, tzinfo=UTC)

    def end(self) -> datetime:
        """Exclusive end: the first instant of the next month."""
        return self.next().start()

    def contains(self, moment: datetime) -> bool:
        if moment.tzinfo is None:
            raise ValueError("naive datetimes are ambiguous; give a timezone")
        return self.start() <= moment.astimezone(UTC) < self.end()

    def next(self) -> Month:
        return Month(self.year + self.month // 12, self.month % 12 + 1)

    def previous(self) -> Month:
        return Month(self.year - (self.month == 1), 12 if self.month == 1 else self.month - 1)

    def months_since_first(self) -> int:
        return (self.year - FIRST_MONTH.year) * 12 + (self.month - FIRST_MONTH.month)

    @property
    def version(self) -> str:
        n = self.months_since_first()
        if n < 0:
            raise ValueError(f"{self.label} is before the first benchmark month {FIRST_MONTH:%Y-%m}")
        return f"1.{n}.0"

    def revision(self, number: int) -> str:
        """Revision `number` of this month's version: 0 is the first publication (1.N.0)."""
        if number < 0:
            raise ValueError(f"not a revision number: {number}")
        return f"1.{self.months_since_first()}.{number}" if number else self.version

    def __str__(self) -> str:
        return self.label


def month_of_version(version: str) -> Month:
    """The month of a version or of any of its revisions: 1.13.0 and 1.13.2 are both 2025-09."""
    match = _VERSION_RE.match(version)
    if not match:
        raise ValueError(f"not a benchmark version: {version!r} (expected 1.N.0, or a revision 1.N.R)")
    n = int(match.group(1))
    return Month(FIRST_MONTH.year + (FIRST_MONTH.month - 1 + n) // 12, (FIRST_MONTH.month - 1 + n) % 12 + 1)


def revision_of_version(version: str) -> int:
    """1.13.0 -> 0, 1.13.2 -> 2."""
    month_of_version(version)
    return int(version.rsplit(".", 1)[1])


def version_sort_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def seed_for(partition_key: str, purpose: str) -> int:
    """A deterministic seed per month and purpose: the same month always samples the same way."""
    import hashlib

    return int(hashlib.sha256(f"{partition_key}:{purpose}".encode()).hexdigest()[:8], 16)
