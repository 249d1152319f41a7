import datetime as dt

import pytest

from phiscrub.replace.dates import DateShifter
from phiscrub.replace.packs import language_pack

EN = DateShifter(language_pack("en"))
ES = DateShifter(language_pack("es"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3/4/19", "1/23/19"),
        ("03/14/2091", "02/02/2091"),
        ("2019-03-04", "2019-01-23"),
        ("2019-3-4", "2019-1-23"),
        ("March 4th, 2019", "January 23rd, 2019"),
        ("MARCH 4, 2019", "JANUARY 23, 2019"),
        ("Sept. 3, 2019", "Jul. 25, 2019"),
        ("4 March 2019", "23 January 2019"),
        ("Tuesday, March 4, 2019", "Wednesday, January 23, 2019"),
        ("3/4/2019 10:30", "1/23/2019 10:30"),
        ("03/2015", "02/2015"),  # month and year: through the 15th
        ("12-2019", "11-2019"),
        ("March 2019", "February 2019"),
        ("Tuesday", "Thursday"),
        ("the 29th", "the 20th"),
        ("12/25", "11/15"),
    ],
)
def test_english_formats_shift_by_40_days_back(text, expected):
    assert EN.shift(text, -40) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 de marzo de 2015", "22 de enero de 2015"),
        ("03/03/1946", "22/01/1946"),
        ("marzo de 2015", "febrero de 2015"),
        ("lunes", "miércoles"),
    ],
)
def test_spanish_formats(text, expected):
    assert ES.shift(text, -40) == expected


@pytest.mark.parametrize(
    "text", ["Christmas", "summer of 2019", "02/30/2019", "2019-13-01", "13/2015"]
)
def test_unreadable_dates_return_none(text):
    assert EN.shift(text, -40) is None


def test_intervals_between_dates_survive_across_formats():
    shift = -117
    first = EN.shift("March 4th, 2019", shift)
    second = EN.shift("2019-03-18", shift)
    a = dt.datetime.strptime(
        first.replace("th", "").replace("rd", "").replace("st", "").replace("nd", ""), "%B %d, %Y"
    ).date()
    b = dt.date.fromisoformat(second)
    assert (b - a).days == 14
