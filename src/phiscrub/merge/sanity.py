"""The sanity layer after the merge: spans that cannot be PHI are dropped, and name spans that
swallow ordinary words are cut back. Its rules are data (``resources/sanity/LANG.toml``).

Rules, in order, for each merged span:

0. the span is first cut into pieces, each weighed on its own: a name's, place's or
   organisation's span at the column gaps it crosses (for a person a tab, two spaces and
   more, a bar; for a place or an organisation three spaces and more, two tabs, a bar: a
   place may be typed with two spaces or a tab); these and a vehicle's or a device's
   (``field_split_labels``) at the fields' names they read across ("Ferreira FIRST: Joao",
   "Agency: Cranston Fire Department"; a field's name in sentence case goes whole: "Sleep
   center:"; a handle before a colon stays); a name's, place's or organisation's at a
   closing bracket that nothing opens inside it ("2023-1187), sponsor ..."), the clause in
   lower case after it dropped ("Ludmila) visited 1400-1630");
1. no letter and no digit ("-----", "//"): dropped; a span of a label that is always written with
   digits (``digit_labels``: ZIP codes, phone and fax numbers, SSNs) without one ("march" as a ZIP
   code): dropped; a plate (``capital_code_labels``) of one word with no digit and a lower-case
   letter ("Language: French"): dropped; a number (``number_labels``: phone, fax, SSN) holding a
   word that is neither an extension word (``number_words``: "ext", "x") nor in capitals
   (1-800-FLOWERS): dropped ("241 Overlook Dr, Roxbury" as a fax number), unless both are a number
   said digit by digit (``digit_words``: "six one seven, five five five..."); a name, an institution
   or a town (``clock_labels``) opening with a time or a count and then a clause's break or a
   function word: dropped ("0250. LKW 2330", "0300 on PSV"). These shape rules also screen the spans
   before the merge (:func:`screen`), so that a span that cannot be PHI does not win an overlap and
   take a real one with it. A span that is wholly a clinical notation (``notations``, regular
   expressions: gravidity and parity "G3P2002", TNM stages "pT2N1M0"), also after the tail of "y/o"
   ("o G4P1"), is dropped whatever its label. The screen also widens a person's name that starts or
   ends inside a word joined by an apostrophe to the whole word (a tagger on Liu's tokens reads
   "O'Brien" as "O", "'", "Brien" and may cut it in two), or inside any word ("Shawn" in "DeShawn");
   a possessive ("Smith's") is no such word. A DATE in any case with no digit and no word of
   ``date_words`` or ``date_names`` (months, seasons, holidays) is dropped ("file", "PARACETAMOL,
   INTRAVENOUS"; such a DATE that is a listed name in title case or capitals is a person's: "clinic
   (Linda)"), and so is a DATE whose digits all stand in words of letters and digits that no date is
   written as, with no such word beside them ("MLH1, PMS2, MSH2": genes; not "3rd", "1990s",
   "12Mar2024"), and a DATE ending in a comma and a lower-case word that names no day or month loses
   them ("born 1942-12-28, identifier" -> "1942-12-28"). A code or number (``code_labels``: IDs,
   record numbers, phone numbers) loses the lower-case words at its ends when the rest holds a digit
   ("H12345678 expired" -> "H12345678"; not a plate's letters in a note typed in lower case:
   "tag pc 44192"), before its shape is checked. An EMAIL without "@" (or
   "[at]", " at ") or with a spaced "@" and no domain after it, a URL with a space or with
   neither a dot nor a slash: dropped ("Edinburgh EH16 4SA", "RT @ name", "Depot. Employer:
   Acme"). A person's span crossing a column gap (a tab, two spaces and
   more, a bar) is split into its pieces ("Beth      Nakamura", "Hall 3 | Nguyen"), before the merge
   and again after it (which may widen a name over one); a person's span that is a ``room_words``
   word and a code is relabelled ROOM ("Ward 7B"), and one that ends in a ``place_heads`` word
   LOCATION-OTHER ("Oakhurst Elementary"), one of two words or more that ends in a ``company_heads``
   word ORGANIZATION ("Brewster Ambulance"); a street that is a number and a point of the compass
   alone is a ward, ROOM ("6 West"), and so is a person's compass point after a floor's number
   ("floor 6 North"); a name's or place's span that is a time of day after "at", "@", "time in" or a
   date is dropped ("@ 2347" read as a name), and so is a trial's number after its registry's prefix
   ("NCT04567891"), any code after its code system's name ("CPT 72148"), and one that holds a time
   of day ("Transport 02:39  At"); one that is a year alone is a DATE ("(Worcester) 2061"); a
   place's or organisation's span of one unlisted word with a colon right after it is a field's
   name, dropped ("Adjuster:"; not a hashtag: "#ISIS:");
2. for name, place and organisation labels (``word_labels``), the words of the span (letters
   and digits, lower-cased):
   * people's names (``cut_labels``) lose credentials and function words at either end ("Josephine
     Crawford RDMS" -> "Josephine Crawford"; "A." is an initial, and a one-word name is left alone
     unless it is a credential: "CC/if" are someone's initials), and are cut before the first
     function word that follows a name word ("MASSEY FOR A GAIN" -> "MASSEY"), or in capitals before
     two frequent words on no name list ("LEMOINE RELATES INTERMITTENT" -> "LEMOINE") and at a
     possessive that other words follow ("Yamamoto's INR" -> "Yamamoto");
   * a person's span that is a field read on from a name ("Dx: CAP"; one unlisted word with
     a colon right after it: "Pharm:") is dropped; one loses a piece between spaced dashes
     with no listed name and no word in title case ("FYI - kim" -> "kim"), and a frequent
     lower-case or heading word before a comma ("Medicine, Farragut" -> "Farragut");
   * places and organisations (``clause_labels``) end before a word of a clause after a
     capitalised word (not an organisation or a hospital that a pattern read in the
     title-cased twin of a note typed in lower case: "Fairview Home infusion" of the restored
     text) (``clause_words`` or any frequent lower-case word but ``name_inside``,
     street and room words: "Somerville with hx of CHF" -> "Somerville"; in capitals, a
     ``clause_verbs`` word: "ELKTON PUBLIC LIBRARY REPORTING WHEEZE"; at a street type's stop
     before a frequent word on no name or place list: "Bridge St. Conflict" -> "Bridge St"),
     keeping a listed place after the cut as a span of its own ("... has said Ireland"), and
     start after a store's number before a comma, a sentence's verb (``lead_verbs``:
     "Attended UMass Boston") or a frequent capitalised word and a ``lead_words`` word
     ("Employed by Raytheon"); in a mixed-case note, one of frequent lower-case words on no
     place list is dropped ("flu 10/2103");
   * every word a ``never_alone`` or ``relations`` word, or a number or function word beside
     them (or, for people, a credential): dropped ("Mallampati II", "mildly dyspneic", "MD",
     "Grandmother", "Hemoglobin 11", "OSA on CPAP"); a span of any label that is one of
     ``capital_abbreviations`` in capitals (a number after it or not) in a note in mixed case,
     with no title before it: dropped ("How many ED visits", "father MI at 58", "for PEG
     placement", "Triage: ESI 2"; "Ed" stays); a place's or an
     institution's span of titles and roles alone (``name_prefixes``: "Chaplain Rev",
     "Officer"): dropped;
     every word a nationality (``demonyms``, or a country's name with an ending on no name
     list: "Cambodian"): dropped, unless a listed name stands after a title or before no
     lower-case word ("Dr. French"); a person's span that a ``makers`` word starts and no
     listed name follows: dropped ("Zimmer NexGen"), and so is one of a maker's name alone
     that no name list holds ("Medtronic");
   * a person's name ending in an eponym (the gazetteers' list) before a word that makes it
     one (``eponym_heads``: "test", "sign", "grade"), or made of eponyms each after the sign
     of an exam's finding ("+ hawkins, + neer"): dropped ("Allen test");
   * every word a ``headings`` word and the span standing as a heading (first on its line,
     then a colon, or the line's end when in capitals): dropped ("Pathology:",
     "INTERNAL MEDICINE"); wherever it stands, unless a department or a hospital, when every
     word is a heading word longer than three letters ("Cardiology fellow" read as a town);
   * a person's span: without a letter, a number of four digits or more (IDNUM) or nothing ("Medic
     7"); running on into a digit or out of one, nothing ("SpO" of "SpO2", "VD" of "3VD"; not a
     handle); one frequent unlisted word after a numbered item's mark at a line's start, nothing
     ("3. Cognition"); ending in a genus's initial before its species, cut before it ("CFU/mL E.
     coli"); a sentence's end inside it keeps it from being relabelled an institution;
   * a place or organisation whose every word is a ``date_words`` word (a weekday, its
     abbreviations): relabelled DATE ("Tues" read as a town; a person's name is left alone:
     "Dr. Sun"), and so is a person's span of two such words and numbers ("Wed 930, Fri");
   * a place or organisation with a sentence's end inside it after a lower-case word
     ("tandem and heel-toe normal. Fugl-Meyer"), or a STREET in lower case with no digit and
     no ``street_words`` word ("delayed recall"): dropped;
   * with ``lower_case_names_listed`` on, a person's name in lower case none of whose words
     is on the gazetteers' name lists, after a determiner or made of words at least
     ``word_zipf`` frequent in the language: dropped ("the creatinine", "metastatic
     pancreatic"; "her brother ryan" is kept, and so are rare lower-case words without a
     determiner, as tweets write names).
   * with ``lower_case_names_listed`` on, a person's name with a word ending in one of
     ``clinical_endings`` and no word on the name lists: dropped ("Prostatic
     adenocarcinoma"); and a name is cut before a frequent lower-case word after a
     capitalised one or a name word in lower case ("Astrid, ovarian" -> "Astrid", "dr.
     whitcombe rounded" -> "whitcombe"; not before ``name_particles``: "Soto del Barco") and
     before a credential in capitals inside it ("Ni Bhriain MRCP, Consultant"); what is left
     that is only ``never_alone`` words or an eponym before its head is dropped ("Todd
     paralysis" cut to "Todd"); a name also ends before one of ``medicines`` ("Ibrahim
     Tylenol" -> "Ibrahim") or ``tests`` ("BEATRIZ OLMOS INR" -> "BEATRIZ OLMOS").
3. with ``place_kinds`` on, a CITY span that names a US state (or a state code in capitals,
   ``state_codes``, which the word rules leave alone: "VI" is no Roman numeral there)
   or a country, and not one of the cities written like one (``cities_named_like_places``:
   New York, Washington), and not before a state code ("Lebanon, NH" is a town), is
   relabelled STATE or COUNTRY ("moved from Ohio"): models trained
   on addresses read every place after "from" as a city, and a state or country is not a
   HIPAA identifier while a city is. So is a span of the other ``place_kind_labels``
   (hospital, organisation, department) that is only a state's or country's full name.
4. (checked before 2 and 3) a person's name or a place (``institution_labels``) that names
   a hospital, clinic or care home becomes HOSPITAL (not a HIPAA identifier in i2b2's
   scheme): a run that a head word follows, widened over it ("Spaulding" + " Rehab";
   ``institution_heads``), one after a capitalised head and "of" ("Royal Infirmary of
   Edinburgh"), a listed institution known by its name alone
   (``institutions``: "Kaiser Permanente"), or a run of two words or more ending in a head
   ("Beth Israel Deaconess") or in an end word (``institution_ends``: "Mercy General")
   with no capitalised word after it; a run ending in a head, a dash and its site ("Baptist
   Health Medical Center-Stuttgart"), one that "Hospital" starts as Spanish names them
   ("Hospital Menonita Ponce"), and a place or organisation that a listed institution starts
   before its site ("Ochsner St Mary"). One that is an insurer, a pharmacy chain or a
   laboratory known by its name alone (``organizations``: "UnitedHealthcare") becomes
   ORGANIZATION. One that is the value of a field, at its line's start or after a bar, takes
   the field's kind: HOSPITAL after ``hospital_fields`` ("Facility: Saint Joseph East"; not a
   prison's name, ``custody_heads``: "Facility: Wabash Valley Correctional Facility"),
   ORGANIZATION after ``organization_fields`` ("Employer: Raytheon"), keeping the extent the
   head words give it. Before that, a person's span after an age written "N-year-old" (units
   in ``age_units``) and capitalised words is a PROFESSION, ending before a lower-case word
   ("a 76-year-old Auto Electrician at ..."): names stand before an age, jobs after it.

What it drops or cuts is returned with the spans, as the merge policies record their drops.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from itertools import pairwise

from phiscrub.configs import loads
from phiscrub.detect.dictionary.gazetteers import Gazetteers, gazetteers, latin_form
from phiscrub.detect.dictionary.name_words import says_how, unlisted_relative_name
from phiscrub.detect.rules.validators import TRIAL_REGISTRATION
from phiscrub.document import Document, Span, has_overlaps
from phiscrub.errors import ConfigError
from phiscrub.merge.policies import Dropped, merge_spans
from phiscrub.text.casing import typed_in_lower_case
from phiscrub.text.frequency import load_frequencies, zipf

_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")
_HEADING_END = re.compile(r"[ \t]*(?::|\r?\n|$)|(?:\t|[ ]{2,})(?=\S)")
_POSSESSIVE = re.compile(r"[^\W_]['’]s$")
_LETTERS = re.compile(r"[^\W\d_]+")
# an identifier after a state's code: a token with a digit, no ZIP code ("ID XKJ448190221")
_TWO_CAPITALS = re.compile(r"[A-Z]{2}")
_NUMBER_WORD_AFTER = re.compile(r"[ \t]+(?i:number|no\.|no\b)")
_ID_AFTER = re.compile(r"[ \t]*[#:]?[ \t]*(?!\d{5}(?:-\d{4})?(?![\w-]))(?=[\w-]*\d)[^\W_][\w-]{3,}")
_STATE_AFTER = re.compile(r"[ \t]*,?[ \t]*[A-Z]{2}(?![^\W\d_])")  # "Lebanon, NH": a town
# a word joined by apostrophes, each part after one of two letters or more ("O'Brien",
# "D'Angelo"; not "Smith's" or "don't")
_JOINED = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]{2,})+(?![^\W\d_])")
_JOINED_REACH = 40  # how far around a span a joined word is looked for
_NEXT_WORD = re.compile(r"(?:['’]s?)?[ ]+([^\W\d_]+)")  # "Allen test", "Wilson's disease"
# heads that make a run before them an institution only when they end it ("Lahey Health"),
# not when they follow a name ("Jane Smith Health Care Proxy")
_LOOSE_HEADS = frozenset({"health", "medical", "healthcare", "health care", "children's"})
_COMPANY_HEADS = _LOOSE_HEADS | {"associates"}
"""Heads that end the names of companies too: an organisation ending in one stays one."""
_WORD_AT = re.compile(r"[\w'’-]+")
_NEXT_WORDS = re.compile(r"[ ]+([^\W\d_][\w'’-]*)(?:[ ][\w'’-]+){0,2}")
# a determiner just before a word: what follows is a thing, not a person ("the creatinine")
_DETERMINER_BEFORE = re.compile(r"\b(?i:the|a|an|this|that|these|those|its|some|any)[ ]+$")
# Words that a full stop abbreviates without ending a sentence, inside a person's name.
_ABBREVIATIONS = frozenset(
    {"dr", "mr", "mrs", "ms", "st", "jr", "sr", "prof", "rev", "hon"}
    | {"apt", "ste", "ave", "rd", "blvd", "ul", "no", "dept", "co", "inc", "ltd", "fl", "mt"}
    | {"mass", "conn", "penn", "wash", "calif", "mich", "minn", "wisc", "tenn"}  # "Mass. General"
)
_TITLE_BEFORE = re.compile(r"(?i:\b(?:dr|mr|mrs|ms|miss|prof|doctor))\.?[ ]+$")


@dataclass(frozen=True)
class SanityRules:
    """One language's rules (see the module docstring)."""

    drop_without_alphanumerics: bool = True
    word_labels: frozenset[str] = frozenset()
    credentials: frozenset[str] = frozenset()
    id_cues: frozenset[str] = frozenset()
    """Cues of an identifier, cut from the end of a person's name span as credentials are
    ("ANASTASIA PETROVA SSN 412-88-9034" read with the cue)."""
    never_alone: frozenset[str] = frozenset()
    capital_abbreviations: frozenset[str] = frozenset()
    """Abbreviations that are given names too: a person's span of one in capitals in a note in
    mixed case is dropped ("ED visits", "father MI"; "Ed" stays)."""
    headings: frozenset[str] = frozenset()
    function_words: frozenset[str] = frozenset()
    cut_labels: frozenset[str] = frozenset()
    digit_labels: frozenset[str] = frozenset()
    capital_code_labels: frozenset[str] = frozenset()
    """Labels of codes written in capitals and digits: a span of one of them that is one word
    with no digit and a lower-case letter is dropped ("Language: French" read as a plate; a
    vanity plate is "LUVMYCAT")."""
    clock_labels: frozenset[str] = frozenset()
    """Labels no span of which opens with a time or a count and then a clause's break or a
    function word ("0250. LKW 2330", "0410; TNK", "0300 on PSV" read as names)."""
    number_labels: frozenset[str] = frozenset()
    number_words: frozenset[str] = frozenset()
    digit_words: frozenset[str] = frozenset()
    """The digits' names: a span of ``digit_labels`` or ``number_labels`` whose words are seven
    of these or more is a number said digit by digit ("six one seven, five five five...")."""
    code_labels: frozenset[str] = frozenset()
    field_split_labels: frozenset[str] = frozenset()
    name_prefixes: frozenset[str] = frozenset()
    honorifics: frozenset[str] = frozenset()
    place_kinds: bool = False
    place_kind_labels: frozenset[str] = frozenset({"CITY"})
    cities_named_like_places: frozenset[str] = frozenset()
    states: frozenset[str] = frozenset()
    state_codes: frozenset[str] = frozenset()
    countries: frozenset[str] = frozenset()
    institution_labels: frozenset[str] = frozenset()
    institution_heads: frozenset[str] = frozenset()
    institution_ends: frozenset[str] = frozenset()
    institutions: frozenset[str] = frozenset()
    organizations: frozenset[str] = frozenset()
    date_words: frozenset[str] = frozenset()
    date_names: frozenset[str] = frozenset()
    street_words: frozenset[str] = frozenset()
    relations: frozenset[str] = frozenset()
    never_in_dates: frozenset[str] = frozenset()
    clinical_endings: frozenset[str] = frozenset()
    name_particles: frozenset[str] = frozenset()
    eponym_heads: frozenset[str] = frozenset()
    eponyms: frozenset[str] = frozenset()
    place_heads: frozenset[str] = frozenset()
    """Last words that make a person's span a place, LOCATION-OTHER: a school or a house of
    worship ("Oakhurst Elementary")."""
    company_heads: frozenset[str] = frozenset()
    """Last words that make a person's span of two words or more an ORGANIZATION: a company
    or a service ("Brewster Ambulance", "Weis Pharmacy")."""
    custody_heads: frozenset[str] = frozenset()
    """Last words of a place that holds people in custody: an ORGANIZATION, not a place of
    care, though a field for one names it ("Facility: Wabash Valley Correctional Facility")."""
    makers: frozenset[str] = frozenset()
    """Makers of devices and implants: a person's span that one starts and no listed name
    follows is a device's make and model ("Medtronic Azure", "Zimmer NexGen"), dropped."""
    demonyms: frozenset[str] = frozenset()
    """What people of a country are called where the name lists cannot tell ("French",
    "Filipino"); the regular forms ("Cambodian", "Haitian") are read off the countries."""
    clause_labels: frozenset[str] = frozenset()
    """Labels of places and organisations, whose spans end before a word of a clause."""
    clause_words: frozenset[str] = frozenset()
    """Lower-case words that no place's or organisation's name holds: a span of
    ``clause_labels`` ends before the first of them after a capitalised word ("Somerville
    with hx of CHF" -> "Somerville"), and so before any frequent lower-case word but
    ``name_inside`` ("Port-au-Prince and speaks Creole" -> "Port-au-Prince")."""
    clause_verbs: frozenset[str] = frozenset()
    """Verbs (lower case) that open a clause in a note in capitals too: such a span ends before
    the first of them written in capitals ("ELKTON PUBLIC LIBRARY REPORTING WHEEZE" ->
    "ELKTON PUBLIC LIBRARY")."""
    name_inside: frozenset[str] = frozenset()
    """Lower-case words inside such names ("Bank of America", "Meals on Wheels"), never at
    their end."""
    lead_verbs: frozenset[str] = frozenset()
    """Capitalised verbs that open a sentence, never a place's or an organisation's name: such
    a span starts after one ("Attended UMass Boston" -> "UMass Boston")."""
    query_verbs: frozenset[str] = frozenset()
    """Verbs that open a clinician's query or order before a person's name ("Summarize
    Bernadette Okoye's discharge"): such a span starts after one, at a line's or a sentence's
    start, when no name list holds it."""
    lead_words: frozenset[str] = frozenset()
    """Lower-case words after which such a span starts when a frequent capitalised word on
    no name list stands before them ("Employed by Raytheon" -> "Raytheon")."""
    room_words: frozenset[str] = frozenset()
    """Words that name a ward, room or bed before its code: a person's span that is one of
    them and a code is a ROOM ("Ward 7B")."""
    hospital_fields: frozenset[str] = frozenset()
    """Fields whose value is a place of care ("Facility:", "Laboratory:"): a name or place
    span (of ``institution_labels``) right after one, at a line's start or after a bar, is a
    HOSPITAL."""
    organization_fields: frozenset[str] = frozenset()
    """Fields whose value is an organisation ("Employer:"): such a span after one is an
    ORGANIZATION."""
    clinical_fields: frozenset[str] = frozenset()
    """Fields whose value is clinical ("Assessment:", "Discharge medication:"): a name,
    place or organisation span right after one and its colon (or after them and a verb of
    ``clinical_verbs``, or after an earlier item of its list), with no word on the name or
    place lists, is dropped ("ASSESSMENT: ATOPIC ECZEMA", "PLAN: CONTINUE EMOLLIENT,
    TOPICAL")."""
    clinical_leads: frozenset[str] = frozenset()
    """Words that open a list of findings without a colon ("reporting", "symptoms
    included"), read as ``clinical_fields``."""
    clinical_verbs: frozenset[str] = frozenset()
    """Verbs of a plan that may stand between a clinical field and its value ("continue")."""
    age_units: frozenset[str] = frozenset()
    """Units of an age written "N-year-old" ("year", "month"): a person's span right after
    such an age, capitalised words between, is what the person does, a PROFESSION ("a
    76-year-old Auto Electrician", "an 87-year-old Carpenter"); names stand before an age."""
    medicines: frozenset[str] = frozenset()
    """Medicines written capitalised; a person's name ends before one ("give Ibrahim
    Tylenol")."""
    tests: frozenset[str] = frozenset()
    """Tests and vital signs a query names after a patient: a person's name ends before one,
    as before a medicine ("WHAT IS BEATRIZ OLMOS INR" -> "BEATRIZ OLMOS")."""
    lower_clinical_endings: frozenset[str] = frozenset()
    """Endings of anatomical and clinical words ("-inal", "-usion") that drop a person's span
    in lower case in a note in mixed case ("inguinal"); surnames end so in capitals."""
    person_verbs: frozenset[str] = frozenset()
    """Verbs of what a person does ("said", "refuses"): a frequent word opening a sentence
    before one may be a name ("Obama said"), before anything else it is none ("Mesh was
    placed")."""
    notations: re.Pattern[str] | None = None
    """Clinical notations a span may not wholly be, as one pattern (``None``: none)."""
    age_after_name: re.Pattern[str] | None = None
    """What follows a patient's name when it is their age (and sex), matched right at the
    name's end with the age as group ``age`` ("Ms. Carrow 96F", "Olufemi Balogun 44M"; see
    :func:`phiscrub.merge.ages.ages_after_names`); ``None``: no such ages."""
    names: Gazetteers | None = field(default=None, repr=False)
    """With it, a person's name in lower case is kept only if one of its words is on the
    name lists ("the creatinine" read as a name is no name; "her brother ryan" is one)."""
    word_zipf: int = 0
    """With ``names``, a lower-case person's name none of whose words is on the name lists
    is also dropped without a determiner when every word is at least this frequent in the
    language (wordfreq's Zipf scale; 0: never): "metastatic pancreatic", "hospice"."""
    known_zipf: int = 0
    """With ``names``, a place's or an organisation's span in lower case in a note written
    in mixed case, none of whose words is on the name or place lists, is dropped when every
    word (past function words) is at least this frequent (0: never): "hospitalist", "at
    outside hospital". A person's is not: "ok per delacroix" may be a name typed in haste."""
    language: str = "en"
    filler: frozenset[str] = field(init=False)
    date_vocabulary: frozenset[str] = field(init=False)
    """``date_words`` and ``date_names`` together (made once)."""

    def __post_init__(self) -> None:
        filler = self.credentials | self.function_words | self.id_cues
        object.__setattr__(self, "filler", filler)
        object.__setattr__(self, "date_vocabulary", self.date_words | self.date_names)

    def date_word(self, word: str) -> bool:
        """``word`` names a day, month, season or holiday, in any case, alone or in the plural
        ("Sundays")."""
        low = word.lower()
        vocabulary = self.date_vocabulary
        return low in vocabulary or (low.endswith("s") and low[:-1] in vocabulary)

    def ordinary_words(self, words: Sequence[str]) -> bool:
        """Every one of ``words`` is at least ``word_zipf`` frequent and longer than two
        letters (never with 0): "cc/if" are someone's initials."""
        return self.word_zipf > 0 and all(
            len(w) > 2 and zipf(w, self.language) >= self.word_zipf for w in words
        )

    def known_words(self, words: Sequence[str]) -> bool:
        """Some of ``words`` are not function words, and each of those is at least
        ``known_zipf`` frequent and longer than two letters (never with 0)."""
        content = [w for w in words if w not in self.function_words and w not in self.lead_words]
        return (
            self.known_zipf > 0
            and bool(content)
            and all(len(w) > 2 and zipf(w, self.language) >= self.known_zipf for w in content)
        )


