import pytest

from phiscrub.api import deidentify
from phiscrub.detect.crf import CRFTagger
from phiscrub.errors import ConfigError, PhiscrubError
from phiscrub.io import write_corpus
from phiscrub.pipeline import load_pipeline
from phiscrub.train.members import read_crf_config, train_crf
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


def test_train_crf_refuses_to_overwrite_and_drops_clusters_without_embeddings(tmp_path):
    train = _write(tmp_path, "train", [_doc(1, "Lee", "1/2/2019")])
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "x").write_text("keep")
    with pytest.raises(PhiscrubError, match="not empty"):
        train_crf(train, tmp_path / "taken", read_crf_config(None, ["clusters"], None))
    with pytest.raises(PhiscrubError, match="must not be the input"):
        train_crf(train, train / "model", read_crf_config(None, ["clusters"], None))
    with pytest.warns(UserWarning, match="without cluster features"):
        result = train_crf(train, tmp_path / "m", read_crf_config(None, [], None))
    assert not CRFTagger.load(result.pipeline / "crf").config.features.clusters
    assert (tmp_path / "taken" / "x").read_text() == "keep"


def test_neural_config_from_a_preset_or_a_file_over_a_preset(tmp_path):
    from phiscrub.train.members import read_neural_config

    cedi = read_neural_config("cedi", "es", max_epochs=3, patience=2)
    assert (cedi.preset, cedi.input, cedi.language) == ("cedi", "window", "es")
    assert cedi.context.enabled and cedi.prefix.enabled and cedi.attention.enabled
    assert (cedi.training.lr, cedi.training.max_epochs, cedi.training.patience) == (0.02, 3, 2)
    path = tmp_path / "ablation.toml"
    path.write_text('preset = "cedi"\n[context]\nenabled = false\n[training]\nclip = 1.0\n')
    ablation = read_neural_config(str(path))
    assert not ablation.context.enabled and ablation.context.n == 10
    assert ablation.attention.enabled and ablation.training.lr == 0.02
    assert ablation.training.clip == 1.0
    assert read_neural_config("neuroner").training.lr == 0.005
    path.write_text('preset = "flair"\n')
    with pytest.raises(ConfigError, match="unknown preset 'flair'"):
        read_neural_config(str(path))
    path.write_text("[context]\nwidth = 3\n")
    with pytest.raises(ConfigError, match=r"ablation.toml: context.width"):
        read_neural_config(str(path))


def test_train_neural_writes_a_pipeline_whose_detect_all_batches_notes(tmp_path, monkeypatch):
    pytest.importorskip("torch")
    from phiscrub.detect.neural.tagger import NeuralTagger
    from phiscrub.train.members import train_neural
    from tests.detect.neural.test_training import _corpus, _tiny

    docs = _corpus()
    result = train_neural(_write(tmp_path, "train", docs), tmp_path / "m", _tiny("neuroner"))
    assert result.dev is None and result.report.best_epoch == 40
    calls = []
    many = NeuralTagger.detect_many
    monkeypatch.setattr(
        NeuralTagger, "detect_many", lambda self, d: calls.append(len(d)) or many(self, d)
    )
    pipeline = load_pipeline(tmp_path / "m")
    found = [detection.spans for _, detection in pipeline.detect_all(docs)]
    assert calls == [4]
    assert [[s.key for s in spans] for spans in found] == [
        sorted(s.key for s in d.spans) for d in docs
    ]
    pipeline.save(tmp_path / "copy")
    assert (tmp_path / "copy" / "model-1" / "weights.safetensors").is_file()
