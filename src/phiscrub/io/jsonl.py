"""Canonical JSONL: one document per line, everything phiscrub knows about it.

    {"doc_id": "...", "text": "...", "spans": [{"start": 0, "end": 5, "label": "PATIENT",
     "score": 1.0, "source": "gold", "id": "T1"}], "metadata": {"patient_id": "..."}}

``score`` (default 1.0), ``source`` (default "") and ``id`` may be left out.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
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


def document_from_dict(data: Any, path: Path | str, line: int) -> Document:
    if not isinstance(data, dict) or "text" not in data or "doc_id" not in data:
        raise FormatError(path, "each line must be an object with 'doc_id' and 'text'", line=line)
    doc_id, text = str(data["doc_id"]), data["text"]
    if not isinstance(text, str):
        raise FormatError(path, "'text' must be a string", doc_id=doc_id, line=line)
    spans = []
    for item in data.get("spans") or []:
        ann_id = item.get("id")
        try:
            start, end, label = int(item["start"]), int(item["end"]), str(item["label"])
        except (KeyError, TypeError, ValueError):
            raise FormatError(
                path,
                "span needs integer 'start', 'end' and a 'label'",
                doc_id=doc_id,
                ann_id=ann_id,
                line=line,
            ) from None
        check_offsets(path, text, start, end, doc_id=doc_id, ann_id=ann_id, line=line)
        spans.append(
            Span(
                start,
                end,
                label,
                float(item.get("score", 1.0)),
                str(item.get("source", "")),
                ann_id,
            )
        )
    metadata = data.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise FormatError(path, "'metadata' must be an object", doc_id=doc_id, line=line)
    return Document(doc_id, text, tuple(spans), metadata)


def read_jsonl(path: Path) -> Iterator[Document]:
    """Stream documents from a JSONL file, one line at a time."""
    with path.open("rb") as handle:
        for line_no, raw in enumerate(handle, start=1):
            if not raw.strip():
                continue
            try:
                data = json.loads(raw.decode("utf-8"))
            except UnicodeDecodeError:
                raise FormatError(path, "not valid UTF-8", line=line_no) from None
            except json.JSONDecodeError as exc:
                raise FormatError(
                    path, f"invalid JSON at column {exc.colno}", line=line_no
                ) from None
            yield document_from_dict(data, path, line_no)
