"""Commands over annotated corpora: ``evaluate``, ``convert``, ``stats`` and ``synth``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from phiscrub.cli.common import (
    FormatOption,
    app,
    out,
    report_errors,
)
from phiscrub.errors import PhiscrubError
from phiscrub.evaluate import approximate_randomization, evaluate
from phiscrub.evaluate.criteria import CRITERIA
from phiscrub.evaluate.report import (
    breakdown_tables,
    criteria_table,
    leak_line,
    significance_line,
)
from phiscrub.io import read_corpus, write_corpus
from phiscrub.io.corpus import output_format
from phiscrub.io.files import paths_overlap
from phiscrub.stats import corpus_stats


@app.command("evaluate")
def evaluate_command(
    gold: Annotated[Path, typer.Argument(help="Gold corpus (file or directory).")],
    system: Annotated[Path, typer.Argument(help="System output for the same documents.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    gold_format: FormatOption = None,
    system_format: FormatOption = None,
    compare: Annotated[
        Path | None,
        typer.Option(
            help="A second system: test whether it differs from SYSTEM (approximate randomization)."
        ),
    ] = None,
    criterion: Annotated[
        str, typer.Option(help=f"Criterion for --compare: one of {', '.join(CRITERIA)}.")
    ] = "strict",
    shuffles: Annotated[int, typer.Option(help="Shuffles for --compare.", min=1)] = 9999,
    seed: Annotated[int, typer.Option(help="Random seed for --compare.")] = 0,
    breakdown: Annotated[
        str,
        typer.Option(
            help="Criterion of the per-label and per-category tables: strict, relaxed or token."
        ),
    ] = "strict",
) -> None:
    """Score SYSTEM against GOLD: the ten i2b2 2014 criteria, MEDDOCAN's measures, leak rate."""
    if criterion not in CRITERIA:
        raise PhiscrubError(f"unknown criterion {criterion!r}; expected one of {CRITERIA}")
    gold_docs = list(read_corpus(gold, gold_format))
    evaluation = evaluate(gold_docs, read_corpus(system, system_format))
    significance = None
    if compare is not None:
        other = evaluate(gold_docs, read_corpus(compare, system_format))
        significance = approximate_randomization(
            list(evaluation.pairs), list(other.pairs), criterion, shuffles, seed
        )
    if as_json:
        result = evaluation.as_dict()
        if significance is not None:
            result["significance"] = significance.as_dict()
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return
    out.print(criteria_table(evaluation))
    out.print(leak_line(evaluation))
    for table in breakdown_tables(evaluation, breakdown):
        out.print(table)
    if significance is not None:
        out.print(significance_line(significance))


@app.command("convert")
def convert_command(
    source: Annotated[Path, typer.Argument(help="Input corpus (file or directory).")],
    target: Annotated[Path, typer.Argument(help="Output directory, or file for jsonl/conll.")],
    to: Annotated[
        str | None,
        typer.Option(
            help="Output format: i2b2, meddocan, brat, conll, jsonl or txt "
            "(default: from the output extension)."
        ),
    ] = None,
    input_format: FormatOption = None,
    scheme: Annotated[str, typer.Option(help="Tag scheme for CoNLL: IO, BIO or BIOES.")] = "BIO",
) -> None:
    """Convert a corpus between formats, keeping text and spans exact."""
    if paths_overlap(source, target):
        raise PhiscrubError(
            "the output must not be the input or inside it (inputs are never overwritten)"
        )
    fmt = output_format(target, to)
    errors: list[PhiscrubError] = []
    written = write_corpus(
        read_corpus(source, input_format, on_error=errors.append),
        target,
        fmt,
        scheme=scheme.upper(),
        on_error=errors.append,  # type: ignore[arg-type]
    )
    out.print(f"wrote {written} documents to {target} ({fmt})")
    report_errors(errors)


@app.command("stats")
def stats_command(
    corpus: Annotated[Path, typer.Argument(help="Corpus file or directory.")],
    input_format: FormatOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Count documents, tokens and spans per label."""
    errors: list[PhiscrubError] = []
    stats = corpus_stats(read_corpus(corpus, input_format, on_error=errors.append)).as_dict()
    if as_json:
        sys.stdout.write(json.dumps(stats, indent=2) + "\n")
    else:
        for key, value in stats.items():
            if key != "spans_per_label":
                out.print(f"{key}: {value:,}")
        out.print("spans per label:")
        for label, count in stats["spans_per_label"].items():
            out.print(f"  {label}: {count:,}")
    report_errors(errors)


@app.command("synth")
def synth_command(
    target: Annotated[
        Path, typer.Option("--out", help="New directory (or .jsonl file) for the notes.")
    ],
    notes: Annotated[int, typer.Option(help="How many notes.")] = 100,
    seed: Annotated[int, typer.Option(help="Random seed: the same seed gives the same notes.")] = 0,
    lang: Annotated[str, typer.Option(help="Language of the notes (en).")] = "en",
    to: Annotated[str, typer.Option("--format", help="i2b2, brat or jsonl.")] = "i2b2",
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
) -> None:
    """Write synthetic annotated clinical notes, and print what they hold."""
    from phiscrub.synth import SynthStats, synthesize, tracked

    if to not in ("i2b2", "brat", "jsonl"):
        raise PhiscrubError(f"synth writes i2b2, brat or jsonl, not {to!r}")
    if to == "jsonl" and target.suffix.lower() != ".jsonl":
        target = target / "notes.jsonl"
    if target.exists() and (target.is_file() or any(target.iterdir())):
        raise PhiscrubError(f"{target}: already exists and is not empty; choose a new path")
    stats = SynthStats()
    written = write_corpus(tracked(synthesize(notes, seed, lang), stats), target, to)
    summary = {"out": str(target), "seed": seed, "language": lang, **stats.as_dict()}
    if as_json:
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
        return
    out.print(
        f"wrote {written} notes for {summary['patients']} patients to {target} "
        f"({summary['notes_per_second']:,} notes/s generated)"
    )
    for key in ("sentences", "distinct_sentence_shapes", "characters", "tokens", "spans"):
        out.print(f"{key}: {summary[key]:,}")
    out.print("notes per type: " + ", ".join(f"{k} {v}" for k, v in summary["note_types"].items()))
    out.print("spans per label:")
    for label, count in summary["spans_per_label"].items():
        out.print(f"  {label}: {count:,}")
