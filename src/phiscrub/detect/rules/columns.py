"""Which column of a table a match stands in, and whether a date stands in it too.

A log or a line list writes its days in a column ("Onset" under "2/3", "2/4", "2/5"). A
month and day that could be a grade or a score out of five, six or ten ("2/5", "3/6", "1/10")
is read as a date there, where a date the other patterns found stands in the same column on
a line close above or below it. A column is the same character offset from the line's start
(a table aligned with spaces) or the same cell (cells split by tabs or by two spaces or more);
both lines must be rows of a table, with two cells at least, so that a grade at the start of
a line of prose ("5/5 strength" under "3/4/2101 exam") is no date.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

import regex

_CELL_GAP = regex.compile(r"\t+|[ ]{2,}")
NEARBY_LINES = 3
"""How many lines above or below a match a date in its column may stand."""


class Columns:
    """Where the dates of a note stand: by line, their offsets and cells."""

    def __init__(self, text: str, starts: Iterable[int]) -> None:
        self._text = text
        self._line_starts = [0] + [m.end() for m in regex.finditer(r"\n", text)]
        self._gaps: dict[int, list[int] | None] = {}  # by line: where its cell gaps end
        self._at: dict[int, set[tuple[str, int]]] = {}
        for start in starts:
            line, offset, cell = self._place(start)
            if cell is None:
                continue
            places = self._at.setdefault(line, set())
            places.add(("offset", offset))
            places.add(("cell", cell))

    def __bool__(self) -> bool:
        return bool(self._at)

    def _place(self, start: int) -> tuple[int, int, int | None]:
        """The line ``start`` is on, its offset in the line, and its cell (None where the line
        is no table's row)."""
        line = bisect_right(self._line_starts, start) - 1
        begin = self._line_starts[line]
        if line not in self._gaps:  # each line is read once, however many matches it holds
            end = self._line_starts[line + 1] if line + 1 < len(self._line_starts) else None
            ends = [m.end() for m in _CELL_GAP.finditer(self._text, begin, end)]
            self._gaps[line] = ends or None
        gaps = self._gaps[line]
        if gaps is None:
            return line, start - begin, None
        return line, start - begin, bisect_right(gaps, start)

    def aligned(self, start: int) -> bool:
        """Whether a date stands in the column of a match at ``start`` within
        :data:`NEARBY_LINES` lines above or below it."""
        line, offset, cell = self._place(start)
        if cell is None:
            return False
        for other in range(line - NEARBY_LINES, line + NEARBY_LINES + 1):
            places = self._at.get(other)
            if (
                other != line
                and places
                and (("offset", offset) in places or ("cell", cell) in places)
            ):
                return True
        return False
