"""``phiscrub train pipeline``: train every member of a pipeline and its ensemble in one run.

The recipe is a pipeline config (see ``phiscrub.pipeline``) whose CRF and neural detectors name
the directory their model is written to (``model = "crf"``, relative to OUT), plus a
``[train]`` table::

    [train]
    folds = 5                     # k-fold cross-prediction for the ensemble's training data
    seed = 1
    embeddings = "vectors.txt"    # relative to the recipe: CRF clusters, neural token vectors
    device = "cpu"

    [train.recipe.crf]            # by detector name; all keys optional
    config = "crf.toml"           # CRF settings file (defaults when absent)
    without = ["clusters"]        # CRF feature families turned off

    [train.recipe.bilstm]
    config = "neuroner"           # a neural preset or settings file
    max_epochs = 20
    patience = 5

A neural member marked ``optional = true`` is left out where PyTorch is not installed; the
ensemble is then also trained without it (its fallback), so the pipeline still runs there.

With ``[merge.ensemble]``, the ensemble is trained on what the members propose for documents
they did not see: the training notes are split into ``folds`` groups (a patient's notes stay
together), each trainable member is trained on all groups but one and tags that one; rules,
dictionaries and the two-pass patient dictionary run as they are. Then every trainable member
is trained once more on all the notes, for the pipeline written to OUT.
"""

from __future__ import annotations

import random
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from phiscrub.configs import loads, validated
from phiscrub.detect.base import Detector, detect_batch
from phiscrub.detect.crf import CRFConfig, CRFTagger
from phiscrub.detect.crf.clusters import ClusterTable, make_clusters
from phiscrub.document import Document, Span
from phiscrub.embeddings import read_vectors
from phiscrub.errors import ConfigError
from phiscrub.evaluate import evaluate
from phiscrub.evaluate.scorer import Evaluation
from phiscrub.io import read_corpus
from phiscrub.merge import DEFAULT_PRIORITY, merge_spans
from phiscrub.merge.ensemble import fit_ensemble
from phiscrub.pipeline import (
    CRFDetectorConfig,
    NeuralDetectorConfig,
    Pipeline,
    PipelineConfig,
    load_pipeline,
)
from phiscrub.train import check_outputs, read_crf_config, read_neural_config

Event = Callable[[str], None]


class MemberRecipe(BaseModel):
    model_config = ConfigDict(extra="forbid")
    config: str | None = Field(default=None, description="CRF file, or neural preset or file")
    without: list[str] = Field(default_factory=list, description="CRF feature families off")
    max_epochs: int | None = Field(default=None, ge=1)
    patience: int | None = Field(default=None, ge=1)


class TrainingSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    folds: int = Field(default=5, ge=2)
    seed: int = 1
    embeddings: str | None = None
    device: Literal["cpu", "cuda"] = "cpu"
    recipe: dict[str, MemberRecipe] = Field(default_factory=dict)


class PipelineRecipe(PipelineConfig):
    """A pipeline config plus how to train its members."""

    train: TrainingSettings = TrainingSettings()

    def pipeline_config(self) -> PipelineConfig:
        return PipelineConfig.model_validate(self.model_dump(exclude={"train"}))


def read_recipe(path: Path) -> PipelineRecipe:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read pipeline recipe ({exc.strerror})") from None
    recipe = validated(PipelineRecipe, loads(text, str(path), path.suffix == ".json"), str(path))
    names = {d.name for d in recipe.detector}
    unknown = sorted(set(recipe.train.recipe) - names)
    if unknown:
        raise ConfigError(f"{path}: [train.recipe] names no detector of the pipeline: {unknown}")
    return recipe


def patient_folds(docs: Sequence[Document], folds: int, seed: int) -> list[list[int]]:
    """Document indexes in ``folds`` groups; a patient's notes share a group. Patients are
    shuffled with ``seed`` and dealt round-robin, largest first, so groups have similar sizes."""
    by_patient: dict[str, list[int]] = {}
    for index, doc in enumerate(docs):
        by_patient.setdefault(doc.patient_id, []).append(index)
    patients = sorted(by_patient)
    if len(patients) < folds:
        raise ConfigError(
            f"{folds} folds need at least {folds} patients; the training corpus has {len(patients)}"
        )
    random.Random(seed).shuffle(patients)
    patients.sort(key=lambda p: -len(by_patient[p]))  # stable: ties keep the shuffled order
    groups: list[list[int]] = [[] for _ in range(folds)]
    for number, patient in enumerate(patients):
        groups[number % folds] += by_patient[patient]
    return [sorted(group) for group in groups]


