"""Detection pipelines: detectors + a merge policy, built from a config file, saved as a
directory.

A config (TOML or JSON) names the detectors with their options and the merge policy::

    name = "rules-es"
    language = "es"

    [[detector]]
    type = "rules"
    patterns = "es"          # a built-in pack or a path (relative to the config file)
    time_budget = 2.0

    [merge]
    policy = "priority"      # priority | longest | score | union
    priority = ["FECHAS", "NOMBRE_SUJETO_ASISTENCIA"]   # optional; default: by PHI type

A saved pipeline is a directory holding ``pipeline.json`` (and, later, model weights).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from phiscrub.configs import loads, validated
from phiscrub.detect.base import Detector
from phiscrub.detect.rules import RuleDetector
from phiscrub.detect.rules.patterns import BUILTIN
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.io.files import write_atomic
from phiscrub.merge import DEFAULT_PRIORITY, Dropped, merge_spans

CONFIG_FILE = "pipeline.json"


class RulesConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["rules"]
    patterns: str = "en"
    time_budget: float = Field(default=2.0, gt=0)
    name: str = "rules"


class MergeConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    policy: Literal["priority", "longest", "score", "union"] = "priority"
    priority: list[str] | None = None


class PipelineConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    language: str = "en"
    detector: list[RulesConfig] = Field(min_length=1)
    merge: MergeConfig = MergeConfig()


@dataclass(frozen=True)
class Detection:
    """A pipeline's answer for one document: merged spans, every detector's raw spans, and
    what the merge dropped."""

    spans: tuple[Span, ...]
    raw: tuple[Span, ...]
    dropped: tuple[Dropped, ...]


class Pipeline:
    """Runs its detectors on a document and merges their spans."""

    def __init__(self, config: PipelineConfig, base: Path | None = None) -> None:
        self.config = config
        self.base = base
        self._detectors: list[Detector] | None = None

    @property
    def name(self) -> str:
        return self.config.name

    @property
    def detectors(self) -> list[Detector]:
        if self._detectors is None:
            self._detectors = [self._build(c) for c in self.config.detector]
        return self._detectors

    def _patterns_path(self, config: RulesConfig) -> str | Path:
        if config.patterns in BUILTIN or self.base is None:
            return config.patterns
        return self.base / config.patterns

    def _build(self, config: RulesConfig) -> Detector:
        return RuleDetector(self._patterns_path(config), config.time_budget, config.name)

    def detect(self, doc: Document) -> Detection:
        raw = [span for detector in self.detectors for span in detector.detect(doc)]
        priority = self.config.merge.priority or DEFAULT_PRIORITY
        merged = merge_spans(raw, self.config.merge.policy, priority)
        return Detection(merged.spans, tuple(raw), merged.dropped)

    def annotate(self, doc: Document) -> Document:
        """``doc`` with its spans replaced by the pipeline's."""
        return doc.with_spans(self.detect(doc).spans)

    def save(self, directory: str | Path) -> Path:
        """Write ``pipeline.json`` into ``directory``, with a copy of every pattern file that is
        not built in, so that the directory alone rebuilds the pipeline."""
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        config = self.config.model_copy(deep=True)
        for index, detector in enumerate(config.detector):
            if detector.patterns not in BUILTIN:
                source = Path(self._patterns_path(detector))
                copy = f"patterns-{index + 1}.toml"
                write_atomic(directory / copy, source.read_text(encoding="utf-8"))
                detector.patterns = copy
        path = directory / CONFIG_FILE
        write_atomic(path, json.dumps(config.model_dump(), indent=2) + "\n")
        return path


def _read_config(path: Path) -> PipelineConfig:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read pipeline config ({exc.strerror})") from None
    return validated(PipelineConfig, loads(text, str(path), path.suffix == ".json"), str(path))


def builtin_pipelines() -> list[str]:
    folder = resources.files("phiscrub") / "resources" / "pipelines"
    return sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml"))


def load_pipeline(source: str | Path) -> Pipeline:
    """A built-in pipeline by name, a config file, or a saved pipeline directory."""
    if isinstance(source, str) and source in builtin_pipelines():
        resource = resources.files("phiscrub") / "resources" / "pipelines" / f"{source}.toml"
        origin = f"pipelines/{source}.toml"
        data = loads(resource.read_text(encoding="utf-8"), origin)
        return Pipeline(validated(PipelineConfig, data, origin))
    path = Path(source)
    if path.is_dir():
        return Pipeline(_read_config(path / CONFIG_FILE), path)
    if path.is_file():
        return Pipeline(_read_config(path), path.parent)
    raise ConfigError(
        f"no pipeline {str(source)!r}: not a built-in one ({', '.join(builtin_pipelines())}), "
        "a config file or a pipeline directory"
    )
