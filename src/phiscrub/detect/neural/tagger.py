"""The neural detector: a model directory loaded lazily, tagging documents in batches.

A model directory holds::

    neural.json          format, version and the full NeuralConfig recipe
    vocab.json           tokens, characters, prefixes, feature strings and tags
    weights.safetensors  the network's tensors (no pickles)
"""

from __future__ import annotations

import copy
import json
import shutil
from bisect import bisect_left
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import load_model, save_model

from phiscrub.configs import read_manifest_file, validated
from phiscrub.detect.neural.config import NeuralConfig
from phiscrub.detect.neural.inputs import DocInputs, InputEncoder, make_batch
from phiscrub.detect.neural.model import TaggerModel
from phiscrub.detect.neural.vocab import VOCAB_FILE, Vocabulary, read_vocabulary
from phiscrub.document import Document, Span
from phiscrub.errors import FormatError
from phiscrub.io.files import write_atomic, write_atomic_with
from phiscrub.provenance import check_versions, versions
from phiscrub.text.tags import tags_to_spans

MODEL_FILE = "neural.json"
WEIGHTS_FILE = "weights.safetensors"
FORMAT = "phiscrub-neural"
FORMAT_VERSION = 1


def _emissions(
    model: TaggerModel,
    config: NeuralConfig,
    docs: Sequence[DocInputs],
    batch_size: int,
    device: torch.device,
) -> dict[tuple[int, int], torch.Tensor]:
    """Tag scores of every piece of every document, keyed by (document, piece)."""
    items = [(k, p) for k, inputs in enumerate(docs) for p in range(len(inputs.ranges))]
    items.sort(key=lambda kp: docs[kp[0]].ranges[kp[1]][1] - docs[kp[0]].ranges[kp[1]][0])
    out: dict[tuple[int, int], torch.Tensor] = {}
    for i in range(0, len(items), batch_size):
        chunk = items[i : i + batch_size]
        batch = make_batch([(docs[k], *docs[k].ranges[p]) for k, p in chunk], config)
        scores = model.emissions(batch.to(device)).cpu()
        for b, (k, p) in enumerate(chunk):
            first, last = docs[k].ranges[p]
            out[k, p] = scores[b, : last - first]
    return out


OUTSIDE_SLACK = 1e-3
"""Margin for float error in ``needs_decoding``'s test."""


