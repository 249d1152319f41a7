"""Sentences as runs of tokens, for the CRF's sequences and sentence features.

A sentence ends at a line break and after ``.``, ``?`` or ``!`` followed by whitespace and a
capital letter or digit, unless the word before the full stop looks like a title abbreviation
(one or two letters with a capital first, "Dr.", "J.", or one of a few longer titles, "Sra.").
Splitting is deliberately simple: models that must not depend on it (CEDI) read whole notes.
"""

from __future__ import annotations

from collections.abc import Sequence

from phiscrub.text.tokenize import Token

END_MARKS = frozenset(".?!")
_LONGER_TITLES = frozenset({"mrs", "sra", "dra", "srta", "prof", "dres", "sres"})


def _line_break_between(text: str, left: Token, right: Token) -> bool:
    gap = text[left.end : right.start]
    return "\n" in gap or "\r" in gap


def _ends_sentence(text: str, tokens: Sequence[Token], i: int) -> bool:
    token, following = tokens[i], tokens[i + 1]
    if token.text not in END_MARKS or following.start == token.end:
        return False
    first = following.text[0]
    if not (first.isupper() or first.isdigit()):
        return False
    if token.text == "." and i > 0 and tokens[i - 1].end == token.start:
        word = tokens[i - 1].text
        if word[0].isupper() and (len(word) <= 2 or word.lower() in _LONGER_TITLES):
            return False
    return True


def sentence_bounds(text: str, tokens: Sequence[Token]) -> list[tuple[int, int]]:
    """Token index ranges ``[first, last)`` of the sentences of ``text``, in order."""
    bounds: list[tuple[int, int]] = []
    first = 0
    for i in range(len(tokens) - 1):
        if _line_break_between(text, tokens[i], tokens[i + 1]) or _ends_sentence(text, tokens, i):
            bounds.append((first, i + 1))
            first = i + 1
    if tokens:
        bounds.append((first, len(tokens)))
    return bounds


def line_bounds(text: str, tokens: Sequence[Token]) -> list[tuple[int, int]]:
    """Token index ranges of the non-empty lines of ``text``."""
    bounds: list[tuple[int, int]] = []
    first = 0
    for i in range(len(tokens) - 1):
        if _line_break_between(text, tokens[i], tokens[i + 1]):
            bounds.append((first, i + 1))
            first = i + 1
    if tokens:
        bounds.append((first, len(tokens)))
    return bounds
