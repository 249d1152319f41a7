"""The corpus runner of ``deid`` and ``detect``: detection by a pipeline, then replacement (or
annotations), note by note, with manifests, resumption and a run summary.

The pipeline is a built-in one (``default``: the trained English hybrid; ``rules``;
``rules-es``), a saved pipeline
directory or a config file; or ``gold``, which takes the PHI spans already annotated in the
input (for corpora whose PHI is known). ``detect_corpus`` runs the same input handling but
writes annotations instead of replacing.

With the two-pass patient dictionary on, a corpus is read twice: once to build each patient's
dictionary (keeping only first-pass spans and dictionaries in memory), once to detect and write.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError, PhiscrubError
from phiscrub.io.corpus import corpus_files, read_corpus, read_format, write_document
from phiscrub.io.files import (
    check_output,
    paths_overlap,
    safe_file_stem,
    write_atomic,
)
from phiscrub.io.jsonl import dumps_jsonl_line
from phiscrub.io.manifest import load_manifest
from phiscrub.pipeline.core import Pipeline, in_language
from phiscrub.pipeline.corpus_detect import CorpusDetector
from phiscrub.pipeline.load import builtin_pipelines, load_pipeline
from phiscrub.provenance import phiscrub_version
from phiscrub.replace import ReplaceConfig, Replacement, Replacer, SecretKey
from phiscrub.runs import (
    check_resume,
    document_pseudonym,
    key_fingerprint,
    open_private,
    write_id_map,
    write_run,
)

GOLD = "gold"
DEFAULT_PIPELINE = "default"
PIPELINES = (GOLD, *builtin_pipelines())
OUTPUT_FORMATS = ("i2b2", "brat", "jsonl", "txt")
RUN_DIR = "_phiscrub"  # beside the notes; corpus readers do not descend into it
ANNOTATIONS_FILE = f"{RUN_DIR}/annotations.jsonl"
SUMMARY_FILE = f"{RUN_DIR}/summary.json"
_EXTENSION = {"i2b2": ".xml", "brat": ".txt", "txt": ".txt"}


def resolve_pipeline(pipeline: str | Path | Pipeline) -> Pipeline | None:
    """A loaded pipeline, or None for ``gold`` (use the spans already in the documents)."""
    if isinstance(pipeline, Pipeline):
        return pipeline
    if pipeline == GOLD:
        return None
    return load_pipeline(pipeline)


# -- corpus runs -----------------------------------------------------------------------------


@dataclass
class DeidSummary:
    """What a corpus run did, in counts (never values)."""

    documents: int = 0
    resumed: int = 0
    phi_per_label: Counter[str] = field(default_factory=Counter)
    errors: list[PhiscrubError] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)
    unparsed_dates: int = 0
    ids_pseudonymized: bool = False
    id_map: Path | None = None
    seconds: float = 0.0
    characters: int = 0

    def skip(self, entry: Path, reason: str) -> None:
        self.skipped.append((entry, reason))

    def count(self, doc: Document, spans: Iterable[Span]) -> None:
        """Count one document done, with its PHI spans."""
        self.documents += 1
        self.characters += len(doc.text)
        self.phi_per_label.update(s.label for s in spans)

    @property
    def rate(self) -> float:
        """Characters per second."""
        return self.characters / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "documents": self.documents,
            "resumed": self.resumed,
            "errors": len(self.errors),
            "characters": self.characters,
            "seconds": round(self.seconds, 3),
            "unparsed_dates": self.unparsed_dates,
            "document_ids": "pseudonymized" if self.ids_pseudonymized else "kept",
            # entries of the input left out, by reason (their names may carry identifiers)
            "skipped": dict(sorted(Counter(reason for _, reason in self.skipped).items())),
            "phi_per_label": dict(sorted(self.phi_per_label.items())),
        }


def _public_metadata(doc: Document, key: SecretKey, shift_days: int | None) -> dict[str, Any]:
    """Metadata fit for the output: patient id pseudonymised, note date shifted."""
    public: dict[str, Any] = {}
    if "xml_root" in doc.metadata:
        public["xml_root"] = doc.metadata["xml_root"]
    if "note_type" in doc.metadata:
        public["note_type"] = doc.metadata["note_type"]
    public["patient_id"] = key.pseudonym("patient", doc.patient_id)
    note_date = doc.metadata.get("note_date")
    if note_date and shift_days is not None:
        try:
            day = dt.date.fromisoformat(str(note_date)[:10])
            public["note_date"] = (day + dt.timedelta(days=shift_days)).isoformat()
        except ValueError:
            pass  # an unreadable note date is dropped rather than copied
    return public


def _output_exists(out: Path, doc_id: str, fmt: str) -> bool:
    return (out / f"{safe_file_stem(doc_id)}{_EXTENSION[fmt]}").exists()


class _OutputNames:
    """The note files a run has written, so that no two documents write the same file (ids
    that differ only in case do on case-insensitive file systems)."""

    def __init__(self) -> None:
        self._written: dict[str, str] = {}

    def claim(self, doc_id: str) -> None:
        name = safe_file_stem(doc_id).casefold()
        first = self._written.setdefault(name, doc_id)
        if first != doc_id:
            raise PhiscrubError(
                f"document {doc_id}: its output file would be that of document {first} "
                "(ids that differ only in case); not overwritten"
            )


def _run_settings(
    pipeline: str | Path | Pipeline,
    config: ReplaceConfig,
    key: SecretKey,
    **settings: Any,
) -> dict[str, Any]:
    """What a run's output depends on, stored in ``_phiscrub/run.json`` for ``--resume``."""
    if isinstance(pipeline, Pipeline):
        pipeline_name: Any = pipeline.config.model_dump()
    else:
        pipeline_name = str(pipeline)
    return {
        "pipeline": pipeline_name,
        "replace": json.loads(json.dumps(dataclasses.asdict(config), default=list)),
        "key_fingerprint": key_fingerprint(key),
        "phiscrub": phiscrub_version(),
        **{
            name: str(value) if isinstance(value, Path) else value
            for name, value in settings.items()
        },
    }


