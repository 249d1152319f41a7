"""Candidate PHI instances and their features for the ensemble (Liu et al. 2017, section 2.4).

A candidate is one (start, end, label) proposed by at least one member detector. Its features
say how the members agree on it:

- ``exact_span``: how many other members proposed the same offsets, with any label;
- ``exact_label``: how many other members proposed the same offsets and label;
- ``partial_span`` / ``partial_label``: how many other members proposed an overlapping span
  with other offsets (any label / the same label);
- ``conjunction``: whether its text holds a conjunction or preposition (a sign of two PHI
  instances run together, or of a span that went too far);
- ``by:NAME``: which members proposed it, and ``score:NAME`` with what score (0 if not);
- ``instance_count`` / ``span_count``: how many spans proposed the instance / its offsets;
- ``tokens``: its number of tokens;
- ``same_text``: at how many other places of the same record a candidate has the same text;
- ``label:L``: its label.

Text is only compared, never kept: features are numbers.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from phiscrub.document import Document, Span
from phiscrub.text.tokenize import tokenize

_ENGLISH = "and or but nor of in on at to for from by with into onto via per and/or &"
_SPANISH = (
    "y e o u ni pero de del en a al por para con sin desde hasta hacia entre sobre tras ante "
    "bajo según"
)
FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(_ENGLISH.split()),
    "es": frozenset(_SPANISH.split()),
}
"""Conjunctions and prepositions by language (``conjunction`` feature)."""

AGREEMENT = (
    "exact_span",
    "exact_label",
    "partial_span",
    "partial_label",
    "conjunction",
    "instance_count",
    "span_count",
    "tokens",
    "same_text",
)


@dataclass(frozen=True)
class Candidate:
    """One proposed instance: its offsets and label, who proposed it and with what score."""

    start: int
    end: int
    label: str
    scores: tuple[tuple[str, float], ...]
    """(member, best score) for each member that proposed exactly this instance."""

    @property
    def key(self) -> tuple[int, int, str]:
        return (self.start, self.end, self.label)

    @property
    def members(self) -> frozenset[str]:
        return frozenset(name for name, _ in self.scores)

    def span(self, score: float, source: str) -> Span:
        return Span(self.start, self.end, self.label, score, source)


def feature_names(members: Sequence[str], labels: Sequence[str]) -> list[str]:
    """The columns of ``candidate_matrix``, in order."""
    return [
        *AGREEMENT,
        *(f"by:{m}" for m in members),
        *(f"score:{m}" for m in members),
        *(f"label:{label}" for label in labels),
    ]


def candidates(spans: Iterable[Span], members: Sequence[str]) -> list[Candidate]:
    """The distinct instances among the spans of ``members`` (detector names; spans of other
    detectors are ignored), in document order."""
    wanted = set(members)
    best: dict[tuple[int, int, str], dict[str, float]] = defaultdict(dict)
    for span in spans:
        if span.detector in wanted:
            scores = best[span.key]
            scores[span.detector] = max(scores.get(span.detector, 0.0), span.score)
    return [
        Candidate(start, end, label, tuple(sorted(scores.items())))
        for (start, end, label), scores in sorted(best.items())
    ]


def candidate_matrix(
    doc: Document,
    spans: Sequence[Span],
    found: Sequence[Candidate],
    members: Sequence[str],
    labels: Sequence[str],
    language: str = "en",
) -> np.ndarray:
    """The feature rows of ``found`` (candidates of ``doc`` made from ``spans``), one per
    candidate, in the order of ``feature_names(members, labels)``."""
    columns = feature_names(members, labels)
    matrix = np.zeros((len(found), len(columns)), dtype=np.float64)
    if not found:
        return matrix
    index = {name: i for i, name in enumerate(columns)}
    wanted = set(members)
    member_spans = [s for s in spans if s.detector in wanted]
    instance_count = Counter(s.key for s in member_spans)
    span_count = Counter((s.start, s.end) for s in member_spans)
    # members per (offsets) and per (offsets, label)
    by_offsets: dict[tuple[int, int], set[str]] = defaultdict(set)
    by_key: dict[tuple[int, int, str], set[str]] = defaultdict(set)
    for span in member_spans:
        by_offsets[(span.start, span.end)].add(span.detector)
        by_key[span.key].add(span.detector)
    # distinct occurrences (offsets) of each text among the candidates
    texts = Counter(doc.text[s:e].casefold() for s, e in {(c.start, c.end) for c in found})
    function_words = FUNCTION_WORDS.get(language, FUNCTION_WORDS["en"])
    ordered = sorted(member_spans, key=lambda s: s.start)
    starts = np.array([s.start for s in ordered])
    for row, candidate in enumerate(found):
        proposers = candidate.members
        values = matrix[row]
        values[index["exact_span"]] = len(by_offsets[(candidate.start, candidate.end)] - proposers)
        values[index["exact_label"]] = len(by_key[candidate.key] - proposers)
        partial_span: set[str] = set()
        partial_label: set[str] = set()
        stop = int(np.searchsorted(starts, candidate.end, side="left"))
        for other in ordered[:stop]:
            if other.end <= candidate.start or other.detector in proposers:
                continue
            if (other.start, other.end) == (candidate.start, candidate.end):
                continue
            partial_span.add(other.detector)
            if other.label == candidate.label:
                partial_label.add(other.detector)
        values[index["partial_span"]] = len(partial_span)
        values[index["partial_label"]] = len(partial_label)
        tokens = tokenize(doc.text, candidate.start, candidate.end)
        values[index["conjunction"]] = float(
            any(t.text.casefold() in function_words for t in tokens)
        )
        values[index["instance_count"]] = instance_count[candidate.key]
        values[index["span_count"]] = span_count[(candidate.start, candidate.end)]
        values[index["tokens"]] = len(tokens)
        values[index["same_text"]] = texts[doc.text[candidate.start : candidate.end].casefold()] - 1
        for member, score in candidate.scores:
            values[index[f"by:{member}"]] = 1.0
            values[index[f"score:{member}"]] = score
        label_column = index.get(f"label:{candidate.label}")
        if label_column is not None:
            values[label_column] = 1.0
    return matrix
