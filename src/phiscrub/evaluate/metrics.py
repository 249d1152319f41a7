"""Counts and precision / recall / F1."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Counts:
    """True positives, false positives and false negatives, with micro P/R/F1.

    A ratio with a zero denominator is 0.0, as in the i2b2 and MEDDOCAN scorers.
    """

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        return f1_score(self.tp, self.fp, self.fn)

    def as_dict(self) -> dict[str, float | int]:
        return {
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
        }


def f1_score(tp: int, fp: int, fn: int) -> float:
    """Harmonic mean of precision and recall (2tp / (2tp + fp + fn)); 0.0 when undefined."""
    denominator = 2 * tp + fp + fn
    return 2 * tp / denominator if denominator else 0.0


@dataclass(frozen=True, slots=True)
class Leak:
    """Gold PHI characters (whitespace excluded) that no system span covers, of any label."""

    leaked_chars: int = 0
    gold_chars: int = 0

    def __add__(self, other: Leak) -> Leak:
        return Leak(self.leaked_chars + other.leaked_chars, self.gold_chars + other.gold_chars)

    @property
    def rate(self) -> float:
        return self.leaked_chars / self.gold_chars if self.gold_chars else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {"rate": self.rate, "leaked_chars": self.leaked_chars, "gold_chars": self.gold_chars}
