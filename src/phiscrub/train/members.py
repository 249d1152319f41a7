"""Training commands behind ``phiscrub train``: each writes a pipeline directory.

``train_neural`` does the same for the neural taggers (``OUT/neural/``).

``train_crf`` reads an annotated corpus, makes word clusters from an embeddings file when the
cluster features are on, trains the CRF, and writes::

    OUT/pipeline.json     a pipeline running the CRF alone (phiscrub detect/deid --pipeline OUT)
    OUT/crf/              the CRF model directory (crf.json, *.crfsuite, clusters.json)

then, with a dev corpus, tags it and scores it with our evaluator.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from phiscrub.configs import loads, validated
from phiscrub.detect.base import TrainingProgress
from phiscrub.detect.crf import FAMILIES, CRFConfig, CRFTagger, TrainingReport
from phiscrub.detect.crf.clusters import brown_clusters, make_clusters
from phiscrub.detect.neural import PRESETS, NeuralConfig, preset, require_torch
from phiscrub.document import Document
from phiscrub.errors import ConfigError
from phiscrub.evaluate import evaluate
from phiscrub.evaluate.scorer import Evaluation
from phiscrub.io import read_corpus
from phiscrub.io.files import check_output
from phiscrub.pipeline import (
    CRFDetectorConfig,
    MergeConfig,
    NeuralDetectorConfig,
    Pipeline,
    PipelineConfig,
)
from phiscrub.privacy import census
from phiscrub.text.vectors import read_vectors

if TYPE_CHECKING:
    from phiscrub.detect.neural.trainer import EpochRecord, NeuralTrainingReport

CRF_DIRECTORY = "crf"


def read_crf_config(path: Path | None, without: list[str], language: str | None) -> CRFConfig:
    """A CRF recipe from a TOML/JSON file (defaults when None), with feature families turned
    off by name and the language overridden."""
    data: dict = {}
    if path is not None:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"{path}: cannot read CRF config ({exc.strerror})") from None
        data = loads(text, str(path), path.suffix == ".json")
    origin = str(path) if path is not None else "CRF settings"
    config = validated(CRFConfig, data, origin)
    unknown = sorted(set(without) - set(FAMILIES))
    if unknown:
        raise ConfigError(
            f"unknown feature family {', '.join(unknown)}; expected some of {', '.join(FAMILIES)}"
        )
    features = config.features.model_copy(update={family: False for family in without})
    update: dict[str, object] = {"features": features}
    if language is not None:
        update["language"] = language
    return validated(CRFConfig, config.model_copy(update=update).model_dump(), origin)


@dataclass(frozen=True)
class CRFTrainResult:
    pipeline: Path
    report: TrainingReport
    dev: Evaluation | None
    dev_seconds: float
    dev_characters: int


def check_outputs(out: Path, inputs: list[Path]) -> None:
    """Refuse an ``out`` that overlaps one of ``inputs`` or already holds files."""
    for source in inputs:
        check_output(source, out, "choose a new directory for the model")


def train_crf(
    train: Path,
    out: Path,
    config: CRFConfig,
    dev: Path | None = None,
    embeddings: Path | None = None,
    input_format: str | None = None,
    progress: TrainingProgress | None = None,
    seed: int = 1,
    on_dev: Callable[[int, int], None] | None = None,
    private: bool = True,
) -> CRFTrainResult:
    """Train a CRF on the corpus at ``train`` and write a pipeline directory at ``out``.

    Args:
        train: Annotated training corpus (file or directory; any readable format).
        out: New (or empty) directory for the pipeline.
        config: The CRF recipe.
        dev: Annotated corpus to report on after training.
        embeddings: word2vec text file for the cluster features.
        input_format: Format of both corpora (detected when None).
        progress: Training progress callback (see ``CRFTagger.fit``).
        seed: Seed of the k-means clustering.
        on_dev: Called as ``on_dev(done, total)`` while the dev corpus is tagged.
        private: Private training (see :mod:`phiscrub.privacy`): only words seen often enough
            outside PHI in ``train`` reach the model. Off, the model holds training words.
    """
    check_outputs(out, [p for p in (train, dev, embeddings) if p is not None])
    clusters = None
    if config.features.clusters and config.cluster_source == "brown":
        clusters = brown_clusters(config.language, config.clusters)
    elif config.features.clusters and embeddings is None:
        warnings.warn(
            "no word embeddings given (--embeddings): training without cluster features",
            stacklevel=2,
        )
        config = config.model_copy(
            update={"features": config.features.model_copy(update={"clusters": False})}
        )
    elif config.features.clusters:
        assert embeddings is not None
        clusters = make_clusters(read_vectors(embeddings), config.clusters, seed)
    docs = list(read_corpus(train, input_format))
    dev_docs = list(read_corpus(dev, input_format)) if dev is not None else []
    tagger, report = CRFTagger.fit(
        docs,
        out / CRF_DIRECTORY,
        config,
        clusters,
        progress,
        private=census(docs) if private else None,
    )
    pipeline = Pipeline(
        PipelineConfig(
            name=f"crf-{config.language}",
            language=config.language,
            detector=[CRFDetectorConfig(type="crf", model=CRF_DIRECTORY)],
            merge=MergeConfig(policy="priority"),
        ),
        out,
    )
    pipeline.save(out)
    evaluation = None
    seconds = 0.0
    if dev_docs:
        started = time.perf_counter()
        system: list[Document] = []
        for number, doc in enumerate(dev_docs, start=1):
            system.append(doc.with_spans(tagger.detect(doc)))
            if on_dev is not None:
                on_dev(number, len(dev_docs))
        seconds = time.perf_counter() - started
        evaluation = evaluate(dev_docs, system)
    characters = sum(len(doc.text) for doc in dev_docs)
    return CRFTrainResult(out, report, evaluation, seconds, characters)


NEURAL_DIRECTORY = "neural"


def read_neural_config(
    source: str,
    language: str | None = None,
    max_epochs: int | None = None,
    patience: int | None = None,
) -> NeuralConfig:
    """A neural recipe: a preset name (``neuroner``, ``bilstm-fea``, ``cedi``) or a TOML/JSON
    file whose settings update the preset it names (``preset = "cedi"``; neuroner if none)."""
    if source in PRESETS:
        data, origin = preset(source), f"preset {source}"
    else:
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(
                f"{path}: cannot read neural config ({exc.strerror}); the presets are "
                f"{', '.join(PRESETS)}"
            ) from None
        overrides = loads(text, str(path), path.suffix == ".json")
        base = overrides.get("preset", "neuroner")
        if base not in PRESETS:
            raise ConfigError(f"{path}: unknown preset {base!r}; expected one of {PRESETS}")
        data, origin = _deep_update(preset(base), overrides), str(path)
    training = dict(data.get("training", {}))
    if max_epochs is not None:
        training["max_epochs"] = max_epochs
    if patience is not None:
        training["patience"] = patience
    data["training"] = training
    if language is not None:
        data["language"] = language
    return validated(NeuralConfig, data, origin)


def _deep_update(base: dict, changes: dict) -> dict:
    merged = dict(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_update(merged[key], value)
        else:
            merged[key] = value
    return merged


@dataclass(frozen=True)
class NeuralTrainResult:
    pipeline: Path
    report: NeuralTrainingReport
    dev: Evaluation | None


def train_neural(
    train: Path,
    out: Path,
    config: NeuralConfig,
    dev: Path | None = None,
    embeddings: Path | None = None,
    input_format: str | None = None,
    seed: int = 1,
    device: str = "cpu",
    progress: TrainingProgress | None = None,
    on_epoch: Callable[[EpochRecord], None] | None = None,
    private: bool = True,
) -> NeuralTrainResult:
    """Train a neural tagger and write a pipeline directory at ``out``::

        OUT/pipeline.json     a pipeline running the tagger alone
        OUT/neural/           the model directory (neural.json, vocab.json, weights)

    With ``dev``, training stops early on dev strict F1 and the best epoch's weights are kept;
    the returned evaluation is of those weights. ``private`` as in :func:`train_crf`.
    """
    require_torch()
    from phiscrub.detect.neural.trainer import fit

    check_outputs(out, [p for p in (train, dev, embeddings) if p is not None])
    vectors = read_vectors(embeddings) if embeddings is not None else None
    docs = list(read_corpus(train, input_format))
    dev_docs = list(read_corpus(dev, input_format)) if dev is not None else []
    tagger, report = fit(
        docs,
        out / NEURAL_DIRECTORY,
        config,
        dev_docs,
        vectors,
        seed,
        device,
        progress,
        on_epoch,
        private=census(docs) if private else None,
    )
    Pipeline(
        PipelineConfig(
            name=f"{config.preset}-{config.language}",
            language=config.language,
            detector=[NeuralDetectorConfig(type="neural", model=NEURAL_DIRECTORY, device=device)],
            merge=MergeConfig(policy="priority"),
        ),
        out,
    ).save(out)
    evaluation = None
    if dev_docs:
        found = tagger.detect_many(dev_docs)
        evaluation = evaluate(
            dev_docs, [d.with_spans(s) for d, s in zip(dev_docs, found, strict=True)]
        )
    return NeuralTrainResult(out, report, evaluation)
