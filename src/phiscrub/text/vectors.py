"""Word vectors: the key a word is looked up under, and reading word2vec text files.

Files are in the word2vec text format (a ``COUNT DIM`` header line, then ``word v1 ... vDIM``
per line), which gensim, GloVe tools and NeuroNER all read. Words are keyed as
``embedding_key`` writes them: lower case, every digit written ``0``, so that "2069" and "2071"
share a vector and the table needs no numbers. ``phiscrub.train.embeddings`` trains them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from phiscrub.errors import FormatError

_DIGIT = re.compile(r"\d")


def embedding_key(word: str) -> str:
    """The form a word is looked up under: lower case, digits as ``0``."""
    return _DIGIT.sub("0", word.lower())


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
