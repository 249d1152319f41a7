"""``deid`` and ``detect``: a pipeline over a corpus, with a progress bar of counts."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from phiscrub.cli.common import (
    FollowLinksOption,
    FormatOption,
    JobsOption,
    ManifestOption,
    PipelineOption,
    ThreadsOption,
    app,
    err,
    out,
    report_errors,
    set_threads,
)
from phiscrub.errors import ConfigError
from phiscrub.pipeline.corpus import (
    ANNOTATION_FORMATS,
    DEFAULT_PIPELINE,
    OUTPUT_FORMATS,
    DeidSummary,
    count_documents,
    deid_corpus,
    detect_corpus,
)
from phiscrub.replace import OPERATORS, ReplaceConfig, SecretKey, SurrogateSettings


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
    jobs: JobsOption = 1,
) -> None:
    """De-identify notes: detect PHI, replace it, write notes and an annotations file."""
    _check_jobs(jobs, threads)
    set_threads(threads)
    key = SecretKey.resolve(key_file)
    if key.ephemeral:
        err.print(
            "warning: no --key-file or $PHISCRUB_KEY: surrogates use a random key and "
            "this run cannot be reproduced"
        )
    config = ReplaceConfig(default=replace, surrogates=SurrogateSettings(language=language))  # type: ignore[arg-type]
    with _progress_bar(source, input_format, "de-identifying", follow_links) as advance:
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
            on_document=advance,
            follow_links=follow_links,
            pseudonymize_ids=pseudonymize_ids,
            id_map=id_map,
            jobs=jobs,
        )
    _print_deid_summary(summary, target)
    _print_labels(summary)
    _report_skipped(summary)
    report_errors(summary.errors)


def _print_deid_summary(summary: DeidSummary, target: Path) -> None:
    """Counts, speed, unreadable dates, and what became of the document ids."""
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
    jobs: JobsOption = 1,
) -> None:
    """Detect PHI and write the notes unchanged with the detected spans as annotations."""
    _check_jobs(jobs, threads)
    set_threads(threads)
    with _progress_bar(source, input_format, "detecting", follow_links) as advance:
        summary = detect_corpus(
            source,
            target,
            pipeline=pipeline,
            input_format=input_format,
            output_format=to,
            manifest=manifest,
            on_document=advance,
            follow_links=follow_links,
            jobs=jobs,
        )
    out.print(
        f"annotated {summary.documents} documents into {target} in {summary.seconds:.2f} s "
        f"({summary.rate:,.0f} characters/s)"
    )
    _print_labels(summary)
    _report_skipped(summary)
    report_errors(summary.errors)


def _check_jobs(jobs: int, threads: int) -> None:
    """Workers are forked from a process whose models are loaded: with more than one thread,
    a thread pool forked mid-use can hang, so jobs run one thread each."""
    if jobs > 1 and threads > 1:
        raise ConfigError("--jobs runs one thread per process: leave --threads at 1")


def _report_skipped(summary: DeidSummary) -> None:
    """Each input entry left out, by name and reason (names only: the summary file holds
    counts, as names can carry identifiers)."""
    if summary.skipped:
        err.print(f"input entries left out: {len(summary.skipped)}")
        for entry, reason in summary.skipped:
            err.print(f"  {entry}: {reason}", markup=False, highlight=False)


@contextlib.contextmanager
def _progress_bar(
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
