"""deid and detect from the command line."""

import sys

import pytest

from phiscrub.cli import app, main
from phiscrub.document import Document, Span
from phiscrub.io import read_corpus, write_corpus
from tests.cli.helpers import run_main, runner


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


def test_jobs_run_one_thread_each(tmp_path):
    from phiscrub.errors import ConfigError

    write_corpus([Document("a", "Seen by Dr. Okafor.")], tmp_path / "in.jsonl", "jsonl")
    args = ["detect", str(tmp_path / "in.jsonl"), str(tmp_path / "out"), "--pipeline", "rules"]
    result = runner.invoke(app, [*args, "--jobs", "2", "--threads", "2"])
    assert isinstance(result.exception, ConfigError) and "--threads at 1" in str(result.exception)
    assert not (tmp_path / "out").exists()


def test_deid_with_the_spanish_pipeline_writes_spanish_surrogates(monkeypatch, capsys, tmp_path):
    text = (
        "Nombre: Lucía Fernández Gómez.\n"
        "Fecha de ingreso: 12/03/2019.\n"
        "Mujer de 54 años, natural de Sevilla.\n"
    )
    (tmp_path / "notas").mkdir()
    (tmp_path / "notas" / "n1.txt").write_text(text, encoding="utf-8")
    key = tmp_path / "key"
    key.write_text("cli-test-key-0123456789")
    args = ["deid", str(tmp_path / "notas"), str(tmp_path / "out"), "--pipeline", "default-es"]
    code, out, err = run_main(monkeypatch, capsys, *args, "--key-file", str(key))
    assert code == 0
    (note,) = read_corpus(tmp_path / "out")
    lines = note.text.splitlines()
    assert lines[0].startswith("Nombre: ") and "Lucía" not in lines[0]
    assert "Fernández" not in note.text and "Sevilla" not in note.text
    date = lines[1].removeprefix("Fecha de ingreso: ").rstrip(".")
    day, month, year = date.split("/")  # shifted, in the same day-first form
    assert day != "12" and month.lstrip("0") != "3" and year != "2019" and len(year) == 4
    sex = lines[2].split(" de ")[0]
    assert sex in ("Mujer", "Varón")  # a Spanish sex word, not random letters
    assert "Lucía" not in out + err and "Sevilla" not in out + err
