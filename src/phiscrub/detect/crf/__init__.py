"""The feature-rich CRF tagger (Liu et al. 2017, Dehghan et al. 2015, NeuroNER's baseline)."""

from phiscrub.detect.crf.config import FAMILIES, CRFConfig, FeatureConfig, TrainerConfig
from phiscrub.detect.crf.tagger import CRFTagger, TrainingReport

__all__ = ["FAMILIES", "CRFConfig", "CRFTagger", "FeatureConfig", "TrainerConfig", "TrainingReport"]
