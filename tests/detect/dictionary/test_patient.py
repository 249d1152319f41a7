import pytest

from phiscrub.detect.dictionary import PatientDictionary, build_patient_dictionary
from phiscrub.detect.dictionary.patient import abbreviates
from phiscrub.document import Document

from ...conftest import span_of

LABELS = frozenset({"PATIENT", "DOCTOR", "HOSPITAL"})


def test_confident_spans_and_their_name_parts_become_entries():
    text = "Patient: Mojisola Adeyemi. Seen at Longburgh Community Hospital (LCH). Dr. Lee, Ann."
    spans = [
        span_of(text, "Mojisola Adeyemi", "PATIENT", score=0.95),
        span_of(text, "Longburgh Community Hospital", "HOSPITAL", score=0.8),
        span_of(text, "Lee", "DOCTOR", score=0.95),
        span_of(text, "Ann", "DOCTOR", score=0.5),
    ]
    dictionary = build_patient_dictionary([(Document("a", text), spans)], LABELS, 0.9, "en")
    assert dictionary.entries == {
        "mojisola adeyemi": "PATIENT",
        "mojisola": "PATIENT",
        "adeyemi": "PATIENT",
        "lch": "HOSPITAL",  # the abbreviation counts even though the hospital scored low
        "lee": "DOCTOR",
    }


def test_no_entry_or_part_of_a_name_holds_a_digit():
    text = "Harrogate HG1 2QT. Seen by Anneliese Voss 2B."
    spans = [
        span_of(text, "HG1 2QT", "PATIENT", score=0.96),  # a postcode read as a name
        span_of(text, "Anneliese Voss 2B", "DOCTOR", score=0.95),
    ]
    dictionary = build_patient_dictionary([(Document("a", text), spans)], LABELS, 0.9, "en")
    assert dictionary.entries == {"anneliese": "DOCTOR", "voss": "DOCTOR"}


def test_entries_seen_under_two_labels_are_dropped_and_matches_need_capitals():
    dictionary = PatientDictionary()
    dictionary.add("Gordon", "PATIENT")
    dictionary.add("Gordon", "DOCTOR")
    dictionary.add("Gordon", "PATIENT")
    dictionary.add("Mojisola", "PATIENT")
    dictionary.add("Mae", "PATIENT")
    dictionary.add("Longburgh", "HOSPITAL")
    assert dictionary.entries == {
        "mojisola": "PATIENT",
        "mae": "PATIENT",
        "longburgh": "HOSPITAL",
    } and dictionary.ambiguous == {"gordon"}
    # a person's entry of five letters or more is found in lower case too ("mojisola later");
    # a short one ("mae") or another kind's ("longburgh") only with its capital
    text = "Gordon saw Mojisola; mojisola later.\nMOJISOLA, Mae; mae at longburgh"
    assert [(s.start, s.end, s.label, s.source) for s in dictionary.find(Document("b", text))] == [
        (11, 19, "PATIENT", "two-pass"),
        (21, 29, "PATIENT", "two-pass"),
        (37, 45, "PATIENT", "two-pass"),
        (47, 50, "PATIENT", "two-pass"),
    ]


def test_frequent_words_read_into_a_name_make_no_entries():
    # a column's heading read into the name: "Autopsy" is a frequent English word
    text = "Decedent: WILHELMINA OYELOWO-TATE   Autopsy No.: A07-0381\nAUTOPSY REPORT"
    spans = [span_of(text, "WILHELMINA OYELOWO-TATE   Autopsy", "PATIENT", score=0.95)]
    dictionary = build_patient_dictionary([(Document("a", text), spans)], LABELS, 0.9, "en")
    assert set(dictionary.entries) == {
        "wilhelmina oyelowo-tate   autopsy",
        "wilhelmina",
        "oyelowo-tate",
    }


def test_a_name_holding_a_digit_makes_no_whole_entry():
    # a list's time read into the name: "Obi 930" is no name to find again, "Obi" is
    text = "clinic: Kowalski 9am, Obi 930, Nguyen 11"
    spans = [span_of(text, "Obi 930", "PATIENT", score=0.95)]
    dictionary = build_patient_dictionary([(Document("a", text), spans)], LABELS, 0.9, "en")
    assert dictionary.entries == {"obi": "PATIENT"}


def test_a_name_span_with_lower_case_words_makes_no_entry():
    # a specimen's line read as a name; a surname's particles are lower case
    text = "SPECIMENS:\nA. Uterus, cervix\nCopy to Dr. Hugo de la Cruz"
    spans = [
        span_of(text, "A. Uterus, cervix", "DOCTOR", score=0.95),
        span_of(text, "Hugo de la Cruz", "DOCTOR", score=0.95),
    ]
    dictionary = build_patient_dictionary([(Document("a", text), spans)], LABELS, 0.9, "en")
    assert dictionary.entries == {"hugo de la cruz": "DOCTOR", "hugo": "DOCTOR", "cruz": "DOCTOR"}


def test_a_bracketed_abbreviation_is_an_entry_only_where_it_abbreviates_the_span():
    text = "PATIENT LIST EXPORT (CSV). Seen at Massachusetts General Hospital (MGH)."
    spans = [
        span_of(text, "PATIENT LIST EXPORT", "ORGANIZATION", score=0.4),
        span_of(text, "Massachusetts General Hospital", "HOSPITAL", score=0.4),
    ]
    labels = frozenset({"HOSPITAL", "ORGANIZATION"})
    dictionary = build_patient_dictionary([(Document("a", text), spans)], labels, 0.9, "en")
    assert dictionary.entries == {"mgh": "HOSPITAL"}


@pytest.mark.parametrize(
    ("short", "long", "expected"),
    [
        ("MGH", "Massachusetts General Hospital", True),
        ("UPMC", "University of Pittsburgh Medical Center", True),
        ("SJCRH", "St. Jude Children's Research Hospital", True),
        ("CSV", "Patient List Export", False),  # no letter of it in order
        ("MFM", "Heinrich Vollmer, MD", False),  # the first letter opens no first word
        ("AB", "BA", False),
        ("HH", "H", False),  # a letter is used once
    ],
)
def test_abbreviates(short, long, expected):
    assert abbreviates(short, long) is expected
