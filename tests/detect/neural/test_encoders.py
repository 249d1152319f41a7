import itertools
import random

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from phiscrub.detect.neural.encoders import (  # noqa: E402
    CharEncoder,
    ContextEncoder,
    TokenEncoder,
    _last_states,
)
from phiscrub.detect.neural.inputs import Batch  # noqa: E402
from phiscrub.detect.neural.trainer import _window_batches  # noqa: E402


def _batch(context: torch.Tensor, mask: torch.Tensor) -> Batch:
    size, length = mask.shape
    zeros = torch.zeros(size, length, dtype=torch.long)
    return Batch(zeros, mask, zeros[..., None], zeros, {}, context, None)


def _direct(encoder: ContextEncoder, context: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Every row through the RNNs, repeats and all (the encoder before it shared rows)."""
    size, length = mask.shape
    ids = context.view(size * length, 2, -1)[mask.view(-1)]
    vectors = encoder.tokens.embedding(ids)
    before, _ = encoder.forward_rnn(vectors[:, 0])
    after, _ = encoder.backward_rnn(vectors[:, 1])
    states = torch.cat([before[:, -1], after[:, -1]], dim=1)
    out = torch.zeros(size * length, encoder.output_dim)
    out[mask.view(-1)] = states
    return out.view(size, length, -1)


def test_context_rows_are_computed_once_with_the_same_outputs_and_gradients():
    torch.manual_seed(3)
    encoder = ContextEncoder(TokenEncoder(12, 5), hidden=7)
    # two windows over one note of 6 words, overlapping on words 2-3, n = 2; then padding
    words = np.array([4, 7, 7, 9, 2, 11])
    padded = np.concatenate([[0, 0], words, [0, 0]])
    rows = [[padded[p : p + 3], padded[p + 2 : p + 5][::-1]] for p in range(6)]
    context = torch.zeros(2, 4, 2, 3, dtype=torch.long)
    context[0] = torch.tensor(np.array(rows[0:4]))
    context[1] = torch.tensor(np.array(rows[2:6]))
    mask = torch.ones(2, 4, dtype=torch.bool)
    mask[1, 3] = False
    shared = encoder(_batch(context, mask))
    shared.pow(2).sum().backward()
    grads = [p.grad.clone() for p in encoder.parameters()]
    encoder.zero_grad()
    direct = _direct(encoder, context, mask)
    direct.pow(2).sum().backward()
    assert torch.allclose(shared, direct, atol=1e-6)
    assert torch.equal(shared[0, 2], shared[1, 0])  # the same word in both windows
    assert shared[1, 3].abs().sum() == 0  # padding
    for mine, theirs in zip(grads, (p.grad for p in encoder.parameters()), strict=True):
        assert torch.allclose(mine, theirs, atol=1e-5)


def test_char_encoder_reads_each_distinct_word_once_with_the_same_outputs_and_gradients():
    torch.manual_seed(5)
    encoder = CharEncoder(10, dim=4, hidden=3)
    # two pieces of 3 tokens: "ab", "abc", "ab" / "c", "ab", padding
    chars = torch.tensor([[[1, 2, 0], [1, 2, 3], [1, 2, 0]], [[3, 0, 0], [1, 2, 0], [0, 0, 0]]])
    mask = chars[..., 0] != 0
    zeros = torch.zeros(2, 3, dtype=torch.long)
    shared = encoder(Batch(zeros, mask, chars, zeros, {}, None, None))
    shared.pow(2).sum().backward()
    grads = [p.grad.clone() for p in encoder.parameters()]
    encoder.zero_grad()
    rows = chars.view(6, 3)[mask.view(-1)]  # every token through the LSTM, repeats and all
    direct = _last_states(encoder.lstm, encoder.embedding(rows), (rows != 0).sum(1))
    direct.pow(2).sum().backward()
    assert torch.allclose(shared[mask], direct, atol=1e-6)
    assert torch.equal(shared[0, 0], shared[1, 1])  # "ab" twice: one computation
    assert shared[1, 2].abs().sum() == 0  # padding
    for mine, theirs in zip(grads, (p.grad for p in encoder.parameters()), strict=True):
        assert torch.allclose(mine, theirs, atol=1e-5)


def test_window_batches_keep_each_notes_windows_together_and_in_order():
    notes = [object() for _ in range(5)]
    items = [(note, w * 50, w * 50 + 100) for k, note in enumerate(notes) for w in range(k + 1)]
    batches = _window_batches(items, 4, random.Random(1))
    flat = [item for batch in batches for item in batch]
    assert sorted(flat, key=items.index) == items  # each window once
    assert [len(b) for b in batches].count(4) == 3 and sum(map(len, batches)) == 15
    # within a batch, a note's windows are consecutive and in order
    for batch in batches:
        for a, b in itertools.pairwise(batch):
            if a[0] is b[0]:
                assert b[1] == a[1] + 50
    # a note of up to 4 windows falls in at most 2 batches of 4
    for note in notes:
        assert sum(any(item[0] is note for item in batch) for batch in batches) <= 2
