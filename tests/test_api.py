"""The public API of ``import phiscrub``: load, detect, deidentify, pipe."""

import pytest

import phiscrub
from phiscrub import api as deid
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError

NOTE = "Seen by Dr. Okafor on 03/14/2091."
KEY = "0123456789abcdef-test-key"


@pytest.fixture(scope="module")
def nlp() -> phiscrub.Pipeline:
    return phiscrub.load("rules")


def test_detect_takes_text_and_finds_the_name_and_the_date(nlp):
    det = nlp.detect(NOTE)
    assert [(s.start, s.end, s.label) for s in det.spans] == [
        (12, 18, "DOCTOR"),
        (22, 32, "DATE"),
    ]
    assert repr(det) == "Detection(doc_id='note', spans=[DOCTOR 12-18, DATE 22-32])"
    assert det.to_dict()["spans"][1] == {
        "start": 22,
        "end": 32,
        "label": "DATE",
        "score": 0.95,
        "source": "rules:date_numeric",
    }


def test_the_same_key_gives_the_same_surrogates(nlp):
    first = nlp.deidentify(NOTE, key=KEY)
    again = nlp.deidentify(NOTE, key=KEY.encode())
    other = nlp.deidentify(NOTE, key=KEY + "-other")
    assert first.text == again.text
    assert first.text != other.text
    assert "Okafor" not in first.text and "03/14" not in first.text
    assert [s.label for s in first.spans] == ["DOCTOR", "DATE"]
    data = first.to_dict()
    assert [(s["original_start"], s["original_end"]) for s in data["spans"]] == [
        (12, 18),
        (22, 32),
    ]
    assert [s["operator"] for s in data["spans"]] == ["surrogate", "surrogate"]
    assert NOTE not in repr(first) and first.text not in repr(first)


def test_without_a_key_the_process_key_keeps_surrogates_stable(nlp, monkeypatch):
    monkeypatch.delenv("PHISCRUB_KEY", raising=False)
    assert nlp.deidentify(NOTE).text == nlp.deidentify(NOTE).text


def test_pipe_yields_one_result_per_note_in_order(nlp):
    notes = ["Dr. Okafor", Document("mine", "Call 555-123-4567"), "nothing here", NOTE]
    detections = list(nlp.pipe(notes, batch_size=3))
    assert [d.doc_id for d in detections] == ["note-1", "mine", "note-3", "note-4"]
    assert [[s.label for s in d.spans] for d in detections] == [
        ["DOCTOR"],
        ["PHONE"],
        [],
        ["DOCTOR", "DATE"],
    ]
    tagged = [out.text for out in nlp.pipe(notes, batch_size=2, replace="tag")]
    assert tagged == [
        "Dr. [DOCTOR]",
        "Call [PHONE]",
        "nothing here",
        "Seen by Dr. [DOCTOR] on [DATE].",
    ]


def test_pipe_and_detect_refuse_what_is_not_a_note(nlp):
    with pytest.raises(ConfigError, match="not int"):
        nlp.detect(5)
    with pytest.raises(ValueError, match="batch_size"):
        list(nlp.pipe(["x"], batch_size=0))


def test_deidentify_loads_a_named_pipeline_once(monkeypatch):
    loads = []
    real = deid.load_pipeline
    deid._cached_pipeline.cache_clear()
    monkeypatch.setattr(deid, "load_pipeline", lambda source: loads.append(source) or real(source))
    outs = {phiscrub.deidentify(NOTE, pipeline="rules", key=KEY).text for _ in range(3)}
    deid._cached_pipeline.cache_clear()
    assert loads == ["rules"]
    assert len(outs) == 1


def test_span_to_dict_never_holds_text():
    span = Span(3, 9, "PATIENT", 0.5, "crf", ann_id="T1")
    assert span.to_dict() == {
        "start": 3,
        "end": 9,
        "label": "PATIENT",
        "score": 0.5,
        "source": "crf",
    }
