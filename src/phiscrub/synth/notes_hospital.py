"""Hospital notes: discharge summary, H&P, ED note, operative note, nursing note, SOAP note."""

from __future__ import annotations

from phiscrub.synth.builder import NoteBuilder
from phiscrub.synth.common import header_block, heading, history, sign_off

HPI = (
    "{@Subj} is a {@age} {man} with {@history_of} {problem}[ and {problem}|][,|] who {@presents} {@severity}{symptom}{@for}.",
    "[{He}|{@Subj}] {@reports} {@severity}{symptom} {@onset}{@per}.",
    "[{He} was|Was|{@Subj} was] {@seen} {@at_place} {@when}[ and started on {drug}|, where {lab} was noted|, with {imaging} showing {finding}|].",
    "[{He}|{@Subj}] {@denies} {symptom}, {symptom}[, or {symptom}| or {symptom}|].",
    "{@Of_note} {he} [was admitted to {other_hospital} in {past_date} for {problem}|had {procedure} in {past_date}|has a {line} in place|was last {@seen} {@at_place} in {past_date}].",
    "In the [ED|emergency department|Emergency Room|ER], [vitals were|VS:|initial vitals|triage vitals were] {vitals}.",
    "[Labs|Initial labs|Chemistry|Admission labs|Blood work] {@showed} {labs}.",
    "[{imaging}|An {imaging}|A {imaging} {@when}] {@showed} {finding}.",
    "[{He}|{@Subj}] {@gave} {drug}[ and {drug}|] [with improvement|without relief|and admitted to {hospital}|and symptoms {@improve}].",
    "[Family|{His} {relative}] [reports|notes|is concerned that] {he} has been [more confused|eating less|sleeping poorly|falling] since {weekday}.",
    "[{His} symptoms started|Symptoms began|This began] while [at work at {employer}|visiting {his} family in {city}|traveling to {country}|at {location_other}|on vacation in {city}, {state}].",
)
COURSE = (
    "# {problem}: [treated with|started on|continued|managed with] {drug}[, transitioned to {drug} on {hospital_day}|{@then} {@improve}|].",
    "[{He} was|Patient was|{@Subj} was] [transferred to|admitted to|seen by|followed by] {department}[ on {hospital_day}|][ (Room {room})|, bed {room}|].",
    "{consultant} [of|from] {department} was consulted[ on {hospital_day}|] [and recommended {procedure}|for {problem}|and recommended {drugname}].",
    "[Underwent|S/p|Taken for|Had] {procedure} on {hospital_day} [without complication|with {surgeon}|, EBL 50 cc|{@then} {@improve}].",
    "[Repeat labs|Labs on {hospital_day}|AM labs|Follow-up labs] {@showed} {labs}.",
    "[{His}|The] {line} was [removed|placed|exchanged] on {hospital_day}[ by {dr}|].",
    "[{He} remained|Remained|{@Subj} remained] [afebrile|hemodynamically stable|on telemetry|on room air] [throughout the stay|after {hospital_day}|with {score}|].",
    "[Cr peaked at|Troponin peaked at|WBC trended down to|Hgb nadired at] [{lab}|2.1] on {hospital_day}[ and {@improve}|].",
    "[PT/OT|Physical therapy|Social work|Case management] [evaluated|saw|met with] {him}[ on {hospital_day}|] and [recommended rehab|cleared {him} for home|arranged services].",
    "[Code status|Code]: [full code|DNR/DNI|DNR], [confirmed with|discussed with] {his} {relative} on {hospital_day}.",
    "{@overnight}, {he} [had|developed] {@severity}{symptom}[; {@gave} {drug}|, {@Discussed} {attending}|].",
)
DISPO = (
    "[Discharged|Discharge|{@Subj} was discharged] to [home|home with services|rehab at {other_hospital}|{his} {relative}'s home in {city}|a skilled nursing facility] on {discharge_date}.",
    "{@FollowUp} {@with_who} {@in_time}[ ({site_phone})|].",
    "{@FollowUp} with {consultant} in {department} {@in_time}.",
    "{@Call} {@clinic_phone} [with questions|for fever > 101.5|for worsening {symptom}|if {symptom} recurs].",
    "[Discharge medications|Meds at discharge|New medications]: {drug}; {drug}[; {drug}|].",
    "[Condition|Condition on discharge|Condition at discharge]: [stable|good|fair|improved].",
    "[Pending|Pending results|Outstanding]: [blood cultures from {hospital_day}|{lab}|pathology (accession {accession})].",
)


