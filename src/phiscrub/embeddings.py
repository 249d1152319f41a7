"""Word embeddings: train them with gensim on unlabeled notes, and read them back.

Files are in the word2vec text format (a ``COUNT DIM`` header line, then ``word v1 ... vDIM``
per line), which gensim, GloVe tools and NeuroNER all read. Words are keyed as
``embedding_key`` writes them: lower case, every digit written ``0``, so that "2069" and "2071"
share a vector and the table needs no numbers.

Training needs the ``embeddings`` extra (gensim); reading needs only numpy.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from phiscrub.document import Document
from phiscrub.errors import FormatError, PhiscrubError
from phiscrub.io.files import write_atomic_with
from phiscrub.text.sentences import line_bounds
from phiscrub.text.tokenize import tokenize

_DIGIT = re.compile(r"\d")


def embedding_key(word: str) -> str:
    """The form a word is looked up under: lower case, digits as ``0``."""
    return _DIGIT.sub("0", word.lower())


def note_sentences(docs: Iterable[Document]) -> Iterator[list[str]]:
    """The lines of each note as lists of embedding keys (what word2vec reads)."""
    for doc in docs:
        tokens = tokenize(doc.text, split_case=True)
        for first, last in line_bounds(doc.text, tokens):
            yield [embedding_key(t.text) for t in tokens[first:last]]


@dataclass(frozen=True)
class WordVectors:
    """Words and their vectors (one row each, in file order)."""

    words: list[str]
    vectors: np.ndarray

    @property
    def dim(self) -> int:
        return int(self.vectors.shape[1])


def read_vectors(path: str | Path, limit: int | None = None) -> WordVectors:
    """Read a word2vec text file (the header line is optional, as in GloVe files).

    Raises:
        FormatError: naming the file and line of the first malformed row.
    """
    path = Path(path)
    words: list[str] = []
    rows: list[np.ndarray] = []
    dim: int | None = None
    try:
        with path.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                parts = line.rstrip("\n").rstrip(" ").split(" ")
                if number == 1 and len(parts) == 2 and all(p.isdigit() for p in parts):
                    dim = int(parts[1])
                    continue
                if dim is None:
                    dim = len(parts) - 1
                if len(parts) != dim + 1 or dim < 1:
                    raise FormatError(path, f"expected a word and {dim} numbers", line=number)
                try:
                    rows.append(np.asarray(parts[1:], dtype=np.float32))
                except ValueError:
                    raise FormatError(path, "a value is not a number", line=number) from None
                words.append(parts[0])
                if limit is not None and len(words) >= limit:
                    break
    except OSError as exc:
        raise FormatError(path, exc.strerror or "cannot read") from None
    except UnicodeDecodeError as exc:
        raise FormatError(path, f"not UTF-8 (byte {exc.start})") from None
    if not rows:
        raise FormatError(path, "no vectors")
    return WordVectors(words, np.vstack(rows))


def train_vectors(
    docs: Iterable[Document],
    out: str | Path,
    algorithm: Literal["word2vec", "fasttext"] = "word2vec",
    dim: int = 100,
    window: int = 5,
    min_count: int = 2,
    epochs: int = 10,
    seed: int = 1,
    workers: int = 1,
) -> int:
    """Train embeddings on the text of ``docs`` and write them to ``out`` (atomically).

    Returns:
        The number of words written.
    """
    try:
        from gensim.models import FastText, Word2Vec
    except ImportError:  # pragma: no cover - depends on the environment
        raise PhiscrubError(
            "training embeddings needs gensim: pip install 'phiscrub[embeddings]'"
        ) from None
    sentences = list(note_sentences(docs))
    if not sentences:
        raise PhiscrubError("no text to train embeddings on")
    model_class = FastText if algorithm == "fasttext" else Word2Vec
    model = model_class(
        sentences=sentences,
        vector_size=dim,
        window=window,
        min_count=min_count,
        epochs=epochs,
        seed=seed,
        workers=workers,
        sg=1,
    )
    write_atomic_with(Path(out), lambda path: model.wv.save_word2vec_format(str(path)))
    return len(model.wv.index_to_key)
