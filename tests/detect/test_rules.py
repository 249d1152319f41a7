import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phiscrub.detect import DetectionError, Detector
from phiscrub.detect.rules import RuleDetector, parse_patterns
from phiscrub.detect.rules.validators import (
    date_numeric,
    luhn,
    phone_es,
    phone_us,
    postal_code_es,
    rare_lead_word,
    ssn,
)
from phiscrub.document import Document
from phiscrub.errors import ConfigError
from phiscrub.merge import merge_spans

from ..conftest import span_of

PATTERNS = """
[[pattern]]
name = "mrn"
label = "MEDICALRECORD"
regex = '(?:MRN|MR#)\\s*:?\\s*(?P<phi>\\d{5,9})'
score = 0.9

[[pattern]]
name = "phone"
label = "PHONE"
regex = '\\(?\\d{3}\\)?[ .-]?\\d{3}-\\d{4}'
context = ["tel", "phone", "call"]
negative_context = ["fax"]
require_context = true
window = 20
validator = "phone_us"
"""


def write(tmp_path, text):
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_field_label_stays_outside_the_span_and_context_decides(tmp_path):
    det = RuleDetector(write(tmp_path, PATTERNS))
    assert isinstance(det, Detector)
    text = "MRN: 1234567. Tel 617-555-1234, fax 617-555-9999; call (617) 555-0000"
    spans = det.detect(Document("d", text))
    assert [(s.label, text[s.start : s.end], s.source) for s in spans] == [
        ("MEDICALRECORD", "1234567", "rules:mrn"),
        ("PHONE", "617-555-1234", "rules:phone"),
        # "fax" is the nearest cue before the second number: dropped
        ("PHONE", "(617) 555-0000", "rules:phone"),
    ]
    assert spans[1].score == pytest.approx(0.95)  # supported by a cue: 0.9 + 0.05


def test_validators():
    assert date_numeric("03/03/1946") and date_numeric("2019-02-28") and date_numeric("13/12/20")
    assert not date_numeric("31/02/2019") and not date_numeric("2-3/10")
    assert date_numeric("2091-3-4") and not date_numeric("2091-3-444")
    assert not date_numeric("3/4/202")
    assert ssn("123-45-6789") and not ssn("666-45-6789") and not ssn("912-45-6789")
    assert luhn("4111 1111 1111 1111") and not luhn("4111 1111 1111 1112")
    assert phone_us("(617) 555-1234") and not phone_us("(017) 555-1234")
    assert phone_us("617.555.0123 X45") and phone_us("617-555-0199 EXT. 12")  # an extension
    assert phone_es("+34 93 693 29 05") and phone_es("967 596 685") and not phone_es("123456789")
    assert postal_code_es("E-18014") and not postal_code_es("99001")
    assert rare_lead_word("Firelands Pediatric Endocrinology")
    assert not rare_lead_word("Summit Neurology") and not rare_lead_word("Movement Neurology")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[[pattern]]\nname='a'\nlabel='X'\nregex='('\n", "does not compile"),
        ("[[pattern]]\nname='a'\nlabel='X'\nregex='a'\nvalidator='nope'\n", "unknown validator"),
        ("[[pattern]]\nname='a'\nlabel='X'\nregex='a'\nscore=2\n", "score"),
        ("[[pattern]]\nname='a'\nlabel='X'\nregex='a'\nextra=1\n", "extra"),
        (
            "[[pattern]]\nname='a'\nlabel='X'\nregex='a'\n[[pattern]]\nname='a'\nlabel='Y'\nregex='b'\n",
            "used twice",
        ),
        ("name = ", "not valid TOML"),
        ("[meta]\n", "no [[pattern]]"),
        ("[define]\nA='x'\n[[pattern]]\nname='a'\nlabel='X'\nregex='${B}'\n", "${B} is not in"),
        (
            "[define]\nA='${B}x'\nB='y'\n[[pattern]]\nname='a'\nlabel='X'\nregex='${A}'\n",
            "A uses ${B}, which is not defined before it",
        ),
    ],
)
def test_bad_pattern_files_name_the_file_and_pattern(text, problem):
    with pytest.raises(ConfigError, match=r"my\.toml") as info:
        parse_patterns(text, "my.toml")
    assert problem in str(info.value)


