"""Scoring a system's documents against gold: every criterion, per label, per category, leak."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from phiscrub.document import Document
from phiscrub.errors import EvaluationError
from phiscrub.evaluate.criteria import CRITERIA, DocPair, score_pair
from phiscrub.evaluate.metrics import Counts, Leak
from phiscrub.taxonomy import category_of

TABLE_CRITERIA = ("strict", "relaxed", "token")
UNKNOWN_CATEGORY = "UNKNOWN"


def leak(pair: DocPair) -> Leak:
    """Non-whitespace gold PHI characters left uncovered by every system span."""
    gold_chars: set[int] = set()
    for span in pair.gold:
        gold_chars.update(i for i in range(span.start, span.end) if not pair.text[i].isspace())
    covered: set[int] = set()
    for span in pair.system:
        covered.update(range(span.start, span.end))
    return Leak(len(gold_chars - covered), len(gold_chars))


@dataclass(frozen=True)
class Evaluation:
    """The scores of one system against gold.

    Attributes:
        criteria: Micro-averaged counts for each name in ``CRITERIA``.
        leak: Leaked gold characters.
        per_label: label -> criterion (strict, relaxed, token) -> counts, over spans of that label.
        per_category: category -> criterion -> counts, over spans whose label is in the category.
        documents: Number of gold documents scored.
        missing_in_system: Gold documents the system had no output for (scored as empty).
        pairs: The document pairs scored, kept for significance tests.
    """

    criteria: dict[str, Counts]
    leak: Leak
    per_label: dict[str, dict[str, Counts]]
    per_category: dict[str, dict[str, Counts]]
    documents: int
    missing_in_system: int
    pairs: tuple[DocPair, ...] = field(repr=False, default=())

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` form: one key per criterion, plus ``leak``, tables and counts."""
        result: dict[str, Any] = {name: c.as_dict() for name, c in self.criteria.items()}
        result["leak"] = self.leak.as_dict()
        result["per_label"] = {
            label: {name: c.as_dict() for name, c in table.items()}
            for label, table in self.per_label.items()
        }
        result["per_category"] = {
            category: {name: c.as_dict() for name, c in table.items()}
            for category, table in self.per_category.items()
        }
        result["documents"] = {
            "scored": self.documents,
            "missing_in_system": self.missing_in_system,
        }
        return result


def pair_documents(
    gold: Iterable[Document], system: Iterable[Document]
) -> tuple[list[DocPair], int]:
    """Pair gold and system documents by id.

    Gold documents without system output count as documents with no predictions. A system
    document that is not in gold, or whose text differs from gold's, is an error.
    """
    system_by_id: dict[str, Document] = {}
    for doc in system:
        if doc.doc_id in system_by_id:
            raise EvaluationError(f"system output has document {doc.doc_id} twice")
        system_by_id[doc.doc_id] = doc
    pairs: list[DocPair] = []
    seen: set[str] = set()
    missing = 0
    for doc in gold:
        if doc.doc_id in seen:
            raise EvaluationError(f"gold has document {doc.doc_id} twice")
        seen.add(doc.doc_id)
        predicted = system_by_id.get(doc.doc_id)
        if predicted is None:
            missing += 1
        elif predicted.text != doc.text:
            raise EvaluationError(
                f"document {doc.doc_id}: system text differs from gold text "
                f"({len(predicted.text)} vs {len(doc.text)} characters)"
            )
        pairs.append(DocPair.of(doc, predicted))
    extra = sorted(set(system_by_id) - seen)
    if extra:
        raise EvaluationError(
            f"{len(extra)} system document(s) are not in gold, e.g. {extra[0]}; "
            "are gold and system from the same corpus?"
        )
    return pairs, missing


def score_pairs(pairs: Iterable[DocPair], criterion: str) -> Counts:
    total = Counts()
    for pair in pairs:
        total = total + score_pair(pair, criterion)
    return total


def evaluate(gold: Iterable[Document], system: Iterable[Document]) -> Evaluation:
    """Score system documents against gold documents under every criterion."""
    pairs, missing = pair_documents(gold, system)
    criteria = {name: score_pairs(pairs, name) for name in CRITERIA}
    total_leak = Leak()
    for pair in pairs:
        total_leak = total_leak + leak(pair)

    labels = sorted({s.label for p in pairs for s in (*p.gold, *p.system)})
    per_label = {
        label: {
            name: score_pairs((p.filtered(lambda s, lb=label: s.label == lb) for p in pairs), name)
            for name in TABLE_CRITERIA
        }
        for label in labels
    }
    by_category: dict[str, set[str]] = defaultdict(set)
    for label in labels:
        by_category[category_of(label) or UNKNOWN_CATEGORY].add(label)
    per_category = {
        category: {
            name: score_pairs(
                (p.filtered(lambda s, members=members: s.label in members) for p in pairs), name
            )
            for name in TABLE_CRITERIA
        }
        for category, members in sorted(by_category.items())
    }
    return Evaluation(
        criteria, total_leak, per_label, per_category, len(pairs), missing, tuple(pairs)
    )
