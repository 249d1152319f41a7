"""Every system of the papers, trained and scored in one run: the comparison table.

    python benchmarks/meddocan.py meddocan --folds 3 --max-epochs 10 --input line
    python benchmarks/meddocan.py synthetic --train-notes 2000 --test-notes 500 --members crf

MEDDOCAN train -> dev, or synthetic English train (seed 11) -> synthetic English notes from an
unseen seed (7321). One ``phiscrub train pipeline`` run (``phiscrub.train.pipeline``) trains
the members (CRF, BiLSTM = ``neuroner``, BiLSTM-FEA = ``bilstm-fea``, optionally CEDI) with
k-fold cross-prediction for Liu's SVM ensemble, then the rules are merged last by label
priority (Dehghan). Token vectors and CRF clusters come from word2vec trained on the training
notes' text only. The rows: the rules alone, each member alone, the ensemble of the members,
and the ensemble + rules (the pipeline); the columns: strict and binary token P/R/F1, leak
rate, training time (a member's: its final training; the ensemble's: its folds + its fit, summed
over processes; the pipeline's: all of it, wall clock, with ``--jobs`` trainings at once) and
tagging characters/s (the pipeline's: all its detectors, the ensemble
and the merge). The ensemble + rules is compared with the best single member by approximate
randomization (strict and binary token F1, 9,999 shuffles), as is the ensemble alone.
``--standalone cedi`` trains CEDI once on all the training notes, outside the pipeline (it takes
no part in the ensemble), for its row, with its preset's optimizer (SGD .02, annealed).
``benchmarks/systems_table.py`` adds the row of a CEDI trained in a run of its own. Writes
``benchmarks/results/systems_CORPUS.json`` and BENCHMARKS.md. The MEDDOCAN test split is never read.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from corpora import train_and_test
from record import peak_rss_mb, record

from phiscrub.detect import detect_batch
from phiscrub.document import Document
from phiscrub.evaluate import approximate_randomization, evaluate
from phiscrub.evaluate.scorer import Evaluation
from phiscrub.io import write_corpus
from phiscrub.pipeline import load_pipeline
from phiscrub.text.vectors import read_vectors
from phiscrub.train.embeddings import train_vectors
from phiscrub.train.members import read_neural_config
from phiscrub.train.pipeline import train_pipeline

PRESETS = {"bilstm": "neuroner", "bilstm-fea": "bilstm-fea", "cedi": "cedi"}


def _recipe(args: argparse.Namespace, language: str, scratch: Path) -> str:
    lines = ['name = "ensemble+rules"', f'language = "{language}"', ""]
    lines += ["[[detector]]", 'type = "rules"', f'patterns = "{language}"', ""]
    if language == "en":
        lines += ["[[detector]]", 'type = "dictionary"', 'language = "en"', ""]
    for member in args.members:
        kind = "crf" if member == "crf" else "neural"
        lines += ["[[detector]]", f'type = "{kind}"', f'name = "{member}"', f'model = "{member}"']
        lines.append("")
    if language == "en":
        lines += ["[two_pass]", "enabled = true", ""]
    members = ", ".join(f'"{m}"' for m in args.members)
    lines += ["[merge]", 'policy = "priority"', "", "[merge.ensemble]", f"members = [{members}]"]
    lines += [f'classifier = "{args.classifier}"', ""]
    lines += ["[train]", f"folds = {args.folds}", f"seed = {args.seed}"]
    lines += ['embeddings = "vectors.txt"', f'device = "{args.device}"', ""]
    for member in args.members:
        if member == "crf":
            continue
        settings = _settings(args, member, scratch)
        lines += [f'[train.recipe."{member}"]', f'config = "{settings.name}"']
        lines += [f"max_epochs = {args.max_epochs}", f"patience = {args.patience}", ""]
    return "\n".join(lines)


def _settings(args: argparse.Namespace, member: str, scratch: Path) -> Path:
    """A neural member's settings file: its preset, with the command line's input/optimizer
    (not for CEDI: it reads windows, and Adam stalls it at tagging nothing)."""
    settings = scratch / f"{member}.json"
    data: dict[str, object] = {"preset": PRESETS[member]}
    if args.input and member != "cedi":
        data["input"] = args.input
    if args.optimizer and member != "cedi":
        data["training"] = {"optimizer": args.optimizer, "lr": args.lr}
    settings.write_text(json.dumps(data), encoding="utf-8")
    return settings


def _standalone(
    args: argparse.Namespace,
    member: str,
    language: str,
    scratch: Path,
    train: list[Document],
    test: list[Document],
    event,
) -> tuple[Evaluation, float, float]:
    """A neural tagger trained once on all the training notes, outside the pipeline: its
    evaluation, training seconds and tagging seconds."""
    from phiscrub.detect.neural.trainer import fit

    config = read_neural_config(
        str(_settings(args, member, scratch)), language, args.max_epochs, args.patience
    )
    event(f"training {member} (standalone) on all {len(train)} documents")
    started = time.perf_counter()
    tagger, _ = fit(
        train,
        scratch / f"standalone-{member}",
        config,
        test,
        read_vectors(scratch / "vectors.txt"),
        args.seed,
        args.device,
        on_epoch=lambda r: event(f"{member} epoch {r.epoch}: {r.seconds:.0f} s"),
    )
    trained = time.perf_counter() - started
    tagger.detect(test[0])  # open the model before timing
    started = time.perf_counter()
    found = tagger.detect_many(test)
    tagging = time.perf_counter() - started
    system = [doc.with_spans(spans) for doc, spans in zip(test, found, strict=True)]
    return evaluate(test, system), trained, tagging


def _speed(pipeline, docs: list[Document]) -> dict[str, float]:
    """Seconds each detector, the ensemble and the whole pipeline take over ``docs``."""
    seconds: dict[str, float] = {}
    raw: list[list] = [[] for _ in docs]
    for detector in pipeline.detectors:
        detector.detect(docs[0])  # open models before timing
        started = time.perf_counter()
        found = detect_batch(detector, docs)
        seconds[detector.name] = time.perf_counter() - started
        for spans, more in zip(raw, found, strict=True):
            spans += more
    ensemble = pipeline.ensemble
    if ensemble is not None:
        started = time.perf_counter()
        for doc, spans in zip(docs, raw, strict=True):
            ensemble.apply(doc, [s for s in spans if s.detector in ensemble.members])
        seconds["ensemble"] = time.perf_counter() - started
    started = time.perf_counter()
    for _ in pipeline.detect_all(docs):
        pass
    seconds[pipeline.name] = time.perf_counter() - started
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", choices=["meddocan", "synthetic"])
    parser.add_argument(
        "--members", default="crf,bilstm,bilstm-fea", help="comma-separated: crf,bilstm,..."
    )
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--classifier", default="svm", choices=["svm", "linear-svm", "logistic"])
    parser.add_argument("--max-epochs", type=int, default=100)
    parser.add_argument("--patience", type=int, default=15)
    parser.add_argument("--input", choices=["sentence", "line"], help="neural input (not CEDI)")
    parser.add_argument(
        "--optimizer", choices=["sgd", "adam"], help="neural, not CEDI (default: preset)"
    )
    parser.add_argument("--lr", type=float, default=0.001, help="learning rate with --optimizer")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads per process")
    parser.add_argument("--jobs", type=int, default=1, help="member trainings run in parallel")
    parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--train-notes", type=int, default=2000)
    parser.add_argument("--train-seed", type=int, default=11)
    parser.add_argument("--test-notes", type=int, default=500)
    parser.add_argument("--test-seed", type=int, default=7321)
    parser.add_argument("--keep", type=Path, help="copy the trained pipeline here")
    parser.add_argument(
        "--standalone",
        default="",
        help="neural presets (e.g. cedi) trained once on all notes and scored alone, outside "
        "the pipeline and the ensemble",
    )
    parser.add_argument(
        "--cross-predictions", type=Path, help="write the ensemble's training spans here"
    )
    args = parser.parse_args()
    args.members = [m.strip() for m in args.members.split(",") if m.strip()]
    args.standalone = [m.strip() for m in args.standalone.split(",") if m.strip()]
    unknown = sorted(set(args.members) - {"crf", *PRESETS} | set(args.standalone) - set(PRESETS))
    if unknown:
        parser.error(f"unknown members {unknown}")
    if args.standalone or any(m != "crf" for m in args.members):
        import torch

        torch.set_num_threads(args.threads)
    train, test, language = train_and_test(
        args.corpus, args.train_notes, args.train_seed, args.test_notes, args.test_seed
    )
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        train_vectors(train, scratch / "vectors.txt", seed=1, workers=1)
        (scratch / "recipe.toml").write_text(_recipe(args, language, scratch), encoding="utf-8")
        write_corpus(train, scratch / "train.jsonl", "jsonl")
        write_corpus(test, scratch / "test.jsonl", "jsonl")

        def event(message: str) -> None:
            print(f"[{time.perf_counter() - started:7.1f} s] {message}", flush=True)

        result = train_pipeline(
            scratch / "recipe.toml",
            scratch / "train.jsonl",
            scratch / "model",
            scratch / "test.jsonl",
            on_event=event,
            jobs=args.jobs,
            cross_predictions=args.cross_predictions,
        )
        total = time.perf_counter() - started
        pipeline = load_pipeline(scratch / "model")
        speed = _speed(pipeline, test)
        if args.keep is not None:
            pipeline.save(args.keep)
        standalone = {}
        for member in args.standalone:
            evaluation, trained, tagging = _standalone(
                args, member, language, scratch, train, test, event
            )
            standalone[member] = evaluation
            result.seconds[member] = trained
            speed[member] = tagging
    characters = sum(len(doc.text) for doc in test)
    folds = sum(s for k, s in result.seconds.items() if k.startswith("fold "))
    train_seconds = {
        **{m: result.seconds[m] for m in [*args.members, *args.standalone]},
        "ensemble": folds + result.seconds["ensemble"],
        pipeline.name: total,
    }
    columns = ["system", "strict P", "strict R", "strict F1", "binary token P"]
    columns += ["binary token R", "binary token F1", "leak", "train s", "chars/s"]
    evaluations = dict(result.dev)
    if standalone:  # their rows come before the ensemble's
        ensemble_rows = {k: evaluations.pop(k) for k in ("ensemble", pipeline.name)}
        evaluations.update({**standalone, **ensemble_rows})
    rows = []
    for name, evaluation in evaluations.items():
        strict, token = evaluation.criteria["strict"], evaluation.criteria["binary_token"]
        rows.append(
            [
                name,
                *(f"{x:.4f}" for x in (strict.precision, strict.recall, strict.f1)),
                *(f"{x:.4f}" for x in (token.precision, token.recall, token.f1)),
                f"{evaluation.leak.rate:.4f}",
                f"{train_seconds[name]:.0f}" if name in train_seconds else "0",
                f"{characters / speed[name]:,.0f}",
            ]
        )
    singles = [*args.members, *args.standalone]
    best = max(singles, key=lambda m: evaluations[m].criteria["strict"].f1)
    tests = {}
    for system in ("ensemble", pipeline.name):
        for criterion in ("strict", "binary_token"):
            found = approximate_randomization(
                list(evaluations[system].pairs), list(evaluations[best].pairs), criterion
            )
            tests[f"{system} vs {best} ({criterion} F1)"] = (
                f"{found.f1_a - found.f1_b:+.4f}, p = {found.p_value:.4f}"
            )
    evaluated = "MEDDOCAN dev" if args.corpus == "meddocan" else "synthetic English"
    summary = {
        "evaluated on": f"{evaluated}, {len(test)} notes ({characters:,} characters)",
        "members": ", ".join(args.members),
        "standalone": ", ".join(args.standalone) or "none",
        "folds": args.folds,
        "classifier": args.classifier,
        "neural max epochs (patience)": f"{args.max_epochs} ({args.patience})",
        "neural input": args.input or "preset",
        "neural optimizer": f"{args.optimizer} (lr {args.lr:g})" if args.optimizer else "preset",
        "threads x jobs": f"{args.threads} x {args.jobs}",
        "ensemble candidates": result.candidates,
        **tests,
        "total time (s)": round(total),
        "peak RSS (MB)": peak_rss_mb(),
    }
    if args.corpus == "synthetic":
        summary["seeds (train/test)"] = f"{args.train_seed}/{args.test_seed}"
    detail = {
        "criteria": {
            name: {k: v.as_dict() for k, v in e.criteria.items()} for name, e in evaluations.items()
        },
        "seconds": result.seconds,
        "tagging seconds": speed,
    }
    path = record(f"systems_{args.corpus}", summary, detail, {"columns": columns, "rows": rows})
    print(" | ".join(columns))
    for row in rows:
        print(" | ".join(row))
    for key, value in summary.items():
        print(f"{key}: {value}")
    print(f"wrote {path}")


if __name__ == "__main__":
    if hasattr(os, "sched_setaffinity") and os.environ.get("PHISCRUB_BENCH_CORES"):
        cores = {int(c) for c in os.environ["PHISCRUB_BENCH_CORES"].split(",")}
        os.sched_setaffinity(0, cores)
    main()
