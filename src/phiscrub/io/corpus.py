"""Corpora: a file or a directory of documents, read lazily and written atomically."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from phiscrub.document import Document
from phiscrub.errors import FormatError, PhiscrubError
from phiscrub.io.brat import dumps_ann, read_brat
from phiscrub.io.conll import dumps_conll, read_conll
from phiscrub.io.files import safe_file_stem, write_atomic
from phiscrub.io.i2b2_xml import MEDDOCAN_ROOT, dumps_i2b2, read_i2b2
from phiscrub.io.jsonl import dumps_jsonl_line, read_jsonl
from phiscrub.io.plaintext import read_plaintext
from phiscrub.text.tags import TagScheme

READ_FORMATS = ("i2b2", "brat", "conll", "jsonl", "txt")
WRITE_FORMATS = ("i2b2", "meddocan", "brat", "conll", "jsonl", "txt")
SINGLE_FILE_FORMATS = ("jsonl", "conll")
_EXTENSIONS = {".xml": "i2b2", ".ann": "brat", ".jsonl": "jsonl", ".conll": "conll", ".txt": "txt"}
_OUTPUT_EXTENSION = {"jsonl": ".jsonl", "conll": ".conll"}

ErrorHandler = Callable[[PhiscrubError], None]


def detect_format(path: Path) -> str:
    """The format of a corpus file or directory, from file extensions.

    A ``.txt`` file with a ``.ann`` beside it is BRAT; a directory is judged by the extensions
    of the files directly inside it.
    """
    if path.is_file():
        suffix = path.suffix.lower()
        if suffix == ".txt" and path.with_suffix(".ann").exists():
            return "brat"
        if suffix in _EXTENSIONS:
            return _EXTENSIONS[suffix]
        raise PhiscrubError(f"{path}: cannot tell the format from the extension; pass a format")
    if not path.is_dir():
        raise PhiscrubError(f"{path}: no such file or directory")
    counts = Counter(p.suffix.lower() for p in path.iterdir() if p.is_file())
    found = {_EXTENSIONS[s] for s in counts if s in _EXTENSIONS}
    if "brat" in found:
        found.discard("txt")
    if len(found) == 1:
        return found.pop()
    if not found:
        folders = sorted(p.name for p in path.iterdir() if p.is_dir())
        if folders:
            raise PhiscrubError(
                f"{path}: no .xml, .ann, .txt, .jsonl or .conll files inside, only folders "
                f"({', '.join(folders[:5])}{', ...' if len(folders) > 5 else ''}): pass one of "
                "them"
            )
        raise PhiscrubError(f"{path}: no .xml, .ann, .txt, .jsonl or .conll files inside")
    raise PhiscrubError(
        f"{path}: holds files of several formats ({', '.join(sorted(found))}); pass a format"
    )


_SUFFIX = {"i2b2": ".xml", "brat": ".txt", "jsonl": ".jsonl", "conll": ".conll", "txt": ".txt"}

SkipHandler = Callable[[Path, str], None]
"""Called with each directory entry a corpus leaves out, and why."""


def _entry(entry: Path, root: Path, follow_links: bool) -> str | None:
    """Why ``entry`` (inside the directory ``root``) is no corpus file, or None when it is
    one: a link is followed only to a file inside ``root`` (anywhere with ``follow_links``)."""
    if entry.is_symlink():
        target = entry.resolve()
        if not target.exists():
            return "dangling link"
        if target.is_dir():
            return "link to a folder"
        if not follow_links and root.resolve() not in target.parents:
            return "link to a file outside the input (pass --follow-links to read it)"
    if entry.is_dir():
        return "folder (corpora are read one level deep)"
    if not entry.is_file():
        return "not a regular file"
    return None


def corpus_files(
    path: Path, format: str, on_skip: SkipHandler | None = None, follow_links: bool = False
) -> list[Path]:
    """The files that make up a corpus of ``format`` at ``path``, in name order.

    Entries of a directory that are left out (other files, folders, links that lead outside
    it or nowhere) are passed to ``on_skip`` with the reason; a BRAT ``.ann`` is part of its
    note (an orphan one is reported by :func:`read_corpus`).
    """
    if path.is_file():
        return [path]
    suffix = _SUFFIX[format]
    files = []
    for entry in sorted(path.iterdir()):
        reason = _entry(entry, path, follow_links)
        if reason is None and entry.suffix.lower() == suffix:
            files.append(entry)
            continue
        if reason is None and format == "brat" and entry.suffix.lower() == ".ann":
            continue
        if on_skip is not None:
            on_skip(entry, reason or f"not a {suffix} file of this {format} corpus")
    return files


def _orphan_annotations(path: Path) -> list[Path]:
    """The ``.ann`` files of a BRAT directory with no ``.txt`` beside them."""
    if not path.is_dir():
        return []
    return sorted(
        p
        for p in path.iterdir()
        if p.suffix.lower() == ".ann" and p.is_file() and not p.with_suffix(".txt").exists()
    )


def read_format(path: Path, format: str | None) -> str:
    """The format to read ``path`` as: the given one (``meddocan`` reads as ``i2b2``), or the
    detected one."""
    format = "i2b2" if format == "meddocan" else (format or detect_format(path))
    if format not in READ_FORMATS:
        raise PhiscrubError(f"unknown input format {format!r}; expected one of {READ_FORMATS}")
    return format


def _read_file(
    path: Path, format: str, on_error: Callable[[FormatError], None] | None = None
) -> Iterator[Document]:
    if format == "i2b2":
        yield read_i2b2(path)
    elif format == "brat":
        yield read_brat(path if path.suffix.lower() == ".txt" else path.with_suffix(".txt"))
    elif format == "txt":
        yield read_plaintext(path)
    elif format == "jsonl":
        yield from read_jsonl(path, on_error)
    else:
        yield from read_conll(path)


def read_corpus(
    path: str | Path,
    format: str | None = None,
    on_error: ErrorHandler | None = None,
    on_skip: SkipHandler | None = None,
    follow_links: bool = False,
) -> Iterator[Document]:
    """Stream the documents of a corpus file or directory, in file-name order.

    Document ids must be unique: a document whose id was read before is an error naming both
    places (ids name output files and key the two-pass dictionary), and is not yielded.

    Args:
        path: A file, or a directory whose files (not sub-directories) are the documents.
        format: One of ``READ_FORMATS`` (``meddocan`` reads as ``i2b2``); detected when None.
        on_error: Called with each file's error (or each duplicate document), after which
            reading goes on. Without it the first error is raised.
        on_skip: Called with each directory entry left out, and why (see
            :func:`corpus_files`).
        follow_links: Read links to files outside the directory too.
    """
    path = Path(path)
    format = read_format(path, format)

    def fail(error: FormatError) -> None:
        if on_error is None:
            raise error from None
        on_error(error)

    if format == "brat":
        for orphan in _orphan_annotations(path):
            fail(FormatError(orphan, "a BRAT .ann file without its .txt note"))
    seen: dict[str, str] = {}
    for file in corpus_files(path, format, on_skip, follow_links):
        try:
            for number, doc in enumerate(_read_file(file, format, fail), start=1):
                where = (
                    f"{file.name} (document {number})"
                    if format in SINGLE_FILE_FORMATS
                    else file.name
                )
                first = seen.setdefault(doc.doc_id, where)
                if first != where:
                    fail(
                        FormatError(
                            file,
                            f"document id already read from {first}; ids must be unique in a "
                            "corpus (rename one, or give each JSONL record its own doc_id)",
                            doc_id=doc.doc_id,
                        )
                    )
                    continue
                yield doc
        except (FormatError, OSError) as exc:
            error = exc if isinstance(exc, FormatError) else FormatError(file, exc.strerror or "")
            fail(error)


def output_format(path: Path, format: str | None) -> str:
    """The format to write: as given, else from the output path's extension, else jsonl."""
    if format:
        if format not in WRITE_FORMATS:
            raise PhiscrubError(
                f"unknown output format {format!r}; expected one of {WRITE_FORMATS}"
            )
        return format
    for name, suffix in _OUTPUT_EXTENSION.items():
        if path.suffix.lower() == suffix:
            return name
    raise PhiscrubError(f"{path}: pass an output format ({', '.join(WRITE_FORMATS)})")


