"""Where a pipeline spends its time: each detector, then the merge, on one core.

    python benchmarks/stages.py --pipeline default --notes 200 --core 0

The pipeline runs in this process, pinned to one core (PyTorch to one thread), over synthetic
notes (seed 7321) in batches of 64 notes as ``annotate_all`` takes them, after one warm-up note.
Each detector runs over all the batches in the pipeline's order, then the two-pass dictionary,
the ensemble, the merge and the sanity layer run on their spans (``detect_all`` with the
first-pass spans given). CPU seconds per stage; work a later stage finds memoised by an earlier
one (tokens, the rules' and dictionaries' spans, the note-level features) is counted where it
was first done. Writes ``benchmarks/results/stages_PIPELINE.json`` and BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pipeline", default="default")
    parser.add_argument("--notes", type=int, default=200)
    parser.add_argument("--core", type=int, default=0)
    parser.add_argument("--without-torch", action="store_true")
    args = parser.parse_args()
    if args.without_torch:
        sys.modules["torch"] = None  # type: ignore[assignment]
    if hasattr(os, "sched_setaffinity"):  # before numpy is imported: its BLAS sizes its
        os.sched_setaffinity(0, {args.core})  # thread pool by the cores it may use
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass
    warnings.simplefilter("ignore")
    from record import record

    from phiscrub.detect.base import detect_batch
    from phiscrub.pipeline import load_pipeline
    from phiscrub.pipeline.core import BATCH_DOCUMENTS
    from phiscrub.synth import synthesize

    docs = [n.document for n in synthesize(args.notes, 7321)]
    pipeline = load_pipeline(args.pipeline)
    pipeline.annotate(docs[0])
    characters = sum(len(d.text) for d in docs)
    seconds: dict[str, float] = {}
    raw: list[list] = [[] for _ in docs]
    for detector in pipeline.detectors:
        started = time.process_time()
        for i in range(0, len(docs), BATCH_DOCUMENTS):
            batch = docs[i : i + BATCH_DOCUMENTS]
            for spans, found in zip(raw[i:], detect_batch(detector, batch)):  # noqa: B905
                spans += found
        seconds[detector.name] = time.process_time() - started
    started = time.process_time()
    list(pipeline.detect_all(docs, raw=raw))
    seconds["two-pass, ensemble, merge, sanity"] = time.process_time() - started
    total = sum(seconds.values())
    rows = [
        [stage, f"{spent:.2f}", f"{spent / total:.0%}", f"{characters / spent:,.0f}"]
        for stage, spent in seconds.items()
    ]
    rows.append(["all", f"{total:.2f}", "100%", f"{characters / total:,.0f}"])
    for row in rows:
        print(" | ".join(row))
    name = args.pipeline + (" (no torch)" if args.without_torch else "")
    summary = {"pipeline": name, "notes": f"{args.notes} synthetic (seed 7321)"}
    columns = ["stage", "CPU s", "share", "characters/CPU s of the stage"]
    suffix = "-without-torch" if args.without_torch else ""
    record(
        f"stages_{args.pipeline}{suffix}",
        summary,
        {"seconds": seconds, "characters": characters},
        {"columns": columns, "rows": rows},
    )


if __name__ == "__main__":
    main()
