"""The PHI taxonomy (i2b2 2014 types, categories, HIPAA flags) and label mappings, as data.

The types live in ``resources/taxonomy/i2b2_2014.json``; every other labelling scheme maps onto
them through a mapping table (``resources/taxonomy/<scheme>.json``), never through ``if`` chains.
A model's own label set is whatever its training corpus uses; the taxonomy is only consulted
to roll labels up to categories or to the HIPAA subset.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError

HipaaFlag = bool | Literal["over_89"]

_RESOURCE_DIR = "resources/taxonomy"
_BASE_TAXONOMY = "i2b2_2014"


@dataclass(frozen=True, slots=True)
class PhiType:
    """One i2b2 2014 PHI type.

    Attributes:
        name: The type (``PATIENT``, ``DATE``, ...).
        category: Its category (``NAME``, ``DATE``, ...), which is also the i2b2 XML element.
        hipaa: True when the type is HIPAA PHI, or ``"over_89"`` for ages, which are HIPAA PHI
            only above 89 years.
    """

    name: str
    category: str
    hipaa: HipaaFlag


@dataclass(frozen=True, slots=True)
class LabelMapping:
    """A labelling scheme mapped onto the i2b2 2014 types.

    Attributes:
        name: Scheme name (``meddocan``).
        labels: Scheme label -> i2b2 2014 type name.
        in_corpus: The labels that occur in the scheme's released corpus (as opposed to labels
            defined only by its guidelines).
    """

    name: str
    labels: dict[str, str]
    in_corpus: frozenset[str]

    def map_label(self, label: str) -> str:
        """The i2b2 2014 type for a scheme label; unknown labels raise ConfigError."""
        try:
            return self.labels[label]
        except KeyError:
            raise ConfigError(f"label {label!r} is not in the {self.name} mapping") from None

    def map_document(self, doc: Document) -> Document:
        """The document with every span relabelled to its i2b2 2014 type."""
        return doc.with_spans(span.with_label(self.map_label(span.label)) for span in doc.spans)


def _load_json(name: str) -> dict:
    path = resources.files("phiscrub").joinpath(f"{_RESOURCE_DIR}/{name}.json")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"no taxonomy resource named {name!r}") from None


@cache
def phi_types() -> dict[str, PhiType]:
    """All i2b2 2014 types by name, in taxonomy order."""
    data = _load_json(_BASE_TAXONOMY)
    return {
        entry["type"]: PhiType(entry["type"], entry["category"], entry["hipaa"])
        for entry in data["types"]
    }


def types_in(category: str) -> tuple[str, ...]:
    """The types of one category in taxonomy order (``ID``: ``SSN``, ``MEDICALRECORD``, ...)."""
    found = tuple(name for name, t in phi_types().items() if t.category == category)
    if not found:
        raise ConfigError(f"no PHI category {category!r}; categories are {categories()}")
    return found


def categories() -> list[str]:
    """Category names in taxonomy order."""
    seen: dict[str, None] = {}
    for phi_type in phi_types().values():
        seen.setdefault(phi_type.category)
    return list(seen)


@cache
def label_mapping(name: str) -> LabelMapping:
    """Load a scheme's mapping table (``meddocan``) and check it against the taxonomy."""
    data = _load_json(name)
    types = phi_types()
    labels: dict[str, str] = {}
    in_corpus: set[str] = set()
    for label, entry in data["labels"].items():
        if entry["type"] not in types:
            raise ConfigError(f"mapping {name}: {label} maps to unknown type {entry['type']!r}")
        labels[label] = entry["type"]
        if entry.get("in_corpus"):
            in_corpus.add(label)
    return LabelMapping(name, labels, frozenset(in_corpus))


KNOWN_MAPPINGS = ("meddocan",)

SEX_LABELS = frozenset({"SEXO_SUJETO_ASISTENCIA", "SEX", "GENDER"})
"""Labels of a stated sex (i2b2 2014 has none; MEDDOCAN has one): surrogates are a sex word."""


@cache
def resolve(label: str) -> PhiType | None:
    """The i2b2 2014 type of a label from any known scheme, or None when unknown.

    i2b2 type names match case-insensitively (the official scorer upper-cases them); labels of
    mapped schemes match exactly.
    """
    types = phi_types()
    found = types.get(label.upper())
    if found is not None:
        return found
    for name in KNOWN_MAPPINGS:
        target = label_mapping(name).labels.get(label)
        if target is not None:
            return types[target]
    return None


def category_of(label: str) -> str | None:
    """The i2b2 category of a label from any known scheme, or None when unknown."""
    phi_type = resolve(label)
    return phi_type.category if phi_type else None


_NUMBER = re.compile(r"\d+")
_WORDS_OVER_89 = re.compile(r"\b(ninety|hundred|noventa|cien|ciento)", re.IGNORECASE)


def age_over_89(text: str) -> bool:
    """True when an age mention states more than 89 years ("92", "92-year-old", "91 años",
    "ninety-one", "noventa y dos").  The first number in the text is taken as the age."""
    match = _NUMBER.search(text)
    if match:
        return int(match.group()) > 89
    return _WORDS_OVER_89.search(text) is not None


def is_hipaa(label: str, text: str = "") -> bool:
    """Whether a span with this label (and, for ages, this text) is HIPAA PHI."""
    phi_type = resolve(label)
    if phi_type is None:
        return False
    if phi_type.hipaa == "over_89":
        return age_over_89(text)
    return bool(phi_type.hipaa)


def span_is_hipaa(doc: Document, span: Span) -> bool:
    return is_hipaa(span.label, doc.span_text(span))
