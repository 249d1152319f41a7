"""train, embeddings and model audit from the command line."""

import json

import pytest

from phiscrub.cli import app
from phiscrub.io import read_corpus, write_corpus
from phiscrub.pipeline import load_pipeline
from tests.cli.helpers import run_main, runner


def test_embeddings_then_train_crf_then_detect_with_the_model(tmp_path, monkeypatch, capsys):
    from tests.detect.crf.test_tagger import NAMES, _doc

    docs = [_doc(i, name, f"{i + 1}/2/2019") for i, name in enumerate(NAMES)]
    write_corpus(docs, tmp_path / "train", "brat")
    vectors = tmp_path / "vec.txt"
    args = ["embeddings", "train", str(tmp_path / "train"), "--out", str(vectors), "--dim", "8"]
    result = runner.invoke(app, [*args, "--min-count", "1", "--epochs", "1"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("wrote 22 word vectors of size 8 from 8 documents")
    model = tmp_path / "model"
    args = ["train", "crf", "--train", str(tmp_path / "train"), "--dev", str(tmp_path / "train")]
    result = runner.invoke(
        app, [*args, "--out", str(model), "--embeddings", str(vectors), "--without", "rules"]
    )
    assert result.exit_code == 0, result.output
    assert "trained on 8 documents" in result.output
    assert "│ strict " in result.output and "Ruiz" not in result.output
    assert (model / "crf" / "clusters.json").is_file()
    result = runner.invoke(
        app,
        [
            "detect",
            str(tmp_path / "train"),
            str(tmp_path / "out"),
            "--pipeline",
            str(model),
            "--format",
            "jsonl",
        ],
    )
    assert result.exit_code == 0, result.output
    found = list(read_corpus(tmp_path / "out" / "notes.jsonl"))
    assert [[s.key for s in d.spans] for d in found] == [[s.key for s in d.spans] for d in docs]
    code, _, err = run_main(monkeypatch, capsys, *args, "--out", str(model), "--without", "x")
    assert code == 2 and "unknown feature family x" in err
    code, _, err = run_main(monkeypatch, capsys, *args[:-2], "--out", str(tmp_path / "m2"))
    assert code == 0 and "warning: no word embeddings given (--embeddings)" in err
    assert not json.loads((tmp_path / "m2" / "crf" / "crf.json").read_text())["config"]["features"][
        "clusters"
    ]


def test_train_crf_is_private_by_default_and_model_audit_counts_withheld_words(
    tmp_path, monkeypatch, capsys
):
    from tests.detect.crf.test_tagger import NAMES, _doc

    docs = [_doc(i, name, f"{i + 1}/2/2019") for i, name in enumerate(NAMES)]
    write_corpus(docs, tmp_path / "train", "brat")
    train = ["train", "crf", "--train", str(tmp_path / "train"), "--without", "clusters"]
    trainer = ["--config", str(tmp_path / "crf.toml")]
    (tmp_path / "crf.toml").write_text("[trainer]\nc1 = 0.0\n", encoding="utf-8")
    code, _, err = run_main(monkeypatch, capsys, *train, *trainer, "--out", str(tmp_path / "p"))
    assert code == 0 and "private" not in err
    code, out, _ = run_main(
        monkeypatch,
        capsys,
        "model",
        "audit",
        str(tmp_path / "p"),
        "--corpus",
        str(tmp_path / "train"),
    )
    assert code == 0 and "  crf/model-0.crfsuite: 0" in out
    assert "0 of the corpus's 8 withheld words" in out
    code, _, err = run_main(
        monkeypatch, capsys, *train, *trainer, "--out", str(tmp_path / "o"), "--no-private"
    )
    assert code == 0 and "warning: private training is off" in err and "is PHI" in err
    code, out, err = run_main(
        monkeypatch,
        capsys,
        "model",
        "audit",
        str(tmp_path / "o"),
        "--corpus",
        str(tmp_path / "train"),
    )
    assert code == 1 and "of the corpus's 8 withheld words" in out
    assert not any(name.lower() in (out + err).lower() for name in NAMES)


def test_train_neural_with_a_config_file_then_detect_with_the_model(tmp_path, monkeypatch, capsys):
    pytest.importorskip("torch")
    from tests.detect.neural.test_training import _corpus

    docs = _corpus()
    write_corpus(docs, tmp_path / "train", "brat")
    settings = tmp_path / "tiny.toml"
    settings.write_text(
        'preset = "neuroner"\nlstm_hidden = 16\ndropout = 0.0\n'
        "[token]\ndim = 16\nunk_replace = 0.0\n[char]\ndim = 8\nhidden = 8\n"
        '[training]\noptimizer = "adam"\nlr = 0.02\nbatch_size = 4\n'
    )
    model = tmp_path / "model"
    args = ["train", "neural", "--train", str(tmp_path / "train"), "--config", str(settings)]
    result = runner.invoke(
        app, [*args, "--out", str(model), "--max-epochs", "40", "--dev", str(tmp_path / "train")]
    )
    assert result.exit_code == 0, result.output
    assert "trained neuroner on 4 documents" in result.output
    assert "│ strict " in result.output and "Ruiz" not in result.output
    assert (model / "neural" / "weights.safetensors").is_file()
    pipeline = json.loads((model / "pipeline.json").read_text())
    assert pipeline["detector"] == [
        {
            "type": "neural",
            "model": "neural",
            "name": "neural",
            "batch_size": 32,
            "device": "cpu",
            "optional": False,
        }
    ]
    out = tmp_path / "out"
    result = runner.invoke(
        app,
        [
            "detect",
            str(tmp_path / "train"),
            str(out),
            "--pipeline",
            str(model),
            "--format",
            "jsonl",
        ],
    )
    assert result.exit_code == 0, result.output
    found = list(read_corpus(out / "notes.jsonl"))
    assert [[s.key for s in d.spans] for d in found] == [
        sorted(s.key for s in d.spans) for d in docs
    ]
    code, _, err = run_main(monkeypatch, capsys, *args[:-1], "nosuch", "--out", str(tmp_path / "x"))
    assert code == 2 and "nosuch: cannot read neural config" in err


def test_train_neural_says_when_its_time_budget_ran_out(tmp_path):
    pytest.importorskip("torch")
    from tests.detect.neural.test_training import _corpus

    write_corpus(_corpus(), tmp_path / "train", "brat")
    settings = tmp_path / "tiny.toml"
    settings.write_text(
        'preset = "neuroner"\nlstm_hidden = 8\n[token]\ndim = 8\n[char]\ndim = 4\nhidden = 4\n'
        "[training]\nmax_seconds = 1e-9\n"
    )
    args = ["train", "neural", "--train", str(tmp_path / "train"), "--config", str(settings)]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "m"), "--max-epochs", "30"])
    assert result.exit_code == 0, result.output
    assert "1 epochs, best 1 (out of time: training.max_seconds)" in result.output


