"""The two-pass patient dictionary of Dehghan et al. (2015).

Pass one runs the detectors over every note of a patient. Spans found with high confidence
(score at or above a threshold, labels from a chosen set) become dictionary entries: the whole
string, and for names each name part. Entries that are too short, common words or eponyms,
name parts that are frequent words, or entries seen under two different labels, are left
out; so is a name span with a lower-case word other than a surname's particle ("A. Uterus,
cervix", a specimen's line read as a name). Pass two matches the dictionary (longest match
over tokens, capitalised occurrences, and a person's long entries in lower case too) over all
of that patient's notes, so that "Mojisola" is found in the assessment once "Mojisola
Adeyemi" was found in the header. A hospital written once as "Longburgh Community Hospital
(LCH)" also gives the entry "LCH", where the letters abbreviate it (:func:`abbreviates`, after
Schwartz and Hearst 2003: not "PATIENT LIST EXPORT (CSV)").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import regex

from phiscrub.detect.dictionary.gazetteers import gazetteers
from phiscrub.detect.dictionary.matcher import PhraseMatcher
from phiscrub.detect.dictionary.name_words import NOT_NAME, word_set
from phiscrub.document import Document, Span
from phiscrub.text.tokenize import tokenize

NAME_LABELS = frozenset({"PATIENT", "DOCTOR"})
LOWER_NAME_LENGTH = 5
"""The fewest letters of a person's entry matched in lower case ("hargreave", not "mae")."""
_PART = regex.compile(r"[^\W\d_][\w'’-]*")
_DIGIT = regex.compile(r"\d")
_ABBREVIATION = regex.compile(r"[ ]?\((?P<a>\p{Lu}{2,6})\)")
_WORD = regex.compile(r"[^\W\d_]+")
# lower-case words a surname may hold ("van der Berg", "de la Cruz", "bin Rashid")
_PARTICLES = word_set("de del della der den la le du da di dos das van von ten ter bin ibn al el")


def abbreviates(short: str, long: str) -> bool:
    """``short``'s letters are ``long``'s, in order, the first opening ``long``'s first word
    (Schwartz and Hearst's test of an abbreviation and its long form, simplified):
    "MGH" and "Massachusetts General Hospital", not "CSV" and "Patient List Export"."""
    first = _WORD.search(long)
    if not short or first is None or first.group()[0].lower() != short[0].lower():
        return False
    rest = iter(long[first.start() + 1 :].lower())  # "in" on an iterator moves it on
    return all(letter in rest for letter in short[1:].lower())


def _name_shaped(text: str) -> bool:
    """No lower-case word but a particle: "Mojisola Adeyemi", "de la Cruz, Ana", not "A.
    Uterus, cervix"."""
    return not any(w[0].islower() and w not in _PARTICLES for w in _WORD.findall(text))


@dataclass
class PatientDictionary:
    """Strings found with confidence in one patient's notes, each with its label."""

    entries: dict[str, str] = field(default_factory=dict)
    ambiguous: set[str] = field(default_factory=set)
    _matcher: PhraseMatcher | None = field(default=None, repr=False, compare=False)

    def add(self, phrase: str, label: str) -> None:
        self._matcher = None
        key = phrase.strip().lower()
        if not key or key in self.ambiguous:
            return
        if self.entries.get(key, label) != label:
            self.ambiguous.add(key)
            del self.entries[key]
            return
        self.entries[key] = label

    def matcher(self) -> PhraseMatcher:
        if self._matcher is None:
            self._matcher = PhraseMatcher(self.entries.items())
        return self._matcher

    def find(self, doc: Document, source: str = "two-pass", score: float = 0.8) -> list[Span]:
        """Capitalised occurrences of the entries in ``doc`` (longest match over tokens), and
        a person's in lower case too where it is long enough (``LOWER_NAME_LENGTH``: "lucian
        hargreave" found, "hargreave's wife" later in the note; an entry is no frequent word)."""
        if not self.entries:
            return []
        tokens = tokenize(doc.text)
        spans = []
        for hit in self.matcher().find(tokens):
            start, end = tokens[hit.first].start, tokens[hit.last].end
            surface = doc.text[start:end]
            if "\n" in surface:
                continue
            lower_name = (
                hit.value in NAME_LABELS and len(surface) >= LOWER_NAME_LENGTH and surface.islower()
            )
            if not surface[0].isupper() and not lower_name:
                continue
            spans.append(Span(start, end, hit.value, score, source))
        return spans


def _usable(part: str, language: str, min_length: int, name_part: bool = False) -> bool:
    """``part`` may be an entry: long enough, no common word or eponym; a part of a name no
    frequent word of the language either (a column's heading read into the name: "Autopsy")."""
    gaz = gazetteers(language)
    low = part.lower()
    return (
        len(part) >= min_length
        and low not in NOT_NAME
        and low not in gaz.common_words
        and not (name_part and gaz.is_common(low))
        and low not in gaz.eponyms
    )


def build_patient_dictionary(
    docs: Iterable[tuple[Document, Iterable[Span]]],
    labels: frozenset[str],
    min_score: float,
    language: str,
    min_length: int = 3,
    into: PatientDictionary | None = None,
) -> PatientDictionary:
    """The dictionary of one patient from pass-one spans of each of their notes (added to
    ``into`` when given)."""
    dictionary = into if into is not None else PatientDictionary()
    for doc, spans in docs:
        for span in spans:
            if span.label not in labels:
                continue
            text = doc.span_text(span)
            abbreviation = _ABBREVIATION.match(doc.text, span.end)
            if (
                abbreviation
                and span.label in ("HOSPITAL", "ORGANIZATION")
                and abbreviates(abbreviation.group("a"), text)
            ):
                dictionary.add(abbreviation.group("a"), span.label)
            if span.score < min_score:
                continue
            named = span.label in NAME_LABELS
            if named and not _name_shaped(text):
                continue
            if _usable(text, language, min_length) and not (named and _DIGIT.search(text)):
                dictionary.add(text, span.label)  # no name holds a digit: "Obi 930" of a list
            if span.label in NAME_LABELS:
                for part in _PART.findall(text):
                    if _DIGIT.search(part):  # no part holding a digit: "HG1" of "HG1 2QT"
                        continue
                    if _usable(part, language, min_length, name_part=True):
                        dictionary.add(part, span.label)
    return dictionary
