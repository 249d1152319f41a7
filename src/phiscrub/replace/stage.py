"""The replacement stage: one operator per label, applied to a document's PHI spans.

Operators:

* ``redact``: a fixed mask, ``[**{category}**]`` by default (``{label}``, ``{category}`` and
  ``{type}`` are filled in), or, with the mask ``X``, one ``X`` per character of the original.
* ``tag``: the label in a template, ``[{label}]`` by default (``<{label}>`` for XML style).
* ``surrogate``: a realistic keyed value (see :mod:`phiscrub.replace.surrogate`).
* ``keep``: leave the text as it is (for labels a user decides are not identifying).

Overlapping spans are first joined into one span (labelled as its longest member), so no part
of any span survives. The result carries the new text, where each replacement now sits, and an
offset map from the new text back to the original.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from phiscrub import registry
from phiscrub.document import Document, Span, overlapping_groups
from phiscrub.errors import ConfigError
from phiscrub.replace.keys import SecretKey
from phiscrub.replace.surrogate import SurrogateGenerator, SurrogateSettings, avoid_set
from phiscrub.taxonomy import resolve

Operator = Literal["redact", "tag", "surrogate", "keep"]
OPERATORS: tuple[str, ...] = ("redact", "tag", "surrogate", "keep")


@dataclass(frozen=True)
class ReplaceConfig:
    """Which operator each label gets, and the operators' settings."""

    default: Operator = "surrogate"
    per_label: Mapping[str, Operator] = field(default_factory=dict)
    redact_mask: str = "[**{category}**]"
    tag_template: str = "[{label}]"
    surrogates: SurrogateSettings = field(default_factory=SurrogateSettings)

    def __post_init__(self) -> None:
        for label, operator in {"(default)": self.default, **self.per_label}.items():
            if operator not in OPERATORS and operator not in registry.operators:
                known = (*OPERATORS, *registry.operators.names())
                raise ConfigError(
                    f"unknown operator {operator!r} for {label}; expected one of {known}"
                )

    def operator_for(self, label: str) -> Operator:
        return self.per_label.get(label, self.default)


@dataclass(frozen=True)
class Segment:
    """A stretch of output text and the stretch of input it came from."""

    out_start: int
    out_end: int
    in_start: int
    in_end: int
    replaced: bool


@dataclass(frozen=True)
class OffsetMap:
    """Maps offsets in the replaced text back to the original text.

    An offset inside an unchanged stretch maps one to one; an offset inside a replacement maps
    to the start of the original span (and a replacement's end to the original span's end).
    """

    segments: tuple[Segment, ...]

    def _segment_at(self, offset: int) -> tuple[int, Segment]:
        i = max(0, bisect.bisect_right(self.segments, offset, key=lambda s: s.out_start) - 1)
        return i, self.segments[i]

    def to_input(self, offset: int) -> int:
        i, segment = self._segment_at(offset)
        if offset >= segment.out_end and i + 1 == len(self.segments):
            return segment.in_end
        if segment.replaced:
            return segment.in_end if offset >= segment.out_end else segment.in_start
        return segment.in_start + (offset - segment.out_start)

    def to_input_span(self, start: int, end: int) -> tuple[int, int]:
        """The original stretch a stretch of output text came from."""
        first = self.to_input(start)
        if end <= start:
            return first, first
        _, segment = self._segment_at(end - 1)
        if segment.replaced and end - 1 < segment.out_end:
            return first, segment.in_end
        return first, self.to_input(end - 1) + 1


