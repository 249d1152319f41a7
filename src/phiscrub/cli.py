"""The ``phiscrub`` command line: a thin layer that parses options, calls the library, prints.

Nothing here prints note text or PHI: only ids, counts, offsets and scores.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from phiscrub.deid import (
    ANNOTATION_FORMATS,
    DEFAULT_PIPELINE,
    OUTPUT_FORMATS,
    PIPELINES,
    DeidSummary,
    count_documents,
    deid_corpus,
    detect_corpus,
)
from phiscrub.detect.crf.config import FAMILIES
from phiscrub.errors import PhiscrubError
from phiscrub.evaluate import approximate_randomization, evaluate
from phiscrub.evaluate.criteria import CRITERIA
from phiscrub.evaluate.report import (
    breakdown_tables,
    criteria_table,
    leak_line,
    significance_line,
    systems_table,
)
from phiscrub.io import read_corpus, write_corpus
from phiscrub.io.corpus import output_format
from phiscrub.io.files import paths_overlap
from phiscrub.replace import OPERATORS, ReplaceConfig, SecretKey, SurrogateSettings
from phiscrub.stats import corpus_stats

app = typer.Typer(
    help="Find and replace protected health information (PHI) in clinical notes.",
    no_args_is_help=True,
    add_completion=False,
    # A crash must never print local variables: they hold note text.
    pretty_exceptions_show_locals=False,
)
out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)

PipelineOption = Annotated[
    str,
    typer.Option(
        help=f"Detection pipeline: a built-in one ({', '.join(PIPELINES)}; 'gold' takes the "
        "PHI already annotated in the input), a saved pipeline directory or a config file."
    ),
]

ManifestOption = Annotated[
    Path | None,
    typer.Option(help="CSV or JSONL with file or doc_id, patient_id and optional note_date."),
]

PrivateOption = Annotated[
    bool,
    typer.Option(
        "--private/--no-private",
        help="Private training (default): only words seen 5 times or more outside PHI in the "
        "training notes reach the model. --no-private keeps every word: the model is then PHI.",
    ),
]

TrainThreadsOption = Annotated[
    int | None, typer.Option(min=1, help="CPU threads for PyTorch (its default if unset).")
]
ThreadsOption = Annotated[
    int,
    typer.Option(
        min=1,
        help="CPU threads for PyTorch's neural members (1: on a busy machine more threads "
        "spin, for the same output).",
    ),
]


def _set_threads(threads: int | None) -> None:
    """PyTorch's CPU threads, when a number is given and PyTorch is installed."""
    if threads is None:
        return
    with contextlib.suppress(ImportError):
        import torch

        torch.set_num_threads(threads)


FollowLinksOption = Annotated[
    bool,
    typer.Option(
        help="Follow links to files outside the input folder (by default they are left out "
        "and reported, as are dangling links and links to folders)."
    ),
]

FormatOption = Annotated[
    str | None,
    typer.Option(help="Input format: i2b2, brat, conll, jsonl or txt (default: from extensions)."),
]


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
    _report_errors(errors)


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
    _report_errors(errors)


