"""Names from context, after Dehghan et al. (2015): a gazetteer hit alone is never enough.

A run of capitalised words becomes a name when something around it says so: a title ("Dr.",
"Ms"), a credential after it ("MD", "RN"), a form field ("Patient:", "Attending:"), a relative
("his wife, ..."), or a first name from the gazetteer followed by another capitalised word.
Titles, credentials and fields also decide DOCTOR versus PATIENT; relatives are PATIENT, as in
the i2b2 guidelines.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

import regex

from phiscrub.detect.dictionary.gazetteers import Gazetteers


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# One name word: Title-case (with hyphen/apostrophe parts and McX/O'X forms) or UPPER case.
WORD = (
    r"(?:\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:[-'’]\p{Lu}?\p{Ll}+(?:\p{Lu}\p{Ll}+)?)*"
    r"|\p{Lu}['’]\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*|\p{Lu}{2,}(?:[-'’]\p{Lu}{2,})*)"
)
INITIAL = r"\p{Lu}\.?"
FIRST_LAST = rf"{WORD}(?:[ ](?:{WORD}|\p{{Lu}}\.(?=[ ])|\p{{Lu}}(?=[ ]\p{{Lu}}))){{0,3}}"
LAST_FIRST = rf"{WORD}[ ]?,[ ]?{WORD}(?:[ ]{INITIAL}(?![\w]))?"
INITIAL_LAST = rf"\p{{Lu}}\.[ ]?{WORD}(?:[ ]{WORD})?"
NAME = rf"(?:{LAST_FIRST}|{INITIAL_LAST}|{FIRST_LAST})"
# Lower-case surname particles after a title ("Dr. de la Cruz", "Dr. van der Berg").
PARTICLES = r"(?:(?:de|del|della|der|den|la|le|du|da|di|dos|das|van|von|ten|ter|bin|ibn|al|el)[ ])*"

CREDENTIALS = (
    r"(?:MD|M\.D\.|DO|D\.O\.|RN|NP|PA-C|PA|PhD|MBBS|FACS|FACP|CNM|LPN|CRNA|DDS|DMD|DPM|MSW|"
    r"LCSW|PharmD|APRN|FNP|CNP|NP-C|PT|OT|MPH|RDMS|RVT|RDCS|RCS|RRT|CRT|RT|CNA|LNA|ARNP|CNS|"
    r"CCRN|BSN|MSN|DNP|PsyD|LMFT|LPC|LICSW|SLP|CCC-SLP|DPT|OTR/L|OTR|COTA|PTA|EMT-P|EMT|MRCP|"
    r"FRCS|FRCP|MRCS|MRCGP|MBChB|BMBS|FRCA|RGN|RMN|RPh|CPhT|CMA)"
)
DOCTOR_TITLES = r"(?:Dr|DR|Doctor|DOCTOR|Prof|PROF|Professor)"
PATIENT_TITLES = r"(?:Mr|MR|Mrs|MRS|Ms|Miss|MISS|Mx)"
PATIENT_FIELDS = (
    r"(?:Patient[ ]Name|PATIENT[ ]NAME|Patient|PATIENT|Pt|PT|Name|NAME|Re|RE|Client|Resident)"
)
DOCTOR_FIELDS = (
    r"(?:Attending(?:[ ]physician|[ ]of[ ]record)?|ATTENDING|Surgeon|SURGEON|Assistant|"
    r"Anesthesiologist|"
    r"Anesthesia|Provider|PROVIDER|PCP|Referring[ ](?:physician|provider|MD|doctor)|"
    r"REFERRING(?:[ ]MD)?|Requesting[ ](?:MD|physician|provider)|REQUESTING[ ]MD|ORDERING|"
    r"ORD[ ]PROVIDER|ORDERED[ ]BY|REQUESTED[ ]BY|Submitting[ ]physician|Pathologist|"
    r"Radiologist|Resident|Fellow|Intern|Consultant|Physician|Read[ ]by|"
    r"Service[ ]attending|Attending[ ]surgeon|Sonographer|Technologist|Technician|Tech|"
    r"Nurse|RN|Therapist|Pharmacist|Dietitian|Midwife|Social[ ]worker|Case[ ]manager|Scribe|"
    r"Clinician|Practitioner|GP|Author|Dictated[ ]by|Entered[ ]by|Performed[ ]by|Verified[ ]by|"
    r"Reported[ ]by|Collected[ ]by|Witness|Midwife|Paramedic|Counsell?or|Psychologist|D)[ \t]*:"
    r"|(?:Dictated|Signed|signed|Authenticated|Reviewed|Transcribed|Seen|seen|Cosigned|"
    r"[Ww]ritten|[Cc]ompleted|[Ee]valuated|[Ee]xamined|[Aa]ssessed|[Ee]ntered|[Pp]erformed|"
    r"DICTATED|SIGNED|[Rr]eferred|[Dd]iscussed|[Ss]taffed|[Rr]eviewed)[ ](?:out[ ])?"
    r"(?:by|BY|By|with)[ \t]*:?"
)
ROLES = (
    r"(?:Pharmacist|Nurse[ ]Practitioner|Physician[ ]Assistant|Nurse|Therapist|Social[ ]Worker|"
    r"Case[ ]Manager|Dietitian|Chaplain|Midwife|Sonographer|Technologist|Phlebotomist|"
    r"Paramedic|Resident|Fellow|Intern|Attending|RN|LPN|CNA|EMT|[Mm]edic|[Ss]pecialist|"
    r"[Mm]ed(?:ical)?[ ][Ss]tudent|[Nn]ursing[ ][Ss]tudent|[Tt]ech|[Tt]echnician|[Aa]ide)"
)
RELATIVES = (
    r"(?i:(?:daughter|son|mother|father|sister|brother)-in-law|stepmother|stepfather|"
    r"wife|husband|son|daughter|mother|father|brother|sister|spouse|partner|friend|aunt|"
    r"uncle|niece|nephew|grandson|granddaughter|grandmother|grandfather|cousin|girlfriend|"
    r"boyfriend|fianc[eé]e?|guardian|HCP|caregiver|roommate|neighbou?r|stepson|stepdaughter|"
    r"married[ ]to|engaged[ ]to)"
)
# Who a note names beside the patient: contacts, companions, people told or called. i2b2 counts
# them as PATIENT, like relatives.
CONTACTS = (
    r"(?i:emergency[ ]contact|next[ ]of[ ]kin|NOK|contact[ ]person|contact|relative|"
    r"accompanied[ ]by|brought[ ](?:in[ ])?by|escorted[ ]by|collected[ ]by|given[ ]to|"
    r"sent[ ]to|spoke[ ](?:to|with)|speaking[ ]with|informed|interpreter|care[ ]of)"
)
# Verbs and marks after "Patient Name" with no colon ("Patient Ann Lee was reviewed").
AFTER_PATIENT = (
    r"(?=[ ](?i:was|is|has|had|presented|presents|reports|reported|denies|denied|came|arrived|"
    r"attended|returned|underwent|states|stated|who|seen|remains|tolerated|continues)\b"
    r"|[ ]?[,(]|[ ]?\.(?:[ ]|$))"
)
DOCTOR_CUES = regex.compile(
    r"(?i:\bdr\b|\bdoctor\b|\bby\b|\bper\b|attending|consult|physician|provider|\bpaged\b|"
    r"f/u[ ]with|follow-up[ ]with|fu[ ]with|referr|surgeon|\bmd\b|\bpcp\b|\bcc\b)"
)

_RULES = (
    (
        "title_doctor",
        "DOCTOR",
        rf"(?<![\w.]){DOCTOR_TITLES}(?:\.[ ]?|[ ])(?P<n>{PARTICLES}{NAME})",
        0.95,
    ),
    (
        "title_patient",
        "PATIENT",
        rf"(?<![\w.]){PATIENT_TITLES}\.?[ ](?P<n>{PARTICLES}{NAME})",
        0.93,
    ),
    (  # not "Philadelphia, PA 19119" (PA, MD: credentials and states)
        "credential",
        "DOCTOR",
        rf"(?<![\w.])(?<![\w]-)(?P<n>{NAME})(?:,?[ ]+{CREDENTIALS}|,[ ]*RD)(?![\w-])"
        r"(?![ ,]*\d{5})",
        0.93,
    ),
    (
        "field_patient",
        "PATIENT",
        rf"(?m)(?<=^|[ \t(]){PATIENT_FIELDS}[ \t]*:[ \t]*(?P<n>{NAME})",
        0.93,
    ),
    (
        "field_doctor",
        "DOCTOR",
        rf"(?<![\w])(?:{DOCTOR_FIELDS})[ \t]*(?:{DOCTOR_TITLES}\.?[ ]?)?(?P<n>{NAME})",
        0.9,
    ),
    (  # a letter's copies: clinicians mostly, but letters are copied to the patient too
        "field_copy",
        "DOCTOR",
        rf"(?<![\w])(?:cc|CC|Cc|Copy[ ]to|COPY[ ]TO)[ \t]*:[ \t]*(?:{DOCTOR_TITLES}\.?[ ]?)?"
        rf"(?P<n>{NAME})",
        0.9,
    ),
    (  # a clinician's role before the name, with no colon ("Pharmacist Ahmad Siddiqui")
        "role_doctor",
        "DOCTOR",
        # not a credential after a name ("D. Sheehy, RN  Pgr: 89285")
        rf"(?<![\w])(?<!,[ ]*){ROLES}[ ]*,?[ ]+(?:{DOCTOR_TITLES}\.?[ ]?)?(?P<n>{NAME})",
        0.88,
    ),
    (  # a newborn's name, and a name on a bed list ("Baby Girl Ortiz", "Rm 412 - Harland, T.")
        "patient_listed",
        "PATIENT",
        rf"(?:(?<![\w])(?:[Bb]aby|BABY)[ ](?:[Bb]oy|[Gg]irl|BOY|GIRL)(?:[ ](?:A|B|C|1|2|3))?[ ]"
        rf"|(?<![\w])(?:[Bb]ed|BED|[Rr]m|RM|[Rr]oom|ROOM)[ ]?\d{{1,4}}[A-Z]?[ ]*[(:/-][ ]*)"
        rf"(?P<n>{WORD}[ ]?,[ ]?\p{{Lu}}\.?(?![\w])|{NAME})",  # "Bed 3 / GONZALEZ, M / 67F"
        0.88,
    ),
    ("relative", "PATIENT", rf"(?<![\w]){RELATIVES}[ ]?[,:]?[ ]+\(?(?P<n>{FIRST_LAST})", 0.9),
    (  # a relative named before the relation ("Seen with Zoe Nguyen, her daughter")
        "relative_after",
        "PATIENT",
        # the name in a lookbehind: searched only where a relation stands, not at every word
        rf"(?<=(?<![\w])(?P<n>{FIRST_LAST})[ ]?,?[ ]+\(?)(?:[Hh]er|[Hh]is|[Tt]heir|"
        rf"the[ ]patient['’]s|(?:[Pp]t|[Pp]atient)['’]s)[ ]+{RELATIVES}(?![\w-])",
        0.9,
    ),
    (
        "contact",
        "PATIENT",
        rf"(?<![\w]){CONTACTS}[ \t]*[:,]?[ \t]*(?:{PATIENT_TITLES}\.?[ ])?(?P<n>{FIRST_LAST})",
        0.88,
    ),
    (
        "patient_named",
        "PATIENT",
        rf"(?<![\w])(?:Patient|PATIENT|Pt\.?)[ ]"
        rf"(?P<n>{WORD}(?:[ ]\p{{Lu}}\.?)?[ ]{WORD}){AFTER_PATIENT}",
        0.88,
    ),
    ("dear", "DOCTOR", rf"(?<![\w])(?:Dear|DEAR)[ ]+(?P<n>{FIRST_LAST})(?=[ ]?[,:\n])", 0.8),
)


@cache
def _compiled() -> tuple[tuple[str, str, regex.Pattern, float], ...]:
    """The context rules, compiled on first use (not at import: the CLI imports this module)."""
    return tuple((name, label, regex.compile(rx), score) for name, label, rx, score in _RULES)


_WORDS = regex.compile(rf"{WORD}|\p{{Lu}}\.?")
_PARTICLES = regex.compile(PARTICLES)
_CREDENTIAL = regex.compile(rf"{CREDENTIALS}|RD")
# A first name written in lower case after a relative ("her brother ryan called"): kept only
# when it is a listed first name and not a frequent English word.
_LOWER_AFTER_RELATIVE = regex.compile(
    rf"(?<![\w]){RELATIVES}[ ]?,?[ ]+(?P<n>\p{{Ll}}{{2,}})"
    r"(?=[ ]+(?:called|came|visited|is|was|will|said|says|reports|reported|states|stated|who|"
    r"and|at|has|had|brought|phoned|asked|wants|lives|died|here)\b|[ ]?[,.;:])"
)
# A first name alone after a word that hands work or news to a person ("eval by Fernanda",
# "per Siobhan", "paged Tomasz"): kept only when it is a listed first name, not a frequent
# English word, a place or an eponym.
_LONE_FIRST_AFTER_CUE = regex.compile(
    r"(?<![\w])(?:[Bb]y|[Pp]er|[Pp]aged|[Aa]bout|[Ff]or|[Uu]pdate[ ]on|[Ss]ee|[Cc]all|[Tt]ell|"
    r"[Aa]sk|[Rr]e:?|[Cc]alled|[Tt]exted|[Ee]mailed|[Mm]essaged|[Nn]otified|"
    r"[Uu]pdated|[Aa]sked|[Tt]old|[Tt]hanks|[Tt]hank[ ]you|cc|w/)[ ]+(?:to[ ]+)?"
    r"(?P<n>\p{Lu}\p{Ll}+)(?![\w'’-]|\.\w)"
    # a question about someone: "Has Jorge been seen?", "Did Keisha get her dose?"
    r"|(?:(?<![^\n])|(?<=[.?!][ ]+))(?:Has|Is|Was|Did|Does|Can|Will|Should|Could)[ ]+"
    r"(?P<n>\p{Lu}\p{Ll}+)(?=[ ]+(?:been|had|got|gotten|get|eaten|received|gone|left|still|"
    r"already|ready|seen|called|taken|signed|able|going|come|having|doing|feeling|his|her)\b)"
)
# A surname alone after a word that asks or tells about a patient ("meds for Quist", "Why is
# Kowalski still NPO?", "pt hakimi c/o pain"): kept only when it is a listed surname and not a
# frequent English word, a first name, a place, an eponym or a clinical word of the short list.
_LONE_SURNAME_AFTER_CUE = regex.compile(
    r"(?<![\w])(?:(?:[Ff]or|[Aa]bout|[Uu]pdate[ ]on|[Rr]e:?|[Ii]s|[Ww]as|[Hh]as|[Dd]id|[Dd]oes|"
    r"[Ss]ee|[Ss]aw|[Cc]all|[Cc]alled|[Tt]ell|[Aa]sk|[Cc]heck|[Rr]eschedule|[Vv]isit|"
    r"[Dd]ischarge|[Aa]dmit)[ ]+"
    r"(?P<n>\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}+)?)"
    # in lower case, after a word that can only name a patient next ("pt jones", "baby boy
    # nguyen", "bed 7 - chavez") or at the start of a question ("has kowalski had his echo")
    r"|(?:[Pp]t|[Pp]atient|[Rr]eschedule|baby[ ](?:boy|girl)|bed[ ]?\d{1,4}[a-z]?[ ]*[(:/-])[ ]*"
    r"(?P<n>\p{Ll}{3,})"
    r"|(?:(?<![^\n])|(?<=[.?!][ ]+))(?:has|is|was|did|does)[ ]+(?P<n>\p{Ll}{3,})"
    r"(?=[ ]+(?:been|had|got|gotten|get|eaten|received|gone|left|still|already|ready|seen|"
    r"called|taken|signed|able|going|come|having|doing|feeling|his|her)\b))"
    r"(?![\w'’-]|\.\w)"
)
# A name in lower case written surname first after a patient cue ("labs for patient lopez,
# ana"): a listed surname, a comma and a listed first name, neither a frequent word.
_LOWER_LAST_COMMA_FIRST = regex.compile(
    r"(?<![\w])(?:[Pp]t|[Pp]atient|for|on|of)[ ]+"
    r"(?P<n>(?P<last>\p{Ll}{2,}),[ ]?(?P<first>\p{Ll}{2,}))(?![\w'’-])"
)
_PART_OF_A_NAME = regex.compile(r"[ ]+(?:(?:and|&)[ ]+)?\p{Lu}")
_NOT_SURNAME = _words(
    """
    cipro colace senna foley holter nicu picc coumadin heparin keppra norco zosyn lasix
    """
)
# Surnames that are things a lower-case note eats, drinks or uses ("has rice been tolerated"):
# read as names only when written with a capital.
_LOWER_NOT_SURNAME = _words(
    """
    rice salt sugar honey ginger pepper bean beans bread olive lemon berry fish bacon ham
    cotton wax stone glass steel snow frost rain bush wood ice milk butter cheese cream
    """
)
_NEXT_WORD = regex.compile(r"[ ]+(\w+)")
# A town before a state or territory code and a ZIP code ("Charlotte Amalie, VI 00802"): an
# address, not a name.
_STATE_ZIP = regex.compile(r"[ ]?,[ ]?\p{Lu}{2}[ ]+\d{5}(?![\w])")
_FIRST_THEN_WORD = regex.compile(
    rf"(?<![\w.'’-])(?<!\d[ ])(?P<first>{WORD})[ ](?:(?P<middle>\p{{Lu}}\.?|{WORD}|\({WORD}\))[ ])?"
    rf"(?P<last>{WORD})(?![\w'’-])"
)
_FIRST_THEN_LAST = regex.compile(
    rf"(?<![\w.'’-])(?<!\d[ ])(?P<first>{WORD})[ ](?P<last>{WORD})(?![\w'’-])"
)
# A listed first name and the initial of a surname ("discussed with Anna S. and her husband").
_FIRST_INITIAL = regex.compile(
    rf"(?<![\w.'’-])(?<!\d[ ])(?P<first>{WORD})[ ]\p{{Lu}}\.(?=[ \t]|[,;:)]|$)"
)
# A name written surname first ("Chen, Wei", "Okafor, Grace A."): a listed surname, a comma,
# and a listed first name, neither a frequent English word.
_LAST_COMMA_FIRST = regex.compile(
    rf"(?<![\w.'’-])(?P<last>{WORD})[ ]?,[ ]?(?P<first>{WORD})(?:[ ]\p{{Lu}}\.)?(?![\w'’-])"
)
# Capitalised words on both sides of "Last, First": a list of names written first name first
# ("Pratibha Iyer, Colm Gallagher"), unless the word before is a field ("Patient Nguyen, Thi")
_WORD_BEFORE = regex.compile(r"(\p{Lu}\p{Ll}+)[ ]$")
_CAPITAL_AFTER = regex.compile(r"[ ]\p{Lu}\p{Ll}")
_MIDDLE_NAME = regex.compile(r"[ ](\p{Lu}\p{Ll}+)(?![\w'’-])")
# Names in lower case ("john smith", "anna s.", "mr. patel"): a listed first name and a listed
# surname (or an initial), or a title and a listed name, none of them a frequent English word.
_LOWER_FIRST_LAST = regex.compile(
    r"(?<![\w'’.-])(?P<first>\p{Ll}{2,})[ ](?P<last>\p{Ll}{2,}|\p{Ll}\.)(?![\w'’-])"
)
_LOWER_TITLE = regex.compile(
    r"(?<![\w'’.-])(?P<title>mr|mrs|ms|miss|dr)\.?[ ](?P<last>\p{Ll}['’]\p{Ll}{2,}|\p{Ll}{2,})"
    r"(?![\w'’-])"
)
# A name with a possessive before what a patient has in a note ("Was Keanu's potassium
# repleted?", "Has Smith's INR come back?"): kept when it is a listed name that is not a
# frequent English word, a drug or an eponym ("Parkinson's meds" are for a disease). No
# operation or fluid after it: "Hartmann's procedure", "Ringer's lactate" are eponyms' too.
_POSSESSIVE_NAME = regex.compile(
    r"(?<![\w.'’-])(?P<n>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)['’]s[ ]+"
    r"(?:labs?|results?|INR|PT/INR|potassium|sodium|creatinine|glucose|sugars?|BP|vitals|"
    r"temps?|CT|MRI|x-?rays?|CXR|scan|echo|EKG|ECG|EEG|ultrasound|imaging|cultures?|biopsy|"
    r"pathology|troponins?|hgb|hemoglobin|platelets|WBC|A1c|TSH|meds|medications?|"
    r"dose|insulin|chart|MRN|DOB|appointment|appt|discharge|admission|"
    r"family|wife|husband|daughter|son|mother|father|mom|dad|sister|brother|room|bed|nurse|"
    r"PCP|code[ ]status|consent|insurance|orders|wound|diet|weight|urine|stool)"
    r"(?![\w-])"
)
# A surname after the initial of a given name ("Per A. Chen, hold heparin", "re: T.
# Washington"): the initial is the evidence, so a town's name or a frequent word that is a
# listed surname counts, except at the start of a line, where "A. Plan" is an outline.
_INITIAL_SURNAME = regex.compile(
    r"(?<![\w.'’-])\p{Lu}\.[ ]?(?P<n>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?![\w'’-]|\.\w)"
)
_LINE_START = regex.compile(r"(?:^|\n)[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*$")
# Words that make a "First Word" run a place or an institution rather than a person.
PLACE_WORDS = _words(
    """
    street st avenue ave road rd drive dr lane ln court ct boulevard blvd way place terrace
    circle loop curve mills mill mews glens glen mountains mountain bridge mall park lake
    industries group llc inc corp company logistics sons schools school university college
    hospital clinic center centre memorial airport church ymca beach island islands
    """
)

# Words after an eponym that make it one ("Brown-Sequard syndrome", "Graves disease").
EPONYM_HEADS = _words(
    """
    sign signs syndrome disease test reflex maneuver manoeuvre procedure operation fracture
    tumor tumour palsy phenomenon triad criteria score classification scale node tube catheter
    lens law's law method technique repair incision grade pattern stain staging
    """
)

# Capitalised words that end or start a run without being part of the name.
NOT_NAME = _words(
    """
    the a an and or of to in on at for with by from per as is was he she his her they their
    patient pt dr md do rn np pa mr mrs ms miss doctor attending surgeon provider pcp clinic
    hospital center medical unit floor room service team department note report summary
    history physical exam plan assessment impression discharge admission date dob mrn age sex
    male female man woman yes no none denies reports today tomorrow yesterday
    january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday
    cardiology oncology neurology radiology psychiatry pediatrics surgery medicine nephrology
    gastroenterology dermatology orthopedics urology pulmonology endocrinology rheumatology
    obstetrics gynecology hematology icu ed er or pacu ccu micu sicu nicu
    contact call please thank thanks dear regards sincerely kind best signed dictated
    electronically cc re subject ok requesting referring ordering called result primary sees
    seen went notified endorsed handoff paged copy to pgr pager beeper bleep ext tel cell fax
    triage charge night float admitting covering bedside
    braden apgar mallampati glasgow
    wife husband son daughter mother father brother sister spouse partner friend aunt uncle
    niece nephew cousin lady gentleman
    """
)


@dataclass(frozen=True)
class NameHit:
    start: int
    end: int
    label: str
    score: float
    rule: str


def _trim(text: str, start: int, end: int, gaz: Gazetteers) -> tuple[int, int] | None:
    """Drop leading and trailing words that are not name words; None when nothing is left."""
    words = [m for m in _WORDS.finditer(text, start, end)]

    def name_like(m: regex.Match) -> bool:
        if _CREDENTIAL.fullmatch(m.group()):
            return False  # "Josephine Crawford RDMS"
        low = m.group().lower().rstrip(".")
        if len(low) == 1:
            return True  # an initial: "J. McMullen", "Sam R"
        if gaz.is_name(low):
            return low not in NOT_NAME
        return low not in NOT_NAME and low not in gaz.common_words

    while words and not name_like(words[0]):
        words.pop(0)
    while words and not name_like(words[-1]):
        words.pop()
    if not words:
        return None
    first, last = words[0].start(), words[-1].end()
    if len(words) == 1 and len(words[0].group().rstrip(".")) < 2:
        return None
    if first > start and _PARTICLES.fullmatch(text, start, first):
        first = start  # "de la Cruz": lower-case particles the rule read before the name
    if text[last - 2 : last] in ("'s", "’s"):  # "Robert Brown's labs": the name is "Robert Brown"
        last -= 2
    return first, last


def _eponym_use(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """The next word makes the run an eponym's use: the run ends in a listed eponym or is one
    word ("Gleason grade", "Allen test")."""
    words = _WORDS.findall(text, start, end)
    following = _NEXT_WORD.match(text, end)
    after = following.group(1).lower() if following else ""
    eponym = len(words) == 1 or (bool(words) and words[-1].lower() in gaz.eponyms)
    return eponym and after in EPONYM_HEADS


def _supported(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """At least one word of the run is a gazetteer name, or none is an eponym or a word of the
    short common list; and not every word is a frequent English word ("Social Work")."""
    words = [m.group().lower().rstrip(".") for m in _WORDS.finditer(text, start, end)]
    if all(gaz.is_common(w) and not gaz.is_name(w) for w in words if len(w) > 1):
        return False
    if any(gaz.is_name(w) for w in words):
        return True
    return not any(w in gaz.common_words or w in gaz.eponyms for w in words)


def find_names(text: str, gaz: Gazetteers) -> Iterator[NameHit]:
    """Name spans from the context rules, then from first-name gazetteer hits that no context
    rule has already found."""
    found: list[tuple[int, int]] = []
    for rule, label, pattern, score in _compiled():
        for match in pattern.finditer(text):
            trimmed = _trim(text, *match.span("n"), gaz)
            if trimmed is None:
                continue
            needs_support = rule in (
                *("field_doctor", "field_copy", "role_doctor", "dear", "relative", "contact"),
                "relative_after",
                "patient_named",
                "patient_listed",
                "credential",  # not "Outpatient PT", "Home OT"
            )
            if needs_support and not _supported(text, *trimmed, gaz):
                continue
            if _eponym_use(text, *trimmed, gaz):  # "Reviewed by Gleason grade"
                continue
            found.append(trimmed)
            yield NameHit(*trimmed, label, score, rule)
    for match in _LOWER_AFTER_RELATIVE.finditer(text):
        word = match.group("n")
        listed = word in gaz.first_names or word in gaz.census_first_names
        if listed and not gaz.is_common(word) and word not in NOT_NAME:
            found.append(match.span("n"))
            yield NameHit(*match.span("n"), "PATIENT", 0.8, "relative_lower")
    named = found[:]
    for hits in (_gazetteer_names, _lower_case_names, _lone_first_names, _lone_surnames):
        for hit in hits(text, gaz, found):
            named.append((hit.start, hit.end))
            yield hit
    # the last resorts, where nothing above has found a name
    yield from _possessive_names(text, gaz, named)
    yield from _initial_surnames(text, gaz, named)


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


def _cued_label(text: str, start: int) -> str:
    """DOCTOR when a clinician's cue stands in the 20 characters before a name, else
    PATIENT."""
    return "DOCTOR" if DOCTOR_CUES.search(text[max(0, start - 20) : start]) else "PATIENT"


def _first_name(word: str, gaz: Gazetteers) -> bool:
    listed = word in gaz.first_names or word in gaz.census_first_names
    return listed and word not in NOT_NAME and not gaz.is_common(word)


def _middle_name(word: str, gaz: Gazetteers) -> bool:
    """``word`` after "Last, First" is a second given name ("Nguyen, Thi Lan")."""
    low = word.lower()
    if low in NOT_NAME or low in PLACE_WORDS:
        return False
    return gaz.is_name(low) or not gaz.is_common(low)


def _gazetteer_names(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A listed first name followed by a word that is not a frequent English word, with an
    optional middle name or initial, a listed first name and an initial ("Anna S."), or a
    listed surname, a comma and a listed first name.
    Candidates are read at every word (overlapping), so that "Reschedule Emily Chen's MRI"
    still finds "Emily Chen"; the longest wins."""
    candidates: list[tuple[int, int]] = []
    for pattern in (_FIRST_THEN_WORD, _FIRST_THEN_LAST):
        for match in pattern.finditer(text, overlapped=True):
            end = _checked_end(text, match, gaz)
            if end is not None:
                candidates.append((match.start(), end))
    for match in _FIRST_INITIAL.finditer(text, overlapped=True):
        if _first_name(match.group("first").lower(), gaz):
            candidates.append(match.span())
    for match in _LAST_COMMA_FIRST.finditer(text, overlapped=True):
        last, first = match.group("last"), match.group("first")
        surname = last.lower() in gaz.census_last_names and not gaz.is_common(last.lower())
        ordinary = last.lower() in NOT_NAME or last.lower() in PLACE_WORDS
        # "Holbrook, MA": a state code in capitals after a word in mixed case is a place
        state = first in gaz.state_codes and not last.isupper()
        before = _WORD_BEFORE.search(text, max(0, match.start() - 30), match.start())
        listed = (
            before is not None
            and before.group(1).lower() not in NOT_NAME
            and _CAPITAL_AFTER.match(text, match.end())
        )
        if (
            surname
            and not ordinary
            and not state
            and not listed
            and _first_name(first.lower(), gaz)
        ):
            end = match.end()
            middle = _MIDDLE_NAME.match(text, end)  # "Nguyen, Thi Lan"
            if middle and not match.group().endswith(".") and _middle_name(middle.group(1), gaz):
                end = middle.end()
            candidates.append((match.start(), end))
    taken = Occupied(found)
    for start, end in sorted(set(candidates), key=lambda c: (c[0], -c[1])):
        if taken.overlaps(start, end):
            continue
        taken.add(start, end)  # a town before its address blocks the shorter runs inside it
        if _STATE_ZIP.match(text, end):
            continue
        label = _cued_label(text, start)
        yield NameHit(start, end, label, 0.75, "gazetteer_first_name")


