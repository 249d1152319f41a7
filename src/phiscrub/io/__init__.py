"""Readers and writers: i2b2 2014 XML (and the MEDDOCAN variant), BRAT, CoNLL, JSONL, text."""

from phiscrub.io.corpus import (
    READ_FORMATS,
    WRITE_FORMATS,
    detect_format,
    output_format,
    read_corpus,
    write_corpus,
    write_document,
)

__all__ = [
    "READ_FORMATS",
    "WRITE_FORMATS",
    "detect_format",
    "output_format",
    "read_corpus",
    "write_corpus",
    "write_document",
]
