import json

import pytest

from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.pipeline import Pipeline, PipelineConfig, builtin_pipelines, load_pipeline

TEXT = "NHC: 368503.\nFecha de Ingreso: 12/12/2016.\nEdad: 70 años Sexo: H.\n"


def test_builtin_spanish_pipeline_detects_and_merges():
    assert "rules-es" in builtin_pipelines()
    pipeline = load_pipeline("rules-es")
    detection = pipeline.detect(Document("d", TEXT))
    assert [(s.label, TEXT[s.start : s.end]) for s in detection.spans] == [
        ("ID_SUJETO_ASISTENCIA", "368503"),
        ("FECHAS", "12/12/2016"),
        ("EDAD_SUJETO_ASISTENCIA", "70 años"),
        ("SEXO_SUJETO_ASISTENCIA", "H"),
    ]
    assert all(s.source.startswith("rules:") for s in detection.spans)


def test_merge_drops_are_recorded(tmp_path):
    patterns = tmp_path / "p.toml"
    patterns.write_text(
        "[[pattern]]\nname='d'\nlabel='DATE'\nregex='\\d+/\\d+/\\d+'\n"
        "[[pattern]]\nname='y'\nlabel='AGE'\nregex='\\d{4}'\n",
        encoding="utf-8",
    )
    config = tmp_path / "pipe.toml"
    config.write_text(
        "name='mine'\n[[detector]]\ntype='rules'\npatterns='p.toml'\n"
        "[merge]\npolicy='priority'\npriority=['DATE','AGE']\n",
        encoding="utf-8",
    )
    detection = load_pipeline(config).detect(Document("d", "on 3/4/2019"))
    assert detection.spans == (Span(3, 11, "DATE", 0.9, "rules:d"),)
    assert [d.span for d in detection.dropped] == [Span(7, 11, "AGE", 0.9, "rules:y")]
    # a saved copy carries its own pattern file and works where the original is gone
    load_pipeline(config).save(tmp_path / "saved")
    patterns.unlink()
    again = load_pipeline(tmp_path / "saved").detect(Document("d", "on 3/4/2019"))
    assert again.spans == detection.spans


def test_save_and_load_a_pipeline_directory(tmp_path):
    pipeline = load_pipeline("rules-es")
    path = pipeline.save(tmp_path / "saved")
    assert json.loads(path.read_text(encoding="utf-8"))["name"] == "rules-es"
    again = load_pipeline(tmp_path / "saved")
    doc = Document("d", TEXT)
    assert again.detect(doc).spans == pipeline.detect(doc).spans


@pytest.mark.parametrize(
    ("config", "problem"),
    [
        ("name='x'\n", "detector"),
        ("name='x'\n[[detector]]\ntype='crf'\n", "detector"),
        ("name='x'\n[[detector]]\ntype='rules'\n[merge]\npolicy='vote'\n", "merge.policy"),
        ("name='x'\nbogus=1\n[[detector]]\ntype='rules'\n", "bogus"),
        ("name = ", "not valid TOML"),
    ],
)
def test_bad_configs_name_the_file_and_the_field(tmp_path, config, problem):
    path = tmp_path / "bad.toml"
    path.write_text(config, encoding="utf-8")
    with pytest.raises(ConfigError, match=r"bad\.toml") as info:
        load_pipeline(path)
    assert problem in str(info.value)


def test_unknown_pipeline_name():
    with pytest.raises(ConfigError, match="rules-es"):
        load_pipeline("no-such-pipeline")


def two_notes(patient: str = "P1") -> list[Document]:
    first = "Patient: Temitope Adeyemi\nSeen in clinic."
    second = "Temitope reports less pain. Dr. Okafor agrees."
    return [
        Document("n1", first, (), {"patient_id": patient}),
        Document("n2", second, (), {"patient_id": "P2" if patient == "split" else patient}),
    ]


def found(docs):
    return [
        (doc.doc_id, doc.text[s.start : s.end], s.label, s.source.split(":")[0])
        for doc in docs
        for s in doc.spans
    ]


