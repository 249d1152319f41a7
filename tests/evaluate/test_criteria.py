"""Every criterion on hand-built documents; expected counts are worked out in the comments."""

import pytest

from phiscrub.document import Document, Span
from phiscrub.errors import EvaluationError
from phiscrub.evaluate import Counts, evaluate
from phiscrub.evaluate.criteria import DocPair, merge_adjacent, relaxed, score_pair

from ..conftest import span_of

TEXT = "Pt John Smith seen 3/4/2019 by Dr Ann Lee at Mercy Hospital, Boston MA 02115. Age 92."


def s(surface: str, label: str) -> Span:
    return span_of(TEXT, surface, label)


GOLD = Document(
    "n1",
    TEXT,
    (
        s("John Smith", "PATIENT"),  # G1
        s("3/4/2019", "DATE"),  # G2
        s("Ann Lee", "DOCTOR"),  # G3
        s("Mercy Hospital", "HOSPITAL"),  # G4
        s("Boston", "CITY"),  # G5
        s("MA", "STATE"),  # G6
        s("02115", "ZIP"),  # G7
        s("92", "AGE"),  # G8 (HIPAA: over 89)
    ),
)
SYSTEM = GOLD.with_spans(
    [
        s("John Smith", "PATIENT"),  # S1 exact
        s("3/4/201", "DATE"),  # S2 end one short: relaxed match for G2
        s("Ann Lee", "PATIENT"),  # S3 right offsets, wrong label
        s("Mercy", "HOSPITAL"),  # S4 partial
        s("Boston MA", "CITY"),  # S5 covers G5 and G6
        s("92", "AGE"),  # S6 exact
        s("Pt", "DATE"),  # S7 spurious
    ]
)
PAIR = DocPair.of(GOLD, SYSTEM)

EXPECTED = {
    # labelled spans: S1, S6 match; 5 system and 6 gold spans unmatched
    "strict": Counts(2, 5, 6),
    "meddocan_subtrack1": Counts(2, 5, 6),
    # S2 also matches G2 (same start, end 1 apart)
    "relaxed": Counts(3, 4, 5),
    # gold tokens: John Smith 3 4 2019 Ann Lee Mercy Hospital Boston MA 02115 92 (13);
    # system: John Smith 3 4 201 Ann/P Lee/P Mercy Boston MA/CITY 92 Pt (12);
    # shared with label: John Smith 3 4 Mercy Boston 92
    "token": Counts(7, 5, 6),
    # offsets only: S1, S3 (Ann Lee), S6
    "binary_strict": Counts(3, 4, 5),
    "meddocan_subtrack2": Counts(3, 4, 5),
    # positions only: John Smith 3 4 Ann Lee Mercy Boston MA 92 match; 201, Pt extra;
    # 2019, Hospital, 02115 missed
    "binary_token": Counts(10, 2, 3),
    # HIPAA gold: G1 G2 G5 G7 G8; HIPAA system (own labels): S1 S2 S3(PATIENT) S5 S6 S7
    "hipaa_strict": Counts(2, 4, 3),
    "hipaa_relaxed": Counts(3, 3, 2),
    # gold: John Smith 3 4 2019 Boston 02115 92 (8); system: John Smith 3 4 201 Ann Lee
    # Boston MA 92 Pt (11); shared with label: John Smith 3 4 Boston 92
    "hipaa_token": Counts(6, 5, 2),
    "binary_hipaa_token": Counts(6, 5, 2),
    "binary_hipaa_strict": Counts(2, 4, 3),
    # gold merges Mercy Hospital + Boston + MA + 02115 (only ", " and " " between); system
    # merges Pt + John Smith. Matched: strict {John Smith, Ann Lee, 92} | merged {Ann Lee, 92}
    "meddocan_subtrack2_merged": Counts(3, 4, 5),
}


@pytest.mark.parametrize("criterion", sorted(EXPECTED))
def test_each_criterion_on_the_hand_built_note(criterion):
    assert score_pair(PAIR, criterion) == EXPECTED[criterion]


def test_precision_recall_f1_of_counts():
    counts = Counts(2, 5, 6)
    assert counts.precision == pytest.approx(2 / 7)
    assert counts.recall == pytest.approx(2 / 8)
    assert counts.f1 == pytest.approx(4 / 15)
    assert Counts().f1 == Counts().precision == Counts().recall == 0.0


def test_merged_subtrack_credits_one_span_over_two_gold_spans():
    text = "Lives at 12 Oak St, Springfield."
    gold = Document(
        "d", text, (span_of(text, "12 Oak St", "CALLE"), span_of(text, "Springfield", "TERRITORIO"))
    )
    system = gold.with_spans([span_of(text, "12 Oak St, Springfield", "CALLE")])
    pair = DocPair.of(gold, system)
    assert score_pair(pair, "meddocan_subtrack2") == Counts(0, 1, 2)
    assert score_pair(pair, "meddocan_subtrack2_merged") == Counts(1, 0, 0)
    assert merge_adjacent(text, [(9, 18), (20, 31)]) == {(9, 31)}


