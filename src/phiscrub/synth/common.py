"""Blocks many note types share: header fields, section headings, history, signatures."""

from __future__ import annotations

from phiscrub.synth.builder import NoteBuilder

HEADER_FIELDS = (
    "[Patient|PATIENT|Name|Patient Name|PT NAME]:[ |  |\t]{pt_header}",
    "[MRN|Medical Record #|MR#|Med Rec No.|MRN #|Unit No]:[ | |]{mrn}",
    "[DOB|Date of Birth|D.O.B.|Birth date]:[ |  ]{dob}",
    "[Age|AGE]: {age}[ years| yrs| y|]",
    "[Account|Acct|Acct #|Account No.|Visit #]:[ |]{account}",
    "[Insurance ID|Member ID|Health plan #|Medicaid ID|Subscriber #]: {healthplan}",
    "[Date of [Service|Visit]|DOS|Visit Date|Encounter date]: {date}",
    "[PCP|Primary Care|Primary care physician|Referring provider]: {pcp}",
    "[Phone|Home phone|Tel|Contact #]: {phone}",
    "[Address|Home address|Addr]: {address}",
    "[Location|Site|Facility]: {hospital}",
    "[Attending|Attending physician|Provider]: {attending}",
    "[SSN|Social Security #|SS#|Soc Sec No]: {ssn}",
    "[Portal|Patient portal|Web]: {url}",
    "[Driver's license|DL #]: {license}",
)


def header_block(b: NoteBuilder, low: int = 3, high: int = 7) -> None:
    """Several header fields, always the patient name first."""
    rng = b.rng
    b.line(HEADER_FIELDS[0])
    count = rng.randint(low, high)
    for template in rng.sample(HEADER_FIELDS[1:], min(count, len(HEADER_FIELDS) - 1)):
        b.line(template)
    b.newline()


def heading(b: NoteBuilder, *names: str) -> None:
    """A section heading in one of the usual styles (capitals, title case, abbreviation)."""
    name = b.rng.choice(names)
    style = b.rng.randrange(4)
    if style == 0:
        text = name.upper() + ":"
    elif style == 1:
        text = name + ":"
    elif style == 2:
        text = name.upper()
    else:
        text = f"*** {name.upper()} ***"
    b.start_line()
    b.raw(text + b.rng.choice(("\n", "\n", " ")))


PMH = (
    "[Past medical history|PMH|History] [is notable for|significant for|includes|:] {problem}[, {problem}|] and {problem}.",
    "[S/p|Status post|History of] {procedure} [in|on|at {hospital} in] {past_date}.",
    "[Diagnosed with|Dx] {problem} [in|around|] {past_date}[ by {dr}|{@per}|].",
    "{problem}, [on|managed with] {drug}.",
    "[Remote history of|Hx|Remote] {problem}[ ({year})|].",
    "[Followed by|Sees] {consultant} [in|at] {department} for {problem}.",
    "[Last|Most recent] [colonoscopy|mammogram|echo|A1c] {past_date}[ {@at_place}|].",
)
MEDS = (
    "{drug}",
    "{drug}",
    "{drug}[ (started {recent_date})|]",
    "{drug}[, held|, dose reduced {recent_date}|]",
)
SOCIAL = (
    "[Lives|Resides] [with {his} {relative}|alone|with family] in {city}[, {state}|].",
    "[Works|Worked] as a {profession}[ at {employer}| for {employer}|].",
    "[Retired|Former] {profession}[, previously at {employer}|].",
    "[Originally from|Born in|Emigrated from] {country}[ in {year}|], [moved to {city} in {year}|].",
    "[Tobacco|Smoking]: [quit {year}|never|{n} pack-years|current, 1 ppd].",
    "[EtOH|Alcohol]: [social|denies|{n} drinks per week|heavy, last drink {weekday}].",
    "[Denies illicit drug use|No IVDU|Remote cocaine use, none since {year}].",
    "[Emergency contact|Contact|HCP]: {relative_phone}.",
)
FAMILY = (
    "[Mother|Father|Brother|Sister] with {family_history}.",
    "[Family history|FHx|FH] [notable for|of|significant for] {family_history}[ in {his} [father|mother]|].",
    "[No family history of|Denies family history of] {problem}.",
)


def history(b: NoteBuilder) -> None:
    heading(b, "Past Medical History", "PMH", "Medical History")
    b.sentences(PMH, 2, 4)
    b.end_paragraph()
    heading(b, "Medications", "Meds", "Home Medications", "Current Medications")
    for _ in range(b.rng.randint(2, 6)):
        b.line(b.rng.choice(("- ", "* ", "", "1. ")) + b.rng.choice(MEDS))
    b.newline()
    heading(b, "Allergies", "ALL")
    b.line("{allergy}")
    heading(b, "Social History", "SHx", "Social")
    b.sentences(SOCIAL, 2, 5)
    b.end_paragraph()
    heading(b, "Family History", "FHx")
    b.sentences(FAMILY, 1, 2)
    b.end_paragraph()


SIGN_OFF = (
    "[Electronically signed by|Signed:|Dictated by|Authenticated by|Attending:] {signature}[ on {date}[ at {time}|]|]",
    "{signature}",
    "[Dictated by|D:] {attending}[ {date}|]  [T:|Transcribed:] {date_num}[ {time}|]",
)
CC = (
    "[cc|CC|Copy to]: {pcp}[; {consultant}|]",
    "{initials}",
    "[Job #|Doc ID|Document #]: {order}",
)


def sign_off(b: NoteBuilder) -> None:
    b.end_paragraph()
    b.line(b.rng.choice(SIGN_OFF))
    for template in b.rng.sample(CC, b.rng.randint(0, 2)):
        b.line(template)
