"""A pattern's first character, checked before the rest of it: a faster search, the same matches.

A pattern that opens with look-behinds (``(?<![\\w-])(?<!MRN[ ])``) makes the ``regex`` module
try them at every position of a note before it reads a character. Where every match must start
with one of a few characters (a capital letter or a digit: "[A-Z\\d]"), a lookahead of them
put before the pattern (``start_guard``) turns most positions away at once. The characters are
read off the regex's parse tree, as the literal prefilter reads its strings
(:mod:`~phiscrub.detect.rules.prefilter`): a match starts with the first character of the first
part that must consume one, or of any optional or zero-width part before it. The guard is made
only where that set is narrow (no lower-case letters, spaces or ``\\w``, which most positions
hold, and no part read case-insensitively), since a guard that turns few positions away costs
more than it saves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# Python's regex parser and its constants, as the prefilter imports them (one shim for both)
from phiscrub.detect.rules.prefilter import _c, _parse, python_syntax

_UPPER = "\U000f0001"  # stands for \p{Lu} while Python's parser reads the pattern
_UPPER_SYNTAX = re.compile(r"\\p\{Lu\}|\\p\{Uppercase_Letter\}")
_GLOBAL_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")
_CATEGORIES = {_c.CATEGORY_DIGIT: r"\d"}  # the one class of many characters a guard keeps
_IGNORE = _c.SRE_FLAG_IGNORECASE
_MAX_RANGE = 256  # a longer range of characters is not read (it is no narrow class)

# (the characters a match may start with, or None for any; whether the part may match empty)
_First = tuple[frozenset[str] | None, bool]


def start_guard(pattern: str, ignore_case: bool = False) -> str | None:
    """A lookahead of the characters every match of ``pattern`` starts with (in the ``regex``
    module's syntax), or None where they are not few or cannot be read."""
    if _GLOBAL_FLAGS.match(pattern):
        return None
    python = python_syntax(_UPPER_SYNTAX.sub(_UPPER, pattern))
    if python is None:
        return None
    try:
        tree = _parse.parse(python)
    except (_c.error, OverflowError, RecursionError):
        return None
    if ignore_case or tree.state.flags & _IGNORE:
        return None
    chars, empty = _sequence(list(tree))
    if chars is None or empty or not chars:
        return None
    return "(?=[" + "".join(sorted(chars)) + "])"


def guarded(pattern: str, ignore_case: bool = False) -> str:
    """``pattern`` behind its start guard, where it has one."""
    guard = start_guard(pattern, ignore_case)
    return pattern if guard is None else f"{guard}(?:{pattern})"


def _char(code: int) -> str:
    char = chr(code)
    if char == _UPPER:
        return r"\p{Lu}"
    if char.islower() or char.isspace() or not char.isprintable():
        return ""  # not narrow: no guard (see _narrow)
    return f"\\U{code:08x}"


def _sequence(items: Sequence[tuple[object, object]]) -> _First:
    """What a run of parts may start with: the first part's characters, and the next part's
    while the parts so far may match empty."""
    chars: set[str] = set()
    for op, av in items:
        first, empty = _node(op, av)
        if first is None:
            return None, False
        chars |= first
        if not empty:
            return frozenset(chars), False
    return frozenset(chars), True


def _node(op: object, av: object) -> _First:
    if op is _c.LITERAL:
        return _narrow([_char(av)])  # type: ignore[arg-type]
    if op is _c.IN:
        return _class(av)  # type: ignore[arg-type]
    if op is _c.BRANCH:
        chars: set[str] = set()
        empty = False
        for branch in av[1]:  # type: ignore[index]
            first, branch_empty = _sequence(list(branch))
            if first is None:
                return None, False
            chars |= first
            empty = empty or branch_empty
        return frozenset(chars), empty
    if op is _c.SUBPATTERN:
        _, add_flags, del_flags, body = av  # type: ignore[misc]
        if (add_flags | del_flags) & _IGNORE:  # case read otherwise inside: no guard
            return None, False
        return _sequence(list(body))
    if op is getattr(_c, "ATOMIC_GROUP", None):
        return _sequence(list(av))  # type: ignore[arg-type]
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", None)):
        low, _, body = av  # type: ignore[misc]
        first, empty = _sequence(list(body))
        return first, (first is not None and (low == 0 or empty))
    if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
        return frozenset(), True  # matches no character
    return None, False  # any character, a back-reference, a conditional


def _class(items: Sequence[tuple[object, object]]) -> _First:
    parts: list[str] = []
    for op, av in items:
        if op is _c.LITERAL:
            parts.append(_char(av))  # type: ignore[arg-type]
        elif op is _c.RANGE:
            low, high = av  # type: ignore[misc]
            if high - low > _MAX_RANGE or not all(_char(c) for c in range(low, high + 1)):
                return None, False
            parts.append(f"{_char(low)}-{_char(high)}")
        elif op is _c.CATEGORY and av in _CATEGORIES:
            parts.append(_CATEGORIES[av])  # type: ignore[index]
        else:  # a negated class, \w, \s and their opposites
            return None, False
    return _narrow(parts)


def _narrow(parts: list[str]) -> _First:
    """The characters, or None where one of them is one most positions of a note hold."""
    if not all(parts):
        return None, False
    return frozenset(parts), False