def test_default_english_pipeline_with_two_pass_over_a_patients_notes():
    pipeline = load_pipeline("rules")
    assert pipeline.two_pass and "rules" in builtin_pipelines()
    assert found(pipeline.annotate_all(two_notes())) == [
        ("n1", "Temitope Adeyemi", "PATIENT", "dictionary"),
        ("n2", "Temitope", "PATIENT", "two-pass"),
        ("n2", "Okafor", "DOCTOR", "dictionary"),
    ]
    # another patient's dictionary is never used, and without two-pass the first name (on no
    # list) is missed
    assert ("n2", "Temitope", "PATIENT", "two-pass") not in found(
        pipeline.annotate_all(two_notes("split"))
    )
    pipeline.config.two_pass.enabled = False
    assert [x[1] for x in found(pipeline.annotate_all(two_notes()))] == [
        "Temitope Adeyemi",
        "Okafor",
    ]


def test_the_default_pipeline_saves_and_loads_with_its_two_pass_settings(tmp_path):
    load_pipeline("rules").save(tmp_path / "saved")
    again = load_pipeline(tmp_path / "saved")
    assert [d.type for d in again.config.detector] == ["rules", "dictionary"]
    assert again.two_pass and again.config.two_pass.min_score == 0.9
    assert found(again.annotate_all(two_notes()))[1] == ("n2", "Temitope", "PATIENT", "two-pass")


def _hybrid_config(tmp_path, merge: str) -> object:
    config = tmp_path / "hybrid.toml"
    config.write_text(
        "name='hybrid'\n"
        "[[detector]]\ntype='rules'\nname='rules'\n"
        "[[detector]]\ntype='dictionary'\nname='a'\n"
        "[[detector]]\ntype='dictionary'\nname='b'\n" + merge,
        encoding="utf-8",
    )
    return config


def test_ensemble_then_routing_then_priority(tmp_path):
    from phiscrub.merge.ensemble import fit_ensemble

    # the ensemble of a and b learns to keep what both propose
    def proposals(doc_id: str) -> tuple[Document, list[Span]]:
        gold = Span(0, 3, "PATIENT")
        spans = [Span(0, 3, "PATIENT", 0.9, "a:x"), Span(0, 3, "PATIENT", 0.8, "b")]
        return Document(doc_id, "Ann saw Bob on 3/4", (gold,)), [
            *spans,
            Span(8, 11, "DOCTOR", 0.7, "b"),
        ]

    fit_ensemble([proposals(str(n)) for n in range(20)], ["a", "b"], "en", "logistic").save(
        tmp_path / "ens"
    )
    config = _hybrid_config(
        tmp_path,
        "[merge]\npolicy='priority'\n[merge.ensemble]\nmembers=['a','b']\nmodel='ens'\n"
        "[merge.routing]\nDATE=['rules']\n'*'=['ensemble','rules']\n",
    )
    pipeline = load_pipeline(config)
    doc, spans = proposals("x")
    raw = [
        *spans,
        Span(15, 18, "DATE", 0.9, "rules:date"),
        Span(15, 18, "DATE", 0.9, "a:x"),  # a member: the ensemble judges it, routing drops it
        Span(0, 7, "CITY", 0.5, "rules:p"),  # loses to the ensemble's PATIENT by priority
    ]
    detection = pipeline.detect(doc, raw=raw)
    assert [(s.start, s.end, s.label, s.source) for s in detection.spans] == [
        (0, 3, "PATIENT", "ensemble:a+b"),
        (15, 18, "DATE", "rules:date"),
    ]
    assert [d.span.source for d in detection.dropped] == ["rules:p"]
    assert tuple(raw) == detection.raw
    # saved elsewhere, the pipeline carries its ensemble
    pipeline.save(tmp_path / "saved")
    (tmp_path / "ens" / "ensemble.json").unlink()
    again = load_pipeline(tmp_path / "saved").detect(doc, raw=raw)
    assert again.spans == detection.spans


def test_ensemble_fill_keeps_a_members_spans_where_the_ensemble_accepted_nothing(tmp_path):
    from phiscrub.merge.ensemble import fit_ensemble

    def proposals(doc_id: str) -> tuple[Document, list[Span]]:
        doc = Document(doc_id, "Ann saw Bob on 3/4", (Span(0, 3, "PATIENT"),))
        both = [Span(0, 3, "PATIENT", 0.9, "a"), Span(0, 3, "PATIENT", 0.8, "b")]
        return doc, [*both, Span(8, 11, "DOCTOR", 0.7, "b")]

    fit_ensemble([proposals(str(n)) for n in range(20)], ["a", "b"], "en", "logistic").save(
        tmp_path / "ens"
    )
    doc, spans = proposals("x")
    raw = [*spans, Span(0, 7, "PATIENT", 0.6, "b"), Span(15, 18, "DATE", 0.9, "a")]

    def merged(fill: str) -> list[tuple[int, int, str, str]]:
        config = _hybrid_config(
            tmp_path, f"[merge.ensemble]\nmembers=['a','b']\nmodel='ens'\nfill={fill}\n"
        )
        found = load_pipeline(config).detect(doc, raw=raw).spans
        return [(s.start, s.end, s.label, s.source) for s in found]

    assert merged("[]") == [(0, 3, "PATIENT", "ensemble:a+b")]
    # b's rejected DOCTOR comes back; its 0-7 overlaps the accepted PATIENT and a is not filled
    assert merged("['b']") == [(0, 3, "PATIENT", "ensemble:a+b"), (8, 11, "DOCTOR", "b")]
    assert merged("['a','b']") == [
        (0, 3, "PATIENT", "ensemble:a+b"),
        (8, 11, "DOCTOR", "b"),
        (15, 18, "DATE", "a"),
    ]


