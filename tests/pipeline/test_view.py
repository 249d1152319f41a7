import pytest

from phiscrub.document import Document, Span
from phiscrub.merge import Dropped
from phiscrub.pipeline import load_pipeline
from phiscrub.pipeline.view import View, capitals_twin, detection_view

UNIX = "Patient: Ann Lee\nAddress: 12 Oak St, Jamestown\nPhone: 617-555-0100\n"
EXPECTED = [
    ("PATIENT", "Ann Lee"),
    ("STREET", "12 Oak St"),
    ("CITY", "Jamestown"),
    ("PHONE", "617-555-0100"),
]


def _found(text: str) -> list[tuple[str, str]]:
    annotated = load_pipeline("rules").annotate(Document("d", text))
    assert annotated.text == text  # the note itself is left as it was
    return [(s.label, text[s.start : s.end]) for s in annotated.spans]


def test_carriage_returns_and_no_break_spaces_are_read_as_plain_text_offsets_kept():
    no_break = UNIX.replace("Ann Lee", "Ann\u00a0Lee").replace(" Oak", "\u202fOak")
    no_break = no_break.replace("617-555-0100", "617\u2010555\u20110100")  # Unicode hyphens
    for text in (UNIX, UNIX.replace("\n", "\r\n"), UNIX.replace("\n", "\r"), no_break):
        found = _found(text)
        assert [label for label, _ in found] == [label for label, _ in EXPECTED]
        view = detection_view(Document("d", text)).doc.text
        assert len(view) == len(text)
    assert [text for _, text in _found(no_break)] == [
        "Ann\u00a0Lee",
        "12\u202fOak St",
        "Jamestown",
        "617\u2010555\u20110100",
    ]
    view = detection_view(Document("d", "a\r\nb\rc\u00a0d\u2009e\u3000f\u2010g\u2212h\ti"))
    assert view.doc.text == "a \nb\nc d e f-g-h\ti"
    assert view.runs == ()
    plain = Document("d", "a\nb")
    assert detection_view(plain).doc is plain


def test_spaces_and_tabs_after_punctuation_are_read_as_one_space_and_spans_cover_the_note():
    text = "Patient:\tAnn Lee\nAddress:   12 Oak St,\t\tJamestown\nPhone:  617-555-0100\n"
    assert _found(text) == EXPECTED
    assert _found(UNIX) == EXPECTED
    assert _found("Seen by Dr.  Ann Lee.  Phone 617-555-0100.") == [
        ("DOCTOR", "Ann Lee"),
        ("PHONE", "617-555-0100"),
    ]


def test_runs_between_words_stay_column_breaks():
    text = "Attending: Dr. Ann Lee   Ward 4\nDr. Ann Lee\tTranscribed 03/04"
    view = detection_view(Document("d", text))
    assert view.doc.text == text
    assert [(label, name) for label, name in _found(text) if label == "DOCTOR"] == [
        ("DOCTOR", "Ann Lee"),
        ("DOCTOR", "Ann Lee"),
    ]


