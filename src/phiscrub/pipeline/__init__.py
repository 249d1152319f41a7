"""Detection pipelines: detectors + a merge policy, built from a config file, saved as a
directory.

A config (TOML or JSON) names the detectors with their options and the merge policy::

    name = "rules-es"
    language = "es"

    [[detector]]
    type = "rules"
    patterns = "es"          # a built-in pack or a path (relative to the config file)
    time_budget = 2.0

    [[detector]]
    type = "dictionary"      # names, places, professions from gazetteers and context
    language = "es"

    [two_pass]               # Dehghan's run-time patient dictionary
    enabled = true
    labels = ["PATIENT", "DOCTOR"]
    min_score = 0.9

    [merge]
    policy = "priority"      # priority | longest | score | union
    priority = ["FECHAS", "NOMBRE_SUJETO_ASISTENCIA"]   # optional; default: by PHI type
    sanity = "en"            # optional: drop and cut spans that cannot be PHI (merge/sanity.py)

    [merge.ensemble]         # optional: Liu's ensemble (phiscrub train pipeline trains it)
    members = ["crf", "neural"]   # detectors whose spans it accepts or rejects
    model = "ensemble"       # its directory, relative to the pipeline's

    [merge.routing]          # optional: per-label trusted sources (Dehghan)
    DATE = ["rules"]
    "*" = ["ensemble", "rules", "two-pass"]

Spans flow: detectors (+ the two-pass dictionary) -> the ensemble replaces its members' spans by
the candidates it accepts -> routing drops spans from untrusted sources -> the merge policy
resolves the remaining overlaps (the rules merged last, as Liu et al.) -> the sanity layer drops
spans that cannot be PHI and cuts back names that run on.

    [[detector]]
    type = "crf"             # a trained model directory (phiscrub train crf)
    model = "crf"            # relative to the config file's directory

    [[detector]]
    type = "neural"          # a trained neural model directory (phiscrub train neural)
    model = "neural"
    device = "cpu"           # or "cuda"

A saved pipeline is a directory holding ``pipeline.json`` and the model directories it names.
"""

from phiscrub.pipeline.config import (
    BATCH_DOCUMENTS,
    CONFIG_FILE,
    ENSEMBLE_DIRECTORY,
    TWO_PASS_SOURCE,
    CRFDetectorConfig,
    DictionaryConfig,
    EncoderDetectorConfig,
    EnsembleConfig,
    MergeConfig,
    NeuralDetectorConfig,
    PipelineConfig,
    PluginDetectorConfig,
    RulesConfig,
    TwoPassConfig,
)
from phiscrub.pipeline.core import Detection, Pipeline, as_document, in_language
from phiscrub.pipeline.load import builtin_pipelines, load_pipeline

__all__ = [
    "BATCH_DOCUMENTS",
    "CONFIG_FILE",
    "ENSEMBLE_DIRECTORY",
    "TWO_PASS_SOURCE",
    "CRFDetectorConfig",
    "Detection",
    "DictionaryConfig",
    "EncoderDetectorConfig",
    "EnsembleConfig",
    "MergeConfig",
    "NeuralDetectorConfig",
    "Pipeline",
    "PipelineConfig",
    "PluginDetectorConfig",
    "RulesConfig",
    "TwoPassConfig",
    "as_document",
    "builtin_pipelines",
    "in_language",
    "load_pipeline",
]
