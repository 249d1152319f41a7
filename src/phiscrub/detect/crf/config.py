"""The CRF's settings: feature families, tag scheme, model layout and the crfsuite trainer.

Every feature family is one flag, so an ablation is one changed setting::

    [features]
    clusters = false      # train without the word-embedding cluster ids
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

FAMILIES: tuple[str, ...] = (
    "words",
    "affixes",
    "orthography",
    "shapes",
    "sentence",
    "section",
    "dictionary",
    "rules",
    "positional",
    "clusters",
    "frequency",
)


class FeatureConfig(BaseModel):
    """Which feature families the CRF sees, and their sizes.

    Attributes:
        words: Words and lowercased words in a ``[-window, window]`` window, with n-grams of the
            lowercased words up to ``ngrams`` long.
        affixes: Prefixes and suffixes of the lowercased word, 1 to ``affix_max`` characters.
        orthography: Case, digits, punctuation and a length bucket.
        shapes: The per-character shape, the collapsed shape and Dehghan's 4-slot presence shape.
        sentence: Sentence length bucket, end mark present, unmatched bracket.
        section: The clinical section header the token falls under.
        dictionary: Gazetteer membership of the word and the dictionary detector's spans.
        rules: The rule detector's spans (Liu's and Dehghan's "rules as features").
        positional: Line number bucket, first/last token of its line, space before/after.
        clusters: Cluster ids of the word and its neighbours at several granularities
            (needs a cluster table, made at training time; see ``CRFConfig.cluster_source``).
        frequency: How common the word and its neighbours are in general text of the
            language (wordfreq's Zipf scale, rounded): ``dyspneic`` is rare, ``ryan`` is not.
            Off by default, so that models saved before it read the same.
    """

    model_config = ConfigDict(extra="forbid")
    words: bool = True
    window: int = Field(default=2, ge=0, le=5)
    ngrams: int = Field(default=3, ge=1, le=3)
    affixes: bool = True
    affix_max: int = Field(default=5, ge=1, le=8)
    orthography: bool = True
    shapes: bool = True
    sentence: bool = True
    section: bool = True
    dictionary: bool = True
    rules: bool = True
    positional: bool = True
    clusters: bool = True
    frequency: bool = False


class TrainerConfig(BaseModel):
    """python-crfsuite training settings (see crfsuite's documentation for each)."""

    model_config = ConfigDict(extra="forbid")
    algorithm: Literal["lbfgs", "ap", "l2sgd", "pa", "arow"] = "lbfgs"
    c1: float = Field(default=0.05, ge=0.0, description="L1 (lbfgs only)")
    c2: float = Field(default=0.01, ge=0.0, description="L2 (lbfgs, l2sgd)")
    max_iterations: int = Field(default=100, ge=1)
    min_feature_frequency: float = Field(default=1.0, ge=0.0)
    all_transitions: bool = True


class CRFConfig(BaseModel):
    """The full recipe of a CRF model: loading it rebuilds the same tagger.

    Attributes:
        language: Gazetteers and rule pack for the dictionary and rule features (``en``/``es``).
        patterns: The rule pack for rule features: a built-in name or a file path; defaults to
            the language's pack.
        scheme: Tag scheme (IO, BIO, BIOES).
        mode: ``joint`` (one model over all labels, Liu) or ``per_label`` (one model per label,
            Dehghan; spans of different labels may then overlap, for the merge to resolve).
        sequence: The unit the CRF reads: lines (the default), sentences, or whole notes. Lines
            won on MEDDOCAN dev (strict F1 .9615 against .9494 for sentences): sentence
            splitting cuts addresses after abbreviations such as "Avda.".
        split_case: Also cut tokens where the case changes (``DRAlberto`` -> ``DR Alberto``).
        labels: Only learn these labels (all labels of the training data when None).
        cluster_source: Where cluster ids come from: ``brown`` (the Brown clusters of general
            text for ``language``, from spacy-lookups-data) or ``embeddings`` (k-means over
            the word embeddings given for training).
        clusters: Cluster granularities: Brown path prefix lengths, or the k of each k-means.
    """

    model_config = ConfigDict(extra="forbid")
    language: Literal["en", "es"] = "en"
    patterns: str | None = None
    scheme: Literal["IO", "BIO", "BIOES"] = "BIO"
    mode: Literal["joint", "per_label"] = "joint"
    sequence: Literal["sentence", "line", "document"] = "line"
    split_case: bool = True
    labels: list[str] | None = None
    cluster_source: Literal["embeddings", "brown"] = "embeddings"
    clusters: list[int] = Field(default=[32, 128, 512], min_length=1)
    features: FeatureConfig = FeatureConfig()
    trainer: TrainerConfig = TrainerConfig()
