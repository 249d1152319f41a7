from phiscrub.document import Span
from phiscrub.merge.routing import allowed_sources, route

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