def test_train_pipeline_with_crf_and_neural_members(tmp_path):
    pytest.importorskip("torch")
    pytest.importorskip("sklearn")
    from tests.train.test_pipeline import _corpus

    docs = _corpus()
    write_corpus(docs, tmp_path / "train", "brat")
    (tmp_path / "tiny.toml").write_text(
        'preset = "neuroner"\nlstm_hidden = 8\ndropout = 0.0\n'
        "[token]\ndim = 8\nunk_replace = 0.0\n[char]\ndim = 4\nhidden = 4\n"
        '[training]\noptimizer = "adam"\nlr = 0.05\nbatch_size = 4\n'
    )
    (tmp_path / "recipe.toml").write_text(
        'name = "hybrid"\n[[detector]]\ntype = "rules"\n'
        '[[detector]]\ntype = "crf"\nmodel = "crf"\n'
        '[[detector]]\ntype = "neural"\nname = "bilstm"\nmodel = "bilstm"\noptional = true\n'
        '[merge.ensemble]\nmembers = ["crf", "rules", "bilstm"]\nclassifier = "linear-svm"\n'
        "[train]\nfolds = 3\n"
        '[train.recipe.crf]\nwithout = ["clusters", "dictionary", "rules"]\n'
        '[train.recipe.bilstm]\nconfig = "tiny.toml"\nmax_epochs = 3\n'
    )
    model = tmp_path / "model"
    args = ["train", "pipeline", "--config", str(tmp_path / "recipe.toml")]
    args += ["--train", str(tmp_path / "train"), "--dev", str(tmp_path / "train")]
    result = runner.invoke(app, [*args, "--out", str(model), "--folds", "2"])
    assert result.exit_code == 0, result.output
    assert "fold 2/2: training bilstm on 8 documents" in result.output
    assert "training bilstm on all 16 documents" in result.output
    assert "bilstm epoch 3: " in result.output and "dev strict F1" in result.output
    assert "fallback ensemble trained without bilstm" in result.output
    assert "│ ensemble " in result.output and "│ hybrid " in result.output
    assert not any(name in result.output for name in ("Ruiz", "Lee", "555"))
    saved = json.loads((model / "pipeline.json").read_text())
    assert "train" not in saved
    assert saved["merge"]["ensemble"]["members"] == ["crf", "rules", "bilstm"]
    assert (model / "bilstm" / "weights.safetensors").is_file()
    detected = load_pipeline(model).annotate(docs[0])
    assert {s.detector for s in detected.spans} <= {"ensemble", "rules"}
    from phiscrub.merge.ensemble import EnsembleModel

    ensemble = EnsembleModel.load(model / "ensemble")
    assert ensemble.members == ("crf", "rules", "bilstm")
    assert ensemble.fallback.members == ("crf", "rules")


