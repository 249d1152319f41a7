import json

import pytest

pytest.importorskip("torch")
pytest.importorskip("tokenizers")

from typer.testing import CliRunner

from phiscrub.cli import app
from phiscrub.io import write_corpus
from phiscrub.pipeline import load_pipeline

from .test_trainer import TEXT, _notes

runner = CliRunner()


def test_train_encoder_writes_a_pipeline_that_detect_and_save_use(module_base, tmp_path):
    write_corpus(_notes(12), tmp_path / "train", "brat")
    out = tmp_path / "model"
    args = ["train", "encoder", "--train", str(tmp_path / "train"), "--base", str(module_base)]
    options = [
        "--epochs",
        "2",
        "--window",
        "16",
        "--batch-size",
        "4",
        "--dev",
        str(tmp_path / "train"),
    ]
    result = runner.invoke(app, [*args, "--out", str(out), *options])
    assert result.exit_code == 0, result.output
    assert "fine-tuned on 12 documents (12 windows, 7 tags)" in result.output
    assert "│ strict " in result.output and "Lee" not in result.output
    config = json.loads((out / "pipeline.json").read_text())
    assert config["detector"] == [
        {
            "type": "encoder",
            "model": "encoder",
            "name": "encoder",
            "batch_size": 16,
            "device": "cpu",
        }
    ]
    pipeline = load_pipeline(out)
    spans = pipeline.detect(TEXT).spans
    assert all(s.source == "encoder" for s in spans)
    copy = pipeline.save(tmp_path / "copy")
    assert (tmp_path / "copy" / "model-1" / "encoder.json").is_file()
    assert load_pipeline(copy).detect(TEXT).spans == spans


def test_train_encoder_refuses_an_output_directory_that_holds_files(module_base, tmp_path):
    write_corpus(_notes(2), tmp_path / "train", "brat")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "x").write_text("")
    args = ["train", "encoder", "--train", str(tmp_path / "train"), "--out", str(tmp_path / "out")]
    result = runner.invoke(app, [*args, "--base", str(module_base)])
    assert result.exit_code == 1
    assert "choose a new directory" in str(result.exception)
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["x"]
