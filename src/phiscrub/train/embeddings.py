"""Training word embeddings with gensim on unlabeled notes (the ``embeddings`` extra), written
in the word2vec text format that ``phiscrub.text.vectors`` reads."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Literal

from phiscrub.document import Document
from phiscrub.errors import PhiscrubError
from phiscrub.io.files import write_atomic_with
from phiscrub.text.sentences import line_bounds
from phiscrub.text.tokenize import tokenize
from phiscrub.text.vectors import embedding_key


def note_sentences(docs: Iterable[Document]) -> Iterator[list[str]]:
    """The lines of each note as lists of embedding keys (what word2vec reads)."""
    for doc in docs:
        tokens = tokenize(doc.text, split_case=True)
        for first, last in line_bounds(doc.text, tokens):
            yield [embedding_key(t.text) for t in tokens[first:last]]


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
