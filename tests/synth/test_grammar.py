import random

import pytest

from phiscrub.errors import ConfigError
from phiscrub.synth.grammar import count_shapes, expand


def resolver(name):
    if name == "pt":
        return [("Ann Lee", "PATIENT")]
    if name == "addr":
        return [("12 Elm St", "STREET"), (", ", None), ("Salem", "CITY")]
    return name.upper()


def test_literal_text_slots_and_shape():
    pieces, shape = expand("Seen {pt} at {addr}; {drug}.", random.Random(0), resolver)
    assert pieces == [
        ("Seen ", None),
        ("Ann Lee", "PATIENT"),
        (" at ", None),
        ("12 Elm St", "STREET"),
        (", ", None),
        ("Salem", "CITY"),
        ("; ", None),
        ("DRUG", None),
        (".", None),
    ]
    assert shape == "Seen {pt} at {addr}; {drug}."


def test_choices_nest_and_every_alternative_is_reached():
    seen = {expand("[a|b[c|d]|]x", random.Random(seed), resolver)[1] for seed in range(200)}
    assert seen == {"ax", "bcx", "bdx", "x"}
    assert count_shapes("[a|b[c|d]|]x") == 4


def test_rules_expand_in_place_and_count_as_structure():
    rules = {"verb": "[says|notes]", "when": "[today|on {day}]"}
    shapes = {
        expand("{pt} {@verb} it {@when}.", random.Random(seed), resolver, rules)[1]
        for seed in range(200)
    }
    assert shapes == {
        "{pt} says it today.",
        "{pt} notes it today.",
        "{pt} says it on {day}.",
        "{pt} notes it on {day}.",
    }
    assert count_shapes("{pt} {@verb} it {@when}.", rules) == 4


def test_escaped_characters_are_literal():
    pieces, shape = expand(r"\[x\|y\] \{z\}", random.Random(0), resolver)
    assert "".join(p for p, _ in pieces) == "[x|y] {z}"
    assert shape == "[x|y] {z}"


@pytest.mark.parametrize("template", ["[a|b", "a]b", "{open"])
def test_malformed_templates_are_refused(template):
    with pytest.raises(ConfigError):
        expand(template, random.Random(0), resolver)


def test_an_undefined_rule_is_refused():
    with pytest.raises(ConfigError, match="undefined rule"):
        expand("{@nope}", random.Random(0), resolver, {})
