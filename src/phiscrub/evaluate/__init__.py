"""Evaluation: the i2b2 2014 criteria, MEDDOCAN's measures, leak rate and significance."""

from phiscrub.evaluate.criteria import CRITERIA, I2B2_CRITERIA, MEDDOCAN_CRITERIA, DocPair
from phiscrub.evaluate.metrics import Counts, Leak
from phiscrub.evaluate.scorer import Evaluation, evaluate, pair_documents
from phiscrub.evaluate.significance import SignificanceResult, approximate_randomization

__all__ = [
    "CRITERIA",
    "I2B2_CRITERIA",
    "MEDDOCAN_CRITERIA",
    "Counts",
    "DocPair",
    "Evaluation",
    "Leak",
    "SignificanceResult",
    "approximate_randomization",
    "evaluate",
    "pair_documents",
]
