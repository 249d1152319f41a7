"""Speed of the bundled pipelines on one core, and the peak memory of ``phiscrub deid``.

    python benchmarks/speed.py --notes 200 --core 0

Each pipeline runs in a fresh process pinned to one core (PyTorch to one thread) over the same
synthetic notes (seed 7321), after one warm-up note; characters per CPU second
(``time.process_time``) and per wall second are reported. ``default (no torch)`` is the
bundled ``default`` as it runs where PyTorch is not installed (rules, dictionaries, CRF and the
ensemble's fallback). Then ``phiscrub deid --pipeline default`` runs on the notes written once,
and on them three times over, and its peak resident memory shows whether memory grows with
the corpus; then on the thrice-copied notes with ``--jobs 1`` and ``--jobs 2`` (wall clock,
not pinned), checking that both write the same notes. Targets (issue 19): rules 500k, CRF
pipeline 150k, ``default`` 40k characters/s, ``deid`` flat and under 1 GiB. Philter and
Presidio are not in the table yet (both packages are on this machine's index; Presidio also
needs a spaCy model, which is not). Writes ``benchmarks/results/speed.json`` and BENCHMARKS.md.

    python benchmarks/speed.py --notes 200 --core 0 --against ../before --repeats 3

times each pipeline on the code of another checkout (``git worktree add ../before COMMIT``) and
on this tree's, taking turns, and writes ``speed_against``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from record import record

PIPELINES = {
    "rules": ("rules", False),
    "default (no torch)": ("default", True),
    "default": ("default", False),
}

_CHILD = """
import json, os, sys, time
if {without_torch}:
    sys.modules["torch"] = None
os.sched_setaffinity(0, {{{core}}}) if hasattr(os, "sched_setaffinity") else None
try:
    import torch
    torch.set_num_threads(1)
except ImportError:
    pass
