"""The neural member on an accelerator: NeuroNER trained with ``--device cuda``, then the same
weights tagging on the accelerator and on the CPU, which must find the same spans.

    phiscrub synth --out /tmp/device-train --notes 120 --seed 5 --format jsonl
    phiscrub synth --out /tmp/device-dev --notes 30 --seed 6 --format jsonl
    python benchmarks/neural_device.py --train /tmp/device-train --dev /tmp/device-dev \\
        --device cuda --epochs 3

A check of the device path, not a model: NeuroNER (no features, so no gazetteers are read) is
trained for ``--epochs`` epochs with no early stop and without private training, and thrown
away. The corpora are made beforehand, so that the machine with the accelerator needs only
PyTorch and phiscrub's core requirements. Exits 1 when the two devices' spans differ. Writes
``benchmarks/results/neural_device.json`` and BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import torch
from record import record

from phiscrub.detect.neural.tagger import NeuralTagger
from phiscrub.io import read_corpus
from phiscrub.train.members import read_neural_config, train_neural


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=Path, required=True)
    parser.add_argument("--dev", type=Path, required=True)
    parser.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--name", default="neural_device")
    args = parser.parse_args()
    if args.device == "cuda" and not torch.cuda.is_available():
        print("PyTorch sees no CUDA device", file=sys.stderr)
        return 2
    config = read_neural_config("neuroner", "en", args.epochs, args.epochs)
    epochs: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "model"
        start = time.perf_counter()
        result = train_neural(
            args.train,
            out,
            config,
            None,
            device=args.device,
            on_epoch=lambda r: epochs.append(round(r.seconds, 2)),
            private=False,
        )
        trained = time.perf_counter() - start
        docs = list(read_corpus(args.dev))
        found, seconds = {}, {}
        for device in dict.fromkeys((args.device, "cpu")):
            tagger = NeuralTagger(out / "neural", device=device)
            tagger.detect_many(docs[:1])  # read the model and warm the device
            start = time.perf_counter()
            spans = tagger.detect_many(docs)
            seconds[device] = round(time.perf_counter() - start, 3)
            found[device] = [[(s.start, s.end, s.label) for s in doc] for doc in spans]
    differing = sum(a != b for a, b in zip(found[args.device], found["cpu"], strict=True))
    summary = {
        "device": torch.cuda.get_device_name(0) if args.device == "cuda" else "cpu",
        "torch": torch.__version__,
        "train notes": result.report.documents,
        "epochs": args.epochs,
        "seconds per epoch": epochs,
        "training seconds (with reading and vocabularies)": round(trained, 1),
        "dev notes": len(docs),
        f"tagging seconds on {args.device}": seconds[args.device],
        "tagging seconds on cpu": seconds["cpu"],
        "spans": sum(len(doc) for doc in found[args.device]),
        "notes whose spans differ between the devices": differing,
    }
    path = record(args.name, summary)
    for key, value in summary.items():
        print(f"{key}: {value}")
    print(f"wrote {path}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
