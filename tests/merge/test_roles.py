"""Roles of people's names: the dictionary's context rules decide PATIENT or DOCTOR."""

from phiscrub.document import Span
from phiscrub.merge.roles import assign_roles


def test_a_name_takes_the_role_its_context_rule_reads():
    merged = [Span(20, 34, "PATIENT", 0.9, "ensemble:crf"), Span(40, 50, "DATE", 1.0, "rules")]
    raw = [
        Span(20, 34, "DOCTOR", 0.93, "dictionary:credential"),
        Span(20, 34, "PATIENT", 0.75, "dictionary:gazetteer_first_name"),  # no context
    ]
    kept, changed = assign_roles(merged, raw)
    assert [(s.start, s.end, s.label) for s in kept] == [(20, 34, "DOCTOR"), (40, 50, "DATE")]
    assert [(d.span.label, d.kept.label, d.policy) for d in changed] == [
        ("PATIENT", "DOCTOR", "roles")
    ]


def test_a_plural_title_reads_each_name_a_clinician():
    # "with Drs. Kaplan and Ostrowski": "Kaplan" read as a patient by the CRF
    merged = [Span(15, 21, "PATIENT", 0.9, "ensemble:crf")]
    raw = [Span(15, 21, "DOCTOR", 0.93, "dictionary:title_doctors")]
    kept, _ = assign_roles(merged, raw)
    assert [(s.start, s.end, s.label) for s in kept] == [(15, 21, "DOCTOR")]


def test_rules_that_disagree_leave_the_label():
    merged = [Span(0, 10, "PATIENT", 0.9, "ensemble:crf")]
    raw = [
        Span(0, 10, "DOCTOR", 0.95, "dictionary:title_doctor"),
        Span(4, 10, "PATIENT", 0.9, "dictionary:relative"),
    ]
    assert assign_roles(merged, raw) == (merged, [])


def test_a_credential_outweighs_a_cue_said_of_relatives_and_staff_alike():
    # "Report given to Karen, RN."
    merged = [Span(16, 21, "PATIENT", 0.88, "dictionary:contact")]
    raw = [
        Span(16, 21, "DOCTOR", 0.93, "dictionary:credential"),
        Span(16, 21, "PATIENT", 0.88, "dictionary:contact"),
    ]
    kept, changed = assign_roles(merged, raw)
    assert [(s.start, s.end, s.label) for s in kept] == [(16, 21, "DOCTOR")]
    assert [(d.span.label, d.kept.label) for d in changed] == [("PATIENT", "DOCTOR")]


def test_a_cue_said_of_relatives_and_staff_alike_still_reads_a_role_alone():
    merged = [Span(16, 21, "DOCTOR", 0.9, "ensemble:crf")]  # "Spoke with Karen about"
    raw = [Span(16, 21, "PATIENT", 0.88, "dictionary:contact")]
    kept, _ = assign_roles(merged, raw)
    assert [s.label for s in kept] == ["PATIENT"]


def test_only_names_that_a_context_rule_touches_change():
    merged = [Span(0, 10, "DOCTOR", 0.9, "ensemble:crf"), Span(20, 30, "HOSPITAL", 0.9, "x")]
    raw = [
        Span(12, 18, "PATIENT", 0.93, "dictionary:title_patient"),
        Span(20, 30, "PATIENT", 0.93, "dictionary:title_patient"),  # not a person's span
    ]
    kept, changed = assign_roles(merged, raw)
    assert kept == merged
    assert changed == []


def test_a_last_resort_rule_guesses_a_role_only_where_no_other_detector_reads_one():
    merged = [
        Span(0, 10, "PATIENT", 0.7, "dictionary:initial_surname"),  # "R. Pearson"
        Span(20, 30, "PATIENT", 0.7, "dictionary:initial_surname"),  # the models disagree
        Span(40, 45, "PATIENT", 0.7, "dictionary:possessive_name"),  # no one else found it
    ]
    raw = [
        *merged,
        Span(0, 10, "DOCTOR", 0.9, "crf"),
        Span(2, 10, "DOCTOR", 0.6, "bilstm-fea"),
        Span(20, 30, "DOCTOR", 0.9, "crf"),
        Span(20, 30, "PATIENT", 0.8, "bilstm-fea"),
    ]
    kept, changed = assign_roles(merged, raw)
    assert [(s.start, s.label) for s in kept] == [(0, "DOCTOR"), (20, "PATIENT"), (40, "PATIENT")]
    assert [(d.span.start, d.kept.label) for d in changed] == [(0, "DOCTOR")]


