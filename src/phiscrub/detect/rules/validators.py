"""Validators: checks a candidate match must pass to be kept (named in pattern files)."""

from __future__ import annotations

import datetime as dt
import ipaddress
import re
from collections.abc import Callable

from phiscrub.text.frequency import zipf

_DIGITS = re.compile(r"\d")
_NUMERIC_DATE = re.compile(r"^(\d{1,4})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{1,4})$")


def _digits(text: str) -> str:
    return "".join(_DIGITS.findall(text))


def _exists(year: int, month: int, day: int) -> bool:
    try:
        dt.date(year, month, day)
    except ValueError:
        return False
    return 1850 <= year <= 2199  # i2b2-style corpora shift dates into the 2100s


def _year(value: str) -> int:
    number = int(value)
    return number if len(value) == 4 else (2000 + number if number <= 30 else 1900 + number)


def date_numeric(text: str) -> bool:
    """A numeric date that exists, read as year-month-day, day-month-year or month-day-year,
    with one separator throughout ("2-3/10" is a score, not a date)."""
    match = _NUMERIC_DATE.match(text.strip())
    if not match:
        return False
    a, _, b, c = match.groups()
    if len(a) == 4:  # year first: the day has one digit or two ("2091-3-4")
        return len(c) <= 2 and _exists(int(a), int(b), int(c))
    if len(a) > 2 or len(c) not in (2, 4):  # the year last: two digits or four
        return False
    year = _year(c)
    return _exists(year, int(b), int(a)) or _exists(year, int(a), int(b))


def year(text: str) -> bool:
    digits = _digits(text)
    return len(digits) == 4 and 1900 <= int(digits) <= 2199


def year_range(text: str) -> bool:
    """Two years 1900-2199, the second later and at most 60 years on ("2081-2085"), or at most
    10 when it is written with two digits ("2095-96", "2099-01"), that are not a range of clock
    times on the quarter hour ("1900-2100": a shift)."""
    first, _, second = text.replace("–", "-").partition("-")
    a, b = _digits(first), _digits(second)
    most = 60
    if len(a) == 4 and len(b) == 2:
        end = int(a[:2] + b)
        b, most = str(end if end > int(a) else end + 100), 10
    if len(a) != 4 or len(b) != 4 or not (year(a) and year(b)) or not 0 < int(b) - int(a) <= most:
        return False
    clock = all(int(t[:2]) <= 23 and t[2:] in ("00", "15", "30", "45") for t in (a, b))
    return not clock


def ssn(text: str) -> bool:
    """US SSN rules: area not 000, 666 or 900-999; group not 00; serial not 0000."""
    digits = _digits(text)
    if len(digits) != 9:
        return False
    area, group, serial = int(digits[:3]), int(digits[3:5]), int(digits[5:])
    return area not in (0, 666) and area < 900 and group != 0 and serial != 0


def ssn_shape(text: str) -> bool:
    """Nine digits, any area: after an SSN cue the number is PHI even when its area was never
    issued (666, 9xx: test records, typos, data shifted for de-identification)."""
    return len(_digits(text)) == 9


def luhn(text: str) -> bool:
    digits = _digits(text)
    if len(digits) < 12:
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        n = int(d) * (2 if i % 2 else 1)
        total += n - 9 if n > 9 else n
    return total % 10 == 0


_EXTENSION = re.compile(r"(?i)x|ext")


def phone_us(text: str) -> bool:
    """Ten digits (or eleven with a leading 1), not all the same, area code not starting 0.

    Exchanges are not checked against the numbering plan: notes hold fictional and mistyped
    numbers too, and a missed phone costs more than a redacted non-phone.
    """
    digits = _digits(_EXTENSION.split(text, maxsplit=1)[0])
    if len(digits) == 11 and digits[0] == "1":
        digits = digits[1:]
    return len(digits) == 10 and digits[0] != "0" and len(set(digits)) > 1


def phone_national(text: str) -> bool:
    """A national number with its trunk prefix 0: 9 to 11 digits, not all the same after the
    0, and not a date or a time."""
    digits = _digits(text)
    return 9 <= len(digits) <= 11 and len(set(digits[1:])) > 1 and not _is_date_or_time(text)


def phone_es(text: str) -> bool:
    """Nine digits starting 6, 7, 8 or 9, after an optional +34 / 0034 prefix."""
    digits = _digits(text)
    for prefix in ("0034", "34"):
        if len(digits) == 9 + len(prefix) and digits.startswith(prefix):
            digits = digits[len(prefix) :]
    return len(digits) == 9 and digits[0] in "6789"


def ipv4(text: str) -> bool:
    try:
        ipaddress.IPv4Address(text.strip())
    except ValueError:
        return False
    return True


def age(text: str) -> bool:
    digits = _digits(text)
    return bool(digits) and len(digits) <= 3 and int(digits) <= 125


def postal_code_es(text: str) -> bool:
    """A Spanish postal code: five digits whose first two (the province) are 01-52."""
    digits = _digits(text)
    return len(digits) == 5 and 1 <= int(digits[:2]) <= 52


def zip_us(text: str) -> bool:
    digits = _digits(text)
    return len(digits) in (5, 9) and digits[:5] != "00000"


_TIME = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?$")
_COMPACT_DATE = re.compile(r"^(\d{4})(\d{2})(\d{2})$")
_UNIT_END = re.compile(
    r"\d(?:MG|MCG|UG|NG|ML|DL|KG|G|L|MM|CM|M|IU|U|UNITS?|MEQ|MMOL|MOL|HRS?|H|MINS?|SEC|X|MHZ|"
    r"GHZ|KB|MB|GB|TB|PX|DPI|V|W|KW|MA|MV|HZ|K|BPM|PPM|PCT)$"
)


