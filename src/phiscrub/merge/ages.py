"""Ages written right after a patient's name, read after the merge.

A census, a sign-out or a handoff writes a patient's age and sex glued after the name ("Bed 7 -
Ms. Carrow 96F CMO", "Olufemi Balogun 44M ETOH withdrawal"). The pattern packs find such an
age only after the names their own regular expressions can read; "96F" alone may be a floor
or a size. Once the merge has settled where the names are, whatever shape the name has, the
number right after a patient's name in the language's form of an age and sex
(``SanityRules.age_after_name``) is the patient's age.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from phiscrub.document import Span, SpanCover

SOURCE = "merge:age_after_name"
OLDEST = 120


def ages_after_names(
    text: str, spans: Sequence[Span], pattern: re.Pattern[str], lower: bool = False
) -> list[Span]:
    """``spans`` and an AGE span for each age ``pattern`` reads right after a PATIENT span
    (its group ``age``, from 0 to 120) where no span stands, in text order. A sex in lower case
    (group ``sex``) counts only in a note typed in lower case (``lower``: its view has its
    capitals restored, "Balogun 44m")."""
    cover = SpanCover(spans)
    ages: list[Span] = []
    for span in spans:
        if span.label != "PATIENT":
            continue
        match = pattern.match(text, span.end)
        if match is None:
            continue
        start, end = match.span("age")
        if cover.touches(start, end) or not 0 < int(text[start:end]) <= OLDEST:
            continue
        sex = match.groupdict().get("sex")
        if sex is not None and sex.islower() and not lower:
            continue  # "Carrow 96f": a sex in lower case goes with a note typed so
        ages.append(Span(start, end, "AGE", 0.8, SOURCE))
    if not ages:
        return list(spans)
    return sorted([*spans, *ages], key=lambda s: (s.start, s.end))