def test_a_define_may_use_the_defines_before_it():
    text = "[define]\nB='y+'\nA='x${B}'\n[[pattern]]\nname='a'\nlabel='X'\nregex='${A}z'\n"
    (pattern,) = parse_patterns(text, "my.toml")
    assert pattern.spec.regex == "xy+z"


def test_a_catastrophic_pattern_fails_the_document_within_the_budget(tmp_path):
    path = write(tmp_path, "[[pattern]]\nname='evil'\nlabel='X'\nregex='(a|aa)+$'\n")
    det = RuleDetector(path, time_budget=0.2)
    # without the budget this search would run for ages; with it, the document fails by name
    with pytest.raises(DetectionError, match=r"'hostile'.*evil"):
        det.detect(Document("hostile", "a" * 60 + "b"))


@pytest.mark.parametrize("pack", ["es", "en"])
def test_shipped_packs_finish_adversarial_text_within_their_budget(pack):
    det = RuleDetector(pack, time_budget=2.0)  # a pattern that backtracks raises DetectionError
    hostile = [
        "1" * 20000,
        "1/" * 10000,
        "a@" * 8000 + "a",
        "Calle " + "Aa " * 6000,
        "Hospital " + "De " * 6000,
        ("Médico: " + "Ab " * 3000) * 2,
        "28 " * 8000,
        "N º Col " * 3000,
        "Dr. " + "Ab " * 5000,
        "1 " + "Main " * 5000 + "Street",
        "Patient: " + "AB, " * 4000,
        "www." + "a." * 8000,
        "Rm " * 6000,
    ]
    for text in hostile:
        det.detect(Document("h", text))


def test_spanish_pack_on_a_meddocan_style_header():
    text = (
        "Nombre:  Ernesto.\nApellidos: Rivera Bueno.\nNHC: 368503.\nNASS: 26 63514095.\n"
        "Domicilio:  Calle Miguel Benitez 90.\nLocalidad/ Provincia: Madrid.\nCP: 28016.\n"
        "Fecha de nacimiento: 03/03/1946.\nPaís: España.\nEdad: 70 años Sexo: H.\n"
        "Médico:  Ignacio Navarro Cuéllar NºCol: 28 28 70973.\n"
        "Paciente de 70 años, operado en 2009. Desde hace 3 años, tos. Tel.: 917 27 73 36.\n"
    )
    spans = RuleDetector("es").detect(Document("m", text))
    found = {(s.label, text[s.start : s.end]) for s in spans}
    assert found == {
        ("NOMBRE_SUJETO_ASISTENCIA", "Ernesto"),
        ("NOMBRE_SUJETO_ASISTENCIA", "Rivera Bueno"),
        ("ID_SUJETO_ASISTENCIA", "368503"),
        ("ID_ASEGURAMIENTO", "26 63514095"),
        ("CALLE", "Calle Miguel Benitez 90"),
        ("TERRITORIO", "Madrid"),
        ("TERRITORIO", "28016"),
        ("FECHAS", "03/03/1946"),
        ("PAIS", "España"),
        ("EDAD_SUJETO_ASISTENCIA", "70 años"),
        ("SEXO_SUJETO_ASISTENCIA", "H"),
        ("NOMBRE_PERSONAL_SANITARIO", "Ignacio Navarro Cuéllar"),
        ("ID_TITULACION_PERSONAL_SANITARIO", "28 28 70973"),
        ("FECHAS", "2009"),
        ("NUMERO_TELEFONO", "917 27 73 36"),
    }
    assert span_of(text, "70 años", "EDAD_SUJETO_ASISTENCIA", 1).start in {s.start for s in spans}


def test_spanish_phones_with_a_country_prefix_or_after_a_label():
    text = "Tfno. 34-607819141 E-mail: x@y.es\nFAX: + 34- 963864175\nTeléfono: 55304000."
    spans = RuleDetector("es").detect(Document("m", text))
    found = {(s.label, text[s.start : s.end]) for s in spans}
    assert found >= {
        ("NUMERO_TELEFONO", "34-607819141"),
        ("NUMERO_FAX", "34- 963864175"),
        ("NUMERO_TELEFONO", "55304000"),
    }


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="aAbBzZéÉßǅϒ1 .-'", max_size=30))
def test_the_quick_count_never_turns_away_a_note_in_capitals_or_in_lower_case(text: str):
    from phiscrub.text.casing import CAPITALS, LOWER_CASE, _surely_mixed

    cased = [c.isupper() for c in text if c.isalpha() and c.lower() != c.upper()]
    if cased and sum(cased) >= CAPITALS * len(cased):  # in capitals by the full count
        assert not _surely_mixed(text)
    if cased and sum(cased) <= LOWER_CASE * len(cased):  # in lower case by the full count
        assert not _surely_mixed(text)


