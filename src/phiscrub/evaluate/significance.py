"""Approximate randomization (Noreen 1989; Yeh 2000) between two systems on the same gold.

Each shuffle swaps the two systems' outputs for each document with probability 1/2 and
recomputes the difference in micro F1; the p-value is the share of shuffles whose absolute
difference is at least the observed one, with the usual +1 correction.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from phiscrub.evaluate.criteria import DocPair, score_pair
from phiscrub.evaluate.metrics import f1_score


@dataclass(frozen=True)
class SignificanceResult:
    criterion: str
    f1_a: float
    f1_b: float
    difference: float
    p_value: float
    shuffles: int
    seed: int

    def as_dict(self) -> dict[str, float | int | str]:
        return {
            "criterion": self.criterion,
            "f1_a": self.f1_a,
            "f1_b": self.f1_b,
            "difference": self.difference,
            "p_value": self.p_value,
            "shuffles": self.shuffles,
            "seed": self.seed,
        }


def _per_document(pairs: list[DocPair], criterion: str) -> np.ndarray:
    rows = [score_pair(p, criterion) for p in pairs]
    return np.array([(c.tp, c.fp, c.fn) for c in rows], dtype=np.int64).reshape(-1, 3)


def _f1(totals: np.ndarray) -> np.ndarray:
    tp, fp, fn = totals[..., 0], totals[..., 1], totals[..., 2]
    denominator = 2 * tp + fp + fn
    return np.divide(2 * tp, denominator, out=np.zeros(denominator.shape), where=denominator > 0)


def approximate_randomization(
    pairs_a: list[DocPair],
    pairs_b: list[DocPair],
    criterion: str = "strict",
    shuffles: int = 9999,
    seed: int = 0,
    chunk: int = 1000,
) -> SignificanceResult:
    """Test whether two systems' F1 under ``criterion`` differ more than chance would explain.

    ``pairs_a`` and ``pairs_b`` must hold the same gold documents in the same order.
    """
    if len(pairs_a) != len(pairs_b):
        raise ValueError("both systems must be scored on the same documents")
    a = _per_document(pairs_a, criterion)
    b = _per_document(pairs_b, criterion)
    f1_a = f1_score(*(int(x) for x in a.sum(axis=0)))
    f1_b = f1_score(*(int(x) for x in b.sum(axis=0)))
    observed = abs(f1_a - f1_b)
    rng = np.random.default_rng(seed)
    at_least = 0
    done = 0
    while done < shuffles:
        n = min(chunk, shuffles - done)
        swap = rng.random((n, len(a))) < 0.5
        diff = (b - a)[None, :, :] * swap[:, :, None]
        totals_a = a.sum(axis=0) + diff.sum(axis=1)
        totals_b = b.sum(axis=0) - diff.sum(axis=1)
        at_least += int(np.sum(np.abs(_f1(totals_a) - _f1(totals_b)) >= observed - 1e-12))
        done += n
    p_value = (at_least + 1) / (shuffles + 1)
    return SignificanceResult(criterion, f1_a, f1_b, f1_a - f1_b, p_value, shuffles, seed)
