from phiscrub.document import Span
from phiscrub.merge.routing import allowed_sources, backstop, route

TABLE = {"FECHAS": ["crf"], "DATE": ["rules"], "PHONE": ["rules"], "*": ["ensemble"]}


def test_lookup_by_label_then_phi_type_then_default():
    assert allowed_sources("FECHAS", TABLE) == ["crf"]  # as written, before its type DATE
    assert allowed_sources("NUMERO_TELEFONO", TABLE) == ["rules"]  # its PHI type, PHONE
    assert allowed_sources("PATIENT", TABLE) == ["ensemble"]
    assert allowed_sources("PATIENT", {"DATE": ["rules"]}) is None


def test_route_keeps_trusted_sources_only():
    spans = [
        Span(0, 5, "DATE", 1.0, "rules:date"),
        Span(0, 5, "DATE", 0.9, "ensemble:crf+neural"),
        Span(6, 9, "PATIENT", 0.9, "ensemble"),
        Span(6, 9, "PATIENT", 1.0, "rules"),
        Span(10, 14, "FECHAS", 0.9, "crf"),
    ]
    assert route(spans, TABLE) == [spans[0], spans[2], spans[4]]


def test_backstop_spans_are_kept_only_where_no_other_source_found_anything():
    spans = [
        Span(0, 5, "DOCTOR", source="crf"),
        Span(3, 9, "PATIENT", source="encoder"),  # overlaps the CRF's: dropped
        Span(9, 12, "CITY", source="encoder"),  # touches nothing: kept
        Span(20, 40, "HOSPITAL", source="rules:hospital"),
        Span(30, 33, "CITY", source="encoder"),  # inside the rule's: dropped
        Span(41, 44, "AGE", source="encoder"),
    ]
    assert backstop(spans, ["encoder"]) == [spans[0], spans[2], spans[3], spans[5]]
    assert backstop(spans, []) == spans
