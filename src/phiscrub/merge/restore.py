"""Spans the merge dropped for a span that the sanity layer then dropped or cut back.

The merge keeps one span of each overlap before the sanity layer looks at any of them. When a
model's wide reading wins ("HEP and join the YMCA" as one organisation, over the rule's
"YMCA") and the sanity layer then drops it as a run of ordinary words, the rule's span would be
lost with it. ``restore_absorbed`` gives such spans a second chance: each span the merge
dropped in favour of a span that the sanity layer dropped or cut is checked by the sanity layer
on its own, and kept where it overlaps nothing that is kept.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def _overlap(a: Span, b: Span) -> bool:
    return a.start < b.end and b.start < a.end
