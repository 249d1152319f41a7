"""i2b2 2014 XML and its MEDDOCAN variant.

    <deIdi2b2><TEXT><![CDATA[...]]></TEXT><TAGS>
    <NAME id="P0" start="16" end="26" text="..." TYPE="PATIENT" comment="" /> ...

MEDDOCAN files use the same elements under a ``<MEDDOCAN>`` root with another layout; the
reader keeps the root name in ``metadata["xml_root"]`` and the writer lays the file out the way
that root's corpus does, so that reading and writing a MEDDOCAN file gives it back byte for byte.
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree.ElementTree import ParseError
from xml.sax.saxutils import escape

from defusedxml import ElementTree as SafeET
from defusedxml.common import DefusedXmlException

from phiscrub.document import Document, Span
from phiscrub.errors import FormatError
from phiscrub.io.files import check_offsets, decode_utf8
from phiscrub.taxonomy import category_of

I2B2_ROOT = "deIdi2b2"
MEDDOCAN_ROOT = "MEDDOCAN"
_PATIENT_FILE = re.compile(r"^(\d+)-(\d+)")
_DECLARED_ENCODING = re.compile(rb"^<\?xml[^>]*encoding=[\"']([A-Za-z0-9._-]+)[\"']")
# Characters XML 1.0 cannot carry at all, even escaped.
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_ATTR_ENTITIES = {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
_ATTR_WHITESPACE = str.maketrans({"\n": " ", "\r": " ", "\t": " "})


def _parse(data: bytes, path: Path | str):
    declared = _DECLARED_ENCODING.match(data)
    if declared is None or declared.group(1).lower().replace(b"_", b"-") in (b"utf-8", b"utf8"):
        decode_utf8(data, path)  # a clear error naming the byte, before expat's generic one
    try:
        return SafeET.fromstring(data)
    except ParseError as exc:
        line, column = exc.position
        raise FormatError(path, f"malformed XML at column {column}", line=line) from None
    except DefusedXmlException as exc:
        raise FormatError(path, f"XML refused for safety ({type(exc).__name__})") from None


def _int_attr(element, name: str, path, ann_id) -> int:
    value = element.get(name)
    if value is None or not value.strip().lstrip("-").isdigit():
        raise FormatError(path, f"tag <{element.tag}> has no integer '{name}'", ann_id=ann_id)
    return int(value)


def parse_i2b2(data: bytes, path: Path | str, doc_id: str | None = None) -> Document:
    """Parse one i2b2-style XML document from bytes; ``path`` names it in errors."""
    root = _parse(data, path)
    doc_id = doc_id or Path(path).stem
    text_element = root.find("TEXT")
    if text_element is None:
        raise FormatError(path, "no <TEXT> element", doc_id=doc_id)
    text = text_element.text or ""
    spans: list[Span] = []
    tags = root.find("TAGS")
    for element in tags if tags is not None else ():
        if element.get("start") is None and element.get("end") is None:
            continue  # document-level annotation (2014 risk-factor track), not a PHI span
        ann_id = element.get("id")
        start = _int_attr(element, "start", path, ann_id)
        end = _int_attr(element, "end", path, ann_id)
        check_offsets(path, text, start, end, doc_id=doc_id, ann_id=ann_id)
        stated = element.get("text")
        actual = text[start:end]
        if stated is not None and stated != actual and stated != actual.translate(_ATTR_WHITESPACE):
            raise FormatError(
                path,
                "the tag's text attribute differs from the text at its offsets",
                doc_id=doc_id,
                ann_id=ann_id,
                start=start,
                end=end,
            )
        label = element.get("TYPE") or element.tag
        spans.append(Span(start, end, label, 1.0, "gold", ann_id))
    metadata: dict[str, str] = {"xml_root": root.tag}
    match = _PATIENT_FILE.match(Path(path).name)
    if match:
        metadata["patient_id"] = match.group(1)
    return Document(doc_id, text, tuple(spans), metadata)


def read_i2b2(path: Path) -> Document:
    """Read one i2b2 2014 (or MEDDOCAN) XML file."""
    return parse_i2b2(path.read_bytes(), path)


def _text_element(doc: Document) -> str:
    if _XML_ILLEGAL.search(doc.text):
        raise FormatError(
            None,
            "text holds control characters XML cannot represent; use jsonl",
            doc_id=doc.doc_id,
        )
    if "\r" in doc.text or "]]>" in doc.text:
        # A parser would fold CR line breaks inside CDATA; escaped text keeps them exactly.
        return "<TEXT>" + escape(doc.text, {"\r": "&#13;"}) + "</TEXT>"
    return "<TEXT><![CDATA[" + doc.text + "]]></TEXT>"


def _attr(value: str) -> str:
    return '"' + escape(value, _ATTR_ENTITIES) + '"'


def _ann_ids(doc: Document, prefix: str, first: int) -> list[str]:
    used = {span.ann_id for span in doc.spans if span.ann_id}
    ids: list[str] = []
    counter = first
    for span in doc.spans:
        if span.ann_id:
            ids.append(span.ann_id)
            continue
        while f"{prefix}{counter}" in used:
            counter += 1
        ids.append(f"{prefix}{counter}")
        used.add(ids[-1])
    return ids


def dumps_i2b2(doc: Document, root: str | None = None) -> str:
    """Serialise a document as i2b2 2014 XML, or in the MEDDOCAN layout when the root (given,
    or remembered in ``metadata["xml_root"]``) is ``MEDDOCAN``.

    XML cannot keep a span's score or source; use JSONL for system output that needs them.
    """
    root = root or str(doc.metadata.get("xml_root") or I2B2_ROOT)
    meddocan = root == MEDDOCAN_ROOT
    ids = _ann_ids(doc, "T" if meddocan else "P", 1 if meddocan else 0)
    tag_lines = []
    for span, ann_id in zip(doc.spans, ids, strict=True):
        element = category_of(span.label) or "PHI"
        attrs = (
            f'id={_attr(ann_id)} start="{span.start}" end="{span.end}" '
            f'text={_attr(doc.span_text(span))} TYPE={_attr(span.label)} comment=""'
        )
        tag_lines.append(f"<{element} {attrs}/>" if meddocan else f"<{element} {attrs} />")
    if meddocan:
        head = "<?xml version='1.0' encoding='UTF-8'?>\n"
        body = [
            f"  {_text_element(doc)}",
            "  <TAGS>",
            *(f"    {t}" for t in tag_lines),
            "  </TAGS>",
        ]
    else:
        head = '<?xml version="1.0" encoding="UTF-8" ?>\n'
        body = [_text_element(doc), "<TAGS>", *tag_lines, "</TAGS>"]
    return head + f"<{root}>\n" + "\n".join(body) + f"\n</{root}>\n"
