"""The rule detector: regex patterns with context cues and validators, under a time budget."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Set
from functools import lru_cache
from pathlib import Path

import regex

from phiscrub.detect.base import DetectionError, TextMemo
from phiscrub.detect.rules.alarm import OutOfTime, cpu_alarm
from phiscrub.detect.rules.columns import Columns
from phiscrub.detect.rules.near_dates import Anchors
from phiscrub.detect.rules.patterns import Pattern, load_patterns
from phiscrub.detect.rules.prefilter import LiteralIndex, fold
from phiscrub.detect.rules.validators import VALIDATORS
from phiscrub.document import Document, Span, dedupe_spans
from phiscrub.taxonomy import is_hipaa
from phiscrub.text.casing import in_lower_case, title_cased, typed_in_lower_case

CONTEXT_BOOST = 0.05
BUDGET_CHARS = 50_000  # the budget is per this many characters: a 1 MB note gets 20 budgets
WALL_SLACK = 4.0  # a search may take this many times the CPU time left in wall-clock time
_FOUND = TextMemo()  # (patterns' digest, budget, prefilter) and text -> spans, whatever the name
_TITLED = TextMemo()  # the same key and a title-cased twin -> the spans found in it
_CAPITALS = TextMemo()  # the same key and a note in lower case put in capitals -> its spans


class RuleDetector:
    """Finds formulaic PHI with the patterns of a pack (``en``, ``es``) or a TOML file.

    Args:
        patterns: A built-in pack name or a pattern file path (loaded on first use).
        time_budget: CPU seconds all patterns together may spend on 50,000 characters of a
            document (compiling the patterns is not counted; a longer note gets a budget in
            proportion); past it the document fails with :class:`DetectionError` (naming the
            document and the pattern) rather than being passed on half-searched.
        name: The detector's name, the prefix of its spans' ``source``.
        prefilter: Skip a pattern on a note that holds none of the literal strings every
            match of it needs (:mod:`~phiscrub.detect.rules.prefilter`; the spans are the
            same either way, only faster).
    """

    def __init__(
        self,
        patterns: str | Path = "en",
        time_budget: float = 2.0,
        name: str = "rules",
        prefilter: bool = True,
    ) -> None:
        self.source = patterns
        self.time_budget = time_budget
        self.name = name
        self.prefilter = prefilter
        self._patterns: tuple[Pattern, ...] | None = None
        # the patterns read at once, those read after them beside their dates (near_date), and
        # those read last in the columns of the dates found (column)
        self._plain: tuple[Pattern, ...] = ()
        self._near_date: tuple[Pattern, ...] = ()
        self._column: tuple[Pattern, ...] = ()
        self._index = LiteralIndex(())  # every string a pattern's prefilter asks for
        self._memo_key: tuple[str, float, bool] = ("", time_budget, prefilter)

    @property
    def patterns(self) -> tuple[Pattern, ...]:
        if self._patterns is None:
            self._patterns = load_patterns(self.source)
            self._column = tuple(p for p in self._patterns if p.spec.column)
            rest = tuple(p for p in self._patterns if not p.spec.column)
            self._plain = tuple(p for p in rest if p.spec.near_date is None)
            self._near_date = tuple(p for p in rest if p.spec.near_date is not None)
            self._index = _literal_index(
                frozenset(s for p in self._patterns if p.literals for s in p.literals)
            )
            # what the memo knows these patterns by: their content, not the file's path (a
            # pattern file edited between two detectors in one process is another key)
            specs = repr([p.spec for p in self._patterns]).encode("utf-8")
            digest = hashlib.sha256(specs).hexdigest()
            self._memo_key = (digest, self.time_budget, self.prefilter)
        return self._patterns

    @property
    def memo_key(self) -> tuple[str, float, bool]:
        """What results are known by: the patterns' content, the time budget and whether
        the prefilter is on (the same spans either way; kept apart so that a check of that
        compares two searches, not one search and its memo)."""
        self.patterns  # noqa: B018 - loads the patterns and sets the memo key
        return self._memo_key

    def detect(self, doc: Document) -> list[Span]:
        self.patterns  # noqa: B018 - loads the patterns and sets the memo key
        key = (self._memo_key, typed_in_lower_case(doc.metadata))
        found = _FOUND.get(key, doc.text, lambda: self._detect(doc))
        prefix = f"{self.name}:"
        return [Span(s.start, s.end, s.label, s.score, prefix + s.source) for s in found]

    def budget(self, text: str) -> float:
        """CPU seconds the patterns may spend on ``text``: ``time_budget`` per 50,000
        characters, and never less than ``time_budget``."""
        return self.time_budget * max(1.0, len(text) / BUDGET_CHARS)

    def _detect(self, doc: Document) -> tuple[Span, ...]:
        """Spans whose source is the pattern's name alone (the detector's name is added).

        The budget is CPU time, counted after the patterns are compiled, so that a busy machine
        or a cold start does not change which notes go through.
        """
        self.patterns  # noqa: B018 - compiled outside the budget
        clock = _Clock(self.budget(doc.text))
        try:
            with cpu_alarm(clock.budget) as armed:
                clock.armed = armed
                spans = self._search(doc.text, doc.doc_id, clock)
                titled = title_cased(doc.text, always=typed_in_lower_case(doc.metadata))
                if titled is not None:  # a note in capitals or lower case: its title-cased twin
                    # (the same for a note in capitals and its truecased twin: read once)
                    spans += _TITLED.get(
                        self._memo_key,
                        titled,
                        lambda: tuple(self._search(titled, doc.doc_id, clock, titled=True)),
                    )
                if _lower_case(doc):  # read in capitals too, by the patterns written to read
                    # notes in capitals as they stand ("KINNEY DRUGS #47", "EMPLOYER: INLAND
                    # EMPIRE COLD STORAGE LLC"); of what they find, the HIPAA identifiers only
                    # (a hospital's or a service's name in capitals is read too loosely:
                    # "DONOR CLINIC", "THE COUNTY HOSPITAL")
                    capitals = doc.text.upper()
                    if len(capitals) == len(doc.text):  # the same offsets ("ß" is "SS")
                        spans += _CAPITALS.get(
                            self._memo_key,
                            capitals,
                            lambda: tuple(
                                s
                                for s in self._search(capitals, doc.doc_id, clock, capitals=True)
                                if is_hipaa(s.label)
                            ),
                        )
        except OutOfTime:
            raise clock.out_of_time(doc.doc_id) from None
        return tuple(dedupe_spans(spans))

    def _search(
        self, text: str, doc_id: str, clock: _Clock, titled: bool = False, capitals: bool = False
    ) -> list[Span]:
        held = self._index.held(fold(text)) if self.prefilter else frozenset()
        spans = self._run(self._plain, text, held, doc_id, clock, titled, capitals=capitals)
        if not (self._near_date or self._column):
            return spans
        # read beside the days of the dates the other patterns found (day first in a note
        # that writes one of them so)
        days = Anchors.of(text[s.start : s.end] for s in spans if s.label == "DATE")
        if days and self._near_date:
            near_date = self._near_date
            dated = self._run(near_date, text, held, doc_id, clock, titled, days, capitals=capitals)
            if dated:  # once more beside the days it found: a log's first row ("1/13"
                # five weeks before the note's next date, a week before the log's next row)
                days.add(text[s.start : s.end] for s in dated)
                dated = self._run(
                    near_date, text, held, doc_id, clock, titled, days, capitals=capitals
                )
            spans += dated
        if days and self._column:  # in the columns of the dates found
            columns = Columns(text, (s.start for s in spans if s.label == "DATE"))
            if columns:
                spans += self._run(
                    self._column, text, held, doc_id, clock, titled, days, columns, capitals
                )
        return spans

    def _run(
        self,
        patterns: tuple[Pattern, ...],
        text: str,
        held: Set[str],
        doc_id: str,
        clock: _Clock,
        titled: bool,
        days: Anchors | None = None,
        columns: Columns | None = None,
        capitals: bool = False,
    ) -> list[Span]:
        """``patterns``' spans in ``text``: a title-cased twin (``titled``) is read by the
        patterns that read twins; a note in lower case put in capitals (``capitals``) by those
        that do not, which were written to read notes in capitals as they stand."""
        spans: list[Span] = []
        for pattern in patterns:
            if (titled and not pattern.spec.capitals) or (pattern.spec.twin_only and not titled):
                continue
            if capitals and pattern.spec.capitals:
                continue  # the twin's reading
            if self.prefilter and not pattern.may_match_held(held):
                continue  # the note holds none of the strings every match needs
            clock.pattern = pattern.name
            if clock.armed:  # the CPU alarm stops a runaway search
                matches = list(pattern.compiled.finditer(text))
            else:
                matches = self._timed(pattern, text, doc_id, clock)
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
                if spec.near_date is not None and (
                    days is None or not days.near(text[start:end], spec.near_date)
                ):
                    continue
                if spec.column and (columns is None or not columns.aligned(start)):
                    continue
                score = min(1.0, spec.score + (CONTEXT_BOOST if supported else 0.0))
                spans.append(Span(start, end, spec.label, score, spec.name))
        return spans

    @staticmethod
    def _timed(pattern: Pattern, text: str, doc_id: str, clock: _Clock) -> list[regex.Match]:
        """``pattern``'s matches in ``text``, searched under the regex module's timeout (where
        the CPU alarm cannot be used)."""
        while True:
            remaining = clock.remaining()
            try:
                if remaining <= 0:
                    raise TimeoutError
                return list(pattern.compiled.finditer(text, timeout=remaining * WALL_SLACK))
            except TimeoutError:
                if clock.remaining() > 0:
                    continue  # the wall clock ran out on a busy machine, not the CPU budget
                raise clock.out_of_time(doc_id) from None


@lru_cache(maxsize=16)
def _literal_index(strings: frozenset[str]) -> LiteralIndex:
    """One index for detectors with the same patterns' strings (it is built once)."""
    return LiteralIndex(strings)


class _Clock:
    """CPU time left of a budget, whether the CPU alarm keeps it, and the pattern searching."""

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self.started = time.process_time()
        self.armed = False
        self.pattern = ""

    def remaining(self) -> float:
        return self.budget - (time.process_time() - self.started)

    def out_of_time(self, doc_id: str) -> DetectionError:
        """The error of a document whose patterns ran past the budget (its name and the
        pattern's, never its text)."""
        return DetectionError(
            f"document {doc_id!r}: rule patterns ran past their "
            f"{self.budget:g} s CPU budget (at pattern {self.pattern!r})"
        )


def _lower_case(doc: Document) -> bool:
    """Whether ``doc`` is a note typed in lower case (its capitals restored or not)."""
    return typed_in_lower_case(doc.metadata) or in_lower_case(doc.text)
