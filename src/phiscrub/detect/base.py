"""The detector protocol: anything with a name and ``detect(doc) -> list[Span]``.

Detectors keep their constructor cheap (settings only) and load heavy resources on first use.
Their spans carry ``source`` so that every redaction can be traced to what found it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from phiscrub.document import Document, Span
from phiscrub.errors import PhiscrubError
from phiscrub.text.memo import TextMemo

__all__ = ["DetectionError", "Detector", "TextMemo", "TrainingProgress", "detect_batch"]

TrainingProgress = Callable[[str, int, int, float | None], None]
"""What a trainer reports as it goes: (stage, steps done, steps in all, loss or None)."""


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
