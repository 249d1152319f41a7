"""The words and helpers that the name rules share: what a name word is, words that are
never names, where names already stand, and the role a cue gives a name."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass

import regex

from phiscrub.detect.dictionary.gazetteers import Gazetteers
from phiscrub.text.frequency import zipf


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# One name word: Title-case (with hyphen/apostrophe parts and McX/O'X forms) or UPPER case
# (O'X and D'X too: "O'CONNOR").
WORD = (
    r"(?:\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:[-'’]\p{Lu}?\p{Ll}+(?:\p{Lu}\p{Ll}+)?)*"
    r"|\p{Lu}['’]\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*|\p{Lu}{2,}(?:[-'’]\p{Lu}{2,})*"
    r"|(?-i:[DO])['’]\p{Lu}{2,}(?:[-'’]\p{Lu}{2,})*)"
)


DOCTOR_CUES = regex.compile(
    r"(?i:\bdr\b|\bdoctor\b|\bby\b|\bper\b|attending|consult|physician|provider|\bpaged\b|"
    r"f/u[ ]with|follow-up[ ]with|fu[ ]with|referr|surgeon|\bmd\b|\bpcp\b|\bcc\b|"
    r"signed[ ]out[ ]to|handoff[ ]to|report[ ]to|handed[ ](?:over|off)[ ]to|"
    # a nurse's or a midwife's role before the name ("with CNM Odalys Ferrer")
    r"\b(?:rn|np|nnp|cnm|crna|lpn|nurse|midwife)[ ]+$)"
)


NAME_WORDS = regex.compile(rf"{WORD}|\p{{Lu}}\.?")


NOT_SURNAME = word_set(
    """
    cipro colace senna foley holter nicu picc coumadin heparin keppra norco zosyn lasix
    bovie hickman melena stent thrush lipoma peak trough tach brady fib flutter
    """
)


NEXT_WORD = regex.compile(r"[ ]+(\w+)")
# Words that a person's name follows in a question or a message about them ("the CT for J.
# Delacroix", "labs for j. rodriguez", "called T. Washington"), in any case
PERSON_CUES = (
    r"(?i:for|with|to|from|by|per|cc|about|on|re:?|pt|patient|saw|see|seen|call|called|told|"
    r"asked|paged)"
)


# Words that make a "First Word" run a place or an institution rather than a person.
PLACE_WORDS = word_set(
    """
    street st avenue ave road rd drive dr lane ln court ct boulevard blvd way place terrace
    circle loop curve mills mill mews glens glen mountains mountain bridge mall park lake
    industries group llc inc corp company logistics sons schools school university college
    hospital clinic center centre memorial airport church ymca beach island islands
    county township borough transit
    """
)


# Words after a town's name that make it a public service's ("by Brockton Police").
SERVICE_WORDS = word_set(
    """
    police ems fire ambulance rescue sheriff
    """
)


# Words that end an organisation's name, not a person's ("sent to NMS Labs", "called Acme
# Diagnostics")
ORGANIZATION_ENDS = word_set(
    """
    labs lab laboratories laboratory pharmacy diagnostics imaging associates llc inc
    """
)


# Words after an eponym that make it one ("Brown-Sequard syndrome", "Graves disease").
EPONYM_HEADS = word_set(
    """
    sign signs syndrome disease test reflex maneuver manoeuvre procedure operation fracture
    tumor tumour palsy phenomenon triad criteria score classification scale node tube catheter
    lens law's law method technique repair incision grade pattern stain staging
    """
)


# Capitalised words that end or start a run without being part of the name.
NOT_NAME = word_set(
    """
    the a an and or of to in on at for with by from per as is was he she his her they their
    patient pt dr md do rn np pa mr mrs ms miss doctor attending surgeon provider pcp clinic
    hospital center medical unit floor room service team department note report summary
    history physical exam plan assessment impression discharge admission date dob mrn age sex
    male female man woman yes no none denies reports today tomorrow yesterday
    reported reporting presenting complaining accompanied
    infant newborn neonate toddler proband consultand
    january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday
    cardiology oncology neurology radiology psychiatry pediatrics surgery medicine nephrology
    gastroenterology dermatology orthopedics urology pulmonology endocrinology rheumatology
    obstetrics gynecology hematology icu ed er or pacu ccu micu sicu nicu
    ortho neuro derm heme onc pulm gyn peds uro rheum nephro neph gastro ophtho optho vasc
    podiatry audiology hepatology anesthesiology telemetry tele psych
    contact call please thank thanks dear regards sincerely kind best signed dictated
    electronically cc re subject ok requesting referring ordering called result primary sees
    seen went notified endorsed handoff paged copy to pgr pager beeper bleep ext tel cell fax
    triage charge night float admitting covering bedside
    braden apgar mallampati glasgow
    wife husband son daughter mother father brother sister spouse partner friend aunt uncle
    niece nephew cousin lady gentleman
    lastname firstname middlename fullname patientname
    """
)


@dataclass(frozen=True)
class NameHit:
    start: int
    end: int
    label: str
    score: float
    rule: str


def eponym_use(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """The next word makes the run an eponym's use: the run ends in a listed eponym or is one
    word ("Gleason grade", "Allen test")."""
    words = NAME_WORDS.findall(text, start, end)
    following = NEXT_WORD.match(text, end)
    after = following.group(1).lower() if following else ""
    eponym = len(words) == 1 or (bool(words) and words[-1].lower() in gaz.eponyms)
    return eponym and after in EPONYM_HEADS


class Occupied:
    """Character ranges already taken, kept merged and sorted, so that an overlap check costs
    a binary search (a note full of names stays linear, not quadratic)."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for start, end in sorted(spans):
            self.add(start, end)

    def overlaps(self, start: int, end: int) -> bool:
        i = bisect_left(self.starts, end) - 1  # the last range starting before ``end``
        return i >= 0 and self.ends[i] > start

    def within(self, start: int, end: int) -> bool:
        """Every taken range that overlaps ``start``-``end`` lies inside it (true where none
        overlaps it)."""
        i = bisect_left(self.starts, end) - 1  # the last range starting before ``end``
        if i >= 0 and self.ends[i] > end:
            return False
        while i >= 0 and self.ends[i] > start:
            if self.starts[i] < start:
                return False
            i -= 1
        return True

    def add(self, start: int, end: int) -> None:
        i = bisect_left(self.starts, start)
        if i > 0 and self.ends[i - 1] >= start:  # joins the range before
            i -= 1
            start = self.starts[i]
        j = i
        while j < len(self.starts) and self.starts[j] <= end:  # and those it reaches
            end = max(end, self.ends[j])
            j += 1
        self.starts[i:j] = [start]
        self.ends[i:j] = [end]


