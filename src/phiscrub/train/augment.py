"""Training-time augmentation: copies of training notes in other surface forms.

Synthetic notes are tidy: names in title case, one field per line. Real notes come in
capitals, in lower case, and with their line breaks lost. Each setting is the share of
training documents added again in one such form, with the same spans (every form keeps each
character's offset). A copy keeps its note's patient, so cross-validation folds never split a
note from its copies, and is marked (``augmented`` in its metadata) so that private
training's census does not count its words twice.

    [train.augment]
    upper = 0.08          # in capitals
    lower = 0.04          # in lower case
    joined_lines = 0.08   # line breaks as spaces
    seed = 1
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from phiscrub.document import Document

AUGMENTED = "augmented"
"""Metadata key of a copy: the form it was made in. Private training's census skips copies,
so that a copy is not counted as a second sighting of a word."""


class AugmentSettings(BaseModel):
    """Shares of the training documents added again in each form (0: none)."""

    model_config = ConfigDict(extra="forbid")
    upper: float = Field(default=0.0, ge=0.0, le=1.0)
    lower: float = Field(default=0.0, ge=0.0, le=1.0)
    joined_lines: float = Field(default=0.0, ge=0.0, le=1.0)
    seed: int = 1


def _same_length(text: str, change: Callable[[str], str]) -> str:
    """``change`` applied to each character whose result is one character ("ß" stays)."""
    return "".join(c2 if len(c2 := change(c)) == 1 else c for c in text)


FORMS: dict[str, Callable[[str], str]] = {
    "upper": lambda text: _same_length(text, str.upper),
    "lower": lambda text: _same_length(text, str.lower),
    "joined_lines": lambda text: text.replace("\r", " ").replace("\n", " "),
}


def augment(docs: Sequence[Document], settings: AugmentSettings) -> list[Document]:
    """``docs`` followed by the copies ``settings`` asks for (seeded, reproducible)."""
    rng = random.Random(settings.seed)
    out = list(docs)
    for form, change in FORMS.items():
        share = getattr(settings, form)
        if share <= 0:
            continue
        for doc in docs:
            if rng.random() < share:
                text = change(doc.text)
                if text != doc.text:
                    out.append(
                        Document(
                            f"{doc.doc_id}~{form}",
                            text,
                            doc.spans,
                            {**doc.metadata, "patient_id": doc.patient_id, AUGMENTED: form},
                        )
                    )
    return out