def test_the_quick_capitals_count_on_look_alikes():
    from phiscrub.text.casing import _surely_mixed

    assert _surely_mixed("Seen since Thanksgiving by Dr. O'Brien")
    assert _surely_mixed("SEEN BY DR. O'BRIEN today at noon")  # 14 capitals of 25 letters
    assert not _surely_mixed("SEEN BY DR. O'BRIEN")
    assert not _surely_mixed("ÉCOLE DE SANTÉ, ok")  # could be capitals: the full count decides


def test_notes_in_capitals_are_searched_title_cased_as_well():
    from phiscrub.text.casing import title_cased

    assert title_cased("SEEN SINCE THANKSGIVING; O'BRIEN, ACCT NO.: 57110378") == (
        "Seen Since Thanksgiving; O'brien, Acct No.: 57110378"
    )
    assert title_cased("Seen since Thanksgiving by Dr. O'Brien") is None  # mixed case
    text = "WORSE SINCE THANKSGIVING. ACCOUNT NO.: 57110378"
    spans = merge_spans(RuleDetector("en").detect(Document("t", text)), "priority").spans
    assert {(s.label, text[s.start : s.end]) for s in spans} == {
        ("DATE", "THANKSGIVING"),
        ("ACCOUNT", "57110378"),
    }


def test_an_ordinal_s_letters_stay_small_in_the_title_cased_twin():
    from phiscrub.text.casing import title_cased

    assert title_cased("clinic, 715 s 8th st, 21st floor", always=True) == (
        "Clinic, 715 S 8th St, 21st Floor"
    )
    text = "CLINIC, 715 S 8TH ST, MINNEAPOLIS"
    spans = merge_spans(RuleDetector("en").detect(Document("t", text)), "priority").spans
    assert ("STREET", "715 S 8TH ST") in {(s.label, text[s.start : s.end]) for s in spans}


def test_notes_in_lower_case_are_searched_title_cased_as_well():
    from phiscrub.text.casing import title_cased

    lower = "pt lives at 22 birchwood ln, apt 3 with her dtr; c/o 6/10 pain"
    # small words inside a run of words stay small ("lives at", "university of vermont")
    assert title_cased(lower) == "Pt Lives at 22 Birchwood Ln, Apt 3 With Her Dtr; C/O 6/10 Pain"
    titled = title_cased("UNIVERSITY OF VERMONT; THE CLINIC AND THE LAB")
    assert titled == "University of Vermont; The Clinic and the Lab"
    assert title_cased("pt seen, ok") is None  # too few letters to tell a note's case
    assert title_cased("pt seen by Dr. Lee at home today, doing well") is None  # 6% capitals
    spans = merge_spans(RuleDetector("en").detect(Document("t", lower)), "priority").spans
    # the street in the twin; not "6/10" before "pain", nor an ID of letters after digits
    assert {(s.label, lower[s.start : s.end]) for s in spans} == {
        ("STREET", "22 birchwood ln, apt 3")
    }


def test_notes_in_lower_case_are_searched_in_capitals_as_well():
    # the patterns written for notes in capitals read a note in lower case put in capitals
    # (their HIPAA identifiers: not a hospital's name, read too loosely in capitals)
    text = "outside pharmacy: kinney drugs #47, potsdam ny\nhospice admission - heartland hospice"
    found = {
        (s.label, text[s.start : s.end]) for s in RuleDetector("en").detect(Document("t", text))
    }
    assert ("ORGANIZATION", "kinney drugs #47") in found
    assert not any(label == "HOSPITAL" for label, _ in found)
    # not where putting it in capitals moves the offsets ("ß" is "SS")
    text = "outside pharmacy: kinney drugs #47, potsdam ny\nweiß, seen at home"
    spans = RuleDetector("en").detect(Document("t", text))
    assert all(s.end <= len(text) for s in spans)
    assert ("ORGANIZATION", "kinney drugs #47") not in {
        (s.label, text[s.start : s.end]) for s in spans
    }
    text = "desk phone +1-604-696-5272x565 for the billing office"
    spans = merge_spans(RuleDetector("en").detect(Document("t", text)), "priority").spans
    assert {(s.label, text[s.start : s.end]) for s in spans} == {("PHONE", "+1-604-696-5272x565")}