def write_document(doc: Document, directory: Path, format: str) -> list[Path]:
    """Write one document into a directory as i2b2/meddocan XML, BRAT or plain text."""
    stem = safe_file_stem(doc.doc_id)
    if format in ("i2b2", "meddocan"):
        target = directory / f"{stem}.xml"
        write_atomic(target, dumps_i2b2(doc, MEDDOCAN_ROOT if format == "meddocan" else None))
        return [target]
    txt = directory / f"{stem}.txt"
    write_atomic(txt, doc.text)
    if format == "txt":
        return [txt]
    ann = directory / f"{stem}.ann"
    write_atomic(ann, dumps_ann(doc))
    return [txt, ann]


def write_corpus(
    docs: Iterable[Document],
    out: str | Path,
    format: str,
    scheme: TagScheme = "BIO",
    on_error: ErrorHandler | None = None,
) -> int:
    """Write documents as a directory (i2b2, meddocan, brat, txt) or one file (jsonl, conll).

    Every file is written atomically; a single-file corpus appears only once complete. Returns
    the number of documents written.
    """
    out = Path(out)
    if format not in WRITE_FORMATS:
        raise PhiscrubError(f"unknown output format {format!r}; expected one of {WRITE_FORMATS}")
    count = 0
    if format not in SINGLE_FILE_FORMATS:
        out.mkdir(parents=True, exist_ok=True)
        for doc in docs:
            try:
                write_document(doc, out, format)
            except PhiscrubError as exc:
                if on_error is None:
                    raise
                on_error(exc)
                continue
            count += 1
        return count
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            for doc in docs:
                try:
                    chunk = dumps_jsonl_line(doc) if format == "jsonl" else dumps_conll(doc, scheme)
                except PhiscrubError as exc:
                    if on_error is None:
                        raise
                    on_error(exc)
                    continue
                handle.write(chunk)
                count += 1
        os.replace(tmp, out)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return count
