import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.replace import ReplaceConfig, Replacer, SecretKey, SurrogateSettings
from phiscrub.replace.packs import language_pack

from ..conftest import span_of

KEY = SecretKey(b"test-key-0123456789abcdef", "tests")
OTHER_KEY = SecretKey(b"another-key-0123456789abc", "tests")
TEXT = "Seen 03/14/2091 by Dr. Ann Lee. MRN: 4471920. John Smith, 93, of Salem."


def note(doc_id="n1", patient="p1", text=TEXT) -> Document:
    spans = [
        span_of(text, "03/14/2091", "DATE"),
        span_of(text, "Ann Lee", "DOCTOR"),
        span_of(text, "4471920", "MEDICALRECORD"),
        span_of(text, "John Smith", "PATIENT"),
        span_of(text, "93", "AGE"),
        span_of(text, "Salem", "CITY"),
    ]
    return Document(doc_id, text, tuple(spans), {"patient_id": patient})


def test_redact_tag_and_length_preserving_masks():
    doc = note()
    redacted = Replacer(ReplaceConfig(default="redact")).replace(doc).document
    assert redacted.text == (
        "Seen [**DATE**] by Dr. [**NAME**]. MRN: [**ID**]. [**NAME**], [**AGE**], of "
        "[**LOCATION**]."
    )
    masked = Replacer(ReplaceConfig(default="redact", redact_mask="X")).replace(doc).document
    assert masked.text == "Seen XXXXXXXXXX by Dr. XXX XXX. MRN: XXXXXXX. XXXX XXXXX, XX, of XXXXX."
    tagged = Replacer(ReplaceConfig(default="tag", tag_template="<{label}>")).replace(doc).document
    assert tagged.text.startswith("Seen <DATE> by Dr. <DOCTOR>. MRN: <MEDICALRECORD>.")


def test_per_label_operators_and_new_span_positions():
    config = ReplaceConfig(default="tag", per_label={"AGE": "keep", "CITY": "redact"})
    result = Replacer(config).replace(note())
    out = result.document
    assert out.text.endswith("[PATIENT], 93, of [**LOCATION**].")
    assert [out.span_text(s) for s in out.spans] == [
        "[DATE]",
        "[DOCTOR]",
        "[MEDICALRECORD]",
        "[PATIENT]",
        "93",
        "[**LOCATION**]",
    ]
    assert result.operators == ("tag", "tag", "tag", "tag", "keep", "redact")


def test_offset_map_points_back_to_the_original():
    doc = note()
    result = Replacer(ReplaceConfig(default="surrogate"), KEY).replace(doc)
    out, mapping = result.document, result.offset_map
    for new, old in zip(out.spans, doc.spans, strict=True):
        assert mapping.to_input_span(new.start, new.end) == (old.start, old.end)
    # unchanged text maps one to one: "Seen " and the final "."
    assert mapping.to_input(0) == 0 and mapping.to_input(4) == 4
    assert mapping.to_input(len(out.text) - 1) == len(doc.text) - 1
    assert mapping.to_input(len(out.text)) == len(doc.text)


def test_overlapping_spans_are_replaced_as_one():
    doc = Document("d", "Ann Lee here", (Span(0, 7, "DOCTOR"), Span(4, 12, "CITY")))
    out = Replacer(ReplaceConfig(default="tag")).replace(doc).document
    assert out.text == "[CITY]"


def test_surrogates_are_consistent_within_a_patient_and_differ_across_patients():
    replacer = Replacer(ReplaceConfig(), KEY)
    first = replacer.replace(note("n1", "p1")).document
    again = replacer.replace(note("n2", "p1")).document
    other = replacer.replace(note("n3", "p2")).document
    assert first.text == again.text
    assert first.text != other.text


def test_same_key_same_output_other_key_other_output():
    a = Replacer(ReplaceConfig(), KEY).replace(note()).document.text
    b = Replacer(ReplaceConfig(), SecretKey(b"test-key-0123456789abcdef", "x")).replace(note())
    c = Replacer(ReplaceConfig(), OTHER_KEY).replace(note()).document.text
    assert a == b.document.text
    assert a != c