def test_two_spaces_beside_a_lower_case_word_are_read_as_one():
    text = "Family update given  to Ann  Lee, phone (617)  555-0100"
    view = detection_view(Document("d", text))
    # in a line of prose two spaces between capitalised words or digits are a typist's slip
    assert view.doc.text == "Family update given to Ann Lee, phone (617) 555-0100"
    # prose after a field's colon; a tab in prose
    prose = detection_view(Document("d", "Plan: family update given to Hezekiah\tKuczma."))
    assert prose.doc.text == "Plan: family update given to Hezekiah Kuczma."
    # a tab or two spaces between a number's groups: a slip inside one number, in any line;
    # not between two numbers of five digits and more
    assert detection_view(Document("d", "Tel: (340)\t555-0199")).doc.text == "Tel: (340) 555-0199"
    assert detection_view(Document("d", "SSN: 666  09 5278")).doc.text == "SSN: 666 09 5278"
    assert detection_view(Document("d", "ID 12345  67890")).runs == ()
    # nor before an age and sex glued together: a room's column, then the age's
    assert detection_view(Document("d", "Ruiz-Tagle, Consuelo  815  91F")).runs == ()
    # with fewer than three lower-case words before them on the line: a form's row, kept
    # (the number's two spaces are squeezed all the same)
    view = detection_view(Document("d", "Ann  Lee, phone (617)  555-0100"))
    assert view.doc.text == "Ann  Lee, phone (617) 555-0100"
    assert _found("Family update  given to Ann Lee.") == [("PATIENT", "Ann Lee")]
    tabbed = detection_view(Document("d", "update\tgiven to Ann Lee"))
    assert tabbed.doc.text == "update given to Ann Lee"
    assert tabbed.runs == ((6, 1, 6),)
    # three spaces, a tab, or two spaces between capitalised words stay a column's break
    text = "Ann Lee   Ward 4\tBed 2\nDr. Ann Lee  Transcribed 03/04"
    assert detection_view(Document("d", text)).runs == ()
    # three spaces after a stop are a column's break too ("Consuelo B." and "Oncoming RN")
    assert detection_view(Document("d", "RN: Consuelo B.   Oncoming RN: Ty")).runs == ()
    assert detection_view(Document("d", "Seen by Dr.  Lee")).doc.text == "Seen by Dr. Lee"
    # in a note without capitals no case tells a column's break
    assert detection_view(Document("d", "pt: ann lee  dob 3/4")).runs == ()


def test_the_view_squeezes_runs_and_maps_offsets_both_ways():
    text = "a.  cd, \t e\n:   f"
    view = detection_view(Document("d", text, (Span(2, 6, "X"), Span(10, 11, "Y"))))
    assert view.doc.text == "a. cd, e\n: f"
    assert view.runs == ((2, 2, 2), (7, 3, 6), (13, 3, 10))
    # the note's gold spans are carried over to the view
    assert [(s.start, s.end) for s in view.doc.spans] == [(2, 5), (7, 8)]
    # "cd" (view 3-5), "e" (7-8), "f" (11-12), and spans ending or starting on a squeezed space
    pairs = [((3, 5), (4, 6)), ((7, 8), (10, 11)), ((11, 12), (16, 17)), ((0, 3), (0, 4))]
    for (vs, ve), (ns, ne) in pairs:
        span = view.to_original(Span(vs, ve, "X", 0.5, "s"))
        assert (span.start, span.end, span.score, span.source) == (ns, ne, 0.5, "s")
        back = view.to_view(span)
        assert (back.start, back.end) == (vs, ve)
    starting_on_a_run = view.to_original(Span(2, 4, "X"))  # " c": the whole run and "c"
    assert (starting_on_a_run.start, starting_on_a_run.end) == (2, 5)
    assert view.to_view(Span(3, 6, "X")) == Span(2, 5, "X")  # from inside a run: its space
    kept = Span(3, 5, "X")
    (dropped,) = view.dropped_to_original([Dropped(Span(3, 8, "Y"), kept, "p")])
    assert (dropped.span.start, dropped.span.end) == (4, 11)
    assert (dropped.kept.start, dropped.kept.end) == (4, 6)
    assert dropped.policy == "p"


def test_a_view_without_runs_maps_spans_unchanged():
    view = View(Document("d", "abc"))
    span = Span(0, 2, "X")
    assert view.to_original(span) is span
    assert view.to_view(span) is span


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Seen today by Dr.  Ann Lee.  Discharged", ["Ann Lee"]),
        ("Patient:\t Ann Lee", ["Ann Lee"]),
        ("Patient:   Ann Lee.  ", ["Ann Lee"]),
    ],
)
def test_first_pass_spans_are_in_the_notes_offsets_and_go_back_into_detect(text, names):
    pipeline = load_pipeline("rules")
    doc = Document("d", text)
    raw = pipeline.first_pass(doc)
    assert [text[s.start : s.end] for s in raw if s.label in ("PATIENT", "DOCTOR")] == names
    (many,) = pipeline.first_pass_many([doc])
    assert many == raw
    detection = pipeline.detect(doc, raw=raw)
    assert [text[s.start : s.end] for s in detection.spans] == names
    assert detection.spans == pipeline.detect(doc).spans
    assert list(detection.raw) == raw


