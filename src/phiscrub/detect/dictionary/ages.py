"""Ages told of a person named by a listed first name ("Ulysses is 92 today", "Gertrude (94)",
"Hollis 92F DNR/DNI", "Gideon Marsh is 99.").

A number after "is" or in brackets is an age only when a person stands before it: "Glucose
is 95" and "Sodium (135)" are values. The age rules of the pattern packs cannot tell a person's
name from an analyte's; the first-name lists can.
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from phiscrub.detect.dictionary.gazetteers import Gazetteers
from phiscrub.detect.dictionary.name_words import NOT_NAME, NameHit

_NAMED_AGE = regex.compile(
    r"(?<![\w'’.-])(?P<first>\p{L}[\p{Ll}'’]+)(?:[ ]\p{Lu}[\p{Ll}'’-]+)?"
    r"(?:[ ](?i:is|was|turned|will[ ]be)[ ](?i:now[ ])?(?P<age>\d{1,3})"
    r"(?=[ ]*(?:[.;,!?](?!\d)|$)|[ ]+(?i:and|today|now|but|with|years?|yrs?|yo)\b)"
    r"|[ ]?\((?P<age>\d{1,3})\)"
    r"|[ ](?P<age>\d{1,3})[ ]?(?:M|F|yo|y/o)(?=[ ,;.)]|$))",
    regex.MULTILINE,
)
OLDEST = 120


def named_ages(text: str, gaz: Gazetteers) -> Iterator[NameHit]:
    """AGE hits after a listed first name that is not a frequent word (capitalised, or in a
    note's lower case: "eleanor is 94 and wants to stop dialysis")."""
    for match in _NAMED_AGE.finditer(text):
        first = match.group("first").lower()
        # not a first name that is also a date's or a note's word ("June (12)", "April 92F")
        if first in NOT_NAME or not gaz.is_first_name(first) or gaz.is_common(first):
            continue
        if not 0 < int(match.group("age")) <= OLDEST:
            continue
        yield NameHit(*match.span("age"), "AGE", 0.8, "named_age")
