"""Assembles a note from expanded templates, keeping gold spans and sentence shapes."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from phiscrub.document import Document, Span
from phiscrub.synth.grammar import Piece, Resolver, expand
from phiscrub.synth.phrases import RULES


def _upper(text: str) -> str:
    upper = text.upper()
    return upper if len(upper) == len(text) else text


class NoteBuilder:
    """Collects the pieces of one note.

    Args:
        rng: The generator's random source.
        resolve: Gives slot values (see :mod:`phiscrub.synth.grammar`).
        glue_rate: How often the space between two sentences is lost ("discharged.Follow up"),
            a common artefact of clinical text.
        caps: Whether the whole note is in capitals (as some lab and radiology systems print).
        rules: The grammar's named rules (default: :data:`phiscrub.synth.phrases.RULES`).
    """

    def __init__(
        self,
        rng: random.Random,
        resolve: Resolver,
        glue_rate: float = 0.03,
        caps: bool = False,
        rules: Mapping[str, str] | None = None,
    ) -> None:
        self.rng = rng
        self.resolve = resolve
        self.rules = RULES if rules is None else rules
        self.glue_rate = glue_rate
        self.caps = caps
        self.pieces: list[Piece] = []
        self.shapes: list[str] = []
        self._at_line_start = True

    def _add(self, pieces: Sequence[Piece]) -> None:
        for text, label in pieces:
            if text:
                self.pieces.append((_upper(text) if self.caps else text, label))
                self._at_line_start = text.endswith("\n")

    def raw(self, text: str) -> None:
        """Ordinary text as it is (no shape is recorded)."""
        self._add([(text, None)])

    def newline(self, count: int = 1) -> None:
        self.raw("\n" * count)

    def start_line(self) -> None:
        """End the current line unless it is empty."""
        if not self._at_line_start:
            self.newline()

    def line(self, template: str) -> None:
        """One expanded template on its own line."""
        self.start_line()
        pieces, shape = expand(template, self.rng, self.resolve, self.rules)
        self.shapes.append(shape)
        self._add(pieces)
        self.newline()

    def sentence(self, template: str) -> None:
        """One expanded template, run on after the previous sentence of the paragraph."""
        pieces, shape = expand(template, self.rng, self.resolve, self.rules)
        self.shapes.append(shape)
        if not self._at_line_start and self.rng.random() >= self.glue_rate:
            self.raw(" ")
        self._add(pieces)

    def sentences(self, templates: Sequence[str], low: int, high: int) -> None:
        """Between ``low`` and ``high`` templates, drawn without replacement, in their order."""
        count = min(len(templates), self.rng.randint(low, high))
        chosen = sorted(self.rng.sample(range(len(templates)), count))
        for index in chosen:
            self.sentence(templates[index])

    def end_paragraph(self) -> None:
        self.start_line()
        self.newline()

    def build(self, doc_id: str, metadata: dict[str, object]) -> Document:
        """The note as a :class:`Document` with its gold spans."""
        parts: list[str] = []
        spans: list[Span] = []
        offset = 0
        for text, label in self.pieces:
            if label is not None:
                spans.append(Span(offset, offset + len(text), label))
            parts.append(text)
            offset += len(text)
        return Document(doc_id, "".join(parts).rstrip("\n") + "\n", tuple(spans), metadata)
