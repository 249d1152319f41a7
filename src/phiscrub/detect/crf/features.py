"""Token features for the CRF, by family (see ``FeatureConfig``).

Features are strings (``"l[-1]=dr"``), each with weight 1, as python-crfsuite takes them. Window
features stop at the edges of the CRF's sequence (sentence, line or note), like the papers'
sentence-level CRFs. Nothing here prints or logs token text.
"""

from __future__ import annotations

import bisect
import weakref
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from phiscrub.detect.crf.clusters import ClusterTable
from phiscrub.detect.crf.config import CRFConfig
from phiscrub.detect.dictionary.detector import DictionaryDetector
from phiscrub.detect.dictionary.gazetteers import Gazetteers, gazetteers
from phiscrub.detect.rules import RuleDetector
from phiscrub.detect.rules.patterns import BUILTIN
from phiscrub.document import Document, Span
from phiscrub.text.casing import typed_in_lower_case
from phiscrub.text.frequency import zipf
from phiscrub.text.memo import TextMemo
from phiscrub.text.sections import find_lines, find_sections, known_headers
from phiscrub.text.sentences import END_MARKS, line_bounds, sentence_bounds
from phiscrub.text.tags import TokenIndex
from phiscrub.text.tokenize import Token, tokenize
from phiscrub.text.vectors import embedding_key

Bounds = list[tuple[int, int]]
_OPEN, _CLOSE = "([{", ")]}"

_SHARED = TextMemo(size=1024, max_chars=500_000)
"""Layouts, and the note-level families' features, by their settings and the text: the CRF's
and the neural tagger's feature builders share them (per token, tuples of strings)."""

_NOTE_LEVEL = ("sentence", "section", "positional", "dictionary", "rules")
_SHARERS: Counter[tuple[object, ...]] = Counter()
"""How many live feature builders make each note-level family with the same settings: a family
goes through ``_SHARED`` only where two or more do (keeping it costs a builder alone time)."""


def _bucket(value: int, edges: Sequence[int]) -> str:
    """The first edge ``value`` does not exceed, or ``>last``."""
    for edge in edges:
        if value <= edge:
            return str(edge)
    return f">{edges[-1]}"


def char_shape(word: str) -> str:
    """Per-character shape: ``X`` upper, ``x`` lower, ``d`` digit, ``S`` anything else."""
    return "".join(
        "X" if c.isupper() else "x" if c.isalpha() else "d" if c.isdigit() else "S" for c in word
    )


def collapsed_shape(word: str) -> str:
    """The per-character shape with repeats collapsed: ``Hospital`` -> ``Xx``."""
    shape = char_shape(word)
    return "".join(c for i, c in enumerate(shape) if i == 0 or c != shape[i - 1])


def presence_shape(word: str) -> str:
    """Dehghan's 4-slot shape: has upper, lower, digit, other (``"1100"`` for ``Hospital``)."""
    return "".join(
        "1" if any(test(c) for c in word) else "0"
        for test in (
            str.isupper,
            str.islower,
            str.isdigit,
            lambda c: not c.isalnum(),
        )
    )


def _case(word: str) -> str:
    if not any(c.isalpha() for c in word):
        return "none"
    if word.isupper():
        return "upper"
    if word.islower():
        return "lower"
    if word.istitle():
        return "title"
    return "mixed"


def _span_marks(tokens: Sequence[Token], spans: Sequence[Span]) -> list[list[str]]:
    """``B-LABEL``/``I-LABEL`` marks per token for each span touching it."""
    marks: list[list[str]] = [[] for _ in tokens]
    index = TokenIndex(tokens)
    for span in spans:
        first, last, _ = index.token_range(span.start, span.end)
        for i in range(first, last):
            marks[i].append(("B-" if i == first else "I-") + span.label)
    return marks


FEATURE_WORDS = frozenset(
    {
        "bias",
        "w",
        "l",
        "p",
        "s",
        "case",
        "none",
        "upper",
        "lower",
        "title",
        "mixed",
        "digit",
        "alldigit",
        "punct",
        "len",
        "sh",
        "csh",
        "slen",
        "send",
        "sbracket",
        "inbracket",
        "sfirst",
        "sec",
        "other",
        "header",
        "line",
        "lstart",
        "lend",
        "spb",
        "spa",
        "g",
        "d",
        "r",
        "c",
        "zf",
        "unk",
        "first",
        "last",
        "city",
        "state",
        "country",
        "job",
        "common",
        "eponym",
        "statecode",
        "",
    }
)
"""The words the feature builder writes into a CRF model itself (feature names and fixed
values), whatever the training notes: the privacy audit does not count them."""

_CACHE_SIZE = 20_000
"""Word forms whose features a featurizer keeps (about 2 KB each); the cache is emptied
when full, so memory stays bounded on any input."""