@pytest.mark.parametrize(
    ("merge", "problem"),
    [
        ("[merge.ensemble]\nmembers=['a','c']\n", "ensemble members \\['c'\\]"),
        ("[merge.ensemble]\nmembers=['a']\nfill=['rules']\n", "fill names \\['rules'\\]"),
        ("[merge.routing]\nDATE=['ensemble']\n", "unknown sources \\['ensemble'\\]"),
        ("[merge]\nbackstop=['c']\n", "backstop names \\['c'\\]"),
    ],
)
def test_ensemble_and_routing_must_name_detectors(tmp_path, merge, problem):
    with pytest.raises(ConfigError, match=problem):
        load_pipeline(_hybrid_config(tmp_path, merge))


def test_a_backstop_detector_adds_only_what_no_other_source_found(tmp_path):
    doc = Document("x", "Ann saw Bob on 3/4")
    raw = [
        Span(0, 3, "PATIENT", 0.9, "a"),
        Span(0, 7, "DOCTOR", 0.6, "b"),  # overlaps a's: dropped
        Span(8, 11, "DOCTOR", 0.7, "b"),  # found by b alone: kept
        Span(15, 18, "DATE", 0.9, "rules:date"),
    ]
    config = _hybrid_config(tmp_path, "[merge]\nbackstop=['b']\n")
    found = load_pipeline(config).detect(doc, raw=raw).spans
    assert [(s.start, s.end, s.label, s.source) for s in found] == [
        (0, 3, "PATIENT", "a"),
        (8, 11, "DOCTOR", "b"),
        (15, 18, "DATE", "rules:date"),
    ]


def test_detector_names_must_differ(tmp_path):
    config = tmp_path / "twice.toml"
    config.write_text(
        "name='x'\n[[detector]]\ntype='rules'\n[[detector]]\ntype='rules'\npatterns='es'\n",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError, match="detector names must differ"):
        load_pipeline(config)


def test_an_ensemble_trained_on_other_members_is_refused(tmp_path):
    from phiscrub.merge.ensemble import fit_ensemble

    docs = [
        (Document(str(n), "Ann", (Span(0, 3, "PATIENT"),)), [Span(0, 3, "PATIENT", 1.0, "a")])
        for n in range(3)
    ] + [(Document("z", "Bob"), [Span(0, 3, "PATIENT", 1.0, "a")])]
    fit_ensemble(docs, ["a"], "en", "logistic").save(tmp_path / "ensemble")
    config = _hybrid_config(tmp_path, "[merge.ensemble]\nmembers=['b']\n")
    with pytest.raises(ConfigError, match="trained on members \\['a'\\]"):
        load_pipeline(config).detect(Document("d", "Ann"), raw=[])


