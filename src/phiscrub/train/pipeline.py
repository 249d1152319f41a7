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

import json
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
from phiscrub.detect.crf.clusters import ClusterTable, brown_clusters, make_clusters
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.evaluate import evaluate
from phiscrub.evaluate.scorer import Evaluation
from phiscrub.io import read_corpus
from phiscrub.io.files import paths_overlap, write_atomic
from phiscrub.merge import DEFAULT_PRIORITY, merge_spans
from phiscrub.merge.ensemble import EnsembleModel, fit_ensemble
from phiscrub.pipeline import (
    CRFDetectorConfig,
    NeuralDetectorConfig,
    Pipeline,
    PipelineConfig,
    load_pipeline,
)
from phiscrub.privacy import census
from phiscrub.text.vectors import read_vectors
from phiscrub.train.augment import AugmentSettings, augment
from phiscrub.train.members import check_outputs, read_crf_config, read_neural_config

Event = Callable[[str], None]


class MemberRecipe(BaseModel):
    model_config = ConfigDict(extra="forbid")
    config: str | None = Field(default=None, description="CRF file, or neural preset or file")
    without: list[str] = Field(default_factory=list, description="CRF feature families off")
    max_epochs: int | None = Field(default=None, ge=1)
    patience: int | None = Field(default=None, ge=1)


class RecipeTraining(BaseModel):
    """A recipe's ``[train]`` section: folds, seed, embeddings, device, augmentation, and each
    member's own recipe (a neural member's epochs are ``detect.neural``'s
    ``TrainingSettings``)."""

    model_config = ConfigDict(extra="forbid")
    folds: int = Field(default=5, ge=2)
    seed: int = 1
    embeddings: str | None = None
    device: Literal["cpu", "cuda"] = "cpu"
    augment: AugmentSettings = AugmentSettings()
    recipe: dict[str, MemberRecipe] = Field(default_factory=dict)


class PipelineRecipe(PipelineConfig):
    """A pipeline config plus how to train its members."""

    train: RecipeTraining = RecipeTraining()

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
    _clusters: dict[tuple, ClusterTable] = field(default_factory=dict)

    def vectors(self):
        if self._vectors is None and self.embeddings is not None:
            self._vectors = read_vectors(self.embeddings)
        return self._vectors

    def clusters(self, config: CRFConfig) -> ClusterTable | None:
        if not config.features.clusters:
            return None
        if config.cluster_source == "brown":
            key = ("brown", config.language, *config.clusters)
            if key not in self._clusters:
                self._clusters[key] = brown_clusters(config.language, config.clusters)
            return self._clusters[key]
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
    settings: RecipeTraining,
    private: bool,
) -> Detector:
    withheld = census(docs) if private else None
    if isinstance(config, CRFDetectorConfig):
        crf = read_crf_config(
            Path(recipe.config) if recipe.config else None, recipe.without, language
        )
        tagger, _ = CRFTagger.fit(
            docs, directory, crf, resources.clusters(crf), name=config.name, private=withheld
        )
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
        private=withheld,
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


@dataclass(frozen=True)
class _Task:
    """One member trained on some training notes: a fold's (it then tags the held-out ones)
    or the final one on all notes (``fold`` None)."""

    member: CRFDetectorConfig | NeuralDetectorConfig
    fold: int | None
    folds: int
    seen: tuple[int, ...]
    held_out: tuple[int, ...]
    directory: Path

    @property
    def key(self) -> str:
        return self.member.name if self.fold is None else f"fold {self.fold} {self.member.name}"

    @property
    def start_message(self) -> str:
        if self.fold is None:
            return f"training {self.member.name} on all {len(self.seen)} documents"
        return (
            f"fold {self.fold}/{self.folds}: training {self.member.name} "
            f"on {len(self.seen)} documents"
        )


