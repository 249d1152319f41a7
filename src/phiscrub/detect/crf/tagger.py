"""The CRF tagger: python-crfsuite over the clinical tokenizer and the feature families.

A trained model is a directory::

    crf.json            the CRFConfig recipe, the labels and one crfsuite file per model
    model-0.crfsuite    crfsuite's own binary model format (no pickles)
    clusters.json       the word-cluster table, when cluster features are on
    vocabulary.json     with private training: the public words, the only ones with features
    patterns.toml       the rule pack of the rule features, when it is not a built-in one

In ``joint`` mode one model tags all labels; in ``per_label`` mode each label has its own model
and their spans may overlap (the pipeline's merge policy resolves them).
"""

from __future__ import annotations

import json
import shutil
import time
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pycrfsuite

from phiscrub.configs import read_json, validated
from phiscrub.detect.base import TrainingProgress
from phiscrub.detect.crf.clusters import CLUSTERS_FILE, ClusterTable
from phiscrub.detect.crf.config import CRFConfig
from phiscrub.detect.crf.features import Featurizer, Layout
from phiscrub.detect.rules.patterns import BUILTIN
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError, FormatError, PhiscrubError
from phiscrub.io.files import write_atomic, write_atomic_with
from phiscrub.privacy import TokenCensus
from phiscrub.provenance import check_versions, versions
from phiscrub.text.tags import OUTSIDE, spans_to_tags, tags_to_spans

MODEL_FILE = "crf.json"
PATTERNS_FILE = "patterns.toml"
VOCABULARY_FILE = "vocabulary.json"
FORMAT_VERSION = 1

"""``progress(stage, done, total, loss)``: stage is ``features`` or the model being trained."""


@dataclass(frozen=True)
class TrainingReport:
    """What training saw and how long it took (no text, only counts)."""

    documents: int
    sequences: int
    tokens: int
    misaligned_spans: int
    overlapping_spans: int
    seconds: float
    iterations: dict[str, int]


class _Trainer(pycrfsuite.Trainer):
    """crfsuite's trainer with its log turned into ``progress`` calls instead of prints."""

    def __init__(self, progress: TrainingProgress | None, stage: str, total: int) -> None:
        super().__init__(verbose=True)
        self._progress, self._stage, self._total = progress, stage, total
        self.iterations = 0

    def on_iteration(self, log: str, info: dict) -> None:
        self.iterations = int(info.get("num", self.iterations + 1))
        if self._progress is not None:
            self._progress(self._stage, self.iterations, self._total, info.get("loss"))

    def on_start(self, log: str) -> None: ...
    def on_featgen_progress(self, log: str, percent: float) -> None: ...
    def on_featgen_end(self, log: str) -> None: ...
    def on_prepared(self, log: str) -> None: ...
    def on_prepare_error(self, log: str) -> None: ...
    def on_optimization_end(self, log: str) -> None: ...
    def on_end(self, log: str) -> None: ...


def _trainer_params(config: CRFConfig) -> dict[str, object]:
    settings = config.trainer
    params: dict[str, object] = {
        "max_iterations": settings.max_iterations,
        "feature.minfreq": settings.min_feature_frequency,
        "feature.possible_transitions": settings.all_transitions,
    }
    if settings.algorithm == "lbfgs":
        params.update({"c1": settings.c1, "c2": settings.c2})
    elif settings.algorithm == "l2sgd":
        params["c2"] = settings.c2
    return params