# a name right after "for" is whom the care is for, whatever clinician stands before it ("Who
# is the PCP for Lakshmi Rao", "consult for Omar Haddad"), unless a clinician covers for another
_FOR_WHOM = regex.compile(r"(?i:(?<!\bcover(?:ing|s|ed)?[ ])\bfor[ ]+)$")


# a clinician's credential after a name, ending its line or its list ("garner, natasha, do"):
# in any case, so the short list only, not the names module's CREDENTIALS ("pt", "ot" are also
# a patient and occupational therapy in lower case)
_CREDENTIAL_AFTER = regex.compile(
    r",?[ ]?(?i:md|m\.d\.|do|d\.o\.|rn|np|pa|pa-c|phd|dnp|lpn|crna|cnm|pharmd|lcsw|msw|dds|dmd|"
    r"dpm)(?=[ \t]*(?:[,;\n]|$))"
)


# what a note writes after a patient's name: the age and sex, a record's number or the birth
# date ("Imelda Carrasquillo (78F, MRN 00-442-871)", "Lu Wen, 64 yo", "Ana Ruiz DOB 3/3/51")
_PATIENT_AFTER = regex.compile(
    r"[ ]?[(,]?[ ]?(?:\d{1,3}[ ]?(?:[MFmf]|yo|y/o|y\.o\.|yrs?|years?[ ]old)(?![\w/])"
    r"|(?i:MRN|MR#|DOB|D\.O\.B\.)(?![\w]))"
)


def cued_label(text: str, start: int, end: int | None = None) -> str:
    """DOCTOR when a clinician's cue stands in the 20 characters before a name (and the name
    does not follow "for"), or a credential follows the name (its ``end``, where given), unless
    an age and sex, a record's number or a birth date follows it (``_PATIENT_AFTER``); else
    PATIENT. A line's cue stays on its line unless the line ends in a colon, a field's name
    over its value ("Attending:\nJohn Smith"; not "by Friday\nis sunil cleared")."""
    if end is not None and _CREDENTIAL_AFTER.match(text, end):
        return "DOCTOR"
    if end is not None and _PATIENT_AFTER.match(text, end):
        return "PATIENT"
    before = text[max(0, start - 20) : start]
    line_start = before.rfind("\n")
    if line_start >= 0 and not before[:line_start].rstrip(" \t").endswith(":"):
        before = before[line_start + 1 :]
    if _FOR_WHOM.search(before):
        return "PATIENT"
    return "DOCTOR" if DOCTOR_CUES.search(before) else "PATIENT"


def first_name(word: str, gaz: Gazetteers) -> bool:
    return gaz.is_first_name(word) and word not in NOT_NAME and not gaz.is_common(word)


RELATIVE_UNLISTED_ZIPF = 3
"""How frequent in English (rounded) a word on no name list after a relative in lower case may
be and still be read as the relative's name ("rosamund", "emi", "karthik"; not "arrives")."""
# the endings of words that say how someone is, not who ("husband bedbound", "wife tearful")
_STATE_ENDING = regex.compile(
    r"(?:ed|ing|ful|ous|ive|ness|ment|able|ible|ity|ism|ist|bound|less|ward|like|ly|al|ic|ent|"
    r"ant|ary|ory|tion|sion|ure|ics)$"
)


def says_how(word: str) -> bool:
    """``word`` (lower case) ends as a word that says how someone is, not who ("deceased",
    "tearful", "bedbound", "nonverbal", "reportedly")."""
    return _STATE_ENDING.search(word) is not None


def unlisted_relative_name(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case, after a relative) is a name on no list: three letters or more,
    rare in English (``RELATIVE_UNLISTED_ZIPF``), no frequent word, place or eponym (the
    sanity rules drop a clinical word in lower case after the merge), and not ending as a
    word that says how someone is ("deceased", "tearful", "bedbound", "nonverbal")."""
    return (
        len(word) >= 3
        and zipf(word, "en") <= RELATIVE_UNLISTED_ZIPF
        and not gaz.is_common(word)
        and word not in gaz.eponyms
        and not (word in gaz.cities or word in gaz.states or word in gaz.countries)
        and not says_how(word)
    )
