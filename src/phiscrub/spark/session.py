"""The Spark session and the notes' way in and out for ``phiscrub spark deid``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from phiscrub.errors import ConfigError

if TYPE_CHECKING:  # pragma: no cover
    from pyspark.sql import DataFrame, SparkSession


def session(master: str, shuffle_partitions: int = 16) -> SparkSession:
    """A Spark session for one command: no web UI or progress bars, errors only, Arrow for
    the pandas exchange, ``shuffle_partitions`` groups of patients (kept apart)."""
    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master(master)
        .appName("phiscrub")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.sql.shuffle.partitions", str(shuffle_partitions))
        # the notes of a few MB are hours of CPU: Spark's adaptive execution would join their
        # patients' groups into one partition (one core) by their size in bytes
        .config("spark.sql.adaptive.coalescePartitions.enabled", "false")
        .config("spark.sql.session.timeZone", "UTC")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def read_notes(
    spark: SparkSession, source: Path, input_format: str | None, manifest: Path | None
) -> DataFrame:
    """``doc_id``, ``text``, ``patient_id``, ``note_date`` of the notes under ``source``:
    Parquet and phiscrub JSONL read by Spark itself (any size); the other formats through
    phiscrub's readers on the driver. A manifest's patient and date win, as in ``deid``."""
    from pyspark.sql import functions as F

    name = source.name.lower()
    if name.endswith(".parquet") or input_format == "parquet":
        notes = _with_metadata(spark.read.parquet(str(source)))
    elif name.endswith(".jsonl") or input_format == "jsonl":
        notes = _with_metadata(spark.read.json(str(source)))
    else:
        notes = _driver_read(spark, source, input_format)
    if manifest is None:
        return notes
    import pandas as pd

    from phiscrub.io.manifest import load_manifest

    rows = [
        (doc_id, entry["patient_id"], entry.get("note_date"))
        for doc_id, entry in load_manifest(manifest).items()
    ]
    groups = spark.createDataFrame(
        pd.DataFrame(rows, columns=["doc_id", "m_patient", "m_date"]),
        schema="doc_id string, m_patient string, m_date string",
    )
    joined = notes.join(groups, on="doc_id", how="left")
    return joined.select(
        "doc_id",
        "text",
        F.coalesce("m_patient", "patient_id").alias("patient_id"),
        F.when(F.col("m_patient").isNotNull(), F.col("m_date"))
        .otherwise(F.col("note_date"))
        .alias("note_date"),
    )


def _with_metadata(df: DataFrame) -> DataFrame:
    from pyspark.sql import functions as F

    missing = {"doc_id", "text"} - set(df.columns)
    if missing:
        raise ConfigError(f"the notes need columns {sorted(missing)}")

    def field(name: str) -> object:
        if name in df.columns:
            return F.col(name).cast("string")
        meta = df.schema["metadata"].dataType if "metadata" in df.columns else None
        if meta is not None and name in getattr(meta, "fieldNames", list)():
            return F.col(f"metadata.{name}").cast("string")
        return F.lit(None).cast("string")

    return df.select(
        F.col("doc_id").cast("string").alias("doc_id"),
        F.col("text").cast("string").alias("text"),
        field("patient_id").alias("patient_id"),  # type: ignore[attr-defined]
        field("note_date").alias("note_date"),  # type: ignore[attr-defined]
    )


def _driver_read(spark: SparkSession, source: Path, input_format: str | None) -> DataFrame:
    import pandas as pd

    from phiscrub.io import read_corpus

    rows = [
        (d.doc_id, d.text, d.metadata.get("patient_id"), d.metadata.get("note_date"))
        for d in read_corpus(source, input_format)
    ]
    frame = pd.DataFrame(rows, columns=["doc_id", "text", "patient_id", "note_date"])
    return spark.createDataFrame(
        frame, schema="doc_id string, text string, patient_id string, note_date string"
    )


def write_notes(done: DataFrame, target: Path, to: str) -> tuple[int, int]:
    """Write the processed notes (JSONL part files, as phiscrub JSONL: doc_id, text, spans,
    metadata; or Parquet) and those that failed to ``target/_errors``; returns both counts."""
    from pyspark.sql import functions as F

    done = done.cache()
    good = done.filter(F.col("error").isNull()).select(
        "doc_id",
        "text",
        "spans",
        F.struct("patient_id", "note_date").alias("metadata"),
    )
    writer = good.write.mode("errorifexists")
    if to == "parquet":
        writer.parquet(str(target))
    else:
        writer.json(str(target))
    failed = done.filter(F.col("error").isNotNull()).select("doc_id", "error")
    count = failed.count()
    if count:
        failed.write.mode("overwrite").json(str(target / "_errors"))
    return good.count(), count
