"""One exception hierarchy for phiscrub.

Messages name the file, the document id, the annotation id and offsets, never note text or PHI:
error messages end up in logs and terminals that are not cleared for PHI.
"""

from __future__ import annotations

from pathlib import Path


class PhiscrubError(Exception):
    """Base class of every error phiscrub raises on purpose."""


class FormatError(PhiscrubError):
    """An input file is malformed or inconsistent with its format.

    Args:
        path: The file at fault.
        problem: What is wrong, without quoting note text.
        doc_id: The document, when the file holds several.
        ann_id: The annotation (tag) id, when one is at fault.
        start: Start offset of the annotation at fault.
        end: End offset of the annotation at fault.
        line: Line number in the file (1-based), where known.
    """

    def __init__(
        self,
        path: str | Path | None,
        problem: str,
        *,
        doc_id: str | None = None,
        ann_id: str | None = None,
        start: int | None = None,
        end: int | None = None,
        line: int | None = None,
    ) -> None:
        self.path = str(path) if path is not None else None
        self.problem = problem
        self.doc_id = doc_id
        self.ann_id = ann_id
        self.start = start
        self.end = end
        self.line = line
        where = [self.path or "<input>"]
        if line is not None:
            where.append(f"line {line}")
        if doc_id is not None:
            where.append(f"document {doc_id}")
        if ann_id is not None:
            where.append(f"annotation {ann_id}")
        if start is not None or end is not None:
            where.append(f"offsets {start}-{end}")
        super().__init__(f"{', '.join(where)}: {problem}")


class AlignmentError(PhiscrubError):
    """Spans cannot be expressed as token tags (boundaries inside tokens, or overlaps)."""


class EvaluationError(PhiscrubError):
    """Gold and system annotations cannot be compared (different texts, unknown documents)."""


class ConfigError(PhiscrubError):
    """A configuration value or file is invalid."""
