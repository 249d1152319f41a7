"""Training a neural tagger: vocabularies, SGD/Adam with gradient clipping, early stopping on
dev strict F1 with the best checkpoint kept, seeds, and progress callbacks."""

from __future__ import annotations

import copy
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import torch
from numpy.random import default_rng as np_rng

from phiscrub.detect.base import TrainingProgress
from phiscrub.detect.neural.config import NeuralConfig
from phiscrub.detect.neural.inputs import DocInputs, InputEncoder, make_batch
from phiscrub.detect.neural.model import TaggerModel
from phiscrub.detect.neural.tagger import NeuralTagger, predict, write_model, write_weights
from phiscrub.detect.neural.vocab import Vocabulary
from phiscrub.document import Document
from phiscrub.errors import ConfigError, PhiscrubError
from phiscrub.evaluate import evaluate
from phiscrub.privacy import TokenCensus
from phiscrub.text.tokenize import Token
from phiscrub.text.vectors import WordVectors, embedding_key

"""``progress(stage, done, total, value)``: batches of an epoch (value: mean loss per piece)."""


@dataclass(frozen=True)
class EpochRecord:
    epoch: int
    seconds: float
    loss: float
    dev_f1: float | None
    skipped_batches: int = 0
    lr: float | None = None


@dataclass(frozen=True)
class NeuralTrainingReport:
    """What training saw and did (counts and scores only, no text)."""

    documents: int
    pieces: int
    tokens: int
    misaligned_spans: int
    overlapping_spans: int
    parameters: int
    epochs: list[EpochRecord] = field(default_factory=list)
    best_epoch: int = 0
    best_dev_f1: float | None = None
    seconds: float = 0.0
    stopped_early: bool = False
    diverged: bool = False
    out_of_time: bool = False


def tag_names(labels: Sequence[str], scheme: str) -> list[str]:
    prefixes = ("B", "I", "E", "S") if scheme == "BIOES" else ("B", "I")
    return ["O"] + [f"{p}-{label}" for label in labels for p in prefixes]


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


@dataclass
class Prepared:
    """Training documents read once: the recipe with its labels fixed, the vocabularies, and
    each document's tokens and feature strings."""

    config: NeuralConfig
    vocab: Vocabulary
    encoder: InputEncoder
    tokens: list[list[Token]]
    strings: list[dict[str, list[list[str]]]]


def prepare(
    docs: Sequence[Document],
    config: NeuralConfig,
    vectors: WordVectors | None = None,
    private: TokenCensus | None = None,
) -> Prepared:
    """Tokenise the training documents and build the vocabularies (tokens, characters,
    prefixes, feature strings, and the tags of the labels to learn); with ``private``, only
    its public words enter them (see :meth:`Vocabulary.build`)."""
    labels = config.labels or sorted({s.label for d in docs for s in d.spans})
    if not labels:
        raise PhiscrubError("the training documents have no annotated spans to learn from")
    encoder = InputEncoder(config)
    tokens = [encoder.tokenize(doc.text) for doc in docs]
    strings = [encoder.feature_strings(doc, t) for doc, t in zip(docs, tokens, strict=True)]
    feature_counts: dict[str, Counter[str]] = {f: Counter() for f in config.features.families}
    for per_doc in strings:
        for family, per_token in per_doc.items():
            for token_strings in per_token:
                feature_counts[family].update(token_strings)
    encoder.vocab = Vocabulary.build(
        (t.text for doc_tokens in tokens for t in doc_tokens),
        tag_names(labels, config.scheme),
        feature_counts if config.features.enabled else None,
        vectors.words if vectors is not None else (),
        config.token.min_count,
        config.prefix.length,
        config.prefix.min_count,
        private,
    )
    config = config.model_copy(update={"labels": list(labels)})
    return Prepared(config, encoder.vocab, encoder, tokens, strings)


def _pretrained_matrix(vocab: Vocabulary, vectors: WordVectors, dim: int, seed: int) -> np.ndarray:
    if vectors.dim != dim:
        raise ConfigError(
            f"the embeddings have {vectors.dim} dimensions but token.dim is {dim}; "
            "set token.dim to match"
        )
    rng = np.random.default_rng(seed)
    scale = np.sqrt(3.0 / dim)
    matrix = rng.uniform(-scale, scale, (len(vocab.tokens), dim)).astype(np.float32)
    matrix[0] = 0.0
    index = {w: i for i, w in enumerate(vectors.words)}
    for i, word in enumerate(vocab.tokens[2:], start=2):
        found = index.get(word, index.get(embedding_key(word)))
        if found is not None:
            matrix[i] = vectors.vectors[found]
    return matrix


def _batches(
    items: list[tuple[DocInputs, int, int]], size: int, rng: random.Random
) -> list[list[tuple[DocInputs, int, int]]]:
    """Shuffled batches of pieces of similar length (sorted within shuffled pools)."""
    items = items[:]
    rng.shuffle(items)
    pool = size * 50
    batches = []
    for i in range(0, len(items), pool):
        chunk = sorted(items[i : i + pool], key=lambda x: x[2] - x[1])
        batches += [chunk[j : j + size] for j in range(0, len(chunk), size)]
    rng.shuffle(batches)
    return batches


