"""What the ensemble's decision threshold for names and places does, on development sets only.

    python benchmarks/ensemble_thresholds.py --values 0,-1,-1.5,-2 --core 0

For each value, ``default`` is copied with its NAME and LOCATION labels accepted above that
value (``phiscrub train ensemble --thresholds``, the fitted ensemble unchanged; every other
label keeps its own) and scored on WNUT-17 dev persons (binary token recall of the spans it
labels as names; the test split is scored only by ``english_ood.py``) and on the meddeid notes
(binary HIPAA token precision and recall). This is how ``recipes/default-en.toml`` chose -1.5.
Writes ``benchmarks/results/ensemble_thresholds.json`` and its table in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import tempfile
import warnings
from pathlib import Path

from ood_corpora import GENERAL_NER, conll_documents, meddeid_notes
from record import one_core, record

from phiscrub.document import Document
from phiscrub.evaluate import evaluate
from phiscrub.pipeline import load_pipeline
from phiscrub.taxonomy import category_of, phi_types
from phiscrub.train.refit import refit_ensemble

CATEGORIES = ("NAME", "LOCATION")


def _names(docs: list[Document]) -> list[Document]:
    return [d.with_spans(s for s in d.spans if category_of(s.label) == "NAME") for d in docs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--values", default="0,-1,-1.5,-2")
    parser.add_argument("--notes", type=int, default=300, help="meddeid notes per profile")
    parser.add_argument("--core", type=int, default=0)
    parser.add_argument(
        "--cache", type=Path, default=Path.home() / ".cache" / "phiscrub-benchmarks"
    )
    args = parser.parse_args()
    one_core(args.core)
    warnings.simplefilter("ignore")
    wnut = list(conll_documents(GENERAL_NER / "wnut17" / "emerging.dev.conll", "wnut17-dev"))
    meddeid = {
        "en-US": meddeid_notes(args.cache, "en-US", args.notes, 1),
        "en-GB": meddeid_notes(args.cache, "en-GB", args.notes, 2),
    }
    labels = sorted(name for name, t in phi_types().items() if t.category in CATEGORIES)
    bundled = load_pipeline("default").base
    rows: list[list[str]] = []
    summary: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for text in args.values.split(","):
            value = float(text)
            out = Path(scratch) / f"t{len(rows)}"
            changes = {"thresholds": dict.fromkeys(labels, value)}
            refit_ensemble(bundled, None, None, out, changes)
            pipeline = load_pipeline(out)
            found = list(pipeline.annotate_all([d.with_spans(()) for d in wnut]))
            person = evaluate(_names(wnut), _names(found)).criteria["binary_token"]
            row = [f"{value:g}", f"{person.recall:.4f}"]
            for docs in meddeid.values():
                system = list(pipeline.annotate_all([d.with_spans(()) for d in docs]))
                hipaa = evaluate(docs, system).criteria["binary_hipaa_token"]
                row.append(f"{hipaa.precision:.4f} / {hipaa.recall:.4f}")
            rows.append(row)
            summary[f"threshold {value:g}"] = "; ".join(row[1:])
            print(" | ".join(row))
    summary["labels"] = ", ".join(labels)
    summary["sets"] = f"WNUT-17 dev ({len(wnut)} texts), meddeid {args.notes} + {args.notes} notes"
    columns = [
        "names and places above",
        "WNUT-17 dev person token R",
        "meddeid en-US HIPAA token P / R",
        "meddeid en-GB HIPAA token P / R",
    ]
    record("ensemble_thresholds", summary, {}, table={"columns": columns, "rows": rows})


if __name__ == "__main__":
    main()
