"""BRAT standoff: ``NAME.txt`` holds the text, ``NAME.ann`` the text-bound annotations.

    T1<TAB>FECHAS 215 225<TAB>03/03/1946

Only text-bound (``T``) annotations are spans; notes, attributes, relations and events are
skipped. Discontinuous spans (``T1<TAB>NAME 0 5;10 15``) are rejected with an error: a PHI span
in phiscrub is one stretch of text.
"""

from __future__ import annotations

import re
from pathlib import Path

from phiscrub.document import Document, Span
from phiscrub.errors import FormatError
from phiscrub.io.files import check_offsets, read_text

_OFFSETS = re.compile(r"^(\S+) (\d+) (\d+)$")
_NUMBER_IN_ID = re.compile(r"(\d+)$")
_TEXT_BOUND_ID = re.compile(r"^T\d+$")


def parse_ann(ann: str, text: str, path: Path | str, doc_id: str) -> list[Span]:
    """Parse the text-bound annotations of one ``.ann`` file against its text."""
    spans = []
    for line_no, line in enumerate(ann.splitlines(), start=1):
        if not line.startswith("T"):
            continue
        fields = line.split("\t")
        if len(fields) < 2:
            raise FormatError(path, "annotation line without a tab-separated body", line=line_no)
        ann_id, body = fields[0], fields[1]
        if ";" in body:
            raise FormatError(
                path,
                "discontinuous span (several offset pairs) is not supported; split it into "
                "separate annotations",
                doc_id=doc_id,
                ann_id=ann_id,
                line=line_no,
            )
        match = _OFFSETS.match(body)
        if not match:
            raise FormatError(
                path, "expected 'LABEL START END'", doc_id=doc_id, ann_id=ann_id, line=line_no
            )
        label, start, end = match.group(1), int(match.group(2)), int(match.group(3))
        check_offsets(path, text, start, end, doc_id=doc_id, ann_id=ann_id, line=line_no)
        if len(fields) > 2:
            actual = text[start:end]
            stated = fields[2]
            if stated not in (actual, actual.replace("\r\n", " ").replace("\n", " ")):
                raise FormatError(
                    path,
                    "the annotation's text differs from the text at its offsets",
                    doc_id=doc_id,
                    ann_id=ann_id,
                    start=start,
                    end=end,
                    line=line_no,
                )
        spans.append(Span(start, end, label, 1.0, "gold", ann_id))
    return spans


def read_brat(txt_path: Path) -> Document:
    """Read ``NAME.txt`` and ``NAME.ann`` beside it (an empty ``.ann`` for a note without
    PHI). A missing ``.ann`` is an error: read as a note without PHI, its PHI would pass."""
    ann_path = txt_path.with_suffix(".ann")
    if not ann_path.exists():
        raise FormatError(
            txt_path,
            "a BRAT note without its .ann file; add an empty .ann for a note with no PHI, or "
            "read the folder as plain text (--input-format txt)",
        )
    text = read_text(txt_path)
    doc_id = txt_path.stem
    spans = parse_ann(read_text(ann_path), text, ann_path, doc_id)
    return Document(doc_id, text, tuple(spans))


def _id_order(ann_id: str) -> tuple[int, str]:
    match = _NUMBER_IN_ID.search(ann_id)
    return (int(match.group(1)) if match else 0, ann_id)


def dumps_ann(doc: Document) -> str:
    """The ``.ann`` content for a document's spans, ordered by annotation number.

    Spans keep their ``T<n>`` ids; others (none, or ids from another format such as i2b2's
    ``P0``) get numbers after the highest one in use. Line breaks inside a span's text are
    written as spaces, as BRAT does.
    """
    kept = [s.ann_id for s in doc.spans if s.ann_id and _TEXT_BOUND_ID.match(s.ann_id)]
    next_number = max((_id_order(a)[0] for a in kept), default=0) + 1
    lines = []
    for span in doc.spans:
        ann_id = span.ann_id
        if not ann_id or not _TEXT_BOUND_ID.match(ann_id):
            ann_id = f"T{next_number}"
            next_number += 1
        surface = doc.span_text(span).replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
        lines.append(
            (_id_order(ann_id), f"{ann_id}\t{span.label} {span.start} {span.end}\t{surface}\n")
        )
    lines.sort(key=lambda item: item[0])
    return "".join(line for _, line in lines)
