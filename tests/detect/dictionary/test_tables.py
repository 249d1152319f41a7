"""Names and ages read from a plain-text table's columns."""

from phiscrub.detect.dictionary.gazetteers import gazetteers
from phiscrub.detect.dictionary.tables import table_hits

BOARD = (
    "ED TRACKING BOARD\n"
    "Rm  Pt               Age  CC             RN        MD\n"
    "12  LOPEZ, ANDRES    67   chest pain     Beth      Nakamura\n"
    "15  KIM, JI-WOO      34   abd pain                 Oduya\n"
    "\n"
    "12  HALL, T          45   etoh           Jen       Oduya\n"
)


def hits(text: str) -> list[tuple[str, str]]:
    return [(h.label, text[h.start : h.end]) for h in table_hits(text, gazetteers("en"))]


def test_cells_are_read_by_their_column_heading_up_to_a_blank_line():
    assert hits(BOARD) == [
        ("PATIENT", "LOPEZ, ANDRES"),
        ("AGE", "67"),
        ("DOCTOR", "Beth"),
        ("DOCTOR", "Nakamura"),
        # a row with an empty cell: by where each cell starts
        ("PATIENT", "KIM, JI-WOO"),
        ("AGE", "34"),
        ("DOCTOR", "Oduya"),
    ]


def test_tab_separated_rows_and_ages_with_units():
    text = "Patient\tAge/Sex\tAttending\tDx\nMaria Costa\t91 F\tDr. Imani Okafor\tCHF\n"
    assert hits(text) == [
        ("PATIENT", "Maria Costa"),
        ("AGE", "91"),
        ("DOCTOR", "Imani Okafor"),
    ]


def test_cells_that_are_no_names_or_ages_and_lines_that_are_no_heading():
    # placeholders and words under a person's heading; text under an age heading
    text = "Pt      Age   RN\nnone    unk   pending\nTBD     --    n/a\n"
    assert hits(text) == []
    # one known heading only; prose with wide gaps
    assert hits("Name    Favourite colour    Pet\nLuis    Blue    Dog\n") == []
    assert hits("Seen by RN.  Pt stable.  MD aware.\nLuis  Blue  Dog\n") == []


def test_a_nursing_flow_sheet_read_by_its_staff_column():
    text = (
        "Time   Event                 Staff\n"
        "0930   Pt to CT              Marcus\n"
        "1015   Returned, VSS         Oksana\n"
    )
    assert hits(text) == [("DOCTOR", "Marcus"), ("DOCTOR", "Oksana")]


def test_a_table_with_vertical_bars_between_its_cells():
    text = (
        "Bed | Patient          | Age | CC       | RN\n"
        "1   | Fenwick, Harold  | 92  | fall     | Ostrander\n"
        "2   | Ilunga, Grace    | 34  | abd pain | none\n"
    )
    assert hits(text) == [
        ("PATIENT", "Fenwick, Harold"),
        ("AGE", "92"),
        ("DOCTOR", "Ostrander"),
        ("PATIENT", "Ilunga, Grace"),
        ("AGE", "34"),
    ]
    # no person's heading, no names read
    assert hits("Dx | Plan | Notes\nCHF | diuresis | stable\n") == []


def test_identifiers_under_their_columns_headings():
    text = (
        "Req #   Date rec'd   Patient                  MRN         Acct #\n"
        "24-1187 06/03/2103   Ambrose, Cornelius T.    M0992215    88120\n"
        "24-1188  06/04/2103  Szymanski, Halina        pending     --\n"
    )
    assert hits(text) == [
        ("IDNUM", "24-1187"),
        ("PATIENT", "Ambrose, Cornelius T."),
        ("MEDICALRECORD", "M0992215"),
        ("ACCOUNT", "88120"),
        ("IDNUM", "24-1188"),
        ("PATIENT", "Szymanski, Halina"),
    ]
