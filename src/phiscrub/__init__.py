"""phiscrub: find and replace protected health information (PHI) in clinical notes."""

from phiscrub.deid import deidentify
from phiscrub.document import Document, Span
from phiscrub.errors import (
    AlignmentError,
    ConfigError,
    EvaluationError,
    FormatError,
    PhiscrubError,
)
from phiscrub.evaluate import Evaluation, evaluate
from phiscrub.io import read_corpus, write_corpus

__version__ = "0.1.0"

__all__ = [
    "AlignmentError",
    "ConfigError",
    "Document",
    "Evaluation",
    "EvaluationError",
    "FormatError",
    "PhiscrubError",
    "Span",
    "deidentify",
    "evaluate",
    "read_corpus",
    "write_corpus",
]
