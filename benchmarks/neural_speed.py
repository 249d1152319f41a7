"""Tagging throughput of each neural recipe on the CPU: characters per second over MEDDOCAN dev.

    python benchmarks/neural_speed.py --threads 2

For each preset, vocabularies are built from MEDDOCAN train and the network is initialised
(seed 1) but not trained: the work per character does not depend on the weights. The dev notes
are read, tokenised, batched (``NeuralTagger.detect_many``, 32 pieces per batch), run through
the network and decoded; the best of ``--repeats`` timed runs is kept. Writes
``benchmarks/results/neural_speed.json`` and BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import torch
from corpora import MEDDOCAN
from record import finish, peak_rss_mb

from phiscrub.detect.neural import NeuralConfig, preset
from phiscrub.detect.neural.model import TaggerModel
from phiscrub.detect.neural.tagger import NeuralTagger, write_model
from phiscrub.detect.neural.trainer import prepare, seed_everything
from phiscrub.io import read_corpus


def _untrained(name: str, train: list, directory: Path) -> NeuralTagger:
    """A model directory holding the recipe, MEDDOCAN train vocabularies and initial weights."""
    data = preset(name)
    data["language"] = "es"
    prepared = prepare(train, NeuralConfig.model_validate(data))
    config, vocab = prepared.config, prepared.vocab
    seed_everything(1)
    model = TaggerModel(config, vocab)
    directory.mkdir(parents=True)
    write_model(directory, config, vocab, model)
    return NeuralTagger(directory, batch_size=32)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    train = list(read_corpus(MEDDOCAN / "train" / "brat"))
    dev = list(read_corpus(MEDDOCAN / "dev" / "brat"))
    characters = sum(len(doc.text) for doc in dev)
    summary: dict[str, object] = {
        "notes": len(dev),
        "characters": characters,
        "threads": args.threads,
    }
    with tempfile.TemporaryDirectory() as scratch:
        for name in ("neuroner", "bilstm-fea", "cedi"):
            tagger = _untrained(name, train, Path(scratch) / name)
            tagger.detect(dev[0])  # load the model before timing
            best = float("inf")
            for _ in range(args.repeats):
                started = time.perf_counter()
                tagger.detect_many(dev)
                best = min(best, time.perf_counter() - started)
            summary[f"{name} characters/s"] = round(characters / best)
    summary["peak RSS (MB)"] = peak_rss_mb()
    finish("neural_speed", summary, {}, {})


if __name__ == "__main__":
    main()
