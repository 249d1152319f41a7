"""Train a neural tagger on MEDDOCAN train and score it on dev with our evaluator.

    python benchmarks/neural.py --config neuroner --seed 1
    python benchmarks/neural.py --config cedi --seed 1 --without context   # CEDI ablations
    python benchmarks/neural.py --config neuroner --seed 1 --max-epochs 12 --predictions P.jsonl
    python benchmarks/neural.py --config cedi --seed 1 --optimizer adam --lr 0.001

Token vectors start from word2vec trained (gensim, one worker, seed 1) on the training notes'
text only, as NeuroNER starts from GloVe; ``--no-pretrained`` starts them at random. Training
uses early stopping on dev strict F1 (patience 15 unless --patience) within --max-epochs; the
best epoch's weights are scored. ``--optimizer``/``--lr`` replace the preset's (SGD; with Adam
at .001 neuroner reached in 5 epochs what SGD did in 14, while CEDI stalls with Adam). PyTorch
gets --threads CPU threads (2 by default: the CI machine's cores). The result goes to
``benchmarks/results/neural_meddocan_CONFIG[_without-X]_seedS.json``; ``--predictions`` also
writes the tagged dev notes (JSONL) for ``phiscrub evaluate DEV A.jsonl --compare B.jsonl``
(approximate randomization). ``--private`` trains privately (see phiscrub.privacy; the name
gains ``_private``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import torch
from corpora import MEDDOCAN
from record import finish, peak_rss_mb

from phiscrub.detect.neural import NeuralConfig, preset
from phiscrub.detect.neural.trainer import fit
from phiscrub.evaluate import evaluate
from phiscrub.io import read_corpus, write_corpus
from phiscrub.privacy import census
from phiscrub.text.vectors import read_vectors
from phiscrub.train.embeddings import train_vectors

ABLATIONS = ("context", "prefix", "attention", "chars", "features")


def _prf(counts) -> str:
    return f"P {counts.precision:.4f} R {counts.recall:.4f} F1 {counts.f1:.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--config", choices=["neuroner", "bilstm-fea", "cedi"], required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--without", choices=ABLATIONS, action="append", default=[])
    parser.add_argument("--input", choices=["sentence", "line", "window"], help="default: preset")
    parser.add_argument("--optimizer", choices=["sgd", "adam"], help="default: the preset's")
    parser.add_argument("--lr", type=float, help="learning rate (default: the preset's)")
    parser.add_argument("--max-epochs", type=int, default=100)
    parser.add_argument("--patience", type=int, default=15)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    parser.add_argument(
        "--no-pretrained",
        action="store_true",
        help="random token vectors (default: word2vec trained on the training notes' text)",
    )
    parser.add_argument(
        "--vectors",
        type=Path,
        help="token vectors already made (word2vec format) instead of training them here",
    )
    parser.add_argument(
        "--max-seconds", type=float, help="time budget: stop after the epoch that passes it"
    )
    parser.add_argument("--tag", help="added to the result's name (e.g. gpu)")
    parser.add_argument("--predictions", type=Path, help="write dev spans here (JSONL)")
    parser.add_argument(
        "--private",
        action="store_true",
        help="private training: only words seen 5+ times outside PHI enter the vocabularies",
    )
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    data = preset(args.config)
    data["language"] = "es"
    data["training"] = {
        **data.get("training", {}),
        "max_epochs": args.max_epochs,
        "patience": args.patience,
        "max_seconds": args.max_seconds,
    }
    if args.optimizer:
        data["training"]["optimizer"] = args.optimizer
    if args.lr:
        data["training"]["lr"] = args.lr
    switches = {"chars": "char"}
    for part in args.without:
        data[switches.get(part, part)] = {"enabled": False}
    if args.input:
        data["input"] = args.input
    config = NeuralConfig.model_validate(data)
    train = list(read_corpus(MEDDOCAN / "train" / "brat"))
    dev = list(read_corpus(MEDDOCAN / "dev" / "brat"))
    name = f"neural_meddocan_{args.config}"
    name += "".join(f"_without-{part}" for part in args.without)
    name += f"_{args.input}" if args.input else ""
    name += f"_{args.optimizer}" if args.optimizer else ""
    name += f"_lr{args.lr:g}" if args.lr else ""
    name += f"_{args.tag}" if args.tag else ""
    name += ("_random" if args.no_pretrained else "") + f"_seed{args.seed}"
    name += "_private" if args.private else ""

    def show(record) -> None:  # progress on stderr: epoch numbers and scores only
        print(
            f"epoch {record.epoch}: {record.seconds:.1f} s, dev F1 {record.dev_f1:.4f}",
            file=sys.stderr,
            flush=True,
        )

    with tempfile.TemporaryDirectory() as scratch:
        vectors = None
        if args.vectors is not None and not args.no_pretrained:
            vectors = read_vectors(args.vectors)
        elif not args.no_pretrained:
            path = Path(scratch) / "vectors.txt"
            train_vectors(train, path, dim=config.token.dim, seed=1, workers=1)
            vectors = read_vectors(path)
        model = Path(scratch) / "model"
        tagger, report = fit(
            train,
            model,
            config,
            dev,
            vectors,
            args.seed,
            args.device,
            on_epoch=show,
            private=census(train) if args.private else None,
        )
        size = sum(p.stat().st_size for p in model.iterdir()) / 1e6
        tagger.detect(dev[0])  # load before timing
        started = time.perf_counter()
        found = tagger.detect_many(dev)
        seconds = time.perf_counter() - started
    system = [doc.with_spans(spans) for doc, spans in zip(dev, found, strict=True)]
    if args.predictions is not None:
        write_corpus(system, args.predictions, "jsonl")
    result = evaluate(dev, system)
    strict, token = result.criteria["strict"], result.criteria["binary_token"]
    epochs = report.epochs
    train_seconds = [r.seconds for r in epochs]
    characters = sum(len(doc.text) for doc in dev)
    summary = {
        "config": args.config + "".join(f" -{p}" for p in args.without),
        "input": config.input,
        "optimizer (lr)": f"{config.training.optimizer} ({config.training.lr:g})",
        "token vectors": "random" if args.no_pretrained else "word2vec on train text",
        "seed": args.seed,
        "private training": "yes" if args.private else "no",
        "strict": _prf(strict),
        "strict TP/FP/FN": f"{strict.tp}/{strict.fp}/{strict.fn}",
        "binary token": _prf(token),
        "leak rate": f"{result.leak.rate:.4f}",
        "epochs run (best)": f"{len(epochs)} ({report.best_epoch})",
        "stopped": (
            "early (patience)"
            if report.stopped_early
            else "out of time (--max-seconds)"
            if report.out_of_time
            else "at --max-epochs"
        ),
        "train s/epoch (mean)": round(sum(train_seconds) / len(train_seconds), 1),
        f"threads ({args.device})": args.threads,
        "tagging characters/s": round(characters / seconds),
        "parameters": report.parameters,
        "model size (MB)": round(size, 2),
        "peak RSS (MB)": peak_rss_mb(),
    }
    finish(
        name,
        summary,
        result.per_label,
        {
            "config": config.model_dump(),
            "epochs": [r.__dict__ for r in epochs],
            "criteria": {k: v.as_dict() for k, v in result.criteria.items()},
        },
    )


if __name__ == "__main__":
    main()
