"""The sanity layer after the merge: spans that cannot be PHI are dropped, and name spans that
swallow ordinary words are cut back. Its rules are data (``resources/sanity/LANG.toml``).

Rules, in order, for each merged span:

1. no letter and no digit ("-----", "//"): dropped; a span of a label that is always written
   with digits (``digit_labels``: ZIP codes, phone and fax numbers, SSNs) without one
   ("march" as a ZIP code): dropped;
2. for name, place and organisation labels (``word_labels``), the words of the span (letters
   and digits, lower-cased):
   * people's names (``cut_labels``) lose credentials and function words at either end
     ("Josephine Crawford RDMS" -> "Josephine Crawford"; "A." is an initial, and a one-word
     name is left alone unless it is a credential: "CC/if" are someone's initials), and are
     cut before the first function word that follows a name word ("MASSEY FOR A GAIN" ->
     "MASSEY") and at a possessive that other words follow ("Yamamoto's INR" -> "Yamamoto");
   * every word a ``never_alone`` word (or, for people, a credential or function word):
     dropped ("Mallampati II", "mildly dyspneic", "MD");
   * every word a ``headings`` word and the span standing as a heading (first on its line,
     then a colon, or the line's end when in capitals): dropped ("Pathology:",
     "INTERNAL MEDICINE").

What it drops or cuts is returned with the spans, as the merge policies record their drops.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from phiscrub.configs import loads
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.merge.policies import Dropped

_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")
_HEADING_END = re.compile(r"[ \t]*(?::|\r?\n|$)")
_POSSESSIVE = re.compile(r"[^\W_]['’]s$")


@dataclass(frozen=True)
class SanityRules:
    """One language's rules (see the module docstring)."""

    drop_without_alphanumerics: bool = True
    word_labels: frozenset[str] = frozenset()
    credentials: frozenset[str] = frozenset()
    never_alone: frozenset[str] = frozenset()
    headings: frozenset[str] = frozenset()
    function_words: frozenset[str] = frozenset()
    cut_labels: frozenset[str] = frozenset()
    digit_labels: frozenset[str] = frozenset()
    filler: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "filler", self.credentials | self.function_words)


_LISTS = (
    "word_labels",
    "credentials",
    "never_alone",
    "headings",
    "function_words",
    "cut_labels",
    "digit_labels",
)
_LABEL_LISTS = ("word_labels", "cut_labels", "digit_labels")


@cache
def sanity_rules(language: str) -> SanityRules:
    """The built-in rules of ``language`` (``en``)."""
    resource = resources.files("phiscrub") / "resources" / "sanity" / f"{language}.toml"
    try:
        data = loads(resource.read_text(encoding="utf-8"), f"sanity/{language}.toml")
    except FileNotFoundError:
        raise ConfigError(f"no sanity rules for language {language!r}") from None
    unknown = sorted(set(data) - {*_LISTS, "drop_without_alphanumerics"})
    if unknown:
        raise ConfigError(f"sanity/{language}.toml: unknown settings {unknown}")
    lists = {name: frozenset(str(w).lower() for w in data.get(name, ())) for name in _LISTS}
    for name in _LABEL_LISTS:
        lists[name] = frozenset(str(w) for w in data.get(name, ()))
    return SanityRules(bool(data.get("drop_without_alphanumerics", True)), **lists)


def _heading(doc: Document, start: int, end: int) -> bool:
    """Whether ``start:end`` stands as a heading: first on its line, and then a colon, or the
    line's end when it is written in capitals ("INTERNAL MEDICINE"; a department alone on a
    line of a letterhead, "Cardiology", is a name)."""
    line_start = doc.text.rfind("\n", 0, start) + 1
    if doc.text[line_start:start].strip():
        return False
    after = _HEADING_END.match(doc.text, end)
    if after is None:
        return False
    return ":" in after.group() or doc.text[start:end].isupper()


def _initial(text: str, word: re.Match) -> bool:
    return len(word.group()) == 1 and text[word.end() : word.end() + 1] == "."


def _checked(doc: Document, span: Span, rules: SanityRules) -> Span | None:
    """The span as the rules leave it: itself, cut back, or None (dropped)."""
    text = doc.span_text(span)
    if rules.drop_without_alphanumerics and not any(c.isalnum() for c in text):
        return None
    if span.label in rules.digit_labels and not any(c.isdigit() for c in text):
        return None
    if span.label not in rules.word_labels:
        return span
    words = list(_WORD.finditer(text))
    lower = [w.group().lower() for w in words]
    person = span.label in rules.cut_labels
    # for people's names: credentials and function words ("A." is an initial) at the ends
    filler = [
        person and w in rules.filler and not _initial(text, m)
        for w, m in zip(lower, words, strict=True)
    ]
    if len(words) == 1:  # a one-word name goes only if it is a credential
        filler = [person and lower[0] in rules.credentials]
    first, last = 0, len(words)
    while first < last and filler[first]:
        first += 1
    while last > first and filler[last - 1]:
        last -= 1
    if first == last:
        return None
    kept = lower[first:last]
    if all(w in rules.never_alone for w in kept):
        return None
    start, end = span.start + words[first].start(), span.start + words[last - 1].end()
    if all(w in rules.headings for w in kept) and _heading(doc, start, end):
        return None
    if person:
        for index in range(first, last):
            function = lower[index] in rules.function_words and not _initial(text, words[index])
            if index > first and function:
                end = span.start + words[index - 1].end()
                break
            if index + 1 < last and _POSSESSIVE.search(lower[index]):
                end = span.start + words[index].end() - 2  # "Yamamoto's INR" -> "Yamamoto"
                break
    if (start, end) == (span.start, span.end):
        return span
    return Span(start, end, span.label, span.score, span.source, span.ann_id)


def apply_sanity(
    doc: Document, spans: list[Span], rules: SanityRules
) -> tuple[list[Span], list[Dropped]]:
    """The spans the rules keep (some cut back), and a record of each span dropped or cut."""
    kept: list[Span] = []
    dropped: list[Dropped] = []
    for span in spans:
        checked = _checked(doc, span, rules)
        if checked is not span:
            dropped.append(Dropped(span, checked, "sanity"))
        if checked is not None:
            kept.append(checked)
    return kept, dropped
