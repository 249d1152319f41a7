"""Run a detection pipeline over an annotated corpus and score it with our evaluator.

    python benchmarks/pipeline_accuracy.py rules-es ../shared/corpora/meddocan/dev/brat
    phiscrub synth --out /tmp/synth-test --notes 500 --seed 7321 --format jsonl
    python benchmarks/pipeline_accuracy.py default /tmp/synth-test --name synthetic-7321

The run is pinned to one core (PyTorch, when a pipeline uses it, to one thread).

Writes ``benchmarks/results/accuracy_<pipeline>_<corpus>.json`` (strict and binary token P/R/F1,
strict per label, leak rate, throughput on one core, peak memory) and rebuilds BENCHMARKS.md.
Tune on dev; the MEDDOCAN test split is kept aside.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path

from record import finish, peak_rss_mb

from phiscrub.evaluate import evaluate
from phiscrub.evaluate.criteria import I2B2_CRITERIA
from phiscrub.io import read_corpus
from phiscrub.pipeline import load_pipeline


def _prf(counts) -> str:
    return f"P {counts.precision:.4f} R {counts.recall:.4f} F1 {counts.f1:.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pipeline")
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--name", help="corpus name in the result file (default: from path)")
    parser.add_argument(
        "--without-torch",
        action="store_true",
        help="run as where PyTorch is not installed (optional neural members left out)",
    )
    args = parser.parse_args()
    if args.without_torch:
        sys.modules["torch"] = None  # type: ignore[assignment]  # imports now fail
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    with contextlib.suppress(ImportError):
        import torch

        torch.set_num_threads(1)
    pipeline = load_pipeline(args.pipeline)
    gold = list(read_corpus(args.corpus))
    pipeline.annotate(gold[0])  # load patterns, gazetteers and models before timing
    started = time.perf_counter()
    system = list(pipeline.annotate_all(gold))  # two-pass per patient when configured
    seconds = time.perf_counter() - started
    characters = sum(len(doc.text) for doc in gold)
    result = evaluate(gold, system)
    strict, token = result.criteria["strict"], result.criteria["binary_token"]
    corpus = args.name or "-".join(args.corpus.resolve().parts[-3:-1])
    summary = {
        "documents": len(gold),
        "strict": _prf(strict),
        "strict TP/FP/FN": f"{strict.tp}/{strict.fp}/{strict.fn}",
        "binary token": _prf(token),
        "leak rate": f"{result.leak.rate:.4f}",
        "characters/s (one core)": round(characters / seconds),
        "peak RSS (MB)": peak_rss_mb(),
    }
    if pipeline.base is not None:
        size = sum(p.stat().st_size for p in pipeline.base.rglob("*") if p.is_file())
        summary["pipeline size (MB)"] = round(size / 1e6, 2)
    if pipeline.skipped:
        summary["left out (no PyTorch)"] = ", ".join(pipeline.skipped)
    for name in I2B2_CRITERIA:
        summary[name] = f"{_prf(result.criteria[name])} ({result.criteria[name].tp}/" + (
            f"{result.criteria[name].fp}/{result.criteria[name].fn})"
        )
    finish(
        f"accuracy_{pipeline.name}_{corpus}",
        summary,
        result.per_label,
        {"criteria": {k: v.as_dict() for k, v in result.criteria.items()}},
    )


if __name__ == "__main__":
    main()
