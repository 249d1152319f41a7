"""Hard-wrapped notes: the line ends that a typist's editor or an export put inside prose.

Many notes reach us with their long lines broken at a fixed width ("Admitted on March\\n14, 2104",
"seen by Dr.\\nOkafor"). A date, an address or a name broken so is no longer the phrase the rules
and models read. A note is taken to be wrapped at a width W when at least ``MIN_FULL_LINES`` of its
lines end within ``MARGIN`` characters of W, ``PILE`` times as many as in the margin below that (a
greedy wrap piles line ends up near the width; a list of one-line questions spreads them), and at
most ``MAX_LONGER`` lines are longer (a URL or a table's row may run past the margin), with
``FULL_PER_LONGER`` full lines for each (a short note of fields and two long sentences is no
wrapped one), for W between ``MIN_WIDTH`` and ``MAX_WIDTH``. A line end in such a note is a
soft one, a wrap, when:

* the next line's first word would not have fitted on the line before it, as a greedy wrap
  decides, with ``SLACK`` characters to spare (a typist breaks lines by eye);
* the line before is not blank, and the next line opens with no space, list mark, field's name
  ("Plan:"; in a note typed all in lower case, "address:"), typist's initials or a list's row
  by a name and a spaced dash ("Lindqvist, A. - ...", "Fenella Hargreaves - ...");
* neither line is a table's or a form's row (a tab or three spaces between cells), the
  two do not both open with a digit (a list's rows by room, time or number), and the next
  line is no question of its own (it opens with a question's word and ends in a question
  mark, after a line that ends in no word that needs one after it: a list of queries);
* the text runs on: the next line opens in lower case or with a bracket, or the line before
  ends in no stop, question or exclamation mark or semicolon (or in a title's stop, "Dr."):
  a sign-out's next room ("... Full code.\\n504 Ochoa-Bravo, 61F") or a nursing note's next
  time ("... added to contacts.\\n1445 Dressing") opens a line of its own.

:func:`unwrapped` reads each soft line end as a space: one character for one, so that every
offset stays as it was.
"""

from __future__ import annotations

import re

__all__ = ["soft_wraps", "unwrapped"]

MIN_WIDTH = 50
MAX_WIDTH = 160
MARGIN = 12
MIN_FULL_LINES = 3
MAX_LONGER = 2
FULL_PER_LONGER = 3
SLACK = 10
PILE = 1.5

# what opens a new line on purpose: an indent, a list's mark, a field's name and its colon
# ("Document #:"), a list's letter, a typist's initials ("GK/ps"), a list's row by a surname,
# an initial and a dash ("Lindqvist, A. - is the biopsy back?") or by a full name and a dash
# ("Fenella Hargreaves - pls remove the foley", in capitals too)
_HARD_START = re.compile(
    r"[ \t]|[-*•>#=_|]|\d{1,2}[.)][ \t]|[A-Z][\w/&'’#-]*(?:[ ][\w/&'’#-]+){0,3}:(?:[ \t]|$)"
    r"|\(?[a-z][.)][ \t]|[A-Z]{2,3}/[A-Za-z]{2,3}[ \t]*$|[A-Z][\w'’-]+,[ ]?[A-Z]\.?[ ]+[-–][ ]"
    r"|[A-Z][a-z'’-]+[ ][A-Z][\w'’-]+[ ]+[-–][ ]|[A-Z][A-Z'’-]+[ ][A-Z][A-Z'’-]+[ ]+[-–][ ]"
)
# the same in a note typed all in lower case, where a field's name has no capital to tell it
# from a wrapped sentence's words ("address: 176 ...", "gk/ps", "hermione blackwood - inr 4.1")
_HARD_START_LOWER = re.compile(
    r"[ \t]|[-*•>#=_|]|\d{1,2}[.)][ \t]|[a-z][\w/&'’#-]*(?:[ ][\w/&'’#-]+){0,3}:(?:[ \t]|$)"
    r"|\(?[a-z][.)][ \t]|[a-z]{2,3}/[a-z]{2,3}[ \t]*$|[a-z][a-z'’-]+[ ][a-z][a-z'’-]+[ ]+[-–][ ]"
    r"|[a-z][\w'’-]+,[ ]?[a-z]\.?[ ]+[-–][ ]"
)
_FIRST_WORD = re.compile(r"\S+")


