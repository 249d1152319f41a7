"""De-identification and detection of Spark DataFrames (the ``spark`` extra: pyspark).

Notes are partitioned by patient and sorted (``repartition(patient)``, then ``mapInPandas``
over batches of whole patients), so that the two-pass dictionary of a patient is built from all
of their notes, whatever the input's partitioning; surrogates
and date shifts depend only on the key and the patient. A note therefore gets the same text as
from ``phiscrub deid`` with the same key and patient grouping. Each Python worker process loads
the pipeline once and keeps it for the tasks it runs.

The key travels to the executors inside the job: on a cluster, turn on Spark's network
encryption (``spark.network.crypto.enabled``) or keep the job on one trusted host.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from phiscrub.document import Document
from phiscrub.errors import PhiscrubError
from phiscrub.replace import ReplaceConfig, SecretKey

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    from pyspark.sql import DataFrame

SPAN = "struct<start:int,end:int,label:string,score:double,source:string>"
OUTPUT = (
    f"doc_id string, text string, spans array<{SPAN}>, patient_id string, note_date string, "
    "error string"
)
"""Each output row: the note (its new text, or its text with ``detect``), its spans, the
pseudonymised patient id and the shifted note date; ``error`` names what went wrong with a note
that could not be processed (its other fields are then empty)."""

COLUMNS = ("doc_id", "text", "spans", "patient_id", "note_date", "error")
_LOADED: dict[str, Any] = {}  # pipeline source -> the pipeline, in each Python worker


@dataclass(frozen=True)
class _Job:
    pipeline: str
    key: bytes | None
    replace: str | None  # None: detect only

    def pipeline_object(self) -> Any:
        loaded = _LOADED.get(self.pipeline)
        if loaded is None:
            from phiscrub.pipeline import load_pipeline
            from phiscrub.threads import limit_threads

            limit_threads(1)  # Spark runs a task per core: one thread each
            loaded = _LOADED[self.pipeline] = load_pipeline(self.pipeline)
        return loaded

    def run_partition(self, frames: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        """A partition's notes, sorted by patient, in batches of whole patients of at least
        ``BATCH_DOCUMENTS`` notes (the neural members tag a batch's lines together)."""
        from phiscrub.pipeline import BATCH_DOCUMENTS

        batch: list[Any] = []
        for frame in frames:
            for row in frame.itertuples(index=False):
                if len(batch) >= BATCH_DOCUMENTS and row.patient_id != batch[-1].patient_id:
                    yield self.run(batch)
                    batch = []
                batch.append(row)
        if batch:
            yield self.run(batch)

    def run(self, notes: Iterable[Any]) -> pd.DataFrame:
        """Whole patients' notes (rows of doc_id, text, patient_id, note_date)."""
        import pandas as pd

        docs = [_document(row) for row in notes]
        pipeline = self.pipeline_object()
        try:
            detected: list[Document | tuple[str, str]] = [
                doc.with_spans(d.spans) for doc, d in pipeline.detect_all(docs)
            ]
        except PhiscrubError:
            detected = _without_failures(pipeline, docs)
        key = SecretKey(self.key, "the job's key") if self.key is not None else None
        replacer = None
        if self.replace is not None and key is not None:
            config = ReplaceConfig(self.replace)  # type: ignore[arg-type]
            replacer = pipeline.replacer(key=key, config=config)
        rows = [_row(doc, replacer, key) for doc in detected]
        return pd.DataFrame(rows, columns=list(COLUMNS))


def _without_failures(pipeline: Any, docs: list[Document]) -> list[Document | tuple[str, str]]:
    """As ``deid`` does when a note fails: the notes whose first pass fails become errors, and
    the others are detected together (their patients' dictionaries built without the failed
    notes)."""
    failed: dict[str, str] = {}
    for doc in docs:
        try:
            pipeline.first_pass(doc)
        except PhiscrubError as exc:
            failed[doc.doc_id] = str(exc)
    good = [doc for doc in docs if doc.doc_id not in failed]
    found = {doc.doc_id: doc.with_spans(d.spans) for doc, d in pipeline.detect_all(good)}
    return [found.get(doc.doc_id) or (doc.doc_id, failed[doc.doc_id]) for doc in docs]


def _row(doc: Document | tuple[str, str], replacer: Any, key: SecretKey | None) -> dict[str, Any]:
    """An output row: the note replaced (with ``replacer``) or as detected, or its error (a
    note whose replacement fails is an error too, as in ``deid``)."""
    if isinstance(doc, tuple):
        return dict.fromkeys(COLUMNS) | {"doc_id": doc[0], "error": doc[1]}
    if replacer is not None and key is not None:
        from phiscrub.pipeline.corpus import replace_note

        try:
            _, doc = replace_note(doc, replacer, key, doc.doc_id)
        except PhiscrubError as exc:
            return dict.fromkeys(COLUMNS) | {"doc_id": doc.doc_id, "error": str(exc)}
    return {
        "doc_id": doc.doc_id,
        "text": doc.text,
        "spans": [_span_row(s) for s in doc.spans],
        "patient_id": doc.metadata.get("patient_id"),
        "note_date": doc.metadata.get("note_date"),
        "error": None,
    }


def _span_row(span: Any) -> dict[str, Any]:
    return {
        "start": span.start,
        "end": span.end,
        "label": span.label,
        "score": span.score,
        "source": span.source,
    }


def _document(row: Any) -> Document:
    metadata = {}
    if isinstance(row.patient_id, str) and row.patient_id:
        metadata["patient_id"] = row.patient_id
    if isinstance(row.note_date, str) and row.note_date:
        metadata["note_date"] = row.note_date
    return Document(str(row.doc_id), str(row.text), (), metadata)


def _prepared(
    df: DataFrame, text_col: str, id_col: str, patient_col: str | None, date_col: str | None
) -> DataFrame:
    from pyspark.sql import functions as F

    patient = F.col(patient_col) if patient_col else F.col(id_col)  # no patient: its own
    date = F.col(date_col).cast("string") if date_col else F.lit(None).cast("string")
    return df.select(
        F.col(id_col).cast("string").alias("doc_id"),
        F.col(text_col).cast("string").alias("text"),
        patient.cast("string").alias("patient_id"),
        date.alias("note_date"),
    )


def _apply(df: DataFrame, job: _Job, columns: tuple[str, str, str | None, str | None]) -> DataFrame:
    """Every note of a patient in one partition (hash of the patient), sorted by patient, so
    that a patient's two-pass dictionary sees all of their notes, however the input was
    partitioned."""
    prepared = _prepared(df, *columns)
    grouped = prepared.repartition("patient_id").sortWithinPartitions("patient_id", "doc_id")
    return grouped.mapInPandas(job.run_partition, schema=OUTPUT)


def deidentify(
    df: DataFrame,
    text_col: str = "text",
    id_col: str = "doc_id",
    patient_col: str | None = None,
    date_col: str | None = None,
    pipeline: str = "default",
    key: SecretKey | bytes | str | None = None,
    replace: str = "surrogate",
) -> DataFrame:
    """``df``'s notes de-identified: one row per note (see ``OUTPUT``).

    Args:
        pipeline: A built-in pipeline name, or a pipeline folder or config file that every
            executor can read.
        key: The surrogate key (a SecretKey, or its secret); required, so that reruns and
            ``phiscrub deid`` give the same surrogates.
    """
    if key is None:
        raise PhiscrubError("Spark de-identification needs a key (the same key, the same output)")
    secret = SecretKey.coerce(key).secret
    return _apply(df, _Job(pipeline, secret, replace), (text_col, id_col, patient_col, date_col))


def detect(
    df: DataFrame,
    text_col: str = "text",
    id_col: str = "doc_id",
    patient_col: str | None = None,
    date_col: str | None = None,
    pipeline: str = "default",
) -> DataFrame:
    """``df``'s notes with the spans the pipeline finds (text unchanged)."""
    return _apply(df, _Job(pipeline, None, None), (text_col, id_col, patient_col, date_col))
