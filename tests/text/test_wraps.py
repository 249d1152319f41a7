from phiscrub.text.wraps import soft_wraps, unwrapped

# one paragraph broken at 60 columns, as a greedy wrap breaks it, then a plan's list
WRAPPED = (
    "The patient is a 67-year-old man who was admitted on March\n"
    "14, 2104 with chest pain. He was seen in the emergency room\n"
    "by Dr. Okafor-Mensah, who recommended a catheterization, and\n"
    "his daughter Marguerite Lindqvist was present for the visit.\n"
    "Plan:\n"
    "- aspirin\n"
    "Follow up in 2 weeks.\n"
)


def _line_ends(text: str) -> list[int]:
    return [i for i, c in enumerate(text) if c == "\n"]


def test_the_line_ends_inside_a_wrapped_paragraph_are_soft():
    assert soft_wraps(WRAPPED) == _line_ends(WRAPPED)[:3]


def test_unwrapped_reads_soft_line_ends_as_spaces_offset_for_offset():
    text = unwrapped(WRAPPED)
    assert len(text) == len(WRAPPED)
    assert "admitted on March 14, 2104 with" in text
    assert "room by Dr. Okafor-Mensah" in text
    # the paragraph's end, the field's name and the list stay on their lines
    assert text.endswith("visit.\nPlan:\n- aspirin\nFollow up in 2 weeks.\n")


def test_a_note_of_long_lines_or_short_fields_is_not_wrapped():
    paragraphs = ("word " * 60 + "\n") * 4  # lines of 300 characters: written unwrapped
    fields = "Name: Ann Lee\nDOB: 03/04/1950\nMRN: 55512345\nPhone: 617-555-0100\n"
    assert soft_wraps(paragraphs) == []
    assert soft_wraps(fields) == []
    assert unwrapped(fields) is fields


def test_a_line_that_ends_a_sentence_or_short_of_the_margin_ends_there():
    text = (
        "The patient is a 67-year-old man who was admitted on March\n"
        "14, 2104 with chest pain and shortness of breath at home.\n"
        "Seen by cardiology.\n"
        "Discharged home with his wife and daughter on the weekend.\n"
    )
    # the second line ends a sentence before a capital, the third short of the margin
    assert soft_wraps(text) == _line_ends(text)[:1]


def test_fields_and_initials_open_their_lines_in_any_case():
    header = (
        "patient: caiomhe sharif | date of birth: 03 may 1968 | mrn: 01233577 | nhs 4857773456\n"
        "address: 176 graigyrhesg road, criccieth, ll52 0aa | telephone: 07700 900199 | email\n"
        "organisation: dolgellau and barmouth district hospital | clinician: dr pippi palmer\n"
        "dictated by: dr martineau, md  pgr 86470 on april 6th at 5:15 am, signed on the 7th\n"
        "gk/ps\n"
    )
    assert soft_wraps(header) == []


def test_a_sign_outs_rooms_a_timelines_times_and_a_tables_rows_keep_their_lines():
    signout = (
        "502 Fairweather, 84M - PNA, on ceftriaxone and azithromycin. Full code.\n"
        "504 Ochoa-Bravo, 61F - DKA resolving, transition to subcut insulin today\n"
        "507 Lindqvist - post-op day 2 TKA, pain ok, PT in the morning, AM labs.\n"
        "511 Mbeki, 93F - delirium, sitter overnight, avoid benzodiazepines please\n"
    )
    board = (
        "H2   Fitzwilliam, Ada     93F      weakness     Dr. Kessler-Obi     admit\n"
        "7    Abernathy, Colm      41M      chest pain   Dr. Nakashima       obs\n"
        "T1   Okafor, Chidi        19M      MVC          Dr. Marchetti       admit\n"
    )
    assert soft_wraps(signout) == []
    assert soft_wraps(board) == []


def test_a_list_of_one_line_questions_is_not_read_as_wrapped():
    # lines of every length from 34 to 64 characters, four apart: as many end in the margin
    # below a width as in the margin at it, where a wrap piles its lines' ends up
    questions = (
        "can someone call Oluwaseun Adeyemi about his colonoscopy results\n"
        "Siobhan in 12B says her pain is 8/10 - what's her last dose?\n"
        "summarize the last three notes on Kwabena Mensah, please\n"
        "has anyone called chidi okafor's wife back yet today\n"
        "order a CBC and a BMP for Raj Patel this evening\n"
        "is Bettina K. still NPO or can she have sips\n"
        "did Aoife Brennan get her flu shot today\n"
        "any new imaging for O'Rourke lately?\n"
        "pull Hyun-woo Park's med list, pls\n"
    )
    assert soft_wraps(questions) == []
    assert unwrapped(questions) is questions