@dataclass
class _Resources:
    """What member training shares: the embeddings and the CRF clusters made from them."""

    embeddings: Path | None
    seed: int
    tell: Event = field(default=lambda _message: None)
    _vectors: object = None
    _clusters: dict[tuple[int, ...], ClusterTable] = field(default_factory=dict)

    def vectors(self):
        if self._vectors is None and self.embeddings is not None:
            self._vectors = read_vectors(self.embeddings)
        return self._vectors

    def clusters(self, config: CRFConfig) -> ClusterTable | None:
        if not config.features.clusters:
            return None
        if self.embeddings is None:
            raise ConfigError(
                "CRF cluster features need word embeddings: set [train] embeddings, or "
                "without = ['clusters'] in the CRF's [train.recipe]"
            )
        key = tuple(config.clusters)
        if key not in self._clusters:
            self._clusters[key] = make_clusters(self.vectors(), config.clusters, self.seed)
        return self._clusters[key]


def _train_member(
    config: CRFDetectorConfig | NeuralDetectorConfig,
    recipe: MemberRecipe,
    language: str,
    docs: list[Document],
    directory: Path,
    dev: list[Document],
    resources: _Resources,
    settings: TrainingSettings,
) -> Detector:
    if isinstance(config, CRFDetectorConfig):
        crf = read_crf_config(
            Path(recipe.config) if recipe.config else None, recipe.without, language
        )
        tagger, _ = CRFTagger.fit(docs, directory, crf, resources.clusters(crf), name=config.name)
        return tagger
    from phiscrub.detect.neural.trainer import fit

    neural = read_neural_config(
        recipe.config or "neuroner", language, recipe.max_epochs, recipe.patience
    )

    def epoch_done(record) -> None:
        f1 = f", dev strict F1 {record.dev_f1:.4f}" if record.dev_f1 is not None else ""
        resources.tell(f"{config.name} epoch {record.epoch}: {record.seconds:.0f} s{f1}")

    tagger, _ = fit(
        docs,
        directory,
        neural,
        dev,
        resources.vectors(),
        settings.seed,
        settings.device,
        on_epoch=epoch_done,
    )
    tagger.name = config.name
    return tagger


@dataclass(frozen=True)
class PipelineTrainResult:
    pipeline: Path
    dev: dict[str, Evaluation]
    """Dev evaluation of each member alone, of the ensemble alone, and of the pipeline."""
    seconds: dict[str, float]
    candidates: int


def train_pipeline(
    recipe_path: Path,
    train: Path,
    out: Path,
    dev: Path | None = None,
    input_format: str | None = None,
    folds: int | None = None,
    on_event: Event | None = None,
) -> PipelineTrainResult:
    """Train the members and the ensemble of the recipe at ``recipe_path`` on ``train`` and
    write the pipeline to ``out``; with ``dev``, report on it (see the module docstring)."""
    recipe = read_recipe(recipe_path)
    settings = recipe.train
    if folds is not None:
        settings = settings.model_copy(update={"folds": folds})
    base = recipe_path.parent
    embeddings = base / settings.embeddings if settings.embeddings else None
    check_outputs(out, [p for p in (train, dev, embeddings, recipe_path) if p is not None])
    tell = on_event or (lambda _message: None)
    docs = list(read_corpus(train, input_format))
    dev_docs = list(read_corpus(dev, input_format)) if dev is not None else []
    config = recipe.pipeline_config()
    resources = _Resources(embeddings, settings.seed, tell)
    trainable = [
        d for d in config.detector if isinstance(d, CRFDetectorConfig | NeuralDetectorConfig)
    ]
    # a recipe's settings file is relative to the recipe (a preset name is not a file)
    recipes = {
        name: item.model_copy(update={"config": str(base / item.config)})
        if item.config and (base / item.config).is_file()
        else item
        for name, item in settings.recipe.items()
    }
    settings = settings.model_copy(update={"recipe": recipes})
    seconds: dict[str, float] = {}
    candidates = 0
    out.mkdir(parents=True, exist_ok=True)
    if config.merge.ensemble is not None:
        raw = _cross_predict(
            config, trainable, docs, dev_docs, out, resources, settings, tell, seconds
        )
        started = time.perf_counter()
        ensemble = config.merge.ensemble
        pairs = list(zip(docs, raw, strict=True))

        def fit(members: list[str]):
            return fit_ensemble(
                pairs,
                members,
                config.language,
                ensemble.classifier,
                ensemble.c,
                ensemble.threshold,
                settings.seed,
            )

        model = fit(ensemble.members)
        optional = {d.name for d in trainable if isinstance(d, NeuralDetectorConfig) and d.optional}
        if optional & set(ensemble.members):
            rest = [m for m in ensemble.members if m not in optional]
            if not rest:
                raise ConfigError(
                    "an ensemble whose members are all optional has no fallback to train"
                )
            model = replace(model, fallback=fit(rest))
            tell(f"fallback ensemble trained without {', '.join(sorted(optional))}")
        model.save(out / ensemble.model)
        seconds["ensemble"] = time.perf_counter() - started
        members = set(ensemble.members)
        candidates = sum(len({s.key for s in spans if s.detector in members}) for spans in raw)
        tell(f"ensemble ({ensemble.classifier}) trained on {candidates:,} candidates")
    for member in trainable:
        started = time.perf_counter()
        tell(f"training {member.name} on all {len(docs)} documents")
        _train_member(
            member,
            settings.recipe.get(member.name, MemberRecipe()),
            config.language,
            docs,
            out / member.model,
            dev_docs,
            resources,
            settings,
        )
        seconds[member.name] = time.perf_counter() - started
    pipeline = Pipeline(config, out)
    pipeline.save(out)
    evaluations = report(load_pipeline(out), dev_docs) if dev_docs else {}
    return PipelineTrainResult(out, evaluations, seconds, candidates)


