"""The sanity layer after the merge: spans that cannot be PHI are dropped, and name spans that
swallow ordinary words are cut back. Its rules are data (``resources/sanity/LANG.toml``).

Rules, in order, for each merged span:

1. no letter and no digit ("-----", "//"): dropped; a span of a label that is always written
   with digits (``digit_labels``: ZIP codes, phone and fax numbers, SSNs) without one
   ("march" as a ZIP code): dropped; a number (``number_labels``: phone, fax, SSN) holding a
   word that is neither an extension word (``number_words``: "ext", "x") nor in capitals
   (1-800-FLOWERS): dropped ("241 Overlook Dr, Roxbury" as a fax number). These shape rules
   also screen the spans before the merge (:func:`screen`), so that a span that cannot be PHI
   does not win an overlap and take a real one with it. The screen also widens a person's
   name that starts or ends inside a word joined by an apostrophe to the whole word (a tagger
   on Liu's tokens reads "O'Brien" as "O", "'", "Brien" and may cut it in two); a possessive
   ("Smith's") is no such word;
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
3. with ``place_kinds`` on, a CITY span that names a US state (or a state code in capitals,
   ``state_codes``, which the word rules leave alone: "VI" is no Roman numeral there)
   or a country, and not one of the cities written like one (``cities_named_like_places``:
   New York, Washington), and not before a state code ("Lebanon, NH" is a town), is
   relabelled STATE or COUNTRY ("moved from Ohio"): models trained
   on addresses read every place after "from" as a city, and a state or country is not a
   HIPAA identifier while a city is.

What it drops or cuts is returned with the spans, as the merge policies record their drops.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources

from phiscrub.configs import loads
from phiscrub.detect.dictionary.gazetteers import gazetteers
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.merge.policies import Dropped

_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")
_HEADING_END = re.compile(r"[ \t]*(?::|\r?\n|$)")
_POSSESSIVE = re.compile(r"[^\W_]['’]s$")
_LETTERS = re.compile(r"[^\W\d_]+")
_STATE_AFTER = re.compile(r"[ \t]*,?[ \t]*[A-Z]{2}(?![^\W\d_])")  # "Lebanon, NH": a town
# a word joined by apostrophes, each part after one of two letters or more ("O'Brien",
# "D'Angelo"; not "Smith's" or "don't")
_JOINED = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]{2,})+(?![^\W\d_])")
_JOINED_REACH = 40  # how far around a span a joined word is looked for


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
    number_labels: frozenset[str] = frozenset()
    number_words: frozenset[str] = frozenset()
    place_kinds: bool = False
    cities_named_like_places: frozenset[str] = frozenset()
    states: frozenset[str] = frozenset()
    state_codes: frozenset[str] = frozenset()
    countries: frozenset[str] = frozenset()
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
    "number_labels",
    "number_words",
    "cities_named_like_places",
    "states",
    "state_codes",
    "countries",
)
_LABEL_LISTS = ("word_labels", "cut_labels", "digit_labels", "number_labels", "state_codes")
_FLAGS = ("drop_without_alphanumerics", "place_kinds")


@cache
def sanity_rules(language: str) -> SanityRules:
    """The built-in rules of ``language`` (``en``)."""
    resource = resources.files("phiscrub") / "resources" / "sanity" / f"{language}.toml"
    try:
        data = loads(resource.read_text(encoding="utf-8"), f"sanity/{language}.toml")
    except FileNotFoundError:
        raise ConfigError(f"no sanity rules for language {language!r}") from None
    unknown = sorted(set(data) - {*_LISTS, *_FLAGS})
    if unknown:
        raise ConfigError(f"sanity/{language}.toml: unknown settings {unknown}")
    lists = {name: frozenset(str(w).lower() for w in data.get(name, ())) for name in _LISTS}
    for name in _LABEL_LISTS:
        lists[name] = frozenset(str(w) for w in data.get(name, ()))
    if data.get("place_kinds", False):  # the gazetteers' states and countries join the lists
        gaz = gazetteers(language)
        lists["states"] |= gaz.states
        lists["state_codes"] |= gaz.state_codes
        lists["countries"] |= gaz.countries
    return SanityRules(
        bool(data.get("drop_without_alphanumerics", True)),
        place_kinds=bool(data.get("place_kinds", False)),
        **lists,
    )


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


def _shaped(text: str, label: str, rules: SanityRules) -> bool:
    """Whether a span of ``label`` reading ``text`` has a shape PHI can have (rule 1)."""
    if rules.drop_without_alphanumerics and not any(c.isalnum() for c in text):
        return False
    if label in rules.digit_labels and not any(c.isdigit() for c in text):
        return False
    if label in rules.number_labels:
        for word in _LETTERS.findall(text):
            masked = set(word.lower()) == {"x"}  # XXX-XX-1234
            if not (masked or word.isupper() or word.lower() in rules.number_words):
                return False
    return True


def screen(
    doc: Document, spans: list[Span], rules: SanityRules
) -> tuple[list[Span], list[Dropped]]:
    """Rule 1 before the merge: the spans whose shape PHI can have (people's names widened to
    the apostrophe-joined words they cut), and a record of each span dropped or widened."""
    kept: list[Span] = []
    dropped: list[Dropped] = []
    for span in spans:
        if not _shaped(doc.span_text(span), span.label, rules):
            dropped.append(Dropped(span, None, "sanity"))
            continue
        whole = _whole_words(doc.text, span) if span.label in rules.cut_labels else span
        if whole is not span:
            dropped.append(Dropped(span, whole, "sanity"))
        kept.append(whole)
    return kept, dropped


def _whole_words(text: str, span: Span) -> Span:
    """``span`` widened to the whole of each apostrophe-joined word it cuts ("O" or "'Brien"
    in "O'Brien" -> "O'Brien")."""
    start, end = span.start, span.end
    low = max(0, start - _JOINED_REACH)
    for word in _JOINED.finditer(text, low, min(len(text), end + _JOINED_REACH)):
        if word.start() == low and low > 0 and text[low - 1].isalpha():
            continue  # the reach cut this word: not a word of its own
        if word.start() < end and word.end() > start:
            start, end = min(start, word.start()), max(end, word.end())
    if (start, end) == (span.start, span.end):
        return span
    return replace(span, start=start, end=end)


def _place_kind(text: str, rules: SanityRules) -> str | None:
    """STATE or COUNTRY for a city span that names one (rule 3), else None."""
    low = " ".join(text.lower().split())
    if low in rules.cities_named_like_places:
        return None
    if low in rules.countries:
        return "COUNTRY"
    if low in rules.states or text in rules.state_codes:
        return "STATE"
    return None


def _checked(doc: Document, span: Span, rules: SanityRules) -> Span | None:
    """The span as the rules leave it: itself, cut back, relabelled, or None (dropped)."""
    text = doc.span_text(span)
    if not _shaped(text, span.label, rules):
        return None
    if rules.place_kinds and span.label == "CITY" and not _STATE_AFTER.match(doc.text, span.end):
        kind = _place_kind(text, rules)
        if kind is not None:
            return span.with_label(kind)
    if span.label not in rules.word_labels or (span.label == "STATE" and text in rules.state_codes):
        return span  # "VI" is the Virgin Islands' code, not a Roman numeral
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