class CRFTagger:
    """A trained CRF as a detector. Build one with :meth:`fit` or :meth:`load`.

    Args:
        config: The recipe the model was trained with.
        directory: The model directory (crfsuite files are opened from it on first use).
        labels: The labels the model emits.
        models: The crfsuite file of each model: ``{"*": file}`` in joint mode, else per label.
        name: The detector's name (the ``source`` of its spans).
    """

    def __init__(
        self,
        config: CRFConfig,
        directory: Path,
        labels: Sequence[str],
        models: dict[str, str],
        name: str = "crf",
        private: bool = False,
    ) -> None:
        self.config = config
        self.directory = directory
        self.labels = tuple(labels)
        self.models = dict(models)
        self.name = name
        self.private = private
        self._featurizer: Featurizer | None = None
        self._taggers: dict[str, pycrfsuite.Tagger] | None = None

    @property
    def featurizer(self) -> Featurizer:
        if self._featurizer is None:
            clusters = None
            if self.config.features.clusters:
                if not (self.directory / CLUSTERS_FILE).exists():
                    raise FormatError(
                        self.directory / CLUSTERS_FILE,
                        "the model's cluster features need this file, and it is missing",
                    )
                clusters = ClusterTable.load(self.directory)
            vocabulary = None
            if self.private:
                path = self.directory / VOCABULARY_FILE
                words = read_json(path, "vocabulary")
                if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
                    raise FormatError(path, "expected a list of words")
                vocabulary = frozenset(words)
            self._featurizer = Featurizer(self.config, clusters, self.directory, vocabulary)
        return self._featurizer

    def _open(self) -> dict[str, pycrfsuite.Tagger]:
        if self._taggers is None:
            taggers = {}
            for key, file in self.models.items():
                tagger = pycrfsuite.Tagger()
                path = self.directory / file
                try:
                    tagger.open(str(path))
                except (OSError, ValueError):
                    raise FormatError(path, "not a crfsuite model") from None
                taggers[key] = tagger
            self._taggers = taggers
        return self._taggers

    # -- tagging ---------------------------------------------------------------------------

    def detect(self, doc: Document) -> list[Span]:
        layout = self.featurizer.layout(doc.text)
        if not layout.tokens:
            return []
        features = self.featurizer.featurize(doc, layout)
        spans: list[Span] = []
        for tagger in self._open().values():
            for first, last in layout.sequences:
                spans += self._tag_sequence(tagger, layout, features, first, last)
        return sorted(spans, key=lambda s: (s.start, s.end, s.label))

    def _tag_sequence(
        self,
        tagger: pycrfsuite.Tagger,
        layout: Layout,
        features: list[list[str]],
        first: int,
        last: int,
    ) -> list[Span]:
        tagger.set(features[first:last])
        tags = tagger.tag()
        if all(tag == OUTSIDE for tag in tags):
            return []
        tokens = layout.tokens[first:last]
        starts = [t.start for t in tokens]
        spans = []
        for span in tags_to_spans(tokens, tags, self.name):
            # score: the least confident token of the span (marginal of its predicted tag);
            # its tokens found by bisection, so a line full of spans stays linear
            score = min(
                tagger.marginal(tags[j], j)
                for j in range(bisect_left(starts, span.start), bisect_left(starts, span.end))
            )
            spans.append(Span(span.start, span.end, span.label, round(score, 4), self.name))
        return spans

    # -- training --------------------------------------------------------------------------

    @classmethod
    def fit(
        cls,
        docs: Iterable[Document],
        directory: str | Path,
        config: CRFConfig | None = None,
        clusters: ClusterTable | None = None,
        progress: TrainingProgress | None = None,
        name: str = "crf",
        private: TokenCensus | None = None,
    ) -> tuple[CRFTagger, TrainingReport]:
        """Train on annotated ``docs`` and write the model directory.

        Args:
            docs: Training documents with gold spans.
            directory: Where the model goes (created; files in it are replaced atomically).
            config: The recipe (defaults for every setting when None).
            clusters: The word-cluster table (required when cluster features are on).
            progress: Called as features are built and after each training iteration.
            private: The census of ``docs`` for private training (see :mod:`phiscrub.privacy`):
                only its public words get features or enter the model's files. None trains
                on every word, and the model then holds words of the training notes.
        """
        config = config or CRFConfig()
        if config.features.clusters and clusters is None:
            raise ConfigError(
                "cluster features are on but no clusters were given: pass word embeddings "
                "(--embeddings) or turn the feature off (features.clusters = false)"
            )
        started = time.perf_counter()
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        config = _with_patterns_copied(config, directory)
        if private is not None and clusters is not None:
            clusters = clusters.without(private.withheld)
        featurizer = Featurizer(
            config,
            clusters,
            directory,
            private.public if private is not None else None,
            private.withheld if private is not None else frozenset(),
        )
        docs = list(docs)
        labels = config.labels or sorted({s.label for d in docs for s in d.spans})
        if not labels:
            raise PhiscrubError("the training documents have no annotated spans to learn from")
        groups = {"*": labels} if config.mode == "joint" else {label: [label] for label in labels}
        sequences, counts = _training_sequences(docs, featurizer, groups, config.scheme, progress)
        models: dict[str, str] = {}
        iterations: dict[str, int] = {}
        for index, key in enumerate(groups):
            file = f"model-{index}.crfsuite"
            stage = "model" if key == "*" else f"model {index + 1}/{len(groups)}"
            trainer = _Trainer(progress, stage, config.trainer.max_iterations)
            trainer.select(config.trainer.algorithm, "crf1d")
            for xseq, yseq in sequences.pop(key):
                trainer.append(xseq, yseq)
            trainer.set_params(_trainer_params(config))
            write_atomic_with(directory / file, lambda path, t=trainer: t.train(str(path)))
            models[key] = file
            iterations[key if key != "*" else "joint"] = trainer.iterations
        if clusters is not None and config.features.clusters:
            clusters.save(directory)
        if private is not None:
            write_atomic(
                directory / VOCABULARY_FILE,
                json.dumps(sorted(private.public), ensure_ascii=False) + "\n",
            )
        tagger = cls(config, directory, labels, models, name, private is not None)
        tagger._write_manifest()
        report = TrainingReport(
            documents=len(docs),
            **counts,
            seconds=time.perf_counter() - started,
            iterations=iterations,
        )
        return tagger, report

    def _write_manifest(self) -> None:
        data = {
            "format": "phiscrub-crf",
            "version": FORMAT_VERSION,
            "labels": list(self.labels),
            "models": self.models,
            "private": self.private,
            "config": self.config.model_dump(),
            "versions": versions(),
        }
        write_atomic(self.directory / MODEL_FILE, json.dumps(data, indent=2) + "\n")

    # -- loading and copying ---------------------------------------------------------------

    @classmethod
    def load(cls, directory: str | Path, name: str = "crf") -> CRFTagger:
        """Open a model directory (cheap: crfsuite files are opened on first use)."""
        directory = Path(directory)
        path = directory / MODEL_FILE
        data = read_json(path, "CRF model")
        if not isinstance(data, dict) or data.get("format") != "phiscrub-crf":
            raise ConfigError(f"{path}: not a phiscrub CRF model")
        if data.get("version") != FORMAT_VERSION:
            raise ConfigError(
                f"{path}: CRF model format version {data.get('version')!r}; "
                f"this phiscrub reads version {FORMAT_VERSION}"
            )
        config = validated(CRFConfig, data.get("config"), str(path))
        check_versions(data.get("versions"), str(path))
        models = data.get("models")
        labels = data.get("labels")
        if not isinstance(models, dict) or not isinstance(labels, list) or not models:
            raise ConfigError(f"{path}: 'models' and 'labels' are missing or malformed")
        for file in models.values():
            if not isinstance(file, str) or Path(file).name != file:
                raise ConfigError(f"{path}: model file names must be plain file names")
        return cls(config, directory, labels, models, name, bool(data.get("private", False)))

    def save(self, directory: str | Path) -> CRFTagger:
        """Copy the model directory to ``directory`` and return the tagger opened there."""
        directory = Path(directory)
        if directory.resolve() != self.directory.resolve():
            shutil.copytree(self.directory, directory, dirs_exist_ok=True)
        return CRFTagger.load(directory, self.name)


