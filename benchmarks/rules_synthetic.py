"""Score a detection pipeline on fresh synthetic English notes, with its two-pass patient
dictionary on and off, and time it on one core.

    python benchmarks/rules_synthetic.py --notes 500 --seed 7321

The seed must be one never used while developing the rules (development used 2026). Writes
``benchmarks/results/synthetic_<pipeline>.json`` (all ten i2b2 criteria, strict per label,
leak rate, PATIENT/DOCTOR recall with and without two-pass, characters per second on one
core, peak memory) and rebuilds BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import os
import time

from record import finish, peak_rss_mb

from phiscrub.evaluate import evaluate
from phiscrub.evaluate.criteria import CRITERIA
from phiscrub.pipeline import load_pipeline
from phiscrub.synth import synthesize


def _prf(counts) -> str:
    return f"P {counts.precision:.4f} R {counts.recall:.4f} F1 {counts.f1:.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=500)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--pipeline", default="rules")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    gold = [note.document for note in synthesize(args.notes, args.seed, "en")]
    characters = sum(len(doc.text) for doc in gold)
    pipeline = load_pipeline(args.pipeline)
    pipeline.annotate(gold[0])  # load patterns and gazetteers before timing
    results, seconds = {}, {}
    for two_pass in (True, False):
        pipeline.config.two_pass.enabled = two_pass
        started = time.perf_counter()
        system = list(pipeline.annotate_all(gold))
        seconds[two_pass] = time.perf_counter() - started
        results[two_pass] = evaluate(gold, system)
    on, off = results[True], results[False]
    summary = {
        "documents": len(gold),
        "seed": args.seed,
        **{c: _prf(on.criteria[c]) for c in CRITERIA[:10]},  # the ten i2b2 criteria
        "leak rate": f"{on.leak.rate:.4f}",
    }
    for label in ("PATIENT", "DOCTOR"):
        for criterion in ("strict", "token"):
            with_, without = on.per_label[label][criterion], off.per_label[label][criterion]
            summary[f"{label} {criterion} recall, two-pass on / off"] = (
                f"{with_.recall:.4f} / {without.recall:.4f}"
            )
    summary["characters/s (one core, two-pass on)"] = round(characters / seconds[True])
    summary["characters/s (one core, two-pass off)"] = round(characters / seconds[False])
    summary["peak RSS (MB)"] = peak_rss_mb()
    finish(
        f"synthetic_{pipeline.name}",
        summary,
        on.per_label,
        {
            "criteria_two_pass_on": {k: v.as_dict() for k, v in on.criteria.items()},
            "criteria_two_pass_off": {k: v.as_dict() for k, v in off.criteria.items()},
        },
    )


if __name__ == "__main__":
    main()
