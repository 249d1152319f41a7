"""The grammar's named rules: ways of saying the same thing, shared by every note type.

A template writes ``{@rule}``; the rule expands in place (see :mod:`phiscrub.synth.grammar`).
Rules may use slots and other rules.
"""

from __future__ import annotations

RULES: dict[str, str] = {
    "Subj": "[{pt}|The patient|{He}|Pt|Patient|This {@age} {man}|{pt_title}]",
    "age": "{age}[-year-old| year old| y/o| yo|yo|-yo| y.o.|-year-old]",
    "history_of": "[a history of|a past medical history of|a PMH of|h/o|hx of|known|a background of]",
    "presents": "[presents with|presenting with|who presents with|admitted with|p/w|here with|referred for|seen for]",
    "reports": "[reports|states|notes|describes|endorses|complains of|c/o|relates]",
    "Reports": "[Reports|States|Notes|Describes|Endorses|Complains of|C/o]",
    "denies": "[denies|reports no|has no|is negative for|without]",
    "Denies": "[Denies|No|Negative for|Without]",
    "when": "[on {weekday}|on {recent_date}|around {holiday}|{duration} ago|last night|yesterday|over the weekend|this morning|{recent_date}]",
    "onset": "[that began|which started|starting|that started|beginning|since|] {@when}",
    "for": "[ for {duration}| x {duration}| over the past {duration}| since {recent_date}|]",
    "per": "[| per {his} {relative}| per EMS| per chart review| per outside records| per the patient| per family]",
    "severity": "[mild |moderate |severe |intermittent |progressive |new |worsening ||]",
    "gave": "[was given|received|was treated with|got|was started on]",
    "showed": "[showed|revealed|demonstrated|was notable for|was significant for|was remarkable for]",
    "seen": "[seen|evaluated|examined|assessed]",
    "at_place": "[at {other_hospital}|at {hospital}|by {pcp}|in {department} clinic|at an outside hospital|at urgent care|by {consultant}]",
    "FollowUp": "[Follow up|Follow-up|F/u|FU|RTC|Return to clinic|Return visit]",
    "with_who": "[with {pcp}|with {consultant}|with {dr}|in {department} clinic|with {np}]",
    "in_time": "[in {duration}|on {next_date}|on {next_date} at {time}|on {weekday}|in {n} weeks]",
    "Discussed": "[Discussed with|Reviewed with|Case discussed with|Plan reviewed with|Seen with|Staffed with]",
    "stable": "[stable|improving|unchanged|not at goal|well controlled|poorly controlled|worse]",
    "Start": "[Start|Continue|Increase|Decrease|Hold|Resume|Titrate|Restart]",
    "start": "[start|continue|increase|decrease|hold|resume|titrate|restart]",
    "then": "[|, then|; subsequently|, and later|. Later]",
    "Of_note": "[Of note,|Notably,|Importantly,|Also,|In addition,]",
    "call": "[call|contact|page|phone]",
    "Call": "[Call|Please call|Contact|Patient to call|Instructed to call]",
    "clinic_phone": "[{site_phone}|the clinic at {site_phone}|{dr} at {site_phone}|our office at {site_phone}]",
    "improve": "[improved|resolved|persisted|worsened|waxed and waned|partially improved]",
    "overnight": "[Overnight|Since yesterday|This morning|Over the last 24 hours|On {hospital_day}|Today]",
}
