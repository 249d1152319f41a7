"""Names that stand alone: a first name or a surname after a word that hands work to a
person or asks about one ("eval by Fernanda", "pt jones", "labs Kowalski"), a given name and a
listed surname that a question is about ("Is Nkechi Eze still on the list?"), a name before a
possessive and a lab ("Keanu's potassium"), a surname after an initial ("A. Chen"), a name
given ("goes by Bibi"), a name with what only a person is ("Is Ngozi allergic?"), the names of
a list by room or time ("412 Haddad, 414 Petrosyan"), a listed name joined by "and" to a name
found. Each is kept only where no context rule has found a name, and (but for the given and
the person's names) only when the word is on the name lists and is no frequent word, place,
drug or eponym."""

from __future__ import annotations

from collections.abc import Iterator

import regex

from phiscrub.detect.dictionary.gazetteers import Gazetteers
from phiscrub.detect.dictionary.name_words import (
    EPONYM_HEADS,
    NEXT_WORD,
    NOT_NAME,
    NOT_SURNAME,
    PERSON_CUES,
    PLACE_WORDS,
    NameHit,
    Occupied,
    cued_label,
    eponym_use,
    first_name,
    word_set,
)
from phiscrub.text.casing import note_case
from phiscrub.text.frequency import zipf

# A name with a capital inside after "Mac", "Di", "Le" ("MacGregor", "DiMaggio", "LeBlanc"),
# and a capitalised name word of three letters or more, that or written plainly
_CAPITAL_INSIDE = r"(?:Ma?c|Di|De|Le|La|Du)\p{Lu}\p{Ll}+"
_SURNAME = rf"(?:{_CAPITAL_INSIDE}|\p{{Lu}}\p{{Ll}}{{2,}})"
# a ward's place after a name ("Ng in 7A", "Okonkwo in ICU bed 7")
_IN_ROOM = r"[ ]+in[ ]+(?:\d{1,4}[A-Za-z]?|ICU|CCU|PACU|[Rr]oom|[Bb]ed|[Bb]ay|[Rr]m)(?![\w-])"

# A question about someone opens a sentence ("Has Jorge been seen?"); what is asked about
# them follows the name; what a sentence about someone says follows theirs ("Lorenzo is
# refusing his meds")
_SENTENCE_START = r"(?:(?<![^\n])|(?<=[.?!][ ]+))"
_ASKING = (
    rf"{_SENTENCE_START}(?:[Hh]as|[Ii]s|[Ww]as|[Dd]id|[Dd]oes|[Cc]an|[Ww]ill|[Ss]hould|[Cc]ould)"
    r"[ ]+"
)
_ASKED = (
    r"[ ]+(?:been|had|got|gotten|get|eaten|received|gone|left|still|"
    r"already|ready|seen|called|taken|signed|able|going|come|having|doing|feeling|his|her|"
    r"allergic|pregnant|diabetic|due|cleared|awake|alert|stable|npo|NPO|discharged|admitted|"
    r"scheduled|back|home|ok|okay|safe|need|want|have|know|speak|take|use|live|understand|"
    r"agree|prefer|require|allowed|supposed|on|off|being|getting|tolerating|eating|walking|"
    r"sleeping|confused|febrile|comfortable|covered|full|DNR|dnr|go|come|be|eat|drink|leave|"
    r"shower|stay|"
    # what a patient did or was given, asked with "did" or "has" ("Did Teodora ever follow up
    # with GI?", "Did Joy see cardiology?")
    r"ever|see|follow|finish|complete|return|start|stop|miss|make|show|pass|void|tolerate)\b"
)
# states a patient is in, told after a name by "is" or "was" (``_TOLD``, ``_STATE_TOLD``)
_STATES = (
    r"better|worse|awake|alert|confused|NPO|npo|DNR|dnr|refusing|asking|feeling|pregnant|"
    r"allergic|diabetic|ambulating|ambulatory|septic|intubated|extubated|febrile|afebrile|"
    r"tachycardic|hypotensive|home"
)
_TOLD = (
    r"[ ]+(?:has|had|is|was|got|gets|did|does|can|will|needs|wants|"
    r"refused|refuses|refusing|received|ate|took|went|came|left|called|signed|states|stated|"
    r"reports|reported|denies|denied|says|said|feels|felt|knows)[ ]+(?:been|not|still|now|"
    r"already|last|a|an|the|his|her|to|that|this|no|any|some|eaten|seen|doing|having|ready|"
    rf"able|gone|up|in|out|back|pain|stable|{_STATES})\b"
    # where someone lives ("Tomomi Nishiyama lives at ...")
    r"|[ ]+(?:lives|lived|resides|resided)[ ]+(?:at|on|in|with|alone|nearby)\b"
)

# a state only a person is in, after their name ("Faith is better", "Precious is NPO"): a first
# name that is also a word counts before it
_STATE_TOLD = (
    rf"[ ]+(?:is|was)[ ]+(?:still[ ]+|now[ ]+)?(?:{_STATES}|tearful|anxious|agitated|asleep|"
    r"sleeping|eating|comfortable|here)\b"
)

# what only a person does, after their name: no word need follow
_DOES = (
    r"(?=[ ]+(?:refused|refuses|refusing|declined|declines|denies|denied|states|stated|"
    r"complains|complained|vomited|fell|wants|wanted|reports|reported|says|said|"
    # what a person asks or calls for ("Hollis asked several times for his son")
    r"asked|asks|called|calls|yelled|cried|woke)\b"
    r"(?![ ]+to[ ]+(?:be|have)\b))"  # not "Lactate said to be 2"
)


# A first name alone after a word that hands work or news to a person ("eval by Fernanda",
# "per Siobhan", "paged Tomasz"): kept only when it is a listed first name, not a frequent
# English word, a place or an eponym.
_LONE_FIRST_AFTER_CUE = regex.compile(
    r"(?<![\w])(?:[Bb]y|[Pp]er|[Pp]aged|[Aa]bout|[Ff]or|[Uu]pdate[ ]on|[Ss]ee|[Cc]all|[Tt]ell|"
    r"[Aa]sk|[Rr]e:?|[Cc]alled|[Tt]exted|[Ee]mailed|[Mm]essaged|[Nn]otified|"
    r"[Uu]pdated|[Aa]sked|[Tt]old|[Tt]hanks|[Tt]hank[ ]you|cc|w/|[Ll]et|[Ss]chedule|"
    # news from someone ("message from Ines", "voicemail from Tomasz"), care handed to them
    # ("signed out to Rafael", "handoff to Siobhan")
    r"(?:[Mm]essage|[Cc]all|[Vv]oicemail|[Nn]ote|[Ee]mail|[Tt]ext|[Pp]age|[Ww]ord|[Nn]ews)s?"
    r"[ ]+from|(?:[Oo]ut|[Oo]ff|[Oo]ver|[Rr]eport|[Hh]andoff|[Hh]anded|[Gg]iven|[Pp]assed)[ ]+to)"
    r"[ ]+(?:to[ ]+)?(?P<n>\p{Lu}\p{Ll}+)(?![\w'’-]|\.\w)"
    # a question about someone: "Has Jorge been seen?", "Did Keisha get her dose?" (a name
    # that is a word too: "can Hope go home")
    rf"|{_ASKING}(?P<asked>)(?P<n>\p{{Lu}}\p{{Ll}}+)(?={_ASKED})"
    # the same asked indirectly, or a sentence about someone: "check whether Lorenzo got his
    # dose", "Lorenzo is refusing his meds"
    # (a name that is a word too only before a state only a person is in: "Faith is better",
    # not "Case reported to")
    r"|(?:(?:(?<![\w])(?:[Ww]hether|[Ii]f|[Ww]hen|[Tt]hat))[ ]+|(?<![^\n])|(?<=[.?!][ ]+))"
    rf"(?:(?P<asked>)(?P<n>\p{{Lu}}\p{{Ll}}+)(?={_STATE_TOLD})|(?P<n>\p{{Lu}}\p{{Ll}}+)(?={_TOLD}))"
    # or before what only a person does, whatever follows ("Cornelius refused dinner")
    # (a place's name too: a town does not refuse)
    # (not a surname after its initial: "K. Lambert called")
    rf"|{_SENTENCE_START}(?<!(?<![\w])\p{{Lu}}\.[ ]+)(?P<does>)(?P<n>\p{{Lu}}\p{{Ll}}+){_DOES}"
    # or whom a fax or a letter is for, a person even where a town has the name ("fax to
    # 718-555-0163, attn Dolores in admissions")
    r"|(?<![\w])(?:[Aa]ttn|ATTN|[Aa]ttention)[:.]?[ ]+(?P<does>)(?P<n>\p{Lu}\p{Ll}+)"
    r"(?![\w'’-]|\.\w)"
    # a message's sign-off and its writer, on its line or the next ("Thanks, Aisling",
    # "Regards,\nTomasz"), where the name ends the line or a quoted message ('Thanks, Gwen"')
    r"|(?<![\w])(?:[Tt]hanks|[Tt]hank[ ]you|[Rr]egards|[Cc]heers|[Bb]est|[Ss]incerely)[,!]?"
    r"[ ]*\n?[ ]*(?P<n>\p{Lu}\p{Ll}+)(?=[ ]*(?:[.!]?[\"”]?[ ]*(?:\n|$)))"
)


