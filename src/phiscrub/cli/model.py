"""``model audit``: inspect trained models."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from phiscrub.cli.common import (
    FormatOption,
    app,
    out,
)
from phiscrub.errors import PhiscrubError
from phiscrub.io import read_corpus

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
