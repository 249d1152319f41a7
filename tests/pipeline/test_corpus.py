import json
from pathlib import Path

import pytest

from phiscrub.api import deidentify
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError, PhiscrubError
from phiscrub.io import read_corpus, write_corpus
from phiscrub.pipeline.corpus import ANNOTATIONS_FILE, SUMMARY_FILE, deid_corpus, iter_notes
from phiscrub.replace import ReplaceConfig, SecretKey, SurrogateSettings
from tests.conftest import span_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
KEY = SecretKey(b"deid-test-key-0123456789", "tests")


def visit(text: str, doc_id: str) -> Document:
    return Document(
        doc_id,
        text,
        (span_of(text, "Tilde Halvorsen", "PATIENT"), span_of(text, "03/14/2091", "DATE")),
    )


def test_deidentify_one_document_with_gold_spans_or_a_pipeline():
    doc = visit("Tilde Halvorsen seen 03/14/2091.", "v1")
    result = deidentify(doc, pipeline="gold", replace="tag")
    assert result.document.text == "[PATIENT] seen [DATE]."
    with pytest.raises(ConfigError, match="gold pipeline needs an annotated Document"):
        deidentify("Tilde Halvorsen seen today", pipeline="gold")
    with pytest.raises(ConfigError, match="no pipeline 'nope'"):
        deidentify(doc, pipeline="nope")
    # the default pipeline detects by itself: the title makes the name, the rule the date
    text = "Ms. Halvorsen seen 03/14/2091 by Dr. Okafor."
    assert deidentify(text, replace="tag").document.text == (
        "Ms. [PATIENT] seen [DATE] by Dr. [DOCTOR]."
    )


def test_corpus_run_writes_notes_annotations_and_summary(tmp_path):
    out = tmp_path / "out"
    summary = deid_corpus(
        EXAMPLES / "gold",
        out,
        pipeline="gold",
        key=KEY,
        config=ReplaceConfig(surrogates=SurrogateSettings(shift_ages=True)),
    )
    assert (summary.documents, summary.resumed, summary.errors) == (3, 0, [])
    assert summary.phi_per_label["PATIENT"] == 7
    gold = {d.doc_id: d for d in read_corpus(EXAMPLES / "gold")}
    notes = {d.doc_id: d for d in iter_notes(out)}
    assert sorted(notes) == sorted(gold)
    for doc_id, note in notes.items():
        for span in gold[doc_id].spans:
            original = gold[doc_id].span_text(span)
            if len(original) >= 3:
                assert original not in note.text
    records = [json.loads(x) for x in (out / ANNOTATIONS_FILE).read_text().splitlines()]
    assert [r["doc_id"] for r in records] == ["101-01", "101-02", "205-01"]
    first = notes["101-01"]
    assert [(s["start"], s["end"], s["label"]) for s in records[0]["spans"]] == [
        (s.start, s.end, s.label) for s in first.spans
    ]
    assert json.loads((out / SUMMARY_FILE).read_text())["documents"] == 3


def test_a_patient_keeps_one_surrogate_across_notes_by_manifest(tmp_path):
    docs = [
        visit("Tilde Halvorsen seen 03/14/2091.", "v1"),
        visit("Seen 03/14/2091: Tilde Halvorsen.", "v2"),
        visit("Tilde Halvorsen seen 03/14/2091.", "v3"),
    ]
    write_corpus(docs, tmp_path / "in", "brat")
    manifest = tmp_path / "manifest.csv"
    manifest.write_text("file,patient_id\nv1.txt,P1\nv2.txt,P1\nv3.txt,P2\n")
    deid_corpus(
        tmp_path / "in",
        tmp_path / "out",
        pipeline="gold",
        key=KEY,
        manifest=manifest,
        output_format="jsonl",
    )
    v1, v2, v3 = iter_notes(tmp_path / "out")
    names = [n.span_text(s) for n in (v1, v2, v3) for s in n.spans if s.label == "PATIENT"]
    dates = [n.span_text(s) for n in (v1, v2, v3) for s in n.spans if s.label == "DATE"]
    assert names[0] == names[1] != names[2]
    assert dates[0] == dates[1]
    assert v1.metadata["patient_id"] == v2.metadata["patient_id"] != v3.metadata["patient_id"]


