"""Whether a surrogate holds another PHI string of its note, in time that does not grow with
the note.

A note's PHI strings (normalised, three characters or more) form a set; a surrogate is checked
by looking its own substrings up in that set, which costs the square of the surrogate's length
(a few hundred lookups) instead of one comparison per PHI string of the note. Both ask the same
question: does some PHI string occur inside the surrogate?
"""

from __future__ import annotations

from collections.abc import Set

MINIMUM = 3


def holds_any(text: str, avoid: Set[str], skip: str | None = None, minimum: int = MINIMUM) -> bool:
    """Whether a string of ``avoid`` (other than ``skip``) occurs in ``text``.

    ``avoid`` must hold strings of ``minimum`` characters or more (shorter ones are never
    found here).
    """
    if not avoid:
        return False
    size = len(text)
    for i in range(size - minimum + 1):
        for j in range(i + minimum, size + 1):
            piece = text[i:j]
            if piece in avoid and piece != skip:
                return True
    return False
