"""The pipeline at run time: detectors built from its config, two-pass detection, the merge,
and replacement."""

from __future__ import annotations

import dataclasses
import gc
import json
import shutil
import warnings
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from phiscrub import registry
from phiscrub.detect.base import Detector, detect_batch
from phiscrub.detect.crf import CRFTagger
from phiscrub.detect.dictionary.detector import DictionaryDetector
from phiscrub.detect.dictionary.name_words import Occupied
from phiscrub.detect.dictionary.patient import PatientDictionary, build_patient_dictionary
from phiscrub.detect.neural import require_torch
from phiscrub.detect.rules import RuleDetector
from phiscrub.detect.rules.patterns import BUILTIN
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.io.files import write_atomic
from phiscrub.merge import DEFAULT_PRIORITY, Dropped, merge_spans
from phiscrub.merge.ages import ages_after_names
from phiscrub.merge.ensemble import EnsembleModel, fill_gaps
from phiscrub.merge.restore import restore_absorbed, restore_uncovered
from phiscrub.merge.roles import assign_roles
from phiscrub.merge.routing import backstop, route
from phiscrub.merge.sanity import apply_sanity, sanity_rules, screen
from phiscrub.pipeline.config import (
    BATCH_DOCUMENTS,
    CONFIG_FILE,
    ENSEMBLE_DIRECTORY,
    TWO_PASS_SOURCE,
    CRFDetectorConfig,
    DictionaryConfig,
    EncoderDetectorConfig,
    EnsembleConfig,
    ModelConfig,
    NeuralDetectorConfig,
    PipelineConfig,
    PluginDetectorConfig,
    RulesConfig,
)
from phiscrub.pipeline.view import capitals_twin, detection_view
from phiscrub.provenance import versions
from phiscrub.replace import ReplaceConfig, Replacement, Replacer, SecretKey
from phiscrub.text.casing import typed_in_lower_case

