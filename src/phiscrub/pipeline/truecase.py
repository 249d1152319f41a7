"""Capitals restored to a note typed all in lower case, for the detectors to read.

Clinicians' queries, chat exports and some pipelines' notes come all in lower case ("pt
emmalin caniff seen at watsonton medical center"), and the models and patterns learned that
names are capitalised. The detectors read a twin of such a note, letter for letter, with the
capitals English would write: the first word of a line or sentence, listed names and places
that are not common words, rare words, months, weekdays and titles, a given name or an initial
between a title and a name ("Mr Con Papadopoulos"), a surname on no list after a listed given
name ("Wendell Mbeki"), the words that head a named
place or company after a name ("Watsonton Medical Center"), street suffixes after a house
number and a name, abbreviations, identifiers and postcodes in capitals ("MRN", "A97883022",
"8754321WA", "G51 1LE") and the region's code before a postcode ("ON M4N 3M5"). The
lists are data, in ``resources/truecase/{language}.toml``; a language without one is left as
it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from phiscrub.configs import loads
from phiscrub.detect.dictionary.gazetteers import Gazetteers, gazetteers
from phiscrub.errors import ConfigError
from phiscrub.merge.sanity import sanity_rules
from phiscrub.text.casing import in_lower_case
from phiscrub.text.frequency import zipf

__all__ = ["line_capitals", "truecased"]

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_PREFIXED = re.compile(r"(?:[od]['’]|mc)[^\W\d_]{2}")  # a surname's prefix: O'Neil, McKay
_SENTENCE_START = re.compile(r"(?:[.!?][ \t]+|\n[ \t]*|[:|][ \t]*)$")
_NUMBER_AFTER = re.compile(r"[ \t]+\d")
_IDENTIFIER_DIGITS = re.compile(r"\d{4,}(?![^\W_])")
_ZIP_AFTER = re.compile(r"[ ,]+\d{5}(?!\d)")
_STATE_ZIP_AFTER = re.compile(r",[ ]?([a-z]{2})[ ,]+\d{5}(?!\d)")
_GAP_AFTER = re.compile(r"\.|,|[ \t]{2,}|[ \t]*(?:\n|$)")
_HOUSE_NUMBER = re.compile(r"\d[ \t]+(?:[^\W\d_][\w'’-]*[ \t]+){1,3}$")
# a house number and a numbered street before the street's type ("715 s 8th st")
_ORDINAL_STREET = re.compile(
    r"(?<![\w/.-])\d{1,6}[ \t]+(?:[nsew]{1,2}\.?[ \t]+)?\d{1,3}(?:st|nd|rd|th)[ \t]+$"
)
# a street's line before a comma: its house number, its words, its type and a point of the
# compass ("1000 w carson st, "); group 1 is the type
_STREET_LINE_BEFORE = re.compile(
    r"(?<![\w/.-])\d{1,6}[a-z]?[ \t]+(?:[\w'’.-]+[ \t]+){1,4}?([a-z]+)\.?"
    r"(?:[ ](?:n|s|e|w|ne|nw|se|sw)\.?)?,[ ]?$"
)
_DASHED = re.compile(r"(?<![\w-])[^\W_]+(?:-[^\W_]+)+(?![\w-])")
_PREFIXES = frozenset({"pre", "post", "mid", "non", "anti", "sub", "semi", "ex"})


def _identifier(token: str) -> bool:
    """``token`` (letters and digits joined by dashes) is an identifier written in capitals:
    three digits at least and a letter, no word's prefix before its first dash ("post-2010",
    "mid-2020s"), and each part letters of four at most, digits, or both in two to six
    characters ("hh-88120-04", "roi-2130-11873", "1eg4-te5-mk72")."""
    parts = token.split("-")
    if sum(c.isdigit() for c in token) < 3 or not any(c.isalpha() for c in token):
        return False
    if parts[0].lower() in _PREFIXES:
        return False
    for part in parts:
        letters = sum(c.isalpha() for c in part)
        if letters == len(part) and letters > 4:
            return False
        if 0 < letters < len(part) and not 2 <= len(part) <= 6:
            return False
    return True


@dataclass(frozen=True)
class _Casing:
    upper: frozenset[str]
    titles: frozenset[str]
    capitalised: frozenset[str]
    before_number: frozenset[str]
    month_leads: frozenset[str]
    place_leads: frozenset[str]
    heads: frozenset[str]
    pre_heads: frozenset[str]
    street_suffixes: frozenset[str]
    street_leads: frozenset[str]
    named_streets: frozenset[str]
    not_street_words: frozenset[str]
    ordinary_towns: frozenset[str]
    rare_below: int
    frequent_from: int
    gaz: Gazetteers
    language: str
    name_fields: re.Pattern[str] | None = None
    name_runs: re.Pattern[str] | None = None
    clinical_endings: tuple[str, ...] = ()
    line_capitals: tuple[str, ...] = ()

    def named(self, low: str) -> int:
        """2 for a rare word or a listed name or place that is not a frequent word; 1 for a
        listed name that is also a frequent word ("rose", "frank", "hall": a name only beside
        another name or after a title); 0 for other words, and for a rare word on no list that
        ends as clinical words do (the sanity rules' ``clinical_endings``) or is a frequent word
        after "re", "un" or "pre" (``_prefixed_word``). A possessive is 2 where its name is
        ("phil's wife")."""
        if low.endswith(("'s", "’s")) and len(low) > 4 and self.named(low[:-2]) == 2:
            return 2
        gaz = self.gaz
        if gaz.is_common(low):
            return 0
        if gaz.is_name(low) or low in gaz.cities or low in gaz.towns:
            return 1 if zipf(low, self.language) >= self.frequent_from else 2
        if len(low) >= CLINICAL_LENGTH and low.endswith(self.clinical_endings):
            return 0  # a rare clinical word: "erythematous", "rehydration", "ondansetron"
        if _prefixed_word(low, self.language):
            return 0  # a frequent word made again or undone: "reorder", "recheck", "unclamp"
        return 2 if len(low) > 2 and zipf(low, self.language) < self.rare_below else 0

    def place(self, words: str) -> bool:
        """``words`` (lower case, one space apart) name a listed city or town."""
        return words in self.gaz.cities or words in self.gaz.towns


@cache
def _casing(language: str) -> _Casing | None:
    resource = resources.files("phiscrub") / "resources" / "truecase" / f"{language}.toml"
    try:
        data = loads(resource.read_text(encoding="utf-8"), f"truecase/{language}.toml")
    except FileNotFoundError:
        return None
    lists = {
        name: frozenset(str(w).lower() for w in data.get(name, ()))
        for name in (
            "upper",
            "titles",
            "capitalised",
            "before_number",
            "month_leads",
            "place_leads",
            "heads",
            "pre_heads",
            "street_suffixes",
            "street_leads",
            "named_streets",
            "not_street_words",
            "ordinary_towns",
        )
    }
    fields = sorted((str(f) for f in data.get("name_fields", ())), key=len, reverse=True)
    leads = sorted((str(f) for f in data.get("name_leads", ())), key=len, reverse=True)
    verbs = sorted((str(f) for f in data.get("patient_verbs", ())), key=len, reverse=True)
    return _Casing(
        **lists,
        rare_below=int(data["rare_below"]),
        frequent_from=int(data["frequent_from"]),
        gaz=gazetteers(language),
        language=language,
        name_fields=_field_pattern(fields) if fields else None,
        name_runs=_run_pattern(leads, verbs) if leads or verbs else None,
        clinical_endings=_clinical_endings(language),
        line_capitals=tuple(str(w) for w in data.get("line_capitals", ())),
    )


def line_capitals(language: str) -> tuple[str, ...]:
    """The abbreviations a line typed in lower case may still write in capitals in
    ``language`` (its casing lists' ``line_capitals``; none without lists)."""
    casing = _casing(language)
    return casing.line_capitals if casing is not None else ()


_WORD_PREFIXES = ("re", "un", "pre")
PREFIXED_ZIPF = 4
"""How frequent in English (rounded) a word must be to make, after "re", "un" or "pre", a rare
word that is no name ("reorder", "recheck", "unclamp"; not "Reagan", "Preston", "Remy")."""


def _prefixed_word(low: str, language: str) -> bool:
    """``low`` is a frequent word of three letters or more after "re", "un" or "pre"."""
    return language == "en" and any(
        low.startswith(p)
        and len(low) - len(p) >= 3
        and zipf(low[len(p) :], language) >= PREFIXED_ZIPF
        for p in _WORD_PREFIXES
    )


CLINICAL_LENGTH = 6
"""The shortest rare word that a clinical ending keeps in lower case (as the sanity rules)."""


def _clinical_endings(language: str) -> tuple[str, ...]:
    """The endings of clinical words in ``language``'s sanity rules (none without rules)."""
    try:
        rules = sanity_rules(language)
    except ConfigError:
        return ()
    return tuple(sorted(rules.clinical_endings | rules.lower_clinical_endings))


_NAME_WORD = r"[^\W\d_][\w'’-]*"
_NAME_WORDS = rf"{_NAME_WORD}(?:[ ]{_NAME_WORD}){{0,2}}"


def _field_pattern(fields: list[str]) -> re.Pattern[str]:
    """A person's field, its colon and the name after it up to the field's end: a bar, a
    semicolon, a line's end, a column's gap, a full stop, or a comma before a birth date, an
    age or a number ("patient: doha folks | mrn", "name: bridson, zak r    mr#")."""
    names = "|".join(re.escape(f).replace("\\ ", "[ ]") for f in fields)
    return re.compile(
        rf"(?<![\w])(?:{names})[ \t]*:[ \t]*(?P<n>{_NAME_WORDS}(?:,[ ]?{_NAME_WORDS})?)"
        r"(?=[ \t]*(?:[|;\n]|$)|[ ]{2}|\t|\.(?:[ ]|$)|,[ ]?(?:born|dob|d\.o\.b|age|mrn|\d))"
    )


def _run_pattern(leads: list[str], verbs: list[str]) -> re.Pattern[str]:
    """A name of one or two words in a sentence: after a word that hands something to someone
    (``name_leads``: "family update given to memory stilley."), up to a stop, a comma, a bar or
    the line's end; or after "patient" and before a verb (``patient_verbs``: "patient hamlet
    yellock was reviewed")."""
    pair = rf"{_NAME_WORD}(?:[ ]{_NAME_WORD})?"
    heads = "|".join(re.escape(f).replace("\\ ", "[ ]") for f in leads) or "(?!)"
    tails = "|".join(re.escape(f) for f in verbs) or "(?!)"
    return re.compile(
        rf"(?<![\w])(?:{heads})[ ](?P<n>{pair})(?=[ ]*(?:[.,;|\n]|$))"
        rf"|(?<![\w])(?:patient|pt)[ ](?P<m>{_NAME_WORD}[ ]{_NAME_WORD})(?=[ ](?:{tails})\b)"
    )


def _street_names(
    text: str, words: list[re.Match[str]], lows: list[str], casing: _Casing
) -> set[int]:
    """The starts of the words of a street named without a house number after a word that
    says where ("lives on palisade avenue", "off holcomb bridge rd"): one to three words, none
    a function word or a word that says what kind of road it is ("on a quiet street", "along
    the dirt road"), then one of ``named_streets`` (suffixes that no other phrase ends in:
    not "dr", "ct" or "way"; "st" not before a name, where it is a saint). The suffix is
    capitalised too."""
    starts: set[int] = set()
    for k, low in enumerate(lows):
        if low not in casing.named_streets:
            continue
        before_word = k + 1 < len(lows) and text[words[k].end() : words[k + 1].start()] == " "
        if low == "st" and before_word and lows[k + 1] not in casing.not_street_words:
            continue  # "ssm health st mary's": a saint before a name
        for size in (1, 2, 3):
            lead = k - size - 1
            if lead < 0:
                break
            name = range(lead + 1, k + 1)
            if any(lows[j] in casing.not_street_words for j in name[:-1]):
                break
            if not all(text[words[j - 1].end() : words[j].start()] == " " for j in name):
                break
            if lows[lead] in casing.street_leads:
                starts.update(words[j].start() for j in name)
                break
    return starts


def _field_names(text: str, casing: _Casing) -> set[int]:
    """The starts of the words of each name after a person's field (``name_fields``) that
    holds a word that is not a common word ("patient: doha folks |"; not "contact: none."),
    or in a sentence after a lead or between "patient" and a verb (``name_runs``) that holds a
    rare word or a listed name that is no frequent word ("given to memory stilley."; not
    "given to pharmacy.", "discussed with john,")."""
    starts: set[int] = set()
    if casing.name_fields is not None:
        for match in casing.name_fields.finditer(text):
            words = list(_WORD.finditer(text, *match.span("n")))
            if any(not casing.gaz.is_common(w.group().lower()) for w in words):
                starts.update(w.start() for w in words)
    if casing.name_runs is not None:  # in a sentence: a rare word or an unmistakable name
        for match in casing.name_runs.finditer(text):
            words = list(_WORD.finditer(text, *match.span(match.lastgroup or "n")))
            if any(casing.named(w.group().lower()) == 2 for w in words):
                starts.update(w.start() for w in words)
    return starts


def _beside_name(
    text: str,
    words: list[re.Match[str]],
    lows: list[str],
    kinds: list[int],
    k: int,
    titles: frozenset[str],
) -> bool:
    """Word ``k`` follows a title ("dr frank") or stands one space from another name word
    ("rose hall"; not "john, frank blood"), or a hyphen from a rare or unmistakable one
    ("adeyemi-brown"; not "brown-black")."""
    if k > 0:
        between = text[words[k - 1].end() : words[k].start()]
        if lows[k - 1] in titles and between in (" ", ". "):
            return True
        if (kinds[k - 1] and between == " ") or (kinds[k - 1] == 2 and between == "-"):
            return True
    if k + 1 == len(words):
        return False
    between = text[words[k].end() : words[k + 1].start()]
    return (kinds[k + 1] > 0 and between == " ") or (kinds[k + 1] == 2 and between == "-")


def _initial(
    text: str, words: list[re.Match[str]], lows: list[str], k: int, casing: _Casing
) -> bool:
    """Word ``k`` is a letter alone, then a stop and a listed name: an initial ("b. o'connell";
    not "e. coli")."""
    start, end = words[k].span()
    if end - start != 1 or k + 1 == len(words) or (start and text[start - 1].isalnum()):
        return False
    return (
        words[k + 1].start() == end + 2
        and text[end : end + 2] == ". "
        and casing.gaz.is_name(lows[k + 1])
    )


TITLED_GIVEN_ZIPF = 5
"""How frequent in English a word between a title and a name may be and still be read as a
given name ("mr con papadopoulos"; not "dr was harrington")."""


def _given_after_title(
    text: str,
    words: list[re.Match[str]],
    lows: list[str],
    kinds: list[int],
    k: int,
    casing: _Casing,
) -> bool:
    """Word ``k`` stands between a title and a rare or unmistakable name: a given name or an
    initial, even one that is a word ("mrs p. oyelaran", "mr con papadopoulos"; not "dr at
    harrisonburg", "dr was harrington")."""
    if k == 0 or k + 1 == len(words) or lows[k - 1] not in casing.titles:
        return False
    if text[words[k - 1].end() : words[k].start()] not in (" ", ". "):
        return False
    low = lows[k]
    if len(low) > 1 and (
        low in casing.gaz.common_words or zipf(low, casing.language) >= TITLED_GIVEN_ZIPF
    ):
        return False
    gap = text[words[k].end() : words[k + 1].start()]
    return kinds[k + 1] == 2 and gap in ((" ", ". ") if len(low) == 1 else (" ",))


_INFLECTIONS = ("s", "ed", "ing", "ly")
COMPOUND_ZIPF = 4
"""How frequent in English (rounded) each of two words of three letters or more must be to
make a word that is no surname ("underpass", "overnight")."""


def _english_form(low: str, language: str) -> bool:
    """``low`` ends as an English verb or adverb does, or is two frequent English words run
    together ("endorses", "underpass")."""
    if language != "en":
        return False
    if low.endswith(_INFLECTIONS):
        return True
    return any(
        zipf(low[:i], language) >= COMPOUND_ZIPF and zipf(low[i:], language) >= COMPOUND_ZIPF
        for i in range(3, len(low) - 2)
    )


def _surname_after_given(
    text: str,
    words: list[re.Match[str]],
    lows: list[str],
    kinds: list[int],
    k: int,
    casing: _Casing,
) -> bool:
    """Word ``k``, of three letters or more, on no list and no frequent word of the language
    nor a clinical or a prefixed one, follows a listed given name one space before it: a
    surname ("check if wendell mbeki got"; not "maria reports", "wendell tachypneic",
    "barrett endorses", "blanchard underpass")."""
    low = lows[k]
    if k == 0 or kinds[k] != 0 or len(low) < 3 or casing.gaz.is_common(low):
        return False
    if len(low) >= CLINICAL_LENGTH and low.endswith(casing.clinical_endings):
        return False
    if _prefixed_word(low, casing.language) or _english_form(low, casing.language):
        return False
    return (
        kinds[k - 1] == 2
        and casing.gaz.is_first_name(lows[k - 1])
        and text[words[k - 1].end() : words[k].start()] == " "
    )


def _name_by_its_neighbours(
    text: str,
    words: list[re.Match[str]],
    lows: list[str],
    kinds: list[int],
    k: int,
    casing: _Casing,
) -> bool:
    """Word ``k`` is part of a name by the words beside it: an initial before a listed name
    (``_initial``), a given name after a title (``_given_after_title``) or a surname after a
    given name (``_surname_after_given``)."""
    return (
        _initial(text, words, lows, k, casing)
        or _given_after_title(text, words, lows, kinds, k, casing)
        or _surname_after_given(text, words, lows, kinds, k, casing)
    )


def _trailing_initial(text: str, start: int, end: int, low: str) -> bool:
    """The word at ``start``-``end``, after a name, is a letter alone before a stop, a comma,
    a gap or the line's end: the name's initial ("elisabeth r   mr#", "travis j."; not "a")."""
    return end - start == 1 and low != "a" and _GAP_AFTER.match(text, end) is not None


def _placed(
    text: str,
    words: list[re.Match[str]],
    lows: list[str],
    kinds: list[int],
    k: int,
    casing: _Casing,
    after_name: str | bool,
) -> bool:
    """Word ``k`` is a listed place where it stands as one: after a name and a comma
    ("scheurer hospital, cairo": ``after_name`` is what stands between), after a place's lead
    ("in reading" for a frequent name, "from duluth" for a place that is a word, if a rare
    one, of the language, or a large town's name that is no ordinary word: "in fargo", "from
    plymouth"; not "in reading"), after a street's line and a comma ("715 s 8th st, minneapolis"),
    before a place's head ("cornwall transit authority"), or before a state's code and a ZIP
    code ("monroe st., chicago, il 60603")."""
    low, end = lows[k], words[k].end()
    if not casing.place(low):
        return False
    if after_name == ", ":
        return True
    street = _STREET_LINE_BEFORE.search(text, max(0, words[k].start() - 70), words[k].start())
    if street is not None and street.group(1) in casing.street_suffixes:
        return True  # after a street's line ("1000 w carson st, torrance")
    # a frequent name, or a place that is a rare word too ("from duluth"; not "to bath"), or a
    # large town's name that is no ordinary word ("in fargo")
    placeable = kinds[k] == 1 or (
        kinds[k] == 0
        and (
            zipf(low, casing.language) <= casing.rare_below
            or (low in casing.gaz.large_towns and low not in casing.ordinary_towns)
        )
    )
    led = placeable and k > 0 and lows[k - 1] in casing.place_leads
    if led and text[words[k - 1].end() : words[k].start()] == " ":
        return True
    headed = k + 1 < len(words) and lows[k + 1] in casing.heads
    if headed and text[end : words[k + 1].start()] == " ":
        return True
    state = _STATE_ZIP_AFTER.match(text, end)
    return state is not None and state.group(1).upper() in casing.gaz.state_codes


def _month(text: str, words: list[re.Match[str]], lows: list[str], k: int, casing: _Casing) -> bool:
    """A month that is also a verb ("may") used as a month: before a number ("may 5") or
    after a word that leads to a date ("in march", "since may")."""
    if _NUMBER_AFTER.match(text, words[k].end()):
        return True
    return k > 0 and lows[k - 1] in casing.month_leads and text[words[k - 1].end()] == " "


def _kinds(text: str, words: list[re.Match[str]], lows: list[str], casing: _Casing) -> list[int]:
    """``_Casing.named`` of each word, and 2 for each word of a listed place of two or three
    words ("sioux city") written one space apart, or after a saint's, a fort's or a mount's
    short form and its stop ("st. paul", "st louis", "ft. lauderdale")."""
    kinds = [casing.named(low) for low in lows]
    for k in range(len(words) - 1):
        for size in (3, 2):
            if k + size > len(words):
                continue
            place = " ".join(lows[k : k + size])
            written = text[words[k].start() : words[k + size - 1].end()].lower()
            if written == place and casing.place(place):
                kinds[k : k + size] = [2] * size
                break
            # one short form, not the last word ("st. paul", "port st. lucie")
            shortened = lows[k + size - 1] not in _SHORT_FORMS and (
                sum(low in _SHORT_FORMS for low in lows[k : k + size - 1]) == 1
            )
            if shortened and _short_place(written, lows[k : k + size], casing):
                kinds[k : k + size] = [2] * size
                break
    return kinds


# a saint's, a fort's and a mount's short forms, and the ways a listed place spells them
_SHORT_FORMS = {
    "st": ("st.", "saint"),
    "ste": ("ste.", "sainte"),
    "ft": ("ft.", "fort"),
    "mt": ("mt.", "mount"),
}


def _short_place(written: str, lows: list[str], casing: _Casing) -> bool:
    """``written`` (``lows`` one space apart, or a stop and a space after a short form) is a
    listed place with a short form written in either way ("st paul" as "st. paul", "ft.
    lauderdale" as "fort lauderdale")."""
    rest = written
    for low in lows[:-1]:
        if not rest.startswith(low):
            return False
        rest = rest[len(low) :]
        gap = ". " if low in _SHORT_FORMS and rest.startswith(". ") else " "
        if not rest.startswith(gap):
            return False
        rest = rest[len(gap) :]
    if rest != lows[-1]:
        return False
    spellings = [""]
    for low in lows:
        options = (low, *_SHORT_FORMS.get(low, ()))
        spellings = [f"{s} {o}".lstrip() for s in spellings for o in options]
    return any(casing.place(spelling) for spelling in spellings)


def _identifiers(text: str) -> bytearray:
    """1 where the letters of an identifier joined by dashes are (``_identifier``), else 0."""
    marks = bytearray(len(text))
    for match in _DASHED.finditer(text):
        if _identifier(match.group()):
            marks[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    return marks


# a token of letters and digits (not a handle or a hashtag: "@amymartin3334", "@ 13eap13"),
# and the second half of a British, Canadian or Irish postcode after its first ("g51 1le")
_ALPHANUMERIC = re.compile(
    r"(?<![\w@#-])(?<![@#][ ])(?=[^\W_]*\d)(?=[^\W_]*[^\W\d_])[^\W_]+(?![\w-])"
)
_POSTCODE = re.compile(
    r"(?<![\w-])(?:[a-z]{1,2}\d[a-z\d]?[ ]\d[a-z]{2}|[a-z]\d[a-z][ ]\d[a-z]\d"
    r"|[a-z]\d{2}[ ][a-z\d]{4})(?![\w-])"
)
# a number with a unit, an ordinal or a time's letters ("500mg", "2nd", "10am", "q6h" is no
# identifier: too few digits)
_MEASURE = re.compile(
    r"\d+(?:st|nd|rd|th|am|pm|mg|mcg|ml|kg|g|l|iu|u|cm|mm|m|km|lbs?|oz|hrs?|h|mins?|s|secs?|d"
    r"|wks?|mos?|yrs?|y|yo|x|meq|mmol|f|c|k|bpm|mmhg)"
)


def _alphanumerics(text: str, marks: bytearray) -> None:
    """Marks (``marks``, as ``_identifiers``) a postcode's letters, and those of a token of
    five characters or more with three digits and a letter that is no measure ("1hgcv1f34ma
    012345", "8754321wa", "52d1045578"; not "500mg", "hba1c")."""
    for match in _POSTCODE.finditer(text):
        marks[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    for match in _ALPHANUMERIC.finditer(text):
        token = match.group()
        digits = sum(c.isdigit() for c in token)
        if len(token) >= 5 and digits >= 3 and not _MEASURE.fullmatch(token):
            marks[match.start() : match.end()] = b"\x01" * (match.end() - match.start())


_PROVINCES = frozenset(
    ["ab", "bc", "mb", "nb", "nl", "ns", "nt", "nu", "on", "pe", "qc", "sk", "yt"]
)
_AUSTRALIAN_STATES = frozenset(["nsw", "vic", "qld", "sa", "wa", "tas", "nt", "act"])
_CANADIAN_POSTCODE_AFTER = re.compile(r",?[ ]+[a-z]\d[a-z][ ]?\d[a-z]\d(?![\w-])")
_AUSTRALIAN_POSTCODE_AFTER = re.compile(r",?[ ]+\d{4}(?![\w-])")


def _region_before_postcode(text: str, low: str, end: int) -> bool:
    """``low`` (ending at ``end``) is a Canadian province's code before a Canadian postcode, or
    an Australian state's before four digits ("on m4n 3m5", "nsw 2050")."""
    return (low in _PROVINCES and _CANADIAN_POSTCODE_AFTER.match(text, end) is not None) or (
        low in _AUSTRALIAN_STATES and _AUSTRALIAN_POSTCODE_AFTER.match(text, end) is not None
    )


_STATE_CLAUSE_END = re.compile(r"[ \t]*(?:[).;,:]|\n|$)")
STATE_WORD_ZIPF = 5
"""How frequent in English a state's code may be and still be capitalised after a town and a
comma before another word ("tampa, fl last year"; "boston, me and" is a pronoun)."""


def _state_after_place(
    text: str, words: list[re.Match[str]], lows: list[str], k: int, casing: _Casing
) -> bool:
    """The word ``k`` is a US state's code after a listed town of one to three words and a
    comma ("moved to tampa, fl last year", "(fort myers, fl)"): a code that is a frequent word
    ("me", "or", "in", "ma") only where its clause ends after it."""
    low = lows[k]
    if k == 0 or len(low) != 2 or low.upper() not in casing.gaz.state_codes:
        return False
    if text[words[k - 1].end() : words[k].start()] not in (", ", ","):
        return False
    end = words[k].end()
    if zipf(low, casing.language) >= STATE_WORD_ZIPF and not _STATE_CLAUSE_END.match(text, end):
        return False
    for size in (1, 2, 3):
        if k - size < 0:
            break
        first = words[k - size].start()
        place = " ".join(lows[k - size : k])
        if text[first : words[k - 1].end()].lower() == place and casing.place(place):
            return True
    return False


def _code(text: str, start: int, end: int) -> bool:
    """The word at ``start``-``end`` is three letters at most before four digits or more, at a
    word's start ("a97883022")."""
    return (
        end - start <= 3
        and (start == 0 or not text[start - 1].isalnum())
        and _IDENTIFIER_DIGITS.match(text, end) is not None
    )


def truecased(text: str, language: str) -> str | None:
    """``text`` with English capitals restored, letter for letter, when it is all in lower
    case (``in_lower_case``) and ``language`` has casing lists; else None."""
    casing = _casing(language)
    if casing is None or not in_lower_case(text):
        return None
    out = list(text)

    def capitalise(start: int, end: int) -> None:
        for i in range(start, end):
            upper = out[i].upper()
            if len(upper) == 1:
                out[i] = upper

    words = list(_WORD.finditer(text))
    lows = [match.group().lower() for match in words]
    identifier = _identifiers(text)
    _alphanumerics(text, identifier)
    kinds = _kinds(text, words, lows, casing)
    fielded = _field_names(text, casing) | _street_names(text, words, lows, casing)
    previous_end, previous_named, previous_head = 0, False, False
    for k, match in enumerate(words):
        start, end = match.span()
        low = lows[k]
        named = False
        if identifier[start] or low in casing.upper or _code(text, start, end):
            capitalise(start, end)  # "mrn", "a97883022", "roi-2130-11873"
        elif (
            len(low) == 2 and low.upper() in casing.gaz.state_codes and _ZIP_AFTER.match(text, end)
        ) or _region_before_postcode(text, low, end):
            capitalise(start, end)  # "ia 51104", "on m4n 3m5", "nsw 2050"
        elif _state_after_place(text, words, lows, k, casing):
            capitalise(start, end)  # "tampa, fl last year"
        else:
            beside = kinds[k] == 1 and _beside_name(text, words, lows, kinds, k, casing.titles)
            between = text[previous_end:start]
            place = _placed(text, words, lows, kinds, k, casing, previous_named and between)
            named = kinds[k] == 2 or beside or place or start in fielded
            after_name = previous_named and between == " "
            # a head after another and "&" ("ferncliff nursing & rehab")
            joined = previous_head and between == " & " and low in casing.heads
            head = joined or (
                after_name
                and (
                    low in casing.heads
                    or (
                        low in casing.pre_heads
                        and k + 1 < len(words)
                        and lows[k + 1] in casing.heads
                        and text[end : words[k + 1].start()] == " "
                    )
                    or (
                        low in casing.street_suffixes
                        and _HOUSE_NUMBER.search("".join(out[max(0, start - 60) : start]))
                    )
                )
            )
            head = head or (
                low in casing.street_suffixes
                and _ORDINAL_STREET.search(text, max(0, start - 30), start) is not None
            )
            if (
                named
                or head
                or low in casing.capitalised
                or low in casing.titles
                or (low in casing.before_number and _month(text, words, lows, k, casing))
                or _name_by_its_neighbours(text, words, lows, kinds, k, casing)
                or (previous_named and between == " " and _trailing_initial(text, start, end, low))
                or start == 0
                or _SENTENCE_START.search(text, max(0, start - 8), start)
            ):
                capitalise(start, start + 1)
                if named and _PREFIXED.match(low):
                    capitalise(start + 2, start + 3)  # "o'neil" -> "O'Neil", "mcdonald"
            previous_head = head
            named = named or head
        previous_end, previous_named = end, named
    return "".join(out)