def _resumable(out: Path, output_format: str) -> dict[str, str]:
    """The annotation records (by output id) of notes an interrupted run finished. A line cut
    short by the interruption (or otherwise unreadable) is dropped: its note is done again."""
    partial = out / f"{ANNOTATIONS_FILE}.partial"
    previous = partial if partial.exists() else out / ANNOTATIONS_FILE
    kept: dict[str, str] = {}
    if previous.exists():
        for line in previous.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                record = json.loads(line)
                doc_id = record["doc_id"]
            except (ValueError, TypeError, KeyError):
                continue
            if isinstance(doc_id, str) and _output_exists(out, doc_id, output_format):
                kept[doc_id] = line
    return kept


def _annotation_record(doc_id: str, result: Replacement, spans: tuple[Span, ...]) -> str:
    rows = [
        {"start": s.start, "end": s.end, "label": s.label, "operator": op, "source": s.source}
        for s, op in zip(spans, result.operators, strict=True)
    ]
    return json.dumps({"doc_id": doc_id, "spans": rows})


def _check_deid_arguments(
    source: Path, out: Path, output_format: str, resume: bool, key: SecretKey | None
) -> None:
    if output_format not in OUTPUT_FORMATS:
        raise ConfigError(f"unknown output format {output_format!r}; expected {OUTPUT_FORMATS}")
    if resume and output_format == "jsonl":
        raise ConfigError("--resume needs a one-file-per-note format (i2b2, brat or txt)")
    check_output(source, out, "pass --resume to continue an interrupted run", resume)
    if resume and (key is None or key.ephemeral):
        raise ConfigError(
            "--resume needs the key of the interrupted run (--key-file or "
            "$PHISCRUB_KEY); a new random key would break surrogate consistency"
        )


def _id_map_path(source: Path, out: Path, id_map: Path | None) -> Path:
    """Where the id map goes: as given, else ``OUT.ids.csv`` beside ``out``; never inside the
    input or the output."""
    id_map = id_map or out.parent / f"{out.name}.ids.csv"
    if paths_overlap(out, id_map) or paths_overlap(source, id_map):
        raise ConfigError("the id map must lie outside the input and the output")
    return id_map


def _finished(summary: DeidSummary, out: Path, started: float) -> DeidSummary:
    summary.seconds = time.perf_counter() - started
    write_atomic(out / SUMMARY_FILE, json.dumps(summary.as_dict(), indent=2) + "\n")
    return summary


def replace_note(
    doc: Document, replacer: Replacer, key: SecretKey, out_id: str
) -> tuple[Replacement, Document]:
    """The replacement of a detected note, and the note to write: under ``out_id``, with
    public metadata only (patient pseudonym, shifted note date). What ``deid`` writes, and
    the Spark jobs too."""
    result = replacer.replace(doc)
    surrogates = replacer.surrogates
    shift = surrogates.date_shift(doc.patient_id) if surrogates is not None else None
    metadata = _public_metadata(doc, key, shift)
    return result, Document(out_id, result.document.text, result.document.spans, metadata)