# A name on no list after a word that only a person follows ("tell Priyanka the CT is done",
# "spoke with Oluwaseun re: his ride"), or opening a sentence before what only a person does
# ("Okwuosa refuses her meds"; with their room between: "Haverford in 22 pulled his NG"), or
# after "pt" before the same ("pt Delacroix refusing insulin"): kept only when the word is
# rare in English and no frequent word, place or eponym. Not after "for", "per", "by" or
# "see", which a drug's or a service's name follows too ("per Neurosurg", "for Zosyn"), nor
# where a capitalised word follows.
_UNLISTED_AFTER_CUE = regex.compile(
    r"(?<![\w])(?:[Tt]ell|[Aa]sk|[Tt]old|[Aa]sked|[Tt]exted|[Ee]mailed|[Mm]essaged|[Pp]aged|"
    r"[Nn]otified|[Rr]eminded|(?:[Ss]poke|[Tt]alked|[Dd]iscussed)[ ]+(?:with|to)|"
    r"(?:[Mm]essage|[Vv]oicemail|[Tt]ext|[Pp]age|[Ee]mail)s?[ ]+from|"
    r"(?:[Ss]igned[ ]+out|[Hh]andoff|[Hh]anded[ ]+off|[Rr]eport[ ]+given)[ ]+to)"
    r"[ ]+(?P<n>\p{Lu}\p{Ll}{2,})(?![\w'’-]|\.\w|[ ]+\p{Lu})"
    rf"|{_SENTENCE_START}(?P<n>{_SURNAME}(?:-\p{{Lu}}\p{{Ll}}+)?)(?=[ ]+(?:wants|refuses|refused|"
    r"is[ ]+refusing|states|stated|says|said|denies|denied|is[ ]+asking|asked|"
    r"is[ ]+requesting|requests|feels|felt|knows|understands|agrees|prefers|complains|"
    r"complained|endorses|lives[ ]+(?:at|on|in|with|alone)|"
    # what a person tells of themself ("Olumide reports feeling better"), not what a monitor
    # or a service reports ("Tele reports no events")
    r"reports[ ]+(?:feeling|that|having|being|pain|some|improved|good|doing|she|he|her|his))\b"
    r"(?![ ]+to[ ]+(?:be|have)\b))"  # not "Lactate said to be 2"
    # or before the room they lie in and what they do there ("Haverford in 22 pulled his NG")
    rf"|{_SENTENCE_START}(?P<n>{_SURNAME}(?:-\p{{Lu}}\p{{Ll}}+)?)(?={_IN_ROOM}[ ]+(?:is|was|has|"
    r"had|needs|wants|pulled|fell|refuses|refused|refusing|requests|requesting|asking|called|"
    r"states|says|said|complains|complaining|got|went|left|vomited|removed|spiked|desatted|"
    r"desatting|c/o)\b)"
    # or asked about with what is asked only of a person ("Was Abimbola discharged")
    rf"|{_ASKING}(?P<n>\p{{Lu}}\p{{Ll}}{{2,}})(?=[ ]+(?:still[ ]+)?(?:discharged|admitted|seen|"
    r"allergic|pregnant|awake|alert|confused|oriented|ambulating|eating|sleeping|walking|"
    r"feeling|comfortable|febrile|ready[ ]+(?:for[ ]+discharge|to[ ]+go)|going[ ]+home)\b)"
    # or between "let" and "know" ("Let Fenella know bed 7 is ready")
    r"|(?<![\w])[Ll]et[ ]+(?P<n>\p{Lu}\p{Ll}{2,})(?=[ ]+know\b)"
    # or after "pt" ("pt Delacroix refusing insulin")
    r"|(?<![\w])(?:[Pp]t|[Pp]atient)\.?[ ]+(?P<n>\p{Lu}\p{Ll}{2,})(?=[ ]+(?:is[ ]+)?(?:refusing|"
    r"refused|refuses|wants|requesting|requests|asking|states|stated|says|said|denies|denied|"
    r"declining|declines|fell)\b)"
)
_VOWEL = regex.compile(r"[aeiouy\p{M}àáâãäåèéêëìíîïòóôõöùúûüýÿæøœ]", regex.IGNORECASE)
UNLISTED_ZIPF = 3  # a name on no list is no more frequent in English (rounded; "Priyanka" 2.7)


