"""The detector protocol: anything with a name and ``detect(doc) -> list[Span]``.

Detectors keep their constructor cheap (settings only) and load heavy resources on first use.
Their spans carry ``source`` so that every redaction can be traced to what found it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from phiscrub.document import Document, Span
from phiscrub.errors import PhiscrubError


class DetectionError(PhiscrubError):
    """A detector could not finish a document (for example, its time budget ran out)."""


@runtime_checkable
class Detector(Protocol):
    name: str

    def detect(self, doc: Document) -> list[Span]:
        """The PHI spans this detector finds in ``doc`` (overlaps allowed; merging is later)."""
        ...


def detect_batch(detector: Detector, docs: Sequence[Document]) -> list[list[Span]]:
    """``detector.detect`` over several documents, through its own batch method
    (``detect_many``, as the neural tagger has) when it has one."""
    many = getattr(detector, "detect_many", None)
    return many(docs) if many is not None else [detector.detect(doc) for doc in docs]


T = TypeVar("T")


class TextMemo:
    """The last ``size`` results of a pure function of (settings, text), shared by every
    detector with the same settings in a process.

    The rules and the dictionaries run on each note as detectors and again inside the CRF's
    and the neural taggers' feature builders; with the memo they search each note once.
    Results must be immutable (tuples of spans).
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._items: OrderedDict[tuple[Hashable, str], object] = OrderedDict()

    def get(self, key: Hashable, text: str, compute: Callable[[], T]) -> T:
        slot = (key, text)
        if slot in self._items:
            self._items.move_to_end(slot)
            return self._items[slot]  # type: ignore[return-value]
        value = compute()
        self._items[slot] = value
        if len(self._items) > self.size:
            self._items.popitem(last=False)
        return value
