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
        longest, phrases = self._longest, self._phrases
        matches: list[Match] = []
        n = len(words)
        free = 0  # the first token not inside a match found already
        # only tokens that start some phrase are tried (found by a dict lookup each, in C)
        for i in [i for i, word in enumerate(words) if word in longest]:
            if i < free:
                continue
            for size in range(min(longest[words[i]], n - i), 0, -1):
                value = phrases.get(tuple(words[i : i + size]))
                if value is not None:
                    matches.append(Match(i, i + size - 1, value))
                    free = i + size
                    break
        return matches
