"""A pipeline's config: its detectors, the two-pass dictionary and the merge, validated
(pydantic). The format is described in ``phiscrub.pipeline``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from phiscrub import registry
from phiscrub.merge import POLICIES
from phiscrub.merge.ensemble import SOURCE as ENSEMBLE_SOURCE
from phiscrub.taxonomy import resolve

CONFIG_FILE = "pipeline.json"
TWO_PASS_SOURCE = "two-pass"
ENSEMBLE_DIRECTORY = "ensemble"
BATCH_DOCUMENTS = 64
"""Documents tagged together by ``detect_all`` (batched detectors tag their pieces at once)."""


class RulesConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["rules"]
    patterns: str = "en"
    time_budget: float = Field(default=2.0, gt=0)
    name: str = "rules"


class DictionaryConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["dictionary"]
    language: Literal["en", "es"] = "en"
    labels: list[str] | None = None
    name: str = "dictionary"


class CRFDetectorConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["crf"]
    model: str = Field(min_length=1, description="model directory, relative to the pipeline's")
    name: str = "crf"


class NeuralDetectorConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["neural"]
    model: str = Field(min_length=1, description="model directory, relative to the pipeline's")
    name: str = "neural"
    batch_size: int = Field(default=32, ge=1)
    device: Literal["cpu", "cuda"] = "cpu"
    optional: bool = Field(
        default=False,
        description="left out (the ensemble's fallback used) when PyTorch is not installed",
    )


class EncoderDetectorConfig(BaseModel):
    """A fine-tuned pretrained encoder (``phiscrub train encoder``; extra ``encoder``)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["encoder"]
    model: str = Field(min_length=1, description="model directory, relative to the pipeline's")
    name: str = "encoder"
    batch_size: int = Field(default=16, ge=1)
    device: Literal["cpu", "cuda"] = "cpu"


class PluginDetectorConfig(BaseModel):
    """A detector from another package, registered in :mod:`phiscrub.registry`."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["plugin"]
    factory: str = Field(min_length=1, description="its name in phiscrub.registry.detectors")
    name: str = "plugin"
    settings: dict[str, Any] = Field(default_factory=dict, description="passed to the factory")


ModelConfig = CRFDetectorConfig | NeuralDetectorConfig | EncoderDetectorConfig
DetectorConfig = Annotated[
    RulesConfig
    | DictionaryConfig
    | CRFDetectorConfig
    | NeuralDetectorConfig
    | EncoderDetectorConfig
    | PluginDetectorConfig,
    Field(discriminator="type"),
]


class TwoPassConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    enabled: bool = False
    labels: list[str] = ["PATIENT", "DOCTOR", "HOSPITAL", "ORGANIZATION"]
    min_score: float = Field(default=0.9, ge=0.0, le=1.0)
    min_length: int = Field(default=3, ge=1)
    score: float = Field(default=0.8, gt=0.0, le=1.0)


class EnsembleConfig(BaseModel):
    """Liu's ensemble: a classifier accepts or rejects each instance the members propose."""

    model_config = ConfigDict(extra="forbid")
    members: list[str] = Field(min_length=1, description="detector names (or 'two-pass')")
    model: str = Field(default="ensemble", min_length=1, description="relative to the pipeline")
    classifier: Literal["svm", "linear-svm", "logistic"] = "svm"
    c: float = Field(default=1.0, gt=0, description="the classifier's C (training)")
    threshold: float = Field(default=0.0, description="decision value to accept (training)")
    thresholds: dict[str, float] = Field(
        default_factory=dict,
        description="labels accepted above another decision value than `threshold` (training)",
    )

    @field_validator("thresholds")
    @classmethod
    def _known_labels(cls, value: dict[str, float]) -> dict[str, float]:
        unknown = sorted(label for label in value if resolve(label) is None)
        if unknown:
            raise ValueError(f"thresholds name labels no taxonomy knows: {unknown}")
        return value

    fill: list[str] = Field(
        default_factory=list,
        description="members whose own spans are kept where the ensemble accepted nothing "
        "overlapping them (it rejects candidates whose boundaries are off but cover PHI)",
    )


class MergeConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    policy: str = Field(
        default="priority",
        description="priority, longest, score, union, or a plug-in's name (phiscrub.registry)",
    )
    priority: list[str] | None = None
    ensemble: EnsembleConfig | None = None
    routing: dict[str, list[str]] | None = Field(
        default=None, description="label (or '*') -> sources whose spans of it are kept"
    )
    sanity: Literal["en"] | None = Field(
        default=None,
        description="the sanity layer's rules after the merge (phiscrub.merge.sanity), or none",
    )
    widen: bool = Field(
        default=False,
        description="a span losing to a span of its category inside it widens the winner "
        "to its extent (phiscrub.merge.policies)",
    )
    outer: list[str] = Field(
        default_factory=list,
        description="detectors whose span wins over the spans strictly inside it that beat it, "
        "when none of them scores higher (a whole street address over a name read in it; "
        "phiscrub.merge.policies)",
    )
    roles: bool = Field(
        default=False,
        description="a person's name takes the role (PATIENT or DOCTOR) that the dictionary's "
        "context rules agree on where they found it (phiscrub.merge.roles)",
    )
    backstop: list[str] = Field(
        default_factory=list,
        description="detectors whose spans are kept only where no other source's span "
        "overlaps them: they add what the others missed and never change what they found",
    )

    @field_validator("policy")
    @classmethod
    def _known_policy(cls, policy: str) -> str:
        if policy not in POLICIES and policy not in registry.merge_policies:
            known = ", ".join([*POLICIES, *registry.merge_policies.names()])
            raise ValueError(f"unknown merge policy {policy!r}; expected one of {known}")
        return policy

    @model_validator(mode="after")
    def _options_need_a_winner(self) -> MergeConfig:
        for option, value in (("widen", self.widen), ("outer", self.outer)):
            if value and self.policy not in ("priority", "longest", "score"):
                raise ValueError(
                    f"{option} applies to the priority, longest and score policies, "
                    f"not {self.policy!r}"
                )
        return self


class PipelineConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    language: str = "en"
    detector: list[DetectorConfig] = Field(min_length=1)
    two_pass: TwoPassConfig = TwoPassConfig()
    merge: MergeConfig = MergeConfig()
    capitals_twin: bool = Field(
        default=True,
        description="the rules and dictionaries also read a note typed in capitals as its "
        "twin in lower case with capitals restored (phiscrub.pipeline.view.capitals_twin)",
    )
    models_read_twin: bool = Field(
        default=True,
        description="the trained detectors (CRF, neural, encoder) read a note typed in "
        "capitals as that twin instead of the note: they learned names from mixed case",
    )
    versions: dict[str, str | None] | None = Field(
        default=None, description="phiscrub's and data packages' versions when it was saved"
    )

    @model_validator(mode="after")
    def _names(self) -> PipelineConfig:
        names = [d.name for d in self.detector]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"detector names must differ; give a name to each of {twice}")
        sources = {*names, TWO_PASS_SOURCE}
        ensemble = self.merge.ensemble
        if ensemble is not None:
            unknown = sorted(set(ensemble.members) - sources)
            if unknown:
                raise ValueError(f"ensemble members {unknown} are not detectors of the pipeline")
            unknown = sorted(set(ensemble.fill) - set(ensemble.members))
            if unknown:
                raise ValueError(f"ensemble fill names {unknown}, which are not its members")
            sources.add(ENSEMBLE_SOURCE)
        for option in ("backstop", "outer"):
            unknown = sorted(set(getattr(self.merge, option)) - set(names))
            if unknown:
                raise ValueError(
                    f"{option} names {unknown}, which are not detectors of the pipeline"
                )
        for label, routed in (self.merge.routing or {}).items():
            unknown = sorted(set(routed) - sources)
            if unknown:
                raise ValueError(f"routing of {label!r} names unknown sources {unknown}")
        return self
