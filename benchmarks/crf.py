"""Train the CRF and score it with our evaluator: MEDDOCAN train -> dev, with feature ablations,
or synthetic English train -> synthetic notes from an unseen seed.

    python benchmarks/crf.py meddocan --variant full
    python benchmarks/crf.py meddocan --variant no-dictionary-rules
    python benchmarks/crf.py meddocan --mode per_label       # or --scheme BIOES
    python benchmarks/crf.py meddocan --private              # private training
    python benchmarks/crf.py synthetic --train-notes 2000 --train-seed 11 --test-seed 7321

Each run pins itself to one core, trains word2vec embeddings (gensim, one worker, fixed seed) on
the training notes' text only (no labels; MEDDOCAN dev and test text are not used), makes the
k-means cluster table, trains the CRF, tags the evaluation notes, and writes
``benchmarks/results/crf_<corpus>_<variant>.json`` (strict and binary token P/R/F1, all ten
criteria, per-label strict, leak, training time, tagging characters/s, model size, peak memory)
and BENCHMARKS.md. The MEDDOCAN test split is never read.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from corpora import train_and_test
from record import finish, peak_rss_mb

from phiscrub.detect.crf import CRFConfig, CRFTagger
from phiscrub.detect.crf.clusters import make_clusters
from phiscrub.evaluate import evaluate
from phiscrub.privacy import census
from phiscrub.text.vectors import read_vectors
from phiscrub.train.embeddings import train_vectors

VARIANTS = {
    "full": [],
    "no-dictionary-rules": ["dictionary", "rules"],
    "no-clusters": ["clusters"],
    "no-shapes-affixes": ["shapes", "affixes"],
}


def _prf(counts) -> str:
    return f"P {counts.precision:.4f} R {counts.recall:.4f} F1 {counts.f1:.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", choices=["meddocan", "synthetic"])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="full")
    parser.add_argument("--train-notes", type=int, default=2000)
    parser.add_argument("--train-seed", type=int, default=11)
    parser.add_argument("--test-notes", type=int, default=500)
    parser.add_argument("--test-seed", type=int, default=7321)
    parser.add_argument("--iterations", type=int, help="L-BFGS iterations (default: config)")
    parser.add_argument("--scheme", choices=["IO", "BIO", "BIOES"], help="default: config")
    parser.add_argument("--mode", choices=["joint", "per_label"], help="default: config")
    parser.add_argument(
        "--private",
        action="store_true",
        help="private training: only words seen 5+ times outside PHI get features",
    )
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})  # one core
    train, test, language = train_and_test(
        args.corpus, args.train_notes, args.train_seed, args.test_notes, args.test_seed
    )
    without = VARIANTS[args.variant]
    config = CRFConfig(language=language)
    config = config.model_copy(
        update={"features": config.features.model_copy(update=dict.fromkeys(without, False))}
    )
    name = f"crf_{args.corpus}_{args.variant}"
    for setting in ("scheme", "mode"):
        if getattr(args, setting):
            config = config.model_copy(update={setting: getattr(args, setting)})
            name += f"_{getattr(args, setting)}"
    if args.private:
        name += "_private"
    if args.iterations:
        trainer = config.trainer.model_copy(update={"max_iterations": args.iterations})
        config = config.model_copy(update={"trainer": trainer})
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        clusters = None
        if config.features.clusters:
            vectors = Path(scratch) / "vectors.txt"
            train_vectors(train, vectors, seed=1, workers=1)
            clusters = make_clusters(read_vectors(vectors), config.clusters, seed=1)
        cluster_seconds = time.perf_counter() - started
        model = Path(scratch) / "crf"
        private = census(train) if args.private else None
        tagger, report = CRFTagger.fit(train, model, config, clusters, private=private)
        size = sum(p.stat().st_size for p in model.iterdir()) / 1e6
        tagger.detect(test[0])  # open the model before timing
        started = time.perf_counter()
        system = [doc.with_spans(tagger.detect(doc)) for doc in test]
        seconds = time.perf_counter() - started
    characters = sum(len(doc.text) for doc in test)
    result = evaluate(test, system)
    strict, token = result.criteria["strict"], result.criteria["binary_token"]
    summary = {
        "train documents": report.documents,
        "train tokens": report.tokens,
        "evaluation documents": len(test),
        "strict": _prf(strict),
        "strict TP/FP/FN": f"{strict.tp}/{strict.fp}/{strict.fn}",
        "binary token": _prf(token),
        "leak rate": f"{result.leak.rate:.4f}",
        "features off": ", ".join(without) or "none",
        "private training": "yes" if args.private else "no",
        "scheme, mode": f"{config.scheme}, {config.mode}",
        "L-BFGS iterations": max(report.iterations.values()),
        "embeddings + clusters (s)": round(cluster_seconds, 1),
        "CRF training (s, one core)": round(report.seconds, 1),
        "tagging characters/s (one core)": round(characters / seconds),
        "model size (MB)": round(size, 2),
        "peak RSS (MB)": peak_rss_mb(),
    }
    if args.corpus == "synthetic":
        summary["seeds (train/test)"] = f"{args.train_seed}/{args.test_seed}"
        for name in result.criteria:
            if not name.startswith("meddocan"):
                summary[name] = _prf(result.criteria[name])
    finish(
        name,
        summary,
        result.per_label,
        {
            "config": config.model_dump(),
            "criteria": {k: v.as_dict() for k, v in result.criteria.items()},
        },
    )


if __name__ == "__main__":
    main()
