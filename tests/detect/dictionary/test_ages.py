"""Ages told of someone named by a listed first name."""

import pytest

from phiscrub.detect.dictionary.ages import named_ages
from phiscrub.detect.dictionary.gazetteers import gazetteers


def ages(text: str) -> list[str]:
    return [text[h.start : h.end] for h in named_ages(text, gazetteers("en"))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ulysses is 92 today, cake at 2!", ["92"]),
        ("Gideon Marsh is 99. Is a pacemaker reasonable?", ["99"]),
        ("eleanor is 94 and wants to stop dialysis", ["94"]),
        ("Hollis 92F DNR/DNI from Maple", ["92"]),
        ("Gertrude (94) family meeting at 3", ["94"]),
        # values after analytes, a frequent word, a month; no age past 120
        ("Glucose is 95 today. Sodium (135). Will is 92 and well.", []),
        ("June (12) visits", []),
        ("Gertrude (135) family", []),
    ],
)
def test_named_ages(text, expected):
    assert ages(text) == expected
