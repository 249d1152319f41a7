import numpy as np
import pytest

pytest.importorskip("torch")

from phiscrub.detect.neural import NeuralConfig
from phiscrub.detect.neural.inputs import (
    InputEncoder,
    _context,
    edge_tags,
    feature_family,
    make_batch,
    pieces,
)
from phiscrub.detect.neural.vocab import Vocabulary
from phiscrub.document import Document, Span
from phiscrub.text.tokenize import tokenize


def test_windows_overlap_and_each_token_has_one_core():
    config = NeuralConfig(input="window", window=4, stride=2)
    tokens = tokenize("a b c d e f g h i j")
    ranges, cores = pieces(config, "", tokens)
    assert ranges == [(0, 4), (2, 6), (4, 8), (6, 10)]
    assert cores == [(0, 3), (3, 5), (5, 7), (7, 10)]
    ranges, cores = pieces(config, "", tokens[:3])
    assert ranges == cores == [(0, 3)]
    assert pieces(config, "", []) == ([], [])


def test_sentence_and_line_pieces():
    text = "Seen today. Stable.\nOk."
    tokens = tokenize(text)
    sentences = pieces(NeuralConfig(input="sentence"), text, tokens)
    assert sentences == ([(0, 3), (3, 5), (5, 7)], [(0, 3), (3, 5), (5, 7)])
    lines = pieces(NeuralConfig(input="line"), text, tokens)
    assert lines == ([(0, 5), (5, 7)], [(0, 5), (5, 7)])


def test_edge_tags_make_a_cut_span_valid():
    assert edge_tags(["I-X", "E-X", "O", "B-Y"], "BIOES") == ["B-X", "E-X", "O", "S-Y"]
    assert edge_tags(["E-X", "O", "B-Y", "I-Y"], "BIOES") == ["S-X", "O", "B-Y", "E-Y"]
    assert edge_tags(["I-X"], "BIOES") == ["S-X"]
    assert edge_tags(["I-X", "I-X", "B-Y"], "BIO") == ["B-X", "I-X", "B-Y"]


def test_context_is_the_n_previous_and_next_words_padded_beyond_the_note():
    words = np.array([5, 6, 7, 8])
    context = _context(words, 1, 3, 2)
    assert context.tolist() == [
        [[0, 5, 6], [8, 7, 6]],
        [[5, 6, 7], [0, 8, 7]],
    ]


def test_token_lookup_falls_back_to_lowercase_then_digit_normalised():
    vocab = Vocabulary.build(["Lee", "lee", "Lee"], ["O"], pretrained=["madrid", "00/00"])
    assert vocab.tokens == ["<pad>", "<unk>", "Lee", "lee", "madrid", "00/00"]
    assert [vocab.token_id(w) for w in ["Lee", "LEE", "Madrid", "12/31", "Ruiz"]] == [2, 3, 4, 5, 1]
    assert vocab.prefixes == ["<pad>", "<unk>"]  # no prefix reaches 20 occurrences


def test_feature_families_of_crf_feature_strings():
    assert [feature_family(f) for f in ["slen=5", "sec=none", "g[-1]=first", "d=B-X"]] == [
        "sentence",
        "section",
        "dictionary",
        "dictionary",
    ]
    assert [feature_family(f) for f in ["r[1]=I-DATE", "lstart", "zf[-1]=5", "bias"]] == [
        "rules",
        "positional",
        "frequency",
        None,
    ]


def test_frequency_family_reaches_the_network_inputs():
    config = NeuralConfig(input="line", features={"enabled": True, "families": ["frequency"]})
    encoder = InputEncoder(config)
    doc = Document("d", "the Ryan")
    strings = encoder.feature_strings(doc, encoder.tokenize(doc.text))
    assert strings == {
        "frequency": [["zf[0]=8", "zf[1]=5"], ["zf[-1]=8", "zf[0]=5"]],
    }


