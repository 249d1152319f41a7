"""``phiscrub train ensemble``: fit a trained pipeline's ensemble again, without its members.

Training the members of a pipeline and their k-fold cross-predictions takes hours; the ensemble
over them takes seconds. ``phiscrub train pipeline --cross-predictions FILE`` keeps the spans
the ensemble learned from; this command fits a new ensemble on them (another classifier, C,
threshold, set of members or gap fill) and writes a new pipeline directory: the old one's
models and config, with the new ``[merge.ensemble]`` and its model. The old pipeline is never
changed. Decision thresholds alone (``threshold``, ``thresholds``) change no fitted parameter,
so they can be changed without the cross-predictions: the fitted ensemble is kept as it is.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import ValidationError

from phiscrub.errors import ConfigError
from phiscrub.evaluate.scorer import Evaluation
from phiscrub.io import read_corpus
from phiscrub.merge.ensemble import EnsembleModel
from phiscrub.pipeline import EnsembleConfig, Pipeline, PipelineConfig, load_pipeline
from phiscrub.train.members import check_outputs
from phiscrub.train.pipeline import (
    count_candidates,
    fit_pipeline_ensemble,
    read_cross_predictions,
    report,
)


@dataclass(frozen=True)
class RefitResult:
    pipeline: Path
    ensemble: EnsembleConfig
    candidates: int
    """How many candidates the new ensemble was fitted on (0 when it was not fitted again)."""
    dev: dict[str, Evaluation]
    """Dev evaluation of each member alone, of the ensemble alone, and of the pipeline."""


THRESHOLDS = frozenset({"threshold", "thresholds"})
"""The ensemble's fields that change no fitted parameter."""


def refit_ensemble(
    pipeline: Path,
    train: Path | None,
    cross_predictions: Path | None,
    out: Path,
    changes: dict[str, object],
    dev: Path | None = None,
    input_format: str | None = None,
    seed: int = 1,
    on_event: Callable[[str], None] | None = None,
) -> RefitResult:
    """Fit the ensemble of the pipeline directory ``pipeline`` again and write the result to
    ``out``.

    Args:
        pipeline: A trained pipeline directory.
        train: The training corpus the cross-predictions were made for (same notes, same
            order); None (with no ``cross_predictions``) when only thresholds change.
        cross_predictions: What ``phiscrub train pipeline --cross-predictions`` wrote.
        out: New directory for the refitted pipeline.
        changes: ``[merge.ensemble]`` fields to change (``members``, ``classifier``, ``c``,
            ``threshold``, ``thresholds``, ``fill``); a pipeline without an ensemble needs
            ``members``.
        dev: Annotated corpus to report on.
        seed: Seed of the classifier.
    """
    tell = on_event or (lambda _message: None)
    if not (pipeline / "pipeline.json").is_file():
        raise ConfigError(f"{pipeline}: not a pipeline directory (no pipeline.json)")
    inputs = [p for p in (pipeline, train, cross_predictions, dev) if p is not None]
    check_outputs(out, inputs)
    _check_refit_inputs(train, cross_predictions, changes)
    config = load_pipeline(pipeline).config
    old = config.merge.ensemble
    if train is None and old is None:
        raise ConfigError(f"{pipeline}: the pipeline has no ensemble whose thresholds to change")
    ensemble, new = _changed_config(config, changes)
    if train is None or cross_predictions is None:
        kept = EnsembleModel.load(pipeline / old.model)  # type: ignore[union-attr]
        model = _with_thresholds(kept, ensemble.threshold, ensemble.thresholds)
        candidates = 0
        tell("ensemble kept; its decision thresholds changed")
    else:
        docs = list(read_corpus(train, input_format))
        raw = read_cross_predictions(cross_predictions, docs)
        model = fit_pipeline_ensemble(new, list(zip(docs, raw, strict=True)), seed, tell)
        candidates = count_candidates(new, raw)
        tell(f"ensemble ({ensemble.classifier}) fitted on {candidates:,} candidates")
    _copy_members(pipeline, out, {old.model} if old is not None else set())
    model.save(out / ensemble.model)
    Pipeline(new, out).save(out)
    dev_docs = list(read_corpus(dev, input_format)) if dev is not None else []
    evaluations = report(load_pipeline(out), dev_docs) if dev_docs else {}
    return RefitResult(out, ensemble, candidates, evaluations)


def _check_refit_inputs(
    train: Path | None, cross_predictions: Path | None, changes: dict[str, object]
) -> None:
    """Refuse a refit given half of its training data, or a change that needs it without it."""
    if (train is None) != (cross_predictions is None):
        raise ConfigError(
            "refitting an ensemble needs both the training corpus and its cross-predictions"
        )
    if train is None and not set(changes) <= THRESHOLDS:
        changed = sorted(set(changes) - THRESHOLDS)
        raise ConfigError(
            f"changing {changed} fits the ensemble again: give the training corpus and its "
            "cross-predictions (only thresholds can change without them)"
        )


def _changed_config(
    config: PipelineConfig, changes: dict[str, object]
) -> tuple[EnsembleConfig, PipelineConfig]:
    """The new ``[merge.ensemble]`` and the pipeline config holding it, validated."""
    old = config.merge.ensemble
    fields = {**(old.model_dump() if old is not None else {}), **changes}
    try:
        ensemble = EnsembleConfig.model_validate(fields)
        merge = config.merge.model_copy(update={"ensemble": ensemble})
        new = PipelineConfig.model_validate({**config.model_dump(), "merge": merge.model_dump()})
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in e['loc']) or 'ensemble'}: {e['msg']}"
            for e in exc.errors()
        )
        raise ConfigError(f"the new ensemble is not valid: {problems}") from None
    return ensemble, new


def _copy_members(pipeline: Path, out: Path, skip: set[str]) -> None:
    """Copy the pipeline directory's models to ``out``, but not its config or ``skip``."""
    out.mkdir(parents=True, exist_ok=True)
    for entry in sorted(pipeline.iterdir()):
        if entry.name in skip or entry.name == "pipeline.json":
            continue
        if entry.is_dir():
            shutil.copytree(entry, out / entry.name)
        else:
            shutil.copy2(entry, out / entry.name)


def _with_thresholds(
    model: EnsembleModel, threshold: float, thresholds: dict[str, float]
) -> EnsembleModel:
    """``model`` (and its fallback) accepting candidates above new decision values."""
    fallback = model.fallback
    if fallback is not None:
        fallback = _with_thresholds(fallback, threshold, thresholds)
    return replace(model, threshold=threshold, thresholds=dict(thresholds), fallback=fallback)
