"""Per-label routing (Dehghan et al. 2015): which span sources are trusted for which labels.

A routing table maps a label to the sources whose spans of that label are kept, for example
``{"DATE": ["rules"], "PHONE": ["rules"], "*": ["ensemble", "rules"]}``: dates and phone
numbers from the rules only, everything else from the ensemble or the rules. A span's label is
looked up as written, then as its PHI type (MEDDOCAN's FECHAS as DATE), then as ``*``; a label
found nowhere keeps spans from every source.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from phiscrub.document import Span, SpanCover
from phiscrub.taxonomy import resolve

DEFAULT_ROUTE = "*"


def allowed_sources(label: str, table: Mapping[str, Sequence[str]]) -> Sequence[str] | None:
    """The sources trusted for ``label``, or None when every source is."""
    if label in table:
        return table[label]
    phi_type = resolve(label)
    if phi_type is not None and phi_type.name in table:
        return table[phi_type.name]
    return table.get(DEFAULT_ROUTE)


def route(spans: Iterable[Span], table: Mapping[str, Sequence[str]]) -> list[Span]:
    """The spans whose detector (``Span.detector``) is trusted for their label."""
    kept: list[Span] = []
    for span in spans:
        sources = allowed_sources(span.label, table)
        if sources is None or span.detector in sources:
            kept.append(span)
    return kept


def backstop(spans: Sequence[Span], sources: Iterable[str]) -> list[Span]:
    """``spans`` less those from ``sources`` that overlap a span from any other source: a
    backstop detector adds what the others missed and never changes what they found."""
    names = set(sources)
    others = SpanCover(s for s in spans if s.detector not in names)
    return [s for s in spans if s.detector not in names or not others.touches(s.start, s.end)]
