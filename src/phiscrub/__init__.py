"""phiscrub: find and replace protected health information (PHI) in clinical notes.

import phiscrub
nlp = phiscrub.load("default")     # a built-in name, a config file or a pipeline directory
det = nlp.detect("Seen by Dr. Okafor on 03/14/2091.")       # det.spans
out = nlp.deidentify(text, replace="surrogate", key="...")   # out.text, out.spans
for out in nlp.pipe(notes, batch_size=64): ...               # one result per note
"""

from phiscrub.api import deidentify
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
from phiscrub.pipeline import Detection, Pipeline
from phiscrub.pipeline import load_pipeline as load
from phiscrub.replace import ReplaceConfig, Replacement, SecretKey

__version__ = "0.1.0"

__all__ = [
    "AlignmentError",
    "ConfigError",
    "Detection",
    "Document",
    "Evaluation",
    "EvaluationError",
    "FormatError",
    "PhiscrubError",
    "Pipeline",
    "ReplaceConfig",
    "Replacement",
    "SecretKey",
    "Span",
    "deidentify",
    "evaluate",
    "load",
    "read_corpus",
    "write_corpus",
]
