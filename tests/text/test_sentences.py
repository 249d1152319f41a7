from phiscrub.text.sentences import line_bounds, sentence_bounds
from phiscrub.text.tokenize import tokenize


def _sentences(text: str) -> list[str]:
    tokens = tokenize(text)
    return [" ".join(t.text for t in tokens[a:b]) for a, b in sentence_bounds(text, tokens)]


def test_sentences_end_at_end_marks_and_line_breaks():
    text = "Seen today. Stable!\nPlan: rest? Yes"
    assert _sentences(text) == ["Seen today .", "Stable !", "Plan : rest ?", "Yes"]


def test_title_abbreviations_and_lowercase_continuations_do_not_end_a_sentence():
    text = "Seen by Dr. Lee on 3.4. then home. Sra. Ruiz 12. 2019"
    assert _sentences(text) == [
        "Seen by Dr . Lee on 3 . 4 . then home .",
        "Sra . Ruiz 12 .",
        "2019",
    ]


def test_glued_full_stops_do_not_split():
    text = "v1.2.Next"
    assert _sentences(text) == ["v 1 . 2 . Next"]


def test_line_bounds_skip_empty_lines():
    text = "a b\n\n c\r\nd"
    tokens = tokenize(text)
    assert line_bounds(text, tokens) == [(0, 2), (2, 3), (3, 4)]
    assert line_bounds("", []) == []
    assert sentence_bounds("", []) == []