@app.command("deid")
def deid_command(
    source: Annotated[Path, typer.Argument(help="Notes to de-identify (file or directory).")],
    target: Annotated[Path, typer.Argument(help="Output directory (new, or --resume).")],
    pipeline: PipelineOption = DEFAULT_PIPELINE,
    input_format: FormatOption = None,
    to: Annotated[
        str, typer.Option("--format", help=f"Output format: {', '.join(OUTPUT_FORMATS)}.")
    ] = "i2b2",
    replace: Annotated[
        str, typer.Option(help=f"Operator for every label: {', '.join(OPERATORS)}.")
    ] = "surrogate",
    key_file: Annotated[
        Path | None,
        typer.Option(
            help="Secret key for surrogates (else $PHISCRUB_KEY, else a random key "
            "and an irreproducible run)."
        ),
    ] = None,
    manifest: ManifestOption = None,
    language: Annotated[
        str | None,
        typer.Option(help="Surrogate language: en or es (default: the pipeline's; en for gold)."),
    ] = None,
    resume: Annotated[bool, typer.Option(help="Continue an interrupted run in TARGET.")] = False,
    follow_links: FollowLinksOption = False,
    pseudonymize_ids: Annotated[
        bool,
        typer.Option(
            help="Write notes under keyed pseudonyms of their ids (file names), not the ids."
        ),
    ] = False,
    id_map: Annotated[
        Path | None,
        typer.Option(
            help="With --pseudonymize-ids: where the id -> pseudonym CSV goes (keep it apart "
            "from the notes; default TARGET.ids.csv beside TARGET)."
        ),
    ] = None,
    threads: ThreadsOption = 1,
) -> None:
    """De-identify notes: detect PHI, replace it, write notes and an annotations file."""
    _set_threads(threads)
    key = SecretKey.resolve(key_file)
    if key.ephemeral:
        err.print(
            "warning: no --key-file or $PHISCRUB_KEY: surrogates use a random key and "
            "this run cannot be reproduced"
        )
    config = ReplaceConfig(default=replace, surrogates=SurrogateSettings(language=language))  # type: ignore[arg-type]
    with _progress(source, input_format, "de-identifying", follow_links) as advance:
        summary = deid_corpus(
            source,
            target,
            pipeline=pipeline,
            input_format=input_format,
            output_format=to,
            config=config,
            key=key,
            manifest=manifest,
            resume=resume,
            progress=advance,
            follow_links=follow_links,
            pseudonymize_ids=pseudonymize_ids,
            id_map=id_map,
        )
    out.print(
        f"de-identified {summary.documents} documents ({summary.resumed} already done) into "
        f"{target} in {summary.seconds:.2f} s ({summary.rate:,.0f} characters/s); "
        f"{summary.unparsed_dates} dates could not be read and got same-format surrogates"
    )
    if summary.id_map is not None:
        out.print(f"document ids were pseudonymized; the id map is {summary.id_map}: keep it apart")
    else:
        out.print(
            "document ids (file names) were kept as they are; pass --pseudonymize-ids if they "
            "carry identifiers"
        )
    _print_labels(summary)
    _report_skipped(summary)
    _report_errors(summary.errors)


@app.command("detect")
def detect_command(
    source: Annotated[Path, typer.Argument(help="Notes to annotate (file or directory).")],
    target: Annotated[Path, typer.Argument(help="Output directory (new or empty).")],
    pipeline: PipelineOption = DEFAULT_PIPELINE,
    input_format: FormatOption = None,
    to: Annotated[
        str, typer.Option("--format", help=f"Output format: {', '.join(ANNOTATION_FORMATS)}.")
    ] = "i2b2",
    manifest: ManifestOption = None,
    follow_links: FollowLinksOption = False,
    threads: ThreadsOption = 1,
) -> None:
    """Detect PHI and write the notes unchanged with the detected spans as annotations."""
    _set_threads(threads)
    with _progress(source, input_format, "detecting", follow_links) as advance:
        summary = detect_corpus(
            source,
            target,
            pipeline=pipeline,
            input_format=input_format,
            output_format=to,
            manifest=manifest,
            progress=advance,
            follow_links=follow_links,
        )
    out.print(
        f"annotated {summary.documents} documents into {target} in {summary.seconds:.2f} s "
        f"({summary.rate:,.0f} characters/s)"
    )
    _print_labels(summary)
    _report_skipped(summary)
    _report_errors(summary.errors)


def _report_skipped(summary: DeidSummary) -> None:
    """Each input entry left out, by name and reason (names only: the summary file holds
    counts, as names can carry identifiers)."""
    if summary.skipped:
        err.print(f"input entries left out: {len(summary.skipped)}")
        for entry, reason in summary.skipped:
            err.print(f"  {entry}: {reason}", markup=False, highlight=False)


