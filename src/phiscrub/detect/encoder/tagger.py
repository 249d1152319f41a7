"""The encoder as a detector: a model directory read on first use, notes tagged in windows."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import torch
from tokenizers import Tokenizer

from phiscrub.detect.encoder.model_dir import (
    TOKENIZER_FILE,
    EncoderManifest,
    read_manifest,
    read_model,
)
from phiscrub.detect.encoder.network import EncoderTagger
from phiscrub.detect.encoder.pieces import (
    Pieces,
    Window,
    load_tokenizer,
    pieces_of,
    tags_to_spans,
    windows,
)
from phiscrub.document import Document, Span


def batches(
    items: Sequence[tuple[Pieces, Window]], batch_size: int, manifest: EncoderManifest
) -> Iterator[tuple[list[int], torch.Tensor, torch.Tensor]]:
    """Padded id batches ``[CLS] pieces [SEP]`` of similar length: (item numbers, ids, lengths)."""
    order = sorted(range(len(items)), key=lambda i: items[i][1].stop - items[i][1].start)
    for at in range(0, len(order), batch_size):
        chosen = order[at : at + batch_size]
        rows = [
            [
                manifest.cls_id,
                *items[i][0].ids[items[i][1].start : items[i][1].stop],
                manifest.sep_id,
            ]
            for i in chosen
        ]
        width = max(len(r) for r in rows)
        ids = torch.full((len(rows), width), manifest.pad_id, dtype=torch.long)
        for r, row in enumerate(rows):
            ids[r, : len(row)] = torch.tensor(row)
        yield chosen, ids, torch.tensor([len(r) for r in rows])


def window_items(
    all_pieces: Sequence[Pieces], manifest: EncoderManifest
) -> list[tuple[int, Window]]:
    return [
        (k, window)
        for k, pieces in enumerate(all_pieces)
        for window in windows(len(pieces.ids), manifest.window - 2, manifest.overlap)
    ]


def predict_tags(
    model: EncoderTagger,
    manifest: EncoderManifest,
    all_pieces: Sequence[Pieces],
    batch_size: int,
    device: torch.device,
) -> list[tuple[list[str], list[float]]]:
    """The most probable tag of every piece of every note, with its probability."""
    items = window_items(all_pieces, manifest)
    tags = [[manifest.tags[0]] * len(p.ids) for p in all_pieces]
    probs = [[1.0] * len(p.ids) for p in all_pieces]
    pairs = [(all_pieces[k], w) for k, w in items]
    with torch.inference_mode():
        for chosen, ids, lengths in batches(pairs, batch_size, manifest):
            best = model(ids.to(device), lengths.to(device)).softmax(-1).max(-1)
            values, indices = best.values.cpu().tolist(), best.indices.cpu().tolist()
            for row, i in enumerate(chosen):
                k, window = items[i]
                for p in range(window.keep_start, window.keep_stop):
                    col = p - window.start + 1
                    tags[k][p] = manifest.tags[indices[row][col]]
                    probs[k][p] = values[row][col]
    return list(zip(tags, probs, strict=True))


class EncoderDetector:
    """A fine-tuned encoder model as a detector.

    Args:
        directory: The model directory (see :mod:`phiscrub.detect.encoder.model_dir`).
        name: The detector's name (the ``source`` of its spans).
        batch_size: Windows per forward pass.
        device: ``cpu`` or ``cuda``.
    """

    def __init__(
        self,
        directory: str | Path,
        name: str = "encoder",
        batch_size: int = 16,
        device: str = "cpu",
    ) -> None:
        self.directory = Path(directory)
        self.name = name
        self.batch_size = batch_size
        self.device = torch.device(device)
        self.manifest = read_manifest(self.directory)  # checked now; weights read on first use
        self._state: tuple[EncoderTagger, Tokenizer] | None = None

    def _open(self) -> tuple[EncoderTagger, Tokenizer]:
        if self._state is None:
            model = read_model(self.directory, self.manifest, self.device)
            self._state = (model, load_tokenizer(self.directory / TOKENIZER_FILE))
        return self._state

    def detect(self, doc: Document) -> list[Span]:
        return self.detect_many([doc])[0]

    def detect_many(self, docs: Sequence[Document]) -> list[list[Span]]:
        """Spans of each document; windows of all the documents are batched together."""
        model, tokenizer = self._open()
        all_pieces = pieces_of(tokenizer, [doc.text for doc in docs])
        tagged = predict_tags(model, self.manifest, all_pieces, self.batch_size, self.device)
        return [
            tags_to_spans(doc.text, pieces, tags, self.name, probs)
            for doc, pieces, (tags, probs) in zip(docs, all_pieces, tagged, strict=True)
        ]
