"""``review``: a self-contained HTML site to check and correct the PHI found in notes."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from phiscrub.cli.common import FormatOption, app, out, report_errors
from phiscrub.errors import ConfigError, PhiscrubError
from phiscrub.io import read_corpus
from phiscrub.io.files import check_output


@app.command("review")
def review_command(
    source: Annotated[Path, typer.Argument(help="Notes to review (file or directory).")],
    target: Annotated[Path, typer.Argument(help="New folder for the site (it holds PHI).")],
    pipeline: Annotated[
        str | None, typer.Option(help="Detect with this pipeline (a name, folder or file).")
    ] = None,
    system: Annotated[
        Path | None, typer.Option(help="Take the spans from this corpus (by document id).")
    ] = None,
    gold: Annotated[
        Path | None, typer.Option(help="Mark misses and false alarms against this corpus.")
    ] = None,
    input_format: FormatOption = None,
) -> None:
    """Write an HTML review site: an index of notes, and a page per note where spans are
    accepted, rejected, relabelled or added, and downloaded as JSONL."""
    from phiscrub.review import Reviewed, write_review_site

    if pipeline is not None and system is not None:
        raise ConfigError("give --pipeline or --system, not both")
    check_output(source, target, "choose a new folder for the site")
    errors: list[PhiscrubError] = []
    docs = list(read_corpus(source, input_format, on_error=errors.append))
    if pipeline is not None:
        from phiscrub.pipeline import load_pipeline

        docs = list(load_pipeline(pipeline).annotate_all(docs))
    elif system is not None:
        found = {d.doc_id: d for d in read_corpus(system, on_error=errors.append)}
        docs = [d.with_spans(found[d.doc_id].spans if d.doc_id in found else ()) for d in docs]
    truth = {d.doc_id: d for d in read_corpus(gold, on_error=errors.append)} if gold else {}
    written = write_review_site((Reviewed(d, truth.get(d.doc_id)) for d in docs), target)
    out.print(
        f"wrote a review site of {written} notes to {target}/index.html (it holds PHI: "
        "readable by you only)"
    )
    report_errors(errors)