_LISTS = (
    "word_labels",
    "credentials",
    "id_cues",
    "never_alone",
    "capital_abbreviations",
    "headings",
    "function_words",
    "cut_labels",
    "digit_labels",
    "capital_code_labels",
    "clock_labels",
    "number_labels",
    "number_words",
    "digit_words",
    "code_labels",
    "field_split_labels",
    "name_prefixes",
    "honorifics",
    "place_kind_labels",
    "cities_named_like_places",
    "states",
    "state_codes",
    "countries",
    "eponym_heads",
    "eponyms",
    "medicines",
    "tests",
    "person_verbs",
    "lower_clinical_endings",
    "room_words",
    "clause_words",
    "clause_verbs",
    "demonyms",
    "makers",
    "clause_labels",
    "name_inside",
    "lead_words",
    "lead_verbs",
    "query_verbs",
    "place_heads",
    "company_heads",
    "custody_heads",
    "institution_labels",
    "institution_heads",
    "institution_ends",
    "institutions",
    "organizations",
    "date_words",
    "date_names",
    "street_words",
    "relations",
    "never_in_dates",
    "clinical_endings",
    "name_particles",
    "hospital_fields",
    "organization_fields",
    "clinical_fields",
    "clinical_leads",
    "clinical_verbs",
    "age_units",
)
_LABEL_LISTS = (
    "word_labels",
    "cut_labels",
    "digit_labels",
    "capital_code_labels",
    "clock_labels",
    "number_labels",
    "code_labels",
    "field_split_labels",
    "institution_labels",
    "state_codes",
    "clause_labels",
    "place_kind_labels",
)
_FLAGS = (
    "drop_without_alphanumerics",
    "place_kinds",
    "lower_case_names_listed",
    "word_zipf",
    "known_zipf",
)


@cache
def sanity_rules(language: str) -> SanityRules:
    """The built-in rules of ``language`` (``en``)."""
    resource = resources.files("phiscrub") / "resources" / "sanity" / f"{language}.toml"
    try:
        data = loads(resource.read_text(encoding="utf-8"), f"sanity/{language}.toml")
    except FileNotFoundError:
        raise ConfigError(f"no sanity rules for language {language!r}") from None
    unknown = sorted(set(data) - {*_LISTS, *_FLAGS, "notations", "age_after_name"})
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
    if lists["eponym_heads"]:  # and the gazetteers' eponyms ("Gleason")
        lists["eponyms"] |= gazetteers(language).eponyms
    if int(data.get("word_zipf", 0)) > 0:
        load_frequencies(language)
    return SanityRules(
        bool(data.get("drop_without_alphanumerics", True)),
        place_kinds=bool(data.get("place_kinds", False)),
        names=gazetteers(language) if data.get("lower_case_names_listed", False) else None,
        notations=_notations(data.get("notations", ()), language),
        age_after_name=_age_after_name(data.get("age_after_name"), language),
        word_zipf=int(data.get("word_zipf", 0)),
        known_zipf=int(data.get("known_zipf", 0)),
        language=language,
        **lists,
    )


def _notations(patterns: object, language: str) -> re.Pattern[str] | None:
    """The ``notations`` list as one compiled alternation (``None`` when empty)."""
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        raise ConfigError(f"sanity/{language}.toml: notations must be a list of strings")
    if not patterns:
        return None
    try:
        return re.compile("|".join(f"(?:{p})" for p in patterns))
    except re.error as error:
        raise ConfigError(f"sanity/{language}.toml: notations: {error}") from None


def _age_after_name(pattern: object, language: str) -> re.Pattern[str] | None:
    """The ``age_after_name`` pattern compiled (``None`` when absent); it must name its
    ``age`` group."""
    if pattern is None:
        return None
    where = f"sanity/{language}.toml: age_after_name"
    if not isinstance(pattern, str):
        raise ConfigError(f"{where} must be a string")
    try:
        compiled = re.compile(pattern)
    except re.error as error:
        raise ConfigError(f"{where}: {error}") from None
    if "age" not in compiled.groupindex:
        raise ConfigError(f"{where} has no group named 'age'")
    return compiled


def _heading(doc: Document, start: int, end: int) -> bool:
    """Whether ``start:end`` stands as a heading: first on its line, and then a colon, or the
    line's end or a column's gap when it is written in capitals ("INTERNAL MEDICINE",
    "OPHTHALMOLOGY CLINIC   Visit 07/07"; a department alone on a line of a letterhead,
    "Cardiology", is a name)."""
    line_start = doc.text.rfind("\n", 0, start) + 1
    if doc.text[line_start:start].strip():
        return False
    after = _HEADING_END.match(doc.text, end)
    if after is None:
        return False
    return ":" in after.group() or doc.text[start:end].isupper()


_DAY_LIST_BEFORE = re.compile(r"([^\W\d_]+)/\Z")
_DAY_LIST_AFTER = re.compile(r"/([^\W\d_]+)")


def _in_day_list(text: str, start: int, end: int, rules: SanityRules) -> bool:
    """Whether a weekday word at ``start``-``end`` has another joined to it by a slash
    ("Mon/Wed/Fri"), as a schedule lists days; "Dr. Sun/Dr. Lee" is no such list."""
    before = _DAY_LIST_BEFORE.search(text, max(0, start - 12), start)
    after = _DAY_LIST_AFTER.match(text, end)
    return any(m is not None and m.group(1).lower() in rules.date_words for m in (before, after))


def _no_place(text: str, words: Sequence[re.Match], label: str, rules: SanityRules) -> bool:
    """A place or organisation span ``text`` that is none: a sentence ends inside it
    ("tandem and heel-toe normal. Fugl-Meyer"), or a street in lower case with no digit and
    no street word ("delayed recall")."""
    if _sentence_ends_inside(text, words):
        return True
    return (
        label == "STREET"
        and bool(rules.street_words)
        and text.islower()
        and not any(c.isdigit() for c in text)
        and not any(w.group().lower() in rules.street_words for w in words)
    )


def _ordinary_lower_case(
    text: str, start: int, end: int, kept: Sequence[str], rules: SanityRules
) -> bool:
    """A person's name ``text[start:end]`` (words ``kept``) in lower case, or in capitals in
    a note in capitals (whose case tells no more), with no word on the name lists, after a
    determiner or made of frequent words ("DEHYDRATION", "MORPHINE, INTRAVENOUS")."""
    surface = text[start:end]
    capitals = not surface.islower() and _capitals_around(text, start, end)
    if capitals and _CUE_BEFORE.search(text, max(0, start - 12), start):
        return False
    relative = len(kept) > 1 and _RELATIVE_BEFORE.search(text, max(0, start - 16), start)
    if capitals and relative and all(zipf(w, rules.language) <= _RELATIVE_NAME_ZIPF for w in kept):
        return False
    if rules.names is None or not (surface.islower() or capitals):
        return False
    if surface.islower() and len(kept) == 1:
        relative_lower = _RELATIVE_BEFORE_LOWER.search(text, max(0, start - 16), start)
        if relative_lower and unlisted_relative_name(kept[0], rules.names):
            return False  # a relative's name on no list ("her sister rosamund has")
        if relative_lower and says_how(kept[0]) and not rules.names.is_name(kept[0]):
            return True  # how the relative is ("her husband bedbound", "wife nonverbal")
    parts = [p for w in kept for p in w.split("-")]  # "dual-chamber", not "brooks-hess"
    if any(rules.names.is_name(p) for p in parts):
        return False
    return bool(_DETERMINER_BEFORE.search(text, max(0, start - 8), start)) or (
        rules.ordinary_words(parts)
    )


