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

from __future__ import annotations

import dataclasses
import json
import shutil
import warnings
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from phiscrub import registry
from phiscrub.configs import loads, validated
from phiscrub.detect.base import Detector, detect_batch
from phiscrub.detect.crf import CRFTagger
from phiscrub.detect.dictionary.detector import DictionaryDetector
from phiscrub.detect.dictionary.patient import PatientDictionary, build_patient_dictionary
from phiscrub.detect.neural import require_torch
from phiscrub.detect.rules import RuleDetector
from phiscrub.detect.rules.patterns import BUILTIN
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.io.files import write_atomic
from phiscrub.merge import DEFAULT_PRIORITY, POLICIES, Dropped, merge_spans
from phiscrub.merge.ensemble import SOURCE as ENSEMBLE_SOURCE
from phiscrub.merge.ensemble import EnsembleModel, fill_gaps
from phiscrub.merge.routing import backstop, route
from phiscrub.merge.sanity import apply_sanity, sanity_rules
from phiscrub.provenance import check_versions, versions
from phiscrub.replace import ReplaceConfig, Replacement, Replacer, SecretKey

CONFIG_FILE = "pipeline.json"
TWO_PASS_SOURCE = "two-pass"
ENSEMBLE_DIRECTORY = "ensemble"
BATCH_DOCUMENTS = 64
"""Documents tagged together by ``detect_all`` (batched detectors tag their pieces at once)."""


def _neural_tagger(path: Path, config: NeuralDetectorConfig) -> Detector:
    require_torch()
    from phiscrub.detect.neural.tagger import NeuralTagger

    return NeuralTagger.load(path, config.name, batch_size=config.batch_size, device=config.device)


def _encoder_detector(path: Path, config: EncoderDetectorConfig) -> Detector:
    require_torch()
    from phiscrub.detect.encoder.tagger import EncoderDetector

    return EncoderDetector(path, config.name, config.batch_size, config.device)


def _plugin_detector(config: PluginDetectorConfig) -> Detector:
    factory = registry.detectors.get(config.factory)
    try:
        detector = factory(name=config.name, **config.settings)
    except TypeError as exc:
        raise ConfigError(f"detector plug-in {config.factory!r}: {exc}") from None
    if not isinstance(detector, Detector):
        raise ConfigError(
            f"detector plug-in {config.factory!r} made a {type(detector).__name__}, which has "
            "no name and detect(doc) method"
        )
    return detector


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


class PipelineConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    language: str = "en"
    detector: list[DetectorConfig] = Field(min_length=1)
    two_pass: TwoPassConfig = TwoPassConfig()
    merge: MergeConfig = MergeConfig()
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
        unknown = sorted(set(self.merge.backstop) - set(names))
        if unknown:
            raise ValueError(f"backstop names {unknown}, which are not detectors of the pipeline")
        for label, routed in (self.merge.routing or {}).items():
            unknown = sorted(set(routed) - sources)
            if unknown:
                raise ValueError(f"routing of {label!r} names unknown sources {unknown}")
        return self


@dataclass(frozen=True)
class Detection:
    """A pipeline's answer for one document: merged spans, every detector's raw spans, and
    what the merge dropped."""

    spans: tuple[Span, ...]
    raw: tuple[Span, ...] = field(repr=False)
    dropped: tuple[Dropped, ...] = field(repr=False)
    doc_id: str = "note"

    def to_dict(self) -> dict[str, Any]:
        """The merged spans as plain data (offsets, labels, scores, sources; no text)."""
        return {"doc_id": self.doc_id, "spans": [span.to_dict() for span in self.spans]}

    def __repr__(self) -> str:
        found = ", ".join(f"{s.label} {s.start}-{s.end}" for s in self.spans[:8])
        more = f", ... {len(self.spans) - 8} more" if len(self.spans) > 8 else ""
        return f"Detection(doc_id={self.doc_id!r}, spans=[{found}{more}])"


