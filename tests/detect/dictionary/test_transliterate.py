import pytest

from phiscrub.detect.dictionary.transliterate import brahmic_form, hangul_form


@pytest.mark.parametrize(
    ("name", "plain"),
    [
        ("सुनीता", "sunita"),  # vowel signs
        ("प्रियंका", "priyanka"),  # a cluster (virama) and an anusvara
        ("वेंकट", "venkat"),  # the last consonant's vowel is left unsaid
        ("अकबर", "akbar"),  # and one between a vowel and a consonant with a vowel
        ("जगदीश", "jagdish"),
        ("मनोहर", "manohar"),  # not before a consonant that lost its own
        ("कृष्ण", "krishna"),  # a cluster at the end keeps it
        ("नरेंद्र", "narendra"),
        ("ज़ाकिर", "zakir"),  # a nukta
        ("अदिती", "aditi"),  # an initial vowel
        ("અંકિત", "ankit"),  # Gujarati
        ("অজয়", "ajay"),  # Bengali, with a nukta
        ("ଅଜୟ", "ajay"),  # Oriya
        ("அகிலன்", "akilan"),  # Tamil: every vowel-less consonant is written so
        ("லக்ஷ்மி", "lakshmi"),
        ("வெங்கடேஷ்", "venkatesh"),
    ],
)
def test_indian_names_are_spelled_as_english_notes_spell_them(name, plain):
    assert brahmic_form(name) == plain


@pytest.mark.parametrize(
    "name",
    [
        "smith",  # Latin letters
        "अ1",  # a digit
        "सुனீ",  # two scripts in one word
        "ि",  # a vowel sign with no consonant
        "",
    ],
)
def test_what_is_not_a_brahmic_name_has_no_form(name):
    assert brahmic_form(name) is None


@pytest.mark.parametrize(
    ("name", "plain"),
    [("은지", "eunji"), ("민준", "minjun"), ("서연", "seoyeon"), ("도윤", "doyun"), ("abc", None)],
)
def test_korean_names_are_romanised_as_one_word(name, plain):
    assert hangul_form(name) == plain