def unlisted_names(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A word on no name list where only a person stands (see ``_UNLISTED_AFTER_CUE``), where
    no other rule has found a name: rare in English, and no frequent word, clinical word of
    the short lists, place or eponym."""
    taken = Occupied(found)
    for match in _UNLISTED_AFTER_CUE.finditer(text):
        start, end = match.span("n")
        word = match.group("n").lower()
        if taken.overlaps(start, end) or gaz.is_name(word) or word in PLACE_WORDS:
            continue
        if not _VOWEL.search(word):
            continue  # "shx lives with": an abbreviation ("social history"), no name
        if _no_other_word(word, gaz) and zipf(word, "en") <= UNLISTED_ZIPF:
            yield NameHit(start, end, cued_label(text, start), 0.6, "unlisted_after_cue")


# A surname alone after a word that asks or tells about a patient ("meds for Quist", "Why is
# Kowalski still NPO?", "pt hakimi c/o pain"): kept only when it is a listed surname and not a
# frequent English word, a first name, a place, an eponym or a clinical word of the short list.
_LONE_SURNAME_AFTER_CUE = regex.compile(
    r"(?<![\w])(?:(?:(?P<travel>[Ss]ee|[Ss]aw|[Vv]isit)"
    r"|[Ff]or|[Aa]bout|(?:[Uu]pdate|[Nn]otes|[Ll]abs|[Ii]nfo|[Rr]esults|[Cc]hart)[ ]on|[Rr]e:?|"
    r"[Ii]s|[Ww]as|[Hh]as|[Dd]id|[Dd]oes|[Cc]an|[Ww]ill|"
    r"[Ss]hould|[Cc]ould|[Cc]all|[Cc]alled|[Tt]ell|[Ll]et|[Pp]age|[Nn]otify|[Ii]nform|[Aa]sk|"
    r"[Cc]heck|[Rr]eschedule|[Ss]chedule|F/[Uu]|[Dd]ischarge|[Aa]dmit|"
    # a request about a patient's record ("Send Nakashima labs to Kaiser")
    r"[Ss]end|[Pp]ull|[Rr]eview|[Rr]epeat|[Tt]rend|[Rr]echeck|"
    r"(?P<of>(?:[Pp]atient|[Pp]t)[ ]of)|"  # a clinician's patient ("pt of Wexler")
    r"(?P<patient>[Pp]atient|[Pp]t\.?))[ ]+"
    rf"(?P<n>{_SURNAME}(?:-\p{{Lu}}\p{{Ll}}+)?)"
    # a terse query: what is asked for and the surname, or the surname and what is asked for,
    # opening a line ("labs Kowalski", "Abernathy discharge summary", "Okafor k+ today?"), in
    # capitals too before a vital sign ("LINDQVIST BP 180/100")
    r"|(?<![^\n])(?:[Ll]abs|[Mm]eds|[Vv]itals|[Aa]llergies|[Mm]ed[ ]list)[ ]+"
    rf"(?P<n>{_SURNAME}(?:-\p{{Lu}}\p{{Ll}}+)?)(?=[ ]*(?:[?.,;:\n]|$))"
    rf"|(?<![^\n])(?P<n>{_SURNAME}(?:-\p{{Lu}}\p{{Ll}}+)?|\p{{Lu}}{{4,}})(?=[ ]+(?P<lab>labs?|meds|"
    r"vitals|k\+|K\+|inr|INR|cbc|CBC|bmp|BMP|a1c|A1c|hgb|discharge|echo|allergies|results|notes|"
    r"chart|BP|bp|HR|SBP|sats|temp)(?![\w+])"
    # a lab's short name and its value ("Ruiz K 3.1 replete?"), a room ("Ng in 7A febrile")
    r"|[ ]+(?P<lab>K|Na|Cr|Hgb|Hb|WBC|Plt|INR|BNP|BG|Mg|Phos|Ca|Trop|Lactate)\+?[ ]?[<>]?\d"
    rf"|{_IN_ROOM})"
    # a surname of two letters after "pt" ("order set for pt Ng in room 4417")
    r"|(?P<patient>[Pp]atient|[Pp]t\.?)[ ]+(?P<n>Ng|Wu|Li|Lu|Yu|Vo|Ly|Le)"
    rf"|(?<![^\n])(?P<n>Ng|Wu|Vo|Ly)(?={_IN_ROOM})"
    # in lower case, after a word that can only name a patient next ("pt jones", "baby boy
    # nguyen", "bed 7 - chavez") or at the start of a question ("has kowalski had his echo")
    r"|(?:[Pp]t|[Pp]atient|[Rr]eschedule|baby[ ](?:boy|girl)|"
    r"(?:bed|rm|room)[ ]?\d{1,4}[a-z]?[ ]*[(:/-]|"
    # or with no mark, before what a person does ("bed 4 gonzalez is asking")
    r"(?:bed|rm|room)[ ]?\d{1,4}[a-z]?(?=[ ]+\p{Ll}{3,}[ ]+(?:is|was|wants|needs|refuses|"
    r"refusing|says|said|states|fell|called|has)\b))[ ]*"
    r"(?P<n>\p{Ll}{3,})"
    # in brackets after a room's code ("pt in 12b (sanchez)"), or after "for" and a
    # clinician or a patient's record, or "on" and a test, where a clause ends or a place or
    # time follows ("who is the attending for kowalski in 504"; not "penicillin (rash)",
    # "admitted for melena", "labs on hold")
    r"|(?<![\w])\d{1,4}[a-z]?[ ]*(?P<loose>\()(?P<n>\p{Ll}{3,})\)"
    r"|(?<![\w])(?:attending|nurse|rn|md|doctor|pcp|np|resident|intern|team|consult|orders|"
    r"labs|meds|vitals|room|bed|chart|results|notes|summary)[ ]+(?P<loose>for)[ ]+"
    r"(?P<n>\p{Ll}{3,})(?=[ ]*(?:[?.,;!\n]|$)|[ ]+(?:in|on|at|with|today|"
    r"tomorrow|tonight|yet|pls|please)\b)"
    # or a test's name and "on" ("whats the last BMP on kowalczyk")
    r"|(?<![\w])(?i:bmp|cmp|cbc|inr|a1c|ekg|ecg|echo|cxr|mri|tsh|labs|vitals|results|notes|"
    r"potassium|creatinine|hgb|troponin|trop)[ ]+(?P<loose>on)[ ]+"
    r"(?P<n>\p{Ll}{3,})(?=[ ]*(?:[?.,;!\n]|$)|[ ]+(?:in|on|at|with|today|"
    r"tomorrow|tonight|yet|pls|please)\b)"
    r"|(?:(?<![^\n])|(?<=[.?!][ ]+))(?:has|is|was|did|does)[ ]+(?P<n>\p{Ll}{3,})"
    r"(?=[ ]+(?:been|had|got|gotten|get|eaten|received|gone|left|still|already|ready|seen|"
    r"called|taken|signed|able|going|come|having|doing|feeling|his|her)\b))"
    r"(?![\w'’-]|\.\w)"
)


# A family named by its surname ("the Nguyen family", "Did the Goldbergs sign?"): kept when
# the word (less a plural's "s") is a listed surname that is no frequent word or place.
_FAMILY_NAME = regex.compile(
    rf"(?<![\w])[Tt]he[ ]+(?P<n>{_SURNAME}(?:-\p{{Lu}}\p{{Ll}}+)?)"
    r"(?:(?=[ ]+(?:family|household|kids|kid|children|child|parents|boy|girl|baby|twins)\b)"
    r"|(?<=\p{Ll})s(?=[ ]+(?:are|were|"
    r"have|had|did|do|want|wanted|asked|called|signed|sign|agreed|declined|would|will|came|"
    r"visited|said|say|brought|requested|refused|decide|decided|know|knew|prefer|preferred)\b))"
)


_PART_OF_A_NAME = regex.compile(
    r"[ ]+(?:(?:and|&)[ ]+)?(?!(?:DOB|MRN|SSN|DOD|ACCT|CSN|FIN|MR|NPO|DNR|DNI)(?![\w-]))\p{Lu}"
)


# Surnames that are things a lower-case note eats, drinks or uses ("has rice been tolerated"):
# read as names only when written with a capital.
_LOWER_NOT_SURNAME = word_set(
    """
    rice salt sugar honey ginger pepper bean beans bread olive lemon berry fish bacon ham
    cotton wax stone glass steel snow frost rain bush wood ice milk butter cheese cream
    """
)
# when labs are drawn or what their results are, not whose ("Daily labs", "Morning labs")
_WHEN_LABS = word_set("daily morning evening nightly weekly stat routine fasting baseline pending")


# A name with a possessive before what a patient has in a note ("Was Keanu's potassium
# repleted?", "Has Smith's INR come back?", "Lourdes' biopsy"): kept when it is a listed name
# that is not a frequent English word, a drug or an eponym ("Parkinson's meds" are for a
# disease). No operation or fluid after it: "Hartmann's procedure", "Ringer's lactate" are
# eponyms' too.
_POSSESSIVE_AFTER = (
    r"(?:['’]s|(?<=s)['’])[ ]+"  # "Hyun-woo's dad"
    # "Octavia Fairbanks' last INR"
    r"(?:(?:last|latest|recent|most[ ]recent|next|current|previous|prior|new|old)[ ]+)?"
    r"(?P<w>labs?|results?|INR|PT/INR|potassium|sodium|creatinine|glucose|sugars?|BP|vitals|"
    r"temps?|CT|MRI|x-?rays?|CXR|scan|echo|EKG|ECG|EEG|ultrasound|imaging|cultures?|biopsy|"
    r"pathology|troponins?|hgb|hemoglobin|platelets|WBC|A1c|TSH|meds|medications?|"
    r"dose|insulin|chart|MRN|DOB|appointment|appt|discharge|admission|"
    r"family|wife|husband|daughter|son|mother|father|mom|dad|sister|brother|room|bed|nurse|"
    r"PCP|code[ ]status|consent|insurance|orders|wound|diet|weight|urine|stool|"
    # a patient's dealings with a payer or the record ("check pt Haroldsen's eligibility")
    r"eligibility|coverage|claims?|benefits|authori[sz]ation|copay|bill|balance|records?|"
    r"notes|referral|prescriptions?|refills?|allergies|"
    # a test's name ("Henrik's PSA went up")
    r"PSA|BMP|CMP|CBC|LFTs?|lipids|HbA1c|UA|urinalysis|bloodwork|labwork|PFTs|mammogram|"
    r"colonoscopy|ferritin|BNP|trough|"
    # what is done for a patient ("When is Oluwaseun Adeyemi's next dialysis session?")
    r"dialysis|infusions?|chemo|chemotherapy|transfusions?|visit|"
    r"follow-?up|therapy|treatments?|sessions?|transplant|vaccines?|hospital[ ]course|cath|EGD|"
    # lines, tubes and care at the bedside ("d/c Lundqvist's foley")
    r"foley|catheter|IV|PICC|drain|dressing|sitter|drip|tele|telemetry|O2|sats|fluids|dispo|"
    r"consult|"
    # a start of care, an intake or an assessment ("for Okwuosa's start of care")
    r"start[ ]of[ ]care|intake|evals?|evaluations?|assessments?)"
    r"(?![\w-])"
)
_POSSESSIVE_NAME = regex.compile(
    rf"(?<![\w.'’-])(?P<n>(?:\p{{Lu}}['’])?(?:{_CAPITAL_INSIDE}|\p{{Lu}}\p{{Ll}}+)"
    rf"(?:-\p{{Lu}}?\p{{Ll}}+)?){_POSSESSIVE_AFTER}"
)
# the same in a note typed in capitals ("IS SUNITA'S A1C TRENDING DOWN?")
_POSSESSIVE_NAME_CAPITALS = regex.compile(
    rf"(?<![\w.'’-])(?P<n>\p{{Lu}}{{2,}}(?:-\p{{Lu}}{{2,}})?)(?i:{_POSSESSIVE_AFTER})"
)
# what only a person has, after which a rare word that no list holds is a name too ("Was
# Olumide's INR checked?"); not a dose or a medicine's ("Coumadin's dose")
_PERSONAL_AFTER = word_set(
    """
    lab labs result results inr pt/inr potassium sodium creatinine glucose vitals chart mrn dob
    appointment appt family wife husband daughter son mother father mom dad sister brother room
    bed nurse pcp consent insurance wound weight a1c tsh hgb hemoglobin troponin troponins
    eligibility coverage claim claims benefits authorization authorisation copay bill balance
    record records notes referral prescription prescriptions refill refills allergies
    ecg ekg eeg echo mri ct cxr scan imaging ultrasound biopsy x-ray xray
    psa bmp cmp cbc lft lfts lipids hba1c ua urinalysis bloodwork labwork pfts mammogram
    colonoscopy ferritin bnp trough
    dialysis infusion infusions chemo chemotherapy transfusion transfusions visit therapy session
    sessions transplant
    foley catheter iv picc drain dressing sitter drip tele telemetry o2 sats fluids dispo consult
    bp start intake discharge admission
    """
)
RARE_NAME_ZIPF = 2.5
# a listed first name that is a town's name too, asked about, is a person's when it is no more
# frequent than this ("Esperanza" 2.9; "Boston" 5.0, "Jordan" 4.5)
ASKED_PLACE_ZIPF = 3.5
# a given name hyphenated in lower case ("Hyun-woo", "Ji-yeon"): each part no more frequent
# than this in English, where a compound has a frequent part ("follow-up", "pre-op")
SYLLABLE_ZIPF = 4
_LOWER_AFTER_HYPHEN = regex.compile(r"-\p{Ll}")
# a listed first name before "'s" and any lower-case word ("Why was Teodoro's metformin
# stopped"), not after a word that makes it a shop's or a saint's name ("at Wendy's", "St.
# George's")
_POSSESSIVE_FIRST = regex.compile(
    r"(?<![\w.'’-])(?<!\b(?i:at|from|to|the|a|an|in|into|near|inside|outside)[ ]+)"
    r"(?<!\b(?:St|Saint|Ste|King|Queen|Lady|Prince|Princess)\.?[ ]+)"  # "St. George's"
    r"(?P<n>\p{Lu}\p{Ll}+)['’]s[ ]+(?P<w>\p{Ll}[\p{Ll}-]+)\b"
)
_NOT_AFTER_POSSESSIVE = frozenset({"day", "eve", "ale", "lager", "beer"})  # "Valentine's day"


# A surname after the initial of a given name, or two ("Per A. Chen, hold heparin", "re: T.
# Washington", "B. O'Connell", "S. McNulty", "J.K. Amadi's 2pm"): the initial is the evidence,
# so a town's name or a frequent word that is a listed surname counts, except at the start of
# a line, where "A. Plan" is an outline.
_INITIAL_SURNAME = regex.compile(
    r"(?<![\w.'’-])\p{Lu}\.(?:[ ]?\p{Lu}\.)?[ ]?"
    r"(?P<n>(?:\p{Lu}['’])?\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:-\p{Lu}\p{Ll}+)?)"
    r"(?=['’]s\b|(?![\w'’-]|\.\w))"  # a possessive after it: "J.K. Amadi's 2pm"
)


_LINE_START = regex.compile(r"(?:^|\n)[ \t]*(?:[-*•]|\d{1,2}[.)])?[ \t]*$")


def _lone_first_name(
    text: str, word: str, end: int, gaz: Gazetteers, place: bool = False, asked: bool = False
) -> bool:
    """``word`` (lower case, ending at ``end``) is a listed first name that stands for a
    person alone: not a place ("by Austin") unless ``place`` (what follows says a person),
    not an eponym or before an eponym's head ("per Allen test") or a place's word. With
    ``asked`` (a question or a sentence about a person), a first name that is a frequent word
    too counts ("can Hope go home", "Precious is NPO")."""
    listed = gaz.is_first_name(word) and word not in NOT_NAME
    if not (first_name(word, gaz) or (asked and listed)):
        return False
    if not place and (word in gaz.cities or word in gaz.states or word in gaz.countries):
        return False
    following = NEXT_WORD.match(text, end)
    after = following.group(1).lower() if following else ""
    return not (word in gaz.eponyms or after in EPONYM_HEADS or after in PLACE_WORDS)


def lone_first_names(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A listed first name alone after a cue ("eval by Fernanda"), where no other rule has
    found a name; not a place ("by Austin"), not an eponym before its head ("per Allen test")."""
    taken = Occupied(found)
    for match in _LONE_FIRST_AFTER_CUE.finditer(text):
        start, end = match.span("n")
        person = match.group("does") is not None
        asked = match.group("asked") is not None
        # a question about someone is not about a town, unless a well-known one ("Is Esperanza
        # on a heparin drip?"; "Is Boston on the list?")
        word = match.group("n").lower()
        asked_person = asked and zipf(word, "en") < ASKED_PLACE_ZIPF
        if taken.overlaps(start, end) or not _lone_first_name(
            text, word, end, gaz, place=person or asked_person, asked=asked
        ):
            continue
        yield NameHit(start, end, cued_label(text, start), 0.7, "lone_first_after_cue")


# A given name and a surname asked or told about ("Is Nkechi Eze still on the list?",
# "Did Tomasz Wrobel get his dose?", "Nkechi Eze is refusing her meds"): the question or the
# sentence says a person, so the given name need be on no list when the surname is.
_ASKED_FULL_NAME = regex.compile(
    rf"(?:{_ASKING}|{_SENTENCE_START})"
    r"(?P<n>(?P<first>\p{Lu}\p{Ll}+)[ ](?P<last>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?))"
    rf"(?={_ASKED}|{_TOLD})"
)

# A given name and a surname a request is about: the person to call, send a message to or
# book ("send Nkechi Obi-Laurent a portal message", "pls call Tomasz Wrobel back",
# "reschedule Lin Feng with Dr Adeyemi")
_REQUESTED_FULL_NAME = regex.compile(
    rf"{_SENTENCE_START}(?i:(?:please|pls|plz|can[ ]you|could[ ]you|can[ ]u)[ ]+)?"
    r"(?i:send|call|page|text|e-?mail|message|remind|tell|ask|notify|update|schedule|"
    r"reschedule|book|discharge|admit|transfer|contact|phone|refer|check[ ]on|"
    # a record to open ("pull up Yevgenia Platonova")
    r"pull[ ]up|look[ ]up|open|find)[ ]+"
    r"(?P<n>(?P<first>\p{Lu}\p{Ll}+)[ ](?P<last>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?))"
    r"(?=[ ]+(?:a|an|the|that|about|re|back|to|for|with|on|in|and|his|her|their|today|"
    r"tomorrow|tmrw|asap)\b|[ ]*(?:[.,;:?!)]|$))"
)


# a name asked about may have no part on any list when both are words rare in English, at
# most this Zipf frequency rounded ("Is Rosamund Achebe ok to eat?": 2.5 and 2.3), none a
# drug's or a finding's shape ("Is Pradaxa Dabigatran on hold?")
ASKED_UNLISTED_ZIPF = 3
_DRUG_SHAPE = regex.compile(
    r"(?:olol|pril|sartan|statin|mab|nib|azole|mycin|cillin|floxacin|cycline|tidine|prazole"
    r"|oxetine|pine|zepam|zolam|parin|xaban|gliptin|glitazone|formin|ide|ate|ine|one|ol|il|ex"
    r"|ix|ax|yl|um|us|is|ia|oma|osis|an|in|on|xa|ra)$"
)


def _unlisted_name_word(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case) has four letters or more, is rare in English, no place, eponym
    or frequent word, and not shaped like a drug or a finding."""
    rare = len(word) >= 4 and zipf(word, "en") <= ASKED_UNLISTED_ZIPF  # not "Hx Afib"
    return rare and _no_other_word(word, gaz) and not _DRUG_SHAPE.search(word)


LOWER_SURNAME_ZIPF = 1
"""How frequent in English a surname on no list after a listed first name in lower case may be
("who is the pcp for desmond achterberg"; rounded)."""


def lower_rare_surname(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case) is a surname on no list that English all but never uses
    (``LOWER_SURNAME_ZIPF``), of four letters or more, no place, eponym or frequent word, and
    not shaped like a drug or a finding ("maria apixaban" is no name)."""
    return _unlisted_name_word(word, gaz) and zipf(word, "en") <= LOWER_SURNAME_ZIPF


def _surname(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case) is a listed surname and no frequent word, place or eponym."""
    listed = word in gaz.census_last_names or word in gaz.last_names
    return listed and _no_other_word(word, gaz)


def _no_other_word(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case) is no frequent word, clinical word of the short lists, place or
    eponym."""
    ordinary = gaz.is_common(word) or word in NOT_NAME or word in NOT_SURNAME
    place = word in gaz.cities or word in gaz.states or word in gaz.countries
    return not ordinary and not place and word not in gaz.eponyms


# A name that only a person's record, kin or service follows: a given name and a listed
# surname before a birth date's or a record's cue ("Summer Nguyen DOB 1/2/1990"), or a given
# name before "and her mother" ("Faith and her mother Grace came in") or "from case
# management"; the given name may be a word too ("Summer", "Faith") where it is a listed
# first name.
_NAME_BEFORE_RECORD = regex.compile(
    r"(?<![\w'’-])(?P<n>(?P<first>\p{Lu}\p{Ll}+)[ ](?P<last>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?))"
    r"(?=[ ]*[,(]?[ ]*(?:DOB|D\.O\.B\.?|MRN|MR[ ]?\#)(?![\w]))"
    rf"|{_SENTENCE_START}(?P<n>(?P<first>\p{{Lu}}\p{{Ll}}+))"
    r"(?=[ ]+(?:and|&)[ ]+(?:his|her|their)[ ]+(?:mother|father|mom|dad|wife|husband|son|"
    r"daughter|sister|brother|partner|parents|grandmother|grandfather|aunt|uncle)\b)"
    # or a given name before the service its bearer works for ("FYI Bernadette from case
    # management called")
    r"|(?<![\w'’-])(?P<n>(?P<first>\p{Lu}\p{Ll}+))(?=[ ]+from[ ]+(?:the[ ]+)?(?:case[ ]+"
    r"(?:management|mgmt|manager)|CM|pharmacy|PT|OT|SW|social[ ]+work|nutrition|dietary|"
    r"billing|registration|admitting|lab|radiology|IT|transport|security|hospice|"
    r"home[ ]+health|VNA|insurance|scheduling)\b)"
)


def recorded_names(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A name before a record's cue, a relative or a service (see ``_NAME_BEFORE_RECORD``),
    where no other rule has found a name: a listed first name (frequent words too; alone, no
    place) and, when there is one, a listed surname that is no frequent word, place or
    eponym."""
    taken = Occupied(found)
    for match in _NAME_BEFORE_RECORD.finditer(text):
        start, end = match.span("n")
        first, last = match.group("first").lower(), (match.group("last") or "").lower()
        if taken.overlaps(start, end) or not gaz.is_first_name(first) or first in NOT_NAME:
            continue
        if last and not _surname(last.split("-")[0], gaz):
            continue
        if not last and (first in gaz.cities or first in gaz.countries or first in gaz.states):
            continue  # "Jordan from the lab": a place's name as often as a person's
        yield NameHit(start, end, cued_label(text, start), 0.7, "recorded_name")


def asked_full_names(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A given name and a listed surname (or a double-barrelled one with a listed part) that
    a question, a sentence or a request is about (see ``_ASKED_FULL_NAME`` and
    ``_REQUESTED_FULL_NAME``), where no other rule has found a name: the given name is a
    listed first name, or a word that is no frequent word, place or place's word."""
    taken = Occupied(found)
    matches = [*_ASKED_FULL_NAME.finditer(text), *_REQUESTED_FULL_NAME.finditer(text)]
    for match in matches:
        start, end = match.span("n")
        first, last = match.group("first").lower(), match.group("last").lower()
        unlisted = _unlisted_name_word(first, gaz) and _unlisted_name_word(last, gaz)
        listed = any(_surname(w, gaz) for w in last.split("-"))
        if taken.overlaps(start, end) or not (listed or unlisted):
            continue
        ordinary = gaz.is_common(first) or first in NOT_NAME or first in PLACE_WORDS
        place = first in gaz.cities or first in gaz.states or first in gaz.countries
        if not first_name(first, gaz) and (ordinary or place or first in gaz.eponyms):
            continue
        yield NameHit(start, end, cued_label(text, start), 0.7, "asked_full_name")


# A capitalised word standing alone (no capitalised word, number or "#" beside it), a first
# name wherever it is on the lists ("Jedidiah is beyond irritating", "PT (Jess)"): the last
# resort, after every cued rule. Not a frequent word, a place, an eponym, nor after a place's
# cue ("in Wallace"), nor inside a longer proper name ("6133 Patrick Junction").
_CAPITALISED = regex.compile(
    r"(?<![\w.'’@#-])(?<!(?:\p{Lu}[\w'’.-]*\)?|\d[\w-]*|\#\w*)[ ,]{1,2})"
    rf"(?P<n>{_SURNAME})"
    r"(?![\w'’-]|\.\w|,?[ ]+(?:\p{Lu}|\d))"
)


_PLACE_BEFORE = regex.compile(r"(?i:\b(?:in|from|to|near|outside|at|of|via)[ ]+(?:the[ ]+)?)$")


def anywhere_first_names(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]]
) -> Iterator[NameHit]:
    """A listed first name standing alone anywhere (see ``_CAPITALISED``), where no other rule
    has found a name; scored below the cued rules."""
    taken = Occupied(found)
    for match in _CAPITALISED.finditer(text):
        start, end = match.span("n")
        word = match.group("n").lower()
        if taken.overlaps(start, end) or not _lone_first_name(text, word, end, gaz):
            continue
        if zipf(word, "en") >= 5 or _PLACE_BEFORE.search(text, max(0, start - 12), start):
            continue  # "in Wallace", "from Dale": a town named like a person
        if _FIELD_AFTER.match(text, end) and _COLUMN_GAP.search(text, max(0, start - 2), start):
            continue  # "...   Ward: Nephrology": a form's field in a row's column
        yield NameHit(start, end, cued_label(text, start), 0.6, "lone_first_anywhere")