_LETTERS = re.compile(r"[A-Za-z]+")
# Gravidity and parity ("G3P2002", "G2P1A1", "G4P3L3"): a history, not an identifier.
_OBSTETRIC = re.compile(r"^G\d{1,2}P\d{1,4}(?:(?:A|AB|L|T|SAB|TAB|E)\d{1,2})*$")
# a size by its sides ("nail 11X180", "10X12X3CM", "4.5X30"): what an implant or a lesion
# measures, not an identifier
_DIMENSIONS = re.compile(r"^\d{1,4}(?:\.\d{1,2})?(?:X\d{1,4}(?:\.\d{1,2})?){1,2}(?:MM|CM|M)?$")
TRIAL_REGISTRATION = re.compile(r"NCT\d{8}")  # ClinicalTrials.gov's: a trial's, no one's
_FISCAL_YEAR = re.compile(
    r"^(?:FY|CY|Q[1-4]|(?:MID|EARLY|LATE|PRE|POST)-)(?:19|20|21)\d{2}$"
)  # a year, read as one (FY2085, MID-2104)
MONTH_NUMBERS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
"""English months' names and short names, lower case, and their numbers."""
_MONTHS = frozenset(MONTH_NUMBERS)


def _is_date_or_time(text: str) -> bool:
    words = _LETTERS.findall(text)
    if words and all(w.lower() in _MONTHS for w in words):  # 26-SEP-2013
        return True
    compact = _COMPACT_DATE.match(text)
    if compact and _exists(*(int(g) for g in compact.groups())):
        return True
    return date_numeric(text) or bool(_TIME.match(text))


def id_value(text: str) -> bool:
    """An identifier after its cue: three digits at least, and not a date or a time of day."""
    return len(_digits(text)) >= 3 and not _is_date_or_time(text)


def id_shaped(text: str) -> bool:
    """An identifier without a cue.

    Letters with digits: at least four digits, six characters, and not a dose or measure
    (``500MG``, ``10X``), a size (``11X180``), a pregnancy count (``G3P2002``), a fiscal year
    or part of a year (``FY2085``, ``MID-2104``) or a trial's public registration number
    (``NCT05123456``).
    Digits alone: seven or more without a separator (not a compact date or a US phone
    number), or seven or more around a slash with five on one side (not a date or a blood
    pressure), or seven or more in three groups joined by dashes (``33-19-882``); two
    groups are a range (``1200-1500``), and a phone's, an SSN's or a ZIP's shape is left to
    their rules.
    """
    text = text.lstrip("#").strip()
    digits = len(_digits(text))
    letters = sum(c.isalpha() for c in text)
    if _is_date_or_time(text) or _OBSTETRIC.match(text) or _FISCAL_YEAR.match(text):
        return False
    if _DIMENSIONS.match(text.upper()):
        return False
    if TRIAL_REGISTRATION.fullmatch(text):
        return False
    if letters:
        return digits >= 4 and len(text) >= 6 and not _UNIT_END.search(text)
    if "-" in text:
        groups = [len(group) for group in text.split("-")]
        ssn_shape = groups == [3, 2, 4]
        phone = digits in (10, 11) and phone_us(text)
        return len(groups) == 3 and digits >= 7 and "/" not in text and not ssn_shape and not phone
    if "/" in text:  # 037566/32, not a blood pressure (160/103)
        return digits >= 7 and max(len(part) for part in text.split("/")) >= 5
    return 7 <= digits <= 20 and not (digits in (10, 11) and phone_us(text))


_EXTENSION = re.compile(r"[ ]*(?i:x|ext\.?|extension)[ ]*\d{1,5}$")


def phone_digits(text: str) -> bool:
    """A telephone number of any country: 7 to 15 digits (ITU-T E.164) before any extension,
    not all the same."""
    digits = _digits(_EXTENSION.sub("", text))
    return 7 <= len(digits) <= 15 and len(set(digits)) > 1 and not _is_date_or_time(text.strip())


def date_compact(text: str) -> bool:
    """yyyymmdd that exists."""
    compact = _COMPACT_DATE.match(text)
    return bool(compact) and _exists(*(int(g) for g in compact.groups()))


_RARE_LEAD_ZIPF = 3


def rare_lead_word(text: str) -> bool:
    """The first word of a practice's name is rare in English (Zipf 3 or less: "Firelands",
    "Lakeshore"; not "Summit", "Movement"): a place's or a founder's name, not a kind of care.
    The frequency table is read at the first practice a note names, not at import."""
    first = text.split(" ", 1)[0]
    return zipf(first, "en") <= _RARE_LEAD_ZIPF


VALIDATORS: dict[str, Callable[[str], bool]] = {
    "date_numeric": date_numeric,
    "year": year,
    "year_range": year_range,
    "ssn": ssn,
    "ssn_shape": ssn_shape,
    "luhn": luhn,
    "phone_us": phone_us,
    "phone_es": phone_es,
    "phone_national": phone_national,
    "ipv4": ipv4,
    "age": age,
    "postal_code_es": postal_code_es,
    "zip_us": zip_us,
    "id_value": id_value,
    "id_shaped": id_shaped,
    "phone_digits": phone_digits,
    "date_compact": date_compact,
    "rare_lead_word": rare_lead_word,
}