class Pipeline:
    """Runs its detectors on a document and merges their spans."""

    def __init__(self, config: PipelineConfig, base: Path | None = None) -> None:
        self.config = config
        self.base = base
        self._detectors: list[Detector] | None = None
        self._ensemble: EnsembleModel | None = None
        self.skipped: list[str] = []

    @property
    def name(self) -> str:
        return self.config.name

    @property
    def detectors(self) -> list[Detector]:
        """The detectors that run; an optional neural one is left out (with a warning) when
        PyTorch is not installed, and named in ``skipped``."""
        if self._detectors is None:
            built: list[Detector] = []
            for config in self.config.detector:
                if isinstance(config, NeuralDetectorConfig) and config.optional:
                    try:
                        require_torch()
                    except ConfigError:
                        self.skipped.append(config.name)
                        warnings.warn(
                            f"pipeline {self.name}: its optional neural detector "
                            f"{config.name!r} is left out because PyTorch is not installed "
                            "(pip install 'phiscrub[neural]' to use it)",
                            stacklevel=2,
                        )
                        continue
                built.append(self._build(config))
            self._detectors = built
        return self._detectors

    def _patterns_path(self, config: RulesConfig) -> str | Path:
        if config.patterns in BUILTIN or self.base is None:
            return config.patterns
        return self.base / config.patterns

    def _model_path(self, config: ModelConfig) -> Path:
        path = Path(config.model)
        return path if path.is_absolute() or self.base is None else self.base / path

    def _build(
        self, config: RulesConfig | DictionaryConfig | ModelConfig | PluginDetectorConfig
    ) -> Detector:
        if isinstance(config, PluginDetectorConfig):
            return _plugin_detector(config)
        if isinstance(config, DictionaryConfig):
            return DictionaryDetector(config.language, config.name, config.labels)
        if isinstance(config, CRFDetectorConfig):
            return CRFTagger.load(self._model_path(config), config.name)
        if isinstance(config, NeuralDetectorConfig):
            return _neural_tagger(self._model_path(config), config)
        if isinstance(config, EncoderDetectorConfig):
            return _encoder_detector(self._model_path(config), config)
        return RuleDetector(self._patterns_path(config), config.time_budget, config.name)

    def _ensemble_path(self, settings: EnsembleConfig) -> Path:
        path = Path(settings.model)
        return path if path.is_absolute() or self.base is None else self.base / path

    @property
    def ensemble(self) -> EnsembleModel | None:
        """The trained ensemble of ``[merge.ensemble]`` (loaded on first use), or None."""
        settings = self.config.merge.ensemble
        if settings is None:
            return None
        if self._ensemble is None:
            path = self._ensemble_path(settings)
            model = EnsembleModel.load(path)
            if list(model.members) != settings.members:
                raise ConfigError(
                    f"{path}: the ensemble was trained on members {list(model.members)}, "
                    f"the pipeline names {settings.members}"
                )
            self.detectors  # noqa: B018 (builds them, so that ``skipped`` is known)
            try:
                self._ensemble = model.without(self.skipped)
            except ConfigError as exc:
                raise ConfigError(f"{path}: {exc}") from None
        return self._ensemble

    @property
    def two_pass(self) -> bool:
        return self.config.two_pass.enabled

    def first_pass(self, doc: Document) -> list[Span]:
        """Every detector's spans for ``doc``, unmerged."""
        return [span for detector in self.detectors for span in detector.detect(doc)]

    def first_pass_many(self, docs: Sequence[Document]) -> list[list[Span]]:
        """``first_pass`` of several documents; detectors that tag in batches (``detect_many``,
        the neural tagger) get them all at once."""
        found: list[list[Span]] = [[] for _ in docs]
        for detector in self.detectors:
            for spans, answer in zip(found, detect_batch(detector, docs), strict=True):
                spans += answer
        return found

    def patient_dictionary(
        self,
        notes: Iterable[tuple[Document, Iterable[Span]]],
        into: PatientDictionary | None = None,
    ) -> PatientDictionary:
        """The run-time dictionary of one patient from the first-pass spans of their notes
        (added to ``into`` when given, so that notes can come one at a time)."""
        settings = self.config.two_pass
        return build_patient_dictionary(
            notes,
            frozenset(settings.labels),
            settings.min_score,
            self.config.language,
            settings.min_length,
            into,
        )

    def detect(
        self,
        doc: Document | str,
        dictionary: PatientDictionary | None = None,
        raw: list[Span] | None = None,
    ) -> Detection:
        """Detect and merge; with a patient ``dictionary``, its matches join the raw spans
        (``raw``: first-pass spans already computed for ``doc``). Text is read as one note
        named ``note``."""
        doc = as_document(doc)
        spans = list(raw) if raw is not None else self.first_pass(doc)
        if dictionary is not None:
            spans += dictionary.find(doc, TWO_PASS_SOURCE, self.config.two_pass.score)
        settings = self.config.merge
        final = spans
        if self.ensemble is not None:
            final = self.ensemble.apply(doc, final)
            if settings.ensemble is not None and settings.ensemble.fill:
                final = fill_gaps(final, spans, settings.ensemble.fill)
        if settings.backstop:
            final = backstop(final, settings.backstop)
        if settings.routing:
            final = route(final, settings.routing)
        merged = merge_spans(final, settings.policy, settings.priority or DEFAULT_PRIORITY)
        if settings.sanity is None:
            return Detection(merged.spans, tuple(spans), merged.dropped, doc.doc_id)
        kept, cut = apply_sanity(doc, list(merged.spans), sanity_rules(settings.sanity))
        return Detection(tuple(kept), tuple(spans), merged.dropped + tuple(cut), doc.doc_id)

    def detect_all(
        self, docs: Iterable[Document], raw: Sequence[Sequence[Span]] | None = None
    ) -> Iterator[tuple[Document, Detection]]:
        """Detect over a corpus held in memory; with two-pass on, each patient's dictionary is
        built from all of their notes (grouped by ``patient_id``) before any is answered.
        Documents come back in input order. ``raw``: first-pass spans already computed for
        each document (the detectors are then not run)."""
        docs = list(docs)
        if raw is None:
            raw = [
                spans
                for i in range(0, len(docs), BATCH_DOCUMENTS)
                for spans in self.first_pass_many(docs[i : i + BATCH_DOCUMENTS])
            ]
        elif len(raw) != len(docs):
            raise ValueError(f"{len(raw)} first-pass span lists for {len(docs)} documents")
        if not self.two_pass:
            for doc, spans in zip(docs, raw, strict=True):
                yield doc, self.detect(doc, raw=list(spans))
            return
        by_patient: dict[str, list[int]] = defaultdict(list)
        for index, doc in enumerate(docs):
            by_patient[doc.patient_id].append(index)
        dictionaries = {
            patient: self.patient_dictionary((docs[i], raw[i]) for i in indexes)
            for patient, indexes in by_patient.items()
        }
        for doc, spans in zip(docs, raw, strict=True):
            yield doc, self.detect(doc, dictionaries[doc.patient_id], list(spans))

    def annotate(self, doc: Document) -> Document:
        """``doc`` with its spans replaced by the pipeline's (two-pass within the note alone)."""
        if self.two_pass:
            return next(iter(self.annotate_all([doc])))
        return doc.with_spans(self.detect(doc).spans)

    def annotate_all(self, docs: Iterable[Document]) -> Iterator[Document]:
        for doc, detection in self.detect_all(docs):
            yield doc.with_spans(detection.spans)

    def deidentify(
        self,
        doc: Document | str,
        replace: str = "surrogate",
        key: SecretKey | str | bytes | None = None,
        config: ReplaceConfig | None = None,
    ) -> Replacement:
        """Detect PHI in one note and replace it (two-pass dictionary within the note alone).

        Args:
            doc: The note, as text or a Document (its ``patient_id`` keys the surrogates).
            replace: The operator for every label (``redact``, ``tag``, ``surrogate``,
                ``keep``), unless ``config`` is given.
            key: The surrogate key (a SecretKey, or a secret as text or bytes); None: the
                process's key (``$PHISCRUB_KEY``, else one random key per process).
            config: Full replacement settings (per-label operators, masks, surrogates).
        """
        return self.replacer(replace, key, config).replace(self.annotate(as_document(doc)))

    def replacer(
        self,
        replace: str = "surrogate",
        key: SecretKey | str | bytes | None = None,
        config: ReplaceConfig | None = None,
    ) -> Replacer:
        """A replacer for this pipeline's notes (surrogates in the pipeline's language)."""
        config = in_language(config or ReplaceConfig(default=replace), self)  # type: ignore[arg-type]
        return Replacer(config, SecretKey.coerce(key))

    def pipe(
        self,
        notes: Iterable[Document | str],
        batch_size: int = 64,
        replace: str | None = None,
        key: SecretKey | str | bytes | None = None,
        config: ReplaceConfig | None = None,
    ) -> Iterator[Detection | Replacement]:
        """Detect (or, with ``replace`` or ``config``, de-identify) a stream of notes, in
        input order, ``batch_size`` notes at a time: one result per note. Texts are named
        ``note-1``, ``note-2``... by position. The two-pass dictionary of a patient is built
        from their notes within one batch."""
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        replacer = self.replacer(replace or "surrogate", key, config) if replace or config else None
        position = 0
        for batch in _batches(notes, batch_size):
            docs = []
            for note in batch:
                position += 1
                docs.append(as_document(note, f"note-{position}"))
            for doc, detection in self.detect_all(docs):
                if replacer is None:
                    yield detection
                else:
                    yield replacer.replace(doc.with_spans(detection.spans))

    def save(self, directory: str | Path) -> Path:
        """Write ``pipeline.json`` into ``directory``, with a copy of every pattern file that is
        not built in and of every model directory, so that the directory alone rebuilds the
        pipeline."""
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        config = self.config.model_copy(deep=True)
        # saved where it already lives: its models are in place
        in_place = self.base is not None and self.base.resolve() == directory.resolve()
        for index, detector in enumerate(config.detector):
            if isinstance(detector, EncoderDetectorConfig):
                if not in_place:
                    shutil.copytree(self._model_path(detector), directory / f"model-{index + 1}")
                    detector.model = f"model-{index + 1}"
                continue
            if isinstance(detector, CRFDetectorConfig | NeuralDetectorConfig):
                if in_place:
                    continue
                copy = f"model-{index + 1}"
                source = self._model_path(detector)
                if isinstance(detector, CRFDetectorConfig):
                    CRFTagger.load(source).save(directory / copy)
                elif detector.name in self.skipped:  # cannot be opened here: copy its files
                    shutil.copytree(source, directory / copy)
                else:
                    _neural_tagger(source, detector).save(directory / copy)
                detector.model = copy
                continue
            if isinstance(detector, RulesConfig) and detector.patterns not in BUILTIN:
                source = Path(self._patterns_path(detector))
                copy = f"patterns-{index + 1}.toml"
                write_atomic(directory / copy, source.read_text(encoding="utf-8"))
                detector.patterns = copy
        ensemble = config.merge.ensemble
        if ensemble is not None and not in_place:
            # the whole model, with its fallback, whichever of them this pipeline runs
            EnsembleModel.load(self._ensemble_path(ensemble)).save(directory / ENSEMBLE_DIRECTORY)
            ensemble.model = ENSEMBLE_DIRECTORY
        config.versions = versions()
        path = directory / CONFIG_FILE
        write_atomic(path, json.dumps(config.model_dump(), indent=2) + "\n")
        return path


