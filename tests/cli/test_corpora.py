"""evaluate, convert, stats and synth from the command line."""

import json
import sys

import pytest

from phiscrub.cli import app, main
from phiscrub.document import Document, Span
from phiscrub.io import read_corpus, write_corpus
from tests.cli.helpers import EXAMPLES, run_main, runner


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
    import phiscrub.cli.corpora as cli

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
