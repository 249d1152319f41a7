"""File helpers shared by the readers and writers: strict decoding and atomic writes."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from phiscrub.errors import FormatError, PhiscrubError

_SAFE_ID = re.compile(r"^[^/\\\x00]+$")


def read_text(path: Path) -> str:
    """The file's text, decoded as strict UTF-8, line breaks untouched.

    A leading byte-order mark is kept as a character: annotation offsets in real corpora
    (MEDDOCAN) count it.
    """
    data = path.read_bytes()
    return decode_utf8(data, path)


def decode_utf8(data: bytes, path: Path | str) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise FormatError(
            path, f"not valid UTF-8 (byte offset {exc.start}); convert the file to UTF-8", line=line
        ) from None
    return text


def write_atomic(path: Path, content: str) -> None:
    """Write ``content`` (UTF-8, line breaks untouched) to ``path`` via a temporary file in the
    same directory and a rename, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(content)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_atomic_with(path: Path, writer: Callable[[Path], object]) -> None:
    """Have ``writer`` write a temporary file beside ``path``, then rename it into place (for
    libraries that write files themselves, such as crfsuite and gensim)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        writer(Path(tmp))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def paths_overlap(a: Path, b: Path) -> bool:
    """True when two paths are the same, or one lies inside the other."""
    a, b = a.resolve(), b.resolve()
    return a == b or a in b.parents or b in a.parents


def safe_file_stem(doc_id: str) -> str:
    """A document id usable as a file name inside an output directory, or an error."""
    if not _SAFE_ID.match(doc_id) or doc_id in (".", "..") or doc_id.startswith("."):
        raise PhiscrubError(
            f"document id {doc_id!r} cannot be used as a file name (path separators, a leading "
            "dot or NUL); write to a single-file format such as jsonl instead"
        )
    return doc_id


def check_offsets(
    path: Path | str,
    text: str,
    start: int,
    end: int,
    *,
    doc_id: str,
    ann_id: str | None,
    line: int | None = None,
) -> None:
    """Raise a FormatError unless ``0 <= start < end <= len(text)``."""
    if not 0 <= start < end <= len(text):
        raise FormatError(
            path,
            f"offsets out of range for a text of {len(text)} characters",
            doc_id=doc_id,
            ann_id=ann_id,
            start=start,
            end=end,
            line=line,
        )


def check_output(source: Path, out: Path, hint: str, resume: bool = False) -> None:
    """Refuse an output that overlaps the input, or (unless resuming) one that holds files."""
    if paths_overlap(source, out):
        raise PhiscrubError("the output must not be the input, inside it, or around it")
    if out.exists() and any(out.iterdir()) and not resume:
        raise PhiscrubError(f"{out} is not empty; {hint}")
