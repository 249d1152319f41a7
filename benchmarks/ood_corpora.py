"""English corpora phiscrub was not built from, read into Documents with i2b2 2014 labels.

* ``meddeid_notes``: clinical notes from ``meddeid-data`` (PyPI; an independent generator,
  AGPL-3.0). It is run only as an external program, in a virtual environment of its own made
  under the cache folder (never imported; its notes are written to the cache, never to the
  repository). Its labels map to i2b2 2014 types by ``MEDDEID_LABELS``; some split by form.
* ``general_ner``: real English tweets and web text (Broad Twitter Corpus, WNUT-17) and
  presidio-research's template sentences, from ``../shared/corpora/general-ner``.

These are development sets for scoring only: never train on them (BTC and the WNUT-17 train
split may be used for training; the WNUT-17 test split and presidio's sentences may not).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from phiscrub.document import Document, Span

GENERAL_NER = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "general-ner"
MEDDEID_REQUIREMENTS = ("meddeid-data==0.4.2", "meddeid-language-en==0.2.1")

_SSN = re.compile(r"^\d{3}([- ])\d{2}\1\d{4}$")
_EMAIL = re.compile(r"@")
_URL = re.compile(r"^(https?://|www\.)", re.IGNORECASE)
_NUMBER = re.compile(r"\d+")
_AGE = re.compile(r"\b(year|yr|y/?o|aged?|months?|weeks?|days?)\b|^\d{1,3}\s*y$", re.IGNORECASE)
_TITLE = re.compile(r"^(Dr|Doctor|Prof|Mr|Mrs|Ms|Miss|Nurse|Sister)\.?\s+", re.IGNORECASE)
_US_TAIL = re.compile(r"^(?P<state>[A-Z]{2})\s+(?P<zip>\d{5}(?:-\d{4})?)$")
_UK_POSTCODE = re.compile(r"^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$", re.IGNORECASE)


def _id(text: str, owner: str) -> str:
    if _SSN.match(text):
        return "SSN"
    return "MEDICALRECORD" if owner == "Patient" else "IDNUM"


def _contact(text: str) -> str:
    if _EMAIL.search(text):
        return "EMAIL"
    return "URL" if _URL.match(text) else "PHONE"


MEDDEID_LABELS: dict[str, str | Callable[[str], str]] = {
    "Name:Patient": "PATIENT",
    "Name:Other": "PATIENT",  # relatives and other people named in the note (i2b2: PATIENT)
    "Name:Caregiver": "DOCTOR",
    "Date": "DATE",
    "Age_Birthdate": lambda text: "AGE" if _AGE.search(text) else "DATE",
    "ID:Patient": lambda text: _id(text, "Patient"),
    "ID:Caregiver": lambda text: _id(text, "Caregiver"),
    "Contactdetails": _contact,
    "Organization:Healthcare": "HOSPITAL",
    "Organization:Other": "ORGANIZATION",
    "Address_Location:Other": "CITY",
    "Address_Location:Caregiver": "CITY",
    "Profession": "PROFESSION",
    # "Address_Location:Patient" (a whole address) is split by _address below
}
"""meddeid-data label -> i2b2 2014 type (or a function of the span's text that picks one)."""


def _address(start: int, text: str) -> list[Span]:
    """A whole address split the i2b2 way at its commas: STATE and ZIP (US) or a postcode
    (UK, ZIP) last, the part before them CITY, every part before that STREET."""
    parts: list[tuple[int, int]] = []
    offset = 0
    for piece in text.split(","):
        lead = len(piece) - len(piece.lstrip())
        if piece.strip():
            parts.append((offset + lead, offset + lead + len(piece.strip())))
        offset += len(piece) + 1
    spans: list[Span] = []
    if parts:
        s, e = parts[-1]
        tail = _US_TAIL.match(text[s:e])
        if tail:
            zs = s + tail.start("zip")
            spans += [
                Span(start + s, start + s + 2, "STATE"),
                Span(start + zs, start + zs + len(tail.group("zip")), "ZIP"),
            ]
            parts.pop()
        elif _UK_POSTCODE.match(text[s:e]):
            spans.append(Span(start + s, start + e, "ZIP"))
            parts.pop()
    for index, (s, e) in enumerate(parts):
        single_street = len(parts) == 1 and any(c.isdigit() for c in text[s:e])
        city = index == len(parts) - 1 and not single_street
        spans.append(Span(start + s, start + e, "CITY" if city else "STREET"))
    return sorted(spans, key=lambda span: span.start)


def meddeid_document(record: dict) -> Document:
    """One meddeid-data JSONL record as a Document with i2b2 2014 labels; a leading title of
    a name ("Dr Jaretzy Wissert") is left outside the span, as i2b2 annotates."""
    text = record["text"]
    spans: list[Span] = []
    for item in record["spans"]:
        start, end, label = item["begin"], item["end"], item["label"]
        surface = text[start:end]
        if label == "Address_Location:Patient":
            spans += _address(start, surface)
            continue
        target = MEDDEID_LABELS.get(label)
        if target is None:
            raise ValueError(f"meddeid-data label {label!r} has no i2b2 mapping")
        if label.startswith("Name:"):
            title = _TITLE.match(surface)
            if title:
                start += title.end()
        kind = target if isinstance(target, str) else target(surface)
        if kind == "AGE":  # i2b2 annotates the number of an age ("74" of "74-year-old")
            number = _NUMBER.search(surface)
            if number:
                start, end = start + number.start(), start + number.end()
        spans.append(Span(start, end, kind))
    metadata = {
        "patient_id": record["document_id"],
        "note_type": record["metadata"].get("document_type"),
    }
    return Document(record["document_id"], text, tuple(spans), metadata)


def meddeid_venv(cache: Path) -> Path:
    """The meddeid-data program in a virtual environment of its own (made on first use)."""
    venv = cache / "meddeid-venv"
    program = venv / "bin" / "meddeid-data"
    if not program.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
        subprocess.run([*pip, *MEDDEID_REQUIREMENTS], check=True)
    return program


def meddeid_notes(cache: Path, profile: str, count: int, seed: int) -> list[Document]:
    """``count`` notes of ``profile`` (en-US, en-GB) generated with ``seed``, cached."""
    notes = cache / f"meddeid-{profile}-{count}-{seed}.jsonl"
    if not notes.exists():
        program = meddeid_venv(cache)
        command = [str(program), "generate", "--language-profile", profile]
        command += ["--count", str(count), "--seed", str(seed), "--output", str(notes)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    with notes.open(encoding="utf-8") as handle:
        return [meddeid_document(json.loads(line)) for line in handle if line.strip()]


# -- general English NER --------------------------------------------------------------------

_NER_LABELS = {
    "per": "PATIENT",
    "person": "PATIENT",
    "loc": "CITY",
    "location": "CITY",
    "org": "ORGANIZATION",
    "group": "ORGANIZATION",
    "corporation": "ORGANIZATION",
}
"""BTC / WNUT-17 types -> i2b2 2014 types (their categories are what is scored: NAME,
LOCATION); products and creative works are not PHI and are left out."""

_PRESIDIO_LABELS = {
    "PERSON": "PATIENT",
    "STREET_ADDRESS": "STREET",
    "GPE": "CITY",
    "ORGANIZATION": "ORGANIZATION",
    "DATE_TIME": "DATE",
    "AGE": "AGE",
    "PHONE_NUMBER": "PHONE",
    "EMAIL_ADDRESS": "EMAIL",
    "ZIP_CODE": "ZIP",
    "US_SSN": "SSN",
    "IP_ADDRESS": "IPADDR",
    "URL": "URL",
    "US_DRIVER_LICENSE": "LICENSE",
    "CREDIT_CARD": "ACCOUNT",
    "IBAN_CODE": "ACCOUNT",
    "US_BANK_NUMBER": "ACCOUNT",
    "US_PASSPORT": "IDNUM",
    "US_ITIN": "IDNUM",
    "NRP": "",  # nationality, religion, politics: not an i2b2 PHI type
    "TITLE": "",
}


def conll_documents(path: Path, name: str) -> Iterator[Document]:
    """``token<TAB>tag`` lines, a blank line between texts: tokens joined by spaces."""
    tokens: list[tuple[str, str]] = []
    number = 0

    def flush() -> Document | None:
        nonlocal number
        if not tokens:
            return None
        number += 1
        text, spans, cursor = "", [], 0
        current: list[int] | None = None  # [start, end, label]
        for token, tag in tokens:
            start = cursor + (1 if text else 0)
            text += (" " if text else "") + token
            cursor = start + len(token)
            tag = tag.split(",")[0]
            kind = tag[2:].lower() if tag[:2] in ("B-", "I-") else ""
            label = _NER_LABELS.get(kind, "")
            if tag.startswith("I-") and current is not None and current[2] == label:
                current[1] = cursor
                continue
            if current is not None:
                spans.append(Span(current[0], current[1], current[2]))
                current = None
            if label:
                current = [start, cursor, label]
        if current is not None:
            spans.append(Span(current[0], current[1], current[2]))
        tokens.clear()
        return Document(f"{name}-{number}", text, tuple(spans))

    with path.open(encoding="utf-8") as handle:
        for line in handle:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 2 or not fields[0]:
                doc = flush()
                if doc is not None:
                    yield doc
                continue
            tokens.append((fields[0], fields[1]))
    doc = flush()
    if doc is not None:
        yield doc


def presidio_documents(path: Path) -> Iterator[Document]:
    for number, item in enumerate(json.loads(path.read_text(encoding="utf-8")), start=1):
        spans = [
            Span(s["start_position"], s["end_position"], _PRESIDIO_LABELS[s["entity_type"]])
            for s in item["spans"]
            if _PRESIDIO_LABELS.get(s["entity_type"])
        ]
        yield Document(f"presidio-{number}", item["full_text"], tuple(spans))


BTC_HELD_OUT = "gh"
"""BTC sections never trained on (``default`` trains on sections a, b, e and f)."""


def btc_documents(sections: str) -> list[Document]:
    """The Broad Twitter Corpus sections named by letter (``"abef"``), in that order."""
    btc = GENERAL_NER / "broad-twitter-corpus"
    return [d for s in sections for d in conll_documents(btc / f"{s}.conll", f"btc-{s}")]


def general_ner() -> dict[str, list[Document]]:
    """The scoring sets: BTC's held-out sections g and h, WNUT-17 test, presidio's sentences."""
    return {
        "btc-gh": btc_documents(BTC_HELD_OUT),
        "wnut17-test": list(
            conll_documents(GENERAL_NER / "wnut17" / "emerging.test.conll", "wnut17")
        ),
        "presidio": list(
            presidio_documents(GENERAL_NER / "presidio-synth" / "synth_dataset_v2.json")
        ),
    }
