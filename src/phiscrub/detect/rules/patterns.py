"""Pattern files: rules as data (TOML), checked when loaded.

A pattern file holds ``[[pattern]]`` tables::

    [[pattern]]
    name = "nhc"                        # unique in the file
    label = "ID_SUJETO_ASISTENCIA"      # the label its spans get
    regex = '(?:NHC|CIPA)\\s*:\\s*(?P<phi>\\d{4,10})'  # the span is group "phi" if present
    ignore_case = false
    score = 0.95
    context = ["historia"]              # cue words; with require_context, the nearest cue
    negative_context = ["hace"]         #   before the match (within `window` characters)
    window = 40                         #   must be a positive one; without it, a negative
    require_context = false             #   cue alone drops the match
    validator = "date_numeric"          # optional, see validators.py
    capitals = true                     # also search a note in capitals title-cased (false
                                        #   where capitals are the pattern's evidence)
    twin_only = false                   # search only that title-cased twin (of a note in
                                        #   capitals or typed in lower case), where other
                                        #   patterns read a note in mixed case
    near_date = 31                      # keep a match (read as month/day) only within this
                                        #   many days of a date the other patterns found in
                                        #   the note (see near_dates.py)
    column = true                       # keep a match only where such a date stands in its
                                        #   column of a table, close above or below it (see
                                        #   columns.py); read after the near_date patterns

An optional ``[define]`` table names regex fragments that patterns use as ``${NAME}``
(``MONTH = '(?:Jan(?:uary)?|...)'``), so that a long alternation is written once; a fragment
may use the fragments defined before it.

Regexes run on the ``regex`` module with a time limit, so a pattern that backtracks badly on
hostile input fails the document instead of hanging the run.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import regex
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from phiscrub.configs import loads, validated
from phiscrub.detect.rules.prefilter import required_literals
from phiscrub.detect.rules.start_guard import guarded
from phiscrub.detect.rules.validators import VALIDATORS
from phiscrub.errors import ConfigError

BUILTIN = ("en", "es")


class PatternSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    label: str = Field(min_length=1)
    regex: str = Field(min_length=1)
    ignore_case: bool = False
    score: float = Field(default=0.9, gt=0.0, le=1.0)
    context: tuple[str, ...] = ()
    negative_context: tuple[str, ...] = ()
    window: int = Field(default=40, ge=1, le=400)
    require_context: bool = False
    validator: str | None = None
    capitals: bool = True
    twin_only: bool = Field(default=False, strict=True)
    near_date: int | None = Field(default=None, ge=1, le=183)
    column: bool = Field(default=False, strict=True)

    @field_validator("validator")
    @classmethod
    def _known_validator(cls, value: str | None) -> str | None:
        if value is not None and value not in VALIDATORS:
            raise ValueError(f"unknown validator {value!r}; known: {sorted(VALIDATORS)}")
        return value

    @model_validator(mode="after")
    def _twin_read(self) -> PatternSpec:
        if self.twin_only and not self.capitals:
            raise ValueError("twin_only needs capitals = true (the twin is what it reads)")
        return self

    @field_validator("regex")
    @classmethod
    def _compiles(cls, value: str) -> str:
        try:
            regex.compile(value, regex.VERSION0)
        except regex.error as exc:
            raise ValueError(f"regex does not compile: {exc}") from None
        return value


def _cue_regex(words: tuple[str, ...]) -> regex.Pattern | None:
    if not words:
        return None
    alternatives = "|".join(regex.escape(w) for w in sorted(words, key=len, reverse=True))
    return regex.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", regex.IGNORECASE)


@dataclass(frozen=True)
class Pattern:
    """A compiled pattern (see the module docstring for the fields)."""

    spec: PatternSpec
    compiled: regex.Pattern
    cues: regex.Pattern | None
    negative_cues: regex.Pattern | None
    literals: frozenset[str] | None = None
    """Case-folded strings one of which a note must hold for a match (None: run on every
    note); see :mod:`phiscrub.detect.rules.prefilter`."""

    def may_match(self, folded: str) -> bool:
        """False when the note (case-folded) cannot hold a match of this pattern."""
        return self.literals is None or any(s in folded for s in self.literals)

    def may_match_held(self, held: Set[str]) -> bool:
        """``may_match`` for a note that holds the strings ``held`` of a
        :class:`~phiscrub.detect.rules.prefilter.LiteralIndex` that has this pattern's."""
        return self.literals is None or not self.literals.isdisjoint(held)

    @property
    def name(self) -> str:
        return self.spec.name

    def context_allows(self, text: str, start: int) -> tuple[bool, bool]:
        """Whether the context keeps a match at ``start``, and whether a positive cue is near.

        The nearest cue before the match decides: a positive one supports it, a negative one
        drops it.
        """
        low = max(0, start - self.spec.window)
        window = text[low:start]
        last_pos = (
            max((m.end() for m in self.cues.finditer(window)), default=-1) if self.cues else -1
        )
        last_neg = (
            max((m.end() for m in self.negative_cues.finditer(window)), default=-1)
            if self.negative_cues
            else -1
        )
        supported = last_pos > last_neg
        if last_neg > last_pos:
            return False, False
        if self.spec.require_context and not supported:
            return False, False
        return True, supported