def _checked_end(text: str, match: regex.Match, gaz: Gazetteers) -> int | None:
    """Where a first-name candidate ends, or None when it is not a name."""
    first, last = match.group("first").lower(), match.group("last").lower()
    end = match.end()
    if last.endswith(("'s", "’s")):  # a possessive: "Robert Brown's labs"
        last, end = last[:-2], end - 2
    if not _first_name(first, gaz):
        return None
    middle = (match.groupdict().get("middle") or "").lower().rstrip(".")
    if middle.startswith("("):  # a nickname: "Margaret (Peggy) Sullivan"
        middle = middle.strip("()")
        if not gaz.is_name(middle):
            return None
    ordinary = middle in NOT_NAME or (gaz.is_common(middle) and not gaz.is_name(middle))
    if len(middle) > 1 and ordinary:
        return None
    if last in NOT_NAME or (gaz.is_common(last) and not gaz.is_name(last)):
        return None
    written = match.group("last")
    # an abbreviation in capitals after a name in mixed case: "Sullivan DNR", "Jordan ICU"
    abbreviation = written.isupper() and len(written) <= 4 and not match.group("first").isupper()
    if abbreviation and (not gaz.is_name(last) or written in gaz.state_codes):
        return None  # and a state's code after a town: "Quincy MA 02169"
    following = _NEXT_WORD.match(text, end)
    after = following.group(1).lower() if following else ""
    if last in gaz.eponyms and (not gaz.is_name(last) or after in EPONYM_HEADS):
        return None
    if last in PLACE_WORDS or after in PLACE_WORDS:
        return None
    return end


