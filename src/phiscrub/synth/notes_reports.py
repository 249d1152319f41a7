"""Reports, letters and calls: radiology, pathology, lab printout, consult letter, telephone
encounter, and a psychiatric intake with a long social history."""

from __future__ import annotations

from phiscrub.synth import lexicon
from phiscrub.synth.builder import NoteBuilder
from phiscrub.synth.common import FAMILY, SOCIAL, header_block, heading, sign_off

RADIOLOGY = (
    "[Comparison|Comparisons|COMPARISON]: [{imaging} dated {prev_visit}|none|prior study from {past_date} at {other_hospital}].",
    "[Technique|TECHNIQUE]: [axial images were obtained|standard protocol][ with IV contrast|][; DLP {n}00 mGy-cm|].",
    "[Clinical history|Indication|HISTORY]: {age}[ yo| year old] {man} with {symptom}[, r/o {problem}|].",
    "There is {finding}.",
    "[No|There is no] [pneumothorax|free air|acute fracture|suspicious mass] [is seen|identified].",
    "[The|A] {line} [terminates in the SVC|is in expected position|tip projects over the right atrium].",
    "[Stable|Unchanged|Slightly increased] [4 mm|6 mm|1.2 cm] nodule [in the right upper lobe|in the liver], [previously|] [seen on {past_date}|].",
)
IMPRESSION = (
    "{finding}.",
    "[No acute process|No acute intracranial abnormality|Findings discussed].",
    "[Findings|Critical result] [discussed with|communicated to] {dr} [by phone at {time} on {date_num}|at {time}].",
    "[Recommend|Suggest] [follow-up CT in {duration}|clinical correlation|comparison with outside films from {other_hospital}].",
)


def radiology_report(b: NoteBuilder) -> None:
    b.line(
        "[RADIOLOGY REPORT|Radiology|DIAGNOSTIC IMAGING REPORT|{hospital} Department of Radiology]"
    )
    b.line("[Exam|EXAM|Study]: {imaging}[   Accession: {accession}|]")
    b.line("[Patient|PATIENT]: {pt_header}  [MRN|MR #|Med Rec]: {mrn}[  DOB: {dob}|]")
    b.line("[Exam date|Date of exam|DATE]: {date}[ {time}|]")
    b.line("[Ordering|Referring] [physician|provider|MD]: {dr}")
    b.newline()
    heading(b, "Findings", "Report")
    b.sentences(RADIOLOGY, 3, 6)
    b.end_paragraph()
    heading(b, "Impression", "Conclusion")
    b.sentences(IMPRESSION, 1, 3)
    b.end_paragraph()
    b.line("[Dictated|Read|Interpreted] by: {radiologist}[ on {date_num}|]")
    if b.rng.random() < 0.5:
        b.line("[Signed|Verified] [{date_num} {time}|on {date}][ from workstation {ip}|]")


PATHOLOGY = (
    "[Received|Specimen received] [fresh|in formalin], labeled with the patient's name[ ({pt_full})|] and [MRN|medical record number][ {mrn}|].",
    "[The specimen consists of|Received is] [a {n}.5 x {n}.0 cm|an ellipse of|multiple fragments of] [tan-pink|gray-white] tissue.",
    "[Sections show|Microscopic examination shows] [chronic cholecystitis|tubular adenoma|invasive ductal carcinoma, grade {n}|benign skin].",
    "[Margins are|Margin] [negative|uninvolved|positive at the deep margin] [by {n} mm|].",
    "[Immunostains|IHC] [for ER and PR are positive|show Ki-67 of {n}0%|were reviewed with {pathologist}].",
    "[Block|Slide] [A{n}|B1] [submitted for|sent for] [molecular testing|HER2 FISH][ (order {order})|].",
    "[Outside slides from|Consult material from] {other_hospital} ([case|accession] {order}) [were reviewed|agree].",
)


def pathology_report(b: NoteBuilder) -> None:
    b.line("[SURGICAL PATHOLOGY REPORT|Pathology Report|{hospital} - SURGICAL PATHOLOGY]")
    b.line("[Accession|Case|Accession No]: {accession}   [Collected|Received]: {date}")
    b.line("[Patient|Name]: {pt_header}  [MRN|MR#]: {mrn}  [Age|Age/Sex]: {age}[/F|/M| yrs|]")
    b.line("[Submitting physician|Surgeon|Requesting MD]: {surgeon}")
    b.newline()
    heading(b, "Gross Description", "Gross")
    b.sentences(PATHOLOGY[:2], 1, 2)
    b.end_paragraph()
    heading(b, "Microscopic Description", "Microscopic", "Diagnosis")
    b.sentences(PATHOLOGY[2:], 2, 5)
    b.end_paragraph()
    b.line("[Electronically signed out by|Pathologist]: {pathologist}[ on {date}|]")


