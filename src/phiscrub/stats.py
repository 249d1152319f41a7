"""Corpus statistics: documents, tokens, spans per label, and spans tags cannot carry."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from phiscrub.document import Document, has_overlaps
from phiscrub.text.tags import spans_to_tags
from phiscrub.text.tokenize import tokenize


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
        tokens = tokenize(doc.text)
        self.documents += 1
        self.characters += len(doc.text)
        self.tokens += len(tokens)
        self.spans += len(doc.spans)
        self.labels.update(span.label for span in doc.spans)
        if not doc.spans:
            self.documents_without_spans += 1
        if has_overlaps(doc.spans):
            self.documents_with_overlaps += 1
        self.misaligned_spans += len(spans_to_tags(tokens, doc.spans).misaligned)

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
