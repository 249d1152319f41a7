"""Reading a date span's month and day, and how near two days are."""

import pytest

from phiscrub.detect.rules import parse_patterns
from phiscrub.detect.rules.near_dates import DAY_FIRST, Anchors, anchors, month_day, near
from phiscrub.errors import ConfigError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2/19/2099", (2, 19)),
        ("Thursday 2/12/2099", (2, 12)),
        ("1/8", (1, 8)),
        ("2101-04-19 17:35", (4, 19)),
        ("07.13.2002", (7, 13)),
        ("May 10, 2108", (5, 10)),
        ("10-May-2108", (5, 10)),
        ("the 3rd of May, 2104", (5, 3)),
        ("Sept. 4", (9, 4)),
        ("13/03/2104", DAY_FIRST),
        ("06/2099", None),  # a month and year: no day
        ("2099", None),
        ("Monday", None),
        ("2/30", None),  # no such day
    ],
)
def test_month_day(text, expected):
    assert month_day(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3/4/2104", (4, 3)),
        ("13/03/2104", (3, 13)),
        ("2/9", (9, 2)),
        ("2104-03-13", (3, 13)),  # ISO: year, month, day whatever the note's order
        ("3 May 2104", (5, 3)),
        ("1/13", None),  # no 13th month
    ],
)
def test_month_day_read_day_first(text, expected):
    assert month_day(text, day_first=True) == expected


def test_anchors_are_days_of_the_year():
    assert anchors(["1/8", "2099", "Feb 2, 2099"]) == [8, 33]
    assert anchors(["1/8", "13/03/2104"]) == [8]  # month first: the day-first date is unread
    assert anchors(["1/8", "13/03/2104"], day_first=True) == [213, 72]


def test_a_note_that_writes_one_date_day_first_is_read_day_first():
    days = Anchors.of(["1/8", "13/03/2104"])
    assert days.day_first and days.days == [72, 213]
    assert days.near("12/3", 31) and not days.near("3/12", 31)
    us = Anchors.of(["1/8", "03/13/2104"])
    assert not us.day_first and us.days == [8, 72]
    assert us.near("3/12", 31) and not us.near("12/3", 31)
    days.add(["2/9"])
    assert days.days == [72, 213, 245]
    assert not Anchors.of(["2099"])


def test_anchors_hold_each_day_once():
    # a log of many dates checks a match against each day of the year at most once
    days = Anchors.of(["1/8/2101", "1/8/2102", "01/08/2103", "2/9"])
    assert days.days == [8, 40]
    days.add(["2/9", "1/8"])
    assert days.days == [8, 40]


def test_near_counts_days_across_the_turn_of_the_year():
    assert near("12/28", [3], 31)  # Dec 28 is 10 days before Jan 3
    assert near("2/3", [8], 31) and not near("3/3", [8], 31)
    assert not near("14/03", [73], 31)  # written day first: not read month first
    assert near("14/03", [73], 31, day_first=True)
    assert not near("2/3", [], 31)


def test_near_date_is_a_pattern_setting_in_range():
    head = '[[pattern]]\nname = "d"\nlabel = "DATE"\nregex = "\\\\d/\\\\d"\n'
    (pattern,) = parse_patterns(head + "near_date = 31\n", "t.toml")
    assert pattern.spec.near_date == 31
    with pytest.raises(ConfigError, match="near_date"):
        parse_patterns(head + "near_date = 400\n", "t.toml")
