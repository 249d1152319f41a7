"""Literal prefilters: strings one of which a text must hold for a pattern to match in it.

A pattern is only worth running on a note that holds one of the literal strings every match
of it needs ("hospital", "center" or "clinic" for a pattern that ends in one of them). The
strings are read off the regex's parse tree, as RE2's and Hyperscan's prefilters do (in a
simpler form): a literal is exact, a concatenation of exact parts multiplies out, an
alternation unites its branches' strings, and anything else (a class of many characters, an
optional part, a back-reference) ends a run of exact parts. The best run of a concatenation
(the one whose shortest string is longest) is what the pattern needs.

Case does not matter: strings and notes are compared case-folded (:func:`fold`), which is
sound for patterns with and without ``ignore_case``. Python's own parser reads the tree, after
the ``regex`` module's own syntax is put in its terms (:func:`python_syntax`): a Unicode
property (``\\p{Lu}``) reads as ``\\w``, a class of many characters, which ends a run; ``\\K``
(which only moves the match's start) as nothing; a named group, whose name may repeat in
``regex``, as a plain group. A pattern with any other syntax beyond Python's parser gets no
prefilter and runs on every note.

The prefilter only saves time: a pattern skipped on a note would have found nothing in it.
:class:`LiteralIndex` finds which of all the patterns' strings a note holds in one scan, so that
each pattern's test is a set lookup.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass

try:  # Python 3.11 and later
    from re import _constants as _c  # type: ignore[attr-defined]
    from re import _parser as _parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _parse  # type: ignore[no-redef]

MAX_STRINGS = 256  # a run of exact parts whose strings would multiply past this ends there
MAX_CLASS = 12  # a character class of at most this many characters counts as exact


def fold(text: str) -> str:
    """``text`` case-folded, "İ" read as "i" (its full folding adds a combining dot that the
    ``regex`` module's case-insensitive match does not see)."""
    return text.casefold().replace("i\u0307", "i")


class LiteralIndex:
    """Which of many strings a text holds, found in one scan instead of one search per string.

    The strings make a trie, written as one regular expression that is tried at every position
    of the text inside a lookahead; at each position it matches the longest string that starts
    there (the trie's branches are greedy), and every shorter string that starts there is one
    of its prefixes, so the strings found and their prefixes among the strings are exactly
    those the text holds.
    """

    def __init__(self, strings: Iterable[str]) -> None:
        self.strings = frozenset(s for s in strings if s)
        trie: dict[str, dict] = {}
        for string in self.strings:
            node = trie
            for char in string:
                node = node.setdefault(char, {})
            node[""] = {}  # a string ends here
        self._scan = re.compile(f"(?=({_trie_regex(trie)}))") if self.strings else None
        self._prefixes = {
            s: tuple(s[:k] for k in range(1, len(s) + 1) if s[:k] in self.strings)
            for s in self.strings
        }

    def held(self, folded: str) -> Set[str]:
        """The strings that ``folded`` holds."""
        if self._scan is None:
            return frozenset()
        held: set[str] = set()
        for longest in set(self._scan.findall(folded)):
            held.update(self._prefixes[longest])
        return held


def _trie_regex(node: dict[str, dict]) -> str:
    """A trie's strings as a regular expression whose alternatives try the longer first."""
    branches = [re.escape(char) + _trie_regex(child) for char, child in node.items() if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if "" in node else body


@dataclass(frozen=True)
class _Info:
    """What a piece of a regex needs: ``exact`` (it matches one of ``strings`` exactly,
    perhaps the empty string) or not (the text holds one of ``strings``)."""

    strings: frozenset[str]
    exact: bool

    @property
    def useful(self) -> bool:
        return bool(self.strings) and "" not in self.strings


_EMPTY = _Info(frozenset({""}), exact=True)


# syntax that Python's parser would read, wrongly, as literal characters: a POSIX class
# ("[[:alpha:]]") and a fuzzy match's limits ("(?:colon){e<=1}"); such a pattern is not
# prefiltered
_MISREAD = re.compile(r"\[\[:|\{[ ]*[deis][ ]*[<>=,}]")
# the regex module's own syntax, and any other escape (kept whole, so that "\\p" stays a
# backslash and a "p")
_REGEX_ONLY = re.compile(r"\\(?:[pP](?:\{[^}]*\}|\w)|K|.)|\(\?P<\w+>", re.DOTALL)


def python_syntax(pattern: str) -> str | None:
    """``pattern`` with the ``regex`` module's own syntax put in terms that need no fewer
    literal strings (see the module docstring), or None where that cannot be done."""
    if _MISREAD.search(pattern):
        return None

    def put(match: re.Match[str]) -> str:
        found = match.group()
        if found.startswith("(?P<"):
            return "(?:"
        if found == "\\K":
            return ""
        if found[1] in "pP":
            return "\\w"
        return found

    return _REGEX_ONLY.sub(put, pattern)


def required_literals(pattern: str, ignore_case: bool = False) -> frozenset[str] | None:
    """Case-folded strings one of which every text that ``pattern`` matches in holds, or None
    when none can be read off it (the pattern must run on every text)."""
    del ignore_case  # folding makes the strings hold with the flag and without it
    python = python_syntax(pattern)
    if python is None:
        return None
    try:
        tree = _parse.parse(python)
    except (_c.error, OverflowError, RecursionError):  # syntax beyond Python's parser
        return None
    info = _sequence(list(tree))
    if info is None or not info.useful:
        return None
    return info.strings


def _better(a: _Info | None, b: _Info | None) -> _Info | None:
    """The more selective of two requirements: the longer shortest string, then fewer."""
    candidates = [i for i in (a, b) if i is not None and i.useful]
    if not candidates:
        return None
    return max(candidates, key=lambda i: (min(map(len, i.strings)), -len(i.strings)))


def _sequence(items: Sequence[tuple[object, object]]) -> _Info | None:
    run: frozenset[str] = frozenset({""})  # the exact strings of the current run of parts
    best: _Info | None = None
    broken = False
    for op, av in items:
        info = _node(op, av)
        exact = info is not None and info.exact
        if exact and len(run) * len(info.strings) <= MAX_STRINGS:  # type: ignore[union-attr]
            run = frozenset(a + b for a in run for b in info.strings)  # type: ignore[union-attr]
            continue
        # the run ends here: keep it if it is the best so far, and start again
        broken = True
        best = _better(best, _Info(run, exact=False))
        if exact and len(info.strings) <= MAX_STRINGS:  # type: ignore[union-attr]
            run = info.strings  # type: ignore[union-attr]
        else:
            run = frozenset({""})
            best = _better(best, info and _Info(info.strings, exact=False))
    if not broken:
        return _Info(run, exact=True)
    return _better(best, _Info(run, exact=False))


def _alternatives(infos: Iterable[_Info | None]) -> _Info | None:
    infos = list(infos)
    if any(i is None for i in infos):
        return None
    strings = frozenset().union(*(i.strings for i in infos))  # type: ignore[union-attr]
    if all(i.exact for i in infos) and len(strings) <= MAX_STRINGS:  # type: ignore[union-attr]
        return _Info(strings, exact=True)
    if all(i.useful for i in infos):  # type: ignore[union-attr]
        return _Info(strings, exact=False)
    return None


def _node(op: object, av: object) -> _Info | None:
    if op is _c.LITERAL:
        return _Info(frozenset({fold(chr(av))}), exact=True)  # type: ignore[arg-type]
    if op is _c.IN:
        return _class(av)  # type: ignore[arg-type]
    if op is _c.BRANCH:
        return _alternatives(_sequence(list(b)) for b in av[1])  # type: ignore[index]
    if op is _c.SUBPATTERN:
        return _sequence(list(av[-1]))  # type: ignore[index]
    if op is getattr(_c, "ATOMIC_GROUP", None):
        return _sequence(list(av))  # type: ignore[arg-type]
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", None)):
        low, high, body = av  # type: ignore[misc]
        inner = _sequence(list(body))
        if low == 0 or inner is None:
            return None
        if inner.exact and low == high and len(inner.strings) ** low <= MAX_STRINGS:
            strings = frozenset({""})
            for _ in range(low):
                strings = frozenset(a + b for a in strings for b in inner.strings)
            return _Info(strings, exact=True)
        return _Info(inner.strings, exact=False) if inner.useful else None
    if op is _c.AT or op is _c.ASSERT_NOT:
        return _EMPTY  # matches no character: the parts on either side stay adjacent
    if op is _c.ASSERT:
        inner = _sequence(list(av[1]))  # type: ignore[index]
        return _Info(inner.strings, exact=False) if inner is not None and inner.useful else None
    return None  # ANY, NOT_LITERAL, back-references, conditionals


def _class(items: Sequence[tuple[object, object]]) -> _Info | None:
    chars: set[str] = set()
    for op, av in items:
        if op is _c.LITERAL:
            chars.add(fold(chr(av)))  # type: ignore[arg-type]
        elif op is _c.RANGE:
            low, high = av  # type: ignore[misc]
            if high - low >= MAX_CLASS:
                return None
            chars.update(fold(chr(c)) for c in range(low, high + 1))
        else:  # NEGATE, CATEGORY (\d, \w)
            return None
        if len(chars) > MAX_CLASS:
            return None
    return _Info(frozenset(chars), exact=True) if chars else None
