"""CEDI's cost per epoch against NeuroNER's (issue 22's bar), and what its batching does to
dev F1.

    python benchmarks/cedi_epoch.py                      # the timing: one epoch each
    python benchmarks/cedi_epoch.py --batching grouped --epochs 5 --dev 40
    python benchmarks/cedi_epoch.py --batching pooled --epochs 5 --dev 40

The timing trains one epoch of ``neuroner`` and one of ``cedi`` on the first 40 MEDDOCAN train
documents (by id), seed 1, random token vectors, PyTorch on one thread, one after the other in
this process, and records each epoch's training seconds. With ``--batching``, ``cedi`` trains
``--epochs`` epochs on the same 40 documents and is scored on the first ``--dev`` dev documents
after each epoch (strict F1), with its windows batched note by note (``grouped``, the
trainer's way: the two windows over a token share a batch, so its n-gram context is computed
once) or as before (``pooled``: shuffled pools of windows sorted by length). Writes
``benchmarks/results/cedi_epoch[_BATCHING].json`` and BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import torch
from corpora import MEDDOCAN
from record import record

from phiscrub.detect.neural import NeuralConfig, preset, trainer
from phiscrub.io import read_corpus

TRAIN_DOCUMENTS = 40


def _config(name: str, epochs: int) -> NeuralConfig:
    data = preset(name)
    data["language"] = "es"
    data["training"] = {**data.get("training", {}), "max_epochs": epochs, "patience": epochs}
    return NeuralConfig.model_validate(data)


def _fit(docs: list, config: NeuralConfig, dev: list) -> trainer.NeuralTrainingReport:
    with tempfile.TemporaryDirectory() as scratch:
        _, report = trainer.fit(docs, Path(scratch) / "m", config, dev, seed=1)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batching", choices=["grouped", "pooled"])
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--dev", type=int, default=40, help="dev documents scored")
    args = parser.parse_args()
    torch.set_num_threads(1)
    ordered = sorted(read_corpus(MEDDOCAN / "train" / "brat"), key=lambda d: d.doc_id)
    train = ordered[:TRAIN_DOCUMENTS]
    summary: dict[str, object] = {
        "train documents": f"first {TRAIN_DOCUMENTS} of MEDDOCAN train (by id)",
        "tokens": None,
        "threads": 1,
        "token vectors": "random (seed 1)",
    }
    if args.batching is None:
        seconds = {}
        for name in ("neuroner", "cedi"):
            report = _fit(train, _config(name, 1), [])
            seconds[name] = report.epochs[0].seconds
            summary["tokens"] = report.tokens
            summary[f"{name} pieces"] = report.pieces
            summary[f"{name} s/epoch"] = seconds[name]
        summary["cedi / neuroner"] = round(seconds["cedi"] / seconds["neuroner"], 2)
        record("cedi_epoch", summary, {})
        return
    if args.batching == "pooled":
        trainer._window_batches = trainer._batches  # the batching before note grouping
    dev = sorted(read_corpus(MEDDOCAN / "dev" / "brat"), key=lambda d: d.doc_id)[: args.dev]
    report = _fit(train, _config("cedi", args.epochs), dev)
    summary["tokens"] = report.tokens
    summary["batching"] = args.batching
    summary["dev documents"] = f"first {args.dev} of MEDDOCAN dev (by id)"
    for epoch in report.epochs:
        summary[f"epoch {epoch.epoch}"] = (
            f"dev strict F1 {epoch.dev_f1:.4f}, loss {epoch.loss:.3f}, {epoch.seconds:.1f} s"
        )
    record(f"cedi_epoch_{args.batching}", summary, {})


if __name__ == "__main__":
    main()
