"""The name context rules skip a text that holds none of the strings a match needs."""

from phiscrub.detect.dictionary.gazetteers import gazetteers
from phiscrub.detect.dictionary.names import _compiled, context_names
from phiscrub.detect.rules.prefilter import fold

GAZ = gazetteers("en")

TEXTS = [
    "Paged Dr. Mistry at 7:40. Ms. Evans got Lovenox.",
    "Kim Williamson, MD\nJ. McMullen, PA\nAttending: Keith Brewer",
    "Patient: POOLE, TERRANCE C  MRN: 1\nResident Name: Walter Pike",
    "Discussed with his wife, Joyce. Her brother ryan called.",
    "Emergency contact: Jaia Mclemore. A boy accompanied by Varo Abbas reporting",
    'Brought in by mom (Keisha) and grandma. Goes by "Kit". Rev. Amos Hale visited.',
    "Children: Ana (12), Luis (9). Pt NAKASHIMA, HIRO   88 M\nDear Mrs. Olafsson,",
    "cc: Dr. Priya Raman\nFollow-up appointment with Dr. Kwame Boateng on Friday.",
    "Room 4B - Hale, Amos\nWILSON, JAMES  MRN 7731\nSeen by case manager Tara Lin.",
]


def test_every_context_rule_has_strings_to_look_for():
    assert [rule for rule, *_, literals in _compiled() if literals is None] == []


def test_a_rule_that_matches_finds_one_of_its_strings_in_the_text():
    matched = 0
    for text in TEXTS:
        for rule, _, pattern, _, literals in _compiled():
            if pattern.search(text):
                matched += 1
                assert any(s in fold(text) for s in literals), rule
    assert matched >= 20  # the texts exercise most rules


def test_names_are_found_with_the_prefilter():
    text = "Discussed with his wife, Joyce. Paged Dr. Mistry at 7:40."
    assert [(text[h.start : h.end], h.label, h.rule) for h in context_names(text, GAZ)] == [
        ("Mistry", "DOCTOR", "title_doctor"),
        ("Joyce", "PATIENT", "relative"),
    ]