def test_a_note_typed_in_lower_case_is_marked_in_its_views_metadata():
    from phiscrub.text.casing import TYPED_IN_LOWER_CASE

    lower = detection_view(Document("q", "pull up labs for jonathan pierce", (), {"a": 1}), "en")
    assert lower.doc.text == "Pull up labs for Jonathan Pierce"
    assert dict(lower.doc.metadata) == {"a": 1, TYPED_IN_LOWER_CASE: True}
    mixed = detection_view(Document("m", "Pull up labs for Jonathan Pierce", (), {"a": 1}), "en")
    assert dict(mixed.doc.metadata) == {"a": 1}
    squeezed = detection_view(Document("s", "pt: jonathan pierce,  seen today"), "en")
    assert squeezed.runs and squeezed.doc.metadata[TYPED_IN_LOWER_CASE] is True


def test_a_line_typed_in_lower_case_in_a_mixed_note_is_read_with_capitals_restored():
    from phiscrub.text.casing import TYPED_IN_LOWER_CASE

    text = "Any update on Okwuosa?\npull up labs for jonathan pierce\nok by me\n"
    view = detection_view(Document("q", text, (), {"a": 1}), "en")
    lines = view.doc.text.split("\n")
    assert lines == ["Any update on Okwuosa?", "Pull up labs for Jonathan Pierce", "ok by me", ""]
    assert TYPED_IN_LOWER_CASE not in view.doc.metadata  # the note is in mixed case
    assert detection_view(Document("q", text), None).doc.text == text  # no casing lists
    assert ("PATIENT", "jonathan pierce") in {
        (s.label, text[s.start : s.end])
        for s in load_pipeline("rules").annotate(Document("q", text)).spans
    }


def test_a_lower_case_line_with_a_code_or_a_cue_in_capitals_is_read_with_capitals_restored():
    text = (
        "Any update on Okwuosa?\n"
        "need the insurance on frantz, says medicaid ID NH0044178\n"
        "guadalupe 93F fell again, family at bedside\n"
        "WOUND 12/9: l heel eschar, no drainage\n"
        "she was off the floor for MRI w jorge from transport\n"
    )
    lines = detection_view(Document("q", text), "en").doc.text.split("\n")
    assert lines[1] == "Need the insurance on Frantz, says medicaid ID NH0044178"
    assert lines[2] == "Guadalupe 93F fell again, family at bedside"
    assert lines[3] == "WOUND 12/9: l heel eschar, no drainage"  # a word in capitals
    # a clinical abbreviation in capitals, as a query typed in lower case still writes it
    assert lines[4] == "She was off the floor for MRI w Jorge from transport"
    request = "Any update?\npls add zhao, meiling to the IR list for PICC today\n"
    restored = detection_view(Document("q", request), "en").doc.text.split("\n")
    assert restored[1] == "Pls add Zhao, Meiling to the IR list for PICC today"
    query = "Any records?\ndoes okafor have a POLST on file\n"
    restored = detection_view(Document("q", query), "en").doc.text.split("\n")
    assert restored[1] == "Does Okafor have a POLST on file"


def test_from_is_no_word_of_a_street_in_a_note_typed_in_lower_case():
    text = "hpi: 81f from maple ridge assisted living w/ 2 days of sob. son is hcp."
    assert "STREET" not in {label for label, _ in _found(text)}  # not "81f from maple ridge"


def test_phi_broken_by_a_hard_wrap_is_found_whole_in_the_note():
    text = (
        "The patient is a 67-year-old man who was admitted on March\n"
        "14, 2104 with chest pain. He was seen in the emergency room\n"
        "and can be reached at home on his own phone line at 617-555-\n"
        "0100 or through his daughter, who lives nearby with her kids.\n"
    )
    assert ("DATE", "March\n14, 2104") in _found(text)
    assert detection_view(Document("d", text)).doc.text == text.replace("\n", " ")[:-1] + "\n"


