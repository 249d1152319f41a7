from phiscrub.replace.avoid import holds_any


def test_holds_any_finds_a_phi_string_inside_a_surrogate_whatever_its_place():
    avoid = frozenset({"reynolds", "ann lee", "salem"})
    assert holds_any("reynoldston", avoid)
    assert holds_any("dr ann lee jr", avoid)
    assert holds_any("new salem", avoid)
    assert not holds_any("baileyville", avoid)
    assert not holds_any("reynolds", avoid, skip="reynolds")  # the name being replaced itself
    assert not holds_any("sa", frozenset({"sa"}))  # shorter than the minimum: never matched
    assert not holds_any("anything", frozenset())


def test_holds_any_agrees_with_scanning_every_string():
    avoid = frozenset({"abc", "bcd d", "xyz", "cdd"})
    for text in ("abcd dx", "xxyzz", "bcd", "ab cd", "cdd", "zzz"):
        assert holds_any(text, avoid) == any(other in text for other in avoid)