@dataclass
class _Context:
    """What every task needs; a worker process gets its own copy."""

    docs: list[Document]
    dev_docs: list[Document]
    language: str
    settings: RecipeTraining
    embeddings: Path | None
    resources: _Resources | None = None
    private: bool = True


def _run_task(task: _Task, context: _Context) -> tuple[list[list[Span]], float]:
    """Train the task's member; return its spans for the held-out notes and the seconds."""
    started = time.perf_counter()
    assert context.resources is not None
    tell = context.resources.tell
    tell(task.start_message)
    context.resources.vectors()  # loaded once, shared with the copy below (as are clusters)
    prefix = "" if task.fold is None else f"fold {task.fold}/{task.folds}: "
    tagger = _train_member(
        task.member,
        context.settings.recipe.get(task.member.name, MemberRecipe()),
        context.language,
        [context.docs[i] for i in task.seen],
        task.directory,
        context.dev_docs,
        replace(context.resources, tell=lambda message: tell(prefix + message)),
        context.settings,
        context.private,
    )
    found = detect_batch(tagger, [context.docs[i] for i in task.held_out]) if task.held_out else []
    return found, time.perf_counter() - started


_WORKER: _Context | None = None


def _start_worker(context: _Context, events, threads: int | None) -> None:
    global _WORKER
    if threads is not None:
        import torch

        torch.set_num_threads(threads)
    context.resources = _Resources(context.embeddings, context.settings.seed, events.put)
    _WORKER = context


def _worker_task(task: _Task) -> tuple[list[list[Span]], float]:
    assert _WORKER is not None
    return _run_task(task, _WORKER)


def _run_tasks(
    tasks: list[_Task], context: _Context, jobs: int, tell: Event
) -> dict[str, tuple[list[list[Span]], float]]:
    """Each task's result by key: in this process one after the other, or in ``jobs`` worker
    processes (neural members first: they take longest)."""
    if jobs <= 1:
        return {task.key: _run_task(task, context) for task in tasks}
    import multiprocessing
    import sys
    import threading
    from concurrent.futures import ProcessPoolExecutor

    threads = None
    if "torch" in sys.modules:
        threads = sys.modules["torch"].get_num_threads()
    spawn = multiprocessing.get_context("spawn")
    events = spawn.Queue()

    def relay() -> None:
        while (message := events.get()) is not None:
            tell(message)

    relaying = threading.Thread(target=relay, daemon=True)
    relaying.start()
    ordered = sorted(
        tasks, key=lambda t: (isinstance(t.member, CRFDetectorConfig), t.fold is not None)
    )
    shipped = replace(context, resources=None)
    try:
        with ProcessPoolExecutor(
            jobs, spawn, initializer=_start_worker, initargs=(shipped, events, threads)
        ) as pool:
            futures = {task.key: pool.submit(_worker_task, task) for task in ordered}
            results = {key: future.result() for key, future in futures.items()}
    finally:
        events.put(None)
        relaying.join()
    return {task.key: results[task.key] for task in tasks}


def _training_documents(
    train: Path, input_format: str | None, settings: RecipeTraining, tell: Event
) -> list[Document]:
    """The training corpus, followed by the augmented copies the recipe asks for."""
    docs = list(read_corpus(train, input_format))
    read = len(docs)
    docs = augment(docs, settings.augment)
    if len(docs) > read:
        tell(f"augmentation added {len(docs) - read} copies to {read} training documents")
    return docs


def _member_tasks(
    config: PipelineConfig,
    trainable: list[CRFDetectorConfig | NeuralDetectorConfig],
    docs: list[Document],
    settings: RecipeTraining,
    out: Path,
) -> list[_Task]:
    """Each member on each fold's other notes (when an ensemble learns from their held-out
    spans), then each member on all notes."""
    everything = tuple(range(len(docs)))
    tasks: list[_Task] = []
    if config.merge.ensemble is not None:
        groups = patient_folds(docs, settings.folds, settings.seed)
        for number, held_out in enumerate(groups, start=1):
            held = set(held_out)
            seen = tuple(i for i in everything if i not in held)
            for member in trainable:
                directory = out / "_folds" / f"{number}-{member.name}"
                tasks.append(_Task(member, number, len(groups), seen, tuple(held_out), directory))
    return tasks + [_Task(m, None, 0, everything, (), out / m.model) for m in trainable]


