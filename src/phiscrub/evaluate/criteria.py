"""The matching criteria, each a pure function of one document's gold and system spans.

The ten i2b2 2014 / CEGS N-GRID criteria (as in the official scorer and Liu et al. 2017):

* ``strict``: same start, end and label.
* ``relaxed``: same start and label, ends at most 2 characters apart.
* ``token``: each alphanumeric token inside a span, keyed by its offsets and the span's label.
* ``hipaa_*``: the same after keeping only HIPAA PHI on each side (by that side's label).
* ``binary_*``: the same with labels ignored (is it PHI at all?).

MEDDOCAN's measures: ``meddocan_subtrack1`` (offsets + label; the same as ``strict``),
``meddocan_subtrack2`` (offsets only; the same as ``binary_strict``), and
``meddocan_subtrack2_merged`` (offsets only, with spans separated by nothing but
non-alphanumeric characters merged on both sides before matching).

Deliberate differences from the official scripts, each where they are arbitrary or broken:

* Tokens are Unicode alphanumeric runs; the i2b2 scorer's ``[a-zA-Z0-9]+`` would split
  "Cuéllar" in two. On ASCII text the two agree.
* ``relaxed`` matches one to one (each gold span pairs with at most one system span, the
  closest end first); the i2b2 scorer's fuzzy set intersection can count a span twice.
* The merged subtrack keeps the larger end when a span nested in another is merged; the MEDDOCAN
  script takes the later span's end and so could shrink a span.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from phiscrub.document import Document, Span
from phiscrub.evaluate.metrics import Counts
from phiscrub.taxonomy import is_hipaa

RELAXED_END_DISTANCE = 2
_ALNUM_RUN = re.compile(r"[^\W_]+")

I2B2_CRITERIA = (
    "token",
    "strict",
    "relaxed",
    "hipaa_token",
    "hipaa_strict",
    "hipaa_relaxed",
    "binary_token",
    "binary_strict",
    "binary_hipaa_token",
    "binary_hipaa_strict",
)
MEDDOCAN_CRITERIA = ("meddocan_subtrack1", "meddocan_subtrack2", "meddocan_subtrack2_merged")
CRITERIA = I2B2_CRITERIA + MEDDOCAN_CRITERIA


@dataclass(frozen=True, slots=True)
class DocPair:
    """One document's text with its gold and system spans."""

    text: str
    gold: tuple[Span, ...]
    system: tuple[Span, ...]

    @classmethod
    def of(cls, gold: Document, system: Document | None) -> DocPair:
        return cls(gold.text, gold.spans, system.spans if system is not None else ())

    def filtered(self, keep: Callable[[Span], bool]) -> DocPair:
        return DocPair(
            self.text,
            tuple(s for s in self.gold if keep(s)),
            tuple(s for s in self.system if keep(s)),
        )

    def hipaa(self) -> DocPair:
        return self.filtered(lambda s: is_hipaa(s.label, self.text[s.start : s.end]))


def _set_counts(gold: set, system: set) -> Counts:
    return Counts(len(gold & system), len(system - gold), len(gold - system))


def _span_keys(spans: Iterable[Span], labelled: bool) -> set:
    return {(s.start, s.end, s.label) if labelled else (s.start, s.end) for s in spans}


def _token_keys(text: str, spans: Iterable[Span], labelled: bool) -> set:
    keys = set()
    for span in spans:
        for match in _ALNUM_RUN.finditer(text, span.start, span.end):
            keys.add(
                (match.start(), match.end(), span.label)
                if labelled
                else (match.start(), match.end())
            )
    return keys


def strict(pair: DocPair, labelled: bool = True) -> Counts:
    return _set_counts(_span_keys(pair.gold, labelled), _span_keys(pair.system, labelled))


def token(pair: DocPair, labelled: bool = True) -> Counts:
    return _set_counts(
        _token_keys(pair.text, pair.gold, labelled), _token_keys(pair.text, pair.system, labelled)
    )


def relaxed(pair: DocPair, distance: int = RELAXED_END_DISTANCE) -> Counts:
    """Same label and start, ends within ``distance``; one-to-one, closest ends paired first."""
    gold = sorted(_span_keys(pair.gold, True))
    system = sorted(_span_keys(pair.system, True))
    by_start: dict[tuple[int, str], list[int]] = {}
    for si, s in enumerate(system):
        by_start.setdefault((s[0], s[2]), []).append(si)
    candidates = sorted(
        (abs(g[1] - system[si][1]), gi, si)
        for gi, g in enumerate(gold)
        for si in by_start.get((g[0], g[2]), ())
        if abs(g[1] - system[si][1]) <= distance
    )
    used_gold: set[int] = set()
    used_system: set[int] = set()
    for _, gi, si in candidates:
        if gi not in used_gold and si not in used_system:
            used_gold.add(gi)
            used_system.add(si)
    tp = len(used_gold)
    return Counts(tp, len(system) - tp, len(gold) - tp)


def merge_adjacent(text: str, offsets: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """MEDDOCAN's merge: consecutive spans with only non-alphanumeric text between them join."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(offsets):
        if merged:
            last_start, last_end = merged[-1]
            between = text[last_end:start]
            if not any(ch.isalnum() for ch in between):
                merged[-1] = (last_start, max(last_end, end))
                continue
        merged.append((start, end))
    return set(merged)


def subtrack2_merged(pair: DocPair) -> Counts:
    """MEDDOCAN subtrack 2 [merged], counted as the official script counts it."""
    gold = _span_keys(pair.gold, False)
    system = _span_keys(pair.system, False)
    matched = (gold & system) | (
        merge_adjacent(pair.text, gold) & merge_adjacent(pair.text, system)
    )

    def covered(span: tuple[int, int]) -> bool:
        return any(m[0] <= span[0] and span[1] <= m[1] for m in matched)

    fp = sum(1 for s in system - gold if not covered(s))
    fn = sum(1 for g in gold - system if not covered(g))
    return Counts(len(matched), fp, fn)


def score_pair(pair: DocPair, criterion: str) -> Counts:
    """Counts for one document under one criterion (a name from ``CRITERIA``)."""
    if criterion.startswith("binary_hipaa_"):
        base, labelled, pair = criterion.removeprefix("binary_hipaa_"), False, pair.hipaa()
    elif criterion.startswith("binary_"):
        base, labelled = criterion.removeprefix("binary_"), False
    elif criterion.startswith("hipaa_"):
        base, labelled, pair = criterion.removeprefix("hipaa_"), True, pair.hipaa()
    elif criterion == "meddocan_subtrack1":
        base, labelled = "strict", True
    elif criterion == "meddocan_subtrack2":
        base, labelled = "strict", False
    elif criterion == "meddocan_subtrack2_merged":
        return subtrack2_merged(pair)
    else:
        base, labelled = criterion, True
    if base == "strict":
        return strict(pair, labelled)
    if base == "token":
        return token(pair, labelled)
    if base == "relaxed" and labelled:
        return relaxed(pair)
    raise ValueError(f"unknown criterion {criterion!r}; expected one of {CRITERIA}")
