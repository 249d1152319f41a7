"""The text the detectors read, and the map between its offsets and the note's.

Notes come from Windows, word processors, web pages and typists: carriage returns, no-break
spaces, Unicode hyphens, two spaces after a stop or a tab after a colon. The detectors were
written and trained on plain text, so they read a plain twin of the note instead: every
carriage return, Unicode space and Unicode hyphen in its place as a line end, a space or "-",
and the spaces and tabs after a comma, colon or semicolon as one space ("Boston,  MA",
"Phone:\\t617-555-0100"), two spaces or a tab after a stop ("Dr.  Lee"), and two spaces or a
tab beside a word in lower case, in a line of prose or between a number's groups as one, as
a typist leaves them ("given  to Ann", "update given to Caselynn  Stackpole", "(340)\\t555-0199").
In a note whose long lines were broken at a fixed width, the line ends inside prose are read
as spaces ("Admitted on March\\n14, 2104"; :mod:`phiscrub.text.wraps`).
Longer runs after a stop or words, and two spaces or a tab between capitalised words in a
form's row or between whole numbers, stay as they are: there they break columns
("Ann Lee   Ward 4", "Ann Lee  Transcribed", "Consuelo B.   Oncoming RN", "12345  67890").
Only the runs move characters; :class:`View` maps spans between the twin's offsets and the
note's, so that every span found covers exactly the note's characters (a run inside a span is
covered whole). A note typed all in lower case is read with its capitals restored
(:mod:`phiscrub.pipeline.truecase`), and marked so in its metadata (``TYPED_IN_LOWER_CASE``).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from bisect import bisect_right
from collections.abc import Iterable

import regex

from phiscrub.document import Document, Span
from phiscrub.merge import Dropped
from phiscrub.pipeline.truecase import line_capitals, truecased
from phiscrub.text.casing import TYPED_IN_LOWER_CASE, note_case
from phiscrub.text.wraps import unwrapped

__all__ = ["View", "capitals_twin", "detection_view"]

_UNUSUAL = re.compile("[\r\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u2010-\u2012\u2212]")
# the space separators of Unicode other than the space itself, each read as a space
_SPACES = str.maketrans(
    dict.fromkeys(
        "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
        "\u2007\u2008\u2009\u200a\u202f\u205f\u3000",
        " ",
    )
    # hyphens, the figure dash and the minus sign, read as the hyphen-minus ("617‐555‐0100")
    | dict.fromkeys("\u2010\u2011\u2012\u2212", "-")
)
# spaces and tabs after a stop, comma, colon or semicolon other than one space ("Dr.  Lee",
# "Boston,  MA", "Name:\tAnn Lee"), and two spaces or a tab beside a word in lower case
# ("given  to", "update\tgiven"); a longer run, or two spaces or a tab between capitalised
# words, digits or signs, is a form's column break, kept ("Dr. Kerry Ray  Transcribed 03/04")
_RUN = re.compile(r"(?<=[.,:;])(?! (?![ \t]))[ \t]+|(?<=[^\s.,:;])(?:  |\t)(?=\S)")
_WORD_BEFORE = re.compile(r"[^\W\d_]+$")
_LOWER_AFTER = re.compile(r"[a-zß-ÿ]")


def _squeezed(text: str, run: re.Match, cased: bool) -> bool:
    """Whether a run is read as one space: after a comma, colon or semicolon, two spaces or a
    tab after a stop (three spaces or more there are a column's break), or, in a note with
    capitals (``cased``), two spaces or a tab beside a word in lower case or in a line of
    prose (not a column's break between capitalised words in a form's row; without capitals
    no case tells one); and two spaces or a tab between a number's groups, in any note."""
    if text[run.start() - 1] == "." and run.group() not in ("  ", "\t"):
        return False  # "Consuelo B.   Oncoming RN": three spaces after an initial, a column
    if run.group() not in ("  ", "\t") or text[run.start() - 1] in ".,:;":
        return True
    number = _NUMBER_GROUP_BEFORE.search(text, max(0, run.start() - 6), run.start())
    if number and _NUMBER_GROUP_AFTER.match(text, run.end()):
        return True  # "(340)\t555-0199", "666  09 5278": a slip between a number's groups
    # (not "815  91F": a room's column, then an age and sex)
    if not cased:
        return False
    before = _WORD_BEFORE.search(text, max(0, run.start() - 40), run.start())
    return (
        (before is not None and before.group().islower())
        or bool(_LOWER_AFTER.match(text, run.end()))
        or _in_prose(text, run.start())
    )


_NUMBER_GROUP_BEFORE = re.compile(r"(?:(?<![\d.])\d{2,4}|\(\d{3}\))$")
_NUMBER_GROUP_AFTER = re.compile(r"\d+(?!\w)")
_LINE_SO_FAR = re.compile(r"[^\n]*$")
_LOWER_WORD = re.compile(r"(?<![\w])[a-z]+(?![\w])")
_FORM_MARK = re.compile(r"[:|\t]|   ")
PROSE_WORDS = 3
"""Lower-case words before a run on its line that make the line prose, not a form's row."""


def _in_prose(text: str, start: int) -> bool:
    """Whether the run at ``start`` stands in prose: at least ``PROSE_WORDS`` words in lower
    case before it on its line, after the last colon, bar, tab or wide gap there ("Plan:
    family update given to Caselynn  Stackpole": a typist's two spaces inside a name; not
    "Dr. Kerry Ray  Transcribed 03/04", a form's row)."""
    line = _LINE_SO_FAR.search(text, max(0, start - 120), start)
    if line is None:
        return False
    field = _FORM_MARK.split(line.group())[-1]
    return len(_LOWER_WORD.findall(field)) >= PROSE_WORDS


class View:
    """A note as the detectors read it (``doc``), with the runs of spaces squeezed out of it.

    ``runs`` holds, for each run read as one space, its start in the note, its length and the
    offset of that one space in ``doc``; no runs means the offsets are the note's.
    """

    __slots__ = ("_first", "_spaces", "_starts", "_through", "doc", "runs")

    def __init__(self, doc: Document, runs: Iterable[tuple[int, int, int]] = ()) -> None:
        self.doc = doc
        self.runs = tuple(runs)
        self._starts = [start for start, _, _ in self.runs]
        self._spaces = [space for _, _, space in self.runs]
        self._first = self.runs[0][0] if self.runs else 0  # where the first run starts
        self._through = []  # characters removed up to the end of each run
        removed = 0
        for _, length, _ in self.runs:
            removed += length - 1
            self._through.append(removed)

    def _original(self, offset: int, end: bool = False) -> int:
        """The note's offset of the view's character at ``offset`` (with ``end``: the offset
        just after it, after the whole run for a run's space)."""
        k = bisect_right(self._spaces, offset) - 1
        if k < 0:
            return offset + end
        start, length, space = self.runs[k]
        if space == offset:
            return start + (length if end else 0)
        return offset + self._through[k] + end

    def _viewed(self, offset: int) -> int:
        """The view's offset of the note's character at ``offset`` (a run's space for any
        character of the run)."""
        k = bisect_right(self._starts, offset) - 1
        if k < 0:
            return offset
        start, length, space = self.runs[k]
        if offset < start + length:
            return space
        return offset - self._through[k]

    def to_original(self, span: Span) -> Span:
        """``span`` of the view as a span of the note (a run at either end covered whole)."""
        if not self.runs:
            return span
        if span.end <= self._first:
            return span  # before the first run: the note's offsets
        start, end = self._original(span.start), self._original(span.end - 1, end=True)
        return Span(start, end, span.label, span.score, span.source, span.ann_id)

    def to_view(self, span: Span) -> Span:
        """``span`` of the note as a span of the view."""
        if not self.runs:
            return span
        if span.end <= self._first:
            return span
        start, end = self._viewed(span.start), self._viewed(span.end - 1) + 1
        return Span(start, end, span.label, span.score, span.source, span.ann_id)

    def spans_to_original(self, spans: Iterable[Span]) -> list[Span]:
        return [self.to_original(span) for span in spans]

    def spans_to_view(self, spans: Iterable[Span]) -> list[Span]:
        return [self.to_view(span) for span in spans]

    def dropped_to_original(self, dropped: Iterable[Dropped]) -> list[Dropped]:
        return [
            Dropped(
                self.to_original(d.span),
                self.to_original(d.kept) if d.kept is not None else None,
                d.policy,
            )
            for d in dropped
        ]


LOWER_LINE_LETTERS = 20
"""Letters a line needs before a mixed-case note's line typed in lower case is read with its
capitals restored."""


@functools.cache
def _uncapitalised_line(language: str) -> regex.Pattern[str]:
    """A line long enough to hold ``LOWER_LINE_LETTERS`` letters, with no word written with a
    capital: its capitals, if any, are in codes ("NH0044178", "93F"), identifiers' cues ("MRN",
    "DOB") or the abbreviations ``language`` writes in capitals in such a line ("MRI", "PT":
    :func:`~phiscrub.pipeline.truecase.line_capitals`)."""
    cues = "|".join(
        ["MRN", "DOB", "SSN", "ID", "NPI", "CSN", "FIN", "ACCT"]
        + [regex.escape(w) for w in line_capitals(language)]
    )
    return regex.compile(
        # runs of anything but a capital A-Z and a line end, and capitals beside a digit or
        # in a cue, never given back (linear time)
        rf"^(?=[^\n]{{{LOWER_LINE_LETTERS}}})(?:[^A-Z\n]++|(?<=\d)[A-Z]++|[A-Z]++(?=\d)"
        rf"|(?<![\w])(?:{cues})(?![\w]))*+$",
        regex.MULTILINE,
    )


def _lower_lines_restored(text: str, language: str) -> str:
    """``text``, a note in mixed case, with each line typed all in lower case (and of at least
    ``LOWER_LINE_LETTERS`` letters) read with its capitals restored, letter for letter: a list
    of questions where some were typed without capitals ("labs for keenan oshiro?", "need the
    insurance on frantz, medicaid ID NH0044178": a code's or a cue's capitals stay)."""
    pieces, last = [], 0
    for match in _uncapitalised_line(language).finditer(text):  # no capitalised word
        line = match.group()
        if sum(c.isalpha() for c in line) < LOWER_LINE_LETTERS:
            continue
        lowered = line.lower()
        if len(lowered) != len(line):
            continue
        restored = truecased(lowered, language)
        if restored is not None and lowered != line:  # its codes' capitals as they were
            restored = "".join(o if o.isupper() else r for o, r in zip(line, restored, strict=True))
        if restored is not None and restored != line:
            pieces += (text[last : match.start()], restored)
            last = match.end()
    return "".join([*pieces, text[last:]]) if pieces else text


def detection_view(doc: Document, language: str | None = None) -> View:
    """``doc`` as the detectors read it: a carriage return as a line end ("\\r\\n" as
    " \\n", a lone "\\r" as "\\n"), a no-break or other Unicode space as a space, a Unicode
    hyphen or minus as "-" (each character in its place), a hard wrap's line end inside prose
    as a space (:func:`~phiscrub.text.wraps.unwrapped`), then the spaces and tabs after a
    stop, comma, colon or semicolon and two spaces or a tab beside a lower-case word as one
    space, and, with ``language``, a note typed all in lower case with its capitals restored
    (:func:`~phiscrub.pipeline.truecase.truecased`), or in a note in mixed case each long line
    so typed (``_lower_lines_restored``). The note itself is left as it was; the view maps
    spans between the two."""
    text = doc.text
    if _UNUSUAL.search(text) is not None:
        text = text.replace("\r\n", " \n").replace("\r", "\n").translate(_SPACES)
    text = unwrapped(text)
    runs, pieces, last, removed = [], [], 0, 0
    cased = text != text.lower()
    for match in _RUN.finditer(text):
        if not _squeezed(text, match, cased):
            continue
        start, end = match.span()
        runs.append((start, end - start, start - removed))
        pieces += (text[last:start], " ")
        removed += end - start - 1
        last = end
    if runs:
        pieces.append(text[last:])
        text = "".join(pieces)
    metadata = doc.metadata
    restored = truecased(text, language) if language is not None else None
    if restored is not None:
        text, metadata = restored, {**metadata, TYPED_IN_LOWER_CASE: True}
    elif language is not None:
        text = _lower_lines_restored(text, language)
    if text == doc.text:
        return View(doc)
    if not runs:
        return View(dataclasses.replace(doc, text=text, metadata=metadata))
    squeezed = View(Document(doc.doc_id, text, (), metadata), runs)
    squeezed.doc = squeezed.doc.with_spans(squeezed.spans_to_view(doc.spans))
    return squeezed


def capitals_twin(doc: Document, language: str) -> Document | None:
    """The twin that the rules and dictionaries read beside a note typed in capitals: the note
    in lower case with English capitals restored (:func:`~phiscrub.pipeline.truecase.truecased`),
    letter for letter, marked as a note typed in lower case. Capitals hide what mixed case
    tells (a name's capital among ordinary words; "Hope" against "hope"), and the rules read
    in a title-cased twin only the patterns that capitals cannot fool; the restored twin is
    read like any note typed in lower case. None for a note not in capitals, or for a language
    without casing lists.
    """
    if note_case(doc.text) != "capitals":
        return None
    lowered = doc.text.lower()
    if len(lowered) != len(doc.text):  # a letter whose lower case is longer ("İ")
        return None
    restored = truecased(lowered, language)
    if restored is None:
        return None
    return Document(doc.doc_id, restored, (), {**doc.metadata, TYPED_IN_LOWER_CASE: True})
