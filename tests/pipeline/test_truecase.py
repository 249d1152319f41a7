import pytest

from phiscrub.document import Document
from phiscrub.pipeline import load_pipeline
from phiscrub.pipeline.truecase import line_capitals, truecased
from phiscrub.pipeline.view import detection_view


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a line's first word, a listed first name and surname, the heads of a named place
        (
            "patient: emmalin caniff, seen at watsonton medical center today",
            "Patient: Emmalin Caniff, seen at Watsonton Medical Center today",
        ),
        # abbreviations and identifiers in capitals, a state's code before a ZIP code
        (
            "mrn s2779232, dob may 5, lives in sioux city, ia 51104",
            "MRN S2779232, DOB May 5, lives in Sioux City, IA 51104",
        ),
        # identifiers of letters and digits joined by dashes, not a prefix or a dose's hours
        (
            "case no. me-31-01472, log #roi-2130-11873; post-2010, covid-19, q4-6h, x-ray",
            "Case no. ME-31-01472, log #ROI-2130-11873; post-2010, covid-19, q4-6h, x-ray",
        ),
        # a town before a state's code and a ZIP code; a name's initial after it, before a
        # stop or a gap, not "a"
        (
            "mail to 55 w. monroe st., chicago, il 60603\nrecipient: hartmann, elisabeth r   mr"
            "\nsaw harold a week ago; travis j., who called",
            "Mail to 55 W. Monroe st., Chicago, IL 60603\nRecipient: Hartmann, Elisabeth R   Mr"
            "\nSaw Harold a week ago; Travis J., who called",
        ),
        # a long run of dashed parts that ends in a dash is no identifier (read in one pass:
        # parts that two branches of a pattern could take made this exponential)
        ("code " + "ab-12-" * 40 + " here", "Code " + "ab-12-" * 40 + " here"),
        # places: after a comma that follows a name, a frequent name after "in", a place
        # before a head; a common word that is also a town stays ("to bath in reading")
        (
            "seen at scheurer hospital, cairo, then in boston by cornwall transit authority. "
            "to bath in reading",
            "Seen at Scheurer Hospital, Cairo, then in Boston by Cornwall Transit Authority. "
            "To bath in reading",
        ),
        # months that are verbs too: before a number or after a word that leads to a date
        (
            "she turned 87 in march and may need a cane by may 5",
            "She turned 87 in March and may need a cane by May 5",
        ),
        # a street suffix after a house number and a name; "may" before no number is a verb
        (
            "address: 4603 whitney manors. she may need dr. okafor on monday",
            "Address: 4603 Whitney Manors. She may need Dr. Okafor on Monday",
        ),
        # a name that is also a frequent word only beside another name or after a title; a
        # street suffix without a house number stays
        (
            "discussed with john, frank blood noted. dr frank and rose hall at the park",
            "Discussed with john, frank blood noted. Dr Frank and Rose Hall at the park",
        ),
        # a hyphen joins a rare name to a listed one, not two colours; an initial before a
        # listed surname (a rare word, "eschar", is capitalised as ever)
        (
            "did nkechi adeyemi-brown get discharged? brown-black eschar. note for b. o'connell",
            "Did Nkechi Adeyemi-Brown get discharged? Brown-black Eschar. Note for B. O'Connell",
        ),
        # heads one after another after a name; not after an ordinary word
        (
            "writer at halgabron public library, clerk at talardd town council, in public",
            "Writer at Halgabron Public Library, clerk at Talardd Town Council, in public",
        ),
        # the words after a person's field up to its end, frequent or not, where one of them
        # is no common word; not a field's plain words ("contact: none")
        (
            "patient: hodan tone | dob 1/2/55\nemergency contact: toa leche. contact: none.",
            "Patient: Hodan Tone | DOB 1/2/55\nEmergency contact: Toa Leche. Contact: None.",
        ),
        ("name: bridson, zak r    mr#: 64582018", "Name: Bridson, Zak R    Mr#: 64582018"),
        # a clinician's short query; a surname's prefix ("o'clock" is no name)
        ("what meds is ramirez on", "What meds is Ramirez on"),
        # a street named without a house number after a word that says where; not a road's
        # kind, nor a doctor after "call"
        (
            "lives on palisade avenue, corner of elm st and oak ave; off holcomb bridge rd.",
            "Lives on Palisade Avenue, corner of Elm St and Oak Ave; off Holcomb Bridge Rd.",
        ),
        (
            "walked along the dirt road, lives on a quiet street, on call dr smith",
            "Walked along the dirt road, lives on a quiet street, on call Dr Smith",
        ),
        # "st" before a name is a saint
        (
            "seen at ssm health st mary's hospital; lives on elm st apt 4",
            "Seen at ssm health St Mary's Hospital; lives on Elm St apt 4",
        ),
        (
            "page dr o'neil or dr mcdonald by 5 o'clock",
            "Page Dr O'Neil or Dr McDonald by 5 o'clock",
        ),
        # postcodes and the regions before them; tokens of letters and digits that are no
        # measure, no ordinal and no short code
        (
            "glasgow g51 1le; toronto, on m4n 3m5; camperdown nsw 2050; d15 x2y7",
            "Glasgow G51 1LE; toronto, ON M4N 3M5; Camperdown NSW 2050; D15 X2Y7",
        ),
        (
            "vin 1hgcv1f34ma012345, ppsn 8754321wa, lot 4017a2",
            "Vin 1HGCV1F34MA012345, Ppsn 8754321WA, lot 4017A2",
        ),
        ("gave 500mg at 10am on the 2nd; t2dm; went on 2050 units", None),
        # the public a service names, after a name, heads it ("youth", "senior")
        (
            "pharmacist at spickard youth services; the youth pastor",
            "Pharmacist at Spickard Youth Services; the youth pastor",
        ),
        # a word that opens a head of two words, after a name and before a head only
        (
            "location: maplewood assisted living. ferraro, pa-c, medfirst urgent care",
            "Location: Maplewood Assisted Living. Ferraro, pa-c, Medfirst Urgent Care",
        ),
        (
            "dr. oduya assisted with the block; urgent care",
            "Dr. Oduya assisted with the block; urgent care",
        ),
        # a head after another and "&"; not after a word that is no head
        (
            "progress note - ferncliff nursing & rehab; salt & pepper hair; bed & bath",
            "Progress note - Ferncliff Nursing & Rehab; salt & Pepper hair; bed & bath",
        ),
        # a handle is a name, not an identifier
        ("thanks @ amymartin3334", "Thanks @ Amymartin3334"),
        # a rare word that ends as clinical words do stays in lower case; a listed place that is
        # a rare word is one after a place's lead; clinical abbreviations in capitals
        (
            "meds: oral rehydration solution, ondansetron prn. erythematous and warm.",
            "Meds: Oral rehydration solution, ondansetron PRN. Erythematous and warm.",
        ),
        (
            "sister from duluth; went to bath; still npo, dka in micu",
            "Sister from Duluth; went to bath; still NPO, DKA in MICU",
        ),
        # a large town's name that is a word too is a place after a place's lead; an ordinary
        # word that names one is not
        (
            "brother in fargo may take her; son visits from plymouth; lives in reading",
            "Brother in Fargo may take her; son visits from Plymouth; lives in reading",
        ),
        ("flying home to honolulu on friday", "Flying home to Honolulu on Friday"),
        # a wound's findings end as clinical words do
        (
            "symptoms: wound erythema, purulent discharge, pitting edema.",
            "Symptoms: Wound erythema, purulent discharge, pitting edema.",
        ),
        # a frequent word after "re", "un" or "pre" is no rare name; names that start so are
        (
            "can u reorder kwesi mensah's cultures; recheck reagan and preston",
            "Can u reorder Kwesi Mensah's cultures; recheck Reagan and Preston",
        ),
        # "royal" heads a name after a town's ("cardiff royal infirmary")
        ("arrival at cardiff royal infirmary.", "Arrival at Cardiff Royal Infirmary."),
        # a name handed something, set off after a relation, or between "patient" and a verb,
        # when one of its words is no common word; not common words alone
        (
            "family update given to memory stilley. follow-up booked",
            "Family update given to Memory Stilley. Follow-up booked",
        ),
        (
            "patient loyalty radetich was reviewed. patient states she was tired.",
            "Patient Loyalty Radetich was reviewed. Patient states she was tired.",
        ),
        (
            "her daughter, anna smith, called; his wife, who is here, called",
            "Her daughter, Anna Smith, called; his wife, who is here, called",
        ),
        (
            "spoke with the daughter. given to pharmacy.",
            "Spoke with the daughter. Given to pharmacy.",
        ),
        # a numbered street's type, and a listed town after a street's line and a comma
        (
            "clinic at 715 s 8th st, minneapolis today",
            "Clinic at 715 s 8th St, Minneapolis today",
        ),
        (
            "sent to urology, 7604 central ave, philadelphia",
            "Sent to urology, 7604 central ave, Philadelphia",
        ),
        ("took 2 tabs at 3 pm, reading after", "Took 2 tabs at 3 pm, reading after"),
        # a listed town with a saint's, a fort's or a mount's short form, with its stop or
        # without ("St. Paul" and "Fort Lauderdale" are listed); not a saint's church
        (
            "601 robert st n, st. paul, mn 55155; moved from st louis to ft. lauderdale",
            "601 robert st n, St. Paul, MN 55155; moved from St Louis to Ft. Lauderdale",
        ),
        ("went to st. luke church and st. mark", "Went to st. Luke Church and st. Mark"),
        # a state's code after a listed town and a comma, without a ZIP; one that is a
        # frequent word only where its clause ends
        (
            "sent to a lab (fort myers, fl). moved to tampa, fl last year",
            "Sent to a lab (Fort Myers, FL). Moved to Tampa, FL last year",
        ),
        ("gbs neg. fob julio involved", "Gbs neg. FOB Julio involved"),  # the baby's father
        (
            "lives in portland, or. from boston, me and my wife. smith, ma came",
            "Lives in Portland, OR. From Boston, me and my wife. Smith, ma came",
        ),
        # a large city of the world whose name is an English word, after a place's lead; not
        # one that is an ordinary or a clinical word
        (
            "visiting from budapest, moved to kabul. lesion in oral cavity; pest in mango",
            "Visiting from Budapest, moved to Kabul. Lesion in oral cavity; pest in mango",
        ),
        # a given name or an initial between a title and a rare name, even one that is a
        # word; not a frequent word
        (
            "pt mrs p. oyelaran came. mr con papadopoulos, 71. dr was harrington",
            "Pt Mrs P. Oyelaran came. Mr Con Papadopoulos, 71. Dr was Harrington",
        ),
        # a surname on no list after a listed given name; not a frequent or a clinical word
        (
            "check if wendell mbeki got home. maria reports pain; wendell tachypneic",
            "Check if Wendell Mbeki got home. Maria reports pain; Wendell tachypneic",
        ),
        # a listed given name before "'s" is read as the name; not a frequent word's possessive
        (
            "this is debbie lancaster, phil's wife. the patient's mother's visit",
            "This is Debbie Lancaster, Phil's wife. The patient's mother's visit",
        ),
        # nor a verb's or an adverb's form, nor two frequent words run together
        (
            "under the blanchard underpass. barrett endorses pain",
            "Under the Blanchard underpass. Barrett endorses pain",
        ),
    ],
)
def test_a_lower_case_note_gets_its_capitals_back_letter_for_letter(text, expected):
    expected = expected or text[0].upper() + text[1:]
    assert truecased(text, "en") == expected
    assert len(expected) == len(text)


