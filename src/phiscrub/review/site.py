"""A self-contained HTML review site: an index of notes, and one page per note with its PHI
highlighted, where a person accepts, rejects, relabels or adds spans and downloads the result
as phiscrub JSONL.

Pages hold note text, so they are PHI: files are written readable by their owner only (0600,
folders 0700). Nothing is fetched from a network: styles and script are inline.
"""

from __future__ import annotations

import html
import json
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from phiscrub.document import Document, Span
from phiscrub.evaluate import evaluate
from phiscrub.io.files import safe_file_stem, write_atomic
from phiscrub.review.assets import NOTE_SCRIPT, STYLE
from phiscrub.taxonomy import phi_types


@dataclass(frozen=True)
class Reviewed:
    """One note on the site: its spans, and where a gold standard was given, its misses."""

    doc: Document
    gold: Document | None = None

    @property
    def page(self) -> str:
        return f"notes/{safe_file_stem(self.doc.doc_id)}.html"

    def marks(self) -> list[dict]:
        """Every span to draw: the system's (found, or a false alarm against gold) and the
        gold spans it missed."""
        found = [_mark(s, "found") for s in self.doc.spans]
        if self.gold is None:
            return found
        gold = {(s.start, s.end, s.label) for s in self.gold.spans}
        system = {(s.start, s.end, s.label) for s in self.doc.spans}
        for mark, span in zip(found, self.doc.spans, strict=True):
            if (span.start, span.end, span.label) not in gold:
                mark["kind"] = "false-alarm"
        missed = [
            _mark(s, "missed") for s in self.gold.spans if (s.start, s.end, s.label) not in system
        ]
        return sorted(found + missed, key=lambda m: (m["start"], m["end"]))

    def scores(self) -> dict[str, float] | None:
        if self.gold is None:
            return None
        strict = evaluate([self.gold], [self.doc]).criteria["strict"]
        return {"precision": strict.precision, "recall": strict.recall, "f1": strict.f1}


def _mark(span: Span, kind: str) -> dict:
    return {"start": span.start, "end": span.end, "label": span.label, "kind": kind}


def write_review_site(notes: Iterable[Reviewed], out: Path) -> int:
    """Write the site into the new or empty folder ``out``; returns the number of notes."""
    _private_dir(out)
    _private_dir(out / "notes")
    rows = []
    for note in notes:
        _write_private(out / note.page, _note_page(note))
        rows.append(note)
    _write_private(out / "index.html", _index_page(rows))
    return len(rows)


def _private_dir(path: Path) -> None:
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o700)


def _write_private(path: Path, text: str) -> None:
    write_atomic(path, text)
    os.chmod(path, 0o600)


def _labels() -> list[str]:
    return list(phi_types())


def _index_page(notes: list[Reviewed]) -> str:
    labels = sorted({s.label for n in notes for s in n.doc.spans})
    head = "".join(f"<th>{html.escape(label)}</th>" for label in labels)
    body = []
    for note in notes:
        counts = Counter(s.label for s in note.doc.spans)
        cells = "".join(f"<td>{counts.get(label, 0)}</td>" for label in labels)
        scores = note.scores()
        score = f"<td>{scores['f1']:.3f}</td>" if scores is not None else ""
        link = f'<a href="{html.escape(note.page)}">{html.escape(note.doc.doc_id)}</a>'
        body.append(f"<tr><td>{link}</td><td>{len(note.doc.spans)}</td>{cells}{score}</tr>")
    with_gold = any(n.gold is not None for n in notes)
    f1 = "<th>strict F1</th>" if with_gold else ""
    table = (
        f"<table><thead><tr><th>note</th><th>spans</th>{head}{f1}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )
    return _page("phiscrub review", f"<h1>phiscrub review: {len(notes)} notes</h1>{table}", "")


def _note_page(note: Reviewed) -> str:
    data = {
        "doc_id": note.doc.doc_id,
        "text": note.doc.text,
        "marks": note.marks(),
        "labels": _labels() + sorted({s.label for s in note.doc.spans} - set(_labels())),
        "metadata": dict(note.doc.metadata),
    }
    scores = note.scores()
    summary = ""
    if scores is not None:
        summary = (
            f"<p class=scores>strict P {scores['precision']:.3f} R {scores['recall']:.3f} "
            f"F1 {scores['f1']:.3f} &middot; <span class='missed'>missed</span> "
            "<span class='false-alarm'>false alarm</span> (click a span to accept, reject or "
            "relabel it)</p>"
        )
    body = (
        f"<p><a href='../index.html'>all notes</a></p><h1>{html.escape(note.doc.doc_id)}</h1>"
        f"{summary}<div id=toolbar><button id=add>add span from selection</button> "
        "<select id=add-label></select> <button id=download>download corrections "
        "(JSONL)</button></div><pre id=note></pre><div id=menu hidden></div>"
        f"<script type='application/json' id=data>{_json_for_html(data)}</script>"
    )
    return _page(f"phiscrub review: {note.doc.doc_id}", body, NOTE_SCRIPT)


def _json_for_html(data: object) -> str:
    """JSON that cannot close the script element it sits in."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _page(title: str, body: str, script: str) -> str:
    colours = (
        "".join(  # a hue per label, spread by the golden angle
            f".lab-{label} {{ background: hsl({round(i * 137.5) % 360}, 75%, 84%); }}\n"
            for i, label in enumerate(_labels())
        )
        + ".lab-other { background: #ddd; }\n"
    )
    tail = f"<script>{script}</script>" if script else ""
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        "<meta name=referrer content=no-referrer>"
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        f"<title>{html.escape(title)}</title><style>{STYLE}{colours}</style></head>"
        f"<body>{body}{tail}</body></html>\n"
    )
