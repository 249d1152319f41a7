"""Synthetic annotated clinical notes: patients with several notes of twelve kinds.

``synthesize(notes=1000, seed=7)`` yields :class:`SynthNote` objects, patient by patient, each
with its gold spans and the sentence shapes it was built from. The same seed gives the same
notes. Document ids follow the i2b2 naming, ``PATIENT-NOTE`` ("012-03").
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from phiscrub.document import Document
from phiscrub.errors import ConfigError
from phiscrub.replace.packs import language_pack
from phiscrub.stats import CorpusStats
from phiscrub.synth import notes_hospital as hospital
from phiscrub.synth import notes_reports as reports
from phiscrub.synth.builder import NoteBuilder
from phiscrub.synth.context import NoteContext
from phiscrub.synth.world import WorldMaker

NOTE_TYPES: dict[str, Callable[[NoteBuilder], None]] = {
    "discharge_summary": hospital.discharge_summary,
    "history_and_physical": hospital.history_and_physical,
    "soap_progress_note": hospital.soap_note,
    "psychiatric_intake": reports.psychiatric_intake,
    "radiology_report": reports.radiology_report,
    "pathology_report": reports.pathology_report,
    "ed_note": hospital.ed_note,
    "operative_note": hospital.operative_note,
    "consult_letter": reports.consult_letter,
    "nursing_note": hospital.nursing_note,
    "lab_printout": reports.lab_printout,
    "telephone_encounter": reports.telephone_encounter,
}
LANGUAGES = ("en",)
_FIRST_DAY = date(2008, 1, 1)
_SPAN_DAYS = 16 * 365


@dataclass(frozen=True)
class SynthNote:
    document: Document
    note_type: str
    shapes: tuple[str, ...]


def synthesize(
    notes: int, seed: int, language: str = "en", types: Iterable[str] | None = None
) -> Iterator[SynthNote]:
    """Yield ``notes`` synthetic notes, one to six per patient, reproducibly from ``seed``.

    Args:
        notes: How many notes to make.
        seed: The random seed; the same seed (and version) gives the same notes.
        language: ``en`` (the only generator so far).
        types: Restrict to these note types (default: all of :data:`NOTE_TYPES`).
    """
    if language not in LANGUAGES:
        raise ConfigError(
            f"no synthetic note generator for language {language!r} yet; available: "
            f"{', '.join(LANGUAGES)}"
        )
    kinds = list(types) if types is not None else list(NOTE_TYPES)
    unknown = [k for k in kinds if k not in NOTE_TYPES]
    if unknown or not kinds:
        raise ConfigError(f"unknown note types {unknown}; expected some of {list(NOTE_TYPES)}")
    if notes < 0:
        raise ConfigError("the number of notes cannot be negative")
    rng = random.Random(seed)
    pack = language_pack(language)
    world = WorldMaker(pack, rng)
    width = max(3, len(str(notes)))
    made = 0
    index = 0
    while made < notes:
        index += 1
        count = min(notes - made, rng.choices((1, 2, 3, 4, 5, 6), (3, 4, 4, 3, 2, 1))[0])
        first = _FIRST_DAY + timedelta(days=rng.randrange(_SPAN_DAYS))
        patient = world.patient(first, count)
        for number, visit in enumerate(patient.visits, start=1):
            kind = rng.choice(kinds)
            context = NoteContext(patient, visit, rng, pack)
            builder = NoteBuilder(rng, context, glue_rate=0.03)
            NOTE_TYPES[kind](builder)
            doc_id = f"{index:0{width}d}-{number:02d}"
            metadata = {
                "patient_id": f"{index:0{width}d}",
                "note_date": visit.isoformat(),
                "note_type": kind,
            }
            yield SynthNote(builder.build(doc_id, metadata), kind, tuple(builder.shapes))
            made += 1


@dataclass
class SynthStats:
    """What a synthetic corpus holds, filled note by note."""

    corpus: CorpusStats = field(default_factory=CorpusStats)
    patients: set[str] = field(default_factory=set)
    note_types: Counter[str] = field(default_factory=Counter)
    sentences: int = 0
    shapes: set[str] = field(default_factory=set)
    seconds: float = 0.0

    def add(self, note: SynthNote) -> None:
        self.corpus.add(note.document)
        self.patients.add(note.document.patient_id)
        self.note_types[note.note_type] += 1
        self.sentences += len(note.shapes)
        self.shapes.update(note.shapes)

    def as_dict(self) -> dict[str, Any]:
        corpus = self.corpus.as_dict()
        return {
            "notes": corpus.pop("documents"),
            "patients": len(self.patients),
            "note_types": dict(sorted(self.note_types.items())),
            "sentences": self.sentences,
            "distinct_sentence_shapes": len(self.shapes),
            **corpus,
            "seconds": round(self.seconds, 3),
            "notes_per_second": (
                round(self.corpus.documents / self.seconds, 1) if self.seconds else None
            ),
        }


def tracked(notes: Iterable[SynthNote], stats: SynthStats) -> Iterator[Document]:
    """The documents of ``notes``, adding each to ``stats`` and timing the generation."""
    iterator = iter(notes)
    while True:
        started = time.perf_counter()
        try:
            note = next(iterator)
        except StopIteration:
            return
        stats.seconds += time.perf_counter() - started
        stats.add(note)
        yield note.document
