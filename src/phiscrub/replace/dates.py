"""Shift a date mention by a number of days and write it back in its own format.

A date is taken apart into components (year, month as number or name, day with or without an
ordinal suffix, weekday); each component is shifted and written back in place, keeping padding,
two- or four-digit years, abbreviations, capitals and every separator. Partial dates shift as
their nearest whole date would: a month and year through the 15th of that month, a year alone
through 1 July, a weekday alone by ``days % 7``, a day alone ("the 29th") through January 2001.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from phiscrub.replace.packs import LanguagePack

_ENGLISH_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_ENGLISH_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_FILLER = {"de", "del", "of", "the", "on", "el", "la", "y", "and", "at", "a", "in", "en"}
_PIECE = re.compile(r"[^\W\d_]+|'\d{2}\b|\d+(?:st|nd|rd|th|º|ª|o)?", re.IGNORECASE)
_NUMERIC = re.compile(r"(\d{1,4})([-/.])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?!\d)")
_MONTH_YEAR = re.compile(r"(?<![\d/.-])(\d{1,2})([-/])(\d{4})(?![\d/.-])")
_TIME = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b")
_ORDINAL = re.compile(r"^(\d{1,2})(st|nd|rd|th|º|ª|o)$", re.IGNORECASE)
_YEAR_IN_TEXT = re.compile(r"(?<!\d)(1[89]\d{2}|20\d{2})(?!\d)")


def _names(english: tuple[str, ...], own: tuple[str, ...]) -> dict[str, int]:
    table: dict[str, int] = {}
    for names in (english, tuple(n.lower() for n in own)):
        for index, name in enumerate(names):
            table[name] = index
            table.setdefault(name[:3], index)
            if name.startswith("sept"):
                table["sept"] = index
    return table


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


class DateShifter:
    """Shifts date mentions for one language pack."""

    def __init__(self, pack: LanguagePack) -> None:
        self.pack = pack
        self.months = _names(_ENGLISH_MONTHS, pack.months)
        self.weekdays = _names(_ENGLISH_WEEKDAYS, pack.weekdays)

    # -- parsing -----------------------------------------------------------------------
    def _parts(self, text: str) -> list[_Part] | None:
        masked = _TIME.sub(lambda m: " " * len(m.group()), text)
        parts: list[_Part] = []
        consumed: tuple[int, int] = (-1, -1)
        month_year = _MONTH_YEAR.search(masked)
        numeric = None if month_year else _NUMERIC.search(masked)
        if month_year and 1 <= int(month_year.group(1)) <= 12:
            month, year = month_year.group(1), month_year.group(3)
            s1, s3 = month_year.start(1), month_year.start(3)
            parts.append(_Part(s1, s1 + len(month), "month", int(month), month))
            parts.append(_Part(s3, s3 + 4, "year", int(year), year))
            consumed = month_year.span()
        elif month_year:
            return None
        if numeric:
            parts.extend(self._numeric(numeric))
            consumed = numeric.span()
        for match in _PIECE.finditer(masked):
            if consumed[0] <= match.start() < consumed[1]:
                continue
            raw = match.group()
            low = raw.lower().rstrip(".")
            if raw[0].isalpha():
                if low in self.months:
                    parts.append(
                        _Part(match.start(), match.end(), "monthname", self.months[low] + 1, raw)
                    )
                elif low in self.weekdays:
                    parts.append(
                        _Part(match.start(), match.end(), "weekday", self.weekdays[low], raw)
                    )
                elif low not in _FILLER:
                    return None  # a holiday, a season, a word we do not know
            elif raw.startswith("'"):
                parts.append(
                    _Part(match.start(), match.end(), "yearq", _two_digit_year(int(raw[1:])), raw)
                )
            elif (ordinal := _ORDINAL.match(raw)) is not None:
                end = match.start() + len(ordinal.group(1))
                parts.append(
                    _Part(
                        match.start(),
                        end,
                        "day",
                        int(ordinal.group(1)),
                        ordinal.group(1),
                        ordinal.group(2),
                    )
                )
            elif len(raw) == 4:
                parts.append(_Part(match.start(), match.end(), "year", int(raw), raw))
            elif len(raw) <= 2 and 1 <= int(raw) <= 31:
                parts.append(_Part(match.start(), match.end(), "day", int(raw), raw))
            else:
                return None
        kinds = [p.kind for p in parts]
        if not parts or len(kinds) != len(set(k if k != "year2" else "year" for k in kinds)):
            return None
        return parts

    def _numeric(self, match: re.Match) -> list[_Part]:
        first, second, third = match.group(1), match.group(3), match.group(4)
        s1, s2 = match.start(1), match.start(3)
        if len(first) == 4:  # ISO: year, month, day
            if third is None:
                return [
                    _Part(s1, s1 + 4, "year", int(first), first),
                    _Part(s2, s2 + len(second), "month", int(second), second),
                ]
            s3 = match.start(4)
            return [
                _Part(s1, s1 + 4, "year", int(first), first),
                _Part(s2, s2 + len(second), "month", int(second), second),
                _Part(s3, s3 + len(third), "day", int(third), third),
            ]
        a, b = int(first), int(second)
        day_first = self.pack.day_first
        if not day_first and a > 12 >= b:
            day_first = True
        elif day_first and b > 12 >= a:
            day_first = False
        month_at, day_at = ((s2, second), (s1, first)) if day_first else ((s1, first), (s2, second))
        parts = [
            _Part(
                month_at[0], month_at[0] + len(month_at[1]), "month", int(month_at[1]), month_at[1]
            ),
            _Part(day_at[0], day_at[0] + len(day_at[1]), "day", int(day_at[1]), day_at[1]),
        ]
        if third is not None:
            s3 = match.start(4)
            kind = "year" if len(third) == 4 else "year2"
            value = int(third) if len(third) == 4 else _two_digit_year(int(third))
            parts.append(_Part(s3, s3 + len(third), kind, value, third))
        return parts

    # -- shifting ------------------------------------------------------------------------
    def shift(self, text: str, days: int) -> str | None:
        """``text`` with its date moved by ``days``, or None when it cannot be read as a date."""
        parts = self._parts(text)
        if parts is None:
            return None
        by_kind = {p.kind: p for p in parts}
        year_part = by_kind.get("year") or by_kind.get("year2") or by_kind.get("yearq")
        month_part = by_kind.get("month") or by_kind.get("monthname")
        day_part = by_kind.get("day")
        weekday_part = by_kind.get("weekday")
        delta = dt.timedelta(days=days)
        try:
            if month_part is not None:
                year = year_part.value if year_part else 2000
                day = day_part.value if day_part else 15
                new = dt.date(year, month_part.value, day) + delta
            elif year_part is not None and day_part is None:
                new = dt.date(year_part.value, 7, 1) + delta
            elif day_part is not None and year_part is None:
                new = dt.date(2001, 1, day_part.value) + delta
            elif weekday_part is not None and len(parts) == 1:
                new = None
            else:
                return None
        except ValueError:
            return None  # 30 February and the like
        # Numeric dates pad month and day alike ("03/14" -> "02/02"); ISO dates pad when either
        # is written with two digits.
        numbers = [p for p in parts if p.kind in ("month", "day") and not p.suffix]
        iso = "year" in by_kind and by_kind["year"].start == 0 and "month" in by_kind
        padded = any(len(p.raw) == 2 and (iso or p.raw.startswith("0")) for p in numbers)
        replacements: list[tuple[int, int, str]] = []
        for part in parts:
            if part.kind == "weekday":
                index = (
                    new.weekday()
                    if new and month_part and day_part and year_part
                    else ((part.value + days) % 7)
                )
                names = (
                    _ENGLISH_WEEKDAYS
                    if part.raw.lower().rstrip(".") in _ENGLISH_WEEKDAYS
                    or (part.raw.lower()[:3] in {w[:3] for w in _ENGLISH_WEEKDAYS})
                    else self.pack.weekdays
                )
                word = names[index]
                abbreviated = len(part.raw.rstrip(".")) <= 3
                word = word[:3] + ("." if part.raw.endswith(".") else "") if abbreviated else word
                replacements.append((part.start, part.end, _case_like(part.raw, word)))
                continue
            assert new is not None
            if part.kind == "year":
                value = str(new.year)
            elif part.kind in ("year2", "yearq"):
                value = ("'" if part.kind == "yearq" else "") + f"{new.year % 100:02d}"
            elif part.kind == "month":
                value = f"{new.month:02d}" if padded else str(new.month)
            elif part.kind == "monthname":
                value = self._month_name(part, new.month)
            else:  # day
                value = f"{new.day:02d}" if padded else str(new.day)
                if part.suffix:
                    value += _ordinal_suffix(new.day, part.suffix)
                    replacements.append((part.start, part.end + len(part.suffix), value))
                    continue
            replacements.append((part.start, part.end, value))
        result = text
        for start, end, value in sorted(replacements, reverse=True):
            result = result[:start] + value + result[end:]
        return result

    def _month_name(self, part: _Part, month: int) -> str:
        stem = part.raw.rstrip(".")
        low = stem.lower()
        english = low in _ENGLISH_MONTHS or low in {m[:3] for m in _ENGLISH_MONTHS} or low == "sept"
        names = _ENGLISH_MONTHS if english else tuple(m.lower() for m in self.pack.months)
        name = names[month - 1]
        full_original = names[part.value - 1]
        if len(stem) < len(full_original):  # an abbreviation: "Mar", "Sept", "sep"
            name = name[:4] if (len(stem) == 4 and name.startswith("sept")) else name[:3]
        return _case_like(stem, name) + part.raw[len(stem) :]

    def year_delta(self, days: int) -> int:
        """How many years a mid-year date moves by ``days`` (for dates we cannot read)."""
        return (dt.date(2001, 7, 1) + dt.timedelta(days=days)).year - 2001

    def shift_years_in(self, text: str, days: int) -> str:
        """Move every four-digit year in ``text`` (1800-2099) by :meth:`year_delta`."""
        delta = self.year_delta(days)
        return _YEAR_IN_TEXT.sub(lambda m: str(int(m.group()) + delta), text)