def deid_corpus(
    source: Path,
    out: Path,
    *,
    pipeline: str | Path | Pipeline = DEFAULT_PIPELINE,
    input_format: str | None = None,
    output_format: str = "i2b2",
    config: ReplaceConfig | None = None,
    key: SecretKey | None = None,
    manifest: Path | None = None,
    resume: bool = False,
    on_document: Callable[[Document], None] | None = None,
    follow_links: bool = False,
    pseudonymize_ids: bool = False,
    id_map: Path | None = None,
    jobs: int = 1,
) -> DeidSummary:
    """De-identify every document under ``source`` into the directory ``out``.

    Documents stream one at a time in file order. Each note is written atomically in
    ``output_format`` (one file per note, or ``notes.jsonl`` for jsonl), readable by its owner
    only; ``annotations.jsonl`` lists, per document, where each replacement sits, its label and
    operator. A document that fails, or whose id was read before, is skipped and reported in
    the summary, as is every directory entry left out (links are followed only to files inside
    ``source`` unless ``follow_links``). With ``resume``, notes already written by an
    interrupted run with the same key and settings are kept and skipped. With
    ``pseudonymize_ids``, documents are written under keyed pseudonyms of their ids, and the
    mapping goes to ``id_map`` (default: ``OUT.ids.csv`` beside ``out``), to be kept apart.
    With ``jobs`` above 1, detection runs in that many processes (the output is the same).
    """
    _check_deid_arguments(source, out, output_format, resume, key)
    key = key or SecretKey.random()
    if pseudonymize_ids:
        id_map = _id_map_path(source, out, id_map)
    settings = _run_settings(
        pipeline,
        config or ReplaceConfig(),
        key,
        input_format=input_format,
        output_format=output_format,
        manifest=manifest,
        follow_links=follow_links,
        pseudonymize_ids=pseudonymize_ids,
    )
    if resume and (out / RUN_DIR).exists():
        check_resume(out / RUN_DIR, settings)  # before anything of the old run is touched
    groups = load_manifest(manifest) if manifest else {}
    started = time.perf_counter()  # the two-pass first pass counts in the run's time
    detect = CorpusDetector(
        resolve_pipeline(pipeline), source, input_format, groups, follow_links, jobs
    )
    config = in_language(config or ReplaceConfig(), detect.pipeline)
    run = _Run(
        out, output_format, key, Replacer(config, key), detect,
        _start_run(out, settings, output_format, resume),
        DeidSummary(ids_pseudonymized=pseudonymize_ids), pseudonymize_ids, on_document,
    )  # fmt: skip
    run.write_all(source, input_format, follow_links)
    return _close_run(
        run.summary,
        out,
        started,
        run.replacer,
        id_map if pseudonymize_ids else None,
        run.pseudonyms,
    )


@dataclass
class _Run:
    """One ``deid_corpus`` run: what it writes with, and what it has written so far."""

    out: Path
    output_format: str
    key: SecretKey
    replacer: Replacer
    detect: CorpusDetector
    kept: dict[str, str]  # annotation records of notes an interrupted run finished
    summary: DeidSummary
    pseudonymize_ids: bool
    on_document: Callable[[Document], None] | None
    names: _OutputNames = field(default_factory=_OutputNames)
    pseudonyms: dict[str, str] = field(default_factory=dict)

    def write_all(self, source: Path, input_format: str | None, follow_links: bool) -> None:
        """Every note under ``source``, then ``annotations.jsonl`` (and ``notes.jsonl``)
        moved into place."""
        partial = self.out / f"{ANNOTATIONS_FILE}.partial"
        notes_tmp = self.out / RUN_DIR / "notes.jsonl.partial"
        jsonl = self.output_format == "jsonl"
        summary = self.summary
        with (
            open_private(partial) as annotations,
            open_private(notes_tmp) if jsonl else contextlib.nullcontext() as notes,
        ):
            for line in self.kept.values():
                annotations.write(line + "\n")
            docs = read_corpus(
                source, input_format, summary.errors.append, summary.skip, follow_links
            )
            for doc, detected in self.detect.stream(docs):
                self.note(doc, detected, annotations, notes)
        if jsonl:
            notes_tmp.replace(self.out / "notes.jsonl")
        partial.replace(self.out / ANNOTATIONS_FILE)

    def note(
        self,
        doc: Document,
        detected: Document | Exception,
        annotations: IO[str],
        notes: IO[str] | None,
    ) -> None:
        """Replace and write one detected note (or count it as resumed); a failure is
        recorded in the summary and the run goes on."""
        out_id = document_pseudonym(self.key, doc.doc_id) if self.pseudonymize_ids else doc.doc_id
        self.pseudonyms[doc.doc_id] = out_id
        if out_id in self.kept:
            self.summary.resumed += 1
        else:
            try:
                if self.output_format != "jsonl":
                    self.names.claim(out_id)
                if isinstance(detected, Exception):
                    raise detected
                doc = detected
                record = _write_note(
                    doc, out_id, self.replacer, self.key, self.out, self.output_format, notes
                )
            except PhiscrubError as exc:
                self.summary.errors.append(exc)
                return
            annotations.write(record + "\n")
            annotations.flush()
            self.summary.count(doc, doc.spans)
        if self.on_document:
            self.on_document(doc)


