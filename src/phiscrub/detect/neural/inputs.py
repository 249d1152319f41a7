"""The batching layer: Documents -> index arrays -> padded tensors, and tags -> Spans.

A document is read once into a :class:`DocInputs` (tokens, per-token ids, gold tag ids) and cut
into pieces: its sentences (``input = "sentence"``), its lines (``"line"``) or overlapping
windows of the whole note (``"window"``). Pieces from many documents are batched together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import torch

from phiscrub.detect.crf.config import CRFConfig, FeatureConfig
from phiscrub.detect.crf.features import Featurizer
from phiscrub.detect.neural.config import FEATURE_FAMILIES, NeuralConfig
from phiscrub.detect.neural.vocab import PAD, UNK, Vocabulary
from phiscrub.document import Document
from phiscrub.text.sentences import line_bounds, sentence_bounds
from phiscrub.text.tags import spans_to_tags
from phiscrub.text.tokenize import Token, tokenize

_FAMILY_OF = (
    ("slen=", "sentence"),
    ("send", "sentence"),
    ("sbracket", "sentence"),
    ("inbracket", "sentence"),
    ("sfirst", "sentence"),
    ("sec=", "section"),
    ("header", "section"),
    ("g=", "dictionary"),
    ("g[", "dictionary"),
    ("d=", "dictionary"),
    ("d[", "dictionary"),
    ("r=", "rules"),
    ("r[", "rules"),
    ("line=", "positional"),
    ("lstart", "positional"),
    ("lend", "positional"),
    ("spb", "positional"),
    ("spa", "positional"),
    ("zf[", "frequency"),
)


_FORMS = 100_000
"""Word forms ``InputEncoder`` keeps the ids of (then it starts afresh)."""


@lru_cache(maxsize=8192)  # the families' strings are few (marks, buckets), and repeat
def feature_family(feature: str) -> str | None:
    """The CRF feature family a feature string belongs to (None for ``bias``)."""
    for prefix, family in _FAMILY_OF:
        if feature.startswith(prefix):
            return family
    return None


def pieces(
    config: NeuralConfig, text: str, tokens: Sequence[Token]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The token ranges a document is read in, and the core of each: the tokens whose
    prediction is taken from that piece (all of a sentence; the middle of a window)."""
    if not tokens:
        return [], []
    if config.input != "window":
        split = sentence_bounds if config.input == "sentence" else line_bounds
        bounds = split(text, tokens)
        return bounds, bounds
    size, stride, total = config.window, min(config.stride, config.window), len(tokens)
    starts = list(range(0, max(total - size, 0) + 1, stride))
    if starts[-1] + size < total:
        starts.append(total - size)
    ranges = [(s, min(s + size, total)) for s in starts]
    cores = []
    for k, (first, last) in enumerate(ranges):
        core_first = first if k == 0 else (ranges[k - 1][1] + first) // 2
        core_last = last if k + 1 == len(ranges) else (last + ranges[k + 1][0]) // 2
        cores.append((core_first, core_last))
    return ranges, cores


@dataclass
class DocInputs:
    """A document as index arrays, with its pieces."""

    tokens: list[Token]
    words: np.ndarray
    chars: list[list[int]]
    prefixes: np.ndarray
    features: dict[str, list[list[int]]]
    ranges: list[tuple[int, int]]
    cores: list[tuple[int, int]]
    tags: np.ndarray | None = None
    piece_tags: dict[tuple[int, int], np.ndarray] = field(default_factory=dict, repr=False)
    misaligned: int = 0
    overlapping: int = 0
    _padded: dict[str, tuple[np.ndarray, list[int]]] = field(default_factory=dict, repr=False)

    def padded(self, name: str) -> tuple[np.ndarray, list[int]]:
        """The per-token id lists of ``chars`` (``name = "chars"``) or of a feature family as
        one zero-padded matrix ``[tokens, longest]``, with each token's length (made once)."""
        found = self._padded.get(name)
        if found is None:
            rows = self.chars if name == "chars" else self.features[name]
            lengths = list(map(len, rows))
            matrix = np.zeros((len(rows), max(lengths, default=0) or 1), np.int64)
            filled = np.arange(matrix.shape[1]) < np.array(lengths, np.int64)[:, None]
            matrix[filled] = [i for r in rows for i in r]
            found = self._padded[name] = (matrix, lengths)
        return found


def edge_tags(tags: Sequence[str], scheme: str) -> list[str]:
    """A piece's gold tags made a valid sequence on their own where the piece cuts a span: a
    first ``I-``/``E-`` becomes ``B-``/``S-``, a last ``B-``/``I-`` becomes ``S-``/``E-``
    (BIOES; under BIO only the first ``I-`` changes)."""
    tags = list(tags)
    if not tags:
        return tags
    first = tags[0]
    if first.startswith("I-"):
        tags[0] = "B-" + first[2:]
    elif first.startswith("E-"):
        tags[0] = "S-" + first[2:]
    return _close_last(tags) if scheme == "BIOES" else tags


