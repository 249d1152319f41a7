"""The neural taggers' settings, with the three papers' recipes as named presets.

A recipe is the full description of a model: loading it (with the vocabularies and weights)
rebuilds the same network. Presets::

    neuroner     char BiLSTM + token embeddings -> BiLSTM -> CRF (Dernoncourt et al. 2017)
    bilstm-fea   neuroner + embedded CRF features (Liu et al. 2017, BiLSTM-CRF-FEA)
    cedi         neuroner + n-gram context + deep prefix + attention over overlapping windows
                 of the whole note, no sentence splitting (Lee et al. 2022)

Each is overridable from a TOML/JSON file that names its ``preset`` and changes fields.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

FEATURE_FAMILIES: tuple[str, ...] = (
    "sentence",
    "section",
    "dictionary",
    "rules",
    "positional",
    "frequency",
)


class TokenSettings(BaseModel):
    """Token embeddings: random, or initialised from a word2vec/GloVe file and fine-tuned."""

    model_config = ConfigDict(extra="forbid")
    dim: int = Field(default=100, ge=1)
    min_count: int = Field(default=1, ge=1)
    unk_replace: float = Field(
        default=0.5, ge=0.0, le=1.0, description="chance a training singleton is read as <unk>"
    )
    freeze: bool = False


class CharSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    enabled: bool = True
    dim: int = Field(default=25, ge=1)
    hidden: int = Field(default=25, ge=1)
    max_length: int = Field(default=30, ge=1, description="characters read per token")


class FeatureSettings(BaseModel):
    """The CRF's features as embedded inputs (Liu et al.'s BiLSTM-CRF-FEA)."""

    model_config = ConfigDict(extra="forbid")
    enabled: bool = False
    families: list[
        Literal["sentence", "section", "dictionary", "rules", "positional", "frequency"]
    ] = [
        "sentence",
        "section",
        "dictionary",
        "rules",
    ]
    dim: int = Field(default=10, ge=1, description="embedding size of each family")


class PrefixSettings(BaseModel):
    """CEDI's deep prefix: an embedding of the token's first characters."""

    model_config = ConfigDict(extra="forbid")
    enabled: bool = False
    length: int = Field(default=3, ge=1)
    min_count: int = Field(default=20, ge=1)
    dim: int = Field(default=25, ge=1)


class ContextSettings(BaseModel):
    """CEDI's n-gram context: an RNN over the n previous tokens then the token, another over
    the n next tokens then the token; their last outputs are concatenated."""

    model_config = ConfigDict(extra="forbid")
    enabled: bool = False
    n: int = Field(default=10, ge=1)
    hidden: int = Field(default=256, ge=1)
    cell: Literal["lstm", "gru"] = "lstm"


class AttentionSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    enabled: bool = False
    dim: int = Field(default=50, ge=1)


class TrainingSettings(BaseModel):
    """Optimiser and schedule.

    The loss is the CRF's negative log-likelihood of each sequence, summed over a batch
    (``reduction = "sum"``: a step then matches NeuroNER's one-sentence steps at its learning
    rate) or averaged (``"mean"``, for CEDI's rate of .02, which diverged on summed windows).
    Each gradient is clipped by value, as NeuroNER does. With ``anneal`` (and dev documents),
    an epoch that does not improve the dev F1 sends training back to the best weights with a
    smaller learning rate (flair's annealing with restarts): CEDI's rate of .02 reached its
    best dev F1 at epoch 4 and then blew up."""

    model_config = ConfigDict(extra="forbid")
    optimizer: Literal["sgd", "adam"] = "sgd"
    lr: float = Field(default=0.005, gt=0)
    clip: float = Field(default=5.0, gt=0, description="gradients clipped to [-clip, clip]")
    reduction: Literal["sum", "mean"] = "sum"
    batch_size: int = Field(default=16, ge=1)
    max_epochs: int = Field(default=100, ge=1)
    patience: int = Field(default=15, ge=1)
    anneal: float | None = Field(
        default=None,
        gt=0,
        lt=1,
        description="after an epoch that does not beat the best dev F1 (or that made weights "
        "non-finite), restore the best weights and multiply the learning rate by this",
    )
    max_seconds: float | None = Field(
        default=None,
        gt=0,
        description="stop after the epoch during which training has run this long (a time "
        "budget; the report says so)",
    )


class NeuralConfig(BaseModel):
    """The recipe of a neural tagger.

    Attributes:
        preset: The named recipe these settings started from (informational).
        language: Gazetteers and rule pack behind the feature embeddings.
        scheme: Tag scheme; BIOES as in NeuroNER, with its transitions enforced by the CRF.
        input: ``sentence`` (NeuroNER, Liu: one sequence per sentence), ``line`` (one per
            line of the note: no sentence splitting, which cuts addresses after "Avda.") or
            ``window`` (CEDI: overlapping windows over the whole note).
        window: Tokens per window; ``stride`` is how far the next window starts.
        labels: Labels to learn (all of the training data's when None).
    """

    model_config = ConfigDict(extra="forbid")
    preset: str = "neuroner"
    language: Literal["en", "es"] = "en"
    scheme: Literal["BIO", "BIOES"] = "BIOES"
    input: Literal["sentence", "line", "window"] = "sentence"
    window: int = Field(default=100, ge=2)
    stride: int = Field(default=50, ge=1)
    split_case: bool = True
    labels: list[str] | None = None
    token: TokenSettings = TokenSettings()
    char: CharSettings = CharSettings()
    features: FeatureSettings = FeatureSettings()
    prefix: PrefixSettings = PrefixSettings()
    context: ContextSettings = ContextSettings()
    attention: AttentionSettings = AttentionSettings()
    lstm_hidden: int = Field(default=100, ge=1)
    hidden_layer: bool = Field(default=True, description="NeuroNER's tanh layer before the CRF")
    dropout: float = Field(default=0.5, ge=0.0, lt=1.0)
    training: TrainingSettings = TrainingSettings()


PRESETS: tuple[str, ...] = ("neuroner", "bilstm-fea", "cedi")


def preset(name: str) -> dict:
    """The settings of a named recipe (one of ``PRESETS``), as a dict to update and validate."""
    if name == "neuroner":
        return {"preset": name}
    if name == "bilstm-fea":
        return {"preset": name, "features": {"enabled": True}}
    if name == "cedi":
        return {
            "preset": name,
            "input": "window",
            "prefix": {"enabled": True},
            "context": {"enabled": True},
            "attention": {"enabled": True},
            "training": {"lr": 0.02, "reduction": "mean", "anneal": 0.5},
        }
    raise KeyError(name)
