import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from phiscrub.cli import app, main
from phiscrub.document import Document, Span
from phiscrub.io import read_corpus, write_corpus
from phiscrub.pipeline import load_pipeline

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
runner = CliRunner()


def run_main(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["phiscrub", *args])
    with pytest.raises(SystemExit) as info:
        main()
    captured = capsys.readouterr()
    return info.value.code, captured.out, captured.err


def test_evaluate_json_on_the_bundled_examples():
    result = runner.invoke(
        app, ["evaluate", str(EXAMPLES / "gold"), str(EXAMPLES / "system.jsonl"), "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["strict"] == {
        "precision": 32 / 35,
        "recall": 32 / 37,
        "f1": 64 / 72,
        "tp": 32,
        "fp": 3,
        "fn": 5,
    }
    assert data["leak"] == {"rate": 26 / 338, "leaked_chars": 26, "gold_chars": 338}
    assert data["documents"] == {"scored": 3, "missing_in_system": 0}


def test_evaluate_table_and_compare(tmp_path):
    gold = EXAMPLES / "gold"
    result = runner.invoke(
        app,
        [
            "evaluate",
            str(gold),
            str(EXAMPLES / "system.jsonl"),
            "--compare",
            str(gold),
            "--shuffles",
            "99",
            "--seed",
            "5",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "binary_hipaa_strict" in result.output
    assert "approximate randomization (strict F1, 99 shuffles, seed 5)" in result.output


def test_convert_and_stats(tmp_path):
    out = tmp_path / "brat"
    result = runner.invoke(app, ["convert", str(EXAMPLES / "gold"), str(out), "--to", "brat"])
    assert result.exit_code == 0, result.output
    assert "wrote 3 documents" in result.output
    assert [d.doc_id for d in read_corpus(out)] == ["101-01", "101-02", "205-01"]
    stats = runner.invoke(app, ["stats", str(out), "--json"])
    data = json.loads(stats.output)
    assert (data["documents"], data["spans"]) == (3, 37)
    assert data["spans_per_label"]["PATIENT"] == 7  # Halvorsen x2, Tilde, Ingrid, ...


def test_convert_refuses_to_write_into_its_input(monkeypatch, capsys):
    code, _, err = run_main(
        monkeypatch,
        capsys,
        "convert",
        str(EXAMPLES / "gold"),
        str(EXAMPLES / "gold" / "out"),
        "--to",
        "brat",
    )
    assert code == 2
    assert "must not be the input" in err


def test_errors_name_place_but_never_note_text(monkeypatch, capsys, tmp_path):
    text = "Secret Name was seen."
    write_corpus([Document("d1", text, (Span(0, 11, "PATIENT"),))], tmp_path / "g", "brat")
    (tmp_path / "g" / "d1.ann").write_text("T1\tPATIENT 0 11\tSecret Nome\n")
    code, out, err = run_main(monkeypatch, capsys, "stats", str(tmp_path / "g"))
    assert code == 1
    assert "d1.ann, line 1, document d1, annotation T1, offsets 0-11" in err
    assert "Secret" not in err + out and "Nome" not in err + out


def test_bad_documents_are_skipped_and_reported_by_convert(monkeypatch, capsys, tmp_path):
    docs = [Document("a", "Ann"), Document("b", "Bob", (Span(0, 3, "PATIENT"),))]
    write_corpus(docs, tmp_path / "in", "i2b2")
    (tmp_path / "in" / "b.xml").write_text("<deIdi2b2><TEXT>Bob</TEXT>")
    code, out, err = run_main(
        monkeypatch, capsys, "convert", str(tmp_path / "in"), str(tmp_path / "out.jsonl")
    )
    assert code == 1
    assert "wrote 1 documents" in out
    assert "1 document(s) skipped" in err and "b.xml" in err
    assert [d.doc_id for d in read_corpus(tmp_path / "out.jsonl")] == ["a"]


def test_an_unexpected_crash_does_not_print_note_text(monkeypatch, capsys, tmp_path):
    import phiscrub.cli as cli

    write_corpus([Document("d1", "Secret Name was seen.")], tmp_path / "g", "txt")

    def crash(docs):
        texts = [d.text for d in docs]  # a local holding note text when the crash happens
        raise RuntimeError(f"boom after {len(texts)} documents")

    monkeypatch.setattr(cli, "corpus_stats", crash)
    monkeypatch.setattr(sys, "argv", ["phiscrub", "stats", str(tmp_path / "g")])
    with pytest.raises(RuntimeError, match="boom after 1 documents"):
        main()
    captured = capsys.readouterr()
    assert "Secret" not in captured.out + captured.err


def test_synth_writes_notes_and_prints_their_statistics(tmp_path, monkeypatch, capsys):
    result = runner.invoke(
        app, ["synth", "--out", str(tmp_path / "s"), "--notes", "12", "--seed", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    docs = list(read_corpus(tmp_path / "s"))
    assert summary["notes"] == len(docs) == 12
    assert summary["spans"] == sum(len(d.spans) for d in docs)
    jsonl = runner.invoke(
        app, ["synth", "--out", str(tmp_path / "j"), "--notes", "5", "--format", "jsonl"]
    )
    assert jsonl.exit_code == 0, jsonl.output
    assert len(list(read_corpus(tmp_path / "j" / "notes.jsonl"))) == 5
    # a directory that already holds files is refused, and left as it was
    monkeypatch.setattr(sys, "argv", ["phiscrub", "synth", "--out", str(tmp_path / "s")])
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    assert "already exists" in capsys.readouterr().err
    assert len(list((tmp_path / "s").iterdir())) == 12


def test_detect_writes_the_notes_unchanged_with_detected_spans(tmp_path, monkeypatch, capsys):
    text = "Patient: Mojisola Adeyemi\nSeen 03/14/2091 by Dr. Okafor; call 617-555-0134."
    write_corpus([Document("n1", text)], tmp_path / "in", "brat")
    monkeypatch.setattr(
        sys,
        "argv",
        ["phiscrub", "detect", str(tmp_path / "in"), str(tmp_path / "out"), "--format", "jsonl"],
    )
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 0
    (doc,) = read_corpus(tmp_path / "out" / "notes.jsonl")
    assert doc.text == text
    assert [(text[s.start : s.end], s.label) for s in doc.spans] == [
        ("Mojisola Adeyemi", "PATIENT"),
        ("03/14/2091", "DATE"),
        ("Okafor", "DOCTOR"),
        ("617-555-0134", "PHONE"),
    ]
    printed = capsys.readouterr()
    assert "annotated 1 documents" in printed.out
    assert "Mojisola" not in printed.out + printed.err and "Okafor" not in printed.out + printed.err


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


def test_train_pipeline_with_crf_and_neural_members(tmp_path):
    pytest.importorskip("torch")
    pytest.importorskip("sklearn")
    from tests.test_train_pipeline import _corpus

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
    from tests.test_train_pipeline import RECIPE, _corpus

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


def test_deid_reports_left_out_entries_and_says_whether_ids_were_kept(
    monkeypatch, capsys, tmp_path
):
    text = "Zebulon Quixotee seen 03/14/2091."
    doc = Document("Quixotee-8675309", text, (Span(0, 16, "PATIENT"), Span(22, 32, "DATE")))
    write_corpus([doc], tmp_path / "in", "i2b2")
    (tmp_path / "in" / "link.xml").symlink_to(tmp_path / "nowhere.xml")
    key = tmp_path / "key"
    key.write_text("cli-test-key-0123456789")
    args = ["deid", str(tmp_path / "in"), "--pipeline", "gold", "--key-file", str(key)]
    code, out, err = run_main(monkeypatch, capsys, *args[:2], str(tmp_path / "a"), *args[2:])
    assert code == 0
    assert "document ids (file names) were kept as they are" in out
    assert "input entries left out: 1" in err and "link.xml: dangling link" in err
    code, out, err = run_main(
        monkeypatch, capsys, *args[:2], str(tmp_path / "b"), *args[2:], "--pseudonymize-ids"
    )
    assert code == 0 and f"the id map is {tmp_path / 'b.ids.csv'}" in out
    (note,) = list((tmp_path / "b").glob("*.xml"))
    assert note.name.startswith("doc-")
    assert "Zebulon" not in out + err and "Quixotee" not in out + err + note.read_text()


@pytest.mark.parametrize("command", ["detect", "deid"])
def test_detect_and_deid_set_torch_threads(tmp_path, monkeypatch, command):
    torch = pytest.importorskip("torch")
    calls = []
    monkeypatch.setattr(torch, "set_num_threads", calls.append)
    write_corpus([Document("a", "Seen by Dr. Okafor.")], tmp_path / "in.jsonl", "jsonl")
    args = [command, str(tmp_path / "in.jsonl"), str(tmp_path / "out"), "--pipeline", "rules"]
    result = runner.invoke(app, [*args, "--format", "jsonl", "--threads", "3"])
    assert result.exit_code == 0, result.output
    assert calls == [3]
    result = runner.invoke(app, [*args[:2], str(tmp_path / "out2"), *args[3:]])
    assert result.exit_code == 0, result.output
    assert calls == [3, 1]  # one thread unless told otherwise
