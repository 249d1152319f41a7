import pytest

from phiscrub.document import Document, Span
from phiscrub.errors import FormatError
from phiscrub.io.brat import dumps_ann, parse_ann, read_brat

TEXT = "Nombre: Ana Gil.\nCP: 28016.\n"


def test_parse_skips_non_text_bound_lines():
    ann = "T1\tNOMBRE 8 15\tAna Gil\n#1\tAnnotatorNotes T1\tchecked\nT2\tTERRITORIO 21 26\t28016\n"
    assert parse_ann(ann, TEXT, "a.ann", "a") == [
        Span(8, 15, "NOMBRE", 1.0, "gold", "T1"),
        Span(21, 26, "TERRITORIO", 1.0, "gold", "T2"),
    ]


def test_discontinuous_spans_are_rejected_clearly():
    with pytest.raises(
        FormatError, match=r"a.ann, line 1, document a, annotation T1: discontinuous"
    ):
        parse_ann("T1\tNOMBRE 8 11;12 15\tAna Gil\n", TEXT, "a.ann", "a")


def test_mismatched_text_and_bad_offsets():
    with pytest.raises(FormatError, match="annotation T1, offsets 8-15: the annotation's text"):
        parse_ann("T1\tNOMBRE 8 15\tAna Gol\n", TEXT, "a.ann", "a")
    with pytest.raises(FormatError, match="offsets 8-99: offsets out of range"):
        parse_ann("T1\tNOMBRE 8 99\tAna Gil\n", TEXT, "a.ann", "a")
    with pytest.raises(FormatError, match="expected 'LABEL START END'"):
        parse_ann("T1\tNOMBRE eight 15\tAna Gil\n", TEXT, "a.ann", "a")


def test_span_text_with_a_line_break_is_written_with_a_space():
    doc = Document("d", "Ana\nGil", (Span(0, 7, "NOMBRE"),))
    assert dumps_ann(doc) == "T1\tNOMBRE 0 7\tAna Gil\n"
    assert parse_ann(dumps_ann(doc), doc.text, "d.ann", "d")[0].key == (0, 7, "NOMBRE")


def test_ids_are_kept_and_new_ones_follow_the_highest(tmp_path):
    doc = Document("d", TEXT, (Span(8, 15, "NOMBRE", ann_id="T7"), Span(21, 26, "TERRITORIO")))
    assert dumps_ann(doc) == "T7\tNOMBRE 8 15\tAna Gil\nT8\tTERRITORIO 21 26\t28016\n"


def test_read_brat_keeps_carriage_returns_and_refuses_a_missing_ann(tmp_path):
    (tmp_path / "n.txt").write_bytes(b"a\r\nb")
    with pytest.raises(FormatError, match=r"n\.txt: a BRAT note without its \.ann file"):
        read_brat(tmp_path / "n.txt")
    (tmp_path / "n.ann").write_text("", encoding="utf-8")  # empty: a note without PHI
    doc = read_brat(tmp_path / "n.txt")
    assert doc.text == "a\r\nb" and doc.spans == ()


def test_ids_from_other_formats_are_renumbered():
    doc = Document("d", TEXT, (Span(8, 15, "NOMBRE", ann_id="P0"), Span(21, 26, "CP", ann_id="T4")))
    assert dumps_ann(doc) == "T4\tCP 21 26\t28016\nT5\tNOMBRE 8 15\tAna Gil\n"
