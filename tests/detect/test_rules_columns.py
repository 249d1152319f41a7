"""A month and day read as a date where a date stands in its column of a table."""

import pytest

from phiscrub.detect.rules import RuleDetector, parse_patterns
from phiscrub.detect.rules.columns import Columns
from phiscrub.document import Document
from phiscrub.errors import ConfigError

LINE_LIST = (
    "LINE LIST   Updated 2/9/2106\n"
    "Name            Rm    Onset    Stool\n"
    "Pelletier, A    112   2/3      2/4 pos\n"
    "Hutchins, M     118   2/4      2/4 pos\n"
    "Oyelaran, G     204   2/5      not sent\n"
    "Kessler, R      115   2/6      2/6 pending\n"
)


def _at(text: str, needle: str, nth: int = 0) -> int:
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    return at


def test_a_match_under_a_date_at_the_same_offset_is_aligned():
    dates = [_at(LINE_LIST, "2/3"), _at(LINE_LIST, "2/4")]
    columns = Columns(LINE_LIST, dates)
    assert columns.aligned(_at(LINE_LIST, "2/5"))
    assert not columns.aligned(_at(LINE_LIST, "204"))  # another column of the row


def test_a_cell_of_a_tab_separated_table_is_a_column_too():
    text = "Date\tINR\n6/2/2104\t1.8\n6/5\t2.4\n"
    columns = Columns(text, [_at(text, "6/2/2104")])
    assert columns.aligned(_at(text, "6/5"))
    assert not columns.aligned(_at(text, "2.4"))


def test_lines_of_prose_are_no_table():
    text = "3/4/2101 exam:\n5/5 strength throughout\n"
    columns = Columns(text, [0])
    assert not columns  # the date's line holds one cell
    text = "3/4/2101   exam   normal\n5/5 strength throughout\n"
    assert not Columns(text, [0]).aligned(_at(text, "5/5"))


def test_a_date_too_far_above_is_no_column():
    text = "2/3/2106   pos\n\n\n\n\n2/5        pos\n"
    assert not Columns(text, [0]).aligned(_at(text, "2/5"))


def test_the_english_pack_reads_a_line_list_s_grades_as_days():
    spans = RuleDetector("en").detect(Document("t", LINE_LIST))
    dates = {(s.start, LINE_LIST[s.start : s.end]) for s in spans if s.label == "DATE"}
    assert (_at(LINE_LIST, "2/5"), "2/5") in dates
    assert (_at(LINE_LIST, "2/6"), "2/6") in dates
    assert (_at(LINE_LIST, "2/6", 1), "2/6") in dates


@pytest.mark.parametrize(
    "text",
    [
        # a motor exam's grades in their own column beside the dates' column
        "Date        Deltoid   Biceps\n3/4/2106    5/5       4/5\n3/5         5/5       5/5\n",
        # a note that writes its days first gives no anchors
        "Seen 13/03/2106\nDay      Pain\n12/03    3/10\n2/5      4/10\n",
    ],
)
def test_grades_beside_or_without_a_column_of_days_stay_grades(text):
    spans = RuleDetector("en").detect(Document("t", text))
    assert not any(
        s.label == "DATE" and text[s.start : s.end] in ("5/5", "4/5", "2/5") for s in spans
    )


def test_column_is_a_pattern_setting():
    head = '[[pattern]]\nname = "x"\nlabel = "DATE"\nregex = "\\\\d/\\\\d"\n'
    (pattern,) = parse_patterns(head + "column = true\nnear_date = 31\n", "t.toml")
    assert pattern.spec.column
    with pytest.raises(ConfigError, match="column"):
        parse_patterns(head + 'column = "yes"\n', "t.toml")


def test_a_long_line_of_cells_is_read_once():
    """Each line's cells are split once: a 200,000-character row of days and grades (16,000
    matches on it) finishes inside the rule detector's budget (it read the line again for
    every match, and took minutes)."""
    text = "2/3/2106   2/5   2/6   x   " * 8000
    detector = RuleDetector("en", time_budget=2.0)
    spans = detector.detect(Document("t", text))
    assert sum(s.label == "DATE" for s in spans) >= 8000
