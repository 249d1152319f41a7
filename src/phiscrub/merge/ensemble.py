"""Liu et al. 2017's ensemble: a classifier accepts or rejects each candidate PHI instance that
the member detectors propose (features in ``phiscrub.merge.candidates``).

Training needs scikit-learn (the ``ensemble`` extra); a trained ensemble is saved as
``ensemble.json`` (the recipe, the feature scaling and the classifier's parameters as numbers)
and is applied with numpy alone, so a pipeline that uses it needs no scikit-learn to run.

Classifiers:

- ``svm``: an SVM with an RBF kernel (``sklearn.svm.SVC``), as Liu et al.;
- ``linear-svm``: a linear SVM (``sklearn.svm.LinearSVC``);
- ``logistic``: logistic regression.

A candidate is accepted when the decision value is above ``threshold`` (0 by default; a lower
threshold trades precision for recall), or above its label's own value in ``thresholds``.
Accepted candidates that overlap are resolved by their decision value; each carries a score in
(0, 1) and the source ``ensemble:MEMBERS`` (the members that proposed it, as
``ensemble:crf+neural``), so its detector is ``ensemble``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Literal

import numpy as np

from phiscrub.document import Document, Span, SpanCover
from phiscrub.errors import ConfigError
from phiscrub.io.files import write_atomic
from phiscrub.merge.candidates import Candidate, candidate_matrix, candidates, feature_names
from phiscrub.merge.policies import merge_spans

FORMAT = "phiscrub-ensemble"
VERSION = 1
ENSEMBLE_FILE = "ensemble.json"
SOURCE = "ensemble"
Classifier = Literal["svm", "linear-svm", "logistic"]
CLASSIFIERS: tuple[str, ...] = ("svm", "linear-svm", "logistic")


@dataclass(frozen=True)
class EnsembleModel:
    """A trained ensemble: which members it reads, its features, and its classifier."""

    members: tuple[str, ...]
    labels: tuple[str, ...]
    language: str
    classifier: str
    mean: np.ndarray
    scale: np.ndarray
    params: dict[str, np.ndarray | float] = field(repr=False)
    threshold: float = 0.0
    fallback: EnsembleModel | None = None
    """The same ensemble trained without the optional members, used when they cannot run."""
    thresholds: dict[str, float] = field(default_factory=dict)
    """Labels whose candidates are accepted above another decision value than ``threshold``."""

    def threshold_of(self, label: str) -> float:
        """The decision value a candidate of ``label`` must exceed."""
        return self.thresholds.get(label, self.threshold)

    @property
    def features(self) -> list[str]:
        return feature_names(self.members, self.labels)

    @cached_property
    def _kernel_terms(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The support vectors (transposed), their squared norms and the dual coefficients,
        in float32, made once: the RBF kernel's ``exp`` over every support vector is most of
        the ensemble's time, and float32 halves it (decision values move by about 1e-4)."""
        vectors = np.asarray(self.params["support_vectors"], dtype=np.float64)
        return (
            np.ascontiguousarray(vectors.T, dtype=np.float32),
            (vectors * vectors).sum(axis=1).astype(np.float32),
            np.asarray(self.params["dual_coef"], dtype=np.float32),
        )

    def decision(self, matrix: np.ndarray) -> np.ndarray:
        """The classifier's decision value for each row (positive: accept)."""
        if matrix.shape[0] == 0:
            return np.zeros(0)
        x = (matrix - self.mean) / self.scale
        if self.classifier == "svm":
            vectors_t, norms, dual = self._kernel_terms
            x32 = x.astype(np.float32)
            squared = x32 @ vectors_t
            squared *= -2.0
            squared += norms
            squared += (x32 * x32).sum(axis=1)[:, None]
            np.maximum(squared, 0.0, out=squared)
            squared *= -float(self.params["gamma"])
            np.exp(squared, out=squared)
            return (squared @ dual).astype(np.float64) + float(self.params["intercept"])
        return x @ self.params["coef"] + float(self.params["intercept"])

    def judge(self, doc: Document, spans: Sequence[Span]) -> tuple[list[Candidate], np.ndarray]:
        """The candidates among ``spans`` and their decision values."""
        found = candidates(spans, self.members)
        matrix = candidate_matrix(doc, spans, found, self.members, self.labels, self.language)
        return found, self.decision(matrix)

    def apply(self, doc: Document, spans: Sequence[Span]) -> list[Span]:
        """``spans`` with the members' spans replaced by the accepted candidates (spans of
        detectors that are not members pass through untouched)."""
        members = set(self.members)
        rest = [s for s in spans if s.detector not in members]
        found, values = self.judge(doc, spans)
        accepted = [
            candidate.span(
                round(float(1.0 / (1.0 + np.exp(-value))), 4),
                f"{SOURCE}:{'+'.join(sorted(candidate.members))}",
            )
            for candidate, value in zip(found, values, strict=True)
            if value > self.threshold_of(candidate.label)
        ]
        return rest + list(merge_spans(accepted, "score").spans)

    def to_dict(self) -> dict:
        params = {
            key: value.tolist() if isinstance(value, np.ndarray) else value
            for key, value in self.params.items()
        }
        data = {
            "format": FORMAT,
            "version": VERSION,
            "members": list(self.members),
            "labels": list(self.labels),
            "language": self.language,
            "classifier": self.classifier,
            "threshold": self.threshold,
            "thresholds": self.thresholds,
            "features": self.features,
            "mean": self.mean.tolist(),
            "scale": self.scale.tolist(),
            "params": params,
        }
        if self.fallback is not None:
            data["fallback"] = self.fallback.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: object, origin: str) -> EnsembleModel:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ConfigError(f"{origin}: not a phiscrub ensemble (no format {FORMAT!r})")
        if data.get("version") != VERSION:
            found = data.get("version")
            raise ConfigError(f"{origin}: ensemble version {found!r}; expected {VERSION}")
        try:
            fallback = data.get("fallback")
            model = cls(
                members=tuple(data["members"]),
                labels=tuple(data["labels"]),
                language=data["language"],
                classifier=data["classifier"],
                mean=np.asarray(data["mean"], dtype=np.float64),
                scale=np.asarray(data["scale"], dtype=np.float64),
                params={
                    key: np.asarray(value, dtype=np.float64) if isinstance(value, list) else value
                    for key, value in data["params"].items()
                },
                threshold=float(data.get("threshold", 0.0)),
                fallback=None if fallback is None else cls.from_dict(fallback, origin),
                thresholds={
                    str(label): float(value) for label, value in data.get("thresholds", {}).items()
                },
            )
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise ConfigError(f"{origin}: malformed ensemble ({exc!r})") from None
        if model.classifier not in CLASSIFIERS or data.get("features") != model.features:
            raise ConfigError(f"{origin}: classifier or feature list does not match this version")
        return model

    def save(self, directory: str | Path) -> Path:
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / ENSEMBLE_FILE
        write_atomic(path, json.dumps(self.to_dict()) + "\n")
        return path

    @classmethod
    def load(cls, directory: str | Path) -> EnsembleModel:
        path = Path(directory) / ENSEMBLE_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigError(f"{path}: cannot read ensemble ({exc.strerror})") from None
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}: not JSON (line {exc.lineno}, column {exc.colno})") from None
        return cls.from_dict(data, str(path))

    def without(self, absent: Iterable[str]) -> EnsembleModel:
        """The ensemble to use when the members in ``absent`` cannot run: itself when none of
        its members is absent, else its fallback trained without them."""
        absent = set(absent) & set(self.members)
        if not absent:
            return self
        wanted = tuple(m for m in self.members if m not in absent)
        if self.fallback is not None and self.fallback.members == wanted:
            return self.fallback
        raise ConfigError(
            f"the ensemble needs its members {sorted(absent)}, and it has no fallback "
            "trained without them"
        )


