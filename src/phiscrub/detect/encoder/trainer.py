"""Fine-tuning the pretrained encoder to tag PHI word pieces."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import torch
from torch.nn import functional as F

from phiscrub.detect.encoder.model_dir import (
    TOKENIZER_FILE,
    EncoderManifest,
    read_base,
    write_model,
)
from phiscrub.detect.encoder.network import EncoderTagger
from phiscrub.detect.encoder.pieces import OUTSIDE, load_tokenizer, piece_tags, pieces_of, windows
from phiscrub.detect.encoder.tagger import predict_tags
from phiscrub.document import Document
from phiscrub.errors import ConfigError

IGNORE = -100


@dataclass(frozen=True)
class FineTuneSettings:
    epochs: int = 4
    learning_rate: float = 5e-5
    batch_size: int = 32
    window: int = 128
    overlap: int = 32
    warmup: float = 0.1
    weight_decay: float = 0.01
    seed: int = 1


@dataclass
class EpochRecord:
    epoch: int
    loss: float
    seconds: float
    dev_f1: float | None = None


@dataclass
class FineTuneReport:
    documents: int
    windows: int
    tags: int
    epochs: list[EpochRecord] = field(default_factory=list)
    best_epoch: int = 0


def special_ids(tokenizer) -> dict[str, int]:
    """The ids of ``[CLS]``, ``[SEP]`` and ``[PAD]`` in a BERT word-piece tokenizer."""
    found = {
        f"{name.lower()}_id": tokenizer.token_to_id(f"[{name}]") for name in ("CLS", "SEP", "PAD")
    }
    missing = [name for name, value in found.items() if value is None]
    if missing:
        raise ConfigError(f"the base tokenizer has no {', '.join(missing)} token")
    return found


def tag_set(docs: Sequence[Document]) -> list[str]:
    labels = sorted({span.label for doc in docs for span in doc.spans})
    return [OUTSIDE] + [f"{kind}-{label}" for label in labels for kind in "BI"]


def training_windows(
    docs: Sequence[Document], tokenizer, manifest: EncoderManifest
) -> list[tuple[list[int], list[int]]]:
    """(ids, tag numbers) of every window: ``[CLS] pieces [SEP]``, tags ignored on the two."""
    number = {tag: k for k, tag in enumerate(manifest.tags)}
    out = []
    for doc, pieces in zip(docs, pieces_of(tokenizer, [d.text for d in docs]), strict=True):
        gold = [number.get(t, 0) for t in piece_tags(pieces, doc.spans)]
        for w in windows(len(pieces.ids), manifest.window - 2, manifest.overlap):
            out.append(
                (
                    [manifest.cls_id, *pieces.ids[w.start : w.stop], manifest.sep_id],
                    [IGNORE, *gold[w.start : w.stop], IGNORE],
                )
            )
    return [item for item in out if len(item[0]) > 2]


def _collate(items: Sequence[tuple[list[int], list[int]]], pad: int) -> tuple[torch.Tensor, ...]:
    width = max(len(ids) for ids, _ in items)
    ids = torch.full((len(items), width), pad, dtype=torch.long)
    gold = torch.full((len(items), width), IGNORE, dtype=torch.long)
    for r, (row, tags) in enumerate(items):
        ids[r, : len(row)] = torch.tensor(row)
        gold[r, : len(tags)] = torch.tensor(tags)
    return ids, torch.tensor([len(row) for row, _ in items]), gold


def piece_f1(
    model: EncoderTagger,
    manifest: EncoderManifest,
    docs: Sequence[Document],
    tokenizer,
    device: torch.device,
) -> float:
    """Micro F1 of labelled pieces (tag labels without B-/I-) on ``docs``."""
    all_pieces = pieces_of(tokenizer, [d.text for d in docs])
    predicted = predict_tags(model, manifest, all_pieces, 64, device)
    hits = found = wanted = 0
    for doc, pieces, (tags, _) in zip(docs, all_pieces, predicted, strict=True):
        for gold, guess in zip(piece_tags(pieces, doc.spans), tags, strict=True):
            g, p = gold[2:], guess[2:]
            wanted += bool(g)
            found += bool(p)
            hits += bool(g) and g == p
    return 2 * hits / (found + wanted) if found + wanted else 0.0


def fine_tune(
    train: Sequence[Document],
    dev: Sequence[Document],
    base: Path,
    out: Path,
    settings: FineTuneSettings,
    device: str = "cpu",
    epoch_done: Callable[[EpochRecord], None] | None = None,
) -> FineTuneReport:
    """Fine-tune the encoder in ``base`` on ``train``; the epoch with the best piece F1 on
    ``dev`` (the last one without ``dev``) is written to ``out``."""
    random.seed(settings.seed)
    torch.manual_seed(settings.seed)
    target = torch.device(device)
    tokenizer = load_tokenizer(base / TOKENIZER_FILE)
    tags = tag_set(train)
    shape, model = read_base(base, tags)
    model.to(target)
    manifest = EncoderManifest(
        shape=shape,
        tags=tags,
        window=settings.window,
        overlap=settings.overlap,
        base=base.name,
        weights=["-"],
        **special_ids(tokenizer),
    )
    items = training_windows(train, tokenizer, manifest)
    report = FineTuneReport(len(train), len(items), len(tags))
    steps = settings.epochs * -(-len(items) // settings.batch_size)
    optimizer = torch.optim.AdamW(
        model.parameters(), lr=settings.learning_rate, weight_decay=settings.weight_decay
    )
    warm = max(1, int(steps * settings.warmup))
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min((s + 1) / warm, max(0.0, (steps - s) / max(1, steps - warm)))
    )
    best_f1, best_state = -1.0, None
    for epoch in range(1, settings.epochs + 1):
        began, total = time.perf_counter(), 0.0
        model.train()
        random.shuffle(items)
        for at in range(0, len(items), settings.batch_size):
            batch = _collate(items[at : at + settings.batch_size], manifest.pad_id)
            ids, lengths, gold = (t.to(target) for t in batch)
            with torch.autocast(target.type, torch.bfloat16, enabled=target.type == "cuda"):
                scores = model(ids, lengths)
            loss = F.cross_entropy(
                scores.float().flatten(0, 1), gold.flatten(), ignore_index=IGNORE
            )
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            schedule.step()
            total += loss.item()
        model.eval()
        f1 = piece_f1(model, manifest, dev, tokenizer, target) if dev else None
        record = EpochRecord(epoch, total, time.perf_counter() - began, f1)
        report.epochs.append(record)
        if epoch_done is not None:
            epoch_done(record)
        score = f1 if f1 is not None else float(epoch)
        if score > best_f1:
            best_f1, report.best_epoch = score, epoch
            best_state = {k: v.detach().to("cpu", copy=True) for k, v in model.state_dict().items()}
    assert best_state is not None
    model.load_state_dict(best_state)
    write_model(out, manifest, model.cpu(), base / TOKENIZER_FILE)
    return report
