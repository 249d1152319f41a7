"""Spans <-> token tags (IO, BIO, BIOES), reporting what cannot be encoded.

Character spans are the truth; tags are a view for sequence models. A span whose boundary falls
inside a token (``MRN:12345`` annotated as ``12345`` under a tokenizer that keeps it whole) is
never silently written as ``O``: with ``alignment="strict"`` it is reported and its tokens get
the missing tag ``-`` (as spaCy does); ``"expand"`` and ``"contract"`` snap it to token
boundaries instead, and report it all the same.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from phiscrub.document import Span
from phiscrub.text.tokenize import Token

TagScheme = Literal["IO", "BIO", "BIOES"]
Alignment = Literal["strict", "expand", "contract"]
TAG_SCHEMES: tuple[str, ...] = ("IO", "BIO", "BIOES")
MISSING = "-"
OUTSIDE = "O"


@dataclass(frozen=True)
class EncodedTags:
    """The result of encoding spans as tags.

    Attributes:
        tags: One tag per token.
        misaligned: Spans whose boundaries are not token boundaries (encoded per the alignment
            mode, or marked missing under ``"strict"``).
        overlapping: Spans not encoded because they overlap a span encoded before them (longer
            spans are encoded first).
    """

    tags: list[str]
    misaligned: list[Span] = field(default_factory=list)
    overlapping: list[Span] = field(default_factory=list)

    @property
    def lossless(self) -> bool:
        return not self.misaligned and not self.overlapping


class TokenIndex:
    """Finds the tokens a character span covers, by binary search over token offsets."""

    def __init__(self, tokens: Sequence[Token]) -> None:
        self.tokens = tokens
        self._starts = [t.start for t in tokens]
        self._ends = [t.end for t in tokens]

    def token_range(self, start: int, end: int) -> tuple[int, int, bool]:
        """Indices ``[first, last)`` of the tokens touching ``[start, end)``, and whether the
        span is aligned: it starts at its first token's start and ends at its last token's end.
        """
        first = bisect.bisect_right(self._ends, start)
        last = bisect.bisect_left(self._starts, end)
        aligned = first < last and self._starts[first] == start and self._ends[last - 1] == end
        return first, last, aligned


def _contract(tokens: Sequence[Token], span: Span, first: int, last: int) -> tuple[int, int]:
    while first < last and tokens[first].start < span.start:
        first += 1
    while last > first and tokens[last - 1].end > span.end:
        last -= 1
    return first, last


def _span_tags(label: str, length: int, scheme: TagScheme) -> list[str]:
    if scheme == "IO":
        return [f"I-{label}"] * length
    if scheme == "BIO":
        return [f"B-{label}"] + [f"I-{label}"] * (length - 1)
    if length == 1:
        return [f"S-{label}"]
    return [f"B-{label}"] + [f"I-{label}"] * (length - 2) + [f"E-{label}"]


def spans_to_tags(
    tokens: Sequence[Token],
    spans: Sequence[Span],
    scheme: TagScheme = "BIO",
    alignment: Alignment = "strict",
) -> EncodedTags:
    """Encode spans as one tag per token.

    Args:
        tokens: The document's tokens, in order.
        spans: Spans over the same text.
        scheme: ``IO``, ``BIO`` or ``BIOES``. IO cannot separate two adjacent spans of one label.
        alignment: What to do with a span whose boundary is inside a token: ``strict`` marks its
            tokens ``-`` (missing), ``expand`` widens it to whole tokens, ``contract`` narrows it
            to the tokens fully inside it (reported as misaligned if none are).
    """
    if scheme not in TAG_SCHEMES:
        raise ValueError(f"unknown tag scheme {scheme!r}; expected one of {TAG_SCHEMES}")
    tags = [OUTSIDE] * len(tokens)
    taken = [False] * len(tokens)
    misaligned: list[Span] = []
    overlapping: list[Span] = []
    index = TokenIndex(tokens)
    for span in sorted(spans, key=lambda s: (-(s.end - s.start), s.start, s.label)):
        first, last, aligned = index.token_range(span.start, span.end)
        if not aligned:
            misaligned.append(span)
            if alignment == "contract":
                first, last = _contract(tokens, span, first, last)
        if first >= last:
            continue
        if any(taken[first:last]):
            overlapping.append(span)
            continue
        for i in range(first, last):
            taken[i] = True
        if aligned or alignment != "strict":
            tags[first:last] = _span_tags(span.label, last - first, scheme)
        else:
            tags[first:last] = [MISSING] * (last - first)
    misaligned.sort(key=lambda s: (s.start, s.end, s.label))
    overlapping.sort(key=lambda s: (s.start, s.end, s.label))
    return EncodedTags(tags, misaligned, overlapping)


def split_tag(tag: str) -> tuple[str, str | None]:
    """``"B-DATE"`` -> ``("B", "DATE")``; ``"O"`` and ``"-"`` -> (tag, None)."""
    if tag in (OUTSIDE, MISSING):
        return tag, None
    prefix, sep, label = tag.partition("-")
    if not sep or prefix not in ("B", "I", "E", "S") or not label:
        raise ValueError(f"malformed tag {tag!r}: expected O, -, or B-/I-/E-/S- and a label")
    return prefix, label


def tags_to_spans(
    tokens: Sequence[Token], tags: Sequence[str], source: str = "", score: float = 1.0
) -> list[Span]:
    """Decode IO, BIO or BIOES tags (any of them; they need not be declared) into spans.

    Decoding is lenient, as in conlleval: an ``I-``/``E-`` tag that does not continue a span of
    the same label starts a new one; ``-`` counts as ``O``.
    """
    if len(tokens) != len(tags):
        raise ValueError(f"{len(tokens)} tokens but {len(tags)} tags")
    spans: list[Span] = []
    open_label: str | None = None
    open_start = 0
    previous_end = 0
    for token, tag in zip(tokens, tags, strict=True):
        prefix, label = split_tag(tag)
        continues = open_label is not None and label == open_label and prefix in ("I", "E")
        if open_label is not None and not continues:
            spans.append(Span(open_start, previous_end, open_label, score, source))
            open_label = None
        if label is not None and not continues:
            open_label, open_start = label, token.start
        previous_end = token.end
        if prefix in ("E", "S") and open_label is not None:
            spans.append(Span(open_start, token.end, open_label, score, source))
            open_label = None
    if open_label is not None:
        spans.append(Span(open_start, previous_end, open_label, score, source))
    return spans