def test_a_note_in_capitals_has_a_twin_with_its_capitals_restored():
    from phiscrub.text.casing import TYPED_IN_LOWER_CASE

    text = "PLEASE SEND NKECHI OBI-LAURENT A PORTAL MESSAGE. MRN: 4471882"
    twin = capitals_twin(Document("c", text, (), {"a": 1}), "en")
    assert twin.text == "Please send Nkechi Obi-Laurent a portal message. MRN: 4471882"
    assert dict(twin.metadata) == {"a": 1, TYPED_IN_LOWER_CASE: True}
    assert capitals_twin(Document("m", "Please send Nkechi a message"), "en") is None
    assert capitals_twin(Document("l", "please send nkechi a message"), "en") is None


def test_the_twin_widens_a_place_it_holds_whole_but_not_a_name():
    from phiscrub.document import Span

    text = (
        "WORKS AT MARISOL'S TAQUERIA ON PACIFIC HWY TODAY. PLEASE SEND NKECHI OBI-LAURENT A NOTE."
    )
    rules = load_pipeline("rules")
    doc = Document("c", text)
    shop, name = text.index("MARISOL'S"), text.index("NKECHI")

    read = capitals_twin(doc, "en")

    def twin(*found: Span) -> list[tuple[str, str]]:
        spans = rules._twin_pass(doc, list(found), read)
        return [(s.label, text[s.start : s.end]) for s in spans]

    everything = [
        ("ORGANIZATION", "MARISOL'S TAQUERIA"),
        ("STREET", "PACIFIC HWY"),
        ("PATIENT", "NKECHI OBI-LAURENT"),
    ]
    assert twin() == everything
    # a span inside the twin's place: the twin's place is added over it; inside a name: not
    assert twin(Span(shop, shop + 9, "PATIENT", 0.5, "crf")) == everything
    assert twin(Span(name, name + 6, "PATIENT", 0.5, "crf")) == everything[:2]
    # a span that reaches past the twin's spans keeps them out
    assert twin(Span(shop + 10, shop + 26, "CITY", 0.5, "crf")) == everything[2:]


def test_the_rules_and_dictionaries_read_a_note_in_capitals_in_its_twin():
    from phiscrub.pipeline import Pipeline

    text = "MRN:   4471882\nPLEASE SEND NKECHI OBI-LAURENT A PORTAL MESSAGE."
    rules = load_pipeline("rules")
    found = [(s.label, text[s.start : s.end]) for s in rules.annotate(Document("c", text)).spans]
    assert found == [("MEDICALRECORD", "4471882"), ("PATIENT", "NKECHI OBI-LAURENT")]
    (many,) = rules.first_pass_many([Document("c", text)])
    assert many == rules.first_pass(Document("c", text))
    alone = Pipeline(rules.config.model_copy(update={"capitals_twin": False}), rules.base)
    spans = alone.annotate(Document("c", text)).spans
    assert [(s.label, text[s.start : s.end]) for s in spans] == [("MEDICALRECORD", "4471882")]


def test_the_trained_detectors_read_a_note_in_capitals_in_its_twin():
    from phiscrub.pipeline import Pipeline

    default = load_pipeline("default")
    crf = next(d for d in default.config.detector if d.name == "crf")
    alone = Pipeline(default.config.model_copy(update={"detector": [crf]}), default.base)
    (tagger,) = alone.detectors
    text = "PLEASE SEND NKECHI OBI-LAURENT A PORTAL MESSAGE ABOUT HER MRI."
    note = Document("c", text)
    twin = capitals_twin(note, "en")
    assert twin is not None
    # in capitals the model finds no name; in the twin it does, and the pipeline reads that
    assert tagger.detect(note) == []
    found = [(s.label, text[s.start : s.end]) for s in alone.first_pass(note)]
    assert found == [("PATIENT", "NKECHI OBI-LAURENT")]
    assert alone.first_pass_many([note]) == [alone.first_pass(note)]
    # a note in mixed case is read as it is; without the setting, capitals are read as they are
    mixed = Document("m", "Please send Nkechi Obi-Laurent a portal message.")
    assert alone.first_pass(mixed) == tagger.detect(mixed)
    off = Pipeline(alone.config.model_copy(update={"models_read_twin": False}), default.base)
    assert off.first_pass(note) == []
