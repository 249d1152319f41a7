"""A BERT encoder in plain PyTorch with a token-classification head.

Parameter names follow the usual BERT checkpoints (``embeddings.*``, ``encoder.layer.N.*``), so
pretrained safetensors files load as they are.
"""

from __future__ import annotations

import torch
from pydantic import BaseModel, ConfigDict, Field
from torch import nn
from torch.nn import functional as F


class EncoderShape(BaseModel):
    """The sizes of a BERT encoder, as its ``config.json`` gives them."""

    model_config = ConfigDict(extra="ignore")
    vocab_size: int = Field(ge=1)
    hidden_size: int = Field(ge=1)
    num_hidden_layers: int = Field(ge=1)
    num_attention_heads: int = Field(ge=1)
    intermediate_size: int = Field(ge=1)
    max_position_embeddings: int = Field(default=512, ge=2)
    type_vocab_size: int = Field(default=2, ge=1)
    layer_norm_eps: float = Field(default=1e-12, gt=0)
    hidden_act: str = "gelu"


class _Embeddings(nn.Module):
    def __init__(self, shape: EncoderShape) -> None:
        super().__init__()
        self.word_embeddings = nn.Embedding(shape.vocab_size, shape.hidden_size)
        self.position_embeddings = nn.Embedding(shape.max_position_embeddings, shape.hidden_size)
        self.token_type_embeddings = nn.Embedding(shape.type_vocab_size, shape.hidden_size)
        self.LayerNorm = nn.LayerNorm(shape.hidden_size, eps=shape.layer_norm_eps)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(ids.shape[1], device=ids.device)
        x = self.word_embeddings(ids) + self.position_embeddings(positions)[None]
        return self.LayerNorm(x + self.token_type_embeddings.weight[0])


class _Dense(nn.Module):
    """``dense`` then, where there is one, dropout, a residual and ``LayerNorm``."""

    def __init__(self, inputs: int, outputs: int, eps: float | None) -> None:
        super().__init__()
        self.dense = nn.Linear(inputs, outputs)
        self.LayerNorm = nn.LayerNorm(outputs, eps=eps) if eps is not None else None


class _SelfAttention(nn.Module):
    def __init__(self, size: int) -> None:
        super().__init__()
        self.query = nn.Linear(size, size)
        self.key = nn.Linear(size, size)
        self.value = nn.Linear(size, size)


class _Attention(nn.Module):
    def __init__(self, shape: EncoderShape) -> None:
        super().__init__()
        self.self = _SelfAttention(shape.hidden_size)
        self.output = _Dense(shape.hidden_size, shape.hidden_size, shape.layer_norm_eps)


class _Layer(nn.Module):
    def __init__(self, shape: EncoderShape) -> None:
        super().__init__()
        self.heads = shape.num_attention_heads
        self.attention = _Attention(shape)
        self.intermediate = _Dense(shape.hidden_size, shape.intermediate_size, None)
        self.output = _Dense(shape.intermediate_size, shape.hidden_size, shape.layer_norm_eps)

    def forward(self, x: torch.Tensor, mask: torch.Tensor, dropout: float) -> torch.Tensor:
        batch, length, size = x.shape
        attn = self.attention.self

        def heads(t: torch.Tensor) -> torch.Tensor:
            return t.view(batch, length, self.heads, size // self.heads).transpose(1, 2)

        context = F.scaled_dot_product_attention(
            heads(attn.query(x)),
            heads(attn.key(x)),
            heads(attn.value(x)),
            attn_mask=mask,
            dropout_p=dropout if self.training else 0.0,
        )
        context = context.transpose(1, 2).reshape(batch, length, size)
        out = self.attention.output
        x = out.LayerNorm(x + F.dropout(out.dense(context), dropout, self.training))
        hidden = F.gelu(self.intermediate.dense(x))
        last = self.output
        return last.LayerNorm(x + F.dropout(last.dense(hidden), dropout, self.training))


class _Stack(nn.Module):
    def __init__(self, shape: EncoderShape) -> None:
        super().__init__()
        self.layer = nn.ModuleList(_Layer(shape) for _ in range(shape.num_hidden_layers))


class EncoderTagger(nn.Module):
    """BERT encoder -> dropout -> one linear layer of tag scores per word piece."""

    def __init__(self, shape: EncoderShape, tags: int, dropout: float = 0.1) -> None:
        super().__init__()
        self.dropout = dropout
        self.embeddings = _Embeddings(shape)
        self.encoder = _Stack(shape)
        self.classifier = nn.Linear(shape.hidden_size, tags)

    def hidden(self, ids: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """The last layer's states [batch, length, hidden] of padded piece ids."""
        valid = torch.arange(ids.shape[1], device=ids.device)[None] < lengths[:, None]
        mask = valid[:, None, None, :]  # keys that may be attended to
        x = F.dropout(self.embeddings(ids), self.dropout, self.training)
        for layer in self.encoder.layer:
            x = layer(x, mask, self.dropout)
        return x

    def forward(self, ids: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """Tag scores [batch, length, tags]."""
        states = self.hidden(ids, lengths)
        return self.classifier(F.dropout(states, self.dropout, self.training))