def lab_printout(b: NoteBuilder) -> None:
    b.caps = b.rng.random() < 0.5  # many lab systems print in capitals
    b.line("[LABORATORY REPORT|Lab Results|CUMULATIVE LAB SUMMARY|{hospital} CLINICAL LABORATORY]")
    b.line("[PATIENT|NAME]: {pt_header}[    |  ][MRN|MR#|ID]: {mrn}")
    b.line("[DOB|BIRTHDATE]: {dob}[   SEX: F|   SEX: M|]   [ACCT|ACCOUNT|VISIT]: {account}")
    b.line("[ORDERING|ORD PROVIDER|REQUESTED BY]: {dr}   [LOC|LOCATION|WARD]: {department}")
    b.line(
        "[COLLECTED|COLL]: {date_num} {time}   [RECEIVED|RECD]: {date_num} {time}[   ORDER #: {order}|]"
    )
    b.newline()
    rng = b.rng
    for name, low, high, places, unit in rng.sample(lexicon.LABS, rng.randint(6, 12)):
        value = rng.uniform(low, high)
        flag = rng.choice(("", "", "", " H", " L", " *"))
        b.raw(f"{name:<10}{value:>8.{places}f}{unit}{flag}\n")
    b.newline()
    if rng.random() < 0.5:
        b.line(
            "[Critical value|Result] called to {nurse} at {time} [by lab tech {initials}|, read back verified]."
        )
    b.line("[Performed at|Testing site]: {hospital}, {site_address}")


def consult_letter(b: NoteBuilder) -> None:
    b.line("{hospital}")
    b.line("{department}")
    b.line("{site_address}")
    b.line("[Tel|Phone|T]: {site_phone}   [Fax|F]: {site_fax}")
    b.newline()
    b.line("{date}")
    b.newline()
    b.line("{pcp}")
    b.line("[Re|RE]: {pt_full}[, DOB {dob}|][, MRN {mrn}|]")
    b.newline()
    b.line("Dear [Dr.|Doctor|Dr] {pcp_last},")
    b.newline()
    b.sentences(
        (
            "Thank you for [referring|asking me to see] {pt} [in|to] {department}[ clinic|] [on {date}|today].",
            "As you know, {he} is a {age}[-year-old| year old] {man} with {problem} [referred for|seen for] {symptom}.",
            "[{He} tells me|{He} reports] {symptom} since {past_date}[, worse since {holiday}|].",
            "{He} [works as a|is a retired] {profession}[ at {employer}|] and lives in {city}[ with {his} {relative}|].",
        ),
        3,
        4,
    )
    b.end_paragraph()
    b.sentences(
        (
            "On examination, {vitals}.",
            "{exam}, and {exam}.",
            "[Recent labs|Blood work from {recent_date}] showed {labs}.",
            "{imaging} [performed at|from] {other_hospital} [showed|demonstrates] {finding}.",
        ),
        2,
        4,
    )
    b.end_paragraph()
    b.sentences(
        (
            "My impression is [{problem}|that this is likely {problem}].",
            "I have [started|recommended] {drug}[ and ordered {imaging}|].",
            "I will see {him} again [on {next_date}|in {duration}][ at our {site_city} office|].",
            "[Please do not hesitate to contact me|Feel free to call] at {site_phone}[ or {email_clinic}|].",
        ),
        2,
        4,
    )
    b.end_paragraph()
    b.line("[Sincerely|With best regards|Kind regards|Yours sincerely],")
    b.newline()
    b.line("{signature}")
    b.line("[cc|CC]: {pt_full}[, {address}|]")