def _with_patterns_copied(config: CRFConfig, directory: Path) -> CRFConfig:
    """``config`` with a pattern file that is not built in copied into the model directory
    (and named there), so that the directory alone rebuilds the tagger."""
    if config.patterns is None or config.patterns in BUILTIN:
        return config
    source = Path(config.patterns)
    try:
        write_atomic(directory / PATTERNS_FILE, source.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"{source}: cannot read pattern file ({exc.strerror})") from None
    return config.model_copy(update={"patterns": PATTERNS_FILE})


def _training_sequences(
    docs: list[Document],
    featurizer: Featurizer,
    groups: dict[str, list[str]],
    scheme: str,
    progress: TrainingProgress | None,
) -> tuple[dict[str, list[tuple[list[list[str]], list[str]]]], dict[str, int]]:
    """Each model's (features, tags) sequences, and counts for the training report."""
    sequences: dict[str, list[tuple[list[list[str]], list[str]]]] = {k: [] for k in groups}
    counts = dict.fromkeys(("sequences", "tokens", "misaligned_spans", "overlapping_spans"), 0)
    for number, doc in enumerate(docs, start=1):
        layout = featurizer.layout(doc.text)
        features = featurizer.featurize(doc, layout)
        counts["tokens"] += len(layout.tokens)
        counts["sequences"] += len(layout.sequences)
        for key, group in groups.items():
            spans = [s for s in doc.spans if s.label in group]
            encoded = spans_to_tags(layout.tokens, spans, scheme, alignment="expand")
            counts["misaligned_spans"] += len(encoded.misaligned)
            counts["overlapping_spans"] += len(encoded.overlapping)
            for first, last in layout.sequences:
                sequences[key].append((features[first:last], encoded.tags[first:last]))
        if progress is not None:
            progress("features", number, len(docs), None)
    return sequences, counts
