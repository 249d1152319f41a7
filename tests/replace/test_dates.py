import datetime as dt

import pytest

from phiscrub.replace.dates import MONTHS, DateShifter, safe_shifts
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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2091-03-14T10:00", "2090-02-07T10:00"),
        ("March 14 and 16, 2091", "February 7 and 9, 2090"),
        ("3/14-3/16/2091", "2/7-2/9/2090"),
        ("14-16 March", "8-10 February"),
        ("14th-16th March 2091", "7th-9th February 2090"),
        ("the 23rd of July", "the 19th of June"),
        ("14.03.2091", "07.02.2090"),
        ("07.13.2002", "06.08.2001"),
        ("14-MAR-91", "7-FEB-90"),
        ("Mar 14 '91", "Feb 7 '90"),
        ("20910314", "20900207"),
        ("03/14/2091 at 10:30 am", "02/07/2090 at 10:30 am"),
        ("March 2090 to April 2091", "February 2089 to March 2090"),
        ("2090-2091", "2089-2090"),
        ("Monday, March 14, 2091", "Tuesday, February 7, 2090"),
    ],
)
def test_more_english_forms_and_ranges_shift_every_part_alike(text, expected):
    assert EN.shift(text, -400) == expected


@pytest.mark.parametrize(
    ("shifter", "text", "expected"),
    [
        (EN, "3 de marzo de 2019", "27 de enero de 2018"),  # Spanish names under any pack
        (ES, "del 3 al 5 de marzo de 2019", "del 27 al 29 de enero de 2018"),
        (ES, "5 de febrero", "1 de enero"),
        (ES, "05/10/2108", "01/09/2107"),  # day first in Spanish
        (EN, "Miércoles 3 de marzo", "Martes 28 de enero"),  # weekday alone: by days % 7
    ],
)
def test_spanish_names_are_read_under_either_pack_and_written_in_spanish(shifter, text, expected):
    assert shifter.shift(text, -400) == expected


def test_a_shift_that_would_keep_a_day_month_or_weekday_reads_as_unshiftable():
    assert EN.shift("March 14, 2091", -365) is None  # 14 March 2090: the day stays
    assert EN.shift("Tuesday", -14) is None
    assert EN.shift("March 2091", -5) is None  # the month stays


def test_lenient_reading_passes_over_words_that_are_not_dates():
    assert EN.shift("Collected: 05/10/2108", -400) is None
    assert EN.shift("Collected: 05/10/2108", -400, lenient=True) == "Collected: 04/06/2107"


def test_safe_shifts_change_day_month_year_and_weekday_of_every_date():
    shifts = safe_shifts(-730, -366)
    assert len(shifts) == 220 and min(shifts) == -698 and max(shifts) == -398
    days = [dt.date(1999, 1, 1) + dt.timedelta(days=n) for n in range(3 * 366)]
    days += [dt.date(2099, 1, 1) + dt.timedelta(days=n) for n in range(3 * 366)]
    for shift in shifts:
        for day in days:
            new = day + dt.timedelta(days=shift)
            assert new.day != day.day and new.month != day.month and new.year != day.year
            assert new.weekday() != day.weekday()
    assert -400 in shifts and -365 not in shifts and -399 not in shifts  # -399 = 57 weeks
    assert safe_shifts(-60, -30) == ()


def test_disguise_changes_every_name_and_digit_but_times():
    from phiscrub.replace.keys import SecretKey

    rng = SecretKey(b"k" * 32, "test").stream("x")
    text = "week 123 of March, 2091 at 17:35"  # a three-digit number: unreadable even leniently
    assert EN.shift(text, -400, lenient=True) is None
    out = EN.disguise(text, -400, rng)
    assert out.startswith("week ") and out.endswith(", 2090 at 17:35")
    week, month = out.split()[1], out.split()[3].rstrip(",")
    assert len(week) == 3 and all(a != b for a, b in zip(week, "123", strict=True))
    assert month != "March" and month in {m.capitalize() for m in MONTHS["en"]}
