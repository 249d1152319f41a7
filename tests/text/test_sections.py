from phiscrub.text.sections import Line, find_lines, find_sections, section_at

NOTE = (
    "HISTORY OF PRESENT ILLNESS: pain since Monday.\n"
    "Social history: lives alone.\n"
    "Nombre: Ernesto.\n"
    "\n"
    "PLAN\n"
    "Follow up:\n"
    "call in 2 weeks"
)


def test_lines_keep_offsets_and_all_line_breaks():
    assert find_lines("a\r\nbc\n\nd") == [
        Line(0, 1, 0),
        Line(3, 5, 1),
        Line(6, 6, 2),
        Line(7, 8, 3),
    ]
    assert find_lines("") == [Line(0, 0, 0)]


def test_headers_found_by_capitals_lexicon_or_standing_alone():
    sections = find_sections(NOTE)
    assert [s.name for s in sections] == [
        "history of present illness",
        "social history",
        "plan",
        "follow up",
    ]
    first = sections[0]
    assert (first.start, first.header_end) == (0, 26)
    assert first.end == NOTE.index("Social")
    assert sections[-1].end == len(NOTE)


def test_field_labels_with_values_are_not_headers():
    assert all(s.name != "nombre" for s in find_sections(NOTE))


def test_section_at_finds_the_enclosing_section():
    sections = find_sections(NOTE)
    assert section_at(sections, NOTE.index("Ernesto")).name == "social history"
    assert section_at(sections, NOTE.index("call")).name == "follow up"
    assert section_at(find_sections("no headers here"), 3) is None
