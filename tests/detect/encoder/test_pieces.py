import pytest

pytest.importorskip("tokenizers")

from phiscrub.detect.encoder.pieces import (
    Pieces,
    load_tokenizer,
    piece_tags,
    pieces_of,
    tags_to_spans,
    windows,
)
from phiscrub.document import Span
from phiscrub.errors import ConfigError

from .conftest import make_tokenizer


def test_windows_keep_every_piece_exactly_once_with_context_on_both_sides():
    found = windows(300, 100, 40)
    assert [(w.start, w.stop) for w in found] == [
        (0, 100),
        (60, 160),
        (120, 220),
        (180, 280),
        (200, 300),
    ]
    kept = [p for w in found for p in range(w.keep_start, w.keep_stop)]
    assert kept == list(range(300))
    for w in found[1:-1]:
        assert w.keep_start - w.start >= 20 and w.stop - w.keep_stop >= 20


def test_a_short_note_is_one_window():
    (only,) = windows(7, 100, 40)
    assert (only.start, only.stop, only.keep_start, only.keep_stop) == (0, 7, 0, 7)


def test_piece_tags_mark_the_first_piece_of_each_span():
    pieces = Pieces([0] * 5, [(0, 4), (5, 7), (8, 11), (11, 13), (14, 17)], [True] * 5)
    spans = [Span(5, 13, "DOCTOR"), Span(14, 17, "CITY")]
    assert piece_tags(pieces, spans) == ["O", "B-DOCTOR", "I-DOCTOR", "I-DOCTOR", "B-CITY"]


def test_adjacent_spans_of_one_label_stay_apart():
    pieces = Pieces([0] * 2, [(0, 3), (4, 7)], [True, True])
    spans = [Span(0, 3, "PATIENT"), Span(4, 7, "PATIENT")]
    assert piece_tags(pieces, spans) == ["B-PATIENT", "B-PATIENT"]


def test_spans_from_tags_are_read_per_word_and_widened_to_whole_words(tmp_path):
    make_tokenizer(tmp_path / "t.json")
    tokenizer = load_tokenizer(tmp_path / "t.json")
    text = "Seen by Dr. Leeson in Boston"
    (pieces,) = pieces_of(tokenizer, [text])
    # seen by dr . lee ##s ##on in boston: a word takes its first piece's tag
    assert pieces.first == [True, True, True, True, True, False, False, True, True]
    tags = ["O", "O", "O", "O", "B-DOCTOR", "O", "B-CITY", "O", "B-CITY"]
    scores = [1.0, 1.0, 1.0, 1.0, 0.9, 0.5, 0.4, 1.0, 0.8]
    spans = tags_to_spans(text, pieces, tags, "encoder", scores)
    assert [(s.start, s.end, s.label, s.score) for s in spans] == [
        (12, 18, "DOCTOR", 0.9),
        (22, 28, "CITY", 0.8),
    ]


def test_a_file_that_is_not_a_tokenizer_is_named(tmp_path):
    bad = tmp_path / "tokenizer.json"
    bad.write_text("{}")
    with pytest.raises(ConfigError, match=r"tokenizer\.json: not a tokenizer file"):
        load_tokenizer(bad)
