"""Reading a date span's month and day, and how near two days are."""

import pytest

from phiscrub.detect.rules import parse_patterns
from phiscrub.detect.rules.near_dates import DAY_FIRST, anchors, month_day, near
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


def test_anchors_are_days_of_the_year_and_none_in_a_note_that_writes_days_first():
    assert anchors(["1/8", "2099", "Feb 2, 2099"]) == [8, 33]
    assert anchors(["1/8", "13/03/2104"]) == []


def test_near_counts_days_across_the_turn_of_the_year():
    assert near("12/28", [3], 31)  # Dec 28 is 10 days before Jan 3
    assert near("2/3", [8], 31) and not near("3/3", [8], 31)
    assert not near("14/03", [73], 31)  # written day first: never read
    assert not near("2/3", [], 31)


def test_near_date_is_a_pattern_setting_in_range():
    head = '[[pattern]]\nname = "d"\nlabel = "DATE"\nregex = "\\\\d/\\\\d"\n'
    (pattern,) = parse_patterns(head + "near_date = 31\n", "t.toml")
    assert pattern.spec.near_date == 31
    with pytest.raises(ConfigError, match="near_date"):
        parse_patterns(head + "near_date = 400\n", "t.toml")
