"""CoNLL: one token per line, a tag in the last column, blank lines between sentences.

phiscrub writes four tab-separated columns (token, start, end, tag) under two header lines per
document, so that text and spans come back exactly:

    #doc_id<TAB>S0004-06142005000500011-1
    #text<TAB>"Datos del paciente.\\nNombre: ..."      (the text as a JSON string)
    Datos<TAB>0<TAB>5<TAB>O

A blank line follows every line of the note that has tokens. The reader also takes ordinary
CoNLL files (``TOKEN ... TAG`` columns, ``-DOCSTART-`` between documents): the text is then
rebuilt by joining tokens with spaces and sentences with line breaks.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from phiscrub.document import Document
from phiscrub.errors import AlignmentError, FormatError
from phiscrub.text.tags import TagScheme, spans_to_tags, split_tag, tags_to_spans
from phiscrub.text.tokenize import Token, tokenize


def dumps_conll(doc: Document, scheme: TagScheme = "BIO") -> str:
    """Serialise a document; spans that tags cannot carry raise AlignmentError."""
    tokens = tokenize(doc.text)
    encoded = spans_to_tags(tokens, doc.spans, scheme)
    if not encoded.lossless:
        bad = (encoded.misaligned + encoded.overlapping)[0]
        raise AlignmentError(
            f"document {doc.doc_id}: span {bad.start}-{bad.end} ({bad.label}) cannot be written "
            f"as CoNLL tags ({len(encoded.misaligned)} not on token boundaries, "
            f"{len(encoded.overlapping)} overlapping); use jsonl, brat or i2b2"
        )
    lines = [f"#doc_id\t{doc.doc_id}", "#text\t" + json.dumps(doc.text, ensure_ascii=False)]
    if doc.metadata:
        lines.append("#metadata\t" + json.dumps(dict(doc.metadata), ensure_ascii=False))
    for i, (token, tag) in enumerate(zip(tokens, encoded.tags, strict=True)):
        lines.append(f"{token.text}\t{token.start}\t{token.end}\t{tag}")
        following = tokens[i + 1].start if i + 1 < len(tokens) else len(doc.text)
        if "\n" in doc.text[token.end : following] or "\r" in doc.text[token.end : following]:
            lines.append("")
    if lines[-1] != "":
        lines.append("")
    return "\n".join(lines) + "\n"


class _Pending:
    def __init__(self, number: int) -> None:
        self.doc_id = f"doc-{number}"
        self.text: str | None = None
        self.metadata: dict = {}
        self.rows: list[tuple[str, int | None, int | None, str, int]] = []
        self.breaks: set[int] = set()  # row indices after which a sentence ends

    def empty(self) -> bool:
        return self.text is None and not self.rows


def _finish(pending: _Pending, path: Path) -> Document:
    tokens: list[Token] = []
    if pending.text is not None:
        text = pending.text
        for token_text, start, end, _tag, line_no in pending.rows:
            if start is None or end is None or text[start:end] != token_text:
                raise FormatError(
                    path,
                    "token does not match the text at its offsets",
                    doc_id=pending.doc_id,
                    start=start,
                    end=end,
                    line=line_no,
                )
            tokens.append(Token(start, end, token_text))
    else:
        parts: list[str] = []
        offset = 0
        for i, (token_text, _s, _e, _tag, _line) in enumerate(pending.rows):
            if i:
                sep = "\n" if (i - 1) in pending.breaks else " "
                parts.append(sep)
                offset += 1
            tokens.append(Token(offset, offset + len(token_text), token_text))
            parts.append(token_text)
            offset += len(token_text)
        text = "".join(parts)
    tags = [row[3] for row in pending.rows]
    for row in pending.rows:
        try:
            split_tag(row[3])
        except ValueError:
            raise FormatError(
                path,
                "malformed tag (expected O or B-/I-/E-/S-LABEL)",
                doc_id=pending.doc_id,
                line=row[4],
            ) from None
    spans = tags_to_spans(tokens, tags, source="gold")
    return Document(pending.doc_id, text, tuple(spans), pending.metadata)


def read_conll(path: Path) -> Iterator[Document]:
    """Stream the documents of a CoNLL file."""
    number = 1
    pending = _Pending(number)
    with path.open("rb") as handle:
        for line_no, raw in enumerate(handle, start=1):
            try:
                line = raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError:
                raise FormatError(path, "not valid UTF-8", line=line_no) from None
            if line.startswith("#doc_id\t") or line.startswith("-DOCSTART-"):
                if not pending.empty():
                    yield _finish(pending, path)
                    number += 1
                pending = _Pending(number)
                if line.startswith("#doc_id\t"):
                    pending.doc_id = line.split("\t", 1)[1]
                continue
            if line.startswith("#text\t") or line.startswith("#metadata\t"):
                key, value = line.split("\t", 1)
                try:
                    decoded = json.loads(value)
                except json.JSONDecodeError:
                    raise FormatError(path, f"{key} is not valid JSON", line=line_no) from None
                if key == "#text":
                    pending.text = decoded
                else:
                    pending.metadata = decoded
                continue
            if not line.strip():
                if pending.rows:
                    pending.breaks.add(len(pending.rows) - 1)
                continue
            columns = line.split("\t") if "\t" in line else line.split()
            if len(columns) < 2:
                raise FormatError(path, "expected a token and a tag", line=line_no)
            start = end = None
            if len(columns) >= 4 and columns[1].isdigit() and columns[2].isdigit():
                start, end = int(columns[1]), int(columns[2])
            pending.rows.append((columns[0], start, end, columns[-1], line_no))
    if not pending.empty():
        yield _finish(pending, path)