def _window_batches(
    items: list[tuple[DocInputs, int, int]], size: int, rng: random.Random
) -> list[list[tuple[DocInputs, int, int]]]:
    """Batches of overlapping windows: the notes are shuffled and each note's windows stay
    together in order, so that the two windows over a token usually share a batch and CEDI's
    n-gram context of that token is computed once; the batches are then shuffled."""
    notes: dict[int, list[tuple[DocInputs, int, int]]] = {}
    for item in items:
        notes.setdefault(id(item[0]), []).append(item)
    order = list(notes.values())
    rng.shuffle(order)
    flat = [item for note in order for item in note]
    batches = [flat[j : j + size] for j in range(0, len(flat), size)]
    rng.shuffle(batches)
    return batches


def _optimizer(config: NeuralConfig, model: TaggerModel, lr: float) -> torch.optim.Optimizer:
    params = [p for p in model.parameters() if p.requires_grad]
    if config.training.optimizer == "adam":
        return torch.optim.Adam(params, lr=lr)
    return torch.optim.SGD(params, lr=lr)


def _dev_f1(
    model: TaggerModel,
    config: NeuralConfig,
    vocab: Vocabulary,
    dev: Sequence[Document],
    dev_inputs: Sequence[DocInputs],
    device: torch.device,
) -> float:
    spans = predict(model, config, vocab, dev_inputs, "neural", 64, device)
    system = [doc.with_spans(s) for doc, s in zip(dev, spans, strict=True)]
    return evaluate(dev, system).criteria["strict"].f1


def _new_model(
    config: NeuralConfig, vocab: Vocabulary, vectors: WordVectors | None, seed: int
) -> TaggerModel:
    """A fresh network; its token vectors start from ``vectors`` where they have the word."""
    if vectors is None:
        return TaggerModel(config, vocab, None)
    return TaggerModel(config, vocab, _pretrained_matrix(vocab, vectors, config.token.dim, seed))


def _device(device: str) -> torch.device:
    target = torch.device(device)
    if target.type == "cuda" and not torch.cuda.is_available():
        raise ConfigError("--device cuda was asked for but PyTorch sees no CUDA device")
    return target


def _first_report(
    docs: Sequence[Document],
    items: list[tuple[DocInputs, int, int]],
    tokens: Sequence[Sequence[object]],
    inputs: Sequence[DocInputs],
    model: TaggerModel,
) -> NeuralTrainingReport:
    """What is known of a training run before its first epoch."""
    return NeuralTrainingReport(
        documents=len(docs),
        pieces=len(items),
        tokens=sum(len(t) for t in tokens),
        misaligned_spans=sum(x.misaligned for x in inputs),
        overlapping_spans=sum(x.overlapping for x in inputs),
        parameters=sum(p.numel() for p in model.parameters() if p.requires_grad),
    )


def _singletons(inputs: Sequence[DocInputs], vocabulary_size: int) -> np.ndarray:
    """Which token ids occur exactly once in the training inputs (NeuroNER reads them as
    ``<unk>`` part of the time)."""
    counts = np.bincount(
        np.concatenate([x.words for x in inputs] or [np.zeros(0, np.int64)]),
        minlength=vocabulary_size,
    )
    return counts == 1


def _train_epoch(
    model: TaggerModel,
    optimizer: torch.optim.Optimizer,
    batches: list[list[tuple[DocInputs, int, int]]],
    config: NeuralConfig,
    unk: tuple[np.ndarray, float, np.random.Generator],
    target: torch.device,
    progress: TrainingProgress | None,
    label: str,
) -> tuple[float, int, int]:
    """One pass over ``batches``: (summed loss, pieces seen, batches skipped because their
    loss was not finite)."""
    settings = config.training
    model.train()
    total_loss, seen, skipped = 0.0, 0, 0
    for number, chunk in enumerate(batches, start=1):
        summed = model.loss(make_batch(chunk, config, unk).to(target))
        if not bool(torch.isfinite(summed)):
            skipped += 1  # a non-finite loss would poison every weight; drop the batch
            continue
        loss = summed / len(chunk) if settings.reduction == "mean" else summed
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_value_(model.parameters(), settings.clip)
        optimizer.step()
        total_loss += float(summed.detach())
        seen += len(chunk)
        if progress is not None:
            progress(label, number, len(batches), total_loss / seen)
    return total_loss, seen, skipped


