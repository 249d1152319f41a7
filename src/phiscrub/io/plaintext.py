"""Plain text: one note per ``.txt`` file, no spans; the document id is the file name stem."""

from __future__ import annotations

from pathlib import Path

from phiscrub.document import Document
from phiscrub.io.files import read_text


def read_plaintext(path: Path) -> Document:
    return Document(path.stem, read_text(path))
