import random

from phiscrub.document import Span
from phiscrub.synth.builder import NoteBuilder


def resolver(name):
    return {"pt": [("Ann Lee", "PATIENT")], "mrn": [("123456", "MEDICALRECORD")]}[name]


def test_spans_sit_on_the_slot_values():
    b = NoteBuilder(random.Random(0), resolver, glue_rate=0.0, rules={})
    b.line("Patient: {pt}")
    b.sentence("MRN: {mrn}.")
    b.sentence("Seen {pt}.")
    doc = b.build("d1", {"patient_id": "7"})
    assert doc.text == "Patient: Ann Lee\nMRN: 123456. Seen Ann Lee.\n"
    assert doc.spans == (
        Span(9, 16, "PATIENT"),
        Span(22, 28, "MEDICALRECORD"),
        Span(35, 42, "PATIENT"),
    )
    assert b.shapes == ["Patient: {pt}", "MRN: {mrn}.", "Seen {pt}."]
    assert doc.patient_id == "7"


def test_glued_sentences_lose_only_the_space():
    b = NoteBuilder(random.Random(0), resolver, glue_rate=1.0, rules={})
    b.sentence("Seen {pt}.")
    b.sentence("MRN {mrn}.")
    doc = b.build("d", {})
    assert doc.text == "Seen Ann Lee.MRN 123456.\n"
    assert [doc.span_text(s) for s in doc.spans] == ["Ann Lee", "123456"]


def test_capitals_keep_offsets():
    b = NoteBuilder(random.Random(0), resolver, caps=True, rules={})
    b.line("Name: {pt}")
    doc = b.build("d", {})
    assert doc.text == "NAME: ANN LEE\n"
    assert doc.span_text(doc.spans[0]) == "ANN LEE"
