from phiscrub.document import Document, Span
from phiscrub.stats import corpus_stats
from phiscrub.text.tags import spans_to_tags
from phiscrub.text.tokenize import token_bounds, tokenize


def test_counts_and_misaligned_spans_as_the_tagger_sees_them():
    text = "MRN:12345 seen 1/20/71Total by Dr Lee"
    spans = (
        Span(4, 9, "MEDICALRECORD"),  # aligned: "12345"
        Span(15, 22, "DATE"),  # aligned: "1 / 20 / 71"
        Span(16, 22, "DATE"),  # starts at "/": aligned
        Span(31, 34, "DOCTOR"),  # "Dr " ends after a space: not a token end
        Span(32, 37, "DOCTOR"),  # starts inside "Dr"
    )
    doc = Document("d", text, spans)
    stats = corpus_stats([doc, Document("empty", "")]).as_dict()
    expected = len(spans_to_tags(tokenize(text), spans).misaligned)
    assert expected == 2
    assert stats["misaligned_spans"] == expected
    assert stats["tokens"] == len(tokenize(text)) == 13
    assert stats["documents"] == 2
    assert stats["documents_without_spans"] == 1
    assert stats["documents_with_overlaps"] == 1
    assert stats["spans_per_label"] == {"DATE": 2, "DOCTOR": 2, "MEDICALRECORD": 1}


def test_token_bounds_are_the_tokens_without_a_list():
    text = "Ms. Halvorsen, 03/14/2091\nMRN:A-77"
    bounds = token_bounds(text)
    assert not isinstance(bounds, list)
    assert list(bounds) == [(t.start, t.end) for t in tokenize(text)]
