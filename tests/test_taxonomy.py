import pytest

from phiscrub import taxonomy
from phiscrub.document import Document, Span


def test_i2b2_types_categories_and_counts():
    types = taxonomy.phi_types()
    assert len(types) == 31  # 30 i2b2 2014 types + the scorer's OTHER
    assert taxonomy.categories() == [
        "NAME",
        "PROFESSION",
        "LOCATION",
        "AGE",
        "DATE",
        "CONTACT",
        "ID",
        "OTHER",
    ]
    assert types["ZIP"].category == "LOCATION"
    assert types["BIOID"].category == "ID"
    assert {t for t, v in types.items() if v.category == "NAME"} == {
        "PATIENT",
        "DOCTOR",
        "USERNAME",
    }


def test_hipaa_flags_and_ages_over_89():
    assert taxonomy.is_hipaa("PATIENT")
    assert not taxonomy.is_hipaa("DOCTOR")
    assert not taxonomy.is_hipaa("HOSPITAL")
    assert taxonomy.is_hipaa("IDNUM")
    assert taxonomy.is_hipaa("AGE", "92")
    assert taxonomy.is_hipaa("AGE", "91 años")
    assert taxonomy.is_hipaa("AGE", "ninety-one")
    assert not taxonomy.is_hipaa("AGE", "89")
    assert not taxonomy.is_hipaa("AGE", "45-year-old")
    assert not taxonomy.is_hipaa("NOT_A_LABEL")


def test_meddocan_mapping_has_29_labels_22_in_corpus():
    mapping = taxonomy.label_mapping("meddocan")
    assert len(mapping.labels) == 29
    assert len(mapping.in_corpus) == 22
    assert mapping.map_label("NOMBRE_SUJETO_ASISTENCIA") == "PATIENT"
    assert taxonomy.category_of("SEXO_SUJETO_ASISTENCIA") == "OTHER"
    assert taxonomy.category_of("INSTITUCION") == "LOCATION"
    assert taxonomy.is_hipaa("EDAD_SUJETO_ASISTENCIA", "95 años")
    assert not taxonomy.is_hipaa("NOMBRE_PERSONAL_SANITARIO")


def test_map_document_rolls_labels_up_to_i2b2_types():
    doc = Document("d", "Ana 3/4", (Span(0, 3, "NOMBRE_SUJETO_ASISTENCIA"), Span(4, 7, "FECHAS")))
    mapped = taxonomy.label_mapping("meddocan").map_document(doc)
    assert [s.label for s in mapped.spans] == ["PATIENT", "DATE"]


def test_resolve_is_case_insensitive_for_i2b2_types():
    assert taxonomy.resolve("patient").name == "PATIENT"
    assert taxonomy.resolve("Location-Other").category == "LOCATION"


def test_types_in_a_category_come_in_taxonomy_order():
    from phiscrub.errors import ConfigError
    from phiscrub.merge.policies import DEFAULT_PRIORITY
    from phiscrub.taxonomy import types_in

    identifiers = types_in("ID")
    assert identifiers == (
        "SSN",
        "MEDICALRECORD",
        "HEALTHPLAN",
        "ACCOUNT",
        "LICENSE",
        "VEHICLE",
        "DEVICE",
        "BIOID",
        "IDNUM",
    )
    assert DEFAULT_PRIORITY[3:12] == identifiers  # after the web contacts, before phones
    with pytest.raises(ConfigError, match="no PHI category 'IDS'"):
        types_in("IDS")
