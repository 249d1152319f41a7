"""Spark gives the same notes as one machine: phiscrub spark deid against phiscrub deid, with
several notes per patient spread over partitions; a note that fails is reported, not fatal."""

import json
import shutil

import pytest

pytest.importorskip("pyspark")
pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

from typer.testing import CliRunner

from phiscrub.cli import app
from phiscrub.document import Document, Span
from phiscrub.io import write_corpus
from phiscrub.pipeline.corpus import deid_corpus
from phiscrub.replace import SecretKey
from phiscrub.synth import synthesize

KEY = b"spark-test-key-0123456789abcdef"


def _notes(out_dir) -> dict[str, dict]:
    rows = {}
    for part in sorted(out_dir.glob("part-*.json")):
        for line in part.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            rows[row["doc_id"]] = row
    return rows


@pytest.mark.skipif(shutil.which("java") is None, reason="Spark needs Java (.ci/run installs it)")
def test_spark_deid_writes_the_same_texts_as_deid(tmp_path):
    docs = [n.document for n in synthesize(40, 21)]  # 40 notes of 13 patients
    write_corpus(docs, tmp_path / "in" / "notes.jsonl", "jsonl")
    manifest = tmp_path / "manifest.csv"
    lines = [f"{d.doc_id},{d.patient_id},{d.metadata.get('note_date', '')}" for d in docs]
    manifest.write_text("doc_id,patient_id,note_date\n" + "\n".join(lines) + "\n")
    (tmp_path / "key").write_bytes(KEY)
    deid_corpus(
        tmp_path / "in", tmp_path / "deid", pipeline="rules", key=SecretKey(KEY, "test"),
        manifest=manifest, output_format="jsonl",
    )  # fmt: skip
    expected = {
        row["doc_id"]: row
        for row in map(json.loads, (tmp_path / "deid" / "notes.jsonl").read_text().splitlines())
    }
    args = [
        "spark", "deid", str(tmp_path / "in" / "notes.jsonl"), str(tmp_path / "spark"),
        "--pipeline", "rules", "--key-file", str(tmp_path / "key"), "--manifest", str(manifest),
        "--format", "jsonl", "--master", "local[2]", "--partitions", "5",
    ]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    written = _notes(tmp_path / "spark")
    assert sorted(written) == sorted(expected) and len(written) == 40
    assert [written[k]["text"] for k in sorted(expected)] == [
        expected[k]["text"] for k in sorted(expected)
    ]
    for k, row in expected.items():  # patient pseudonym and shifted date too
        assert written[k]["metadata"]["patient_id"] == row["metadata"]["patient_id"]
        assert written[k]["metadata"].get("note_date") == row["metadata"].get("note_date")
    assert len({d.patient_id for d in docs}) < 20  # several notes per patient


def test_a_note_that_fails_becomes_an_error_row_and_the_others_go_on():
    import pandas as pd

    from phiscrub.detect.base import DetectionError
    from phiscrub.pipeline import Pipeline, PipelineConfig
    from phiscrub.spark import jobs

    class Picky:
        name = "picky"

        def detect(self, doc: Document) -> list[Span]:
            if "Okafor" in doc.text:
                raise DetectionError(f"document {doc.doc_id!r}: time budget spent")
            start = doc.text.index("03/14/2091")
            return [Span(start, start + 10, "DATE", 1.0, "picky")]

    pipeline = Pipeline(
        PipelineConfig.model_validate({"name": "p", "detector": [{"type": "rules"}]})
    )
    pipeline._detectors = [Picky()]
    jobs._LOADED["picky-test"] = pipeline
    try:
        frame = pd.DataFrame(
            {
                "doc_id": ["a", "bad", "c"],
                "text": ["Seen 03/14/2091.", "Okafor, 03/14/2091.", "Left 03/14/2091."],
                "patient_id": ["p", "p", "p"],
                "note_date": ["2091-03-14", None, None],
            }
        )
        job = jobs._Job("picky-test", KEY, "tag")
        out = job.run(frame.itertuples(index=False)).set_index("doc_id")
    finally:
        del jobs._LOADED["picky-test"]
    assert out.loc["a", "text"] == "Seen [DATE]." and out.loc["c", "text"] == "Left [DATE]."
    assert out.loc["bad", "text"] is None and "time budget" in out.loc["bad", "error"]
    assert "Okafor" not in out.loc["bad", "error"]
    assert list(out.loc["a", "spans"]) == [
        {"start": 5, "end": 11, "label": "DATE", "score": 1.0, "source": "picky"}
    ]
    assert out.loc["a", "patient_id"] == SecretKey(KEY, "t").pseudonym("patient", "p")
