"""Names and ages in the columns of a plain-text table (an ED tracking board, a unit census, a
nursing assignment sheet), read by the column's heading.

A heading line has at least three cells, separated by a tab, two spaces or more or a vertical
bar, at least two of them known headings and one of them a person's ("Pt", "Patient", "Name",
"RN", "MD", "Attending"). Each following line up to a blank one is a row: its cells are given to
the headings one for one when they are as many, else to the heading whose column the cell starts
in. A cell under a patient's heading is a PATIENT, under a clinician's a DOCTOR, when it is
shaped like a name (letters, with commas, full stops, hyphens, apostrophes and single spaces,
and no common word alone: "none", "pending"); a cell under "Age" is an AGE when it is a number,
with or without "y", "yo" or "yrs" after it; a cell under an identifier's heading ("MRN",
"Acct #", "Req #", "Claim #") is that identifier when its first token holds a digit.

    Rm  Pt               Age  CC           RN      MD
    12  LOPEZ, ANDRES    67   chest pain   Beth    Nakamura
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from phiscrub.detect.dictionary.gazetteers import Gazetteers
from phiscrub.detect.dictionary.name_words import NameHit

PATIENT_HEADINGS = frozenset(
    {"pt", "patient", "patient name", "pt name", "name", "client", "last, first", "last name"}
)
DOCTOR_HEADINGS = frozenset(
    {
        *("rn", "nurse", "md", "attending", "provider", "doc", "physician", "np", "pa"),
        *("pcp", "resident", "intern", "surgeon", "tech", "cna", "scribe", "consultant"),
        *("primary rn", "primary nurse", "charge rn", "assigned rn", "assigned md", "midlevel"),
        *("pa/np", "np/pa", "md/np", "fellow", "team md", "admitting md", "nurse name"),
        *("staff", "initials", "given by", "done by", "performed by", "recorded by"),
        *("entered by", "signed by", "signature"),
    }
)
AGE_HEADINGS = frozenset({"age", "age/sex", "age/gender", "yrs", "age (y)"})
OTHER_HEADINGS = frozenset(
    {
        *("rm", "room", "bed", "cc", "chief complaint", "complaint", "dx", "diagnosis"),
        *("sex", "gender", "esi", "acuity", "status", "dispo", "disposition", "los", "time"),
        *("arrival", "arrived", "labs", "rads", "imaging", "comments", "notes", "plan"),
        *("code", "code status", "allergies", "diet", "iso", "isolation", "unit"),
        *("admit date", "dob", "team", "service", "location", "loc", "tasks", "to do"),
        *("event", "events", "action", "intervention", "activity", "med", "meds"),
        *("medication", "dose", "route", "vitals", "date", "date/time", "task"),
    }
)
ID_HEADINGS = {
    **dict.fromkeys(
        ("mrn", "mrn #", "mr #", "mr#", "med rec #", "medical record #", "chart #", "unit #"),
        "MEDICALRECORD",
    ),
    **dict.fromkeys(("acct", "acct #", "acct#", "account", "account #", "har"), "ACCOUNT"),
    **dict.fromkeys(
        ("member id", "member #", "policy #", "subscriber id", "ins id", "insurance id"),
        "HEALTHPLAN",
    ),
    **dict.fromkeys(
        (
            *("req #", "req#", "request #", "case #", "case#", "order #", "order#", "claim #"),
            *("claim#", "accession", "accession #", "acc #", "ref #", "ticket #", "specimen #"),
            *("specimen id", "sample id", "fin", "fin #", "csn", "visit #", "enc #"),
            *("encounter #", "id", "id #", "booking #", "inmate #", "study id", "subject id"),
        ),
        "IDNUM",
    ),
}
"""Headings of identifiers' columns, and the label of the identifiers under them."""
KNOWN = PATIENT_HEADINGS | DOCTOR_HEADINGS | AGE_HEADINGS | OTHER_HEADINGS | set(ID_HEADINGS)

