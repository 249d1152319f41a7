"""Ages written right after a patient's name, read after the merge."""

import re

import pytest

from phiscrub.document import Span
from phiscrub.errors import ConfigError
from phiscrub.merge.ages import SOURCE, ages_after_names
from phiscrub.merge.sanity import _age_after_name, sanity_rules
from tests.conftest import span_of

PATTERN = sanity_rules("en").age_after_name


def _ages(text: str, surface: str, label: str = "PATIENT") -> list[tuple[str, str]]:
    lower = text.islower()  # a note typed in lower case
    spans = ages_after_names(text, [span_of(text, surface, label)], PATTERN, lower)
    return [(text[s.start : s.end], s.label) for s in spans]


@pytest.mark.parametrize(
    ("text", "surface", "age"),
    [
        ("Bed 7 - Ms. Carrow 96F CMO.", "Carrow", "96"),
        ("Bed 5 - Olufemi Balogun 44M ETOH withdrawal", "Olufemi Balogun", "44"),
        ("Bed 9 - ZIMMERMAN, K 33F asthma", "ZIMMERMAN, K", "33"),
        ("Seen with Anna Berg (82 y/o) today", "Anna Berg", "82"),
        ("Rm 3: Hale, Rosa, 101 yo F, fall", "Hale, Rosa", "101"),
        ("Dorothy Baines - 91F - hip fracture", "Dorothy Baines", "91"),
        ("ANESTHESIA PRE-OP\nGunnhild Aasen  93  F\nPrior", "Gunnhild Aasen", "93"),  # columns
        ("bed 5 - olufemi balogun 44m etoh withdrawal", "olufemi balogun", "44"),
        # "yrs" or "years" before "old" or a stop; in capitals too
        ("Decedent: PEMBERTON-LOWE, 96 yrs, born", "PEMBERTON-LOWE", "96"),
        ("DECEDENT: PEMBERTON-LOWE, 96 YRS, BORN", "PEMBERTON-LOWE", "96"),
        ("Seen: Ana Lopez 44 years old with pain", "Ana Lopez", "44"),
        ("BED 7 - MS. CARROW 96 YOF", "CARROW", "96"),
        # the patient's room in brackets between, on a rounding list
        ("1. Okafor, Chinedu (8214) - 63M CHF", "Okafor, Chinedu", "63"),
        ("2. Brandvold, Ingrid (Rm 8216) - 88F UTI", "Brandvold, Ingrid", "88"),
        # the bare age closing a bracket
        ("Pt: Mortimer Blackstone-Hale (96), dx CHF", "Mortimer Blackstone-Hale", "96"),
        ("PT: MORTIMER BLACKSTONE-HALE (96), DX CHF", "MORTIMER BLACKSTONE-HALE", "96"),
        # or after the name and a comma in the bracket
        ("he confirms pt (Mabel Vance, 94) previously", "Mabel Vance", "94"),
        ("MRS CONSTANCE WHITBY (101!) LIVES ALONE", "CONSTANCE WHITBY", "101"),
    ],
)
def test_an_age_and_sex_after_a_patient_s_name(text, surface, age):
    assert _ages(text, surface) == [(surface, "PATIENT"), (age, "AGE")]


@pytest.mark.parametrize(
    ("text", "surface", "label"),
    [
        ("Dr. Jones 45M seen", "Jones", "DOCTOR"),  # a clinician's name: not this rule's
        ("Moved Lakeview 3F unit", "Lakeview", "CITY"),  # a place: "3F" is a floor
        ("Ms. Carrow 96 pills counted", "Carrow", "PATIENT"),  # no sex, no "y/o"
        ("Ms. Carrow  96  F/U in 2 wks", "Carrow", "PATIENT"),  # a follow-up, no sex
        ("Ms. Carrow 96Fr catheter", "Carrow", "PATIENT"),  # a French size
        ("Ms. Carrow 130F today", "Carrow", "PATIENT"),  # no one is 130
        ("Ms. Carrow, 96/64 BP", "Carrow", "PATIENT"),
        ("Ms. Carrow 96f", "Carrow", "PATIENT"),  # a lower-case sex in a note in mixed case
        ("We saw Ana Lopez 3 years ago.", "Ana Lopez", "PATIENT"),  # a time, not an age
        ("Ana Lopez 20 yrs of smoking", "Ana Lopez", "PATIENT"),
        ("Okafor, Chinedu (8214 mg) - 63M", "Okafor, Chinedu", "PATIENT"),  # no room
        ("Okafor, Chinedu (8214) seen", "Okafor, Chinedu", "PATIENT"),  # a room alone
        ("Ms. Carrow (412) seen", "Carrow", "PATIENT"),  # no one is 412
        ("Ms. Carrow (96 mg) given", "Carrow", "PATIENT"),
        ("GRIP (JAMAR POS 2) R 48 LB", "JAMAR POS", "PATIENT"),  # a setting in its bracket
        ("Seen with Mabel Vance, 94 mg given)", "Mabel Vance", "PATIENT"),  # a dose
    ],
)
def test_no_age_after_other_spans_or_in_other_shapes(text, surface, label):
    assert _ages(text, surface, label) == [(surface, label)]


def test_an_age_another_span_holds_is_left_to_it():
    text = "Ms. Carrow 96F"
    spans = [span_of(text, "Carrow", "PATIENT"), Span(11, 13, "AGE", 0.9, "rules:x")]
    assert ages_after_names(text, spans, PATTERN) == spans


def test_the_age_carries_its_source_and_comes_in_text_order():
    text = "Ms. Carrow 96F; Mr. Lund 88M"
    spans = [span_of(text, "Lund", "PATIENT"), span_of(text, "Carrow", "PATIENT")]
    found = ages_after_names(text, spans, PATTERN)
    assert [(text[s.start : s.end], s.source) for s in found] == [
        ("Carrow", ""),
        ("96", SOURCE),
        ("Lund", ""),
        ("88", SOURCE),
    ]


def test_the_pattern_must_name_its_age_group():
    with pytest.raises(ConfigError, match="age_after_name has no group named 'age'"):
        _age_after_name(r"[ ]\d+[MF]", "xx")
    with pytest.raises(ConfigError, match="must be a string"):
        _age_after_name(["x"], "xx")
    assert _age_after_name(None, "xx") is None
    assert isinstance(_age_after_name(r"[ ](?P<age>\d+)", "xx"), re.Pattern)