@contextlib.contextmanager
def _progress(
    source: Path, input_format: str | None, what: str, follow_links: bool = False
) -> Iterator:
    """A progress bar on stderr (document counts only); yields the per-document callback."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    total = count_documents(source, input_format, follow_links)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task(what, total=total)
        yield lambda _doc: bar.advance(task)


def _print_labels(summary: DeidSummary) -> None:
    for label, count in sorted(summary.phi_per_label.items(), key=lambda kv: (-kv[1], kv[0])):
        out.print(f"  {label}: {count:,}")


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


train_app = typer.Typer(help="Train models; each command writes a pipeline directory.")
embeddings_app = typer.Typer(help="Word embeddings for the cluster features and neural models.")
app.add_typer(train_app, name="train")
app.add_typer(embeddings_app, name="embeddings")


@embeddings_app.command("train")
def embeddings_train_command(
    corpus: Annotated[list[Path], typer.Argument(help="Notes to learn from (files or dirs).")],
    target: Annotated[Path, typer.Option("--out", help="New word2vec text file.")],
    algorithm: Annotated[str, typer.Option(help="word2vec or fasttext (gensim).")] = "word2vec",
    dim: Annotated[int, typer.Option(help="Vector size.")] = 100,
    window: Annotated[int, typer.Option(help="Context window.")] = 5,
    min_count: Annotated[int, typer.Option(help="Ignore rarer words.")] = 2,
    epochs: Annotated[int, typer.Option(help="Passes over the text.")] = 10,
    seed: Annotated[int, typer.Option(help="Random seed.")] = 1,
    input_format: FormatOption = None,
) -> None:
    """Train word embeddings (skip-gram) on unlabeled notes; annotations are ignored."""
    from phiscrub.embeddings import train_vectors

    if algorithm not in ("word2vec", "fasttext"):
        raise PhiscrubError(f"--algorithm must be word2vec or fasttext, not {algorithm!r}")
    for source in corpus:
        if paths_overlap(target, source):
            raise PhiscrubError(f"{target}: the output must not overlap the input {source}")
    if target.exists():
        raise PhiscrubError(f"{target}: already exists; choose a new file")
    errors: list[PhiscrubError] = []
    docs = [doc for source in corpus for doc in read_corpus(source, input_format, errors.append)]
    words = train_vectors(
        docs,
        target,
        algorithm,
        dim,
        window,
        min_count,
        epochs,
        seed,  # type: ignore[arg-type]
    )
    out.print(f"wrote {words:,} word vectors of size {dim} from {len(docs)} documents to {target}")
    _report_errors(errors)


@contextlib.contextmanager
def _training_progress() -> Iterator[tuple[Any, Callable[[str, int, int, float | None], None]]]:
    """A rich progress display on stderr and the ``advance(stage, done, total, loss)`` callback
    that trainers call: one bar per stage (features, iterations, epochs), with the loss."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        "{task.fields[loss]}",
        console=err,
        transient=True,
    ) as bar:
        tasks: dict[str, Any] = {}

        def advance(stage: str, done: int, total: int, loss: float | None) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total, loss="")
            text = f"loss {loss:,.2f}" if loss is not None else ""
            bar.update(tasks[stage], completed=done, loss=text)

        yield bar, advance


@train_app.command("crf")
def train_crf_command(
    train: Annotated[Path, typer.Option(help="Annotated training corpus.")],
    target: Annotated[Path, typer.Option("--out", help="New directory for the pipeline.")],
    dev: Annotated[Path | None, typer.Option(help="Annotated corpus to report on.")] = None,
    config: Annotated[
        Path | None, typer.Option(help="CRF settings (TOML or JSON; see CRFConfig).")
    ] = None,
    embeddings: Annotated[
        Path | None, typer.Option(help="word2vec text file for the cluster features.")
    ] = None,
    without: Annotated[
        list[str] | None,
        typer.Option(help=f"Turn a feature family off (repeatable): {', '.join(FAMILIES)}."),
    ] = None,
    language: Annotated[
        str | None, typer.Option(help="en or es: gazetteers and rules for the features.")
    ] = None,
    input_format: FormatOption = None,
    private: PrivateOption = True,
) -> None:
    """Train the feature-rich CRF; OUT becomes a pipeline for detect and deid --pipeline."""
    from phiscrub.train import read_crf_config, train_crf

    _warn_if_not_private(private)
    settings = read_crf_config(config, without or [], language)
    with _training_progress() as (_bar, advance):
        result = train_crf(
            train,
            target,
            settings,
            dev,
            embeddings,
            input_format,
            advance,
            on_dev=lambda done, total: advance("tagging dev", done, total, None),
            private=private,
        )
    report = result.report
    out.print(
        f"trained on {report.documents} documents ({report.tokens:,} tokens, "
        f"{report.sequences:,} sequences) in {report.seconds:.1f} s; "
        f"iterations {', '.join(f'{k} {v}' for k, v in report.iterations.items())}; "
        f"{report.misaligned_spans} spans snapped to token boundaries"
    )
    out.print(f"wrote the pipeline to {result.pipeline}")
    if result.dev is not None:
        rate = result.dev_characters / result.dev_seconds if result.dev_seconds else 0.0
        out.print(criteria_table(result.dev))
        out.print(leak_line(result.dev))
        out.print(f"tagged dev at {rate:,.0f} characters/s")