def test_an_optional_neural_member_is_left_out_without_torch(tmp_path, monkeypatch):
    from dataclasses import replace

    import phiscrub.pipeline.core as module
    from phiscrub.merge.ensemble import EnsembleModel, fit_ensemble

    def proposals(doc_id: str) -> tuple[Document, list[Span]]:
        gold = Span(0, 3, "PATIENT")
        doc = Document(doc_id, "Ann saw Bob", (gold,))
        return doc, [
            Span(0, 3, "PATIENT", 0.9, "a"),
            Span(0, 3, "PATIENT", 0.9, "bilstm"),
            Span(8, 11, "PATIENT", 0.6, "a"),
        ]

    pairs = [proposals(str(n)) for n in range(10)]
    full = fit_ensemble(pairs, ["a", "bilstm"], "en", "logistic")
    fallback = fit_ensemble(pairs, ["a"], "en", "logistic")
    replace(full, fallback=fallback).save(tmp_path / "ensemble")
    (tmp_path / "bilstm").mkdir()
    (tmp_path / "bilstm" / "neural.json").write_text("{}", encoding="utf-8")
    config = tmp_path / "pipe.toml"
    config.write_text(
        "name='opt'\n[[detector]]\ntype='dictionary'\nname='a'\n"
        "[[detector]]\ntype='neural'\nname='bilstm'\nmodel='bilstm'\noptional=true\n"
        "[merge.ensemble]\nmembers=['a','bilstm']\n",
        encoding="utf-8",
    )

    def no_torch() -> None:
        raise ConfigError("neural models need PyTorch")

    monkeypatch.setattr(module, "require_torch", no_torch)
    pipeline = load_pipeline(config)
    with pytest.warns(UserWarning, match="'bilstm' is left out because PyTorch"):
        assert [d.name for d in pipeline.detectors] == ["a"]
    assert pipeline.skipped == ["bilstm"]
    assert pipeline.ensemble is not None and pipeline.ensemble.members == ("a",)
    doc, spans = proposals("x")
    found = pipeline.detect(doc, raw=[s for s in spans if s.detector == "a"]).spans
    assert [(s.start, s.end, s.source) for s in found] == [(0, 3, "ensemble:a")]
    pipeline.save(tmp_path / "saved")  # the whole ensemble and the member's files are kept
    assert EnsembleModel.load(tmp_path / "saved" / "ensemble").members == ("a", "bilstm")
    assert (tmp_path / "saved" / "model-2" / "neural.json").is_file()
    # an ensemble without a fallback cannot lose a member
    full.save(tmp_path / "ensemble")
    with (
        pytest.raises(ConfigError, match="no fallback trained without them"),
        pytest.warns(UserWarning),
    ):
        load_pipeline(config).ensemble  # noqa: B018


DEFAULT_NOTE = (
    "HPI: Halvorsen is a 67 yo man followed by Okafor in cardiology at Brookside Medical "
    "Center since June 2089.\nHe lives in Tacoma with his daughter Priya."
)
DEFAULT_FOUND = [
    ("PATIENT", "Halvorsen"),
    ("AGE", "67"),
    ("DOCTOR", "Okafor"),
    ("HOSPITAL", "Brookside Medical Center"),
    ("DATE", "June 2089"),
    ("CITY", "Tacoma"),
    ("PATIENT", "Priya"),
]


def test_the_bundled_default_pipeline_is_the_trained_hybrid():
    pipeline = load_pipeline("default")
    assert "default" in builtin_pipelines()
    assert [d.name for d in pipeline.config.detector] == [
        "rules",
        "dictionary",
        "crf",
        "bilstm-fea",
    ]
    assert pipeline.two_pass and pipeline.ensemble is not None
    assert pipeline.ensemble.members == ("crf", "bilstm-fea")
    assert pipeline.ensemble.fallback is not None
    detection = pipeline.detect(Document("d", DEFAULT_NOTE))
    found = [(s.label, DEFAULT_NOTE[s.start : s.end]) for s in detection.spans]
    # "Okafor", a bare surname without a title or cue, is found by the dictionary's rule for
    # rare surnames standing alone (before it, the BiLSTM-FEA alone read "Okafor in
    # cardiology" as a profession); the same without PyTorch (below)
    assert found == DEFAULT_FOUND
    assert {s.detector for s in detection.raw} == {"rules", "dictionary", "crf", "bilstm-fea"}


def test_the_bundled_default_keeps_a_name_whole_that_its_members_split():
    # the dictionary reads one doctor after "Dr."; the ensemble keeps the CRF's two names
    # (a doctor and a patient), which outrank it: widening keeps the whole name
    note = "PCP: Dr. Ellen McAllister, Newton-Wellesley"
    pipeline = load_pipeline("default")
    assert pipeline.config.merge.widen
    found = [(s.label, note[s.start : s.end]) for s in pipeline.detect(Document("d", note)).spans]
    assert found == [("DOCTOR", "Ellen McAllister"), ("HOSPITAL", "Newton-Wellesley")]


