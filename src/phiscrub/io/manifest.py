"""Patient manifests: which patient (and note date) each document of a corpus belongs to."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from phiscrub.errors import FormatError
from phiscrub.io.files import decode_utf8


def load_manifest(path: Path) -> dict[str, dict[str, str]]:
    """Patient grouping from a CSV or JSONL file with ``file`` or ``doc_id``, ``patient_id`` and
    optionally ``note_date``; keyed by document id (a ``file`` entry's name without extension).
    """
    text = decode_utf8(path.read_bytes(), path)
    rows: list[tuple[int, dict[str, Any]]] = []
    if path.suffix.lower() == ".jsonl":
        for line_no, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    rows.append((line_no, json.loads(line)))
                except json.JSONDecodeError:
                    raise FormatError(path, "invalid JSON", line=line_no) from None
    else:
        reader = csv.DictReader(text.splitlines())
        rows = [(i + 2, row) for i, row in enumerate(reader)]
    manifest: dict[str, dict[str, str]] = {}
    for line_no, row in rows:
        doc_id = row.get("doc_id") or (Path(str(row["file"])).stem if row.get("file") else None)
        if not doc_id or not row.get("patient_id"):
            raise FormatError(
                path, "each row needs 'file' or 'doc_id', and 'patient_id'", line=line_no
            )
        entry = {"patient_id": str(row["patient_id"])}
        if row.get("note_date"):
            entry["note_date"] = str(row["note_date"])
        manifest[str(doc_id)] = entry
    return manifest
