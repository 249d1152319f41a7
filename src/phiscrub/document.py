"""The data model every stage shares: immutable `Span` and `Document`.

Offsets are character offsets into the original text (Python ``str`` indices), end exclusive.
Tokens, tags and replacements are all derived from these; nothing else is a source of truth.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any


@dataclass(frozen=True, slots=True, order=False)
class Span:
    """A labelled stretch of a document's text.

    Attributes:
        start: Offset of the first character.
        end: Offset one past the last character.
        label: The PHI label, in whatever scheme the corpus or model uses.
        score: Confidence in [0, 1]; 1.0 for gold annotations.
        source: Name of the detector (or ``"gold"``) that produced the span, for auditing.
        ann_id: Annotation id from the file the span was read from (``T3``, ``P0``), if any.
    """

    start: int
    end: int
    label: str
    score: float = 1.0
    source: str = ""
    ann_id: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.start, int) or not isinstance(self.end, int):
            raise TypeError("span offsets must be integers")
        if self.start < 0 or self.end <= self.start:
            raise ValueError(f"invalid span offsets start={self.start} end={self.end}")
        if not self.label:
            raise ValueError(f"span at {self.start}-{self.end} has an empty label")

    def __len__(self) -> int:
        return self.end - self.start

    @property
    def key(self) -> tuple[int, int, str]:
        """The identity used for scoring and de-duplication: offsets and label."""
        return (self.start, self.end, self.label)

    @property
    def detector(self) -> str:
        """The name of the detector that found the span: ``source`` up to its first ``:``
        (``rules:phone`` was found by the detector ``rules``)."""
        return self.source.partition(":")[0]

    def overlaps(self, other: Span) -> bool:
        """True when the two spans share at least one character."""
        return self.start < other.end and other.start < self.end

    def contains(self, other: Span) -> bool:
        """True when every character of ``other`` lies inside this span."""
        return self.start <= other.start and other.end <= self.end

    def to_dict(self) -> dict[str, Any]:
        """The span as plain data (offsets, label, score, source; never the text)."""
        return {
            "start": self.start,
            "end": self.end,
            "label": self.label,
            "score": self.score,
            "source": self.source,
        }

    def with_label(self, label: str) -> Span:
        return Span(self.start, self.end, label, self.score, self.source, self.ann_id)


def span_sort_key(span: Span) -> tuple[int, int, str, str]:
    """Canonical order: by start, then end, then label, then source."""
    return (span.start, span.end, span.label, span.source)


def sort_spans(spans: Iterable[Span]) -> list[Span]:
    """Spans in canonical order (start, end, label, source)."""
    return sorted(spans, key=span_sort_key)


def dedupe_spans(spans: Iterable[Span]) -> list[Span]:
    """Drop spans whose (start, end, label) repeats, keeping the highest-scoring one.

    The result is in canonical order.
    """
    best: dict[tuple[int, int, str], Span] = {}
    for span in spans:
        kept = best.get(span.key)
        if kept is None or span.score > kept.score:
            best[span.key] = span
    return sort_spans(best.values())


def overlapping_groups(spans: Iterable[Span]) -> Iterator[list[Span]]:
    """Yield maximal groups of spans connected by overlap, in text order.

    Spans that overlap nothing come out as groups of one.
    """
    group: list[Span] = []
    group_end = -1
    for span in sort_spans(spans):
        if group and span.start >= group_end:
            yield group
            group = []
        group_end = max(group_end, span.end) if group else span.end
        group.append(span)
    if group:
        yield group


class SpanCover:
    """Whether a stretch of text touches any of ``spans``, in logarithmic time (bisection over
    span starts and the running maximum of their ends), so a note with thousands of spans
    stays linear."""

    def __init__(self, spans: Iterable[Span]) -> None:
        ordered = sorted((s.start, s.end) for s in spans)
        self._starts = [start for start, _ in ordered]
        self._reach = list(accumulate((end for _, end in ordered), max))

    def touches(self, start: int, end: int) -> bool:
        """True when some span [s, e) has s < end and start < e."""
        before = bisect_left(self._starts, end)  # the spans with s < end
        return before > 0 and self._reach[before - 1] > start


def has_overlaps(spans: Iterable[Span]) -> bool:
    """True when any two spans share a character."""
    return any(len(group) > 1 for group in overlapping_groups(spans))


class Metadata(dict):
    """A read-only dict for document metadata (patient_id, note_type, note_date, ...)."""

    def _blocked(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("Document metadata is immutable; use Document.with_metadata()")

    __setitem__ = __delitem__ = _blocked  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _blocked  # type: ignore[assignment]
    __ior__ = _blocked  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type, tuple[dict[str, Any]]]:
        return (Metadata, (dict(self),))

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted((k, repr(v)) for k, v in self.items())))


@dataclass(frozen=True, slots=True)
class Document:
    """A note: its id, its exact text, its spans (kept in canonical order) and metadata.

    Metadata conventionally holds ``patient_id``, ``note_type`` and ``note_date``; readers may
    add format details they need to write the document back (``xml_root``).
    """

    doc_id: str
    text: str
    spans: tuple[Span, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=Metadata)

    def __post_init__(self) -> None:
        if not self.doc_id:
            raise ValueError("a document needs a non-empty doc_id")
        n = len(self.text)
        spans = tuple(sort_spans(self.spans))
        for span in spans:
            if span.end > n:
                raise ValueError(
                    f"document {self.doc_id}: span {span.start}-{span.end} ({span.label}) "
                    f"ends past the text ({n} characters)"
                )
        object.__setattr__(self, "spans", spans)
        if not isinstance(self.metadata, Metadata):
            object.__setattr__(self, "metadata", Metadata(self.metadata))

    @property
    def patient_id(self) -> str:
        """The patient this note belongs to; a note with none is its own patient."""
        return str(self.metadata.get("patient_id") or self.doc_id)

    def span_text(self, span: Span) -> str:
        return self.text[span.start : span.end]

    def with_spans(self, spans: Iterable[Span]) -> Document:
        """A copy of this document carrying ``spans`` instead of its own."""
        return Document(self.doc_id, self.text, tuple(spans), self.metadata)

    def with_metadata(self, **values: Any) -> Document:
        """A copy with metadata keys added or replaced (a value of None removes the key)."""
        merged = {**self.metadata, **values}
        merged = {k: v for k, v in merged.items() if v is not None}
        return Document(self.doc_id, self.text, self.spans, merged)
