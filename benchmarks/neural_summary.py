"""Summarise the neural MEDDOCAN runs: mean and spread over seeds of dev strict P/R/F1 and
binary token F1 per recipe, next to the CRF.

    python benchmarks/neural_summary.py

Reads ``benchmarks/results/neural_meddocan_*_seed*.json`` (written by ``neural.py``) and
``crf_meddocan_full.json`` (``crf.py``); writes ``neural_meddocan_summary.json`` and
BENCHMARKS.md. The spread is the range (min-max) over seeds.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from statistics import mean

from record import RESULTS, record

SEEDED = re.compile(r"^(neural_meddocan_.+)_seed(\d+)\.json$")


def _figures(path) -> tuple[dict, dict]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data["detail"]["criteria"], data["detail"].get("epochs", [])


def _cell(values: list[float]) -> str:
    if len(values) == 1:
        return f"{values[0]:.4f}"
    return f"{mean(values):.4f} ({min(values):.4f}-{max(values):.4f})"


def main() -> None:
    runs: dict[str, list[tuple[int, dict, list]]] = defaultdict(list)
    for path in sorted(RESULTS.glob("neural_meddocan_*_seed*.json")):
        match = SEEDED.match(path.name)
        if match:
            criteria, epochs = _figures(path)
            runs[match.group(1)].append((int(match.group(2)), criteria, epochs))
    summary: dict[str, str] = {}
    crf = RESULTS / "crf_meddocan_full.json"
    if crf.exists():
        criteria, _ = _figures(crf)
        strict, token = criteria["strict"], criteria["binary_token"]
        summary["crf (1 run)"] = (
            f"strict P {strict['precision']:.4f} R {strict['recall']:.4f} F1 {strict['f1']:.4f}; "
            f"binary token F1 {token['f1']:.4f}"
        )
    for name, seeds in sorted(runs.items()):
        label = name.removeprefix("neural_meddocan_")
        strict = [c["strict"] for _, c, _ in seeds]
        epochs = [len(e) for _, _, e in seeds]
        seconds = [r["seconds"] for _, _, e in seeds for r in e]
        summary[f"{label} (seeds {', '.join(str(s) for s, _, _ in seeds)})"] = (
            f"strict P {_cell([s['precision'] for s in strict])} "
            f"R {_cell([s['recall'] for s in strict])} F1 {_cell([s['f1'] for s in strict])}; "
            f"binary token F1 {_cell([c['binary_token']['f1'] for _, c, _ in seeds])}; "
            f"epochs {'/'.join(map(str, epochs))}, {mean(seconds):.0f} s/epoch"
        )
    path = record("neural_meddocan_summary", summary)
    for key, value in summary.items():
        print(f"{key}: {value}")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
