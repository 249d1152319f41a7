import json
import shutil

import pytest

pytest.importorskip("torch")
pytest.importorskip("tokenizers")

from phiscrub.detect.encoder.model_dir import (
    MODEL_FILE,
    read_base,
    read_manifest,
)
from phiscrub.detect.encoder.tagger import EncoderDetector
from phiscrub.detect.encoder.trainer import FineTuneSettings, fine_tune, tag_set
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError, FormatError

TEXT = "Seen by Dr. Ann Lee on Monday in Boston."


def _notes(count: int, repeat: int = 1) -> list[Document]:
    """``TEXT`` repeated (space-separated) ``repeat`` times, with its spans."""
    step = len(TEXT) + 1
    spans = [
        Span(k * step + start, k * step + end, label)
        for k in range(repeat)
        for start, end, label in ((12, 19, "DOCTOR"), (23, 29, "DATE"), (33, 39, "CITY"))
    ]
    return [Document(f"n{k}", " ".join([TEXT] * repeat), spans) for k in range(count)]


@pytest.fixture(scope="module")
def trained(module_base):
    out = module_base.parent / "model"
    return out, _train(module_base, out)


def _train(tiny_base, out):
    """Windows of 16 pieces over notes of 12 and 72 pieces."""
    settings = FineTuneSettings(
        epochs=25, learning_rate=3e-3, batch_size=4, window=16, overlap=4, warmup=0.0
    )
    return fine_tune(_notes(12) + _notes(6, 6), _notes(2), tiny_base, out, settings)


def test_fine_tuning_learns_the_spans_and_writes_a_model_directory(trained):
    model, report = trained
    assert report.documents == 18 and report.tags == 7
    assert report.epochs[report.best_epoch - 1].dev_f1 == 1.0
    manifest = read_manifest(model)
    assert manifest.tags == ["O", "B-CITY", "I-CITY", "B-DATE", "I-DATE", "B-DOCTOR", "I-DOCTOR"]
    assert (manifest.cls_id, manifest.sep_id, manifest.pad_id) == (2, 3, 0)
    found = EncoderDetector(model, name="enc").detect(Document("x", TEXT))
    assert [(s.start, s.end, s.label, s.source) for s in found] == [
        (12, 19, "DOCTOR", "enc"),
        (23, 29, "DATE", "enc"),
        (33, 39, "CITY", "enc"),
    ]


def test_a_note_longer_than_a_window_is_tagged_through_overlapping_windows(trained):
    detector = EncoderDetector(trained[0])
    long = Document("long", " ".join([TEXT] * 6))  # 72 pieces, windows of 16
    found = detector.detect(long)
    step = len(TEXT) + 1
    assert [(s.start, s.label) for s in found] == [
        (k * step + start, label)
        for k in range(6)
        for start, label in ((12, "DOCTOR"), (23, "DATE"), (33, "CITY"))
    ]
    assert detector.detect_many([long, Document("x", TEXT)])[0] == found


def test_tag_set_lists_outside_first_then_each_label_in_order():
    assert tag_set(_notes(1)) == [
        "O",
        "B-CITY",
        "I-CITY",
        "B-DATE",
        "I-DATE",
        "B-DOCTOR",
        "I-DOCTOR",
    ]


def test_a_base_without_bert_weights_is_refused(tiny_base):
    import torch
    from safetensors.torch import save_file

    save_file({"something": torch.zeros(2)}, str(tiny_base / "model.safetensors"))
    with pytest.raises(FormatError, match="not a BERT encoder's weights"):
        read_base(tiny_base, ["O"])


def test_a_manifest_of_another_format_is_refused(tmp_path):
    (tmp_path / MODEL_FILE).write_text(json.dumps({"format": "x"}))
    with pytest.raises(ConfigError, match="not a phiscrub encoder model"):
        EncoderDetector(tmp_path)


def test_shards_that_do_not_fit_the_model_are_named(trained, tmp_path):
    shutil.copytree(trained[0], tmp_path / "m")
    manifest = json.loads((tmp_path / "m" / MODEL_FILE).read_text())
    manifest["tags"] = ["O", "B-X", "I-X"]
    (tmp_path / "m" / MODEL_FILE).write_text(json.dumps(manifest))
    with pytest.raises(FormatError, match="weights do not fit the model"):
        EncoderDetector(tmp_path / "m").detect(Document("x", TEXT))
