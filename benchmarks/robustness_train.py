"""Do the train commands take a long note, in time linear in its length? (issue 18)

    python benchmarks/robustness_train.py --core 0
    python benchmarks/robustness_train.py --commands crf --sizes 10000,100000 --name quick
    python benchmarks/robustness_train.py --commands pipeline --name pipeline

The corpus is 20 synthetic notes (``synthesize(20, 5)``) whose first note is repeated, spans
shifted, to 10 KB, 100 KB and 1 MB. Each command runs in a fresh process pinned to one core
(``phiscrub train crf``; ``phiscrub train neural --config bilstm-fea --max-epochs 1``;
``phiscrub train pipeline`` with ``default``'s members, 2 folds and one epoch) and is
timed in the CPU seconds of that process (user + system, from ``os.wait4``). Linear growth
shows as a ratio near 10 between neighbouring sizes; the 19 other notes are a fixed cost, so
the first ratio reads low. Writes ``benchmarks/results/robustness_train[_NAME].json`` and its
table in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from record import record

from phiscrub.document import Document, Span
from phiscrub.io import write_corpus

COMMANDS = {
    "crf": ["train", "crf"],
    "neural": ["train", "neural", "--config", "bilstm-fea", "--max-epochs", "1", "--threads", "1"],
    "pipeline": ["train", "pipeline", "--config", "{recipe}", "--threads", "1"],
}
RECIPE = """
name = "robustness"
language = "en"

[[detector]]
type = "rules"
patterns = "en"

[[detector]]
type = "dictionary"
language = "en"

[[detector]]
type = "crf"
name = "crf"
model = "crf"

[[detector]]
type = "neural"
name = "bilstm-fea"
model = "bilstm-fea"

[merge]
policy = "priority"
sanity = "en"

[merge.ensemble]
members = ["crf", "bilstm-fea"]
classifier = "svm"

[train]
folds = 2
seed = 1

[train.recipe.crf]
without = ["clusters"]

[train.recipe.bilstm-fea]
config = "bilstm-fea"
max_epochs = 1
"""
"""``train pipeline``'s recipe: ``default``'s members and ensemble, two folds, one epoch."""


def _corpus(size: int) -> list[Document]:
    from phiscrub.synth import synthesize

    docs = [note.document for note in synthesize(20, 5)]
    first = docs[0]
    unit = first.text + "\n"
    copies = size // len(unit) + 1
    spans = [
        Span(k * len(unit) + s.start, k * len(unit) + s.end, s.label)
        for k in range(copies)
        for s in first.spans
    ]
    text = (unit * copies)[:size]
    long = Document(first.doc_id, text, tuple(s for s in spans if s.end <= size))
    return [long, *docs[1:]]


def _cpu_seconds(argv: list[str], core: int) -> float:
    """CPU seconds (user + system) of a command run to its end, pinned to ``core``."""

    def pin() -> None:
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {core})

    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=errors, preexec_fn=pin)
        _, status, usage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            raise SystemExit(f"{' '.join(argv[3:5])} failed: {errors.read()[-400:]!r}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--commands", default="crf,neural")
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--core", type=int, default=0)
    parser.add_argument("--name", help="result name: robustness_train_<name>")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    phiscrub = [sys.executable, "-m", "phiscrub.cli"]
    rows, detail = [], {}
    with tempfile.TemporaryDirectory() as scratch:
        recipe = Path(scratch) / "recipe.toml"
        recipe.write_text(RECIPE, encoding="utf-8")
        corpora = {}
        for size in sizes:
            corpora[size] = Path(scratch) / f"train-{size}"
            write_corpus(_corpus(size), corpora[size], "brat")
        for command in args.commands.split(","):
            seconds = []
            for size in sizes:
                out = Path(scratch) / f"{command}-{size}"
                command_argv = [a.format(recipe=recipe) for a in COMMANDS[command]]
                argv = [*phiscrub, *command_argv, "--train", str(corpora[size])]
                seconds.append(_cpu_seconds([*argv, "--out", str(out)], args.core))
            ratios = [b / a for a, b in itertools.pairwise(seconds)]
            detail[command] = {
                "sizes": sizes,
                "cpu_seconds": [round(s, 1) for s in seconds],
                "growth": [round(r, 1) for r in ratios],
            }
            label = " ".join(COMMANDS[command]).replace("{recipe}", "RECIPE")
            rows.append(
                [label, *(f"{s:.1f}" for s in seconds),
                 *(f"{r:.1f}" for r in ratios)]
            )  # fmt: skip
            print(" | ".join(rows[-1]), flush=True)
    columns = [
        "command",
        *(f"CPU s, long note of {s:,} chars" for s in sizes),
        *(f"x from {a:,} to {b:,}" for a, b in itertools.pairwise(sizes)),
    ]
    name = "robustness_train" + (f"_{args.name}" if args.name else "")
    record(
        name,
        {"sizes": ", ".join(f"{s:,}" for s in sizes)},
        detail,
        {"columns": columns, "rows": rows},
    )


if __name__ == "__main__":
    main()
