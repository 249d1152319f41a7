"""English detection in and out of distribution: every English pipeline, and each member of
the default one, on our synthetic notes and on English that phiscrub was not built from.

    python benchmarks/english_ood.py                      # 300 + 300 meddeid notes
    python benchmarks/english_ood.py --without-torch      # as where PyTorch is not installed
    python benchmarks/english_ood.py --systems rules,default --name english_ood_quick
    python benchmarks/english_ood.py --default /tmp/candidate --systems default --name try

Sets (see ood_corpora.py): ``synthetic`` (our generator, an unseen seed: in distribution);
``meddeid-en-US`` and ``meddeid-en-GB`` (meddeid-data, run as an external program in its own
virtual environment under --cache, fixed seeds); ``btc-gh`` (BTC's sections g and h: the
others are training data of ``default``), ``wnut17-test`` and ``presidio`` (real tweets and
web text, template sentences: names, places, organisations). Clinical sets are scored with
all ten i2b2 criteria, leak, HIPAA leak, name recall and per-label tables; the general sets by
binary token P/R/F1 over names and places (only spans whose category is NAME or LOCATION
count, as nothing else is annotated there) and token recall per category.

Writes ``benchmarks/results/english_ood[_without-torch].json`` and its table in BENCHMARKS.md.
The generated notes stay in --cache, outside the repository.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path

from ood_corpora import general_ner, meddeid_notes
from record import record, strict_per_label

from phiscrub.document import Document
from phiscrub.evaluate import evaluate
from phiscrub.evaluate.criteria import I2B2_CRITERIA
from phiscrub.taxonomy import category_of, span_is_hipaa

CLINICAL_PIPELINES = ("default", "rules")
GENERAL_CATEGORIES = ("NAME", "LOCATION")


def _f(value: float) -> str:
    return f"{value:.4f}".lstrip("0") if value < 1 else "1.000"


def _only(docs: list[Document], keep) -> list[Document]:
    return [doc.with_spans(s for s in doc.spans if keep(doc, s)) for doc in docs]


def _systems(without_torch: bool, default_path: Path | None = None):
    """(name, function from documents to annotated documents) for each system scored;
    ``default`` and its members from ``default_path`` when given (a candidate model)."""
    from phiscrub.detect.base import detect_batch
    from phiscrub.pipeline import Pipeline, load_pipeline

    systems = []
    for name in CLINICAL_PIPELINES:
        pipeline = load_pipeline(default_path if name == "default" and default_path else name)
        systems.append((name, lambda docs, p=pipeline: list(p.annotate_all(docs))))
        if pipeline.config.merge.sanity is None:  # the same with the sanity layer after it
            merge = pipeline.config.merge.model_copy(update={"sanity": "en"})
            sane = Pipeline(pipeline.config.model_copy(update={"merge": merge}), pipeline.base)
            systems.append((f"{name} + sanity", lambda docs, p=sane: list(p.annotate_all(docs))))
    default = load_pipeline(default_path or "default")
    for detector in default.detectors:
        systems.append(
            (
                f"default: {detector.name}",
                lambda docs, d=detector: [
                    doc.with_spans(found)
                    for doc, found in zip(docs, detect_batch(d, docs), strict=True)
                ],
            )
        )
    if without_torch:
        systems = [(f"{n} (no torch)", f) for n, f in systems]
    return systems


def clinical_row(gold: list[Document], system: list[Document]) -> dict[str, object]:
    result = evaluate(gold, system)
    hipaa = evaluate(_only(gold, span_is_hipaa), system)
    names = evaluate(_only(gold, lambda _d, s: category_of(s.label) == "NAME"), system)
    row: dict[str, object] = {name: result.criteria[name].as_dict() for name in I2B2_CRITERIA}
    row["leak"] = result.leak.rate
    row["hipaa_leak"] = hipaa.leak.rate
    row["name_token_recall"] = names.criteria["binary_token"].recall
    row["per_label"] = strict_per_label(result.per_label)
    return row


def general_row(gold: list[Document], system: list[Document]) -> dict[str, object]:
    def keep(_doc, span):
        return category_of(span.label) in GENERAL_CATEGORIES

    result = evaluate(_only(gold, keep), _only(system, keep))
    row: dict[str, object] = {"binary_token": result.criteria["binary_token"].as_dict()}
    for category in GENERAL_CATEGORIES:
        only = _only(gold, lambda _d, s, c=category: category_of(s.label) == c)
        row[f"{category.lower()}_token_recall"] = (
            evaluate(only, system).criteria["binary_token"].recall
        )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--notes", type=int, default=300, help="meddeid notes per profile")
    parser.add_argument("--synthetic-notes", type=int, default=300)
    parser.add_argument("--synthetic-seed", type=int, default=7321)
    parser.add_argument(
        "--cache", type=Path, default=Path.home() / ".cache" / "phiscrub-benchmarks"
    )
    parser.add_argument("--without-torch", action="store_true")
    parser.add_argument("--systems", help="comma-separated system names (default: all)")
    parser.add_argument("--name", help="result name (default: english_ood[_without-torch])")
    parser.add_argument("--core", type=int, help="the core to pin to (default: the last one)")
    parser.add_argument("--default", type=Path, help="score this pipeline as `default`")
    args = parser.parse_args()
    if args.without_torch:
        sys.modules["torch"] = None  # type: ignore[assignment]  # imports now fail
    if hasattr(os, "sched_setaffinity"):
        core = args.core if args.core is not None else max(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
    with contextlib.suppress(ImportError):
        import torch

        torch.set_num_threads(1)
    from phiscrub.synth import synthesize

    args.cache.mkdir(parents=True, exist_ok=True)
    clinical = {
        "synthetic": [n.document for n in synthesize(args.synthetic_notes, args.synthetic_seed)],
        "meddeid-en-US": meddeid_notes(args.cache, "en-US", args.notes, 1),
        "meddeid-en-GB": meddeid_notes(args.cache, "en-GB", args.notes, 2),
    }
    general = general_ner()
    rows, detail = [], {}
    wanted = set(args.systems.split(",")) if args.systems else None
    for name, run in _systems(args.without_torch, args.default):
        if wanted is not None and name not in wanted:
            continue
        run(clinical["synthetic"][:1])  # load patterns, gazetteers and models before timing
        for corpus, gold in {**clinical, **general}.items():
            started = time.perf_counter()
            system = run(gold)
            seconds = time.perf_counter() - started
            characters = sum(len(d.text) for d in gold)
            if corpus in clinical:
                row = clinical_row(gold, system)
                token = row["binary_hipaa_token"]
                cells = [
                    _f(token["precision"]),
                    _f(token["recall"]),
                    _f(row["strict"]["f1"]),
                    _f(row["binary_token"]["f1"]),
                    f"{row['hipaa_leak']:.1%}",
                    _f(row["name_token_recall"]),
                    "",
                ]
            else:
                row = general_row(gold, system)
                token = row["binary_token"]
                cells = [
                    _f(token["precision"]),
                    _f(token["recall"]),
                    "",
                    _f(token["f1"]),
                    "",
                    _f(row["name_token_recall"]),
                    _f(row["location_token_recall"]),
                ]
            row["characters_per_second"] = round(characters / seconds)
            detail[f"{name} | {corpus}"] = row
            rows.append([name, corpus, *cells, f"{characters / seconds:,.0f}"])
            print(" | ".join(rows[-1]), flush=True)
    columns = [
        "system",
        "set",
        "binary HIPAA token P (general: names+places token P)",
        "R",
        "strict F1",
        "binary token F1",
        "HIPAA leak",
        "name token R",
        "place token R",
        "chars/s",
    ]
    name = args.name or "english_ood" + ("_without-torch" if args.without_torch else "")
    summary = {
        "sets": ", ".join(f"{k} ({len(v)} docs)" for k, v in {**clinical, **general}.items()),
        "meddeid": "meddeid-data 0.4.2 + meddeid-language-en 0.2.1, seeds 1 (en-US), 2 (en-GB)",
        "synthetic seed": args.synthetic_seed,
    }
    record(name, summary, detail, {"columns": columns, "rows": rows})


if __name__ == "__main__":
    main()
