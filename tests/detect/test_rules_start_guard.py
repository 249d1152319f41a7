"""The start guard: the characters a match starts with, and the same matches with it and without."""

import pytest
import regex

from phiscrub.detect.dictionary.names import _RULES
from phiscrub.detect.rules.patterns import load_patterns
from phiscrub.detect.rules.start_guard import guarded, start_guard


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        (r"(?<![\w-])(?P<phi>\d{3}-\d{2})", r"(?=[\d])"),  # look-behinds read no character
        (r"(?<!x)(?:Dr|Mr)\.?[ ]\p{Lu}\w+", r"(?=[\U00000044\U0000004d])"),
        (r"\p{Lu}\p{Ll}+|\d+", r"(?=[\d\p{Lu}])"),  # each alternative's first character
        (r"[A-Z]{2}", r"(?=[\U00000041-\U0000005a])"),
        (r"\bZ\d", r"(?=[\U0000005a])"),  # an anchor reads no character
    ],
)
def test_the_characters_a_match_starts_with(pattern, expected):
    assert start_guard(pattern) == expected


@pytest.mark.parametrize(
    "pattern",
    [
        r"a|B",  # a lower-case letter: most positions hold one
        r"x?Y",
        r"(?:N|S)?[ ]?[A-Z]",  # a space
        r"(?i:from)[ ]X",  # read case-insensitively
        r"(?i)AB",
        r"[!-~]",  # a range with lower-case letters in it
        r"[^a]b",  # a negated class
        r".x",
        r"\w+",
        r"(?:A|)b",  # an empty alternative: the next character may start it
        r"(?=\d)\w+",  # what a lookahead asks is not read
        r"(?:colon){e<=1}",  # a fuzzy match
    ],
)
def test_no_guard_where_the_start_is_not_narrow(pattern):
    assert start_guard(pattern) is None


def test_a_guard_covers_every_alternative():
    assert guarded(r"A\d|7") == r"(?=[\U00000037\U00000041])(?:A\d|7)"
    assert regex.findall(guarded(r"A\d|7"), "xA1 7a") == ["A1", "7"]
    assert start_guard("AB", ignore_case=True) is None  # the whole pattern ignores case


TEXTS = [
    "Pt Anna Lee, MRN: 2193523-7, seen 03/14/2091 at St. Jude Hospital, Albany, NY 12208.",
    "WORKS AT ACME LOGISTICS LLC. SSN 123-45-6789. CALL 617-555-0199 X 22.",
    "Lives at 14 Oak St, Holbrook, MA 02343; email a.lee@example.org; www.acme.com",
    "Seen on Thanksgiving, age 93; Rm 4B; NHS number 943 476 5919.",
    "Dr. O'Brien (cardiology) called; wife Ama Mensah, 212-555-0142. Nakamura, Emi 0092-8173",
    "ÉLODIE DURAND, 62F - seen by Dr Ünal at Main St & 5th Ave; DOB 1/2/1960; Acct# A-77",
    "Paciente de 45 años, NHC 1234567, ingresa en el Hospital Clínico de Valencia.",
]


def _texts() -> list[str]:
    return [t for text in TEXTS for t in (text, text.upper(), text.lower(), text.title())]


@pytest.mark.parametrize("pack", ["en", "es"])
def test_every_pattern_matches_the_same_with_its_guard(pack):
    for pattern in load_patterns(pack):
        plain = regex.compile(pattern.spec.regex, pattern.compiled.flags)
        for text in _texts():
            assert [m.span() for m in pattern.compiled.finditer(text)] == [
                m.span() for m in plain.finditer(text)
            ], pattern.name


def test_most_english_patterns_have_a_guard():
    patterns = load_patterns("en")
    assert sum(start_guard(p.spec.regex, p.spec.ignore_case) is not None for p in patterns) > 150


def test_every_context_name_rule_matches_the_same_with_its_guard():
    for name, _, rx, _ in _RULES:
        plain, guard = regex.compile(rx), regex.compile(guarded(rx))
        for text in _texts():
            assert [m.spans("n") for m in guard.finditer(text)] == [
                m.spans("n") for m in plain.finditer(text)
            ], name
