"""Lines and section headers, with offsets, for features that need layout.

A header is recognised when a line starts with a phrase followed by a colon and the phrase is
either a known clinical header (``resources/section_headers.txt``), written in capitals, or
alone on its line; or when a short line in capitals stands alone ("HOSPITAL COURSE").
"""

from __future__ import annotations

import bisect
import re
from functools import cache
from importlib import resources
from typing import NamedTuple


class Line(NamedTuple):
    """A line of text: ``text[start:end]`` without its line break; ``index`` counts from 0."""

    start: int
    end: int
    index: int


class Section(NamedTuple):
    """A section: its header's offsets, the normalised header name, and where it ends.

    The section body runs from ``header_end`` to ``end`` (the next header, or the text end).
    """

    start: int
    header_end: int
    end: int
    name: str


_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_HEADER_WITH_COLON = re.compile(r"[ \t]*([^\W\d_][^:\n\r]{0,60}?)[ \t]*:")
_CAPS_LINE = re.compile(r"[ \t]*([A-Z][A-Z /&,\-]{2,60}?)[ \t]*[:.]?[ \t]*$")
_MAX_HEADER_WORDS = 6


@cache
def known_headers() -> frozenset[str]:
    """The header lexicon, normalised (lower case, single spaces)."""
    path = resources.files("phiscrub").joinpath("resources/section_headers.txt")
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(
        normalise_header(line) for line in lines if line.strip() and not line.startswith("#")
    )


def normalise_header(header: str) -> str:
    """Lower case, inner whitespace collapsed, trailing colon or full stop removed."""
    return " ".join(header.lower().split()).rstrip(":.").strip()


def find_lines(text: str) -> list[Line]:
    """Every line of ``text``, empty ones included (``\\n``, ``\\r\\n`` and ``\\r`` all break)."""
    lines: list[Line] = []
    start = 0
    for index, match in enumerate(_LINE_BREAK.finditer(text)):
        lines.append(Line(start, match.start(), index))
        start = match.end()
    lines.append(Line(start, len(text), len(lines)))
    return lines


def _header_in_line(text: str, line: Line) -> tuple[int, int] | None:
    match = _HEADER_WITH_COLON.match(text, line.start, line.end)
    if match:
        phrase = match.group(1)
        rest = text[match.end() : line.end].strip()
        if len(phrase.split()) <= _MAX_HEADER_WORDS and (
            not rest or phrase.isupper() or normalise_header(phrase) in known_headers()
        ):
            return match.start(1), match.end(1)
    match = _CAPS_LINE.match(text, line.start, line.end)
    if match and len(match.group(1).split()) <= _MAX_HEADER_WORDS:
        return match.start(1), match.end(1)
    return None


def find_sections(text: str) -> list[Section]:
    """The sections of a note, in order. Text before the first header belongs to no section."""
    headers = [
        found for line in find_lines(text) if (found := _header_in_line(text, line)) is not None
    ]
    sections = []
    for i, (start, header_end) in enumerate(headers):
        end = headers[i + 1][0] if i + 1 < len(headers) else len(text)
        sections.append(Section(start, header_end, end, normalise_header(text[start:header_end])))
    return sections


def section_at(sections: list[Section], offset: int) -> Section | None:
    """The section containing ``offset`` (header included), or None."""
    starts = [section.start for section in sections]
    i = bisect.bisect_right(starts, offset) - 1
    if i >= 0 and offset < sections[i].end:
        return sections[i]
    return None
