"""A tiny BERT (random weights, a 40-piece vocabulary) standing in for MiniLM-L6."""

from __future__ import annotations

import json

import pytest

torch = pytest.importorskip("torch")
tokenizers = pytest.importorskip("tokenizers")

from safetensors.torch import save_file  # noqa: E402

from phiscrub.detect.encoder.network import EncoderShape, EncoderTagger  # noqa: E402

VOCAB = [
    "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]",
    "seen", "by", "dr", ".", "ann", "lee", "on", "monday", "the", "patient", "was", "in",
    "boston", "with", "##s", "##on", "okafor", ",", "and", "today", "ryan", "called",
    "her", "brother", "a", "b", "c", "1", "2", "3", "/", "-", ":", "mrn", "note",
]  # fmt: skip


def make_tokenizer(path) -> None:
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers

    tokenizer = Tokenizer(models.WordPiece({p: i for i, p in enumerate(VOCAB)}, unk_token="[UNK]"))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tokenizer.save(str(path))


def make_base(base):
    """A base directory laid out as the installed MiniLM's: config, weights, tokenizer."""
    base.mkdir()
    shape = {
        "vocab_size": len(VOCAB), "hidden_size": 16, "num_hidden_layers": 2,
        "num_attention_heads": 2, "intermediate_size": 32, "max_position_embeddings": 64,
    }  # fmt: skip
    (base / "config.json").write_text(json.dumps(shape))
    torch.manual_seed(0)
    model = EncoderTagger(EncoderShape(**shape), 3)
    weights = {k: v for k, v in model.state_dict().items() if not k.startswith("classifier")}
    save_file(weights, str(base / "model.safetensors"))
    make_tokenizer(base / "tokenizer.json")
    return base


@pytest.fixture
def tiny_base(tmp_path):
    return make_base(tmp_path / "base")


@pytest.fixture(scope="module")
def module_base(tmp_path_factory):
    return make_base(tmp_path_factory.mktemp("encoder") / "base")
