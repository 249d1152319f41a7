"""``spark deid``: ``deid`` on Apache Spark (the ``spark`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from phiscrub.cli.common import FormatOption, ManifestOption, PipelineOption, app, out
from phiscrub.errors import ConfigError, PhiscrubError
from phiscrub.io.files import check_output
from phiscrub.pipeline.corpus import DEFAULT_PIPELINE

spark_app = typer.Typer(help="Run phiscrub on Apache Spark.")
app.add_typer(spark_app, name="spark")


@spark_app.command("deid")
def spark_deid_command(
    source: Annotated[
        Path, typer.Argument(help="Notes: what deid reads, or Parquet/JSONL of any size.")
    ],
    target: Annotated[Path, typer.Argument(help="New folder for the output (part files).")],
    pipeline: PipelineOption = DEFAULT_PIPELINE,
    master: Annotated[str, typer.Option(help="Spark master: local[N] or a cluster URL.")] = (
        "local[2]"
    ),
    key_file: Annotated[
        Path | None, typer.Option(help="Surrogate key: the same key, the same surrogates.")
    ] = None,
    manifest: ManifestOption = None,
    to: Annotated[str, typer.Option("--format", help="jsonl or parquet.")] = "jsonl",
    partitions: Annotated[
        int | None,
        typer.Option(min=1, help="Partitions of the notes and of their patients (default 16)."),
    ] = None,
    replace: Annotated[str, typer.Option(help="redact, tag or surrogate.")] = "surrogate",
    input_format: FormatOption = None,
) -> None:
    """De-identify notes on Spark: the same texts as `phiscrub deid` with the same key and
    manifest; notes that fail are listed in TARGET/_errors, not fatal."""
    from phiscrub.replace import SecretKey
    from phiscrub.spark.session import read_notes, session, write_notes

    if to not in ("jsonl", "parquet"):
        raise ConfigError(f"spark deid writes jsonl or parquet, not {to!r}")
    if key_file is None:
        raise ConfigError("spark deid needs --key-file (the same key, the same surrogates)")
    check_output(source, target, "choose a new output folder")
    key = SecretKey.from_file(key_file)
    try:
        from phiscrub.spark import deidentify
    except ImportError:
        raise ConfigError("Spark needs the spark extra: pip install 'phiscrub[spark]'") from None
    spark = session(master, partitions or 16)
    try:
        notes = read_notes(spark, source, input_format, manifest)
        if partitions is not None:
            notes = notes.repartition(partitions)
        done = deidentify(
            notes, patient_col="patient_id", date_col="note_date", pipeline=str(pipeline),
            key=key, replace=replace,
        )  # fmt: skip
        written, failed = write_notes(done, target, to)
    finally:
        spark.stop()
    out.print(f"de-identified {written} notes into {target} ({to})")
    if failed:
        raise PhiscrubError(f"{failed} note(s) could not be processed: see {target}/_errors")
