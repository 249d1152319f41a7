import json

import pytest

from phiscrub.document import Document, Span
from phiscrub.errors import AlignmentError, FormatError
from phiscrub.io.conll import dumps_conll, read_conll
from phiscrub.io.jsonl import dumps_jsonl_line, read_jsonl

DOC = Document(
    "d1",
    "Dr. Ann Lee\n\nseen 3/4/19.",
    (Span(4, 11, "DOCTOR"), Span(18, 24, "DATE", 0.75, "crf")),
    {"patient_id": "p1"},
)
DOC2 = Document("d2", "Call 617-555-0100.", (Span(5, 17, "PHONE"),))


def test_conll_layout_and_exact_round_trip(tmp_path):
    text = dumps_conll(DOC, "BIOES")
    assert text.splitlines()[:9] == [
        "#doc_id\td1",
        '#text\t"Dr. Ann Lee\\n\\nseen 3/4/19."',
        '#metadata\t{"patient_id": "p1"}',
        "Dr\t0\t2\tO",
        ".\t2\t3\tO",
        "Ann\t4\t7\tB-DOCTOR",
        "Lee\t8\t11\tE-DOCTOR",
        "",
        "seen\t13\t17\tO",
    ]
    path = tmp_path / "c.conll"
    path.write_text(text + dumps_conll(DOC.with_spans([]).with_metadata(patient_id=None)))
    first, second = list(read_conll(path))
    assert first.text == DOC.text and first.metadata == {"patient_id": "p1"}
    assert [s.key for s in first.spans] == [(4, 11, "DOCTOR"), (18, 24, "DATE")]
    assert second.spans == () and second.doc_id == "d1"


def test_conll_refuses_spans_it_cannot_carry():
    with pytest.raises(AlignmentError, match="document d1: span 5-11 \\(DOCTOR\\)"):
        dumps_conll(DOC.with_spans([Span(5, 11, "DOCTOR")]))


def test_plain_conll_without_offsets_rebuilds_text(tmp_path):
    path = tmp_path / "plain.conll"
    path.write_text("-DOCSTART- O\n\nAnn B-PER\nLee I-PER\n\nok O\n-DOCSTART- O\nx O\n")
    first, second = list(read_conll(path))
    assert first.text == "Ann Lee\nok"
    assert [s.key for s in first.spans] == [(0, 7, "PER")]
    assert (first.doc_id, second.doc_id, second.text) == ("doc-1", "doc-2", "x")


def test_conll_bad_tag_names_the_line(tmp_path):
    path = tmp_path / "bad.conll"
    path.write_text("Ann\tPERSON\n")
    with pytest.raises(FormatError, match=r"bad.conll, line 1, document doc-1: malformed tag"):
        list(read_conll(path))


def test_jsonl_round_trip_keeps_scores_sources_and_ids(tmp_path):
    path = tmp_path / "c.jsonl"
    doc = DOC.with_spans([*DOC.spans, Span(0, 2, "X", ann_id="T9")])
    path.write_text(dumps_jsonl_line(doc) + "\n" + dumps_jsonl_line(DOC))
    assert list(read_jsonl(path)) == [doc, DOC]
    assert json.loads(dumps_jsonl_line(DOC))["spans"][1] == {
        "start": 18,
        "end": 24,
        "label": "DATE",
        "score": 0.75,
        "source": "crf",
    }


def test_jsonl_errors_name_the_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(
        dumps_jsonl_line(DOC) + '{"doc_id": "x", "text": "ab", "spans": '
        '[{"start": 1, "end": 5, "label": "A"}]}\n{oops\n'
    )
    docs = read_jsonl(path)
    assert next(docs) == DOC
    with pytest.raises(FormatError, match="line 2, document x, offsets 1-5: offsets out of range"):
        next(docs)


BAD_LINES = [
    ('{"doc_id": "b", "text": "x", "spans": "x"}', "document b: 'spans' must be a list"),
    ('{"doc_id": "b", "text": "xy", "spans": [8, 24]}', "each span must be an object"),
    (
        '{"doc_id": "b", "text": "xy", "spans": [{"start": 0, "end": 1, "label": ""}]}',
        "'label' must be a non-empty string",
    ),
    (
        '{"doc_id": "b", "text": "xy", "spans": [{"start": 0, "end": 1, "label": null}]}',
        "'label' must be a non-empty string",
    ),
    (
        '{"doc_id": "b", "text": "xy", "spans": [{"start": 0.9, "end": 1, "label": "A"}]}',
        "'start' and 'end' must be integers",
    ),
    (
        '{"doc_id": "b", "text": "xy", "spans": [{"start": true, "end": 2, "label": "A"}]}',
        "'start' and 'end' must be integers",
    ),
    (
        '{"doc_id": "b", "text": "xy", "spans": [{"start": 0, "end": 1, "label": "A", '
        '"score": "high"}]}',
        "'score' must be a finite number",
    ),
    (
        '{"doc_id": "b", "text": "xy", "spans": [{"start": 0, "end": 1, "label": "A", '
        '"score": NaN}]}',
        "'score' must be a finite number",
    ),
    ('{"doc_id": "", "text": "x"}', "'doc_id' must be a non-empty string"),
    ('{"doc_id": null, "text": "x"}', "'doc_id' must be a non-empty string"),
    ('{"doc_id": "' + "d" * 300 + '", "text": "x"}', "'doc_id' must be a non-empty string"),
    ('{"doc_id": "b", "text": "x \\ud800"}', "'text' holds a lone surrogate"),
    ('{"doc_id": "b", "text": "x", "metadata": [1]}', "'metadata' must be an object"),
    (
        '{"doc_id": "b", "text": "x", "metadata": {"m": ' + "[" * 100000 + "]" * 100000 + "}}",
        "nested too deeply",
    ),
]


@pytest.mark.parametrize(("line", "problem"), BAD_LINES, ids=range(len(BAD_LINES)))
def test_jsonl_bad_values_are_errors_naming_the_line_not_coercions(tmp_path, line, problem):
    path = tmp_path / "bad.jsonl"
    path.write_text(dumps_jsonl_line(DOC) + line + "\n" + dumps_jsonl_line(DOC2))
    errors = []
    assert list(read_jsonl(path, errors.append)) == [DOC, DOC2]
    assert len(errors) == 1 and "line 2" in str(errors[0]) and problem in str(errors[0])
    assert "d" * 300 not in str(errors[0])  # the value is never echoed
    with pytest.raises(FormatError, match=problem.replace("(", r"\(")):
        list(read_jsonl(path))


def test_jsonl_reader_fuzzed_never_raises_past_its_error_handler(tmp_path):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
        max_leaves=12,
    )
    span = st.fixed_dictionaries(
        {"start": values | st.integers(0, 6), "end": values | st.integers(0, 6), "label": values},
        optional={"score": values, "id": values, "source": values},
    )
    record = st.fixed_dictionaries(
        {"doc_id": values | st.text(min_size=1, max_size=4), "text": values | st.text()},
        optional={"spans": st.lists(span, max_size=3) | values, "metadata": values},
    )

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(record | values, max_size=4))
    def check(lines):
        path = tmp_path / "fuzz.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in lines) + dumps_jsonl_line(DOC))
        errors = []
        docs = list(read_jsonl(path, errors.append))
        assert docs[-1] == DOC and all(isinstance(d, Document) for d in docs)
        assert len(docs) + len(errors) == len(lines) + 1

    check()