TELEPHONE = (
    "[Pt|Patient|{pt}] called [at {time}|this morning|on {weekday}|after hours] [re:|regarding|about] {symptom}.",
    "[Spoke with|Call from|Returned call to] {his} {relative_phone}.",
    "[Callback number|Best number|CB #|Call back at]: [{phone}|{cell}].",
    "[Portal message received|Message via patient portal] from {email} [at {time}|on {date_num}]; [login|user] {username}[, IP {ip}|].",
    "{@Reports} {symptom} x {duration}; {@denies} {symptom}.",
    "[Advised|Instructed] to [go to the ED|take {drug}|hold {drugname} until {next_date}|keep appointment on {next_date}|{@call} {@clinic_phone} if worse].",
    "[Discussed with|Routed to|Forwarded to] {dr}[ who agrees|, will call back|].",
    "[Refill|Rx] for {drug} sent to [pharmacy|CVS on {street_only}|mail order][, fax {site_fax}|].",
    "[Verified identity with|Identity confirmed by] [DOB|date of birth] {dob}[ and address|].",
    "[Sent|Emailed] [link to|instructions for] [the portal|results] at {url}.",
)


def telephone_encounter(b: NoteBuilder) -> None:
    b.line("[TELEPHONE ENCOUNTER|Telephone Note|Phone Call|Patient Call Documentation]")
    b.line("[Patient|Pt]: {pt_header}  [MRN|MR#]: {mrn}  [Date|Call date]: {date} {time}")
    b.newline()
    b.sentences(TELEPHONE, 4, 7)
    b.end_paragraph()
    b.line("{signature}")


PSYCH_HPI = (
    "{@Subj} is a {@age} [single|married|divorced|widowed] {man} [referred by {pcp}|self-referred|brought by {his} {relative}] for [evaluation of|worsening] {symptom}.",
    "[Symptoms began|{He} dates the onset to] {past_date}[, after {his} [job loss|divorce|move to {city}]|].",
    "{@Reports} [poor sleep|low mood|anhedonia|racing thoughts] [for {duration}|since {holiday}]; {score}.",
    "{@Denies} [SI/HI|suicidal ideation|AH/VH][, no plan or intent|].",
    "[Prior psychiatric history|Past psych hx]: [hospitalized at {other_hospital} in {past_date}|no prior admissions|treated by {psychiatrist} since {year}].",
    "[Prior trials|Previously tried] {drugname} and {drugname}[ without benefit|{@per}|].",
    "[{He} was|Was] {@seen} {@at_place} {@when} [for {symptom}|after a panic attack|].",
)
PSYCH_SOCIAL = (
    *SOCIAL,
    "[Grew up in|Raised in] {city}[, {country}|] [by {his} mother|with {n} siblings].",
    "[Completed|Finished] [high school|college|a master's degree] [in {year}|] and [works|worked] as a {profession}.",
    "[Legal|Legal history]: [none|DUI in {year}|on probation since {past_date}].",
    "[Relationship|Partner]: [married|separated since {past_date}|dating].",
    "[Spiritual|Faith]: [attends church at {location_other}|none].",
    "[Firearms|Guns in home]: [denies|yes, locked].",
)


def psychiatric_intake(b: NoteBuilder) -> None:
    b.line(
        "[PSYCHIATRIC INTAKE EVALUATION|Psychiatry Initial Evaluation|Behavioral Health Intake] - {hospital}"
    )
    header_block(b, 2, 4)
    heading(b, "Identifying Data and Chief Complaint", "ID/CC", "Reason for Referral")
    b.sentences(PSYCH_HPI, 3, 6)
    b.end_paragraph()
    heading(b, "Social History", "Social and Developmental History", "Psychosocial History")
    b.sentences(PSYCH_SOCIAL, 4, 8)
    b.end_paragraph()
    heading(b, "Family Psychiatric History", "Family History")
    b.sentences(FAMILY, 1, 2)
    b.end_paragraph()
    heading(b, "Mental Status Exam", "MSE")
    b.line(
        '[Appearance|App]: [well-groomed|disheveled], [good|poor] eye contact. Mood: "[down|okay|anxious]". Affect: [constricted|euthymic|tearful].'
    )
    b.line(
        "[Thought process|TP]: [linear|circumstantial]. [Insight/judgment|I/J]: [fair|good|poor]. {score}."
    )
    heading(b, "Assessment and Plan", "Formulation", "Plan")
    b.sentences(
        (
            "[Start|Continue|Titrate] {drug}.",
            "[Therapy|CBT] with [{np}|our clinician] [weekly|every other week], first session {next_date}.",
            "[Safety plan|Crisis plan] reviewed; [crisis line|after-hours number] {site_phone}.",
            "[Return|Follow up] [in {duration}|on {next_date}] with {psychiatrist}.",
        ),
        2,
        4,
    )
    sign_off(b)