def _interrupt_after_two(out):
    """Run the gold pipeline over the examples into ``out``, stopped after two notes."""
    calls = []

    def stop_after_two(doc):
        calls.append(doc.doc_id)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        deid_corpus(EXAMPLES / "gold", out, pipeline="gold", key=KEY, on_document=stop_after_two)


def test_interrupted_run_resumes_with_the_same_key(tmp_path):
    out = tmp_path / "out"
    _interrupt_after_two(out)
    assert sorted(p.name for p in out.glob("*.xml")) == ["101-01.xml", "101-02.xml"]
    with pytest.raises(ConfigError, match="needs the key of the interrupted run"):
        deid_corpus(EXAMPLES / "gold", out, pipeline="gold", resume=True)
    summary = deid_corpus(EXAMPLES / "gold", out, pipeline="gold", key=KEY, resume=True)
    assert (summary.documents, summary.resumed) == (1, 2)
    fresh = tmp_path / "fresh"
    deid_corpus(EXAMPLES / "gold", fresh, pipeline="gold", key=KEY)
    for name in ("101-01.xml", "101-02.xml", "205-01.xml"):
        assert (out / name).read_bytes() == (fresh / name).read_bytes()
    assert (out / ANNOTATIONS_FILE).read_text() == (fresh / ANNOTATIONS_FILE).read_text()


def test_resume_refuses_another_key_or_other_settings(tmp_path):
    out = tmp_path / "out"
    deid_corpus(EXAMPLES / "gold", out, pipeline="gold", key=KEY)
    other = SecretKey(b"another-deid-key-0123456789", "tests")
    with pytest.raises(ConfigError, match=r"these differ: the key$"):
        deid_corpus(EXAMPLES / "gold", out, pipeline="gold", key=other, resume=True)
    with pytest.raises(ConfigError, match=r"these differ: replace$"):
        config = ReplaceConfig(default="redact")
        deid_corpus(EXAMPLES / "gold", out, pipeline="gold", key=KEY, resume=True, config=config)
    with pytest.raises(ConfigError, match=r"these differ: output_format, pipeline$"):
        deid_corpus(
            EXAMPLES / "gold", out, pipeline="rules", key=KEY, resume=True, output_format="brat"
        )
    summary = deid_corpus(EXAMPLES / "gold", out, pipeline="gold", key=KEY, resume=True)
    assert (summary.documents, summary.resumed) == (0, 3)
    stored = json.loads((out / "_phiscrub" / "run.json").read_text())
    assert KEY.secret.decode() not in json.dumps(stored) and len(stored["key_fingerprint"]) == 16
    (out / "_phiscrub" / "run.json").unlink()
    with pytest.raises(ConfigError, match=r"run\.json is missing"):
        deid_corpus(EXAMPLES / "gold", out, pipeline="gold", key=KEY, resume=True)


DUPLICATE_TEXTS = (
    "Seen by Dr. Okafor on 03/14/2091. Call 617-555-0134.",
    "Dr. Lindqvist saw her on 02/01/2090 in clinic; she is well and will return in June.",
)


@pytest.mark.parametrize("pipeline", ["default", "gold"])
def test_two_documents_with_one_id_do_not_trade_spans(tmp_path, pipeline):
    docs = []
    for text, name, date in zip(
        DUPLICATE_TEXTS, ("Okafor", "Lindqvist"), ("03/14/2091", "02/01/2090"), strict=True
    ):
        docs.append(
            Document("n", text, (span_of(text, name, "DOCTOR"), span_of(text, date, "DATE")))
        )
    write_corpus(docs, tmp_path / "in.jsonl", "jsonl")
    summary = deid_corpus(
        tmp_path / "in.jsonl", tmp_path / "out", pipeline=pipeline, key=KEY, output_format="i2b2"
    )
    assert summary.documents == 1 and len(summary.errors) == 1
    assert "in.jsonl, document n: document id already read from in.jsonl (document 1)" in str(
        summary.errors[0]
    )
    (note,) = read_corpus(tmp_path / "out")
    for kept in ("Okafor", "03/14/2091", "14/2091"):
        assert kept not in note.text
    assert note.text.startswith("Seen by Dr. ") and "Call " in note.text


