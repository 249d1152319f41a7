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

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel

from phiscrub.document import Document, SpanCover
from phiscrub.errors import PhiscrubError
from phiscrub.provenance import RECORDED
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
        inside = SpanCover(doc.spans)
        for start, end, text in _doc_tokens(doc):
            key = text.casefold()
            words.add(key)
            if not inside.touches(start, end):
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


_SHAPE_FEATURES = re.compile(r"^(?:sh|csh|p4|csh\[-?1\])=")
"""CRF features whose values are shapes (``Xxxd``, ``1100``): patterns of character classes,
not words, though a shape can spell one ("xxx")."""


def _safetensors_metadata(data: bytes) -> str | None:
    """The free-text metadata of a safetensors file, or None when ``data`` is not one. Its
    tensor names, types and shapes come from the code, and the rest of the file is numbers."""
    if len(data) < 8:
        return None
    size = int.from_bytes(data[:8], "little")
    if not 2 <= size <= len(data) - 8:
        return None
    try:
        header = json.loads(data[8 : 8 + size].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return json.dumps(header.get("__metadata__", {}) if isinstance(header, dict) else {})


def _crfsuite_strings(path: Path) -> list[str] | None:
    """A CRFsuite model's labels and attribute strings (shape values left out), or None when
    it cannot be opened as one. Its other bytes are weights and indexes, not text."""
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    try:
        tagger.open(str(path))
        info = tagger.info()
    except (OSError, ValueError):
        return None
    finally:
        tagger.close()
    attributes = {attribute for attribute, _label in info.state_features}
    labels = set(info.labels)
    return sorted(labels) + [a for a in sorted(attributes) if not _SHAPE_FEATURES.match(a)]


def _strings(path: Path) -> Iterator[str]:
    """The text of a model file: a UTF-8 file whole; a safetensors file's header and a CRFsuite
    model's labels and attributes (their numbers are not text, and random bytes spell short
    words by chance); any other file's printable runs (as ``strings``)."""
    data = path.read_bytes()
    if path.suffix == ".safetensors" and (metadata := _safetensors_metadata(data)) is not None:
        yield metadata
        return
    if path.suffix == ".crfsuite" and (strings := _crfsuite_strings(path)) is not None:
        yield from strings
        return
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
    "versions true false null fallback scale mean params support vectors dual coef intercept "
    "gamma threshold classifier members by score label"
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
    the model and pipeline recipes, manifest keys, the CRF's feature names and section
    names, and the names of the packages whose versions a model records. The audit does not
    count them."""
    from phiscrub.detect.crf.config import CRFConfig
    from phiscrub.detect.crf.features import FEATURE_WORDS
    from phiscrub.detect.neural.config import NeuralConfig
    from phiscrub.merge.candidates import AGREEMENT
    from phiscrub.pipeline import PipelineConfig
    from phiscrub.taxonomy import KNOWN_MAPPINGS, label_mapping, phi_types
    from phiscrub.text.sections import known_headers

    words: set[str] = set(_MANIFEST_KEYS.split()) | FEATURE_WORDS
    # the packages whose versions a model records ("torch": "2.13.0+cpu")
    words.update(_RUN.findall(" ".join([*RECORDED, "torch", "cpu"]).casefold()))
    for header in [*known_headers(), *AGREEMENT]:
        words.update(_RUN.findall(header.casefold()))
    names = [*phi_types(), *(t.category for t in phi_types().values())]
    for mapping in KNOWN_MAPPINGS:
        names += list(label_mapping(mapping).labels)
    for name in names:
        words.update(_RUN.findall(name.casefold()))
    for model in (CRFConfig, NeuralConfig, PipelineConfig, _encoder_manifest()):
        if model is not None:
            _words_of_model(model, words)
    return frozenset(words)


def _encoder_manifest() -> type[BaseModel] | None:
    try:
        from phiscrub.detect.encoder.model_dir import EncoderManifest
    except ImportError:  # the encoder extra is not installed
        return None
    return EncoderManifest


def _public_base_file(path: Path) -> bool:
    """Is ``path`` an encoder model's tokenizer, byte for byte the installed base model's?
    Its vocabulary is the pretrained model's (public), not the training notes'."""
    if path.name != "tokenizer.json" or not (path.parent / "encoder.json").is_file():
        return False
    try:
        from phiscrub.detect.encoder.model_dir import base_directory

        return (base_directory() / path.name).read_bytes() == path.read_bytes()
    except (ImportError, OSError, PhiscrubError):
        return False


def _own_names(model: Path) -> set[str]:
    """Words of the names a pipeline gives itself and its detectors (``bilstm-fea``): chosen
    by whoever wrote its recipe, not taken from the training notes."""
    names: set[str] = set()
    configs = [model] if model.is_file() else list(model.rglob("pipeline.json"))
    for path in configs:
        try:
            config = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            continue
        if not isinstance(config, dict):
            continue
        values = [config.get("name"), *(d.get("name") for d in config.get("detector", []))]
        for value in values:
            if isinstance(value, str):
                names.update(_RUN.findall(value.casefold()))
    return names


def audit(model: Path, docs: Iterable[Document], min_outside: int = MIN_OUTSIDE) -> AuditResult:
    """Count the withheld words of ``docs`` (the training corpus) in the files of ``model``.

    A word counts when it stands whole in a file's text (an alphanumeric run, case-folded);
    words with no letter, words under ``AUDIT_MIN_LENGTH`` characters and
    :func:`schema_words` are not looked for. An encoder's ``tokenizer.json`` that is the
    installed base model's own is public vocabulary and not read.
    """
    counted = census(docs, min_outside)
    wanted = {
        w for w in counted.withheld if len(w) >= AUDIT_MIN_LENGTH and any(c.isalpha() for c in w)
    } - schema_words()
    wanted -= _own_names(model)
    files = [model] if model.is_file() else sorted(p for p in model.rglob("*") if p.is_file())
    per_file: dict[str, int] = {}
    everything: set[str] = set()
    for path in files:
        hits = set() if _public_base_file(path) else words_in_file(path) & wanted
        per_file[str(path.relative_to(model)) if path != model else path.name] = len(hits)
        everything |= hits
    return AuditResult(per_file, len(wanted), len(everything))