@dataclass(frozen=True)
class Replacement:
    """A de-identified document: new text, the spans where replacements now sit, the map back."""

    document: Document
    offset_map: OffsetMap = field(repr=False)
    operators: tuple[Operator, ...]  # one per span of ``document``

    @property
    def text(self) -> str:
        """The de-identified text."""
        return self.document.text

    @property
    def spans(self) -> tuple[Span, ...]:
        """Where each replacement sits in :attr:`text`."""
        return self.document.spans

    def to_dict(self) -> dict[str, Any]:
        """The de-identified text and its replacements as plain data (each span with its
        operator and the stretch of the original text it replaced, as offsets)."""
        by_start = {
            seg.out_start: seg
            for seg in self.offset_map.segments
            if seg.replaced and seg.out_end > seg.out_start
        }
        spans = []
        for span, operator in zip(self.spans, self.operators, strict=True):
            original = by_start[span.start]
            spans.append(
                {
                    **span.to_dict(),
                    "operator": operator,
                    "original_start": original.in_start,
                    "original_end": original.in_end,
                }
            )
        return {"doc_id": self.document.doc_id, "text": self.text, "spans": spans}

    def __repr__(self) -> str:
        return (
            f"Replacement(doc_id={self.document.doc_id!r}, {len(self.text)} characters, "
            f"{len(self.spans)} replacements)"
        )


def merge_overlaps(spans: tuple[Span, ...]) -> list[Span]:
    """Join overlapping spans into one, labelled as the longest of them."""
    merged = []
    for group in overlapping_groups(spans):
        if len(group) == 1:
            merged.append(group[0])
            continue
        longest = max(group, key=lambda s: (s.end - s.start, -s.start))
        start, end = min(s.start for s in group), max(s.end for s in group)
        merged.append(Span(start, end, longest.label, max(s.score for s in group), longest.source))
    return merged


class Replacer:
    """Applies a :class:`ReplaceConfig` to documents, one surrogate generator for the run."""

    def __init__(self, config: ReplaceConfig | None = None, key: SecretKey | None = None) -> None:
        self.config = config or ReplaceConfig()
        needs_key = (
            self.config.default == "surrogate" or "surrogate" in self.config.per_label.values()
        )
        self.key = key if key is not None else (SecretKey.random() if needs_key else None)
        self.surrogates = (
            SurrogateGenerator(self.key, self.config.surrogates) if self.key is not None else None
        )

    def _value(self, doc: Document, span: Span, operator: Operator, avoid: frozenset[str]) -> str:
        original = doc.span_text(span)
        phi_type = resolve(span.label)
        if operator == "keep":
            return original
        if operator not in OPERATORS:  # a plug-in (phiscrub.registry.operators)
            return str(registry.operators.get(operator)(original, span.label))
        if operator == "tag":
            return self.config.tag_template.format(label=span.label)
        if operator == "redact":
            if self.config.redact_mask == "X":
                return "".join(c if c.isspace() else "X" for c in original)
            return self.config.redact_mask.format(
                label=span.label,
                category=phi_type.category if phi_type else span.label,
                type=phi_type.name if phi_type else span.label,
            )
        assert self.surrogates is not None
        return self.surrogates.surrogate(span.label, original, doc.patient_id, avoid)

    def replace(self, doc: Document) -> Replacement:
        """De-identify one document; its spans must be the PHI to replace."""
        pieces: list[str] = []
        segments: list[Segment] = []
        new_spans: list[Span] = []
        operators: list[Operator] = []
        cursor = out = 0
        avoid = (
            avoid_set(doc.span_text(span) for span in doc.spans)
            if self.surrogates is not None
            else frozenset()
        )
        for span in merge_overlaps(doc.spans):
            if span.start > cursor:
                pieces.append(doc.text[cursor : span.start])
                segments.append(Segment(out, out + span.start - cursor, cursor, span.start, False))
                out += span.start - cursor
            operator = self.config.operator_for(span.label)
            value = self._value(doc, span, operator, avoid)
            pieces.append(value)
            segments.append(Segment(out, out + len(value), span.start, span.end, True))
            if value:
                new_spans.append(Span(out, out + len(value), span.label, span.score, span.source))
                operators.append(operator)
            out += len(value)
            cursor = span.end
        if cursor < len(doc.text) or not segments:
            pieces.append(doc.text[cursor:])
            segments.append(
                Segment(out, out + len(doc.text) - cursor, cursor, len(doc.text), False)
            )
        document = Document(doc.doc_id, "".join(pieces), tuple(new_spans), doc.metadata)
        return Replacement(document, OffsetMap(tuple(segments)), tuple(operators))
