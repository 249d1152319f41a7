"""Names from context, after Dehghan et al. (2015): a gazetteer hit alone is never enough.

A run of capitalised words becomes a name when something around it says so: a title ("Dr.",
"Ms"), a credential after it ("MD", "RN"), a form field ("Patient:", "Attending:"), a relative
("his wife, ..."), or a first name from the gazetteer followed by another capitalised word.
Titles, credentials and fields also decide DOCTOR versus PATIENT; relatives are PATIENT, as in
the i2b2 guidelines.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import regex

from phiscrub.detect.dictionary.gazetteers import Gazetteers
from phiscrub.detect.dictionary.lone_names import (
    anywhere_first_names,
    anywhere_surnames,
    asked_full_names,
    family_names,
    given_names,
    initial_surnames,
    joined_names,
    listed_patients,
    lone_first_names,
    lone_surnames,
    lower_lone_first_names,
    lower_rare_surname,
    o_surnames,
    particle_surnames,
    person_state_names,
    possessive_names,
    rare_surname,
    recorded_names,
    unlisted_names,
)
from phiscrub.detect.dictionary.name_words import (
    EPONYM_HEADS,
    NAME_WORDS,
    NEXT_WORD,
    NOT_NAME,
    ORGANIZATION_ENDS,
    PERSON_CUES,
    PLACE_WORDS,
    SERVICE_WORDS,
    WORD,
    NameHit,
    Occupied,
    cued_label,
    eponym_use,
    first_name,
    unlisted_relative_name,
)
from phiscrub.detect.rules.prefilter import LiteralIndex, fold, required_literals
from phiscrub.detect.rules.start_guard import guarded
from phiscrub.text.frequency import zipf

INITIAL = r"\p{Lu}\.?"
# a nickname in quotes between the names ('Joseph "Joe" Marchetti')
NICKNAME = rf"[\"“]{WORD}[\"”](?=[ ]\p{{Lu}})"
# words of a sentence in capitals that no name goes on with ("DR. FITZGERALD AT LOWELL GENERAL")
CAPS_SMALL = (
    r"(?:AT|IN|OF|THE|AND|FOR|WITH|FROM|TO|IS|WAS|WHO|ARE|BY|OR|AS|HAS|HAD|BUT|NOT|IF|WILL|CAN|"
    r"HIS|HER|PRESENTS|REPORTS|STATES|LIVES|LIVED|WORKS|WORKED|CALLED|SAYS|SAID|VISITS|VISITED|DIED|"
    r"PASSED|REPORTING|REPORTED|PRESENTING|PRESENTED|COMPLAINING|DENIES|DENYING|ACCOMPANIED|"
    # a query's "regarding" and what a clinician asks ("CALL DR. OKONKWO RE ZHANG, WEI", "DR.
    # LEVESQUE WANTS AHMED KARIMI SEEN")
    r"RE|REGARDING|WANTS|WANTED|ASKS|ASKED|REQUESTS|REQUESTED|RECOMMENDS|RECOMMENDED|AGREES|"
    r"AGREED|ORDERED|SAW|SEES)"
    r"(?![\w'’-])"
)
CREDENTIALS = (
    r"(?:RPSGT|RDN|BCPS|CWOCN|CRNP|CPNP|WHNP|FAAP|FCCP|MDiv|"
    r"MD|M\.D\.|DO|D\.O\.|RN|NP|PA-C|PA|PhD|MBBS|FACS|FACP|CNM|LPN|CRNA|DDS|DMD|DPM|MSW|"
    r"LCSW|PharmD|APRN|FNP|CNP|NP-C|PT|OT|MPH|RDMS|RVT|RDCS|RCS|RRT|CRT|RT|CNA|LNA|ARNP|CNS|"
    r"CCRN|BSN|MSN|DNP|PsyD|LMFT|LPC|LICSW|SLP|CCC-SLP|DPT|OTR/L|OTR|COTA|PTA|EMT-P|EMT|MRCP|"
    r"FRCS|FRCP|MRCS|MRCGP|MBChB|BMBS|FRCA|RGN|RMN|RPh|CPhT|CMA|LMHC|LADC|LDN|IBCLC|CDCES|CDE|"
    r"BCBA|FNP-BC|ANP-BC|PMHNP-BC|AGPCNP-BC)"
)
FIRST_LAST = (  # an initial last too ("discussed with Anna S.", "Bettina K, RN"); a surname's
    # particles inside ("Dr. Ruiz de la Vega", "Pieter van der Berg", "Abdul Rahman bin Khalid",
    # "Mrs Van der Merwe")
    rf"{WORD}(?:[ ](?:(?!{CAPS_SMALL}){WORD}|{NICKNAME}|\p{{Lu}}\.(?=[ \t\n,;:)?!]|$)"
    rf"|(?:de|del|della|da|do|dos|das|di|du|van|von|y|bin|binti|bint|ibn|der|den|ter|ten)"
    rf"(?:[ ](?:la|los|las|der|den))?[ ]{WORD}"
    rf"|\p{{Lu}}(?=[ ]\p{{Lu}}|,[ ]?\p{{Lu}}{{2}}))){{0,3}}"
)
# not a surname and the place that names a practice or the street that follows ("Dr
# Fairweather, Bruntsfield Medical Practice", "Dr. Cruz, Brookline Ave clinic") or a firm's
# words joined by "&" ("Dr. Prescott, Bone & Joint Specialists"); a surname
# joined by a particle ("Ferreira dos Santos, Maria", "Van Der Merwe, Pieter"), a given name
# with one ("Perez, Maria del Carmen", "Lopez, Maria de la Luz"), two given names before a
# column's gap, the line's end or a bracket ("Tran, Minh Chau  MRN", "Castañeda, Luz María (14
# yo)")
LAST_FIRST = (
    rf"(?>{WORD}(?:[ ](?i:de|del|della|da|do|dos|das|di|du|van|von|y|der|den)"
    rf"(?:[ ](?i:la|los|las|der|den))?[ ]{WORD})?[ ]?,[ ]?{WORD}"
    rf"(?:[ ](?i:del|de(?:[ ]la)?)[ ]{WORD}"
    rf"|[ ](?!{CREDENTIALS}(?![\w-])){WORD}(?=[ ]{{2,}}|\t|[ ]*\n|[ ]*$|[ ]\())?"
    rf"(?:[ ]{INITIAL}(?![\w]))?)"
    r"(?![ ](?:Medical|Health|Family|Surgery|Practice|Clinic|Hospital|Centre|Center)\b)"
    r"(?![ ]?&[ ]?\p{Lu})"  # nor a firm's words joined by "&" ("Dr. Prescott, Bone & Joint")
    r"(?![ ](?i:Ave|Avenue|St|Street|Rd|Road|Blvd|Boulevard|Drive|Ln|Lane|Way|Pl|Place|Ct|Court|"
    r"Pkwy|Parkway|Hwy|Highway|Sq|Square|Terrace)\b)"
)
INITIAL_LAST = rf"\p{{Lu}}\.[ ]?{WORD}(?:[ ]{WORD})?"
NAME = rf"(?:{LAST_FIRST}|{INITIAL_LAST}|{FIRST_LAST})"
_ROW_WORD = r"\p{L}[\p{L}'’]+(?:-\p{L}[\p{L}'’]+)?"
"""A word of a name written in any case (a sign-out's row: "weiss", "Castro-Luna")."""
# Lower-case surname particles after a title ("Dr. de la Cruz", "Dr. van der Berg").
# Surnames after "St." too ("Dr. St. Clair", "Mrs. St. John").
PARTICLES = (
    r"(?:(?:de|del|della|der|den|la|le|du|da|di|dos|das|van|von|ten|ter|bin|ibn|al|el)[ ])*"
    r"(?:St\.[ ]?(?=\p{Lu}))?"
)

# a clinician's grade after a name, in brackets or after a comma ("Mr Olu Adebayo (Consultant
# Orthopaedic Surgeon)", "Ms Jane Hart, Specialty Registrar")
UK_GRADE_AFTER = (
    r"[ ]*[,(][ ]*(?:Consultant|Registrar|Surgeon|Specialty[ ]Registrar|Specialist|SpR|"
    r"ST\d|CT\d|FY\d|Orthopaedic|Orthopedic|Vascular|Colorectal|Plastic|Cardiothoracic)\b"
)
DOCTOR_TITLES = r"(?:Dr|DR|Doctor|DOCTOR|Prof|PROF|Professor)"
PATIENT_TITLES = r"(?:Mr|MR|Mrs|MRS|Ms|Miss|MISS|Mx)"
# "Mr", "Mrs", "Ms" and a whole name (atomic: a grade after it cannot shorten the name)
TITLED_NAME = rf"(?<![\w.]){PATIENT_TITLES}\.?[ ](?P<n>(?>{PARTICLES}{NAME}))"
# "Resident:" alone heads a clinician (a physician in training) in a hospital's note; a care
# home's form names its patient in "Resident Name:", or in "Resident:" with the resident's
# age, birth date, sex or room in a later field of the line ("Resident: GUTIERREZ, ALMA R
# Age: 91")
_RESIDENT_ROW = (
    r"(?=[ \t]*:[^\n]{1,60}?(?i:\b(?:age|dob|d\.o\.b\.?|sex|gender|room|rm|bed))[ \t]*[:#])"
)
PATIENT_FIELDS = (
    r"(?:Patient[ ]Name|PATIENT[ ]NAME|Patient|PATIENT|Pt|PT|Name|NAME|Re|RE|Client|"
    rf"Resident[ ]Name|RESIDENT[ ]NAME|(?:Resident|RESIDENT){_RESIDENT_ROW}|"
    # the names a patient also goes by ('Preferred name: "Xio"')
    r"Preferred[ ][Nn]ame|PREFERRED[ ]NAME|Nickname|NICKNAME|Alias|ALIAS|AKA|"
    r"Maiden[ ][Nn]ame|MAIDEN[ ]NAME|Goes[ ]by|"
    # who holds or pays for the patient's insurance: the patient or a relative
    r"Subscriber|SUBSCRIBER|Guarantor|GUARANTOR|Insured|INSURED|Policy[ ]?holder|"
    r"POLICY[ ]?HOLDER|Responsible[ ]party|RESPONSIBLE[ ]PARTY|"
    # a form's name fields ("LASTNAME: Ferreira FIRST: Joao") and a claim's or a plan's person
    r"(?:Last|First|Full|Given|Legal|Member)[ ]?[Nn]ames?|(?:LAST|FIRST|FULL|GIVEN|LEGAL|MEMBER)"
    r"[ ]?NAMES?|Surname|SURNAME|LAST|FIRST|Claimant|CLAIMANT|Member|MEMBER|Enrollee|ENROLLEE|"
    r"Beneficiary|BENEFICIARY|"
    # a form's first and middle names after its surname on the line ("Last Name: Thornquist
    # First: Elsie Middle: Mae"); alone, "First:" opens a list
    r"(?<=(?:Last|LAST)(?:[ ]?(?:Name|NAME|name))?[ \t]*:[^\n:]{1,40}?)(?:First|Middle|MIDDLE))"
)
# the person a form is about, by the form's purpose ("Driver: KOWALCZYK, STANLEY J" on a
# commercial driver's exam, "Applicant:" on an immigration exam); these fields head sections
# too ("Employee: HBsAb 220"), so the name must hold a listed name
PERSON_FIELDS = (
    r"(?:Driver|DRIVER|Applicant|APPLICANT|Travell?er|TRAVELL?ER|Employee(?:[ ][Nn]ame)?|"
    r"EMPLOYEE(?:[ ]NAME)?|Athlete|ATHLETE|Student(?:[ ][Nn]ame)?|STUDENT(?:[ ]NAME)?|"
    r"Decedent|DECEDENT|Inmate|INMATE|Detainee|DETAINEE|Prisoner|PRISONER|Offender|OFFENDER|"
    r"Arrestee|ARRESTEE|Examinee|EXAMINEE|Participant|PARTICIPANT)"
)
# United States military ranks as a unit's rolls write them before a name; not those a note
# writes for something else: "MG", "BG", "AB", "HN", "PO2", "LTC" (milligrams, blood glucose,
# an antibody, head and neck, by mouth or oxygen's pressure, long-term care)
MILITARY_RANKS = (
    r"(?:PVT|Pvt|PFC|SPC|CPL|Cpl|LCpl|SGT|SSG|SSgt|SFC|MSG|MSgt|GySgt|1SG|SGM|CSM|2LT|1LT|"
    r"CPT|Capt|MAJ|Maj|LtCol|COL|Col|LTG|ENS|LTJG|LT|LCDR|CDR|CAPT|HM[1-3]|HMC|"
    r"CPO|Amn|A1C|SrA|TSgt|SMSgt|CMSgt)"
)
# the fields with a colon in any case ("SCRIBE: T. ABERNATHY" in a note in capitals)
DOCTOR_FIELDS = (
    r"(?i:Attending(?:[ ]physician|[ ]of[ ]record)?|ATTENDING|Surgeon|SURGEON|Assistant|"
    r"Anesthesiologist|"
    r"Anesthesia|Provider|PROVIDER|PCP|Referring[ ](?:physician|provider|MD|doctor)|"
    r"REFERRING(?:[ ]MD)?|Requesting[ ](?:MD|physician|provider)|REQUESTING[ ]MD|ORDERING|"
    r"ORD[ ]PROVIDER|ORDERED[ ]BY|REQUESTED[ ]BY|Submitting[ ]physician|Pathologist|"
    rf"Radiologist|Resident(?!{_RESIDENT_ROW})|Fellow|Intern|Consultant|Physician|Read[ ]by|"
    r"Service[ ]attending|Attending[ ]surgeon|Sonographer|Technologist|Technician|Tech|"
    r"Nurse|RN|Therapist|Pharmacist|Dietitian|Midwife|Social[ ]worker|Case[ ]manager|Scribe|"
    r"Clinician|Practitioner|GP|Author|Dictated[ ]by|Entered[ ]by|Performed[ ]by|Verified[ ]by|"
    r"Reported[ ]by|Collected[ ]by|Witness|Midwife|Paramedic|Counsell?or|Psychologist|D|"
    # the other licensed professions of care ("Audiologist: Tovah Lindqvist, Au.D.")
    r"Audiologist|Optometrist|Dentist|Hygienist|Podiatrist|Chiropractor|Perfusionist|"
    # a ward's columns and staff lines ("Attg: Chaudhry", "Unit Sec: Ruthanne")
    r"Attg|Attd|Unit[ ]Sec(?:retary)?|Pharm|Charge(?:[ ](?:RN|Nurse))?|HUC|MD|CNA|LPN|NP|PA|"
    r"PA-C|Aide|Chaplain|Doula|Transcriptionist|"
    # a signature's field ("Signature: T Brandvold", "Electronically signed: ...")
    r"Signature|Signed|E-signed|Electronically[ ]signed(?:[ ]by)?)[ \t]*:"
    r"|(?:Dictated|Signed|signed|Authenticated|Reviewed|Transcribed|Seen|seen|Cosigned|"
    r"[Ww]ritten|[Cc]ompleted|[Ee]valuated|[Ee]xamined|[Aa]ssessed|[Ee]ntered|[Pp]erformed|"
    r"DICTATED|SIGNED|[Rr]eferred|[Dd]iscussed(?=[ ](?:by|BY|By))|[Ss]taffed|[Rr]eviewed)"
    r"[ ](?:out[ ])?"
    r"(?:by|BY|By|with)[ \t]*:?"
)
ROLES = (
    r"(?:[Pp]harmacist|[Nn]urse[ ][Pp]ractitioner|[Pp]hysician[ ][Aa]ssistant|[Nn]urse|"
    r"[Tt]herapist|[Ss]ocial[ ][Ww]orker|[Cc]ase[ ][Mm]anager|[Dd]ietitian|[Cc]haplain|"
    r"[Mm]idwife|[Ss]onographer|[Tt]echnologist|[Pp]hlebotomist|[Pp]aramedic|Resident|Fellow|"
    r"[Aa]udiologist|[Oo]ptometrist|[Hh]ygienist|[Pp]odiatrist|[Cc]hiropractor|"
    r"Intern|Attending|RN|LPN|CNA|EMT|[Mm]edic|[Ss]pecialist|"
    # a nurse practitioner's, physician assistant's, respiratory therapist's or social worker's
    # letters before a name in mixed case ("w/ NP Sandoval", "drawn by RT Lacey"; "PA" is also
    # a word of Haitian Creole written in capitals; "SW" after a number or "on" is a street's
    # quarter: "1200 SW Jefferson St", "on SW Broadway")
    r"(?:NP|PA|PA-C|APRN|CRNA|RT|RRT|(?<!\d[ ])(?<!(?i:on|at|off|along|onto|to)[ ])SW)"
    r"(?=,?[ ]+\p{Lu}\p{Ll})|"
    r"[Mm]ed(?:ical)?[ ][Ss]tudent|[Nn]ursing[ ][Ss]tudent|[Tt]ech|[Tt]echnician|[Aa]ide|[Dd]oula)"
)
RELATIVES = (
    r"(?:MIL|FIL|SIL|BIL|"  # in-laws in shorthand, in capitals ("MIL Lakshmi visiting")
    r"FOB|MOB|"  # the baby's father or mother, as obstetric notes write them ("FOB Julio")
    r"(?i:(?:daughter|son|mother|father|sister|brother)-in-law|stepmother|stepfather|"
    r"wife|husband|son|daughter|mother|father|brother|sister|spouse|partner|friend|aunt|"
    r"uncle|niece|nephew|grandson|granddaughter|grandmother|grandfather|cousin|girlfriend|"
    r"boyfriend|fianc[eé]e?|guardian|HCP|caregiver|roommate|neighbou?r|stepson|stepdaughter|"
    r"co-?worker|colleague|classmate|teammate|landlord|landlady|sponsor|"
    r"mom|mum|dad|grandma|grandpa|granny|sibling|stepmom|stepdad|half-brother|half-sister|dtr|"
    r"married[ ]to|engaged[ ]to))"
)
# Who a note names beside the patient: contacts, companions, people told or called. i2b2 counts
# them as PATIENT, like relatives.
CONTACTS = (
    r"(?i:emergency[ ]contact|next[ ]of[ ]kin|NOK|contact[ ]person|contact|relative|"
    r"accompanied[ ]by|brought[ ](?:in[ ])?by|escorted[ ]by|collected[ ]by|given[ ]to|"
    r"sent[ ]to|spoke[ ](?:to|with)|speaking[ ]with|informed|care[ ]of|"
    # an interpreter and their language in brackets ("Interpreter (Tigrinya) Yohannes")
    r"interpreter(?:[ ]\([^()\n]{2,24}\))?)"
)
# Verbs and marks after "Patient Name" with no colon ("Patient Ann Lee was reviewed").
GAP = r"(?:[ ]{1,2}|\t)"  # a typist's two spaces or tab where one space belongs
AFTER_PATIENT = (
    rf"(?={GAP}(?i:was|is|has|had|presented|presents|reports|reported|denies|denied|came|arrived|"
    r"attended|returned|underwent|states|stated|who|seen|remains|tolerated|continues|needs|"
    r"wants|asks|asked|requests|requested|refuses|refused|declines|declined|called|feels|lives|"
    # how a nursing note or a query goes on about them ("Pt Barnaby Quist confused, pulling at
    # lines", "pt Leopold Hrabal in 6 states", "visited pt Mordecai Fairbanks per request")
    r"confused|agitated|alert|awake|asleep|sleeping|resting|stable|tolerating|ambulating|"
    r"ambulated|comfortable|calm|anxious|lethargic|oriented|pleasant|cooperative|afebrile|"
    r"complains|complaining|says|said|tells|told|will|would|did|does|got|went|walked|slept|"
    r"fell|pulled|pulling|requesting|asking|wanting|waiting|ready|due|scheduled|being|getting|"
    r"still|also|again|in|per|"
    # what they do or choose ("Pt Toshiro Nakagawa drives a truck")
    r"drives|drove|works|worked|uses|used|takes|took|smokes|smoked|drinks|wears|prefers|"
    r"preferred|agrees|agreed|understands|understood|plans|planned|wishes|wished|"
    # and the person with them ("Met with pt Ottoline Smith and her partner")
    r"and[ ]+(?:her|his|their)[ ]+(?:partner|wife|husband|spouse|mother|father|mom|dad|son|"
    r"daughter|sister|brother|family|friend|caregiver|guardian|niece|nephew|aunt|uncle))\b"
    r"|[ ]?[,(]|[ ]?\.(?:[ ]|$))"
)

# "Dr." after a house number (and a direction) and before a street's type: a street's namesake
_STREET_NAMESAKE = (
    r"(?<=\d[ ](?:[NSEW]\.?[ ])?)(?:Dr|DR)\.?[ ](?:[A-Z][\w'’-]*\.?[ ]){1,5}"
    r"(?i:boulevard|blvd|avenue|ave|street|st|drive|dr|road|rd|way|parkway|pkwy|highway|hwy|"
    r"lane|ln|place|pl|court|ct)\b"
)

_RULES = (
    (
        "title_doctor",
        "DOCTOR",
        # not a device's letters after "DR" ("Azure XT DR MRI SureScan": dual-chamber), nor a
        # street named for a doctor after its house number ("1510 W. Dr. Martin Luther King
        # Jr. Blvd"), nor a drive's quadrant ("2241 Memorial Dr SE") or unit ("Pinecrest Dr Apt
        # 2B")
        rf"(?<![\w.])(?!{_STREET_NAMESAKE}){DOCTOR_TITLES}(?:\.[ ]?|[ ])"
        r"(?!(?:MRI|CT|PET|ECG|EKG|ICD|CRT)\b)(?!(?:NE|NW|SE|SW)(?![\w.]))"
        r"(?!(?i:apt|apartment|suite|ste|unit|bldg|building|fl|floor|rm|room|lot|trlr)\b)"
        rf"(?P<n>{PARTICLES}{NAME})",
        0.95,
    ),
    (  # a person named by a title of the courts, the police or the armed forces ("Judge
        # Ellison", "Ofc. Brennan #5512", "officer Brennan", "HM2 Delgado", "SPC Tran, Minh");
        # the name must look like one and hold a listed name ("Deputy Director", "LT Knee",
        # "COL Resection" are not), and open with no ordinary word ("Judge Sentences Bradley
        # Manning"), nor a job's place ("PROBATION OFFICER AT PIERCEBURGH LOGISTICS")
        "title_law",
        "PATIENT",
        r"(?<![\w.])(?:(?:Sgt|Ofc|Det|Lt|Capt|Atty|Col|Maj|Cpl)\.[ ]?|(?:Sgt|Ofc)[ ]|"
        rf"{MILITARY_RANKS}[ ]|"
        r"(?i:judge|officer|detective|sergeant|deputy|trooper|attorney)[ ])"
        r"(?!(?i:at|of|for|in|on|with|and|to|from|the|a|an)\b)"
        # nor the town of the officer's force after a comma ("Det. Oliveira, Worcester PD")
        rf"(?P<n>{PARTICLES}{NAME})(?![ ](?:PD|SO|FD)(?![\w-]))",
        0.85,
    ),
    (  # a name cut to its initial after a title ("Mrs. V is hard of hearing", "Dr. K saw
        # him"), no name after it
        "title_initial",
        "PATIENT",
        rf"(?<![\w.]){PATIENT_TITLES}\.?[ ](?P<n>\p{{Lu}})(?=\.?(?:[ ]+\p{{Ll}}|[,;:)]|$))",
        0.85,
    ),
    (
        "title_initial_doctor",
        "DOCTOR",
        rf"(?<![\w.]){DOCTOR_TITLES}\.?[ ](?P<n>\p{{Lu}})(?=\.?(?:[ ]+\p{{Ll}}|[,;:)]|$))",
        0.85,
    ),
    (  # two or more clinicians after the plural title ("per Drs. Lim and Oduya", "Drs Chen &
        # Gallo", "Drs. Park, Shah and Iqbal")
        "title_doctors",
        "DOCTOR",
        rf"(?<![\w.])(?:Drs|DRS)\.?[ ](?P<n>{INITIAL_LAST}|{FIRST_LAST})"
        rf"(?:[ ]?,[ ](?P<n>{INITIAL_LAST}|{FIRST_LAST}))*"
        rf"(?:,?[ ](?:and|&|AND)[ ](?P<n>{INITIAL_LAST}|{FIRST_LAST}))?",
        0.95,
    ),
    (  # clergy by their title: neither patient nor clinician, named all the same
        "title_clergy",
        "PATIENT",
        # a nun by hers ("Sr. Agatha requests communion")
        rf"(?<![\w.])(?:Rabbi|RABBI|Reverend|REVEREND|Rev\.?|REV\.?|Pastor|PASTOR|Imam|IMAM|"
        rf"Fr\.|Sr\.)[ ]"
        rf"(?P<n>{PARTICLES}{NAME})",
        0.9,
    ),
    (  # a name a patient goes by, in prose ("Pt goes by Bud", "prefers to be called Sully",
        # "preferred name Jo"): any capitalised word but a way of travel ("goes by Taxi")
        "alias",
        "PATIENT",
        r"(?<![\w])(?:(?:goes|go|going)[ ]by|(?i:prefers|likes|wants|asks)[ ]to[ ]be[ ]called|"
        r"(?i:preferred[ ]name|nickname)(?:[ ]is)?|nicknamed)[ ]+[\"“']?"
        r"(?!(?i:taxi|cab|bus|car|train|uber|lyft|ambulance|van|ride|bike|foot|plane|boat|"
        r"wheelchair|later|phone)\b)"
        r"(?P<n>\p{Lu}\p{Ll}+(?:[- ]\p{Lu}\p{Ll}+)?)(?![\w'’-])",
        0.85,
    ),
    (
        "title_patient",
        "PATIENT",
        rf"{TITLED_NAME}(?!{UK_GRADE_AFTER})",
        0.93,
    ),
    (  # a British surgeon or consultant is "Mr", "Mrs" or "Ms": the grade after the name
        "title_grade",
        "DOCTOR",
        rf"{TITLED_NAME}(?={UK_GRADE_AFTER})",
        0.95,
    ),
    (  # not "Philadelphia, PA 19119" (PA, MD: credentials and states), nor a new patient
        # ("IN GARDEN GROVE, NEW PT REFERRED BY"), nor a patient's therapist ("Grant's PT")
        "credential",
        "DOCTOR",
        rf"(?<![\w.])(?<![\w]-)(?P<n>{NAME})(?<!(?<![\w])(?i:new))(?<![\w]['’][sS])"
        rf"(?:,?[ ]+{CREDENTIALS}|,[ ]*RD)(?![\w-])"
        r"(?![ ,]*\d{5})",
        0.93,
    ),
    (
        "field_patient",
        "PATIENT",
        # not the next field's name ("Pt: LASTNAME: Ferreira")
        rf"(?m)(?<=^|[ \t(]){PATIENT_FIELDS}[ \t]*:[ \t]*[\"“]?"
        rf"(?!{PATIENT_FIELDS}[ \t]*:)(?P<n>{NAME})(?![\w]*[ \t]*:)",
        0.93,
    ),
    (
        "field_person",
        "PATIENT",
        rf"(?m)(?<=^|[ \t(]){PERSON_FIELDS}[ \t]*:[ \t]*[\"“]?"
        rf"(?!{PATIENT_FIELDS}[ \t]*:)(?P<n>{NAME})(?![\w]*[ \t]*:)",
        0.9,
    ),
    (
        "field_doctor",
        "DOCTOR",
        # an initial with no stop before the surname too ("Signature: T Brandvold"); not a
        # credential after a name and a comma, its colon opening what the clinician wrote ("R.
        # DIMITROV, LPN: SMALL ABRASION L ELBOW")
        rf"(?<![\w])(?!(?<=,[ ])(?i:LPN|RN|MD|NP|PA|PA-C|CNA)[ \t]*:)"
        rf"(?:{DOCTOR_FIELDS})[ \t]*(?:{DOCTOR_TITLES}\.?[ ]?)?"
        rf"(?P<n>\p{{Lu}}[ ]{WORD}(?![ ]?\p{{Lu}})|{NAME})",
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
    (  # the clinician of a follow-up or an appointment, without a title ("f/u w/ Abernathy in
        # 2 wks", "Appt with Quinones on Weds"); a listed name, not a service ("f/u with GI")
        "appointment_with",
        "DOCTOR",
        r"(?<![\w/])(?:[Aa]ppt|APPT|[Aa]ppointment|APPOINTMENT|[Ff]/[Uu]|F/U|[Ff]ollow[- ]?up|"
        r"FOLLOW[- ]?UP|[Ff]ollows|[Ss]cheduled|[Ss]een|[Ss]ees)[ ]+(?:with|w/|WITH|W/)[ ]+"
        rf"(?:{DOCTOR_TITLES}\.?[ ]?)?(?P<n>{NAME})",
        0.85,
    ),
    (  # a family or a child by the surname ("the Achterberg kid's cultures", "the Odhiambo
        # family meeting"), a patient by theirs ("about the Lutz consult"); a name that looks
        # like one, in title case
        "family_named",
        "PATIENT",
        r"(?<![\w])(?:the|The)[ ](?P<n>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?=[ ](?:kid|kids|family|"
        r"families|boy|boys|girl|girls|baby|babies|twins|child|children|siblings|parents|"
        r"household|consult|case|chart|admission|referral|workup)(?:['’]s)?\b)",
        0.8,
    ),
    (  # a name opening a line or a sentence before the bed or room it lies in ("Mei-Ling in
        # bed 4 says her pain is 8/10", "Hollis in 12 refusing his meds", a line typed in
        # capitals "PRIYA IN 12 CALLING OUT"); not a span of time or a dose ("Follow-up in 12
        # weeks")
        "patient_in_bed",
        "PATIENT",
        r"(?:(?<![^\n])|(?<=[.?!;][ ]+))(?P<n>{WORD}(?:[ ]{WORD})?)[ ]+(?:in|(?<=\p{Lu}[ ]+)IN)[ ]+"
        r"(?:(?i:bed|room|rm|bay)[ ]*)?\d{1,4}[A-Z]?(?![\w/.:%-])(?![ ]*(?i:weeks?|wks?|days?|"
        r"months?|mos?|years?|yrs?|hours?|hrs?|h|minutes?|mins?|mg|ml|units?|patients?|pts|"
        r"cases|am|pm|percent|out|of)\b)".replace("{WORD}", WORD),
        0.8,
    ),
    (  # a name anywhere before the bed, bay or room it lies in, the word said ("Dr Patel wants
        # Francisco in bay 7 to have a repeat trop") or in brackets ("a hemolyzed K on Wen Li
        # (bed 4)"); listed names or rare words (``_name_like``)
        "name_in_bed",
        "PATIENT",
        rf"(?<![\w.'’-])(?P<n>{WORD}(?:[ ]{WORD})?)(?=[ ]+(?:in|IN)[ ]+(?i:bed|room|rm|bay)[ ]*"
        r"\d{1,4}[A-Za-z]?(?![\w/.:%-])"
        r"|[ ]?\((?i:bed|room|rm|bay)\.?[ ]*\#?\d{1,4}[A-Za-z]?\))",
        0.8,
    ),
    (  # the same in lower case ("cedric in 14 is on CIWA", "jones in 11b", after a query's word
        # "check on marisol in 7"): a name on the lists, no frequent word (``_row_name``)
        "patient_in_bed_lower",
        "PATIENT",
        r"(?:(?<![^\n])|(?<=[.?!;][ ]+)|(?<=(?<![\w])(?i:on|for|about|see|check|re:?)[ ]+))"
        r"(?P<n>\p{Ll}{3,}(?:[ ]\p{Ll}{3,})?)[ ]+in[ ]+"
        r"(?:(?i:bed|room|rm|bay)[ ]*)?\d{1,4}[A-Za-z]?(?![\w/.:%-])(?![ ]*(?i:weeks?|wks?|days?|"
        r"months?|mos?|years?|yrs?|hours?|hrs?|h|minutes?|mins?|mg|ml|units?|patients?|pts|"
        r"cases|am|pm|percent|out|of)\b)",
        0.8,
    ),
    (  # a sign-out's row: the bed, a dash, the surname (and the given name after a comma) and
        # a dash, at a line's start or after a semicolon or a colon ("Sign-out: 12 - Gutierrez -
        # CP r/o; 14 - Abernathy-Cole - DKA"); listed names or rare words (``_name_like``: not
        # "12 - Chest pain - resolved"), not an abbreviation
        "sign_out_row",
        "PATIENT",
        r"(?=\d{1,4}[A-Za-z]?[ ]+[-–][ ])(?:(?<=(?:^|\n)[ \t]*)|(?<=[;:][ ]))"
        rf"\d{{1,4}}[A-Za-z]?[ ]+[-–][ ]+"
        r"(?!\p{Lu}{2,4}(?![\w'’-]))"  # an abbreviation in capitals ("14 - DKA - gap closed")
        rf"(?P<n>{WORD}(?:[ ]?,[ ]?{WORD})?)(?=[ ]+[-–][ ]+)",
        0.8,
    ),
    (  # a surname after the room or bed and a comma, ending a query's clause ("any update on
        # the MRI for the 84 yo in room 9, Fontenot?"); listed names or rare words
        "surname_after_room",
        "PATIENT",
        r"(?<=(?<![\w])(?i:room|rm|bed|bay)[ ]?\d{1,4}[A-Za-z]?,[ ])"
        rf"(?P<n>{WORD})(?=[ ]*[?.!;]|[ ]*$)",
        0.8,
    ),
    (  # a newborn's name, and a name on a bed list ("Baby Girl Ortiz", "Rm 412 - Harland, T."),
        # not a ward in a bed's code ("Bed 11-West-23")
        "patient_listed",
        "PATIENT",
        rf"(?:(?<![\w])(?:[Bb]aby|BABY)[ ](?:[Bb]oy|[Gg]irl|BOY|GIRL)(?:[ ](?:A|B|C|1|2|3))?[ ]"
        rf"|(?<![\w])(?:[Bb]ed|BED|[Rr]m|RM|[Rr]oom|ROOM|[Hh]all|HALL)[ ]?\d{{1,4}}[A-Z]?"
        rf"[ ]*[(:/|-][ ]*)"
        # "Bed 3 / GONZALEZ, M / 67F", "Rm 12 | Lopez, M | 67F"; not what the bed's patient
        # needs ("BED 7 - NEEDS TELE BOX CHANGED")
        r"(?!(?i:needs?|needing|wants?|requests?|requesting|awaiting|pending|for|to|ok|npo)\b)"
        rf"(?P<n>{WORD}[ ]?,[ ]?\p{{Lu}}\.?(?![\w])|{NAME})(?!\w|-\w)",
        0.88,
    ),
    (  # a surname and an initial opening a line of a list, before a dash or a colon
        # ("GUTIERREZ, M - needs K rider"): a listed name, or a rare word that may be a surname
        # ("Gunnarsdottir, H - any cultures?")
        "surname_initial_line",
        "PATIENT",
        # or ending its line or before a sentence ("Strand, W.  Referred by ..."); or a whole
        # given name after the date that opens a log's row ("11/23 Bellweather, June: INR 1.7")
        rf"(?m)^[ \t]*(?P<n>{WORD}[ ]?,[ ]?\p{{Lu}}\.?)"
        rf"(?=[ ]+[-–][ ]|[ ]*:[ ]|\.?[ \t]*$|\.[ ]{{1,3}}\p{{Lu}}\p{{Ll}})"
        rf"|^[ \t]*(?:\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?|\d{{4}}-\d{{2}}-\d{{2}})[ \t]+"
        rf"(?P<n>{WORD}[ ]?,[ ]?{WORD})(?=[ ]*:[ ]|[ ]+[-–][ ])",
        0.85,
    ),
    (  # a surname and an initial asked about after a cue, ending the question ("Any
        # allergies on file for Oyelaran, T.?"); a listed surname or a rare word, not a
        # test's letters ("labs for CBC, K?")
        "surname_initial_asked",
        "PATIENT",
        r"(?<=(?<![\w])(?i:for|on|of|about|re:?|is|pt|patient|check|see)[ ]+)"
        # (the initial in lower case before a question mark: a note typed in lower case,
        # its surname's capital restored: "any allergies on file for Oyelaran, t.?")
        rf"(?!\p{{Lu}}{{2,5}}(?![\w]))(?P<n>{WORD}[ ]?,[ ]?(?:\p{{Lu}}\.?|\p{{Ll}}\.?(?=[ ]*\?)))"
        r"(?=[ ]*[?!;)]|\.?[ \t]*$|\.?[ ]+(?:MRN|DOB|today|tomorrow|please|pls)\b)",
        0.85,
    ),
    (  # a full name after a query's cue before a colon or a bracket, what is asked following
        # ("update insurance for Mordecai Osei: new plan", "labs for Wen Li (MRN ...)"): listed
        # names or rare words (``_name_like``), not "orders for Chest Pain:"
        "full_name_asked_colon",
        "PATIENT",
        # (not after "on": "Bus 144 is at City Garden Apts on Willey Street : 4/23")
        r"(?<=(?<![\w])(?i:for|re:?|about|regarding)[ ]+)"
        rf"(?P<n>{WORD}[ ]{WORD}(?:[ ]{WORD})?)(?=[ ]*:[ ]|[ ]\()",
        0.85,
    ),
    (  # a surname and a whole given name after the same cues, before a clause's end or what
        # is asked or told of them ("a letter for Achterberg, Wilma for her employer"): a
        # listed given name that is no frequent word after a surname that is none either
        # (``_surname_given``: not "orders for Tylenol, Motrin", "on Monday, June")
        "surname_given_asked",
        "PATIENT",
        r"(?<=(?<![\w])(?i:for|on|of|about|re:?|is|pt|patient|check|see)[ ]+)"
        rf"(?!\p{{Lu}}{{2,5}}(?![\w]))(?P<n>{WORD}[ ]?,[ ]?{WORD})"
        r"(?=[ ]*[?!;()]|\.?[ \t]*$|\.?[ ]+(?:MRN|DOB|today|tomorrow|please|pls)\b"
        r"|[ ]+(?:for|re|about|in|at|to|from|is|was|has|had|needs|wants|who|and)\b)",
        0.85,
    ),
    (  # a bracket may open the next line ("Daughter\n(Imani, 978-555-0116)"); not the
        # relative's burden or teaching ("CAREGIVER STRAIN HIGH", "Family Education Done")
        "relative",
        "PATIENT",
        rf"(?<![\w]){RELATIVES}[ ]?[,:]?(?:[ ]+\(?|[ ]*\r?\n[ ]*\()"
        r"(?!(?i:strain|burden|stress|fatigue|support|education|teaching|training|role)\b)"
        # nor a word of a sentence in capitals ("MOVING IN WITH HER SON IN DALY CITY")
        rf"(?!{CAPS_SMALL})(?P<n>{FIRST_LAST})",
        0.9,
    ),
    (  # a relative whose given name is a month's ("his wife June", "Daughter April called"),
        # which the name lists leave out; not a date ("son June 3", "sister, June 2019"), and
        # "May" in title case only ("HER SON MAY COME")
        "relative_month_name",
        "PATIENT",
        rf"(?<![\w]){RELATIVES}[ ]?,?[ ]+"
        r"(?P<n>April|May|June|August|APRIL|JUNE|AUGUST|april|june|august)"
        r"(?![\w'’-]|[ ,]*(?:\d|(?i:of|the|and|or|to|through|thru|until|-)\b))",
        0.85,
    ),
    (  # a relative's nickname in quotes, on a name list or not ('Friend "Dre" was shot')
        "relative_nickname",
        "PATIENT",
        rf"(?<![\w]){RELATIVES}[ ]?[,:]?[ ]+[\"“]"
        rf"(?P<n>\p{{Lu}}[\p{{L}}'’-]+(?:[ ]\p{{Lu}}[\p{{L}}'’-]+)?)[\"”]",
        0.9,
    ),
    (  # a newborn by its name after "Baby" ("Baby Kou doing well"; "Baby Girl Ortiz" is
        # patient_listed's), in title case; not what a baby is given ("baby Tylenol"), nor
        # words in capitals ("HAPPY BIRTHDAY BABY KIDRAUHL FOREVER")
        "baby_named",
        "PATIENT",
        r"(?<![\w])(?:Baby|baby)[ ]"
        r"(?!(?i:boy|girl|aspirin|asa|tylenol|motrin|advil|formula|shampoo|oil|powder|wipes|"
        r"monitor|food|bottle|teeth|blues|steps|doll|carrier|seat|shower|room|unit|boomers?|"
        r"friendly|fat|weight|gas)\b)"
        r"(?P<n>\p{Lu}\p{Ll}+(?:[ ]\p{Lu}\p{Ll}+)?)(?=[ ]+(?:is|was|doing|born|delivered|has|"
        r"had|weighs|weighed|remains|went|feeding|nursing|latching|voiding|stooling|passed|"
        r"needs|and|in|at|seen|followed|discharged|admitted|transferred)\b|[ ]*[,.;:)]|[ ]*$)",
        0.85,
    ),
    (  # a name after its record's or encounter's number, in brackets or after a dash
        # ("encounter 4410298 (Oyelaran, Tobi)", "MRN 00881264 - Lorenzo Buccella")
        "name_after_record",
        "PATIENT",
        r"(?<![\w])(?:MRN|MR[ ]?\#|[Mm]rn|(?i:encounter|enc|acct|account|CSN|FIN|visit))"
        r"[ ]*[:#]?[ ]*[A-Z]?\d{5,12}[ ]*(?:\([ ]*|[-–][ ]+)"
        r"(?!(?i:self|private|commercial|medicare|medicaid|main|inpatient|outpatient)\b)"
        rf"(?P<n>{NAME})(?=[ ]*\)|[ ]*$|[ ]*[,;])",
        0.88,
    ),
    (  # a census's or a handoff's row: a name before its room and its age and sex in columns
        # ("3. Okwuosa, Chidi  820  34M", "Hale, Rosa\t4B-12\t88F")
        "census_row",
        "PATIENT",
        # (a line without an age and sex glued together is passed over before any name is read)
        rf"(?m)^(?=[^\n]*?\d[ ]?[MF](?:[ \t]|$))[ \t]*(?:\d{{1,2}}[.)][ \t]+)?(?P<n>{NAME})"
        rf"(?=(?:[ ]{{2,}}|\t+)\d{{1,4}}(?:-?[A-Z]\d{{0,2}})?(?:[ ]{{2,}}|\t+)\d{{1,3}}[ ]?[MF]"
        rf"(?:[ \t]|$))",
        0.9,
    ),
    (  # a list's row with no room: a name written surname first at the line's start, then
        # its age and sex after a column's gap ("Adebayo, Olumide  64M  Bed 12")
        "census_row_no_room",
        "PATIENT",
        rf"(?m)^[ \t]*(?:\d{{1,2}}[.)][ \t]+)?(?P<n>{WORD}[ ]?,[ ]?{WORD}(?:[ ]{INITIAL})?)"
        r"(?=(?:[ ]{2,}|\t+)\d{1,3}[ ]?[MF](?:[ \t]|$))",
        0.9,
    ),
    (  # the same run together after one space, as a sign-out types it, the given name's
        # initial alone too ("1. Petrov, A 88M (rm 612) CAP"), or the room between and a dash
        # ("1. Okonjo, Adaeze 12A - 61F pna"); listed names or rare words (not "Plan, Diet 40F
        # (x2)"), no device's size ("Foley, Catheter 16 - 14F")
        "census_row_run_together",
        "PATIENT",
        rf"(?m)^[ \t]*(?:\d{{1,2}}[.)][ \t]+)?"
        r"(?![^\n,]{1,30},[ ]?(?i:catheter|cath|coude|sheath|tube|drain|stent|cannula)\b)"
        rf"(?P<n>{WORD}[ ]?,[ ]?"
        rf"(?:{WORD}(?:[ ]{INITIAL})?|\p{{Lu}}(?=[ ]\d)))"
        r"(?=[ ]\d{1,3}[MF](?:[ ]+[(–-]|,)"
        r"|[ ]\d{1,4}[A-Za-z]?[ ]+[-–][ ]+\d{1,3}[ ]?[MF](?![\w]))",
        0.9,
    ),
    (  # a full name right before its age and sex, as a handoff or a query writes it ("Dr
        # Ramaswamy - Oluwaseun Adebayo 67M bed 3", "Lu Wen 64 yo F"); listed names or rare
        # words (``_all_name_like``), not a catheter's French size ("Foley Catheter 16F"), nor
        # a given name after a surname and its comma (census_row's)
        "full_name_age_sex",
        "PATIENT",
        rf"(?<![\w.,'’-])(?<!,[ ])(?P<n>{WORD}(?:[ ]{WORD}){{1,2}})"
        r"(?=[ ]\d{1,3}[ ]?(?:y/?o[ ]?|yo[ ]?|y\.o\.[ ]?)?[MF](?![\w/]))",
        0.85,
    ),
    (  # a surname alone between columns' gaps before its age and sex, as a schedule lists
        # them ("OR 1  0730  Castellano, 64M  lap chole"); listed names or rare words, not a
        # catheter's French size ("Foley, 16F  placed")
        "surname_age_sex",
        "PATIENT",
        r"(?<=^|[\n\t]|[ ]{2})(?!(?i:foley|coude|catheter|sheath|tube|drain|stent|introducer)\b)"
        rf"(?P<n>{WORD})(?=,[ ]?\d{{1,3}}[ ]?[MF](?:[ ]{{2,}}|\t|[ ]*$))",
        0.85,
    ),
    (  # a log's row by date: a name written surname first between the date and a column's
        # gap ("11/26  MBEKI, THANDIWE  MISSED DRAW"); listed or rare words (``_name_like``)
        "dated_row",
        "PATIENT",
        r"(?m)^[ \t]*(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?:/(?:\d{4}|\d{2}))?"
        rf"(?:[ ]{{2,}}|\t+)(?P<n>{WORD}[ ]?,[ ]?{WORD}(?:[ ]{INITIAL})?)(?=[ ]{{2,}}|\t|[ ]*$)",
        0.88,
    ),
    (  # a sign-out's row by room: the name between the room and the age and sex, in any case
        # ("501 weiss, harold 79M - CHF", "508 jamal abdi 27M", "507 - okafor, 34f, dka"), or a
        # flowsheet's, a bed's letter after the room and columns' gaps ("Rm 412-B  TRAN, HIEU
        # 83M  fall risk HIGH"); its words are checked on the lists (``_row_name``), since the
        # case says nothing here
        "room_row",
        "PATIENT",
        rf"(?m)^[ \t]*(?:(?i:rm|room|bed)\.?[ ]?)?\d{{1,4}}(?:-?[A-Za-z])?[ \t]+(?:[-–][ \t]+)?"
        rf"(?P<n>{_ROW_WORD}(?:(?:,[ ]?|[ ]){_ROW_WORD}){{0,2}}),?(?:[ ]+|\t+)\(?"
        # (the sex in capitals before a word too, the columns' gap squeezed before lower case)
        r"\d{1,3}[ ]?(?:yo[ ]?|y/o[ ]?|y[ ]?)?(?:[MF]\)?(?=[ ]*(?:[-–,;)]|$)|[ ]+\p{L}|\t)"
        r"|[mf]\)?(?=[ ]*(?:[-–,;)]|$)|[ ]{2,}|\t))",
        0.85,
    ),
    (  # relatives named in a list ("sons Daniel and Micah", "children: Ana, Ben and Carl")
        "relatives_listed",
        "PATIENT",
        rf"(?<![\w])(?i:sons|daughters|brothers|sisters|children|kids|grandchildren|grandsons|"
        rf"granddaughters|siblings|parents|twins|triplets)"
        rf"(?:[ ](?:are|named|include))?[ ]?[,:]?[ ]+"
        rf"(?:(?P<n>{FIRST_LAST})[ ]?,[ ]+)*(?:(?P<n>{FIRST_LAST})[ ]?,?[ ]+and[ ]+)?"
        rf"(?P<n>{FIRST_LAST})",
        0.9,
    ),
    (  # a relative named before the relation ("Seen with Zoe Nguyen, her daughter", "Summer,
        # the granddaughter, brought")
        "relative_after",
        "PATIENT",
        # the name in a lookbehind: searched only where a relation stands, not at every word
        rf"(?<=(?<![\w])(?P<n>{FIRST_LAST})[ ]?,?[ ]+\(?)(?:[Hh]er|[Hh]is|[Tt]heir|[Tt]he|"
        rf"the[ ]patient['’]s|(?:[Pp]t|[Pp]atient)['’]?s)[ ]+{RELATIVES}(?![\w-])",
        0.9,
    ),
    (  # a relation in brackets after a name ("Jen (daughter) called")
        "relative_bracket",
        "PATIENT",
        rf"(?<=(?<![\w])(?P<n>{FIRST_LAST})[ ]?\()(?:{RELATIVES}|(?:[Pp]t|[Pp]atient)['’]?s[ ]+"
        # or whose relative ("Pilar (daughter of pt Estevez) called", "(wife of Mr. Okoye)")
        rf"{RELATIVES})(?:\)|[ ]of[ ]+"
        rf"(?:(?:the[ ])?(?i:pt|patient)\b|{PATIENT_TITLES}\.?[ ]|\p{{Lu}}))",
        0.9,
    ),
    (  # a name and its relation in brackets ("family (Folake, daughter)", "(Ana, pt's wife)")
        "relative_bracket_after",
        "PATIENT",
        rf"(?<=\()(?P<n>{FIRST_LAST})(?=,[ ]?(?:(?i:her|his|their|the[ ]patient['’]s|pt['’]?s|"
        rf"patient['’]?s)[ ])?{RELATIVES}\))",
        0.9,
    ),
    (
        "contact",
        "PATIENT",
        # (the cue a whole word: not "GIVEN TO" of "GIVEN TODAY")
        rf"(?<![\w]){CONTACTS}(?![\w])[ \t]*[:,]?[ \t]*(?:{PATIENT_TITLES}\.?[ ])?"
        rf"(?P<n>{FIRST_LAST})",
        0.88,
    ),
    (  # a plan discussed with someone: a relative as often as a colleague, so the role is
        # read weakly (``roles.WEAK``) and a title or a credential tells ("discussed with Anna
        # S. and her daughter", "Discussed with SUTTON, BENJAMIN"; not "with Dr Lowe")
        "discussed_with",
        "PATIENT",
        rf"(?<![\w])(?i:discussed[ ]with)[ \t]*:?[ \t]*(?!{DOCTOR_TITLES}\.?[ ])"
        rf"(?:{PATIENT_TITLES}\.?[ ])?(?P<n>{NAME})",
        0.88,
    ),
    (  # someone called or quoted ("Called Ngozi about her mother's meds", "Per Luz,
        # the baby has had 4 wet diapers"): a listed name only ("Per Protocol"), and no code
        # called ("Called Code Blue"); not after "paged" (a clinician's, found as such) or
        # "discussed with" (``discussed_with``'s)
        "told_by",
        "PATIENT",
        r"(?<![\w])(?:[Pp]er|PER|[Cc]alled|[Pp]honed|[Tt]exted|[Mm]essaged|[Ee]-?mailed|"
        r"[Tt]alked[ ](?:to|with)|[Mm]et[ ]with|"
        r"[Rr]eached|[Ll]eft[ ](?:a[ ])?(?:message|msg|VM|vm|voicemail)[ ](?:for|with)|"
        r"[Aa]ccording[ ]to)[ ]+(?!(?i:code|rapid|stroke|trauma|sepsis|security|EMS|RRT)\b)"
        rf"(?P<n>{LAST_FIRST}|{FIRST_LAST})(?=[ ]?[,.;:)]|[ ]+(?:about|re|regarding|"
        r"and|who|to|at|on|that|this|today|tonight|yesterday|for|with|by)\b|[ ]*$)",
        0.85,
    ),
    (
        "patient_named",
        "PATIENT",
        # a typist's two spaces too ("Patient  Ziva Zeleznikar was reviewed")
        rf"(?<![\w])(?:Patient|PATIENT|patient|Pt\.?|pt\.?)(?:{GAP}(?:is|was))?{GAP}"
        # (a middle name only in title case: "Pt Hodan Farah Ismail is", not "PATIENT FOR
        # PARKINSON DISEASE.")
        rf"(?P<n>{WORD}(?:[ ]\p{{Lu}}\.?|[ ]\p{{Lu}}\p{{Ll}}+)?{GAP}{WORD}){AFTER_PATIENT}",
        0.88,
    ),
    (  # a name as someone states it, in any case ("name is juniper abernethy", "Her name is
        # Ottoline Marsh.", 'the name "Ottoline Marsh"'): two or three words to the line's or
        # the clause's end or in quotes, a listed name among them and no very frequent word
        # (``_stated_name``: not "name is not on file", "name is spelled wrong")
        "name_stated",
        "PATIENT",
        r"(?<![\w])(?:[Nn]ame|NAME)(?:[ ]+(?:is|IS)[ ]+"
        r"(?P<n>[\p{L}'’-]{2,}(?:[ ][\p{L}'’-]{2,}){1,2})(?=[ ]*(?:[,.;:?!)]|\r?\n|$))"
        # or in quotes after it ('labeled with the patient's name "CALLOWAY WEXFORD"')
        r"|:?[ ]+[\"“](?P<n>[\p{L}'’-]{2,}(?:[ ][\p{L}'’-]{2,}){1,2})[\"”])"
        # or a legal name, its source after it ('goes by "Tiny"; legal name Reginald Oduya
        # per DSHS card')
        r"|(?<![\w])(?i:legal[ ]name)(?:[ ]+(?:is|IS))?[ ]*:?[ ]+"
        r"(?P<n>[\p{L}'’-]{2,}(?:[ ][\p{L}'’-]{2,}){1,2})"
        r"(?=[ ]*(?:[,.;:?!)]|\r?\n|$)|[ ]+(?i:per|on|from|as|in)\b)",
        0.85,
    ),
    (  # a full name before the patient's record number or birth date ("allergies for
        # Sung-min Yoo (MRN 55-093-117)?", "Priscilla Vantongeren, DOB 2/14/58")
        "name_before_record",
        "PATIENT",
        # (the surname-first form only where a comma follows soon: a test costs less than it;
        # with a second given name: "Pham, Thi Hoa / 7722451")
        rf"(?<![\w.])(?P<n>(?=[^\n,]{{1,80}},){LAST_FIRST}(?:[ ]{WORD})?"
        rf"|{WORD}(?:[ ]\p{{Lu}}\.?)?(?:[ ]{WORD}){{0,2}}"
        rf"[ ]{WORD}"
        # a surname and the initial of a given name, as a log in capitals writes them ("pt
        # NAKASHIMA, K  MRN 2990176")
        rf"|{WORD},[ ]?\p{{Lu}}\.?(?![\w]))"
        r"(?:[ ]*[(,][ ]*"
        r"(?:MRN|MR[ ]?\#|DOB|D\.O\.B\.|[Mm]rn|[Dd]ob|[Aa]cct|ACCT|[Aa]ccount)(?![\w])"
        # or a slash and the record's number, as a log writes them ("HAUGEN, PER / 0092215")
        r"|[ ]*/[ ]*(?=\d{6,10}(?![\w-]))"
        # or, surname first, the record's bare number in brackets ("PINTO, GRAÇA (0044871) IS
        # NPO")
        r"|(?<=,[ ]?\p{L}+)[ ]*\([ ]*(?=\d{6,10}[ ]*\))"
        # or, surname first, the record's number after a space ("Nakamura, Emi 0092-8173")
        r"|(?<=,[ ]?\p{L}+)[ ]{1,3}(?=(?:\d{4}-\d{4,5}|\d{3}-\d{5}|\d{6,10})(?![\w/:.-]))"
        # or the person's age ("Yevgenia Platonova, 94 y/o, DNR")
        r"|[ ]*,[ ]*\d{1,3}[ ]?(?:y/o|yo|y\.o\.|yrs?[ ]old|years?[ ]old)(?![\w])"
        # or the age and sex run together ("Will Wood, 62M, chest pain"; "70f" in a log
        # typed in lower case), not a catheter's French size ("Coude Foley, 16F")
        r"|(?<!(?i:foley|catheter|coude|tube|sheath|drain|stent|introducer))"
        r"[ ]*,[ ]*\d{1,3}[ ]?(?:y/?o[ ]?)?[MFmf](?![\w])"
        # or alone on its line, the next opening with the cue ("GRIFFIN, TALLULAH MAE\nDOB:
        # 10/21/1939", a note's or a label's heading; not a field's value, "Provider: Jocelyn
        # Gutierrez MD\nMRN:")
        r"|(?<=(?:^|\n)[^\n:]{1,60})(?<![ ,](?:MD|DO|RN|NP|PA|PA-C|M\.D\.))"
        r"[ \t]*\r?\n[ \t]*(?:MRN|MR[ ]?\#|DOB|D\.O\.B\.|[Mm]rn|[Dd]ob|Date[ ]of[ ][Bb]irth|"
        r"DATE[ ]OF[ ]BIRTH)(?![\w])"
        # or with no stop before the cue where its number follows ("Dashiell Whitmore DOB:
        # 3/14/1961", "patient Chidi Eze dob 6/14/59")
        r"|[ ]+(?:MRN|MR[ ]?\#|DOB|D\.O\.B\.|[Mm]rn|[Dd]ob)(?=[ ]*[:#]?[ ]*\d)"
        # or the age and sex before a dash ("Bao Tran Nguyen 62F - needs interpreter")
        r"|[ ]+\d{1,3}[ ]?(?:M|F|yo[ ]?[MF])(?=[ ]+[-–][ ])"
        # or, the name alone opening its line, the bare age between commas ("Fitzwilliam
        # Okonedo, 59, POD 10"; not "CALLER IDENTIFIED SELF AS JORDAN, 22, CALLING")
        r"|(?=[ ]*,[ ]*(?:1[01]\d|[1-9]?\d)[ ]*,[ ]*\p{L})"  # (the cheap test first)
        rf"(?<=(?:^|\n)[ \t]*(?:{WORD}[ ]){{0,3}}{WORD})[ ]*,[ ]*\d{{1,3}}[ ]*,)",
        0.88,
    ),
    (  # a given name alone opening its line before the age between commas ("Marisol, 34 yo,
        # G2P1"; "Dashiell, 14 months, missed his MMR"); a listed given name that is no frequent
        # word (not "Metoprolol, 25,", nor a catheter's "Foley, 16,")
        "first_name_before_age",
        "PATIENT",
        rf"(?<=(?:^|\n)[ \t]*)(?P<n>{WORD})"
        r"(?=[ ]*,[ ]*(?:1[01]\d|[1-9]?\d)[ ]?"
        r"(?i:y/o|yo|y\.o\.|yrs?|years?|mos?|months?|wks?|weeks?|m|f)?(?i:[ ]old)?[ ]*,)",
        0.85,
    ),
    (  # a full name opening its line before a spaced dash and what is asked about them, as a
        # query gives it ("Fenella Hargreaves - pls remove the foley per urology"); listed names
        # or rare words holding a listed name (``_name_like``, ``_NEEDS_LISTED``; not "Chest Pain -
        # resolved", nor a place's name, "Mercy Hospital - Springfield")
        "name_before_dash",
        "PATIENT",
        # (not a greeting's word before a given name: "Hey Priyanka - pt in 7 c/o CP")
        rf"(?<![^\n])[ \t]*(?!(?i:hey|hi|hello|dear|thanks|thank|morning|evening|afternoon)[ ])"
        rf"(?P<n>{WORD}(?:[ ]\p{{Lu}}\.?)?[ ]{WORD})(?=[ ]+[-–][ ]+\p{{L}})"
        r"(?<!(?i:hospital|clinic|center|centre|medical|health|healthcare|rehab|pharmacy|school|"
        r"church|house|home|hospice|street|road|avenue|lane|park|garden|gardens|village))"
        # nor an eponym's disease, sign or test ("HODGKIN LYMPHOMA - WELL CONTROLLED")
        r"(?<!(?i:oma|itis|osis|emia|pathy|ectomy|otomy|plasty|algia|disease|syndrome|disorder|"
        r"palsy|sign|test|score|scale|maneuver|manoeuvre))",
        0.8,
    ),
    (  # a name before the age in brackets ("Can Kirra (2 yo) have a popsicle?", "Rafe Tolliver
        # (14 mos, M)", "1. Bellamy, Theo (3 mo) Rm 402", "Is Lorcan (age 6) up to date");
        # listed names or rare words (``_name_like``)
        "name_before_bracketed_age",
        "PATIENT",
        rf"(?<![\w.'’-])(?P<n>{LAST_FIRST}|{WORD}(?:[ ]{WORD})?)(?=[ ]\([ ]*(?:\d{{1,3}}[ ]?"
        r"(?:y/?o|yo|y\.o\.|yrs?|years?|mos?|months?|wks?|weeks?)(?:[ ]old)?|(?i:age|aged)[ ]?"
        r"\d{1,3})(?:[ ]*[,/)]))",
        0.8,
    ),
    (  # a full name before a full date, then a dash or a comma, as a query list gives the
        # birth date ("Olamide Fashola 6/9/1987 - need last TSH"); its words listed names or
        # words English does not use (``_name_like``; not "Chest Xray 6/9/2024 - normal")
        "name_before_birth_date",
        "PATIENT",
        rf"(?<![\w.])(?P<n>{WORD}(?:[ ]\p{{Lu}}\.?)?[ ]{WORD})[ ]+"
        r"(?=(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])/(?:19|20|21)\d{2}[ ]*[-–,])",
        0.85,
    ),
    (  # a surname alone before the record number, after the patient or a question's word
        # ("pt Oyelaran MRN SMH-00418833", "Is Esteban (MR# 7731048) still NPO?"); not a
        # hospital's letters ("for MGH MRN")
        "surname_before_record",
        "PATIENT",
        r"(?<=(?<![\w])(?i:pt|patient|for|re:?|is|about|on|of|check|see)[ ]+)"
        rf"(?!\p{{Lu}}{{2,5}}(?![\w]))(?P<n>{WORD})(?:[ ]*\([ ]*(?:MRN|MR[ ]?\#|DOB)(?![\w])"
        r"|[ ]+(?:MRN|MR[ ]?\#|DOB|[Mm]rn|[Dd]ob)(?=[ ]*[:#]?[ ]*[A-Z]{0,4}-?\d))",
        0.85,
    ),
    (  # a nickname in quotes between a listed first name and a surname, with no other cue
        # ('Patient Joseph "Joe" Marchetti asking'); a clinician's is read by title_doctor
        "nickname",
        "PATIENT",
        rf"(?<![\w.])(?<!{DOCTOR_TITLES}\.?[ ])(?P<n>{WORD}[ ]{NICKNAME}[ ]{WORD})(?![\w'’-])",
        0.9,
    ),
    (  # the name someone goes by, in quotes and brackets after a listed given name, in any
        # case ('daughter Agnieszka ("Aggie")', 'ROBERTA ("BOBBIE")'); ``_given_before``
        "nickname_bracket",
        "PATIENT",
        rf"(?<=(?<![\w.'’-]){WORD}[ ]?\([ ]?)[\"“](?P<n>{WORD})[\"”](?=[ ]?\))",
        0.85,
    ),
    (  # a given name or a nickname in brackets after a titled surname ("Is Mr. Adebayo (Olu)
        # still on"): a listed name or a rare word; not a relation, a language or a word
        # ("Mrs. Lee (Korean)", "Mr. Cole (daughter)")
        "titled_given_bracket",
        "PATIENT",
        r"(?<=(?<![\w])(?:Mr|Mrs|Ms|Miss|Mx|MR|MRS|MS)\.?[ ]\p{Lu}[\p{L}'’-]+[ ]\()"
        r"(?P<n>\p{Lu}\p{Ll}{1,14})(?=\))",
        0.8,
    ),
    (  # a listed first name alone in quotes, as a contact known by only that is written ('1.
        # "Marco" - met online'); not a frequent word ('"Fine"', '"Hope"')
        "quoted_name",
        "PATIENT",
        r"(?<![\w\"“])[\"“](?P<n>\p{Lu}\p{Ll}{2,})[\"”](?![\w])",
        0.75,
    ),
    (  # a name greeted ("Dear Marisol,", "Hi Fleur, your labs are back"): a letter or a
        # message to a patient or a relative, unless a title names a clinician (title_doctor)
        "greeting",
        "PATIENT",
        r"(?<![\w])(?:Dear|DEAR|Hi|HI|Hello|HELLO|Hey|Good[ ](?:morning|afternoon|evening))[ ]+"
        rf"(?!(?:{DOCTOR_TITLES}|{PATIENT_TITLES})\b)(?P<n>{FIRST_LAST})"
        r"(?=[ ]?[,:!\n]|[ ]?$|[ ]-[ ])",
        0.8,
    ),
    (  # a caller or a writer naming themself ("Hi Dr. Kaur, this is Tom, Maria's son", "This
        # is Dolores from Whitman St", "my name is Anke Vos"); a clinician's by title. Not in
        # capitals, where "THIS IS NOT A BILL" says what a form is
        "introduction",
        "PATIENT",
        r"(?<![\w])(?:[Tt]his[ ]is|[Mm]y[ ]name[ ]is)[ ]+(?!\p{Lu}{2})"
        rf"(?!(?:{DOCTOR_TITLES}|{PATIENT_TITLES})\b)(?P<n>{FIRST_LAST})"
        r"(?=[ ]?[,.!\n]|[ ]?$|[ ](?:from|calling|with|at|here|again|and)\b)",
        0.8,
    ),
    (  # a name written surname first after "Pt" or "Patient" with no colon ("Exam 2/14/2110
        # 03:47    Pt NAKASHIMA, HIRO   88 M"), with a second given name ("Patient Nguyen, Thi
        # Lan"): a listed surname and no frequent English word ("PT ALERT, ORIENTED", "PT
        # Eval, Treat", "Pt Hyperkalemic, Henry said")
        "patient_surname_first",
        "PATIENT",
        rf"(?<=(?<![\w])(?:Pt|PT|Patient|PATIENT)[ \t]{{1,4}})(?P<n>{LAST_FIRST}"
        r"(?:[ ](?:\p{Lu}\p{Ll}+|\p{Lu}{2,})(?![\w'’-]))?)(?![\w]*[ \t]*:)",
        0.88,
    ),
)


@cache
def _compiled() -> tuple[tuple[str, str, regex.Pattern, float, frozenset[str] | None], ...]:
    """The context rules, compiled on first use (not at import: the CLI imports this module),
    each with the strings one of which a text must hold for it to match (None: any text; see
    :mod:`phiscrub.detect.rules.prefilter`)."""
    return tuple(
        (name, label, regex.compile(guarded(rx)), score, required_literals(rx))
        for name, label, rx, score in _RULES
    )


@cache
def _literal_index() -> LiteralIndex:
    """Every string a context rule's prefilter asks for."""
    return LiteralIndex(s for *_, literals in _compiled() if literals for s in literals)


_PARTICLES = regex.compile(PARTICLES)
_CREDENTIAL = regex.compile(rf"{CREDENTIALS}|RD")
# A first name written in lower case after a relative ("her brother ryan called") or before one
# in brackets ("jen (pts daughter)"): kept when it is a listed first name and not a frequent
# English word, or a word on no list that English hardly uses ("her sister rosamund has",
# "daughter emi flew in": ``unlisted_relative_name``).
_LOWER_AFTER_RELATIVE = regex.compile(
    rf"(?<![\w]){RELATIVES}[ ]?,?[ ]+(?P<n>\p{{Ll}}{{2,}})"
    r"(?=[ ]+(?:called|came|visited|is|was|will|said|says|reports|reported|states|stated|who|"
    r"and|at|has|had|brought|phoned|asked|wants|lives|died|here|can|could|may|would|needs|"
    r"arrives|arrived|arriving|comes|coming|drove|flew|flies|flying|stayed|stays|staying|back|"
    r"added|drives|picks|picked|helps|helped|visits|dob|born|supportive|present|updated|aware|"
    r"agrees|in|from)\b"
    r"|[ ]?[,.;:)]|[ ]*(?:\n|$))"
    # or before the relation in brackets ("thx - jen (pts daughter)")
    rf"|(?<![\w'’-])(?P<n>\p{{Ll}}{{2,}})[ ]?\((?:(?:pt|patient)['’]?s[ ]+)?{RELATIVES}\)"
)
# A name in lower case written surname first after a patient cue or opening a line ("labs for
# patient lopez, ana", "wilson, james - d/c summary"): a listed surname, a comma and a listed
# first name or an initial ("labs on sanchez, r"), neither a frequent word.
_LOWER_LAST_COMMA_FIRST = regex.compile(
    r"(?:(?<![\w])(?:[Pp]t|[Pp]atient|for|on|of)[ ]+|(?<![^\n])|(?<=[-–:][ ]))"
    r"(?P<n>(?P<last>\p{Ll}{2,}),[ ]?(?P<first>\p{Ll}{2,}|\p{Ll}(?=\.?[ ]*(?:[,;:)?\n]|-[ ]|$))))"
    r"(?![\w'’-])"
)
# A town before a state or territory code and a ZIP code ("Charlotte Amalie, VI 00802"): an
# address, not a name.
_STATE_ZIP = regex.compile(r"[ ]?,[ ]?\p{Lu}{2}[ ]+\d{5}(?![\w])")
# not after a number ("12 Grace Street", "bed 4 Jordan"), but after an ID whose last part is
# one ("Subject HF-032 Delphine Okoye": a log's row, its gaps squeezed)
_NOT_AFTER_NUMBER = r"(?<!(?:^|[^\w-])\d+[ ])"
_FIRST_THEN_WORD = regex.compile(
    rf"(?<![\w.'’-]){_NOT_AFTER_NUMBER}(?P<first>{WORD})[ ]"
    rf"(?:(?P<middle>\p{{Lu}}\.?|{WORD}|\({WORD}\))[ ])?(?P<last>{WORD})(?![\w'’-])"
)
_FIRST_THEN_LAST = regex.compile(
    rf"(?<![\w.'’-]){_NOT_AFTER_NUMBER}(?P<first>{WORD})[ ](?P<last>{WORD})(?![\w'’-])"
)
# The particles of a surname (not "al", "el" and "y" in capitals or lower case, nor capitalised:
# "et al", "el paso", words of a sentence in Spanish)
_SURNAME_PARTICLES = (
    "van", "von", "de", "del", "della", "der", "den", "da", "di", "du", "la", "le", "ter",
    "ten", "dos", "das", "bin", "ibn",
)  # fmt: skip
_PARTICLE_ANY = "|".join(
    [f"[{p[0].upper()}{p[0]}]{p[1:]}" for p in _SURNAME_PARTICLES] + ["al", "el", "y"]
)
_PARTICLE_CAPITALS = "|".join(p.upper() for p in _SURNAME_PARTICLES)
_PARTICLE_LOWER = "|".join(_SURNAME_PARTICLES)
# A listed first name, the particles of a surname and the rest of it ("Pieter van der Berg",
# "Juan de la Cruz", "Ludwig van Beethoven"; a particle may be capitalised: "Pieter Van der
# Berg", "Maria De La Cruz"); in a name in capitals, its particles in capitals ("PIETER VAN DER
# BERG")
_FIRST_PARTICLE_LAST = regex.compile(
    rf"(?<![\w.'’-]){_NOT_AFTER_NUMBER}(?P<first>{WORD})"
    rf"(?:(?:[ ](?:{_PARTICLE_ANY})){{1,3}}"
    rf"|(?<=\p{{Lu}}{{2}})(?:[ ](?:{_PARTICLE_CAPITALS})){{1,3}}(?=[ ]\p{{Lu}}{{2}}))"
    rf"[ ](?P<last>{WORD})(?![\w'’-])"
)
# a clock time that opens a log's entry before a name ("0930 Maddie K. bee sting"), where
# other numbers before a first name and an initial are not read
_AFTER_CLOCK = r"(?<=(?<![\w:.,/-])(?:[01]\d|2[0-3]):?[0-5]\d[ ])"
# A listed first name and the initial of a surname ("discussed with Anna S. and her husband",
# "Is Grace O.'s potassium real").
_FIRST_INITIAL = regex.compile(
    rf"(?<![\w.'’-])(?:(?<!\d[ ])|{_AFTER_CLOCK})(?P<first>{WORD})[ ]\p{{Lu}}\."
    r"(?=[ \t\n]|[,;:)?!]|['’]s(?!\w)|$)"
)
# A name written surname first ("Chen, Wei", "Okafor, Grace A."): a listed surname, a comma,
# and a listed first name, neither a frequent English word.
_LAST_COMMA_FIRST = regex.compile(
    rf"(?<![\w.'’-])(?P<last>{WORD})[ ]?,[ ]?(?P<first>{WORD})"
    r"(?:[ ](?P<initial>\p{Lu})(?:\.|(?=[ \t]*(?:\n|$)|[ ]{2,}|\t)))?(?![\w'’-])"
)  # a middle initial with its stop, or without it where the line or the column ends
# ("WHITCOMB, EVANGELINE R", "TOLLIVER, JUNE R   07/04/1950")
# Capitalised words on both sides of "Last, First": a list of names written first name first
# ("Pratibha Iyer, Colm Gallagher"), unless the word before is a field ("Patient Nguyen, Thi")
_WORD_BEFORE = regex.compile(r"(\p{Lu}\p{Ll}+)[ ]$")
_CAPITAL_AFTER = regex.compile(r"[ ]\p{Lu}\p{Ll}")
_MIDDLE_NAME = regex.compile(r"[ ](\p{Lu}\p{Ll}+)(?![\w'’-])")
# Names in lower case ("john smith", "anna s.", "mr. patel"): a listed first name and a listed
# surname (or an initial, or a word English all but never uses: "desmond achterberg"), or a
# title and a listed name, none of them a frequent English word; not after a number ("walks 2
# miles daily").
_LOWER_FIRST_LAST = regex.compile(
    # not after a number or a count in words ("walks two miles daily", "a few miles")
    r"(?<![\w'’.-])(?<!\d[ ])(?<!(?:one|two|three|four|five|six|seven|eight|nine|ten|few|"
    r"several|many|some)[ ])(?P<first>\p{Ll}{2,})[ ](?P<last>\p{Ll}{2,}|\p{Ll}\.)"
    # a possessive too ("tilly okonkwo's vanc"), not an institution's ("queen mary's hospital")
    r"(?:(?=['’]s(?![\w'’-])(?![ ]+(?:hospital|clinic|infirmary|hospice|school|college|"
    r"university|church|cathedral|chapel|cent(?:er|re)|home|house|medical|health)\b))"
    r"|(?![\w'’-]))"
)
_LOWER_ZIP = regex.compile(r"[ ]+\d{5}(?![\w])")
# A first name, a surname's particles and the surname, in lower case ("pieter van der berg",
# "juan de la cruz")
_LOWER_FIRST_PARTICLE_LAST = regex.compile(
    r"(?<![\w'’.-])(?P<first>\p{Ll}{2,})"
    rf"(?:[ ](?:{_PARTICLE_LOWER})){{1,3}}"
    r"[ ](?P<last>\p{Ll}{2,})(?![\w'’-])"
)
# An initial and a listed surname in lower case after a word that a person follows ("labs for
# j. rodriguez"); a species' genus and epithet are no surname ("e. coli", "h. pylori")
_LOWER_INITIAL_LAST = regex.compile(
    rf"(?<=(?<![\w]){PERSON_CUES}[ ]+)\p{{Ll}}\.[ ]?(?P<last>\p{{Ll}}{{3,}})(?![\w'’-])"
)
_LOWER_TITLE = regex.compile(
    r"(?<![\w'’.-])(?P<title>mr|mrs|ms|miss|dr|rev)\.?[ ](?P<last>\p{Ll}['’]\p{Ll}{2,}|\p{Ll}{2,})"
    r"(?![\w'’-])"
)


_CAPITALS = regex.compile(r"\p{Lu}{2,}(?:[-'’]\p{Lu}{2,})*")


def _trim(text: str, start: int, end: int, gaz: Gazetteers) -> tuple[int, int] | None:
    """Drop leading and trailing words that are not name words; None when nothing is left."""
    words = [m for m in NAME_WORDS.finditer(text, start, end)]

    def name_like(m: regex.Match) -> bool:
        if _CREDENTIAL.fullmatch(m.group()):
            return False  # "Josephine Crawford RDMS"
        low = m.group().lower().rstrip(".")
        if len(low) == 1:
            return True  # an initial: "J. McMullen", "Sam R"
        if gaz.is_name(low):
            return low not in NOT_NAME
        return low not in NOT_NAME and low not in gaz.common_words

    # a given name that is also a word before a surname in capitals ("Deep PATERSON"): the
    # capitals say how the name is written, so the first word is kept
    surname_in_capitals = (
        len(words) == 2
        and words[0].group().istitle()
        and _CAPITALS.fullmatch(words[1].group()) is not None
    )
    while words and not name_like(words[0]) and not surname_in_capitals:
        words.pop(0)
    while words and not name_like(words[-1]) and not _given_after_comma(text, words, gaz):
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


def _given_after_comma(text: str, words: list[regex.Match], gaz: Gazetteers) -> bool:
    """The last of ``words`` is a listed given name after a surname and a comma, a month's or a
    word's name though it is ("Bellweather, June", "Tran, Hope")."""
    if len(words) < 2 or "," not in text[words[-2].end() : words[-1].start()]:
        return False
    return len(words[-1].group()) > 2 and gaz.is_first_name(words[-1].group().lower())


def _supported(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """At least one word of the run is a gazetteer name, or none is an eponym or a word of the
    short common list; and not every word is a frequent English word ("Social Work")."""
    words = [m.group().lower().rstrip(".") for m in NAME_WORDS.finditer(text, start, end)]
    if all(gaz.is_common(w) and not gaz.is_name(w) for w in words if len(w) > 1):
        return False
    if any(gaz.is_name(w) for w in words):
        return True
    return not any(w in gaz.common_words or w in gaz.eponyms for w in words)


_RARE_ZIPF = 2
"""How frequent a word of an unlisted name before a birth date may be (``_name_like``)."""


def _name_like(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """A word of the run is a listed name that is no frequent word, or every word is a rare one
    (Zipf 2 or less) that is no frequent word of the language ("Olamide Fashola"; not "Chest
    Xray", nor "Hand Since" of "LEFT HAND SINCE 8/5/2008," read in its title-cased twin)."""
    words = [m.group().lower().rstrip(".") for m in NAME_WORDS.finditer(text, start, end)]
    words = [w for w in words if len(w) > 1]
    if any(gaz.is_name(w) and not gaz.is_common(w) for w in words):
        return True
    return all(zipf(w, "en") <= _RARE_ZIPF and not gaz.is_common(w) for w in words)


def _all_name_like(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """Every word of the run is a listed name or a rare word (Zipf 2 or less), and none a
    frequent word of the language ("Oluwaseun Adebayo", "Anna Lee"; not "Foley Catheter")."""
    words = [m.group().lower().rstrip(".") for m in NAME_WORDS.finditer(text, start, end)]
    return all(
        (gaz.is_name(w) or zipf(w, "en") <= _RARE_ZIPF) and not gaz.is_common(w)
        for w in words
        if len(w) > 1
    )


_RELATION_RIGHT_BEFORE = regex.compile(r"\p{Ll}[ ]$")


def _named_relative(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """A relative's name of words that are all English words, right after the relation with
    nothing between ("granddaughter Saffron", not "Mother: Alive"): not a very frequent word,
    nor one of the short common list ("son Home")."""
    if not _RELATION_RIGHT_BEFORE.search(text, max(0, start - 2), start):
        return False
    words = [m.group().lower() for m in NAME_WORDS.finditer(text, start, end)]
    return all(
        zipf(w, "en") < _RELATIVE_NAME_ZIPF
        and w not in NOT_NAME
        and w not in gaz.common_words
        and w not in _HOW_A_RELATIVE_IS
        for w in words
    )


_HOW_A_RELATIVE_IS = frozenset(
    {"deceased", "alive", "living", "healthy", "unknown", "estranged", "adopted", "died"}
)

_RELATIVE_NAME_ZIPF = 4.5
"""How frequent a word may be and still be taken for a relative's name right after the
relation ("granddaughter Saffron"; not "son Will", where "will" is too frequent to tell)."""


_NEEDS_SUPPORT = frozenset(
    {
        *("field_doctor", "field_copy", "role_doctor", "greeting", "relative", "contact"),
        "discussed_with",
        "introduction",
        *("relative_after", "relative_bracket", "relatives_listed", "patient_named"),
        "relative_bracket_after",
        *("patient_listed", "name_before_record", "surname_before_record", "census_row"),
        *("census_row_no_room", "census_row_run_together", "surname_age_sex"),
        *("full_name_asked_colon", "full_name_age_sex"),
        *("appointment_with", "title_law", "patient_surname_first"),
        *("family_named", "patient_in_bed", "told_by", "name_before_birth_date"),
        "credential",  # not "Outpatient PT", "Home OT"
        "first_name_before_age",
        "quoted_name",
    }
)
"""Context rules whose name must also look like a name (``_supported``)."""
_NAME_LIKE_RULES = frozenset(
    {
        *("name_before_birth_date", "dated_row", "census_row_run_together", "surname_age_sex"),
        *("surname_after_room", "name_before_bracketed_age", "name_in_bed", "name_before_dash"),
        "sign_out_row",
        *("full_name_asked_colon", "full_name_age_sex"),
    }
)
"""Context rules whose words must be listed names or rare words (``_name_like``)."""
_NEEDS_LISTED = frozenset(
    {
        "introduction",  # "This is Lisinopril"
        "relative_bracket",
        "nickname",
        "appointment_with",
        "surname_initial_line",
        "surname_initial_asked",
        "field_person",
        "name_after_record",
        "title_law",  # "COL Resection"
        "told_by",  # "Per Protocol", "Called Anesthesia"
        "name_before_dash",  # "TELEHEALTH VISIT - VIDEO"
    }
)
"""Context rules whose name must hold a listed name: a word before a bracket is a weak cue."""


_INITIAL_RULES = frozenset({"title_initial", "title_initial_doctor"})
"""Context rules whose name is one capital, which ``_trim`` would take for no name."""
_UNTRIMMED = _INITIAL_RULES | {
    *("room_row", "patient_in_bed_lower", "name_stated", "relative_month_name")
}
"""Context rules whose name ``_trim`` does not read: one capital, words in lower case, or a
month's name."""
_ROW_NAMED = frozenset({"room_row", "patient_in_bed_lower"})
"""Context rules whose words, in any case, must make a name as a row's do (``_row_name``)."""


_INITIAL_THEN_WORD = regex.compile(r"\p{Lu}\.[ ]?(\p{Lu}[\p{L}'’]+(?:-\p{Lu}[\p{L}'’]+)?)")
"""An initial and a surname ("M. Delacroix"), the surname in group 1."""


def _listed(text: str, span: tuple[int, int], rule: str, gaz: Gazetteers) -> bool:
    """A word of ``span`` is a listed name; for ``surname_initial_line``, or the surname
    before its comma is a rare word that may be one ("Gunnarsdottir, H - any cultures?"; not
    "Plan, A - continue"); for ``title_law``, or the name is an initial and such a word."""
    if any(gaz.is_name(m.group().lower()) for m in NAME_WORDS.finditer(text, *span)):
        return True
    if rule == "title_law":  # an initial before a rare word ("Officer M. Delacroix")
        initial = _INITIAL_THEN_WORD.fullmatch(text, *span)
        return initial is not None and rare_surname(initial.group(1).lower(), gaz)
    surname = text[span[0] : span[1]].partition(",")[0].strip().lower()
    rare = rule in ("surname_initial_line", "surname_initial_asked")
    return rare and rare_surname(surname, gaz)


_LAST_WORD = regex.compile(r"(\p{L}+)\.?$")


def _ends_as_organization(text: str, end: int) -> bool:
    """The span ending at ``end`` ends in a word that ends an organisation's name."""
    last = _LAST_WORD.search(text, max(0, end - 30), end)
    return last is not None and last.group(1).lower() in ORGANIZATION_ENDS


def _before_service(text: str, end: int) -> bool:
    following = NEXT_WORD.match(text, end)
    return following is not None and following.group(1).lower() in SERVICE_WORDS


def _context_hit(
    text: str,
    span: tuple[int, int],
    rule: str,
    label: str,
    score: float,
    gaz: Gazetteers,
    found: list[tuple[int, int]],
) -> Iterator[NameHit]:
    """The hit a context rule makes of ``span``, if the name holds up (noted in ``found``)."""
    supported = _supported(text, *span, gaz) or (
        rule == "relative" and _named_relative(text, *span, gaz)
    )
    if rule in _NEEDS_SUPPORT and not supported:
        return
    if rule in _NEEDS_LISTED and not _listed(text, span, rule, gaz):
        return  # "Tylenol (son) given"
    if rule in _NEEDS_SUPPORT and _before_service(text, span[1]):
        return  # "brought in by Brockton Police": a town's service, not a person
    if rule in _NEEDS_SUPPORT and _ends_as_organization(text, span[1]):
        return  # "sent to NMS Labs": a laboratory, not a person
    if eponym_use(text, *span, gaz):  # "Reviewed by Gleason grade"
        return
    if rule == "surname_given_asked" and not _surname_given(text, *span, gaz):
        return  # "orders for Tylenol, Motrin for pain"
    if rule == "patient_surname_first" and not _listed_surname_first(text, *span, gaz):
        return  # "PT Eval, Treat", "Pt Hyperkalemic, Henry said"
    if rule == "title_law" and _opens_with_a_word(text, *span, gaz):
        return  # "Judge Sentences Bradley Manning"
    if rule == "titled_given_bracket" and not _given_or_rare(text[span[0] : span[1]], gaz):
        return  # "Mrs. Lee (Korean)"
    if rule == "nickname_bracket" and not _given_before(text, span[0], gaz):
        return  # 'Lasix ("water pill")'
    if rule == "quoted_name" and (
        not _first_name_only(text[span[0] : span[1]].lower(), gaz)
        or _BETWEEN_NAMES.match(text[max(0, span[0] - 3) : span[1] + 3]) is not None
    ):
        return  # '"Fine"', '"Hope"': words in quotes; 'Joseph "Joe" Marchetti': one name
    if rule in _NAME_LIKE_RULES and not _name_like(text, *span, gaz):
        return  # "Chest Xray 6/9/2024 - normal", "11/26  INR, GOAL  2-3"
    if rule == "full_name_age_sex" and not _all_name_like(text, *span, gaz):
        return  # "Foley Catheter 16F", "Fluid Bolus 20M"
    if rule in _ROW_NAMED and not _row_name(text, *span, gaz):
        return  # "12 new admit 79M", "pain in 14", "name is not on file"
    if rule == "name_stated" and not _stated_name(text, *span, gaz):
        return  # "name is not on file"
    if rule == "field_copy" and _complaint(text, span[0]) and not _all_name_like(text, *span, gaz):
        return  # "CC: MVC, RESTRAINED DRIVER": the chief complaint, not a copy's recipient
    if rule == "family_named" and _family_place(text[span[0] : span[1]].lower(), gaz):
        return  # "the Boston family": where a family is from
    if rule == "told_by" and _a_country_or_state(text[span[0] : span[1]].lower(), gaz):
        return  # "Called Jordan": a country (not a town's name: many are given names too)
    if rule == "first_name_before_age" and not first_name(text[span[0] : span[1]].lower(), gaz):
        return  # "Metoprolol, 25, daily", "Foley, 16, placed": a listed given name only
    if rule == "credential" and _patient_after(text, *span, gaz):
        return  # "WILL CALL PT AT": the patient, in a note in capitals
    if rule == "title_patient" and _finding_not_title(text, *span, gaz):
        return  # "Mild MR. Compared with prior": mitral regurgitation and a sentence
    if rule == "field_patient" and not supported and _subject_line(text, *span):
        return  # "RE: Request for prior authorization": a letter's subject, not its patient
    found.append(span)
    yield NameHit(*span, label, score, rule)


_REGARDING = regex.compile(r"(?<![\w])(?:Re|RE)[ \t]*:[ \t]*[\"“]?\Z")
_LOWER_WORD_NEXT = regex.compile(r"[ ]+\p{Ll}")


def _subject_line(text: str, start: int, end: int) -> bool:
    """The run stands after "Re:" and a lower-case word follows it: a letter's subject in a
    sentence ("RE: Request for prior authorization"), not a name ("RE: MARINE PRIOR, BORN")."""
    return (
        _REGARDING.search(text, max(0, start - 12), start) is not None
        and _LOWER_WORD_NEXT.match(text, end) is not None
    )


def _row_name(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """A name in a row written in any case: every word on the name lists, or one on them and
    the others no frequent English word ("weiss, harold"; not "new admit", "pain crisis")."""
    words = [w.lower() for w in regex.findall(r"[\p{L}'’-]+", text[start:end])]
    listed = [gaz.is_name(w) and w not in NOT_NAME for w in words]
    ordinary = [w for w, name in zip(words, listed, strict=True) if not name]
    return any(listed) and not any(gaz.is_common(w) or w in NOT_NAME for w in ordinary)


def _stated_name(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """A name as someone states it: a word on the name lists, and no word as frequent as
    ``_RELATIVE_NAME_ZIPF`` ("juniper abernethy": a plant's name beside a surname; not "not on
    file")."""
    words = [w.lower() for w in regex.findall(r"[\p{L}'’-]+", text[start:end])]
    if not any(gaz.is_name(w) and w not in NOT_NAME for w in words):
        return False
    return all(zipf(w, "en") < _RELATIVE_NAME_ZIPF and w not in NOT_NAME for w in words)


def _a_place(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case) names a town, a state or a country, or is a place's word."""
    return word in gaz.cities or word in gaz.states or word in gaz.countries or word in PLACE_WORDS


_CC_BEFORE = regex.compile(r"(?<![\w])CC[ \t]*:[ \t]*$")


def _complaint(text: str, start: int) -> bool:
    """The span at ``start`` follows "CC:" in capitals with no title: a chief complaint's field
    as often as a copy's."""
    return _CC_BEFORE.search(text, max(0, start - 12), start) is not None


def _family_place(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case) names a place a family may be from: a large town, a state, a
    country or a place's word, or a smaller town that is on no name list ("the Boston
    family"; not "the Lutz consult")."""
    if word in gaz.large_towns or not gaz.is_name(word):
        return _a_place(word, gaz)
    return word in gaz.states or word in gaz.countries or word in PLACE_WORDS


def _a_country_or_state(words: str, gaz: Gazetteers) -> bool:
    """``words`` (lower case) name a country or a state."""
    return words in gaz.countries or words in gaz.states


# a nickname's quotes between two words of a name ('Joseph "Joe" Marchetti')
_BETWEEN_NAMES = regex.compile(r"\p{L}[ ][\"“]\p{L}+[\"”][ ]\p{Lu}")


_WORD_BEFORE_BRACKET = regex.compile(rf"({WORD})[ ]?\([ ]?[\"“]\Z")


def _given_before(text: str, start: int, gaz: Gazetteers) -> bool:
    """The word before the bracket that opens at ``start`` is a listed given name."""
    before = _WORD_BEFORE_BRACKET.search(text, max(0, start - 40), start)
    return before is not None and first_name(before.group(1).lower(), gaz)


def _first_name_only(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case) is a listed first name and no frequent English word."""
    return gaz.is_first_name(word) and not gaz.is_common(word)


def _given_or_rare(word: str, gaz: Gazetteers) -> bool:
    """``word`` is a listed name, or a rare word that may be one, and no frequent word."""
    low = word.lower()
    return not gaz.is_common(low) and (gaz.is_name(low) or rare_surname(low, gaz))


def _listed_surname_first(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """The run's first word is on the name lists and none of its words is a frequent English
    word."""
    words = [m.group().lower() for m in NAME_WORDS.finditer(text, start, end)]
    return bool(words) and gaz.is_name(words[0]) and not any(gaz.is_common(w) for w in words)


def _surname_given(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """The run is a surname and a given name: its last word a listed first name, and no word a
    frequent English word or a place ("Achterberg, Wilma"; not "Tylenol, Motrin")."""
    words = [m.group().lower() for m in NAME_WORDS.finditer(text, start, end)]
    return (
        len(words) >= 2
        and gaz.is_first_name(words[-1])
        and not any(gaz.is_common(w) or w in gaz.cities for w in words)
    )


def _opens_with_a_word(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """The run's first word is a frequent English word on no name list."""
    first = NAME_WORDS.search(text, start, end)
    word = first.group().lower() if first else ""
    return gaz.is_common(word) and not gaz.is_name(word)


_PT_AFTER = regex.compile(r"((?:[ ]+\p{Lu}+){0,2})[ ]+PT(?![\w])")
_VERB_ZIPF = 6
"""How frequent a listed name's word before "PT" in capitals is to be read as a verb ("CALL")."""


def _patient_after(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """The words read in capitals before "PT" with no comma end in a frequent word on no name
    list, or in a very frequent one (``_VERB_ZIPF``): a verb and the patient ("WILL CALL PT
    AT", "SAW PT"), not a therapist ("ANA RUIZ PT")."""
    after = _PT_AFTER.match(text, end)
    if not text[start:end].isupper() or after is None:
        return False
    last = (text[start:end] + after.group(1)).split()[-1].lower()  # before the trim's cut
    return gaz.is_common(last) and (not gaz.is_name(last) or zipf(last, "en") >= _VERB_ZIPF)


_CAPITAL_TITLE = regex.compile(r"(?<![\w.])(?:MRS?\.?|MISS)[ ]\Z")


def _finding_not_title(text: str, start: int, end: int, gaz: Gazetteers) -> bool:
    """The title read is "MR", "MRS" or "MISS" in capitals and the name a frequent word on no
    name list: a finding (mitral regurgitation) at a sentence's end ("Mild MR. Compared";
    "MILD MR. COMPARED") or a verb ("DO NOT MISS DOSES"), not a title ("MR. BAKER", "MISS
    HOPE" stay)."""
    name = text[start:end]
    first = name.split()[0].lower() if name.split() else ""
    return (
        _CAPITAL_TITLE.search(text[max(0, start - 5) : start]) is not None
        and gaz.is_common(first)
        and not gaz.is_name(first)
    )


def context_names(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]] | None = None
) -> Iterator[NameHit]:
    """Name spans from the context rules alone (each noted in ``found``)."""
    found = [] if found is None else found
    held = _literal_index().held(fold(text))
    for rule, label, pattern, score, literals in _compiled():
        if literals is not None and literals.isdisjoint(held):
            continue  # the text holds none of the strings every match needs
        for match in pattern.finditer(text):
            for named in match.spans("n"):  # a list rule names several
                trimmed = named if rule in _UNTRIMMED else _trim(text, *named, gaz)
                if trimmed is not None:
                    yield from _context_hit(text, trimmed, rule, label, score, gaz, found)


def find_names(text: str, gaz: Gazetteers) -> Iterator[NameHit]:
    """Name spans from the context rules, then from first-name gazetteer hits that no context
    rule has already found, then from the rules for names that stand alone (``lone_names``,
    each only where no name stands yet), and last a listed name joined by "and" to any of
    these."""
    found: list[tuple[int, int]] = []
    hits: list[NameHit] = list(context_names(text, gaz, found))
    for match in _LOWER_AFTER_RELATIVE.finditer(text):
        word = match.group("n")
        listed = gaz.is_first_name(word) and not gaz.is_common(word)
        if (listed or unlisted_relative_name(word, gaz)) and word not in NOT_NAME:
            found.append(match.span("n"))
            hits.append(NameHit(*match.span("n"), "PATIENT", 0.8, "relative_lower"))
    # the gazetteer's and lower-case names are read beside the context rules' only
    hits += [*_gazetteer_names(text, gaz, found), *_lower_case_names(text, gaz, found)]
    named = [(hit.start, hit.end) for hit in hits]
    yield from hits
    # names that stand alone, then the last resorts: only where no name stands yet
    # ("Patient Nguyen, Thi Lan" is one name)
    for finder in (
        given_names,
        lone_first_names,
        unlisted_names,
        asked_full_names,
        recorded_names,
        person_state_names,
        lower_lone_first_names,
        lone_surnames,
        family_names,
        particle_surnames,
        listed_patients,
        possessive_names,
        initial_surnames,
        anywhere_first_names,
        anywhere_surnames,
        o_surnames,
    ):
        found_here = list(finder(text, gaz, named))
        named += [(hit.start, hit.end) for hit in found_here]
        hits += found_here
        yield from found_here
    yield from joined_names(text, gaz, hits)


def _middle_name(word: str, gaz: Gazetteers) -> bool:
    """``word`` after "Last, First" is a second given name ("Nguyen, Thi Lan")."""
    low = word.lower()
    if low in NOT_NAME or low in PLACE_WORDS:
        return False
    return gaz.is_name(low) or not gaz.is_common(low)


def _gazetteer_names(text: str, gaz: Gazetteers, found: list[tuple[int, int]]) -> Iterator[NameHit]:
    """A listed first name followed by a word that is not a frequent English word, with an
    optional middle name or initial, a listed first name and an initial ("Anna S."), a listed
    first name and a surname with particles ("Pieter van der Berg"), or a listed surname, a
    comma and a listed first name.
    Candidates are read at every word (overlapping), so that "Reschedule Emily Chen's MRI"
    still finds "Emily Chen"; the longest wins."""
    candidates: list[tuple[int, int]] = []
    for pattern in (_FIRST_THEN_WORD, _FIRST_THEN_LAST):
        for match in pattern.finditer(text, overlapped=True):
            end = _checked_end(text, match, gaz)
            if end is not None:
                candidates.append((match.start(), end))
    for match in _FIRST_INITIAL.finditer(text, overlapped=True):
        if first_name(match.group("first").lower(), gaz):
            candidates.append(match.span())
    for match in _FIRST_PARTICLE_LAST.finditer(text, overlapped=True):
        last = match.group("last").lower()
        ordinary = last in NOT_NAME or last in PLACE_WORDS or gaz.is_common(last)
        if first_name(match.group("first").lower(), gaz) and not ordinary:
            candidates.append(match.span())
    for match in _LAST_COMMA_FIRST.finditer(text, overlapped=True):
        last, first = match.group("last"), match.group("first")
        # the census lists write an O'-surname without its apostrophe ("orourke")
        bare = last.lower().replace("'", "").replace("’", "")
        surname = bare in gaz.census_last_names and not gaz.is_common(last.lower())
        # a double-barrelled surname whose last part is a listed surname and no frequent
        # word ("Beaumont-Yates, Clarissa"; not "Otis-Elevator, Grace")
        parts = bare.split("-")
        tail = parts[-1]
        listed_tail = tail in gaz.census_last_names or tail in gaz.last_names
        surname = surname or (
            len(parts) > 1
            and listed_tail
            and not gaz.is_common(tail)
            and not any(p in NOT_NAME for p in parts)
        )
        ordinary = last.lower() in NOT_NAME or last.lower() in PLACE_WORDS
        # "Holbrook, MA": a state code in capitals after a word in mixed case is a place
        state = first in gaz.state_codes and not last.isupper()
        before = _WORD_BEFORE.search(text, max(0, match.start() - 30), match.start())
        listed = (
            before is not None
            and before.group(1).lower() not in NOT_NAME
            and _CAPITAL_AFTER.match(text, match.end())
        )
        # a given name that is also a word or a month's name, where a middle initial follows
        # it ("Tolliver, June R", "Ashby, Hope L."): the initial says a name is written
        given = first_name(first.lower(), gaz) or (
            match.group("initial") is not None and gaz.is_first_name(first.lower())
        )
        if surname and not ordinary and not state and not listed and given:
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
        label = cued_label(text, start, end)
        yield NameHit(start, end, label, 0.75, "gazetteer_first_name")


def _checked_end(text: str, match: regex.Match, gaz: Gazetteers) -> int | None:
    """Where a first-name candidate ends, or None when it is not a name."""
    first, last = match.group("first").lower(), match.group("last").lower()
    end = match.end()
    if last.endswith(("'s", "’s")):  # a possessive: "Robert Brown's labs"
        last, end = last[:-2], end - 2
    if not first_name(first, gaz):
        return None
    middle = (match.groupdict().get("middle") or "").lower().rstrip(".")
    if middle.startswith("("):  # a nickname: "Margaret (Peggy) Sullivan"
        middle = middle.strip("()")
        if not gaz.is_name(middle):
            return None
    ordinary = middle in NOT_NAME or (gaz.is_common(middle) and not gaz.is_name(middle))
    if len(middle) > 1 and ordinary:
        return None
    common = gaz.is_common(last) and not gaz.is_name(last) and not _town_surname(last, gaz)
    if last in NOT_NAME or common:
        return None
    written = match.group("last")
    # an abbreviation in capitals after a name in mixed case: "Sullivan DNR", "Jordan ICU"
    abbreviation = written.isupper() and len(written) <= 4 and not match.group("first").isupper()
    if abbreviation and (not gaz.is_name(last) or written in gaz.state_codes):
        return None  # and a state's code after a town: "Quincy MA 02169"
    following = NEXT_WORD.match(text, end)
    after = following.group(1).lower() if following else ""
    if last in gaz.eponyms and (not gaz.is_name(last) or after in EPONYM_HEADS):
        return None
    if last in PLACE_WORDS or after in PLACE_WORDS:
        return None
    return end


# findings written in lower case that the first-name lists hold ("burns palmar R thumb")
_LOWER_FINDINGS = frozenset({"burns", "falls", "chills", "sweats", "rales", "hives"})


TOWN_SURNAME_ZIPF = 3  # a town's name after a first name is a surname up to this (rounded)


def _town_surname(word: str, gaz: Gazetteers) -> bool:
    """``word`` (lower case), frequent only as a town's name, is a surname after a listed
    first name ("Octavia Beaumont", "Eliza Kingsley"; not "Grace Lincoln", too frequent)."""
    town = word in gaz.cities or word in gaz.towns
    return town and word not in PLACE_WORDS and zipf(word, "en") <= TOWN_SURNAME_ZIPF


LOWER_GIVEN_ZIPF = 4
"""How frequent in English a listed first name before a surname on no list may be, in lower
case (rounded; "desmond" 3, "maria" 4; not "brain", "dan": 5)."""


def _lower_case_names(
    text: str, gaz: Gazetteers, found: list[tuple[int, int]]
) -> Iterator[NameHit]:
    taken = Occupied(found)
    hits: list[tuple[int, int, str]] = []
    for match in _LOWER_FIRST_PARTICLE_LAST.finditer(text, overlapped=True):
        first, last = match.group("first"), match.group("last")
        surname = last in gaz.census_last_names or last in gaz.last_names
        ordinary = last in NOT_NAME or gaz.is_common(last) or first in _LOWER_FINDINGS
        if first_name(first, gaz) and surname and not ordinary:
            hits.append((match.start(), match.end(), "lower_first_particle_last"))
    for match in _LOWER_FIRST_LAST.finditer(text, overlapped=True):
        first, last = match.group("first"), match.group("last").rstrip(".")
        if not first_name(first, gaz):
            continue
        if first in _LOWER_FINDINGS:
            continue
        if last.upper() in gaz.state_codes and _LOWER_ZIP.match(text, match.end()):
            continue  # a town, its state's code and a ZIP code: "lynn ma 01902"
        listed = last not in NOT_NAME and not gaz.is_common(last) and gaz.is_name(last)
        unlisted = zipf(first, "en") <= LOWER_GIVEN_ZIPF and lower_rare_surname(last, gaz)
        if len(last) > 1 and not (listed or unlisted):
            continue
        if hits and hits[-1][2] == "lower_first_last" and match.start() < hits[-1][1]:
            hits[-1] = (hits[-1][0], max(hits[-1][1], match.end()), "lower_first_last")
            continue  # "ana maria lopez": two overlapping pairs are one name
        hits.append((match.start(), match.end(), "lower_first_last"))
    for match in _LOWER_INITIAL_LAST.finditer(text):
        last = match.group("last")
        surname = last in gaz.census_last_names or last in gaz.last_names
        if surname and not gaz.is_common(last) and last not in NOT_NAME:
            hits.append((*match.span(), "lower_initial_last"))
    for match in _LOWER_LAST_COMMA_FIRST.finditer(text):
        last, first = match.group("last"), match.group("first")
        surname = last in gaz.census_last_names or last in gaz.last_names
        given = first_name(first, gaz) or (len(first) == 1 and match.start() != match.start("n"))
        if surname and not gaz.is_common(last) and last not in NOT_NAME and given:
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
        label = cued_label(text, start, end)
        yield NameHit(start, end, label, 0.7, rule)