RARE_SURNAME_ZIPF = 3
"""The most a surname standing alone with no cue may be used in English (Zipf, rounded):
"Okonkwo", "Castellanos" (2), "Ferreira", "Ahmadi" (3); not "Foley", "Glasgow" (4)."""


def anywhere_surnames(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]]
) -> Iterator[NameHit]:
    """A listed surname standing alone anywhere (see ``_CAPITALISED``), where no other rule
    has found a name, when English seldom uses the word ("Okonkwo in ICU bed 7 - any new
    ABG?", "BMPs on Ferreira?"): no first name (``anywhere_first_names`` reads those), frequent
    word, place, eponym or device, nor after a place's cue; scored as the first names."""
    taken = Occupied(found)
    for match in _CAPITALISED.finditer(text):
        start, end = match.span("n")
        word = match.group("n").lower()
        if taken.overlaps(start, end) or not _surname(word, gaz) or first_name(word, gaz):
            continue
        if len(word) < 4 or word in NOT_SURNAME or zipf(word, "en") > RARE_SURNAME_ZIPF:
            continue  # "Ord" of "ORD PROVIDER" in a note typed in lower case
        if eponym_use(text, start, end, gaz) or _PLACE_BEFORE.search(
            text, max(0, start - 12), start
        ):
            continue
        # not a field's name ("Pacer: Azure"), a crossing's second street ("Jane and Bloor")
        # or a firm's ("Mahoney and Sons"); "Castellanos and Nakashima" are two names
        if _FIELD_AFTER.match(text, end) or _JOINED_BEFORE.search(text, max(0, start - 40), start):
            continue
        joined = _JOINED_AFTER.match(text, end)
        if joined and not _surname(joined.group(1).lower(), gaz):
            continue
        yield NameHit(start, end, cued_label(text, start), 0.6, "lone_surname_anywhere")