@dataclass
class _Keeper:
    """Keeps the best epoch's weights (written to ``directory``) and decides after each epoch:
    ``go`` on, ``stopped`` (``patience`` epochs without a better dev F1), ``diverged``
    (non-finite weights with nothing to go back to), ``restart`` from the best weights
    (with ``anneal``, flair's annealing with restarts), or ``out of time`` (past ``deadline``,
    a ``time.perf_counter()`` reading)."""

    directory: Path
    patience: int
    anneal: float | None
    deadline: float | None = None
    best: float = -1.0
    best_epoch: int = 0
    waited: int = 0
    verdict: str = "go"
    state: dict[str, torch.Tensor] | None = None

    def judge(self, model: TaggerModel, epoch: int, dev_f1: float | None, finite: bool) -> str:
        if not finite and (self.anneal is None or self.state is None):
            self.verdict = "diverged"  # the best weights so far are already on disk
        elif finite and (dev_f1 is None or dev_f1 > self.best):
            self.best = dev_f1 if dev_f1 is not None else self.best
            self.best_epoch, self.waited, self.verdict = epoch, 0, "go"
            write_weights(self.directory, model)
            if self.anneal is not None:
                self.state = copy.deepcopy(model.state_dict())
        else:
            self.waited += 1
            self.verdict = "go"
            if self.waited >= self.patience:
                self.verdict = "stopped"
            elif self.anneal is not None and self.state is not None:
                model.load_state_dict(self.state)
                self.verdict = "restart"
        late = self.deadline is not None and time.perf_counter() > self.deadline
        if late and self.verdict in ("go", "restart"):
            self.verdict = "out of time"
        return self.verdict


def fit(
    docs: Sequence[Document],
    directory: str | Path,
    config: NeuralConfig,
    dev: Sequence[Document] = (),
    vectors: WordVectors | None = None,
    seed: int = 1,
    device: str = "cpu",
    progress: TrainingProgress | None = None,
    on_epoch: Callable[[EpochRecord], None] | None = None,
    private: TokenCensus | None = None,
) -> tuple[NeuralTagger, NeuralTrainingReport]:
    """Train a tagger on ``docs`` and write its model directory.

    With ``dev`` documents, the weights of the epoch with the best dev strict F1 are kept and
    training stops after ``config.training.patience`` epochs without improvement; without,
    all ``max_epochs`` are run and the last weights are kept. With ``private`` (the census of
    ``docs``), only public words enter the vocabularies (private training).
    """
    started = time.perf_counter()
    seed_everything(seed)
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    target = _device(device)
    prepared = prepare(docs, config, vectors, private)
    config, vocab, encoder = prepared.config, prepared.vocab, prepared.encoder
    tokens, strings = prepared.tokens, prepared.strings
    inputs = [
        encoder.encode(doc, True, t, s) for doc, t, s in zip(docs, tokens, strings, strict=True)
    ]
    dev_inputs = [encoder.encode(doc) for doc in dev]
    model = _new_model(config, vocab, vectors, seed).to(target)
    write_model(directory, config, vocab, private=private is not None)
    lr = config.training.lr
    optimizer = _optimizer(config, model, lr)
    items = [(x, a, b) for x in inputs for a, b in x.ranges]
    rng = random.Random(seed)
    unk = (_singletons(inputs, len(vocab.tokens)), config.token.unk_replace, np_rng(seed))
    settings = config.training
    report = _first_report(docs, items, tokens, inputs, model)
    deadline = None if settings.max_seconds is None else started + settings.max_seconds
    keeper = _Keeper(directory, settings.patience, settings.anneal if dev else None, deadline)
    batcher = _window_batches if config.input == "window" else _batches
    for epoch in range(1, settings.max_epochs + 1):
        epoch_start = time.perf_counter()
        batches = batcher(items, settings.batch_size, rng)
        total_loss, seen, skipped = _train_epoch(
            model, optimizer, batches, config, unk, target, progress, f"epoch {epoch}"
        )
        train_seconds = time.perf_counter() - epoch_start
        dev_f1 = _dev_f1(model, config, vocab, dev, dev_inputs, target) if dev else None
        record = EpochRecord(
            epoch, round(train_seconds, 2), total_loss / max(seen, 1), dev_f1, skipped, lr
        )
        report.epochs.append(record)
        if on_epoch is not None:
            on_epoch(record)
        finite = all(bool(torch.isfinite(p).all()) for p in model.parameters())
        verdict = keeper.judge(model, epoch, dev_f1, finite)
        if verdict in ("diverged", "stopped", "out of time"):
            break
        if verdict == "restart":
            lr *= keeper.anneal or 1.0  # from the best weights, more slowly
            optimizer = _optimizer(config, model, lr)
    if keeper.best_epoch == 0:
        raise PhiscrubError(
            "training diverged in its first epoch (weights became non-finite); "
            "lower training.lr or training.clip"
        )
    final = replace(
        report,
        best_epoch=keeper.best_epoch,
        best_dev_f1=keeper.best if dev else None,
        seconds=time.perf_counter() - started,
        stopped_early=keeper.verdict == "stopped",
        diverged=keeper.verdict == "diverged",
        out_of_time=keeper.verdict == "out of time",
    )
    return NeuralTagger(directory, batch_size=32, device=device), final