def test_a_row_that_opens_with_a_surname_an_initial_and_a_dash_keeps_its_line():
    # a greedy wrap at 60 columns, then a list's row by a surname, an initial and a dash
    text = (
        "The patient is a 67-year-old man who was admitted on March\n"
        "14, 2104 with chest pain. He was seen in the emergency room\n"
        "by Dr. Okafor-Mensah, who recommended a catheterization for\n"
        "Lindqvist, A. - is the biopsy result from Mayo in yet, then?\n"
        "Please call back.\n"
    )
    assert soft_wraps(text) == _line_ends(text)[:2]


def test_a_row_that_opens_with_a_full_name_and_a_dash_keeps_its_line():
    # lines near one length, as a wrap makes them; the fourth opens with a full name, a
    # spaced dash and what is asked
    queries = (
        "pharmacy called about Abdulrahman Al-Qahtani's vanc level\n"
        "Esperanza's daughter Lupe is here for the family meeting\n"
        "can you check Wojcik, Teresa's BP, last was 190/100\n"
        "Fenella Hargreaves - pls remove the foley per urology\n"
        "Desmond in 12 refusing his 10am meds, asked pharmacy\n"
    )
    assert queries.index("\nFenella") not in soft_wraps(queries)
    assert queries.index("\nDesmond") in soft_wraps(queries)  # no dash: read as a wrap
    # in capitals and in lower case too, and surname first with an initial in lower case
    for text, opening in ((queries.upper(), "\nFENELLA"), (queries.lower(), "\nfenella")):
        assert text.index(opening) not in soft_wraps(text)
    lower = queries.lower().replace("fenella hargreaves", "hargreaves, f.")
    assert lower.index("\nhargreaves, f. -") not in soft_wraps(lower)


def test_a_question_of_its_own_line_in_a_list_of_queries_keeps_its_line():
    # lines near one length, as a wrap makes them; the third opens in lower case with a
    # question's word and ends in a question mark, after a line that may end there
    queries = (
        "Can someone call Esperanza Villalobos back? She asked about it\n"
        "Dr. Nakamura wants Mr. Fitzhugh's INR rechecked tomorrow\n"
        "is bettina still on the list for the 1/12 MRI?\n"
        "Kwabena Mensah (MRN 77820134) no-showed again, 3rd time since October\n"
        "fax from Rocky Mountain Oncology for Laverne Pike is in the bin\n"
        "need auth # for Tyson Greer, Cigna said ref PA8812047\n"
    )
    assert queries.index("\nis bettina") not in soft_wraps(queries)
    # after a word no sentence ends in, the question's words run on from the line before
    wrapped = queries.replace("rechecked tomorrow\n", "rechecked and whether\n")
    assert wrapped.index("\nis bettina") in soft_wraps(wrapped)
    # the question's first word capitalised, after a line with no stop
    capitalised = queries.replace("is bettina", "Is Bettina")
    assert capitalised.index("\nIs Bettina") not in soft_wraps(capitalised)


def test_a_question_by_name_without_its_mark_keeps_its_line():
    queries = (
        "Can someone update the school form for Marisol Vega's camp record\n"
        "Olamide needs a work note through Friday, can you print one for her\n"
        "Dr. Feld wants the sliding scale changed for the evening insulin dose\n"
        "is sunil cleared for surgery\n"
        "Kwabena Mensah (MRN 77820134) no-showed again, 3rd time since October\n"
    )
    assert queries.index("\nis sunil") not in soft_wraps(queries)
    # a sentence wrapped before "is" and a word that is no name runs on
    prose = queries.replace("is sunil cleared for surgery", "is now still scheduled for surgery")
    assert prose.index("\nis now") in soft_wraps(prose)


def test_a_short_note_of_fields_and_two_long_sentences_is_not_wrapped():
    # four lines of 41-53 characters and two far longer: no wrap at 53 leaves those two
    note = (
        "wound care visit - home health\n"
        "pt: ignatius pemberton, 82 y/o m, lives alone\n"
        "address: 44 ridgeview terr, hagerstown md 21740\n"
        "agency: comprehensive home health of western md\n"
        "stage 3 sacral pressure injury, 4.1 x 3.0 x 0.6 cm, moderate drainage, no tunneling.\n"
        "caregiver is niece rosalind who visits on weekends, pcp notified of the drainage by fax.\n"
        "next visit in one week, supplies ordered thru medline.\n"
        "signed bettina o'shaughnessy rn, bsn, cwon\n"
    )
    assert soft_wraps(note) == []


def test_a_wrapped_paragraph_with_one_long_line_is_still_wrapped():
    paragraph = (
        "The patient is a 67-year-old man who was admitted on March\n"
        "14, 2104 with chest pain. He was seen in the emergency room\n"
        "by Dr. Okafor-Mensah, who recommended a catheterization, and\n"
        "see https://portal.example.org/records/view?id=00000000000000000000000000000000\n"
        "his daughter Marguerite Lindqvist was present for the visit.\n"
    )
    assert soft_wraps(paragraph) == _line_ends(paragraph)[:4]
