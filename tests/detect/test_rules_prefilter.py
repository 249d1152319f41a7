"""The literal prefilter: the strings a pattern needs, and the same spans with it and without."""

import random

import pytest
import regex

from phiscrub.detect.rules import RuleDetector
from phiscrub.detect.rules.patterns import load_patterns
from phiscrub.detect.rules.prefilter import LiteralIndex, fold, required_literals
from phiscrub.document import Document


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        # Python's parser takes the common prefix out of "MRN|MR #": "mr" is what is left whole
        (r"(?<![\w-])(?i:MRN|MR[ ]?\#)[ \t]*(?P<phi>\d+)", {"mr"}),
        (r"(?i:MRN|SSN)[ ]?:", {"mrn", "ssn"}),
        (r"(?:Hospital|Clinic)\b", {"hospital", "clinic"}),
        (r"\d{3}-\d{2}-\d{4}", {"-"}),
        (r"fo?o", {"f"}),  # an optional part ends the run; both sides are one letter
        (r"(?:ab|c)?xyz", {"xyz"}),  # an optional alternation needs nothing
        (r"\d+(?=[ ]mg)", {" mg"}),  # what a lookahead needs is in the text too
        (r"a(?!b)cd", {"acd"}),  # a negative lookahead matches no character
        (r"(?:ab){2}c", {"ababc"}),
        (r"[xy]z", {"xz", "yz"}),
        (r"(?:Dr|Mr)\.?[ ][A-Z]\w+", {"dr", "mr"}),
        # the regex module's own syntax, put in Python's terms
        (r"\p{Lu}\p{Ll}+[ ]Hospital", {" hospital"}),  # a property ends a run
        (r"Dr\pL", {"dr"}),
        (r"(?P<n>Dr|Prof)[ ]\w+|Nurse[ ](?P<n>\w+)", {"dr ", "prof ", "nurse "}),  # a name twice
        (r"MRN:?[ ]*\K\d+", {"mrn"}),  # \K only moves the match's start
        (r"[^\P{Lu}]x", {"x"}),
        (r"a\\pb", {"a\\pb"}),  # an escaped backslash before "p" is no property
    ],
)
def test_required_literals(pattern, expected):
    assert required_literals(pattern) == frozenset(expected)


@pytest.mark.parametrize(
    "pattern",
    [
        r"[A-Z]\w+",  # no literal at all
        r"(?:ab|\d)x?",  # an alternative that needs nothing
        r"^[ \t]*\K\d+",  # \K read as nothing: no literal is left
        r"\p{Lu}\p{Ll}+",
        r"[[:alpha:]]+ Hospital",  # a POSIX class, which Python would read as literals
        r"(?:Hospital){e<=1}",  # a fuzzy match: "Hospital" need not be in the text
        r"(?:Hospital){ i <= 1 }",
        r"(?|(?P<a>MRN)|(?P<a>ID))\d+",  # a branch reset: beyond Python's parser
        r"(?:a|.)+",  # any character
    ],
)
def test_no_prefilter_where_nothing_is_needed_or_the_syntax_is_unknown(pattern):
    assert required_literals(pattern) is None


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        ("(?i)sink", "\u017fINK"),  # long s
        ("(?i)kilo", "\u212aILO"),  # Kelvin sign
        ("(?i)sinus", "S\u0130NUS"),  # dotted capital I
        ("(?i)strasse", "STRASSE"),
        ("(?i)stra\u00dfe", "STRA\u1e9eE"),  # sharp s, capital sharp s
    ],
)
def test_folding_keeps_every_case_insensitive_match(pattern, text):
    """The regex module matches these across case; the folded note must hold the string."""
    assert regex.search(pattern, text, flags=regex.VERSION0)
    literals = required_literals(pattern)
    assert literals is not None
    assert any(s in fold(text) for s in literals)


def test_a_fuzzy_match_needs_none_of_its_strings():
    """Why a fuzzy pattern gets no prefilter: it matches where its literal is misspelt."""
    assert regex.search(r"(?:Hospital){e<=1}", "Hopital", flags=regex.VERSION0)


def test_a_pattern_is_skipped_only_where_its_strings_are_missing():
    employer = next(p for p in load_patterns("en") if p.name == "employer")
    assert not employer.may_match(fold("Seen today; resting at home, employment pending."))
    assert employer.may_match(fold("He WORKS AT Acme Logistics."))


def test_the_index_finds_every_string_a_text_holds():
    index = LiteralIndex(["st", "street", "tree", "s", "mr #", "(", "dob:"])
    # "street" is the longest at its start: "st" and "s" start there too; "tree" inside it
    assert index.held("12 street") == {"street", "st", "s", "tree"}
    assert index.held("mr # 4 (dob: x") == {"mr #", "(", "dob:"}
    assert index.held("stre") == {"st", "s"}
    assert index.held("") == set()
    assert LiteralIndex([]).held("anything") == frozenset()


def test_the_index_agrees_with_a_search_per_string():
    rng = random.Random(7)
    strings = {"".join(rng.choice("ab .") for _ in range(rng.randint(1, 4))) for _ in range(40)}
    index = LiteralIndex(strings)
    for _ in range(200):
        text = "".join(rng.choice("ab .c") for _ in range(rng.randint(0, 30)))
        assert index.held(text) == {s for s in strings if s in text}


def test_a_pattern_is_skipped_by_the_index_where_its_strings_are_missing():
    employer = next(p for p in load_patterns("en") if p.name == "employer")
    index = LiteralIndex(employer.literals)
    assert not employer.may_match_held(index.held(fold("Resting at home, employment pending.")))
    assert employer.may_match_held(index.held(fold("He WORKS AT Acme Logistics.")))


NOTES = [
    "Pt Anna Lee, MRN: 2193523-7, seen 03/14/2091 at St. Jude Hospital, Albany, NY 12208.",
    "WORKS AT ACME LOGISTICS LLC. SSN 123-45-6789. CALL 617-555-0199 X 22.",
    "Lives at 14 Oak St, Holbrook, MA 02343; email a.lee@example.org; www.acme.com",
    "Seen on Thanksgiving, age 93; Rm 4B; NHS number 943 476 5919.",
    "Paciente de 45 años, NHC 1234567, ingresa en el Hospital Clínico de Valencia.",
]


@pytest.mark.parametrize("pack", ["en", "es"])
def test_the_same_spans_with_the_prefilter_and_without(pack):
    fast = RuleDetector(pack, prefilter=True)
    slow = RuleDetector(pack, prefilter=False)
    for i, text in enumerate(NOTES):
        doc = Document(f"d{i}", text)
        assert fast.detect(doc) == slow.detect(doc)
    assert fast.memo_key != slow.memo_key  # two searches compared, not one and its memo