_FIELD_AFTER = regex.compile(r"[ \t]*:")
_COLUMN_GAP = regex.compile(r"(?:[ ]{2}|\t)\Z")  # a form's gap between two columns
_JOINED_BEFORE = regex.compile(r"(?<![\w'’-])\p{Lu}[\w'’-]*[ ]+(?:and|&)[ ]+$")
_JOINED_AFTER = regex.compile(r"[ ]+(?:and|&)[ ]+(\p{Lu}\p{Ll}+)")


# staff roles in lower case, before a name ("night rn, jasmine")
_STAFF = r"(?:rn|np|md|pa|cna|lpn|rt|ot|sw|ct|tech|charge|aide)"
# A first name in lower case where only a person stands: alone in brackets ("case mgmt
# (brenda) aware") or after a staff role and a comma ("handoff to night rn, jasmine").
_LOWER_LONE_FIRST = regex.compile(
    r"(?<![\w])\((?P<n>\p{Ll}{3,})\)"
    rf"|(?<![\w]){_STAFF},[ ]+(?P<n>\p{{Ll}}{{3,}})"
    r"(?![\w'’-])"
    # or with no comma where the name ends a clause ("report given to night rn tamika")
    r"|(?<![\w])(?:rn|np|cna|lpn|charge|aide)[ ]+(?P<n>\p{Ll}{3,})(?=[ ]*(?:[.,;:)]|$)|\n)"
    # a request about someone in lower case ("schedule a follow up for marcus with dr. ito",
    # "call priya tomorrow"): the name ends the clause or meets a preposition
    r"|(?<![\w])(?:follow[- ]?up|f/u|appt|appointment|visit|refills?|labs|meds|results)[ ]+"
    r"for[ ]+(?P<n>\p{Ll}{3,})(?=[ ]*[?.,;]|[ ]+(?:with|at|on|in|to|about|tomorrow|today|next)\b)"
    r"|(?<![\w])(?:call|remind|tell|ask|text|page|let)[ ]+(?P<n>\p{Ll}{3,})"
    r"(?=[ ]*[?.,;]|[ ]+(?:at|about|tomorrow|today|know|that|back|re)\b)"
    # or for whom a thing was done, ending the clause ("sent rx to the pharmacy for eduardo")
    r"|(?<![\w])for[ ]+(?P<n>\p{Ll}{3,})(?=[ ]*(?:[?.,;!\n]|$))"
    # who a message came from or who was spoken with ("text from jenna: pt in rm 4 is
    # vomiting", "spoke with marisol re: her ride")
    r"|(?<![\w])(?:(?:message|msg|call|voicemail|vm|text|page|email|note|word)s?[ ]+from|"
    r"spoke[ ]+(?:with|to)|talked[ ]+(?:with|to))[ ]+(?P<n>\p{Ll}{3,})"
    r"(?=[ ]*(?:[?.,;:!\n]|$)|[ ]+(?:re|about|at|in|on|today|yesterday|this|last)\b)"
    # a question about someone in lower case ("is ximena ok to go home?", "Did tomasz go to
    # dialysis today")
    rf"|{_SENTENCE_START}(?:[Hh]as|[Ii]s|[Ww]as|[Dd]id|[Dd]oes)[ ]+"
    rf"(?P<n>\p{{Ll}}{{3,}})(?={_ASKED})"
    # a line or a sentence that opens with someone in lower case and what they ask or say
    # ("ingrid wants to know if she can drive", "tomas says his pain is worse")
    rf"|{_SENTENCE_START}(?P<n>\p{{Ll}}{{3,}})(?=[ ]+(?:wants|needs|says|said|asks|asked|"
    r"called|requests|requested|reports|states|would[ ]like|is[ ]asking|is[ ]requesting)\b)"
    # or before "'s" and a thing of their care ("can u confirm mariela's appt")
    r"|(?<![\w'’.-])(?P<n>\p{Ll}{3,})(?=['’]s[ ]+(?:appt|appointment|labs?|meds|medications?|"
    r"chart|results?|mri|ct|x-?ray|echo|ekg|ecg|biopsy|surgery|procedure|referral|rx|"
    r"prescription|insurance|ride|discharge|dose|inr|a1c|pcp)\b)"
)