def test_only_notes_in_lower_case_and_languages_with_lists_are_truecased():
    assert truecased("Patient: Emmalin Caniff seen at Watsonton today", "en") is None
    assert truecased("PATIENT: EMMALIN CANIFF SEEN AT WATSONTON TODAY", "en") is None
    assert truecased("seen today", "en") is None  # too few letters to tell (9)
    assert truecased("paciente: maría garcía, vista en el hospital hoy", "es") is None


def test_the_pipeline_reads_a_lower_case_note_truecased_and_keeps_its_text():
    text = "pt emmalin caniff, dob 07/21/1914, lives at 4603 whitney manors, tempe, az 85281."
    view = detection_view(Document("d", text), "en")
    assert view.doc.text == (
        "Pt Emmalin Caniff, DOB 07/21/1914, lives at 4603 Whitney Manors, Tempe, AZ 85281."
    )
    assert detection_view(Document("d", text)).doc.text == text  # no language: as it is
    annotated = load_pipeline("rules").annotate(Document("d", text))
    assert annotated.text == text
    found = {(s.label, text[s.start : s.end]) for s in annotated.spans}
    assert {("DATE", "07/21/1914"), ("STREET", "4603 whitney manors"), ("CITY", "tempe")} <= found
    assert ("ZIP", "85281") in found


def test_the_abbreviations_a_lower_case_line_writes_in_capitals_are_data():
    assert {"MRI", "PICC", "R"} <= set(line_capitals("en"))
    assert "I" not in line_capitals("en")  # posts typed in lower case still capitalise it
    assert line_capitals("xx") == ()  # a language without casing lists