def test_train_ensemble_refits_from_kept_cross_predictions(tmp_path, monkeypatch, capsys):
    pytest.importorskip("sklearn")
    from tests.train.test_pipeline import RECIPE, _corpus

    write_corpus(_corpus(), tmp_path / "train.jsonl", "jsonl")
    (tmp_path / "recipe.toml").write_text(RECIPE, encoding="utf-8")
    train = ["--train", str(tmp_path / "train.jsonl")]
    cross = ["--cross-predictions", str(tmp_path / "cross.jsonl")]
    args = ["train", "pipeline", "--config", str(tmp_path / "recipe.toml"), *train, *cross]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "model")])
    assert result.exit_code == 0, result.output
    args = ["train", "ensemble", "--pipeline", str(tmp_path / "model"), *train, *cross]
    args += ["--dev", str(tmp_path / "train.jsonl"), "--classifier", "svm"]
    result = runner.invoke(
        app, [*args, "--threshold", "-0.5", "--fill", "crf", "--out", str(tmp_path / "refit")]
    )
    assert result.exit_code == 0, result.output
    assert "ensemble (svm) fitted on" in result.output and "│ hybrid " in result.output
    assert not any(name in result.output for name in ("Ruiz", "Lee", "555"))
    ensemble = json.loads((tmp_path / "refit" / "pipeline.json").read_text())["merge"]["ensemble"]
    assert (ensemble["classifier"], ensemble["threshold"]) == ("svm", -0.5)
    assert (ensemble["members"], ensemble["fill"]) == (["crf", "rules"], ["crf"])
    code, _, errors = run_main(
        monkeypatch, capsys, *args, "--c", "0", "--out", str(tmp_path / "other")
    )
    assert code == 2
    assert "error: the new ensemble is not valid: c: Input should be greater than 0" in errors
    assert not (tmp_path / "other").exists()
    args = ["train", "ensemble", "--pipeline", str(tmp_path / "model")]
    result = runner.invoke(
        app, [*args, "--thresholds", "PATIENT=-1.5,CITY=-0.5", "--out", str(tmp_path / "low")]
    )
    assert result.exit_code == 0, result.output
    assert "ensemble kept; its decision thresholds changed" in result.output
    ensemble = json.loads((tmp_path / "low" / "pipeline.json").read_text())["merge"]["ensemble"]
    assert ensemble["thresholds"] == {"PATIENT": -1.5, "CITY": -0.5}
    result = runner.invoke(app, [*args, "--thresholds", "PATIENT", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "'PATIENT' is not LABEL=VALUE" in result.output
    result = runner.invoke(app, [*args, "--thresholds", "=-1", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "'=-1' is not LABEL=VALUE" in result.output
    code, _, errors = run_main(monkeypatch, capsys, *args, "--c", "2", "--out", str(tmp_path / "y"))
    assert code == 2 and "give the training corpus and its cross-predictions" in errors
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()
