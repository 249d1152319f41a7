"""The tagging network: stacked encoders -> [attention] -> token BiLSTM -> [tanh layer] -> CRF.

Pure ``nn.Module``: it maps a :class:`Batch` to a loss or to tag paths; it knows nothing of
documents, files or spans.
"""

from __future__ import annotations

import math

import numpy as np
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

from phiscrub.detect.neural.config import NeuralConfig
from phiscrub.detect.neural.crf import CRF
from phiscrub.detect.neural.encoders import (
    CharEncoder,
    ContextEncoder,
    FeatureEncoder,
    PrefixEncoder,
    TokenEncoder,
)
from phiscrub.detect.neural.inputs import Batch
from phiscrub.detect.neural.vocab import Vocabulary


class Attention(nn.Module):
    """Scaled dot-product self-attention over the tokens of a piece, with queries, keys and
    values projected to ``dim`` (CEDI's attention layer of 50); padding is never attended."""

    def __init__(self, input_dim: int, dim: int = 50) -> None:
        super().__init__()
        self.query = nn.Linear(input_dim, dim)
        self.key = nn.Linear(input_dim, dim)
        self.value = nn.Linear(input_dim, dim)
        self.output_dim = dim
        self.scale = 1.0 / math.sqrt(dim)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        scores = self.query(x) @ self.key(x).transpose(1, 2) * self.scale
        scores = scores.masked_fill(~mask.unsqueeze(1), float("-inf"))
        return torch.softmax(scores, dim=2) @ self.value(x)


class TaggerModel(nn.Module):
    """The network of one recipe, sized by its vocabularies.

    Args:
        config: The recipe.
        vocab: Vocabularies (their sizes fix the embedding tables; their tags the CRF's).
        pretrained: Initial token vectors, ``[len(vocab.tokens), config.token.dim]``.
    """

    def __init__(
        self, config: NeuralConfig, vocab: Vocabulary, pretrained: np.ndarray | None = None
    ) -> None:
        super().__init__()
        self.config = config
        tokens = TokenEncoder(len(vocab.tokens), config.token.dim, pretrained, config.token.freeze)
        encoders: dict[str, nn.Module] = {"tokens": tokens}
        if config.char.enabled:
            encoders["chars"] = CharEncoder(len(vocab.chars), config.char.dim, config.char.hidden)
        if config.features.enabled:
            sizes = {f: len(vocab.features.get(f, ["<pad>"])) for f in config.features.families}
            encoders["features"] = FeatureEncoder(sizes, config.features.dim)
        if config.prefix.enabled:
            encoders["prefix"] = PrefixEncoder(len(vocab.prefixes), config.prefix.dim)
        if config.context.enabled:
            encoders["context"] = ContextEncoder(tokens, config.context.hidden, config.context.cell)
        self.encoders = nn.ModuleDict(encoders)
        width = sum(e.output_dim for e in self.encoders.values())
        self.dropout = nn.Dropout(config.dropout)
        self.attention = (
            Attention(width, config.attention.dim) if config.attention.enabled else None
        )
        if self.attention is not None:
            width += self.attention.output_dim
        hidden = config.lstm_hidden
        self.lstm = nn.LSTM(width, hidden, batch_first=True, bidirectional=True)
        self.hidden = nn.Linear(2 * hidden, hidden) if config.hidden_layer else None
        self.output = nn.Linear(hidden if self.hidden is not None else 2 * hidden, len(vocab.tags))
        self.crf = CRF(vocab.tags, config.scheme)

    def emissions(self, batch: Batch) -> torch.Tensor:
        """Tag scores per token: ``[B, T, tags]``."""
        x = torch.cat([encoder(batch) for encoder in self.encoders.values()], dim=2)
        x = self.dropout(x)
        if self.attention is not None:
            x = torch.cat([x, self.attention(x, batch.mask)], dim=2)
        lengths = batch.mask.sum(1).cpu()
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        h, _ = self.lstm(packed)
        h, _ = pad_packed_sequence(h, batch_first=True, total_length=x.size(1))
        h = self.dropout(h)
        if self.hidden is not None:
            h = torch.tanh(self.hidden(h))
        return self.output(h)

    def loss(self, batch: Batch) -> torch.Tensor:
        """Negative log-likelihood of the gold tags, summed over the batch's pieces."""
        assert batch.tags is not None, "training batches carry gold tags"
        return -self.crf.log_likelihood(self.emissions(batch), batch.tags, batch.mask).sum()
