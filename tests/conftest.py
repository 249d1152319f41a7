"""Shared fixtures: small hand-built documents, and the MEDDOCAN corpus when it is present."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from phiscrub.document import Document, Span

# CI runs the same examples every time (a red build must be reproducible); set
# HYPOTHESIS_PROFILE=explore to search fresh random examples, many more of them.
settings.register_profile("deterministic", derandomize=True, print_blob=True)
settings.register_profile("explore", max_examples=2000, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))

MEDDOCAN = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "meddocan"


def span_of(text: str, surface: str, label: str, occurrence: int = 0, **kwargs) -> Span:
    """The span of the n-th occurrence of ``surface`` in ``text``."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(surface, start + 1)
    return Span(start, start + len(surface), label, **kwargs)


@pytest.fixture
def meddocan() -> Path:
    if not (MEDDOCAN / "train").is_dir():
        pytest.skip("MEDDOCAN corpus not available at ../shared/corpora/meddocan")
    return MEDDOCAN


@pytest.fixture
def note() -> Document:
    text = "Pt John Smith seen 3/4/2019 by Dr Ann Lee at Mercy Hospital, Boston MA 02115."
    return Document(
        "n1",
        text,
        (
            span_of(text, "John Smith", "PATIENT"),
            span_of(text, "3/4/2019", "DATE"),
            span_of(text, "Ann Lee", "DOCTOR"),
        ),
        {"patient_id": "p1"},
    )
