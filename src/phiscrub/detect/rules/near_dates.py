"""The month and day a date span gives, and how far apart two such days are.

A month and day alone ("1/8", "9/13") is a date or a fraction, and no cue tells which in a
column of a log ("1/8    2.1   5 mg daily") or after a test's name ("IGRA 5/11 negative"). A
note that writes the dates around it tells: a pattern marked ``near_date`` keeps a match only
where a date the other patterns found in the same note falls within that many days of it,
or one such a match found (read once more, for a column of days that runs further back).
A note that writes a day before its month in any of its dates ("13/03/2104") is read day
first throughout: its anchors and its fractions ("IGRA 12/3 neg" is the 12th of March there).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

import regex

from phiscrub.detect.rules.validators import MONTH_NUMBERS

_NUMERIC = regex.compile(r"(?<!\d)(\d{1,4})([-/.])(\d{1,2})(?!\d)(?:\2(\d{2,4})(?!\d))?")
_NAMED = regex.compile(
    r"(?i)(?:(?P<m1>[a-z]{3,9})\.?[ ]+(?P<d1>\d{1,2})(?!\d)|(?<!\d)(?P<d2>\d{1,2})"
    r"(?:st|nd|rd|th)?(?:[ ]+of)?[ -]+(?P<m2>[a-z]{3,9})\b)"
)
DAY_FIRST = (0, 0)
"""What :func:`month_day` gives a date written day first: the note's other days are too."""


def _day_of_year(month: int, day: int) -> int | None:
    try:
        return dt.date(2001, month, day).timetuple().tm_yday
    except ValueError:
        return None


def month_day(text: str, day_first: bool = False) -> tuple[int, int] | None:
    """The (month, day) a date span's text gives, :data:`DAY_FIRST` when it is written with
    the day before the month in numbers ("13/03/2104"), or None (a year, a weekday).
    With ``day_first``, numbers are read day first ("3/4/2104" is the 3rd of April)."""
    numeric = _NUMERIC.search(text)
    if numeric is not None:
        first, _, second, third = numeric.groups()
        a, b = int(first), int(second)
        if len(first) == 4:  # 2104-03-13
            return (b, int(third)) if third else None
        if len(first) > 2:
            return None
        if day_first:
            return (b, a) if _day_of_year(b, a) else None
        if a > 12 and b <= 12:
            return DAY_FIRST
        return (a, b) if _day_of_year(a, b) else None
    for named in _NAMED.finditer(text, overlapped=True):  # "the 3rd of May": not "the 3"
        month = MONTH_NUMBERS.get((named.group("m1") or named.group("m2")).lower())
        day = int(named.group("d1") or named.group("d2"))
        if month and _day_of_year(month, day):
            return month, day
    return None


def writes_day_first(texts: Iterable[str]) -> bool:
    """Whether one of the dates ``texts`` is written with its day first ("13/03/2104"): the
    note's other dates in numbers are then read day first too."""
    return any(month_day(text) == DAY_FIRST for text in texts)


def anchors(texts: Iterable[str], day_first: bool = False) -> list[int]:
    """The days of the year the dates ``texts`` give, read day first with ``day_first``."""
    days: list[int] = []
    for text in texts:
        found = month_day(text, day_first)
        if found is not None and found != DAY_FIRST:
            day = _day_of_year(*found)
            if day is not None:
                days.append(day)
    return days


def near(text: str, days: list[int], within: int, day_first: bool = False) -> bool:
    """Whether the month and day ``text`` gives (month first, or day first with
    ``day_first``) fall within ``within`` days of one of ``days``, across the turn of the
    year."""
    found = month_day(text, day_first)
    if found is None or found == DAY_FIRST:
        return False
    day = _day_of_year(*found)
    if day is None:
        return False
    return any(min(abs(day - other), 365 - abs(day - other)) <= within for other in days)


@dataclass
class Anchors:
    """The days of the year of a note's dates, each once (a log of thousands of dates has at
    most 366 of them, so a match is checked against no more), and whether the note writes its
    days first (its fractions are then read day first too)."""

    days: list[int]
    day_first: bool = False

    @classmethod
    def of(cls, texts: Iterable[str]) -> Anchors:
        """The anchors of a note's dates ``texts``."""
        texts = list(texts)
        day_first = writes_day_first(texts)
        return cls(sorted(set(anchors(texts, day_first))), day_first)

    def add(self, texts: Iterable[str]) -> None:
        """Adds the days of more dates, read as the note's are."""
        self.days = sorted(set(self.days).union(anchors(texts, self.day_first)))

    def near(self, text: str, within: int) -> bool:
        """Whether ``text``'s month and day fall within ``within`` days of an anchor."""
        return near(text, self.days, within, self.day_first)

    def __bool__(self) -> bool:
        return bool(self.days)