_PERSONS = frozenset({"PATIENT", "DOCTOR"})
"""Labels whose spans the capitals twin only adds where nothing was found (``_twin_pass``)."""


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
        view = detection_view(doc, self.config.language)
        return view.spans_to_original(self._first_pass(view.doc))

    def _first_pass(self, doc: Document) -> list[Span]:
        """``first_pass`` of a note already as the detectors read it."""
        twin = self._twin(doc)
        spans = [
            span
            for detector in self.detectors
            for span in detector.detect(twin if self._reads_twin(detector, twin) else doc)
        ]
        return spans + self._twin_pass(doc, spans, twin)

    @cached_property
    def _trained(self) -> frozenset[str]:
        """The names of the trained detectors (CRF, neural, encoder)."""
        models = (CRFDetectorConfig, NeuralDetectorConfig, EncoderDetectorConfig)
        return frozenset(c.name for c in self.config.detector if isinstance(c, models))

    def _twin(self, doc: Document) -> Document | None:
        """The capitals twin of a note typed in capitals (the note in lower case with English
        capitals restored, letter for letter), where a setting reads it; None for any other
        note."""
        if not (self.config.capitals_twin or self.config.models_read_twin):
            return None
        return capitals_twin(doc, self.config.language)

    def _reads_twin(self, detector: Detector, twin: Document | None) -> bool:
        """Whether ``detector`` reads the twin instead of the note (``models_read_twin``): the
        trained ones do, since they learned names from notes in mixed case, and in capitals
        every word looks like one (on meddeid-data's en-US notes in capitals, HIPAA characters
        missed 153 -> 85 and characters flagged outside gold 162 -> 16)."""
        return twin is not None and self.config.models_read_twin and detector.name in self._trained

    def _twin_pass(self, doc: Document, found: Sequence[Span], twin: Document | None) -> list[Span]:
        """The rules' and dictionaries' spans in ``twin``, the twin of a note typed in capitals
        (:func:`~phiscrub.pipeline.view.capitals_twin`; same offsets), where no detector found
        anything in the note itself, or, for a place or an institution, only spans inside
        them ("MARISOL'S" of "Marisol's Taqueria"): the twin fills gaps and widens the
        places it holds whole; it does not overrule a span that reaches past it, nor widen a
        name (the twin's capitals join a name to a word that is a name too: "Feinberg
        Said")."""
        if not self.config.capitals_twin or twin is None:
            return []
        taken = Occupied((s.start, s.end) for s in found)
        readers = (d for d in self.detectors if isinstance(d, RuleDetector | DictionaryDetector))
        return [
            span
            for detector in readers
            for span in detector.detect(twin)
            if not taken.overlaps(span.start, span.end)
            or (span.label not in _PERSONS and taken.within(span.start, span.end))
        ]

    def first_pass_many(self, docs: Sequence[Document]) -> list[list[Span]]:
        """``first_pass`` of several documents; detectors that tag in batches (``detect_many``,
        the neural tagger) get them all at once."""
        found: list[list[Span]] = [[] for _ in docs]
        views = [detection_view(doc, self.config.language) for doc in docs]
        twins = [self._twin(view.doc) for view in views]
        for detector in self.detectors:
            read = [
                twin if self._reads_twin(detector, twin) else view.doc
                for view, twin in zip(views, twins, strict=True)
            ]
            answers = detect_batch(detector, read)
            for spans, answer in zip(found, answers, strict=True):
                spans += answer
        for spans, view, twin in zip(found, views, twins, strict=True):
            spans += self._twin_pass(view.doc, spans, twin)
        _settle_heap()
        return [view.spans_to_original(spans) for view, spans in zip(views, found, strict=True)]

    def patient_dictionary(
        self,
        notes: Iterable[tuple[Document, Iterable[Span]]],
        into: PatientDictionary | None = None,
    ) -> PatientDictionary:
        """The run-time dictionary of one patient from the first-pass spans of their notes
        (added to ``into`` when given, so that notes can come one at a time)."""
        settings = self.config.two_pass
        views = ((detection_view(doc, self.config.language), spans) for doc, spans in notes)
        return build_patient_dictionary(
            ((view.doc, view.spans_to_view(spans)) for view, spans in views),
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
        view = detection_view(as_document(doc), self.config.language)
        doc = view.doc
        spans = view.spans_to_view(raw) if raw is not None else self._first_pass(doc)
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
        rules = sanity_rules(settings.sanity) if settings.sanity else None
        screened: list[Dropped] = []
        if rules is not None:  # a span whose shape PHI cannot have wins no overlap
            final, screened = screen(doc, list(final), rules)
        priority = settings.priority or DEFAULT_PRIORITY
        merged = merge_spans(final, settings.policy, priority, settings.widen, settings.outer)
        kept, dropped = list(merged.spans), [*screened, *merged.dropped]
        if rules is not None:
            kept, cut = apply_sanity(doc, kept, rules)
            kept, restored = restore_absorbed(doc, kept, cut, merged.dropped, rules, priority)
            if settings.outer:
                kept, uncovered = restore_uncovered(
                    doc, kept, merged.dropped, settings.outer, rules
                )
                restored += uncovered
            back = set(restored)
            dropped = [d for d in dropped if d.span not in back] + cut
        if settings.roles:
            kept, relabelled = assign_roles(kept, spans)
            dropped += relabelled
        if rules is not None and rules.age_after_name is not None:
            lower = typed_in_lower_case(doc.metadata)
            kept = ages_after_names(doc.text, kept, rules.age_after_name, lower)
        return Detection(
            tuple(view.spans_to_original(kept)),
            tuple(view.spans_to_original(spans)),
            tuple(view.dropped_to_original(dropped)),
            doc.doc_id,
        )

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


_SETTLED: list[bool] = []


def _settle_heap() -> None:
    """Once per process, after the first batch has loaded the detectors' lexicons and models:
    move every object alive into the collector's permanent generation (``gc.freeze``).

    The loaded resources are some 200,000 long-lived objects that each full collection would
    walk again while notes are tagged; frozen, they are not (about 14% of the CPU time of the
    ``default`` pipeline, ``benchmarks/speed.py``). They are still freed by reference counting;
    only cycles among them outlive the pipeline, as its resources would anyway while their
    caches hold them. Forked workers share the frozen pages instead of copying them.
    """
    if not _SETTLED:
        _SETTLED.append(True)
        gc.collect()
        gc.freeze()


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