def in_language(config: ReplaceConfig, pipeline: Pipeline | None) -> ReplaceConfig:
    """``config`` with its surrogate language set to the pipeline's when it names none."""
    if config.surrogates.language is not None or pipeline is None:
        return config
    surrogates = dataclasses.replace(config.surrogates, language=pipeline.config.language)
    return dataclasses.replace(config, surrogates=surrogates)


def as_document(note: Document | str, doc_id: str = "note") -> Document:
    """``note`` as a Document (text becomes one named ``doc_id``)."""
    if isinstance(note, Document):
        return note
    if isinstance(note, str):
        return Document(doc_id, note)
    raise ConfigError(f"a note is text or a Document, not {type(note).__name__}")


def _batches(items: Iterable[Document | str], size: int) -> Iterator[list[Document | str]]:
    batch: list[Document | str] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _read_config(path: Path) -> PipelineConfig:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read pipeline config ({exc.strerror})") from None
    config = validated(PipelineConfig, loads(text, str(path), path.suffix == ".json"), str(path))
    check_versions(config.versions, str(path))
    return config


def _builtin_folder():
    return resources.files("phiscrub") / "resources" / "pipelines"


def builtin_pipelines() -> list[str]:
    """Names of the pipelines shipped in the package: configs (``rules.toml``) and trained
    pipeline directories (``default/pipeline.json``)."""
    names = []
    for entry in _builtin_folder().iterdir():
        if entry.name.endswith(".toml"):
            names.append(entry.name[: -len(".toml")])
        elif entry.is_dir() and (entry / CONFIG_FILE).is_file():
            names.append(entry.name)
    return sorted(names)


def load_pipeline(source: str | Path) -> Pipeline:
    """A built-in pipeline by name, a config file, or a saved pipeline directory."""
    if isinstance(source, str) and source in builtin_pipelines():
        entry = _builtin_folder() / source
        if entry.is_dir():  # a trained pipeline: its models are files beside its config
            return Pipeline(_read_config(Path(str(entry)) / CONFIG_FILE), Path(str(entry)))
        resource = _builtin_folder() / f"{source}.toml"
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