def discharge_summary(b: NoteBuilder) -> None:
    b.line("[DISCHARGE SUMMARY|Discharge Summary|{hospital} DISCHARGE SUMMARY]")
    header_block(b, 3, 6)
    b.line("[Admission Date|Date of Admission|ADMIT DATE|Admitted]: {admit_date}")
    b.line("[Discharge Date|Date of Discharge|DISCHARGE DATE|Discharged]: {discharge_date}")
    b.line("[Attending|Attending Physician|Service attending]: {attending}")
    b.newline()
    heading(b, "Principal Diagnosis", "Discharge Diagnosis", "Diagnoses")
    b.line("{problem}")
    heading(b, "History of Present Illness", "HPI", "Brief HPI")
    b.sentences(HPI, 3, 7)
    b.end_paragraph()
    if b.rng.random() < 0.6:
        history(b)
    heading(b, "Hospital Course", "Brief Hospital Course", "Course")
    b.sentences(COURSE, 3, 7)
    b.end_paragraph()
    heading(b, "Disposition", "Discharge Plan", "Discharge Instructions")
    b.sentences(DISPO, 2, 5)
    sign_off(b)


EXAM = (
    "[VS|Vitals|Vital signs]: {vitals}.",
    "[Gen|General]: [NAD|well-appearing|uncomfortable-appearing] {man}[, {score}|].",
    "[CV|Cardiac]: {exam}.",
    "[Lungs|Resp|Pulm]: {exam}.",
    "[Abd|Abdomen]: {exam}[; {sign} negative|; positive {sign}|].",
    "[Neuro|Neurologic]: {exam}[, {score}|].",
    "[Ext|Extremities]: {exam}[, {line} in place|].",
)
PLAN = (
    "[Assessment|Impression|A/P]: {@age} {man} with {problem} [admitted with|presenting with|here with] {@severity}{symptom}.",
    "# {problem}: {@start} {drug}[, check {lab} in AM|, {@Discussed} {consultant}|].",
    "# {symptom}: [likely|concerning for|r/o|ddx includes] {problem}; [{imaging}|serial troponins|monitor on tele|trend {lab}].",
    "{@Discussed} {attending}[, who agrees with the plan|, who saw the patient|].",
    "[Dispo|Disposition]: [admit to {department}|observation|likely discharge {@in_time}][, bed {room}|].",
    "[DVT ppx|Prophylaxis|VTE prophylaxis]: {drug}.",
)


def history_and_physical(b: NoteBuilder) -> None:
    b.line("[ADMISSION HISTORY AND PHYSICAL|History and Physical|H&P|Admission Note] - {hospital}")
    header_block(b, 2, 5)
    heading(b, "Chief Complaint", "CC", "Reason for Admission")
    b.line("{symptom}[ x {duration}|]")
    heading(b, "History of Present Illness", "HPI")
    b.sentences(HPI, 3, 8)
    b.end_paragraph()
    history(b)
    heading(b, "Physical Exam", "Exam", "PE")
    for template in b.rng.sample(EXAM, b.rng.randint(4, len(EXAM))):
        b.line(template)
    heading(b, "Labs", "Data", "Laboratory Data")
    b.line("[{date_num}|{time}]: {labs}")
    heading(b, "Assessment and Plan", "A/P", "Plan")
    b.sentences(PLAN, 3, 6)
    sign_off(b)