def _compile(spec: PatternSpec) -> Pattern:
    flags = regex.VERSION0 | (regex.IGNORECASE if spec.ignore_case else 0)
    return Pattern(
        spec,
        regex.compile(guarded(spec.regex, spec.ignore_case), flags),
        _cue_regex(spec.context),
        _cue_regex(spec.negative_context),
        required_literals(spec.regex),
    )


_PLACEHOLDER = regex.compile(r"\$\{(\w+)\}")


def _expand(entry: object, defines: dict[str, str], where: str) -> object:
    if not isinstance(entry, dict) or not isinstance(entry.get("regex"), str):
        return entry

    def fill(match: regex.Match) -> str:
        if match.group(1) not in defines:
            raise ConfigError(f"{where}: ${{{match.group(1)}}} is not in [define]")
        return defines[match.group(1)]

    return {**entry, "regex": _PLACEHOLDER.sub(fill, entry["regex"])}


def _defines(data: dict, origin: str) -> dict[str, str]:
    """The ``[define]`` fragments, each with the ones defined before it filled in
    (``LINE_POSTCODE`` may use ``${EIRCODE}``)."""
    defines = data.get("define", {})
    if not isinstance(defines, dict) or not all(isinstance(v, str) for v in defines.values()):
        raise ConfigError(f"{origin}: [define] must map names to regex strings")
    filled: dict[str, str] = {}
    for name, value in defines.items():

        def fill(match: regex.Match, name: str = name) -> str:
            if match.group(1) not in filled:
                raise ConfigError(
                    f"{origin}: [define] {name} uses ${{{match.group(1)}}}, "
                    "which is not defined before it"
                )
            return filled[match.group(1)]

        filled[name] = _PLACEHOLDER.sub(fill, value)
    return filled


def parse_patterns(text: str, origin: str) -> tuple[Pattern, ...]:
    """Patterns from the TOML ``text`` of a file called ``origin`` (used in errors)."""
    data = loads(text, origin)
    unknown = set(data) - {"pattern", "meta", "define"}
    if unknown:
        raise ConfigError(f"{origin}: unknown top-level keys {sorted(unknown)}")
    entries = data.get("pattern", [])
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{origin}: no [[pattern]] tables")
    defines = _defines(data, origin)
    patterns: list[Pattern] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        where = f"{origin}: pattern {index + 1}"
        if isinstance(entry, dict) and "name" in entry:
            where += f" ({entry['name']})"
        spec = validated(PatternSpec, _expand(entry, defines, where), where)
        if spec.name in seen:
            raise ConfigError(f"{where}: the name {spec.name!r} is used twice")
        seen.add(spec.name)
        patterns.append(_compile(spec))
    return tuple(patterns)


@cache
def builtin_patterns(name: str) -> tuple[Pattern, ...]:
    """A pattern pack shipped with phiscrub (``en`` or ``es``)."""
    if name not in BUILTIN:
        raise ConfigError(f"no built-in pattern pack {name!r}; expected one of {BUILTIN}")
    path = resources.files("phiscrub") / "resources" / "patterns" / f"{name}.toml"
    return parse_patterns(path.read_text(encoding="utf-8"), f"patterns/{name}.toml")


def load_patterns(source: str | Path) -> tuple[Pattern, ...]:
    """A built-in pack by name, or a pattern file by path."""
    if isinstance(source, str) and source in BUILTIN:
        return builtin_patterns(source)
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read pattern file ({exc.strerror})") from None
    return parse_patterns(text, str(path))
