"""The service's request and response bodies (pydantic; they make ``/openapi.json``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Operator = Literal["redact", "tag", "surrogate", "keep"]


class Note(BaseModel):
    """One note of a batch."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=200, description="The note's id, echoed back.")
    text: str
    patient_id: str | None = Field(
        default=None, description="Notes of one patient get one set of surrogates."
    )
    note_date: str | None = Field(default=None, description="ISO date of the note.")


class Request(BaseModel):
    """One note (``text``) or a batch (``documents``), and how to replace PHI."""

    model_config = ConfigDict(extra="forbid")

    text: str | None = None
    patient_id: str | None = None
    note_date: str | None = None
    documents: list[Note] | None = Field(default=None, max_length=1000)
    replace: Operator = Field(default="surrogate", description="Operator for every label.")
    operators: dict[str, Operator] = Field(
        default_factory=dict, description="Per-label operators, as {'DATE': 'tag'}."
    )

    @model_validator(mode="after")
    def _one_way(self) -> Request:
        if (self.text is None) == (self.documents is None):
            raise ValueError("give either 'text' or 'documents'")
        if self.documents is not None:
            ids = [note.id for note in self.documents]
            if len(set(ids)) != len(ids):
                raise ValueError("'documents' ids must be unique")
        return self

    def notes(self) -> list[Note]:
        if self.documents is not None:
            return self.documents
        assert self.text is not None  # checked by the validator
        return [
            Note(id="note", text=self.text, patient_id=self.patient_id, note_date=self.note_date)
        ]


class SpanOut(BaseModel):
    start: int
    end: int
    label: str
    score: float
    source: str


class Replaced(SpanOut):
    """Where a replacement sits in the new text, and what it replaced in the original."""

    operator: str
    original_start: int
    original_end: int


class Detected(BaseModel):
    id: str
    spans: list[SpanOut]


class Deidentified(BaseModel):
    id: str
    text: str
    spans: list[Replaced]


class DetectResponse(BaseModel):
    documents: list[Detected]


class DeidentifyResponse(BaseModel):
    documents: list[Deidentified]


class Health(BaseModel):
    pipeline: str
    version: str
    ready: bool