def test_relaxed_matches_one_to_one_closest_end_first():
    text = "abcdefghij"
    gold = Document("d", text, (Span(0, 5, "X"),))
    system = gold.with_spans([Span(0, 4, "X"), Span(0, 5, "X"), Span(0, 7, "X")])
    assert relaxed(DocPair.of(gold, system)) == Counts(1, 2, 0)


def test_tokens_are_unicode_alphanumeric_runs_and_deduplicated():
    text = "Dr. Cuéllar-Ruiz"
    gold = Document("d", text, (Span(4, 16, "DOCTOR"), Span(4, 11, "DOCTOR")))
    system = gold.with_spans([Span(4, 11, "DOCTOR")])
    # gold tokens (deduplicated): Cuéllar, Ruiz; system: Cuéllar
    assert score_pair(DocPair.of(gold, system), "token") == Counts(1, 0, 1)


def test_full_evaluation_with_an_empty_and_a_missing_document():
    empty = Document("n2", "")
    missing = Document("n3", "Seen by Smith", (Span(8, 13, "DOCTOR"),))
    result = evaluate([GOLD, empty, missing], [SYSTEM, empty])
    assert result.documents == 3 and result.missing_in_system == 1
    assert result.criteria["strict"] == Counts(2, 5, 7)
    assert result.criteria["token"] == Counts(7, 5, 7)
    # leak: gold non-space characters 9+8+6+13+6+2+5+2 = 51 in n1, 5 in n3; uncovered:
    # "9" of 2019, "Hospital", "02115" (14) and all of "Smith" (5)
    assert (result.leak.leaked_chars, result.leak.gold_chars) == (19, 56)
    assert result.leak.rate == pytest.approx(19 / 56)


def test_per_label_and_per_category_tables():
    result = evaluate([GOLD], [SYSTEM])
    assert result.per_label["DATE"]["strict"] == Counts(0, 2, 1)
    assert result.per_label["PATIENT"]["strict"] == Counts(1, 1, 0)
    assert result.per_label["DOCTOR"]["strict"] == Counts(0, 0, 1)
    assert result.per_label["DATE"]["relaxed"] == Counts(1, 1, 0)
    assert result.per_category["NAME"]["strict"] == Counts(1, 1, 1)
    assert result.per_category["LOCATION"]["token"] == Counts(2, 1, 3)
    assert set(result.per_category) == {"AGE", "DATE", "LOCATION", "NAME"}


def test_gold_against_itself_is_perfect_everywhere():
    result = evaluate([GOLD], [GOLD])
    assert all(c.f1 == 1.0 for c in result.criteria.values())
    assert result.leak.leaked_chars == 0


def test_json_form_has_the_documented_keys():
    data = evaluate([GOLD], [SYSTEM]).as_dict()
    assert data["binary_hipaa_strict"] == {
        "precision": 2 / 6,
        "recall": 2 / 5,
        "f1": 4 / 11,
        "tp": 2,
        "fp": 4,
        "fn": 3,
    }
    assert set(data["leak"]) == {"rate", "leaked_chars", "gold_chars"}
    assert {"per_label", "per_category", "documents"} <= set(data)


def test_mismatched_inputs_are_errors():
    with pytest.raises(EvaluationError, match="document n1: system text differs"):
        evaluate([GOLD], [Document("n1", TEXT + " ")])
    with pytest.raises(EvaluationError, match=r"not in gold, e\.g\. zz"):
        evaluate([GOLD], [Document("zz", "x")])


def test_spans_split_across_tokens_and_glued_to_words():
    text = "Seen 3/4/2019 at MRN:12345"  # "at" keeps the merge from chaining to the MRN
    gold = Document("d", text, (span_of(text, "3/4/2019", "DATE"), span_of(text, "12345", "IDNUM")))
    system = gold.with_spans(
        [
            span_of(text, "3/4", "DATE"),
            span_of(text, "2019", "DATE"),
            span_of(text, "MRN:12345", "IDNUM"),
        ]
    )
    pair = DocPair.of(gold, system)
    # the date split in two: no span matches, but every token does
    assert score_pair(pair, "strict") == Counts(0, 3, 2)
    assert score_pair(pair, "relaxed") == Counts(0, 3, 2)
    # tokens: gold 3 4 2019 12345; system 3 4 2019 MRN 12345
    assert score_pair(pair, "token") == Counts(4, 1, 0)
    assert score_pair(pair, "binary_token") == Counts(4, 1, 0)
    # "3/4" + "2019" are separated by "/" only: merged they equal the gold date
    assert score_pair(pair, "meddocan_subtrack2_merged") == Counts(1, 1, 1)