# runs split by a tab, two spaces or more, or a vertical bar ("Bed | Patient | Age")
_CELL = regex.compile(r"[^\t |](?:[^\t |]|[ ](?=[^\t |]))*")
_NAME_CELL = regex.compile(
    r"\p{L}[\p{L}'’.-]*(?:,?[ ]?\p{L}[\p{L}'’.-]*){0,3}"  # "LOPEZ, ANDRES", "Ji-Woo Kim", "T."
)
_ID_CELL = regex.compile(r"(?=[^\d\s]*\d)[A-Za-z0-9#][A-Za-z0-9#/.:-]{2,24}")
_AGE_CELL = regex.compile(r"(?P<n>\d{1,3})(?:[ ]?(?i:y|yo|y/o|yrs?|years?))?(?:[ /]?[MFmf])?")
_LINE = regex.compile(r"(?m)^.*$")
_TITLE = regex.compile(r"(?i:dr|mr|mrs|ms|miss|prof)\.?[ ]+")
MAX_ROWS = 300
PLACEHOLDERS = frozenset(
    {
        *("none", "unk", "unknown", "tbd", "tba", "pending", "n/a", "na", "same", "ditto"),
        *("self", "vacant", "empty", "open", "blocked", "dirty", "clean", "closed", "float"),
        *("agency", "travel", "resident", "intern", "attending", "covering", "cover", "team"),
        *("charge", "nurse", "rn", "md", "np", "pa", "dr", "doc", "hospitalist", "ed"),
    }
)


def _cells(text: str, start: int, end: int) -> list[tuple[int, int]]:
    return [m.span() for m in _CELL.finditer(text, start, end)]


def _heading(text: str, cells: list[tuple[int, int]]) -> list[str] | None:
    """The cells' headings (lower case) when the line is a table's heading, else None."""
    if len(cells) < 3:
        return None
    names = [" ".join(text[s:e].lower().rstrip(":").split()) for s, e in cells]
    if sum(n in KNOWN for n in names) < 2:
        return None
    if not any(n in PATIENT_HEADINGS or n in DOCTOR_HEADINGS for n in names):
        return None
    return names


def _column(cell: tuple[int, int], row: int, starts: list[int], same_count: bool, i: int) -> int:
    """Which heading a cell of a row goes under: the i-th when the row has as many cells as
    the heading, else the last heading whose column starts at or before the cell (two
    characters' slack)."""
    if same_count:
        return i
    offset = cell[0] - row
    column = 0
    for j, start in enumerate(starts):
        if start <= offset + 2:
            column = j
    return column


def table_hits(text: str, gaz: Gazetteers) -> Iterator[NameHit]:
    """PATIENT, DOCTOR, AGE and identifiers' hits in the columns of the tables in
    ``text``."""
    lines = [m.span() for m in _LINE.finditer(text)]  # every line, blank ones too
    i = 0
    while i < len(lines):
        line_start, line_end = lines[i]
        cells = _cells(text, line_start, line_end)
        headings = _heading(text, cells)
        i += 1
        if headings is None:
            continue
        starts = [s - line_start for s, _ in cells]
        rows = 0
        while i < len(lines) and rows < MAX_ROWS:  # rows up to a blank line or a new heading
            row_start, row_end = lines[i]
            row = _cells(text, row_start, row_end)
            if len(row) < 2 or _heading(text, row) is not None:
                break
            same = len(row) == len(headings)
            for k, cell in enumerate(row):
                heading = headings[_column(cell, row_start, starts, same, k)]
                yield from _cell_hit(text, cell, heading, gaz)
            rows += 1
            i += 1


def _cell_hit(text: str, cell: tuple[int, int], heading: str, gaz: Gazetteers) -> Iterator[NameHit]:
    start, end = cell
    value = text[start:end]
    if heading in AGE_HEADINGS:
        match = _AGE_CELL.fullmatch(value)
        if match is not None and int(match.group("n")) <= 125:
            yield NameHit(start + match.start("n"), start + match.end("n"), "AGE", 0.85, "table")
        return
    if heading in ID_HEADINGS:
        # the cell's first token: a typist's two spaces before the next column may have
        # been read as one ("24-1187  06/03/2103")
        token = value.split(" ", 1)[0]
        if _ID_CELL.fullmatch(token) is not None and token[-1].isalnum():
            yield NameHit(start, start + len(token), ID_HEADINGS[heading], 0.85, "table")
        return
    patient = heading in PATIENT_HEADINGS
    if not patient and heading not in DOCTOR_HEADINGS:
        return
    title = _TITLE.match(value)
    if title is not None:  # "Dr. Imani Okafor": the name after the title
        start, value = start + title.end(), value[title.end() :]
    if _NAME_CELL.fullmatch(value) is None or not _name_like(value, gaz):
        return
    yield NameHit(start, end, "PATIENT" if patient else "DOCTOR", 0.85, "table")


def _name_like(value: str, gaz: Gazetteers) -> bool:
    """Not a placeholder ("none", "TBD", "vacant"), a common word alone or initials alone."""
    words = [w.strip(".,'’-").lower() for w in value.replace(",", " ").split()]
    words = [w for w in words if w]
    if not words or all(w in PLACEHOLDERS for w in words):
        return False
    if len(words) == 1 and (gaz.is_common(words[0]) and not gaz.is_name(words[0])):
        return False
    return any(len(w) > 1 for w in words)