def _fit_ensemble_on_folds(
    config: PipelineConfig,
    trainable: list[CRFDetectorConfig | NeuralDetectorConfig],
    docs: list[Document],
    tasks: list[_Task],
    done: dict[str, tuple[list[list[Span]], float]],
    seed: int,
    out: Path,
    cross_predictions: Path | None,
    tell: Event,
) -> int:
    """Fit and save the ensemble on the members' held-out spans (with the untrained
    detectors' spans); returns the number of candidates it learned from."""
    assert config.merge.ensemble is not None
    first: list[list[Span]] = [[] for _ in docs]
    for task in tasks:
        for index, spans in zip(task.held_out, done[task.key][0], strict=True):
            first[index] += spans
    raw = _untrained_spans(config, trainable, docs, first, tell)
    if cross_predictions is not None:
        write_cross_predictions(cross_predictions, docs, raw)
    model = fit_pipeline_ensemble(config, list(zip(docs, raw, strict=True)), seed, tell)
    model.save(out / config.merge.ensemble.model)
    candidates = count_candidates(config, raw)
    tell(f"ensemble ({config.merge.ensemble.classifier}) trained on {candidates:,} candidates")
    return candidates


def train_pipeline(
    recipe_path: Path,
    train: Path,
    out: Path,
    dev: Path | None = None,
    input_format: str | None = None,
    folds: int | None = None,
    on_event: Event | None = None,
    jobs: int = 1,
    cross_predictions: Path | None = None,
    private: bool = True,
) -> PipelineTrainResult:
    """Train the members and the ensemble of the recipe at ``recipe_path`` on ``train`` and
    write the pipeline to ``out``; with ``dev``, report on it (see the module docstring).

    With ``jobs`` > 1, the members' trainings (each fold's and the final ones) run in that many
    worker processes; each uses as many PyTorch threads as this process. With
    ``cross_predictions``, the spans the ensemble learned from are written there (see
    ``write_cross_predictions``) so that other ensembles can be fitted without training again.
    With ``private`` (the default), each member is trained privately on its notes' census (see
    :mod:`phiscrub.privacy`)."""
    recipe = read_recipe(recipe_path)
    settings = recipe.train
    if folds is not None:
        settings = settings.model_copy(update={"folds": folds})
    base = recipe_path.parent
    embeddings = base / settings.embeddings if settings.embeddings else None
    inputs = [p for p in (train, dev, embeddings, recipe_path) if p is not None]
    check_outputs(out, inputs)
    if cross_predictions is not None and any(paths_overlap(p, cross_predictions) for p in inputs):
        raise ConfigError("the cross-predictions file must not be an input or inside one")
    tell = on_event or (lambda _message: None)
    docs = _training_documents(train, input_format, settings, tell)
    dev_docs = list(read_corpus(dev, input_format)) if dev is not None else []
    config = recipe.pipeline_config()
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
    context = _Context(
        docs,
        dev_docs,
        config.language,
        settings,
        embeddings,
        _Resources(embeddings, settings.seed, tell),
        private=private,
    )
    tasks = _member_tasks(config, trainable, docs, settings, out)
    out.mkdir(parents=True, exist_ok=True)
    done = _run_tasks(tasks, context, jobs, tell)
    shutil.rmtree(out / "_folds", ignore_errors=True)
    seconds = {key: spent for key, (_, spent) in done.items()}
    candidates = 0
    if config.merge.ensemble is not None:
        started = time.perf_counter()
        candidates = _fit_ensemble_on_folds(
            config, trainable, docs, tasks, done, settings.seed, out, cross_predictions, tell
        )
        seconds["ensemble"] = time.perf_counter() - started
    pipeline = Pipeline(config, out)
    pipeline.save(out)
    evaluations = report(load_pipeline(out), dev_docs) if dev_docs else {}
    return PipelineTrainResult(out, evaluations, seconds, candidates)


