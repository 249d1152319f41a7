import numpy as np

from phiscrub.document import Document, Span
from phiscrub.merge.candidates import Candidate, candidate_matrix, candidates, feature_names

TEXT = "Ann Lee and Bob Ray saw Dr Kim in Paris. Ann Lee"
SPANS = [
    Span(0, 7, "PATIENT", 0.9, "crf:token"),  # a detector is named by source up to ":"
    Span(12, 19, "PATIENT", 0.8, "crf"),
    Span(27, 30, "DOCTOR", 0.7, "crf"),
    Span(41, 48, "PATIENT", 0.85, "crf"),
    Span(0, 7, "PATIENT", 0.95, "neural"),
    Span(0, 19, "PATIENT", 0.6, "neural"),
    Span(27, 30, "PATIENT", 0.5, "neural"),
    Span(34, 39, "CITY", 0.99, "neural"),
    Span(27, 30, "DOCTOR", 1.0, "rules:title"),  # not a member: no candidate, no feature
]
MEMBERS = ["crf", "neural"]
LABELS = ["CITY", "DOCTOR", "PATIENT"]


def test_candidates_are_the_distinct_instances_of_members_with_their_best_scores():
    spans = [*SPANS, Span(0, 7, "PATIENT", 0.1, "crf")]  # a weaker duplicate
    found = candidates(spans, MEMBERS)
    assert [c.key for c in found] == [
        (0, 7, "PATIENT"),
        (0, 19, "PATIENT"),
        (12, 19, "PATIENT"),
        (27, 30, "DOCTOR"),
        (27, 30, "PATIENT"),
        (34, 39, "CITY"),
        (41, 48, "PATIENT"),
    ]
    assert found[0] == Candidate(0, 7, "PATIENT", (("crf", 0.9), ("neural", 0.95)))
    assert found[3].members == frozenset({"crf"})


def test_feature_names_order():
    assert feature_names(["a"], ["X"]) == [
        "exact_span",
        "exact_label",
        "partial_span",
        "partial_label",
        "conjunction",
        "instance_count",
        "span_count",
        "tokens",
        "same_text",
        "by:a",
        "score:a",
        "label:X",
    ]


def test_candidate_features_count_agreement_between_members():
    doc = Document("d", TEXT)
    found = candidates(SPANS, MEMBERS)
    matrix = candidate_matrix(doc, SPANS, found, MEMBERS, LABELS, "en")
    # exact_span exact_label partial_span partial_label conjunction instance_count span_count
    # tokens same_text by:crf by:neural score:crf score:neural label:CITY label:DOCTOR
    # label:PATIENT
    expected = [
        [0, 0, 0, 0, 0, 2, 2, 2, 1, 1, 1, 0.9, 0.95, 0, 0, 1],  # Ann Lee, both members
        [0, 0, 1, 1, 1, 1, 1, 5, 0, 0, 1, 0, 0.6, 0, 0, 1],  # Ann Lee and Bob Ray
        [0, 0, 1, 1, 0, 1, 1, 2, 0, 1, 0, 0.8, 0, 0, 0, 1],  # Bob Ray
        [1, 0, 0, 0, 0, 1, 2, 1, 0, 1, 0, 0.7, 0, 0, 1, 0],  # Kim as DOCTOR
        [1, 0, 0, 0, 0, 1, 2, 1, 0, 0, 1, 0, 0.5, 0, 0, 1],  # Kim as PATIENT
        [0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0.99, 1, 0, 0],  # Paris
        [0, 0, 0, 0, 0, 1, 1, 2, 1, 1, 0, 0.85, 0, 0, 0, 1],  # Ann Lee again
    ]
    np.testing.assert_allclose(matrix, np.array(expected, dtype=float))


def test_spanish_prepositions_and_an_empty_document():
    doc = Document("d", "Hospital de Madrid")
    spans = [Span(0, 18, "HOSPITAL", 1.0, "crf")]
    found = candidates(spans, ["crf"])
    assert candidate_matrix(doc, spans, found, ["crf"], ["HOSPITAL"], "es")[0, 4] == 1.0
    empty = candidate_matrix(doc, [], [], ["crf"], ["HOSPITAL"], "es")
    assert empty.shape == (0, len(feature_names(["crf"], ["HOSPITAL"])))
