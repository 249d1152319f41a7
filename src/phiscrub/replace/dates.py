"""Shift date mentions by a number of days and write them back in their own format.

A mention is taken apart into components (year, month as a number or a name, day with or
without an ordinal suffix, weekday), each is shifted and written back in place, keeping padding,
two- or four-digit years, abbreviations, capitals, times of day and every separator. English and
Spanish month and weekday names are read whatever the pack (a name is written back in its own
language). Forms read:

* numeric: ``03/14/2091``, ``14.03.2091``, ``3/14/91``, ``2091-03-14``, ``2091-03-14T10:00``,
  ``20910314``, ``03/2091``, ``3/14``;
* with names: ``March 14, 2091``, ``14 March 2091``, ``the 23rd of July``, ``Mar 14 '91``,
  ``14-MAR-91``, ``3 de marzo de 2019``, ``Tuesday, March 4``;
* ranges and lists, each part shifted alike: ``March 14 and 16, 2091``, ``14-16 March``,
  ``3/14-3/16/2091``, ``March 2090 to April 2091``, ``2090-2091``.

A part without a month or year takes it from the nearest part that has one (``March 14 and
16``). Partial dates shift as their nearest whole date would: a month and year through the 15th
of that month, a year alone through 1 July, a day alone ("the 29th") through January 2001, a
weekday alone by ``days % 7``.

python-dateutil and dateparser were weighed for the reading: both return a datetime, not where
each component stands in the text, so neither can write the shifted date back in the note's
own format; and a date neither form above covers gets a keyed same-shape surrogate
(:meth:`DateShifter.disguise`), which keeps no component either.

:func:`safe_shifts` lists the shifts that change the day, the month, the year and the weekday of
every date: a patient's one shift is drawn from them, so a shifted date keeps no component.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import cache

import numpy as np

from phiscrub.replace.keys import KeyedRandom
from phiscrub.replace.packs import (
    EN_MONTHS,
    EN_WEEKDAYS,
    ES_MONTHS,
    ES_WEEKDAYS,
    LanguagePack,
)

MONTHS: dict[str, tuple[str, ...]] = {
    "en": tuple(m.lower() for m in EN_MONTHS),
    "es": ES_MONTHS,
}
WEEKDAYS: dict[str, tuple[str, ...]] = {
    "en": tuple(d.lower() for d in EN_WEEKDAYS),
    "es": ES_WEEKDAYS,
}
_FILLER = frozenset(
    [
        "de",
        "del",
        "of",
        "the",
        "on",
        "el",
        "la",
        "y",
        "and",
        "at",
        "a",
        "in",
        "en",
        "to",
        "through",
        "thru",
        "until",
        "till",
        "from",
        "between",
        "al",
        "hasta",
        "desde",
        "entre",
        "or",
        "o",
        "h",
        "hrs",
        "am",
        "pm",
        "t",
        "z",
    ]
)
_PIECE = re.compile(r"[^\W\d_]+|'\d{2}\b|\d+(?:st|nd|rd|th|º|ª|o)?", re.IGNORECASE)
_TIME = re.compile(
    r"(?<![\d:])T?\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s?[ap]\.?m\.?)?(?:Z|[+-]\d{2}:?\d{2})?"
    r"(?![\d:])",
    re.IGNORECASE,
)
_NUMERIC = re.compile(
    r"(?<!\d)(?:"
    r"(?P<cy>1[89]\d{2}|2[01]\d{2})(?P<cm>0[1-9]|1[0-2])(?P<cd>0[1-9]|[12]\d|3[01])"
    r"|(?P<iy>\d{4})(?P<isep>[-/.])(?P<im>\d{1,2})(?:(?P=isep)(?P<id>\d{1,2}))?"
    r"|(?P<mm>\d{1,2})(?P<msep>[-/.])(?P<my>\d{4})"
    r"|(?P<a>\d{1,2})(?P<sep>[-/.])(?P<b>\d{1,2})(?:(?P=sep)(?P<y>\d{4}|\d{2}))?"
    r")(?!\d)"
)
_ORDINAL = re.compile(r"^(\d{1,2})(st|nd|rd|th|º|ª|o)$", re.IGNORECASE)
_YEAR = re.compile(r"(?<!\d)(1[89]\d{2}|2[01]\d{2})(?!\d)")
_DIGIT = re.compile(r"\d")
_YEAR_KINDS = ("year", "year2", "yearq")
_MONTH_KINDS = ("month", "monthname")


def _name_table(names: dict[str, tuple[str, ...]], abbreviate: set[str]) -> dict[str, tuple]:
    """Lower-case form -> (language, index): full names, accentless ones, and 3-letter
    abbreviations for the languages in ``abbreviate`` (English first where forms collide)."""
    table: dict[str, tuple[str, int]] = {}
    for language, words in names.items():
        for index, word in enumerate(words):
            plain = word.translate(str.maketrans("áéíóú", "aeiou"))
            for form in (word, plain):
                table.setdefault(form, (language, index))
            if language in abbreviate:
                table.setdefault(word[:3], (language, index))
    table.setdefault("sept", ("en", 8))
    return table


_MONTH_TABLE = _name_table(MONTHS, {"en", "es"})
_WEEKDAY_TABLE = _name_table(WEEKDAYS, {"en"})


def _case_like(template: str, word: str) -> str:
    if template.isupper() and len(template) > 1:
        return word.upper()
    if template[:1].isupper():
        return word[:1].upper() + word[1:]
    return word.lower()


def _two_digit_year(value: int) -> int:
    return 2000 + value if value <= 30 else 1900 + value


def _ordinal_suffix(day: int, template: str) -> str:
    if template.lower() not in ("st", "nd", "rd", "th"):
        return template  # Spanish º / ª / o do not change with the number
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return suffix.upper() if template.isupper() else suffix


@dataclass
class _Part:
    start: int
    end: int
    kind: str  # year, year2, yearq, month, monthname, day, weekday
    value: int
    raw: str
    suffix: str = ""
    language: str = "en"  # of a month or weekday name

    @property
    def slot(self) -> str:
        if self.kind in _YEAR_KINDS:
            return "year"
        return "month" if self.kind in _MONTH_KINDS else self.kind


class _Segment:
    """One date of a mention: at most one part of each slot."""

    def __init__(self, parts: list[_Part], numeric: bool = False) -> None:
        self.parts = parts
        self.numeric = numeric

    def get(self, slot: str) -> _Part | None:
        return next((p for p in self.parts if p.slot == slot), None)

    def has(self, slot: str) -> bool:
        return self.get(slot) is not None


def _nearest(segments: list[_Segment], index: int, slot: str) -> _Part | None:
    """The ``slot`` part of the segment nearest to ``index`` that has one (later ones first)."""
    for distance in range(1, len(segments)):
        for other in (index + distance, index - distance):
            if 0 <= other < len(segments) and segments[other].has(slot):
                return segments[other].get(slot)
    return None


@cache
def safe_shifts(low: int, high: int) -> tuple[int, ...]:
    """The shifts in ``[low, high]`` days that change the day of the month, the month, the year
    and the weekday of every date (checked on every day of 2095-2106, which holds leap years and
    the non-leap 2100: every pattern of month lengths)."""
    days = np.arange(np.datetime64("2095-01-01"), np.datetime64("2107-01-01"))

    def parts(dates: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        months = dates.astype("datetime64[M]")
        years = dates.astype("datetime64[Y]").astype(int)
        return years, months.astype(int) % 12, (dates - months).astype(int)

    year, month, day = parts(days)
    safe = []
    for shift in range(low, high + 1):
        if shift % 7 == 0:
            continue
        y, m, d = parts(days + np.timedelta64(shift, "D"))
        if not ((y == year).any() or (m == month).any() or (d == day).any()):
            safe.append(shift)
    return tuple(safe)


class DateShifter:
    """Shifts date mentions; ``pack`` sets the day/month order of ambiguous numeric dates."""

    def __init__(self, pack: LanguagePack) -> None:
        self.pack = pack

    # -- reading -------------------------------------------------------------------------
    def _numeric(self, match: re.Match) -> list[_Part] | None:
        g = match.group
        if g("cy"):
            return [
                _Part(match.start("cy"), match.end("cy"), "year", int(g("cy")), g("cy")),
                _Part(match.start("cm"), match.end("cm"), "month", int(g("cm")), g("cm")),
                _Part(match.start("cd"), match.end("cd"), "day", int(g("cd")), g("cd")),
            ]
        if g("iy"):
            parts = [
                _Part(match.start("iy"), match.end("iy"), "year", int(g("iy")), g("iy")),
                _Part(match.start("im"), match.end("im"), "month", int(g("im")), g("im")),
            ]
            if g("id"):
                parts.append(
                    _Part(match.start("id"), match.end("id"), "day", int(g("id")), g("id"))
                )
            return parts
        if g("mm"):
            return [
                _Part(match.start("mm"), match.end("mm"), "month", int(g("mm")), g("mm")),
                _Part(match.start("my"), match.end("my"), "year", int(g("my")), g("my")),
            ]
        a, b = int(g("a")), int(g("b"))
        day_first = self.pack.day_first
        if not day_first and a > 12 >= b:
            day_first = True
        elif day_first and b > 12 >= a:
            day_first = False
        month, day = ("b", "a") if day_first else ("a", "b")
        parts = [
            _Part(match.start(month), match.end(month), "month", int(g(month)), g(month)),
            _Part(match.start(day), match.end(day), "day", int(g(day)), g(day)),
        ]
        if g("y"):
            year = g("y")
            kind, value = ("year", int(year)) if len(year) == 4 else ("year2", 0)
            if kind == "year2":
                value = _two_digit_year(int(year))
            parts.append(_Part(match.start("y"), match.end("y"), kind, value, year))
        return parts

    def _word(self, match: re.Match, lenient: bool) -> _Part | bool | None:
        """The part a piece of text is; True for a word to pass over (a filler, or with
        ``lenient`` any word that is no month or weekday); None when it cannot be read."""
        raw = match.group()
        low = raw.lower()
        if raw[0].isalpha():
            if low in _MONTH_TABLE:
                language, index = _MONTH_TABLE[low]
                return _Part(match.start(), match.end(), "monthname", index + 1, raw, "", language)
            if low in _WEEKDAY_TABLE:
                language, index = _WEEKDAY_TABLE[low]
                return _Part(match.start(), match.end(), "weekday", index, raw, "", language)
            return True if low in _FILLER or lenient else None
        if raw.startswith("'"):
            return _Part(match.start(), match.end(), "yearq", _two_digit_year(int(raw[1:])), raw)
        ordinal = _ORDINAL.match(raw)
        if ordinal is not None:
            number, suffix = ordinal.groups()
            end = match.start() + len(number)
            return _Part(match.start(), end, "day", int(number), number, suffix)
        if len(raw) == 4:
            return _Part(match.start(), match.end(), "year", int(raw), raw)
        if len(raw) <= 2 and 1 <= int(raw) <= 31:
            return _Part(match.start(), match.end(), "day", int(raw), raw)
        if len(raw) == 2:
            return _Part(match.start(), match.end(), "year2", _two_digit_year(int(raw)), raw)
        return None

    def _segments(self, text: str, lenient: bool = False) -> list[_Segment] | None:
        masked = _TIME.sub(lambda m: " " * len(m.group()), text)
        has_month_name = any(
            m.group().lower() in _MONTH_TABLE
            for m in _PIECE.finditer(masked)
            if m.group()[0].isalpha()
        )
        numeric: list[tuple[int, int, list[_Part]]] = []
        for match in _NUMERIC.finditer(masked):
            if has_month_name and match.group("a") and not match.group("y"):
                continue  # "14-16 March", "March 3-5": days, read below
            parts = self._numeric(match)
            if parts is not None:
                numeric.append((match.start(), match.end(), parts))
        items: list[tuple[int, _Part | list[_Part]]] = [
            (start, parts) for start, _, parts in numeric
        ]
        for match in _PIECE.finditer(masked):
            if any(start <= match.start() < end for start, end, _ in numeric):
                continue
            part = self._word(match, lenient)
            if part is None:
                return None  # a holiday, a season, a word or number we do not know
            if part is not True:
                items.append((match.start(), part))
        segments: list[_Segment] = []
        current: list[_Part] = []
        for _, item in sorted(items, key=lambda pair: pair[0]):
            if isinstance(item, list):
                if current:
                    segments.append(_Segment(current))
                    current = []
                segments.append(_Segment(item, numeric=True))
            elif any(p.slot == item.slot for p in current):
                segments.append(_Segment(current))
                current = [item]
            else:
                current.append(item)
        if current:
            segments.append(_Segment(current))
        return segments or None

    def components(self, text: str) -> list[str]:
        """The date words and numbers of ``text`` in text order (numbers without padding,
        words lower-cased), read leniently; empty when it holds no readable date."""
        segments = self._segments(text, lenient=True) or []
        parts = sorted((p for s in segments for p in s.parts), key=lambda p: p.start)
        return [str(int(p.raw)) if p.raw.isdigit() else p.raw.lower() for p in parts]

    # -- shifting ------------------------------------------------------------------------
    def shift(self, text: str, days: int, lenient: bool = False) -> str | None:
        """``text`` with its date(s) moved by ``days``, or None when it cannot be read as a
        date, or when the shift would keep a day, month or weekday of it as it was. A word
        that is no date word makes it unreadable, unless ``lenient`` (then it is kept)."""
        segments = self._segments(text, lenient)
        if segments is None:
            return None
        replacements: list[tuple[int, int, str]] = []
        for index in range(len(segments)):
            found = self._shift_segment(segments, index, days)
            if found is None:
                return None
            replacements += found
        result = text
        for start, end, value in sorted(replacements, reverse=True):
            result = result[:start] + value + result[end:]
        return result

    def _shift_segment(
        self, segments: list[_Segment], index: int, days: int
    ) -> list[tuple[int, int, str]] | None:
        segment = segments[index]
        year, month, day = segment.get("year"), segment.get("month"), segment.get("day")
        weekday = segment.get("weekday")
        if day is not None and month is None:
            month = _nearest(segments, index, "month")
        if (day is not None or month is not None) and year is None:
            year = _nearest(segments, index, "year")
        delta = dt.timedelta(days=days)
        try:
            if month is not None:
                new = dt.date(year.value if year else 2000, month.value, day.value if day else 15)
            elif year is not None and day is None:
                new = dt.date(year.value, 7, 1)
            elif day is not None and year is None:
                new = dt.date(2001, 1, day.value)
            elif weekday is not None and len(segment.parts) == 1:
                new = None
            else:
                return None
        except ValueError:
            return None  # 30 February and the like
        if new is not None:
            new += delta
        numbers = [p for p in segment.parts if p.kind in ("month", "day") and not p.suffix]
        iso = segment.numeric and segment.parts[0].kind == "year"
        padded = any(len(p.raw) == 2 and (iso or p.raw.startswith("0")) for p in numbers)
        whole = new is not None and year is not None and month is not None and day is not None
        out = []
        for part in segment.parts:
            value = self._write(part, new, days, padded, whole)
            if value is None:
                return None
            end = part.end + len(part.suffix) if part.kind == "day" else part.end
            out.append((part.start, end, value))
        return out

    def _write(
        self, part: _Part, new: dt.date | None, days: int, padded: bool, whole: bool
    ) -> str | None:
        """The part's new text; None when it would keep its day, month or weekday. A weekday
        of a whole date is the new date's; any other moves by ``days % 7``."""
        if part.kind == "weekday":
            index = new.weekday() if whole and new is not None else (part.value + days) % 7
            if index == part.value:
                return None
            names = WEEKDAYS[part.language]
            word = names[index]
            stem = part.raw.rstrip(".")
            if len(stem) <= 3:
                word = word[:3] + part.raw[len(stem) :]
            return _case_like(part.raw, word)
        assert new is not None
        if part.kind == "year":
            return str(new.year)
        if part.kind in ("year2", "yearq"):
            return ("'" if part.kind == "yearq" else "") + f"{new.year % 100:02d}"
        if part.kind in _MONTH_KINDS:
            if new.month == part.value:
                return None
            if part.kind == "monthname":
                return self._month_name(part, new.month)
            return f"{new.month:02d}" if padded else str(new.month)
        if new.day == part.value:
            return None
        value = f"{new.day:02d}" if padded else str(new.day)
        return value + (_ordinal_suffix(new.day, part.suffix) if part.suffix else "")

    @staticmethod
    def _month_name(part: _Part, month: int) -> str:
        stem = part.raw.rstrip(".")
        names = MONTHS[part.language]
        name = names[month - 1]
        if len(stem) < len(names[part.value - 1]):  # an abbreviation: "Mar", "Sept", "sep"
            name = name[:4] if (len(stem) == 4 and name.startswith("sept")) else name[:3]
        return _case_like(stem, name) + part.raw[len(stem) :]

    # -- dates that cannot be read -------------------------------------------------------
    def year_delta(self, days: int) -> int:
        """How many years a mid-year date moves by ``days``."""
        return (dt.date(2001, 7, 1) + dt.timedelta(days=days)).year - 2001

    def disguise(self, text: str, days: int, rng: KeyedRandom) -> str:
        """A surrogate for a date mention :meth:`shift` cannot read: shifted as usual when
        passing over its other words makes it readable ("Collected: 05/10/2108"), else a keyed
        same-shape one: every month and weekday name becomes another (same language, length
        and case), every four-digit year from 1800 to 2199 moves by the patient's year shift
        (a keyed one when that is 0), and every other digit outside a time of day becomes
        another digit. Other words stay: holidays and seasons are the caller's."""
        shifted = self.shift(text, days, lenient=True)
        if shifted is not None and shifted != text:
            return shifted
        delta = self.year_delta(days) or rng.choice((-2, -1, 1, 2))
        pieces: list[tuple[int, int, str]] = [
            (m.start(), m.end(), m.group()) for m in _TIME.finditer(text)
        ]
        for match in _YEAR.finditer(text):
            pieces.append((match.start(), match.end(), str(int(match.group()) + delta)))
        for match in re.finditer(r"[^\W\d_]+", text):
            low = match.group().lower()
            for table, names, count in ((_MONTH_TABLE, MONTHS, 12), (_WEEKDAY_TABLE, WEEKDAYS, 7)):
                if low in table:
                    language, index = table[low]
                    other = (index + rng.between(1, count - 1)) % count
                    word = names[language][other]
                    stem = match.group().rstrip(".")
                    if len(stem) < len(names[language][index]):
                        word = word[: len(stem)]
                    pieces.append((match.start(), match.end(), _case_like(stem, word)))
                    break
        covered = [(s, e) for s, e, _ in pieces]
        for match in _DIGIT.finditer(text):
            if not any(s <= match.start() < e for s, e in covered):
                pieces.append((match.start(), match.end(), rng.other_digit(match.group())))
        result = text
        for start, end, value in sorted(pieces, reverse=True):
            result = result[:start] + value + result[end:]
        return result