@train_app.command("neural")
def train_neural_command(
    train: Annotated[Path, typer.Option(help="Annotated training corpus.")],
    target: Annotated[Path, typer.Option("--out", help="New directory for the pipeline.")],
    config: Annotated[
        str, typer.Option(help="neuroner, bilstm-fea, cedi, or a TOML/JSON file of settings.")
    ] = "neuroner",
    dev: Annotated[
        Path | None, typer.Option(help="Annotated corpus for early stopping and the report.")
    ] = None,
    embeddings: Annotated[
        Path | None, typer.Option(help="word2vec/GloVe text file to start the token vectors.")
    ] = None,
    max_epochs: Annotated[int | None, typer.Option(min=1, help="Epochs at most.")] = None,
    patience: Annotated[
        int | None, typer.Option(min=1, help="Epochs without a better dev F1 before stopping.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of initialisation and shuffling.")] = 1,
    device: Annotated[str, typer.Option(help="cpu or cuda.")] = "cpu",
    threads: TrainThreadsOption = None,
    language: Annotated[
        str | None, typer.Option(help="en or es: gazetteers and rules for feature embeddings.")
    ] = None,
    input_format: FormatOption = None,
    private: PrivateOption = True,
) -> None:
    """Train a neural tagger (NeuroNER, BiLSTM-FEA or CEDI); OUT becomes a pipeline for
    detect and deid --pipeline."""
    from phiscrub.train import read_neural_config, train_neural

    _warn_if_not_private(private)
    if device not in ("cpu", "cuda"):
        raise typer.BadParameter("expected cpu or cuda", param_hint="--device")
    settings = read_neural_config(config, language, max_epochs, patience)
    _set_threads(threads)
    with _training_progress() as (bar, advance):

        def epoch_done(record) -> None:
            f1 = f", dev strict F1 {record.dev_f1:.4f}" if record.dev_f1 is not None else ""
            bar.console.print(
                f"epoch {record.epoch}: {record.seconds:.1f} s, loss {record.loss:,.2f}{f1}"
            )

        result = train_neural(
            train,
            target,
            settings,
            dev,
            embeddings,
            input_format,
            seed,
            device,
            advance,
            epoch_done,
            private=private,
        )
    report = result.report
    out.print(
        f"trained {settings.preset} on {report.documents} documents ({report.tokens:,} tokens, "
        f"{report.pieces:,} pieces, {report.parameters:,} parameters) in {report.seconds:.1f} s; "
        f"{len(report.epochs)} epochs, best {report.best_epoch}"
        + (" (stopped early)" if report.stopped_early else "")
    )
    out.print(f"wrote the pipeline to {result.pipeline}")
    if result.dev is not None:
        out.print(criteria_table(result.dev))
        out.print(leak_line(result.dev))


def _print_systems(pipeline: Path, dev: dict) -> None:
    """Where a trained pipeline went and, with dev notes, each system's scores on them."""
    out.print(f"wrote the pipeline to {pipeline}")
    if dev:
        out.print(systems_table(dev))
        final = dev[next(reversed(dev))]
        out.print(criteria_table(final))
        out.print(leak_line(final))


