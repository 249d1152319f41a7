import pytest

from phiscrub.document import Document, Span
from phiscrub.errors import FormatError, PhiscrubError
from phiscrub.io import detect_format, read_corpus, write_corpus

DOCS = [
    Document("a", "Ann Lee 3/4", (Span(0, 7, "DOCTOR"), Span(8, 11, "DATE"))),
    Document("b", "nothing here"),
]


@pytest.mark.parametrize("fmt", ["i2b2", "meddocan", "brat", "jsonl", "conll"])
def test_every_format_round_trips_text_and_spans(tmp_path, fmt):
    out = tmp_path / ("c." + fmt if fmt in ("jsonl", "conll") else "c")
    assert write_corpus(DOCS, out, fmt) == 2
    back = list(read_corpus(out))
    assert [(d.doc_id, d.text, [s.key for s in d.spans]) for d in back] == [
        (d.doc_id, d.text, [s.key for s in d.spans]) for d in DOCS
    ]


def test_plain_text_directory(tmp_path):
    write_corpus(DOCS, tmp_path / "t", "txt")
    assert detect_format(tmp_path / "t") == "txt"
    assert [(d.doc_id, d.spans) for d in read_corpus(tmp_path / "t")] == [("a", ()), ("b", ())]


def test_detection_refuses_mixed_directories(tmp_path):
    (tmp_path / "a.xml").write_text("<x/>")
    (tmp_path / "b.jsonl").write_text("")
    with pytest.raises(PhiscrubError, match="several formats"):
        detect_format(tmp_path)


def test_bad_documents_are_reported_and_reading_goes_on(tmp_path):
    write_corpus(DOCS, tmp_path / "x", "i2b2")
    (tmp_path / "x" / "a0.xml").write_text("<deIdi2b2><TEXT>broken")
    errors = []
    docs = list(read_corpus(tmp_path / "x", on_error=errors.append))
    assert [d.doc_id for d in docs] == ["a", "b"]
    assert len(errors) == 1 and isinstance(errors[0], FormatError)
    assert "a0.xml" in str(errors[0])
    with pytest.raises(FormatError):
        list(read_corpus(tmp_path / "x"))


def test_writes_are_atomic_and_leave_no_temporary_files(tmp_path):
    out = tmp_path / "c.jsonl"

    def failing():
        yield DOCS[0]
        raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError):
        write_corpus(failing(), out, "jsonl")
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_unsafe_document_ids_are_refused(tmp_path):
    with pytest.raises(PhiscrubError, match="cannot be used as a file name"):
        write_corpus([Document("../evil", "x")], tmp_path / "o", "brat")


def test_a_directory_of_format_folders_names_them(tmp_path):
    (tmp_path / "train" / "brat").mkdir(parents=True)
    (tmp_path / "train" / "xml").mkdir()
    with pytest.raises(PhiscrubError, match=r"only folders \(brat, xml\): pass one of them"):
        detect_format(tmp_path / "train")
    (tmp_path / "empty").mkdir()
    with pytest.raises(PhiscrubError, match=r"files inside$"):
        detect_format(tmp_path / "empty")