def _close_run(
    summary: DeidSummary,
    out: Path,
    started: float,
    replacer: Replacer,
    id_map: Path | None,
    pseudonyms: dict[str, str],
) -> DeidSummary:
    """Write the id map (with pseudonymized ids), count unreadable dates, finish the summary."""
    if id_map is not None:
        write_id_map(id_map, pseudonyms)
        summary.id_map = id_map
    if replacer.surrogates is not None:
        summary.unparsed_dates = replacer.surrogates.unparsed_dates
    return _finished(summary, out, started)


def _start_run(
    out: Path, settings: dict[str, Any], output_format: str, resume: bool
) -> dict[str, str]:
    """Record the run's settings in ``out``; with ``resume``, the annotation records of the
    notes the interrupted run finished."""
    (out / RUN_DIR).mkdir(parents=True, exist_ok=True)
    write_run(out / RUN_DIR, settings)
    return _resumable(out, output_format) if resume else {}


def _write_note(
    doc: Document,
    out_id: str,
    replacer: Replacer,
    key: SecretKey,
    out: Path,
    output_format: str,
    notes: IO[str] | None,
) -> str:
    """Replace the PHI of a detected note, write it (one file, or a line of ``notes``) and
    return its annotation record."""
    result, clean = replace_note(doc, replacer, key, out_id)
    if notes is not None:
        notes.write(dumps_jsonl_line(clean))
    else:
        write_document(clean, out, output_format)
    return _annotation_record(out_id, result, clean.spans)


ANNOTATION_FORMATS = ("i2b2", "brat", "jsonl")


def detect_corpus(
    source: Path,
    out: Path,
    *,
    pipeline: str | Path | Pipeline = DEFAULT_PIPELINE,
    input_format: str | None = None,
    output_format: str = "i2b2",
    manifest: Path | None = None,
    on_document: Callable[[Document], None] | None = None,
    follow_links: bool = False,
    jobs: int = 1,
) -> DeidSummary:
    """Write every document under ``source`` into ``out`` with its text unchanged and the
    pipeline's spans as annotations (one file per note, or ``notes.jsonl``). Input handling,
    patient grouping, jobs and error behaviour are those of :func:`deid_corpus`."""
    if output_format not in ANNOTATION_FORMATS:
        raise ConfigError(
            f"unknown annotation format {output_format!r}; expected {ANNOTATION_FORMATS}"
        )
    check_output(source, out, "choose a new output directory")
    groups = load_manifest(manifest) if manifest else {}
    started = time.perf_counter()  # the two-pass first pass counts in the run's time
    detect = CorpusDetector(
        resolve_pipeline(pipeline), source, input_format, groups, follow_links, jobs
    )
    (out / RUN_DIR).mkdir(parents=True, exist_ok=True)
    summary = DeidSummary()
    names = _OutputNames()
    notes_tmp = out / RUN_DIR / "notes.jsonl.partial"
    with open_private(notes_tmp) if output_format == "jsonl" else contextlib.nullcontext() as notes:
        docs = read_corpus(source, input_format, summary.errors.append, summary.skip, follow_links)
        for doc, annotated in detect.stream(docs):
            try:
                if output_format != "jsonl":
                    names.claim(doc.doc_id)
                if isinstance(annotated, Exception):
                    raise annotated
                if output_format == "jsonl":
                    notes.write(dumps_jsonl_line(annotated))
                else:
                    write_document(annotated, out, output_format)
            except PhiscrubError as exc:
                summary.errors.append(exc)
                continue
            summary.count(doc, annotated.spans)
            if on_document:
                on_document(doc)
    if output_format == "jsonl":
        notes_tmp.replace(out / "notes.jsonl")
    return _finished(summary, out, started)


def count_documents(
    source: Path, input_format: str | None, follow_links: bool = False
) -> int | None:
    """How many files a corpus directory holds (for a progress bar); None for one file."""
    if source.is_file():
        return None
    return len(corpus_files(source, read_format(source, input_format), None, follow_links))


def iter_notes(out: Path) -> Iterator[Document]:
    """The de-identified notes of a finished run, whatever its output format."""
    notes = out / "notes.jsonl"
    yield from read_corpus(notes if notes.exists() else out)


__all__ = [
    "ANNOTATIONS_FILE",
    "DEFAULT_PIPELINE",
    "OUTPUT_FORMATS",
    "PIPELINES",
    "SUMMARY_FILE",
    "DeidSummary",
    "count_documents",
    "deid_corpus",
    "detect_corpus",
    "iter_notes",
]