def _capitals_around(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` and the text around it hold capitals and no small letter: a note
    typed in capitals."""
    around = text[max(0, start - _CASE_REACH) : end + _CASE_REACH]
    return text[start:end].isupper() and not any(c.islower() for c in around)


_CUE_BEFORE = re.compile(
    r"(?:\b(?:DR|MR|MRS|MS|MISS|PROF|RE|TO|BY|PATIENT|NAME)\.?[ \t]*|:[ \t]*)$"
)
"""A title, a field's colon or a cue word just before a span in capitals ("DR. JUNK",
"PATIENT: SHIRE MAGIC", "GIVEN TO NASHUA DOON"): what names a person in such a note."""

_RELATIVE_BEFORE = re.compile(
    r"\b(?:(?:GRAND)?(?:MOTHER|FATHER|SON|DAUGHTER)|SISTER|BROTHER|WIFE|HUSBAND|PARTNER|"
    r"SPOUSE|NIECE|NEPHEW|AUNT|UNCLE|COUSIN|MOM|DAD)[ \t]+$"
)
"""A relative just before a span in capitals: a full name of words English seldom uses may
follow ("SISTER MARIGOLD BRISBANE"), not a word of what they do ("SON PRESENT")."""

_RELATIVE_BEFORE_LOWER = re.compile(
    r"\b(?:(?:grand)?(?:mother|father|son|daughter)|sister|brother|wife|husband|partner|"
    r"spouse|niece|nephew|aunt|uncle|cousin|mom|dad|friend|neighbou?r|girlfriend|boyfriend)"
    r"[ \t]+$",
    re.IGNORECASE,
)
"""A relative just before a span in lower case: a word on no name list that English hardly
uses may be their name (``unlisted_relative_name``: "daughter emi", "Daughter emi")."""

_RELATIVE_NAME_ZIPF = 4
"""The most a word of a full name after a relative in a note in capitals may be used in
English (Zipf, rounded): "marigold" (3), "brisbane" (4); not "present" (5), "very" (6)."""


def _after_title(text: str, start: int) -> bool:
    """A title stands right before ``start`` ("Dr. Horvatic": a surname, whatever its ending)."""
    return _TITLE_BEFORE.search(text, max(0, start - 12), start) is not None


def _no_name_left(text: str, start: int, end: int, rules: SanityRules) -> bool:
    """What is left of a person's name cut back to ``text[start:end]`` is no name: only
    ``never_alone`` words and numbers ("Stevens-Johnson", "Tmax 38.4"), a nationality
    ("Haitian-American" cut from "Haitian-American man, unemployed"), a clinical word with no
    name ("B. Prostatic" cut from "B. Prostatic adenocarcinoma, Gleason") or an eponym before
    its head ("Todd")."""
    left = [w.group().lower() for w in _WORD.finditer(text, start, end)]
    if _never_alone(left, rules):
        return True  # "Tmax 38.4" cut from "Tmax 38.4 at 0200"
    if rules.names is not None and _clinical(left, rules) and not _after_title(text, start):
        return True  # not "Dr. Horvatic"
    if all(_demonym(w, rules) for w in left) and not _name_use(text, start, end, left, rules):
        return True
    return len(left) == 1 and _eponym_use(text, start, end, left[0], rules)


def _sentence_ends_inside(text: str, words: Sequence[re.Match]) -> bool:
    """A sentence ends inside ``text`` (of ``words``): a lower-case word of two letters or
    more before ". " and a capital ("normal. Fugl-Meyer"; not "St. Louis", "Mass. General",
    "Elm Ave. Boston" or "utca 76. Apt. 289")."""
    for word in words[:-1]:
        stop = text[word.end() : word.end() + 3]
        ender = len(word.group()) > 1 and word.group().isalpha() and word.group().islower()
        if ender and len(stop) == 3 and stop[:2] == ". " and stop[2].isupper():
            return True
    return False


def _stop_after(text: str, word: re.Match) -> bool:
    """A sentence ends after ``word`` of ``text``: a word of two letters or more before ". "
    that is no initial, title or abbreviation ("J.", "Dr.", "Apt.", "Mass.")."""
    stop = text[word.end() : word.end() + 2] == ". "
    return stop and len(word.group()) > 1 and word.group().lower() not in _ABBREVIATIONS


def _named_sentence(
    text: str, words: Sequence[re.Match], names: Gazetteers
) -> tuple[int, int] | None:
    """The words (``first, last`` indices into ``words``) of a person's name span ``text``
    that keep to one sentence: all of them when no sentence ends inside it, else its first
    sentence with a listed name word in it, or None when none has one and the span holds no
    digit (an address misread as a name is still PHI). A sentence ends at a word of two
    letters or more before ". "; an initial, a title or an abbreviation ("J.", "Dr.",
    "Apt.") ends none."""
    pieces: list[tuple[int, int]] = []
    begin = 0
    for index, word in enumerate(words):
        if _stop_after(text, word):
            pieces.append((begin, index + 1))
            begin = index + 1
    if not pieces:
        return 0, len(words)
    if begin < len(words):
        pieces.append((begin, len(words)))
    for first, last in pieces:
        if any(names.is_name(w.group().lower()) for w in words[first:last]):
            return first, last
    if any(c.isdigit() for c in text):
        return 0, len(words)
    return None


def _clinical(
    words: Sequence[str], rules: SanityRules, endings: frozenset[str] | None = None
) -> bool:
    """One of ``words`` (lower case) ends in a clinical word ending (``endings``, by default
    ``clinical_endings``: "-oma", "-itis", "-ectomy") and none is on the name lists."""
    assert rules.names is not None
    ends = tuple(rules.clinical_endings if endings is None else endings)
    parts = [p for w in words for p in w.split("-")]  # "Ellis-Ingram": two names
    clinical = any(len(p) > 5 and p.endswith(ends) for p in parts)
    return clinical and not any(rules.names.is_name(p) for p in parts)


def _words_of_no_one(
    doc: Document, start: int, end: int, words: Sequence[str], rules: SanityRules
) -> bool:
    """A person's name ``doc.text[start:end]`` (words ``words``, lower case) that is ordinary
    words in lower case ("the creatinine", "metastatic pancreatic"), a diagnosis with no name
    on the lists ("Prostatic adenocarcinoma"), a clinical word in lower case in a note in mixed
    case ("Left inguinal hernia") or a sentence's first word that is a frequent one ("Mesh was
    placed", "Urine neg/neg.")."""
    if _ordinary_lower_case(doc.text, start, end, words, rules):
        return True
    if rules.names is not None and _clinical(words, rules) and not _after_title(doc.text, start):
        return True  # not "Dr. Horvatic"
    return _clinical_lower_case_name(doc, start, end, words, rules) or _common_words_opening(
        doc, start, end, words, rules
    )


def _clinical_lower_case_name(
    doc: Document, start: int, end: int, words: Sequence[str], rules: SanityRules
) -> bool:
    """A person's name ``doc.text[start:end]`` in lower case in a note in mixed case, with a
    word of a clinical ending (``lower_clinical_endings``) and no word on the name lists:
    "inguinal", "bibasilar crackles", "effusion, decreased"."""
    if rules.names is None or not rules.lower_clinical_endings:
        return False
    text = doc.text
    if not text[start:end].islower() or typed_in_lower_case(doc.metadata):
        return False
    if not _capitals_near(text, start, end) or _handle(text, start):
        return False  # "@resfoundation": a handle is a name whatever its ending
    return _clinical(words, rules, rules.lower_clinical_endings)


_OPENING = re.compile(r"(?:(?<![\w.])(?P<word>\w+)?[.!?;][ \t]+|\n[ \t]*)\Z")


def _common_words_opening(
    doc: Document, start: int, end: int, words: Sequence[str], rules: SanityRules
) -> bool:
    """A person's name ``doc.text[start:end]`` (words ``words``, lower case) that opens a
    sentence or a line in a note in mixed case, its capitalised words capitalised only there,
    each a frequent word of the language on no name or place list (lower-case words may follow
    them), with no person's verb after it: "Mesh was placed", "Urine neg/neg.", "Sunscreen
    counseling" ("Will", "Baker" and "Texas" are on the lists and stay; "Dr. Tank" follows a
    title, not a sentence's end; "Obama said" is someone)."""
    if rules.names is None or typed_in_lower_case(doc.metadata):
        return False  # a note typed in lower case: its capitals at a line's start are guesses
    text = doc.text
    opening = start == 0 or _OPENING.search(text[max(0, start - 16) : start])
    if not opening:
        return False
    before = opening.group("word") if opening is not True else None
    if before is not None and (len(before) == 1 or before.lower() in rules.honorifics):
        return False  # "Dr. Tank", "J. Baker": a title's or an initial's stop
    surface = text[start:end].split()
    capitalised = 0  # the leading capitalised words; lower-case ones after them name no one
    while capitalised < len(surface) and not surface[capitalised].islower():
        capitalised += 1
    lower_after = all(w.islower() for w in surface[capitalised:])
    if capitalised == 0 or len(words) != len(surface) or not lower_after:
        return False
    if not all(w[:1].isupper() and w[1:].islower() for w in surface[:capitalised]):
        return False  # "NEXUS", "McBride": capitals inside a word are not a sentence's
    after = _NEXT_WORD.match(text, end)
    if after is not None and after.group(1).lower() in rules.person_verbs:
        return False
    gaz = rules.names
    places = rules.countries | rules.states
    return all(
        gaz.is_common(w)
        and not gaz.is_name(w)
        and not _listed_place(w, gaz)
        and w not in places
        and w not in _unaccented(gaz.cities)  # "Montreal", listed as "montréal"
        for w in words[:capitalised]
    )


@cache
def _unaccented(names: frozenset[str]) -> frozenset[str]:
    """The names of ``names`` written in other than plain Latin letters, in plain Latin
    letters (``latin_form``: "montréal" -> "montreal")."""
    return frozenset(plain for name in names if (plain := latin_form(name)) is not None)


def _clinical_in_lower_case(
    doc: Document, span: Span, words: Sequence[str], rules: SanityRules
) -> bool:
    """A place's or an organisation's span in lower case in a note in mixed case, with a word
    of a clinical ending (``_clinical``) and no word on the place lists: "transaminitis" (a
    capitalised one may be a foundation's: "Colitis Foundation"; a specialty or a job in
    lower case is one: "neurology", "insurance underwriter"); or such a span of one word in a
    note typed in lower case, whose capitals were restored ("tried methotrexate" read as a
    hospital where a clause's capital made it "Methotrexate"), or in capitals ("TRIED
    METHOTREXATE"), where case tells nothing; so too a span of more words there, each of a
    clinical ending or never alone ("METOPROLOL SUCCINATE")."""
    if rules.names is None or span.label in _LOWER_CLINICAL_KEPT:
        return False
    text = doc.text
    surface = text[span.start : span.end]
    drug_words = all(_clinical([w], rules) or w in rules.never_alone for w in words)
    restored = (len(words) == 1 or drug_words) and (
        typed_in_lower_case(doc.metadata) or _in_capitals(text, span.start, span.end)
    )
    in_lower = surface.islower() and _capitals_near(text, span.start, span.end)
    if not (in_lower or restored):
        return False
    if not _clinical(words, rules) or any(w.endswith(_SPECIALTY_ENDINGS) for w in words):
        return False
    return not any(_listed_place(w, rules.names) for w in words)


_LOWER_CLINICAL_KEPT = frozenset({"PROFESSION"})
_SPECIALTY_ENDINGS = ("ology", "iatrics", "iatry")  # a department under another label


_VERY_FREQUENT = 5.6
"""Zipf frequency above which a lower-case word after a name ends it even where a name list
holds it ("Kowalski still NPO", "Ortiz said"): few names are written in lower case beside a
capitalised one, and none so common."""


def _ordinary_after_name(
    text: str, words: Sequence[re.Match], index: int, rules: SanityRules
) -> bool:
    """Word ``index`` of a person's name span is a frequent lower-case word that no name
    list holds (or one of the most frequent words, listed or not: "still"), after a capitalised
    word or a name word in lower case (listed or rare), or a word of the language after a
    capitalised word: where the name ends ("Astrid, ovarian ca", "dr. whitcombe rounded",
    "Kowalski still NPO", "CPAP titration"); or, in capitals after a word in capitals, two
    frequent words on no name list ("LEMOINE RELATES INTERMITTENT")."""
    word = words[index].group()
    if rules.names is None:
        return False
    before = words[index - 1].group()
    if word.isupper() and before.isupper() and len(word) > 2:
        # in capitals: two frequent words on no name list after a name word, a clause ("MR.
        # LEMOINE RELATES INTERMITTENT VOMITING"; not "PATIENT: SHIRE MAGIC", a name of
        # words); a listed name, however frequent, may be one ("ANNA LONG")
        if word.lower() in rules.person_verbs and not rules.names.is_name(word.lower()):
            return True  # "MR. PETTIBONE WANTS HIS RECORDS": what the person does
        after = words[index + 1].group() if index + 1 < len(words) else ""
        return all(
            w.isupper()
            and w.lower() not in rules.name_particles
            and not rules.names.is_name(w.lower())
            and rules.ordinary_words([w.lower()])
            for w in (word, after)
        )
    if not word.islower():
        return False
    spaced = text[words[index - 1].end() : words[index].start()].isspace()  # "angie_weather"
    name_before = before[:1].isupper() or (
        spaced and (rules.names.is_name(before.lower()) or not rules.ordinary_words([before]))
    )
    if not name_before:
        return False
    lower = word.lower()
    known = before[:1].isupper() and rules.known_words([lower])  # "CPAP titration"
    return (
        lower not in rules.name_particles
        and (not rules.names.is_name(lower) or zipf(lower, rules.language) >= _VERY_FREQUENT)
        and (rules.ordinary_words([lower]) or known)
    )


def _ordinary_before_name(
    text: str, words: Sequence[re.Match], index: int, rules: SanityRules
) -> bool:
    """Word ``index`` of a person's name span is a frequent lower-case word that no name
    list holds, before a capitalised word after a space: where the name starts ("interpreter
    Jean-Baptiste", "pharmacist Ann Lee"); not a particle ("van Gogh") or part of a user's
    name ("divine_Opulence")."""
    word, after = words[index].group(), words[index + 1]
    if rules.names is None or not word.islower() or not after.group()[:1].isupper():
        return False
    if not text[words[index].end() : after.start()].isspace():
        return False
    return (
        word not in rules.name_particles
        and not rules.names.is_name(word)
        and rules.ordinary_words([word])
    )


_LINE_OPENS = re.compile(r"(?:^|\n|[.!?][ \t])[ \t]*$")


def _opening_verb(text: str, offset: int, word: re.Match, rules: SanityRules) -> bool:
    """``word`` (of a person's or a place's span at ``offset`` of ``text``) opens a line or a
    sentence and is one of ``query_verbs`` in title case that no name list holds: a
    clinician's query or order starts with its verb ("Summarize", "Compare"), not with a
    name."""
    surface = word.group()
    low = surface.lower()
    if rules.names is None or low not in rules.query_verbs or not surface.istitle():
        return False
    start = offset + word.start()
    return bool(_LINE_OPENS.search(text, max(0, start - 4), start)) and not rules.names.is_name(low)


_OPENS = re.compile(r"(?:^|\n|[.!?:][ \t])[ \t]*$")
_LOWER_NEXT = re.compile(r"[ ]+[a-z]")
_FIRST_WORD = re.compile(r"[^\W\d_]+")
_NUMBER_AT_END = re.compile(r"(?<=[^\W\d_])[ ]+\d+$")


def _opening_word(text: str, start: int, end: int, rules: SanityRules) -> bool:
    """A person's span ``text[start:end]`` whose first word, in title case, opens a line, a
    sentence or a field's value, is a verb's form in "-ed" or "-ing" known to the language and
    on no name list, and goes on in lower case, inside the span or after it: "Accepted at
    Hebrew Rehab", "IMPRESSION: Enlarging liver lesion", "Findings: Inflamed,
    non-perforated appendix". Proper nouns are as frequent as words ("Obama", "Ghana"), so
    only a verb's ending tells a word from a name that opens a sentence."""
    first = _FIRST_WORD.match(text, start, end)
    if first is None:
        return False
    rest = text[first.end() : end]
    if rest and (not rest.lstrip(" ,").islower() or any(c.isupper() for c in rest)):
        return False  # "Accepted Smith": a name may follow
    word = first.group()
    if rules.names is None or not word.istitle():
        return False
    low = word.lower()
    if len(low) < 6 or not low.endswith(("ed", "ing")) or rules.names.is_name(low):
        return False
    if not rules.known_words([low]) or _TITLE_BEFORE.search(text, max(0, start - 10), start):
        return False
    return bool(_OPENS.search(text, max(0, start - 4), start)) and bool(
        rest or _LOWER_NEXT.match(text, end)
    )


_FIELD_OF_ABBREVIATIONS = re.compile(r"[^\W\d_]+[ ]?:[ ]*([A-Z]{2,5}(?:[ ]?[/,][ ]?[A-Z]{2,5})*)")


_CASE_REACH = 200  # characters either side of a span that tell a note in lower case


def _ordinary_in_mixed_case(
    doc: Document, span: Span, words: Sequence[str], rules: SanityRules
) -> bool:
    """A place's or an organisation's span in lower case whose words are all frequent (or,
    with none on the name lists and no handle's mark before it, all known to the language:
    ``known_zipf``) and on no place list, in a note with capitals around it: in a note in
    lower case "boston" is a place; in one in mixed case "flu", "tentative" and "hospitalist"
    are words. The view of a note typed in lower case has its capitals restored: they tell
    nothing of how "target" was written."""
    text = doc.text
    if rules.names is None or typed_in_lower_case(doc.metadata):
        return False
    if not text[span.start : span.end].islower():
        return False
    if any(_listed_place(w, rules.names) for w in words):
        return False
    names = rules.names
    known = rules.known_words(words) and not any(names.is_name(w) for w in words)
    known = known and not _handle(text, span.start)
    if not (rules.ordinary_words(words) or known):
        return False
    return _capitals_near(text, span.start, span.end)


def _handle(text: str, start: int) -> bool:
    """The span at ``start`` is a handle or a hashtag ("@ bloglovin", "#mufc"): a name
    whatever its case."""
    return bool(_HANDLE_MARK.search(text, max(0, start - 2), start))


_HANDLE_MARK = re.compile(r"[@#][ ]?$")


def _out_of_code(text: str, start: int, end: int) -> bool:
    """A person's span ``text[start:end]`` runs out of a number or a unit ("VD, CABG" of "3VD,
    CABG", "L. VALIDATED" of "MG/L. VALIDATED") or holds a letter and a digit side by side
    ("3P2002" of "G3P2002"): a code, not a handle's letters and digits ("@ BIG_Jason77")."""
    if start > 0 and _OUT_OF_UNIT.match(text, start - 1) and not _handle(text, start):
        return True
    return bool(_CODE_WORD.search(text, start, end)) and not _in_handle(text, start)


_SIGN_BEFORE = re.compile(r"(?:^|[\s(,;:])[+−-][ ]?$")
_SIGNED_GAP = re.compile(r"[\s,;]*[+−-][ ]?")


def _signed(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` follows a plus or a minus sign, and each gap between its words
    holds one: a list of an exam's findings ("+ Hawkins, + Neer")."""
    if not _SIGN_BEFORE.search(text, max(0, start - 3), start):
        return False
    gaps = re.split(r"[^\W\d_]+", text[start:end])[1:-1]
    return all(_SIGNED_GAP.fullmatch(gap) for gap in gaps if gap.strip(" -'’"))


def _eponym_words(
    text: str, last_start: int, start: int, end: int, kept: Sequence[str], rules: SanityRules
) -> bool:
    """A person's span ``text[start:end]`` (words ``kept``, the last at ``last_start``) is an
    eponym before its head ("Allen test"), or a finding's frequent word and one ("Tender
    McBurney's point"), or eponyms each after the sign of an exam's finding ("+ hawkins, +
    neer, - drop arm")."""
    if all(w in rules.eponyms for w in kept) and _signed(text, start, end):
        return True
    if len(kept) == 1:
        return _eponym_use(text, start, end, kept[0], rules)
    after_word = len(kept) == 2 and rules.ordinary_words(kept[:1])
    return after_word and _eponym_use(text, last_start, end, kept[1], rules)


def _in_handle(text: str, start: int) -> bool:
    """The span at ``start`` is a handle or a hashtag, or a piece of one after its "@" or an
    underscore ("@ BIG_Jason77", "@_jc61")."""
    token = max(text.rfind(" ", 0, start), text.rfind("\n", 0, start)) + 1
    head = text[token:start]
    return "_" in head or head.startswith(("@", "#")) or _handle(text, token)


def _capitals_near(text: str, start: int, end: int) -> bool:
    """A capital stands within ``_CASE_REACH`` characters of ``text[start:end]``: the note
    is not typed all in lower case."""
    return any(c.isupper() for c in text[max(0, start - _CASE_REACH) : end + _CASE_REACH])


def _in_capitals(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` and the ``_CASE_REACH`` characters either side of it hold letters
    and none in lower case: a note typed in capitals."""
    window = text[max(0, start - _CASE_REACH) : end + _CASE_REACH]
    return not any(c.islower() for c in window) and any(c.isupper() for c in window)


def _field_of_abbreviations(text: str, rules: SanityRules) -> bool:
    """``text`` is a field's name and abbreviations in capitals that no name list holds
    ("Dx: CAP", "Hx: CHF/COPD"): a row's field, not a name."""
    field = _FIELD_OF_ABBREVIATIONS.fullmatch(text)
    if field is None or rules.names is None:
        return False
    return not any(rules.names.is_name(w.lower()) for w in re.findall(r"[A-Z]+", field.group(1)))


_DASH = re.compile(r"[ ]+[-–][ ]+")


def _dash_cut(text: str, span: Span, rules: SanityRules) -> Span:
    """A person's span without a first or last piece between spaced dashes that holds no
    listed name and no word in title case ("FYI - kim" -> "kim"; not "... Hospital -
    Somerset"); unchanged when no name list is loaded."""
    if rules.names is None:
        return span
    cuts = list(_DASH.finditer(text, span.start, span.end))
    if not cuts:
        return span
    start, end = span.start, span.end

    def unnamed(a: int, b: int) -> bool:  # no listed name and no word in title case
        words = [w.group() for w in _WORD.finditer(text, a, b)]
        titled = any(w[:1].isupper() and not w.isupper() for w in words)
        return not titled and not any(rules.names.is_name(w.lower()) for w in words)

    if unnamed(start, cuts[0].start()) and not unnamed(cuts[0].end(), end):
        start = cuts[0].end()
    elif unnamed(cuts[-1].end(), end) and not unnamed(start, cuts[-1].start()):
        end = cuts[-1].start()
    return span if (start, end) == (span.start, span.end) else replace(span, start=start, end=end)


_SENTENCE_CASE_FIELD = re.compile(r"[A-Z][a-z]+(?:[ ][a-z]+)+")
_COLON_AFTER = re.compile(r":")  # "Pharm:"; not "@ TonyAbbottMHR :", a tweet's handle


# the second word of a name's field after its first ("Middle Initial:", "Maiden Name:")
_NAME_FIELD_AFTER = re.compile(r"[ ](?:Name|NAME|Initial|INITIAL|Init|INIT)s?:")


def _field_name(text: str, span: Span, words: Sequence[re.Match], rules: SanityRules) -> bool:
    """A person's span of one word that no name list holds, with a colon right after it: a
    field's name ("Pharm:"), not a person's; also the first word of a name's field ("Middle"
    before "Initial:")."""
    colon = _COLON_AFTER.match(text, span.end) or _NAME_FIELD_AFTER.match(text, span.end)
    if len(words) != 1 or rules.names is None or not colon:
        return False
    if _after_relation(text, span.start, rules):
        return False  # "with dad Stan: felt faint": a relative's name, not a field's
    return not rules.names.is_name(words[0].group().lower())


_WORD_BEFORE_SPAN = re.compile(r"(?<![\w])(\w+)[ ]$")


def _after_relation(text: str, start: int, rules: SanityRules) -> bool:
    """Whether the word just before ``start`` names a relative ("dad Stan")."""
    before = _WORD_BEFORE_SPAN.search(text, max(0, start - 20), start)
    return before is not None and before.group(1).lower() in rules.relations


def _field_of_place(text: str, span: Span, surface: str, rules: SanityRules) -> bool:
    """A place's or an organisation's span that is a field's name (``_field_name``) and
    no listed place, nor a hashtag ("#ISIS: http://..." is a place)."""
    if span.label not in rules.word_labels or span.label in rules.cut_labels:
        return False
    words = list(_WORD.finditer(surface))
    if not _field_name(text, span, words, rules):
        return False
    assert rules.names is not None  # _field_name is False without them
    handle = _handle(text, span.start + words[0].start())
    if _IN_SENTENCE_BEFORE.search(text, max(0, span.start - 12), span.start):
        return False  # "Your oxygen company is Lincare: call ...": a name in a sentence
    return not handle and not _listed_place(words[0].group().lower(), rules.names)


# the word before a place's or an organisation's name in a sentence, which no field's name has
_IN_SENTENCE_BEFORE = re.compile(r"(?<![\w])(?:is|was|are|were|at|from|by|with|to|via|through)[ ]$")


def _ordinary_before_comma(
    text: str, words: Sequence[re.Match], index: int, rules: SanityRules
) -> bool:
    """Word ``index`` of a person's name span stands before a comma and is a frequent word
    that no name list holds, in lower case or a heading's word, and the word after it is no
    listed first name ("Medicine, Farragut"; not "Stage, Robert" or "Esplanade, Hwlffordd", an
    address): not the surname of "Last, First"."""
    written = words[index].group()
    word, after = written.lower(), words[index + 1].group().lower()
    if not written.islower() and word not in rules.headings:
        return False
    if rules.names is None or "," not in text[words[index].end() : words[index + 1].start()]:
        return False
    if after in rules.names.first_names or after in rules.names.census_first_names:
        return False
    return not rules.names.is_name(word) and rules.ordinary_words([word])


def _name_use(text: str, start: int, end: int, words: Sequence[str], rules: SanityRules) -> bool:
    """A nationality that is also a listed name ("French", "Welsh") names a person at
    ``text[start:end]`` unless a lower-case word follows it and no title precedes it: "Dr.
    French" and "French." are names; "French speaking", "Irish descent" are not."""
    if rules.names is None or not any(rules.names.is_name(w) for w in words):
        return False
    following = _NEXT_WORD.match(text, end)
    lower_after = following is not None and following.group(1).islower()
    return not lower_after or _TITLE_BEFORE.search(text, max(0, start - 8), start) is not None


def _device_model(words: Sequence[str], rules: SanityRules) -> bool:
    """A maker's name, then words on no name list ("medtronic azure"), or alone when no name
    list holds it ("Medtronic CRT-D"): a device, not a person; a maker's name that is a name
    too, alone or before a listed name ("Abbott", "Abbott Smith"), is left alone."""
    if not words or words[0] not in rules.makers or rules.names is None:
        return False
    if len(words) == 1:
        return not rules.names.is_name(words[0])
    return not any(rules.names.is_name(w) for w in words[1:])


_DEMONYM_ENDINGS = ("n", "an", "ian", "ese", "i", "ish")
_COUNTRY_ENDINGS = ("", "a", "o", "y", "e", "ia")


def _demonym(word: str, rules: SanityRules) -> bool:
    """``word`` (in lower case) is what people of a country are called, each part of a
    hyphened word ("cambodian-american"): listed, or, on no name list, a country's name (on
    the gazetteer's or the rules' list) with an ending ("cambodia-n", "haiti-an", "chin-ese",
    "ital-ian")."""
    if "-" in word:
        return all(_demonym(part, rules) for part in word.split("-"))
    if word in rules.demonyms:
        return True
    if rules.names is not None and rules.names.is_name(word):
        return False  # "Albanese", "Ghani": surnames first
    listed = rules.names.countries if rules.names is not None else frozenset()
    for ending in _DEMONYM_ENDINGS:
        stem = word[: -len(ending)]
        if not word.endswith(ending) or len(stem) < 3:
            continue
        names = [stem + tail for tail in _COUNTRY_ENDINGS]
        if any(name in rules.countries or name in listed for name in names):
            return True
    return False


def _clause_cut(words: Sequence[re.Match], first: int, last: int, rules: SanityRules) -> int:
    """Where a place's or an organisation's span (its words ``first`` to ``last``) ends: before
    the first word of a clause after a capitalised word, and before any words that only stand
    inside such a name that are left at its end."""
    for index in range(first + 1, last):
        word = words[index].group()
        if word.isalpha() and word.isupper() and word.lower() in rules.clause_verbs:
            last = index  # "ELKTON PUBLIC LIBRARY REPORTING MORNING STIFFNESS"
            break
        if not (word.isalpha() and word.islower()) or word in rules.name_inside:
            continue  # "1 W 7th St": an ordinal is no word of a clause
        if word in rules.street_words or word in rules.room_words:
            continue  # "14 Wendell St apt 3R", "22 Main street"
        clause = word in rules.clause_words or rules.ordinary_words([word])
        if clause and any(w.group()[:1].isupper() for w in words[first:index]):
            last = index
            while last > first + 1 and words[last - 1].group() in rules.name_inside:
                last -= 1  # "Port-au-Prince and"
            break
    return last


def _lead_cut(words: Sequence[re.Match], first: int, last: int, rules: SanityRules) -> int:
    """Where a place's or an organisation's span starts: after a frequent capitalised word on
    no name or place list and a lower-case lead word ("Employed by Raytheon" -> "Raytheon")."""
    if last - first > 1 and words[first].group().lower() in rules.lead_verbs:
        first += 1  # "Attended UMass Boston"
        if last - first > 1 and words[first].group() in rules.lead_words:
            first += 1  # "Employed at Raytheon"
        return first
    if last - first < 3 or rules.names is None:
        return first
    word, lead = words[first].group(), words[first + 1].group()
    if not word[:1].isupper() or lead not in rules.lead_words:
        return first
    low = word.lower()
    if rules.names.is_name(low) or _listed_place(low, rules.names):
        return first  # "Tipperary by Pinergy": a place, then its firm
    if not rules.ordinary_words([low]):
        return first
    return first + 2 if words[first + 2].group()[:1].isupper() else first


def _lower_letter(text: str, word: re.Match) -> bool:
    """A lone lower-case letter after a space (not "Asoor_k", a user's name)."""
    spaced = word.start() > 0 and text[word.start() - 1] == " "
    return spaced and len(word.group()) == 1 and word.group().islower()


def _comma_initial(text: str, word: re.Match) -> bool:
    """``word`` is a capital letter alone that ends a name written surname first."""
    letter = word.group()
    return len(letter) == 1 and letter.isupper() and "," in text[: word.start()]


def _initial(text: str, word: re.Match) -> bool:
    return len(word.group()) == 1 and text[word.end() : word.end() + 1] == "."


def _bare_middle_initial(words: Sequence[re.Match], index: int, first: int, last: int) -> bool:
    """Word ``index`` of a person's span (its words ``first`` to ``last``) is a capital letter
    with no stop between two title-cased words, a middle initial ("Juliusz A Kwiatkowski"; not
    "MASSEY FOR A GAIN")."""
    word = words[index].group()
    if len(word) != 1 or not word.isupper() or not first < index < last - 1:
        return False
    return all(
        len(words[i].group()) > 1 and words[i].group().istitle() for i in (index - 1, index + 1)
    )


SPELLED_DIGITS = 7
"""The fewest digits' names that make a number said digit by digit (a local telephone number)."""


def _spelled_number(text: str, rules: SanityRules) -> bool:
    """``text`` is a number said digit by digit: seven of the digits' names or more and no
    other word ("six one seven, five five five, zero one four two")."""
    words = _LETTERS.findall(text)
    return len(words) >= SPELLED_DIGITS and all(w.lower() in rules.digit_words for w in words)


def _shaped(text: str, label: str, rules: SanityRules) -> bool:
    """Whether a span of ``label`` reading ``text`` has a shape PHI can have (rule 1)."""
    if rules.drop_without_alphanumerics and not any(c.isalnum() for c in text):
        return False
    if rules.notations is not None and rules.notations.fullmatch(_AGE_TAIL.sub("", text, 1)):
        return False  # "G3P2002" (or "o G4P1" of "41 y/o G4P1"): a history, not a name
    numbered = label in rules.digit_labels or label in rules.number_labels
    spelled = numbered and _spelled_number(text, rules)  # only a number's label reads words
    if label in rules.digit_labels and not spelled and not any(c.isdigit() for c in text):
        return False
    plate = label in rules.capital_code_labels and " " not in text.strip()
    if plate and not any(c.isdigit() for c in text) and any(c.islower() for c in text):
        return False  # "French" as a plate (words read as one may be a place's name)
    if label in rules.clock_labels and _CLOCK_LEAD.match(text):
        return False
    if label == "DATE" and any(w.lower() in rules.never_in_dates for w in _LETTERS.findall(text)):
        return False  # "Tower 5 West": a ward, not a date
    if label == "DATE" and rules.date_names and not _dated(text, rules):
        return False  # "consent on file", "PARACETAMOL, INTRAVENOUS": no digit, no date word
    if label == "DATE" and rules.date_names and _coded_not_dated(text, rules):
        return False  # "MLH1, PMS2, MSH2": genes' and codes' names, no date
    if label == "EMAIL" and (not _EMAIL_MARK.search(text) or _SPACED_AT_NO_DOMAIN.search(text)):
        return False  # "Edinburgh EH16 4SA": an address is no e-mail without its @
    if label == "URL" and (any(c.isspace() for c in text) or not _URL_MARK.search(text)):
        return False  # no address on the web holds a space, and each has a dot or a slash
    if label in rules.number_labels and not spelled and not _insurance_number(text, label):
        for word in _LETTERS.findall(text):
            masked = set(word.lower()) == {"x"}  # XXX-XX-1234
            if not (masked or word.isupper() or word.lower() in rules.number_words):
                return False
    return True


# a time or a count, then a clause's break or a function word (see ``clock_labels``)
_CLOCK_LEAD = re.compile(
    r"\d{3,4}(?:[.;:][ ]|[ ]+(?:on|at|in|by|for|to|and|with|from|per|was|is|the|a)[ ])"
)

# a UK National Insurance number, labelled SSN, in either case ("nk 40 06 66 a" in a query)
_INSURANCE_NUMBER = re.compile(r"[A-Za-z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-Da-d]?")


def _insurance_number(text: str, label: str) -> bool:
    return label == "SSN" and _INSURANCE_NUMBER.fullmatch(text) is not None


_URL_MARK = re.compile(r"[./]")
_EMAIL_MARK = re.compile(r"@|[\[(]at[\])]|\bat\b", re.IGNORECASE)  # "@", "[at]", " at "
# an "@" with a space beside it and no domain's dot or "dot" after it: a tweet's "RT @ name",
# no e-mail ("jdoe @ mgh dot org" is one)
_SPACED_AT_NO_DOMAIN = re.compile(r"(?:\s@|@\s)(?![^\n]*(?:\.\w|\bdot\b))", re.IGNORECASE)
_WARD = re.compile(r"\d{1,2}[ ]?(?i:north|south|east|west|[NSEW])")
_COMPASS = frozenset({"north", "south", "east", "west"})
_FLOOR_BEFORE = re.compile(r"(?<![\w.,/-])\d{1,2}[ ]?$")
_ROOM_CODE = re.compile(r"(?:[A-Za-z]{1,3}-?)?\d{1,4}[A-Za-z]?(?:-\d{1,3}[A-Za-z]?)?")


def _room(text: str, rules: SanityRules) -> bool:
    """``text`` is a ward's, room's or bed's word and its code ("Ward 7B", "Bay 4-12"), perhaps
    after a unit's initials ("ED Bay 14", "ICU Bed 3")."""
    words = text.split(" ")
    if len(words) == 3 and words[0].isupper() and 2 <= len(words[0]) <= 5:
        words = words[1:]
    if len(words) != 2:
        return False
    word, code = words
    return word.lower().rstrip(".") in rules.room_words and bool(_ROOM_CODE.fullmatch(code))


def _ward_before(text: str, span: Span, surface: str) -> int | None:
    """Where the floor's number starts before a compass point read as a name ("floor 6
    North"): the two are a ward. None where no number stands right before it."""
    if surface.lower() not in _COMPASS:
        return None
    number = _FLOOR_BEFORE.search(text, max(0, span.start - 4), span.start)
    return number.start() if number else None


# a word of letters and digits that a date may be written as: a number, an ordinal ("3rd"), a
# decade ("1990s") or a number joined to a month's name ("12Mar2024", "Mar2024")
_DATE_TOKEN = re.compile(
    r"\d+(?:st|nd|rd|th|s)?|(?:\d{1,4})?([A-Za-z]{3,9})\d{2,4}|\d{1,2}([A-Za-z]{3,9})"
)
_ALPHANUMERIC = re.compile(r"[A-Za-z0-9]+")


def _undated_name(text: str, span: Span, rules: SanityRules) -> Span:
    """A DATE span with no digit and no word of days, months, seasons or holidays that is a
    listed name written as one, in title case or capitals, is a person's ("coumadin clinic
    (Linda)" read as a date); any other span as it is (a date, or no date: ``_shaped``)."""
    if span.label != "DATE" or rules.names is None or not rules.date_names:
        return span
    surface = text[span.start : span.end]
    if _dated(surface, rules):
        return span
    words = _LETTERS.findall(surface)
    cased = all(w.istitle() or w.isupper() for w in words)
    if words and cased and any(rules.names.is_name(w.lower()) for w in words):
        return span.with_label("PATIENT")
    return span


_NAMED_WORD = re.compile(r"[A-Za-z]{3}")


def _coded_name(doc: Document, span: Span, rules: SanityRules) -> bool:
    """A person's name span that is a code (``_coded``: "HG1 2QT" read as a name), not a
    handle after its "@" or a tag after its "#" ("@ R1CHARDFREEDMAN", "@l8jxx71")."""
    return (
        span.label in rules.cut_labels
        and _coded(doc.span_text(span))
        and not _handle(doc.text, span.start)
    )


def _coded(text: str) -> bool:
    """Every word of ``text`` holds a digit and opens with no three letters, and one holds a
    letter: a code, no name ("HG1 2QT", "A12"); not a name beside an age ("Carrow 96F"), a
    handle ("Jason77"), nor a number alone."""
    words = _ALPHANUMERIC.findall(text)
    return (
        bool(words)
        and all(any(c.isdigit() for c in w) and not _NAMED_WORD.match(w) for w in words)
        and any(c.isalpha() for c in text)
    )


def _coded_not_dated(text: str, rules: SanityRules) -> bool:
    """``text`` holds digits only inside words of letters and digits that no date is written
    as ("MLH1", "PMS2"), and no word that names a day, month, season or holiday."""
    coded = False
    for word in _ALPHANUMERIC.findall(text):
        if not any(c.isdigit() for c in word):
            if rules.date_word(word):
                return False
            continue
        shaped = _DATE_TOKEN.fullmatch(word.lower())
        month = (shaped.group(1) or shaped.group(2)) if shaped else ""
        if shaped is not None and (month is None or rules.date_word(month)):
            return False  # a number, an ordinal, a decade, or one joined to a month's name
        coded = True
    return coded


def _dated(text: str, rules: SanityRules) -> bool:
    """``text`` holds a digit, or a word that names a day, month, season or holiday."""
    if any(c.isdigit() for c in text):
        return True
    return any(rules.date_word(w) for w in _LETTERS.findall(text))


def screen(
    doc: Document, spans: list[Span], rules: SanityRules
) -> tuple[list[Span], list[Dropped]]:
    """Rule 1 before the merge: the spans whose shape PHI can have (people's names widened to
    the apostrophe-joined words they cut), and a record of each span dropped or widened."""
    kept: list[Span] = []
    dropped: list[Dropped] = []
    starts = frozenset(s.start for s in spans)
    for span in spans:
        if _code_cut(doc, span, rules):
            trimmed = _code_core(doc.text, span, rules)
            if trimmed is not span:
                dropped.append(Dropped(span, trimmed, "sanity"))
            span = trimmed
        named = _undated_name(doc.text, span, rules)
        if named is not span:
            dropped.append(Dropped(span, named, "sanity"))
            span = named
        if not _shaped(doc.span_text(span), span.label, rules) or _coded_name(doc, span, rules):
            dropped.append(Dropped(span, None, "sanity"))
            continue
        if span.label not in rules.cut_labels:
            kept.append(span)
            continue
        if _lower_case_job(doc.text, span, rules):
            dropped.append(Dropped(span, None, "sanity"))
            continue
        pieces = [
            p
            for piece in _name_pieces(doc.text, span)
            for p in _listed_ages(doc.text, piece, rules)
        ]
        for piece in pieces:
            whole = _whole_words(doc.text, piece, starts)
            if whole is not span:
                dropped.append(Dropped(span, whole, "sanity"))
            kept.append(whole)
    return kept, dropped


_SERVICE_LABELS = frozenset({"DEPARTMENT", "HOSPITAL"})
_LIST_MARK = re.compile(r"(?:\d{1,2}|[A-Za-z])[.)][ \t]+")
_LINE_START_BEFORE = re.compile(r"(?:^|\n)[ \t]*$")


def _list_item_word(text: str, start: int, end: int, rules: SanityRules) -> bool:
    """A name's span of one frequent word that no name list holds, after a numbered item's
    mark at its line's start, inside the span or before it ("3.  Cognition - MoCA"): the
    item's topic."""
    if rules.names is None:
        return False
    mark = _LIST_MARK.match(text, start, end)
    if mark is not None:
        start = mark.end()
    elif not (mark := _LIST_MARK_BEFORE.search(text, max(0, start - 12), start)):
        return False
    if not _LINE_START_BEFORE.search(text, max(0, mark.start() - 12), mark.start()):
        return False
    word = text[start:end]
    if not word.isalpha() or rules.names.is_name(word.lower()):
        return False
    return rules.ordinary_words([word.lower()])


_LIST_MARK_BEFORE = re.compile(r"(?:\d{1,2}|[A-Za-z])[.)][ \t]+$")


def _lower_case_job(text: str, span: Span, rules: SanityRules) -> bool:
    """A person's span that is a listed job in lower case, in a note with capitals around it
    ("a retired longshoreman from Chelsea"): a profession, not a name. In a note in lower case
    "page dr cook" names a doctor."""
    surface = text[span.start : span.end]
    if rules.names is None or not surface.islower() or surface not in rules.names.professions:
        return False
    return _capitals_near(text, span.start, span.end)


def _name_pieces(text: str, span: Span, person: bool = True) -> list[Span]:
    """A name's, a place's or an organisation's span as the pieces between the column gaps
    it crosses (a tab, two spaces and more: no name is written across one; a line break may
    wrap a name) and, for a person's, the items of a list by room it crosses, each holding two
    letters: the two names of a table's row ("Beth
    Nakamura") are two names, and a field's name cut after its first letter is none
    ("WILKERSON,MALIK  D.O.B."). A place's or an organisation's gaps are wider: a bar, three
    spaces and more, two tabs ("Liberty Mutual    Adjuster"); a place's name may be typed with
    two spaces or a tab."""
    columns = _COLUMN_PIECE if person else _WIDE_COLUMN_PIECE
    pieces = [m.span() for m in columns.finditer(text, span.start, span.end)]
    if person:  # a list's items by room ("Haddad, 414 Petrosyan")
        pieces = [part for piece in pieces for part in _list_items(text, *piece)]
    if len(pieces) < 2:
        return [span]
    return [
        replace(span, start=start, end=end)
        for start, end in pieces
        if sum(c.isalpha() for c in text[start:end]) > 1 and not _tag_name(text, start, end)
    ]


def _tag_name(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is the name of a markup's tag ("given" of "<given>")."""
    opening = text.rfind("<", max(0, start - 2), start)
    if opening < 0:
        return False
    tag = _MARKUP_TAG.match(text, opening)
    return tag is not None and tag.end() == end


_ROOM_ITEM_MARK = re.compile(r",[ ]*\d{1,4}[A-Za-z]?[ ]+")


def _list_items(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``text[start:end]`` cut at each comma and room's number that starts a list's next
    item ("Haddad, 414 Petrosyan")."""
    parts, at = [], start
    for mark in _ROOM_ITEM_MARK.finditer(text, start, end):
        parts.append((at, mark.start()))
        at = mark.end()
    return [*parts, (at, end)]


def _field_pieces(text: str, span: Span, rules: SanityRules) -> list[Span]:
    """A span cut at the fields' names it reads across: the values after each colon and
    before the next field's name ("Agency: Cranston Fire Department", "Ferreira FIRST: Joao",
    ": South County Sleep Disorders Center"). A field's name is the word before a colon and a
    space; no name, place or organisation holds one (a clock's "02:39" has no space). A
    handle before a colon stays ("RT @ mariababbage : Dissecting Ontario")."""
    colons = [
        colon
        for colon in _FIELD_COLON.finditer(text, span.start, span.end)
        if colon.group("field").lower() not in rules.function_words  # "Olga re: transport"
    ]
    if not colons:
        return [span]
    last = colons[-1]
    whole = len(colons) == 1 and last.start() == span.start and last.end() >= span.end
    if whole and _after_relation(text, span.start, rules):
        return [replace(span, end=last.end("field"))]  # "with dad Stan: felt faint"
    pieces, start = [], span.start
    for colon in colons:
        if colon.group("field") and _handle(text, colon.start()):
            pieces.append((start, colon.end("field")))  # "RT @ mariababbage : ...": a handle
        elif _given_after_surname(text, start, colon, rules):
            pieces.append((start, colon.end("field")))  # "11/24 Ferreira-Santos, Joao: ..."
        elif colon.end() >= span.end and _surname_after_given(text, start, colon, rules):
            pieces.append((start, colon.end("field")))  # "number for Priya Raman: XJK ..."
        elif not colon.group("field").islower():  # "Medic 7 Agency:"; not "Sleep center:"
            pieces.append((start, colon.start()))
        start = colon.end()
    pieces.append((start, span.end))
    kept = []
    for start, end in pieces:
        words = list(_WORD.finditer(text, start, end))
        if not words:
            continue
        kept.append(replace(span, start=words[0].start(), end=words[-1].end()))
    return [p for p in kept if sum(c.isalpha() for c in text[p.start : p.end]) > 1]


_SURNAME_COMMA = re.compile(r"(?<![\w'’-])([^\W\d_][\w'’-]+),[ ]?$")


def _given_after_surname(text: str, start: int, colon: re.Match, rules: SanityRules) -> bool:
    """The word before ``colon`` is a listed given name after a capitalised surname and a
    comma, all in the piece from ``start``: a name written surname first before what is said
    of the person ("Ferreira-Santos, Joao: dental extraction"), not a field's name."""
    field = colon.group("field")
    if not field or not field[0].isupper() or rules.names is None:
        return False
    surname = _SURNAME_COMMA.search(text[start : colon.start("field")])
    if surname is None or not surname.group(1)[0].isupper():
        return False
    return rules.names.is_first_name(field.lower())


_WORD_BEFORE = re.compile(r"(?<![\w'’-])([^\W\d_][\w'’-]+)[ ]$")
_RARE_SURNAME = 4
"""The Zipf frequency under which a listed surname before a span's closing colon is the
name's end, not a field's name ("Priya Raman:"; "John Ward:" is cut to "John")."""


def _surname_after_given(text: str, start: int, colon: re.Match, rules: SanityRules) -> bool:
    """The word before ``colon``, which ends the span, is a listed name rarer than
    ``_RARE_SURNAME`` after another capitalised word, both in title case or both in capitals,
    in the piece from ``start``: a name asked about before its value ("for Priya Raman: XJK
    902", "PRIYA RAMAN:"), not a field's name ("Mary Address:", "Allergies:")."""
    field = colon.group("field")
    if not field or not (field.istitle() or field.isupper()) or rules.names is None:
        return False
    given = _WORD_BEFORE.search(text[start : colon.start("field")])
    if given is None or given.group(1).istitle() != field.istitle() or given.group(1).islower():
        return False
    low = field.lower()
    return rules.names.is_name(low) and zipf(low, rules.language) < _RARE_SURNAME


def _bracketed(text: str, span: Span) -> list[Span]:
    """A span cut at each closing bracket that no opening one precedes inside it: the pieces
    on either side that hold two letters or four digits, but not a piece after the bracket
    that starts in lower case, a clause that goes on ("2023-1187), sponsor Novartis" read
    from "(IRB #2023-1187), sponsor Novartis" keeps "2023-1187"; "Kay Street, Providence)"
    keeps "Kay Street, Providence"). An opening bracket that none closes is the other rules'
    to weigh ("transport (Jorge")."""
    cuts, depth = [], 0
    for index in range(span.start, span.end):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            if depth == 0:
                cuts.append(index)
            depth = max(0, depth - 1)
    if not cuts:
        return [span]
    pieces, start = [], span.start
    for end in [*cuts, span.end]:
        words = list(_WORD.finditer(text, start, end))
        alpha, digits = (sum(f(c) for c in text[start:end]) for f in (str.isalpha, str.isdigit))
        after_cut = start > span.start
        if words and after_cut and words[0].group()[:1].islower():
            pass  # "Ludmila) visited 1400-1630": a clause goes on after the bracket
        elif words and (alpha > 1 or digits > 3):  # "(64) 3591-3246" read as a name: a number
            pieces.append(replace(span, start=words[0].start(), end=words[-1].end()))
        start = end + 1
    return pieces


_FIELD_COLON = re.compile(r"(?P<field>(?:(?<!\S)[^\W\d_]+)?)[ ]?:(?:[ \t]+|$)")
"""A field's name and its colon, with the space after it: where a span's values part. A name
in lower case ends a field's name in sentence case ("Sleep center:") that holds the words before
it too."""


def _listed_ages(text: str, span: Span, rules: SanityRules) -> list[Span]:
    """A person's span cut at the ages of a list of names it reads across ("2 kids (Jayden 9,
    Amara 6)"): the names on either side. A room's number stays ("Bed 12, ...")."""
    pieces, start = [], span.start
    for age in _AGE_IN_LIST.finditer(text, span.start, span.end):
        before = text[start : age.start()].split()
        if before and before[-1].lower().rstrip(".") in rules.room_words:
            continue
        pieces.append(replace(span, start=start, end=age.start()))
        start = age.end()
    if not pieces:
        return [span]
    pieces.append(replace(span, start=start))
    return [p for p in pieces if sum(c.isalpha() for c in text[p.start : p.end]) > 1]


_AGE_IN_LIST = re.compile(r"[ ]\d{1,2}[,;][ ]")
"""A number and a comma between two words of a span: an age in a list of names."""


_FIELD_PIECE = re.compile(r"(?:[^\s;]|;(?=\S))+(?:(?: |(?<=[\d)])  (?=\d))(?:[^\s;]|;(?=\S))+)*")
"""The runs of a text between field gaps (tabs, line breaks, two spaces and more, a semicolon
before a space: the view squeezes "HK81;  SUPPLEMENT" to one space; not two spaces between a
number's groups, a typist's slip: "(340)  555-0148", "666  66 3561")."""
_COLUMN_PIECE = re.compile(r"[^\t |<>]+(?: [^\t |<>]+)*")
"""The runs of a text between column gaps (tabs, two spaces and more, a bar: "Hall 3 | Nguyen")
and markup's angle brackets ("<given>Isabella</given>")."""
_WIDE_COLUMN_PIECE = re.compile(r"[^\t |<>]+(?:(?:[ ]{1,2}|\t)[^\t |<>]+)*")
"""The runs of a text between wide column gaps (three spaces and more, two tabs, a bar) and
markup's angle brackets."""
_MARKUP_TAG = re.compile(r"</?[\w:.-]+(?=[ >])")
"""An XML or HTML element's tag, its bracket and its name ("<given", "</city")."""


_ID_JOINS = frozenset("-/#")
"""What joins an identifier's prefix to its digits."""


def _code_cut(doc: Document, span: Span, rules: SanityRules) -> bool:
    """``span`` is a code whose ends ``_code_core`` reads: not a plate in a note typed in lower
    case, whose letters are no ordinary words there ("tag pc 44192")."""
    if span.label not in rules.code_labels:
        return False
    return span.label != "VEHICLE" or not typed_in_lower_case(doc.metadata)


def _code_core(text: str, span: Span, rules: SanityRules) -> Span:
    """``span`` without the lower-case words at its ends ("H12345678 expired" -> "H12345678"), when
    what is left holds a digit; an extension word ("ext") and a prefix joined to the digits by a
    dash, a slash or "#" ("sf-998877") stay. A span that crosses a gap between fields (a tab, a
    line break or two spaces and more: no number is written with one; but two spaces between
    digits are a slip inside one), or a semicolon and a space, keeps only its piece with the
    most digits ("1234567893   DEA"). An address's unit read as a code is the street's piece
    ("> suite 828")."""
    unit = _ADDRESS_UNIT.search(text, span.start, span.end)
    if unit is not None and not text[span.start : unit.start()].strip(" >"):
        return _extent(span, *unit.span()).with_label("STREET")
    if _insurance_number(text[span.start : span.end], span.label):
        return span  # "nk 40 06 66 a": its letters are no ordinary words to cut
    start, end = span.start, span.end
    pieces = [(m.start(), m.end()) for m in _FIELD_PIECE.finditer(text, start, end)]
    if len(pieces) > 1:
        start, end = max(pieces, key=lambda p: sum(c.isdigit() for c in text[p[0] : p[1]]))
    words = list(_LETTERS.finditer(text, start, end))

    def ordinary(word: re.Match) -> bool:
        lone = (word.start() == 0 or not text[word.start() - 1].isalnum()) and (
            word.end() == len(text) or not text[word.end()].isalnum()
        )
        low = word.group()
        joined = text[word.end() : word.end() + 1] in _ID_JOINS and word.end() < end
        joined = joined or (word.start() > start and text[word.start() - 1] in _ID_JOINS)
        return (
            lone and not joined and len(low) > 1 and low.islower() and low not in rules.number_words
        )

    def at_end(word: re.Match) -> bool:  # no letter or digit between it and the end
        return not any(c.isalnum() for c in text[word.end() : end])

    def at_start(word: re.Match) -> bool:
        return not any(c.isalnum() for c in text[start : word.start()])

    while words and ordinary(words[-1]) and at_end(words[-1]) and words[-1].start() > start:
        end = words.pop().start()
        while end > start and not text[end - 1].isalnum():
            end -= 1
    while words and ordinary(words[0]) and at_start(words[0]) and words[0].end() < end:
        start = words.pop(0).end()
        while start < end and not text[start].isalnum():
            start += 1
    if (start, end) == (span.start, span.end) or not any(c.isdigit() for c in text[start:end]):
        return span
    return replace(span, start=start, end=end)


def _whole_words(text: str, span: Span, starts: frozenset[int] = frozenset()) -> Span:
    """``span`` widened to the whole of each apostrophe-joined word it cuts ("O" or "'Brien"
    in "O'Brien" -> "O'Brien"), of each word it starts or ends inside ("Shawn" in "DeShawn"
    -> "DeShawn") and of a hyphened word it stops at the hyphen of, where no other span
    ``starts`` at the hyphen ("O'Brien" in "O'Brien-Mensah"; not "Macie" before a span
    "-Mai Hawkes, ABERDEEN ROYAL INFIRMARY": a tagger split the word there)."""
    start, end = span.start, span.end
    while 0 < start < end and text[start - 1].isalpha() and text[start].isalpha():
        start -= 1
    while start < end < len(text) and text[end].isalpha() and text[end - 1].isalpha():
        end += 1
    if end not in starts:
        end = _hyphened_end(text, start, end)
    low = max(0, start - _JOINED_REACH)
    for word in _JOINED.finditer(text, low, min(len(text), end + _JOINED_REACH)):
        if word.start() == low and low > 0 and text[low - 1].isalpha():
            continue  # the reach cut this word: not a word of its own
        if word.start() < end and word.end() > start:
            start, end = min(start, word.start()), max(end, word.end())
    if (start, end) == (span.start, span.end):
        return span
    return replace(span, start=start, end=end)


_HYPHENED = re.compile(r"-([^\W\d_]{2,})(?![\w'’-])")


def _hyphened_end(text: str, start: int, end: int) -> int:
    """``end`` moved past a second part joined by a hyphen to the span's last word and written
    in the same case, where the span stops at the hyphen ("Dashiell O'Brien" of "O'Brien-Mensah",
    in capitals and lower case too); not "Smith-like"."""
    part = _HYPHENED.match(text, end) if start < end and text[end - 1].isalpha() else None
    if part is None:
        return end
    word = text[start:end].rsplit(None, 1)[-1].lstrip("'’\"(")  # ends in a letter: not empty
    after = part.group(1)
    same = (
        (word.isupper() and after.isupper())
        or (word.islower() and after.islower())
        or (word[0].isupper() and not word.isupper() and after[0].isupper() and after[1:].islower())
    )
    return part.end() if same else end


# a sentence's end inside a name: after a capitalised word of five letters or more, or a company's
# suffix (not "St. Luke's", "Mass. General"; after a lower-case word the span is no name at all)
_STOP_INSIDE = re.compile(r"\b(?:[A-Z][^\W\d_]{4,}|Inc|Ltd|Corp|Co|LLC|PLC|LLP)(\.)[ ]+(?=[A-Z])")
# a bracket opened inside a name and not closed in it, with the space before it
_OPEN_BRACKET = re.compile(r"[ ]*\([^)]*$")
_STREET_STOP = re.compile(r"\b(?:St|Ave|Rd|Blvd|Ln|Dr|Ct|Pl|Hwy|Pkwy|Ter)(\.)[ ]+([A-Z][a-z]+)\b")


def _opens_sentence(word: str, rules: SanityRules) -> bool:
    """``word`` (capitalised) is a frequent word on no name or place list: after a stop it
    opens a sentence rather than naming a town ("Conflict", "Denies")."""
    low = word.lower()
    if not rules.ordinary_words([low]) or rules.names is None:
        return False
    gaz = rules.names
    return not (gaz.is_name(low) or low in gaz.cities or low in gaz.towns or low in gaz.states)


_LOWER_WORD = re.compile(r"[ ]+[a-z]")
_FIELD_BEFORE = re.compile(r"(?:^|\|)[ \t]*([^\W\d_]+)[ \t]*:[ \t]*$")
_FIELD_REACH = 60  # how far before a span its field's name is looked for


def _field_label(text: str, start: int, rules: SanityRules) -> str | None:
    """HOSPITAL or ORGANIZATION for a span that is the value of a field naming one, at its
    line's start or after a bar ("Facility: Saint Joseph East", "| Employer: Acme")."""
    if not (rules.hospital_fields or rules.organization_fields):
        return None
    line = text.rfind("\n", 0, start) + 1
    before = text[max(line, start - _FIELD_REACH) : start]
    found = _FIELD_BEFORE.search(before)
    if found is None or (found.start() == 0 and line < start - _FIELD_REACH):
        return None  # a line's start cut off by the reach is no line's start
    name = found.group(1).lower()
    if name in rules.hospital_fields:
        return "HOSPITAL"
    return "ORGANIZATION" if name in rules.organization_fields else None


def _after_age(text: str, start: int, rules: SanityRules) -> bool:
    """Whether a span at ``start`` follows an age written "N-year-old" and capitalised words
    (``age_units``)."""
    if not rules.age_units:
        return False
    return _aged(rules.age_units).search(text, max(0, start - _FIELD_REACH), start) is not None


@cache
def _aged(units: frozenset[str]) -> re.Pattern[str]:
    """An age written "N-year-old" in one of ``units``, then capitalised words, at the end."""
    alternatives = "|".join(sorted(map(re.escape, units)))
    return re.compile(rf"\b\d{{1,3}}[- ](?:{alternatives})s?[- ]old[ ](?:[A-Z][\w'’-]*[ ])*$")


def _eponym_use(text: str, start: int, end: int, word: str, rules: SanityRules) -> bool:
    """``word`` (``text[start:end]``) is an eponym that the next word makes one ("Allen
    test"), with no title before it ("Dr. Wells")."""
    following = _NEXT_WORD.match(text, end)
    return (
        word in rules.eponyms
        and following is not None
        and following.group(1).lower() in rules.eponym_heads
        and not _TITLE_BEFORE.search(text, max(0, start - 8), start)
    )


_HEAD_OF = re.compile(r"([^\W\d_]+)[ ]+(?i:of)[ ]+(?:(?i:the)[ ]+)?$")
_HEAD_OF_REACH = 40


def _institution(text: str, span: Span, rules: SanityRules) -> Span | None:
    """A HOSPITAL span for a name or place span that names an institution (rule 4): a place
    after a head and "of" ("Royal Infirmary of Edinburgh"), a piece of a capitalised run that
    names one (``_inside_institution_name``), a run that a head follows, widened over it
    ("Spaulding" + " Rehab"), one of ``institutions`` ("Kaiser Permanente"), alone or before
    its site when no person's label, a run ending in a head before a dash and its site, one
    starting with "Hospital", a run ending in a head ("Beth Israel Deaconess"; the words of
    ``institution_ends`` such as "General" only with no capitalised word after); else None.
    An organisation ending in a head that ends companies' names too ("Abt Associates") or in
    an end word ("First Baptist") stays one."""
    surface = " ".join(text[span.start : span.end].split())
    words = surface.lower().split()
    head = _HEAD_OF.search(text, max(0, span.start - _HEAD_OF_REACH), span.start)
    if head is not None and _capitalised_head(head.group(1), rules):
        return span.with_label("HOSPITAL")  # "Royal Infirmary of Edinburgh"
    if _inside_institution_name(text, span, rules):
        return span.with_label("HOSPITAL")
    after = _NEXT_WORDS.match(text, span.end)
    widened = _head_after(text, span, after, rules) if surface[:1].isupper() else None
    if widened is not None:
        return widened
    if " ".join(words) in rules.institutions:
        return span.with_label("HOSPITAL")
    # "Ochsner St Mary", not a person ("Dr. Mayo Lee"); a person's span only after a listed
    # name of two words or more ("Kaiser Permanente Santa Clara")
    smallest = 2 if span.label in rules.cut_labels else 1
    if _listed_then_site(words, surface, rules, smallest):
        return span.with_label("HOSPITAL")
    site = _DASHED_SITE.fullmatch(surface)  # "Robert Wood Johnson University Hospital - Somerset"
    if site is not None and _ends_in(site.group(1).lower().split(), rules.institution_heads):
        return span.with_label("HOSPITAL")
    if len(words) > 1 and words[0] == "hospital" and surface.istitle():
        return span.with_label("HOSPITAL")  # "Hospital Menonita Ponce", as Spanish names them
    company = span.label == "ORGANIZATION"  # "Abt Associates", "First Baptist": no hospitals
    heads = rules.institution_heads - _COMPANY_HEADS if company else rules.institution_heads
    if len(words) > 1 and _ends_in(words, heads):
        return span.with_label("HOSPITAL")
    capital_after = after is not None and after.group(1)[:1].isupper()
    if len(words) > 1 and words[-1] in rules.institution_ends and not capital_after:
        return None if company else span.with_label("HOSPITAL")
    return None


_DASHED_SITE = re.compile(r"([^,]+?)[ ]?[-–][ ]?[A-Z][\w'’.]*(?:[ ][A-Z][\w'’.]*)?")


def _listed_then_site(
    words: Sequence[str], surface: str, rules: SanityRules, smallest: int = 1
) -> bool:
    """A listed institution known by its name alone (of ``smallest`` words or more), then its
    site in capitalised words."""
    rest = surface.split()
    return any(
        " ".join(words[:k]) in rules.institutions and all(w[:1].isupper() for w in rest[k:])
        for k in range(smallest, len(words))
    )


_RUN_AFTER = re.compile(r"[ ]((?:[A-Z][\w'’&.]*)(?:-[A-Z][\w'’&.]*)*)")
_RUN_BEFORE = re.compile(r"(?<![^\s(])([A-Z][\w'’&.]*)[ ]$")
_RUN_WORDS = 3


def _inside_institution_name(text: str, span: Span, rules: SanityRules) -> bool:
    """``span`` is a piece of a run of capitalised words on one line that names an
    institution: the run ends in a head after one capitalised word or more ("Roy Lester" in
    "Roy Lester Schneider Hospital, Charlotte"), or the span ends the run after a head and
    is a town ("Wesley Chapel" in "Baycare Hospital Wesley Chapel |"). Loose heads
    ("Health") and a title before the span ("Dr. Lee") do not count; nor does a head that a
    colon follows ("Ann Lee Hospital: MGH" is a field)."""
    if _TITLE_BEFORE.search(text, max(0, span.start - 8), span.start):
        return False
    after: list[str] = []
    position = span.end
    while (word := _RUN_AFTER.match(text, position)) is not None:
        after.append(word.group(1).lower().rstrip("."))
        position = word.end()
        if len(after) > _RUN_WORDS:
            return False  # a longer run: a heading or a list, not one name
    if after and text[position : position + 1] != ":":
        for size in (2, 1):
            head = " ".join(after[-size:])
            if len(after) > size and head in rules.institution_heads and head not in _LOOSE_HEADS:
                return True
    if after or rules.names is None:
        return False
    before = _RUN_BEFORE.search(text, max(0, span.start - 30), span.start)
    if before is None or before.group(1).lower() not in rules.institution_heads:
        return False
    if before.group(1).lower() in _LOOSE_HEADS or not _RUN_BEFORE.search(
        text, max(0, before.start() - 30), before.start()
    ):
        return False  # "Hospital" first on its line: no name of which it is the head
    place = " ".join(text[span.start : span.end].lower().split())
    return place in rules.names.towns or place in rules.names.cities


def _capitalised_head(word: str, rules: SanityRules) -> bool:
    return word[:1].isupper() and word.lower() in rules.institution_heads


def _head_after(text: str, span: Span, after: re.Match | None, rules: SanityRules) -> Span | None:
    """``span`` widened over the institution head that follows it, as a HOSPITAL, or None."""
    if after is None or _TITLE_BEFORE.search(text, max(0, span.start - 8), span.start):
        return None  # "Dr. Lee Clinic": a person before the word
    if "," in text[span.start : span.end]:
        return None  # "Smith, John Clinic": a name written surname first
    following = list(_WORD_AT.finditer(text, span.end, after.end()))
    for size in (3, 2, 1):
        head = " ".join(w.group().lower() for w in following[:size])
        if len(following) < size or head not in rules.institution_heads:
            continue
        if head in rules.institution_ends or head in _LOOSE_HEADS:
            continue  # "Jane Smith Health Care Proxy": not enough to call her a place
        return replace(span, end=following[size - 1].end(), label="HOSPITAL")
    return None


def _ends_in(words: list[str], heads: frozenset[str]) -> bool:
    return any(" ".join(words[-size:]) in heads for size in (3, 2, 1) if len(words) > size)


def _place_kind(text: str, span: Span, surface: str, rules: SanityRules) -> str | None:
    """STATE or COUNTRY for a span of ``place_kind_labels`` that names one (rule 3; not
    before a state code, and for other labels than CITY no code alone), PATIENT for a
    COUNTRY that is a listed first name and no country ("divorce from Marcus"), else None."""
    if span.label == "COUNTRY" and _first_name_only(surface, rules):
        return "PATIENT"
    if (
        not rules.place_kinds
        or span.label not in rules.place_kind_labels
        or _STATE_AFTER.match(text, span.end)
        or (span.label != "CITY" and surface in rules.state_codes)
    ):
        return None
    low = " ".join(surface.lower().split())
    if low in rules.cities_named_like_places:
        return None
    if low in rules.countries:
        return "COUNTRY"
    if low in rules.states or surface in rules.state_codes:
        return "STATE"
    return None


_EMERGENCY_NUMBERS = frozenset({"911", "999", "112", "988", "000"})
_CALL_BEFORE = re.compile(r"(?i:call|called|calling|calls|dial|dialed|dialled|phoned|rang)[ ]+$")
_CAPITALISED_RUN = re.compile(r"(?:[A-Z][\w'’&.-]*[ ])*[A-Z][\w'’.-]*$")


def _no_one_s_number(text: str, span: Span, surface: str, rules: SanityRules) -> bool:
    """``surface`` is a number that is no one's: an emergency service's after a call ("who
    called 911"), a time of day read as a name or place ("@ 2347", "by phone at 0140"), a time
    of day read as a date that no year can be ("ctx since 0100", "SROM at 0230"), a trial's
    number after its registry's prefix ("NCT04567891"), a strength's grade read as a date
    ("RUE 3/5"), a code of a public code system after its name ("CPT 72148"), a fraction that
    is no month and day and no month and year ("0/11" nodes,
    "20/20" vision; not "3/87"), or a test's name and result read as a user name or a name
    ("PTH 488", "TSAT 28%")."""
    if surface in _EMERGENCY_NUMBERS and _CALL_BEFORE.search(
        text, max(0, span.start - 12), span.start
    ):
        return True
    if surface.isdigit() and text.endswith("NCT", 0, span.start):
        return True  # "NCT04567891": a trial's registry number, read as "NCT" and a number
    if TRIAL_REGISTRATION.fullmatch(surface):
        return True  # "NCT05123456" read whole: ClinicalTrials.gov's number of a trial
    if surface.isdigit() and _CODE_SYSTEM_BEFORE.search(text, max(0, span.start - 16), span.start):
        return True  # "(CPT 72148)": a procedure's code in a public code system, no one's
    if span.label == "DATE" and _HHMM.fullmatch(surface) and surface.isdigit():
        return not _YEAR_RANGE[0] <= int(surface) <= _YEAR_RANGE[1]
    if span.label == "DATE" and (fraction := _FRACTION.fullmatch(surface)):
        first, second = int(fraction.group(1)), int(fraction.group(2))
        month_year = 1 <= first <= 12 and len(fraction.group(2)) == 2  # "3/87": March 1987
        if not (month_year or _month_day(first, second) or _month_day(second, first)):
            return True
    if span.label == "DATE" and _GRADE.fullmatch(surface):
        return _LIMB_BEFORE.search(text, max(0, span.start - 16), span.start) is not None
    if span.label == "USERNAME" and _LAB_VALUE.fullmatch(surface):
        return True  # "PTH 488", "UACR 210": a test's letters and its result; no handle spaced
    if span.label in rules.word_labels and _test_result(text, span, surface, rules):
        return True  # "TSAT 28%": a test's name and its result
    return span.label in rules.word_labels and _clock_time(text, span, surface)


_GRADE = re.compile(r"[0-5][+-]?/5")
_CODE_SYSTEM_BEFORE = re.compile(
    r"(?<![\w-])(?:CPT|HCPCS|DRG|NDC|LOINC|SNOMED(?:[ -]CT)?|RxNorm|RXCUI)(?:[ \t]*code)?"
    r"[ \t]*[#:]?[ \t]*\Z",
    re.IGNORECASE,
)
_FRACTION = re.compile(r"(\d{1,2})/(\d{1,2})")


def _month_day(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


_LIMB_BEFORE = re.compile(
    r"(?i:\b(?:[RLB][UL]E|strength|motor|power|grip|deltoids?|biceps|triceps|quads?|"
    r"hamstrings?|EHL|dorsiflexion|plantarflexion|hip flexors?|HF|KE|KF|DF|PF|UE|LE)[: \t]*)$"
)
"""A limb or a muscle group before a grade out of five ("RUE 3/5", "Grip 4+/5"): strength on
exam, not the 3rd of May."""


def _test_result(text: str, span: Span, surface: str, rules: SanityRules) -> bool:
    """``surface`` is a test's short name in capitals before its result (``_TEST_NAME``,
    ``_RESULT_AFTER``) in a note in mixed case, on no name list, and not a hospital's."""
    if span.label == "HOSPITAL" or rules.names is None or not _TEST_NAME.fullmatch(surface):
        return False
    if not _RESULT_AFTER.match(text, span.end):
        return False
    around = text[max(0, span.start - _CASE_REACH) : span.end + _CASE_REACH]
    return any(c.islower() for c in around) and not rules.names.is_name(surface.lower())


_TEST_NAME = re.compile(r"(?=(?:[0-9]*[A-Z]){2})[A-Z][A-Z0-9]{1,5}")
_RESULT_AFTER = re.compile(r"[ ]?[<>]?\d{1,3}(?:\.\d+)?%?(?![\w/-])")
"""A test's short name in capitals and its result after it, in a note in mixed case ("TSAT
28%", "BNP 412"): no name of a person, place or body (a hospital's letters may stand before a
date, "LGH 11-27"; an age and sex after a name are no result, "OKWUOSA 45F")."""
_LAB_VALUE = re.compile(r"[A-Z][A-Z0-9]{1,5}[ \t]+[<>]?\d+(?:\.\d+)?")


_YEAR_RANGE = (1800, 2199)
"""The years a bare four-digit date may be (i2b2-style notes shift dates into the 2100s)."""


def _clause_end(span: Span, surface: str, rules: SanityRules) -> Span:
    """``span`` (reading ``surface``) cut before a sentence's stop inside it ("Authority.
    Emergency contact", "Bridge St. Conflict"), then before a bracket it opens and does not
    close ("Medicare (MBI")."""
    if span.label in rules.clause_labels and (stop := _STOP_INSIDE.search(surface)):
        span = replace(span, end=span.start + stop.start(1))
        surface = surface[: stop.start(1)]
    if span.label in rules.clause_labels:
        # a street's abbreviated type, its stop and a sentence's first word ("Bridge St.
        # Conflict escalated"; not "Elm Ave. Boston", a town)
        for stop in _STREET_STOP.finditer(surface):
            if _opens_sentence(stop.group(2), rules):
                span = replace(span, end=span.start + stop.start(1))
                surface = surface[: stop.start(1)]
                break
    if (bracket := _OPEN_BRACKET.search(surface)) is not None and bracket.start() > 0:
        inside = surface.index("(", bracket.start()) + 1
        words = surface[: bracket.start()].split()
        if (
            span.label in rules.cut_labels
            and all(_no_name_before_bracket(w, rules) for w in words)
            and re.match(r"[ ]*[^\W\d_]", surface[inside:])
        ):
            # "Grandma (Agnes", "transport (Jorge": a relation or a role in lower case is no
            # name, the name in the bracket is
            lead = len(surface[inside:]) - len(surface[inside:].lstrip())
            return replace(span, start=span.start + inside + lead)
        span = replace(span, end=span.start + bracket.start())
    return span


def _no_name_before_bracket(word: str, rules: SanityRules) -> bool:
    """Whether ``word``, before a bracket a person's span opens, is who the person is rather
    than their name: a relation, a title or role, a credential, or a frequent word in lower
    case on no name list ("transport"; not "jones" in a note typed in lower case)."""
    low = word.lower()
    if low in rules.relations or low in rules.name_prefixes:
        return True
    if low.replace(".", "") in rules.credentials:
        return True
    named = rules.names is not None and rules.names.is_name(low)
    return word.islower() and rules.ordinary_words([low]) and not named


def _first_name_only(surface: str, rules: SanityRules) -> bool:
    """``surface`` is one listed first name, no frequent word and no country ("Marcus")."""
    low = surface.lower()
    if rules.names is None or low in rules.countries or not _FIRST_NAME.fullmatch(surface):
        return False
    return rules.names.is_first_name(low) and not rules.names.is_common(low)


def _company(surface: str, rules: SanityRules) -> bool:
    """``surface`` is two words or more ending in a company's word, with no comma (a name
    written "Last, First" before a firm's name stays a name)."""
    words = surface.split()
    return (
        len(words) > 1
        and "," not in surface
        and words[-1].lower().rstrip(".") in rules.company_heads
    )


def _company_end(surface: str, rules: SanityRules) -> int | None:
    """Where a person's span that reads on past a company's word ends as the company's name:
    after the first such word, where no comma stands before it and the words before it are
    not all frequent ones ("NUVEXA PHARMACEUTICALS SAFETY DESK" of "Sponsor contact:" ->
    "NUVEXA PHARMACEUTICALS"; not "ROUTINE PHARMACY STAFF"); None where it has no such word
    inside."""
    words = list(_WORD.finditer(surface))
    for index in range(1, len(words) - 1):
        word = words[index]
        if "," in surface[: word.start()]:
            return None
        if word.group().lower().rstrip(".") in rules.company_heads:
            before = [w.group().lower() for w in words[:index]]
            return None if rules.ordinary_words(before) else word.end()
    return None


def _clock_time(text: str, span: Span, surface: str) -> bool:
    """``surface`` is a time of day on the 24-hour clock after "at", "@", "time", "in", "out"
    or a date."""
    return bool(_HHMM.fullmatch(surface)) and bool(
        _TIME_BEFORE.search(text, max(0, span.start - 12), span.start)
    )


_CANCER_BEFORE = re.compile(  # "metastatic pancreatic CA", "h/o breast ca", "lung Ca"
    r"(?<![\w])(?i:metastatic|recurrent|advanced|invasive|primary|pancreatic|pancreas|gastric|"
    r"stomach|colon|colonic|rectal|colorectal|anal|breast|lung|prostate|prostatic|ovarian|"
    r"cervical|cervix|uterine|endometrial|bladder|renal|kidney|hepatocellular|liver|thyroid|"
    r"esophageal|oesophageal|oral|tongue|laryngeal|skin|squamous|basal|testicular|vulvar|"
    r"brain|bronchogenic|h/o|hx[ ]of|history[ ]of)[ ]+$"
)


_ADDRESS_UNIT = re.compile(  # an address's unit read as a code ("> suite 828")
    r"(?i)(?<![\w])(?:suite|ste|apt|apartment|unit)\.?[ ]?#?[ ]?\d+[a-z]?$"
)
_SERVICE_AFTER = re.compile(  # "ID fellow", "ID consult", "ID will follow"
    r"[ ]+(?:fellow|team|consult|consulted|service|attending|clinic|recs|will[ ]follow|"
    r"following|following[ ]along|signed[ ]off|was[ ]consulted|to[ ]see)\b"
)


def _cancer(text: str, span: Span, surface: str) -> bool:
    """``surface`` is "CA" or "Ca" after a cancer's site or kind ("metastatic pancreatic CA"),
    or "ID" before a service's word ("ID fellow"): a cancer and infectious disease, not
    California and Idaho."""
    if surface == "ID":
        return _SERVICE_AFTER.match(text, span.end) is not None
    return surface in ("CA", "Ca", "ca") and bool(
        _CANCER_BEFORE.search(text, max(0, span.start - 24), span.start)
    )


def _year(surface: str) -> bool:
    """``surface`` is a year alone (``_YEAR_RANGE``)."""
    return (
        surface.isdigit() and len(surface) == 4 and _YEAR_RANGE[0] <= int(surface) <= _YEAR_RANGE[1]
    )


_ORGANISM = re.compile(  # a species after its genus's initial ("E. coli", "S. aureus")
    r"\.[ ]?(?:coli|aureus|faecalis|faecium|pneumoniae|influenzae|epidermidis|difficile|"
    r"cloacae|aeruginosa|mirabilis|marcescens|pyogenes|agalactiae|albicans|glabrata|jejuni|"
    r"pylori|vulgaris|oxytoca|fragilis|baumannii|maltophilia|cereus|monocytogenes|"
    r"gonorrhoeae|trachomatis|meningitidis|vaginalis|lugdunensis|hominis|mutans|dubliniensis|"
    r"parapsilosis|krusei|tropicalis|gondii|jirovecii|carinii)\b"
)
_INTO_DIGIT = re.compile(r"[^\W\d_]\d")
_CODE_WORD = re.compile(r"[^\W\d_]\d|\d[^\W\d_]")  # a letter and a digit side by side
_OUT_OF_UNIT = re.compile(r"\d[^\W\d_]|(?<=[^\W\d_])/[Ll]\.[ ]")  # "3VD"; "MG/L. VALIDATED"
# a dose or a shock's energy inside a person's span ("Epi 1 mg IO", "Shock 200 J" of a code
# record's rows)
_DOSE_INSIDE = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?[ ]?(?:mg|mcg|g|mL|ml|L|J|units?|mEq|kg|mmHg|%)(?![\w])"
)
_CLOCK_INSIDE = re.compile(r"(?<![\w:.])(?:[01]?\d|2[0-3]):[0-5]\d(?![\w:])")
_AGE_TAIL = re.compile(r"^(?:y?/)?o[ ]")  # the end of "y/o" read into a span ("o G4P1")
_HHMM = re.compile(r"(?:[01]\d|2[0-3]):?[0-5]\d")
_TIME_BEFORE = re.compile(  # "at 0140", "@ 2347", "3/4 0200", "Time in 0910 / out 1005"
    r"(?:(?<![\w])(?:at|[Tt]ime(?:[ ]in|[ ]out)?:?|in|out)|@|\d{1,2}/\d{1,2}(?:/\d{2,4})?)[ ]?$"
)
_FIRST_NAME = re.compile(r"[A-Z][a-z]+")
_DATE_TAIL = re.compile(r"\d[ \t]*(,[ \t]*([a-z]+|[A-Z]+))$")


def _date_core(text: str, span: Span, rules: SanityRules) -> Span:
    """A DATE span without the word in lower case or capitals after a comma that ends it, when
    the word names no day, month, season or holiday ("1942-12-28, identifier", "2012-04-14,
    IDENTIFIER"; "3/4, tues" stays)."""
    tail = _DATE_TAIL.search(text, span.start, span.end)
    if tail is None or _dated(tail.group(2).lower(), rules):
        return span
    end = tail.start(1)
    while text[end - 1].isspace():
        end -= 1
    return replace(span, end=end)


def _kind(text: str, span: Span, surface: str, rules: SanityRules) -> Span | None:
    """``span`` relabelled by what it names (rule 4 and the rules of people's spans that
    come before it: a room, a school, a job, a field's kind, an institution), else None."""
    if span.label in rules.cut_labels and _room(surface, rules):
        return span.with_label("ROOM")
    if span.label == "STREET" and _WARD.fullmatch(surface):
        return span.with_label("ROOM")  # "Location: 6 West": a hospital's ward, no street
    if span.label in rules.cut_labels and (floor := _ward_before(text, span, surface)) is not None:
        return replace(span, start=floor, label="ROOM")  # "then floor 6 North, bed 612-2"
    if span.label in rules.cut_labels and surface.split()[-1].lower() in rules.place_heads:
        return span.with_label("LOCATION-OTHER")
    if span.label in rules.cut_labels and _company(surface, rules):
        name = _CAPITALISED_RUN.search(surface)  # "2347 via Brewster Ambulance"
        if name is not None and name.start() > 0:
            return replace(span, start=span.start + name.start(), label="ORGANIZATION")
        return span.with_label("ORGANIZATION")
    if span.label in rules.cut_labels and (end := _company_end(surface, rules)) is not None:
        return replace(span, end=span.start + end, label="ORGANIZATION")
    if span.label in rules.cut_labels and _after_age(text, span.start, rules):
        lower = _LOWER_WORD.search(surface)  # "Architect at Walton": the job ends before "at"
        end = span.start + lower.start() if lower else span.end
        if not _never_alone(text[span.start : end].lower().split(), rules):  # "7 month old Infant"
            return replace(span, end=end, label="PROFESSION")
    if span.label not in rules.institution_labels:
        return None
    if span.label in rules.cut_labels and any(
        _stop_after(surface, w) for w in list(_WORD.finditer(surface))[:-1]
    ):
        return None  # "Dr Yusuf Demir. Hospice RN": the name's sentence is cut later
    field = _field_label(text, span.start, rules)  # "Facility: ..." names its kind
    custody = " ".join(surface.lower().split()).endswith(tuple(rules.custody_heads))
    if field == "HOSPITAL" and custody:
        field = "ORGANIZATION"  # "Facility: Wabash Valley Correctional Facility": a prison
    store = _STORE_NUMBER.search(surface)  # "Walgreens #10433": a chain's store by its number
    name = surface[: store.start()] if store else surface
    listed = " ".join(name.lower().split()) in rules.organizations
    if not (listed and span.label == "ORGANIZATION"):  # an insurer named "... Health Care"
        institution = _institution(text, span, rules)
        if institution is not None:
            return institution.with_label(field) if field else institution
    if field is not None:
        return span.with_label(field)
    if not listed:
        return None
    return replace(span, end=span.start + len(name), label="ORGANIZATION")


_STORE_NUMBER = re.compile(r"[ ]*(?:#|No\.?[ ]?|[Ss]tore[ ]#?)[ ]?\d{1,6}$")


def _identifier_cue(text: str, span: Span, surface: str, rules: SanityRules) -> bool:
    """``span`` (reading ``surface``) is an identifier's cue read as a place: a state's code
    before an identifier ("Maria, ID XKJ448190221": not Idaho) or two capitals before
    "number" ("NI number": not Northern Ireland)."""
    if span.label == "STATE" and surface in rules.state_codes and _ID_AFTER.match(text, span.end):
        return True
    return bool(_TWO_CAPITALS.fullmatch(surface) and _NUMBER_WORD_AFTER.match(text, span.end))


_TOWN_SITE = re.compile(r"[ ]+(?:campus|site|location|office|branch)$")
"""A site's word in small letters after a capitalised town read with it ("VA Boston (Jamaica
Plain campus)"): the town is the place; a capitalised one is a site's name ("Sussex Campus"),
and in a note typed in lower case the case tells nothing ("st luke's hospital - monroe
campus")."""


def _shape_verdict(
    doc: Document, span: Span, rules: SanityRules
) -> tuple[Span, Span | _Weigh | None]:
    """The rules of shape and kind (1, 3 and 4), before the words are weighed: the span as
    they leave it (a code's or a date's core), and their verdict: None (dropped), a span
    (relabelled, or kept as it is: no word label), or ``_WEIGH`` (the word rules decide)."""
    if _code_cut(doc, span, rules):
        span = _code_core(doc.text, span, rules)
    if span.label == "DATE":
        span = _undated_name(doc.text, _date_core(doc.text, span, rules), rules)
    text = doc.span_text(span)
    if not _shaped(text, span.label, rules):
        return span, None
    if _no_one_s_number(doc.text, span, text, rules):
        return span, None
    if span.label in rules.word_labels and _cancer(doc.text, span, text):
        return span, None  # "metastatic pancreatic CA", "ID fellow": not California, Idaho
    if span.label in rules.word_labels and _year(text):
        return span, span.with_label("DATE")  # "Prior appy at St. Vincent's (Worcester) 2061"
    if span.label in rules.word_labels and _CLOCK_INSIDE.search(text):
        return span, None  # "Transport 02:39  At": no name or place holds a time of day
    if _field_of_place(doc.text, span, text, rules):
        return span, None  # "Adjuster" of "Liberty Mutual    Adjuster: Shauna Pires"
    site = _TOWN_SITE.search(text) if span.label == "CITY" and text[:1].isupper() else None
    if site is not None and site.start() > 0 and not typed_in_lower_case(doc.metadata):
        return span, replace(span, end=span.start + site.start())  # "Jamaica Plain campus"
    kind = _kind(doc.text, span, text, rules)
    if kind is not None:
        return span, kind
    place = _place_kind(doc.text, span, text, rules)
    if place is not None:
        return span, span.with_label(place)
    if _identifier_cue(doc.text, span, text, rules):
        return span, None  # "Maria, ID XKJ448190221", "NI number: NK 40 06 66 A": no place
    if span.label not in rules.word_labels or (span.label == "STATE" and text in rules.state_codes):
        return span, span  # "VI" is the Virgin Islands' code, not a Roman numeral
    return span, _WEIGH


class _Weigh:
    """``_shape_verdict``'s answer when the word rules are to decide."""


_WEIGH = _Weigh()


def _checked(doc: Document, span: Span, rules: SanityRules) -> Span | None:
    """The span as the rules leave it: itself, cut back, relabelled, or None (dropped)."""
    span, verdict = _shape_verdict(doc, span, rules)
    if not isinstance(verdict, _Weigh):
        return verdict
    span = _clause_end(span, doc.span_text(span), rules)
    text = doc.span_text(span)
    if text.replace(".", "").lower() in rules.credentials:
        return None  # "M.D." read as a place
    person = span.label in rules.cut_labels
    piece = _person_piece(doc.text, span, rules) if person else span
    if piece is None:
        return None
    span, text = piece, doc.span_text(piece)
    words = list(_WORD.finditer(text))
    lower = [w.group().lower() for w in words]
    clause = not _read_whole(doc, span)
    first, last = _kept_words(text, words, lower, span.label, rules, clause=clause)
    placed = person or span.label in rules.clause_labels
    if placed and first < last and _opening_verb(doc.text, span.start, words[first], rules):
        first += 1  # "Summarize Bernadette Okoye's discharge", "Compare Hyun-woo Park's echo"
    if first == last:
        return None
    if person and last - first == 1 and _honorific(words[first].group(), rules):
        return None  # "with Drs. Kaplan and Ostrowski": "Drs" read as a name
    kept = lower[first:last]
    first_at = span.start + words[first].start()
    titled = person and _named_alone(doc.text, span, kept, first_at, words[first:last])
    if _no_name_words(doc.text, first_at, kept, person, titled, span.label, rules):
        return None
    if all(_demonym(w, rules) for w in kept):
        where = (span.start + words[first].start(), span.start + words[last - 1].end())
        if not _name_use(doc.text, *where, kept, rules):
            return None  # "a Cambodian refugee": a nationality names no one and no place
    if not person and all(w in rules.date_words for w in lower):
        return span.with_label("DATE")  # "Tues" read as a town; "Dr. Sun" stays a name
    days = sum(w in rules.date_words for w in lower)
    if person and days > 1 and all(w in rules.date_words or w.isdigit() for w in lower):
        return span.with_label("DATE")  # "Wed 930, Fri" of a schedule: two days, no name
    one_day = person and len(lower) == 1 and lower[0] in rules.date_words
    if one_day and _in_day_list(doc.text, span.start, span.end, rules):
        return span.with_label("DATE")  # "7.5 mg Mon/Wed/Fri": a schedule's days
    if not person and _no_place(text, words, span.label, rules):
        return None
    lower_checked = span.label in rules.clause_labels or span.label == "DEPARTMENT"
    if lower_checked and _ordinary_in_mixed_case(doc, span, kept, rules):
        return None  # "flu 10/2103", "(tentative)", "GPC in clusters": frequent words, no place
    start, end = span.start + words[first].start(), span.start + words[last - 1].end()
    if person and not _LETTERS.search(doc.text, start, end):
        # "Medic 7": a unit's number left of a name's cue; a long number is someone's
        digits = sum(c.isdigit() for c in doc.text[start:end])
        return _extent(span, start, end).with_label("IDNUM") if digits >= 4 else None
    if person and _in_code_or_dose(doc.text, start, end):
        return None
    last_start = span.start + words[last - 1].start()
    if person and _eponym_words(doc.text, last_start, start, end, kept, rules):
        return None
    if all(w in rules.headings for w in kept) and _heading(doc, start, end):
        return None
    if all(w in rules.headings and len(w) > 3 for w in kept) and span.label not in _SERVICE_LABELS:
        return None  # "Cardiology fellow" read as a town (not "JN/up", a typist's initials)
    if person and _list_item_word(doc.text, start, end, rules):
        return None  # "3.  Cognition - MoCA 22/30": a numbered item's topic
    if person and _words_of_no_one(doc, start, end, kept, rules):
        return None  # "the creatinine", "Prostatic adenocarcinoma", "Mesh was placed"
    if not person and _clinical_in_lower_case(doc, span, kept, rules):
        return None  # "transaminitis" read as a hospital in a note in mixed case
    if person and rules.names is not None:
        piece = _named_sentence(text, words[first:last], rules.names)
        if piece is None:
            return None  # "IV furosemide. Cardiology": no name on either side of the stop
        first, last = first + piece[0], first + piece[1]
        start, end = span.start + words[first].start(), span.start + words[last - 1].end()
        if all(w in rules.never_alone for w in lower[first:last]) and not titled:
            return None  # "Romberg negative" left of the stop in "Romberg negative. Tinel"
    if person:
        cut = _name_cut(doc.text, span, words, first, last, start, end, rules)
        verbs = cut is not None and _verb_forms(_WORD.findall(doc.span_text(cut).lower()), rules)
        return None if verbs else cut  # "REFERRED TO LORENZO" cut back to "REFERRED"
    return _unless_abbreviation(doc.text, _extent(span, start, end), rules)  # "PEG placement."


def _in_code_or_dose(text: str, start: int, end: int) -> bool:
    """A person's span ``text[start:end]`` runs on into a digit ("nadir SpO" of "SpO2"; not a
    handle's), runs out of a code (``_out_of_code``: "VD, CABG" of "3VD, CABG") or holds a
    dose or a shock's energy ("Shock 200 J", "Epi 1 mg IO" of a code record's rows)."""
    if _INTO_DIGIT.match(text, end - 1) and not _handle(text, start):
        return True
    return _out_of_code(text, start, end) or _DOSE_INSIDE.search(text, start, end) is not None


def _name_cut(
    text: str,
    span: Span,
    words: Sequence[re.Match],
    first: int,
    last: int,
    start: int,
    end: int,
    rules: SanityRules,
) -> Span | None:
    """A person's span (its kept words ``first`` to ``last``, at ``start:end`` in ``text``)
    cut where the name ends (``_name_end``), or None where no name is left, it is a verb's
    form opening a sentence (``_opening_word``) or an abbreviation in capitals that is a given
    name too (``_capital_abbreviation``)."""
    cut = _name_end(text[span.start : span.end], words, first, last, rules)
    if cut is not None:
        # a number before the cut is no part of the name ("his dog Pepper 1 mile daily")
        end = span.start + len(_NUMBER_AT_END.sub("", text[span.start : span.start + cut]))
        if _no_name_left(text, start, end, rules):
            return None  # "Todd paralysis, SUDEP" cut to "Todd"
    if _ORGANISM.match(text, end) and (end - start == 1 or text[end - 2] == " "):
        end -= 2  # "mL E" of "CFU/mL E. coli": a genus's initial is no part of a name
        rest = text[start:end]
        if end <= start or _never_alone(rest.lower().split(), rules):
            return None
        if rest[:1].islower() and not rest.islower():
            return None  # "mL", a unit, left of the initial
    if _opening_word(text, start, end, rules):
        return None
    return _unless_abbreviation(text, _extent(span, start, end), rules)  # "How many ED visits"


def _extent(span: Span, start: int, end: int) -> Span:
    """``span`` at ``start:end`` (itself where that is its extent)."""
    if (start, end) == (span.start, span.end):
        return span
    return Span(start, end, span.label, span.score, span.source, span.ann_id)


def _person_piece(text: str, span: Span, rules: SanityRules) -> Span | None:
    """A person's span before its words are weighed: None where it is a field read on from a
    name in a bed list's row ("Dx: CAP") or the next field's name ("Pharm" in "Ruthanne
    Pharm: Kofi"), else the span without a piece between dashes that holds no name ("FYI -
    kim")."""
    piece = text[span.start : span.end]
    if _field_of_abbreviations(piece, rules):
        return None
    if _COLON_AFTER.match(text, span.end) and _SENTENCE_CASE_FIELD.fullmatch(piece):
        return None  # "Funeral home preference:": a field's name in sentence case
    if _field_name(text, span, list(_WORD.finditer(piece)), rules):
        return None
    return _dash_cut(text, span, rules)


def _named_alone(
    text: str, span: Span, kept: Sequence[str], start: int, words: Sequence[re.Match]
) -> bool:
    """The words kept of ``span`` (from ``start``) name someone though they are never alone
    elsewhere: one letter after a title ("Mrs. V", not a numeral) or a relative's one-word
    given name ("wife Ama", not "left AMA")."""
    return _titled_initial(text, span, kept) or _kin_named(text, start, words)


def _titled_initial(text: str, span: Span, kept: Sequence[str]) -> bool:
    """Whether the span is one letter after a title: "Mrs. V", not the Roman numeral."""
    return len(kept) == 1 and len(kept[0]) == 1 and bool(_TITLE_BEFORE.search(text, 0, span.start))


_KIN_BEFORE = re.compile(_RELATIVE_BEFORE.pattern, re.IGNORECASE)
"""``_RELATIVE_BEFORE`` in any case ("wife Ama")."""


def _kin_named(text: str, start: int, words: Sequence[re.Match]) -> bool:
    """The span is one word in title case right after a relative ("wife Ama", "son Cal"), or
    in capitals in a note typed so ("WIFE AMA"): a given name, though the same letters in
    capitals in a note in mixed case are a charting abbreviation ("left AMA")."""
    if len(words) != 1:
        return False
    word = words[0].group()
    titled = word[:1].isupper() and word[1:].islower()
    if len(word) < 2 or not (titled or _in_capitals(text, start, start + len(word))):
        return False
    return _KIN_BEFORE.search(text, max(0, start - 16), start) is not None


def _unless_abbreviation(text: str, span: Span, rules: SanityRules) -> Span | None:
    """``span``, or None where it is an abbreviation in capitals (``_capital_abbreviation``)."""
    return None if _capital_abbreviation(text, span, rules) else span


def _capital_abbreviation(text: str, span: Span, rules: SanityRules) -> bool:
    """A ``span`` is one of ``capital_abbreviations`` in capitals (with a number after it or
    not), in a note in mixed case, and no title stands before it ("ED visits", "father MI at
    58", "PEG placement", "Triage: ESI 2"; not "Ed", "Dr. ED", "sister Peg")."""
    surface = _NUMBER_AT_END.sub("", text[span.start : span.end])
    if not surface.isupper() or surface.lower() not in rules.capital_abbreviations:
        return False
    if _in_capitals(text, span.start, span.end):
        return False
    return _TITLE_BEFORE.search(text, max(0, span.start - 12), span.start) is None


def _honorific(word: str, rules: SanityRules) -> bool:
    """Whether ``word`` is a title written as a title ("Drs", "Mrs", a rank's "LCpl"): in
    capitals or lower case the same letters may be a typist's initials ("TH/mr")."""
    return word[:1].isupper() and not word.isupper() and word.lower() in rules.honorifics


def _never_alone(words: Sequence[str], rules: SanityRules) -> bool:
    """Whether ``words`` (lower case) are all ``never_alone`` or ``relations`` words, or
    numbers or function words beside them: "Mallampati II", "Grandmother", "Hemoglobin 11" (a
    result's value read into the span), "OSA on CPAP"."""
    content = [w for w in words if w not in rules.function_words] or list(words)
    if all(w.isdigit() for w in content):
        return False
    return all(w in rules.never_alone or w in rules.relations or w.isdigit() for w in content)


_READ_WHOLE_LABELS = frozenset({"ORGANIZATION", "HOSPITAL"})
"""Labels of a pattern's span that a note typed in lower case keeps whole (``_read_whole``)."""


def _read_whole(doc: Document, span: Span) -> bool:
    """``span`` is an organisation a pattern read in the title-cased twin of a note typed in
    lower case: its words after the first may be in lower case in the restored text
    ("Fairview Home infusion") and are the name's all the same, so no clause cuts it."""
    return (
        typed_in_lower_case(doc.metadata)
        and span.source.startswith("rules:")
        and span.label in _READ_WHOLE_LABELS
    )


def _kept_words(
    text: str,
    words: Sequence[re.Match],
    lower: Sequence[str],
    label: str,
    rules: SanityRules,
    clause: bool = True,
) -> tuple[int, int]:
    """The first and the end of the run of ``words`` (of a span reading ``text``) that the
    span keeps: a person's without who they are to the patient and a frequent word before the
    name ("neighbor Denise", "interpreter Jean-Baptiste", "Medicine, Farragut"); a place's or
    an organisation's without a store's number, a clause after it (unless not ``clause``) or
    a lead before it; and neither with the fillers at its ends."""
    person = label in rules.cut_labels
    filler = _fillers(text, words, lower, rules) if person else [False] * len(words)
    first, last = 0, len(words)
    while first < last - 1 and person and lower[first] in rules.relations:
        first += 1  # "neighbor Denise": who a person is to the patient stands before the name
    while first < last - 1 and person and _ordinary_before_name(text, words, first, rules):
        first += 1  # "interpreter Jean-Baptiste": a frequent word before a capitalised name
    if first < last - 1 and person and _ordinary_before_comma(text, words, first, rules):
        first += 1  # "General Medicine, Farragut 4": a list, not a surname and a first name
    if label in rules.clause_labels:
        while (
            last - first > 1
            and words[first].group().isdigit()
            and "," in text[words[first].end() : words[first + 1].start()]
        ):
            first += 1  # "#10321, Quincy Center": a store's number before its place
        if clause and not (label == "STREET" and lower[last - 1] in rules.street_words):
            # a street that ends in its type is its name throughout, in any case ("338
            # Gravina access rd" of a note typed in lower case and read with capitals)
            last = _clause_cut(words, first, last, rules)
        first = _lead_cut(words, first, last, rules)
        while (
            last - first > 1
            and lower[last - 1] in rules.name_inside
            and words[last - 1].group().islower()
            and len(lower[last - 1]) > 1  # "394 kings hwy e": a point of the compass
        ):
            last -= 1  # "Elm Street in Westfield" read to "in": no name ends in "of" or "in"
    while first < last and filler[first]:
        first += 1
    while last > first and filler[last - 1]:
        last -= 1
    return first, last


def _fillers(
    text: str, words: Sequence[re.Match], lower: Sequence[str], rules: SanityRules
) -> list[bool]:
    """Which words of a person's name span ``text`` may be cut from its ends: credentials and
    function words ("A." is an initial), a credential's letters with stops ("M.D"), a lone
    lower-case letter beside capitalised words ("husband Clement d. 2109": died); a one-word
    name only if it is a credential."""
    if len(words) == 1:
        return [lower[0] in rules.credentials]
    capitalised = any(m.group()[:1].isupper() for m in words)
    filler = [
        ((w in rules.filler or w in rules.name_prefixes) and not _initial(text, m))
        or (capitalised and _lower_letter(text, m))
        for w, m in zip(lower, words, strict=True)
    ]
    if _comma_initial(text, words[-1]):
        filler[-1] = False  # "KOWALCZYK, BARBARA A": a middle initial, not the article
    dotted = _dotted_credential(text, words, rules)
    for index in range(len(words) - dotted, len(words)):
        filler[index] = True  # "KHOURY, NADIA M.D.": the letters of a credential
    return filler


def _dotted_credential(text: str, words: Sequence[re.Match], rules: SanityRules) -> int:
    """How many of a name's last ``words`` are the letters of a credential written with stops
    after a space ("NADIA M.D", "Ann Lee R.N."); not after a comma, where they may be a
    surname's initials ("Smith, M.D." is left to the other rules)."""
    for count in (3, 2):
        if len(words) <= count:
            continue
        tail = words[-count:]
        if not all(len(m.group()) == 1 for m in tail):
            continue
        joins = [text[a.end() : b.start()] for a, b in pairwise(tail)]
        before = text[words[-count - 1].end() : tail[0].start()]
        letters = "".join(m.group() for m in tail).lower()
        if all(j == "." for j in joins) and before == " " and letters in rules.credentials:
            return count
    return 0


def _name_end(
    text: str, words: Sequence[re.Match], first: int, last: int, rules: SanityRules
) -> int | None:
    """Where a person's name span ``text`` (its words ``first`` to ``last``) ends early, as an
    offset into ``text``: before the first function word, credential in capitals or frequent
    lower-case word after a name word ("MASSEY FOR A GAIN", "Ni Bhriain MRCP, Consultant",
    "Astrid, ovarian"), before a medicine ("Ibrahim Tylenol"), after a comma that a full name
    stands before ("Dr. Sue Kim, Harbor Health"), or at a possessive ("Yamamoto's INR"); None
    where it runs on."""
    for index in range(first, last):
        word = words[index].group()
        lower = word.lower()
        initial = (
            _initial(text, words[index])
            or _comma_initial(text, words[index])
            or _bare_middle_initial(words, index, first, last)
        )
        function = lower in rules.function_words and not initial
        credential = (
            word.isupper()
            and len(lower) > 1
            and lower in rules.credentials
            and lower not in rules.name_particles
        )
        ordinary = index > first and _ordinary_after_name(text, words, index, rules)
        medicine = lower in rules.medicines or lower in rules.tests
        if index > first and (function or credential or ordinary or medicine):
            return words[index - 1].end()
        if _after_full_name(text, words, first, index, rules):
            return words[index - 1].end()
        if _POSSESSIVE.search(lower):  # a name's is no part of it
            return words[index].end() - 2
    return None


def _after_full_name(
    text: str, words: Sequence[re.Match], first: int, index: int, rules: SanityRules
) -> bool:
    """Word ``index`` of a person's name span stands after a comma that a full name stands
    before (a listed first name and a word or more: "Sue Kim, Harbor Health"), and is no
    listed first name ("Kelly Brown, Anne" may be a surname of two words and a first name)."""
    if rules.names is None or index - first < 2:
        return False
    if "," not in text[words[index - 1].end() : words[index].start()]:
        return False
    if any(w.group().lower() in rules.name_particles for w in words[first + 1 : index]):
        return False  # "Van der Berg, Willemina": a surname with its particle, then the name
    listed = rules.names.is_first_name
    return listed(words[first].group().lower()) and not listed(words[index].group().lower())


# capitalised words after the words that cut a name span ("Garcia songwriter Samantha Bašić")
_CAPITALISED_WORD = r"[A-Z\u00C0-\u00DE][^\W\d_]+(?:[-'’][^\W\d_]+)*"
_CAPITALISED_RUN = re.compile(rf"{_CAPITALISED_WORD}(?:[ ]{_CAPITALISED_WORD})*")


def _clinical_field_value(text: str, start: int, kept: Sequence[str], rules: SanityRules) -> bool:
    """The words ``kept`` of a span starting at ``start`` are a clinical field's value, or an
    item after a comma in its list (see ``clinical_fields``), and none of them is on the name
    or place lists or an institution's head ("Lakeshore Memorial"), nor a listed organisation
    ("Plan: CareFirst BlueCross BlueShield", an insurer's plan)."""
    if rules.names is None or not rules.clinical_fields:
        return False
    if any(w in rules.organizations for w in kept):
        return False
    before = _clinical_field_pattern(
        rules.clinical_fields, rules.clinical_leads, rules.clinical_verbs
    )
    if not before.search(text, max(0, start - 120), start):
        return False
    names, heads = rules.names, rules.institution_heads
    return not any(names.is_name(w) or _listed_place(w, names) or w in heads for w in kept)


def _no_name_words(
    text: str,
    start: int,
    kept: Sequence[str],
    person: bool,
    titled: bool,
    label: str,
    rules: SanityRules,
) -> bool:
    """The words ``kept`` of a span whose first kept word starts at ``start`` name no one and
    nothing: all never alone ("Mallampati II"; not after a title: "Mrs. V"), a clinical
    field's value ("ASSESSMENT: ATOPIC ECZEMA"), for a person verb forms ("REFERRED") or a
    device's make and model ("Zimmer NexGen"), and for a place or an institution titles and
    roles alone ("Chaplain Rev", "Officer", "Medic" read as a town or a hospital)."""
    if _never_alone(kept, rules) and not titled:
        return True
    if _clinical_field_value(text, start, kept, rules):
        return True
    return _titles_alone(kept, label, rules) or (
        person and (_verb_forms(kept, rules) or _device_model(kept, rules))
    )


def _titles_alone(kept: Sequence[str], label: str, rules: SanityRules) -> bool:
    """A place's, an institution's or a department's span of titles and roles alone
    (``name_prefixes``): "Chaplain Rev" read as a town, "Officer" as a hospital; and a person's
    span of titles that no name list holds ("Officer"). A profession ("Midwife") is the words
    it is."""
    if not all(w in rules.name_prefixes for w in kept):
        return False
    if label in rules.clause_labels or label == "DEPARTMENT":
        return True
    # a person's span of titles alone ("Officer"), none of them a listed name ("Case") nor an
    # honorific, whose letters may be a typist's initials ("DR/vx", "TH/mr")
    names = rules.names
    if label not in rules.cut_labels or names is None:
        return False
    return not any(names.is_name(w) or w in rules.honorifics for w in kept)


def _verb_forms(kept: Sequence[str], rules: SanityRules) -> bool:
    """Every word of a person's span ``kept`` is a verb's form in "-ed" or "-ing" of five
    letters or more, frequent in the language (``word_zipf``) and on no name list:
    "REFERRED", "FORWARDED" in a note in capitals, where case cannot tell them from a name
    ("Manning", "Ahmed" are on the lists)."""
    if rules.names is None or rules.word_zipf <= 0:
        return False
    return all(
        len(w) >= 5
        and w.endswith(("ed", "ing"))
        and zipf(w, rules.language) >= rules.word_zipf
        and not rules.names.is_name(w)
        for w in kept
    )


@cache
def _clinical_field_pattern(
    fields: frozenset[str], leads: frozenset[str], verbs: frozenset[str]
) -> re.Pattern[str]:
    """A clinical field and its colon, or a word that opens a list of findings, then
    optionally a plan's verb, just before a span (``_clinical_field_value``)."""

    def alternation(words: frozenset[str]) -> str:
        ordered = sorted(words, key=len, reverse=True)
        return "|".join(re.escape(w).replace("\\ ", "[ \t]+") for w in ordered) or "(?!)"

    verb = rf"(?:(?:{alternation(verbs)})[ \t]+)?"
    opening = rf"(?:(?:{alternation(fields)})[ \t]*:|(?:{alternation(leads)}))"
    items = r"(?:[^.;:\n]{1,60},[ \t]*)?"  # an earlier item of the same list
    return re.compile(rf"(?i:(?<![\w]){opening}[ \t]*{verb}{items})$")


def _listed_place(word: str, names: Gazetteers) -> bool:
    lists = (names.cities, names.towns, names.countries, names.states)
    return any(word in places for places in lists)


def _name_after_cut(text: str, cut: int, span: Span, rules: SanityRules) -> list[Span]:
    """The name that a person's span held after the words where it was cut ("Garcia
    songwriter Samantha Bašić" holds "Samantha Bašić"), or the place that a place's or an
    organisation's span held ("Medical Council has said Ireland" holds "Ireland"): the first
    run of capitalised words after the cut with a listed name (or place) in it, where every
    word before the run is a frequent lower-case word, or for a person the run opens the
    sentence after the cut, or for a place the run is in a bracket opened at the cut; none
    otherwise."""
    if rules.names is None:
        return []
    person = span.label in rules.cut_labels
    run = _CAPITALISED_RUN.search(text, cut, span.end)
    if run is None or run.end() != span.end:
        return []
    between = [w.group() for w in _WORD.finditer(text, cut, run.start())]
    # a place in the bracket that the span opened after an institution ("Michigan Medicine
    # (Ann Arbor" holds "Ann Arbor")
    bracket = not person and text[cut : run.start()].strip() == "("
    # a name that opens the next sentence ("WIFE JUNE. HARLAN REPORTS" cut back to "JUNE")
    stop = person and text[cut : run.start()] == ". "
    if (
        not bracket
        and not stop
        and (
            not between
            or not all(w.islower() for w in between)
            or not rules.ordinary_words(between)
        )
    ):
        return []
    words = [w.lower() for w in run.group().split()]
    if person and not any(rules.names.is_name(w) and not rules.names.is_common(w) for w in words):
        return []
    if not person and not _listed_place(" ".join(words), rules.names):
        return []
    if any(w in rules.medicines or w in rules.credentials for w in words):
        return []
    label = span.label
    joined = " ".join(words)
    if bracket and (joined in rules.names.cities or joined in rules.names.towns):
        label = "CITY"  # a town in a bracket after an institution read as a state ("Michigan")
    return [Span(run.start(), run.end(), label, span.score, span.source, span.ann_id)]


def apply_sanity(
    doc: Document, spans: list[Span], rules: SanityRules
) -> tuple[list[Span], list[Dropped]]:
    """The spans the rules keep (some cut back), and a record of each span dropped or cut."""
    kept: list[Span] = []
    dropped: list[Dropped] = []
    for whole in spans:
        # the merge may widen a name over a column gap ("Consuelo B.   Oncoming RN") or a
        # field's name ("Agency: Cranston Fire Department"): its pieces
        person = whole.label in rules.cut_labels
        words = whole.label in rules.word_labels
        pieces = _name_pieces(doc.text, whole, person) if words else [whole]
        if words or whole.label in rules.field_split_labels:
            pieces = [p for piece in pieces for p in _field_pieces(doc.text, piece, rules)]
        if words:
            pieces = [p for piece in pieces for p in _bracketed(doc.text, piece)]
        for span in pieces:
            checked = _checked(doc, span, rules)
            if checked is not whole:
                dropped.append(Dropped(whole, checked, "sanity"))
            if checked is not None:
                kept.append(checked)
                named = checked.label in rules.cut_labels or checked.label in rules.clause_labels
                if checked.end < span.end and named:
                    kept += _name_after_cut(doc.text, checked.end, span, rules)
    if has_overlaps(kept):  # a span widened over a head that another span holds
        merged = merge_spans(kept, "priority")
        kept = list(merged.spans)
        dropped += merged.dropped
    return kept, dropped