def needs_decoding(marginals: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Which sequences may have a best path other than all ``O`` (tag 0): ``[B]`` booleans.

    With q_t the marginal probability that token t is not ``O``, the all-``O`` path has
    probability at least 1 - sum q_t, and any other path at most max q_t (it is not ``O``
    somewhere). Where the first exceeds the second the Viterbi path is all ``O`` and gives no
    span, so it need not be decoded: most lines of a note hold no PHI. Exact, up to the
    float error that ``OUTSIDE_SLACK`` covers.
    """
    q = (1 - marginals[:, :, 0]) * mask
    return (1 - q.sum(1)) <= q.max(1).values + OUTSIDE_SLACK


def predict(
    model: TaggerModel,
    config: NeuralConfig,
    vocab: Vocabulary,
    docs: Sequence[DocInputs],
    name: str,
    batch_size: int = 32,
    device: torch.device | None = None,
) -> list[list[Span]]:
    """Spans for each document, scored by the least marginal probability among their tokens.

    Sentences (or lines) are decoded one by one. Windows are stitched: each token takes its
    scores from the window it is most central in, and the note is decoded as one sequence.
    """
    device = device or torch.device("cpu")
    model.eval()
    with torch.inference_mode():
        scores = _emissions(model, config, docs, batch_size, device)
        sequences: list[tuple[int, int, torch.Tensor]] = []  # (document, first token, scores)
        for k, inputs in enumerate(docs):
            if config.input != "window":
                for p, (first, _) in enumerate(inputs.ranges):
                    sequences.append((k, first, scores[k, p]))
            elif inputs.ranges:
                parts = [
                    scores[k, p][core_first - first : core_last - first]
                    for p, ((first, _), (core_first, core_last)) in enumerate(
                        zip(inputs.ranges, inputs.cores, strict=True)
                    )
                ]
                sequences.append((k, 0, torch.cat(parts)))
        spans: list[list[Span]] = [[] for _ in docs]
        sequences.sort(key=lambda s: len(s[2]))
        for i in range(0, len(sequences), batch_size):
            chunk = sequences[i : i + batch_size]
            length = max(len(s[2]) for s in chunk)
            emissions = torch.zeros(len(chunk), length, len(vocab.tags))
            mask = torch.zeros(len(chunk), length, dtype=torch.bool)
            for b, (_, _, s) in enumerate(chunk):
                emissions[b, : len(s)] = s
                mask[b, : len(s)] = True
            emissions, mask = emissions.to(device), mask.to(device)
            marginals, log_z = model.crf.posteriors(emissions, mask)
            needed = needs_decoding(marginals, mask).nonzero().flatten().tolist()
            decoded = (
                model.crf.decode_pruned(
                    emissions[needed], mask[needed], marginals[needed], log_z[needed]
                )
                if needed
                else []
            )
            paths = dict(zip(needed, decoded, strict=True))
            marginals = marginals.cpu().numpy()
            for b, (k, first, _) in enumerate(chunk):
                if b in paths:
                    spans[k] += _spans(docs[k], first, paths[b], marginals[b], vocab, name)
    return [sorted(s, key=lambda x: (x.start, x.end, x.label)) for s in spans]


def _spans(
    inputs: DocInputs,
    first: int,
    path: list[int],
    marginals: np.ndarray,
    vocab: Vocabulary,
    name: str,
) -> list[Span]:
    if not any(path):
        return []
    tokens = inputs.tokens[first : first + len(path)]
    tags = [vocab.tags[t] for t in path]
    starts = [t.start for t in tokens]
    found = []
    for span in tags_to_spans(tokens, tags, name):  # tokens by bisection: linear in spans
        score = min(
            float(marginals[j, path[j]])
            for j in range(bisect_left(starts, span.start), bisect_left(starts, span.end))
        )
        found.append(Span(span.start, span.end, span.label, round(score, 4), name))
    return found


def write_model(
    directory: Path,
    config: NeuralConfig,
    vocab: Vocabulary,
    model: TaggerModel | None = None,
    private: bool = False,
) -> None:
    """Write a model directory: the manifest with the recipe, the vocabularies and, when
    ``model`` is given, its weights (the trainer writes weights at each better epoch).
    ``private`` records that the vocabularies hold public words only."""
    manifest = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "private": private,
        "versions": versions(),
        "config": config.model_dump(),
        "vocab": VOCAB_FILE,
        "weights": WEIGHTS_FILE,
    }
    write_atomic(directory / VOCAB_FILE, json.dumps(vocab.as_json(), ensure_ascii=False) + "\n")
    write_atomic(directory / MODEL_FILE, json.dumps(manifest, indent=2) + "\n")
    if model is not None:
        write_weights(directory, model)


def write_weights(directory: Path, model: TaggerModel) -> None:
    """Write the weights (from a CPU copy when the model is on a GPU, where cuDNN keeps each
    LSTM's weights in one flat buffer that safetensors refuses to write)."""
    if any(p.device.type != "cpu" for p in model.parameters()):
        model = copy.deepcopy(model).cpu()
    write_atomic_with(directory / WEIGHTS_FILE, lambda path: save_model(model, str(path)))


def read_manifest(directory: Path) -> NeuralConfig:
    path = directory / MODEL_FILE
    data = read_manifest_file(path, FORMAT, FORMAT_VERSION, "neural model")
    check_versions(data.get("versions"), str(path))
    return validated(NeuralConfig, data.get("config"), str(path))


class NeuralTagger:
    """A trained neural model as a detector. The directory is read on first use.

    Args:
        directory: The model directory.
        name: The detector's name (the ``source`` of its spans).
        batch_size: Pieces (sentences or windows) per forward pass.
        device: ``cpu`` or ``cuda``.
    """

    def __init__(
        self,
        directory: str | Path,
        name: str = "neural",
        batch_size: int = 32,
        device: str = "cpu",
    ) -> None:
        self.directory = Path(directory)
        self.name = name
        self.batch_size = batch_size
        self.device = torch.device(device)
        self._state: tuple[NeuralConfig, Vocabulary, TaggerModel, InputEncoder] | None = None

    @classmethod
    def load(cls, directory: str | Path, name: str = "neural", **options: object) -> NeuralTagger:
        """Check the manifest now; vocabularies and weights are read on first use."""
        read_manifest(Path(directory))
        return cls(directory, name, **options)  # type: ignore[arg-type]

    def _open(self) -> tuple[NeuralConfig, Vocabulary, TaggerModel, InputEncoder]:
        if self._state is None:
            config = read_manifest(self.directory)
            vocab = read_vocabulary(self.directory / VOCAB_FILE)
            model = TaggerModel(config, vocab)
            path = self.directory / WEIGHTS_FILE
            try:
                load_model(model, str(path), device=str(self.device))
            except (OSError, RuntimeError, ValueError) as exc:
                raise FormatError(
                    path, f"weights do not fit the model ({type(exc).__name__})"
                ) from None
            model.to(self.device).eval()
            encoder = InputEncoder(config, vocab)
            if config.features.enabled:
                encoder.featurizer  # noqa: B018 - made now, so that the CRF shares its features
            self._state = (config, vocab, model, encoder)
        return self._state

    @property
    def config(self) -> NeuralConfig:
        return self._open()[0]

    def detect(self, doc: Document) -> list[Span]:
        return self.detect_many([doc])[0]

    def detect_many(self, docs: Sequence[Document]) -> list[list[Span]]:
        """Spans of each document; pieces of all the documents are batched together."""
        config, vocab, model, encoder = self._open()
        inputs = [encoder.encode(doc) for doc in docs]
        return predict(model, config, vocab, inputs, self.name, self.batch_size, self.device)

    def save(self, directory: str | Path) -> NeuralTagger:
        """Copy the model directory to ``directory`` and return the tagger opened there."""
        directory = Path(directory)
        if directory.resolve() != self.directory.resolve():
            shutil.copytree(self.directory, directory, dirs_exist_ok=True)
        return NeuralTagger.load(directory, self.name, batch_size=self.batch_size)
