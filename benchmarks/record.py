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

from phiscrub.provenance import versions

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
TABLE = HERE.parent / "BENCHMARKS.md"


def one_core(core: int) -> None:
    """Run this process on ``core`` alone (where the system can pin it), and PyTorch, when it
    is installed, on one thread."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {core})
    try:
        import torch
    except ImportError:
        return
    torch.set_num_threads(1)


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far, in MB (Linux reports kB)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def strict_per_label(per_label: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Strict counts and P/R/F1 per label from an evaluation's ``per_label``."""
    return {
        label: {
            "tp": row["strict"].tp,
            "fp": row["strict"].fp,
            "fn": row["strict"].fn,
            "precision": round(row["strict"].precision, 4),
            "recall": round(row["strict"].recall, 4),
            "f1": round(row["strict"].f1, 4),
        }
        for label, row in sorted(per_label.items())
    }


def label_rows(per_label: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Summary rows ("strict LABEL": "P .. R .. F1 .. (tp/fp/fn)") from strict_per_label."""
    return {
        f"strict {label}": f"P {row['precision']:.4f} R {row['recall']:.4f} F1 {row['f1']:.4f} "
        f"({row['tp']}/{row['fp']}/{row['fn']})"
        for label, row in per_label.items()
    }


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
    }


def record(
    name: str,
    summary: dict[str, Any],
    detail: dict[str, Any] | None = None,
    table: dict[str, list] | None = None,
) -> Path:
    """Save one result and regenerate the table of all results. ``table`` (``columns`` and
    ``rows``) is a comparison shown above the figures."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    result = {
        "benchmark": name,
        "command": "python " + " ".join([Path(sys.argv[0]).as_posix(), *sys.argv[1:]]),
        "date": dt.date.today().isoformat(),
        "machine": machine(),
        "versions": versions(),
        "summary": summary,
        "detail": detail or {},
    }
    if table is not None:
        result["table"] = table
    path = RESULTS / f"{name}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
    write_table()
    return path


def finish(
    name: str, summary: dict[str, Any], per_label: dict[str, dict[str, Any]], detail: dict[str, Any]
) -> None:
    """Add per-label strict rows to ``summary``, record the result (per-label counts in its
    detail) and print the summary."""
    rows = strict_per_label(per_label)
    summary.update(label_rows(rows))
    path = record(name, summary, {**detail, "per_label": rows})
    for key, value in summary.items():
        print(f"{key}: {value}")
    print(f"wrote {path}")


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
        ]
        if "table" in result:
            columns = result["table"]["columns"]
            lines += [
                "| " + " | ".join(columns) + " |",
                "|" + "---|" * len(columns),
                *("| " + " | ".join(row) + " |" for row in result["table"]["rows"]),
                "",
            ]
        lines += [
            "| figure | value |",
            "|---|---|",
        ]
        lines += [f"| {key} | {value} |" for key, value in result["summary"].items()]
        lines.append("")
    tmp = TABLE.with_suffix(".md.tmp")
    tmp.write_text("\n".join(lines), encoding="utf-8")
    tmp.replace(TABLE)