@train_app.command("encoder")
def train_encoder_command(
    train: Annotated[Path, typer.Option(help="Annotated training corpus.")],
    target: Annotated[Path, typer.Option("--out", help="New directory for the pipeline.")],
    dev: Annotated[
        Path | None, typer.Option(help="Annotated corpus: the best epoch on it is kept.")
    ] = None,
    base: Annotated[
        Path | None,
        typer.Option(help="Pretrained BERT directory (default: the installed MiniLM-L6)."),
    ] = None,
    epochs: Annotated[int, typer.Option(min=1, help="Passes over the training windows.")] = 4,
    learning_rate: Annotated[float, typer.Option(min=0.0, help="AdamW's peak rate.")] = 5e-5,
    batch_size: Annotated[int, typer.Option(min=1, help="Windows per step.")] = 32,
    window: Annotated[int, typer.Option(min=8, max=512, help="Word pieces per window.")] = 128,
    seed: Annotated[int, typer.Option(help="Seed of initialisation and shuffling.")] = 1,
    device: Annotated[str, typer.Option(help="cpu or cuda.")] = "cpu",
    threads: TrainThreadsOption = None,
    input_format: FormatOption = None,
) -> None:
    """Fine-tune a pretrained encoder (MiniLM-L6) to tag PHI; OUT becomes a pipeline for
    detect and deid --pipeline (extra: phiscrub[encoder])."""
    from phiscrub.detect.encoder.trainer import FineTuneSettings
    from phiscrub.train_encoder import train_encoder

    if device not in ("cpu", "cuda"):
        raise typer.BadParameter("expected cpu or cuda", param_hint="--device")
    _set_threads(threads)
    settings = FineTuneSettings(
        epochs, learning_rate, batch_size, window, min(32, window // 4), seed=seed
    )

    def epoch_done(record) -> None:
        f1 = f", dev piece F1 {record.dev_f1:.4f}" if record.dev_f1 is not None else ""
        out.print(f"epoch {record.epoch}: {record.seconds:.1f} s, loss {record.loss:,.2f}{f1}")

    result = train_encoder(train, target, settings, dev, base, input_format, device, epoch_done)
    report = result.report
    out.print(
        f"fine-tuned on {report.documents} documents ({report.windows:,} windows, "
        f"{report.tags} tags); best epoch {report.best_epoch}"
    )
    if result.evaluation is not None:
        out.print(criteria_table(result.evaluation))
    out.print(f"wrote the pipeline to {target}")


@train_app.command("pipeline")
def train_pipeline_command(
    config: Annotated[
        Path,
        typer.Option(help="Pipeline recipe (TOML/JSON): a pipeline config plus training settings."),
    ],
    train: Annotated[Path, typer.Option(help="Annotated training corpus.")],
    target: Annotated[Path, typer.Option("--out", help="New directory for the pipeline.")],
    dev: Annotated[
        Path | None, typer.Option(help="Annotated corpus for early stopping and the report.")
    ] = None,
    folds: Annotated[
        int | None, typer.Option(min=2, help="Cross-prediction folds (default: the recipe's).")
    ] = None,
    threads: TrainThreadsOption = None,
    jobs: Annotated[
        int,
        typer.Option(
            min=1, help="Members' trainings (folds and final) run in this many processes."
        ),
    ] = 1,
    cross_predictions: Annotated[
        Path | None,
        typer.Option(
            help="Write the spans the ensemble learned from here (JSONL of offsets, labels, "
            "sources and scores; no text), to fit other ensembles without training again."
        ),
    ] = None,
    input_format: FormatOption = None,
    private: PrivateOption = True,
) -> None:
    """Train every member of a pipeline and its ensemble (k-fold cross-prediction), then
    report each member, the ensemble and the whole pipeline on the dev corpus."""
    from phiscrub.train_pipeline import train_pipeline

    _warn_if_not_private(private)
    _set_threads(threads)
    started = time.perf_counter()

    def event(message: str) -> None:
        out.print(f"[{time.perf_counter() - started:7.1f} s] {message}")

    result = train_pipeline(
        config,
        train,
        target,
        dev,
        input_format,
        folds,
        event,
        jobs,
        cross_predictions,
        private=private,
    )
    _print_systems(result.pipeline, result.dev)


def _warn_if_not_private(private: bool) -> None:
    if not private:
        from phiscrub.privacy import PRIVACY_OFF_WARNING

        warnings.warn(PRIVACY_OFF_WARNING, stacklevel=2)


def _names(value: str | None) -> list[str] | None:
    """A comma-separated list of names; "none" (or nothing) is the empty list."""
    if value is None:
        return None
    return [n.strip() for n in value.split(",") if n.strip() and n.strip() != "none"]


@train_app.command("ensemble")
def train_ensemble_command(
    pipeline: Annotated[Path, typer.Option(help="A trained pipeline directory (not changed).")],
    train: Annotated[Path, typer.Option(help="The corpus its cross-predictions were made for.")],
    cross_predictions: Annotated[
        Path, typer.Option(help="What `train pipeline --cross-predictions` wrote.")
    ],
    target: Annotated[Path, typer.Option("--out", help="New directory for the pipeline.")],
    dev: Annotated[Path | None, typer.Option(help="Annotated corpus for the report.")] = None,
    members: Annotated[
        str | None, typer.Option(help="Comma-separated detector names (default: as before).")
    ] = None,
    classifier: Annotated[
        str | None, typer.Option(help="svm, linear-svm or logistic (default: as before).")
    ] = None,
    c: Annotated[float | None, typer.Option("--c", help="The classifier's C.")] = None,
    threshold: Annotated[
        float | None, typer.Option(help="Decision value above which a candidate is accepted.")
    ] = None,
    fill: Annotated[
        str | None,
        typer.Option(help="Members whose spans fill the ensemble's gaps (comma-separated; none)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the classifier.")] = 1,
    input_format: FormatOption = None,
) -> None:
    """Fit a trained pipeline's ensemble again from kept cross-predictions (another
    classifier, C, threshold, members or gap fill) without training its members; write the
    result as a new pipeline and report it on the dev corpus."""
    from phiscrub.refit_ensemble import refit_ensemble

    changes = {
        key: value
        for key, value in {
            "members": _names(members),
            "classifier": classifier,
            "c": c,
            "threshold": threshold,
            "fill": _names(fill),
        }.items()
        if value is not None
    }
    result = refit_ensemble(
        pipeline,
        train,
        cross_predictions,
        target,
        changes,
        dev,
        input_format,
        seed,
        out.print,
    )
    _print_systems(result.pipeline, result.dev)


model_app = typer.Typer(help="Inspect trained models.")
app.add_typer(model_app, name="model")


@model_app.command("audit")
def model_audit_command(
    model: Annotated[Path, typer.Argument(help="A model or pipeline directory, or one file.")],
    corpus: Annotated[Path, typer.Option(help="The annotated corpus the model was trained on.")],
    input_format: FormatOption = None,
    min_outside: Annotated[
        int, typer.Option(min=1, help="Occurrences outside PHI that make a word public.")
    ] = 5,
) -> None:
    """Count the training corpus's withheld words (seen only inside PHI, or under 5 times
    outside it) that the model's files hold; private training leaves none. Prints counts
    only, never the words. Exit status 1 when any is found."""
    from phiscrub.privacy import audit

    if not model.exists():
        raise PhiscrubError(f"{model}: no such model file or directory")
    result = audit(model, read_corpus(corpus, input_format), min_outside)
    for name, count in result.per_file.items():
        out.print(f"  {name}: {count:,}")
    out.print(
        f"{result.found:,} of the corpus's {result.withheld_words:,} withheld words "
        f"(3 characters or more, with a letter) are in {model}"
    )
    if result.found:
        raise typer.Exit(1)


def _report_errors(errors: list[PhiscrubError]) -> None:
    if not errors:
        return
    err.print(f"{len(errors)} document(s) skipped:")
    for error in errors:
        err.print(f"  {error}", markup=False, highlight=False)
    raise typer.Exit(1)


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """Warnings as one line on stderr (phiscrub's name no note text)."""
    err.print(f"warning: {message}", markup=False, highlight=False)


def main() -> None:
    """Console entry point: typer handles usage errors and exit codes; phiscrub's own errors
    become one-line messages with exit status 2."""
    warnings.showwarning = _show_warning
    try:
        app()
    except PhiscrubError as exc:
        err.print(f"error: {exc}", markup=False, highlight=False)
        sys.exit(2)


if __name__ == "__main__":
    main()