_STAFF_BEFORE = regex.compile(rf"(?<![\w]){_STAFF},?[ ]+$")


def lower_lone_first_names(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]]
) -> Iterator[NameHit]:
    """A listed first name in lower case in brackets, after a staff role, in a request or a
    question about someone, opening a line before what they ask or say, or before "'s" and a
    thing of their care ("(brenda)", "night rn, jasmine", "call priya tomorrow", "ingrid wants
    to know", "mariela's appt"), not a frequent word, a place or an eponym."""
    taken = Occupied(found)
    for match in _LOWER_LONE_FIRST.finditer(text):
        start, end = match.span("n")
        word = match.group("n")
        if taken.overlaps(start, end) or not _lone_first_name(text, word, end, gaz):
            continue
        if zipf(word, "en") >= 5:
            continue
        staff = _STAFF_BEFORE.search(text, max(0, start - 10), start)
        label = "DOCTOR" if staff else cued_label(text, start)
        yield NameHit(start, end, label, 0.65, "lower_lone_first")


def lone_surnames(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A listed surname alone after a cue ("meds for Quist", "pt hakimi"), where no other rule
    has found a name."""
    taken = Occupied(found)
    for match in _LONE_SURNAME_AFTER_CUE.finditer(text):
        start, end = match.span("n")
        written = match.group("n")
        word = written.lower()
        given = _COMMA_GIVEN.match(text, end) if match.group("patient") else None
        if given and _unlisted_surname_first(word, given.group(1).lower(), gaz):
            if not taken.overlaps(start, end):  # "patient Achterberg, Lieke": any surname
                yield NameHit(
                    start, given.end(), cued_label(text, start), 0.7, "patient_last_first"
                )
            continue
        # after "patient" a listed first name is a name too ("Pt Dmitri refusing meds"), and
        # so is a word that English does not use, on no list ("the patient Wiśniewska")
        surname = word in gaz.census_last_names or word in gaz.last_names
        surname = surname or bool(match.group("patient") and first_name(word, gaz))
        unused = match.group("patient") and written.istitle() and len(word) > 3
        surname = surname or bool(unused and _unlisted_surname(word, gaz))
        # a capitalised first name alone is the first-name rule's; in lower case or after
        # "patient" only this rule reads it ("pt jones", "patient Moreno")
        first = first_name(word, gaz) and not (written.islower() or match.group("patient"))
        if taken.overlaps(start, end) or not surname or first:
            continue
        if written.islower() and word in _LOWER_NOT_SURNAME:
            continue
        if match.group("lab") and word in _WHEN_LABS:
            continue
        if match.group("loose") and zipf(word, "en") >= 4.5:
            continue  # "(daily)", "(grace)": frequent words, whatever the lists hold
        if gaz.is_common(word) or word in NOT_NAME or word in NOT_SURNAME:
            continue
        if word in gaz.states or word in gaz.countries:
            continue
        # a town named like a surname is a person after a word about a patient ("labs for
        # Rodriguez"), but may be the place after a word about going there ("visit Jackson")
        if word in gaz.cities and (match.group("travel") or written.islower()):
            continue
        if word in gaz.eponyms or eponym_use(text, start, end, gaz):
            continue
        if _PART_OF_A_NAME.match(text, end) and not match.group("lab"):
            continue  # "for Mahoney and Sons", "to Lamb Ridges": a firm's or a street's name
        label = "DOCTOR" if match.group("of") else cued_label(text, start)
        yield NameHit(start, end, label, 0.7, "lone_surname_after_cue")


_COMMA_GIVEN = regex.compile(r",[ ]?(\p{Lu}\p{Ll}+)(?![\w'’-])")


def _unlisted_surname_first(last: str, first: str, gaz: Gazetteers) -> bool:
    """After "patient", a surname on no list before a comma and a listed first name: the
    surname is no frequent word, place or eponym, and the first name no place."""
    if not first_name(first, gaz) or first in gaz.cities or first in gaz.states:
        return False
    return _plausible_surname(last, gaz)


def _plausible_surname(last: str, gaz: Gazetteers) -> bool:
    """``last`` (lower case) is no other word (``_no_other_word``) nor a word for a state
    ("Pt Hyperkalemic, Henry said")."""
    return _no_other_word(last, gaz) and not last.endswith(_STATE_ENDINGS)


def rare_surname(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case) is rare in English and a plausible surname, on no list or on one
    ("Gunnarsdottir"), and no word of the short lists."""
    rare = zipf(word, "en") < RARE_NAME_ZIPF
    short_lists = word in NOT_NAME or word in NOT_SURNAME
    return rare and not short_lists and _plausible_surname(word, gaz)


def _unlisted_surname(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case) is one English does not use (Zipf 0) and a plausible surname."""
    return zipf(word, "en") == 0 and _plausible_surname(word, gaz)


# the endings of words for a patient's state ("hyperkalemic", "diaphoretic", "lethargic",
# "febrile", "anxious", "unresponsive", "sedated", "vomiting"); not Slavic surnames' "-ic"
_STATE_ENDINGS = ("emic", "etic", "otic", "atic", "ctic", "rgic", "ile", "ous", "ive", "ed", "ing")


# A list of patients by room or by time ("Rounding list: 412 Haddad, 414 Petrosyan", "clinic:
# Kowalski 9am, Obi 930, Nguyen (new) 11"): two items or more, each a room's number and a
# capitalised word, or a capitalised word (a note in brackets after it) and a time of day.
_LIST_NAME = r"\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?"
_ROOM_ITEM = rf"\d{{1,4}}[A-Za-z]?[ ]+(?P<n>{_LIST_NAME})"
_TIME_ITEM = (
    rf"(?P<n>{_LIST_NAME})(?:[ ]+\([\p{{Ll}} ]+\))?[ ]+"
    r"(?:\d{1,2}(?::[0-5]\d)?[ ]?(?i:am|pm)|\d{1,2}:[0-5]\d|[01]?\d[0-5]\d|\d{1,2})"
)
# a line each: a room's number opening the line, a name and a comma, a bracket, a colon or a
# dash after it ("502 Fairweather, 84M - PNA\n504 Ochoa-Bravo - DKA")
_ROOM_LINE = (
    rf"(?:^|\n)[ \t]*\d{{1,4}}[A-Za-z]?[ \t]+(?P<n>{_LIST_NAME})"
    r"(?=[ \t]*(?:[,(:]|[-–][ ]|\n|$))[^\n]*"
)
_LISTED_PATIENTS = regex.compile(
    rf"(?<![\w-])(?:{_ROOM_ITEM}(?:,[ ]*{_ROOM_ITEM})+|{_TIME_ITEM}(?:,[ ]*{_TIME_ITEM})+)"
    r"(?![\w:/-])"
    rf"|{_ROOM_LINE}(?:{_ROOM_LINE})+"
)
LISTED_SCORE = 0.9  # an item of such a list that is a listed name (others score 0.65)
_NOT_LISTED_PATIENT = word_set(
    """
    jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june
    july august september october november december mon tue tues wed thu thur thurs fri sat
    sun room rm bed bay suite floor ward unit
    """
)


def listed_patients(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """The names of a list of patients by room or by time, or of a sign-out's lines by room
    (see ``_LISTED_PATIENTS``), where
    two of its items or more are listed names: every item that is no frequent word, place,
    month, weekday or room's word."""
    taken = Occupied(found)
    for match in _LISTED_PATIENTS.finditer(text):
        items = match.spans("n")
        words = [text[a:b].lower() for a, b in items]
        listed = sum(any(gaz.is_name(part) for part in w.split("-")) for w in words)
        if listed < 2:
            continue
        for (start, end), word in zip(items, words, strict=True):
            parts = word.split("-")
            if any(
                gaz.is_common(part) or part in NOT_NAME or part in PLACE_WORDS for part in parts
            ):
                continue
            if word in _NOT_LISTED_PATIENT or word in gaz.cities or taken.overlaps(start, end):
                continue
            # a listed name among listed names is sure enough for the two-pass dictionary to
            # find it again in the note ("To do: f/u Hargrove 2200 H/H")
            score = LISTED_SCORE if all(gaz.is_name(part) for part in parts) else 0.65
            yield NameHit(start, end, "PATIENT", score, "listed_patient")


# A surname with its particles in lower case, opening a sentence or after "pt" ("de la Cruz
# needs repeat lactate", "pt van der Berg c/o chest pain"); not an eponym's ("de Quervain's",
# "the da Vinci robot", "Le Fort fracture")
_PARTICLE_SURNAME = regex.compile(
    r"(?:(?<![^\n])|(?<=[.?!][ ]+)|(?<![\w])(?:[Pp]t|[Pp]atient)\.?[ ]+)"
    r"(?P<n>(?:van|von|de|del|della|di|da|du|dos|das|le|la)(?:[ ](?:der|den|de|la|las|los))?"
    r"[ ](?P<last>\p{Lu}\p{Ll}{2,}))(?![\w'’-])"
)
# kept here, not in eponyms.txt: the CRF's and the BiLSTM's eponym feature reads that list, so
# a word added there moves the bundled models' inputs away from their training (and "Fort",
# "George" are names and places that an eponym may never be alone)
_PARTICLE_EPONYMS = word_set("quervain vinci bakey musset fort george")


def particle_surnames(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]]
) -> Iterator[NameHit]:
    """A surname after its particles in lower case where only a name stands (see
    ``_PARTICLE_SURNAME``), where no other rule has found a name."""
    taken = Occupied(found)
    for match in _PARTICLE_SURNAME.finditer(text):
        start, end = match.span("n")
        last = match.group("last").lower()
        if taken.overlaps(start, end) or last in _PARTICLE_EPONYMS or last in gaz.eponyms:
            continue
        if last in NOT_NAME or last in PLACE_WORDS:
            continue
        yield NameHit(start, end, cued_label(text, start), 0.7, "particle_surname")


