"""Spans the merge dropped for a span that the sanity layer then dropped or cut back.

The merge keeps one span of each overlap before the sanity layer looks at any of them. When a
model's wide reading wins ("HEP and join the YMCA" as one organisation, over the rule's
"YMCA") and the sanity layer then drops it as a run of ordinary words, the rule's span would be
lost with it. ``restore_absorbed`` gives such spans a second chance: each span the merge
dropped in favour of a span that the sanity layer dropped or cut is checked by the sanity layer
on its own, and kept where it overlaps nothing that is kept.

``restore_uncovered`` keeps what a rule read beyond the span it lost to: where a model's span
crosses a rule's span and wins the overlap by priority, the rule's words outside it would be
lost from the note's coverage.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Collection, Sequence
from itertools import accumulate

from phiscrub.document import Document, Span, sort_spans
from phiscrub.merge.policies import Dropped, merge_spans
from phiscrub.merge.sanity import SanityRules, apply_sanity


def restore_absorbed(
    doc: Document,
    kept: Sequence[Span],
    cut: Sequence[Dropped],
    merged_away: Sequence[Dropped],
    rules: SanityRules,
    priority: Sequence[str],
) -> tuple[list[Span], list[Span]]:
    """``kept`` with the spans of ``merged_away`` whose winner is among the spans ``cut`` by
    the sanity layer, where they pass the sanity layer themselves and overlap no kept span;
    and the list of spans restored."""
    lost = {entry.span for entry in cut}
    if not lost:
        return list(kept), []
    # a span the merge widened was dropped in favour of its widened self: follow the chain
    winner_of = {entry.span: entry.kept for entry in merged_away if entry.kept is not None}
    candidates: list[Span] = []
    for entry in merged_away:
        winner, seen = entry.kept, set()
        while winner is not None and winner not in lost and winner not in seen:
            seen.add(winner)
            winner = winner_of.get(winner)
        if winner is not None and winner in lost and entry.span not in lost:
            candidates.append(entry.span)
    free = [c for c in candidates if not any(_overlap(c, k) for k in kept)]
    if not free:
        return list(kept), []
    checked, _ = apply_sanity(doc, list(merge_spans(free, "priority", priority).spans), rules)
    restored = [c for c in checked if not any(_overlap(c, k) for k in kept)]
    return sort_spans([*kept, *restored]), restored


def restore_uncovered(
    doc: Document,
    kept: Sequence[Span],
    merged_away: Sequence[Dropped],
    outer: Collection[str],
    rules: SanityRules,
) -> tuple[list[Span], list[Span]]:
    """``kept`` with the parts of the spans of ``outer`` detectors (a formula's reading) that
    the merge dropped and no kept span covers, where a span of another detector crossed them
    and won: a rule's "Great Lakes Cold Storage" that lost by priority to a model's "Lakes
    Cold Storage, Toledo" as a doctor keeps "Great". Where two rules cross, the one that won
    decides ("0950 FROM ST. BRITTNEY'S" read as a street loses all of it to the hospital).
    Each part is cut to its letters and digits, is more than a title or a credential ("Dr"
    of "Dear Dr Park" read as a place), and is checked by the sanity layer on its own; and
    the list of parts restored."""
    index = _Kept(kept)
    pieces: list[Span] = []
    for entry in merged_away:
        span = entry.span
        if span.detector not in outer:
            continue
        crossing = index.overlapping(span)
        if not crossing:
            continue  # dropped for a span the sanity layer dropped: restore_absorbed's
        if all(k.detector in outer for k in crossing):
            continue  # two rules crossed: the one that won decides
        covering = [(k.start, k.end) for k in crossing]
        at = span.start
        for start, end in [*covering, (span.end, span.end)]:
            if start > at:
                pieces.extend(_piece(doc.text, span, at, min(start, span.end)))
            at = max(at, end)
    if not pieces:
        return list(kept), []
    titles = rules.name_prefixes | rules.honorifics | rules.credentials
    pieces = [p for p in pieces if not _titles_only(doc.text[p.start : p.end], titles)]
    if not pieces:
        return list(kept), []
    pieces = list(merge_spans(pieces, "priority").spans)
    checked, _ = apply_sanity(doc, pieces, rules)
    restored = [c for c in checked if not index.overlapping(c)]
    return sort_spans([*kept, *restored]), restored


class _Kept:
    """The kept spans by where they start and the furthest any reaches so far: those a span
    overlaps, found by bisection (a note with thousands of spans stays fast)."""

    def __init__(self, kept: Sequence[Span]) -> None:
        self._spans = sorted(kept, key=lambda k: (k.start, k.end))
        self._reach = list(accumulate((k.end for k in self._spans), max))

    def overlapping(self, span: Span) -> list[Span]:
        found: list[Span] = []
        at = bisect_right(self._reach, span.start)  # before it, nothing reaches past its start
        while at < len(self._spans) and self._spans[at].start < span.end:
            if _overlap(span, self._spans[at]):
                found.append(self._spans[at])
            at += 1
        return found


def _piece(text: str, span: Span, start: int, end: int) -> list[Span]:
    """The part of ``span`` from ``start`` to ``end`` cut to its letters and digits, where it
    begins and ends on a word's edge."""
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    if start == end:
        return []
    if (start > 0 and text[start - 1].isalnum()) or (end < len(text) and text[end].isalnum()):
        return []  # a word cut in two
    return [Span(start, end, span.label, span.score, span.source)]


def _titles_only(text: str, titles: frozenset[str]) -> bool:
    return all(word.lower() in titles for word in _WORDS.findall(text))


_WORDS = re.compile(r"[^\W_]+")


def _overlap(a: Span, b: Span) -> bool:
    return a.start < b.end and b.start < a.end
