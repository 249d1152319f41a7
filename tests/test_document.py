import pickle

import pytest

from phiscrub.document import (
    Document,
    Metadata,
    Span,
    SpanCover,
    dedupe_spans,
    has_overlaps,
    overlapping_groups,
    sort_spans,
)


def test_span_rejects_empty_and_negative_offsets():
    with pytest.raises(ValueError):
        Span(5, 5, "DATE")
    with pytest.raises(ValueError):
        Span(-1, 3, "DATE")
    with pytest.raises(ValueError):
        Span(0, 3, "")


def test_span_is_immutable_and_hashable():
    span = Span(0, 4, "DATE")
    with pytest.raises(AttributeError):
        span.start = 1  # type: ignore[misc]
    assert len({span, Span(0, 4, "DATE")}) == 1
    assert len(span) == 4


def test_overlap_and_containment_use_exclusive_ends():
    a, b, c = Span(0, 5, "X"), Span(5, 8, "X"), Span(1, 3, "Y")
    assert not a.overlaps(b) and not b.overlaps(a)
    assert a.overlaps(c) and c.overlaps(a)
    assert a.contains(c) and not c.contains(a)
    assert a.contains(a)


def test_detector_is_the_source_up_to_its_first_colon():
    assert Span(0, 1, "AGE", source="rules:age:years").detector == "rules"
    assert Span(0, 1, "AGE", source="crf").detector == "crf"
    assert Span(0, 1, "AGE").detector == ""


def test_sort_and_dedupe_keep_highest_score():
    spans = [Span(4, 6, "B", 0.5), Span(0, 2, "A"), Span(4, 6, "B", 0.9, "crf"), Span(0, 3, "A")]
    assert [s.key for s in sort_spans(spans)] == [
        (0, 2, "A"),
        (0, 3, "A"),
        (4, 6, "B"),
        (4, 6, "B"),
    ]
    deduped = dedupe_spans(spans)
    assert [s.key for s in deduped] == [(0, 2, "A"), (0, 3, "A"), (4, 6, "B")]
    assert deduped[2].score == 0.9 and deduped[2].source == "crf"


def test_overlapping_groups_chain_through_overlaps():
    spans = [Span(0, 4, "A"), Span(3, 6, "B"), Span(5, 9, "C"), Span(9, 10, "D")]
    groups = [[s.label for s in g] for g in overlapping_groups(spans)]
    assert groups == [["A", "B", "C"], ["D"]]
    assert has_overlaps(spans)
    assert not has_overlaps([Span(0, 2, "A"), Span(2, 4, "B")])


def test_document_sorts_spans_and_checks_bounds():
    doc = Document("d", "abcdef", (Span(3, 5, "B"), Span(0, 2, "A")))
    assert [s.label for s in doc.spans] == ["A", "B"]
    with pytest.raises(ValueError, match="ends past the text"):
        Document("d", "abc", (Span(0, 4, "A"),))


def test_document_is_immutable_and_with_spans_returns_a_copy(note):
    with pytest.raises(TypeError):
        note.metadata["patient_id"] = "other"  # type: ignore[index]
    bare = note.with_spans([])
    assert bare.spans == () and len(note.spans) == 3
    assert bare.text == note.text and bare.metadata == note.metadata
    moved = note.with_metadata(patient_id="p2", note_type="discharge")
    assert moved.metadata == {"patient_id": "p2", "note_type": "discharge"}
    assert note.metadata == {"patient_id": "p1"}


def test_patient_id_defaults_to_the_document():
    assert Document("d7", "x").patient_id == "d7"
    assert Document("d7", "x", metadata={"patient_id": "p9"}).patient_id == "p9"


def test_documents_pickle_with_their_metadata(note):
    again = pickle.loads(pickle.dumps(note))
    assert again == note
    assert isinstance(again.metadata, Metadata)


def test_span_cover_answers_as_a_scan_of_every_span_would():
    import random

    rng = random.Random(0)
    for _ in range(200):
        spans = []
        for _ in range(rng.randint(0, 8)):
            start = rng.randint(0, 50)
            spans.append(Span(start, start + rng.randint(1, 12), "X"))  # nested and overlapping
        cover = SpanCover(spans)
        for _ in range(40):
            start = rng.randint(0, 65)
            end = start + rng.randint(1, 5)
            expected = any(s.start < end and start < s.end for s in spans)
            assert cover.touches(start, end) == expected
    cover = SpanCover([Span(2, 10, "X"), Span(3, 4, "X")])
    assert [cover.touches(a, a + 1) for a in (1, 2, 9, 10)] == [False, True, True, False]
