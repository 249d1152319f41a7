"""Score variants of a trained ensemble pipeline on MEDDOCAN dev, and test the ensemble against
the CRF, without training anything again.

    python benchmarks/meddocan.py meddocan --members crf,bilstm,bilstm-fea --folds 3 \\
        --max-epochs 12 --patience 4 --input line --optimizer adam --lr 0.001 --threads 1 \\
        --jobs 2 --keep /tmp/meddocan-hybrid --cross-predictions /tmp/cross.jsonl
    python benchmarks/ensemble_variants.py /tmp/meddocan-hybrid
    python benchmarks/ensemble_variants.py /tmp/meddocan-hybrid --cross /tmp/cross.jsonl

The detectors tag dev once; then the ensemble is applied at decision thresholds 0, -0.5 and -1,
and its result is merged with the rules in four ways: not at all, by the pipeline's priority
policy, with the rules only where the ensemble found nothing ("gap fill"), and with the rules
routed to formulaic labels only (IDs, phone, fax, e-mail, URL); a fifth variant adds the CRF's
spans where the ensemble found nothing (it rejects candidates whose boundaries are off but
which still cover PHI; ``fill = ["crf"]`` in a pipeline's ``[merge.ensemble]``). These
variants are chosen by looking at dev, so their figures are optimistic. The ensemble alone
and with the CRF's gap fill (threshold 0) are compared with the CRF alone by approximate
randomization (9,999 shuffles), strict and binary token. The summary also says how many gold
instances at least one member proposes exactly: no ensemble of these members recalls more.

With ``--cross`` (the spans ``meddocan.py --cross-predictions`` kept), ensembles are also fitted
again on MEDDOCAN train, without training any member: each classifier, with the pipeline's
members and with the rules as one more member, and scored alone and + rules (priority).
Writes ``benchmarks/results/ensemble_variants_meddocan.json`` and BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from corpora import MEDDOCAN
from record import record

from phiscrub.document import Document, Span
from phiscrub.evaluate import approximate_randomization, evaluate
from phiscrub.evaluate.scorer import Evaluation
from phiscrub.io import read_corpus
from phiscrub.merge import merge_spans
from phiscrub.merge.ensemble import CLASSIFIERS, EnsembleModel, fill_gaps, fit_ensemble
from phiscrub.merge.routing import route
from phiscrub.pipeline import BATCH_DOCUMENTS, load_pipeline
from phiscrub.train.pipeline import read_cross_predictions

FORMULAIC = (
    "CORREO_ELECTRONICO",
    "NUMERO_TELEFONO",
    "NUMERO_FAX",
    "ID_SUJETO_ASISTENCIA",
    "ID_ASEGURAMIENTO",
    "ID_CONTACTO_ASISTENCIAL",
    "ID_TITULACION_PERSONAL_SANITARIO",
    "ID_EMPLEO_PERSONAL_SANITARIO",
    "URL_WEB",
    "DIREC_PROT_INTERNET",
)
Merge = Callable[[EnsembleModel, Document, list[Span]], list[Span]]


def _alone(ensemble: EnsembleModel, doc: Document, raw: list[Span]) -> list[Span]:
    members = set(ensemble.members)
    return list(merge_spans(ensemble.apply(doc, [s for s in raw if s.detector in members])).spans)


def _priority(ensemble: EnsembleModel, doc: Document, raw: list[Span]) -> list[Span]:
    return list(merge_spans(ensemble.apply(doc, raw)).spans)


def _gap_fill(ensemble: EnsembleModel, doc: Document, raw: list[Span]) -> list[Span]:
    return list(merge_spans(fill_gaps(_alone(ensemble, doc, raw), raw, ["rules"])).spans)


def _crf_gap_fill(ensemble: EnsembleModel, doc: Document, raw: list[Span]) -> list[Span]:
    return list(merge_spans(fill_gaps(_alone(ensemble, doc, raw), raw, ["crf"])).spans)


def _formulaic(ensemble: EnsembleModel, doc: Document, raw: list[Span]) -> list[Span]:
    table = {**{label: ["rules", "ensemble"] for label in FORMULAIC}, "*": ["ensemble"]}
    return list(merge_spans(route(ensemble.apply(doc, raw), table)).spans)


VARIANTS: dict[str, Merge] = {
    "ensemble": _alone,
    "ensemble + rules (priority)": _priority,
    "ensemble + rules (gap fill)": _gap_fill,
    "ensemble + rules (formulaic labels)": _formulaic,
    "ensemble + CRF (gap fill)": _crf_gap_fill,
}


def _row(name: str, threshold: float, result: Evaluation) -> list[str]:
    strict, token = result.criteria["strict"], result.criteria["binary_token"]
    row = [name, f"{threshold:g}", *(f"{x:.4f}" for x in (strict.precision, strict.recall))]
    row += [f"{strict.f1:.4f}", f"{token.recall:.4f}", f"{token.f1:.4f}"]
    row.append(f"{result.leak.rate:.4f}")
    print(" | ".join(row), flush=True)
    return row


def _refits(
    ensemble: EnsembleModel,
    cross: Path,
    score: Callable[[Callable[[Document, list[Span]], list[Span]]], Evaluation],
) -> list[list[str]]:
    """Rows for ensembles fitted again on the cross-predicted training spans."""
    train = list(read_corpus(MEDDOCAN / "train" / "brat"))
    pairs = list(zip(train, read_cross_predictions(cross, train), strict=True))
    rows = []
    for members in (list(ensemble.members), [*ensemble.members, "rules"]):
        for classifier in CLASSIFIERS:
            model = fit_ensemble(pairs, members, ensemble.language, classifier)
            for name, merge in (("alone", _alone), ("+ rules (priority)", _priority)):
                if name != "alone" and "rules" in members:
                    continue
                result = score(lambda d, r, merge=merge, model=model: merge(model, d, r))
                rows.append(_row(f"refit {classifier} over {'+'.join(members)}, {name}", 0, result))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pipeline", type=Path, help="a pipeline kept by meddocan.py --keep")
    parser.add_argument("--cross", type=Path, help="its cross-predictions on MEDDOCAN train")
    args = parser.parse_args()
    dev = list(read_corpus(MEDDOCAN / "dev" / "brat"))
    pipeline = load_pipeline(args.pipeline)
    ensemble = pipeline.ensemble
    if ensemble is None:
        parser.error(f"{args.pipeline} has no ensemble")
    step = BATCH_DOCUMENTS
    raw = [
        spans
        for i in range(0, len(dev), step)
        for spans in pipeline.first_pass_many(dev[i : i + step])
    ]

    def score(merge: Callable[[Document, list[Span]], list[Span]]) -> Evaluation:
        return evaluate(dev, [d.with_spans(merge(d, r)) for d, r in zip(dev, raw, strict=True)])

    columns = ["variant", "threshold", "strict P", "strict R", "strict F1"]
    columns += ["binary token R", "binary token F1", "leak"]
    rows = []
    for threshold in (0.0, -0.5, -1.0):
        model = replace(ensemble, threshold=threshold)
        for name, merge in VARIANTS.items():
            result = score(lambda d, r, merge=merge, model=model: merge(model, d, r))
            rows.append(_row(name, threshold, result))
    if args.cross is not None:
        rows += _refits(ensemble, args.cross, score)
    crf = score(lambda d, r: list(merge_spans([s for s in r if s.detector == "crf"]).spans))
    alone = score(lambda d, r: _alone(ensemble, d, r))
    filled = score(lambda d, r: _crf_gap_fill(ensemble, d, r))
    summary: dict[str, str] = {"evaluated on": f"MEDDOCAN dev, {len(dev)} notes"}
    members = set(ensemble.members)
    proposed = [{s.key for s in spans if s.detector in members} for spans in raw]
    gold = sum(len({s.key for s in doc.spans}) for doc in dev)
    found = sum(
        len({s.key for s in doc.spans} & keys) for doc, keys in zip(dev, proposed, strict=True)
    )
    summary["gold instances some member proposes exactly (strict recall bound)"] = (
        f"{found}/{gold} = {found / gold:.4f}"
    )
    for name, system in (("ensemble", alone), ("ensemble + CRF (gap fill)", filled)):
        for criterion in ("strict", "binary_token"):
            test = approximate_randomization(list(system.pairs), list(crf.pairs), criterion)
            summary[f"{name} vs crf ({criterion} F1)"] = (
                f"{test.f1_a:.4f} vs {test.f1_b:.4f}: {test.difference:+.4f}, "
                f"p = {test.p_value:.4f}"
            )
    path = record("ensemble_variants_meddocan", summary, {}, {"columns": columns, "rows": rows})
    for key, value in summary.items():
        print(f"{key}: {value}")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
