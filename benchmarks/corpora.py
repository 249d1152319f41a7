"""The corpora benchmarks train and score on: MEDDOCAN train -> dev (its test split is never
read), or synthetic English train notes -> synthetic notes from an unseen seed."""

from __future__ import annotations

from pathlib import Path

from phiscrub.document import Document
from phiscrub.io import read_corpus

MEDDOCAN = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "meddocan"


def train_and_test(
    corpus: str, train_notes: int, train_seed: int, test_notes: int, test_seed: int
) -> tuple[list[Document], list[Document], str]:
    """(training notes, evaluation notes, language) of ``meddocan`` or ``synthetic``."""
    if corpus == "meddocan":
        train = list(read_corpus(MEDDOCAN / "train" / "brat"))
        dev = list(read_corpus(MEDDOCAN / "dev" / "brat"))
        return train, dev, "es"
    from phiscrub.synth import synthesize

    train = [note.document for note in synthesize(train_notes, train_seed, "en")]
    test = [note.document for note in synthesize(test_notes, test_seed, "en")]
    return train, test, "en"
