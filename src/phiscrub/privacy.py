"""Private training: which training words a model may hold, and an audit of model files.

A model trained on real notes holds their words (a CRF's word, affix and n-gram features, a
neural tagger's vocabulary, a cluster table), and so can hold PHI. Private training lets a word
into a model only when it is *public*: seen at least ``MIN_OUTSIDE`` times in the training notes
outside every gold PHI span. Every other word of the training notes is *withheld*: it reaches no
vocabulary, word, affix, n-gram or cluster feature, and is read as an unknown word (its shape,
cluster of an outside embedding, ``<unk>``) instead.

Words are compared case-folded. Tokens come from both of the tokenizer's modes (with and without
cuts at case changes), so that "DRAlberto" and "Alberto" are both counted.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel

from phiscrub.document import Document
from phiscrub.text.tokenize import tokenize

MIN_OUTSIDE = 5
"""How many times outside gold PHI a word must occur in the training notes to be public."""

AUDIT_MIN_LENGTH = 3
"""Withheld words shorter than this are not looked for by the audit: one- and two-character
strings turn up in any binary file by chance."""

PRIVACY_OFF_WARNING = (
    "private training is off: the model holds words of the training notes (names, places, "
    "numbers); a model trained on real notes this way is PHI and must be kept like them"
)

_RUN = re.compile(r"[^\W_]+")
_PRINTABLE = re.compile(rb"[\x20-\x7e\x80-\xff]{4,}")


@dataclass(frozen=True)
class TokenCensus:
    """The public and withheld words of a training corpus (case-folded)."""

    public: frozenset[str]
    withheld: frozenset[str]
    min_outside: int = MIN_OUTSIDE

    def is_public(self, word: str) -> bool:
        return word.casefold() in self.public

    def is_withheld(self, word: str) -> bool:
        return word.casefold() in self.withheld


def _doc_tokens(doc: Document) -> Iterator[tuple[int, int, str]]:
    seen: set[tuple[int, int]] = set()
    for split_case in (False, True):
        for token in tokenize(doc.text, split_case=split_case):
            if (token.start, token.end) not in seen:
                seen.add((token.start, token.end))
                yield token.start, token.end, token.text


def census(docs: Iterable[Document], min_outside: int = MIN_OUTSIDE) -> TokenCensus:
    """Count each word inside and outside the gold spans of ``docs``. Augmented copies
    (``augmented`` in their metadata) are skipped: a copy is not a second sighting."""
    outside: Counter[str] = Counter()
    words: set[str] = set()
    for doc in docs:
        if "augmented" in doc.metadata:
            continue
        spans = sorted((s.start, s.end) for s in doc.spans)
        for start, end, text in _doc_tokens(doc):
            key = text.casefold()
            words.add(key)
            if not any(s < end and start < e for s, e in spans):
                outside[key] += 1
    public = frozenset(w for w in words if outside[w] >= min_outside)
    return TokenCensus(public, frozenset(words - public), min_outside)


# -- the audit -------------------------------------------------------------------------------


@dataclass(frozen=True)
class AuditResult:
    """How many distinct withheld words each model file holds (never which)."""

    per_file: dict[str, int]
    withheld_words: int  # withheld words of the corpus long enough to be looked for
    found: int  # distinct withheld words found in any file


def _strings(path: Path) -> Iterator[str]:
    """The text of a model file: a UTF-8 file whole, else its printable runs (as ``strings``)."""
    data = path.read_bytes()
    try:
        yield data.decode("utf-8")
        return
    except UnicodeDecodeError:
        pass
    for run in _PRINTABLE.findall(data):
        yield run.decode("utf-8", errors="replace")


def words_in_file(path: Path) -> set[str]:
    """Every alphanumeric run of a file's text, case-folded."""
    found: set[str] = set()
    for text in _strings(path):
        found.update(m.group().casefold() for m in _RUN.finditer(text))
    return found


_MANIFEST_KEYS = (
    "format version phiscrub crf neural pipeline ensemble models labels private config vocab "
    "vocabulary weights granularities ids tokens chars prefixes features tags unk pad bias "
    "versions"
)


def _words_of_type(annotation: Any, into: set[str]) -> None:
    for arg in get_args(annotation):
        if isinstance(arg, str):
            into.update(_RUN.findall(arg.casefold()))
        elif isinstance(arg, type) and issubclass(arg, BaseModel):
            _words_of_model(arg, into)
        else:
            _words_of_type(arg, into)


def _words_of_model(model: type[BaseModel], into: set[str]) -> None:
    for name, field in model.model_fields.items():
        into.update(_RUN.findall(name.casefold()))
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            _words_of_model(annotation, into)
        else:
            _words_of_type(annotation, into)


@cache
def schema_words() -> frozenset[str]:
    """Words phiscrub itself writes into model files, whatever the training notes: label,
    type and category names of the taxonomy and its mappings, setting names and values of
    the model and pipeline recipes, and manifest keys. The audit does not count them."""
    from phiscrub.detect.crf.config import CRFConfig
    from phiscrub.detect.neural.config import NeuralConfig
    from phiscrub.pipeline import PipelineConfig
    from phiscrub.taxonomy import KNOWN_MAPPINGS, label_mapping, phi_types

    words: set[str] = set(_MANIFEST_KEYS.split())
    names = [*phi_types(), *(t.category for t in phi_types().values())]
    for mapping in KNOWN_MAPPINGS:
        names += list(label_mapping(mapping).labels)
    for name in names:
        words.update(_RUN.findall(name.casefold()))
    for model in (CRFConfig, NeuralConfig, PipelineConfig):
        _words_of_model(model, words)
    return frozenset(words)


def audit(model: Path, docs: Iterable[Document], min_outside: int = MIN_OUTSIDE) -> AuditResult:
    """Count the withheld words of ``docs`` (the training corpus) in the files of ``model``.

    A word counts when it stands whole in a file's text (an alphanumeric run, case-folded);
    words with no letter, words under ``AUDIT_MIN_LENGTH`` characters and
    :func:`schema_words` are not looked for.
    """
    counted = census(docs, min_outside)
    wanted = {
        w for w in counted.withheld if len(w) >= AUDIT_MIN_LENGTH and any(c.isalpha() for c in w)
    } - schema_words()
    files = [model] if model.is_file() else sorted(p for p in model.rglob("*") if p.is_file())
    per_file: dict[str, int] = {}
    everything: set[str] = set()
    for path in files:
        hits = words_in_file(path) & wanted
        per_file[str(path.relative_to(model)) if path != model else path.name] = len(hits)
        everything |= hits
    return AuditResult(per_file, len(wanted), len(everything))
