"""Is one English pipeline better than another on the yardstick, beyond chance?

    python benchmarks/compare_pipelines.py --a default --b /tmp/default-mix --name retrained

Runs both pipelines on the English yardstick of english_ood.py (synthetic notes from an unseen
seed, meddeid en-US and en-GB notes, BTC sections g and h, WNUT-17 test, presidio) and tests
each difference by approximate randomization over documents (9,999 shuffles): binary HIPAA
token F1 on the clinical sets, binary token F1 over names and places on the general ones.
Writes ``benchmarks/results/compare_<name>.json`` and its table in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from english_ood import GENERAL_CATEGORIES, _only
from ood_corpora import general_ner, meddeid_notes
from record import one_core, record

from phiscrub.evaluate.criteria import DocPair
from phiscrub.evaluate.significance import approximate_randomization
from phiscrub.taxonomy import category_of


def _general(_doc, span) -> bool:
    return category_of(span.label) in GENERAL_CATEGORIES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--a", required=True, help="a pipeline name or directory")
    parser.add_argument("--b", required=True, help="a pipeline name or directory")
    parser.add_argument("--name", required=True, help="result name: compare_<name>")
    parser.add_argument("--notes", type=int, default=300, help="meddeid notes per profile")
    parser.add_argument("--without-torch", action="store_true")
    parser.add_argument("--core", type=int, default=0)
    parser.add_argument(
        "--cache", type=Path, default=Path.home() / ".cache" / "phiscrub-benchmarks"
    )
    args = parser.parse_args()
    if args.without_torch:
        sys.modules["torch"] = None  # type: ignore[assignment]  # imports now fail
    one_core(args.core)
    from phiscrub.pipeline import load_pipeline
    from phiscrub.synth import synthesize

    clinical = {
        "synthetic": [n.document for n in synthesize(300, 7321)],
        "meddeid-en-US": meddeid_notes(args.cache, "en-US", args.notes, 1),
        "meddeid-en-GB": meddeid_notes(args.cache, "en-GB", args.notes, 2),
    }
    sets = {**clinical, **general_ner()}
    pipelines = [load_pipeline(args.a), load_pipeline(args.b)]
    rows, detail = [], {}
    for corpus, gold in sets.items():
        outputs = [list(p.annotate_all(gold)) for p in pipelines]
        if corpus in clinical:
            criterion, scored = "binary_hipaa_token", gold
        else:
            criterion, scored = "binary_token", _only(gold, _general)
            outputs = [_only(out, _general) for out in outputs]
        pairs = [[DocPair.of(g, s) for g, s in zip(scored, out, strict=True)] for out in outputs]
        result = approximate_randomization(*pairs, criterion=criterion, seed=1)
        detail[corpus] = result.as_dict()
        rows.append(
            [
                corpus,
                criterion,
                f"{result.f1_a:.4f}",
                f"{result.f1_b:.4f}",
                f"{result.difference:+.4f}",
                f"{result.p_value:.4f}",
            ]
        )
        print(" | ".join(rows[-1]), flush=True)
    summary = {
        "a": str(args.a),
        "b": str(args.b),
        "torch": "no" if args.without_torch else "yes",
        "test": "approximate randomization over documents, 9,999 shuffles, seed 1",
    }
    columns = ["set", "criterion", "F1 a", "F1 b", "a - b", "p"]
    record(f"compare_{args.name}", summary, detail, {"columns": columns, "rows": rows})


if __name__ == "__main__":
    main()