def test_surrogate_details():
    out = Replacer(ReplaceConfig(), KEY).replace(note()).document
    texts = [out.span_text(s) for s in out.spans]
    date, doctor, mrn, _patient, age, city = texts
    assert re.fullmatch(r"\d\d/\d\d/\d{4}", date) and date != "03/14/2091"
    assert re.fullmatch(r"[A-Z][a-z]+ [A-Z][a-z'-]+", doctor) and doctor != "Ann Lee"
    assert re.fullmatch(r"\d{7}", mrn) and all(a != b for a, b in zip(mrn, "4471920", strict=True))
    assert age == "90+"
    assert "Dr. " + doctor in out.text
    assert city != "Salem"


def test_name_parts_and_initials_follow_one_mapping():
    text = "John Smith. Smith, John. J. Smith. JOHN SMITH."
    spans = [
        span_of(text, "John Smith", "PATIENT"),
        span_of(text, "Smith, John", "PATIENT"),
        span_of(text, "J. Smith", "PATIENT"),
        span_of(text, "JOHN SMITH", "PATIENT"),
    ]
    out = Replacer(ReplaceConfig(), KEY).replace(Document("d", text, tuple(spans))).document
    full, reverse, initial, upper = (out.span_text(s) for s in out.spans)
    first, last = full.split()
    assert reverse == f"{last}, {first}"
    assert initial == f"{first[0]}. {last}"
    assert upper == f"{first.upper()} {last.upper()}"


def test_ssn_surrogates_are_never_valid_ssns():
    text = "SSN 123-45-6789 and 912-34-5678"
    doc = Document(
        "d", text, (span_of(text, "123-45-6789", "SSN"), span_of(text, "912-34-5678", "SSN"))
    )
    out = Replacer(ReplaceConfig(), KEY).replace(doc).document
    for span in out.spans:
        value = out.span_text(span)
        assert re.fullmatch(r"9\d\d-\d\d-\d{4}", value)
    assert out.span_text(out.spans[1])[1] != "1"


def test_unknown_operator_is_a_config_error():
    with pytest.raises(ConfigError, match="unknown operator 'shred' for DATE"):
        ReplaceConfig(per_label={"DATE": "shred"})  # type: ignore[dict-item]


PACK = language_pack("en")
PHI_VALUES = {
    "PATIENT": st.builds(
        lambda first, last: f"{first} {last}",
        st.sampled_from(PACK.first_names),
        st.sampled_from(PACK.last_names),
    ),
    "DOCTOR": st.sampled_from(PACK.last_names),
    "DATE": st.sampled_from(
        [
            "3/4/19",
            "March 4th, 2019",
            "2019-03-04",
            "Tuesday",
            "'08",
            "the 29th",
            "Christmas",
            "2020",
            "summer of 2019",
        ]
    ),
    "PHONE": st.from_regex(r"\(\d{3}\) \d{3}-\d{4}", fullmatch=True),
    "MEDICALRECORD": st.from_regex(r"[A-Z]{0,2}\d{5,9}", fullmatch=True),
    "CITY": st.sampled_from(PACK.cities),
    "STREET": st.builds(
        lambda n, last: f"{n} {last} Street", st.integers(1, 9999), st.sampled_from(PACK.last_names)
    ),
    "EMAIL": st.from_regex(r"[a-z]{3,8}@[a-z]{3,8}\.com", fullmatch=True),
    "AGE": st.integers(1, 110).map(str),
    "HOSPITAL": st.builds(
        lambda last: f"{last} General Hospital", st.sampled_from(PACK.last_names)
    ),
}


def unexplained_survivors(doc: Document, out: Document) -> list[str]:
    """Labels of original PHI strings (3+ characters) found in ``out`` where nothing explains
    them: an occurrence is explained when it touches no replacement (text copied unchanged
    from the input, outside every PHI span) or when a date lies inside a date surrogate (the
    patient's one shift can move a date onto another date's original value)."""
    found = []
    for span in doc.spans:
        original = doc.span_text(span)
        if len(original) < 3:
            continue
        start = out.text.find(original)
        while start >= 0:
            end = start + len(original)
            touching = [s for s in out.spans if s.start < end and start < s.end]
            explained = not touching or (
                span.label == "DATE"
                and all(s.label == "DATE" and s.start <= start and end <= s.end for s in touching)
            )
            if not explained:
                found.append(span.label)
            start = out.text.find(original, start + 1)
    return found