ED = (
    "[Arrived|Pt arrived|BIBA|Brought in by EMS|Walked in] at {time} [from home|from {location_other}|from {other_hospital}|after an MVC|from work at {employer}].",
    "[MVC|Motor vehicle collision]: restrained [driver|passenger] of vehicle [plate|lic. plate|tag] {vehicle}, [rear-ended|T-boned|rolled over] {@when}.",
    "[Triage|Initial|Arrival] vitals: {vitals}.",
    "{@Subj} {@reports} {@severity}{symptom} [since {time}|for {duration}|that started at work at {employer}|{@onset}]{@per}.",
    "[Accompanied by|With] {his} {relative} [who provided history|at bedside|who drove {him}].",
    "[EKG|ECG]: [NSR at 78|sinus tachycardia|AF with RVR|paced rhythm], [no acute ST changes|1 mm ST depression|unchanged from {prev_visit}].",
    "[Labs|Results|Initial labs] {@showed} {labs}.",
    "[Given|Received|Treated with] {drug} at {time}[ and {drug}|{@then} {@improve}|].",
    "{imaging}: {finding}.",
    "[Discussed with|Signed out to|Paged] {dr}[ (pager {site_phone})|] [at {time}|].",
    "[Dispo|Disposition]: [admitted to {department}|discharged home|transferred to {other_hospital}|observation, room {room}].",
    "[PCP|Primary|Primary care] {pcp} [notified|to be faxed at {site_fax}|aware|paged].",
    "[ID|Identification]: [driver's license|DL] {license}[, verified|].",
)


def ed_note(b: NoteBuilder) -> None:
    b.line("[EMERGENCY DEPARTMENT NOTE|ED Provider Note|ED Visit|Emergency Dept Record] {hospital}")
    b.line("[Patient|Name]: {pt_header}   [MRN|MR#]: {mrn}")
    b.line("[Date|Arrival]: {date} {time}[   Age: {age}|]")
    b.newline()
    heading(b, "HPI", "History", "Presentation")
    b.sentences(ED, 5, 10)
    b.end_paragraph()
    heading(b, "Exam", "Physical Exam")
    b.line("{exam}; {exam}.")
    heading(b, "MDM", "ED Course", "Medical Decision Making")
    b.sentences(ED, 2, 4)
    sign_off(b)


OPERATIVE = (
    "[Preoperative diagnosis|Pre-op Dx]: {problem}.",
    "[Procedure|Operation|Procedure performed]: {procedure}.",
    "[Surgeon|Attending surgeon]: {surgeon}.  [Assistant|First assist]: {resident}.",
    "[Anesthesia|Anesthesiologist]: [general endotracheal|spinal|MAC], {dr}.",
    "[EBL|Estimated blood loss]: [{n}0 mL|minimal|150 cc].  [Drains|Drain]: [none|{line}].",
    "[Specimens|Specimen]: [gallbladder to pathology|none] [(accession {accession})|].",
    "[Implants|Device]: [none|pacemaker serial {device}|{line}].",
)
OPERATIVE_BODY = (
    "The patient was [brought to|taken to] the operating room [at {hospital}|] and placed supine.",
    "[A time-out was performed|Time out called] at {time} [confirming the patient, procedure and site|per protocol].",
    "[A|The] {line} was placed[ by {nurse}|] under sterile conditions.",
    "[The abdomen|The operative field] was prepped and draped in the usual sterile fashion.",
    "[Dissection proceeded|We proceeded] [without difficulty|carefully] and {procedure} was completed.",
    "[Hemostasis was|Good hemostasis] obtained with the Bovie.",
    "[Counts were correct x2|Sponge and needle counts were correct].",
    "[{He} tolerated the procedure well|No complications] and was taken to the PACU in stable condition.",
    "[I|{surgeon}] [was present for the entire procedure|discussed findings with {his} {relative}].",
)


def operative_note(b: NoteBuilder) -> None:
    b.line("[OPERATIVE REPORT|Operative Note|Brief Op Note|OR Report]")
    b.line("[Patient|Name]: {pt_header}  [MRN|MR#]: {mrn}")
    b.line("[Date of [surgery|procedure]|DOS]: {date}")
    b.newline()
    for template in OPERATIVE:
        if b.rng.random() < 0.8:
            b.line(template)
    heading(b, "Description of Procedure", "Findings and Technique", "Operative Details")
    b.sentences(OPERATIVE_BODY, 4, 8)
    sign_off(b)


