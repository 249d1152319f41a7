"""Which merge of a Spanish CRF pipeline to ship as ``default-es``: variants of one trained
pipeline scored on MEDDOCAN dev, each against the CRF alone.

    mkdir /tmp/meddocan-train && cp ../shared/corpora/meddocan/train/brat/* /tmp/meddocan-train/
    phiscrub embeddings train /tmp/meddocan-train --out /tmp/es-recipe/vectors-es.txt
    cp recipes/default-es.toml /tmp/es-recipe/  # with a [[detector]] type = "rules" added
    phiscrub train pipeline --config /tmp/es-recipe/default-es.toml --train /tmp/meddocan-train \
        --out /tmp/default-es-train
    python benchmarks/es_variants.py /tmp/default-es-train

The pipeline must hold a detector named ``crf`` and may hold one named ``rules``; the variants
rewrite its merge settings only (the models are the same files): the CRF alone, with the
two-pass patient dictionary for names, with the Spanish rules as a backstop (kept only where
no other span overlaps) or merged by label priority. Strict and binary token P/R/F1, leak,
approximate randomization (strict F1, 9,999 shuffles) against the CRF alone. Pinned to one
core; writes ``benchmarks/results/es_variants.json`` and BENCHMARKS.md. MEDDOCAN test is
never read.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from record import record

from phiscrub.evaluate import DocPair, approximate_randomization, evaluate
from phiscrub.io import read_corpus
from phiscrub.pipeline import load_pipeline
from phiscrub.pipeline.config import CONFIG_FILE

DEV = Path(__file__).resolve().parents[1].parent / "shared/corpora/meddocan/dev/brat"
NAMES = ["NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO"]
Edit = Callable[[dict], None]


def _detectors(names: list[str]) -> Edit:
    def edit(config: dict) -> None:
        config["detector"] = [d for d in config["detector"] if d["name"] in names]

    return edit


def _variants() -> dict[str, list[Edit]]:
    def two_pass(config: dict) -> None:
        config["two_pass"] = {"enabled": True, "labels": NAMES, "min_score": 0.9}

    def no_two_pass(config: dict) -> None:
        config["two_pass"] = {"enabled": False}

    def backstop(config: dict) -> None:
        config["merge"]["backstop"] = ["rules"]

    def priority(config: dict) -> None:
        config["merge"]["backstop"] = []

    return {
        "crf": [_detectors(["crf"]), no_two_pass, priority],
        "crf + two-pass": [_detectors(["crf"]), two_pass, priority],
        "crf + rules (backstop)": [_detectors(["crf", "rules"]), no_two_pass, backstop],
        "crf + rules (priority)": [_detectors(["crf", "rules"]), no_two_pass, priority],
        "crf + rules (backstop) + two-pass": [_detectors(["crf", "rules"]), two_pass, backstop],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pipeline", type=Path, help="a pipeline trained on MEDDOCAN train")
    parser.add_argument("--dev", type=Path, default=DEV)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    base = json.loads((args.pipeline / CONFIG_FILE).read_text(encoding="utf-8"))
    has_rules = any(d["name"] == "rules" for d in base["detector"])
    gold = list(read_corpus(args.dev))
    rows, systems = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, edits in _variants().items():
            if "rules" in name and not has_rules:
                continue
            config = copy.deepcopy(base)
            for edit in edits:
                edit(config)
            folder = Path(tmp) / str(len(systems))
            shutil.copytree(args.pipeline, folder)
            (folder / CONFIG_FILE).write_text(json.dumps(config), encoding="utf-8")
            systems[name] = list(load_pipeline(folder).annotate_all(gold))
    reference = systems["crf"]
    for name, system in systems.items():
        result = evaluate(gold, system)
        strict, token = result.criteria["strict"], result.criteria["binary_token"]
        p = "" if name == "crf" else f"{_significance(gold, reference, system):.4f}"
        rows.append(
            [
                name,
                *(f"{x:.4f}" for x in (strict.precision, strict.recall, strict.f1)),
                *(f"{x:.4f}" for x in (token.precision, token.recall, token.f1)),
                f"{result.leak.rate:.4f}",
                p,
            ]
        )
        print(" | ".join(rows[-1]), flush=True)
    columns = ["variant", "strict P", "strict R", "strict F1", "binary token P"]
    columns += ["binary token R", "binary token F1", "leak", "p vs crf (strict F1)"]
    record(
        "es_variants",
        {
            "evaluated on": f"MEDDOCAN dev, {len(gold)} notes",
            "pipeline": args.pipeline.name,
            "test": "approximate randomization over documents, 9,999 shuffles, seed 0",
        },
        table={"columns": columns, "rows": rows},
    )


def _significance(gold, a, b) -> float:
    pairs_a = [DocPair.of(g, s) for g, s in zip(gold, a, strict=True)]
    pairs_b = [DocPair.of(g, s) for g, s in zip(gold, b, strict=True)]
    return approximate_randomization(pairs_a, pairs_b, "strict").p_value


if __name__ == "__main__":
    main()