def test_batch_pads_pieces_and_carries_gold_tags():
    text = "Dr Lee came.\nOk."
    doc = Document("d", text, (Span(3, 6, "DOCTOR"),))
    config = NeuralConfig(input="sentence", features={"enabled": True, "families": ["section"]})
    encoder = InputEncoder(config)
    tokens = encoder.tokenize(text)
    vocab = Vocabulary.build(
        [t.text for t in tokens],
        ["O", "B-DOCTOR", "I-DOCTOR", "E-DOCTOR", "S-DOCTOR"],
        features={"section": {"sec=none": 5}},
    )
    encoder.vocab = vocab
    inputs = encoder.encode(doc, with_tags=True)
    assert inputs.ranges == [(0, 4), (4, 6)]
    assert inputs.tags.tolist() == [0, 4, 0, 0, 0, 0]
    batch = make_batch([(inputs, 0, 4), (inputs, 4, 6)], config)
    assert batch.mask.tolist() == [[True] * 4, [True, True, False, False]]
    assert batch.tags.tolist() == [[0, 4, 0, 0], [0, 0, 0, 0]]
    assert batch.words[1].tolist() == [vocab.token_id("Ok"), vocab.token_id("."), 0, 0]
    assert batch.chars.shape == (2, 4, 4) and batch.chars[0, 1, :3].tolist() == [
        vocab.chars.index("L"),
        vocab.chars.index("e"),
        vocab.chars.index("e"),
    ]
    assert batch.features["section"][:, :, 0].tolist() == [[1, 1, 1, 1], [1, 1, 0, 0]]
    assert batch.context is None


def test_padded_ids_are_the_id_lists_zero_filled_with_their_lengths():
    config = NeuralConfig(input="line")
    encoder = InputEncoder(config)
    doc = Document("d", "Dr Lee.")
    vocab = Vocabulary.build(["Dr", "Lee", "."], ["O"])
    encoder.vocab = vocab
    inputs = encoder.encode(doc)
    matrix, lengths = inputs.padded("chars")
    assert lengths == [2, 3, 1]
    assert matrix.tolist() == [
        [vocab.chars.index("D"), vocab.chars.index("r"), 0],
        [vocab.chars.index("L"), vocab.chars.index("e"), vocab.chars.index("e")],
        [vocab.chars.index("."), 0, 0],
    ]
    assert inputs.padded("chars")[0] is matrix  # made once


def test_encoding_reads_feature_ids_as_the_family_strings_looked_up():
    families = ["sentence", "section", "dictionary", "rules"]
    config = NeuralConfig(input="line", features={"enabled": True, "families": families})
    encoder = InputEncoder(config)
    doc = Document("d", "HPI: Seen by Dr Lee Smith on 03/14/2091 in Boston.\nPlan: (none)")
    tokens = encoder.tokenize(doc.text)
    strings = encoder.feature_strings(doc, tokens)
    # a vocabulary that knows every other string of each family, so that some are unknown
    known = {f: {s: 1 for each in strings[f] for s in each[::2]} for f in families}
    encoder.vocab = Vocabulary.build([t.text for t in tokens], ["O"], features=known)
    fast = encoder.encode(doc).features
    given = encoder.encode(doc, tokens=tokens, strings=strings).features
    assert fast == given
    assert sum(len(ids) for f in families for ids in fast[f]) > 0
    pairs = zip(fast["rules"], strings["rules"], strict=True)
    assert any(len(ids) < len(each) for ids, each in pairs)  # unknown strings are left out


def test_private_prefixes_never_spell_a_withheld_word():
    from phiscrub.privacy import TokenCensus

    words = ["announce"] * 20 + ["annual"] * 20 + ["dose"] * 20 + ["Ann"]
    census = TokenCensus(frozenset({"announce", "annual", "dose"}), frozenset({"ann"}))
    vocab = Vocabulary.build(words, ["O"], prefix_length=3, private=census)
    # "ann" is the prefix of 40 public words, and also a withheld name: it stays out
    assert vocab.prefixes == ["<pad>", "<unk>", "dos"]
    assert vocab.prefix_id("annual", 3) == 1
    open_vocab = Vocabulary.build(words, ["O"], prefix_length=3)
    assert open_vocab.prefixes == ["<pad>", "<unk>", "ann", "dos"]
