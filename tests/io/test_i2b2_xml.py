import pytest

from phiscrub.document import Document, Span
from phiscrub.errors import FormatError
from phiscrub.io.i2b2_xml import dumps_i2b2, parse_i2b2

I2B2 = b"""<?xml version="1.0" encoding="UTF-8" ?>
<deIdi2b2>
<TEXT><![CDATA[Record date: 2069-04-07
Mr. Ray Ott, 92, seen.]]></TEXT>
<TAGS>
<DATE id="P0" start="13" end="23" text="2069-04-07" TYPE="DATE" comment="" />
<NAME id="P1" start="28" end="35" text="Ray Ott" TYPE="PATIENT" comment="" />
<AGE id="P2" start="37" end="39" text="92" TYPE="AGE" comment="" />
</TAGS>
</deIdi2b2>
"""


def test_reads_text_spans_ids_and_patient_from_file_name():
    doc = parse_i2b2(I2B2, "110-01.xml")
    assert doc.doc_id == "110-01"
    assert doc.text == "Record date: 2069-04-07\nMr. Ray Ott, 92, seen."
    assert doc.spans == (
        Span(13, 23, "DATE", 1.0, "gold", "P0"),
        Span(28, 35, "PATIENT", 1.0, "gold", "P1"),
        Span(37, 39, "AGE", 1.0, "gold", "P2"),
    )
    assert doc.metadata == {"xml_root": "deIdi2b2", "patient_id": "110"}


def test_writes_the_i2b2_layout_byte_for_byte():
    doc = parse_i2b2(I2B2, "110-01.xml")
    assert dumps_i2b2(doc).encode() == I2B2


def test_new_spans_get_fresh_ids_and_category_elements():
    doc = Document("d", "Ann at MGH", (Span(0, 3, "DOCTOR"), Span(7, 10, "HOSPITAL", ann_id="P0")))
    xml = dumps_i2b2(doc)
    assert '<NAME id="P1" start="0" end="3" text="Ann" TYPE="DOCTOR" comment="" />' in xml
    assert '<LOCATION id="P0" start="7" end="10"' in xml
    assert parse_i2b2(xml.encode(), "d.xml").spans[0].key == (0, 3, "DOCTOR")


def test_carriage_returns_quotes_and_cdata_end_survive_a_round_trip():
    text = 'line one\r\nsaid "x" & y ]]> <tag>\r\n'
    doc = Document("d", text, (Span(10, 18, "OTHER"),))
    back = parse_i2b2(dumps_i2b2(doc).encode(), "d.xml")
    assert back.text == text
    assert [s.key for s in back.spans] == [(10, 18, "OTHER")]


def test_text_attribute_mismatch_names_file_tag_and_offsets_not_text():
    bad = I2B2.replace(b'text="Ray Ott"', b'text="Roy Ott"')
    with pytest.raises(FormatError) as info:
        parse_i2b2(bad, "corpus/110-01.xml")
    message = str(info.value)
    assert message == (
        "corpus/110-01.xml, document 110-01, annotation P1, offsets 28-35: "
        "the tag's text attribute differs from the text at its offsets"
    )
    assert "Ray" not in message and "Roy" not in message


def test_offsets_out_of_range():
    bad = I2B2.replace(b'start="37" end="39"', b'start="37" end="399"')
    with pytest.raises(FormatError, match=r"annotation P2, offsets 37-399: offsets out of range"):
        parse_i2b2(bad, "x.xml")


def test_malformed_xml_gives_line_and_column():
    with pytest.raises(FormatError, match=r"x.xml, line 3: malformed XML at column \d+"):
        parse_i2b2(b"<deIdi2b2>\n<TEXT>a</TEXT>\n<TAGS><DATE></TAGS>", "x.xml")


def test_wrong_encoding_is_named():
    latin1 = I2B2.replace(b"seen.", "visto en Cádiz.".encode("latin-1"))
    with pytest.raises(FormatError, match=r"^x.xml, line 4: not valid UTF-8 \(byte offset 117\)"):
        parse_i2b2(latin1, "x.xml")


def test_entity_declarations_are_refused():
    bomb = b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><d><TEXT>&a;</TEXT></d>'
    with pytest.raises(FormatError, match="refused for safety"):
        parse_i2b2(bomb, "x.xml")


def test_meddocan_layout():
    doc = Document(
        "m",
        "Edad: 70 años",
        (Span(6, 13, "EDAD_SUJETO_ASISTENCIA", ann_id="T1"),),
        {"xml_root": "MEDDOCAN"},
    )
    assert dumps_i2b2(doc) == (
        "<?xml version='1.0' encoding='UTF-8'?>\n<MEDDOCAN>\n"
        "  <TEXT><![CDATA[Edad: 70 años]]></TEXT>\n  <TAGS>\n"
        '    <AGE id="T1" start="6" end="13" text="70 años" TYPE="EDAD_SUJETO_ASISTENCIA"'
        ' comment=""/>\n  </TAGS>\n</MEDDOCAN>\n'
    )