def _close_last(tags: list[str]) -> list[str]:
    last = tags[-1]
    if last.startswith("B-"):
        tags[-1] = "S-" + last[2:]
    elif last.startswith("I-"):
        tags[-1] = "E-" + last[2:]
    return tags


class InputEncoder:
    """Reads documents into :class:`DocInputs` for one recipe and its vocabularies."""

    def __init__(self, config: NeuralConfig, vocab: Vocabulary | None = None) -> None:
        self.config = config
        self.vocab = vocab
        self._featurizer: Featurizer | None = None
        # per word form: (token id, character ids, prefix id); and feature string ->
        # (family, id). Both are read from ``vocab`` and dropped when it is replaced.
        self._forms: dict[str, tuple[int, list[int], int]] = {}
        self._strings: dict[str, tuple[str, int]] | None = None
        self._read_from: Vocabulary | None = None

    def tokenize(self, text: str) -> list[Token]:
        return tokenize(text, split_case=self.config.split_case)

    @property
    def featurizer(self) -> Featurizer:
        if self._featurizer is None:
            families = set(self.config.features.families)
            flags = {name: name in families for name in FEATURE_FAMILIES}
            off = dict.fromkeys(("words", "affixes", "orthography", "shapes", "clusters"), False)
            crf = CRFConfig(
                language=self.config.language,
                sequence="document" if self.config.input == "window" else self.config.input,
                split_case=self.config.split_case,
                features=FeatureConfig(**off, **flags),
            )
            self._featurizer = Featurizer(crf)
        return self._featurizer

    def feature_strings(self, doc: Document, tokens: list[Token]) -> dict[str, list[list[str]]]:
        """Each enabled family's feature strings, per token."""
        out: dict[str, list[list[str]]] = {
            f: [[] for _ in tokens] for f in self.config.features.families
        }
        if not self.config.features.enabled or not tokens:
            return out
        featurizer = self.featurizer
        layout = featurizer.layout(doc.text)
        for i, strings in enumerate(featurizer.featurize(doc, layout)):
            for s in strings:
                family = feature_family(s)
                if family in out:
                    out[family][i].append(s)
        return out

    def _form_ids(self, form: str) -> tuple[int, list[int], int]:
        found = self._forms.get(form)
        if found is None:
            if len(self._forms) >= _FORMS:
                self._forms.clear()
            vocab, config = self.vocab, self.config
            assert vocab is not None
            found = self._forms[form] = (
                vocab.token_id(form),
                vocab.char_ids(form, config.char.max_length),
                vocab.prefix_id(form, config.prefix.length),
            )
        return found

    def _feature_ids(self, doc: Document, tokens: list[Token]) -> dict[str, list[list[int]]]:
        """``encode``'s feature ids, read from the feature strings in one pass: the same as
        ``feature_strings`` split by family and looked up in each family's table."""
        families = self.config.features.families
        out: dict[str, list[list[int]]] = {f: [[] for _ in tokens] for f in families}
        if not self.config.features.enabled or not tokens:
            return out
        if self._strings is None:
            vocab = self.vocab
            assert vocab is not None
            self._strings = {
                string: (family, index)
                for family in families
                for string, index in vocab.feature_table(family).items()
                if feature_family(string) == family
            }
        table = self._strings
        featurizer = self.featurizer
        for i, strings in enumerate(featurizer.featurize(doc, featurizer.layout(doc.text))):
            for string in strings:
                hit = table.get(string)
                if hit is not None:
                    out[hit[0]][i].append(hit[1])
        return out

    def encode(
        self,
        doc: Document,
        with_tags: bool = False,
        tokens: list[Token] | None = None,
        strings: dict[str, list[list[str]]] | None = None,
    ) -> DocInputs:
        """Read ``doc`` (its tokens and feature strings may be given, when already made)."""
        vocab = self.vocab
        assert vocab is not None, "vocabularies are built before documents are encoded"
        config = self.config
        tokens = self.tokenize(doc.text) if tokens is None else tokens
        forms = [t.text for t in tokens]
        if self._read_from is not vocab:
            self._forms, self._strings, self._read_from = {}, None, vocab
        if strings is None:
            features = self._feature_ids(doc, tokens)
        else:
            features = {
                family: [[table[s] for s in each if s in table] for each in per_token]
                for family, per_token in strings.items()
                for table in (vocab.feature_table(family),)
            }
        ids = [self._form_ids(w) for w in forms]
        ranges, cores = pieces(config, doc.text, tokens)
        inputs = DocInputs(
            tokens=tokens,
            words=np.array([i[0] for i in ids], dtype=np.int64),
            chars=[i[1] for i in ids],
            prefixes=np.array([i[2] for i in ids], np.int64),
            features=features,
            ranges=ranges,
            cores=cores,
        )
        if with_tags:
            labels = set(vocab.labels())
            spans = [s for s in doc.spans if s.label in labels]
            encoded = spans_to_tags(tokens, spans, config.scheme, alignment="expand")
            inputs.tags = np.array(vocab.tag_ids(encoded.tags), dtype=np.int64)
            inputs.piece_tags = {
                (first, last): np.array(
                    vocab.tag_ids(edge_tags(encoded.tags[first:last], config.scheme)),
                    dtype=np.int64,
                )
                for first, last in ranges
            }
            inputs.misaligned = len(encoded.misaligned)
            inputs.overlapping = len(encoded.overlapping)
        return inputs


