"""The comparison table of every system on MEDDOCAN dev, put together from recorded runs.

    python benchmarks/systems_table.py --add cedi=neural_meddocan_cedi_seed1

``benchmarks/meddocan.py`` trains and scores every system in one run; with ``--standalone cedi``
that run also trains CEDI, about an hour more of one core. When CEDI was trained in a run of
its own (``benchmarks/neural.py --config cedi``: the same split, word2vec on the training text,
its dev strict F1 chosen the best epoch), this script inserts its row into the table of
``results/systems_meddocan.json``, before the ensemble's. Nothing is measured again: every
number comes from the recorded results, and the summary names the command behind each row.
A row's train s is its training epochs' seconds (dev scoring after each epoch not included).
Writes ``results/systems_meddocan_all.json`` and BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json

from record import RESULTS, record


def _row(name: str, result: dict) -> list[str]:
    """A table row from a ``benchmarks/neural.py`` result."""
    criteria, summary = result["detail"]["criteria"], result["summary"]
    strict, token = criteria["strict"], criteria["binary_token"]
    seconds = sum(epoch["seconds"] for epoch in result["detail"]["epochs"])
    return [
        name,
        *(f"{strict[k]:.4f}" for k in ("precision", "recall", "f1")),
        *(f"{token[k]:.4f}" for k in ("precision", "recall", "f1")),
        f"{float(summary['leak rate']):.4f}",
        f"{seconds:.0f}",
        f"{summary['tagging characters/s']:,.0f}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--add",
        action="append",
        default=[],
        metavar="ROW=RESULT",
        help="a row named ROW from results/RESULT.json (a benchmarks/neural.py result)",
    )
    args = parser.parse_args()
    base = json.loads((RESULTS / "systems_meddocan.json").read_text(encoding="utf-8"))
    columns, rows = base["table"]["columns"], [list(r) for r in base["table"]["rows"]]
    sources = {"rows " + ", ".join(r[0] for r in rows): f"{base['command']} ({base['date']})"}
    names = [r[0] for r in rows]
    at = names.index("ensemble") if "ensemble" in names else len(rows)
    for item in args.add:
        name, _, result_name = item.partition("=")
        if not name or not result_name:
            parser.error(f"--add {item!r}: expected ROW=RESULT")
        if name in names:
            parser.error(f"--add {item!r}: the table already has a row {name!r}")
        path = RESULTS / f"{result_name}.json"
        if not path.is_file():
            parser.error(f"--add {item!r}: no result {path}")
        result = json.loads(path.read_text(encoding="utf-8"))
        if "criteria" not in result["detail"] or "epochs" not in result["detail"]:
            parser.error(f"--add {item!r}: {path} is not a benchmarks/neural.py result")
        rows.insert(at, _row(name, result))
        at += 1
        sources[f"row {name}"] = f"{result['command']} ({result['date']})"
    summary = {**sources, **{k: v for k, v in base["summary"].items() if " vs " in k}}
    path = record("systems_meddocan_all", summary, {}, {"columns": columns, "rows": rows})
    print(" | ".join(columns))
    for row in rows:
        print(" | ".join(row))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
