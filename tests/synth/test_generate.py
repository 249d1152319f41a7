import ast
import inspect
import re
from collections import Counter, defaultdict

import pytest

from phiscrub.errors import ConfigError
from phiscrub.io import read_corpus, write_corpus
from phiscrub.synth import (
    NOTE_TYPES,
    SynthStats,
    common,
    notes_hospital,
    notes_reports,
    phrases,
    synthesize,
    tracked,
)
from phiscrub.synth.context import NoteContext
from phiscrub.synth.grammar import compile_template
from phiscrub.synth.world import TEAM
from phiscrub.text.tags import spans_to_tags
from phiscrub.text.tokenize import tokenize


@pytest.fixture(scope="module")
def notes():
    return list(synthesize(240, seed=5))


def _templates(module):
    """Every plain string constant of a module (f-strings and docstrings excluded)."""
    tree = ast.parse(inspect.getsource(module))
    in_fstrings = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values
    }
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    in_fstrings |= docstrings
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in in_fstrings
    ]


def test_every_slot_and_rule_the_templates_use_exists():
    slots = {name[5:] for name in dir(NoteContext) if name.startswith("slot_")} | set(TEAM)
    used = set()
    for module in (common, notes_hospital, notes_reports, phrases):
        for template in _templates(module):
            compile_template(template)  # parses
            used.update(re.findall(r"(?<!\\)\{(@?\w+)\}", template))
    rules = {u[1:] for u in used if u.startswith("@")}
    assert rules <= set(phrases.RULES)
    assert {u for u in used if not u.startswith("@")} == slots  # none missing, none dead
    assert len(used) > 60


def test_same_seed_same_notes_other_seed_other_notes(notes):
    again = list(synthesize(240, seed=5))
    assert [n.document for n in again] == [n.document for n in notes]
    other = [n.document.text for n in synthesize(20, seed=6)]
    assert other != [n.document.text for n in notes[:20]]


def test_count_ids_and_metadata(notes):
    assert len(notes) == 240
    ids = [n.document.doc_id for n in notes]
    assert len(set(ids)) == 240 and ids[0] == "001-01"
    for note in notes:
        doc = note.document
        assert doc.doc_id.startswith(doc.patient_id + "-")
        assert doc.metadata["note_type"] == note.note_type
    assert set(Counter(n.note_type for n in notes)) == set(NOTE_TYPES)
    per_patient = Counter(n.document.patient_id for n in notes)
    assert max(per_patient.values()) >= 4 and min(per_patient.values()) == 1


def test_spans_are_clean_token_aligned_and_never_overlap(notes):
    for note in notes:
        doc = note.document
        text = [doc.span_text(s) for s in doc.spans]
        assert all(t and t == t.strip() for t in text)
        encoded = spans_to_tags(tokenize(doc.text), doc.spans)
        assert encoded.misaligned == [] and encoded.overlapping == []


def test_i2b2_conventions(notes):
    for note in notes:
        doc = note.document
        for span in doc.spans:
            value = doc.span_text(span)
            if span.label in ("DOCTOR", "PATIENT"):
                assert not re.match(r"(?i)(dr|mr|mrs|ms)[. ]", value), value
                assert not re.search(r"\b(MD|RN|NP|DO|PA)$", value), value
            if span.label == "AGE":
                assert value.isdigit()
            if span.label == "MEDICALRECORD":
                assert re.fullmatch(r"[A-Z]{0,2}\d{6,9}", value), value  # no "MRN:" prefix


def test_a_patient_s_notes_share_the_patient_s_phi(notes):
    mrns, names = defaultdict(set), defaultdict(set)
    for note in notes:
        doc = note.document
        for span in doc.spans:
            if span.label == "MEDICALRECORD":
                mrns[doc.patient_id].add(doc.span_text(span))
            if span.label == "PATIENT" and "," in doc.span_text(span):
                names[doc.patient_id].add(doc.span_text(span).split(",")[0].lower())
    assert all(len(values) == 1 for values in mrns.values())  # one MRN per patient
    # the surname of the "LAST, FIRST" forms stays the same across a patient's notes
    assert sum(len(v) == 1 for v in names.values()) == len(names)


def test_noise_and_look_alikes_are_present(notes):
    text = "\n".join(n.document.text for n in notes)
    assert re.search(r"\b[A-Z]{2,}, [A-Z]{2,}\b", text)  # LAST, FIRST in capitals
    assert re.search(r"\d{2,3}/\d{2,3}", text)  # blood pressures
    assert "Foley" in text or "Swan-Ganz" in text or "Jackson-Pratt" in text
    assert re.search(r"[a-z]\.[A-Z]", text)  # a lost space between sentences
    hospital_abbreviations = [
        n.document.span_text(s)
        for n in notes
        for s in n.document.spans
        if s.label == "HOSPITAL" and n.document.span_text(s).isupper()
    ]
    assert len(hospital_abbreviations) > 50


def test_stats_count_shapes_and_labels():
    stats = SynthStats()
    docs = list(tracked(synthesize(60, seed=1), stats))
    summary = stats.as_dict()
    assert summary["notes"] == len(docs) == 60
    assert summary["spans"] == sum(len(d.spans) for d in docs)
    assert summary["distinct_sentence_shapes"] <= summary["sentences"]
    assert summary["distinct_sentence_shapes"] > 300


def test_notes_survive_an_i2b2_round_trip(tmp_path):
    docs = [n.document for n in synthesize(15, seed=2)]
    write_corpus(docs, tmp_path, "i2b2")
    back = {d.doc_id: d for d in read_corpus(tmp_path)}
    for doc in docs:
        assert back[doc.doc_id].text == doc.text
        assert [(s.start, s.end, s.label) for s in back[doc.doc_id].spans] == [
            (s.start, s.end, s.label) for s in doc.spans
        ]


def test_bad_requests_are_refused():
    with pytest.raises(ConfigError, match="language"):
        next(synthesize(3, seed=0, language="xx"))
    with pytest.raises(ConfigError, match="note types"):
        next(synthesize(3, seed=0, types=["sonnet"]))
    assert list(synthesize(0, seed=0)) == []