def test_a_grade_after_mr_and_a_table_heading_read_roles():
    merged = [Span(0, 10, "PATIENT", 0.9, "ensemble:crf"), Span(20, 25, "PATIENT", 0.8, "x")]
    raw = [
        Span(0, 10, "DOCTOR", 0.95, "dictionary:title_grade"),  # "Mr X (Consultant ...)"
        Span(20, 25, "DOCTOR", 0.85, "dictionary:table"),  # under an "RN" heading
    ]
    kept, _ = assign_roles(merged, raw)
    assert [s.label for s in kept] == ["DOCTOR", "DOCTOR"]


def test_a_hospital_an_insurer_s_pattern_names_whole_is_an_organisation():
    # "Policy number W48217390 (Cigna)": models read the insurer as a hospital
    merged = [Span(27, 32, "HOSPITAL", 0.73, "ensemble:bilstm-fea+crf")]
    raw = [Span(27, 32, "ORGANIZATION", 0.8, "rules:insurer_known")]
    kept, changed = assign_roles(merged, raw)
    assert [(s.start, s.end, s.label) for s in kept] == [(27, 32, "ORGANIZATION")]
    assert [(d.span.label, d.kept.label, d.policy) for d in changed] == [
        ("HOSPITAL", "ORGANIZATION", "roles")
    ]


def test_a_hospital_wider_than_the_insurer_stays_a_hospital():
    merged = [Span(0, 20, "HOSPITAL", 0.9, "rules:hospital")]
    raw = [Span(0, 5, "ORGANIZATION", 0.8, "rules:insurer_known")]
    assert assign_roles(merged, raw) == (merged, [])


def test_a_town_in_brackets_after_a_site_stays_a_town():
    # "St Vincent's Hospital (Sydney)": models read the town as part of the hospital
    merged = [
        Span(0, 21, "HOSPITAL", 0.9, "rules:hospital"),
        Span(23, 29, "HOSPITAL", 0.73, "ensemble:bilstm-fea+crf"),
    ]
    raw = [Span(23, 29, "CITY", 0.75, "dictionary:town_after_site")]
    kept, _ = assign_roles(merged, raw)
    assert [(s.start, s.end, s.label) for s in kept] == [(0, 21, "HOSPITAL"), (23, 29, "CITY")]


def test_a_town_alone_on_the_line_after_a_site_stays_a_town():
    # "Mercy Clinic\nBangor\n": a model reads the town as a department or a clinician
    merged = [
        Span(0, 12, "HOSPITAL", 0.9, "rules:hospital"),
        Span(13, 19, "DEPARTMENT", 0.75, "ensemble:crf"),
    ]
    raw = [Span(13, 19, "CITY", 0.75, "dictionary:town_after_site")]
    kept, changed = assign_roles(merged, raw)
    assert [(s.start, s.end, s.label) for s in kept] == [(0, 12, "HOSPITAL"), (13, 19, "CITY")]
    assert [(d.span.label, d.kept.label) for d in changed] == [("DEPARTMENT", "CITY")]
    # a span the town's rule did not find whole keeps its label
    wider = [Span(13, 25, "DOCTOR", 0.75, "ensemble:crf")]
    assert assign_roles(wider, raw) == (wider, [])


def test_a_hospital_that_a_known_firm_s_pattern_names_is_an_organisation():
    # "Home health (BAYADA) to start 11/29"
    merged = [Span(13, 19, "HOSPITAL", 0.26, "ensemble:bilstm-fea")]
    raw = [Span(13, 19, "ORGANIZATION", 0.8, "rules:organization_known_capitals")]
    kept, _ = assign_roles(merged, raw)
    assert [(s.start, s.end, s.label) for s in kept] == [(13, 19, "ORGANIZATION")]