# An Irish surname's "O'" before a capitalised word: a name wherever it stands ("any new
# imaging on O'Rourke?", "O'NEILL, PATRICK"); no English word is so written (o'clock is in lower
# case)
_O_SURNAME = regex.compile(
    r"(?<![\w'’.-])(?P<n>O['’](?:\p{Lu}\p{Ll}{2,}|\p{Lu}{3,})(?:-\p{Lu}\p{Ll}+)?)(?![\w-])"
)


def o_surnames(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """An Irish surname with its "O'" (``_O_SURNAME``), where no other rule has found a name."""
    taken = Occupied(found)
    for match in _O_SURNAME.finditer(text):
        start, end = match.span("n")
        if not taken.overlaps(start, end):
            yield NameHit(start, end, cued_label(text, start), 0.7, "o_surname")


def family_names(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A listed surname naming a family ("the Nguyen family", "the Goldbergs"), where no other
    rule has found a name."""
    taken = Occupied(found)
    for match in _FAMILY_NAME.finditer(text):
        start, end = match.span("n")
        written = text[start:end]
        plural = match.group().endswith("s") and not written.endswith("s")
        word = written.lower()
        if plural:
            end += 1
        surname = word in gaz.census_last_names or word in gaz.last_names
        if taken.overlaps(start, end) or not surname:
            continue
        if gaz.is_common(word) or word in NOT_NAME or word in NOT_SURNAME:
            continue
        if word in gaz.cities or word in gaz.states or word in gaz.countries:
            continue
        # "the Royal family": a very frequent word; "the Germans", "the Angels": a plural that
        # is itself a frequent word (a people, a team), not a family
        if zipf(word, "en") >= 5 or (plural and gaz.is_common(word + "s")):
            continue
        yield NameHit(start, end, "PATIENT", 0.7, "family_name")


def _possessive_matches(text: str) -> Iterator[regex.Match]:
    """``_POSSESSIVE_NAME``'s matches, and ``_POSSESSIVE_NAME_CAPITALS``'s in a note typed in
    capitals (``casing.note_case``, as the pipeline decides it)."""
    yield from _POSSESSIVE_NAME.finditer(text)
    if note_case(text) == "capitals":
        yield from _POSSESSIVE_NAME_CAPITALS.finditer(text)


def possessive_names(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A listed name before "'s" and what a patient has in a note ("Keanu's potassium"; a
    rare word that no list holds before what only a person has: "Olumide's INR"), or
    a listed first name before "'s" and any lower-case word that makes it no eponym ("Teodoro's
    metformin"), where no other rule has found a name; with a listed given name before it
    ("Octavia Fairbanks' last INR")."""
    taken = Occupied(found)
    for match in _possessive_matches(text):
        start, end = match.span("n")
        word = match.group("n").lower()
        if _LOWER_AFTER_HYPHEN.search(match.group("n")) and any(
            zipf(part, "en") > SYLLABLE_ZIPF for part in word.split("-")
        ):
            continue  # "Follow-up's results", "Pre-op's labs": a compound, not "Hyun-woo"
        after = match.group("w").lower().split()[0]  # "start" of "start of care"
        rare = after in _PERSONAL_AFTER and zipf(word, "en") < RARE_NAME_ZIPF
        if taken.overlaps(start, end) or not (gaz.is_name(word) or rare) or gaz.is_common(word):
            continue
        if word in NOT_NAME or word in NOT_SURNAME or word in gaz.common_words:
            continue
        eponym = word in gaz.eponyms and not first_name(word, gaz)
        if eponym:  # "Parkinson's meds", "Crohn's labs": a disease's
            continue
        if (given := _given_before(text, start, gaz)) is not None and not taken.overlaps(
            given, start
        ):
            start = given  # "Pull Octavia Fairbanks' last INR": the whole name
        elif _initial_before(text, start):
            start -= 3  # "what is B. Okafor's code status": the initial too
        yield NameHit(start, end, cued_label(text, start), 0.7, "possessive_name")
        taken.add(start, end)
    for match in _POSSESSIVE_FIRST.finditer(text):
        start, end = match.span("n")
        word = match.group("n").lower()
        if taken.overlaps(start, end) or not first_name(word, gaz) or word in gaz.eponyms:
            continue  # "Wilson's disease", "Bell's palsy", "Graves'" are eponyms too
        if match.group("w") in EPONYM_HEADS or match.group("w") in _NOT_AFTER_POSSESSIVE:
            continue
        yield NameHit(start, end, cued_label(text, start), 0.65, "possessive_first_name")


_GIVEN_BEFORE = regex.compile(r"(?<![\w.'’-])(\p{Lu}\p{Ll}+)[ ]$")


def _initial_before(text: str, start: int) -> bool:
    """An initial, its stop and a space stand right before ``start`` ("B. Okafor")."""
    if start < 3 or not (text[start - 3].isupper() and text[start - 2 : start] == ". "):
        return False
    return start == 3 or not (text[start - 4].isalnum() or text[start - 4] in ".'’-")


def _given_before(text: str, start: int, gaz: Gazetteers) -> int | None:
    """Where a listed first name that is no frequent word starts, right before ``start``, or
    a rare word on no list that is no place ("When is Oluwaseun Adeyemi's next dialysis?")."""
    given = _GIVEN_BEFORE.search(text, max(0, start - 30), start)
    if given is None:
        return None
    word = given.group(1).lower()
    if first_name(word, gaz) and not gaz.is_common(word):
        return given.start(1)
    unlisted = not gaz.is_name(word) and word not in PLACE_WORDS and _no_other_word(word, gaz)
    rare = zipf(word, "en") < RARE_NAME_ZIPF and _VOWEL.search(word) is not None
    return given.start(1) if unlisted and rare else None


_PERSON_BEFORE = regex.compile(rf"(?<![\w]){PERSON_CUES}[ ]+$")
# a species' epithet after its genus' initial ("S. Aureus", "H. Pylori", "C. Difficile")
_EPITHET = regex.compile(r"(?:us|ae|is|um|ii|i|ica|ia|ans|ens|ella|ium|es|ax|ex|ile|ata)$")
# and the epithets in "-a" that the list above leaves to a cue ("K. Oxytoca", "L. Pneumophila",
# "P. Multocida")
_SPECIES_A = regex.compile(r"(?:phila|cida|toca|oca|ina|ula|osa)$")
# words after a person who does or says something, where an outline's item has none ("R.
# Achterberg in ED 14 says", "T. Okonjo called")
_DOES_AFTER = word_set(
    """
    in is was has had says said called wants needs asked asks reports reported states stated
    came went fell left declined refused agreed will would can could
    """
)


def initial_surnames(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """An initial and a listed surname ("A. Chen"), or a rare word on no list ("the CT for J.
    Delacroix", "Is T. Okonjo the same patient?"; no species' epithet: "for S. Aureus"; at a
    line's start only before what a person does), where no other rule has found a name; not a
    street ("N. Main St"), a drug or an eponym before its head."""
    taken = Occupied(found)
    for match in _INITIAL_SURNAME.finditer(text):
        start, end = match.start(), match.end()
        word = match.group("n").lower()
        bare = word.replace("'", "").replace("’", "")  # the census lists write "oconnell"
        surname = bare in gaz.census_last_names or word in gaz.last_names
        following = NEXT_WORD.match(text, end)
        after = following.group(1).lower() if following else ""
        if not surname and zipf(word, "en") < RARE_NAME_ZIPF and not _EPITHET.search(word):
            # after a word a person follows, or before what only a person has ("Z. Farouk BP
            # is 190/100")
            before = _PERSON_BEFORE.search(text, max(0, start - 12), start) is not None
            # with no such word, a surname too unless an epithet in "-a" or heading an item
            # ("Is T. Okonjo the same patient?"; not "C. Dyslipidemia" in an outline)
            heading = _LINE_START.search(text, max(0, start - 12), start) is not None
            alone = not _SPECIES_A.search(word) and (not heading or after in _DOES_AFTER)
            surname = before or after in _PERSONAL_AFTER or alone
        if taken.overlaps(start, end) or not surname:
            continue
        if word in NOT_NAME or word in NOT_SURNAME or word in gaz.common_words:
            continue
        if gaz.is_common(word) and _LINE_START.search(text, max(0, start - 12), start):
            continue  # "A. Hill" heading an outline: an item, not a person
        if word in PLACE_WORDS or after in PLACE_WORDS or eponym_use(text, *match.span("n"), gaz):
            continue
        yield NameHit(start, end, cued_label(text, start), 0.7, "initial_surname")


# A name after words that give a person's name ("her name is Renata", "a son named Tobias",
# "goes by Bibi", "aka Lulu", "prefers to be called Bud"): up to three capitalised words, or
# one word in lower case after "name is" ("my name is krithika").
_NAME_GIVEN = regex.compile(
    r"(?<![\w])(?:(?P<is>(?:[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Yy]our|(?:[Pp]t|[Pp]atient)['’]s)[ ]+"
    r"(?:(?:first|last|middle|full|given|maiden|preferred|nick)[ ]?)?name[ ]+is)"
    r"|[Nn]amed|[Nn]icknamed|[Gg]o(?:es)?[ ]+by|[Ww]ent[ ]+by|[Aa]\.[Kk]\.[Aa]\.|aka|AKA"
    r"|[Aa]lso[ ]+known[ ]+as|[Kk]nown[ ]+as|[Pp]refers?[ ]+the[ ]+name"
    r"|[Rr]efer(?:s|red)?[ ]+to[ ]+(?:himself|herself|themselves|themself)[ ]+as"
    r"|[Cc]alls?[ ]+(?:himself|herself|themselves|themself)"
    r"|(?:[Pp]refers?|[Ll]ikes?|[Ww]ish(?:es)?|[Ww]ants?|[Aa]sk(?:s|ed)?)[ ]+to[ ]+be[ ]+"
    r"(?:called|addressed[ ]+as))[ ]+[\"“'‘]?"
    r"(?P<n>\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*(?:[ ]\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*){0,2}"
    r"|\p{Ll}{3,}(?:[ ]\p{Ll}{3,}(?=[ ]*(?:[.,;:!?]|$|[ ]+(?:and|but)\b)))?)(?![\w'’-])"
)


def given_names(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A name after words that give one ("his name is Tobias", "goes by Bibi"), where no other
    rule has found a name: capitalised words of which none is a frequent word of the short list
    or a place's word (all frequent words of the long list only in quotes: 'called "Bud"'), or
    a lower-case word after "name is" that is a listed first name or a rare word ("my name is
    krithika", not "her name is unknown")."""
    taken = Occupied(found)
    for match in _NAME_GIVEN.finditer(text):
        start, end = match.span("n")
        written = match.group("n")
        words = written.lower().split()
        quoted = text[start - 1] in "\"“'‘" and text[end : end + 1] in ('"', "”", "'", "’")
        if taken.overlaps(start, end):
            continue
        if written.islower():
            if not match.group("is"):
                continue  # "went by car"
            if not all(first_name(w, gaz) or gaz.is_name(w) or zipf(w, "en") < 2.5 for w in words):
                continue  # "my name is krithika", "her maiden name is nyberg"
        elif any(w in NOT_NAME or w in PLACE_WORDS or w in gaz.common_words for w in words):
            continue
        elif all(gaz.is_common(w) and not gaz.is_name(w) for w in words) and not quoted:
            continue  # "goes by Taxi"; a word in quotes is a name given ('called "Bud"')
        # the role from the words before the cue ("He goes by Bibi": "by" is no clinician's)
        yield NameHit(start, end, cued_label(text, match.start()), 0.75, "name_given")


# A listed name beside a name already found, joined by "and", "&" or "or" ("Maria Lopez and
# Esperanza", "Ripley and Dana Bishop").
_AND_AFTER = regex.compile(r"[ ]+(?:and|&|or)[ ]+(?P<n>\p{Lu}\p{Ll}+)(?![\w'’-]|\.\w|[ ]+\p{Lu})")
_AND_BEFORE = regex.compile(r"(?<![\w.'’-])(?P<n>\p{Lu}\p{Ll}+)[ ]+(?:and|&)[ ]+$")


def joined_names(text: str, gaz: Gazetteers, hits: list[NameHit]) -> Iterator[NameHit]:
    """A listed first name or surname, or a word English does not use (``_unlisted_surname``:
    "twins Chidera and Chinedu"), joined by "and" to a name that a rule found, with that name's
    label: not a frequent word, a place's or an eponym ("Smith and Nephew" is a firm)."""
    taken = Occupied([(hit.start, hit.end) for hit in hits])
    for hit in hits:
        if hit.rule == "lone_first_anywhere":
            continue  # a guess itself ("your Jane and Bloor location": two streets)
        after = _AND_AFTER.match(text, hit.end)
        before = _AND_BEFORE.search(text, max(0, hit.start - 30), hit.start)
        for match in (after, before):
            if match is None:
                continue
            start, end = match.span("n")
            word = match.group("n").lower()
            named = gaz.is_name(word) or _unlisted_surname(word, gaz)
            if taken.overlaps(start, end) or not named or gaz.is_common(word):
                continue
            if word in NOT_NAME or word in NOT_SURNAME or word in PLACE_WORDS:
                continue
            if word in gaz.eponyms or word in gaz.cities or word in gaz.states:
                continue
            if word in gaz.countries:
                continue
            if match is after and _PART_OF_A_NAME.match(text, end):
                continue  # a longer name goes on after it (what is before runs into the hit)
            taken.add(start, end)
            yield NameHit(start, end, hit.label, 0.7, "joined_name")


# What only a person is ("Is Ngozi allergic to penicillin?", "Ngozi has been vomiting"): a
# capitalised word asked or told about with it is a name, listed or not (a drug, a device or
# a service is never pregnant or allergic). Not a mental state, which a note also gives an
# exam's heading ("Mentation is alert", "Sensorium is confused", "Neuro is oriented").
_PERSON_STATE = (
    r"(?:still[ ]+)?(?:allergic|pregnant|breastfeeding|diabetic|eating|ambulating|vomiting|"
    r"crying|complaining)(?![\w-])"
)
# words for a kind of person, not a name ("Neonate is breastfeeding")
_PERSON_NOUNS = word_set(
    """
    infant neonate newborn toddler child teen teenager adolescent baby boy girl man woman
    resident client member caller donor recipient inmate veteran student twin
    """
)
_PERSON_PREDICATE = regex.compile(
    r"(?:(?<![^\n])|(?<=[.?!][ ]+))(?:Is|Was|Has|Does|Did)[ ]+(?P<n>\p{Lu}\p{Ll}{2,})"
    rf"[ ]+(?:been[ ]+)?{_PERSON_STATE}"
    r"|(?:(?<![^\n])|(?<=[.?!][ ]+)|(?<![\w])(?:[Ww]hether|[Ii]f|[Tt]hat)[ ]+)"
    rf"(?P<n>\p{{Lu}}\p{{Ll}}{{2,}})[ ]+(?:is|was|has[ ]+been|seems|appears)[ ]+{_PERSON_STATE}"
)


def person_state_names(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]]
) -> Iterator[NameHit]:
    """A capitalised word asked or told about with what only a person is ("Is Ngozi allergic
    to penicillin?"), where no other rule has found a name: not a frequent word, a relative, a
    kind of person or a word of the short lists ("Is Mom eating?", "Neonate is vomiting")."""
    taken = Occupied(found)
    for match in _PERSON_PREDICATE.finditer(text):
        start, end = match.span("n")
        word = match.group("n").lower()
        if taken.overlaps(start, end) or word in NOT_NAME or word in PLACE_WORDS:
            continue
        if word in _PERSON_NOUNS or (gaz.is_common(word) and not first_name(word, gaz)):
            continue  # a town's name is no matter: no town is allergic ("Is Jordan allergic?")
        yield NameHit(start, end, cued_label(text, start), 0.7, "person_state")
