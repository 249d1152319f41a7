import pytest

from phiscrub.deid import deidentify
from phiscrub.errors import ConfigError, PhiscrubError
from phiscrub.io import write_corpus
from phiscrub.pipeline import load_pipeline
from phiscrub.train import read_crf_config, train_crf
from tests.detect.crf.test_tagger import NAMES, _doc


def _write(tmp_path, name, docs):
    write_corpus(docs, tmp_path / f"{name}.jsonl", "jsonl")
    return tmp_path / f"{name}.jsonl"


def test_crf_config_from_a_file_with_families_turned_off(tmp_path):
    path = tmp_path / "crf.toml"
    path.write_text('scheme = "BIOES"\n[trainer]\nmax_iterations = 7\n')
    config = read_crf_config(path, ["clusters", "shapes"], "es")
    assert (config.scheme, config.language, config.trainer.max_iterations) == ("BIOES", "es", 7)
    assert not config.features.clusters and not config.features.shapes and config.features.words
    with pytest.raises(ConfigError, match="unknown feature family colour"):
        read_crf_config(None, ["colour"], None)
    with pytest.raises(ConfigError, match="language"):
        read_crf_config(None, [], "fr")
    path.write_text('scheme = "BILOU"\n')
    with pytest.raises(ConfigError, match=r"crf.toml: scheme"):
        read_crf_config(path, [], None)


def test_train_crf_writes_a_pipeline_that_detect_and_deid_run(tmp_path):
    train = _write(tmp_path, "train", [_doc(i, n, f"{i + 1}/2/2019") for i, n in enumerate(NAMES)])
    dev = _write(tmp_path, "dev", [_doc(40, "Quinn", "3/3/2020"), _doc(41, "Ortiz", "4/5/2018")])
    config = read_crf_config(None, ["clusters", "dictionary", "rules"], None)
    result = train_crf(train, tmp_path / "model", config, dev)
    assert result.report.documents == 8
    assert result.dev is not None and result.dev.criteria["strict"].f1 == 1.0
    assert result.dev.criteria["strict"].tp == 4
    pipeline = load_pipeline(tmp_path / "model")
    assert pipeline.name == "crf-en" and [d.name for d in pipeline.detectors] == ["crf"]
    note = _doc(42, "Park", "5/6/2017")
    assert [s.label for s in pipeline.annotate(note).spans] == ["DOCTOR", "DATE"]
    redacted = deidentify(note, pipeline, replace="redact")
    assert "Park" not in redacted.document.text
    pipeline.save(tmp_path / "saved")
    assert sorted(p.name for p in (tmp_path / "saved").iterdir()) == ["model-1", "pipeline.json"]
    assert load_pipeline(tmp_path / "saved").annotate(note).spans == pipeline.annotate(note).spans


def test_train_crf_refuses_to_overwrite_and_needs_embeddings_for_clusters(tmp_path):
    train = _write(tmp_path, "train", [_doc(1, "Lee", "1/2/2019")])
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "x").write_text("keep")
    with pytest.raises(PhiscrubError, match="not empty"):
        train_crf(train, tmp_path / "taken", read_crf_config(None, ["clusters"], None))
    with pytest.raises(PhiscrubError, match="must not be the input"):
        train_crf(train, train / "model", read_crf_config(None, ["clusters"], None))
    with pytest.raises(ConfigError, match="--embeddings"):
        train_crf(train, tmp_path / "m", read_crf_config(None, [], None))
    assert (tmp_path / "taken" / "x").read_text() == "keep"
