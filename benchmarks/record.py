"""Write a benchmark's result to ``benchmarks/results/NAME.json`` and rebuild BENCHMARKS.md.

Each result holds the command that produced it, the machine it ran on, a flat ``summary`` of
headline figures (the rows of its BENCHMARKS.md table) and any detail beside it.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import resource
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
TABLE = HERE.parent / "BENCHMARKS.md"


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far, in MB (Linux reports kB)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
    }


def record(name: str, summary: dict[str, Any], detail: dict[str, Any] | None = None) -> Path:
    """Save one result and regenerate the table of all results."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    result = {
        "benchmark": name,
        "command": "python " + " ".join([Path(sys.argv[0]).as_posix(), *sys.argv[1:]]),
        "date": dt.date.today().isoformat(),
        "machine": machine(),
        "summary": summary,
        "detail": detail or {},
    }
    path = RESULTS / f"{name}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
    write_table()
    return path


def write_table() -> None:
    lines = [
        "# Benchmarks",
        "",
        "Written by the scripts in `benchmarks/` (do not edit by hand); each section gives the",
        "command that reproduces it. Raw results: `benchmarks/results/*.json`.",
        "",
    ]
    for path in sorted(RESULTS.glob("*.json")):
        result = json.loads(path.read_text(encoding="utf-8"))
        m = result["machine"]
        lines += [
            f"## {result['benchmark']}",
            "",
            f"`{result['command']}` ({result['date']}; Python {m['python']}, {m['cpus']} CPUs)",
            "",
            "| figure | value |",
            "|---|---|",
        ]
        lines += [f"| {key} | {value} |" for key, value in result["summary"].items()]
        lines.append("")
    tmp = TABLE.with_suffix(".md.tmp")
    tmp.write_text("\n".join(lines), encoding="utf-8")
    tmp.replace(TABLE)
