"""The dictionary detector: names, places and professions from gazetteers and context."""

from __future__ import annotations

from phiscrub.detect.base import TextMemo
from phiscrub.detect.dictionary.gazetteers import gazetteers
from phiscrub.detect.dictionary.names import find_names
from phiscrub.detect.dictionary.places import find_care_sites, find_places, find_professions
from phiscrub.detect.dictionary.tables import table_hits
from phiscrub.document import Document, Span, dedupe_spans
from phiscrub.text.frequency import load_frequencies
from phiscrub.text.tokenize import tokenize

_FOUND = TextMemo()  # language and text -> hits, whatever the detector's name and labels


class DictionaryDetector:
    """Finds PATIENT, DOCTOR, CITY, STATE, COUNTRY and PROFESSION spans.

    Args:
        language: Which gazetteers to use (``en`` or ``es``); loaded on first use.
        name: The detector's name, the prefix of its spans' ``source``.
        labels: Only emit these labels (all when None).
    """

    def __init__(
        self, language: str = "en", name: str = "dictionary", labels: list[str] | None = None
    ) -> None:
        self.language = language
        self.name = name
        self.labels = frozenset(labels) if labels else None

    def detect(self, doc: Document) -> list[Span]:
        hits = _FOUND.get(self.language, doc.text, lambda: self._hits(doc.text))
        return dedupe_spans(
            [
                Span(h.start, h.end, h.label, h.score, f"{self.name}:{h.rule}")
                for h in hits
                if h.end > h.start and (self.labels is None or h.label in self.labels)
            ]
        )

    def _hits(self, text: str) -> tuple:
        gaz = gazetteers(self.language)
        load_frequencies("en")  # the lone-name rules weigh words by their English frequency
        tokens = tokenize(text)  # shared by the place and profession gazetteers
        return (
            *find_names(text, gaz),
            *find_places(text, tokens, self.language),
            *find_care_sites(text, self.language),
            *find_professions(text, tokens, self.language),
            *table_hits(text, gaz),
        )
