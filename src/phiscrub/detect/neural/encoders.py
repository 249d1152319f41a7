"""Token encoders sharing one interface: ``encoder(batch) -> [B, T, output_dim]``.

They are stacked by concatenation (as flair's ``StackedEmbeddings``): token embeddings, the
character BiLSTM, embedded CRF features, deep prefixes and CEDI's n-gram context encoder.
Pure ``nn.Module``s: no I/O.
"""

from __future__ import annotations

import numpy as np
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence

from phiscrub.detect.neural.inputs import Batch


class TokenEncoder(nn.Module):
    """Token embeddings, randomly initialised or from pretrained vectors (then fine-tuned
    unless frozen)."""

    def __init__(
        self, size: int, dim: int, pretrained: np.ndarray | None = None, freeze: bool = False
    ) -> None:
        super().__init__()
        self.embedding = nn.Embedding(size, dim, padding_idx=0)
        if pretrained is not None:
            with torch.no_grad():
                self.embedding.weight.copy_(torch.from_numpy(pretrained))
        self.embedding.weight.requires_grad = not freeze
        self.output_dim = dim

    def forward(self, batch: Batch) -> torch.Tensor:
        return self.embedding(batch.words)


def _last_states(
    rnn: nn.LSTM | nn.GRU, inputs: torch.Tensor, lengths: torch.Tensor
) -> torch.Tensor:
    """The final hidden state of each direction, concatenated: ``[N, directions * hidden]``."""
    packed = pack_padded_sequence(inputs, lengths.cpu(), batch_first=True, enforce_sorted=False)
    _, state = rnn(packed)
    hidden = state[0] if isinstance(state, tuple) else state
    return torch.cat(list(hidden), dim=1)


class CharEncoder(nn.Module):
    """NeuroNER's character BiLSTM: embeddings of the token's characters through a BiLSTM whose
    last forward and backward states are concatenated."""

    def __init__(self, size: int, dim: int = 25, hidden: int = 25) -> None:
        super().__init__()
        self.embedding = nn.Embedding(size, dim, padding_idx=0)
        self.lstm = nn.LSTM(dim, hidden, batch_first=True, bidirectional=True)
        self.output_dim = 2 * hidden

    def forward(self, batch: Batch) -> torch.Tensor:
        chars = batch.chars
        size, length, width = chars.shape
        flat = chars.view(size * length, width)
        lengths = (flat != 0).sum(1)
        real = lengths > 0
        out = torch.zeros(size * length, self.output_dim, device=chars.device)
        if bool(real.any()):
            # each distinct word once (a batch repeats most of its words); exact: the rows'
            # states are gathered back, and their gradients summed, by ``inverse``
            distinct, inverse = torch.unique(flat[real], dim=0, return_inverse=True)
            states = _last_states(self.lstm, self.embedding(distinct), (distinct != 0).sum(1))
            out = out.index_put((real.nonzero().squeeze(1),), states[inverse])
        return out.view(size, length, self.output_dim)


class FeatureEncoder(nn.Module):
    """Embedded CRF features (Liu et al.'s BiLSTM-CRF-FEA): one embedding table per feature
    family; a token's features of a family are summed."""

    def __init__(self, sizes: dict[str, int], dim: int = 10) -> None:
        super().__init__()
        self.families = sorted(sizes)
        self.tables = nn.ModuleDict(
            {f: nn.Embedding(sizes[f], dim, padding_idx=0) for f in self.families}
        )
        self.output_dim = dim * len(self.families)

    def forward(self, batch: Batch) -> torch.Tensor:
        return torch.cat([self.tables[f](batch.features[f]).sum(2) for f in self.families], 2)


class PrefixEncoder(nn.Module):
    """CEDI's deep prefix: an embedding of the token's first characters (frequent ones only)."""

    def __init__(self, size: int, dim: int = 25) -> None:
        super().__init__()
        self.embedding = nn.Embedding(size, dim, padding_idx=0)
        self.output_dim = dim

    def forward(self, batch: Batch) -> torch.Tensor:
        return self.embedding(batch.prefixes)


def _last_output(rnn: nn.LSTM | nn.GRU, tokens: TokenEncoder, ids: torch.Tensor) -> torch.Tensor:
    """The RNN's last output over each row of word ids ``[N, n + 1]``, computed once per
    distinct row: a position's n-gram is the same in the two windows that overlap on it (when
    both are in the batch), and padding and repeated phrases repeat rows. Exact: the rows'
    outputs are gathered back, and their gradients summed, by ``inverse``."""
    distinct, inverse = torch.unique(ids, dim=0, return_inverse=True)
    out, _ = rnn(tokens.embedding(distinct))
    return out[:, -1][inverse]


class ContextEncoder(nn.Module):
    """CEDI's n-gram context embeddings.

    For each token, one RNN reads the n previous tokens and then the token, another reads the n
    next tokens (farthest first) and then the token; their last outputs are concatenated. All
    tokens of a batch are encoded at once as ``2 * B * T`` short sequences. The word vectors are
    the token encoder's (shared).
    """

    def __init__(self, tokens: TokenEncoder, hidden: int = 256, cell: str = "lstm") -> None:
        super().__init__()
        self.tokens = tokens
        rnn = nn.LSTM if cell == "lstm" else nn.GRU
        dim = tokens.output_dim
        self.forward_rnn = rnn(dim, hidden, batch_first=True)
        self.backward_rnn = rnn(dim, hidden, batch_first=True)
        self.output_dim = 2 * hidden

    def forward(self, batch: Batch) -> torch.Tensor:
        assert batch.context is not None, "the batch was made without n-gram contexts"
        size, length = batch.mask.shape
        real = batch.mask.view(-1)
        ids = batch.context.view(size * length, 2, -1)[real]
        states = torch.cat(
            [
                _last_output(self.forward_rnn, self.tokens, ids[:, 0]),
                _last_output(self.backward_rnn, self.tokens, ids[:, 1]),
            ],
            dim=1,
        )
        out = torch.zeros(size * length, self.output_dim, device=states.device)
        out = out.index_put((real.nonzero().squeeze(1),), states)
        return out.view(size, length, self.output_dim)