NURSING = (
    "[Pt|Patient|{@Subj}] [resting comfortably|A&Ox3|sleeping|up in chair] [in bed|in chair|], [call light in reach|bed alarm on|side rails up x2].",
    "[VS|Vitals] at {time}: {vitals}.",
    "[Pain|Reports pain|Pain score] {score}[, given {drug} at {time}|]; [reassessed|re-eval] at {time}[, improved|, {@improve}|].",
    "{line} [intact|draining clear yellow urine|flushed without difficulty|dressing changed].",
    "[Family|{His} {relative}] [at bedside|called at {time}|updated by phone|visited this evening].",
    "[Ambulated|OOB to chair|Turned q2h] [with assist x1|independently|with PT|with walker].",
    "[Skin|Braden] [intact|{score}]; [no breakdown noted|stage 1 sacral redness].",
    "[Report given to|Handoff to|Endorsed to] {nurse} at {time}.",
    "{attending} [paged|notified|made aware] [re:|about|regarding] [BP {lab}|{symptom}|low UOP] at {time}[, no new orders|, new orders received|].",
    "[Moved to|Transferred to] [room|Rm|bed] {room} at {time}.",
    "{@overnight} [pt|patient|{he}] {@reports} {symptom}{@per}.",
)


def nursing_note(b: NoteBuilder) -> None:
    b.line(
        "[NURSING NOTE|Nursing Progress Note|RN Shift Note|Nursing Assessment] {date_num} [{time}|]"
    )
    b.line("[Patient|Pt]: {pt_header}  [Rm|Room|Bed]: {room}")
    b.newline()
    b.sentences(NURSING, 4, 8)
    b.end_paragraph()
    b.line("{signature}")


SOAP_S = (
    "[Pt|{@Subj}|Patient] [feels|reports feeling] [better|about the same|worse] [today|since {weekday}|since last visit on {prev_visit}|since {holiday}].",
    "{@Reports} {@severity}{symptom}[, worse at night|, 3/10|{@for}|].",
    "[Taking|Adherent to|Ran out of|Stopped] {drugname}[ since {recent_date}|{@per}|].",
    "{@Denies} {symptom} or {symptom}.",
    "[{His} {relative} called|Spouse notes|Family notes] {he} has [been more tired|fallen twice|been forgetful] since {holiday}.",
    "[Was|Went] {@seen} {@at_place} {@when}[ for {symptom}|].",
)
SOAP_O = (
    "{vitals}",
    "[Exam|PE]: {exam}; {exam}.",
    "[Labs|Recent labs] ({recent_date}): {labs}.",
    "{score}.",
)
SOAP_A = (
    "{@age} {man} with {problem}[ and {problem}|], {@stable}.",
    "[{problem} - |#] [controlled|uncontrolled|{@stable}] on {drug}.",
    "{@Start} {drug}[; recheck {lab} {@in_time}|].",
    "{@FollowUp} {@in_time}[ {@with_who}|].",
    "[Referred to|Referral placed to] {consultant} ({department})[ at {other_hospital}|].",
)


def soap_note(b: NoteBuilder) -> None:
    b.line(
        "[PROGRESS NOTE|Clinic Progress Note|Follow-up Visit|Office Visit] - {department}[ - {hospital}|]"
    )
    b.line("[Patient|Pt]: {pt_header}  [DOB|D.O.B.]: {dob}  [MRN|MR#]: {mrn}")
    b.line("[Visit date|Date]: {date}")
    b.newline()
    for letter, name, templates, low, high in (
        ("S", "Subjective", SOAP_S, 2, 4),
        ("O", "Objective", SOAP_O, 2, 3),
        ("A/P", "Assessment and Plan", SOAP_A, 2, 4),
    ):
        heading(b, letter, name)
        b.sentences(templates, low, high)
        b.end_paragraph()
    b.line("{signature}")