def fit_pipeline_ensemble(
    config: PipelineConfig,
    pairs: Sequence[tuple[Document, Sequence[Span]]],
    seed: int,
    tell: Event | None = None,
) -> EnsembleModel:
    """The ensemble of ``config`` (its ``[merge.ensemble]``) fitted on (gold training note,
    every detector's cross-predicted spans) pairs; with a fallback trained without the
    optional neural members when it has any."""
    ensemble = config.merge.ensemble
    if ensemble is None:
        raise ConfigError("the pipeline has no [merge.ensemble] to train")

    def fit(members: list[str]) -> EnsembleModel:
        return fit_ensemble(
            pairs,
            members,
            config.language,
            ensemble.classifier,
            ensemble.c,
            ensemble.threshold,
            seed,
            ensemble.thresholds,
        )

    model = fit(ensemble.members)
    optional = {
        d.name for d in config.detector if isinstance(d, NeuralDetectorConfig) and d.optional
    }
    if optional & set(ensemble.members):
        rest = [m for m in ensemble.members if m not in optional]
        if not rest:
            raise ConfigError("an ensemble whose members are all optional has no fallback to train")
        model = replace(model, fallback=fit(rest))
        if tell is not None:
            tell(f"fallback ensemble trained without {', '.join(sorted(optional))}")
    return model


def count_candidates(config: PipelineConfig, raw: Sequence[Sequence[Span]]) -> int:
    """How many distinct instances the ensemble's members proposed in ``raw``."""
    members = set(config.merge.ensemble.members) if config.merge.ensemble else set()
    return sum(len({s.key for s in spans if s.detector in members}) for spans in raw)


def _untrained_spans(
    config: PipelineConfig,
    trainable: list[CRFDetectorConfig | NeuralDetectorConfig],
    docs: list[Document],
    first: list[list[Span]],
    tell: Event,
) -> list[list[Span]]:
    """Every detector's spans (and the two-pass dictionary's) for each training document:
    ``first`` holds the trainable members' cross-predicted ones; the others run here."""
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


def write_cross_predictions(
    path: Path, docs: Sequence[Document], spans: Sequence[Sequence[Span]]
) -> None:
    """One JSON line per document: its id and the spans proposed for it (offsets, label,
    score, source; never the text)."""
    lines = []
    for doc, found in zip(docs, spans, strict=True):
        rows = [[s.start, s.end, s.label, s.score, s.source] for s in found]
        lines.append(json.dumps({"doc_id": doc.doc_id, "spans": rows}) + "\n")
    write_atomic(path, "".join(lines))


def read_cross_predictions(path: Path, docs: Sequence[Document]) -> list[list[Span]]:
    """The spans of ``write_cross_predictions`` for ``docs`` (the same documents, in order)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read cross-predictions ({exc.strerror})") from None
    if len(lines) != len(docs):
        raise ConfigError(f"{path}: {len(lines)} lines for {len(docs)} training documents")
    result = []
    for number, (line, doc) in enumerate(zip(lines, docs, strict=True), start=1):
        try:
            row = json.loads(line)
            if row["doc_id"] != doc.doc_id:
                raise ValueError("another document's spans")
            spans = [
                Span(int(a), int(b), str(c), float(d), str(e)) for a, b, c, d, e in row["spans"]
            ]
        except (ValueError, KeyError, TypeError) as exc:
            raise ConfigError(f"{path}, line {number}: not cross-predictions ({exc})") from None
        result.append(spans)
    return result


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
