"""Is every pipeline linear in the length of hostile input? (issue 18)

    python benchmarks/robustness.py --core 0                          # every bundled pipeline
    python benchmarks/robustness.py --pipelines rules,rules-es --sizes 10000,100000,1000000

Each input is one unit repeated to 10 KB, 100 KB and 1 MB, as a single note: runs of spaces
and dots, ``Dr. Ann Lee, `` and ``Dr. `` (every token a name candidate), ``www.a.a.`` (one
endless domain), and a synthetic note repeated with and without its line breaks (ordinary text;
a note whose line breaks were lost makes one endless line). Each size is annotated once by each
pipeline, pinned to one core, in CPU seconds (``time.process_time``) after the pipeline is
loaded. Linear growth shows as a ratio near 10 between neighbouring sizes. Writes
``benchmarks/results/robustness[_NAME].json`` and its table in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import itertools
import time

from record import one_core, peak_rss_mb, record

from phiscrub.document import Document


def _inputs() -> dict[str, str]:
    from phiscrub.synth import synthesize

    note = next(iter(synthesize(1, 3))).document.text
    return {
        "spaces": " ",
        "dots": ".",
        "names": "Dr. Ann Lee, ",
        "titles": "Dr. ",
        "domain": "www.a.a.",
        "note": note + "\n",
        "note, lines joined": note.replace("\n", " ") + " ",
    }


def _repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pipelines", default="rules,rules-es,default")
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--inputs", help="comma-separated input names (default: all)")
    parser.add_argument("--core", type=int, default=0)
    parser.add_argument("--name", help="result name: robustness_<name>")
    args = parser.parse_args()
    one_core(args.core)
    from phiscrub.pipeline import load_pipeline

    sizes = [int(s) for s in args.sizes.split(",")]
    inputs = _inputs()
    if args.inputs:
        inputs = {k: v for k, v in inputs.items() if k in args.inputs.split(",")}
    rows, detail = [], {}
    for name in args.pipelines.split(","):
        pipeline = load_pipeline(name)
        pipeline.annotate(Document("warm-up", "Seen by Dr. Ann Lee on 3/4/2019."))
        for label, unit in inputs.items():
            seconds = []
            for size in sizes:
                doc = Document(f"{label}-{size}", _repeat(unit, size))
                started = time.process_time()
                pipeline.annotate(doc)
                seconds.append(time.process_time() - started)
            ratios = [b / a if a > 0 else float("nan") for a, b in itertools.pairwise(seconds)]
            detail[f"{name} | {label}"] = {
                "sizes": sizes,
                "cpu_seconds": [round(s, 3) for s in seconds],
                "growth": [round(r, 1) for r in ratios],
            }
            rows.append(
                [name, label, *(f"{s:.2f}" for s in seconds), *(f"{r:.1f}" for r in ratios)]
            )
            print(" | ".join(rows[-1]), flush=True)
    columns = [
        "pipeline",
        "input",
        *(f"CPU s, {s:,} chars" for s in sizes),
        *(f"x from {a:,} to {b:,}" for a, b in itertools.pairwise(sizes)),
    ]
    summary = {"sizes": ", ".join(f"{s:,}" for s in sizes), "peak RSS (MB)": peak_rss_mb()}
    name = "robustness" + (f"_{args.name}" if args.name else "")
    record(name, summary, detail, {"columns": columns, "rows": rows})


if __name__ == "__main__":
    main()