@dataclass(frozen=True, slots=True)
class _Word:
    """What one word form contributes, made once: its ``l`` key, the word features it gives
    the token at each window offset (``seen[d + window]``), its shape features, the shape it
    shows its neighbours, and its own affix and orthography features."""

    lowered: str
    seen: tuple[tuple[str, ...], ...]
    shape: tuple[str, str, str]
    before: str
    after: str
    local: tuple[str, ...]


@dataclass(frozen=True)
class Layout:
    """A note's tokens and the token ranges of its sentences, lines and CRF sequences."""

    tokens: list[Token]
    sentences: Bounds
    lines: Bounds
    sequences: Bounds


def _gazetteer_marks(word: str, gaz: Gazetteers) -> tuple[str, ...]:
    """The lists ``word`` is on (case-folded to lower case; state codes as written)."""
    low = word.lower()
    lists = (
        ("first", gaz.first_names),
        ("last", gaz.last_names),
        ("city", gaz.cities),
        ("state", gaz.states),
        ("country", gaz.countries),
        ("job", gaz.professions),
        ("common", gaz.common_words),
        ("eponym", gaz.eponyms),
    )
    found = [name for name, terms in lists if low in terms]
    if word in gaz.state_codes:
        found.append("statecode")
    return tuple(found)


class Featurizer:
    """Turns a document into per-token feature lists.

    Args:
        config: The CRF recipe (feature families, language, sequence unit).
        clusters: The cluster table, needed when ``config.features.clusters`` is on.
        base: Directory against which a relative ``config.patterns`` path is resolved.
        vocabulary: With private training, the public words (case-folded): any other word
            gives no word, n-gram or affix feature (it is read as ``<unk>``). None: all words.
        withheld: With private training, the withheld words of the training notes: no affix
            feature takes one of them as its value (a public word's prefix can spell one).
    """

    def __init__(
        self,
        config: CRFConfig,
        clusters: ClusterTable | None = None,
        base: Path | None = None,
        vocabulary: frozenset[str] | None = None,
        withheld: frozenset[str] = frozenset(),
    ) -> None:
        self.config = config
        self.features = config.features
        self.clusters = clusters if self.features.clusters else None
        self.base = base
        self.vocabulary = vocabulary
        self.withheld = withheld
        self._cache: dict[str, _Word] = {}
        self._marks: dict[str, tuple[str, ...]] = {}  # word form -> its gazetteer marks
        self._marked_by: Gazetteers | None = None
        shared = [self._sharing_key(f) for f in _NOTE_LEVEL if getattr(self.features, f)]
        _SHARERS.update(shared)
        weakref.finalize(self, _SHARERS.subtract, shared)

    def _known(self, word: str) -> bool:
        return self.vocabulary is None or word.casefold() in self.vocabulary

    def _patterns(self) -> str | Path:
        patterns: str | Path = self.config.patterns or self.config.language
        if self.config.patterns not in (None, *BUILTIN) and self.base is not None:
            patterns = self.base / patterns
        return patterns

    @cached_property
    def _rules(self) -> RuleDetector:
        return RuleDetector(self._patterns(), name="crf-rules")

    @cached_property
    def _dictionary(self) -> DictionaryDetector:
        return DictionaryDetector(self.config.language, name="crf-dictionary")

    def layout(self, text: str) -> Layout:
        key = ("layout", self.config.split_case, self.config.sequence)
        return _SHARED.get(key, text, lambda: self._layout(text))

    def _layout(self, text: str) -> Layout:
        tokens = tokenize(text, split_case=self.config.split_case)
        sentences = sentence_bounds(text, tokens)
        lines = line_bounds(text, tokens)
        unit = self.config.sequence
        sequences = (
            sentences if unit == "sentence" else lines if unit == "line" else [(0, len(tokens))]
        )
        return Layout(tokens, sentences, lines, sequences if tokens else [])

    def featurize(self, doc: Document, layout: Layout) -> list[list[str]]:
        """One feature list per token of ``layout``."""
        tokens = layout.tokens
        feats: list[list[str]] = [["bias"] for _ in tokens]
        if not tokens:
            return feats
        f = self.features
        words = [self._word(t.text) for t in tokens] if f.words or f.shapes else []
        for first, last in layout.sequences:
            if f.words:
                self._words(words, first, last, feats)
            if f.shapes:
                self._shapes(words, first, last, feats)
            if self.clusters is not None:
                self._clusters(tokens, first, last, feats)
            if f.frequency:
                self._frequency(tokens, first, last, feats)
        if f.affixes or f.orthography:
            for i, token in enumerate(tokens):
                feats[i].extend((words[i] if words else self._word(token.text)).local)
        for family in _NOTE_LEVEL:
            if not getattr(f, family):
                continue
            if _SHARERS[self._sharing_key(family)] < 2:  # no other builder needs them
                self._note_level(family, doc, layout, feats)
                continue
            for out, extra in zip(feats, self._shared(family, doc, layout), strict=True):
                out.extend(extra)
        return feats

    def _sharing_key(self, family: str) -> tuple[object, ...]:
        """The settings a note-level family's features depend on (the rules' patterns by
        their source here; by their content in the memo's key)."""
        config = self.config
        key: tuple[object, ...] = (family, config.split_case, config.sequence)
        if family == "dictionary":
            key += (config.language,)
        elif family == "rules":
            key += (str(self._patterns()),)
        return key

    def _note_level(
        self, family: str, doc: Document, layout: Layout, feats: list[list[str]]
    ) -> None:
        """Append one note-level family's features to each token's list."""
        tokens = layout.tokens
        if family == "sentence":
            self._sentence(tokens, layout.sentences, feats)
        elif family == "section":
            self._section(doc.text, tokens, feats)
        elif family == "positional":
            self._positional(doc.text, tokens, layout.lines, feats)
        elif family == "dictionary":
            self._gazetteer(tokens, layout.sequences, feats)
            marks = _span_marks(tokens, self._dictionary.detect(doc))
            self._window_marks("d", marks, layout.sequences, feats)
        else:
            marks = _span_marks(tokens, self._rules.detect(doc))
            self._window_marks("r", marks, layout.sequences, feats)

    def _shared(self, family: str, doc: Document, layout: Layout) -> tuple[tuple[str, ...], ...]:
        """One note-level family's features per token, made once per note and settings for
        every builder that shares them."""
        key = self._sharing_key(family)
        if family == "rules":
            key += (self._rules.memo_key, typed_in_lower_case(doc.metadata))

        def compute() -> tuple[tuple[str, ...], ...]:
            feats: list[list[str]] = [[] for _ in layout.tokens]
            self._note_level(family, doc, layout, feats)
            return tuple(map(tuple, feats))

        return _SHARED.get(key, doc.text, compute)

    def _word(self, text: str) -> _Word:
        """The features ``text`` gives itself and its neighbours, made once per word form."""
        word = self._cache.get(text)
        if word is None:
            if len(self._cache) >= _CACHE_SIZE:
                self._cache.clear()
            word = self._cache[text] = self._make_word(text)
        return word

    def _make_word(self, text: str) -> _Word:
        known = self._known(text)
        lowered = embedding_key(text) if known else "<unk>"
        window = self.features.window
        seen = tuple(
            (f"w[{d}]={text}", f"l[{d}]={lowered}") if known else (f"l[{d}]={lowered}",)
            for d in range(-window, window + 1)
        )
        collapsed = collapsed_shape(text)
        local: list[str] = []
        if self.features.affixes:
            self._affixes(text, local)
        if self.features.orthography:
            self._orthography(text, local)
        return _Word(
            lowered=lowered,
            seen=seen,
            shape=(f"sh={char_shape(text[:12])}", f"csh={collapsed}", f"p4={presence_shape(text)}"),
            before=f"csh[-1]={collapsed}",
            after=f"csh[1]={collapsed}",
            local=tuple(local),
        )

    def _words(self, words: list[_Word], first: int, last: int, feats: list[list[str]]) -> None:
        window, ngrams = self.features.window, self.features.ngrams
        lowered = [w.lowered for w in words[first:last]]
        size = last - first
        # each n-gram joined once, whatever the number of tokens whose window holds it
        grams = {
            n: ["|".join(lowered[p : p + n]) for p in range(size - n + 1)]
            for n in range(2, ngrams + 1)
        }
        offsets = [
            (n, d, f"l[{d}:{d + n - 1}]=")
            for n in range(2, ngrams + 1)
            for d in range(-window, window - n + 2)
        ]
        for j in range(size):
            out = feats[first + j]
            for d in range(-window, window + 1):
                k = j + d
                if 0 <= k < size:
                    out.extend(words[first + k].seen[d + window])
                elif d:
                    out.append(f"l[{d}]=<{'s' if k < 0 else '/s'}>")
            for n, d, name in offsets:
                if j + d >= 0 and j + d + n <= size:
                    out.append(name + grams[n][j + d])

    def _affixes(self, word: str, out: list[str]) -> None:
        if not self._known(word):
            return
        low = word.lower()
        for k in range(1, min(self.features.affix_max, len(low)) + 1):
            for name, affix in ((f"p{k}", low[:k]), (f"s{k}", low[-k:])):
                if affix.casefold() not in self.withheld:
                    out.append(f"{name}={affix}")

    @staticmethod
    def _orthography(word: str, out: list[str]) -> None:
        out.append(f"case={_case(word)}")
        if any(c.isdigit() for c in word):
            out.append("digit")
            if word.isdigit():
                out.append("alldigit")
        if any(not c.isalnum() for c in word):
            out.append("punct")
        out.append(f"len={_bucket(len(word), (1, 2, 3, 4, 6, 10))}")

    @staticmethod
    def _shapes(words: list[_Word], first: int, last: int, feats: list[list[str]]) -> None:
        for j in range(first, last):
            out = feats[j]
            out.extend(words[j].shape)
            if j > first:
                out.append(words[j - 1].before)
            if j + 1 < last:
                out.append(words[j + 1].after)

    def _clusters(self, tokens: list[Token], first: int, last: int, feats: list[list[str]]) -> None:
        table = self.clusters
        assert table is not None
        ids = [table.lookup(t.text) for t in tokens[first:last]]
        for j in range(last - first):
            out = feats[first + j]
            for d in (-1, 0, 1):
                if not 0 <= j + d < last - first:
                    continue
                found = ids[j + d]
                for g, k in enumerate(table.granularities):
                    out.append(f"c{k}[{d}]={found[g] if found is not None else 'unk'}")

    def _frequency(
        self, tokens: list[Token], first: int, last: int, feats: list[list[str]]
    ) -> None:
        language = self.config.language
        zipfs = [
            str(zipf(t.text, language)) if any(c.isalpha() for c in t.text) else "-"
            for t in tokens[first:last]
        ]
        for j in range(last - first):
            out = feats[first + j]
            for d in (-1, 0, 1):
                if 0 <= j + d < last - first:
                    out.append(f"zf[{d}]={zipfs[j + d]}")

    @staticmethod
    def _sentence(tokens: list[Token], sentences: Bounds, feats: list[list[str]]) -> None:
        for first, last in sentences:
            length = f"slen={_bucket(last - first, (1, 2, 5, 10, 20, 40))}"
            ends = tokens[last - 1].text in END_MARKS
            depth = 0
            depths = []
            for token in tokens[first:last]:
                if token.text in _CLOSE and depth > 0:
                    depth -= 1
                depths.append(depth)
                if token.text in _OPEN:
                    depth += 1
            unmatched = depth > 0
            for j, i in enumerate(range(first, last)):
                out = feats[i]
                out.append(length)
                if ends:
                    out.append("send")
                if unmatched:
                    out.append("sbracket")
                if depths[j]:
                    out.append("inbracket")
                if j == 0:
                    out.append("sfirst")

    @staticmethod
    def _section(text: str, tokens: list[Token], feats: list[list[str]]) -> None:
        sections = find_sections(text)
        starts = [s.start for s in sections]
        known = known_headers()
        for i, token in enumerate(tokens):
            k = bisect.bisect_right(starts, token.start) - 1
            if k < 0 or token.start >= sections[k].end:
                feats[i].append("sec=none")
                continue
            section = sections[k]
            feats[i].append(f"sec={section.name if section.name in known else 'other'}")
            if token.start < section.header_end:
                feats[i].append("header")

    @staticmethod
    def _positional(text: str, tokens: list[Token], lines: Bounds, feats: list[list[str]]) -> None:
        line_starts = [line.start for line in find_lines(text)]
        for first, last in lines:
            number = bisect.bisect_right(line_starts, tokens[first].start) - 1
            bucket = f"line={_bucket(number, (0, 1, 2, 5, 10, 20, 50))}"
            for i in range(first, last):
                out = feats[i]
                out.append(bucket)
                if i == first:
                    out.append("lstart")
                if i == last - 1:
                    out.append("lend")
                if i == 0 or tokens[i - 1].end < tokens[i].start:
                    out.append("spb")
                if i + 1 == len(tokens) or tokens[i].end < tokens[i + 1].start:
                    out.append("spa")

    def _gazetteer(self, tokens: list[Token], sequences: Bounds, feats: list[list[str]]) -> None:
        gaz = gazetteers(self.config.language)
        if gaz is not self._marked_by:  # the lists changed: marks made from others are stale
            self._marks.clear()
            self._marked_by = gaz
        marks = self._marks
        hits = []
        for token in tokens:
            found = marks.get(token.text)
            if found is None:
                if len(marks) >= _CACHE_SIZE:
                    marks.clear()
                found = marks[token.text] = _gazetteer_marks(token.text, gaz)
            hits.append(found)
        self._window_marks("g", hits, sequences, feats)

    @staticmethod
    def _window_marks(
        prefix: str, marks: list[list[str]], sequences: Bounds, feats: list[list[str]]
    ) -> None:
        for first, last in sequences:
            for i in range(first, last):
                out = feats[i]
                for mark in marks[i]:
                    out.append(f"{prefix}={mark}")
                if i > first:
                    for mark in marks[i - 1]:
                        out.append(f"{prefix}[-1]={mark}")
                if i + 1 < last:
                    for mark in marks[i + 1]:
                        out.append(f"{prefix}[1]={mark}")