def test_the_default_pipeline_runs_without_torch(monkeypatch):
    import phiscrub.pipeline.core as module

    def no_torch() -> None:
        raise ConfigError("neural models need PyTorch")

    monkeypatch.setattr(module, "require_torch", no_torch)
    pipeline = load_pipeline("default")
    with pytest.warns(UserWarning, match="'bilstm-fea' is left out"):
        detection = pipeline.detect(Document("d", DEFAULT_NOTE))
    assert pipeline.ensemble is not None and pipeline.ensemble.members == ("crf",)
    assert [(s.label, DEFAULT_NOTE[s.start : s.end]) for s in detection.spans] == DEFAULT_FOUND
    assert "bilstm-fea" not in {s.detector for s in detection.raw}


ES_NOTE = (
    "Nombre: Lucía Fernández Gómez.\n"
    "NHC: 4481920.\n"
    "Fecha de ingreso: 12/03/2019.\n"
    "Mujer de 54 años, natural de Sevilla, que acude a urgencias por dolor torácico.\n"
    "Remitida desde el Centro de Salud Delicias (Zaragoza).\n"
    "Médico: Andrés Molina Ruiz.\n"
)


def test_the_bundled_spanish_pipeline_is_a_private_crf_with_two_pass():
    pipeline = load_pipeline("default-es")
    assert "default-es" in builtin_pipelines()
    assert pipeline.config.language == "es"
    assert [d.name for d in pipeline.config.detector] == ["crf"]
    assert pipeline.two_pass and pipeline.ensemble is None
    detection = pipeline.detect(Document("n", ES_NOTE))
    assert [(s.label, ES_NOTE[s.start : s.end]) for s in detection.spans] == [
        ("NOMBRE_SUJETO_ASISTENCIA", "Lucía Fernández Gómez"),
        ("ID_SUJETO_ASISTENCIA", "4481920"),
        ("FECHAS", "12/03/2019"),
        ("SEXO_SUJETO_ASISTENCIA", "Mujer"),
        ("EDAD_SUJETO_ASISTENCIA", "54 años"),
        ("TERRITORIO", "Sevilla"),
        ("CENTRO_SALUD", "Centro de Salud Delicias"),
        ("TERRITORIO", "Zaragoza"),
        ("NOMBRE_PERSONAL_SANITARIO", "Andrés Molina Ruiz"),
    ]
    crf = json.loads((pipeline.base / "crf" / "crf.json").read_text(encoding="utf-8"))
    assert crf["private"] is True


class _EveryNameAPatient:
    """A member that finds names well and reads every one as a patient's."""

    def __init__(self, name: str) -> None:
        self.name = name

    def detect(self, doc: Document) -> list[Span]:
        start = doc.text.index("Hiroshi")
        return [Span(start, start + len("Hiroshi Tanaka"), "PATIENT", 0.9, f"{self.name}:x")]


@pytest.mark.parametrize(("roles", "label"), [(True, "DOCTOR"), (False, "PATIENT")])
def test_roles_take_a_names_role_from_the_dictionarys_context_rules(roles, label):
    from phiscrub import registry

    registry.detectors.register("every-name-a-patient", _EveryNameAPatient)
    try:
        config = PipelineConfig.model_validate(
            {
                "name": "roles",
                "detector": [
                    {"type": "dictionary", "language": "en"},
                    {"type": "plugin", "factory": "every-name-a-patient", "name": "model"},
                ],
                "merge": {"roles": roles},
            }
        )
        text = "Electronically signed by: Hiroshi Tanaka, M.D. today"
        spans = Pipeline(config).detect(text).spans
    finally:
        registry.detectors.unregister("every-name-a-patient")
    assert [(text[s.start : s.end], s.label) for s in spans] == [("Hiroshi Tanaka", label)]


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("Bed 7 - Ms. Carrow 96F CMO. Chaplain saw family.", "96"),
        # typed in lower case: the sex in lower case too
        ("bed 7 - ms. carrow 96f, comfort care only. chaplain saw the family today.", "96"),
    ],
)
def test_an_age_after_a_patient_s_name_is_read_after_the_merge(tmp_path, text, age):
    config = tmp_path / "pipe.toml"
    config.write_text(
        "name='mine'\nlanguage='en'\n[[detector]]\ntype='dictionary'\n"
        "[merge]\npolicy='priority'\nsanity='en'\n",
        encoding="utf-8",
    )
    detection = load_pipeline(config).detect(Document("d", text))
    found = [(text[s.start : s.end], s.label, s.source) for s in detection.spans]
    name = "Carrow" if "Carrow" in text else "carrow"
    assert (name, "PATIENT") in [(surface, label) for surface, label, _ in found]
    assert (age, "AGE", "merge:age_after_name") in found