def test_file_names_that_differ_in_extension_case_or_id_case_are_one_document(tmp_path):
    source = tmp_path / "in"
    write_corpus([visit("Tilde Halvorsen seen 03/14/2091.", "n")], source, "i2b2")
    (source / "n.xml").rename(source / "n.XML")
    write_corpus([visit("Tilde Halvorsen seen 03/14/2091 again.", "n")], source, "i2b2")
    write_corpus([visit("Tilde Halvorsen seen 03/14/2091 twice.", "N")], source, "i2b2")
    summary = deid_corpus(source, tmp_path / "out", pipeline="gold", key=KEY)
    assert summary.documents == 1 and len(summary.errors) == 2
    messages = sorted(str(e) for e in summary.errors)
    assert "document id already read from" in messages[0] + messages[1]
    assert any("would be that of document" in m for m in messages)
    assert sorted(p.name for p in (tmp_path / "out").glob("*.xml")) == ["N.xml"]
    assert json.loads((tmp_path / "out" / SUMMARY_FILE).read_text())["documents"] == 1


def test_brat_notes_need_their_annotations_and_orphans_are_reported(tmp_path):
    source = tmp_path / "in"
    write_corpus([visit("Tilde Halvorsen seen 03/14/2091.", "a")], source, "brat")
    (source / "b.txt").write_text("Tilde Halvorsen seen 03/14/2091.", encoding="utf-8")
    (source / "c.ann").write_text("", encoding="utf-8")
    summary = deid_corpus(source, tmp_path / "out", pipeline="gold", key=KEY, output_format="txt")
    assert summary.documents == 1
    messages = sorted(str(e) for e in summary.errors)
    assert messages[0].endswith(
        "b.txt: a BRAT note without its .ann file; add an empty .ann "
        "for a note with no PHI, or read the folder as plain text "
        "(--input-format txt)"
    )
    assert messages[1].endswith("c.ann: a BRAT .ann file without its .txt note")
    assert not (tmp_path / "out" / "b.txt").exists()


def test_links_are_followed_inside_the_input_only_and_skipped_entries_reported(tmp_path):
    source, outside = tmp_path / "in", tmp_path / "elsewhere"
    write_corpus([visit("Tilde Halvorsen seen 03/14/2091.", "a")], source, "i2b2")
    write_corpus([visit("Tilde Halvorsen seen 03/14/2091.", "far")], outside, "i2b2")
    (source / "inside.xml").symlink_to(source / "a.xml")
    (source / "out-link.xml").symlink_to(outside / "far.xml")
    (source / "dangling.xml").symlink_to(tmp_path / "gone.xml")
    (source / "folder-link.xml").symlink_to(outside)
    (source / "sub").mkdir()
    (source / "notes.csv").write_text("x", encoding="utf-8")
    summary = deid_corpus(source, tmp_path / "out", pipeline="gold", key=KEY)
    assert summary.documents == 2  # a and inside
    assert sorted((p.name, r.split(" (")[0]) for p, r in summary.skipped) == [
        ("dangling.xml", "dangling link"),
        ("folder-link.xml", "link to a folder"),
        ("notes.csv", "not a .xml file of this i2b2 corpus"),
        ("out-link.xml", "link to a file outside the input"),
        ("sub", "folder"),
    ]
    skipped = json.loads((tmp_path / "out" / SUMMARY_FILE).read_text())["skipped"]
    assert sum(skipped.values()) == 5 and "out-link" not in json.dumps(skipped)
    summary = deid_corpus(source, tmp_path / "out2", pipeline="gold", key=KEY, follow_links=True)
    assert summary.documents == 3 and len(summary.skipped) == 4


def test_document_ids_can_be_pseudonymized_and_outputs_are_owner_only(tmp_path):
    source = tmp_path / "in"
    write_corpus(
        [visit("Tilde Halvorsen seen 03/14/2091.", "Zebulon-Quixot-8675309")], source, "i2b2"
    )
    out = tmp_path / "out"
    summary = deid_corpus(source, out, pipeline="gold", key=KEY, pseudonymize_ids=True)
    (written,) = out.glob("*.xml")
    assert written.name.startswith("doc-") and "Zebulon" not in written.read_text()
    annotations = (out / ANNOTATIONS_FILE).read_text()
    assert "Zebulon" not in annotations and "Zebulon" not in (out / SUMMARY_FILE).read_text()
    id_map = tmp_path / "out.ids.csv"
    assert summary.id_map == id_map
    assert id_map.read_text().splitlines() == [
        "doc_id,pseudonym",
        f"Zebulon-Quixot-8675309,{written.stem}",
    ]
    for path in (written, out / ANNOTATIONS_FILE, out / SUMMARY_FILE, id_map):
        assert path.stat().st_mode & 0o777 == 0o600, path
    assert json.loads((out / SUMMARY_FILE).read_text())["document_ids"] == "pseudonymized"
    kept = deid_corpus(source, tmp_path / "kept", pipeline="gold", key=KEY, output_format="jsonl")
    assert not kept.ids_pseudonymized
    assert json.loads((tmp_path / "kept" / SUMMARY_FILE).read_text())["document_ids"] == "kept"
    assert (tmp_path / "kept" / "notes.jsonl").stat().st_mode & 0o777 == 0o600
    with pytest.raises(ConfigError, match="id map must lie outside"):
        deid_corpus(
            source,
            tmp_path / "o3",
            pipeline="gold",
            key=KEY,
            pseudonymize_ids=True,
            id_map=source / "ids.csv",
        )


