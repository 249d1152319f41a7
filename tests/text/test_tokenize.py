from hypothesis import given
from hypothesis import strategies as st

from phiscrub.text.tokenize import Token, tokenize


def texts(text: str, **kwargs) -> list[str]:
    return [t.text for t in tokenize(text, **kwargs)]


def test_liu_example_splits_letters_digits_and_symbols():
    assert texts("1/20/71Total") == ["1", "/", "20", "/", "71", "Total"]
    assert texts("MRN:12345") == ["MRN", ":", "12345"]
    assert texts("Results02/20/2087") == ["Results", "02", "/", "20", "/", "2087"]


def test_offsets_point_into_the_text():
    text = "  Dr. Cuéllar\n(555) 123-4567"
    tokens = tokenize(text)
    assert tokens[:3] == [Token(2, 4, "Dr"), Token(4, 5, "."), Token(6, 13, "Cuéllar")]
    assert all(text[t.start : t.end] == t.text for t in tokens)


def test_decomposed_accents_stay_in_the_word():
    assert texts("Cue\u0301llar") == ["Cue\u0301llar"]


def test_split_case_adds_boundaries_for_glued_words():
    assert texts("DRAlberto MartínezNºCol") == ["DRAlberto", "MartínezNºCol"]
    assert texts("DRAlberto MartínezNºCol", split_case=True) == [
        "DR",
        "Alberto",
        "Martínez",
        "Nº",
        "Col",
    ]
    assert texts("McDonald ABC abc", split_case=True) == ["Mc", "Donald", "ABC", "abc"]


def test_window_offsets_are_absolute():
    assert tokenize("ab cd ef", 3, 5) == [Token(3, 5, "cd")]


@given(st.text(max_size=200))
def test_tokens_cover_exactly_the_non_space_characters(text):
    for split_case in (False, True):
        tokens = tokenize(text, split_case=split_case)
        covered = [i for t in tokens for i in range(t.start, t.end)]
        assert covered == [i for i, ch in enumerate(text) if not ch.isspace()]
        assert all(text[t.start : t.end] == t.text for t in tokens)


def test_a_whole_note_is_tokenized_once_and_each_caller_gets_its_own_list(monkeypatch):
    import importlib

    module = importlib.import_module("phiscrub.text.tokenize")
    calls: list[int] = []
    real = module._tokenize
    monkeypatch.setattr(module, "_tokenize", lambda *a: calls.append(len(a[0])) or real(*a))
    note = "Seen by Dr. Okafor on 03/14/2091. " * 8  # 272 characters: remembered
    first = module.tokenize(note)
    first.clear()  # a caller's list is its own
    again = module.tokenize(note)
    assert len(again) == 96 and calls == [272]
    module.tokenize("Dr. Okafor")  # a phrase: tokenized every time
    module.tokenize("Dr. Okafor")
    module.tokenize(note, split_case=True)  # other settings: tokenized again
    assert calls == [272, 10, 10, 272]