def test_a_note_typed_in_lower_case_is_searched_title_cased_after_its_capitals_are_restored():
    from phiscrub.pipeline.view import detection_view
    from phiscrub.text.casing import TYPED_IN_LOWER_CASE, title_cased

    lower = "lives at 123 main st apt 4; acct no. 45-778812; moore, id 83255"
    view = detection_view(Document("q", lower), "en").doc
    # the capitals restored are too many for a note "in lower case"
    assert view.text == "Lives at 123 main st apt 4; acct no. 45-778812; Moore, ID 83255"
    assert title_cased(view.text) is None
    assert title_cased(view.text, always=True) == (
        "Lives at 123 Main St Apt 4; Acct No. 45-778812; Moore, Id 83255"
    )
    assert view.metadata[TYPED_IN_LOWER_CASE] is True
    spans = merge_spans(RuleDetector("en").detect(view), "priority").spans
    # "Id 83255" in the twin is Idaho's ZIP code, as "ID 83255" is, not an ID after its cue
    assert [(s.label, lower[s.start : s.end]) for s in spans] == [
        ("STREET", "123 main st apt 4"),
        ("ACCOUNT", "45-778812"),
        ("CITY", "moore"),
        ("STATE", "id"),
        ("ZIP", "83255"),
    ]
    # the same text not marked as restored: a mixed-case note, searched as it is
    unmarked = Document("q", view.text)
    assert not [s for s in RuleDetector("en").detect(unmarked) if s.label == "STREET"]


def test_hospitals_in_capitals_hold_no_small_words():
    text = "SHE WAS ASSESSED AT AN OUTSIDE HOSPITAL. RETURN TO CLINIC WITH DR. FERNANDEZ."
    spans = RuleDetector("en").detect(Document("t", text))
    assert not [s for s in spans if s.label == "HOSPITAL"]


def test_compiling_the_patterns_is_outside_the_budget(tmp_path):
    import time
    import uuid

    salt = uuid.uuid4().hex[:8]  # fresh regexes: the regex module's compile cache cannot help
    words = "|".join(f"w{salt}{i}x" for i in range(3000))
    table = "".join(
        f"[[pattern]]\nname='p{n}'\nlabel='X'\nregex='(?:{words})y{n}'\n" for n in range(8)
    )
    det = RuleDetector(write(tmp_path, table), time_budget=0.02)
    started = time.process_time()
    assert det.detect(Document("short", "nothing to find here")) == []
    assert time.process_time() - started > 0.02  # compiling took longer than the budget


def test_the_budget_grows_with_the_note():
    det = RuleDetector("en", time_budget=2.0)
    assert det.budget("x" * 100) == 2.0
    assert det.budget("x" * 1_000_000) == 40.0


def test_an_edited_pattern_file_is_not_answered_from_the_memo(tmp_path):
    doc = Document("t", "code AB12 and CD34")
    path = write(tmp_path, "[[pattern]]\nname='ab'\nlabel='X'\nregex='AB\\d+'\n")
    assert [doc.text[s.start : s.end] for s in RuleDetector(path).detect(doc)] == ["AB12"]
    path.write_text("[[pattern]]\nname='cd'\nlabel='X'\nregex='CD\\d+'\n", encoding="utf-8")
    assert [doc.text[s.start : s.end] for s in RuleDetector(path).detect(doc)] == ["CD34"]


def test_a_twin_only_pattern_reads_the_title_cased_twin_alone(tmp_path):
    det = RuleDetector(
        write(
            tmp_path,
            "[[pattern]]\nname='club'\nlabel='ORGANIZATION'\n"
            "regex='(?<=(?i:at) )[A-Z][a-z]+ Club'\ntwin_only=true\n",
        )
    )
    lower = "we met at rotary club after the game, then went home to rest"
    assert [lower[s.start : s.end] for s in det.detect(Document("l", lower))] == ["rotary club"]
    mixed = "We met at Rotary Club after the game, then went home to rest"
    assert det.detect(Document("m", mixed)) == []


def test_a_twin_only_pattern_must_read_the_twin():
    text = "[[pattern]]\nname='a'\nlabel='X'\nregex='a'\ntwin_only=true\ncapitals=false\n"
    with pytest.raises(ConfigError, match="twin_only needs capitals"):
        parse_patterns(text, "my.toml")