def test_bad_documents_are_skipped_and_the_input_is_never_touched(tmp_path):
    write_corpus([visit("Tilde Halvorsen seen 03/14/2091.", "ok")], tmp_path / "in", "i2b2")
    (tmp_path / "in" / "bad.xml").write_text("<deIdi2b2><TEXT>x")
    before = {p.name: p.read_bytes() for p in (tmp_path / "in").iterdir()}
    summary = deid_corpus(tmp_path / "in", tmp_path / "out", pipeline="gold", key=KEY)
    assert summary.documents == 1 and len(summary.errors) == 1
    assert "bad.xml" in str(summary.errors[0])
    assert {p.name: p.read_bytes() for p in (tmp_path / "in").iterdir()} == before
    with pytest.raises(PhiscrubError, match="must not be the input"):
        deid_corpus(tmp_path / "in", tmp_path / "in" / "sub", pipeline="gold", key=KEY)
    with pytest.raises(PhiscrubError, match="is not empty"):
        deid_corpus(tmp_path / "in", tmp_path / "out", pipeline="gold", key=KEY)


def test_spans_without_text_after_replacement_keep_annotations_aligned(tmp_path):
    doc = Document("d", "Ann Lee here", (Span(0, 7, "DOCTOR"), Span(8, 12, "CITY")))
    write_corpus([doc], tmp_path / "in", "brat")
    config = ReplaceConfig(default="tag", per_label={"CITY": "keep"})
    deid_corpus(
        tmp_path / "in",
        tmp_path / "out",
        pipeline="gold",
        key=KEY,
        config=config,
        output_format="txt",
    )
    record = json.loads((tmp_path / "out" / ANNOTATIONS_FILE).read_text())
    assert [(s["label"], s["operator"]) for s in record["spans"]] == [
        ("DOCTOR", "tag"),
        ("CITY", "keep"),
    ]
    assert (tmp_path / "out" / "d.txt").read_text() == "[DOCTOR] here"


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_note_a_detector_fails_on_is_reported_and_its_batch_goes_on(tmp_path, jobs):
    import os

    from phiscrub.detect.base import DetectionError
    from phiscrub.pipeline import Pipeline, PipelineConfig
    from phiscrub.pipeline.corpus import detect_corpus

    class Picky:
        name = "picky"

        def detect(self, doc: Document) -> list[Span]:
            if "Okafor" in doc.text:
                raise DetectionError(f"document {doc.doc_id!r}: time budget spent")
            return [span_of(doc.text, "03/14/2091", "DATE", source=f"picky:{os.getpid()}")]

    config = PipelineConfig.model_validate(
        {"name": "picky", "detector": [{"type": "rules"}], "two_pass": {"enabled": True}}
    )
    pipeline = Pipeline(config)
    pipeline._detectors = [Picky()]
    docs = [visit("Tilde Halvorsen seen 03/14/2091.", f"n{i}") for i in range(3)]
    docs.insert(1, visit("Tilde Halvorsen seen 03/14/2091 by Okafor.", "bad"))
    write_corpus(docs, tmp_path / "in", "i2b2")
    summary = deid_corpus(tmp_path / "in", tmp_path / "out", pipeline=pipeline, key=KEY, jobs=jobs)
    assert summary.documents == 3 and len(summary.errors) == 1
    assert "bad" in str(summary.errors[0]) and "Okafor" not in str(summary.errors[0])
    notes = {d.doc_id: d.text for d in iter_notes(tmp_path / "out")}
    assert sorted(notes) == ["n0", "n1", "n2"]
    assert all("03/14/2091" not in text for text in notes.values())
    detect_corpus(
        tmp_path / "in", tmp_path / "det", pipeline=pipeline, output_format="jsonl", jobs=jobs
    )
    found = {d.doc_id: d.spans for d in read_corpus(tmp_path / "det")}
    assert sorted(found) == ["n0", "n1", "n2"]
    workers = {
        s.source.split(":")[1]
        for spans in found.values()
        for s in spans
        if s.source[:6] == "picky:"
    }
    assert len(workers) >= 1 and (str(os.getpid()) in workers) == (jobs == 1)