import warnings
warnings.simplefilter("ignore")
from phiscrub.pipeline import load_pipeline
from phiscrub.synth import synthesize
docs = [n.document for n in synthesize({notes}, 7321)]
pipeline = load_pipeline({pipeline!r})
pipeline.annotate(docs[0])
cpu, wall = time.process_time(), time.perf_counter()
list(pipeline.annotate_all(docs))
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
chars = sum(len(d.text) for d in docs)
print(json.dumps({{"characters": chars, "cpu_s": cpu, "wall_s": wall}}))
"""


def _speed(
    pipeline: str, without_torch: bool, notes: int, core: int, source: Path | None = None
) -> dict:
    """One fresh process's speed; with ``source``, phiscrub is imported from that tree's
    ``src`` (another checkout of the code, for a side-by-side run)."""
    code = _CHILD.format(without_torch=without_torch, core=core, notes=notes, pipeline=pipeline)
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = str(source / "src")
    result = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def _against(other: Path, notes: int, core: int, repeats: int) -> None:
    """Each pipeline on ``other``'s code and on this tree's, taking turns ``repeats`` times
    (the machine's speed drifts, so only runs taken in turns compare)."""
    here = Path(__file__).resolve().parents[1]
    runs: dict[str, dict[str, list[int]]] = {}
    for _ in range(repeats):
        for tree, source in (("before", other), ("after", here)):
            for name, (pipeline, without_torch) in PIPELINES.items():
                measured = _speed(pipeline, without_torch, notes, core, source)
                speed = round(measured["characters"] / measured["cpu_s"])
                runs.setdefault(name, {}).setdefault(tree, []).append(speed)
    rows = []
    for name, trees in runs.items():
        before, after = (sum(trees[t]) / len(trees[t]) for t in ("before", "after"))
        rows.append([name, f"{before:,.0f}", f"{after:,.0f}", f"{after / before:.2f}x"])
        print(" | ".join(rows[-1]), flush=True)
    summary = {"notes": f"{notes} synthetic (seed 7321)", "before": str(other), "turns": repeats}
    columns = ["pipeline", "before (characters/CPU s)", "after", "after / before"]
    record("speed_against", summary, runs, {"columns": columns, "rows": rows})


def _deid_peak_mb(source: Path, out: Path, core: int) -> float:
    """Peak RSS (MB) of one ``phiscrub deid`` run, measured by a wrapper process of its own
    (``RUSAGE_CHILDREN`` of this process would also hold the speed runs)."""
    command = [
        sys.executable, "-m", "phiscrub.cli", "deid", str(source), str(out),
        "--format", "jsonl", "--key-file", str(source.parent / "key"),
    ]  # fmt: skip
    if hasattr(os, "sched_setaffinity"):
        command = ["taskset", "-c", str(core), *command]
    wrapper = (
        "import resource, subprocess, sys\n"
        f"subprocess.run({command!r}, check=True, capture_output=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    result = subprocess.run([sys.executable, "-c", wrapper], check=True, capture_output=True)
    return int(result.stdout.decode().split()[-1]) / 1024


def _deid_wall(source: Path, out: Path, jobs: int) -> float:
    """Wall seconds of ``phiscrub deid --jobs JOBS`` (not pinned: the jobs spread over cores)."""
    command = [
        sys.executable, "-m", "phiscrub.cli", "deid", str(source), str(out), "--format",
        "jsonl", "--key-file", str(source.parent / "key"), "--jobs", str(jobs), "--threads", "1",
    ]  # fmt: skip
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=200)
    parser.add_argument("--core", type=int, default=0)
    parser.add_argument(
        "--against",
        type=Path,
        help="another checkout (a git worktree of an earlier commit): time each pipeline on its "
        "code and on this tree's, in turns, instead of the usual run",
    )
    parser.add_argument("--repeats", type=int, default=3, help="turns with --against")
    args = parser.parse_args()
    if args.against is not None:
        _against(args.against.resolve(), args.notes, args.core, args.repeats)
        return
    rows, detail = [], {}
    for name, (pipeline, without_torch) in PIPELINES.items():
        measured = _speed(pipeline, without_torch, args.notes, args.core)
        detail[name] = measured
        rows.append(
            [
                name,
                f"{measured['characters'] / measured['cpu_s']:,.0f}",
                f"{measured['characters'] / measured['wall_s']:,.0f}",
            ]
        )
        print(" | ".join(rows[-1]), flush=True)
    from phiscrub.document import Document
    from phiscrub.io import write_corpus
    from phiscrub.synth import synthesize

    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        (base / "key").write_bytes(os.urandom(32).hex().encode())
        docs = [n.document for n in synthesize(args.notes, 7321)]
        write_corpus(docs, base / "once.jsonl", "jsonl")
        copies = [
            Document(f"{d.doc_id}-{k}", d.text, d.spans, d.metadata) for k in range(3) for d in docs
        ]
        write_corpus(copies, base / "thrice.jsonl", "jsonl")
        started = time.perf_counter()
        once = _deid_peak_mb(base / "once.jsonl", base / "out1", args.core)
        thrice = _deid_peak_mb(base / "thrice.jsonl", base / "out3", args.core)
        deid_wall = time.perf_counter() - started
        walls = {
            jobs: _deid_wall(base / "thrice.jsonl", base / f"jobs{jobs}", jobs) for jobs in (1, 2)
        }
        same = (base / "jobs1" / "notes.jsonl").read_bytes() == (
            base / "jobs2" / "notes.jsonl"
        ).read_bytes()
        characters = sum(len(d.text) for d in copies)
    summary = {
        "notes": f"{args.notes} synthetic (seed 7321)",
        f"peak RSS of deid, {args.notes} notes (MB)": round(once),
        f"peak RSS of deid, {3 * args.notes} notes (MB)": round(thrice),
        "deid wall, both runs (s)": round(deid_wall, 1),
        f"deid --jobs 1, {3 * args.notes} notes (characters/wall s)": round(characters / walls[1]),
        f"deid --jobs 2, {3 * args.notes} notes (characters/wall s)": round(characters / walls[2]),
        "--jobs 2 speed-up": round(walls[1] / walls[2], 2),
        "--jobs 2 notes identical to --jobs 1": same,
    }
    print(summary)
    columns = ["pipeline", "characters/CPU s (one core)", "characters/wall s"]
    record("speed", summary, detail, {"columns": columns, "rows": rows})


if __name__ == "__main__":
    main()
