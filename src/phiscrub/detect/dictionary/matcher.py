"""Longest-match phrase lookup over tokens.

Phrases are stored by their lowercased token sequence; the matcher walks the document's tokens
once and, at each position, takes the longest phrase that starts there (then jumps past it).
Lookup is a dict of token tuples per first token, bounded by the longest phrase length, so a
document costs O(tokens x longest phrase).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from phiscrub.text.tokenize import Token, tokenize


def phrase_key(text: str) -> tuple[str, ...]:
    """The lowercased token sequence a phrase is stored and matched by."""
    return tuple(token.text.lower() for token in tokenize(text))


@dataclass(frozen=True)
class Match:
    """Tokens ``first`` to ``last`` (inclusive) matched a phrase with this ``value``."""

    first: int
    last: int
    value: str


class PhraseMatcher:
    """Maps phrases to values (a label, usually) and finds them, longest first, in token lists."""

    def __init__(self, entries: Iterable[tuple[str, str]] = ()) -> None:
        self._phrases: dict[tuple[str, ...], str] = {}
        self._longest: dict[str, int] = {}
        for phrase, value in entries:
            self.add(phrase, value)

    def __len__(self) -> int:
        return len(self._phrases)

    def __contains__(self, phrase: str) -> bool:
        return phrase_key(phrase) in self._phrases

    def add(self, phrase: str, value: str) -> None:
        key = phrase_key(phrase)
        if not key:
            return
        self._phrases.setdefault(key, value)
        self._longest[key[0]] = max(self._longest.get(key[0], 0), len(key))

    def find(self, tokens: Sequence[Token], lowered: Sequence[str] | None = None) -> list[Match]:
        """Non-overlapping longest matches, left to right."""
        words = lowered if lowered is not None else [t.text.lower() for t in tokens]
        matches: list[Match] = []
        i, n = 0, len(words)
        while i < n:
            longest = self._longest.get(words[i], 0)
            found = None
            for size in range(min(longest, n - i), 0, -1):
                value = self._phrases.get(tuple(words[i : i + size]))
                if value is not None:
                    found = Match(i, i + size - 1, value)
                    break
            if found is None:
                i += 1
            else:
                matches.append(found)
                i = found.last + 1
        return matches
