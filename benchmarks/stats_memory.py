"""Peak memory of ``phiscrub stats`` on one very large i2b2 XML note (issue 18, item 5).

    python benchmarks/stats_memory.py --mb 149

Writes one i2b2 XML file holding a synthetic note repeated to ``--mb`` megabytes of text (one
DATE tag), into a temporary folder that is removed afterwards, and runs ``phiscrub stats`` on it
as a child process. Reports the child's peak resident memory (``ru_maxrss``) and wall time:
memory should stay a small multiple of the file's size (the text is held once as bytes and
once as a string; tokens are never held as a list). Writes ``benchmarks/results/stats_memory.json``
and its table in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from record import record

from phiscrub.document import Document, Span
from phiscrub.io.i2b2_xml import dumps_i2b2
from phiscrub.synth import synthesize


def _big_note(megabytes: int) -> Document:
    note = next(iter(synthesize(1, 3))).document.text + "\n"
    text = note * (megabytes * 1_000_000 // len(note))
    return Document("big", text, (Span(0, 4, "DATE"),))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=int, default=149, help="megabytes of note text")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.xml"
        path.write_text(dumps_i2b2(_big_note(args.mb)), encoding="utf-8")
        size_mb = path.stat().st_size / 1e6
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "phiscrub.cli", "stats", str(path), "--json"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    summary = {
        "file (MB)": round(size_mb, 1),
        "peak RSS of `phiscrub stats` (MB)": round(peak_mb),
        "peak RSS / file size": round(peak_mb / size_mb, 2),
        "wall (s)": round(wall, 1),
    }
    print(summary)
    record("stats_memory", summary)


if __name__ == "__main__":
    main()
