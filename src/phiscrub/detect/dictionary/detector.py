"""The dictionary detector: names, places and professions from gazetteers and context."""

from __future__ import annotations

from phiscrub.detect.base import TextMemo
from phiscrub.detect.dictionary.ages import named_ages
from phiscrub.detect.dictionary.gazetteers import gazetteers
from phiscrub.detect.dictionary.name_words import Occupied
from phiscrub.detect.dictionary.names import context_names, find_names
from phiscrub.detect.dictionary.places import find_care_sites, find_places, find_professions
from phiscrub.detect.dictionary.tables import table_hits
from phiscrub.document import Document, Span, dedupe_spans
from phiscrub.text.casing import in_lower_case, title_cased
from phiscrub.text.frequency import load_frequencies
from phiscrub.text.tokenize import tokenize

_TWIN_RULES = frozenset(
    {
        *("field_patient", "field_doctor", "contact", "discussed_with", "relative"),
        "full_name_asked_colon",
    }
)
"""The context rules read in a lower-case note's twin: cues that are fields, contacts and
relations; not titles ("miss will" is no "Miss Will") nor lone words."""


def _lower_case_twin(text: str) -> str | None:
    """The title-cased twin of a note all in lower case (at most 2% of its letters capitals;
    ``title_cased``), else None: a note in capitals has its names in capitals, which the name
    rules read as they stand."""
    return title_cased(text) if in_lower_case(text) else None


_FOUND = TextMemo()  # language and text -> hits, whatever the detector's name and labels


class DictionaryDetector:
    """Finds PATIENT, DOCTOR, CITY, STATE, COUNTRY and PROFESSION spans, and the AGE told of
    someone named by a first name (:mod:`~phiscrub.detect.dictionary.ages`).

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
        hits = (
            *find_names(text, gaz),
            *find_places(text, tokens, self.language),
            *find_care_sites(text, self.language),
            *find_professions(text, tokens, self.language),
            *table_hits(text, gaz),
            *named_ages(text, gaz),
        )
        twin = _lower_case_twin(text) if self.language == "en" else None
        if twin is None:
            return hits
        # a note all in lower case: names after their cues, read in its title-cased twin
        # ("emergency contact: hall rogman"), where no name stands yet
        taken = Occupied([(h.start, h.end) for h in hits if h.label in ("PATIENT", "DOCTOR")])
        cued = [
            h
            for h in context_names(twin, gaz)
            if h.rule in _TWIN_RULES and not taken.overlaps(h.start, h.end)
        ]
        return (*hits, *cued)
