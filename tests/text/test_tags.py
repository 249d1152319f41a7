import pytest
from hypothesis import given
from hypothesis import strategies as st

from phiscrub.document import Span
from phiscrub.text.tags import spans_to_tags, tags_to_spans
from phiscrub.text.tokenize import tokenize

TEXT = "Seen 3/4/19 by Dr Ann Lee MRN:12345"
TOKENS = tokenize(TEXT)  # Seen 3 / 4 / 19 by Dr Ann Lee MRN : 12345
DATE = Span(5, 11, "DATE")
NAME = Span(18, 25, "DOCTOR")


def test_bio_and_bioes_encoding():
    bio = spans_to_tags(TOKENS, [DATE, NAME], "BIO")
    assert bio.tags == [
        "O",
        "B-DATE",
        "I-DATE",
        "I-DATE",
        "I-DATE",
        "I-DATE",
        "O",
        "O",
        "B-DOCTOR",
        "I-DOCTOR",
        "O",
        "O",
        "O",
    ]
    bioes = spans_to_tags(TOKENS, [DATE, NAME, Span(30, 35, "IDNUM")], "BIOES")
    assert bioes.tags[1:6] == ["B-DATE", "I-DATE", "I-DATE", "I-DATE", "E-DATE"]
    assert bioes.tags[8:10] == ["B-DOCTOR", "E-DOCTOR"]
    assert bioes.tags[12] == "S-IDNUM"
    assert bioes.lossless


def test_io_merges_adjacent_spans_of_one_label():
    tokens = tokenize("Ann Lee")
    tags = spans_to_tags(tokens, [Span(0, 3, "N"), Span(4, 7, "N")], "IO").tags
    assert tags == ["I-N", "I-N"]
    assert tags_to_spans(tokens, tags) == [Span(0, 7, "N")]


def test_misaligned_span_is_reported_and_marked_missing():
    aligned = Span(6, 11, "DATE")  # "/4/19": whole tokens
    glued = Span(0, 3, "X")  # "See" ends inside the token "Seen"
    result = spans_to_tags(TOKENS, [glued, aligned], "BIO")
    assert result.misaligned == [glued]
    assert result.tags[0] == "-"
    assert result.tags[2:6] == ["B-DATE", "I-DATE", "I-DATE", "I-DATE"]


def test_expand_and_contract_snap_to_tokens():
    span = Span(19, 23, "DOCTOR")  # "nn L": starts inside "Ann", ends inside "Lee"
    expanded = spans_to_tags(TOKENS, [span], "BIO", alignment="expand")
    assert expanded.misaligned == [span]
    assert expanded.tags[7:11] == ["O", "B-DOCTOR", "I-DOCTOR", "O"]
    contracted = spans_to_tags(TOKENS, [Span(17, 23, "DOCTOR")], "BIO", alignment="contract")
    assert contracted.tags[7:11] == ["O", "B-DOCTOR", "O", "O"]
    nothing_inside = spans_to_tags(TOKENS, [Span(19, 20, "X")], "BIO", alignment="contract")
    assert nothing_inside.tags == ["O"] * len(TOKENS)
    assert nothing_inside.misaligned == [Span(19, 20, "X")]


def test_overlapping_spans_keep_the_longer_and_report_the_other():
    short = Span(18, 21, "PATIENT")
    result = spans_to_tags(TOKENS, [short, NAME], "BIO")
    assert result.overlapping == [short]
    assert result.tags[8:10] == ["B-DOCTOR", "I-DOCTOR"]


def test_decoding_is_lenient_like_conlleval():
    tokens = tokenize("a b c d e")
    tags = ["I-X", "I-X", "B-X", "I-Y", "E-Y"]
    assert tags_to_spans(tokens, tags, source="crf") == [
        Span(0, 3, "X", source="crf"),
        Span(4, 5, "X", source="crf"),
        Span(6, 9, "Y", source="crf"),
    ]


def test_malformed_tags_raise():
    with pytest.raises(ValueError, match="malformed tag"):
        tags_to_spans(tokenize("a"), ["X-DATE"])
    with pytest.raises(ValueError, match="tokens but"):
        tags_to_spans(tokenize("a b"), ["O"])


@st.composite
def token_aligned_spans(draw):
    words = draw(st.lists(st.sampled_from(["ab", "12", "/", "Cd", "x"]), min_size=1, max_size=15))
    text = " ".join(words)
    tokens = tokenize(text)
    spans, i = [], 0
    while i < len(tokens):
        length = draw(st.integers(0, 3))
        if length and i + length <= len(tokens):
            spans.append(
                Span(tokens[i].start, tokens[i + length - 1].end, draw(st.sampled_from("AB")))
            )
            i += length + draw(st.integers(0, 1))
        else:
            i += 1
    return tokens, spans


@given(token_aligned_spans(), st.sampled_from(["BIO", "BIOES"]))
def test_aligned_spans_round_trip_through_tags(case, scheme):
    tokens, spans = case
    encoded = spans_to_tags(tokens, spans, scheme)
    assert encoded.lossless
    # BIO cannot separate two adjacent spans only if they share a label AND touch; B- marks it.
    assert tags_to_spans(tokens, encoded.tags) == spans
