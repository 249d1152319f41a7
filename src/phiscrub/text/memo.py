"""A small memo of results computed from a note's text, shared within a process."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")


class TextMemo:
    """The last ``size`` results of a pure function of (settings, text), shared by every
    detector with the same settings in a process.

    The rules and the dictionaries run on each note as detectors and again inside the CRF's
    and the neural taggers' feature builders, and several of them tokenize it; with the memo
    each of these is done once per note.
    Results must be immutable (tuples of spans).

    Args:
        size: How many results are kept.
        max_chars: With it, results are also dropped (oldest first) while the texts they
            were made from hold more characters than this, for results whose memory grows
            with the text (a note's tokens); the newest is always kept.
    """

    def __init__(self, size: int = 256, max_chars: int | None = None) -> None:
        self.size = size
        self.max_chars = max_chars
        self._chars = 0
        self._items: OrderedDict[tuple[Hashable, str], object] = OrderedDict()

    def get(self, key: Hashable, text: str, compute: Callable[[], T]) -> T:
        slot = (key, text)
        if slot in self._items:
            self._items.move_to_end(slot)
            return self._items[slot]  # type: ignore[return-value]
        value = compute()
        self._items[slot] = value
        self._chars += len(text)
        while len(self._items) > 1 and (
            len(self._items) > self.size
            or (self.max_chars is not None and self._chars > self.max_chars)
        ):
            (_, old), _ = self._items.popitem(last=False)
            self._chars -= len(old)
        return value
