"""The clinical tokenizer of Liu et al. (2017).

Text is split on whitespace, then each piece is cut into runs of letters, runs of digits and
single other characters, so that ``"1/20/71Total"`` becomes ``1 / 20 / 71 Total`` and
``"MRN:12345"`` becomes ``MRN : 12345``. PHI glued to other text (a frequent pattern in
clinical notes) then starts and ends on token boundaries.

With ``split_case=True`` a letter run is also cut where case changes inside it
(``MartínezNºCol`` -> ``Martínez N º Col``, ``DRAlberto`` -> ``DR Alberto``), which catches
words glued together without a space. It only adds boundaries, never removes one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from phiscrub.text.memo import TextMemo

# A letter run may carry combining marks (decomposed accents); digits are any Unicode digit;
# everything else that is not whitespace is a token of its own.
_TOKEN_RE = re.compile(r"[^\W\d_](?:[^\W\d_]|[\u0300-\u036f])*|\d+|\S")
# (split_case, note) -> its tokens: a batch of notes (64) stays in it, long notes do not
_WHOLE = TextMemo(size=1024, max_chars=1_000_000)
MEMO_MIN_LENGTH = 200


class Token(NamedTuple):
    """A token as an offset view on the text (end exclusive)."""

    start: int
    end: int
    text: str


def _case_cuts(word: str) -> list[int]:
    """Offsets inside ``word`` where a new token starts because the case changes."""
    cuts = []
    for i in range(1, len(word)):
        previous, current = word[i - 1], word[i]
        if not current.isupper():
            continue
        if previous.islower():
            cuts.append(i)  # fooBar
        elif previous.isupper() and i + 1 < len(word) and word[i + 1].islower():
            cuts.append(i)  # DRAlberto
    return cuts


def token_bounds(text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each token of ``tokenize(text)``, one at a time (no list is made,
    so a note of any length is read in constant memory)."""
    for match in _TOKEN_RE.finditer(text):
        yield match.span()


def tokenize(
    text: str, start: int = 0, end: int | None = None, split_case: bool = False
) -> list[Token]:
    """Tokenize ``text[start:end]``; offsets are relative to the whole ``text``.

    A whole note's tokens are remembered for the next callers (the detectors and feature
    builders that read the same note); each caller gets its own list. Short strings (a phrase,
    a span) are not remembered: they are cheap, and many.
    """
    if start == 0 and end is None and len(text) >= MEMO_MIN_LENGTH:
        return list(
            _WHOLE.get(split_case, text, lambda: tuple(_tokenize(text, 0, None, split_case)))
        )
    return _tokenize(text, start, end, split_case)


def _tokenize(text: str, start: int, end: int | None, split_case: bool) -> list[Token]:
    stop = len(text) if end is None else end
    tokens = [Token(m.start(), m.end(), m.group()) for m in _TOKEN_RE.finditer(text, start, stop)]
    if not split_case:
        return tokens
    result: list[Token] = []
    for token in tokens:
        word = token.text
        if len(word) < 2 or word.islower() or word.isupper() or not word[0].isalpha():
            result.append(token)
            continue
        begin = 0
        for cut in [*_case_cuts(word), len(word)]:
            result.append(Token(token.start + begin, token.start + cut, word[begin:cut]))
            begin = cut
    return result
