"""Canonical JSONL: one document per line, everything phiscrub knows about it.

    {"doc_id": "...", "text": "...", "spans": [{"start": 0, "end": 5, "label": "PATIENT",
     "score": 1.0, "source": "gold", "id": "T1"}], "metadata": {"patient_id": "..."}}

``score`` (default 1.0), ``source`` (default "") and ``id`` may be left out.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from phiscrub.document import Document, Span
from phiscrub.errors import FormatError
from phiscrub.io.files import check_offsets


def document_to_dict(doc: Document) -> dict[str, Any]:
    spans = []
    for span in doc.spans:
        item: dict[str, Any] = {"start": span.start, "end": span.end, "label": span.label}
        if span.score != 1.0:
            item["score"] = span.score
        if span.source:
            item["source"] = span.source
        if span.ann_id:
            item["id"] = span.ann_id
        spans.append(item)
    return {"doc_id": doc.doc_id, "text": doc.text, "spans": spans, "metadata": dict(doc.metadata)}


def dumps_jsonl_line(doc: Document) -> str:
    return json.dumps(document_to_dict(doc), ensure_ascii=False) + "\n"


MAX_DOC_ID = 255
"""Longest document id accepted: ids name output files."""


def _surrogates(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (JSON's "\\ud800"), which no file can hold."""
    return any("\ud800" <= c <= "\udfff" for c in text)


def _integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _span_from_dict(item: Any, text: str, path: Path | str, doc_id: str, line: int) -> Span:
    if not isinstance(item, dict):
        raise FormatError(path, "each span must be an object", doc_id=doc_id, line=line)
    ann_id = item.get("id")
    if ann_id is not None and not isinstance(ann_id, str):
        raise FormatError(path, "a span's 'id' must be a string", doc_id=doc_id, line=line)

    def fail(problem: str) -> FormatError:
        return FormatError(path, problem, doc_id=doc_id, ann_id=ann_id, line=line)

    start, end, label = item.get("start"), item.get("end"), item.get("label")
    if not (_integer(start) and _integer(end)):
        raise fail("a span's 'start' and 'end' must be integers")
    if not isinstance(label, str) or not label.strip():
        raise fail("a span's 'label' must be a non-empty string")
    score = item.get("score", 1.0)
    if isinstance(score, bool) or not isinstance(score, int | float) or not math.isfinite(score):
        raise fail("a span's 'score' must be a finite number")
    source = item.get("source", "")
    if not isinstance(source, str):
        raise fail("a span's 'source' must be a string")
    check_offsets(path, text, start, end, doc_id=doc_id, ann_id=ann_id, line=line)
    return Span(start, end, label, float(score), source, ann_id)


def document_from_dict(data: Any, path: Path | str, line: int) -> Document:
    """A document from one JSONL record, every field checked: nothing is coerced (a ``null``
    id, a float offset or a ``NaN`` score is an error naming the field, never its value)."""
    if not isinstance(data, dict) or "text" not in data or "doc_id" not in data:
        raise FormatError(path, "each line must be an object with 'doc_id' and 'text'", line=line)
    doc_id, text = data["doc_id"], data["text"]
    if not isinstance(doc_id, str) or not doc_id.strip() or len(doc_id) > MAX_DOC_ID:
        raise FormatError(
            path,
            f"'doc_id' must be a non-empty string of at most {MAX_DOC_ID} characters",
            line=line,
        )
    if _surrogates(doc_id):
        raise FormatError(path, "'doc_id' holds a lone surrogate", line=line)
    if not isinstance(text, str):
        raise FormatError(path, "'text' must be a string", doc_id=doc_id, line=line)
    if _surrogates(text):
        raise FormatError(path, "'text' holds a lone surrogate", doc_id=doc_id, line=line)
    items = data.get("spans")
    if items is None:
        items = []
    if not isinstance(items, list):
        raise FormatError(path, "'spans' must be a list", doc_id=doc_id, line=line)
    spans = [_span_from_dict(item, text, path, doc_id, line) for item in items]
    metadata = data.get("metadata")
    if metadata is None:
        metadata = {}
    if not isinstance(metadata, dict):
        raise FormatError(path, "'metadata' must be an object", doc_id=doc_id, line=line)
    return Document(doc_id, text, tuple(spans), metadata)


def read_jsonl(
    path: Path, on_error: Callable[[FormatError], None] | None = None
) -> Iterator[Document]:
    """Stream documents from a JSONL file, one line at a time.

    Args:
        path: The file.
        on_error: Called with each bad line's error, after which reading goes on with the
            next line. Without it the first bad line is raised.
    """
    with path.open("rb") as handle:
        for line_no, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                yield _parse_line(raw, path, line_no)
            except FormatError as error:
                if on_error is None:
                    raise
                on_error(error)


def _parse_line(raw: bytes, path: Path, line_no: int) -> Document:
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise FormatError(path, "not valid UTF-8", line=line_no) from None
    except json.JSONDecodeError as exc:
        raise FormatError(path, f"invalid JSON at column {exc.colno}", line=line_no) from None
    except RecursionError:
        raise FormatError(path, "JSON nested too deeply", line=line_no) from None
    try:
        return document_from_dict(data, path, line_no)
    except RecursionError:
        raise FormatError(path, "a value is nested too deeply", line=line_no) from None