@dataclass(frozen=True)
class EnsembleData:
    """Training rows: candidate features and whether each candidate is a gold instance."""

    matrix: np.ndarray
    target: np.ndarray


def training_data(
    pairs: Iterable[tuple[Document, Sequence[Span]]],
    members: Sequence[str],
    labels: Sequence[str],
    language: str,
) -> EnsembleData:
    """Rows for every candidate in ``pairs`` of (gold document, predicted spans); a candidate
    is positive when a gold span has its offsets and label."""
    rows: list[np.ndarray] = []
    target: list[int] = []
    for doc, spans in pairs:
        found = candidates(spans, members)
        rows.append(candidate_matrix(doc, spans, found, members, labels, language))
        gold = {span.key for span in doc.spans}
        target += [int(candidate.key in gold) for candidate in found]
    width = len(feature_names(members, labels))
    matrix = np.vstack(rows) if rows else np.zeros((0, width))
    return EnsembleData(matrix, np.asarray(target, dtype=np.int64))


def fit_ensemble(
    pairs: Iterable[tuple[Document, Sequence[Span]]],
    members: Sequence[str],
    language: str = "en",
    classifier: str = "svm",
    c: float = 1.0,
    threshold: float = 0.0,
    seed: int = 1,
    thresholds: dict[str, float] | None = None,
) -> EnsembleModel:
    """Train the ensemble on predictions the members made for documents they did not see.

    Args:
        pairs: (gold document, member spans) for each training document; the spans must come
            from members trained without that document (k-fold cross-prediction).
        members: Detector names (span sources) whose proposals are candidates.
        language: Language of the conjunction/preposition list.
        classifier: ``svm``, ``linear-svm`` or ``logistic``.
        c: The classifier's regularisation constant C.
        threshold: Decision value above which a candidate is accepted.
        seed: Seed of the classifier's randomness.
        thresholds: Labels accepted above another decision value than ``threshold``.
    """
    if classifier not in CLASSIFIERS:
        raise ConfigError(
            f"unknown ensemble classifier {classifier!r}; expected one of {CLASSIFIERS}"
        )
    if not members:
        raise ConfigError("an ensemble needs at least one member detector")
    try:
        from sklearn.linear_model import LogisticRegression
        from sklearn.svm import SVC, LinearSVC
    except ImportError:
        raise ConfigError(
            "training an ensemble needs scikit-learn: pip install 'phiscrub[ensemble]'"
        ) from None
    pairs = list(pairs)
    labels = sorted({c.label for _, spans in pairs for c in candidates(spans, members)})
    data = training_data(pairs, members, labels, language)
    if len(set(data.target.tolist())) < 2:
        raise ConfigError(
            "cannot train the ensemble: its candidates are all correct or all wrong "
            f"({len(data.target)} candidates)"
        )
    mean = data.matrix.mean(axis=0)
    scale = data.matrix.std(axis=0)
    scale[scale == 0] = 1.0
    x = (data.matrix - mean) / scale
    params: dict[str, np.ndarray | float]
    if classifier == "svm":
        variance = float(x.var())
        gamma = 1.0 / (x.shape[1] * variance) if variance > 0 else 1.0  # sklearn's "scale"
        model = SVC(C=c, kernel="rbf", gamma=gamma, random_state=seed).fit(x, data.target)
        params = {
            "support_vectors": model.support_vectors_,
            "dual_coef": model.dual_coef_[0],
            "intercept": float(model.intercept_[0]),
            "gamma": gamma,
        }
    else:
        if classifier == "linear-svm":
            model = LinearSVC(C=c, random_state=seed, max_iter=10000)
        else:
            model = LogisticRegression(C=c, random_state=seed, max_iter=1000)
        model.fit(x, data.target)
        params = {"coef": model.coef_[0], "intercept": float(model.intercept_[0])}
    return EnsembleModel(
        tuple(members),
        tuple(labels),
        language,
        classifier,
        mean,
        scale,
        params,
        threshold,
        thresholds=dict(thresholds or {}),
    )


def fill_gaps(merged: Sequence[Span], raw: Sequence[Span], fill: Iterable[str]) -> list[Span]:
    """``merged`` (an ensemble's output) plus the spans in ``raw`` from the detectors in
    ``fill`` that overlap no span the ensemble accepted."""
    accepted = SpanCover(s for s in merged if s.detector == SOURCE)
    sources = set(fill)
    extra = [s for s in raw if s.detector in sources and not accepted.touches(s.start, s.end)]
    return [*merged, *extra]
