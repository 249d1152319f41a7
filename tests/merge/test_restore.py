"""A span the merge dropped comes back when the sanity layer drops the span it lost to."""

from phiscrub.document import Document, Span
from phiscrub.merge import DEFAULT_PRIORITY, merge_spans
from phiscrub.merge.restore import restore_absorbed, restore_uncovered
from phiscrub.merge.sanity import apply_sanity, sanity_rules

TEXT = "Pt will continue HEP and join the YMCA on Dot Ave."
WIDE = Span(17, 38, "ORGANIZATION", 0.3, "ensemble:bilstm-fea")  # "HEP and join the YMCA"
NARROW = Span(34, 38, "ORGANIZATION", 0.8, "rules:organization_known")  # "YMCA"


def _run(spans: list[Span]) -> tuple[list[tuple[str, str]], list[Span]]:
    doc = Document("t", TEXT)
    rules = sanity_rules("en")
    merged = merge_spans(spans, "priority", DEFAULT_PRIORITY)
    kept, cut = apply_sanity(doc, list(merged.spans), rules)
    kept, restored = restore_absorbed(doc, kept, cut, merged.dropped, rules, DEFAULT_PRIORITY)
    return [(s.label, TEXT[s.start : s.end]) for s in kept], restored


def test_the_rule_s_span_returns_when_the_model_s_wide_span_is_dropped():
    kept, restored = _run([WIDE, NARROW])
    assert kept == [("ORGANIZATION", "YMCA")]
    assert restored == [NARROW]


def test_nothing_returns_that_the_sanity_layer_would_drop_itself():
    heading = Span(17, 20, "ORGANIZATION", 0.8, "rules:x")  # "HEP", a home exercise program
    kept, restored = _run([WIDE, heading])
    assert kept == []
    assert restored == []


def test_nothing_returns_over_the_piece_of_a_cut_span():
    text = "His son Erik helps with groceries on weekends."
    doc = Document("t", text)
    rules = sanity_rules("en")
    wide = Span(8, 33, "PATIENT", 0.25, "ensemble:bilstm-fea")  # "Erik helps with groceries"
    name = Span(8, 12, "PATIENT", 0.9, "dictionary:relative")
    merged = merge_spans([wide, name], "priority", DEFAULT_PRIORITY)
    kept, cut = apply_sanity(doc, list(merged.spans), rules)
    kept, restored = restore_absorbed(doc, kept, cut, merged.dropped, rules, DEFAULT_PRIORITY)
    assert [(s.label, text[s.start : s.end]) for s in kept] == [("PATIENT", "Erik")]
    assert restored == []


def test_a_rule_s_words_outside_a_crossing_span_that_won_are_kept():
    text = "Employer: Great Lakes Cold Storage, Toledo, OH"
    doc = Document("t", text)
    rules = sanity_rules("en")
    rule = Span(10, 34, "ORGANIZATION", 0.8, "rules:organization_field")
    model = Span(16, 42, "DOCTOR", 0.38, "ensemble:crf")  # "Lakes Cold Storage, Toledo"
    merged = merge_spans([rule, model], "priority", DEFAULT_PRIORITY)
    assert [text[s.start : s.end] for s in merged.spans] == ["Lakes Cold Storage, Toledo"]
    kept, restored = restore_uncovered(doc, merged.spans, merged.dropped, {"rules"}, rules)
    assert [(s.label, text[s.start : s.end]) for s in kept] == [
        ("ORGANIZATION", "Great"),
        ("DOCTOR", "Lakes Cold Storage, Toledo"),
    ]
    assert restored == [Span(10, 15, "ORGANIZATION", 0.8, "rules:organization_field")]


def test_only_an_outer_detector_s_words_are_kept_and_never_half_a_word():
    text = "Employer: Great Lakes Cold Storage, Toledo, OH"
    doc = Document("t", text)
    rules = sanity_rules("en")
    model = Span(10, 34, "ORGANIZATION", 0.9, "ensemble:bilstm-fea")
    cut_word = Span(12, 42, "DOCTOR", 0.38, "rules:x")  # "eat Lakes ...": the winner's inside
    merged = merge_spans([model, Span(16, 42, "DOCTOR", 0.38, "ensemble:crf")], "priority")
    _, restored = restore_uncovered(doc, merged.spans, merged.dropped, {"rules"}, rules)
    assert restored == []
    merged = merge_spans([cut_word, Span(8, 13, "DATE", 0.9, "rules:y")], "priority")
    _, restored = restore_uncovered(doc, merged.spans, merged.dropped, {"rules"}, rules)
    assert restored == []  # "at Lakes ..." minus "Gre": the piece begins inside a word