def test_more_jobs_write_the_same_notes(tmp_path):
    from phiscrub.pipeline.corpus import detect_corpus
    from phiscrub.synth import synthesize

    write_corpus([n.document for n in synthesize(70, 4)], tmp_path / "in" / "notes.jsonl", "jsonl")
    written = {}
    for jobs in (1, 2):
        out = tmp_path / f"deid-{jobs}"
        deid_corpus(
            tmp_path / "in", out, pipeline="rules", key=KEY, output_format="jsonl", jobs=jobs
        )
        detect_corpus(tmp_path / "in", tmp_path / f"det-{jobs}", pipeline="rules", jobs=jobs)
        written[jobs] = [
            (out / "notes.jsonl").read_bytes(),
            (out / ANNOTATIONS_FILE).read_bytes(),
            sorted((d.doc_id, d.spans) for d in read_corpus(tmp_path / f"det-{jobs}")),
        ]
    assert written[1] == written[2]
    assert len(written[1][2]) == 70 and sum(len(spans) for _, spans in written[1][2]) > 500


def test_surrogates_follow_the_pipelines_language_unless_told():
    text = "Ingresa en el Hospital Universitario La Paz el 3 de marzo de 2019."
    spanish = deidentify(text, pipeline="rules-es", key=KEY).document
    hospital = spanish.span_text(next(s for s in spanish.spans if s.label == "HOSPITAL"))
    assert hospital.split()[0] in {"Hospital", "Complejo"} and "La Paz" not in spanish.text
    date = spanish.span_text(next(s for s in spanish.spans if s.label == "FECHAS"))
    assert " de " in date and "marzo" not in date
    config = ReplaceConfig(surrogates=SurrogateSettings(language="en"))
    english = deidentify(text, pipeline="rules-es", key=KEY, config=config).document
    hospital = english.span_text(next(s for s in english.spans if s.label == "HOSPITAL"))
    assert hospital.split()[-1] in {"Hospital", "Center", "Clinic"}


def test_dates_that_cannot_be_read_are_counted_in_the_summary(tmp_path):
    text = "Seen at Christmas 2091 and on 03/14/2091."
    doc = Document(
        "c1",
        text,
        (span_of(text, "Christmas 2091", "DATE"), span_of(text, "03/14/2091", "DATE")),
    )
    write_corpus([doc], tmp_path / "in.jsonl", "jsonl")
    summary = deid_corpus(tmp_path / "in.jsonl", tmp_path / "out", pipeline="gold", key=KEY)
    assert summary.unparsed_dates == 1
    assert json.loads((tmp_path / "out" / SUMMARY_FILE).read_text())["unparsed_dates"] == 1


def test_resume_after_a_kill_mid_write_redoes_the_cut_note(tmp_path):
    out = tmp_path / "out"
    _interrupt_after_two(out)
    partial = out / f"{ANNOTATIONS_FILE}.partial"
    lines = partial.read_text().splitlines(keepends=True)
    assert len(lines) == 2
    partial.write_text(lines[0] + lines[1][: len(lines[1]) // 2])  # kill -9 during the write
    summary = deid_corpus(EXAMPLES / "gold", out, pipeline="gold", key=KEY, resume=True)
    assert (summary.documents, summary.resumed) == (2, 1)
    fresh = tmp_path / "fresh"
    deid_corpus(EXAMPLES / "gold", fresh, pipeline="gold", key=KEY)
    assert (out / ANNOTATIONS_FILE).read_text() == (fresh / ANNOTATIONS_FILE).read_text()
    for name in ("101-01.xml", "101-02.xml", "205-01.xml"):
        assert (out / name).read_bytes() == (fresh / name).read_bytes()
