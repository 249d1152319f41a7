"""Whether a note is written in capitals or in lower case, and its title-cased twin.

Notes typed in capitals or all in lower case defeat patterns and models made for mixed case;
the detectors read a twin of such a note, character for character (same length and offsets).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Literal

CAPITALS = Fraction(4, 5)  # share of upper-case letters that makes a note "in capitals"
LOWER_CASE = Fraction(1, 50)  # at most this share of upper-case letters: "in lower case"
LOWER_CASE_LETTERS = 10  # and at least this many letters
_LOWER = "abcdefghijklmnopqrstuvwxyz"
TYPED_IN_LOWER_CASE = "phiscrub.typed_in_lower_case"
"""Metadata key of a note the detectors read with its capitals restored: the note itself was
typed all in lower case (see :func:`phiscrub.pipeline.view.detection_view`)."""


def _surely_mixed(text: str) -> bool:
    """True when ``text`` can be neither in capitals nor in lower case, counted in C rather
    than letter by letter: even if every non-ASCII character were a capital letter, capitals
    would be under 80% of its letters, and even if every one were a small letter, capitals
    would be over 2%. False leaves the question to the full count."""
    lower = sum(map(text.count, _LOWER))
    upper = sum(map(text.count, _LOWER.upper()))
    other = len(text) - len(text.encode("ascii", "ignore"))
    not_capitals = upper + other < CAPITALS * (upper + other + lower)  # exact: fractions
    return not_capitals and upper > LOWER_CASE * (upper + other + lower)


def typed_in_lower_case(metadata: Mapping[str, Any]) -> bool:
    """Whether a document with ``metadata`` is the view of a note typed in lower case, its
    capitals restored (``TYPED_IN_LOWER_CASE``)."""
    return bool(metadata.get(TYPED_IN_LOWER_CASE))


def title_cased(text: str, always: bool = False) -> str | None:
    """``text`` with every word title-cased, character for character (the same length and
    offsets), when at least 80% of its letters are capitals or at most 2% are, or ``always``;
    else None. Small words after a word stay small ("University of Vermont", "Blue Cross and
    Blue Shield"), as in the notes in mixed case the patterns were written for.

    Notes typed in capitals or all in lower case defeat patterns written for mixed case
    ("Thanksgiving", "Acct No.", "Industries", "22 birchwood ln"); their title-cased twin
    does not. ``always`` serves a note typed in lower case whose capitals were restored
    before it is read (a few capitals, but not the ones patterns need).
    """
    if not always and note_case(text) is None:
        return None
    out: list[str] = []
    in_word = False
    for c in text:
        if c.isalpha():
            mapped = c.lower() if in_word else c.upper()
            out.append(mapped if len(mapped) == 1 else c)
            in_word = True
        else:
            out.append(c)
            in_word = in_word and c in "'’"
    # an ordinal's letters stay small after its digits ("8th St", not "8Th St"), and so do
    # small words after a word
    titled = _ORDINAL_TITLED.sub(lambda m: m.group().lower(), "".join(out))
    return _SMALL_TITLED.sub(lambda m: m.group().lower(), titled)


_ORDINAL_TITLED = re.compile(r"(?<=\d)(?:St|Nd|Rd|Th)(?![^\W\d_])")
_SMALL_TITLED = re.compile(r"(?<=\w[ ])(?:Of|And|The|For|At|In|On|To)(?=[ ])")


def note_case(text: str) -> Literal["capitals", "lower"] | None:
    """ "capitals" when at least 80% of the letters of ``text`` are capitals, "lower" when at
    least ``LOWER_CASE_LETTERS`` letters are there and at most 2% of them capitals, else None."""
    if _surely_mixed(text):
        return None
    cased = [c.isupper() for c in text if c.isalpha() and c.lower() != c.upper()]
    capitals = sum(cased)
    if cased and capitals >= CAPITALS * len(cased):
        return "capitals"
    if len(cased) >= LOWER_CASE_LETTERS and capitals <= LOWER_CASE * len(cased):
        return "lower"
    return None


def in_lower_case(text: str) -> bool:
    """At least ``LOWER_CASE_LETTERS`` letters, and at most 2% of them capitals."""
    return note_case(text) == "lower"
