"""The rule detector: regex patterns with context cues and validators, under a time budget."""

from __future__ import annotations

import time
from pathlib import Path

from phiscrub.detect.base import DetectionError, TextMemo
from phiscrub.detect.rules.patterns import Pattern, load_patterns
from phiscrub.detect.rules.validators import VALIDATORS
from phiscrub.document import Document, Span, dedupe_spans

CONTEXT_BOOST = 0.05
_FOUND = TextMemo()  # (patterns, budget) and text -> spans, whatever the detector's name


class RuleDetector:
    """Finds formulaic PHI with the patterns of a pack (``en``, ``es``) or a TOML file.

    Args:
        patterns: A built-in pack name or a pattern file path (loaded on first use).
        time_budget: Seconds all patterns together may spend on one document; past it the
            document fails with :class:`DetectionError` (naming the document and the pattern)
            rather than being passed on half-searched.
        name: The detector's name, the prefix of its spans' ``source``.
    """

    def __init__(
        self, patterns: str | Path = "en", time_budget: float = 2.0, name: str = "rules"
    ) -> None:
        self.source = patterns
        self.time_budget = time_budget
        self.name = name
        self._patterns: tuple[Pattern, ...] | None = None

    @property
    def patterns(self) -> tuple[Pattern, ...]:
        if self._patterns is None:
            self._patterns = load_patterns(self.source)
        return self._patterns

    def detect(self, doc: Document) -> list[Span]:
        key = (str(self.source), self.time_budget)
        found = _FOUND.get(key, doc.text, lambda: self._detect(doc))
        prefix = f"{self.name}:"
        return [Span(s.start, s.end, s.label, s.score, prefix + s.source) for s in found]

    def _detect(self, doc: Document) -> tuple[Span, ...]:
        """Spans whose source is the pattern's name alone (the detector's name is added)."""
        deadline = time.monotonic() + self.time_budget
        spans = self._search(doc.text, doc.doc_id, deadline)
        titled = title_cased(doc.text)
        if titled is not None:  # a note in capitals: search its title-cased twin as well
            spans += self._search(titled, doc.doc_id, deadline, titled=True)
        return tuple(dedupe_spans(spans))

    def _search(
        self, text: str, doc_id: str, deadline: float, titled: bool = False
    ) -> list[Span]:
        spans: list[Span] = []
        for pattern in self.patterns:
            if titled and not pattern.spec.capitals:
                continue
            remaining = deadline - time.monotonic()
            try:
                if remaining <= 0:
                    raise TimeoutError
                matches = list(pattern.compiled.finditer(text, timeout=remaining))
            except TimeoutError:
                raise DetectionError(
                    f"document {doc_id!r}: rule patterns ran past their "
                    f"{self.time_budget:g} s budget (at pattern {pattern.name!r})"
                ) from None
            spec = pattern.spec
            has_phi_group = "phi" in pattern.compiled.groupindex
            validate = VALIDATORS[spec.validator] if spec.validator else None
            for match in matches:
                start, end = match.span("phi") if has_phi_group else match.span()
                if start < 0 or start == end:
                    continue
                allowed, supported = pattern.context_allows(text, start)
                if not allowed:
                    continue
                if validate is not None and not validate(text[start:end]):
                    continue
                score = min(1.0, spec.score + (CONTEXT_BOOST if supported else 0.0))
                spans.append(Span(start, end, spec.label, score, spec.name))
        return spans


CAPITALS = 0.8  # share of upper-case letters that makes a note "in capitals"


def title_cased(text: str) -> str | None:
    """``text`` with every word title-cased, character for character (the same length and
    offsets), when at least 80% of its letters are capitals; else None.

    Notes typed in capitals defeat patterns written for mixed case ("Thanksgiving",
    "Acct No.", "Industries"); their title-cased twin does not.
    """
    cased = [c.isupper() for c in text if c.isalpha() and c.lower() != c.upper()]
    if not cased or sum(cased) < CAPITALS * len(cased):
        return None
    out: list[str] = []
    in_word = False
    for c in text:
        if c.isalpha():
            mapped = c.lower() if in_word else c.upper()
            out.append(mapped if len(mapped) == 1 else c)
            in_word = True
        else:
            out.append(c)
            in_word = in_word and c in "'’"
    return "".join(out)
