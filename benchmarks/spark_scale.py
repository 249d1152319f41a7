"""Spark on this machine: local[1] against local[2] on the same notes, and the start-up cost.

    python benchmarks/spark_scale.py --notes 2000 --pipeline default --partitions 16 --repeats 2

Writes the notes once (synthetic, seed 7321, JSONL), then for each master times
``phiscrub.spark.deidentify`` over them (wall clock, one Spark session per master, the
session's start timed apart) and checks that both masters write the same texts. With
``--repeats N`` the masters take turns N times (local[1], local[2], local[1], ...) and each
keeps its shortest job, as ``timeit`` does: this shared machine's speed drifts by 15% or more
between runs minutes apart; every time is recorded. The per-core
throughput gives the README's estimate for 100 million notes. Writes
``benchmarks/results/spark_scale.json`` and its table in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from record import record

from phiscrub.io import write_corpus
from phiscrub.replace import SecretKey
from phiscrub.synth import synthesize


def _run(master: str, source: Path, pipeline: str, key: SecretKey, partitions: int) -> dict:
    from phiscrub.spark import deidentify
    from phiscrub.spark.session import read_notes, session

    started = time.perf_counter()
    spark = session(master, partitions)
    spark.range(1).count()  # the JVM and a Python worker are up
    start_s = time.perf_counter() - started
    try:
        notes = read_notes(spark, source, None, None)
        began = time.perf_counter()
        done = deidentify(notes, patient_col="patient_id", pipeline=pipeline, key=key)
        rows = {r["doc_id"]: r["text"] for r in done.select("doc_id", "text").collect()}
        job_s = time.perf_counter() - began
    finally:
        spark.stop()
    return {"start_s": start_s, "job_s": job_s, "texts": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=600)
    parser.add_argument("--pipeline", default="default")
    parser.add_argument("--partitions", type=int, default=16, help="groups of patients")
    parser.add_argument("--repeats", type=int, default=1, help="turns of each master")
    args = parser.parse_args()
    docs = [n.document for n in synthesize(args.notes, 7321)]
    characters = sum(len(d.text) for d in docs)
    key = SecretKey(os.urandom(32), "benchmark")
    with tempfile.TemporaryDirectory() as scratch:
        source = Path(scratch) / "notes.jsonl"
        write_corpus(docs, source, "jsonl")
        every: dict[str, list[dict]] = {"local[1]": [], "local[2]": []}
        for _ in range(args.repeats):
            for master, turns in every.items():
                turns.append(_run(master, source, args.pipeline, key, args.partitions))
                print(master, f"job {turns[-1]['job_s']:.1f} s", flush=True)
        runs = {m: min(turns, key=lambda r: r["job_s"]) for m, turns in every.items()}
        same = all(r["texts"] == runs["local[1]"]["texts"] for t in every.values() for r in t)
    one, two = runs["local[1]"], runs["local[2]"]
    rows = [
        [m, f"{r['start_s']:.1f}", f"{r['job_s']:.1f}", f"{characters / r['job_s']:,.0f}"]
        for m, r in runs.items()
    ]
    for row in rows:
        print(" | ".join(row), flush=True)
    per_core = characters / one["job_s"]
    summary = {
        "pipeline": args.pipeline,
        "partitions": args.partitions,
        "notes": f"{args.notes} synthetic (seed 7321), {characters:,} characters",
        "speed-up local[2] / local[1]": round(one["job_s"] / two["job_s"], 2),
        "repeats (shortest job kept)": args.repeats,
        "every job (s)": "; ".join(
            f"{m} " + ", ".join(f"{r['job_s']:.1f}" for r in turns) for m, turns in every.items()
        ),
        "same texts from both masters": same,
        "characters per core-second (local[1])": round(per_core),
    }
    print(summary)
    columns = ["master", "session start (s)", "job (s)", "characters/s"]
    record("spark_scale", summary, {}, {"columns": columns, "rows": rows})


if __name__ == "__main__":
    main()
