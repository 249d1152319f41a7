"""Corpus statistics: documents, tokens, spans per label, and spans tags cannot carry."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from phiscrub.document import Document, has_overlaps
from phiscrub.text.tokenize import token_bounds


@dataclass
class CorpusStats:
    """Counts over a corpus, filled one document at a time (see ``add``)."""

    documents: int = 0
    characters: int = 0
    tokens: int = 0
    spans: int = 0
    documents_without_spans: int = 0
    documents_with_overlaps: int = 0
    misaligned_spans: int = 0
    labels: Counter[str] = field(default_factory=Counter)

    def add(self, doc: Document) -> None:
        self.documents += 1
        self.characters += len(doc.text)
        self.spans += len(doc.spans)
        self.labels.update(span.label for span in doc.spans)
        if not doc.spans:
            self.documents_without_spans += 1
        if has_overlaps(doc.spans):
            self.documents_with_overlaps += 1
        starts_ok: set[int] = set()
        ends_ok: set[int] = set()
        wanted_starts = {span.start for span in doc.spans}
        wanted_ends = {span.end for span in doc.spans}
        for start, end in token_bounds(doc.text):  # never a list of a long note's tokens
            self.tokens += 1
            if start in wanted_starts:
                starts_ok.add(start)
            if end in wanted_ends:
                ends_ok.add(end)
        # aligned, as in spans_to_tags: the span starts at a token's start and ends at a
        # token's end
        self.misaligned_spans += sum(
            1 for span in doc.spans if span.start not in starts_ok or span.end not in ends_ok
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "documents": self.documents,
            "characters": self.characters,
            "tokens": self.tokens,
            "spans": self.spans,
            "documents_without_spans": self.documents_without_spans,
            "documents_with_overlaps": self.documents_with_overlaps,
            "misaligned_spans": self.misaligned_spans,
            "spans_per_label": dict(sorted(self.labels.items(), key=lambda kv: (-kv[1], kv[0]))),
        }


def corpus_stats(docs: Iterable[Document]) -> CorpusStats:
    """Statistics of a corpus, streaming (documents are not kept)."""
    stats = CorpusStats()
    for doc in docs:
        stats.add(doc)
    return stats