def _cross_predict(
    config: PipelineConfig,
    trainable: list[CRFDetectorConfig | NeuralDetectorConfig],
    docs: list[Document],
    dev_docs: list[Document],
    out: Path,
    resources: _Resources,
    settings: TrainingSettings,
    tell: Event,
    seconds: dict[str, float],
) -> list[list[Span]]:
    """Every detector's spans (and the two-pass dictionary's) for each training document, the
    trainable members' from models that did not see it."""
    first: list[list[Span]] = [[] for _ in docs]
    groups = patient_folds(docs, settings.folds, settings.seed)
    scratch = out / "_folds"
    for number, held_out in enumerate(groups, start=1):
        held = set(held_out)
        seen = [doc for i, doc in enumerate(docs) if i not in held]
        for member in trainable:
            started = time.perf_counter()
            tell(f"fold {number}/{len(groups)}: training {member.name} on {len(seen)} documents")
            tagger = _train_member(
                member,
                settings.recipe.get(member.name, MemberRecipe()),
                config.language,
                seen,
                scratch / f"{number}-{member.name}",
                dev_docs,
                resources,
                settings,
            )
            found = detect_batch(tagger, [docs[i] for i in held_out])
            for index, spans in zip(held_out, found, strict=True):
                first[index] += spans
            seconds[f"fold {number} {member.name}"] = time.perf_counter() - started
    shutil.rmtree(scratch, ignore_errors=True)
    rest = config.model_copy(
        update={
            "detector": [d for d in config.detector if d not in trainable],
            "merge": config.merge.model_copy(update={"ensemble": None, "routing": None}),
        }
    )
    untrained = Pipeline(rest)
    if rest.detector:
        names = ", ".join(d.name for d in rest.detector)
        tell(f"running {names} on the training notes")
        for spans, found in zip(first, untrained.first_pass_many(docs), strict=True):
            spans += found
    return [list(detection.raw) for _, detection in untrained.detect_all(docs, raw=first)]


def report(pipeline: Pipeline, dev_docs: list[Document]) -> dict[str, Evaluation]:
    """Dev evaluations: each detector alone (its spans merged by priority), the ensemble alone
    (when there is one) and the whole pipeline."""
    systems: dict[str, list[Document]] = {}
    priority = pipeline.config.merge.priority or DEFAULT_PRIORITY
    names = [d.name for d in pipeline.config.detector]
    ensemble = pipeline.ensemble
    for doc, detection in pipeline.detect_all(dev_docs):
        for name in names:
            own = [s for s in detection.raw if s.detector == name]
            systems.setdefault(name, []).append(
                doc.with_spans(merge_spans(own, "priority", priority).spans)
            )
        if ensemble is not None:
            proposed = [s for s in detection.raw if s.detector in ensemble.members]
            systems.setdefault("ensemble", []).append(doc.with_spans(ensemble.apply(doc, proposed)))
        systems.setdefault(pipeline.name, []).append(doc.with_spans(detection.spans))
    return {name: evaluate(dev_docs, system) for name, system in systems.items()}