def _lower_case_names(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]]
) -> Iterator[NameHit]:
    taken = Occupied(found)
    hits: list[tuple[int, int, str]] = []
    for match in _LOWER_FIRST_LAST.finditer(text, overlapped=True):
        first, last = match.group("first"), match.group("last").rstrip(".")
        if not _first_name(first, gaz):
            continue
        if len(last) > 1 and (last in NOT_NAME or gaz.is_common(last) or not gaz.is_name(last)):
            continue
        hits.append((match.start(), match.end(), "lower_first_last"))
    for match in _LOWER_LAST_COMMA_FIRST.finditer(text):
        last, first = match.group("last"), match.group("first")
        surname = last in gaz.census_last_names or last in gaz.last_names
        if surname and not gaz.is_common(last) and last not in NOT_NAME and _first_name(first, gaz):
            hits.append((*match.span("n"), "lower_last_first"))
    for match in _LOWER_TITLE.finditer(text):
        last = match.group("last")
        # after "mr", "ms": any word that is not a frequent one ("ms. delacroix"); after
        # "dr" ("dr appt", "dr office"), a listed name only
        listed = gaz.is_name(last) or (match.group("title") != "dr" and len(last) > 2)
        if listed and not gaz.is_common(last) and last not in NOT_NAME:
            hits.append((*match.span("last"), "lower_title"))
    for start, end, rule in hits:
        if taken.overlaps(start, end):
            continue
        taken.add(start, end)
        label = _cued_label(text, start)
        yield NameHit(start, end, label, 0.7, rule)