@dataclass
class Batch:
    """Padded tensors for a batch of pieces (B pieces, T tokens at most)."""

    words: torch.Tensor  # [B, T]
    mask: torch.Tensor  # [B, T] bool
    chars: torch.Tensor  # [B, T, L]
    prefixes: torch.Tensor  # [B, T]
    features: dict[str, torch.Tensor]  # family -> [B, T, K]
    context: torch.Tensor | None  # [B, T, 2, n + 1] word ids: previous n + token, next n + token
    tags: torch.Tensor | None  # [B, T]

    def to(self, device: torch.device) -> Batch:
        move = lambda t: None if t is None else t.to(device)  # noqa: E731
        return Batch(
            move(self.words),
            move(self.mask),
            move(self.chars),
            move(self.prefixes),
            {k: v.to(device) for k, v in self.features.items()},
            move(self.context),
            move(self.tags),
        )


def _context(words: np.ndarray, first: int, last: int, n: int) -> np.ndarray:
    """``[last - first, 2, n + 1]``: for each token the ids of the n tokens before it then the
    token, and of the n tokens after it (farthest first) then the token; PAD beyond the note."""
    padded = np.concatenate([np.zeros(n, np.int64), words, np.zeros(n, np.int64)])
    positions = np.arange(first, last)[:, None] + n
    offsets = np.arange(-n, 1)[None, :]
    before = padded[positions + offsets]
    after = padded[positions - offsets]
    return np.stack([before, after], axis=1)


def make_batch(
    items: Sequence[tuple[DocInputs, int, int]],
    config: NeuralConfig,
    unk: tuple[np.ndarray, float, np.random.Generator] | None = None,
) -> Batch:
    """Pad the pieces ``(inputs, first, last)`` into one batch.

    Args:
        unk: ``(singleton_mask, p, rng)``: during training, each word whose id is marked in
            ``singleton_mask`` is read as ``<unk>`` with probability ``p`` (NeuroNER).
    """
    size = len(items)
    length = max(last - first for _, first, last in items)

    def longest(name: str) -> int:
        return max(
            (max(inputs.padded(name)[1][first:last], default=0) for inputs, first, last in items),
            default=1,
        )

    char_length = longest("chars")
    words = np.zeros((size, length), np.int64)
    mask = np.zeros((size, length), bool)
    chars = np.zeros((size, length, max(char_length, 1)), np.int64)
    prefixes = np.zeros((size, length), np.int64)
    with_tags = all(inputs.tags is not None for inputs, _, _ in items)
    tags = np.zeros((size, length), np.int64)
    families = list(items[0][0].features) if config.features.enabled else []
    widths = {f: longest(f) for f in families}
    features = {f: np.zeros((size, length, max(widths[f], 1)), np.int64) for f in families}
    n = config.context.n
    context = np.zeros((size, length, 2, n + 1), np.int64) if config.context.enabled else None
    for b, (inputs, first, last) in enumerate(items):
        span = last - first
        row = inputs.words[first:last]
        if unk is not None:
            singletons, p, rng = unk
            row = np.where(singletons[row] & (rng.random(span) < p), UNK, row)
        words[b, :span] = row
        mask[b, :span] = True
        prefixes[b, :span] = inputs.prefixes[first:last]
        matrix = inputs.padded("chars")[0][first:last, : chars.shape[2]]
        chars[b, :span, : matrix.shape[1]] = matrix
        for f in families:
            matrix = inputs.padded(f)[0][first:last, : features[f].shape[2]]
            features[f][b, :span, : matrix.shape[1]] = matrix
        if context is not None:
            context[b, :span] = _context(inputs.words, first, last, n)
        if with_tags:
            tags[b, :span] = inputs.piece_tags.get((first, last), inputs.tags[first:last])
    return Batch(
        torch.from_numpy(words),
        torch.from_numpy(mask),
        torch.from_numpy(chars),
        torch.from_numpy(prefixes),
        {f: torch.from_numpy(a) for f, a in features.items()},
        torch.from_numpy(context) if context is not None else None,
        torch.from_numpy(tags) if with_tags else None,
    )


__all__ = ["PAD", "Batch", "DocInputs", "InputEncoder", "make_batch", "pieces"]
