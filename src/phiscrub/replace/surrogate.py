"""Realistic surrogates for every PHI type, keyed and consistent within a patient.

The type of a span comes from its label through the taxonomy (MEDDOCAN's ``FECHAS`` is a DATE,
``TERRITORIO`` a CITY). The same original value of the same type gets the same surrogate in every
note of a patient; different patients draw independently.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from phiscrub.errors import ConfigError
from phiscrub.replace.avoid import MINIMUM, holds_any
from phiscrub.replace.dates import DateShifter, safe_shifts
from phiscrub.replace.keys import KeyedRandom, SecretKey
from phiscrub.replace.names import NameSurrogates
from phiscrub.replace.packs import LanguagePack, language_pack
from phiscrub.replace.shapes import email, ip_address, keep_shape, ssn_like, url
from phiscrub.taxonomy import SEX_LABELS, age_over_89, resolve, types_in

_FIRST_NUMBER = re.compile(r"\d+")
SHAPE_KEPT = frozenset({"PHONE", "FAX", "ZIP", "ROOM", "USERNAME", "OTHER", *types_in("ID")})
"""Types whose surrogate keeps the original's shape (letters for letters, digits for digits)."""
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class SurrogateSettings:
    """How surrogates are made.

    Attributes:
        language: ``en`` or ``es``: the value lists and the day/month order of numeric dates;
            None follows the pipeline that found the PHI (``en`` when there is none).
        date_shift_days: The range one patient's shift is drawn from (inclusive); only the
            shifts in it that change every date's day, month, year and weekday are drawn
            (see :func:`~phiscrub.replace.dates.safe_shifts`): a range without one is an error.
        age_over_89: What an age above 89 becomes.
        shift_ages: Whether younger ages are shifted by a small keyed amount (default: kept).
    """

    language: str | None = None
    date_shift_days: tuple[int, int] = (-730, -366)
    age_over_89: str = "90+"
    shift_ages: bool = False


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def _overlaps_text(original: str, value: str) -> bool:
    a, b = _normal(original), _normal(value)
    return a in b or (len(b) >= 3 and b in a)


def _reveals(value: str, avoid: frozenset[str]) -> bool:
    return holds_any(_normal(value), avoid)


def avoid_set(originals: Iterable[str], minimum: int = MINIMUM) -> frozenset[str]:
    """The normalised PHI strings (of ``minimum`` characters or more) a note's surrogates must
    not contain: a surrogate that happens to hold another PHI string of the same note
    ("Baileyville" -> "Reynoldston" beside a Dr Reynolds) would print that string."""
    return frozenset(n for n in map(_normal, originals) if len(n) >= minimum)


def _styled(template: str, value: str) -> str:
    if template.isupper() and any(c.isalpha() for c in template):
        return value.upper()
    if template.islower():
        return value.lower()
    return value


@cache
def _holidays_and_seasons() -> tuple[tuple[str, ...], ...]:
    """Every pack's holidays and seasons, longest names first, one group per kind and
    language: a Spanish note may name Christmas, an English one Navidad."""
    groups = []
    for code in ("en", "es"):
        pack = language_pack(code)
        groups += [tuple(sorted(g, key=len, reverse=True)) for g in (pack.holidays, pack.seasons)]
    return tuple(groups)