def _lone_first_names(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]]
) -> Iterator[NameHit]:
    """A listed first name alone after a cue ("eval by Fernanda"), where no other rule has
    found a name; not a place ("by Austin"), not an eponym before its head ("per Allen test")."""
    taken = Occupied(found)
    for match in _LONE_FIRST_AFTER_CUE.finditer(text):
        start, end = match.span("n")
        word = match.group("n").lower()
        if taken.overlaps(start, end) or not _first_name(word, gaz):
            continue
        if word in gaz.cities or word in gaz.states or word in gaz.countries:
            continue
        following = _NEXT_WORD.match(text, end)
        after = following.group(1).lower() if following else ""
        if word in gaz.eponyms or after in EPONYM_HEADS or after in PLACE_WORDS:
            continue
        label = _cued_label(text, start)
        yield NameHit(start, end, label, 0.7, "lone_first_after_cue")


def _lone_surnames(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A listed surname alone after a cue ("meds for Quist", "pt hakimi"), where no other rule
    has found a name."""
    taken = Occupied(found)
    for match in _LONE_SURNAME_AFTER_CUE.finditer(text):
        start, end = match.span("n")
        written = match.group("n")
        word = written.lower()
        surname = word in gaz.census_last_names or word in gaz.last_names
        # a capitalised first name alone is the first-name rule's; in lower case only this
        # rule reads it ("pt jones")
        first = _first_name(word, gaz) and not written.islower()
        if taken.overlaps(start, end) or not surname or first:
            continue
        if written.islower() and word in _LOWER_NOT_SURNAME:
            continue
        if gaz.is_common(word) or word in NOT_NAME or word in _NOT_SURNAME:
            continue
        if word in gaz.cities or word in gaz.states or word in gaz.countries:
            continue
        if word in gaz.eponyms or _eponym_use(text, start, end, gaz):
            continue
        if _PART_OF_A_NAME.match(text, end):
            continue  # "for Mahoney and Sons", "to Lamb Ridges": a firm's or a street's name
        label = _cued_label(text, start)
        yield NameHit(start, end, label, 0.7, "lone_surname_after_cue")


def _possessive_names(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]]
) -> Iterator[NameHit]:
    """A listed name before "'s" and what a patient has in a note ("Keanu's potassium"),
    where no other rule has found a name."""
    taken = Occupied(found)
    for match in _POSSESSIVE_NAME.finditer(text):
        start, end = match.span("n")
        word = match.group("n").lower()
        if taken.overlaps(start, end) or not gaz.is_name(word) or gaz.is_common(word):
            continue
        if word in NOT_NAME or word in _NOT_SURNAME or word in gaz.common_words:
            continue
        eponym = word in gaz.eponyms and not _first_name(word, gaz)
        if eponym:  # "Parkinson's meds", "Crohn's labs": a disease's
            continue
        yield NameHit(start, end, _cued_label(text, start), 0.7, "possessive_name")


def _initial_surnames(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]]
) -> Iterator[NameHit]:
    """An initial and a listed surname ("A. Chen"), where no other rule has found a name; not
    a street ("N. Main St"), a drug or an eponym before its head."""
    taken = Occupied(found)
    for match in _INITIAL_SURNAME.finditer(text):
        start, end = match.start(), match.end()
        word = match.group("n").lower()
        surname = word in gaz.census_last_names or word in gaz.last_names
        if taken.overlaps(start, end) or not surname:
            continue
        if word in NOT_NAME or word in _NOT_SURNAME or word in gaz.common_words:
            continue
        if gaz.is_common(word) and _LINE_START.search(text, max(0, start - 12), start):
            continue  # "A. Hill" heading an outline: an item, not a person
        following = _NEXT_WORD.match(text, end)
        after = following.group(1).lower() if following else ""
        if word in PLACE_WORDS or after in PLACE_WORDS or _eponym_use(text, *match.span("n"), gaz):
            continue
        yield NameHit(start, end, _cued_label(text, start), 0.7, "initial_surname")
