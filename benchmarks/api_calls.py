"""What repeated calls of ``phiscrub.deidentify`` cost (issue 19: at most 3x the first call).

    python benchmarks/api_calls.py --pipeline default --calls 30

Times, in one fresh process pinned to one core, the first call of
``phiscrub.deidentify(note, pipeline=...)`` (which loads the pipeline) and then ``--calls``
calls in all on the same short synthetic note, and checks that one key gives one surrogate
text. Writes ``benchmarks/results/api_calls_<pipeline>.json`` and its table in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import time

from record import one_core, record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pipeline", default="default")
    parser.add_argument("--calls", type=int, default=30)
    parser.add_argument("--core", type=int, default=0)
    args = parser.parse_args()
    one_core(args.core)
    import phiscrub
    from phiscrub.synth import synthesize

    note = next(iter(synthesize(1, 5))).document.text[:600]
    key = "benchmark-key-0123456789"
    started = time.perf_counter()
    first = phiscrub.deidentify(note, pipeline=args.pipeline, key=key).text
    first_s = time.perf_counter() - started
    texts = {first}
    for _ in range(args.calls - 1):
        texts.add(phiscrub.deidentify(note, pipeline=args.pipeline, key=key).text)
    total_s = time.perf_counter() - started
    summary = {
        "note (characters)": len(note),
        "first call (s, loads the pipeline)": round(first_s, 3),
        f"{args.calls} calls (s)": round(total_s, 3),
        f"{args.calls} calls / first call": round(total_s / first_s, 2),
        "distinct outputs with one key": len(texts),
    }
    print(summary)
    record(f"api_calls_{args.pipeline}", summary)


if __name__ == "__main__":
    main()