def _width(lengths: list[int]) -> int | None:
    """The width a note's lines were wrapped at, or None when they were not."""
    ordered = sorted(lengths, reverse=True)
    for rank, width in enumerate(ordered[: MAX_LONGER + 1]):
        if width < MIN_WIDTH:
            return None
        if width > MAX_WIDTH:
            continue
        full = sum(1 for n in ordered[rank:] if n >= width - MARGIN)
        # a wrap piles its lines' ends up below the width; lines of any length, as a list of
        # one-line questions has them, spread as many over the margin below
        below = sum(1 for n in ordered if width - 2 * MARGIN <= n < width - MARGIN)
        if full >= MIN_FULL_LINES and full >= PILE * below and full >= FULL_PER_LONGER * rank:
            return width
    return None


# a line that ends a sentence ("... with his wife."), unless it ends in a title or an
# abbreviation that a name or a word follows ("seen by Dr."); a field's name and its colon
# run on into the value on the next line ("Emergency contact:\nToa Leche")
_ENDS = re.compile(r"[.!?;]$")
_ABBREVIATION_END = re.compile(
    r"(?<![\w.])(?:Dr|Mr|Mrs|Ms|Prof|St|Mt|Ft|Jr|Sr|No|vs|approx|e\.g|i\.e)\.$"
)
_GOES_ON = re.compile(r"[a-z(\[\"'“‘]")
# a table's or a form's row: cells set apart by a tab or a wide gap (a bar may part a
# header's fields in running text: "MRN: 0123 | SSN: ...")
_COLUMNS = re.compile(r"\t|\S[ ]{3,}\S")


# a question of its own line in a list of queries ("... rechecked tomorrow\nis bettina still
# on the list?", "... pls update\nIs Ilse cleared for d/c?"), unless the line before ends in
# a word no sentence ends in ("... to see whether\nis ..."); a question wrapped after any
# other word is read as two lines, at the cost of a name broken across them
_QUESTION_LINE = re.compile(
    r"(?:(?i:is|are|was|were|did|does|do|can|could|has|have|had|will|would|should|who|what|"
    r"when|where|why|how|any|pls|please))[ ][^\n]*\?[ ]*$"
    # or, with no question mark, one about someone by name and what is asked of them ("is
    # sunil cleared for surgery")
    r"|(?:is|was|has|did|does|can|will)[ ](?!(?:now|not|also|very|still|just|it|he|she|they|"
    r"we|you|i|this|that|the|a|an|there|pt|patient|his|her|their|mom|dad|family|wife|husband|"
    r"son|daughter|someone|anyone|everyone)\b)[a-z]{3,}[ ](?:still|cleared|ok|okay|allowed|"
    r"able|going|due|scheduled|npo|ready|already|getting|having|seen|discharged)\b"
)
_NEEDS_MORE = re.compile(
    r"(?:^|[ ])(?:the|a|an|to|of|if|and|or|for|with|that|whether|is|was|be|his|her|their|"
    r"my|your|our|in|on|at|by|from)$",
    re.IGNORECASE,
)


def _goes_on(line: str, following: str) -> bool:
    """Whether the text of ``line`` runs on into ``following``: neither is a table's row nor
    a question of its own line, and the next line opens with a word in lower case or a
    bracket, or the line ends in no sentence's mark, or in a title's stop ("Dr.")."""
    if _COLUMNS.search(line) or _COLUMNS.search(following):
        return False
    if line[:1].isdigit() and following[:1].isdigit():
        return False  # rows by room, time or number ("504 Ochoa-Bravo ...\n507 Lindqvist")
    if _QUESTION_LINE.match(following) and not _NEEDS_MORE.search(line):
        return False
    if _GOES_ON.match(following):
        return True
    return _ENDS.search(line) is None or _ABBREVIATION_END.search(line) is not None


def soft_wraps(text: str) -> list[int]:
    """The offsets of the line ends of ``text`` that a hard wrap put there (see the module)."""
    if "\n" not in text:
        return []
    lines = text.split("\n")
    lengths = [len(line.rstrip()) for line in lines]
    width = _width(lengths)
    if width is None:
        return []
    hard_start = _HARD_START if text != text.lower() else _HARD_START_LOWER
    soft, offset = [], 0
    for line, length, following in zip(lines, lengths, lines[1:], strict=False):
        offset += len(line)
        word = _FIRST_WORD.match(following)
        if (
            length > 0
            and word is not None
            and hard_start.match(following) is None
            and length + 1 + len(word.group()) > width - SLACK
            and _goes_on(line[:length], following)
        ):
            soft.append(offset)
        offset += 1
    return soft


def unwrapped(text: str) -> str:
    """``text`` with each soft line end read as a space (the same length, offset for offset)."""
    soft = soft_wraps(text)
    if not soft:
        return text
    chars = list(text)
    for offset in soft:
        chars[offset] = " "
    return "".join(chars)
