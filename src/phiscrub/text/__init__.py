"""Text processing that keeps character offsets: tokenizer, lines and sections, tag encoding."""

from phiscrub.text.sections import Line, Section, find_lines, find_sections
from phiscrub.text.tags import (
    MISSING,
    TAG_SCHEMES,
    EncodedTags,
    spans_to_tags,
    tags_to_spans,
)
from phiscrub.text.tokenize import Token, tokenize

__all__ = [
    "MISSING",
    "TAG_SCHEMES",
    "EncodedTags",
    "Line",
    "Section",
    "Token",
    "find_lines",
    "find_sections",
    "spans_to_tags",
    "tags_to_spans",
    "tokenize",
]
