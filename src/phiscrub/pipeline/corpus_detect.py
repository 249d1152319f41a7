"""Detection for a corpus run (``deid`` and ``detect``): a pipeline over every note, in one
process or several, with two-pass detection reading the corpus once first to build each
patient's dictionary (keeping only first-pass spans and dictionaries in memory)."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterable, Iterator
from pathlib import Path

from phiscrub.detect.dictionary import PatientDictionary
from phiscrub.document import Document, Span
from phiscrub.errors import PhiscrubError
from phiscrub.io.corpus import read_corpus
from phiscrub.pipeline.config import BATCH_DOCUMENTS
from phiscrub.pipeline.core import Pipeline
from phiscrub.pipeline.workers import fork_pool, ordered, portable, worker_state

_WARM_UP = Document("warm-up", "Seen by Dr. Okafor on 03/14/2091 at Mercy Hospital.")
"""A note run before workers are forked, so that they share the models it loads."""


def _grouped(doc: Document, groups: dict[str, dict[str, str]]) -> Document:
    return doc.with_metadata(**groups[doc.doc_id]) if doc.doc_id in groups else doc


def _first_pass(
    pipeline: Pipeline,
    source: Path,
    input_format: str | None,
    groups: dict[str, dict[str, str]],
    follow_links: bool = False,
    jobs: int = 1,
) -> tuple[dict[str, list[Span]], dict[str, PatientDictionary]]:
    """Pass one of two-pass detection over a corpus: first-pass spans per document and the
    patient dictionaries (the spans found by ``jobs`` processes). Unreadable documents are
    skipped here and reported by pass two."""
    raw: dict[str, list[Span]] = {}
    dictionaries: dict[str, PatientDictionary] = {}
    docs = (
        _grouped(doc, groups)
        for doc in read_corpus(
            source, input_format, on_error=lambda _error: None, follow_links=follow_links
        )
    )
    # notes go to the detectors BATCH_DOCUMENTS at a time (a neural member tags them together)
    chunks = iter(lambda: list(itertools.islice(docs, BATCH_DOCUMENTS)), [])
    pool = fork_pool(jobs, pipeline, lambda: pipeline.first_pass(_WARM_UP))
    with pool if pool is not None else contextlib.nullcontext():
        answers = (
            ordered(pool, _first_pass_chunk, chunks, jobs)
            if pool is not None
            else ((chunk, _first_pass_chunk(chunk, pipeline)) for chunk in chunks)
        )
        for chunk, found in answers:
            for doc, spans in zip(chunk, found, strict=True):
                if spans is None:
                    continue  # pass two meets the same error and reports it
                raw[doc.doc_id] = spans
                # only spans and dictionary strings stay in memory, never whole notes
                dictionaries[doc.patient_id] = pipeline.patient_dictionary(
                    [(doc, spans)], into=dictionaries.get(doc.patient_id)
                )
    return raw, dictionaries


def _first_pass_chunk(
    chunk: list[Document], pipeline: Pipeline | None = None
) -> list[list[Span] | None]:
    """First-pass spans of some documents (None where one fails); in a worker, with the
    pipeline it was forked with."""
    pipeline = pipeline or worker_state()
    try:
        return list(pipeline.first_pass_many(chunk))
    except PhiscrubError:
        return [_first_pass_one(pipeline, doc) for doc in chunk]  # find the bad one


def _first_pass_one(pipeline: Pipeline, doc: Document) -> list[Span] | None:
    try:
        return pipeline.first_pass(doc)
    except PhiscrubError:
        return None


class CorpusDetector:
    """Detection for a corpus run: the spans already in the documents (``pipeline`` None:
    gold), or a pipeline's (two-pass when configured), in ``jobs`` processes."""

    def __init__(
        self,
        pipeline: Pipeline | None,
        source: Path,
        input_format: str | None,
        groups: dict[str, dict[str, str]],
        follow_links: bool = False,
        jobs: int = 1,
    ) -> None:
        self.pipeline = pipeline
        self.groups = groups
        self.jobs = jobs
        self.raw: dict[str, list[Span]] = {}
        self.dictionaries: dict[str, PatientDictionary] = {}
        if self.pipeline is not None and self.pipeline.two_pass:
            self.raw, self.dictionaries = _first_pass(
                self.pipeline, source, input_format, groups, follow_links, jobs
            )

    def __call__(self, doc: Document) -> Document:
        """``doc`` (its patient grouping applied) with the detected spans."""
        doc = _grouped(doc, self.groups)
        if self.pipeline is None:
            return doc
        detection = self.pipeline.detect(
            doc, self.dictionaries.get(doc.patient_id), self.raw.pop(doc.doc_id, None)
        )
        return doc.with_spans(detection.spans)

    def stream(self, docs: Iterable[Document]) -> Iterator[tuple[Document, Document | Exception]]:
        """Each document with its detected twin, or the error detection raised, in order."""
        pipeline = self.pipeline
        pool = fork_pool(self.jobs, self, lambda: pipeline.detect(_WARM_UP)) if pipeline else None
        if pool is None:
            yield from ((doc, _detected(doc, self)) for doc in docs)
            return
        with pool:
            yield from ordered(pool, _detected, docs, self.jobs)


def _detected(doc: Document, detector: CorpusDetector | None = None) -> Document | Exception:
    """``detector(doc)``, or the error it raised (in a worker, the detector it was forked
    with, and an error it can send back)."""
    try:
        return (detector or worker_state())(doc)
    except PhiscrubError as exc:
        return exc if detector is not None else portable(exc)