class SurrogateGenerator:
    """Makes the surrogate for one span's text, given its label and patient."""

    def __init__(self, key: SecretKey, settings: SurrogateSettings | None = None) -> None:
        self.key = key
        self.settings = settings or SurrogateSettings()
        self.pack: LanguagePack = language_pack(self.settings.language or "en")
        self.names = NameSurrogates(key, self.pack)
        self.dates = DateShifter(self.pack)
        self.unparsed_dates = 0  # dates that could not be read, counted (never the values)

    def date_shift(self, patient: str) -> int:
        """The patient's one date shift, in days: a keyed choice among the safe shifts of the
        configured range, so that no shifted date keeps its day, month, year or weekday."""
        low, high = self.settings.date_shift_days
        shifts = safe_shifts(min(low, high), max(low, high))
        if not shifts:
            raise ConfigError(
                f"the date shift range {low}..{high} days holds no shift that changes the day, "
                "month, year and weekday of every date; use a range such as -730..-366"
            )
        return self.key.stream("date-shift", patient).choice(shifts)

    def _rng(self, kind: str, patient: str, original: str, attempt: int = 0) -> KeyedRandom:
        context = (kind, patient, _normal(original))
        return self.key.stream(*context, str(attempt)) if attempt else self.key.stream(*context)

    def surrogate(
        self, label: str, text: str, patient: str, avoid: frozenset[str] = frozenset()
    ) -> str:
        """The replacement for ``text`` (a span of type ``label``) in ``patient``'s notes.

        Args:
            label: The span's label (any scheme the taxonomy resolves).
            text: The original text of the span.
            patient: The patient the note belongs to; surrogates are consistent within it.
            avoid: Normalised strings (see :func:`avoid_set`) the surrogate must not contain,
                usually every PHI string of the note. The keyed first choice is kept unless it
                holds one; then a keyed redraw is taken. Shifted dates are exempt: moving every
                date of a patient by the same number of days keeps intervals, so one date may
                land on another's original value.
        """
        if label in SEX_LABELS:
            return self._sex(text, patient)
        phi_type = resolve(label)
        kind = phi_type.name if phi_type else "OTHER"
        if kind == "DATE":
            return self._date(text, patient, self._rng(kind, patient, text), avoid)
        value = self._surrogate(kind, text, patient, self._rng(kind, patient, text), avoid)
        if kind in ("PATIENT", "DOCTOR"):
            return value  # names avoid other PHI part by part, on their own keyed streams
        others = avoid - {_normal(text)}
        attempt = 0
        while others and _reveals(value, others) and attempt < 20:
            attempt += 1
            value = self._surrogate(
                kind, text, patient, self._rng(kind, patient, text, attempt), avoid
            )
        return value

    def _surrogate(
        self, kind: str, text: str, patient: str, rng: KeyedRandom, avoid: frozenset[str]
    ) -> str:
        has_letters = any(c.isalpha() for c in text)
        if kind in ("PATIENT", "DOCTOR"):
            return (
                self.names.replace(patient, text, avoid) if has_letters else keep_shape(text, rng)
            )
        if kind == "AGE":
            return self._age(text, rng)
        if kind == "SSN":
            return ssn_like(text, rng)
        if kind == "EMAIL":
            return email(text, rng, self.pack.last_names)
        if kind == "URL":
            return url(text, rng)
        if kind == "IPADDR":
            return ip_address(text, rng)
        if not has_letters or kind in SHAPE_KEPT:
            return keep_shape(text, rng)
        value = self._from_lists(kind, text, rng)
        for _ in range(20):  # never the original, and no partial copy of it either way
            if not _overlaps_text(text, value):
                break
            value = self._from_lists(kind, text, rng)
        return _styled(text, value)

    def _sex(self, text: str, patient: str) -> str:
        """The word or letter of the patient's surrogate sex (a keyed choice per patient, the
        same in all their notes, unrelated to the original) in the original's form: "Varón"
        -> "Mujer" or "Varón", "H" -> "M" or "H", "niña" -> "niño" or "niña"."""
        pairs = self.pack.sex_words
        sex = self.key.stream("sex", patient).choice((0, 1))
        core = text.strip()
        pair = next((p for p in pairs if core.lower() in p), pairs[0])
        lead = text[: len(text) - len(text.lstrip())]
        trail = text[len(text.rstrip()) :]
        value = pair[sex]
        if core[:1].isupper() and not core.isupper():
            value = value[:1].upper() + value[1:]
        return lead + _styled(core, value) + trail

    def _date(self, text: str, patient: str, rng: KeyedRandom, avoid: frozenset[str]) -> str:
        days = self.date_shift(patient)
        shifted = self.dates.shift(text, days)
        if shifted is not None and shifted != text:
            return shifted
        # Unreadable, or unchanged (a bare year moved by less than it takes to change it):
        # a keyed same-shape surrogate that keeps no name or digit of the original.
        self.unparsed_dates += 1
        return self._unreadable_date(text, days, rng, avoid)

    def _unreadable_date(
        self, text: str, days: int, rng: KeyedRandom, avoid: frozenset[str]
    ) -> str:
        """A same-format surrogate for a date we cannot read: holidays and seasons become
        others of their kind (none holding a string of ``avoid``), then
        :meth:`DateShifter.disguise` changes every month and weekday name and every digit."""
        low = text.lower().strip()
        for group in _holidays_and_seasons():
            for name in group:
                if name.lower() in low:
                    others = [g for g in group if g.lower() != name.lower()]
                    other = rng.choice([g for g in others if not _reveals(g, avoid)] or others)
                    index = low.index(name.lower())
                    found = text[index : index + len(name)]
                    text = text[:index] + _styled(found, other) + text[index + len(name) :]
                    return self.dates.disguise(text, days, rng)
        return self.dates.disguise(text, days, rng)

    def _age(self, text: str, rng: KeyedRandom) -> str:
        if age_over_89(text):
            number = _FIRST_NUMBER.search(text)
            if number:
                return text[: number.start()] + self.settings.age_over_89 + text[number.end() :]
            return self.settings.age_over_89
        if self.settings.shift_ages:
            return _FIRST_NUMBER.sub(
                lambda m: str(max(1, int(m.group()) + rng.choice((-2, -1, 1, 2)))), text, count=1
            )
        return text

    def _from_lists(self, kind: str, text: str, rng: KeyedRandom) -> str:
        pack = self.pack
        if kind in ("HOSPITAL", "ORGANIZATION"):
            patterns = pack.hospital_patterns if kind == "HOSPITAL" else pack.organization_patterns
            return pack.named(patterns, rng)
        if kind == "PROFESSION":
            return rng.choice(pack.professions)
        if kind == "DEPARTMENT":
            return rng.choice(pack.departments)
        if kind == "STATE":
            if len(text) == 2 and text.isupper() and pack.state_abbreviations:
                return rng.choice(pack.state_abbreviations)
            return rng.choice(pack.states)
        if kind == "COUNTRY":
            return rng.choice(pack.countries)
        if kind == "STREET":
            return self._street(text, rng, rng.choice(pack.last_names))
        return rng.choice(pack.cities)  # CITY, LOCATION-OTHER

    def _street(self, text: str, rng: KeyedRandom, last: str) -> str:
        number = _FIRST_NUMBER.search(text)
        digits = (
            "".join(str(rng.between(1, 9)) for _ in range(len(number.group()))) if number else ""
        )
        kind = rng.choice(self.pack.street_kinds)

        def redraw(part: str) -> str:
            return _DIGIT.sub(lambda m: rng.other_digit(m.group()), part)

        if self.pack.street_kind_first:  # "Calle Mayor 5-7, 2º dcha": the name precedes the number
            tail = redraw(text[number.end() :]) if number else ""
            return f"{kind} {last} {digits}{tail}".rstrip() if digits else f"{kind} {last}"
        # "48 Quarry Lane, Apt 4B": only what follows the first comma (the unit) is kept
        comma = text.find(",")
        tail = redraw(text[comma:]) if comma >= 0 else ""
        return f"{digits} {last} {kind}{tail}".strip()
