"""Word pieces of a note, the overlapping windows the encoder reads, and piece tags <-> spans."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tokenizers import Tokenizer

from phiscrub.document import Span
from phiscrub.errors import ConfigError

OUTSIDE = "O"


@dataclass(frozen=True)
class Pieces:
    """A note's word pieces: vocabulary ids, character offsets and the word each begins."""

    ids: list[int]
    offsets: list[tuple[int, int]]
    first: list[bool]  # does this piece start a word?


@dataclass(frozen=True)
class Window:
    """Pieces ``[start, stop)`` read together; tags of ``[keep_start, keep_stop)`` are kept."""

    start: int
    stop: int
    keep_start: int
    keep_stop: int


def load_tokenizer(path: Path) -> Tokenizer:
    """The word-piece tokenizer in ``path`` (a ``tokenizer.json``), without truncation."""
    try:
        tokenizer = Tokenizer.from_file(str(path))
    except Exception as exc:  # the Rust library raises plain Exceptions
        raise ConfigError(f"{path}: not a tokenizer file ({type(exc).__name__})") from None
    tokenizer.no_truncation()
    tokenizer.no_padding()
    return tokenizer


def pieces_of(tokenizer: Tokenizer, texts: Sequence[str]) -> list[Pieces]:
    """Each text's word pieces (no special tokens)."""
    out = []
    for encoding in tokenizer.encode_batch(list(texts), add_special_tokens=False):
        words = encoding.word_ids
        first = [i == 0 or words[i] != words[i - 1] for i in range(len(words))]
        out.append(Pieces(list(encoding.ids), list(encoding.offsets), first))
    return out


def windows(count: int, size: int, overlap: int) -> list[Window]:
    """Windows of ``size`` pieces over ``count`` pieces, consecutive ones sharing ``overlap``.

    Each piece is kept from exactly one window, the one where it lies furthest from an edge
    (half the overlap from each side), so every piece sees at least ``overlap // 2`` pieces
    of context on both sides wherever the note has them.
    """
    if count <= size:
        return [Window(0, count, 0, count)]
    step = size - overlap
    starts = [*range(0, count - size, step), count - size]
    out = []
    for k, start in enumerate(starts):
        keep_start = 0 if k == 0 else out[-1].keep_stop
        keep_stop = count if k == len(starts) - 1 else start + size - overlap // 2
        out.append(Window(start, start + size, keep_start, max(keep_start, keep_stop)))
    return out


def piece_tags(pieces: Pieces, spans: Sequence[Span]) -> list[str]:
    """BIO tags of the pieces: a piece inside a span takes its label; B- on the span's first."""
    ordered = sorted(spans, key=lambda s: (s.start, -s.end))
    starts = [s.start for s in ordered]
    tags = []
    current: Span | None = None
    for begin, end in pieces.offsets:
        k = bisect_right(starts, begin) - 1
        span = ordered[k] if k >= 0 and ordered[k].end > begin else None
        if span is None and k + 1 < len(ordered) and ordered[k + 1].start < end:
            span = ordered[k + 1]
        if span is None:
            tags.append(OUTSIDE)
        else:
            tags.append(("I-" if span is current else "B-") + span.label)
        current = span
    return tags


def tags_to_spans(
    text: str, pieces: Pieces, tags: Sequence[str], source: str, score: Sequence[float]
) -> list[Span]:
    """Spans from piece tags, read per word (a word takes its first piece's tag) and widened
    to whole words; the score is the lowest of its words' tag probabilities."""
    spans: list[Span] = []
    label: str | None = None
    begin = end = 0
    low = 1.0

    def close() -> None:
        if label is not None:
            spans.append(Span(begin, end, label, source=source, score=round(low, 4)))

    for i, (start, stop) in enumerate(pieces.offsets):
        if not pieces.first[i]:
            if label is not None:
                end = max(end, stop)
            continue
        tag = tags[i]
        if tag == OUTSIDE:
            close()
            label = None
            continue
        kind, name = tag[:1], tag[2:]
        if label == name and kind == "I":
            end, low = max(end, stop), min(low, score[i])
            continue
        close()
        label, begin, end, low = name, start, stop, score[i]
    close()
    return [_whole_words(text, span) for span in spans]


def _whole_words(text: str, span: Span) -> Span:
    start, end = span.start, span.end
    while start > 0 and text[start - 1].isalnum() and text[start].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum() and text[end - 1].isalnum():
        end += 1
    if (start, end) == (span.start, span.end):
        return span
    return Span(start, end, span.label, source=span.source, score=span.score)
