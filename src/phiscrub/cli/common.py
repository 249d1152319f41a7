"""What every command group shares: the application, the consoles (stderr for anything about
the run), option types and the error report.

Nothing here prints note text or PHI: only ids, counts, offsets and scores."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from phiscrub.errors import PhiscrubError
from phiscrub.pipeline.corpus import (
    PIPELINES,
)
from phiscrub.threads import limit_threads

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
        help="CPU threads for PyTorch's neural members and numpy's BLAS (1: on a busy machine "
        "more threads spin, for the same output).",
    ),
]


JobsOption = Annotated[
    int,
    typer.Option(
        min=1,
        help="Processes that detect PHI (each loads the pipeline once; the output is the same "
        "as with one). Use up to the number of cores, with --threads 1.",
    ),
]


def set_threads(threads: int | None, now: bool = False) -> None:
    """CPU threads of PyTorch and of numpy's BLAS, when a number is given: PyTorch's are set
    when a neural member imports it (a pipeline without one does not), or ``now`` (training)
    where it is installed."""
    if threads is None:
        return
    if now:
        with contextlib.suppress(ImportError):
            import torch  # noqa: F401  (limit_threads then sets it)
    limit_threads(threads)


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


def report_errors(errors: list[PhiscrubError]) -> None:
    if not errors:
        return
    err.print(f"{len(errors)} document(s) skipped:")
    for error in errors:
        err.print(f"  {error}", markup=False, highlight=False)
    raise typer.Exit(1)
