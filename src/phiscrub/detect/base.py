"""The detector protocol: anything with a name and ``detect(doc) -> list[Span]``.

Detectors keep their constructor cheap (settings only) and load heavy resources on first use.
Their spans carry ``source`` so that every redaction can be traced to what found it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol, runtime_checkable

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


def detect_batch(detector: Detector, docs: Iterable[Document]) -> Iterator[list[Span]]:
    """``detector.detect`` over many documents, using its own batch method when it has one."""
    batch = getattr(detector, "detect_batch", None)
    if batch is not None:
        yield from batch(docs)
        return
    for doc in docs:
        yield detector.detect(doc)