@st.composite
def notes_with_phi(draw):
    parts, spans, offset = [], [], 0
    for _ in range(draw(st.integers(1, 8))):
        filler = draw(st.sampled_from(["Seen by ", " on ", "; call ", ". Pt ", " at ", "\n"]))
        label = draw(st.sampled_from(sorted(PHI_VALUES)))
        value = draw(PHI_VALUES[label])
        parts += [filler, value]
        offset += len(filler)
        spans.append(Span(offset, offset + len(value), label))
        offset += len(value)
    return Document("h", "".join(parts), tuple(spans), {"patient_id": draw(st.sampled_from("ab"))})


# PHI_EXAMPLES=5000 HYPOTHESIS_PROFILE=explore searches much harder (done before each release).
@settings(
    max_examples=int(os.environ.get("PHI_EXAMPLES", "150")),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(notes_with_phi())
def test_no_original_phi_string_of_three_or_more_characters_survives(doc):
    """No PHI string of the note, whatever its type, appears in the output, except a date that
    the patient's one shift moved onto another date's original value (the shift keeps
    intervals, so that cannot be helped)."""
    config = ReplaceConfig(surrogates=SurrogateSettings(shift_ages=True))
    out = Replacer(config, KEY).replace(doc).document
    assert unexplained_survivors(doc, out) == []


def test_a_surrogate_never_holds_another_phi_string_of_the_note():
    """The case hypothesis found: the keyed city for "Baileyville" was "Reynoldston", beside a
    Dr Reynolds in the same note."""
    text = "Seen by BaileyvilleSeen by Reynolds"
    doc = Document(
        "h", text, (span_of(text, "Baileyville", "CITY"), span_of(text, "Reynolds", "DOCTOR"))
    )
    doc = doc.with_metadata(patient_id="a")
    out = Replacer(ReplaceConfig(), KEY).replace(doc).document
    assert "reynolds" not in out.text.lower() and "baileyville" not in out.text.lower()
    alone = Document("h", "Baileyville", (Span(0, 11, "CITY"),), {"patient_id": "a"})
    city_alone = Replacer(ReplaceConfig(), KEY).replace(alone).document.text
    assert city_alone == "Reynoldston"  # the first keyed choice, kept where nothing forbids it


def test_surrogates_never_contain_the_original_or_sit_inside_it():
    from phiscrub.replace.names import NameSurrogates

    names = NameSurrogates(KEY, language_pack("es"))
    for patient in map(str, range(200)):
        value = names.part(patient, "Marc")
        assert "marc" not in value.lower() and value.lower() not in "marc"
    replacer = Replacer(ReplaceConfig(surrogates=SurrogateSettings(language="es")), KEY)
    for patient in map(str, range(100)):
        doc = Document("d", "Valencia", (Span(0, 8, "TERRITORIO"),), {"patient_id": patient})
        assert "valencia" not in replacer.replace(doc).document.text.lower()


def test_keys_know_whether_they_are_ephemeral_and_make_stable_pseudonyms(tmp_path):
    path = tmp_path / "secret.key"
    path.write_bytes(b"file-key-0123456789abcdef\n")
    from_file = SecretKey.from_file(path)
    assert not from_file.ephemeral and SecretKey.random().ephemeral
    assert "0123456789" not in repr(from_file)
    assert from_file.pseudonym("patient", "101") == SecretKey.from_file(path).pseudonym(
        "patient", "101"
    )
    assert from_file.pseudonym("patient", "101") != OTHER_KEY.pseudonym("patient", "101")
    assert re.fullmatch(r"[0-9a-f]{16}", from_file.pseudonym("patient", "101"))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_no_phi_string_survives_in_synthetic_notes(seed):
    """Over whole synthetic notes: every occurrence of an original PHI string (3+ characters)
    in the output lies in text copied unchanged from the input (the same words outside any
    PHI span, as "Gross" the heading beside Dr Gross), or is a date shifted onto another date."""
    from phiscrub.synth import synthesize

    replacer = Replacer(ReplaceConfig(), KEY)
    for note in synthesize(3, seed):
        doc = note.document
        assert unexplained_survivors(doc, replacer.replace(doc).document) == [], doc.doc_id


def test_the_survivor_check_catches_text_left_in_place():
    text = "Seen by Reynolds on 3/4/2019"
    doc = Document(
        "k", text, (span_of(text, "Reynolds", "DOCTOR"), span_of(text, "3/4/2019", "DATE"))
    )
    kept = Replacer(ReplaceConfig(default="keep"), KEY).replace(doc).document
    assert unexplained_survivors(doc, kept) == ["DOCTOR"]  # the kept date sits in a DATE span
